//! Benchmark of glTF writing: MIMo v2 (MJCF, every link's geometry, at qpos0) as a scene
//! encoded to `.glb`. Prints the file size once. (The bar for the full scene with
//! MIMo's sensor mesh: 100 ms and 10 MB; sensors are not drawn yet.)
//!
//! Run with `cargo bench -p morsel-lab --bench gltf`.

// The benchmark model is fixed and valid: a failure is a bug of the benchmark itself.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::{Data, forward_kinematics, mjcf};
use morsel_lab::gltf::{self, Drawing};

fn mimo_v2() -> Drawing {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/mimo/benchmarkv2_scene.xml");
    let model = mjcf::load_file(path).unwrap();
    let mut data = Data::new(&model);
    let q = model.reference_configuration().clone();
    forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
    Drawing::from_robot("mimo_v2", &model, data.world_from_links()).unwrap()
}

fn bench(c: &mut Criterion) {
    let drawing = mimo_v2();
    let bytes = gltf::encode("mimo.glb", &drawing).unwrap();
    println!(
        "mimo_v2.glb: {} bytes, {} nodes, {} meshes",
        bytes.len(),
        drawing.parts.len(),
        drawing.parts_with_geometry()
    );
    c.bench_function("gltf_mimo_v2_glb", |b| {
        b.iter(|| gltf::encode("mimo.glb", black_box(&drawing)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
