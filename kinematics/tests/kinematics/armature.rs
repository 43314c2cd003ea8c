//! Armatures: MORSE services, timing of non-blocking motions, trajectories, IK targets.

use morsel_kinematics::{
    Armature, ArmaturePoseSensor, ChainBuilder, JointMove, KinematicsError, MotionKind, Trajectory,
    TrajectoryPoint,
};
use nalgebra::Vector3;

/// The chain of the design sketch: two revolute joints and a prismatic one.
fn arm() -> Armature {
    let model = ChainBuilder::new("arm")
        .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-2.9, 2.9])
        .revolute("elbow", [0.0, 1.0, 0.0], [0.0, 0.0, 0.4], [-2.0, 2.0])
        .prismatic("slide", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [0.0, 0.1])
        .build()
        .expect("arm builds");
    Armature::new("arm", model).expect("armature")
}

fn position(a: &Armature, joint: &str) -> f64 {
    a.joint_positions()
        .into_iter()
        .find(|(n, _)| n == joint)
        .map(|(_, v)| v)
        .expect("joint")
}

#[test]
fn rotate_one_radian_at_default_speed_takes_one_and_a_quarter_seconds() {
    let mut a = arm();
    assert_eq!(a.properties().rotation_speed, 0.8);
    a.rotate("shoulder", 1.0, None).expect("rotate");
    let dt = 0.01;
    let mut completed_at = None;
    let mut previous = 0.0;
    for _ in 0..200 {
        let report = a.tick(dt).expect("tick");
        let q = position(&a, "shoulder");
        assert!(q <= 1.0, "overshoot: {q}");
        assert!(q - previous <= 0.8 * dt + 1e-12, "faster than the speed");
        previous = q;
        if report.completed == Some(MotionKind::Joints) {
            completed_at = Some(report.time);
        }
        if !a.is_moving() {
            break;
        }
    }
    // 1 rad / 0.8 rad/s = 1.25 s; MORSE's tolerance (0.01 rad) may end it one tick earlier.
    let t = completed_at.expect("the motion completes");
    assert!((t - 1.25).abs() <= dt + 1e-9, "completed at {t}");
    assert_eq!(position(&a, "shoulder"), 1.0, "lands exactly on the target");
    assert!(
        (a.time() - 1.25).abs() <= dt + 1e-9,
        "settled at {}",
        a.time()
    );
}

#[test]
fn rotate_targets_are_clamped_and_speeds_can_differ_per_joint() {
    let mut a = arm();
    a.set_joint_speed("elbow", Some(2.0)).expect("speed");
    a.rotate_joints(&[("shoulder", 5.0), ("elbow", -1.0)], None)
        .expect("rotate");
    for _ in 0..100 {
        a.tick(0.1).expect("tick");
    }
    assert_eq!(position(&a, "shoulder"), 2.9, "clamped to the upper limit");
    assert_eq!(position(&a, "elbow"), -1.0);
    // With per-joint speeds in one call: after 0.5 s, 0.25 rad at 0.5 rad/s and 0.01 m at 0.02 m/s.
    let mut b = arm();
    b.move_joints(&[
        JointMove {
            joint: "shoulder".into(),
            position: 1.0,
            speed: Some(0.5),
        },
        JointMove {
            joint: "slide".into(),
            position: 0.1,
            speed: Some(0.02),
        },
    ])
    .expect("move");
    for _ in 0..5 {
        b.tick(0.1).expect("tick");
    }
    assert!((position(&b, "shoulder") - 0.25).abs() < 1e-12);
    assert!((position(&b, "slide") - 0.01).abs() < 1e-12);
}

#[test]
fn a_new_motion_interrupts_the_running_one() {
    let mut a = arm();
    a.rotate("shoulder", 1.0, Some(1.0)).expect("rotate");
    a.tick(0.5).expect("tick");
    a.rotate("shoulder", 0.0, Some(1.0)).expect("rotate back");
    a.tick(0.2).expect("tick");
    assert!((position(&a, "shoulder") - 0.3).abs() < 1e-12);
}

