//! Convex hulls of large point sets (`morsel_geometry::hull3::convex_hull`).
//!
//! Two clouds per size: the Fibonacci sphere (every point a hull vertex: the worst case for
//! any hull algorithm, and the case of a fine sphere mesh) and points uniform in a ball (few
//! hull vertices: most points are discarded early). Sizes 200,000 and 1,000,000.
//!
//! `HULL_ONCE=<n>` skips criterion and times one hull of each cloud of n points, and one
//! `Shape::convex_hull` (the hull and the shape's structures built from it), for quick figures
//! and for `perf record`.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_geometry::NEVER;
use morsel_geometry::Shape;
use morsel_geometry::hull3::convex_hull;
use nalgebra::Point3;

fn fibonacci_sphere(n: usize) -> Vec<Point3<f64>> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - z * z).sqrt();
            let t = golden * i as f64;
            Point3::new(r * t.cos(), r * t.sin(), z)
        })
        .collect()
}

fn ball(n: usize) -> Vec<Point3<f64>> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut pts = Vec::with_capacity(n);
    while pts.len() < n {
        let p = Point3::new(next(), next(), next());
        if p.coords.norm_squared() <= 1.0 {
            pts.push(p);
        }
    }
    pts
}

/// This thread's CPU time in seconds, from `/proc/thread-self/stat` (user + system, in 1/100 s
/// ticks; NaN where there is no such file). On a shared machine it is steadier than the wall
/// clock.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return f64::NAN;
    };
    // Fields after the command name (which ends with ')'): utime and stime are the 12th and
    // 13th of them.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|x| x.parse().ok())
        .collect();
    f.iter().sum::<f64>() / 100.0
}

fn once(n: usize) {
    for (name, pts) in [("sphere", fibonacci_sphere(n)), ("ball", ball(n))] {
        let (t, c) = (Instant::now(), cpu_seconds());
        let (v, f) = convex_hull(&pts, NEVER).expect("hull");
        println!(
            "{name} n={n}: hull3::convex_hull {:.3} s wall, {:.3} s CPU: {} vertices, {} faces",
            t.elapsed().as_secs_f64(),
            cpu_seconds() - c,
            v.len(),
            f.len()
        );
        let (t, c) = (Instant::now(), cpu_seconds());
        let shape = Shape::convex_hull(&pts).expect("hull shape");
        println!(
            "{name} n={n}: Shape::convex_hull {:.3} s wall, {:.3} s CPU ({})",
            t.elapsed().as_secs_f64(),
            cpu_seconds() - c,
            shape.name()
        );
    }
}

fn hulls(c: &mut Criterion) {
    if let Some(n) = std::env::var("HULL_ONCE").ok().and_then(|s| s.parse().ok()) {
        once(n);
        return;
    }
    let mut group = c.benchmark_group("hull3");
    group.sample_size(10);
    for n in [200_000usize, 1_000_000] {
        let sphere = fibonacci_sphere(n);
        group.bench_function(format!("sphere_{n}"), |b| {
            b.iter(|| convex_hull(black_box(&sphere), NEVER).expect("hull"))
        });
        let ball = ball(n);
        group.bench_function(format!("ball_{n}"), |b| {
            b.iter(|| convex_hull(black_box(&ball), NEVER).expect("hull"))
        });
    }
    group.finish();
}

criterion_group!(benches, hulls);
criterion_main!(benches);
