//! Tests of the model: gradient against finite differences, fitting closed forms,
//! determinism, certification on a case counted by hand, and bad input.

use ndarray::Array2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::error::JointspaceError;
use crate::sample_map::{Quantity, SampleMap};
use std::f64::consts::PI;

pub(super) fn names(k: usize) -> Vec<String> {
    (0..k).map(|a| format!("j{a}")).collect()
}

/// A map of `f` on an `n^k` grid over `ranges` (upper ends included).
pub(super) fn map_of(ranges: &[[f64; 2]], n: usize, f: impl Fn(&[f64]) -> f64) -> SampleMap {
    let k = ranges.len();
    let total = n.pow(k as u32);
    let mut rows = Array2::zeros((total, k + 1));
    let mut q = vec![0.0; k];
    for c in 0..total {
        let mut rest = c;
        for a in 0..k {
            let i = rest % n;
            rest /= n;
            let [lo, hi] = ranges[a];
            q[a] = lo + (hi - lo) * i as f64 / (n - 1) as f64;
            rows[[c, a]] = q[a];
        }
        rows[[c, k]] = f(&q);
    }
    SampleMap::new(
        names(k),
        ranges.to_vec(),
        rows,
        None,
        Quantity::JointSpaceDistance,
    )
    .unwrap()
}

/// `f` run in a pool of `threads` threads.
pub(super) fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

fn random_model(ranges: &[[f64; 2]], hidden: &[usize], seed: u64) -> JointspaceModel {
    let encoding: Vec<JointEncoding> = ranges
        .iter()
        .map(|&r| JointEncoding::for_range(r))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mlp = Mlp::random(input_width(&encoding), hidden, &mut rng);
    JointspaceModel::new(
        names(ranges.len()),
        ranges.to_vec(),
        encoding,
        mlp,
        Quantity::JointSpaceDistance,
    )
    .unwrap()
}

#[test]
fn gradient_matches_central_differences() {
    let ranges = [[-PI, PI], [-0.5, 2.0], [-PI, PI]];
    let model = random_model(&ranges, &[7, 5], 3);
    assert_eq!(
        model.encoding()[1],
        JointEncoding::Scaled { lo: -0.5, hi: 2.0 }
    );
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    use rand::Rng;
    for _ in 0..50 {
        let q: Vec<f64> = (0..3).map(|_| rng.random_range(-3.0..3.0)).collect();
        let g = model.gradient(&q).unwrap();
        for a in 0..3 {
            let h = 1e-6;
            let (mut qp, mut qm) = (q.clone(), q.clone());
            qp[a] += h;
            qm[a] -= h;
            let fd = (model.distance(&qp).unwrap() - model.distance(&qm).unwrap()) / (2.0 * h);
            assert!((fd - g[a]).abs() < 1e-8, "joint {a}: {fd} vs {}", g[a]);
        }
    }
}

#[test]
fn batched_forms_equal_single_calls() {
    let model = random_model(&[[-PI, PI], [-1.0, 1.0]], &[6], 1);
    let qs = Array2::from_shape_fn((3000, 2), |(i, a)| {
        ((i * 7 + a * 3) % 61) as f64 * 0.05 - 1.5
    });
    let d = model.distances(qs.view()).unwrap();
    let g = model.gradients(qs.view()).unwrap();
    for i in [0, 1023, 1024, 2999] {
        let q = qs.row(i).to_vec();
        assert_eq!(d[i], model.distance(&q).unwrap());
        assert_eq!(g.row(i).to_vec(), model.gradient(&q).unwrap());
    }
}

#[test]
fn fits_a_smooth_closed_form_distance() {
    // A smoothed |q| - r on a square (scaled inputs): values from -0.29 to 0.92.
    let f = |q: &[f64]| (q[0] * q[0] + q[1] * q[1] + 0.01).sqrt() - 0.4;
    let map = map_of(&[[-1.0, 1.0], [-0.5, 0.5]], 41, f);
    let options = FitOptions {
        hidden: vec![12, 12],
        epochs: 2000,
        ..FitOptions::default()
    };
    let (model, report) = fit(&map, &options).unwrap();
    assert_eq!(report.train_samples + report.validation_samples, 41 * 41);
    // Fresh points between the grid's, against the closed form.
    let mut worst: f64 = 0.0;
    for i in 0..30 {
        for j in 0..30 {
            let q = [
                -0.98 + 1.96 * i as f64 / 29.0,
                -0.49 + 0.98 * j as f64 / 29.0,
            ];
            worst = worst.max((model.distance(&q).unwrap() - f(&q)).abs());
        }
    }
    assert!(worst < 1e-2, "largest error {worst} ({report:?})");
}

