//! Nanoseconds per query of an exported C header, distance and gradient together
//! (`<prefix>_distance_gradient`), compiled with `cc -O2` and run on one core; the time is the
//! process's CPU time (CLOCK_PROCESS_CPUTIME_ID), so other load on the machine does not count.
//!
//! The models have the architectures of the Solo-12 models of
//! `scripts/solo12_collision_model.rhai` (2D shoulder: 2 periodic joints, a spline of 192²
//! cells; 3D leg: 3 periodic joints, a spline of 64³ cells), of the Solo-12 project's networks
//! (hidden [16, 16]) and others ([16], [32], [32, 32]) for comparison, with seeded random
//! weights: the cost of a query depends on the architecture, not on the weights' values. The
//! 1024 configurations that the queries cycle through spread over the whole joint space.
//!
//!     cargo bench -p morsel-jointspace --bench model_c

use std::f64::consts::PI;
use std::process::Command;

use morsel_jointspace::Quantity;
use morsel_jointspace::model::{
    CHeaderOptions, JointEncoding, JointspaceModel, Mlp, SplineGrid, c_header,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A network over `k` periodic joints with hidden layers `hidden`, seeded random weights.
fn network(k: usize, hidden: &[usize]) -> Result<JointspaceModel, Box<dyn std::error::Error>> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mlp = Mlp::random(2 * k, hidden, &mut rng);
    Ok(JointspaceModel::new(
        names(k),
        vec![[-PI, PI]; k],
        vec![JointEncoding::Periodic; k],
        mlp,
        Quantity::JointSpaceDistance,
    )?)
}

/// A spline over `k` periodic joints with `cells` cells each, seeded random coefficients.
fn spline(k: usize, cells: usize) -> Result<JointspaceModel, Box<dyn std::error::Error>> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut grid = SplineGrid::zeros(&vec![[-PI, PI]; k], &vec![true; k], &vec![cells; k])?;
    grid.coefficients
        .iter_mut()
        .for_each(|c| *c = rng.random_range(-1.0..1.0));
    Ok(JointspaceModel::from_spline(
        names(k),
        vec![[-PI, PI]; k],
        vec![JointEncoding::Periodic; k],
        grid,
        Quantity::JointSpaceDistance,
    )?)
}

fn names(k: usize) -> Vec<String> {
    (0..k).map(|a| format!("q{a}")).collect()
}

const PROGRAM: &str = r#"#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>
#include "bench_model.h"
#define N 1024
int main(void) {
    static double qs[N][BENCH_MODEL_JOINTS];
    for (int n = 0; n < N; ++n)
        for (int a = 0; a < BENCH_MODEL_JOINTS; ++a) qs[n][a] = -3.1 + 6.2 * ((n * 37 + a * 101) % N) / N;
    double grad[BENCH_MODEL_JOINTS], sum = 0.0, best = 1e30;
    for (int rep = 0; rep < 7; ++rep) {
        struct timespec t0, t1;
        const long queries = 2000000;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        for (long i = 0; i < queries; ++i) {
            sum += bench_model_distance_gradient(qs[i % N], grad);
            sum += grad[0];
        }
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        double ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / queries;
        if (ns < best) best = ns;
    }
    printf("%.1f %g\n", best, sum);
    return 0;
}
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Kept under the target folder, to read the generated code and the compiler's output.
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("model_c_bench");
    let cases = [
        ("2D, one layer", 2, network(2, &[16])?, "16"),
        ("3D, one layer", 3, network(3, &[32])?, "32"),
        ("2D shoulder network", 2, network(2, &[16, 16])?, "16x16"),
        ("3D leg network", 3, network(3, &[16, 16])?, "16x16"),
        ("3D, two layers of 32", 3, network(3, &[32, 32])?, "32x32"),
        ("2D shoulder spline", 2, spline(2, 192)?, "spline192"),
        ("3D leg spline", 3, spline(3, 64)?, "spline64"),
    ];
    for (name, k, m, tag) in cases {
        let dir = root.join(format!("{k}d_{tag}"));
        std::fs::create_dir_all(&dir)?;
        let header = c_header(
            &m,
            &CHeaderOptions {
                prefix: "bench_model".into(),
            },
        );
        std::fs::write(dir.join("bench_model.h"), header)?;
        std::fs::write(dir.join("bench.c"), PROGRAM)?;
        let exe = dir.join("bench");
        let status = Command::new("cc")
            .args(["-std=c99", "-O2", "-o"])
            .arg(&exe)
            .arg(dir.join("bench.c"))
            .arg("-lm")
            .status()?;
        if !status.success() {
            return Err("cc failed".into());
        }
        // One core: taskset when available, else the process as it is.
        let out = Command::new("taskset")
            .arg("-c")
            .arg("0")
            .arg(&exe)
            .output()
            .or_else(|_| Command::new(&exe).output())?;
        let text = String::from_utf8(out.stdout)?;
        let ns = text.split_whitespace().next().unwrap_or("?");
        println!(
            "{name}: {}, {} parameters: {ns} ns per distance + gradient (C, cc -O2, best of 7 x 2e6 queries)",
            if m.kind() == "spline" {
                format!("spline cells {:?}", m.cells())
            } else {
                format!("hidden {:?}", m.hidden())
            },
            m.param_count()
        );
    }
    Ok(())
}
