//! Mesh–mesh proximity on the Solo-12 shoulder: `base_link` (5,472 triangles) against
//! `FL_UPPER_LEG` (3,114 triangles) over the 200 x 200 grid of shoulder angles
//! (FL_HAA about x, FL_HFE about y, each over [-pi, pi), `lo + i (hi - lo) / n`), other joints
//! at zero. Grid order is the notebook's: the first joint (FL_HAA) varies fastest. Each
//! benchmark iteration runs one grid row (200 queries) in grid order, rows in turn, so the
//! throughput reads as queries per second.
//!
//! `PROXIMITY_SWEEP=1` runs full-grid sweeps with work counters instead of criterion
//! (`warm`: warm sweeps only; `dwarm` / `iwarm`: the warm distance / intersection sweep only;
//! `nowarm`: neither, to measure the set-up). `PROXIMITY_STRIDE=k` keeps every k-th row. On a
//! shared machine, instruction counts are steadier than times: for example
//! `PROXIMITY_STRIDE=8 PROXIMITY_SWEEP=dwarm valgrind --tool=cachegrind --cache-sim=no <bench
//! binary> --bench`, minus the same with `nowarm`, divided by the 5,000 queries.

use std::f64::consts::PI;
use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use morsel_geometry::TriangleMesh;
use morsel_geometry::proximity::{
    MeshBvh, ProximityScratch, TrianglePair, mesh_distance, mesh_distance_within, mesh_intersection,
};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

const N: usize = 200;

fn mesh(rel: &str) -> MeshBvh {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl")
        .join(rel);
    // Loaded as the robot's collision model loads it (welded shared corners).
    let m = TriangleMesh::load(&path, Vector3::new(1.0, 1.0, 1.0)).expect("Solo-12 STL loads");
    let leaf: usize = std::env::var("PROXIMITY_LEAF")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(1);
    MeshBvh::with_leaf_size(m.vertices(), m.faces(), leaf).expect("valid mesh")
}

/// World pose of FL_UPPER_LEG (base at identity) from the URDF joint origins: FL_HAA at
/// (0.1946, 0.0875, 0) about x, FL_HFE at (0, 0.014, 0) about y, collision origin identity.
fn leg_pose(haa: f64, hfe: f64) -> Isometry3<f64> {
    let haa_joint = Isometry3::from_parts(
        Translation3::new(0.1946, 0.0875, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), haa),
    );
    let hfe_joint = Isometry3::from_parts(
        Translation3::new(0.0, 0.014, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::y_axis(), hfe),
    );
    haa_joint * hfe_joint
}

/// The grid's poses in grid order (FL_HAA fastest), every `PROXIMITY_STRIDE`-th row.
fn grid() -> Vec<Isometry3<f64>> {
    let q = |i: usize| -PI + i as f64 * (2.0 * PI) / N as f64;
    let stride: usize = std::env::var("PROXIMITY_STRIDE")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(1);
    (0..N)
        .step_by(stride)
        .flat_map(|hfe| (0..N).map(move |haa| leg_pose(q(haa), q(hfe))))
        .collect()
}

/// On-CPU time of this thread in seconds (Linux schedstat), falling back to wall time; the
/// machine may be shared, and CPU time is what a query costs.
fn cpu_seconds(wall: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .next()
                .and_then(|x| x.parse::<f64>().ok())
        })
        .map(|ns| ns * 1e-9)
        .unwrap_or_else(|| wall.elapsed().as_secs_f64())
}