#[test]
fn fits_a_periodic_function_across_the_seam() {
    let f = |q: &[f64]| q[0].cos() + 0.5 * (2.0 * q[1]).sin() - 0.2;
    let map = map_of(&[[-PI, PI], [-PI, PI]], 31, f);
    let options = FitOptions {
        hidden: vec![10, 10],
        epochs: 300,
        ..FitOptions::default()
    };
    let (model, _) = fit(&map, &options).unwrap();
    assert_eq!(model.encoding(), &[JointEncoding::Periodic; 2]);
    // Periodic by construction: q and q + 2π agree, and the fit holds at the seam.
    for q in [[PI, 0.3], [-PI + 1e-3, -PI], [3.0, 2.9]] {
        let a = model.distance(&q).unwrap();
        let b = model.distance(&[q[0] - 2.0 * PI, q[1] + 2.0 * PI]).unwrap();
        assert!((a - b).abs() < 1e-12);
        assert!((a - f(&q)).abs() < 0.02, "{q:?}: {a} vs {}", f(&q));
    }
}

#[test]
fn a_seed_gives_the_same_model_for_any_thread_count() {
    let map = map_of(&[[-PI, PI], [-1.0, 1.0]], 70, |q| q[0].sin() * q[1] - 0.1);
    let options = FitOptions {
        hidden: vec![8],
        epochs: 40,
        ..FitOptions::default()
    };
    let run = |threads| with_threads(threads, || fit(&map, &options).unwrap().0);
    let one = run(1);
    assert_eq!(one, run(3));
    let other = fit(
        &map,
        &FitOptions {
            seed: 1,
            ..options.clone()
        },
    )
    .unwrap()
    .0;
    assert_ne!(
        one.mlp().map(|m| m.params()),
        other.mlp().map(|m| m.params())
    );
}

/// Model `q1 + q2 / 2` (a linear network), truth `q1 + q2 − h/2` on a grid of step `h = 1/8`
/// over `[-1, 1]²` (every value exact in binary). Colliding: `i + j ≤ n`. Offset: the largest
/// model value there, at `i = n, j = 0`: `0.5`. Lost: free cells with `2i + j ≤ 2n`.
#[test]
fn certification_matches_a_hand_count() {
    let n = 16usize;
    let h = 2.0 / n as f64;
    let mlp = Mlp {
        layers: vec![Layer {
            inputs: 2,
            outputs: 1,
            weights: vec![1.0, 0.5],
            bias: vec![0.0],
        }],
    };
    let ranges = vec![[-1.0, 1.0]; 2];
    let encoding = ranges
        .iter()
        .map(|&r| JointEncoding::for_range(r))
        .collect();
    let mut model = JointspaceModel::new(
        names(2),
        ranges.clone(),
        encoding,
        mlp,
        Quantity::JointSpaceDistance,
    )
    .unwrap();
    let map = map_of(&ranges, n + 1, |q| q[0] + q[1] - h / 2.0);
    let c = certify_empirical(&mut model, &map).unwrap();
    let (mut colliding, mut lost, mut free) = (0, 0, 0);
    for i in 0..=n {
        for j in 0..=n {
            if i + j <= n {
                colliding += 1;
            } else {
                free += 1;
                lost += usize::from(2 * i + j <= 2 * n);
            }
        }
    }
    assert_eq!(c.samples, (n + 1) * (n + 1));
    assert_eq!(c.colliding, colliding);
    assert_eq!(c.offset, 0.5);
    assert_eq!(model.offset(), 0.5);
    assert_eq!(c.false_free, 0);
    assert_eq!(c.lost_free, lost);
    assert_eq!(c.lost_range_of_motion, lost as f64 / free as f64);
    // |error| = |h/2 − q2/2|: largest at q2 = −1.
    assert_eq!(c.max_error, 0.5 + h / 2.0);
}

