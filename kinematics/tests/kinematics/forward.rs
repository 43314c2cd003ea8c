//! Forward kinematics against closed forms.

use std::f64::consts::{FRAC_PI_2, PI};

use morsel_kinematics::{Data, FrameKey, forward_kinematics, frame_placement};
use nalgebra::Vector3;
use proptest::prelude::*;

use crate::common::{mixed_tree, planar_arm};

/// Planar arm: tip = Σ l_i (cos φ_i, sin φ_i) with φ_i = θ_1 + ... + θ_i, heading φ_n.
fn closed_form(lengths: &[f64], angles: &[f64]) -> (f64, f64, f64) {
    let (mut x, mut y, mut phi) = (0.0, 0.0, 0.0);
    for (l, a) in lengths.iter().zip(angles) {
        phi += a;
        x += l * phi.cos();
        y += l * phi.sin();
    }
    (x, y, phi)
}

#[test]
fn planar_chain_matches_closed_form_at_known_angles() {
    let lengths = [0.5, 0.3, 0.2];
    let model = planar_arm(&lengths);
    let mut data = Data::new(&model);
    for angles in [
        [0.0, 0.0, 0.0],
        [FRAC_PI_2, 0.0, 0.0],
        [FRAC_PI_2, -FRAC_PI_2, PI / 4.0],
        [0.3, 1.2, -2.5],
    ] {
        forward_kinematics(&model, &mut data, &angles).expect("fk");
        let tip = data.world_from_link(model.link_id("tip").expect("tip"));
        let (x, y, phi) = closed_form(&lengths, &angles);
        assert!(
            (tip.translation.vector - Vector3::new(x, y, 0.0)).norm() < 1e-12,
            "{angles:?}"
        );
        let heading = tip.rotation * Vector3::x();
        assert!((heading - Vector3::new(phi.cos(), phi.sin(), 0.0)).norm() < 1e-12);
    }
    // A concrete value: first joint at 90°, elbow at -90°: tip at (0.5, 0.5, 0).
    forward_kinematics(&model, &mut data, &[FRAC_PI_2, -FRAC_PI_2, 0.0]).expect("fk");
    let tip = data
        .world_from_link(model.link_id("tip").expect("tip"))
        .translation
        .vector;
    assert!((tip - Vector3::new(0.5, 0.5, 0.0)).norm() < 1e-12);
}

proptest! {
    #[test]
    fn planar_chain_matches_closed_form(a in -3.0..3.0f64, b in -3.0..3.0f64, c in -3.0..3.0f64, d in -3.0..3.0f64) {
        let lengths = [0.4, 0.35, 0.25, 0.1];
        let model = planar_arm(&lengths);
        let mut data = Data::new(&model);
        let angles = [a, b, c, d];
        forward_kinematics(&model, &mut data, &angles).expect("fk");
        let tip = data.world_from_link(model.link_id("tip").expect("tip"));
        let (x, y, _) = closed_form(&lengths, &angles);
        prop_assert!((tip.translation.vector - Vector3::new(x, y, 0.0)).norm() < 1e-12);
    }
}

#[test]
fn frame_placement_agrees_with_full_forward_kinematics() {
    let model = mixed_tree();
    let mut q = model.neutral_configuration();
    q.as_mut_slice()[..7].copy_from_slice(&[0.3, -0.2, 0.5, 0.1, 0.2, 0.3, 0.9]);
    morsel_kinematics::normalize_configuration(&model, q.as_mut_slice());
    model
        .set_joint_position(q.as_mut_slice(), "hip", 0.7)
        .expect("hip");
    model
        .set_joint_position(q.as_mut_slice(), "slide", -0.2)
        .expect("slide");
    let mut full = Data::new(&model);
    forward_kinematics(&model, &mut full, q.as_slice()).expect("fk");
    let mut partial = Data::new(&model);
    for name in ["tool_tip", "twin", "base", "world"] {
        let id = name.frame_id(&model).expect("frame");
        let pose = frame_placement(&model, &mut partial, q.as_slice(), id).expect("placement");
        let expected = full.world_from_frame(id);
        assert!(
            (pose.translation.vector - expected.translation.vector).norm() < 1e-14,
            "{name}"
        );
        assert!(pose.rotation.angle_to(&expected.rotation) < 1e-14, "{name}");
    }
}

#[test]
fn mimic_joint_follows_its_leader() {
    let model = mixed_tree();
    let mut q = model.neutral_configuration();
    model
        .set_joint_position(q.as_mut_slice(), "hip", 0.8)
        .expect("hip");
    // twin_hip = -0.5 * hip + 0.1
    let twin = model
        .joint_position(q.as_slice(), "twin_hip")
        .expect("twin");
    assert!((twin - (-0.3)).abs() < 1e-15);
    assert!(
        model
            .set_joint_position(q.as_mut_slice(), "twin_hip", 0.2)
            .is_err()
    );
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    // twin link: base (identity) then origin (-0.1, 0, 0.2) then rotation -0.3 about y.
    let twin_pose = data.world_from_link(model.link_id("twin").expect("twin"));
    let expected = nalgebra::UnitQuaternion::from_axis_angle(&Vector3::y_axis(), -0.3);
    assert!(twin_pose.rotation.angle_to(&expected) < 1e-14);
    assert!((twin_pose.translation.vector - Vector3::new(-0.1, 0.0, 0.2)).norm() < 1e-14);
}

