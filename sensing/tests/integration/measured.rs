//! The measured branch of the taxels: Genesis's measured case and one hand-derived case per
//! option (gain, radius noise, delay, jitter, noise, bias, resolution, dead taxels,
//! crosstalk, hysteresis), seeds, and the validation of every option.

use morsel_sensing::taxel::MAX_HISTORY_STEPS;
use morsel_sensing::{Scene, TaxelConfig, TaxelReading, TaxelSensor};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::taxels::{fingertip_scene, three_probes};

/// A fingertip at the origin over a block whose top face is `gap` below it.
fn at_gap(gap: f64) -> Scene {
    fingertip_scene(&Isometry3::identity(), gap, 0.0)
}

fn f3(r: &TaxelReading, probe: usize) -> Vector3<f64> {
    Vector3::new(
        r.force[[0, probe, 0]],
        r.force[[0, probe, 1]],
        r.force[[0, probe, 2]],
    )
}

fn t3(r: &TaxelReading, probe: usize) -> Vector3<f64> {
    Vector3::new(
        r.torque[[0, probe, 0]],
        r.torque[[0, probe, 1]],
        r.torque[[0, probe, 2]],
    )
}

fn close(got: Vector3<f64>, want: [f64; 3], tol: f64) {
    assert!(
        (got - Vector3::from(want)).norm() < tol,
        "got {got:?}, want {want:?}"
    );
}

/// Genesis's measured-branch case: gain 1.5, α 1.5, R 0.01, sd 0.006, nothing moving.
///
/// By hand: pen = R − sd = 0.004 m. Measured: pen_m = 1.5 × 0.004 = 0.006,
/// s = 0.006^1.5 = 0.006 × √0.006 = 0.006 × 0.0774597 = 4.647580e-4, F_z = 1000 s = 0.464758 N.
/// Ground truth: s = 0.004^1.5 = 0.004 × 0.0632456 = 2.529822e-4, F_z = 0.252982 N.
/// Torque at p = 0: p × F = 0, and no spin.
#[test]
fn genesis_measured_case() {
    let scene = at_gap(0.006);
    let config = TaxelConfig {
        probe_gain: 1.5,
        normal_exponent: 1.5,
        ..TaxelConfig::new("fingertip")
    };
    let mut t = TaxelSensor::new(config, &scene).unwrap();
    let m = t.read(&scene).unwrap();
    close(f3(&m, 0), [0.0, 0.0, 0.464758], 1e-6);
    close(t3(&m, 0), [0.0, 0.0, 0.0], 1e-15);
    assert_eq!(m.raw(), &m.force);
    let g = t.read_ground_truth(&scene).unwrap();
    close(f3(&g, 0), [0.0, 0.0, 0.252982], 1e-6);
}

/// With every measured-only option off the measured branch is the ground truth, bit for bit.
#[test]
fn plain_measured_branch_is_the_ground_truth() {
    let scene = at_gap(0.003);
    let mut t = TaxelSensor::new(three_probes(), &scene).unwrap();
    assert_eq!(
        t.read(&scene).unwrap(),
        t.read_ground_truth(&scene).unwrap()
    );
}

/// Radius noise is measured-only: the ground truth keeps R = 0.01 (10 N at sd = 0) while the
/// measured force lies in 1000 × [0.008, 0.012] N.
#[test]
fn radius_noise_leaves_the_ground_truth_alone() {
    let scene = at_gap(0.0);
    let config = TaxelConfig {
        probe_radius_noise: 0.002,
        seed: 7,
        ..three_probes()
    };
    let mut t = TaxelSensor::new(config, &scene).unwrap();
    for _ in 0..20 {
        let m = t.read(&scene).unwrap();
        let g = t.read_ground_truth(&scene).unwrap();
        for p in 0..3 {
            close(f3(&g, p), [0.0, 0.0, 10.0], 1e-9);
            assert!((8.0 - 1e-9..=12.0 + 1e-9).contains(&f3(&m, p).z));
        }
    }
}

