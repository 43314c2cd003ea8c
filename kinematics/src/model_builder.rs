//! Building a [`Model`] from link, joint and frame descriptions, with validation.

use std::collections::HashMap;

use nalgebra::{Isometry3, Unit, Vector3};

use crate::error::{check_all_finite, check_finite};
use crate::joint::ValueSource;
use crate::joint_spec::JointSpec;
use crate::limits::{MAX_INERTIA, MAX_MASS};
use crate::model::ModelParts;
use crate::{
    Frame, Joint, JointId, JointKind, JointLimits, KinematicsError, Link, LinkId, LinkSpec, Mimic,
    Model, Result,
};

/// Collects links, joints and frames, then checks them and builds a [`Model`].
///
/// Links are reordered depth first from the root (children in the order their joints were
/// added); configuration values follow that joint order.
#[derive(Clone, Debug, Default)]
pub struct ModelBuilder {
    name: String,
    links: Vec<LinkSpec>,
    joints: Vec<JointSpec>,
    frames: Vec<(String, String, Isometry3<f64>)>,
}

impl ModelBuilder {
    /// An empty builder for a model called `name`.
    pub fn new(name: impl Into<String>) -> Self {
        ModelBuilder {
            name: name.into(),
            ..ModelBuilder::default()
        }
    }

    /// Adds a link.
    pub fn add_link(&mut self, link: LinkSpec) -> &mut Self {
        self.links.push(link);
        self
    }

    /// Adds a joint.
    pub fn add_joint(&mut self, joint: JointSpec) -> &mut Self {
        self.joints.push(joint);
        self
    }

    /// Adds a named frame fixed to `link` at `link_from_frame`.
    pub fn add_frame(
        &mut self,
        name: impl Into<String>,
        link: impl Into<String>,
        link_from_frame: Isometry3<f64>,
    ) -> &mut Self {
        self.frames
            .push((name.into(), link.into(), link_from_frame));
        self
    }

    /// Checks the description and builds the model.
    pub fn build(&self) -> Result<Model> {
        self.build_until(morsel_geometry::stop::NEVER)
    }

