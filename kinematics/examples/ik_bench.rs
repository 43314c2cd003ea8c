//! Inverse-kinematics benchmark: solves every case of a targets file from the mid-range seed
//! and from the case's random seed, single-threaded, and reports success rate and timing.
//!
//! ```text
//! cargo run --release -p morsel-kinematics --example ik_bench -- URDF TARGETS.json [--json]
//! ```
//! Success means position error < 1e-4 m, orientation error < 1e-3 rad, every joint within
//! its limits, and at most 20 ms for the solve; the errors are measured here with a separate
//! forward-kinematics pass, not taken from the solver. `--json` prints
//! `{"mid": {"success_rate", "median_us", "p95_us"}, "random": {...}}`.

#[path = "common/targets.rs"]
mod targets;

use std::error::Error;
use std::time::{Duration, Instant};

use morsel_kinematics::spatial::rotation_angle_between;
use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{Data, IkOptions, IkSolver, IkTarget, JointId, Model, forward_kinematics};
use nalgebra::{DVector, Isometry3, Quaternion, Translation3, UnitQuaternion};
use targets::TargetsFile;

const MAX_POSITION_ERROR: f64 = 1e-4;
const MAX_ORIENTATION_ERROR: f64 = 1e-3;
const MAX_TIME: Duration = Duration::from_millis(20);

struct Summary {
    success_rate: f64,
    median_us: f64,
    p95_us: f64,
    failures: usize,
    total: usize,
    mean_iterations: f64,
    mean_restarts: f64,
    mean_us: f64,
    median_iterations: usize,
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let paths: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let [urdf, targets_path] = paths.as_slice() else {
        return Err("usage: ik_bench URDF TARGETS.json [--json]".into());
    };
    let model = load_file(urdf, &UrdfOptions::kinematics_only())?;
    let file: TargetsFile = serde_json::from_str(&std::fs::read_to_string(targets_path)?)?;
    let joints: Vec<JointId> = file
        .joint_names
        .iter()
        .map(|n| model.joint_id(n))
        .collect::<Result<_, _>>()?;
    let tip = model.frame_id(&file.tip_link)?;
    let base = model.link_id(&file.base_link)?;
    if model
        .moving_joint_path(base)
        .iter()
        .any(|j| model.joint(*j).nq() > 0)
    {
        return Err(format!(
            "base link {} is moved by joints; the benchmark needs a fixed base",
            file.base_link
        )
        .into());
    }
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, model.neutral_configuration().as_slice())?;
    let world_from_base = *data.world_from_link(base);

    let mut solver = IkSolver::new(&model);
    let mut options = IkOptions {
        active_joints: Some(joints.clone()),
        time_budget: Some(MAX_TIME),
        ..IkOptions::default()
    };
    let mut results = Vec::new();
    for kind in ["mid", "random"] {
        let mut times = Vec::with_capacity(file.cases.len());
        let mut failures = 0;
        let (mut iterations, mut restarts) = (0usize, 0usize);
        let mut iteration_list = Vec::new();
        for (i, case) in file.cases.iter().enumerate() {
            let [x, y, z, w] = case.quat_xyzw;
            let rotation = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z));
            let base_from_tip = Isometry3::from_parts(
                Translation3::new(case.pos[0], case.pos[1], case.pos[2]),
                rotation,
            );
            let goal = world_from_base * base_from_tip;
            let seed_values = if kind == "mid" {
                &file.seed_mid
            } else {
                &case.seed_random
            };
            let seed = configuration(&model, &joints, seed_values)?;
            options.random_seed = i as u64;
            let target = [IkTarget::pose(&model, tip, goal)?];
            let start = Instant::now();
            let result = solver.solve(&model, &target, seed.as_slice(), &options)?;
            let elapsed = start.elapsed();
            times.push(elapsed.as_secs_f64() * 1e6);
            iterations += result.iterations;
            iteration_list.push(result.iterations);
            restarts += result.restarts;
            // Independent check of the answer.
            forward_kinematics(&model, &mut data, result.q.as_slice())?;
            let reached = data.world_from_frame(tip);
            let position_error = (reached.translation.vector - goal.translation.vector).norm();
            let orientation_error = rotation_angle_between(&reached.rotation, &goal.rotation);
            let ok = position_error < MAX_POSITION_ERROR
                && orientation_error < MAX_ORIENTATION_ERROR
                && model.within_limits(result.q.as_slice(), 0.0)
                && elapsed <= MAX_TIME;
            if !ok {
                failures += 1;
                if !json {
                    eprintln!(
                        "{kind} case {i}: {} after {} iterations, {} restarts, {:.1} us, errors {:.2e} m {:.2e} rad",
                        result.status.name(),
                        result.iterations,
                        result.restarts,
                        elapsed.as_secs_f64() * 1e6,
                        position_error,
                        orientation_error
                    );
                }
            }
        }
        let mut summary = summarize(&mut times, failures);
        iteration_list.sort_unstable();
        summary.median_iterations = iteration_list
            .get(iteration_list.len() / 2)
            .copied()
            .unwrap_or(0);
        summary.mean_iterations = iterations as f64 / file.cases.len().max(1) as f64;
        summary.mean_restarts = restarts as f64 / file.cases.len().max(1) as f64;
        results.push((kind, summary));
    }
    if json {
        let entries: Vec<String> = results
            .iter()
            .map(|(kind, s)| {
                format!(
                    "\"{kind}\": {{\"success_rate\": {:.6}, \"median_us\": {:.3}, \"p95_us\": {:.3}}}",
                    s.success_rate, s.median_us, s.p95_us
                )
            })
            .collect();
        println!("{{{}}}", entries.join(", "));
    } else {
        println!(
            "{} cases, {} ({} -> {})",
            file.cases.len(),
            model.name(),
            file.base_link,
            file.tip_link
        );
        for (kind, s) in &results {
            println!(
                "{kind:>6} seed: success {:.2}% ({} failed of {}), median {:.1} us, p95 {:.1} us, mean {:.1} us; iterations median {} mean {:.1}; restarts mean {:.2}",
                100.0 * s.success_rate,
                s.failures,
                s.total,
                s.median_us,
                s.p95_us,
                s.mean_us,
                s.median_iterations,
                s.mean_iterations,
                s.mean_restarts
            );
        }
    }
    Ok(())
}

fn configuration(
    model: &Model,
    joints: &[JointId],
    values: &[f64],
) -> Result<DVector<f64>, Box<dyn Error>> {
    if values.len() != joints.len() {
        return Err(format!(
            "a seed has {} values for {} joints",
            values.len(),
            joints.len()
        )
        .into());
    }
    let pairs: Vec<(JointId, f64)> = joints.iter().copied().zip(values.iter().copied()).collect();
    Ok(model.configuration_from_names(&pairs)?)
}

fn summarize(times: &mut [f64], failures: usize) -> Summary {
    times.sort_by(f64::total_cmp);
    let quantile = |p: f64| {
        if times.is_empty() {
            return 0.0;
        }
        let pos = p * (times.len() - 1) as f64;
        let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
        times[lo] + (times[hi] - times[lo]) * (pos - lo as f64)
    };
    let total = times.len();
    Summary {
        success_rate: if total == 0 {
            0.0
        } else {
            (total - failures) as f64 / total as f64
        },
        median_us: quantile(0.5),
        p95_us: quantile(0.95),
        failures,
        total,
        mean_iterations: 0.0,
        mean_restarts: 0.0,
        mean_us: times.iter().sum::<f64>() / total.max(1) as f64,
        median_iterations: 0,
    }
}
