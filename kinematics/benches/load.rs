//! Robot load with meshes, as a script's `urdf(...)` does it: the URDF parsed, every mesh file
//! read, welded and given its proximity structures. Solo-12 (nine STL meshes, about 31,000
//! triangles), Panda (9 collision STL meshes) and UR5 (7); and MIMo v1 and v2 as a script's `mjcf(...)`
//! loads them (their benchmark scenes: the body of geometric primitives, with its includes);
//! and generated MJCF chains of 4,000 and 20,000 bodies and a URDF chain of 20,000 links
//! (loading must grow linearly).
//!
//! `cargo bench -p morsel-kinematics --bench load`
//!
//! `LOAD_CHAINS=n` runs n loads of each generated chain instead of criterion and prints the
//! time of each (also for profilers): the MJCF of 20,000 bodies, the URDF chain of 20,000
//! links, and that URDF with a `<mimic>` on 20,000 fixed joints (one warning naming a line each).
//!
//! `LOAD_REPEAT=n` runs n loads of Solo-12 instead of criterion and prints the time of each
//! (for profilers: `LOAD_REPEAT=20 perf record <bench binary> --bench`, or
//! `LOAD_REPEAT=1 valgrind --tool=cachegrind --cache-sim=no <bench binary> --bench`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::mjcf;
use morsel_kinematics::urdf::{UrdfOptions, load_file, load_str};

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

/// Loads of the generated chains, timed one by one (`LOAD_CHAINS=n`).
fn time_chains(n: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let mjcf_file = dir.path().join("chains20000.xml");
    std::fs::write(&mjcf_file, chains_mjcf(20_000, 400)).expect("write");
    let urdf = chain_urdf(20_000, false);
    let warned = chain_urdf(20_000, true);
    let mimics = mimic_chain_urdf(20_000);
    let options = UrdfOptions::kinematics_only();
    // Wall and on-CPU time of one call, in ms.
    let timed = |f: &mut dyn FnMut()| {
        let (t, cpu) = (Instant::now(), cpu_seconds());
        f();
        (1e3 * t.elapsed().as_secs_f64(), 1e3 * (cpu_seconds() - cpu))
    };
    for _ in 0..n {
        let mjcf_time = timed(&mut || {
            black_box(mjcf::load_file(&mjcf_file).expect("chains load"));
        });
        let urdf_time = timed(&mut || {
            black_box(load_str(&urdf, &options).expect("chain loads"));
        });
        let warned_time = timed(&mut || {
            let model = load_str(&warned, &options).expect("chain loads");
            assert_eq!(model.load_warnings().len(), 20_000);
        });
        let mimic_time = timed(&mut || {
            let model = load_str(&mimics, &options).expect("chain loads");
            assert_eq!(model.nq(), 1);
        });
        println!(
            "ms (wall / on CPU): mjcf 20000 bodies {:.0} / {:.0}; urdf 20000 links {:.0} / {:.0}; \
             with 20000 mimic warnings {:.0} / {:.0}; 20000-joint mimic chain {:.0} / {:.0}",
            mjcf_time.0,
            mjcf_time.1,
            urdf_time.0,
            urdf_time.1,
            warned_time.0,
            warned_time.1,
            mimic_time.0,
            mimic_time.1
        );
    }
}

fn load(c: &mut Criterion) {
    if let Some(n) = std::env::var("LOAD_CHAINS")
        .ok()
        .and_then(|x| x.parse::<usize>().ok())
    {
        time_chains(n);
        return;
    }
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
    let mut g = c.benchmark_group("urdf_chain");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    let text = chain_urdf(20_000, false);
    let options = UrdfOptions::kinematics_only();
    g.bench_function("20000_links", |b| {
        b.iter(|| load_str(black_box(&text), &options).expect("chain loads"))
    });
    g.finish();
}

/// A URDF chain of `n` revolute joints, one line per element; with `warned`, each link also
/// hangs a fixed joint carrying a `<mimic>` (ignored with a warning naming its line).
fn chain_urdf(n: usize, warned: bool) -> String {
    let mut s = String::from("<?xml version=\"1.0\"?>\n<robot name=\"chain\">\n");
    for i in 0..=n {
        s += &format!(
            "<link name=\"l{i}\"><inertial><origin xyz=\"0 0 0.05\"/><mass value=\"0.1\"/>\
             <inertia ixx=\"1e-4\" ixy=\"0\" ixz=\"0\" iyy=\"1e-4\" iyz=\"0\" izz=\"1e-4\"/></inertial></link>\n"
        );
    }
    for i in 0..n {
        s += &format!(
            "<joint name=\"j{i}\" type=\"revolute\"><parent link=\"l{i}\"/><child link=\"l{}\"/>\
             <origin xyz=\"0 0 0.1\"/><axis xyz=\"0 1 0\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n",
            i + 1
        );
        if warned {
            s += &format!(
                "<link name=\"t{i}\"/><joint name=\"f{i}\" type=\"fixed\"><parent link=\"l{i}\"/><child link=\"t{i}\"/>\
                 <mimic joint=\"j{i}\"/></joint>\n"
            );
        }
    }
    s + "</robot>\n"
}

/// A URDF chain of `n` revolute joints in which each joint mimics the one before.
fn mimic_chain_urdf(n: usize) -> String {
    let mut s = String::from("<robot name=\"mimics\">\n");
    for i in 0..=n {
        s += &format!("<link name=\"l{i}\"/>\n");
    }
    for i in 1..=n {
        let mimic = if i > 1 {
            format!("<mimic joint=\"j{}\" offset=\"1e-9\"/>", i - 1)
        } else {
            String::new()
        };
        s += &format!(
            "<joint name=\"j{i}\" type=\"revolute\"><parent link=\"l{}\"/><child link=\"l{i}\"/>\
             <limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>{mimic}</joint>\n",
            i - 1
        );
    }
    s + "</robot>\n"
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
