//! The torque-limited feasible region of robot-bound stances (`morsel_lab::feasible_region`) on
//! Solo-12 and the Unitree G1 (MuJoCo Menagerie): the torque map that joins the robot to the
//! stance against `stance_torques` (Newton–Euler with the distributed wrenches on the links, a
//! second path to `g − Σ Jᵀ w`), and the region against the static polygon.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use morsel_kinematics::urdf::{self, UrdfOptions};
use morsel_kinematics::{Model, mjcf};
use morsel_lab::bound_contact::{BindingError, BoundContact};
use morsel_lab::feasible_region::{feasible_region, torque_map};
use morsel_lab::live_stance::{ComSource, LiveStance};
use morsel_lab::simulation::Robot;
use morsel_lab::stance_torques::stance_torques;
use morsel_stability::{Contact, ConvexPolygon, DistributionWeights, PolygonMethod, StaticPolygon};
use nalgebra::{DVector, Isometry3, Translation3, UnitQuaternion};

fn asset(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots")
        .join(file)
}

/// Solo-12 standing (hips ±0.8, knees ∓1.6), placed turned and slightly tilted, square soles
/// under the four feet.
fn solo() -> (Robot, LiveStance) {
    let model = urdf::load_file(asset("solo12/solo12.urdf"), &UrdfOptions::default()).unwrap();
    let mut q = model.reference_configuration().as_slice().to_vec();
    for (leg, sign) in [("FL", 1.0), ("FR", 1.0), ("HL", -1.0), ("HR", -1.0)] {
        for (joint, value) in [("HFE", 0.8 * sign), ("KFE", -1.6 * sign)] {
            let name = format!("{leg}_{joint}");
            model
                .set_joint_position(&mut q, name.as_str(), value)
                .unwrap();
        }
    }
    let robot = Robot::from_model("solo".into(), model).unwrap();
    robot.with(|a| a.set_configuration(&q)).unwrap();
    robot
        .place(Isometry3::from_parts(
            Translation3::new(0.1, -0.2, 0.3),
            UnitQuaternion::from_euler_angles(0.03, -0.02, 0.4),
        ))
        .unwrap();
    let feet = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"]
        .iter()
        .map(|f| {
            let c = Contact::from_pos_rpy([0.01, 0.01], [0.0, 0.0, -0.016], [0.0; 3], 0.8)
                .unwrap()
                .with_link(f.to_string());
            BoundContact::new(c, true)
        })
        .collect();
    let stance = LiveStance::new(
        feet,
        Some(&robot),
        ComSource::Robot(robot.clone()),
        None,
        None,
    )
    .unwrap();
    (robot, stance)
}

/// The G1 at its reference configuration on its two soles (the rectangles of the foot spheres).
fn g1() -> (Robot, LiveStance, Model) {
    let model = mjcf::load_file(asset("menagerie/unitree_g1/g1.xml")).unwrap();
    let robot = Robot::from_model("g1".into(), model.clone()).unwrap();
    let soles = ["left_ankle_roll_link", "right_ankle_roll_link"]
        .iter()
        .map(|l| {
            let c = Contact::from_pos_rpy([0.085, 0.0275], [0.035, 0.0, -0.035], [0.0; 3], 0.8)
                .unwrap()
                .with_link(l.to_string());
            BoundContact::new(c, true)
        })
        .collect();
    let stance = LiveStance::new(
        soles,
        Some(&robot),
        ComSource::Robot(robot.clone()),
        None,
        None,
    )
    .unwrap();
    (robot, stance, model)
}

fn bounded(p: &StaticPolygon) -> &ConvexPolygon {
    p.polygon()
        .unwrap_or_else(|| panic!("expected a bounded polygon, got {p:?}"))
}

