//! Robot load with meshes, as a script's `urdf(...)` does it: the URDF parsed, every mesh file
//! read, welded and given its proximity structures. Solo-12 (nine STL meshes, about 31,000
//! triangles), Panda and UR5 (primitives only); and MIMo v1 and v2 as a script's `mjcf(...)`
//! loads them (their benchmark scenes: the body of geometric primitives, with its includes);
//! and generated MJCF chains of 4,000 and 20,000 bodies (loading must grow linearly).
//!
//! `cargo bench -p morsel-kinematics --bench load`
//!
//! `LOAD_REPEAT=n` runs n loads of Solo-12 instead of criterion and prints the time of each
//! (for profilers: `LOAD_REPEAT=20 perf record <bench binary> --bench`, or
//! `LOAD_REPEAT=1 valgrind --tool=cachegrind --cache-sim=no <bench binary> --bench`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::mjcf;
use morsel_kinematics::urdf::{UrdfOptions, load_file};

fn path(rel: &str) -> String {
    format!("{}/../assets/robots/{rel}", env!("CARGO_MANIFEST_DIR"))
}

/// On-CPU time of this thread in seconds (Linux schedstat; 0 elsewhere): on a shared machine,
/// wall time includes waiting for a core.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns * 1e-9)
}

fn load(c: &mut Criterion) {
    let robots = [
        ("solo12", path("solo12/solo12.urdf")),
        ("panda", path("panda/panda.urdf")),
        ("ur5", path("ur5/ur5_robot.urdf")),
    ];
    if let Some(n) = std::env::var("LOAD_REPEAT")
        .ok()
        .and_then(|x| x.parse::<usize>().ok())
    {
        for _ in 0..n {
            let (t, cpu) = (Instant::now(), cpu_seconds());
            let model = load_file(&robots[0].1, &UrdfOptions::default()).expect("Solo-12 loads");
            println!(
                "solo12 load: {:.2} ms wall, {:.2} ms on CPU",
                1e3 * t.elapsed().as_secs_f64(),
                1e3 * (cpu_seconds() - cpu)
            );
            black_box(model);
        }
        return;
    }
    let mut g = c.benchmark_group("robot_load_with_meshes");
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for (name, urdf) in &robots {
        g.bench_function(*name, |b| {
            b.iter(|| load_file(black_box(urdf), &UrdfOptions::default()).expect("robot loads"))
        });
    }
    for (name, scene) in [
        ("mimo_v1", path("mimo/benchmark_scene.xml")),
        ("mimo_v2", path("mimo/benchmarkv2_scene.xml")),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| mjcf::load_file(black_box(&scene)).expect("MIMo loads"))
        });
    }
    g.finish();
    // Size scaling of the MJCF reader: bodies in chains 400 deep, written on one line.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut g = c.benchmark_group("mjcf_chains");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    for n in [4_000, 20_000] {
        let file = dir.path().join(format!("chains{n}.xml"));
        std::fs::write(&file, chains_mjcf(n, 400)).expect("write");
        g.bench_function(format!("{n}_bodies"), |b| {
            b.iter(|| mjcf::load_file(black_box(&file)).expect("chains load"))
        });
    }
    g.finish();
}

/// An MJCF of `n` bodies in chains of `depth` (hinge, capsule and site each), on one line.
fn chains_mjcf(n: usize, depth: usize) -> String {
    let mut xml = String::from("<mujoco model=\"chains\"><worldbody>");
    for c in 0..n / depth {
        for i in 0..depth {
            xml += &format!(
                "<body name=\"c{c}b{i}\" pos=\"0 0 0.01\"><joint name=\"c{c}j{i}\" axis=\"0 1 0\"/><geom type=\"capsule\" size=\"0.01 0.005\"/><site name=\"c{c}s{i}\"/>"
            );
        }
        xml += &"</body>".repeat(depth);
    }
    xml + "</worldbody></mujoco>"
}

criterion_group!(benches, load);
criterion_main!(benches);
