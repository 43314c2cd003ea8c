//! The Solo-12 joint-space models of `scripts/solo12_collision_model.rhai`, end to end in
//! release: sampling, boundary, joint-space distance, fit, and certification on a fresh random
//! map with exact joint-space distances. Prints the time of each stage (training time
//! includes sampling), the certificate (max and p99 error, offset, lost range of motion) and
//! where the error is (the absolute error by band of true distance).
//!
//!     cargo bench -p morsel-jointspace --bench solo12_model            (both models)
//!     MODEL=2d cargo bench -p morsel-jointspace --bench solo12_model   (one of them)
//!
//! The models are cubic B-splines over a grid of the joints (2D: 400² samples, 192² cells; 3D:
//! 128³ samples from a boundary of 80,000 points, 64³ cells); `KIND=network` fits the Solo-12
//! project's tanh networks instead (2D: 150² samples, 3D: 40³ samples and 20,000 boundary
//! points, hidden [16, 16], time budgets 25 s and 240 s).
//!
//! Environment overrides for experiments: `CELLS=128` and `SMOOTHING=1e-3` (splines),
//! `HIDDEN=24,24`, `STEPS=150`, `POINTS=4000`,
//! `EPOCHS=300`, `BUDGET=25` (seconds), `CERTIFY=100000`, `SEED=0`, `WARMUP=100` (Adam
//! epochs), `BOUNDARY_WEIGHT=4`, `BOUNDARY_WIDTH=0.05`, `TRUTH_POINTS=8000` (also compute
//! the truth of the first 20,000 certification configurations from a boundary of that many
//! points and print how far the certification's truth is from it: the error floor that the
//! boundary's sampling puts under any fit), `RIDGE_STEP=0.02` (the step of the ridge test: the
//! errors at ridges of the true distance, where it has a kink, and away from them).

use std::f64::consts::PI;
use std::time::{Duration, Instant};

use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, FitOptions, ModelKind, SampleOptions, SamplerSpec,
    Validation, certify_empirical, fit,
};
use morsel_kinematics::urdf::{UrdfOptions, load_file};

const SOLO_URDF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../assets/robots/solo12/solo12.urdf"
);