/// `g − Σ J_kᵀ w_k` from the torque map equals `stance_torques`' Newton–Euler torques with the
/// same wrenches on the links, and the map's `g` its gravity torques.
fn assert_map_matches_newton_euler(stance: &LiveStance) {
    let t = stance_torques(stance, &DistributionWeights::default()).unwrap();
    let map = torque_map(stance, &[]).unwrap();
    let mut tau = DVector::from_column_slice(map.gravity_torques());
    for (j, w) in map.jacobians().iter().zip(&t.distribution.wrenches) {
        tau -= j.transpose() * w.world;
    }
    let scale = t.torques.iter().fold(1.0f64, |m, v| m.max(v.abs()));
    for (i, name) in t.names.iter().enumerate() {
        assert!(
            (tau[i] - t.torques[i]).abs() < 1e-9 * scale,
            "{name}: {} vs {}",
            tau[i],
            t.torques[i]
        );
        assert!((map.gravity_torques()[i] - t.gravity_torques[i]).abs() < 1e-12 * scale);
    }
}

#[test]
fn the_torque_map_equals_newton_euler_on_solo12_and_the_g1() {
    let (_, solo) = solo();
    assert_map_matches_newton_euler(&solo);
    let (_, g1, _) = g1();
    assert_map_matches_newton_euler(&g1);
}

#[test]
fn torque_limits_shrink_solo12s_region() {
    let (_, stance) = solo();
    let built = stance.current().unwrap();
    let static_polygon = built
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    // The URDF's limits (1000 N·m) never bind: the region is the static polygon.
    let model = feasible_region(&stance, &[]).unwrap();
    assert!(bounded(&model.region).hausdorff_distance(bounded(&static_polygon)) < 1e-9);
    let knees = |limit: f64| -> Vec<(String, f64)> {
        ["FL", "FR", "HL", "HR"]
            .iter()
            .map(|leg| (format!("{leg}_KFE"), limit))
            .collect()
    };
    let weak = feasible_region(&stance, &knees(0.6)).unwrap();
    let (a, b) = (
        bounded(&weak.region).area(),
        bounded(&static_polygon).area(),
    );
    assert!(a < 0.5 * b && a > 0.05 * b, "knees 0.6 N m: {a} of {b} m²");
    for v in bounded(&weak.region).vertices() {
        assert!(bounded(&static_polygon).signed_distance(*v) > -1e-9);
    }
    // Weaker still: smaller still, then nothing.
    let weaker = feasible_region(&stance, &knees(0.4)).unwrap();
    assert!(bounded(&weaker.region).area() < a);
    let none = feasible_region(&stance, &knees(0.01)).unwrap();
    assert_eq!(none.region.status(), "empty", "{:?}", none.region);
    assert!(none.region.reason().unwrap().contains("limit"));
    // Bad limits are typed errors.
    assert!(matches!(
        feasible_region(&stance, &[("nope".into(), 1.0)]),
        Err(BindingError::UnknownJoint { .. })
    ));
    assert!(feasible_region(&stance, &[("FL_KFE".into(), -1.0)]).is_err());
    assert!(feasible_region(&stance, &[("FL_KFE".into(), f64::NAN)]).is_err());
}

#[test]
fn torque_limits_shrink_the_g1s_region() {
    let (_, stance, model) = g1();
    assert!(model.nv() > 6);
    let built = stance.current().unwrap();
    let static_polygon = built
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    let own = feasible_region(&stance, &[]).unwrap();
    // The free joint's six values have no limit; the legs' come from actuatorfrcrange.
    assert!(own.limits[..6].iter().all(|l| l.is_infinite()));
    assert!(own.limits[6..].iter().any(|l| l.is_finite()));
    assert!(bounded(&own.region).hausdorff_distance(bounded(&static_polygon)) < 1e-9);
    let ankles: Vec<(String, f64)> = ["left", "right"]
        .iter()
        .flat_map(|s| {
            [
                (format!("{s}_ankle_pitch_joint"), 5.0),
                (format!("{s}_ankle_roll_joint"), 5.0),
            ]
        })
        .collect();
    let weak = feasible_region(&stance, &ankles).unwrap();
    let (a, b) = (
        bounded(&weak.region).area(),
        bounded(&static_polygon).area(),
    );
    assert!(a < 0.5 * b && a > 0.05 * b, "ankles 5 N m: {a} of {b} m²");
    for v in bounded(&weak.region).vertices() {
        assert!(bounded(&static_polygon).signed_distance(*v) > -1e-9);
    }
}
