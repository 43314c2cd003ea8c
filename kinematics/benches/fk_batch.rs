//! Criterion benchmark: Solo-12 forward kinematics of many configurations, one
//! `forward_kinematics` call per configuration against one `FkBatch::run` over all of them (on
//! one thread, and on rayon's default pool). Throughput is per configuration.
//!
//! `cargo bench -p morsel-kinematics --bench fk_batch`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{Data, FkBatch, POSE_FLOATS, forward_kinematics};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ROWS: usize = 4000;

fn solo12(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/solo12/solo12.urdf"
    );
    let model = load_file(path, &UrdfOptions::kinematics_only()).expect("solo12 loads");
    let names = model.scalar_joint_names();
    let batch = FkBatch::new(&model, &names).expect("plan");
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let rows: Vec<f64> = (0..ROWS * batch.width())
        .map(|_| rng.random_range(-3.0..3.0))
        .collect();
    let mut out = vec![0.0; batch.output_len(ROWS).expect("len")];
    let mut group = c.benchmark_group("solo12 fk per configuration");
    group.throughput(Throughput::Elements(ROWS as u64));

    // One call per configuration, its poses copied out as the batch writes them.
    let mut data = Data::new(&model);
    group.bench_function("forward_kinematics, one call each", |b| {
        b.iter(|| {
            let per_row = batch.floats_per_row();
            for (row, poses) in rows
                .chunks_exact(batch.width())
                .zip(out.chunks_exact_mut(per_row))
            {
                forward_kinematics(&model, &mut data, black_box(row)).expect("fk");
                for (p, slot) in data
                    .world_from_frames()
                    .iter()
                    .zip(poses.chunks_exact_mut(POSE_FLOATS))
                {
                    let t = p.translation.vector;
                    let r = p.rotation.quaternion();
                    slot.copy_from_slice(&[t.x, t.y, t.z, r.w, r.i, r.j, r.k]);
                }
            }
        })
    });
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    group.bench_function("FkBatch::run, one thread", |b| {
        b.iter(|| one_thread.install(|| batch.run(black_box(&rows), &mut out).expect("batch")))
    });
    group.bench_function(
        format!(
            "FkBatch::run, rayon's pool ({} threads)",
            rayon::current_num_threads()
        ),
        |b| b.iter(|| batch.run(black_box(&rows), &mut out).expect("batch")),
    );
    group.finish();
}

criterion_group!(benches, solo12);
criterion_main!(benches);
