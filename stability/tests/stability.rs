//! Integration tests of morsel-stability against independent truths: closed forms, a second
//! method, physical conservation laws and hand-derived expectations.

// Fixture helpers outside `#[test]` functions unwrap too (clippy.toml only covers test bodies).
#![allow(clippy::unwrap_used)]

use morsel_stability::transport::{grasp_matrix, transport_wrench};
use morsel_stability::{
    Contact, ContactSet, ConvexPolygon, DistributionStatus, DistributionWeights, PolygonMethod,
    StabilityError, Stance, StaticPolygon, WrenchDistribution, WrenchDistributor,
};
use nalgebra::{DMatrix, Isometry3, Point3, Vector3, Vector6};
use proptest::prelude::*;

const FRAC_PI_2: f64 = std::f64::consts::FRAC_PI_2;

fn foot(y: f64) -> Contact {
    Contact::from_pos_rpy([0.11, 0.05], [0.0, y, 0.0], [0.0; 3], 0.7).unwrap()
}

/// JVRC-1-like stance: flat feet 0.3 m apart.
fn two_feet() -> ContactSet {
    ContactSet::new(vec![foot(0.15), foot(-0.15)]).unwrap()
}

/// Two flat feet and two hands on a wall in front (the wall normal points along −x).
fn feet_and_hands() -> ContactSet {
    let hand = |y: f64| {
        Contact::from_pos_rpy([0.04, 0.04], [0.45, y, 1.1], [0.0, -FRAC_PI_2, 0.0], 0.7)
            .unwrap()
            .with_link(if y > 0.0 { "left_hand" } else { "right_hand" })
    };
    ContactSet::new(vec![foot(0.15), foot(-0.15), hand(0.3), hand(-0.3)]).unwrap()
}

/// One foot tilted and shifted: friction and geometry both matter.
fn tilted_feet() -> ContactSet {
    let left =
        Contact::from_pos_rpy([0.11, 0.05], [0.05, 0.15, 0.02], [0.1, -0.05, 0.3], 0.7).unwrap();
    ContactSet::new(vec![left, foot(-0.15)]).unwrap()
}

/// The notes' robustness stance: μ = 0.1 feet on slabs, feasible up to pitch 0.0534 rad.
fn slab_feet(pitch: f64) -> ContactSet {
    ContactSet::new(vec![
        Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.05], [0.25, pitch, 0.1], 0.1).unwrap(),
        Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.05], [-0.25, pitch, -0.1], 0.1).unwrap(),
    ])
    .unwrap()
}

fn bounded(polygon: &StaticPolygon) -> &ConvexPolygon {
    polygon
        .polygon()
        .unwrap_or_else(|| panic!("expected a bounded polygon, got {polygon:?}"))
}

fn contact_strategy() -> impl Strategy<Value = Contact> {
    (
        0.01..0.3f64,
        0.01..0.3f64,
        prop::array::uniform3(-1.0..1.0f64),
        prop::array::uniform3(-3.0..3.0f64),
        0.05..1.5f64,
    )
        .prop_map(|(x, y, pos, rpy, mu)| Contact::from_pos_rpy([x, y], pos, rpy, mu).unwrap())
}

// ---------------------------------------------------------------- cones

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every generator of the span lies in the closed-form cone: `F S <= 1e-12`.
    #[test]
    fn span_columns_satisfy_the_closed_form_hrep(contact in contact_strategy()) {
        let product = contact.wrench_inequalities() * contact.wrench_span();
        prop_assert!(product.max() <= 1e-12, "max of F S = {}", product.max());
    }

    /// The double description of one contact's span gives the 16 closed-form faces, up to scale.
    #[test]
    fn double_description_of_one_contact_equals_the_closed_form(contact in contact_strategy()) {
        let p = contact.position();
        let set = ContactSet::new(vec![contact.clone()]).unwrap();
        let computed = set.wrench_inequalities(&p).unwrap();
        prop_assert_eq!(computed.nrows(), 16);
        let closed = contact.wrench_inequalities();
        for row in closed.row_iter() {
            let unit = row / row.norm();
            let best = computed
                .row_iter()
                .map(|c| (c - unit).norm())
                .fold(f64::INFINITY, f64::min);
            prop_assert!(best < 1e-9, "closed-form face {unit} not found (nearest at {best:e})");
        }
    }
}

