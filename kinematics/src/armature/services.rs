//! The armature actuator's joint services, named after MORSE's.

use super::joint_motion::{JointGoal, JointMotion};
use super::trajectory::{Trajectory, TrajectoryRun};
use super::{Armature, ArmatureProperties, Motion};
use crate::error::check_finite;
use crate::{JointKind, KinematicsError, Result};

/// One joint of an armature, as [`Armature::get_configurations`] describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmatureJointInfo {
    /// Joint name.
    pub name: String,
    /// Joint kind.
    pub kind: JointKind,
    /// Axis in the joint frame.
    pub axis: [f64; 3],
    /// Lower and upper position limits.
    pub limits: (f64, f64),
    /// Speed used when a motion gives none (per-joint setting, else the property).
    pub speed: f64,
    /// Current position.
    pub position: f64,
}

/// The armature's configuration: its properties and its joints, root to tip.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmatureConfiguration {
    /// Current properties.
    pub properties: ArmatureProperties,
    /// The joints, root to tip.
    pub joints: Vec<ArmatureJointInfo>,
}

/// A joint goal for [`Armature::move_joints`]: target position and optional speed.
#[derive(Clone, Debug, PartialEq)]
pub struct JointMove {
    /// Joint name.
    pub joint: String,
    /// Target position (rad or m); clamped to the limits.
    pub position: f64,
    /// Speed (rad/s or m/s); `None` uses the joint's default speed.
    pub speed: Option<f64>,
}

/// Which joints a service accepts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Rotational,
    Prismatic,
    Any,
}

impl Family {
    fn accepts(self, kind: JointKind) -> bool {
        match self {
            Family::Rotational => kind.is_rotational(),
            Family::Prismatic => kind == JointKind::Prismatic,
            Family::Any => true,
        }
    }
    fn expected(self) -> &'static str {
        match self {
            Family::Rotational => "revolute or continuous",
            Family::Prismatic => "prismatic",
            Family::Any => "revolute, continuous or prismatic",
        }
    }
}

impl Armature {
    /// `get_joints`: the names of the configuration's values, root to tip, in MuJoCo's
    /// `qpos` order: a one-value joint by its name, a floating joint `J` as `J.x`, `J.y`,
    /// `J.z`, `J.qw`, `J.qx`, `J.qy`, `J.qz` and a ball joint as `J.qw` .. `J.qz` (see
    /// [`Model::coordinates`](crate::Model::coordinates)); fixed and mimic joints left out.
    pub fn get_joints(&self) -> Vec<String> {
        self.model
            .coordinates()
            .into_iter()
            .map(|c| c.name)
            .collect()
    }

    /// `get_dofs`: for each joint, which of its own x, y, z axes it moves along or about
    /// (the non-zero components of its axis).
    pub fn get_dofs(&self) -> Vec<(String, [bool; 3])> {
        self.joints
            .iter()
            .map(|&j| {
                let joint = self.model.joint(j);
                let a = joint.axis();
                (
                    joint.name().to_owned(),
                    [a.x.abs() > 1e-12, a.y.abs() > 1e-12, a.z.abs() > 1e-12],
                )
            })
            .collect()
    }

    /// `get_IK_limits`: the lower and upper limits of a joint (rad or m). MORSE gives
    /// `(0, max)` for prismatic joints; here it is the joint's actual range.
    pub fn get_ik_limits(&self, joint: &str) -> Result<(f64, f64)> {
        let slot = self.joint_slot(joint)?;
        let limits = self.model.joint(self.joints[slot]).limits();
        Ok((limits.lower, limits.upper))
    }

    /// `get_properties`: every property as `(MORSE name, value)`.
    pub fn get_properties(&self) -> Vec<(&'static str, f64)> {
        self.properties.to_list()
    }

    /// `set_property`: sets one property by its MORSE name (values must be finite and > 0).
    pub fn set_property(&mut self, name: &str, value: f64) -> Result<()> {
        self.properties.set(name, value)
    }