#[test]
fn translate_uses_linear_speed_and_distance_tolerance() {
    let mut a = arm();
    a.translate("slide", 0.1, None).expect("translate");
    // 0.1 m at 0.05 m/s: 2 s. Within 0.005 m (tolerance) at 1.9 s.
    let mut completed = None;
    for _ in 0..30 {
        let r = a.tick(0.1).expect("tick");
        if r.completed.is_some() {
            completed = Some(r.time);
        }
    }
    assert!((completed.expect("completes") - 1.9).abs() < 1e-9);
    assert_eq!(position(&a, "slide"), 0.1);
    assert!(matches!(
        a.translate("shoulder", 0.1, None),
        Err(KinematicsError::WrongJointType { .. })
    ));
    assert!(matches!(
        a.rotate("slide", 0.1, None),
        Err(KinematicsError::WrongJointType { .. })
    ));
    assert!(a.rotate("nope", 0.1, None).is_err());
    assert!(a.rotate("shoulder", 0.1, Some(0.0)).is_err());
    assert!(
        a.rotate_joints(&[("shoulder", 0.1), ("shoulder", 0.2)], None)
            .is_err()
    );
}

#[test]
fn set_rotations_follows_morse_rules() {
    let mut a = arm();
    assert_eq!(a.get_joints(), ["shoulder", "elbow", "slide"]);
    // Fewer values: only the first joints are set.
    a.set_rotations(&[0.5]).expect("one value");
    assert_eq!(
        (position(&a, "shoulder"), position(&a, "elbow")),
        (0.5, 0.0)
    );
    // Two values on two revolute joints.
    a.set_rotations(&[0.2, 0.3]).expect("two values");
    assert_eq!(
        (position(&a, "shoulder"), position(&a, "elbow")),
        (0.2, 0.3)
    );
    // Three values reach the prismatic joint: an error, and nothing is applied.
    let err = a
        .set_rotations(&[1.0, 1.0, 1.0])
        .expect_err("prismatic among the first three");
    assert!(
        matches!(err, KinematicsError::WrongJointType { .. }),
        "{err}"
    );
    assert_eq!(
        (position(&a, "shoulder"), position(&a, "elbow")),
        (0.2, 0.3)
    );
    // Values are clamped to the limits.
    a.set_rotations(&[9.0, -9.0]).expect("clamped");
    assert_eq!(
        (position(&a, "shoulder"), position(&a, "elbow")),
        (2.9, -2.0)
    );
    // Extra values beyond the joints are discarded (here for translations on a prismatic-first chain).
    let model = ChainBuilder::new("lift")
        .prismatic("z", [0.0, 0.0, 1.0], [0.0; 3], [0.0, 1.0])
        .prismatic("x", [1.0, 0.0, 0.0], [0.0; 3], [-1.0, 1.0])
        .build()
        .expect("lift");
    let mut lift = Armature::new("lift", model).expect("lift armature");
    lift.set_translations(&[0.5, -0.25, 7.0, 8.0])
        .expect("extra values discarded");
    assert_eq!(
        lift.joint_positions(),
        vec![("z".to_owned(), 0.5), ("x".to_owned(), -0.25)]
    );
    assert!(lift.set_rotations(&[0.1]).is_err());
    // set_rotation / set_translation by name.
    a.set_rotation("elbow", 0.7).expect("elbow");
    assert_eq!(position(&a, "elbow"), 0.7);
    assert!(a.set_rotation("slide", 0.01).is_err());
    a.set_translation("slide", 0.5).expect("clamped slide");
    assert_eq!(position(&a, "slide"), 0.1);
    assert!(a.set_rotation("elbow", f64::NAN).is_err());
}

#[test]
fn properties_services_and_configuration() {
    let mut a = arm();
    let props = a.get_properties();
    assert_eq!(props[0], ("DistanceTolerance", 0.005));
    assert_eq!(props.len(), 6);
    a.set_property("RotationSpeed", 2.0).expect("set");
    assert_eq!(a.properties().rotation_speed, 2.0);
    assert!(a.set_property("Colour", 1.0).is_err());
    assert_eq!(a.get_ik_limits("elbow").expect("limits"), (-2.0, 2.0));
    assert_eq!(a.get_ik_limits("slide").expect("limits"), (0.0, 0.1));
    let dofs = a.get_dofs();
    assert_eq!(dofs[1], ("elbow".to_owned(), [false, true, false]));
    let config = a.get_configurations();
    assert_eq!(config.joints.len(), 3);
    assert_eq!(config.joints[0].speed, 2.0);
    assert_eq!(config.joints[2].speed, 0.05);
}

