//! Contacts that follow robot links (`morsel_lab::bound_contact`), stances over them
//! (`live_stance`) and the shared distributor (`stance_distributor`), on Solo-12 and the Panda.
//!
//! Every expected pose is computed here from the model's own forward kinematics
//! (`morsel_kinematics::forward_kinematics` at the configuration set, times the placement, times
//! the offset), not through the robot handle or the binding code.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use morsel_kinematics::urdf::{self, UrdfOptions};
use morsel_kinematics::{Data, Model, center_of_mass, forward_kinematics};
use morsel_lab::bound_contact::{BindingError, BoundContact};
use morsel_lab::distributor::ComAcceleration;
use morsel_lab::live_stance::{ComSource, LiveStance};
use morsel_lab::simulation::Robot;
use morsel_lab::stance_distributor::StanceDistributor;
use morsel_stability::{Contact, ContactSet, PolygonMethod, Stance};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

const FEET: [&str; 4] = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"];

fn load(file: &str) -> (Robot, Model) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots")
        .join(file);
    let model = urdf::load_file(path, &UrdfOptions::default()).unwrap();
    (Robot::from_model("r".into(), model.clone()).unwrap(), model)
}

/// `placement * FK(q)[frame]`, from the model alone.
fn fk(model: &Model, q: &[f64], placement: &Isometry3<f64>, frame: &str) -> Isometry3<f64> {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, q).unwrap();
    placement * data.world_from_frame(model.frame_id(frame).unwrap())
}

fn assert_pose(a: &Isometry3<f64>, b: &Isometry3<f64>, tol: f64) {
    let dt = (a.translation.vector - b.translation.vector).norm();
    let dr = a.rotation.angle_to(&b.rotation);
    assert!(dt < tol && dr < tol, "{a} vs {b}: {dt} m, {dr} rad");
}

fn set_q(robot: &Robot, q: &[f64]) {
    robot.with(|a| a.set_configuration(q)).unwrap();
}

/// A standing Solo-12 configuration: hips +-0.8, knees -+1.6 (HFE, KFE of each leg).
fn standing(model: &Model) -> Vec<f64> {
    let mut q = model.reference_configuration().as_slice().to_vec();
    for (leg, sign) in [("FL", 1.0), ("FR", 1.0), ("HL", -1.0), ("HR", -1.0)] {
        for (joint, value) in [("HFE", 0.8 * sign), ("KFE", -1.6 * sign)] {
            model
                .set_joint_position(&mut q, format!("{leg}_{joint}").as_str(), value)
                .unwrap();
        }
    }
    q
}

fn square(pos: [f64; 3], rpy: [f64; 3]) -> Contact {
    Contact::from_pos_rpy([0.01, 0.01], pos, rpy, 0.8).unwrap()
}

/// A stance of square contacts attached to the four Solo-12 feet at offset `sole`, its centre
/// of mass read from the robot.
fn feet_stance(solo: &Robot, sole: [f64; 3]) -> LiveStance {
    let feet = FEET
        .iter()
        .map(|f| BoundContact::new(square(sole, [0.0; 3]).with_link(f.to_string()), true))
        .collect();
    LiveStance::new(feet, Some(solo), ComSource::Robot(solo.clone()), None, None).unwrap()
}

#[test]
fn a_contact_on_a_solo_foot_follows_its_forward_kinematics() {
    let (solo, model) = load("solo12/solo12.urdf");
    let placement = Isometry3::from_parts(
        Translation3::new(0.3, -0.2, 0.5),
        UnitQuaternion::from_euler_angles(0.1, -0.2, 0.7),
    );
    solo.place(placement).unwrap();
    let offset = Isometry3::from_parts(
        Translation3::new(0.01, -0.02, -0.015),
        UnitQuaternion::from_euler_angles(0.3, 0.2, -0.4),
    );
    let base = Contact::new([0.01, 0.01], offset, 0.8).unwrap();
    let c = BoundContact::new(base, false)
        .attached(solo.clone(), "FL_FOOT".into())
        .unwrap();
    assert_eq!(c.contact().link(), Some("FL_FOOT"));
    for q in [
        model.reference_configuration().as_slice().to_vec(),
        standing(&model),
        (0..model.nq())
            .map(|i| 0.37 * (i as f64 + 1.0).sin())
            .collect(),
    ] {
        set_q(&solo, &q);
        let expected = fk(&model, &q, &placement, "FL_FOOT") * offset;
        assert_pose(&c.current().unwrap().pose().clone(), &expected, 1e-12);
        assert_pose(&c.world_pose().unwrap(), &expected, 1e-12);
    }
    // refresh() moves the stored contact; the given pose stays the offset.
    let mut c = c;
    c.refresh().unwrap();
    assert_pose(c.given(), &offset, 1e-15);
}