/// The block approaches step by step: ground-truth F_z = 1000 × (0.01 − gap) =
/// 0, 1, 2, 3, 2, 1, 0 N over the steps.
fn ramp() -> Vec<Scene> {
    [0.01, 0.009, 0.008, 0.007, 0.008, 0.009, 0.01]
        .iter()
        .map(|&g| at_gap(g))
        .collect()
}

/// A delay of d steps shifts the signal by exactly d (zero before the first d steps).
#[test]
fn delay_shifts_by_exactly_d() {
    let scenes = ramp();
    for d in [1, 3] {
        let config = TaxelConfig {
            delay: d,
            ..three_probes()
        };
        let mut t = TaxelSensor::new(config, &scenes[0]).unwrap();
        let mut truth = TaxelSensor::new(three_probes(), &scenes[0]).unwrap();
        let gt: Vec<TaxelReading> = scenes
            .iter()
            .map(|s| truth.read_ground_truth(s).unwrap())
            .collect();
        for (step, s) in scenes.iter().enumerate() {
            let m = t.read(s).unwrap();
            if step < d {
                assert!(m.force.iter().chain(m.torque.iter()).all(|&x| x == 0.0));
            } else {
                assert_eq!(m, gt[step - d], "delay {d}, step {step}");
            }
        }
    }
}

/// Jitter adds a lag drawn in 0..=jitter per step: every reading is one of the ground truth's
/// d..=d+jitter steps back, every lag occurs, and the same seed gives the same bytes.
#[test]
fn jitter_draws_lags_in_range() {
    // A long monotone approach, so that each step's force names its step.
    let gaps: Vec<f64> = (0..60).map(|i| 0.01 - 1e-4 * i as f64).collect();
    let scenes: Vec<Scene> = gaps.iter().map(|&g| at_gap(g)).collect();
    let config = TaxelConfig {
        delay: 2,
        jitter: 3,
        seed: 5,
        ..TaxelConfig::new("fingertip")
    };
    let run = |cfg: &TaxelConfig| {
        let mut t = TaxelSensor::new(cfg.clone(), &scenes[0]).unwrap();
        scenes
            .iter()
            .map(|s| t.read(s).unwrap().force[[0, 0, 2]])
            .collect::<Vec<_>>()
    };
    let got = run(&config);
    assert_eq!(got, run(&config));
    let mut lags = std::collections::BTreeSet::new();
    for (step, fz) in got.iter().enumerate().skip(5) {
        // F_z at step s is 1000 × 1e-4 × s = 0.1 s N.
        let lag = step as f64 - fz / 0.1;
        assert!((lag - lag.round()).abs() < 1e-6, "step {step}: {fz}");
        let lag = lag.round() as i64;
        assert!((2..=5).contains(&lag), "step {step}: lag {lag}");
        lags.insert(lag);
    }
    assert_eq!(lags.len(), 4, "every lag in 2..=5 occurs: {lags:?}");
}

/// Additive noise: same seed ⇒ same bytes; another seed differs; over many steps the error
/// has mean 0 and standard deviation `noise` (Gaussian), per component.
#[test]
fn noise_is_seeded_with_the_right_statistics() {
    let scene = at_gap(0.0);
    let sd = 0.5;
    let config = TaxelConfig {
        noise: sd,
        seed: 11,
        ..three_probes()
    };
    let run = |cfg: &TaxelConfig, steps: usize| {
        let mut t = TaxelSensor::new(cfg.clone(), &scene).unwrap();
        (0..steps)
            .map(|_| t.read(&scene).unwrap())
            .collect::<Vec<_>>()
    };
    let a = run(&config, 3000);
    assert_eq!(a[..10], run(&config, 10)[..]);
    let other = TaxelConfig {
        seed: 12,
        ..config.clone()
    };
    assert_ne!(a[..10], run(&other, 10)[..]);
    // Errors against the noiseless force [0, 0, 10] on every probe, per component.
    for k in 0..3 {
        let errors: Vec<f64> = a
            .iter()
            .flat_map(|r| (0..3).map(move |p| r.force[[0, p, k]] - [0.0, 0.0, 10.0][k]))
            .collect();
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / n;
        let var = errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0);
        // 9000 samples: the mean's standard error is 0.5/√9000 = 0.0053 (tolerance 5 of
        // them); the deviation's relative standard error is 1/√(2·9000) = 0.75 % (tolerance
        // 4 %).
        assert!(mean.abs() < 0.027, "component {k}: mean {mean}");
        assert!(
            (var.sqrt() / sd - 1.0).abs() < 0.04,
            "component {k}: sd {}",
            var.sqrt()
        );
    }
}

