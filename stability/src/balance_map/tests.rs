//! Balance margins against independent values: a ray-casting point-in-polygon test of the hull
//! method's polygon, cold one-shot robustness LPs, and chunk-split runs.

use nalgebra::Point3;

use super::*;
use crate::{Contact, ContactSet, RobustnessOptions, equilibrium_robustness};

/// Two feet, one tilted and shifted (friction and geometry both matter).
fn stance() -> Stance {
    let left =
        Contact::from_pos_rpy([0.11, 0.05], [0.05, 0.15, 0.02], [0.1, -0.05, 0.3], 0.7).unwrap();
    let right = Contact::from_pos_rpy([0.1, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.6).unwrap();
    let set = ContactSet::new(vec![left, right]).unwrap();
    Stance::new(Point3::new(0.0, 0.0, 0.8), 40.0, set).unwrap()
}

fn grid(n: usize) -> ComGrid {
    ComGrid::new(
        GridAxis::new("x", -0.3, 0.3, n).unwrap(),
        GridAxis::new("y", -0.35, 0.35, n).unwrap(),
        None,
    )
    .unwrap()
}

/// Ray casting (even-odd rule), independent of the polygon's own signed distance.
fn ray_cast_inside(polygon: &[[f64; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    let n = polygon.len();
    for i in 0..n {
        let (a, b) = (polygon[i], polygon[(i + 1) % n]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Distance from `p` to the polygon's boundary, by brute force over its edges.
fn boundary_distance(polygon: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let t =
                (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn the_static_margin_has_the_sign_of_point_in_polygon_of_the_hull_polygon() {
    let s = stance();
    let hull = s
        .contacts()
        .static_equilibrium_polygon(PolygonMethod::Hull)
        .unwrap();
    let hull = hull.vertices().to_vec();
    let g = grid(41);
    let coms = g.points(0..g.len(), 0.8);
    let margins = s
        .balance_margins(MarginKind::Static, &coms, None, 4)
        .unwrap();
    let (mut inside, mut outside) = (0, 0);
    for (com, m) in coms.iter().zip(&margins) {
        let p = [com[0], com[1]];
        let d = boundary_distance(&hull, p);
        if d < 1e-6 {
            continue;
        }
        let expect_inside = ray_cast_inside(&hull, p);
        assert_eq!(*m > 0.0, expect_inside, "at {p:?}: margin {m}");
        // Bretl's polygon and the hull method's agree to far below a millimetre.
        assert!((m.abs() - d).abs() < 1e-6, "at {p:?}: |margin| {m} vs {d}");
        if expect_inside {
            inside += 1
        } else {
            outside += 1
        }
    }
    assert!(
        inside > 50 && outside > 50,
        "{inside} inside, {outside} outside"
    );
}

#[test]
fn the_robust_margin_equals_equilibrium_robustness_with_one_friction() {
    let foot = |y: f64| Contact::from_pos_rpy([0.1, 0.05], [0.0, y, 0.0], [0.0; 3], 0.7).unwrap();
    let set = ContactSet::new(vec![foot(0.12), foot(-0.12)]).unwrap();
    let s = Stance::new(Point3::new(0.0, 0.0, 0.8), 30.0, set).unwrap();
    let g = ComGrid::new(
        GridAxis::new("x", -0.25, 0.25, 23).unwrap(),
        GridAxis::new("y", -0.3, 0.3, 17).unwrap(),
        Some(GridAxis::new("z", 0.5, 1.0, 3).unwrap()),
    )
    .unwrap();
    let coms = g.points(0..g.len(), f64::NAN);
    assert!(coms.len() > 2 * BALANCE_CHUNK, "several chunks");
    let margins = s
        .balance_margins(MarginKind::Robust, &coms, None, 6)
        .unwrap();
    let mut points = Vec::new();
    for c in s.contacts().contacts() {
        points.extend(c.vertices().iter().map(|v| [v.x, v.y, v.z]));
    }
    let normals = vec![[0.0, 0.0, 1.0]; points.len()];
    let (mut positive, mut negative) = (0, 0);
    for (com, m) in coms.iter().zip(&margins) {
        if *m > 0.0 {
            positive += 1
        } else {
            negative += 1
        }
        let mut options = RobustnessOptions::new(points.clone(), normals.clone(), 0.7, 30.0, *com);
        options.generators = 6;
        let one = equilibrium_robustness(&options).unwrap();
        assert!(
            (m - one).abs() <= 1e-7 * one.abs().max(1.0),
            "at {com:?}: map {m}, one-shot {one}"
        );
    }
    assert!(positive > 20 && negative > 20, "{positive} / {negative}");
}

#[test]
fn margins_do_not_depend_on_where_a_run_is_split_at_chunk_boundaries() {
    let s = stance();
    let g = grid(40);
    let coms = g.points(0..g.len(), 0.8);
    for kind in [MarginKind::Static, MarginKind::Robust] {
        let whole = s.balance_margins(kind, &coms, None, 4).unwrap();
        let mut parts = Vec::new();
        for range in [
            0..BALANCE_CHUNK,
            BALANCE_CHUNK..4 * BALANCE_CHUNK,
            4 * BALANCE_CHUNK..coms.len(),
        ] {
            parts.extend(s.balance_margins(kind, &coms[range], None, 4).unwrap());
        }
        let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&whole), bits(&parts), "{kind}");
    }
}

#[test]
fn bad_requests_are_typed_errors() {
    assert!(matches!(
        "tilt".parse::<MarginKind>(),
        Err(StabilityError::BalanceMap { .. })
    ));
    assert_eq!("Robust".parse::<MarginKind>().unwrap(), MarginKind::Robust);
    for (min, max, steps) in [
        (0.0, 1.0, 1),
        (1.0, 0.0, 3),
        (0.0, f64::NAN, 3),
        (0.0, 1.0, 0),
    ] {
        assert!(
            GridAxis::new("x", min, max, steps).is_err(),
            "{min} {max} {steps}"
        );
    }
    let huge = GridAxis::new("x", 0.0, 1.0, 100_000).unwrap();
    assert!(ComGrid::new(huge, huge, None).is_err());
    let s = stance();
    let err = s
        .balance_margins(MarginKind::Torque, &[[0.0; 3]], None, 4)
        .unwrap_err();
    assert!(err.to_string().contains("torque map"), "{err}");
    let err = s
        .balance_margins(MarginKind::Static, &[[f64::NAN, 0.0, 0.0]], None, 4)
        .unwrap_err();
    assert!(matches!(err, StabilityError::NonFinite { .. }), "{err}");
    let axis = GridAxis::new("x", -1.0, 2.0, 4).unwrap();
    assert_eq!(
        [axis.value(0), axis.value(1), axis.value(3)],
        [-1.0, 0.0, 2.0]
    );
}
