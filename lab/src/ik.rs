//! `ik(robot, frame, target, options)`: one IK solve with the script API's defaults, shared by
//! both front ends (they read the options; this picks the target kind and the seed).

use morsel_kinematics::{
    IkOptions, IkResult, IkSolver, IkTarget, IkTargetKind, KinematicsError, Model,
};
use nalgebra::{DVector, Isometry3, Point3};

/// What the frame should reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IkGoal {
    /// A full pose (position and orientation) in the robot's base frame.
    Pose(Isometry3<f64>),
    /// A position only (the orientation is free).
    Position(Point3<f64>),
}

/// Solves IK for one frame of `model`. `position_only` drops a pose goal's orientation;
/// `seed` defaults to the middle of the joint limits ([`Model::mid_configuration`]).
pub fn solve_ik(
    model: &Model,
    frame: &str,
    goal: IkGoal,
    position_only: bool,
    seed: Option<DVector<f64>>,
    options: &IkOptions,
) -> Result<IkResult, KinematicsError> {
    let target = match goal {
        IkGoal::Position(p) => IkTarget::position(model, frame, p)?,
        IkGoal::Pose(pose) if position_only => {
            IkTarget::position(model, frame, Point3::from(pose.translation.vector))?
        }
        IkGoal::Pose(pose) => IkTarget::pose(model, frame, pose)?,
    };
    let seed = seed.unwrap_or_else(|| model.mid_configuration());
    model.check_configuration(seed.as_slice())?;
    IkSolver::new(model).solve(model, &[target], seed.as_slice(), options)
}

/// The kind of an armature IK target from its script name, `"pose"` or `"position"`.
pub fn ik_target_kind(name: &str) -> Option<IkTargetKind> {
    match name {
        "pose" => Some(IkTargetKind::Pose),
        "position" => Some(IkTargetKind::Position),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use morsel_kinematics::{ChainBuilder, Data, forward_kinematics};

    use super::*;

    #[test]
    fn a_reachable_position_is_reached() {
        let model = ChainBuilder::new("arm")
            .revolute("a", [0.0, 0.0, 1.0], [0.0, 0.0, 0.1], [-3.0, 3.0])
            .revolute("b", [0.0, 1.0, 0.0], [0.0, 0.0, 0.3], [-2.0, 2.0])
            .fixed("tool", [0.0, 0.0, 0.3])
            .build()
            .expect("model");
        // On the sphere the tool can reach: r = 0.3 around (0, 0, 0.4), at a = 0.3, b = 0.5.
        let (a, b) = (0.3_f64, 0.5_f64);
        let goal = Point3::new(
            0.3 * b.sin() * a.cos(),
            0.3 * b.sin() * a.sin(),
            0.4 + 0.3 * b.cos(),
        );
        let r = solve_ik(
            &model,
            "tool",
            IkGoal::Position(goal),
            false,
            None,
            &IkOptions::default(),
        )
        .expect("solve");
        assert!(r.converged());
        let mut data = Data::new(&model);
        forward_kinematics(&model, &mut data, r.q.as_slice()).expect("fk");
        let tool = model.frame_id("tool").expect("tool");
        let reached = data.world_from_frame(tool).translation.vector;
        assert!((reached - goal.coords).norm() < 1e-6);
        let wrong_seed = Some(DVector::zeros(5));
        assert!(
            solve_ik(
                &model,
                "tool",
                IkGoal::Position(goal),
                false,
                wrong_seed,
                &IkOptions::default()
            )
            .is_err()
        );
        assert!(ik_target_kind("pose").is_some() && ik_target_kind("axis").is_none());
    }
}
