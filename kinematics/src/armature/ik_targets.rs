//! IK targets of an armature: created on links, placed at once or moved at speed.

use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

use super::{Armature, Motion};
use crate::error::check_all_finite;
use crate::spatial::{exp3, log3, rotation_from_rpy};
use crate::{FrameId, IkOptions, IkResult, IkTarget, IkTargetKind, KinematicsError, Result};

/// An IK target: a scene pose that a link of the armature should reach.
#[derive(Clone, Debug)]
pub(crate) struct IkTargetState {
    pub name: String,
    pub frame: FrameId,
    pub pose: Isometry3<f64>,
    pub kind: IkTargetKind,
}

/// An IK target moving toward a goal pose at bounded speeds.
#[derive(Clone, Debug)]
pub(crate) struct IkMotion {
    pub target: usize,
    goal: Isometry3<f64>,
    linear_speed: f64,
    radial_speed: f64,
}

impl Armature {
    /// `create_ik_targets`: one full-pose IK target per link (or frame), placed where the link
    /// is now. Targets are named `ik_target.<armature>.<link>`; returns the names. A link
    /// that already has a target keeps it.
    pub fn create_ik_targets(&mut self, links: &[&str]) -> Result<Vec<String>> {
        links
            .iter()
            .map(|link| self.create_ik_target(link, IkTargetKind::Pose))
            .collect()
    }

    /// Creates one IK target of the given kind (a position target leaves the link's
    /// orientation free) and returns its name.
    pub fn create_ik_target(&mut self, link: &str, kind: IkTargetKind) -> Result<String> {
        let frame = self.model.frame_id(link)?;
        let name = format!("ik_target.{}.{}", self.name, link);
        if let Some(existing) = self.ik_targets.iter_mut().find(|t| t.name == name) {
            existing.kind = kind;
            return Ok(name);
        }
        let pose = self.placement * self.data.world_from_frame(frame);
        self.ik_targets.push(IkTargetState {
            name: name.clone(),
            frame,
            pose,
            kind,
        });
        Ok(name)
    }

    /// `list_IK_targets`: the names of the IK targets.
    pub fn list_ik_targets(&self) -> Vec<String> {
        self.ik_targets.iter().map(|t| t.name.clone()).collect()
    }

    /// The scene pose of an IK target (by its name or its link's name).
    pub fn ik_target_pose(&self, target: &str) -> Result<Isometry3<f64>> {
        Ok(self.ik_targets[self.ik_target_index(target)?].pose)
    }

    /// `place_IK_target`: moves a target at once and solves IK for all targets from the
    /// current configuration (with random restarts if that fails), applying the best
    /// configuration found.
    ///
    /// `translation` (m) and `rotation` (roll, pitch, yaw about the scene's x, y, z, rad) are
    /// in the scene frame. With `relative`, the translation is added to the target's position
    /// and the rotation is applied after its current orientation.
    pub fn place_ik_target(
        &mut self,
        target: &str,
        translation: [f64; 3],
        rotation: [f64; 3],
        relative: bool,
    ) -> Result<IkResult> {
        let index = self.ik_target_index(target)?;
        let goal = self.goal_pose(index, translation, rotation, relative)?;
        self.ik_targets[index].pose = goal;
        // No time budget: the outcome must not depend on the machine's speed.
        let options = IkOptions {
            max_restarts: 20,
            time_budget: None,
            ..IkOptions::default()
        };
        self.solve_ik_targets(&options)
    }

    /// `move_IK_target`: moves a target toward a pose at `linear_speed` (m/s) and
    /// `radial_speed` (rad/s), defaulting to the `IKLinearSpeed` and `IKRotationSpeed`
    /// properties. Each tick the target advances and IK is solved again, starting from the
    /// previous solution and without random restarts, so the joints move continuously.
    /// Replaces the motion in progress. Arguments as in [`place_ik_target`](Armature::place_ik_target).
    pub fn move_ik_target(
        &mut self,
        target: &str,
        translation: [f64; 3],
        rotation: [f64; 3],
        relative: bool,
        linear_speed: Option<f64>,
        radial_speed: Option<f64>,
    ) -> Result<()> {
        let index = self.ik_target_index(target)?;
        let goal = self.goal_pose(index, translation, rotation, relative)?;
        let linear_speed = positive_speed(linear_speed.unwrap_or(self.properties.ik_linear_speed))?;
        let radial_speed =
            positive_speed(radial_speed.unwrap_or(self.properties.ik_rotation_speed))?;
        self.motion = Some(Motion::Ik(IkMotion {
            target: index,
            goal,
            linear_speed,
            radial_speed,
        }));
        Ok(())
    }