#[test]
fn net_span_columns_satisfy_the_net_hrep() {
    for set in [
        two_feet(),
        feet_and_hands(),
        tilted_feet(),
        slab_feet(0.0534),
    ] {
        let point = Point3::new(0.1, -0.2, 0.7);
        let faces = set.wrench_inequalities(&point).unwrap();
        let span = set.wrench_span(&point).unwrap();
        let product = &faces * &span;
        assert!(product.max() <= 1e-12, "max of F S = {:e}", product.max());
        // Unit rows, and no two rows the same face.
        for (i, row) in faces.row_iter().enumerate() {
            assert!((row.norm() - 1.0).abs() < 1e-12);
            for other in faces.row_iter().skip(i + 1) {
                assert!((row - other).norm() > 1e-9);
            }
        }
        // Each face is a facet: tight on at least five independent generators.
        for row in faces.row_iter() {
            let tight: Vec<usize> = (0..span.ncols())
                .filter(|&j| (row * span.column(j))[0].abs() < 1e-9)
                .collect();
            let m = DMatrix::from_fn(6, tight.len(), |r, c| span[(r, tight[c])]);
            assert!(
                m.rank(1e-9) >= 5,
                "a face is tight on a rank-{} set",
                m.rank(1e-9)
            );
        }
    }
}

#[test]
fn the_net_cone_of_a_shifted_point_is_the_transported_cone() {
    // F_Q w_Q <= 0 must hold for every net wrench, taken at Q, of generators given at P.
    let set = feet_and_hands();
    let (p, q) = (Point3::new(0.0, 0.0, 0.0), Point3::new(0.3, -0.1, 0.9));
    let faces_q = set.wrench_inequalities(&q).unwrap();
    let span_p = set.wrench_span(&p).unwrap();
    let g = grasp_matrix(&p, &q);
    let g = DMatrix::from_fn(6, 6, |r, c| g[(r, c)]);
    assert!((&faces_q * g * span_p).max() <= 1e-12);
}

#[test]
fn grasp_matrix_stacks_the_contact_transports() {
    let set = feet_and_hands();
    let point = Point3::new(0.05, 0.02, 0.8);
    let g = set.grasp_matrix(&point).unwrap();
    let wrenches: Vec<Vector6<f64>> = (0..set.len())
        .map(|i| Vector6::from_fn(|r, _| (i * 6 + r) as f64 * 0.37 - 2.0))
        .collect();
    let stacked =
        nalgebra::DVector::from_iterator(24, wrenches.iter().flat_map(|w| w.iter().copied()));
    let expected: Vector6<f64> = set
        .contacts()
        .iter()
        .zip(&wrenches)
        .map(|(c, w)| transport_wrench(w, &c.position(), &point))
        .sum();
    let product = g * stacked;
    assert!((Vector6::from_column_slice(product.as_slice()) - expected).amax() < 1e-12);
    // One contact's block is its own grasp matrix.
    let c = &set.contacts()[2];
    assert_eq!(
        c.grasp_matrix(&point).unwrap(),
        grasp_matrix(&c.position(), &point)
    );
}

// ---------------------------------------------------------------- polygon

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

// ---------------------------------------------------------------- wrench distribution

/// Checks a solved distribution: every wrench in its contact's cone, and the sum equals the
/// target at the point (1e-6 N, 1e-6 N·m).
fn check_distribution(
    set: &ContactSet,
    result: &WrenchDistribution,
    target: &Vector6<f64>,
    point: &Point3<f64>,
) {
    assert!(result.is_solved(), "{:?}", result.status);
    assert_eq!(result.wrenches.len(), set.len());
    let scale = target.amax().max(1.0);
    for (i, w) in result.wrenches.iter().enumerate() {
        assert_eq!(w.index, i);
        let contact = &set.contacts()[i];
        let (faces, bounds) = contact.wrench_hrep();
        let slack = &faces * nalgebra::DVector::from_column_slice(w.world.as_slice()) - bounds;
        assert!(
            slack.max() <= 1e-7 * scale,
            "contact {i} violates its cone by {:e}",
            slack.max()
        );
        assert!(w.normal_force >= -1e-9 * scale);
        // Local and world descriptions agree.
        let r = contact.rotation();
        let f = r * w.local.fixed_rows::<3>(0);
        assert!((f - w.world.fixed_rows::<3>(0)).norm() < 1e-9 * scale);
        if let Some(cop) = w.cop {
            // The centre of pressure lies in the contact rectangle, and the wrench moved there
            // has no tilting moment about it.
            let local = contact.pose().inverse() * cop;
            let [x, y] = contact.shape();
            // Within the cone's slack, amplified by the lever of a small normal force.
            let tolerance = 1e-9 + 1e-7 * scale / w.normal_force;
            assert!(
                local.x.abs() <= x + tolerance
                    && local.y.abs() <= y + tolerance
                    && local.z.abs() < 1e-12,
                "CoP {local} of contact {i} outside its {x} × {y} rectangle"
            );
            let at_cop = transport_wrench(&w.world, &contact.position(), &cop);
            let tilt = (r.transpose() * at_cop.fixed_rows::<3>(3)).xy();
            assert!(tilt.norm() < 1e-9 * scale);
        } else {
            let largest = result
                .wrenches
                .iter()
                .map(|v| v.world.fixed_rows::<3>(0).norm())
                .fold(0.0, f64::max);
            assert!(
                w.normal_force <= 1e-6 * largest,
                "no CoP for a normal force of {}",
                w.normal_force
            );
        }
    }
    let net = result.net_wrench_at(set.contacts(), point);
    assert!(
        (net - target).amax() <= 1e-6,
        "net {net} vs target {target}"
    );
}

