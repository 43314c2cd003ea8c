//! Inverse kinematics: round trips FK(IK(x)) = x, several targets, statuses and input errors.

use std::time::Duration;

use morsel_kinematics::spatial::rotation_angle_between;
use morsel_kinematics::urdf::RootJoint;
use morsel_kinematics::{
    Data, IkOptions, IkSolver, IkStatus, IkTarget, JointId, Model, forward_kinematics,
    random_configuration,
};
use nalgebra::{DVector, Isometry3, Point3, Vector3};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{panda, planar_arm, solo12, ur5};

fn random_q(model: &Model, rng: &mut ChaCha8Rng) -> DVector<f64> {
    let mut q = model.neutral_configuration();
    random_configuration(model, rng, true, q.as_mut_slice()).expect("random");
    q
}

fn world_pose(model: &Model, q: &DVector<f64>, frame: &str) -> Isometry3<f64> {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, q.as_slice()).expect("fk");
    *data.world_from_frame(model.frame_id(frame).expect("frame"))
}

/// Solves for the pose of `frame` at a random configuration and checks the answer with a
/// separate forward-kinematics pass.
fn round_trip(model: &Model, frame: &str, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = world_pose(model, &random_q(model, &mut rng), frame);
    let start = random_q(model, &mut rng);
    let mut solver = IkSolver::new(model);
    let target = IkTarget::pose(model, frame, goal).expect("target");
    let options = IkOptions {
        time_budget: None,
        random_seed: seed,
        ..IkOptions::default()
    };
    let result = solver
        .solve(model, &[target], start.as_slice(), &options)
        .expect("solve");
    assert_eq!(
        result.status,
        IkStatus::Converged,
        "{} seed {seed}: {result:?}",
        model.name()
    );
    let reached = world_pose(model, &result.q, frame);
    assert!((reached.translation.vector - goal.translation.vector).norm() <= 1e-6);
    assert!(rotation_angle_between(&reached.rotation, &goal.rotation) <= 1e-5);
    assert!(model.within_limits(result.q.as_slice(), 0.0));
    assert!(result.max_position_error() <= 1e-6 && result.max_orientation_error() <= 1e-5);
}

#[test]
fn panda_round_trips() {
    let model = panda();
    for seed in 0..20 {
        round_trip(&model, "panda_hand_tcp", seed);
    }
}

#[test]
fn ur5_round_trips() {
    let model = ur5();
    for seed in 0..20 {
        round_trip(&model, "tool0", seed);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn fk_of_ik_is_identity(seed in 0u64..1_000_000) {
        round_trip(&panda(), "panda_hand_tcp", seed);
    }
}

#[test]
fn position_targets_leave_orientation_free() {
    let model = planar_arm(&[0.5, 0.4, 0.3]);
    let mut solver = IkSolver::new(&model);
    let target = IkTarget::position(&model, "tip", Point3::new(0.2, 0.7, 0.0)).expect("target");
    let options = IkOptions {
        time_budget: None,
        ..IkOptions::default()
    };
    let result = solver
        .solve(&model, &[target], &[0.1, 0.1, 0.1], &options)
        .expect("solve");
    assert!(result.converged(), "{result:?}");
    let tip = world_pose(&model, &result.q, "tip").translation.vector;
    assert!((tip - Vector3::new(0.2, 0.7, 0.0)).norm() < 1e-6);
}

#[test]
fn several_targets_are_met_together() {
    // Solo-12 with a floating base: four feet on given points and the base pose held.
    let model = solo12(RootJoint::Floating, false);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut goal_q = model.neutral_configuration();
    goal_q.as_mut_slice()[..3].copy_from_slice(&[0.1, -0.05, 0.3]);
    for joint in model.joints().iter().filter(|j| j.nq() == 1) {
        use rand::Rng;
        goal_q[joint.idx_q()] = rng.random_range(-0.8..0.8);
    }
    let mut targets = Vec::new();
    for foot in ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"] {
        let p = world_pose(&model, &goal_q, foot).translation.vector;
        targets.push(IkTarget::position(&model, foot, Point3::from(p)).expect("foot"));
    }
    let base_goal = world_pose(&model, &goal_q, "base_link");
    targets.push(
        IkTarget::pose(&model, "base_link", base_goal)
            .expect("base")
            .with_weights(10.0, 10.0),
    );
    let mut solver = IkSolver::new(&model);
    let options = IkOptions {
        time_budget: None,
        ..IkOptions::default()
    };
    let result = solver
        .solve(
            &model,
            &targets,
            model.neutral_configuration().as_slice(),
            &options,
        )
        .expect("solve");
    assert!(result.converged(), "{result:?}");
    assert_eq!(result.errors.len(), 5);
    for (target, foot) in targets
        .iter()
        .zip(["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"])
    {
        let p = world_pose(&model, &result.q, foot).translation.vector;
        assert!((p - target.pose.translation.vector).norm() < 1e-6, "{foot}");
    }
}

