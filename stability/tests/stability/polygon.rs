//! Polygon.

use super::*;
use crate::distribution::check_distribution;

fn check_clean_ccw(polygon: &ConvexPolygon) {
    let v = polygon.vertices();
    let n = v.len();
    assert!(n >= 3);
    for i in 0..n {
        let (a, b, c) = (v[i], v[(i + 1) % n], v[(i + 2) % n]);
        assert!(
            (b[0] - a[0]).hypot(b[1] - a[1]) > 1e-9,
            "duplicate vertices"
        );
        let turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        let base = (c[0] - a[0]).hypot(c[1] - a[1]);
        assert!(
            turn / base > 1e-10,
            "collinear or clockwise vertex at {b:?}"
        );
    }
}

#[test]
fn flat_two_foot_polygon_is_the_hull_of_the_feet_corners() {
    // Yawed and shifted feet on flat ground: friction forces in the ground plane give no moment
    // about horizontal axes, so exactly the convex hull of the corners can hold the CoM.
    let left =
        Contact::from_pos_rpy([0.12, 0.06], [0.05, 0.16, 0.0], [0.0, 0.0, 0.4], 0.3).unwrap();
    let right =
        Contact::from_pos_rpy([0.1, 0.05], [-0.04, -0.14, 0.0], [0.0, 0.0, -0.2], 0.9).unwrap();
    let corners: Vec<[f64; 2]> = left
        .vertices()
        .iter()
        .chain(right.vertices().iter())
        .map(|v| [v.x, v.y])
        .collect();
    let hull = ConvexPolygon::convex_hull(&corners).unwrap();
    let set = ContactSet::new(vec![left, right]).unwrap();
    for method in PolygonMethod::ALL {
        let polygon = set.static_equilibrium_polygon(method).unwrap();
        let polygon = bounded(&polygon);
        check_clean_ccw(polygon);
        assert!(
            polygon.hausdorff_distance(&hull) < 1e-9,
            "{method}: {:?}",
            polygon.vertices()
        );
        assert_eq!(polygon.vertices().len(), hull.vertices().len());
    }
    // The aligned JVRC-like feet give the 0.22 m × 0.4 m rectangle.
    let polygon = two_feet()
        .static_equilibrium_polygon(PolygonMethod::Hull)
        .unwrap();
    assert!((bounded(&polygon).area() - 0.22 * 0.4).abs() < 1e-12);
}

#[test]
fn the_three_methods_agree_and_are_clean_and_deterministic() {
    for set in [
        two_feet(),
        feet_and_hands(),
        tilted_feet(),
        slab_feet(0.0),
        slab_feet(0.0534),
    ] {
        let polygons: Vec<StaticPolygon> = PolygonMethod::ALL
            .iter()
            .map(|&m| set.static_equilibrium_polygon(m).unwrap())
            .collect();
        for (method, polygon) in PolygonMethod::ALL.iter().zip(&polygons) {
            check_clean_ccw(bounded(polygon));
            // Deterministic: the same call gives the same bytes.
            assert_eq!(&set.static_equilibrium_polygon(*method).unwrap(), polygon);
        }
        for a in &polygons {
            for b in &polygons {
                let d = bounded(a).hausdorff_distance(bounded(b));
                assert!(d < 1e-6, "methods disagree by {d:e} m");
            }
        }
    }
}