/// One model's workload.
struct Case {
    name: &'static str,
    joints: Vec<&'static str>,
    steps: usize,
    points: usize,
    hidden: Vec<usize>,
    cells: usize,
    smoothing: f64,
    epochs: u64,
    budget: f64,
    certify: usize,
}

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn run(case: Case) -> Result<(), Box<dyn std::error::Error>> {
    let robot = load_file(SOLO_URDF, &UrdfOptions::default())?;
    let k = case.joints.len();
    let spec = SamplerSpec::new(
        case.joints.clone(),
        vec![[-PI, PI]; k],
        [("base_link", "FL_UPPER_LEG"), ("base_link", "FL_LOWER_LEG")],
    );
    let sampler = CollisionSampler::new(robot, &spec)?;
    let t0 = Instant::now();
    // RANDOM=100000 trains on that many random configurations instead of the grid.
    let random: usize = env_or("RANDOM", 0);
    let grid = if random > 0 {
        sampler.random(random, 7, &SampleOptions::binary())?
    } else {
        sampler.grid(&vec![case.steps; k], &SampleOptions::binary())?
    };
    let t_grid = t0.elapsed().as_secs_f64();
    let boundary = sampler.boundary(
        &BoundaryOptions::new(case.points, 1e-9, 1)
            .with_periodic(true)
            .without_progress(),
    )?;
    let t_boundary = t0.elapsed().as_secs_f64() - t_grid;
    let train = grid.to_jointspace(&boundary)?;
    let t_sampling = t0.elapsed().as_secs_f64();
    let kind = if spline_kind() {
        ModelKind::Spline {
            cells: vec![env_or("CELLS", case.cells)],
            smoothing: env_or("SMOOTHING", case.smoothing),
        }
    } else {
        ModelKind::Network
    };
    let options = FitOptions {
        kind,
        hidden: case.hidden.clone(),
        seed: env_or("SEED", 0),
        epochs: case.epochs,
        time_budget: Some(Duration::from_secs_f64(case.budget)),
        validation: Validation::Fraction(0.1),
        warmup_epochs: env_or("WARMUP", FitOptions::default().warmup_epochs),
        boundary_weight: env_or("BOUNDARY_WEIGHT", FitOptions::default().boundary_weight),
        boundary_width: env_or("BOUNDARY_WIDTH", FitOptions::default().boundary_width),
        ..FitOptions::default()
    };
    let (mut model, report) = fit(&train, &options)?;
    let t_total = t0.elapsed().as_secs_f64();
    println!(
        "{}: {model}; grid {}^{k} ({} colliding), {} boundary points",
        case.name,
        case.steps,
        grid.values().iter().filter(|v| **v <= 0.0).count(),
        boundary.len()
    );
    println!(
        "  time: grid {t_grid:.2} s, boundary {t_boundary:.2} s, sampling total {t_sampling:.2} s, fit {:.2} s ({} iterations, {}), total {t_total:.2} s",
        report.seconds, report.iterations, report.stopped_by
    );
    println!(
        "  fit: train RMSE {:.5}, validation RMSE {:.5}, validation max {:.5}",
        report.train_rmse, report.validation_rmse, report.validation_max
    );
    let t1 = Instant::now();
    let check = sampler
        .random(case.certify, 12345, &SampleOptions::binary())?
        .to_jointspace(&boundary)?;
    let t_check = t1.elapsed().as_secs_f64();
    let c = certify_empirical(&mut model, &check)?;
    if let Some(points) = std::env::var("TRUTH_POINTS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        compare_truth(&sampler, &check, points)?;
    }
    println!(
        "  certified on {} random configurations ({} colliding, sampled in {t_check:.2} s): max {:.5}, p99 {:.5}, RMS {:.5} rad; offset {:.5}, false free {}, lost range of motion {:.3} %",
        c.samples,
        c.colliding,
        c.max_error,
        c.p99_error,
        c.rms_error,
        c.offset,
        c.false_free,
        c.lost_range_of_motion * 100.0
    );
    sound_certificate(&mut model, &sampler)?;
    if std::env::var("SOUND_ONLY").is_ok() {
        return Ok(());
    }
    // Where the error is: by band of the true distance, and at ridges or away from them.
    let predicted = model.distances(check.configurations())?;
    ridge_errors(&sampler, &boundary, &check, &predicted)?;
    let bands = [-10.0, -0.3, -0.1, -0.03, 0.0, 0.03, 0.1, 0.3, 1.0, 10.0];
    for w in bands.windows(2) {
        let mut errors: Vec<f64> = predicted
            .iter()
            .zip(check.values().iter())
            .filter(|(_, t)| **t > w[0] && **t <= w[1])
            .map(|(p, t)| (p - t).abs())
            .collect();
        if errors.is_empty() {
            continue;
        }
        errors.sort_by(f64::total_cmp);
        let n = errors.len();
        println!(
            "    truth in ({:>5}, {:>5}]: {:>7} samples, median {:.5}, p99 {:.5}, max {:.5}",
            w[0],
            w[1],
            n,
            errors[n / 2],
            errors[(n * 99 / 100).min(n - 1)],
            errors[n - 1]
        );
    }
    Ok(())
}