#[test]
fn unreachable_targets_report_a_status_not_an_error() {
    let model = planar_arm(&[0.5, 0.4]);
    let mut solver = IkSolver::new(&model);
    let far = IkTarget::position(&model, "tip", Point3::new(3.0, 0.0, 0.0)).expect("target");
    let options = IkOptions {
        max_restarts: 3,
        time_budget: None,
        ..IkOptions::default()
    };
    let result = solver
        .solve(&model, &[far], &[0.3, 0.3], &options)
        .expect("solve");
    assert_eq!(result.status, IkStatus::MaxIterations);
    // The best effort stretches the arm toward the point: 0.9 m reach, 2.1 m short.
    assert!(
        (result.max_position_error() - 2.1).abs() < 1e-4,
        "{result:?}"
    );
    let timed = IkOptions {
        time_budget: Some(Duration::ZERO),
        ..IkOptions::default()
    };
    let far = IkTarget::position(&model, "tip", Point3::new(3.0, 0.0, 0.0)).expect("target");
    let result = solver
        .solve(&model, &[far], &[0.3, 0.3], &timed)
        .expect("solve");
    assert_eq!(result.status, IkStatus::TimeBudget);
}

#[test]
fn targets_no_joint_moves_report_a_status() {
    // A model without joints, and a chain whose joints are all left inactive: nothing can
    // move the target, so a missed target is a status (and a met one converges at once).
    let rigid = morsel_kinematics::ChainBuilder::new("rigid")
        .fixed("tip", [0.5, 0.0, 0.0])
        .build()
        .expect("chain");
    let arm = planar_arm(&[0.5, 0.4]);
    let frozen = IkOptions {
        active_joints: Some(Vec::new()),
        time_budget: None,
        ..IkOptions::default()
    };
    for (model, options) in [(&rigid, IkOptions::default()), (&arm, frozen)] {
        let seed = vec![0.0; model.nq()];
        let mut solver = IkSolver::new(model);
        let far = IkTarget::position(model, "tip", Point3::new(3.0, 0.0, 0.0)).expect("target");
        let result = solver.solve(model, &[far], &seed, &options).expect("solve");
        assert_eq!(result.status, IkStatus::MaxIterations);
        assert_eq!(result.iterations, 0);
        assert_eq!(result.q.as_slice(), seed.as_slice());
        let here = world_pose(model, &DVector::from_vec(seed.clone()), "tip");
        let met = IkTarget::pose(model, "tip", here).expect("target");
        let result = solver.solve(model, &[met], &seed, &options).expect("solve");
        assert!(result.converged(), "{result:?}");
    }
}