fn stance_contact_strategy() -> impl Strategy<Value = Contact> {
    (
        0.03..0.15f64,
        0.03..0.1f64,
        prop::array::uniform2(-0.4..0.4f64),
        -0.1..0.3f64,
        prop::array::uniform2(-0.5..0.5f64),
        -3.0..3.0f64,
        0.3..1.0f64,
    )
        .prop_map(|(x, y, xy, z, tilt, yaw, mu)| {
            Contact::from_pos_rpy([x, y], [xy[0], xy[1], z], [tilt[0], tilt[1], yaw], mu).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random stances of two to four contacts: the three methods give the same status, and the
    /// same polygon when bounded.
    #[test]
    fn methods_agree_on_random_stances(contacts in prop::collection::vec(stance_contact_strategy(), 2..=4)) {
        let set = ContactSet::new(contacts).unwrap();
        let results: Vec<StaticPolygon> = PolygonMethod::ALL
            .iter()
            .map(|&m| set.static_equilibrium_polygon(m).unwrap())
            .collect();
        for r in &results {
            prop_assert_eq!(r.status(), results[0].status());
        }
        if let Some(first) = results[0].polygon() {
            check_clean_ccw(first);
            for r in &results[1..] {
                let d = first.hausdorff_distance(r.polygon().unwrap());
                prop_assert!(d < 1e-6, "methods disagree by {:e} m", d);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random stances and CoM positions: the QP is feasible exactly when the CoM is inside the
    /// polygon (away from the boundary), and its solutions satisfy the constraints and the sum.
    #[test]
    fn qp_feasibility_matches_the_polygon(
        contacts in prop::collection::vec(stance_contact_strategy(), 2..=4),
        com_xy in prop::array::uniform2(-0.6..0.6f64),
    ) {
        let set = ContactSet::new(contacts).unwrap();
        let polygon = set.static_equilibrium_polygon(PolygonMethod::Bretl).unwrap();
        let stance = Stance::new(Point3::new(com_xy[0], com_xy[1], 0.9), 40.0, set.clone()).unwrap();
        let result = stance.distribute().unwrap();
        let margin = match polygon.status() {
            "bounded" => stance.com_margin(&polygon).unwrap(),
            "empty" => -1.0,
            _ => return Ok(()),
        };
        if margin > 1e-6 {
            prop_assert!(result.is_solved(), "CoM inside by {margin:e} but {:?}", result.status);
            check_distribution(&set, &result, &stance.gravity_wrench(), &stance.com());
        } else if margin < -1e-6 {
            prop_assert!(!result.is_solved(), "CoM outside by {margin:e} but solved");
        }
    }
}

#[test]
fn the_polygon_holds_the_com_exactly_where_the_qp_is_feasible() {
    // Second truth for the polygon: a CoM just inside is distributable, just outside is not.
    let set = tilted_feet();
    let polygon = set
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    let polygon = bounded(&polygon);
    let v = polygon.vertices();
    let centre = v
        .iter()
        .fold([0.0, 0.0], |acc, p| [acc[0] + p[0], acc[1] + p[1]]);
    let centre = [centre[0] / v.len() as f64, centre[1] / v.len() as f64];
    for (i, a) in v.iter().enumerate() {
        let b = v[(i + 1) % v.len()];
        let middle = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        for (offset, feasible) in [(-1e-4, true), (1e-4, false)] {
            // Move along the direction from the centroid through the edge's middle.
            let dir = [middle[0] - centre[0], middle[1] - centre[1]];
            let len = dir[0].hypot(dir[1]);
            let com = Point3::new(
                middle[0] + offset * dir[0] / len,
                middle[1] + offset * dir[1] / len,
                0.9,
            );
            let stance = Stance::new(com, 30.0, set.clone()).unwrap();
            let solved = stance.distribute().unwrap().is_solved();
            assert_eq!(solved, feasible, "edge {i}, offset {offset}");
        }
    }
}

#[test]
fn the_slab_stance_is_feasible_at_0_0534_and_not_at_0_0535() {
    let feasible = slab_feet(0.0534);
    let infeasible = slab_feet(0.0535);
    for method in PolygonMethod::ALL {
        let p = feasible.static_equilibrium_polygon(method).unwrap();
        assert!(bounded(&p).area() > 1e-3, "{method}");
        let q = infeasible.static_equilibrium_polygon(method).unwrap();
        assert_eq!(q.status(), "empty", "{method}: {q:?}");
        assert!(q.reason().is_some_and(|r| !r.is_empty()));
        assert!(q.vertices().is_empty());
    }
    let com = Point3::new(0.0, 0.0, 0.8);
    let ok = Stance::new(com, 40.0, feasible)
        .unwrap()
        .distribute()
        .unwrap();
    assert!(ok.is_solved());
    let ko = Stance::new(com, 40.0, infeasible)
        .unwrap()
        .distribute()
        .unwrap();
    assert!(matches!(ko.status, DistributionStatus::Infeasible { .. }));
    assert!(ko.wrenches.is_empty());
}

#[test]
fn polygon_does_not_depend_on_mass_gravity_or_com() {
    let set = feet_and_hands();
    let a = Stance::new(Point3::new(0.0, 0.0, 0.8), 30.0, set.clone()).unwrap();
    let b = Stance::new(Point3::new(0.3, 0.1, 1.4), 90.0, set)
        .unwrap()
        .with_gravity(1.62)
        .unwrap();
    assert_eq!(
        a.static_equilibrium_polygon(PolygonMethod::Cdd).unwrap(),
        b.static_equilibrium_polygon(PolygonMethod::Cdd).unwrap()
    );
}

#[test]
fn upside_down_contacts_hold_nothing() {
    // A ceiling contact (normal pointing down) cannot hold a weight: every method says empty.
    let ceiling = Contact::from_pos_rpy(
        [0.1, 0.1],
        [0.0, 0.0, 2.0],
        [std::f64::consts::PI, 0.0, 0.0],
        0.5,
    )
    .unwrap();
    let set = ContactSet::new(vec![ceiling]).unwrap();
    for method in PolygonMethod::ALL {
        let p = set.static_equilibrium_polygon(method).unwrap();
        assert_eq!(p.status(), "empty", "{method}");
    }
}

#[test]
fn com_margin_is_the_signed_distance_to_the_edges() {
    let stance = Stance::new(Point3::new(0.01, 0.05, 0.8), 38.0, two_feet()).unwrap();
    let polygon = stance
        .static_equilibrium_polygon(PolygonMethod::Hull)
        .unwrap();
    // Rectangle [-0.11, 0.11] × [-0.2, 0.2]: nearest edge is x = 0.11 at 0.1 m.
    assert!((stance.com_margin(&polygon).unwrap() - 0.1).abs() < 1e-12);
    assert!(stance.is_com_inside(&polygon));
    let outside = Stance::new(Point3::new(0.21, 0.0, 0.8), 38.0, two_feet()).unwrap();
    assert!((outside.com_margin(&polygon).unwrap() + 0.1).abs() < 1e-12);
    assert!(!outside.is_com_inside(&polygon));
}
