//! Frame and centre-of-mass Jacobians against central finite differences.

use morsel_kinematics::spatial::log3;
use morsel_kinematics::urdf::RootJoint;
use morsel_kinematics::{
    Data, FrameKey, JacobianConvention, Model, center_of_mass, com_jacobian, forward_kinematics,
    frame_jacobian, integrate, random_configuration,
};
use nalgebra::{DVector, Isometry3, Matrix3xX, Matrix6xX, Vector3, Vector6};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{mixed_tree, panda, solo12, ur5};

const EPS: f64 = 1e-6;

/// The configuration reached from `q` by `step` along velocity direction `k`.
fn moved(model: &Model, q: &DVector<f64>, k: usize, step: f64) -> DVector<f64> {
    let mut v = DVector::zeros(model.nv());
    v[k] = step;
    let mut out = q.clone();
    integrate(model, q.as_slice(), v.as_slice(), out.as_mut_slice()).expect("integrate");
    out
}

/// World pose of a frame by full forward kinematics (not the path evaluation the Jacobian uses).
fn pose(model: &Model, q: &DVector<f64>, frame: &str) -> Isometry3<f64> {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, q.as_slice()).expect("fk");
    *data.world_from_frame(model.frame_id(frame).expect("frame"))
}

/// Column `k` of the Jacobian by central differences, from the definitions of each convention.
fn finite_difference_column(
    model: &Model,
    q: &DVector<f64>,
    frame: &str,
    k: usize,
    convention: JacobianConvention,
) -> Vector6<f64> {
    let m0 = pose(model, q, frame);
    let plus = pose(model, &moved(model, q, k, EPS), frame);
    let minus = pose(model, &moved(model, q, k, -EPS), frame);
    let (linear, angular) = match convention {
        // Velocity of the frame origin and angular velocity, world axes.
        JacobianConvention::LocalWorldAligned => (
            (plus.translation.vector - minus.translation.vector) / (2.0 * EPS),
            log3(&(plus.rotation * minus.rotation.inverse())) / (2.0 * EPS),
        ),
        // The same two quantities in the frame's own axes at q.
        JacobianConvention::Local => {
            let r = m0.rotation.inverse();
            (
                r * (plus.translation.vector - minus.translation.vector) / (2.0 * EPS),
                log3(&(minus.rotation.inverse() * plus.rotation)) / (2.0 * EPS),
            )
        }
        // Velocity of the body point that sits at the world origin at q.
        JacobianConvention::World => {
            let body_point = m0.inverse() * nalgebra::Point3::origin();
            (
                (plus * body_point - minus * body_point) / (2.0 * EPS),
                log3(&(plus.rotation * minus.rotation.inverse())) / (2.0 * EPS),
            )
        }
    };
    Vector6::new(
        linear.x, linear.y, linear.z, angular.x, angular.y, angular.z,
    )
}

fn check_frame(model: &Model, q: &DVector<f64>, frame: &str) {
    let mut data = Data::new(model);
    let mut jacobian = Matrix6xX::zeros(model.nv());
    for convention in [
        JacobianConvention::World,
        JacobianConvention::Local,
        JacobianConvention::LocalWorldAligned,
    ] {
        frame_jacobian(
            model,
            &mut data,
            q.as_slice(),
            frame,
            convention,
            &mut jacobian,
        )
        .expect("jacobian");
        for k in 0..model.nv() {
            let fd = finite_difference_column(model, q, frame, k, convention);
            let analytic = jacobian.column(k);
            let error = (analytic - fd).norm();
            assert!(
                error < 1e-7,
                "{} frame {frame} {convention:?} column {k}: analytic {analytic:?} fd {fd:?}",
                model.name()
            );
        }
    }
}

fn random_q(model: &Model, seed: u64) -> DVector<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut q = model.neutral_configuration();
    random_configuration(model, &mut rng, false, q.as_mut_slice()).expect("random");
    q
}

#[test]
fn panda_jacobians_match_finite_differences() {
    let model = panda();
    for seed in 0..3 {
        let q = random_q(&model, seed);
        for frame in [
            "panda_hand_tcp",
            "panda_link4",
            "panda_leftfinger",
            "panda_rightfinger",
        ] {
            check_frame(&model, &q, frame);
        }
    }
}

#[test]
fn ur5_jacobians_match_finite_differences() {
    let model = ur5();
    let q = random_q(&model, 7);
    check_frame(&model, &q, "tool0");
    check_frame(&model, &q, "forearm_link");
}

#[test]
fn floating_base_jacobians_match_finite_differences() {
    let model = solo12(RootJoint::Floating, false);
    let q = random_q(&model, 3);
    for frame in ["FL_FOOT", "HR_FOOT", "base_link"] {
        check_frame(&model, &q, frame);
    }
}

#[test]
fn mixed_tree_jacobians_match_finite_differences() {
    let model = mixed_tree();
    for seed in 0..3 {
        let q = random_q(&model, 10 + seed);
        for frame in ["tool_tip", "twin", "slider", "world"] {
            check_frame(&model, &q, frame);
        }
    }
}

#[test]
fn columns_of_joints_off_the_path_are_zero() {
    let model = panda();
    let q = random_q(&model, 1);
    let mut data = Data::new(&model);
    let mut jacobian = Matrix6xX::zeros(model.nv());
    frame_jacobian(
        &model,
        &mut data,
        q.as_slice(),
        "panda_hand_tcp",
        JacobianConvention::World,
        &mut jacobian,
    )
    .expect("j");
    let finger = model.joint(model.joint_id("panda_finger_joint1").expect("finger"));
    assert_eq!(jacobian.column(finger.idx_v()).norm(), 0.0);
    let mut wrong = Matrix6xX::zeros(3);
    assert!(
        frame_jacobian(
            &model,
            &mut data,
            q.as_slice(),
            "panda_hand_tcp",
            JacobianConvention::World,
            &mut wrong
        )
        .is_err()
    );
    assert!("nope".frame_id(&model).is_err());
}

fn com(model: &Model, q: &DVector<f64>) -> Vector3<f64> {
    let mut data = Data::new(model);
    center_of_mass(model, &mut data, q.as_slice())
        .expect("com")
        .coords
}

#[test]
fn com_jacobian_matches_finite_differences() {
    for (model, seed) in [
        (mixed_tree(), 1),
        (panda(), 2),
        (solo12(RootJoint::Floating, false), 3),
    ] {
        let q = random_q(&model, seed);
        let mut data = Data::new(&model);
        let mut jacobian = Matrix3xX::zeros(model.nv());
        com_jacobian(&model, &mut data, q.as_slice(), &mut jacobian).expect("com jacobian");
        for k in 0..model.nv() {
            let fd = (com(&model, &moved(&model, &q, k, EPS))
                - com(&model, &moved(&model, &q, k, -EPS)))
                / (2.0 * EPS);
            assert!(
                (jacobian.column(k) - fd).norm() < 1e-8,
                "{} column {k}",
                model.name()
            );
        }
    }
}

#[test]
fn com_is_the_mass_weighted_mean_of_link_coms() {
    // Independent sum over links using full forward kinematics.
    let model = mixed_tree();
    let q = random_q(&model, 4);
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    let mut sum = Vector3::zeros();
    for (link, pose) in model.links().iter().zip(data.world_from_links()) {
        sum += (pose * link.inertial().com).coords * link.inertial().mass;
    }
    let expected = sum / model.total_mass();
    assert!((com(&model, &q) - expected).norm() < 1e-14);
    assert!((model.total_mass() - 4.5).abs() < 1e-12);
}