    /// Advances a moving target by `dt` and re-solves IK. Returns true when it reached its goal.
    pub(super) fn step_ik_motion(
        &mut self,
        m: &mut IkMotion,
        dt: f64,
        warnings: &mut Vec<String>,
    ) -> Result<bool> {
        let current = self.ik_targets[m.target].pose;
        let (pose, arrived) =
            step_toward(&current, &m.goal, m.linear_speed * dt, m.radial_speed * dt);
        self.ik_targets[m.target].pose = pose;
        let result = self.solve_ik_targets(&IkOptions::tracking())?;
        if !result.converged() {
            warnings.push(format!(
                "IK target {} not reached: position error {:.3e} m, orientation error {:.3e} rad",
                self.ik_targets[m.target].name,
                result.max_position_error(),
                result.max_orientation_error()
            ));
        }
        Ok(arrived)
    }

    /// Solves IK for every target from the current configuration and applies the result.
    fn solve_ik_targets(&mut self, options: &IkOptions) -> Result<IkResult> {
        let to_model = self.placement.inverse();
        let targets: Vec<IkTarget> = self
            .ik_targets
            .iter()
            .map(|t| IkTarget {
                frame: t.frame,
                pose: to_model * t.pose,
                kind: t.kind,
                position_weight: 1.0,
                orientation_weight: if t.kind == IkTargetKind::Pose {
                    1.0
                } else {
                    0.0
                },
            })
            .collect();
        let result = self
            .ik_solver
            .solve(&self.model, &targets, self.q.as_slice(), options)?;
        self.q.copy_from(&result.q);
        self.update_kinematics();
        Ok(result)
    }

    fn ik_target_index(&self, target: &str) -> Result<usize> {
        self.ik_targets
            .iter()
            .position(|t| t.name == target || self.model.frame(t.frame).name() == target)
            .ok_or_else(|| {
                KinematicsError::unknown(
                    "IK target",
                    target,
                    self.ik_targets.iter().map(|t| t.name.as_str()),
                )
            })
    }

    fn goal_pose(
        &self,
        index: usize,
        translation: [f64; 3],
        rotation: [f64; 3],
        relative: bool,
    ) -> Result<Isometry3<f64>> {
        check_all_finite("IK target translation", &translation)?;
        check_all_finite("IK target rotation", &rotation)?;
        let r = rotation_from_rpy(rotation);
        let t = Vector3::from(translation);
        let current = self.ik_targets[index].pose;
        Ok(if relative {
            Isometry3::from_parts(
                Translation3::from(current.translation.vector + t),
                r * current.rotation,
            )
        } else {
            Isometry3::from_parts(Translation3::from(t), r)
        })
    }
}

/// `current` moved toward `goal` by at most `max_distance` and `max_angle`, and whether it
/// landed exactly on `goal`.
fn step_toward(
    current: &Isometry3<f64>,
    goal: &Isometry3<f64>,
    max_distance: f64,
    max_angle: f64,
) -> (Isometry3<f64>, bool) {
    let d = goal.translation.vector - current.translation.vector;
    let distance = d.norm();
    let (translation, at_position) = if distance <= max_distance * (1.0 + 1e-9) {
        (goal.translation.vector, true)
    } else {
        (
            current.translation.vector + d * (max_distance / distance),
            false,
        )
    };
    let delta = log3(&(goal.rotation * current.rotation.inverse()));
    let angle = delta.norm();
    let (rotation, at_orientation): (UnitQuaternion<f64>, bool) =
        if angle <= max_angle * (1.0 + 1e-9) {
            (goal.rotation, true)
        } else {
            (
                exp3(&(delta * (max_angle / angle))) * current.rotation,
                false,
            )
        };
    (
        Isometry3::from_parts(Translation3::from(translation), rotation),
        at_position && at_orientation,
    )
}

fn positive_speed(speed: f64) -> Result<f64> {
    if speed.is_finite() && speed > 0.0 {
        Ok(speed)
    } else {
        Err(KinematicsError::invalid(
            "IK target speed",
            format!("{speed} must be finite and > 0"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_toward_bounds_distance_and_angle() {
        let a = Isometry3::identity();
        let b = Isometry3::new(Vector3::new(1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 1.0));
        let (p, done) = step_toward(&a, &b, 0.25, 0.1);
        assert!(!done);
        assert!((p.translation.vector.x - 0.25).abs() < 1e-12);
        assert!((p.rotation.angle() - 0.1).abs() < 1e-12);
        let (p, done) = step_toward(&a, &b, 2.0, 2.0);
        assert!(done);
        assert_eq!(p, b);
    }
}
