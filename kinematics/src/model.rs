//! The immutable [`Model`]: links, joints, frames, and the configuration layout.

use std::collections::HashMap;

use nalgebra::{DVector, Isometry3, Vector3};

/// Standard gravity (m/s²), pulling along the world's −z.
pub const STANDARD_GRAVITY: f64 = 9.81;

use crate::error::check_all_finite;
use crate::geom_info::{CollisionFilter, GeomInfo, geoms_from_links};
use crate::limits::MAX_JOINT_VALUE;
use crate::{
    Frame, FrameId, Joint, JointId, JointKey, JointKind, KinematicsError, Link, LinkId, Result,
};

/// Pieces assembled by the [`ModelBuilder`](crate::ModelBuilder).
pub(crate) struct ModelParts {
    pub name: String,
    pub links: Vec<Link>,
    pub joints: Vec<Joint>,
    pub frames: Vec<Frame>,
}

/// A kinematic tree: links joined by joints, plus named frames. Immutable once built.
///
/// # Configuration layout
/// A configuration vector `q` has [`nq`](Model::nq) values. Joints are stored depth first from
/// the root link (children in the order they were declared) and each joint that owns values
/// takes the next [`Joint::nq`] of them, starting at [`Joint::idx_q`]: one value for revolute,
/// continuous and prismatic joints, seven for a floating joint (x, y, z, then quaternion w, x,
/// y, z), four for a ball joint (quaternion w, x, y, z), none for fixed and mimic joints: MuJoCo's
/// `qpos` layout, named by [`coordinates`](Model::coordinates).
/// Velocity vectors (`nv` values, Jacobian columns, torques) follow the same order with six values
/// for a floating joint (linear velocity in the joint's origin frame, i.e. the time derivative of
/// its x, y, z, then angular velocity in the moving frame) and three for a ball joint (angular
/// velocity in the moving frame): MuJoCo's `qvel` layout, named by
/// [`velocity_names`](Model::velocity_names). [`configuration_layout`](Model::configuration_layout) lists it.
///
/// Build one with [`ModelBuilder`](crate::ModelBuilder), [`ChainBuilder`](crate::ChainBuilder)
/// or [`urdf::load_file`](crate::urdf::load_file); evaluate it with a [`Data`](crate::Data).
#[derive(Clone, Debug)]
pub struct Model {
    /// Identifies the model (and its clones) so that solvers built for it can tell.
    id: u64,
    name: String,
    links: Vec<Link>,
    joints: Vec<Joint>,
    frames: Vec<Frame>,
    nq: usize,
    nv: usize,
    link_by_name: HashMap<String, usize>,
    joint_by_name: HashMap<String, usize>,
    frame_by_name: HashMap<String, usize>,
    /// For each joint, the nearest link above it placed by a moving joint (or the root) and
    /// the joint frame's pose in that link: runs of fixed joints composed once.
    folded_origin: Vec<(usize, Isometry3<f64>)>,
    /// For each link, the nearest link at or above it placed by a moving joint (or the root)
    /// and the link's pose in that link.
    anchor: Vec<(usize, Isometry3<f64>)>,
    total_mass: f64,
    lower: Vec<f64>,
    upper: Vec<f64>,
    geoms: Vec<GeomInfo>,
    collision_filter: CollisionFilter,
    bodies: Vec<LinkId>,
    reference: DVector<f64>,
    load_warnings: Vec<String>,
    gravity: Vector3<f64>,
}

/// One row of [`Model::configuration_layout`].
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutEntry {
    /// Joint name.
    pub joint: String,
    /// Joint kind.
    pub kind: JointKind,
    /// First configuration index.
    pub idx_q: usize,
    /// Number of configuration values.
    pub nq: usize,
    /// First velocity index.
    pub idx_v: usize,
    /// Number of velocity values.
    pub nv: usize,
}

