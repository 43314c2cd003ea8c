//! Benchmarks of MJCF loading and MIMo's touch layouts on MIMo's own body.
//!
//! - `mimo_v1_load_and_touch`: load MIMo v1 from MJCF, pose it at qpos0 in a scene, build
//!   MIMo's default point layout (DiscreteTouch) and mesh layout (TrimeshTouch); bar 50 ms
//!   (MIMo's TrimeshTouch alone takes 10.3 s to initialise).
//! - `mjcf_load/<model>`: compiling each MJCF model checked against MuJoCo.
//!
//! Run with `cargo bench -p morsel-sensing --bench mimo`.

// The benchmark models are fixed and valid: a failure is a bug of the benchmark itself.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::{Data, Model, forward_kinematics, mjcf};
use morsel_sensing::{Body, Scene, Touch, TouchConfig, TouchKind};

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

/// MIMo's default v1 sensor spacing per body (touch_params.json, from MIMo's mimo_env.py).
const V1_SCALES: [(&str, f64); 22] = [
    ("left_toes", 0.01),
    ("right_toes", 0.01),
    ("left_foot", 0.015),
    ("right_foot", 0.015),
    ("left_lower_leg", 0.038),
    ("right_lower_leg", 0.038),
    ("left_upper_leg", 0.027),
    ("right_upper_leg", 0.027),
    ("hip", 0.025),
    ("lower_body", 0.025),
    ("upper_body", 0.03),
    ("head", 0.013),
    ("left_eye", 1.0),
    ("right_eye", 1.0),
    ("left_upper_arm", 0.024),
    ("right_upper_arm", 0.024),
    ("left_lower_arm", 0.024),
    ("right_lower_arm", 0.024),
    ("left_hand", 0.007),
    ("right_hand", 0.007),
    ("left_fingers", 0.002),
    ("right_fingers", 0.002),
];

fn scene_of(model: &Model) -> Scene {
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

fn layouts(scene: &Scene) -> (Touch, Touch) {
    let config = |kind| {
        V1_SCALES
            .iter()
            .fold(TouchConfig::new(kind), |c, (body, s)| c.scale(*body, *s))
    };
    (
        Touch::new(scene, &config(TouchKind::Points)).unwrap(),
        Touch::new(scene, &config(TouchKind::Mesh)).unwrap(),
    )
}

fn mimo(c: &mut Criterion) {
    let path = repo("assets/robots/mimo/benchmark_scene.xml");
    let mut group = c.benchmark_group("mimo");
    group.sample_size(20);
    group.bench_function("mimo_v1_load_and_touch", |b| {
        b.iter(|| {
            let model = mjcf::load_file(&path).unwrap();
            let scene = scene_of(&model);
            black_box(layouts(&scene))
        });
    });
    group.finish();
    let mut group = c.benchmark_group("mjcf_load");
    group.sample_size(20);
    for (name, file) in [
        ("mimo_v1", "assets/robots/mimo/benchmark_scene.xml"),
        ("mimo_v2", "assets/robots/mimo/benchmarkv2_scene.xml"),
        ("gymnasium_humanoid", "assets/robots/gymnasium/humanoid.xml"),
        ("gymnasium_ant", "assets/robots/gymnasium/ant.xml"),
        ("features_a", "kinematics/tests/mjcf_models/features_a.xml"),
        ("features_b", "kinematics/tests/mjcf_models/features_b.xml"),
    ] {
        let path = repo(file);
        group.bench_function(name, |b| {
            b.iter(|| black_box(mjcf::load_file(&path).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, mimo);
criterion_main!(benches);