    /// [`build`](Self::build), ending with [`KinematicsError::Stopped`] between its steps
    /// when `stop` asks to.
    pub fn build_until(&self, stop: &dyn morsel_geometry::Stop) -> Result<Model> {
        crate::load_stop::check(stop)?;
        if self.links.is_empty() {
            return Err(KinematicsError::InvalidModel(
                "a model needs at least one link".into(),
            ));
        }
        let link_by_name = unique_names("link", self.links.iter().map(|l| l.name.as_str()))?;
        unique_names("joint", self.joints.iter().map(|j| j.name.as_str()))?;
        for link in &self.links {
            check_inertial(link)?;
        }
        // Parent joint of each (input) link, and the children of each link.
        let mut parent_joint: Vec<Option<usize>> = vec![None; self.links.len()];
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); self.links.len()];
        for (j, spec) in self.joints.iter().enumerate() {
            check_joint_values(spec)?;
            let parent = *link_by_name.get(spec.parent.as_str()).ok_or_else(|| {
                KinematicsError::InvalidModel(format!(
                    "joint \"{}\" names parent link \"{}\", which is not defined",
                    spec.name, spec.parent
                ))
            })?;
            let child = *link_by_name.get(spec.child.as_str()).ok_or_else(|| {
                KinematicsError::InvalidModel(format!(
                    "joint \"{}\" names child link \"{}\", which is not defined",
                    spec.name, spec.child
                ))
            })?;
            if let Some(other) = parent_joint[child] {
                return Err(KinematicsError::InvalidModel(format!(
                    "link \"{}\" is the child of two joints (\"{}\" and \"{}\"); a link has one parent joint",
                    spec.child, self.joints[other].name, spec.name
                )));
            }
            parent_joint[child] = Some(j);
            children[parent].push(j);
        }
        crate::load_stop::check(stop)?;
        let roots: Vec<usize> = (0..self.links.len())
            .filter(|&l| parent_joint[l].is_none())
            .collect();
        let root = match roots.as_slice() {
            [root] => *root,
            [] => {
                return Err(KinematicsError::InvalidModel(
                    "every link has a parent joint, so the joints form a loop; one link must be the root".into(),
                ));
            }
            many => {
                let names: Vec<&str> = many.iter().map(|&l| self.links[l].name.as_str()).collect();
                return Err(KinematicsError::InvalidModel(format!(
                    "the model has {} root links ({}); connect them with joints so that exactly one link has no parent",
                    names.len(),
                    names.join(", ")
                )));
            }
        };
        // Depth-first order from the root.
        let mut link_order = Vec::with_capacity(self.links.len());
        let mut joint_order = Vec::with_capacity(self.joints.len());
        let mut stack = vec![root];
        while let Some(l) = stack.pop() {
            link_order.push(l);
            for &j in children[l].iter().rev() {
                let child = link_by_name[self.joints[j].child.as_str()];
                stack.push(child);
            }
            if let Some(j) = parent_joint[l] {
                joint_order.push(j);
            }
        }
        if link_order.len() != self.links.len() {
            let unreachable: Vec<&str> = (0..self.links.len())
                .filter(|l| !link_order.contains(l))
                .map(|l| self.links[l].name.as_str())
                .collect();
            return Err(KinematicsError::InvalidModel(format!(
                "links {} form a loop not connected to root \"{}\"",
                unreachable.join(", "),
                self.links[root].name
            )));
        }
        let mut new_link_index = vec![0; self.links.len()];
        for (new, &old) in link_order.iter().enumerate() {
            new_link_index[old] = new;
        }
        let mut new_joint_index = vec![0; self.joints.len()];
        for (new, &old) in joint_order.iter().enumerate() {
            new_joint_index[old] = new;
        }
        crate::load_stop::check(stop)?;
        let joints = self.ordered_joints(&joint_order, &new_link_index, &new_joint_index)?;
        crate::load_stop::check(stop)?;
        let links = link_order
            .iter()
            .map(|&old| {
                let spec = &self.links[old];
                Link {
                    name: spec.name.clone(),
                    inertial: spec.inertial,
                    visuals: spec.visuals.clone(),
                    collisions: spec.collisions.clone(),
                    parent_joint: parent_joint[old].map(|j| JointId(new_joint_index[j])),
                }
            })
            .collect::<Vec<_>>();
        let mut frames: Vec<Frame> = links
            .iter()
            .enumerate()
            .map(|(i, l)| Frame {
                name: l.name.clone(),
                link: LinkId(i),
                link_from_frame: Isometry3::identity(),
            })
            .collect();
        for (name, link, pose) in &self.frames {
            let old = *link_by_name.get(link.as_str()).ok_or_else(|| {
                KinematicsError::InvalidModel(format!(
                    "frame \"{name}\" is attached to unknown link \"{link}\""
                ))
            })?;
            check_pose(&format!("frame \"{name}\""), pose)?;
            frames.push(Frame {
                name: name.clone(),
                link: LinkId(new_link_index[old]),
                link_from_frame: *pose,
            });
        }
        unique_names("frame", frames.iter().map(|f| f.name.as_str()))?;
        Ok(Model::from_parts(ModelParts {
            name: self.name.clone(),
            links,
            joints,
            frames,
        }))
    }

    /// Joints in depth-first order with resolved links, mimic relations and configuration indices.
    fn ordered_joints(
        &self,
        joint_order: &[usize],
        new_link_index: &[usize],
        new_joint_index: &[usize],
    ) -> Result<Vec<Joint>> {
        let joint_by_name: HashMap<&str, usize> = self
            .joints
            .iter()
            .enumerate()
            .map(|(i, j)| (j.name.as_str(), i))
            .collect();
        let link_by_name: HashMap<&str, usize> = self
            .links
            .iter()
            .enumerate()
            .map(|(i, l)| (l.name.as_str(), i))
            .collect();
        // Resolve mimic chains to a joint with its own value.
        let chains = crate::mimic_chains::resolve(&self.joints, &joint_by_name)?;
        let mut mimic_of: Vec<Option<(usize, f64, f64)>> = vec![None; self.joints.len()];
        for (j, spec) in self.joints.iter().enumerate() {
            let Some((target, multiplier, offset)) = chains[j] else {
                continue;
            };
            let followed = &self.joints[target];
            let one_dof = |k: JointKind| {
                matches!(
                    k,
                    JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic
                )
            };
            if !one_dof(followed.kind) || !one_dof(spec.kind) {
                return Err(KinematicsError::InvalidModel(format!(
                    "joint \"{}\" ({}) mimics \"{}\" ({}); only revolute, continuous and prismatic joints can mimic or be mimicked",
                    spec.name,
                    spec.kind.name(),
                    followed.name,
                    followed.kind.name()
                )));
            }
            mimic_of[j] = Some((target, multiplier, offset));
        }
        let mut joints = Vec::with_capacity(joint_order.len());
        let (mut idx_q, mut idx_v) = (0, 0);
        for &old in joint_order {
            let spec = &self.joints[old];
            let axis = match spec.kind {
                JointKind::Fixed | JointKind::Floating | JointKind::Ball => Vector3::z_axis(),
                _ => Unit::try_new(spec.axis, 1e-12).ok_or_else(|| {
                    KinematicsError::InvalidModel(format!(
                        "joint \"{}\" has a zero axis; give a non-zero axis such as (0, 0, 1)",
                        spec.name
                    ))
                })?,
            };
            if !(spec.armature.is_finite() && spec.armature >= 0.0) {
                return Err(KinematicsError::InvalidModel(format!(
                    "joint \"{}\" has armature {}; give a finite value, 0 or more",
                    spec.name, spec.armature
                )));
            }
            let limits = match spec.kind {
                JointKind::Revolute | JointKind::Prismatic => {
                    spec.limits.unwrap_or_else(JointLimits::unlimited)
                }
                JointKind::Continuous => {
                    let given = spec.limits.unwrap_or_else(JointLimits::unlimited);
                    JointLimits {
                        lower: f64::NEG_INFINITY,
                        upper: f64::INFINITY,
                        ..given
                    }
                }
                JointKind::Fixed | JointKind::Floating | JointKind::Ball => {
                    JointLimits::unlimited()
                }
            };
            let mimic = mimic_of[old].map(|(target, multiplier, offset)| Mimic {
                joint: JointId(new_joint_index[target]),
                multiplier,
                offset,
            });
            let own = mimic.is_none();
            let (nq, nv) = if own {
                (spec.kind.nq(), spec.kind.nv())
            } else {
                (0, 0)
            };
            joints.push(Joint {
                name: spec.name.clone(),
                kind: spec.kind,
                parent_link: LinkId(new_link_index[link_by_name[spec.parent.as_str()]]),
                child_link: LinkId(new_link_index[link_by_name[spec.child.as_str()]]),
                parent_from_joint: spec.origin,
                axis,
                limits,
                mimic,
                idx_q,
                idx_v,
                source: None,
                armature: spec.armature,
            });
            idx_q += nq;
            idx_v += nv;
        }
        // Value sources, now that every joint has its indices.
        for j in 0..joints.len() {
            let joint = &joints[j];
            let source = match (joint.kind, joint.mimic) {
                (JointKind::Fixed | JointKind::Floating | JointKind::Ball, _) => None,
                (_, None) => Some(ValueSource {
                    idx_q: joint.idx_q,
                    idx_v: joint.idx_v,
                    multiplier: 1.0,
                    offset: 0.0,
                }),
                (_, Some(m)) => {
                    let followed = &joints[m.joint.0];
                    Some(ValueSource {
                        idx_q: followed.idx_q,
                        idx_v: followed.idx_v,
                        multiplier: m.multiplier,
                        offset: m.offset,
                    })
                }
            };
            joints[j].source = source;
        }
        Ok(joints)
    }
}