impl Model {
    pub(crate) fn from_parts(parts: ModelParts) -> Model {
        let ModelParts {
            name,
            links,
            joints,
            frames,
        } = parts;
        let nq = joints.iter().map(Joint::nq).sum();
        let nv = joints.iter().map(Joint::nv).sum();
        let mut anchor = vec![(0, Isometry3::identity()); links.len()];
        let mut folded_origin = Vec::with_capacity(joints.len());
        for joint in &joints {
            let (base, base_from_parent) = anchor[joint.parent_link.0];
            let origin = base_from_parent * joint.parent_from_joint;
            folded_origin.push((base, origin));
            anchor[joint.child_link.0] = if joint.is_moving() {
                (joint.child_link.0, Isometry3::identity())
            } else {
                (base, origin)
            };
        }
        let mut lower = vec![f64::NEG_INFINITY; nq];
        let mut upper = vec![f64::INFINITY; nq];
        for joint in &joints {
            match joint.kind {
                JointKind::Floating if joint.nq() == 7 => {
                    for i in 3..7 {
                        lower[joint.idx_q + i] = -1.0;
                        upper[joint.idx_q + i] = 1.0;
                    }
                }
                JointKind::Ball => {
                    for i in 0..4 {
                        lower[joint.idx_q + i] = -1.0;
                        upper[joint.idx_q + i] = 1.0;
                    }
                }
                _ if joint.nq() == 1 => {
                    lower[joint.idx_q] = joint.limits.lower;
                    upper[joint.idx_q] = joint.limits.upper;
                }
                _ => {}
            }
        }
        let total_mass = links.iter().map(|l| l.inertial.mass).sum();
        let index = |names: Vec<&str>| {
            names
                .into_iter()
                .enumerate()
                .map(|(i, n)| (n.to_owned(), i))
                .collect()
        };
        static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let geoms = geoms_from_links(&links);
        let bodies = (0..links.len()).map(LinkId).collect();
        let mut reference = DVector::zeros(nq);
        for joint in &joints {
            if let Some(w) = joint.quaternion_w_index() {
                reference[w] = 1.0;
            }
        }
        Model {
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            link_by_name: index(links.iter().map(|l| l.name.as_str()).collect()),
            joint_by_name: index(joints.iter().map(|j| j.name.as_str()).collect()),
            frame_by_name: index(frames.iter().map(|f| f.name.as_str()).collect()),
            name,
            links,
            joints,
            frames,
            nq,
            nv,
            folded_origin,
            anchor,
            total_mass,
            lower,
            upper,
            geoms,
            collision_filter: CollisionFilter::default(),
            bodies,
            reference,
            load_warnings: Vec::new(),
            gravity: Vector3::new(0.0, 0.0, -STANDARD_GRAVITY),
        }
    }

    /// What the loader tolerated but a user should know (e.g. a URDF `<mimic>` it ignored,
    /// as Pinocchio does), one message per item naming the file and line; empty for most models.
    pub fn load_warnings(&self) -> &[String] {
        &self.load_warnings
    }

    /// Gravity (m/s², in the frame of the model's root): an MJCF model's `<option gravity>`
    /// (zero under `<flag gravity="disable"/>`), otherwise [`STANDARD_GRAVITY`] down −z. The
    /// dynamics starts from it ([`DynamicsData::new`](crate::DynamicsData::new)).
    pub fn gravity(&self) -> Vector3<f64> {
        self.gravity
    }

    /// Sets the model's gravity (the MJCF loader's `<option>`).
    pub(crate) fn set_gravity(&mut self, gravity: Vector3<f64>) {
        self.gravity = gravity;
    }

    /// Records the loader's warnings.
    pub(crate) fn set_load_warnings(&mut self, warnings: Vec<String>) {
        self.load_warnings = warnings;
    }

