//! Tests of spline models: what a cubic B-spline spans (cubics, constants), a periodic fit
//! across the seam, the gradient against finite differences, determinism over thread counts,
//! exports and bad input.

use std::f64::consts::PI;

use super::tests::{map_of, names, with_threads};
use super::*;
use crate::error::JointspaceError;
use crate::sample_map::Quantity;

fn spline_options(cells: Vec<usize>, smoothing: f64) -> FitOptions {
    FitOptions {
        kind: ModelKind::Spline { cells, smoothing },
        epochs: 5000,
        validation: Validation::Fraction(0.0),
        boundary_weight: 0.0,
        ..FitOptions::default()
    }
}

/// A cubic B-spline with open ends spans every cubic polynomial, so an unpenalised fit to one
/// is exact (here off the sample grid too, and outside the range, where the end cells carry on).
#[test]
fn an_unpenalised_spline_reproduces_a_cubic() {
    let f =
        |q: &[f64]| 0.3 + 0.5 * q[0] - 0.2 * q[0] * q[1] + 0.1 * q[1].powi(3) - 0.05 * q[0].powi(2);
    let ranges = [[-0.7, 1.9], [-2.0, 0.5]];
    let map = map_of(&ranges, 25, f);
    let (model, report) = fit(&map, &spline_options(vec![6, 5], 0.0)).unwrap();
    assert_eq!(model.kind(), "spline");
    assert_eq!(model.param_count(), 9 * 8);
    assert_eq!(report.stopped_by, "convergence");
    for q in [
        [0.1, -0.3],
        [1.77, 0.49],
        [-0.69, -1.99],
        [2.1, 0.7],
        [-1.0, -2.5],
    ] {
        let d = model.distance(&q).unwrap();
        assert!((d - f(&q)).abs() < 1e-8, "{q:?}: {d} vs {}", f(&q));
    }
}

/// B-spline weights sum to 1: a spline of equal coefficients is that constant, with gradient 0,
/// on periodic and open joints alike.
#[test]
fn equal_coefficients_give_a_constant() {
    let ranges = [[-PI, PI], [0.0, 2.0], [-PI, PI]];
    let mut spline = SplineGrid::zeros(&ranges, &[true, false, true], &[5, 3, 4]).unwrap();
    spline.coefficients.iter_mut().for_each(|c| *c = 0.75);
    let encoding = ranges
        .iter()
        .map(|&r| JointEncoding::for_range(r))
        .collect();
    let model = JointspaceModel::from_spline(
        names(3),
        ranges.to_vec(),
        encoding,
        spline,
        Quantity::JointSpaceDistance,
    )
    .unwrap();
    for q in [[0.0, 0.0, 0.0], [3.0, 1.99, -3.1], [-7.0, -0.5, 12.0]] {
        assert!((model.distance(&q).unwrap() - 0.75).abs() < 1e-14);
        let g = model.gradient(&q).unwrap();
        assert!(g.iter().all(|v| v.abs() < 1e-13), "{g:?}");
    }
}

/// A periodic joint's spline wraps: a fit of a smooth periodic function is close everywhere,
/// also across the seam at ±π and a full turn away.
#[test]
fn a_periodic_spline_fits_across_the_seam() {
    let f = |q: &[f64]| 0.6 * q[0].cos() + 0.2 * (2.0 * q[0]).sin() + 0.1 * q[1];
    let map = map_of(&[[-PI, PI], [-1.0, 1.0]], 60, f);
    let (model, _) = fit(&map, &spline_options(vec![32, 4], 0.0)).unwrap();
    // Cubic splines err by about h^4 |f''''| / 384 with h = 2π/32: 3e-5 here.
    for x in [-PI, -3.0, 0.3, 3.1, PI, PI + 0.2, -PI - 0.2, 0.3 + 2.0 * PI] {
        let q = [x, 0.4];
        let d = model.distance(&q).unwrap();
        assert!((d - f(&q)).abs() < 2e-4, "{x}: {d} vs {}", f(&q));
    }
}