    /// `get_configurations`: properties and a description of every value of the
    /// configuration, in the order of [`get_joints`](Armature::get_joints). A floating or
    /// ball joint's components carry the joint's kind; a position component (`x`, `y`, `z`)
    /// has that unit axis, a quaternion component a zero axis and limits [-1, 1].
    pub fn get_configurations(&self) -> ArmatureConfiguration {
        let joints = self
            .model
            .coordinates()
            .into_iter()
            .map(|c| {
                let joint = self.model.joint(c.joint);
                let slot = self.joints.iter().position(|&j| j == c.joint);
                let a = joint.axis();
                let axis = match c.component {
                    None => [a.x, a.y, a.z],
                    Some("x") => [1.0, 0.0, 0.0],
                    Some("y") => [0.0, 1.0, 0.0],
                    Some("z") => [0.0, 0.0, 1.0],
                    Some(_) => [0.0; 3],
                };
                let (lower, upper) = (self.model.lower_limits(), self.model.upper_limits());
                ArmatureJointInfo {
                    name: c.name,
                    kind: joint.kind(),
                    axis,
                    limits: (lower[c.idx_q], upper[c.idx_q]),
                    speed: match (slot, c.component) {
                        (Some(slot), _) => self.default_speed(slot),
                        (None, Some("x" | "y" | "z")) => self.properties.linear_speed,
                        (None, _) => self.properties.rotation_speed,
                    },
                    position: self.q[c.idx_q],
                }
            })
            .collect();
        ArmatureConfiguration {
            properties: self.properties,
            joints,
        }
    }

    /// The armature pose sensor's reading: `(name, value)` for every value of the
    /// configuration, named and ordered as [`get_joints`](Armature::get_joints).
    pub fn joint_positions(&self) -> Vec<(String, f64)> {
        self.model
            .coordinates()
            .into_iter()
            .map(|c| (c.name, self.q[c.idx_q]))
            .collect()
    }

    /// Sets the speed a joint moves at when a motion gives none (`None`: back to the property).
    pub fn set_joint_speed(&mut self, joint: &str, speed: Option<f64>) -> Result<()> {
        let slot = self.joint_slot(joint)?;
        if let Some(s) = speed {
            check_speed(s)?;
        }
        self.joint_speeds[slot] = speed;
        Ok(())
    }

    /// `set_rotation`: sets a rotational joint at once (clamped to its limits; speed ignored).
    pub fn set_rotation(&mut self, joint: &str, rotation: f64) -> Result<()> {
        self.set_instant(&[(joint, rotation)], Family::Rotational, "set_rotation")
    }

    /// `set_translation`: sets a prismatic joint at once (clamped to its limits).
    pub fn set_translation(&mut self, joint: &str, translation: f64) -> Result<()> {
        self.set_instant(
            &[(joint, translation)],
            Family::Prismatic,
            "set_translation",
        )
    }

    /// `set_rotations`: sets the first joints, root to tip, at once. Extra values are
    /// discarded; fewer values set only the first joints. If one of those joints is not
    /// rotational, nothing is applied and an error is returned.
    pub fn set_rotations(&mut self, rotations: &[f64]) -> Result<()> {
        let pairs = self.first_joints(rotations);
        let pairs: Vec<(&str, f64)> = pairs.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        self.set_instant(&pairs, Family::Rotational, "set_rotations")
    }

    /// `set_translations`: as [`set_rotations`](Armature::set_rotations) for prismatic joints.
    pub fn set_translations(&mut self, translations: &[f64]) -> Result<()> {
        let pairs = self.first_joints(translations);
        let pairs: Vec<(&str, f64)> = pairs.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        self.set_instant(&pairs, Family::Prismatic, "set_translations")
    }

    /// `rotate`: moves a rotational joint to `rotation` (clamped), at `speed` or its default
    /// speed, over the following ticks. Replaces the motion in progress.
    pub fn rotate(&mut self, joint: &str, rotation: f64, speed: Option<f64>) -> Result<()> {
        self.start_moves(&[(joint, rotation, speed)], Family::Rotational, "rotate")
    }

    /// `translate`: moves a prismatic joint to `translation` (clamped) over the following ticks.
    pub fn translate(&mut self, joint: &str, translation: f64, speed: Option<f64>) -> Result<()> {
        self.start_moves(
            &[(joint, translation, speed)],
            Family::Prismatic,
            "translate",
        )
    }

    /// `rotate_joints`: moves several rotational joints, all at `speed` (or their defaults).
    pub fn rotate_joints(&mut self, rotations: &[(&str, f64)], speed: Option<f64>) -> Result<()> {
        let moves: Vec<(&str, f64, Option<f64>)> =
            rotations.iter().map(|&(j, v)| (j, v, speed)).collect();
        self.start_moves(&moves, Family::Rotational, "rotate_joints")
    }

    /// `translate_joints`: moves several prismatic joints, all at `speed` (or their defaults).
    pub fn translate_joints(
        &mut self,
        translations: &[(&str, f64)],
        speed: Option<f64>,
    ) -> Result<()> {
        let moves: Vec<(&str, f64, Option<f64>)> =
            translations.iter().map(|&(j, v)| (j, v, speed)).collect();
        self.start_moves(&moves, Family::Prismatic, "translate_joints")
    }