/// Maps names to positions, failing on the first repeated name.
fn unique_names<'a>(
    kind: &'static str,
    names: impl Iterator<Item = &'a str>,
) -> Result<HashMap<&'a str, usize>> {
    let mut map = HashMap::new();
    for (i, name) in names.enumerate() {
        if name.is_empty() {
            return Err(KinematicsError::InvalidModel(format!(
                "{kind} #{i} has an empty name"
            )));
        }
        if map.insert(name, i).is_some() {
            return Err(KinematicsError::DuplicateName {
                kind,
                name: name.to_owned(),
            });
        }
    }
    Ok(map)
}

/// Finite, with a translation within ±`MAX_LENGTH` (geometry's range: a link placed farther
/// out would give world poses that every geometry query refuses).
fn check_pose(what: &str, pose: &Isometry3<f64>) -> Result<()> {
    let t = pose.translation.vector;
    let r = pose.rotation.quaternion().coords;
    check_all_finite(&format!("{what} origin translation"), t.as_slice())?;
    check_all_finite(&format!("{what} origin rotation"), r.as_slice())?;
    check_range(what, "origin translation", t.as_slice())
}

/// Lengths within ±[`morsel_geometry::MAX_LENGTH`], as a geometry error of `element`.
fn check_range(element: &str, what: &str, values: &[f64]) -> Result<()> {
    morsel_geometry::range::check_coordinates(what, values).map_err(|source| {
        KinematicsError::Geometry {
            element: element.to_owned(),
            source,
        }
    })
}

