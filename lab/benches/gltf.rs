//! Benchmarks of glTF writing, MIMo v2 (MJCF):
//! - `gltf_mimo_v2_glb`: the robot (every link's geometry, at qpos0) encoded to `.glb`;
//! - `gltf_mimo_v2_touch_mesh_glb`: the touch drawing of MIMo v2 with its sensor mesh (mesh
//!   touch at MIMo's default v2 scales, ~6k sensors), a floor pressed 2 mm into its lowest
//!   sensors so that some sensors carry force arrows, encoded to `.glb` (the bar:
//!   100 ms and 10 MB).
//!
//! Prints each file's size once. Run with `cargo bench -p morsel-lab --bench gltf`.

// The benchmark model is fixed and valid: a failure is a bug of the benchmark itself.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_geometry::Shape;
use morsel_kinematics::{Data, Model, forward_kinematics, mjcf};
use morsel_lab::gltf::{self, Drawing};
use morsel_sensing::{Body, PenaltyLaw, Scene, Touch, TouchConfig, TouchKind};
use nalgebra::{Isometry3, Vector3};

fn repo(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path)
}

fn mimo_v2_model() -> (Model, Data) {
    let model = mjcf::load_file(repo("assets/robots/mimo/benchmarkv2_scene.xml")).unwrap();
    let mut data = Data::new(&model);
    let q = model.reference_configuration().clone();
    forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
    (model, data)
}

/// MIMo v2 as a scene (one body per link, its collision geoms) with mesh touch at MIMo's
/// default v2 scales, observed against a floor 2 mm above its lowest sensor.
fn mimo_v2_touch() -> (Scene, Touch) {
    let (model, data) = mimo_v2_model();
    let mut scene = Scene::new();
    for (link, pose) in model.links().iter().zip(data.world_from_links()) {
        let mut body = Body::new(link.name()).with_pose(*pose);
        for c in link.collisions() {
            body = body.with_collider(c.shape.clone(), c.local_pose).unwrap();
        }
        scene.add_body(body).unwrap();
    }
    let params: serde_json::Value = serde_json::from_slice(
        &std::fs::read(repo("assets/robots/mimo/touch_params.json")).unwrap(),
    )
    .unwrap();
    let scales = params["v2 (benchmarkv2_scene.xml)"]["scales"]
        .as_object()
        .unwrap();
    let config = scales
        .iter()
        .fold(TouchConfig::new(TouchKind::Mesh), |c, (body, s)| {
            c.scale(body.as_str(), s.as_f64().unwrap())
        });
    let touch = Touch::new(&scene, &config).unwrap();
    let lowest = touch
        .model()
        .groups()
        .iter()
        .flat_map(|g| {
            let frame = scene.bodies()[g.body()].pose * g.local_pose();
            g.positions().iter().map(move |p| (frame * p).z)
        })
        .fold(f64::INFINITY, f64::min);
    let floor = Body::new("floor")
        .with_collider(
            Shape::halfspace(Vector3::z()).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_pose(Isometry3::translation(0.0, 0.0, lowest + 0.002));
    scene.add_body(floor).unwrap();
    let mut touch = Touch::new(&scene, &config).unwrap();
    touch.observe(&scene, &PenaltyLaw::default()).unwrap();
    (scene, touch)
}

fn bench(c: &mut Criterion) {
    let (model, data) = mimo_v2_model();
    let robot = Drawing::from_robot("mimo_v2", &model, data.world_from_links()).unwrap();
    let bytes = gltf::encode("mimo.glb", &robot).unwrap();
    println!(
        "mimo_v2.glb: {} bytes, {} nodes, {} meshes",
        bytes.len(),
        robot.parts.len(),
        robot.parts_with_geometry()
    );
    c.bench_function("gltf_mimo_v2_glb", |b| {
        b.iter(|| gltf::encode("mimo.glb", black_box(&robot)).unwrap())
    });

    let (scene, touch) = mimo_v2_touch();
    let pressed = touch
        .output()
        .chunks(touch.model().values_per_sensor())
        .filter(|v| v.iter().any(|x| *x != 0.0))
        .count();
    let drawing = Drawing::from_touch("mimo_v2_touch", &scene, &touch).unwrap();
    let bytes = gltf::encode("mimo_touch.glb", &drawing).unwrap();
    println!(
        "mimo_v2_touch_mesh.glb: {} bytes ({:.2} MB), {} sensors, {} with force arrows, {} nodes",
        bytes.len(),
        bytes.len() as f64 / 1e6,
        touch.model().sensor_count(),
        pressed,
        drawing.parts.len()
    );
    // What `save("x.glb", touch)` does: build the drawing from the sensor, then encode it.
    c.bench_function("gltf_mimo_v2_touch_mesh_glb", |b| {
        b.iter(|| {
            let d =
                Drawing::from_touch("mimo_v2_touch", black_box(&scene), black_box(&touch)).unwrap();
            gltf::encode("mimo_touch.glb", &d).unwrap()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