/// The sound certificate over the whole box (`MIN_WIDTH`, default the library's;
/// `CERTIFY_BUDGET` seconds, default none), then
/// `VERIFY` (default 0) fresh random configurations checked exactly against `model − δ > 0`.
fn sound_certificate(
    model: &mut morsel_jointspace::JointspaceModel,
    sampler: &CollisionSampler,
) -> Result<(), Box<dyn std::error::Error>> {
    let options = morsel_jointspace::CertifyOptions {
        min_width: env_or(
            "MIN_WIDTH",
            morsel_jointspace::CertifyOptions::default().min_width,
        ),
        ..Default::default()
    };
    let c = morsel_jointspace::certify(model, sampler, &options)?;
    println!(
        "  sound certificate: offset {:.5} rad ({:.5} before covering), {} cells over {} levels, {} distance queries, settled free {:.4}, below {:.4}, covered {:.5}, lost range of motion {:.3} % ({} of {} samples free), {:.2} s",
        c.offset,
        c.offset_before_covering,
        c.cells,
        c.levels,
        c.distance_queries,
        c.settled_free,
        c.settled_below,
        c.covered,
        c.lost_range_of_motion * 100.0,
        c.lost_samples_free,
        c.lost_samples,
        c.seconds
    );
    println!("    Lipschitz bounds (m/rad, per pair): {:?}", c.lipschitz);
    let verify: usize = env_or("VERIFY", 0);
    if verify > 0 {
        let t = Instant::now();
        let map = sampler.random(verify, 999, &SampleOptions::binary())?;
        let predicted = model.distances(map.configurations())?;
        let bad = predicted
            .iter()
            .zip(map.values().iter())
            .filter(|(p, t)| **p - model.offset() > 0.0 && **t <= 0.0)
            .count();
        println!(
            "    {verify} fresh random configurations: {bad} called free by model - offset that collide ({:.2} s)",
            t.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The errors of the model at ridges of the true distance (where the distance to the boundary
/// has a kink: two boundary points at the same distance in different directions) and away from
/// them. A configuration of the first 20,000 of `check` is at a ridge when the central
/// difference of the true distance (step `RIDGE_STEP`, 0.02 rad, along each joint, the
/// neighbours' collision status computed afresh) has a norm below 0.9: a distance field's
/// gradient has norm 1 wherever it is smooth. A smooth network cannot follow a kink, so its
/// error there says how much a larger network or longer fit can still gain elsewhere.
fn ridge_errors(
    sampler: &CollisionSampler,
    boundary: &morsel_jointspace::Boundary,
    check: &morsel_jointspace::SampleMap,
    predicted: &[f64],
) -> Result<(), Box<dyn std::error::Error>> {
    let h = env_or("RIDGE_STEP", 0.02);
    let n = check.len().min(20_000);
    let configs = check.configurations();
    let k = configs.ncols();
    let wrap = |x: f64| {
        if x > PI {
            x - 2.0 * PI
        } else if x < -PI {
            x + 2.0 * PI
        } else {
            x
        }
    };
    let mut rows = ndarray::Array2::<f64>::zeros((n * 2 * k, k + 1));
    for i in 0..n {
        for axis in 0..k {
            for (side, sign) in [-1.0, 1.0].into_iter().enumerate() {
                let r = (i * k + axis) * 2 + side;
                let mut point: Vec<f64> = configs.row(i).to_vec();
                point[axis] = wrap(point[axis] + sign * h);
                let value = sampler.evaluate(&point, &morsel_jointspace::Measure::Binary)?;
                for (c, x) in point.iter().enumerate() {
                    rows[[r, c]] = *x;
                }
                rows[[r, k]] = value;
            }
        }
    }
    let neighbours = morsel_jointspace::SampleMap::new(
        check.joints().to_vec(),
        check.ranges().to_vec(),
        rows,
        None,
        morsel_jointspace::Quantity::Binary,
    )?
    .to_jointspace(boundary)?;
    let d = neighbours.values();
    let (mut at, mut away) = (Vec::new(), Vec::new());
    for (i, (p, t)) in predicted.iter().zip(check.values()).take(n).enumerate() {
        let g2: f64 = (0..k)
            .map(|axis| {
                let r = (i * k + axis) * 2;
                ((d[r + 1] - d[r]) / (2.0 * h)).powi(2)
            })
            .sum();
        let error = (p - t).abs();
        if g2.sqrt() < 0.9 { &mut at } else { &mut away }.push(error);
    }
    let p99 = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get((v.len() * 99 / 100).min(v.len().saturating_sub(1)))
            .copied()
            .unwrap_or(f64::NAN)
    };
    let share = at.len() as f64 / n as f64;
    println!(
        "  ridges (gradient norm < 0.9 at step {h} rad): {:.2} % of {n} configurations, p99 error there {:.5}; away from ridges p99 {:.5}",
        100.0 * share,
        p99(&mut at),
        p99(&mut away)
    );
    Ok(())
}

/// The joint-space distance of the first 20,000 configurations of `check` from a boundary of
/// `points` points, against `check`'s own values (from the bench's boundary).
fn compare_truth(
    sampler: &CollisionSampler,
    check: &morsel_jointspace::SampleMap,
    points: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let t0 = Instant::now();
    let fine = sampler.boundary(
        &BoundaryOptions::new(points, 1e-9, 2)
            .with_periodic(true)
            .without_progress(),
    )?;
    let t_fine = t0.elapsed().as_secs_f64();
    let n = check.len().min(20_000);
    let rows = check
        .rows()
        .slice_axis(ndarray::Axis(0), ndarray::Slice::from(..n))
        .to_owned();
    let subset = morsel_jointspace::SampleMap::new(
        check.joints().to_vec(),
        check.ranges().to_vec(),
        rows,
        None,
        check.quantity().clone(),
    )?;
    let finer = subset.to_jointspace(&fine)?;
    let mut diff: Vec<f64> = subset
        .values()
        .iter()
        .zip(finer.values().iter())
        .map(|(a, b)| (a - b).abs())
        .collect();
    let near: Vec<f64> = subset
        .values()
        .iter()
        .zip(&diff)
        .filter(|(v, _)| v.abs() < 0.05)
        .map(|(_, d)| *d)
        .collect();
    diff.sort_by(f64::total_cmp);
    println!(
        "  truth from {points} boundary points ({t_fine:.2} s) vs the bench's, on {n} configurations: median {:.5}, p99 {:.5}, max {:.5} rad; within 0.05 rad of the boundary ({} samples): max {:.5}",
        diff[n / 2],
        diff[(n * 99 / 100).min(n - 1)],
        diff[n - 1],
        near.len(),
        near.iter().copied().fold(0.0, f64::max)
    );
    Ok(())
}

/// Whether to fit splines (`KIND=spline`, the default) or networks (`KIND=network`).
fn spline_kind() -> bool {
    std::env::var("KIND").map_or(true, |k| k != "network")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let which = std::env::var("MODEL").unwrap_or_default();
    let hidden = |default: Vec<usize>| -> Vec<usize> {
        std::env::var("HIDDEN")
            .ok()
            .and_then(|v| v.split(',').map(|s| s.trim().parse().ok()).collect())
            .unwrap_or(default)
    };
    // Splines need about 4 samples per coefficient and take conjugate-gradient steps, each
    // far cheaper than a network's Levenberg–Marquardt step.
    let spline = spline_kind();
    let pick = |s, n| if spline { s } else { n };
    if which.is_empty() || which == "2d" {
        run(Case {
            name: "2D shoulder (FL_HAA, FL_HFE)",
            joints: vec!["FL_HAA", "FL_HFE"],
            steps: env_or("STEPS", pick(400, 150)),
            points: env_or("POINTS", 2000),
            hidden: hidden(vec![16, 16]),
            cells: 192,
            smoothing: 1e-3,
            epochs: env_or("EPOCHS", pick(2000, 300) as u64),
            budget: env_or("BUDGET", 25.0),
            certify: env_or("CERTIFY", 100_000),
        })?;
    }
    if which.is_empty() || which == "3d" {
        run(Case {
            name: "3D leg (FL_HAA, FL_HFE, FL_KFE)",
            joints: vec!["FL_HAA", "FL_HFE", "FL_KFE"],
            steps: env_or("STEPS", pick(128, 40)),
            points: env_or("POINTS", pick(80000, 20000)),
            hidden: hidden(vec![16, 16]),
            cells: 64,
            smoothing: 1e-2,
            epochs: env_or("EPOCHS", pick(2000, 300) as u64),
            budget: env_or("BUDGET", 240.0),
            certify: env_or("CERTIFY", 1_000_000),
        })?;
    }
    Ok(())
}
