//! Equilibrium robustness against hpp-centroidal-dynamics (reference data made by
//! `stability/tests/peers/hpp_robustness.py`), closed forms and the robust static polygon.

use super::*;
use morsel_stability::{RobustnessOptions, equilibrium_robustness};

fn triple(value: &serde_json::Value) -> [f64; 3] {
    let v = value.as_array().unwrap();
    [
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_f64().unwrap(),
    ]
}

fn triples(value: &serde_json::Value) -> Vec<[f64; 3]> {
    value.as_array().unwrap().iter().map(triple).collect()
}

#[test]
fn robustness_equals_hpp_centroidal_dynamics() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/hpp_robustness.json")).unwrap();
    let cases = data["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 200);
    let mut worst: f64 = 0.0;
    for (i, case) in cases.iter().enumerate() {
        let mut options = RobustnessOptions::new(
            triples(&case["points"]),
            triples(&case["normals"]),
            case["friction"].as_f64().unwrap(),
            case["mass"].as_f64().unwrap(),
            triple(&case["com"]),
        );
        options.generators = case["generators"].as_u64().unwrap() as usize;
        options.acceleration = triple(&case["acceleration"]);
        let expected = case["robustness"].as_f64().unwrap();
        let got = equilibrium_robustness(&options).unwrap();
        let error = (got - expected).abs() / expected.abs().max(1.0);
        worst = worst.max(error);
        assert!(error < 1e-6, "case {i}: Morsel {got}, hpp {expected}");
    }
    eprintln!("largest relative difference to hpp-centroidal-dynamics: {worst:.2e}");
}

/// Four vertical-normal corners holding a centred CoM: every weight is `m g √(1 + μ²) / (4 k)`
/// and the margin per weight `k μ / (1 + μ²)`.
#[test]
fn centred_robustness_has_its_closed_form() {
    let points = vec![
        [0.1, 0.05, 0.0],
        [0.1, -0.05, 0.0],
        [-0.1, -0.05, 0.0],
        [-0.1, 0.05, 0.0],
    ];
    for (friction, generators) in [(0.3, 4), (0.7, 6), (1.5, 3)] {
        let mut options = RobustnessOptions::new(
            points.clone(),
            vec![[0.0, 0.0, 1.0]; 4],
            friction,
            54.0,
            [0.0, 0.0, 1.0],
        );
        options.generators = generators;
        let k = generators as f64;
        let weight = 54.0 * 9.81 * (1.0 + friction * friction).sqrt() / (4.0 * k);
        let expected = weight * k * friction / (1.0 + friction * friction);
        let got = equilibrium_robustness(&options).unwrap();
        assert!((got - expected).abs() < 1e-9 * expected, "{got} {expected}");
    }
}

#[test]
fn stance_robustness_is_that_of_its_vertices() {
    let mut stance = Stance::new(Point3::new(0.02, 0.01, 0.8), 38.0, two_feet()).unwrap();
    stance
        .set_com_acceleration(Vector3::new(0.4, -0.2, 0.3))
        .unwrap();
    let mut points = Vec::new();
    for contact in stance.contacts().contacts() {
        points.extend(contact.vertices().iter().map(|v| [v.x, v.y, v.z]));
    }
    let mut options = RobustnessOptions::new(
        points,
        vec![[0.0, 0.0, 1.0]; 8],
        0.7,
        38.0,
        [0.02, 0.01, 0.8],
    );
    options.acceleration = [0.4, -0.2, 0.3];
    let expected = equilibrium_robustness(&options).unwrap();
    let got = stance.equilibrium_robustness(4).unwrap();
    assert!(
        (got - expected).abs() < 1e-9 * expected.abs(),
        "{got} {expected}"
    );
    // A CoM far outside the feet has no equilibrium.
    stance.set_com(Point3::new(0.6, 0.0, 0.8)).unwrap();
    assert!(stance.equilibrium_robustness(4).unwrap() < 0.0);
}

#[test]
fn robust_polygon_at_zero_margin_is_the_static_polygon() {
    let tilted = |y: f64, rpy: [f64; 3]| {
        Contact::from_pos_rpy([0.11, 0.05], [0.05, y, 0.02], rpy, 0.6).unwrap()
    };
    for contacts in [
        two_feet(),
        ContactSet::new(vec![
            tilted(0.15, [0.2, 0.0, 0.0]),
            tilted(-0.15, [0.0, 0.0, 0.0]),
        ])
        .unwrap(),
        ContactSet::new(vec![
            tilted(0.2, [-0.3, 0.0, 0.0]),
            tilted(-0.1, [0.0, 0.25, 0.0]),
        ])
        .unwrap(),
    ] {
        let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, contacts).unwrap();
        let robust = stance.robust_static_polygon(0.0, 4).unwrap();
        let reference = stance
            .static_equilibrium_polygon(PolygonMethod::Hull)
            .unwrap();
        let (Some(a), Some(b)) = (robust.polygon(), reference.polygon()) else {
            panic!("{robust:?} {reference:?}")
        };
        assert!(a.hausdorff_distance(b) < 1e-9, "{a:?} {b:?}");
    }
}