#[test]
fn bad_input_gives_typed_errors() {
    let model = random_model(&[[-PI, PI], [-1.0, 1.0]], &[4], 0);
    assert!(matches!(
        model.distance(&[0.1]),
        Err(JointspaceError::WrongLength {
            expected: 2,
            got: 1,
            ..
        })
    ));
    assert!(matches!(
        model.gradient(&[0.1, f64::NAN]),
        Err(JointspaceError::NotFinite { .. })
    ));
    let qs = Array2::from_shape_vec((1, 3), vec![0.0; 3]).unwrap();
    assert!(matches!(
        model.distances(qs.view()),
        Err(JointspaceError::WrongLength { .. })
    ));

    let good = map_of(&[[-1.0, 1.0], [-1.0, 1.0]], 5, |q| q[0]);
    let binary = good
        .with_values(&vec![1.0; good.len()], Quantity::Binary)
        .unwrap();
    let e = fit(&binary, &FitOptions::default()).unwrap_err();
    assert!(matches!(e, JointspaceError::NotDistances { .. }), "{e}");
    assert!(e.to_string().contains("collision check"), "{e}");

    let colliding = good
        .with_values(&vec![-0.5; good.len()], Quantity::JointSpaceDistance)
        .unwrap();
    let e = fit(&colliding, &FitOptions::default()).unwrap_err();
    assert!(
        e.to_string().contains("all 25 samples are in collision"),
        "{e}"
    );

    let empty = SampleMap::new(
        names(2),
        vec![[-1.0, 1.0]; 2],
        Array2::zeros((0, 3)),
        None,
        Quantity::JointSpaceDistance,
    )
    .unwrap();
    assert!(matches!(
        fit(&empty, &FitOptions::default()),
        Err(JointspaceError::NoUsableSamples { .. })
    ));

    let mut values = vec![0.3; good.len()];
    values[7] = f64::NAN;
    let nan = good
        .with_values(&values, Quantity::JointSpaceDistance)
        .unwrap();
    assert!(matches!(
        fit(&nan, &FitOptions::default()),
        Err(JointspaceError::NotFinite { .. })
    ));

    let other = SampleMap::new(
        vec!["a".into(), "b".into()],
        vec![[-1.0, 1.0]; 2],
        good.rows().clone(),
        None,
        Quantity::JointSpaceDistance,
    )
    .unwrap();
    let options = FitOptions {
        validation: Validation::Map(other.clone()),
        ..FitOptions::default()
    };
    let e = fit(&good, &options).unwrap_err();
    assert!(matches!(e, JointspaceError::JointSetMismatch { .. }), "{e}");
    let mut m = model.clone();
    let e = certify_empirical(&mut m, &other).unwrap_err();
    assert!(
        e.to_string()
            .contains("certification map samples joints [\"a\", \"b\"]"),
        "{e}"
    );

    for bad in [
        FitOptions {
            hidden: vec![0],
            ..FitOptions::default()
        },
        FitOptions {
            validation: Validation::Fraction(1.0),
            ..FitOptions::default()
        },
        FitOptions {
            epochs: 0,
            ..FitOptions::default()
        },
        FitOptions {
            boundary_weight: f64::NAN,
            ..FitOptions::default()
        },
        FitOptions {
            boundary_width: 0.0,
            ..FitOptions::default()
        },
    ] {
        assert!(matches!(
            fit(&good, &bad),
            Err(JointspaceError::InvalidArgument { .. })
        ));
    }
}

#[test]
fn json_round_trips_exactly() {
    let mut model = random_model(&[[-PI, PI], [-0.3, 1.7]], &[5, 3], 4);
    model.set_offset(0.012_345_678_901_234_5).unwrap();
    let back = from_json(&to_json(&model).unwrap()).unwrap();
    assert_eq!(back, model);
    assert!(from_json("{\"format\": \"other\"}").is_err());
}

/// The hidden activation against the standard library's `tanh` (within 1e-4), its slope
/// against central differences of itself and against `1 − tanh²`, and its saturation.
#[test]
fn activation_is_tanh_within_its_bound() {
    let mut worst = 0.0_f64;
    for i in -8000..=8000 {
        let x = i as f64 * 1e-3;
        let (y, slope) = super::mlp::activation(x);
        worst = worst.max((y - x.tanh()).abs());
        assert!(
            (slope - (1.0 - x.tanh().powi(2))).abs() < 1e-3,
            "slope at {x}"
        );
        if x.abs() < super::mlp::ACTIVATION_CLAMP - 1e-3 {
            let h = 1e-6;
            let fd =
                (super::mlp::activation(x + h).0 - super::mlp::activation(x - h).0) / (2.0 * h);
            assert!((fd - slope).abs() < 1e-8, "fd {fd} vs slope {slope} at {x}");
        }
        // Odd, bounded by 1 and monotone.
        assert_eq!(super::mlp::activation(-x).0, -y);
        assert!(y.abs() < 1.0 && slope >= 0.0);
    }
    assert!(worst < 1e-4 && worst > 1e-6, "largest difference {worst}");
    assert_eq!(super::mlp::activation(1e300), super::mlp::activation(5.0));
    assert_eq!(super::mlp::activation(1e300).1, 0.0);
}