    /// Replaces the geom records, collision filter, body list and reference configuration
    /// (the MJCF loader's compiled view of the model).
    pub(crate) fn set_compiled_info(
        &mut self,
        geoms: Vec<GeomInfo>,
        collision_filter: CollisionFilter,
        bodies: Vec<LinkId>,
        reference: DVector<f64>,
    ) {
        self.geoms = geoms;
        self.collision_filter = collision_filter;
        self.bodies = bodies;
        self.reference = reference;
    }

    /// The geoms in model order (MuJoCo's order for MJCF models; each link's collision
    /// geometry, links in order, otherwise).
    pub fn geoms(&self) -> &[GeomInfo] {
        &self.geoms
    }

    /// Which geoms may collide (`contype`/`conaffinity` and excluded link pairs).
    pub fn collision_filter(&self) -> &CollisionFilter {
        &self.collision_filter
    }

    /// The links that stand for bodies, world (root) first: for MJCF models MuJoCo's bodies in
    /// MuJoCo's order (without the helper links that carry a body's extra joints), for other
    /// models every link.
    pub fn bodies(&self) -> &[LinkId] {
        &self.bodies
    }

    /// The nearest body above `link` (MuJoCo's parent body), skipping the helper links that
    /// carry a body's extra joints; `None` for the root.
    pub fn parent_body(&self, link: LinkId) -> Option<LinkId> {
        let parent_of = |l: LinkId| {
            self.links[l.0]
                .parent_joint
                .map(|j| self.joints[j.0].parent_link)
        };
        let mut parent = parent_of(link);
        while let Some(p) = parent.filter(|p| !self.bodies.contains(p)) {
            parent = parent_of(p);
        }
        parent
    }