/// Full-grid sweeps with timing and work counters, run instead of criterion when the
/// environment variable `PROXIMITY_SWEEP` is set (a tuning aid).
fn sweep() {
    use std::time::Instant;
    let origin = Instant::now();
    let base = mesh("solo12/solo_12_base.stl");
    let leg = mesh("with_foot/solo_upper_leg_left_side.stl");
    println!(
        "base: {} triangles, {} nodes; leg: {} triangles, {} nodes",
        base.triangle_count(),
        base.node_count(),
        leg.triangle_count(),
        leg.node_count()
    );
    let poses = grid();
    let id = Isometry3::identity();
    let mut scratch = ProximityScratch::new();
    // `PROXIMITY_SWEEP=warm` runs the warm-started sweeps only (for profiling).
    let mode = std::env::var("PROXIMITY_SWEEP").unwrap_or_default();
    let only_warm = mode.ends_with("warm");
    let (skip_distance, skip_intersection) = (
        mode == "iwarm" || mode == "nowarm",
        mode == "dwarm" || mode == "nowarm",
    );
    let report = |name: &str, t: f64, vt: u64, tt: u64, extra: String| {
        let n = poses.len() as f64;
        println!(
            "{name:<22} {:>9.1} queries/s {:>8.2} us/query  volume tests/query {:>8.1}  triangle tests/query {:>8.1} {extra}",
            n / t,
            1e6 * t / n,
            vt as f64 / n,
            tt as f64 / n
        );
    };
    for warm_mode in [false, true] {
        if (only_warm && !warm_mode) || skip_distance {
            continue;
        }
        let (mut vt, mut tt, mut zero, mut skips, mut roots) = (0, 0, 0, 0u64, 0);
        let mut warm = None;
        let t0 = cpu_seconds(origin);
        let mut cat = [(0.0f64, 0u64, 0u64, 0u64); 3];
        for p in &poses {
            if !warm_mode {
                scratch.forget();
            }
            let q0 = Instant::now();
            let r = mesh_distance(
                &base,
                &id,
                &leg,
                p,
                if warm_mode { warm } else { None },
                &mut scratch,
            )
            .expect("ok");
            warm = Some(r.triangles);
            let s = scratch.last_query_stats();
            let k = if r.distance == 0.0 {
                0
            } else if s.front_skips == 0 {
                1
            } else {
                2
            };
            cat[k].0 += q0.elapsed().as_secs_f64();
            cat[k].1 += 1;
            cat[k].2 += s.volume_tests;
            cat[k].3 += s.triangle_tests;
            roots += (warm_mode && s.front_skips == 0 && r.distance > 0.0) as usize;
            vt += s.volume_tests;
            tt += s.triangle_tests;
            skips += s.front_skips;
            zero += (r.distance == 0.0) as usize;
        }
        let t = cpu_seconds(origin) - t0;
        for (name, k) in ["contact", "apart, roots", "apart, front"].iter().zip(cat) {
            println!(
                "  {name:<14}: {:>6} queries, {:>8.2} us/query (wall), total {:.3} s, volume {:.1} tri {:.1}",
                k.1,
                1e6 * k.0 / k.1.max(1) as f64,
                k.0,
                k.2 as f64 / k.1.max(1) as f64,
                k.3 as f64 / k.1.max(1) as f64
            );
        }
        report(
            if warm_mode {
                "distance warm"
            } else {
                "distance cold"
            },
            t,
            vt,
            tt,
            format!(
                "in contact {zero}, front skips/query {:.1}, apart from the roots {roots}",
                skips as f64 / poses.len() as f64
            ),
        );
        if warm_mode && std::env::var_os("PROXIMITY_DETAIL").is_some() {
            // Work against distance, in distance bands.
            let mut bands = [(0u64, 0u64, 0u64); 8];
            let edges = [0.0, 1e-300, 0.001, 0.002, 0.005, 0.01, 0.05, 0.1];
            let mut warm = None;
            for p in &poses {
                let r = mesh_distance(&base, &id, &leg, p, warm, &mut scratch).expect("ok");
                warm = Some(r.triangles);
                let s = scratch.last_query_stats();
                let k = edges.iter().rposition(|e| r.distance >= *e).unwrap_or(0);
                bands[k].0 += 1;
                bands[k].1 += s.volume_tests;
                bands[k].2 += s.triangle_tests;
            }
            let (mut vt, mut tt) = (0u64, 0u64);
            for p in &poses {
                let r = mesh_distance(&base, &id, &leg, p, None, &mut scratch).expect("ok");
                mesh_distance(&base, &id, &leg, p, Some(r.triangles), &mut scratch).expect("ok");
                let s = scratch.last_query_stats();
                vt += s.volume_tests;
                tt += s.triangle_tests;
            }
            println!(
                "  oracle warm start: volume tests/query {:.1}, triangle tests/query {:.1}",
                vt as f64 / poses.len() as f64,
                tt as f64 / poses.len() as f64
            );
            for idx in [
                0usize, 100, 20_000, 20_100, 10_050, 30_150, 5_000, 15_000, 25_000, 35_000,
            ] {
                let r =
                    mesh_distance(&base, &id, &leg, &poses[idx], None, &mut scratch).expect("ok");
                let s = scratch.last_query_stats();
                println!(
                    "  cell {idx:>6}: d = {:.6} faces {:?}, {:?}",
                    r.distance, r.triangles, s
                );
            }
            for (k, b) in bands.iter().enumerate() {
                if b.0 > 0 {
                    println!(
                        "  d >= {:>6.3}: {:>6} queries, volume tests {:>8.1}, triangle tests {:>7.1}",
                        edges[k],
                        b.0,
                        b.1 as f64 / b.0 as f64,
                        b.2 as f64 / b.0 as f64
                    );
                }
            }
        }
    }
    for warm_mode in [false, true] {
        if (only_warm && !warm_mode) || skip_intersection {
            continue;
        }
        let (mut vt, mut tt, mut hits, mut skips) = (0, 0, 0, 0u64);
        let mut warm = None;
        let t0 = cpu_seconds(origin);
        // Wall time, queries and volume tests by kind: hit by the warm pair, other hits, misses.
        let mut kinds = [(0.0f64, 0u64, 0u64); 3];
        for p in &poses {
            if !warm_mode {
                scratch.forget();
            }
            let q0 = Instant::now();
            let r = mesh_intersection(
                &base,
                &id,
                &leg,
                p,
                if warm_mode { warm } else { None },
                &mut scratch,
            )
            .expect("ok");
            if let Some(h) = r {
                warm = Some(h);
                hits += 1;
            }
            let s = scratch.last_query_stats();
            let kind = match r {
                Some(_) if s.triangle_tests == 1 && s.volume_tests == 0 => 0,
                Some(_) => 1,
                None => 2,
            };
            kinds[kind].0 += q0.elapsed().as_secs_f64();
            kinds[kind].1 += 1;
            kinds[kind].2 += s.volume_tests;
            vt += s.volume_tests;
            tt += s.triangle_tests;
            skips += s.front_skips;
        }
        let t = cpu_seconds(origin) - t0;
        if std::env::var_os("PROXIMITY_DETAIL").is_some() {
            for (name, k) in ["hit by warm pair", "other hit", "miss"].iter().zip(kinds) {
                println!(
                    "  {name:<16}: {:>6} queries, {:>8.2} us/query (wall), volume tests {:>7.1}",
                    k.1,
                    1e6 * k.0 / k.1.max(1) as f64,
                    k.2 as f64 / k.1.max(1) as f64
                );
            }
        }
        report(
            if warm_mode {
                "intersection warm"
            } else {
                "intersection cold"
            },
            t,
            vt,
            tt,
            format!(
                "hits {hits}, front skips/query {:.1}",
                skips as f64 / poses.len() as f64
            ),
        );
    }
}