fn check_joint_values(spec: &JointSpec) -> Result<()> {
    let what = format!("joint \"{}\"", spec.name);
    check_pose(&what, &spec.origin)?;
    check_all_finite(&format!("{what} axis"), spec.axis.as_slice())?;
    if let Some(l) = &spec.limits {
        for (name, v) in [
            ("lower", l.lower),
            ("upper", l.upper),
            ("velocity", l.velocity),
            ("effort", l.effort),
        ] {
            if v.is_nan() {
                return Err(KinematicsError::NotFinite {
                    what: format!("{what} {name} limit"),
                    value: v,
                });
            }
        }
        if l.lower > l.upper {
            return Err(KinematicsError::InvalidModel(format!(
                "{what} has lower limit {} above upper limit {}; swap them",
                l.lower, l.upper
            )));
        }
        if l.velocity < 0.0 || l.effort < 0.0 {
            return Err(KinematicsError::InvalidModel(format!(
                "{what} has a negative velocity or effort limit"
            )));
        }
    }
    if let Some(m) = &spec.mimic {
        check_finite(|| format!("{what} mimic multiplier"), m.multiplier)?;
        check_finite(|| format!("{what} mimic offset"), m.offset)?;
    }
    Ok(())
}

fn check_inertial(link: &LinkSpec) -> Result<()> {
    let what = format!("link \"{}\"", link.name);
    let i = &link.inertial;
    check_finite(|| format!("{what} mass"), i.mass)?;
    if i.mass < 0.0 {
        return Err(KinematicsError::InvalidModel(format!(
            "{what} has negative mass {}",
            i.mass
        )));
    }
    if i.mass > MAX_MASS {
        return Err(KinematicsError::InvalidModel(format!(
            "{what} has mass {:e} kg, above the limit {MAX_MASS:e} kg",
            i.mass
        )));
    }
    check_all_finite(&format!("{what} centre of mass"), i.com.coords.as_slice())?;
    check_range(&what, "centre of mass", i.com.coords.as_slice())?;
    check_all_finite(&format!("{what} inertia"), i.inertia.as_slice())?;
    match i.inertia.iter().find(|v| v.abs() > MAX_INERTIA) {
        Some(v) => Err(KinematicsError::InvalidModel(format!(
            "{what} has an inertia entry {v:e} kg m², beyond ±{MAX_INERTIA:e}"
        ))),
        None => Ok(()),
    }
}