    /// The link pairs whose contacts a scene mirroring this robot ignores, smaller index
    /// first, without repeats: each joint's parent and child link, each body and its parent
    /// body (across the helper links that carry a MuJoCo body's extra joints), and the pairs
    /// excluded by the model (MJCF `<contact><exclude>`).
    pub fn non_colliding_link_pairs(&self) -> Vec<(LinkId, LinkId)> {
        let ordered = |a: LinkId, b: LinkId| if a <= b { (a, b) } else { (b, a) };
        let mut pairs: Vec<(LinkId, LinkId)> = self
            .joints
            .iter()
            .map(|j| ordered(j.parent_link, j.child_link))
            .chain(
                self.bodies
                    .iter()
                    .filter_map(|&l| self.parent_body(l).map(|p| ordered(p, l))),
            )
            .chain(self.collision_filter.excluded.iter().copied())
            .filter(|(a, b)| a != b)
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// The configuration a model rests in before anything moves it: MuJoCo's `qpos0` (joint
    /// `ref` values, free bodies where the file puts them) for MJCF models, the
    /// [`neutral_configuration`](Model::neutral_configuration) otherwise.
    pub fn reference_configuration(&self) -> &DVector<f64> {
        &self.reference
    }

    /// A number that identifies this model and its clones within the process.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// The model's name (URDF `<robot name>`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Number of configuration values.
    pub fn nq(&self) -> usize {
        self.nq
    }
    /// Number of velocity values (columns of a Jacobian).
    pub fn nv(&self) -> usize {
        self.nv
    }
    /// All links, root first, depth first.
    pub fn links(&self) -> &[Link] {
        &self.links
    }
    /// All joints, depth first; joint `k` places link `k + 1`.
    pub fn joints(&self) -> &[Joint] {
        &self.joints
    }
    /// All frames: one per link (same index as the link), then the extra frames.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }
    /// The root link.
    pub fn root_link(&self) -> LinkId {
        LinkId(0)
    }
    /// Sum of all link masses (kg).
    pub fn total_mass(&self) -> f64 {
        self.total_mass
    }
    /// The link with this id.
    pub fn link(&self, id: LinkId) -> &Link {
        &self.links[id.0]
    }
    /// The joint with this id.
    pub fn joint(&self, id: JointId) -> &Joint {
        &self.joints[id.0]
    }
    /// The frame with this id.
    pub fn frame(&self, id: FrameId) -> &Frame {
        &self.frames[id.0]
    }

    /// Looks a link up by name.
    pub fn link_id(&self, name: &str) -> Result<LinkId> {
        self.link_by_name
            .get(name)
            .map(|&i| LinkId(i))
            .ok_or_else(|| {
                KinematicsError::unknown("link", name, self.links.iter().map(|l| l.name.as_str()))
            })
    }
    /// Looks a joint up by name.
    pub fn joint_id(&self, name: &str) -> Result<JointId> {
        self.joint_by_name
            .get(name)
            .map(|&i| JointId(i))
            .ok_or_else(|| {
                KinematicsError::unknown("joint", name, self.joints.iter().map(|j| j.name.as_str()))
            })
    }
    /// Looks a frame (a link's or an extra one) up by name.
    pub fn frame_id(&self, name: &str) -> Result<FrameId> {
        self.frame_by_name
            .get(name)
            .map(|&i| FrameId(i))
            .ok_or_else(|| {
                KinematicsError::unknown("frame", name, self.frames.iter().map(|f| f.name.as_str()))
            })
    }

    /// The joints from the root down to `link` (fixed ones included), root first.
    ///
    /// Paths are walked up the tree when asked for, not stored: storing every link's path
    /// would take memory quadratic in the depth of the tree (a long chain).
    pub fn joint_path(&self, link: LinkId) -> Vec<JointId> {
        let mut path: Vec<JointId> = self.joints_upward(link).collect();
        path.reverse();
        path
    }
    /// The moving (non-fixed) joints from the root down to `link`, root first.
    pub fn moving_joint_path(&self, link: LinkId) -> Vec<JointId> {
        let mut path: Vec<JointId> = self.moving_joints_upward(link).collect();
        path.reverse();
        path
    }
    /// The joints from `link` up to the root (fixed ones included), nearest first.
    pub fn joints_upward(&self, link: LinkId) -> impl Iterator<Item = JointId> + '_ {
        let mut next = self.links.get(link.0).and_then(|l| l.parent_joint);
        std::iter::from_fn(move || {
            let j = next?;
            next = self.links[self.joints[j.0].parent_link.0].parent_joint;
            Some(j)
        })
    }
    /// The moving (non-fixed) joints from `link` up to the root, nearest first: each one
    /// places its link's anchor (runs of fixed joints are skipped without being visited).
    pub fn moving_joints_upward(&self, link: LinkId) -> impl Iterator<Item = JointId> + '_ {
        let first = self.anchor.get(link.0).map(|a| a.0);
        let mut next = first.and_then(|a| self.links[a].parent_joint);
        std::iter::from_fn(move || {
            let j = next?;
            next = self.links[self.folded_origin[j.0].0].parent_joint;
            Some(j)
        })
    }

    /// For a joint: the link its folded origin is expressed in, and that origin (the fixed
    /// joints between that link and the joint composed with the joint's own origin).
    pub(crate) fn folded_origin(&self, joint: JointId) -> &(usize, Isometry3<f64>) {
        &self.folded_origin[joint.0]
    }

    /// The world rotation of `joint`'s frame at zero motion (the frame a floating joint's
    /// position and linear velocity are expressed in), from link placements in which the
    /// moving links above the joint are current.
    #[inline]
    pub(crate) fn joint_origin_rotation(
        &self,
        joint: JointId,
        world_from_link: &[Isometry3<f64>],
    ) -> nalgebra::UnitQuaternion<f64> {
        let (base, origin) = &self.folded_origin[joint.0];
        world_from_link[*base].rotation * origin.rotation
    }

    /// For a link: the nearest link at or above it that a moving joint places (or the root),
    /// and the link's fixed pose in that link.
    pub(crate) fn anchor(&self, link: LinkId) -> &(usize, Isometry3<f64>) {
        &self.anchor[link.0]
    }

    /// Lower position limit of every configuration value (`-inf` when unlimited; -1 for quaternion values).
    pub fn lower_limits(&self) -> &[f64] {
        &self.lower
    }
    /// Upper position limit of every configuration value (`inf` when unlimited; 1 for quaternion values).
    pub fn upper_limits(&self) -> &[f64] {
        &self.upper
    }

    /// The joints that own configuration values, with their indices, in order.
    pub fn configuration_layout(&self) -> Vec<LayoutEntry> {
        self.joints
            .iter()
            .filter(|j| j.nq() > 0)
            .map(|j| LayoutEntry {
                joint: j.name.clone(),
                kind: j.kind,
                idx_q: j.idx_q,
                nq: j.nq(),
                idx_v: j.idx_v,
                nv: j.nv(),
            })
            .collect()
    }

    /// Names of the joints that own exactly one configuration value, in configuration order
    /// (floating, fixed and mimic joints are left out).
    pub fn scalar_joint_names(&self) -> Vec<&str> {
        self.joints
            .iter()
            .filter(|j| j.nq() == 1)
            .map(|j| j.name.as_str())
            .collect()
    }

    /// The neutral configuration: zero for every one-value joint, identity pose for floating
    /// and ball joints.
    pub fn neutral_configuration(&self) -> DVector<f64> {
        let mut q = DVector::zeros(self.nq);
        for joint in &self.joints {
            if let Some(w) = joint.quaternion_w_index() {
                q[w] = 1.0;
            }
        }
        q
    }

    /// The middle of the limits for every limited one-value joint, neutral values elsewhere.
    pub fn mid_configuration(&self) -> DVector<f64> {
        let mut q = self.neutral_configuration();
        for joint in self.joints.iter().filter(|j| j.nq() == 1) {
            let l = &joint.limits;
            if l.lower.is_finite() && l.upper.is_finite() {
                q[joint.idx_q] = 0.5 * (l.lower + l.upper);
            }
        }
        q
    }

    /// Checks the length and finiteness of a configuration, and that floating- and ball-joint
    /// quaternions are not zero.
    pub fn check_configuration(&self, q: &[f64]) -> Result<()> {
        if q.len() != self.nq {
            return Err(KinematicsError::WrongLength {
                what: "configuration",
                expected: self.nq,
                got: q.len(),
            });
        }
        check_all_finite("configuration", q)?;
        self.check_configuration_range(q)?;
        for joint in &self.joints {
            let Some(w) = joint.quaternion_w_index() else {
                continue;
            };
            if is_zero_quaternion(&q[w..w + 4]) {
                return Err(KinematicsError::invalid(
                    format!(
                        "quaternion of {} joint \"{}\"",
                        joint.kind.name(),
                        joint.name
                    ),
                    "it is zero; give a unit quaternion w, x, y, z such as 1, 0, 0, 0",
                ));
            }
        }
        Ok(())
    }

    /// Checks that every configuration value, and every joint position after its mimic
    /// relation, is within ±[`MAX_JOINT_VALUE`].
    fn check_configuration_range(&self, q: &[f64]) -> Result<()> {
        for joint in &self.joints {
            let own = joint.idx_q..joint.idx_q + joint.nq();
            if let Some(i) = own.clone().find(|&i| q[i].abs() > MAX_JOINT_VALUE) {
                return Err(joint_value_out_of_range(
                    joint,
                    &format!("configuration[{i}]"),
                    q[i],
                ));
            }
            match (joint.mimic(), joint.position(q)) {
                (Some(_), Some(p)) if p.is_nan() || p.abs() > MAX_JOINT_VALUE => {
                    return Err(joint_value_out_of_range(
                        joint,
                        "position (mimic applied)",
                        p,
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Checks the length and finiteness of a velocity-sized vector.
    pub fn check_velocity(&self, v: &[f64]) -> Result<()> {
        if v.len() != self.nv {
            return Err(KinematicsError::WrongLength {
                what: "velocity vector",
                expected: self.nv,
                got: v.len(),
            });
        }
        check_all_finite("velocity vector", v)
    }

    /// The scalar position of a one-value joint (mimic joints included) in `q`.
    pub fn joint_position(&self, q: &[f64], joint: impl JointKey) -> Result<f64> {
        let id = joint.joint_id(self)?;
        if q.len() != self.nq {
            return Err(KinematicsError::WrongLength {
                what: "configuration",
                expected: self.nq,
                got: q.len(),
            });
        }
        let joint = &self.joints[id.0];
        joint
            .position(q)
            .ok_or_else(|| KinematicsError::WrongJointType {
                joint: joint.name.clone(),
                expected: "revolute, continuous or prismatic",
                actual: joint.kind.name(),
                operation: "reading a scalar joint position",
            })
    }

    /// Sets the scalar position of a joint that owns one configuration value.
    pub fn set_joint_position(
        &self,
        q: &mut [f64],
        joint: impl JointKey,
        value: f64,
    ) -> Result<()> {
        let id = joint.joint_id(self)?;
        if q.len() != self.nq {
            return Err(KinematicsError::WrongLength {
                what: "configuration",
                expected: self.nq,
                got: q.len(),
            });
        }
        let joint = &self.joints[id.0];
        if joint.nq() != 1 {
            return Err(KinematicsError::WrongJointType {
                joint: joint.name.clone(),
                expected: "revolute, continuous or prismatic (not mimic)",
                actual: if joint.mimic.is_some() {
                    "a mimic joint"
                } else {
                    joint.kind.name()
                },
                operation: "setting a joint position",
            });
        }
        crate::error::check_finite(|| format!("position of joint \"{}\"", joint.name), value)?;
        q[joint.idx_q] = value;
        Ok(())
    }

    /// A configuration with the named one-value joints set, and neutral values elsewhere.
    pub fn configuration_from_names<K: JointKey>(
        &self,
        values: &[(K, f64)],
    ) -> Result<DVector<f64>> {
        let mut q = self.neutral_configuration();
        for (key, value) in values {
            self.set_joint_position(q.as_mut_slice(), key.joint_id(self)?, *value)?;
        }
        Ok(q)
    }

    /// True when every one-value joint of `q` is within its limits (with slack `tolerance`).
    pub fn within_limits(&self, q: &[f64], tolerance: f64) -> bool {
        q.len() == self.nq
            && self.joints.iter().filter(|j| j.nq() == 1).all(|j| {
                let v = q[j.idx_q];
                v >= j.limits.lower - tolerance && v <= j.limits.upper + tolerance
            })
    }

    /// Moves every one-value joint of `q` into its limits.
    pub fn clamp_configuration(&self, q: &mut [f64]) {
        for j in self.joints.iter().filter(|j| j.nq() == 1) {
            q[j.idx_q] = j.limits.clamp(q[j.idx_q]);
        }
    }
}

/// The error for a configuration value of `joint` beyond ±[`MAX_JOINT_VALUE`].
fn joint_value_out_of_range(joint: &Joint, what: &str, value: f64) -> KinematicsError {
    let unit = match joint.kind {
        JointKind::Prismatic => " m",
        JointKind::Revolute | JointKind::Continuous => " rad",
        _ => "",
    };
    KinematicsError::invalid(
        format!("{what} of {} joint \"{}\"", joint.kind.name(), joint.name),
        format!(
            "{value:e}{unit} is outside ±{MAX_JOINT_VALUE:e} (Morsel's range for joint values)"
        ),
    )
}

/// Whether four quaternion values (in either order) are too close to zero to normalise.
pub(crate) fn is_zero_quaternion(q: &[f64]) -> bool {
    q.iter().map(|v| v * v).sum::<f64>() < 1e-12
}
