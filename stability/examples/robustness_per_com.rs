//! Time per CoM position of the equilibrium robustness (single thread, one `RobustnessLp`
//! warm-started from CoM to CoM) on two flat feet plus two hands on a wall, the stance of
//! `benches/peer/robustness_vs_hpp.py`, which times hpp-centroidal-dynamics on it.
//!
//! Run with `cargo run --release -p morsel-stability --example robustness_per_com`.

use std::time::Instant;

use morsel_stability::{RobustnessLp, RobustnessOptions, StabilityError};

fn main() -> Result<(), StabilityError> {
    let mut points = Vec::new();
    let mut normals = Vec::new();
    for y in [0.15, -0.15] {
        for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)] {
            points.push([0.11 * sx, y + 0.05 * sy, 0.0]);
            normals.push([0.0, 0.0, 1.0]);
        }
    }
    for y in [0.3, -0.3] {
        for (sy, sz) in [(1.0, 1.0), (1.0, -1.0), (-1.0, -1.0), (-1.0, 1.0)] {
            points.push([0.45, y + 0.04 * sy, 1.1 + 0.04 * sz]);
            normals.push([-1.0, 0.0, 0.0]);
        }
    }
    let options = RobustnessOptions::new(points, normals, 0.7, 38.0, [0.0, 0.0, 0.8]);
    let coms: Vec<[f64; 3]> = (0..40)
        .flat_map(|i| {
            (0..25).map(move |j| {
                [
                    -0.3 + 0.8 * i as f64 / 39.0,
                    -0.4 + 0.8 * j as f64 / 24.0,
                    0.8,
                ]
            })
        })
        .collect();
    let acceleration = [0.5, -0.3, 0.2];
    let mut lp = RobustnessLp::new(&options)?;
    let mut sum = 0.0;
    let repeats = 20;
    let start = Instant::now();
    for _ in 0..repeats {
        for com in &coms {
            sum += lp.robustness(*com, acceleration)?.max(-1e9);
        }
    }
    let per_com = start.elapsed().as_secs_f64() / (repeats * coms.len()) as f64;
    let start = Instant::now();
    for com in &coms {
        let mut fresh = options.clone();
        fresh.com = *com;
        fresh.acceleration = acceleration;
        sum += morsel_stability::equilibrium_robustness(&fresh)?.max(-1e9);
    }
    let cold = start.elapsed().as_secs_f64() / coms.len() as f64;
    println!(
        "{} CoM positions, {} points x 4 generators: {:.2} us per CoM warm-started, {:.2} us \
         building the LP each time (checksum {sum:.3})",
        coms.len(),
        options.points.len(),
        per_com * 1e6,
        cold * 1e6
    );
    Ok(())
}
