//! The moving bodies of a [`Model`] as the dynamics algorithms walk them.
//!
//! Each moving joint places one body: its child link and every link fixed to it (runs of fixed
//! joints folded in, their inertias summed in the child link's frame). Links fixed to the root
//! move with the world and take no part. Bodies come in model order, so a parent precedes its
//! children.

use nalgebra::{Isometry3, Matrix3, Vector3};

use super::spatial::{Inertia, Placement};
use crate::{JointId, JointKind, Model};

/// Marks a body whose parent is the world.
pub(crate) const WORLD: usize = usize::MAX;

/// How a body's joint moves it, with the axis in the joint frame for one-value joints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Motion {
    Revolute(Vector3<f64>),
    Prismatic(Vector3<f64>),
    Ball,
    Floating,
}

/// One moving body.
#[derive(Clone, Debug)]
pub(crate) struct Body {
    /// The joint that places the body.
    pub joint: JointId,
    /// The parent body, or [`WORLD`].
    pub parent: usize,
    pub motion: Motion,
    /// The joint frame at zero motion in the parent body's frame (or the world's).
    pub origin: Placement,
    /// First configuration index the joint reads (the followed joint's, for a mimic joint).
    pub idx_q: usize,
    /// First velocity index (the followed joint's, for a mimic joint).
    pub idx_v: usize,
    /// Velocity values the joint owns or follows (1, 3 or 6).
    pub nv: usize,
    /// 1, or a mimic joint's multiplier.
    pub multiplier: f64,
    /// 0, or a mimic joint's offset.
    pub offset: f64,
    /// The body's inertia about its own origin, in its own frame.
    pub inertia: Inertia,
    /// A revolute joint whose axis is `sign · e_k` (a frame axis, as most URDF and MJCF
    /// joints): `(k, sign)`, so that its rotation turns two columns instead of a full product.
    pub aligned: Option<(usize, f64)>,
}

/// The moving bodies of a model and what the algorithms need to know about them.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub bodies: Vec<Body>,
    /// Armature (reflected rotor inertia) per velocity index, added to the mass matrix's
    /// diagonal.
    pub armature: Vec<f64>,
    /// The body placed by each link's anchor joint, or [`WORLD`] for links fixed to the root.
    pub body_of_link: Vec<usize>,
    /// Each link's pose in its body's frame (in the world for links fixed to the root).
    pub link_in_body: Vec<Isometry3<f64>>,
    /// Whether some joint follows another (then the tree is not a plain chain of independent
    /// joints and ABA gives way to a factorised mass matrix).
    pub has_mimic: bool,
    /// The first joint, in model order, whose moving subtree has neither mass nor inertia,
    /// so that the mass matrix is singular.
    pub massless_joint: Option<JointId>,
    /// The floating and ball joints: the index of each quaternion's `w` in a configuration.
    pub quaternions: Vec<(JointId, usize)>,
    /// Total mass of the moving bodies and of the links fixed to the root.
    pub total_mass: f64,
    /// Inertia of the links fixed to the root, about the world origin.
    pub fixed_inertia: Inertia,
    pub nq: usize,
    pub nv: usize,
}

impl Tree {
    pub fn new(model: &Model) -> Tree {
        let mut body_of_joint = vec![WORLD; model.joints().len()];
        let mut bodies: Vec<Body> = Vec::new();
        for (j, joint) in model.joints().iter().enumerate() {
            let id = JointId(j);
            if !joint.is_moving() {
                continue;
            }
            let (base, origin) = model.folded_origin(id);
            let parent = model
                .link(crate::LinkId(*base))
                .parent_joint()
                .map_or(WORLD, |pj| body_of_joint[pj.index()]);
            let axis = joint.axis().into_inner();
            let motion = match joint.kind() {
                JointKind::Revolute | JointKind::Continuous => Motion::Revolute(axis),
                JointKind::Prismatic => Motion::Prismatic(axis),
                JointKind::Ball => Motion::Ball,
                JointKind::Floating => Motion::Floating,
                JointKind::Fixed => continue,
            };
            let (idx_q, idx_v, multiplier, offset) = match (joint.mimic(), joint.source) {
                (Some(_), Some(s)) => (s.idx_q, s.idx_v, s.multiplier, s.offset),
                _ => (joint.idx_q(), joint.idx_v(), 1.0, 0.0),
            };
            body_of_joint[j] = bodies.len();
            bodies.push(Body {
                joint: id,
                parent,
                motion,
                origin: placement(origin),
                idx_q,
                idx_v,
                nv: joint.kind().nv(),
                multiplier,
                offset,
                inertia: Inertia::ZERO,
                aligned: match motion {
                    Motion::Revolute(a) => aligned_axis(&a),
                    _ => None,
                },
            });
        }
        let mut body_of_link = vec![WORLD; model.links().len()];
        let mut link_in_body = vec![Isometry3::identity(); model.links().len()];
        let mut fixed_inertia = Inertia::ZERO;
        let mut total_mass = 0.0;
        for (l, link) in model.links().iter().enumerate() {
            let (anchor, anchor_from_link) = model.anchor(crate::LinkId(l));
            let body = model
                .link(crate::LinkId(*anchor))
                .parent_joint()
                .map_or(WORLD, |pj| body_of_joint[pj.index()]);
            body_of_link[l] = body;
            link_in_body[l] = *anchor_from_link;
            let inertial = link.inertial();
            total_mass += inertial.mass;
            let own = Inertia::from_com(inertial.mass, &inertial.com.coords, &inertial.inertia)
                .expressed_in_parent(&placement(anchor_from_link));
            if body == WORLD {
                fixed_inertia = fixed_inertia.add(&own);
            } else {
                bodies[body].inertia = bodies[body].inertia.add(&own);
            }
        }
        let has_mimic = model.joints().iter().any(|j| j.mimic().is_some());
        let mut armature = vec![0.0; model.nv()];
        for joint in model.joints() {
            for k in 0..joint.nv() {
                armature[joint.idx_v() + k] = joint.armature();
            }
        }
        let massless_joint = massless_joint(&bodies, &armature);
        let quaternions = model
            .joints()
            .iter()
            .enumerate()
            .filter_map(|(j, joint)| joint.quaternion_w_index().map(|w| (JointId(j), w)))
            .collect();
        Tree {
            bodies,
            armature,
            body_of_link,
            link_in_body,
            has_mimic,
            massless_joint,
            quaternions,
            total_mass,
            fixed_inertia,
            nq: model.nq(),
            nv: model.nv(),
        }
    }
}

