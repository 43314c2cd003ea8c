//! Named coordinates: one name per configuration value, in MuJoCo's `qpos` order.
//!
//! A one-value joint (revolute, continuous, prismatic) is one coordinate named after the
//! joint. A floating (MuJoCo `free`) joint `J` is seven coordinates `J.x`, `J.y`, `J.z`,
//! `J.qw`, `J.qx`, `J.qy`, `J.qz` (position, then unit quaternion w first), and a ball joint
//! `J` is four, `J.qw`, `J.qx`, `J.qy`, `J.qz`: the order of MuJoCo's `qpos`, which is the
//! model's own configuration layout.
//!
//! Velocities, accelerations and torques have one name per value, in MuJoCo's `qvel` order
//! ([`Model::velocity_names`]): a one-value joint `J`; a floating joint `J.vx`, `J.vy`, `J.vz`
//! (linear velocity in the joint's origin frame: the derivative of `J.x`, `J.y`, `J.z`) then
//! `J.wx`, `J.wy`, `J.wz` (angular velocity in the moving frame); a ball joint `J.wx`, `J.wy`,
//! `J.wz` (angular velocity in the moving frame).

use crate::{JointId, JointKind, KinematicsError, Model, Result};

/// Component suffixes of a floating joint's seven values, in MuJoCo's `qpos` order.
pub const FLOATING_COMPONENTS: [&str; 7] = ["x", "y", "z", "qw", "qx", "qy", "qz"];
/// Component suffixes of a ball joint's four values, in MuJoCo's `qpos` order.
pub const BALL_COMPONENTS: [&str; 4] = ["qw", "qx", "qy", "qz"];

/// Component suffixes of a floating joint's six velocity values, in MuJoCo's `qvel` order.
pub const FLOATING_VELOCITY_COMPONENTS: [&str; 6] = ["vx", "vy", "vz", "wx", "wy", "wz"];
/// Component suffixes of a ball joint's three velocity values, in MuJoCo's `qvel` order.
pub const BALL_VELOCITY_COMPONENTS: [&str; 3] = ["wx", "wy", "wz"];

/// One named configuration value.
#[derive(Clone, Debug, PartialEq)]
pub struct Coordinate {
    /// The joint's name, or `joint.component` for a floating or ball joint.
    pub name: String,
    /// The joint the value belongs to.
    pub joint: JointId,
    /// The component (`"x"`, `"qw"`, ...) for floating and ball joints, `None` otherwise.
    pub component: Option<&'static str>,
    /// Where the value sits in the model's configuration vector.
    pub idx_q: usize,
}

/// The components of a joint with several configuration values.
fn components(kind: JointKind) -> Option<&'static [&'static str]> {
    match kind {
        JointKind::Floating => Some(&FLOATING_COMPONENTS),
        JointKind::Ball => Some(&BALL_COMPONENTS),
        _ => None,
    }
}

/// The components of a joint with several velocity values.
fn velocity_components(kind: JointKind) -> Option<&'static [&'static str]> {
    match kind {
        JointKind::Floating => Some(&FLOATING_VELOCITY_COMPONENTS),
        JointKind::Ball => Some(&BALL_VELOCITY_COMPONENTS),
        _ => None,
    }
}

impl Model {
    /// Every configuration value with its name, in MuJoCo's `qpos` order (joints in model
    /// order; fixed and mimic joints own no value and are left out). Its length is
    /// [`nq`](Model::nq).
    pub fn coordinates(&self) -> Vec<Coordinate> {
        let mut out = Vec::with_capacity(self.nq());
        for (i, joint) in self.joints().iter().enumerate() {
            let n = joint.nq();
            if n == 0 {
                continue;
            }
            match components(joint.kind()).filter(|names| names.len() == n) {
                Some(names) => {
                    for (offset, name) in names.iter().enumerate() {
                        out.push(Coordinate {
                            name: format!("{}.{name}", joint.name()),
                            joint: JointId(i),
                            component: Some(name),
                            idx_q: joint.idx_q() + offset,
                        });
                    }
                }
                None => out.push(Coordinate {
                    name: joint.name().to_owned(),
                    joint: JointId(i),
                    component: None,
                    idx_q: joint.idx_q(),
                }),
            }
        }
        out
    }