#[test]
fn spline_gradient_matches_central_differences() {
    let f = |q: &[f64]| (q[0] + 0.3).sin() * q[1] + (q[2] * 1.7).cos();
    let map = map_of(&[[-PI, PI], [-0.5, 1.5], [-PI, PI]], 14, f);
    let (model, _) = fit(&map, &spline_options(vec![8, 5, 7], 1e-3)).unwrap();
    let h = 1e-6;
    for q in [
        [0.2, 0.4, -1.0],
        [3.0, 1.4, 3.1],
        [-PI, -0.4, 0.0],
        [1.1, 1.6, 2.0],
    ] {
        let g = model.gradient(&q).unwrap();
        for a in 0..3 {
            let (mut up, mut down) = (q, q);
            up[a] += h;
            down[a] -= h;
            let fd = (model.distance(&up).unwrap() - model.distance(&down).unwrap()) / (2.0 * h);
            assert!(
                (fd - g[a]).abs() < 1e-6,
                "{q:?} joint {a}: fd {fd} vs {}",
                g[a]
            );
        }
    }
}

#[test]
fn a_spline_fit_is_the_same_for_any_thread_count() {
    let f = |q: &[f64]| q[0].cos() - 0.3 * q[1];
    let map = map_of(&[[-PI, PI], [-1.0, 1.0]], 40, f);
    let options = FitOptions {
        validation: Validation::Fraction(0.2),
        ..spline_options(vec![12, 6], 1e-3)
    };
    let run = |threads| with_threads(threads, || fit(&map, &options).unwrap().0);
    assert_eq!(run(1), run(3));
}

#[test]
fn spline_json_round_trips_exactly() {
    let map = map_of(&[[-PI, PI], [-1.0, 1.0]], 12, |q| q[0].sin() + q[1]);
    let (mut model, _) = fit(&map, &spline_options(vec![6, 3], 1e-3)).unwrap();
    model.set_offset(0.0123).unwrap();
    let text = to_json(&model).unwrap();
    assert!(text.contains("\"spline\"") && !text.contains("\"mlp\""));
    assert_eq!(from_json(&text).unwrap(), model);
    // A coefficient count that does not match the cells is refused.
    let broken = text.replacen("\"cells\": [\n        6,", "\"cells\": [\n        7,", 1);
    assert_ne!(broken, text);
    assert!(from_json(&broken).is_err());
}

#[test]
fn bad_spline_options_give_typed_errors() {
    let map = map_of(&[[-PI, PI], [-1.0, 1.0]], 8, |q| q[0].cos() + 0.2);
    let err = |kind: ModelKind| {
        fit(
            &map,
            &FitOptions {
                kind,
                ..FitOptions::default()
            },
        )
        .unwrap_err()
    };
    let spline = |cells: Vec<usize>, smoothing| ModelKind::Spline { cells, smoothing };
    assert!(matches!(
        err(spline(vec![8, 8, 8], 1e-3)),
        JointspaceError::WrongLength { .. }
    ));
    assert!(
        err(spline(vec![3, 8], 1e-3))
            .to_string()
            .contains("at least 4")
    );
    assert!(err(spline(vec![0], 1e-3)).to_string().contains("cells"));
    assert!(
        err(spline(vec![8], f64::NAN))
            .to_string()
            .contains("smoothing")
    );
    assert!(
        err(spline(vec![1 << 13], 1e-3))
            .to_string()
            .contains("coefficients")
    );
    let five = map_of(&[[-1.0, 1.0]; 5], 3, |q| q[0] + 0.5);
    let e = fit(
        &five,
        &FitOptions {
            kind: spline(vec![4], 1e-3),
            ..FitOptions::default()
        },
    );
    assert!(e.unwrap_err().to_string().contains("1 to 4 joints"));
    // The front ends' names.
    let from = ModelKind::from_options;
    assert_eq!(from(None, false, None, None).unwrap(), ModelKind::Auto);
    assert_eq!(from(None, true, None, None).unwrap(), ModelKind::Network);
    assert_eq!(
        from(Some("spline"), false, None, None).unwrap(),
        spline(vec![DEFAULT_SPLINE_CELLS], DEFAULT_SMOOTHING)
    );
    assert_eq!(
        from(None, false, Some(vec![9]), None).unwrap(),
        spline(vec![9], DEFAULT_SMOOTHING)
    );
    assert!(
        from(Some("tree"), false, None, None)
            .unwrap_err()
            .to_string()
            .contains("\"tree\"")
    );
    assert!(from(Some("spline"), true, None, None).is_err());
    assert!(from(Some("network"), false, Some(vec![8]), None).is_err());
    assert!(
        from(None, true, None, Some(0.1))
            .unwrap_err()
            .to_string()
            .contains("both")
    );
}