/// The robust polygon at a margin holds exactly the CoM positions whose robustness reaches it.
#[test]
fn robust_polygon_is_the_robustness_level_set() {
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let full = stance.robust_static_polygon(0.0, 4).unwrap();
    let peak = stance.equilibrium_robustness(4).unwrap();
    let mut previous = full.polygon().unwrap().area();
    for fraction in [0.2, 0.5, 0.9] {
        let margin = fraction * peak;
        let polygon = stance.robust_static_polygon(margin, 4).unwrap();
        let polygon = polygon.polygon().unwrap();
        assert!(polygon.area() < previous);
        previous = polygon.area();
        let mut lp = stance.robustness_lp(4).unwrap();
        for v in polygon.vertices() {
            let at = lp.robustness([v[0], v[1], 0.8], [0.0; 3]).unwrap();
            assert!((at - margin).abs() < 1e-7 * peak, "{at} {margin}");
        }
        let centre = polygon
            .vertices()
            .iter()
            .fold([0.0, 0.0], |a, v| [a[0] + v[0], a[1] + v[1]]);
        let n = polygon.vertices().len() as f64;
        let at = lp
            .robustness([centre[0] / n, centre[1] / n, 0.8], [0.0; 3])
            .unwrap();
        assert!(at > margin);
    }
    assert!(matches!(
        stance.robust_static_polygon(1.01 * peak, 4).unwrap(),
        StaticPolygon::Empty { .. }
    ));
}

#[test]
fn bad_robustness_input_is_a_typed_error() {
    let good = || {
        RobustnessOptions::new(
            vec![[0.0; 3]; 3],
            vec![[0.0, 0.0, 1.0]; 3],
            0.5,
            10.0,
            [0.0, 0.0, 1.0],
        )
    };
    let mut o = good();
    o.points.clear();
    o.normals.clear();
    assert_eq!(
        equilibrium_robustness(&o),
        Err(StabilityError::EmptyContactSet)
    );
    let mut o = good();
    o.normals[1] = [0.0, 0.0, 2.0];
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::InvalidNormal { index: 1, .. })
    ));
    o.normals[1] = [0.0; 3];
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::InvalidNormal { index: 1, .. })
    ));
    let mut o = good();
    o.friction = 0.0;
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::InvalidFriction { .. })
    ));
    let mut o = good();
    o.generators = 2;
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::InvalidGeneratorCount { value: 2 })
    ));
    let mut o = good();
    o.normals.pop();
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::LengthMismatch { .. })
    ));
    let mut o = good();
    o.com[0] = f64::NAN;
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::NonFinite { .. })
    ));
    let mut o = good();
    o.mass = -1.0;
    assert!(matches!(
        equilibrium_robustness(&o),
        Err(StabilityError::InvalidMass { .. })
    ));
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    assert!(matches!(
        stance.robust_static_polygon(-1.0, 4),
        Err(StabilityError::InvalidMargin { .. })
    ));
}

/// A single point (all contacts at one place) only holds a CoM right above it: elsewhere no
/// generator combination balances the moment, and the robustness is −∞.
#[test]
fn unbalanceable_moment_gives_minus_infinity() {
    let o = RobustnessOptions::new(
        vec![[0.0; 3]],
        vec![[0.0, 0.0, 1.0]],
        0.5,
        10.0,
        [0.1, 0.0, 1.0],
    );
    assert_eq!(equilibrium_robustness(&o).unwrap(), f64::NEG_INFINITY);
    let o = RobustnessOptions::new(
        vec![[0.0; 3]],
        vec![[0.0, 0.0, 1.0]],
        0.5,
        10.0,
        [0.0, 0.0, 1.0],
    );
    assert!(equilibrium_robustness(&o).unwrap() > 0.0);
}

/// One LP warm-started across a grid of CoM positions and accelerations gives the values of a
/// fresh LP at each.
#[test]
fn warm_started_queries_equal_fresh_ones() {
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, feet_and_hands()).unwrap();
    let mut lp = stance.robustness_lp(4).unwrap();
    for i in 0..15 {
        for j in 0..9 {
            let com = [-0.3 + 0.06 * i as f64, -0.4 + 0.1 * j as f64, 0.8];
            let acceleration = [0.3 * (i % 3) as f64, -0.2 * (j % 2) as f64, 0.1];
            let warm = lp.robustness(com, acceleration).unwrap();
            let cold = stance
                .robustness_lp(4)
                .unwrap()
                .robustness(com, acceleration)
                .unwrap();
            assert!(
                (warm - cold).abs() <= 1e-9 * cold.abs().max(1.0),
                "{com:?}: {warm} {cold}"
            );
        }
    }
}

/// Two contacts pressing on opposite walls can squeeze as hard as they like: +∞.
#[test]
fn internal_forces_make_the_robustness_unbounded() {
    let o = RobustnessOptions::new(
        vec![[0.5, 0.0, 1.0], [-0.5, 0.0, 1.0]],
        vec![[-1.0, 0.0, 0.0], [1.0, 0.0, 0.0]],
        0.8,
        10.0,
        [0.0, 0.0, 1.0],
    );
    assert_eq!(equilibrium_robustness(&o).unwrap(), f64::INFINITY);
}