#[test]
fn joint_limits_are_respected() {
    // The only way to reach (0, 1) with a 1 m two-link arm is straight up; with the first
    // joint limited to [-0.5, 0.5] rad the target is out of reach and q stays within limits.
    let model = morsel_kinematics::ChainBuilder::new("limited")
        .revolute("a", [0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [-0.5, 0.5])
        .revolute("b", [0.0, 0.0, 1.0], [0.5, 0.0, 0.0], [-0.5, 0.5])
        .fixed("tip", [0.5, 0.0, 0.0])
        .build()
        .expect("chain");
    let mut solver = IkSolver::new(&model);
    let target = IkTarget::position(&model, "tip", Point3::new(0.0, 1.0, 0.0)).expect("target");
    let options = IkOptions {
        max_restarts: 2,
        time_budget: None,
        ..IkOptions::default()
    };
    let result = solver
        .solve(&model, &[target], &[0.0, 0.0], &options)
        .expect("solve");
    assert!(!result.converged());
    assert!(model.within_limits(result.q.as_slice(), 0.0));
    // Best effort: both joints at their upper limit.
    assert!(
        (result.q[0] - 0.5).abs() < 1e-6 && (result.q[1] - 0.5).abs() < 1e-6,
        "{:?}",
        result.q
    );
}

#[test]
fn inactive_joints_keep_their_seed_values() {
    let model = panda();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let goal_q = random_q(&model, &mut rng);
    let goal = world_pose(&model, &goal_q, "panda_hand_tcp");
    let mut seed = model.mid_configuration();
    model
        .set_joint_position(seed.as_mut_slice(), "panda_finger_joint1", 0.03)
        .expect("finger");
    let arm: Vec<JointId> = (1..=7)
        .map(|i| model.joint_id(&format!("panda_joint{i}")).expect("joint"))
        .collect();
    let options = IkOptions {
        active_joints: Some(arm),
        time_budget: None,
        ..IkOptions::default()
    };
    let target = IkTarget::pose(&model, "panda_hand_tcp", goal).expect("target");
    let result = IkSolver::new(&model)
        .solve(&model, &[target], seed.as_slice(), &options)
        .expect("solve");
    assert!(result.converged());
    assert_eq!(
        model
            .joint_position(result.q.as_slice(), "panda_finger_joint1")
            .expect("finger"),
        0.03
    );
}

#[test]
fn invalid_input_is_an_error() {
    let model = planar_arm(&[0.5, 0.4]);
    let mut solver = IkSolver::new(&model);
    let ok = IkTarget::position(&model, "tip", Point3::new(0.3, 0.3, 0.0)).expect("target");
    let options = IkOptions::default();
    assert!(solver.solve(&model, &[], &[0.0, 0.0], &options).is_err());
    assert!(
        solver
            .solve(&model, std::slice::from_ref(&ok), &[0.0], &options)
            .is_err()
    );
    assert!(
        solver
            .solve(
                &model,
                std::slice::from_ref(&ok),
                &[0.0, f64::NAN],
                &options
            )
            .is_err()
    );
    let mut nan = ok.clone();
    nan.pose.translation.vector.x = f64::NAN;
    assert!(solver.solve(&model, &[nan], &[0.0, 0.0], &options).is_err());
    assert!(
        solver
            .solve(
                &model,
                &[ok.clone().with_weights(-1.0, 0.0)],
                &[0.0, 0.0],
                &options
            )
            .is_err()
    );
    let bad_tolerance = IkOptions {
        position_tolerance: 0.0,
        ..IkOptions::default()
    };
    assert!(
        solver
            .solve(
                &model,
                std::slice::from_ref(&ok),
                &[0.0, 0.0],
                &bad_tolerance
            )
            .is_err()
    );
    assert!(IkTarget::position(&model, "nope", Point3::origin()).is_err());
    let other = planar_arm(&[0.5, 0.4, 0.3]);
    assert!(
        IkSolver::new(&other)
            .solve(&model, &[ok], &[0.0, 0.0], &options)
            .is_err()
    );
}