#[test]
fn trajectories_interpolate_and_skip_late_waypoints() {
    let mut a = arm();
    let point = |positions: Vec<f64>, velocities: Option<Vec<f64>>, t: f64| TrajectoryPoint {
        positions,
        velocities,
        time_from_start: t,
    };
    // Linear: shoulder to 1.0 at t = 1, back to 0.5 at t = 2.
    a.trajectory(&Trajectory {
        start_time: None,
        points: vec![
            point(vec![1.0, 0.0], None, 1.0),
            point(vec![0.5, 0.0], None, 2.0),
        ],
    })
    .expect("trajectory");
    let mut reports = Vec::new();
    for _ in 0..25 {
        reports.push(a.tick(0.1).expect("tick"));
        let t = a.time();
        let expected = if t <= 1.0 {
            t
        } else if t <= 2.0 {
            1.0 - 0.5 * (t - 1.0)
        } else {
            0.5
        };
        assert!(
            (position(&a, "shoulder") - expected).abs() < 1e-9,
            "t = {t}"
        );
    }
    assert!(
        reports
            .iter()
            .any(|r| r.completed == Some(MotionKind::Trajectory))
    );
    // Hermite when velocities are given: a velocity of 1 rad/s at the end of a 1 s segment
    // from rest: q(s) = (s³ - s²) + (-2s³ + 3s²) q1.
    let mut b = arm();
    b.trajectory(&Trajectory {
        start_time: None,
        points: vec![point(vec![0.5], Some(vec![1.0]), 1.0)],
    })
    .expect("hermite");
    b.tick(0.5).expect("tick");
    let s: f64 = 0.5;
    let expected = (s.powi(3) - s * s) * 1.0 + (-2.0 * s.powi(3) + 3.0 * s * s) * 0.5;
    assert!((position(&b, "shoulder") - expected).abs() < 1e-12);
    // A start time in the past makes early waypoints late: they are skipped with a warning.
    let mut c = arm();
    c.tick(1.0).expect("tick");
    c.trajectory(&Trajectory {
        start_time: Some(0.0),
        points: vec![point(vec![2.0], None, 0.5), point(vec![1.0], None, 2.0)],
    })
    .expect("late");
    let report = c.tick(0.5).expect("tick");
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    // From 0 at t = 1 toward 1.0 due at t = 2: halfway at 1.5.
    assert!((position(&c, "shoulder") - 0.5).abs() < 1e-12);
    // Malformed trajectories are errors.
    assert!(
        c.trajectory(&Trajectory {
            start_time: None,
            points: vec![]
        })
        .is_err()
    );
    assert!(
        c.trajectory(&Trajectory {
            start_time: None,
            points: vec![point(vec![0.0; 4], None, 1.0)]
        })
        .is_err()
    );
}

#[test]
fn trajectory_waiting_for_its_start_time_holds_still() {
    let mut a = arm();
    let points = vec![TrajectoryPoint {
        positions: vec![1.0],
        velocities: None,
        time_from_start: 1.0,
    }];
    a.trajectory(&Trajectory {
        start_time: Some(2.0),
        points,
    })
    .expect("trajectory");
    for _ in 0..20 {
        a.tick(0.1).expect("tick");
    }
    assert!(
        position(&a, "shoulder").abs() < 1e-12,
        "nothing before t = 2"
    );
    for _ in 0..5 {
        a.tick(0.1).expect("tick");
    }
    assert!(
        (position(&a, "shoulder") - 0.5).abs() < 1e-9,
        "halfway at t = 2.5"
    );
}