/// The first body (in model order) that owns velocity values and whose subtree carries no
/// mass, no rotational inertia and no armature: nothing resists its motion.
fn massless_joint(bodies: &[Body], armature: &[f64]) -> Option<JointId> {
    let mut carried = vec![0.0; bodies.len()];
    for (i, b) in bodies.iter().enumerate().rev() {
        carried[i] += b.inertia.m + b.inertia.i.abs().sum();
        if b.parent != WORLD {
            carried[b.parent] += carried[i];
        }
    }
    bodies.iter().enumerate().find_map(|(i, b)| {
        let own = b.multiplier == 1.0 && b.offset == 0.0;
        let rotor: f64 = armature[b.idx_v..b.idx_v + b.nv].iter().sum();
        (own && carried[i] == 0.0 && rotor == 0.0).then_some(b.joint)
    })
}

/// `(k, ±1)` when `axis` is exactly `±e_k`.
fn aligned_axis(axis: &Vector3<f64>) -> Option<(usize, f64)> {
    (0..3).find_map(|k| {
        let others_zero = (0..3).all(|j| j == k || axis[j] == 0.0);
        (others_zero && axis[k].abs() == 1.0).then_some((k, axis[k]))
    })
}

/// An isometry as a rotation matrix and translation.
pub(crate) fn placement(iso: &Isometry3<f64>) -> Placement {
    Placement {
        r: *iso.rotation.to_rotation_matrix().matrix(),
        t: iso.translation.vector,
    }
}

/// The rotation matrix of a unit quaternion given as `w, x, y, z` (normalised here).
#[inline(always)]
pub(crate) fn quaternion_matrix(wxyz: &[f64]) -> Matrix3<f64> {
    let n = (wxyz[0] * wxyz[0] + wxyz[1] * wxyz[1] + wxyz[2] * wxyz[2] + wxyz[3] * wxyz[3]).sqrt();
    let (w, x, y, z) = (wxyz[0] / n, wxyz[1] / n, wxyz[2] / n, wxyz[3] / n);
    let (xx, yy, zz) = (x * x, y * y, z * z);
    let (xy, xz, yz) = (x * y, x * z, y * z);
    let (wx, wy, wz) = (w * x, w * y, w * z);
    Matrix3::new(
        1.0 - 2.0 * (yy + zz),
        2.0 * (xy - wz),
        2.0 * (xz + wy),
        2.0 * (xy + wz),
        1.0 - 2.0 * (xx + zz),
        2.0 * (yz - wx),
        2.0 * (xz - wy),
        2.0 * (yz + wx),
        1.0 - 2.0 * (xx + yy),
    )
}

/// The rotation matrix of angle `angle` about unit `axis` (Rodrigues).
#[inline(always)]
pub(crate) fn axis_angle_matrix(axis: &Vector3<f64>, angle: f64) -> Matrix3<f64> {
    let (s, c) = angle.sin_cos();
    let t = 1.0 - c;
    let (x, y, z) = (axis.x, axis.y, axis.z);
    Matrix3::new(
        t * x * x + c,
        t * x * y - s * z,
        t * x * z + s * y,
        t * x * y + s * z,
        t * y * y + c,
        t * y * z - s * x,
        t * x * z - s * y,
        t * y * z + s * x,
        t * z * z + c,
    )
}
