//! Criterion benchmark of the dynamics, per state: `rnea`, `aba`, `mass_matrix` one call at a
//! time, and `rnea_batch` / `aba_batch` over 20,000 random states on one thread and on rayon's
//! pool, for Solo-12 and Panda (assets/) and, when `MORSEL_TALOS_URDF` names its file (e.g.
//! example-robot-data's `talos_reduced.urdf`), Talos. Fixed bases, as Pinocchio's benchmark
//! (python/benchmarks/dynamics_vs_pinocchio.py) loads them.
//!
//! `cargo bench -p morsel-kinematics --bench dynamics`

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use morsel_kinematics::dynamics::{aba_batch, rnea_batch};
use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{DynamicsData, Model, aba, mass_matrix, random_configuration, rnea};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ROWS: usize = 20_000;

fn robots() -> Vec<(String, Model)> {
    let assets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots");
    let mut paths = vec![
        ("solo12".to_string(), assets.join("solo12/solo12.urdf")),
        ("panda".to_string(), assets.join("panda/panda.urdf")),
    ];
    if let Some(talos) = std::env::var_os("MORSEL_TALOS_URDF") {
        paths.push(("talos".to_string(), PathBuf::from(talos)));
    }
    paths
        .into_iter()
        .map(|(name, path)| {
            let model = load_file(&path, &UrdfOptions::kinematics_only()).expect("the robot loads");
            (name, model)
        })
        .collect()
}

fn states(model: &Model) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(48);
    let mut q = vec![0.0; ROWS * model.nq()];
    for row in q.chunks_exact_mut(model.nq()) {
        random_configuration(model, &mut rng, false, row).expect("q");
    }
    let mut tangent = || -> Vec<f64> {
        (0..ROWS * model.nv())
            .map(|_| rng.random_range(-1.0..1.0))
            .collect()
    };
    let v = tangent();
    let a = tangent();
    (q, v, a)
}

fn dynamics(c: &mut Criterion) {
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    for (name, model) in robots() {
        let (q, v, a) = states(&model);
        let (nq, nv) = (model.nq(), model.nv());
        let mut data = DynamicsData::new(&model);
        let mut group = c.benchmark_group(format!("{name} dynamics per state"));
        group.throughput(Throughput::Elements(1));
        let mut i = 0;
        group.bench_function("rnea", |b| {
            b.iter(|| {
                i = (i + 1) % ROWS;
                let s = i;
                black_box(
                    rnea(
                        &model,
                        &mut data,
                        &q[s * nq..(s + 1) * nq],
                        &v[s * nv..(s + 1) * nv],
                        &a[s * nv..(s + 1) * nv],
                        &[],
                    )
                    .expect("rnea")[0],
                )
            })
        });
        group.bench_function("aba", |b| {
            b.iter(|| {
                i = (i + 1) % ROWS;
                let s = i;
                black_box(
                    aba(
                        &model,
                        &mut data,
                        &q[s * nq..(s + 1) * nq],
                        &v[s * nv..(s + 1) * nv],
                        &a[s * nv..(s + 1) * nv],
                        &[],
                    )
                    .expect("aba")[0],
                )
            })
        });
        group.bench_function("mass_matrix", |b| {
            b.iter(|| {
                i = (i + 1) % ROWS;
                let s = i;
                black_box(
                    mass_matrix(&model, &mut data, &q[s * nq..(s + 1) * nq]).expect("crba")[(0, 0)],
                )
            })
        });
        group.finish();
        let mut group = c.benchmark_group(format!("{name} batches of {ROWS}"));
        group.throughput(Throughput::Elements(ROWS as u64));
        group.sample_size(10);
        let mut out = vec![0.0; ROWS * nv];
        group.bench_function("rnea_batch, one thread", |b| {
            b.iter(|| {
                one_thread.install(|| rnea_batch(&model, &q, &v, &a, &mut out).expect("batch"))
            })
        });
        group.bench_function("rnea_batch, all threads", |b| {
            b.iter(|| rnea_batch(&model, &q, &v, &a, &mut out).expect("batch"))
        });
        group.bench_function("aba_batch, one thread", |b| {
            b.iter(|| {
                one_thread.install(|| aba_batch(&model, &q, &v, &a, &mut out).expect("batch"))
            })
        });
        group.bench_function("aba_batch, all threads", |b| {
            b.iter(|| aba_batch(&model, &q, &v, &a, &mut out).expect("batch"))
        });
        group.finish();
    }
}

criterion_group!(benches, dynamics);
criterion_main!(benches);