/// A validation or certification map of another quantity (Cartesian metres for a joint-space
/// model), or reaching outside a non-periodic joint's fitted range, is refused with an error
/// naming what differs; the same joints with the same quantity pass.
#[test]
fn maps_of_another_quantity_or_region_are_refused() {
    let ranges = [[-PI, PI], [-1.0, 1.0]];
    let train = map_of(&ranges, 9, |q| q[0].cos() + q[1]);
    let metres = train
        .with_values(
            &train.values().to_vec(),
            Quantity::Distance(crate::options::DistanceOptions::default()),
        )
        .unwrap();
    let options = FitOptions {
        validation: Validation::Map(metres.clone()),
        epochs: 5,
        ..FitOptions::default()
    };
    let e = fit(&train, &options).unwrap_err();
    assert!(matches!(e, JointspaceError::ModelMismatch { .. }), "{e}");
    assert!(e.to_string().contains("validation map"), "{e}");
    assert!(e.to_string().contains("distance (m)"), "{e}");

    let mut model = random_model(&ranges, &[4], 1);
    let e = certify_empirical(&mut model, &metres).unwrap_err();
    assert!(e.to_string().contains("certification map"), "{e}");

    // Wider than the fitted range of the scaled joint j1: refused, naming the joint.
    let wide = map_of(&[[-PI, PI], [-1.5, 1.0]], 9, |q| q[0].cos() + q[1]);
    let e = certify_empirical(&mut model, &wide).unwrap_err();
    assert!(matches!(e, JointspaceError::ModelMismatch { .. }), "{e}");
    assert!(e.to_string().contains("joint \"j1\""), "{e}");
    // The periodic joint j0 may be sampled over any turn; a narrower range is inside.
    let shifted = map_of(&[[0.0, 2.0 * PI], [-0.5, 0.5]], 9, |q| q[0].cos() + q[1]);
    certify_empirical(&mut model, &shifted).unwrap();
    certify_empirical(&mut model, &train).unwrap();
}

/// A model remembers what its samples were sampled from; a certification or validation map
/// from another robot, pair set or reference configuration is refused naming both, a map that
/// does not know its source is taken as it is, and JSON keeps the source.
#[test]
fn maps_from_another_source_are_refused() {
    let here =
        "robot \"solo\", pairs [(base_link, FL_UPPER_LEG)], reference configuration 0a1b2c3d";
    let there =
        "robot \"solo8\", pairs [(base_link, FL_UPPER_LEG)], reference configuration 0a1b2c3d";
    let map = map_of(&[[-1.0, 1.0], [-1.0, 1.0]], 6, |q| q[0] + 0.5 * q[1]);
    let options = FitOptions {
        hidden: vec![3],
        epochs: 5,
        ..FitOptions::default()
    };
    let (mut model, _) = fit(&map.clone().with_source(here), &options).unwrap();
    assert_eq!(model.source(), Some(here));

    let e = certify_empirical(&mut model, &map.clone().with_source(there)).unwrap_err();
    assert!(matches!(e, JointspaceError::ModelMismatch { .. }), "{e}");
    assert!(
        e.to_string().contains("certification map")
            && e.to_string().contains("robot \"solo8\"")
            && e.to_string().contains("robot \"solo\""),
        "{e}"
    );
    certify_empirical(&mut model, &map.clone().with_source(here)).unwrap();
    certify_empirical(&mut model, &map).unwrap();

    let validation = FitOptions {
        validation: Validation::Map(map.clone().with_source(there)),
        ..options.clone()
    };
    let e = fit(&map.clone().with_source(here), &validation).unwrap_err();
    assert!(e.to_string().contains("validation map"), "{e}");

    let back = from_json(&to_json(&model).unwrap()).unwrap();
    assert_eq!(back.source(), Some(here));
}