#[test]
fn invalid_configurations_are_errors() {
    let model = planar_arm(&[1.0, 1.0]);
    let mut data = Data::new(&model);
    assert!(forward_kinematics(&model, &mut data, &[0.0]).is_err());
    assert!(forward_kinematics(&model, &mut data, &[0.0, f64::NAN]).is_err());
    let other = planar_arm(&[1.0, 1.0, 1.0]);
    let mut wrong = Data::new(&other);
    assert!(forward_kinematics(&model, &mut wrong, &[0.0, 0.0]).is_err());
    // A zero quaternion in a floating joint.
    let tree = mixed_tree();
    let mut tree_data = Data::new(&tree);
    let mut q = tree.neutral_configuration();
    q[3] = 0.0;
    assert!(forward_kinematics(&tree, &mut tree_data, q.as_slice()).is_err());
}

#[test]
fn configuration_values_beyond_the_range_are_errors() {
    use morsel_kinematics::{
        JointKind, JointSpec, KinematicsError, LinkSpec, MAX_JOINT_VALUE, ModelBuilder,
    };
    use nalgebra::Isometry3;
    let model = planar_arm(&[1.0, 1.0]);
    let mut data = Data::new(&model);
    // At the limit, the answer is the closed form.
    forward_kinematics(&model, &mut data, &[MAX_JOINT_VALUE, 0.0]).expect("at the limit");
    let tip = data.world_from_link(model.link_id("tip").expect("tip"));
    let (c, s) = (MAX_JOINT_VALUE.cos(), MAX_JOINT_VALUE.sin());
    assert!((tip.translation.vector - Vector3::new(2.0 * c, 2.0 * s, 0.0)).norm() < 1e-12);
    // Beyond it, an error that names the joint and the value.
    let err = forward_kinematics(&model, &mut data, &[0.0, -2e10]).expect_err("beyond");
    assert!(
        matches!(err, KinematicsError::InvalidArgument { .. }),
        "{err}"
    );
    let text = err.to_string();
    assert!(
        text.contains("\"j1\"") && text.contains("-2e10 rad"),
        "{text}"
    );

    // A floating base 20,000,000 km away, and a mimic joint driven beyond the range by its
    // multiplier although its leader is within it.
    let tree = mixed_tree();
    let mut tree_data = Data::new(&tree);
    let mut q = tree.neutral_configuration();
    q[0] = 2e10;
    let text = forward_kinematics(&tree, &mut tree_data, q.as_slice())
        .expect_err("far base")
        .to_string();
    assert!(
        text.contains("configuration[0]") && text.contains("\"root\""),
        "{text}"
    );

    let mut b = ModelBuilder::new("lever");
    for name in ["base", "a", "b"] {
        b.add_link(LinkSpec::new(name));
    }
    let axis = Vector3::z();
    let at = Isometry3::identity();
    b.add_joint(JointSpec::new(
        "lead",
        JointKind::Revolute,
        "base",
        "a",
        at,
        axis,
    ));
    b.add_joint(
        JointSpec::new("follow", JointKind::Revolute, "base", "b", at, axis)
            .with_mimic("lead", 100.0, 0.0),
    );
    let lever = b.build().expect("lever builds");
    let mut lever_data = Data::new(&lever);
    forward_kinematics(&lever, &mut lever_data, &[1e8]).expect("1e10 rad after the mimic");
    let text = forward_kinematics(&lever, &mut lever_data, &[1e9])
        .expect_err("1e11 rad after the mimic")
        .to_string();
    assert!(
        text.contains("\"follow\"") && text.contains("1e11 rad"),
        "{text}"
    );
}

#[test]
fn masses_and_inertias_beyond_the_limits_are_model_errors() {
    use morsel_kinematics::{
        Inertial, JointKind, JointSpec, KinematicsError, LinkSpec, MAX_INERTIA, MAX_MASS,
        ModelBuilder, center_of_mass,
    };
    use nalgebra::{Isometry3, Matrix3, Point3};
    // One link 1e10 m out on a slider, the other at the origin: the centre of mass is the
    // mass-weighted mean of the two, in closed form.
    let build = |mass: f64, inertia: f64| {
        let mut b = ModelBuilder::new("heavy");
        b.add_link(LinkSpec::new("base").with_inertial(Inertial {
            mass: 1.0,
            com: Point3::origin(),
            inertia: Matrix3::identity(),
        }));
        b.add_link(LinkSpec::new("load").with_inertial(Inertial {
            mass,
            com: Point3::new(1e10, 0.0, 0.0),
            inertia: Matrix3::identity() * inertia,
        }));
        let at = Isometry3::identity();
        b.add_joint(JointSpec::new(
            "s",
            JointKind::Prismatic,
            "base",
            "load",
            at,
            Vector3::x(),
        ));
        b.build()
    };
    let model = build(MAX_MASS, MAX_INERTIA).expect("at the limits");
    let com = center_of_mass(&model, &mut Data::new(&model), &[0.0]).expect("com");
    let expected = 1e10 * MAX_MASS / (MAX_MASS + 1.0);
    assert!((com.x - expected).abs() <= 1e-15 * expected, "{com}");
    for (mass, inertia, needle) in [
        (1e300, 1.0, "mass 1e300"),
        (1.0, -2e30, "inertia entry -2e30"),
    ] {
        let err = build(mass, inertia).expect_err("beyond a limit");
        assert!(matches!(err, KinematicsError::InvalidModel(_)), "{err}");
        assert!(err.to_string().contains(needle), "{err}");
    }
}