    /// One name per velocity value, in MuJoCo's `qvel` order (the layout of velocities,
    /// accelerations, torques and Jacobian columns; see the module documentation). Its length
    /// is [`nv`](Model::nv).
    pub fn velocity_names(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.nv());
        for joint in self.joints() {
            let n = joint.nv();
            if n == 0 {
                continue;
            }
            match velocity_components(joint.kind()).filter(|names| names.len() == n) {
                Some(names) => {
                    out.extend(names.iter().map(|c| format!("{}.{c}", joint.name())));
                }
                None => out.push(joint.name().to_owned()),
            }
        }
        out
    }

    /// Groups values given by joint or coordinate name into whole-joint values (MuJoCo's
    /// order: a floating joint `[x, y, z, qw, qx, qy, qz]`, a ball joint `[qw, qx, qy, qz]`).
    ///
    /// A name that is a joint's takes that joint's values as given; a name `J.c` that is no
    /// joint's sets component `c` of floating or ball joint `J`, whose other components keep
    /// their values in `base` (a configuration in the model's layout, e.g. the reference one).
    /// Errors on an unknown name, a component of a one-value joint, a component given as
    /// more than one value, or a joint given both whole and by component.
    pub fn joint_values_from_named(
        &self,
        named: &[(String, Vec<f64>)],
        base: &[f64],
    ) -> Result<Vec<(String, Vec<f64>)>> {
        let mut whole: Vec<(String, Vec<f64>)> = Vec::new();
        let mut partial: Vec<(JointId, Vec<f64>, Vec<&'static str>)> = Vec::new();
        for (name, values) in named {
            if self.joint_id(name.as_str()).is_ok() {
                whole.push((name.clone(), values.clone()));
                continue;
            }
            let Some((joint_name, component)) = name.rsplit_once('.') else {
                self.joint_id(name.as_str())?;
                continue;
            };
            let id = self.joint_id(joint_name).map_err(|_| {
                KinematicsError::unknown(
                    "joint or coordinate",
                    name,
                    self.coordinates().iter().map(|c| c.name.as_str()),
                )
            })?;
            let joint = self.joint(id);
            let Some(names) = components(joint.kind()).filter(|names| names.len() == joint.nq())
            else {
                return Err(KinematicsError::invalid(
                    format!("coordinate \"{name}\""),
                    format!(
                        "joint \"{joint_name}\" is {} and has no components; name it alone",
                        joint.kind().name()
                    ),
                ));
            };
            let Some(k) = names.iter().position(|c| *c == component) else {
                return Err(KinematicsError::invalid(
                    format!("coordinate \"{name}\""),
                    format!(
                        "a {} joint's components are {}",
                        joint.kind().name(),
                        names.join(", ")
                    ),
                ));
            };
            let [value] = values.as_slice() else {
                return Err(KinematicsError::invalid(
                    format!("coordinate \"{name}\""),
                    format!("takes one number, got {}", values.len()),
                ));
            };
            let slot = match partial.iter().position(|(j, _, _)| *j == id) {
                Some(s) => s,
                None => {
                    let current = (0..names.len())
                        .map(|o| base.get(joint.idx_q() + o).copied().unwrap_or(0.0))
                        .collect();
                    partial.push((id, current, Vec::new()));
                    partial.len() - 1
                }
            };
            partial[slot].1[k] = *value;
            partial[slot].2.push(names[k]);
        }
        for (id, values, _) in partial {
            let name = self.joint(id).name().to_owned();
            if whole.iter().any(|(n, _)| *n == name) {
                return Err(KinematicsError::invalid(
                    format!("joint \"{name}\""),
                    "given both whole and by component; give one or the other",
                ));
            }
            whole.push((name, values));
        }
        Ok(whole)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{JointLimits, JointSpec, LinkSpec, ModelBuilder};
    use nalgebra::{Isometry3, Vector3};

    fn free_ball_hinge() -> Model {
        let at = Isometry3::identity();
        let z = Vector3::z();
        let mut b = ModelBuilder::new("m");
        for link in ["world", "torso", "head", "arm"] {
            b.add_link(LinkSpec::new(link));
        }
        b.add_joint(JointSpec::new(
            "root",
            JointKind::Floating,
            "world",
            "torso",
            at,
            z,
        ));
        b.add_joint(JointSpec::new(
            "neck",
            JointKind::Ball,
            "torso",
            "head",
            at,
            z,
        ));
        b.add_joint(
            JointSpec::new("elbow", JointKind::Revolute, "torso", "arm", at, z)
                .with_limits(JointLimits::position(-1.0, 1.0)),
        );
        b.build().expect("model")
    }

    #[test]
    fn names_follow_mujoco_qpos_order() {
        let m = free_ball_hinge();
        let c = m.coordinates();
        let names: Vec<&str> = c.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), m.nq());
        let expected: Vec<String> = FLOATING_COMPONENTS
            .iter()
            .map(|s| format!("root.{s}"))
            .collect();
        assert_eq!(
            &names[..7],
            expected.iter().map(String::as_str).collect::<Vec<_>>()
        );
        assert_eq!(
            &names[7..],
            ["neck.qw", "neck.qx", "neck.qy", "neck.qz", "elbow"]
        );
        // The model's layout is MuJoCo's: each name's value sits at its own index.
        assert!(c.iter().enumerate().all(|(i, c)| c.idx_q == i));
        assert_eq!(
            m.velocity_names(),
            [
                "root.vx", "root.vy", "root.vz", "root.wx", "root.wy", "root.wz", "neck.wx",
                "neck.wy", "neck.wz", "elbow"
            ]
        );
        assert_eq!(m.velocity_names().len(), m.nv());
    }

    #[test]
    fn components_merge_with_base_values() {
        let m = free_ball_hinge();
        let base = m.reference_configuration().clone();
        let named = vec![
            ("root.z".to_string(), vec![0.8]),
            ("elbow".to_string(), vec![0.5]),
        ];
        let whole = m
            .joint_values_from_named(&named, base.as_slice())
            .expect("merge");
        assert!(whole.contains(&("elbow".to_string(), vec![0.5])));
        assert!(whole.contains(&("root".to_string(), vec![0.0, 0.0, 0.8, 1.0, 0.0, 0.0, 0.0])));
        for bad in [
            vec![("root.w".to_string(), vec![1.0])],
            vec![("elbow.x".to_string(), vec![1.0])],
            vec![("nobody.x".to_string(), vec![1.0])],
            vec![("root.x".to_string(), vec![1.0, 2.0])],
            vec![
                ("root.x".to_string(), vec![1.0]),
                ("root".to_string(), vec![0.0; 7]),
            ],
        ] {
            assert!(
                m.joint_values_from_named(&bad, base.as_slice()).is_err(),
                "{bad:?}"
            );
        }
    }
}
