//! Benchmark of HTML views: MIMo v2 (MJCF, every link's geometry, at its reference
//! configuration) encoded as an offline page. Prints the page's size once.
//!
//! Run with `cargo bench -p morsel-lab --bench html`.

// The benchmark model is fixed and valid: a failure is a bug of the benchmark itself.
#![allow(clippy::unwrap_used)]

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::{Data, forward_kinematics, mjcf};
use morsel_lab::gltf::Drawing;
use morsel_lab::html;

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
    let bytes = html::encode("mimo_v2.html", &drawing).unwrap();
    println!("mimo_v2.html: {} bytes", bytes.len());
    c.bench_function("html_mimo_v2", |b| {
        b.iter(|| html::encode("mimo_v2.html", black_box(&drawing)).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