#[test]
fn world_orientation_on_a_panda_link_only_translates() {
    let (panda, model) = load("panda/panda.urdf");
    let rotation = UnitQuaternion::from_euler_angles(0.0, 0.4, 0.0);
    let given = Isometry3::from_parts(Translation3::new(0.0, 0.0, -0.1), rotation);
    let mut world = BoundContact::new(Contact::new([0.02, 0.02], given, 0.7).unwrap(), true);
    world.bind(panda.clone(), "panda_link7".into()).unwrap();
    let q: Vec<f64> = vec![0.3, -0.5, 0.2, -2.0, 0.4, 1.6, -0.7, 0.02, 0.02];
    let q = &q[..model.nq()];
    set_q(&panda, q);
    let link = fk(&model, q, &Isometry3::identity(), "panda_link7");
    let pose = *world.current().unwrap().pose();
    let expected = link.translation.vector + Vector3::new(0.0, 0.0, -0.1);
    assert!((pose.translation.vector - expected).norm() < 1e-12);
    assert!(pose.rotation.angle_to(&rotation) < 1e-12);
    // The link's own rotation is far from the given one, so "link" orientation differs.
    assert!(link.rotation.angle_to(&UnitQuaternion::identity()) > 0.1);
}

#[test]
fn a_stance_of_attached_feet_equals_the_stance_placed_by_hand() {
    let (solo, model) = load("solo12/solo12.urdf");
    let q = standing(&model);
    set_q(&solo, &q);
    let placement = Isometry3::translation(0.0, 0.0, 0.3);
    solo.place(placement).unwrap();
    let sole = Vector3::new(0.0, 0.0, -0.016);
    let mut live = feet_stance(&solo, sole.into());
    let by_hand = |q: &[f64]| {
        let contacts = FEET
            .iter()
            .map(|f| {
                let p = fk(&model, q, &placement, f).translation.vector + sole;
                square([p.x, p.y, p.z], [0.0; 3]).with_link(f.to_string())
            })
            .collect();
        let mut data = Data::new(&model);
        let com = placement * center_of_mass(&model, &mut data, q).unwrap();
        Stance::new(com, model.total_mass(), ContactSet::new(contacts).unwrap()).unwrap()
    };
    let mut moved = q.clone();
    model.set_joint_position(&mut moved, "FL_HFE", 0.6).unwrap();
    for q in [q.clone(), moved] {
        set_q(&solo, &q);
        let a = live.build().unwrap();
        let b = by_hand(&q);
        assert!((a.com() - b.com()).norm() < 1e-9);
        assert!((a.mass() - b.mass()).abs() < 1e-9);
        let pa = a.static_equilibrium_polygon(PolygonMethod::Bretl).unwrap();
        let pb = b.static_equilibrium_polygon(PolygonMethod::Bretl).unwrap();
        assert_eq!(pa.vertices().len(), pb.vertices().len());
        for (u, v) in pa.vertices().iter().zip(pb.vertices()) {
            assert!((u[0] - v[0]).abs() < 1e-9 && (u[1] - v[1]).abs() < 1e-9);
        }
        let (da, db) = (a.distribute().unwrap(), b.distribute().unwrap());
        assert!(da.is_solved() && db.is_solved());
        for (u, v) in da.wrenches.iter().zip(&db.wrenches) {
            assert!(
                (u.world - v.world).norm() < 1e-9,
                "{} vs {}",
                u.world,
                v.world
            );
        }
    }
}

#[test]
fn the_shared_distributor_follows_the_robot_every_tick() {
    let (solo, model) = load("solo12/solo12.urdf");
    let q = standing(&model);
    set_q(&solo, &q);
    let stance = feet_stance(&solo, [0.0; 3]);
    let d = StanceDistributor::new(stance, ComAcceleration::Fixed(Vector3::zeros()), true).unwrap();
    let mut moved = q.clone();
    model
        .set_joint_position(&mut moved, "HR_HFE", -0.5)
        .unwrap();
    for q in [q, moved] {
        set_q(&solo, &q);
        let (record, _) = d.step(None, None).unwrap();
        let mut data = Data::new(&model);
        let com = center_of_mass(&model, &mut data, &q).unwrap();
        assert!((record.com - com).norm() < 1e-12);
        d.with_log(|log| {
            for (c, f) in log.stance().contacts().contacts().iter().zip(FEET) {
                let foot = fk(&model, &q, &Isometry3::identity(), f);
                assert!((c.position() - Point3::from(foot.translation.vector)).norm() < 1e-12);
            }
        })
        .unwrap();
    }
    assert_eq!(d.with_log(|l| l.ticks()).unwrap(), 2);
}

#[test]
fn bad_bindings_are_typed_errors() {
    let (solo, _) = load("solo12/solo12.urdf");
    let c = BoundContact::new(square([0.0; 3], [0.0; 3]), false);
    assert!(matches!(
        c.attached(solo.clone(), "NO_SUCH_LINK".into()),
        Err(BindingError::Kinematics(_))
    ));
    let point = LiveStance::new(
        vec![c],
        None,
        ComSource::Point(Point3::new(0.0, 0.0, 0.5)),
        None,
        None,
    );
    assert!(matches!(point, Err(BindingError::MissingMass)));
    let named = BoundContact::new(square([0.0; 3], [0.0; 3]).with_link("nope"), false);
    let on_robot = LiveStance::new(
        vec![named],
        Some(&solo),
        ComSource::Robot(solo.clone()),
        None,
        None,
    );
    assert!(matches!(on_robot, Err(BindingError::Kinematics(_))));
}
