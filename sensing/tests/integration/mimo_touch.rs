//! MIMo's own touch layouts on MIMo's MJCF body (`assets/robots/mimo`), with MIMo's default
//! parameters (`touch_params.json`, from MIMo's mimo_env.py).

use std::path::PathBuf;

use morsel_kinematics::{Data, Model, forward_kinematics};
use morsel_sensing::{Body, Scene, Touch, TouchConfig, TouchKind};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/mimo")
}

/// One scene body per link, with the link's colliders, posed at MuJoCo's qpos0.
pub(crate) fn scene_of(model: &Model) -> Scene {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, model.reference_configuration().as_slice()).unwrap();
    let mut scene = Scene::new();
    for (link, pose) in model.links().iter().zip(data.world_from_links()) {
        let mut body = Body::new(link.name()).with_pose(*pose);
        for c in link.collisions() {
            body = body.with_collider(c.shape.clone(), c.local_pose).unwrap();
        }
        scene.add_body(body).unwrap();
    }
    scene
}

fn config(kind: TouchKind, version: &str) -> TouchConfig {
    let params: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("touch_params.json")).unwrap())
            .unwrap();
    let entry = params
        .as_object()
        .unwrap()
        .iter()
        .find(|(k, _)| k.starts_with(version))
        .unwrap()
        .1;
    let mut config = TouchConfig::new(kind);
    for (body, scale) in entry["scales"].as_object().unwrap() {
        config = config.scale(body, scale.as_f64().unwrap());
    }
    config
}

fn points_total(file: &str, version: &str) -> usize {
    let model = morsel_kinematics::mjcf::load_file(root().join(file)).unwrap();
    let scene = scene_of(&model);
    let touch = Touch::new(&scene, &config(TouchKind::Points, version)).unwrap();
    touch.model().sensor_count()
}

#[test]
fn discrete_touch_totals_match_mimo_v1() {
    // MIMo's DiscreteTouch with the default v1 scales puts 7126 sensor points on MIMo v1.
    assert_eq!(points_total("benchmark_scene.xml", "v1 "), 7126);
}

#[test]
fn discrete_touch_totals_match_mimo_v2() {
    // ... and 5184 on MIMo v2.
    assert_eq!(points_total("benchmarkv2_scene.xml", "v2 "), 5184);
}

#[test]
fn mesh_touch_counts_each_sensing_body() {
    let model = morsel_kinematics::mjcf::load_file(root().join("benchmark_scene.xml")).unwrap();
    let scene = scene_of(&model);
    let touch = Touch::new(&scene, &config(TouchKind::Mesh, "v1 ")).unwrap();
    let counts = touch.model().sensor_counts();
    assert_eq!(counts.len(), 22, "every body with a scale senses");
    for (body, vertices, active) in &counts {
        assert!(
            *active > 0 && active <= vertices,
            "{body}: {active} of {vertices}"
        );
    }
    let active: usize = counts.iter().map(|c| c.2).sum();
    assert_eq!(active, touch.model().sensor_count());
    // Real MIMo's TrimeshTouch counts 7258 vertices, 5725 active (sensing/tests/mimo_reference;
    // mimo_reference.rs compares every vertex).
    let vertices: usize = counts.iter().map(|c| c.1).sum();
    assert_eq!((vertices, active), (7258, 5725));
}

#[test]
fn mesh_skin_on_mimo_v2_palm_has_one_probe_per_active_vertex() {
    // MIMo v2's left palm (boxes and cylinders sharing faces) at MIMo's default 7 mm: real
    // MIMo's TrimeshTouch keeps 122 of its 184 vertices active (sensing/tests/mimo_reference).
    let model = morsel_kinematics::mjcf::load_file(root().join("benchmarkv2_scene.xml")).unwrap();
    let scene = scene_of(&model);
    let skin = morsel_sensing::TaxelConfig::default()
        .mesh_skin(&scene, "left_hand", 0.007)
        .unwrap();
    assert_eq!(skin.probe_local_pos.len(), 122);
    assert_eq!(skin.probe_normals.len(), 122);
    for n in &skin.probe_normals {
        assert!((n.norm() - 1.0).abs() < 1e-12);
    }
}