#[test]
fn ik_targets_place_and_move_at_speed() {
    let mut a = arm();
    a.set_rotations(&[0.2, 0.4])
        .expect("start away from the singular straight pose");
    let names = a.create_ik_targets(&["slide"]).expect("targets");
    assert_eq!(names, ["ik_target.arm.slide"]);
    assert_eq!(a.list_ik_targets(), names);
    let start = a.frame_pose("slide").expect("pose");
    assert!(
        (a.ik_target_pose("slide")
            .expect("target")
            .translation
            .vector
            - start.translation.vector)
            .norm()
            < 1e-12
    );
    // Place it 5 cm further along the slide's axis (relative), keeping orientation: only the
    // prismatic joint can do that, and IK follows at once.
    let axis = start.rotation * Vector3::z();
    let shift = axis * 0.05;
    let result = a
        .place_ik_target(
            "ik_target.arm.slide",
            [shift.x, shift.y, shift.z],
            [0.0; 3],
            true,
        )
        .expect("place");
    assert!(result.converged(), "{result:?}");
    let placed = a.frame_pose("slide").expect("pose").translation.vector;
    assert!((placed - (start.translation.vector + shift)).norm() < 1e-6);
    assert!((position(&a, "slide") - 0.05).abs() < 1e-6);
    assert!(
        (position(&a, "shoulder") - 0.2).abs() < 1e-6 && (position(&a, "elbow") - 0.4).abs() < 1e-6
    );
    // Move it 0.1 m along y at 0.05 m/s, orientation free by turning the target into a
    // position target: 2 s, and the tip follows continuously.
    a.create_ik_target("slide", morsel_kinematics::IkTargetKind::Position)
        .expect("position target");
    a.move_ik_target("slide", [0.0, 0.1, 0.0], [0.0; 3], true, Some(0.05), None)
        .expect("move");
    let mut sensor = ArmaturePoseSensor::new();
    let mut completed_at = None;
    let mut previous_tip = placed;
    for _ in 0..300 {
        let report = a.tick(0.01).expect("tick");
        sensor.sample(&a);
        let tip = a.frame_pose("slide").expect("pose").translation.vector;
        assert!(
            (tip - previous_tip).norm() < 0.05 * 0.01 + 1e-6,
            "the tip jumped"
        );
        previous_tip = tip;
        if matches!(report.completed, Some(MotionKind::IkTarget(_))) {
            completed_at = Some(report.time);
            break;
        }
    }
    assert!((completed_at.expect("arrives") - 2.0).abs() < 0.011);
    assert!((previous_tip - (placed + Vector3::new(0.0, 0.1, 0.0))).norm() < 1e-6);
    assert_eq!(sensor.readings().len(), 200);
    assert_eq!(sensor.readings()[0].joints.len(), 3);
    assert!(sensor.readings()[10].get("shoulder").is_some());
    assert!(a.place_ik_target("nope", [0.0; 3], [0.0; 3], true).is_err());
}

#[test]
fn placement_is_separate_from_joint_motion() {
    let mut a = arm();
    let before = a.frame_pose("slide").expect("pose");
    a.set_placement(nalgebra::Isometry3::translation(1.0, 0.0, 0.0))
        .expect("place");
    let after = a.frame_pose("slide").expect("pose");
    assert!(
        (after.translation.vector - before.translation.vector - Vector3::new(1.0, 0.0, 0.0)).norm()
            < 1e-12
    );
    assert!(a.joint_positions().iter().all(|(_, v)| *v == 0.0));
}

#[test]
fn armatures_hold_floating_joints_and_reject_bad_ticks() {
    // A floating base is held in the configuration: listed by its seven components in
    // MuJoCo's qpos order, set through set_configuration, and not driven by joint services.
    let model = crate::common::mixed_tree();
    let mut a = Armature::new("tree", model).expect("a floating-base armature");
    let names = a.get_joints();
    assert_eq!(
        &names[..7],
        [
            "root.x", "root.y", "root.z", "root.qw", "root.qx", "root.qy", "root.qz"
        ]
    );
    let mut q = a.configuration().clone();
    // Model layout (MuJoCo's qpos): x y z, then quaternion w x y z.
    q.as_mut_slice()[..7].copy_from_slice(&[0.5, -0.25, 1.0, 0.8, 0.0, 0.0, 0.6]);
    a.set_configuration(q.as_slice()).expect("set");
    let positions = a.joint_positions();
    let values: Vec<f64> = positions[..7].iter().map(|(_, v)| *v).collect();
    assert_eq!(values, [0.5, -0.25, 1.0, 0.8, 0.0, 0.0, 0.6]);
    let base = a.frame_pose("base").expect("base pose");
    assert!((base.translation.vector - Vector3::new(0.5, -0.25, 1.0)).norm() < 1e-15);
    // The unit quaternion (w 0.8, z 0.6) turns by 2 atan2(0.6, 0.8) about z.
    let angle = 2.0 * 0.6f64.atan2(0.8);
    assert!((base.rotation.angle() - angle).abs() < 1e-12);
    assert!(a.set_rotation("root", 0.1).is_err());
    assert!(a.tick(0.0).is_err());
    let mut a = arm();
    assert!(a.tick(0.0).is_err());
    assert!(a.tick(f64::NAN).is_err());
}
