//! glTF animations of simulations: Solo-12 (URDF, fixed base) moving one joint at a set speed.
//! The file is read back with the `gltf` crate; the key times must be the simulated ticks and
//! every key's link poses must equal forward kinematics of the closed-form joint trajectory
//! (constant speed until the target) to 1e-6.

#![allow(clippy::unwrap_used)]

mod common;

use std::path::PathBuf;

use common::{Glb, assert_pose, node_pose, out_dir, validate};
use gltf::animation::util::ReadOutputs;
use morsel_kinematics::urdf::{self, UrdfOptions};
use morsel_kinematics::{Data, forward_kinematics};
use morsel_lab::gltf::{self as mgltf, Drawing};
use morsel_lab::simulation::{Robot, Simulation};
use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion, Vector3};

const DT: f64 = 0.05;
const SPEED: f64 = 1.0;
const TARGET: f64 = 0.5;
const JOINT: &str = "FL_HFE";

fn solo() -> Robot {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/solo12/solo12.urdf");
    let model = urdf::load_file(path, &UrdfOptions::default()).expect("Solo-12 loads");
    Robot::from_model("solo".into(), model).expect("robot")
}

/// A simulation of Solo-12 placed off the origin, moving `JOINT` to `TARGET` for `seconds`.
fn simulate(seconds: f64) -> (Simulation, Robot) {
    let robot = solo();
    robot
        .place(Isometry3::from_parts(
            Translation3::new(0.2, -0.1, 0.4),
            UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.3),
        ))
        .unwrap();
    let sim = Simulation::with_pose_record(DT, true).unwrap();
    sim.add(&robot).unwrap();
    robot
        .with(|a| a.rotate(JOINT, TARGET, Some(SPEED)))
        .unwrap();
    sim.run(seconds).unwrap();
    (sim, robot)
}

#[test]
fn a_simulation_animates_every_link_with_one_key_per_tick() {
    let (sim, robot) = simulate(1.0);
    let drawing = Drawing::from_simulation("solo_motion", &sim).unwrap();
    let bytes = mgltf::encode("solo.glb", &drawing).unwrap();
    std::fs::write(out_dir("gltf-animation").join("solo_motion.glb"), &bytes).unwrap();
    let glb = Glb::parse(&bytes);
    let model = robot.model().unwrap();
    let links = model.links();
    assert_eq!(glb.gltf.nodes().count(), links.len());
    let with_geometry = links
        .iter()
        .filter(|l| !l.visuals().is_empty() || !l.collisions().is_empty())
        .count();
    assert!(with_geometry > 0);
    assert_eq!(glb.gltf.meshes().count(), with_geometry);
    let animation = glb.gltf.animations().next().expect("an animation");
    assert_eq!(animation.channels().count(), 2 * links.len());
    // Initial sample plus 20 steps.
    let steps = (1.0 / DT).round() as usize;
    let q0 = model.reference_configuration().clone();
    let placement = robot.world_placement().unwrap();
    let index = model.joints()[model.joint_id(JOINT).unwrap().index()].idx_q();
    let start = q0[index];
    let mut data = Data::new(&model);
    for channel in animation.channels() {
        let reader = channel.reader(|_| Some(&glb.blob));
        let times: Vec<f32> = reader.read_inputs().unwrap().collect();
        assert_eq!(times.len(), steps + 1, "one key per recorded tick");
        assert_eq!(times[0], 0.0);
        assert!((f64::from(times[steps]) - sim.time().unwrap()).abs() < 1e-6);
        let node = channel.target().node();
        let link = model.link_id(node.name().unwrap()).unwrap().index();
        let keys: Vec<[f32; 4]> = match reader.read_outputs().unwrap() {
            ReadOutputs::Translations(t) => t.map(|[x, y, z]| [x, y, z, 0.0]).collect(),
            ReadOutputs::Rotations(r) => r.into_f32().collect(),
            _ => panic!("only translations and rotations"),
        };
        assert_eq!(keys.len(), steps + 1);
        let is_rotation = matches!(
            channel.target().property(),
            gltf::animation::Property::Rotation
        );
        for (k, key) in keys.iter().enumerate() {
            // Closed form: the joint moves at SPEED from its start until it reaches TARGET.
            let t = k as f64 * DT;
            let mut q = q0.clone();
            let travel = TARGET - start;
            q[index] = start + travel.signum() * (SPEED * t).min(travel.abs());
            forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
            let expected = placement * data.world_from_links()[link];
            if is_rotation {
                let got = UnitQuaternion::from_quaternion(Quaternion::new(
                    f64::from(key[3]),
                    f64::from(key[0]),
                    f64::from(key[1]),
                    f64::from(key[2]),
                ));
                let angle = got.angle_to(&expected.rotation);
                assert!(angle < 1e-6, "{:?} key {k}: {angle} rad", node.name());
            } else {
                let d = (Vector3::new(f64::from(key[0]), f64::from(key[1]), f64::from(key[2]))
                    - expected.translation.vector)
                    .norm();
                assert!(d < 1e-6, "{:?} key {k}: {d} m", node.name());
            }
            if k == 0 {
                assert_pose("static node transform", &node_pose(&node), &expected, 1e-6);
            }
        }
    }
}