fn cost(result: &WrenchDistribution, weights: &DistributionWeights) -> f64 {
    let eps = weights.normal_force_weight();
    result
        .wrenches
        .iter()
        .map(|w| {
            let u = &w.local;
            0.5 * (weights.friction * (u[0] * u[0] + u[1] * u[1])
                + eps * u[2] * u[2]
                + weights.cop * (u[3] * u[3] + u[4] * u[4])
                + weights.yaw * u[5] * u[5])
        })
        .sum()
}

#[test]
fn distributions_satisfy_the_constraints_and_sum_to_the_target() {
    let cases = [
        (two_feet(), Point3::new(0.02, 0.03, 0.8), Vector3::zeros()),
        (
            two_feet(),
            Point3::new(0.1, 0.0, 0.8),
            Vector3::new(0.5, -0.3, 0.0),
        ),
        (
            feet_and_hands(),
            Point3::new(0.02, 0.0, 0.8),
            Vector3::zeros(),
        ),
        (
            feet_and_hands(),
            Point3::new(0.3, 0.1, 0.9),
            Vector3::new(-1.0, 0.0, 0.5),
        ),
        (tilted_feet(), Point3::new(0.0, 0.0, 0.85), Vector3::zeros()),
        (
            slab_feet(0.0534),
            Point3::new(0.0, 0.0, 0.8),
            Vector3::zeros(),
        ),
    ];
    for (set, com, acceleration) in cases {
        let mut stance = Stance::new(com, 38.0, set.clone()).unwrap();
        stance.set_com_acceleration(acceleration).unwrap();
        let result = stance.distribute().unwrap();
        check_distribution(&set, &result, &stance.gravity_wrench(), &com);
    }
}

#[test]
fn the_distribution_is_optimal_against_other_feasible_distributions() {
    // Any feasible distribution (here: optimal ones for other weights, and mixes with them) costs
    // at least as much as the optimum for the default weights.
    let weights = DistributionWeights::default();
    for (set, com) in [
        (feet_and_hands(), Point3::new(0.3, 0.1, 0.9)),
        (tilted_feet(), Point3::new(0.05, 0.0, 0.85)),
        (two_feet(), Point3::new(0.1, 0.1, 0.8)),
    ] {
        let stance = Stance::new(com, 38.0, set.clone()).unwrap();
        let target = stance.gravity_wrench();
        let best = set
            .find_supporting_wrenches(&target, &com, &weights)
            .unwrap();
        let best_cost = cost(&best, &weights);
        for other_weights in [
            DistributionWeights {
                friction: 1.0,
                cop: 1.0,
                yaw: 1.0,
            },
            DistributionWeights {
                friction: 1e-3,
                cop: 10.0,
                yaw: 1e-2,
            },
        ] {
            let other = set
                .find_supporting_wrenches(&target, &com, &other_weights)
                .unwrap();
            check_distribution(&set, &other, &target, &com);
            for t in [1.0, 0.5, 0.1] {
                let mut mix = other.clone();
                for (m, b) in mix.wrenches.iter_mut().zip(&best.wrenches) {
                    m.local = m.local * t + b.local * (1.0 - t);
                }
                assert!(cost(&mix, &weights) >= best_cost * (1.0 - 1e-6) - 1e-9);
            }
        }
    }
}