    /// Moves any joints, each at its own speed (what MORSE's `rotate_joints` notes as missing).
    pub fn move_joints(&mut self, moves: &[JointMove]) -> Result<()> {
        let moves: Vec<(&str, f64, Option<f64>)> = moves
            .iter()
            .map(|m| (m.joint.as_str(), m.position, m.speed))
            .collect();
        self.start_moves(&moves, Family::Any, "move_joints")
    }

    /// `trajectory`: follows waypoints over time (see [`Trajectory`]). Positions are clamped to
    /// the limits. Replaces the motion in progress.
    pub fn trajectory(&mut self, trajectory: &Trajectory) -> Result<()> {
        trajectory.validate(self.joints.len())?;
        let idx_q = self
            .joints
            .iter()
            .map(|&j| self.model.joint(j).idx_q())
            .collect();
        let lower = self
            .joints
            .iter()
            .map(|&j| self.model.joint(j).limits().lower)
            .collect();
        let upper = self
            .joints
            .iter()
            .map(|&j| self.model.joint(j).limits().upper)
            .collect();
        self.motion = Some(Motion::Trajectory(TrajectoryRun::new(
            trajectory, self.time, idx_q, lower, upper,
        )));
        Ok(())
    }

    fn first_joints(&self, values: &[f64]) -> Vec<(String, f64)> {
        self.get_joints()
            .into_iter()
            .zip(values.iter().copied())
            .collect()
    }

    fn default_speed(&self, slot: usize) -> f64 {
        let kind = self.model.joint(self.joints[slot]).kind();
        self.joint_speeds[slot].unwrap_or(if kind == JointKind::Prismatic {
            self.properties.linear_speed
        } else {
            self.properties.rotation_speed
        })
    }

    /// Resolves and checks `(joint, value)` pairs; returns `(slot, clamped value)`.
    fn resolve(
        &self,
        values: &[(&str, f64)],
        family: Family,
        operation: &'static str,
    ) -> Result<Vec<(usize, f64)>> {
        values
            .iter()
            .map(|&(name, value)| {
                let slot = self.joint_slot(name)?;
                let joint = self.model.joint(self.joints[slot]);
                if !family.accepts(joint.kind()) {
                    return Err(KinematicsError::WrongJointType {
                        joint: name.to_owned(),
                        expected: family.expected(),
                        actual: joint.kind().name(),
                        operation,
                    });
                }
                check_finite(|| format!("{operation} value for joint \"{name}\""), value)?;
                Ok((slot, joint.limits().clamp(value)))
            })
            .collect()
    }

    fn set_instant(
        &mut self,
        values: &[(&str, f64)],
        family: Family,
        operation: &'static str,
    ) -> Result<()> {
        let resolved = self.resolve(values, family, operation)?;
        for (slot, value) in resolved {
            let iq = self.model.joint(self.joints[slot]).idx_q();
            self.q[iq] = value;
        }
        self.update_kinematics();
        Ok(())
    }

    fn start_moves(
        &mut self,
        moves: &[(&str, f64, Option<f64>)],
        family: Family,
        operation: &'static str,
    ) -> Result<()> {
        let values: Vec<(&str, f64)> = moves.iter().map(|&(j, v, _)| (j, v)).collect();
        let resolved = self.resolve(&values, family, operation)?;
        for (i, (slot, _)) in resolved.iter().enumerate() {
            if resolved[..i].iter().any(|(other, _)| other == slot) {
                return Err(KinematicsError::invalid(
                    format!("{operation} arguments"),
                    format!("joint \"{}\" is listed twice", values[i].0),
                ));
            }
        }
        let mut goals = Vec::with_capacity(resolved.len());
        for ((slot, target), &(_, _, speed)) in resolved.into_iter().zip(moves) {
            let speed = match speed {
                Some(s) => check_speed(s)?,
                None => self.default_speed(slot),
            };
            let joint = self.model.joint(self.joints[slot]);
            let tolerance = if joint.kind() == JointKind::Prismatic {
                self.properties.distance_tolerance
            } else {
                self.properties.angle_tolerance
            };
            goals.push(JointGoal {
                idx_q: joint.idx_q(),
                target,
                speed,
                tolerance,
            });
        }
        self.motion = Some(Motion::Joints(JointMotion::new(goals)));
        Ok(())
    }
}

fn check_speed(speed: f64) -> Result<f64> {
    if speed.is_finite() && speed > 0.0 {
        Ok(speed)
    } else {
        Err(KinematicsError::invalid(
            "speed",
            format!("{speed} must be finite and > 0"),
        ))
    }
}