fn bench(c: &mut Criterion) {
    if std::env::var_os("PROXIMITY_SWEEP").is_some() {
        sweep();
        return;
    }
    let base = mesh("solo12/solo_12_base.stl");
    let leg = mesh("with_foot/solo_upper_leg_left_side.stl");
    let poses = grid();
    let id = Isometry3::identity();
    let mut g = c.benchmark_group("solo12_base_vs_upper_leg");
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(20);

    let mut scratch = ProximityScratch::new();
    let mut row = 0;
    g.bench_function("distance_cold", |bch| {
        bch.iter(|| {
            for p in &poses[row * N..(row + 1) * N] {
                scratch.forget();
                black_box(mesh_distance(&base, &id, &leg, p, None, &mut scratch).expect("ok"));
            }
            row = (row + 1) % N;
        })
    });
    let mut row = 0;
    let mut warm: Option<TrianglePair> = None;
    g.bench_function("distance_warm", |bch| {
        bch.iter(|| {
            for p in &poses[row * N..(row + 1) * N] {
                let r = mesh_distance(&base, &id, &leg, p, warm, &mut scratch).expect("ok");
                warm = Some(r.triangles);
            }
            row = (row + 1) % N;
        })
    });
    let mut row = 0;
    let mut warm: Option<TrianglePair> = None;
    g.bench_function("distance_within_1cm_warm", |bch| {
        bch.iter(|| {
            for p in &poses[row * N..(row + 1) * N] {
                if let Some(r) =
                    mesh_distance_within(&base, &id, &leg, p, 0.01, warm, &mut scratch).expect("ok")
                {
                    warm = Some(r.triangles);
                }
            }
            row = (row + 1) % N;
        })
    });
    let mut row = 0;
    g.bench_function("intersection_cold", |bch| {
        bch.iter(|| {
            for p in &poses[row * N..(row + 1) * N] {
                scratch.forget();
                black_box(mesh_intersection(&base, &id, &leg, p, None, &mut scratch).expect("ok"));
            }
            row = (row + 1) % N;
        })
    });
    let mut row = 0;
    let mut warm: Option<TrianglePair> = None;
    g.bench_function("intersection_warm", |bch| {
        bch.iter(|| {
            for p in &poses[row * N..(row + 1) * N] {
                if let Some(hit) =
                    mesh_intersection(&base, &id, &leg, p, warm, &mut scratch).expect("ok")
                {
                    warm = Some(hit);
                }
            }
            row = (row + 1) % N;
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