#[test]
fn infeasible_targets_report_infeasible() {
    // CoM far outside the support polygon.
    let stance = Stance::new(Point3::new(0.6, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let result = stance.distribute().unwrap();
    assert!(
        matches!(result.status, DistributionStatus::Infeasible { .. }),
        "{:?}",
        result.status
    );
    // Pulling on flat feet (a target with a downward force).
    let pull = Vector6::new(0.0, 0.0, -100.0, 0.0, 0.0, 0.0);
    let result = two_feet()
        .find_supporting_wrenches(&pull, &Point3::origin(), &DistributionWeights::default())
        .unwrap();
    assert!(matches!(
        result.status,
        DistributionStatus::Infeasible { .. }
    ));
    // A single contact asked for a sideways force beyond friction.
    let one = ContactSet::new(vec![foot(0.0)]).unwrap();
    let slide = Vector6::new(100.0, 0.0, 100.0, 0.0, 0.0, 0.0);
    let result = one
        .find_supporting_wrenches(&slide, &Point3::origin(), &DistributionWeights::default())
        .unwrap();
    assert!(matches!(
        result.status,
        DistributionStatus::Infeasible { .. }
    ));
}

#[test]
fn maximum_pressure_limits_the_normal_force() {
    // CoM 5 cm towards the left foot: without a limit it carries 2/3 of 392.4 N = 261.6 N; with
    // a 250 N limit the feet shift their centres of pressure to move load to the right foot.
    let com = Point3::new(0.0, 0.05, 0.8);
    let free = Stance::new(com, 40.0, two_feet())
        .unwrap()
        .distribute()
        .unwrap();
    assert!(
        free.wrenches[0].normal_force > 255.0,
        "{}",
        free.wrenches[0].normal_force
    );
    let limited = ContactSet::new(vec![
        foot(0.15).with_max_pressure(250.0).unwrap(),
        foot(-0.15),
    ])
    .unwrap();
    let result = Stance::new(com, 40.0, limited.clone())
        .unwrap()
        .distribute()
        .unwrap();
    check_distribution(
        &limited,
        &result,
        &Vector6::new(0.0, 0.0, 40.0 * 9.81, 0.0, 0.0, 0.0),
        &com,
    );
    assert!(result.wrenches[0].normal_force <= 250.0 + 1e-6);
}

// ---------------------------------------------------------------- upstream bugs

#[test]
fn wrench_at_uses_the_lever_arm_from_the_target_point() {
    // A 100 N vertical push at p = (1, 0, 0) seen from the origin: τ = p × f = (0, −100, 0).
    // pymanoid computed (P − p) × f instead, which gives (0, +100, 0).
    let mut contact = Contact::from_pos_rpy([0.1, 0.1], [1.0, 0.0, 0.0], [0.0; 3], 0.5).unwrap();
    contact
        .set_wrench(&Vector6::new(0.0, 0.0, 100.0, 0.0, 0.0, 0.0))
        .unwrap();
    let at_origin = contact.wrench_at(&Point3::origin()).unwrap().unwrap();
    assert!((at_origin - Vector6::new(0.0, 0.0, 100.0, 0.0, -100.0, 0.0)).amax() < 1e-12);
    // Seen from a point on the line of action, a pure force has no moment.
    let above = contact
        .wrench_at(&Point3::new(1.0, 0.0, 3.0))
        .unwrap()
        .unwrap();
    assert!(above.fixed_rows::<3>(3).norm() < 1e-12);
    // And it agrees with the grasp matrix.
    let q = Point3::new(0.2, -0.7, 0.4);
    let via_g = contact.grasp_matrix(&q).unwrap() * contact.wrench().unwrap();
    assert!((contact.wrench_at(&q).unwrap().unwrap() - via_g).amax() < 1e-12);
}

#[test]
fn managed_wrenches_are_subtracted_from_the_target() {
    // The left foot is managed and carries 100 N; the right must carry the rest of 380 N.
    // pymanoid added the managed wrench, asking the right foot for 480 N.
    let mut set = two_feet();
    set.contact_mut(0)
        .unwrap()
        .set_wrench(&Vector6::new(0.0, 0.0, 100.0, 0.0, 0.0, 0.0))
        .unwrap();
    // CoM where 100 N at y = 0.15 and 280 N at y = −0.15 balance: y = (15 − 42) / 380.
    let com = Point3::new(0.0, -27.0 / 380.0, 0.8);
    let target = Vector6::new(0.0, 0.0, 380.0, 0.0, 0.0, 0.0);
    let result = set
        .find_supporting_wrenches(&target, &com, &DistributionWeights::default())
        .unwrap();
    check_distribution(&set, &result, &target, &com);
    assert!(result.wrenches[0].managed && !result.wrenches[1].managed);
    assert!((result.wrenches[0].normal_force - 100.0).abs() < 1e-12);
    assert!((result.wrenches[1].normal_force - 280.0).abs() < 1e-6);
    // The right foot's centre of pressure is at its centre (the moments balance exactly).
    let cop = result.wrenches[1].cop.unwrap();
    assert!((cop - Point3::new(0.0, -0.15, 0.0)).norm() < 1e-6);
}

#[test]
fn wrenches_are_paired_with_their_own_contacts_after_a_managed_one() {
    // Contacts [managed hand, left foot, right foot, other hand]: pymanoid paired the solved
    // wrenches with the first contacts of the list, so the left foot got the hand's entry.
    let mut set = feet_and_hands();
    // Reorder: hand first.
    let contacts = set.contacts().to_vec();
    set = ContactSet::new(vec![
        contacts[2].clone(),
        contacts[0].clone(),
        contacts[1].clone(),
        contacts[3].clone(),
    ])
    .unwrap();
    set.contact_mut(0)
        .unwrap()
        .set_wrench(&Vector6::new(0.0, 0.0, 20.0, 0.0, 0.0, 0.0))
        .unwrap();
    let stance = Stance::new(Point3::new(0.15, 0.0, 0.9), 38.0, set.clone()).unwrap();
    let result = stance.distribute().unwrap();
    check_distribution(&set, &result, &stance.gravity_wrench(), &stance.com());
    assert_eq!(result.wrenches[0].link.as_deref(), Some("left_hand"));
    assert!(result.wrenches[0].managed);
    assert_eq!(result.wrenches[3].link.as_deref(), Some("right_hand"));
    // Feet carry most of the weight; a hand-sized contact on the wall could not.
    assert!(result.wrenches[1].normal_force > 50.0 && result.wrenches[2].normal_force > 50.0);
}

// ---------------------------------------------------------------- stance and distributor

#[test]
fn gravity_wrench_follows_newton() {
    let mut stance = Stance::new(Point3::new(0.1, 0.2, 0.8), 10.0, two_feet()).unwrap();
    assert!((stance.gravity_wrench() - Vector6::new(0.0, 0.0, 98.1, 0.0, 0.0, 0.0)).amax() < 1e-12);
    stance
        .set_com_acceleration(Vector3::new(1.0, 0.0, -9.81))
        .unwrap();
    // Free fall along z: only the horizontal acceleration needs a force.
    assert!((stance.gravity_wrench() - Vector6::new(10.0, 0.0, 0.0, 0.0, 0.0, 0.0)).amax() < 1e-12);
    // At the origin: τ = c × f.
    let at_origin = stance.gravity_wrench_at(&Point3::origin()).unwrap();
    let expected = Vector3::new(0.1, 0.2, 0.8).cross(&Vector3::new(10.0, 0.0, 0.0));
    assert!((at_origin.fixed_rows::<3>(3) - expected).norm() < 1e-12);
}

#[test]
fn the_distributor_tracks_the_com_and_stores_the_wrenches() {
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let mut distributor = WrenchDistributor::new(stance);
    for tick in 0..20 {
        let t = tick as f64 * 0.05;
        let com = Point3::new(0.05 * t.sin(), 0.1 * t.cos(), 0.8);
        let acceleration = Vector3::new(-0.05 * t.sin(), -0.1 * t.cos(), 0.0);
        let result = distributor.step(&com, &acceleration).unwrap().clone();
        let target = Vector6::new(
            38.0 * acceleration.x,
            38.0 * acceleration.y,
            38.0 * 9.81,
            0.0,
            0.0,
            0.0,
        );
        check_distribution(distributor.stance().contacts(), &result, &target, &com);
        for (contact, w) in distributor
            .stance()
            .contacts()
            .contacts()
            .iter()
            .zip(&result.wrenches)
        {
            assert_eq!(contact.wrench(), Some(w.world));
        }
    }
    // An infeasible tick clears the stored wrenches.
    let result = distributor
        .step(&Point3::new(1.0, 0.0, 0.8), &Vector3::zeros())
        .unwrap();
    assert!(!result.is_solved());
    assert!(
        distributor
            .stance()
            .contacts()
            .contacts()
            .iter()
            .all(|c| c.wrench().is_none())
    );
    assert!(distributor.last().is_some());
}

#[test]
fn moving_a_contact_moves_its_cone() {
    let mut stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let before = stance
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    let pose = Isometry3::translation(0.2, 0.15, 0.0);
    stance
        .contacts_mut()
        .contact_mut(0)
        .unwrap()
        .set_pose(pose)
        .unwrap();
    let after = stance
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    assert!((bounded(&after).area() - bounded(&before).area()).abs() > 1e-3);
    let max_x = bounded(&after)
        .vertices()
        .iter()
        .map(|v| v[0])
        .fold(f64::MIN, f64::max);
    assert!((max_x - 0.31).abs() < 1e-9);
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_input_gives_clear_typed_errors() {
    let pose = Isometry3::identity();
    for shape in [
        [0.0, 0.1],
        [0.1, -0.05],
        [f64::NAN, 0.1],
        [0.1, f64::INFINITY],
    ] {
        let err = Contact::new(shape, pose, 0.5).unwrap_err();
        assert!(matches!(err, StabilityError::InvalidShape { .. }));
        assert!(err.to_string().contains("half-length"));
    }
    for mu in [-0.3, 0.0, f64::NAN] {
        assert!(matches!(
            Contact::new([0.1, 0.1], pose, mu),
            Err(StabilityError::InvalidFriction { .. })
        ));
    }
    assert!(matches!(
        Contact::from_pos_rpy([0.1, 0.1], [0.0, f64::NAN, 0.0], [0.0; 3], 0.5),
        Err(StabilityError::NonFinite { .. })
    ));
    assert!(matches!(
        Contact::from_pos_quaternion([0.1, 0.1], [0.0; 3], [f64::NAN, 0.0, 0.0, 1.0], 0.5),
        Err(StabilityError::NonFinite { .. })
    ));
    let err = ContactSet::new(vec![]).unwrap_err();
    assert_eq!(err, StabilityError::EmptyContactSet);
    assert!(err.to_string().contains("at least one contact"));

    let set = two_feet();
    let nan_wrench = Vector6::new(0.0, 0.0, f64::NAN, 0.0, 0.0, 0.0);
    let err = set
        .find_supporting_wrenches(
            &nan_wrench,
            &Point3::origin(),
            &DistributionWeights::default(),
        )
        .unwrap_err();
    assert!(matches!(
        err,
        StabilityError::NonFinite {
            what: "target wrench",
            ..
        }
    ));
    let err = set
        .find_supporting_wrenches(
            &Vector6::zeros(),
            &Point3::new(f64::NAN, 0.0, 0.0),
            &DistributionWeights::default(),
        )
        .unwrap_err();
    assert!(matches!(err, StabilityError::NonFinite { .. }));
    let bad_weights = DistributionWeights {
        friction: -1.0,
        ..Default::default()
    };
    assert!(matches!(
        set.find_supporting_wrenches(&Vector6::zeros(), &Point3::origin(), &bad_weights),
        Err(StabilityError::InvalidWeight {
            name: "friction",
            ..
        })
    ));
    assert!(matches!(
        Stance::new(Point3::origin(), -1.0, set.clone()),
        Err(StabilityError::InvalidMass { .. })
    ));
    assert!(matches!(
        Stance::new(Point3::new(0.0, f64::NAN, 0.0), 1.0, set.clone()),
        Err(StabilityError::NonFinite { .. })
    ));
    let stance = Stance::new(Point3::origin(), 1.0, set).unwrap();
    assert!(matches!(
        stance.clone().with_gravity(0.0),
        Err(StabilityError::InvalidGravity { .. })
    ));
    let mut distributor = WrenchDistributor::new(stance);
    assert!(
        distributor
            .step(&Point3::new(f64::NAN, 0.0, 0.0), &Vector3::zeros())
            .is_err()
    );
    assert!(matches!(
        "qhull".parse::<PolygonMethod>(),
        Err(StabilityError::UnknownPolygonMethod { .. })
    ));
    assert_eq!(
        " Bretl".parse::<PolygonMethod>().unwrap(),
        PolygonMethod::Bretl
    );
}