#[test]
fn a_simulation_without_robots_or_steps_is_handled() {
    let sim = Simulation::with_pose_record(0.1, true).unwrap();
    // Nothing to draw: saving it is an error that says why.
    let empty = Drawing::from_simulation("empty", &sim).unwrap();
    assert!(empty.parts.is_empty());
    let err = mgltf::encode("empty.glb", &empty).unwrap_err().to_string();
    assert!(err.contains("without robots"), "{err}");
    // A robot added but never stepped: one key at t = 0.
    let robot = solo();
    sim.add(&robot).unwrap();
    let drawing = Drawing::from_simulation("still", &sim).unwrap();
    let animation = drawing.animation.as_ref().unwrap();
    assert_eq!(animation.times, vec![0.0]);
    // A second robot added after 3 steps holds its first pose for the first keys.
    sim.run(0.3).unwrap();
    let second = solo();
    second.place(Isometry3::translation(1.0, 0.0, 0.0)).unwrap();
    sim.add(&second).unwrap();
    sim.run(0.2).unwrap();
    let drawing = Drawing::from_simulation("two", &sim).unwrap();
    let animation = drawing.animation.as_ref().unwrap();
    assert_eq!(animation.times.len(), 6);
    let links = robot.model().unwrap().links().len();
    assert_eq!(drawing.parts.len(), 2 * links);
    assert!(drawing.parts[0].name.starts_with("solo/"));
    let track = &animation.tracks[links];
    assert_eq!(track.poses[0], track.poses[3]);
    assert!((track.poses[0].translation.x - 1.0).abs() < 1e-12 || links > 0);
}

#[test]
fn a_simulation_that_did_not_record_poses_says_how_to_record_them() {
    let sim = Simulation::new(0.1).unwrap();
    sim.add(&solo()).unwrap();
    sim.run(0.2).unwrap();
    let err = Drawing::from_simulation("quiet", &sim).unwrap_err();
    assert!(err.contains("did not record link poses"), "{err}");
    assert!(err.contains("record_poses: true"), "{err}");
}

#[test]
fn khronos_validator_finds_no_error_in_animations() {
    let (sim, _) = simulate(0.6);
    let drawing = Drawing::from_simulation("solo_motion", &sim).unwrap();
    let dir = out_dir("gltf-animation").join("validator");
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for name in ["solo_motion.glb", "solo_motion.gltf"] {
        let path = dir.join(name);
        std::fs::write(&path, mgltf::encode(name, &drawing).unwrap()).unwrap();
        files.push(path);
    }
    validate(&files);
}