/// Bias along the probe normal: F = [0, 0, 10 + 0.3]; the torque follows the measured force:
/// probe 1 at (0.005, 0, 0): T = p × F = (0, −0.005 × 10.3, 0) = (0, −0.0515, 0).
#[test]
fn bias_adds_along_the_normal() {
    let scene = at_gap(0.0);
    let config = TaxelConfig {
        bias: 0.3,
        probe_local_normal: Vector3::new(0.0, 0.0, 2.0),
        ..three_probes()
    };
    let m = TaxelSensor::new(config, &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    close(f3(&m, 1), [0.0, 0.0, 10.3], 1e-12);
    close(t3(&m, 1), [0.0, -0.0515, 0.0], 1e-12);
}

/// Resolution 0.25 N: gap 0.0037 gives 1000 × 0.0063 = 6.3 N, rounded to 25 × 0.25 = 6.25 N.
#[test]
fn resolution_quantises() {
    let scene = at_gap(0.0037);
    let config = TaxelConfig {
        resolution: 0.25,
        ..three_probes()
    };
    let m = TaxelSensor::new(config, &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    for p in 0..3 {
        assert_eq!(f3(&m, p), Vector3::new(0.0, 0.0, 6.25));
    }
}

/// Dead taxel 1 reads zero force and torque; the others read 10 N.
#[test]
fn dead_taxels_read_zero() {
    let scene = at_gap(0.0);
    let config = TaxelConfig {
        dead_taxels: vec![1],
        ..three_probes()
    };
    let m = TaxelSensor::new(config, &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    close(f3(&m, 0), [0.0, 0.0, 10.0], 1e-12);
    close(f3(&m, 2), [0.0, 0.0, 10.0], 1e-12);
    assert_eq!(f3(&m, 1), Vector3::zeros());
    assert_eq!(t3(&m, 1), Vector3::zeros());
}

/// Crosstalk 0.1 within 6 mm, probes at x = 0, 0.005, −0.005, each 10 N: the middle probe has
/// both others as neighbours (5 mm), the outer ones only the middle (the other is 10 mm away).
/// F_0 = 10 + 0.1 × (10 + 10) = 12 N; F_1 = F_2 = 10 + 0.1 × 10 = 11 N;
/// T_1 = (0.005, 0, 0) × (0, 0, 11) = (0, −0.055, 0).
#[test]
fn crosstalk_leaks_between_neighbours() {
    let scene = at_gap(0.0);
    let config = TaxelConfig {
        crosstalk: 0.1,
        crosstalk_radius: 0.006,
        ..three_probes()
    };
    let m = TaxelSensor::new(config, &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    close(f3(&m, 0), [0.0, 0.0, 12.0], 1e-9);
    close(f3(&m, 1), [0.0, 0.0, 11.0], 1e-9);
    close(f3(&m, 2), [0.0, 0.0, 11.0], 1e-9);
    close(t3(&m, 1), [0.0, -0.055, 0.0], 1e-12);
}

/// Hysteresis 0.5 N (play operator y = clamp(y_prev, x − h, x + h), y starting at 0) on the
/// ramp x = 0, 1, 2, 3, 2, 1, 0 N: y = 0, 0.5, 1.5, 2.5, 2.5, 1.5, 0.5 N.
#[test]
fn hysteresis_is_a_play_operator() {
    let scenes = ramp();
    let config = TaxelConfig {
        hysteresis: 0.5,
        ..TaxelConfig::new("fingertip")
    };
    let mut t = TaxelSensor::new(config, &scenes[0]).unwrap();
    let want = [0.0, 0.5, 1.5, 2.5, 2.5, 1.5, 0.5];
    for (s, w) in scenes.iter().zip(want) {
        close(f3(&t.read(s).unwrap(), 0), [0.0, 0.0, w], 1e-9);
    }
}

/// The measured branch keeps its own history, newest first: with delay 1 and history 2 the
/// third step reads [F(step 1), F(step 0)] = [1, 0] N on the ramp; the ground truth's history
/// reads [2, 1] N.
#[test]
fn histories_of_both_branches() {
    let scenes = ramp();
    let config = TaxelConfig {
        delay: 1,
        history_length: 2,
        ..TaxelConfig::new("fingertip")
    };
    let mut t = TaxelSensor::new(config, &scenes[0]).unwrap();
    let mut last = None;
    for s in &scenes[..3] {
        last = Some((t.read(s).unwrap(), t.read_ground_truth(s).unwrap()));
    }
    let (m, g) = last.unwrap();
    assert_eq!(m.force.shape(), &[1, 2, 1, 3]);
    assert!((m.force[[0, 0, 0, 2]] - 1.0).abs() < 1e-9);
    assert!(m.force[[0, 1, 0, 2]].abs() < 1e-12);
    assert!((g.force[[0, 0, 0, 2]] - 2.0).abs() < 1e-9);
    assert!((g.force[[0, 1, 0, 2]] - 1.0).abs() < 1e-9);
    // reset() starts both branches again.
    t.reset();
    assert!(t.read(&scenes[3]).unwrap().force.iter().all(|&x| x == 0.0));
}

/// Every invalid option is refused with its name.
#[test]
fn invalid_measured_options() {
    let scene = at_gap(0.0);
    let refused = |cfg: TaxelConfig, field: &str| {
        let e = TaxelSensor::new(cfg, &scene).unwrap_err().to_string();
        assert!(e.contains(field), "{field}: {e}");
    };
    let base = three_probes;
    refused(
        TaxelConfig {
            normal_stiffness: -1.0,
            ..base()
        },
        "normal_stiffness",
    );
    refused(
        TaxelConfig {
            normal_exponent: 0.99,
            ..base()
        },
        "normal_exponent",
    );
    refused(
        TaxelConfig {
            noise: -0.1,
            ..base()
        },
        "noise",
    );
    refused(
        TaxelConfig {
            probe_radius_noise: -0.1,
            ..base()
        },
        "probe_radius_noise",
    );
    refused(
        TaxelConfig {
            probe_gain: f64::NAN,
            ..base()
        },
        "probe_gain",
    );
    refused(
        TaxelConfig {
            resolution: -1.0,
            ..base()
        },
        "resolution",
    );
    refused(
        TaxelConfig {
            hysteresis: f64::INFINITY,
            ..base()
        },
        "hysteresis",
    );
    refused(
        TaxelConfig {
            bias: f64::NAN,
            ..base()
        },
        "bias",
    );
    refused(
        TaxelConfig {
            crosstalk: 1.5,
            crosstalk_radius: 0.01,
            ..base()
        },
        "crosstalk",
    );
    refused(
        TaxelConfig {
            crosstalk: 0.1,
            ..base()
        },
        "crosstalk_radius",
    );
    refused(
        TaxelConfig {
            dead_taxels: vec![3],
            ..base()
        },
        "dead_taxels",
    );
    // Absurd lengths are refused before anything is allocated (these would need exabytes).
    refused(
        TaxelConfig {
            history_length: usize::MAX,
            ..base()
        },
        "history_length",
    );
    refused(
        TaxelConfig {
            history_length: MAX_HISTORY_STEPS + 1,
            ..base()
        },
        "history_length",
    );
    refused(
        TaxelConfig {
            delay: usize::MAX / 2,
            jitter: usize::MAX,
            ..base()
        },
        "delay + jitter",
    );
    refused(
        TaxelConfig {
            probe_local_pos: vec![Point3::origin(); 1000],
            history_length: 100_000,
            ..base()
        },
        "history_length",
    );
    refused(TaxelConfig::new("thumb"), "thumb");
}
