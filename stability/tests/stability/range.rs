//! The range policy of `morsel_stability::limits`: finite but absurd values are refused with
//! `StabilityError::OutOfRange`, and values at the limits give finite results that match closed
//! forms.
//!
//! Before the policy: a contact of half-size 1e300 or friction 1e300 was accepted and its wrench
//! cone's yaw faces were infinite; contacts placed 1e300 away, friction 1e-300 or half-sizes of
//! 1e-9 made the hull and cdd polygons fail with "internal numerical failure"; feet a million
//! times larger than usual got an "unbounded" polygon from hull and cdd; feet 2e-8 m wide got an
//! "empty" polygon from bretl; a mass or gravity of 1e300 gave contact forces of 1e300 and a
//! gravity wrench that overflows once moved; a CoM at x = 1e300 gave a margin of -1e300; target
//! and managed wrenches and maximum pressures of 1e300 were accepted.

use super::*;
use morsel_stability::limits::{
    MAX_FORCE, MAX_FRICTION, MAX_LENGTH, MAX_MASS, MIN_FRICTION, MIN_LENGTH,
};

fn assert_out_of_range<T: std::fmt::Debug>(result: Result<T, StabilityError>, names: &str) {
    match result {
        Err(e @ StabilityError::OutOfRange { .. }) => {
            let text = e.to_string();
            assert!(text.contains(names), "{names} not in: {text}");
            assert!(text.contains("outside the accepted range"), "{text}");
        }
        other => panic!("expected OutOfRange naming {names}, got {other:?}"),
    }
}

fn flat(shape: [f64; 2], y: f64, mu: f64) -> Result<Contact, StabilityError> {
    Contact::from_pos_rpy(shape, [0.0, y, 0.0], [0.0; 3], mu)
}

#[test]
fn absurd_contacts_are_refused() {
    for bad in [1e300, 1e-300, MAX_LENGTH * 1.001, MIN_LENGTH * 0.999] {
        assert_out_of_range(flat([bad, 0.05], 0.0, 0.7), "contact half-length");
        assert_out_of_range(flat([0.1, bad], 0.0, 0.7), "contact half-width");
    }
    for bad in [1e300, 1e-300, MAX_FRICTION * 1.001, MIN_FRICTION * 0.999] {
        assert_out_of_range(flat([0.1, 0.05], 0.0, bad), "friction coefficient");
    }
    assert_out_of_range(flat([0.1, 0.05], 1e300, 0.7), "contact position[1]");
    let mut c = flat([0.1, 0.05], 0.0, 0.7).unwrap();
    assert_out_of_range(c.set_friction(1e300), "friction");
    assert_out_of_range(c.set_max_pressure(Some(1e300)), "maximum pressure");
    let far = Isometry3::translation(0.0, 0.0, -2e10);
    assert_out_of_range(c.set_pose(far), "contact position[2]");
    let huge = Vector6::new(0.0, 0.0, 1e300, 0.0, 0.0, 0.0);
    assert_out_of_range(c.set_wrench(&huge), "managed contact wrench force[2]");
    let twist = Vector6::new(0.0, 0.0, 1.0, 0.0, 0.0, 1e300);
    assert_out_of_range(c.set_wrench(&twist), "managed contact wrench moment[2]");
    let p = Point3::new(1e300, 0.0, 0.0);
    assert_out_of_range(c.grasp_matrix(&p), "point[0]");
    assert_out_of_range(c.wrench_span_at(&p), "point[0]");
    let set = two_feet();
    assert_out_of_range(set.wrench_inequalities(&p), "point[0]");
    assert_out_of_range(set.grasp_matrix(&p), "point[0]");
    // Non-finite and non-positive values keep their own errors.
    assert!(matches!(
        flat([0.0, 0.05], 0.0, 0.7),
        Err(StabilityError::InvalidShape { .. })
    ));
    assert!(matches!(
        flat([0.1, 0.05], 0.0, f64::INFINITY),
        Err(StabilityError::InvalidFriction { .. })
    ));
}

#[test]
fn absurd_stances_and_targets_are_refused() {
    let com = Point3::new(0.0, 0.0, 0.8);
    assert_out_of_range(Stance::new(com, 1e300, two_feet()), "mass");
    assert_out_of_range(Stance::new(com, MAX_MASS * 1.001, two_feet()), "mass");
    assert_out_of_range(
        Stance::new(Point3::new(1e300, 0.0, 0.8), 38.0, two_feet()),
        "CoM position[0]",
    );
    let mut stance = Stance::new(com, 38.0, two_feet()).unwrap();
    assert_out_of_range(stance.set_gravity(1e300), "net force");
    assert_out_of_range(
        stance.set_com_acceleration(Vector3::new(1e300, 0.0, 0.0)),
        "net force",
    );
    assert_out_of_range(
        stance.set_com(Point3::new(0.0, 2e10, 0.0)),
        "CoM position[1]",
    );
    // A large mass under a large gravity: each accepted alone, not together.
    let mut heavy = Stance::new(com, MAX_MASS, two_feet()).unwrap();
    assert_out_of_range(heavy.set_gravity(1e11), "net force");
    assert!(matches!(
        Stance::new(com, -1.0, two_feet()),
        Err(StabilityError::InvalidMass { .. })
    ));
    let weights = DistributionWeights::default();
    let target = Vector6::new(0.0, 0.0, 1e300, 0.0, 0.0, 0.0);
    assert_out_of_range(
        two_feet().find_supporting_wrenches(&target, &com, &weights),
        "target wrench force[2]",
    );
    let target = Vector6::new(0.0, 0.0, 300.0, 0.0, 0.0, 0.0);
    assert_out_of_range(
        two_feet().find_supporting_wrenches(&target, &Point3::new(0.0, 0.0, 1e300), &weights),
        "point[2]",
    );
}

/// The static polygon of two flat feet `[x, y]` at `±d` along y is the rectangle
/// `[-x, x] × [-(d + y), d + y]`, at every scale; all three methods must find it.
#[test]
fn polygons_at_large_and_small_accepted_scales_match_the_closed_form() {
    for scale in [2e-8, 1e-3, 1e6, 1e9, 3e9] {
        let (x, y, d) = (0.11 * scale, 0.05 * scale, 0.15 * scale);
        let set = ContactSet::new(vec![
            flat([x, y], d, 0.7).unwrap(),
            flat([x, y], -d, 0.7).unwrap(),
        ])
        .unwrap();
        check_rectangle(&set, x, d + y, scale);
    }
    // One contact as large as accepted: the polygon is the contact itself.
    let big = ContactSet::new(vec![flat([MAX_LENGTH, MAX_LENGTH], 0.0, 0.7).unwrap()]).unwrap();
    check_rectangle(&big, MAX_LENGTH, MAX_LENGTH, MAX_LENGTH);
    // Friction at both limits: flat feet need no friction to hold a CoM over them.
    for mu in [MIN_FRICTION, MAX_FRICTION] {
        let set = ContactSet::new(vec![
            flat([0.11, 0.05], 0.15, mu).unwrap(),
            flat([0.11, 0.05], -0.15, mu).unwrap(),
        ])
        .unwrap();
        check_rectangle(&set, 0.11, 0.2, 1.0);
    }
}

fn check_rectangle(set: &ContactSet, hx: f64, hy: f64, scale: f64) {
    for method in PolygonMethod::ALL {
        let polygon = set
            .static_equilibrium_polygon(method)
            .unwrap_or_else(|e| panic!("{method} at scale {scale:e}: {e}"));
        let polygon = bounded(&polygon);
        let area = polygon.area();
        assert!(
            (area - 4.0 * hx * hy).abs() <= 1e-6 * 4.0 * hx * hy,
            "{method} at scale {scale:e}: area {area:e}, expected {:e}",
            4.0 * hx * hy
        );
        for v in polygon.vertices() {
            assert!(v.iter().all(|c| c.is_finite()));
            assert!((v[0].abs() - hx).abs() <= 1e-6 * scale, "{method}: {v:?}");
            assert!((v[1].abs() - hy).abs() <= 1e-6 * scale, "{method}: {v:?}");
        }
    }
}

/// A single contact's wrench cone at the largest accepted size: a pure normal force at the
/// edge of the contact (moment `τ_x = Y f_z`) lies on the centre-of-pressure face, and all rows
/// are finite.
#[test]
fn a_contact_wrench_cone_at_the_size_limit_is_finite_and_exact() {
    let (x, y) = (MAX_LENGTH, MAX_LENGTH / 2.0);
    let c = flat([x, y], 0.0, MAX_FRICTION).unwrap();
    let faces = c.wrench_inequalities();
    assert!(faces.iter().all(|v| v.is_finite()));
    let edge = Vector6::new(0.0, 0.0, 1.0, y, 0.0, 0.0);
    let slack = faces * edge;
    assert!(slack.max() <= 1e-9 * y, "{slack}");
    assert!(slack.iter().any(|s| s.abs() <= 1e-9 * y));
    let beyond = Vector6::new(0.0, 0.0, 1.0, 1.001 * y, 0.0, 0.0);
    assert!((faces * beyond).max() > 0.0);
    assert!(c.wrench_span().iter().all(|v| v.is_finite()));
}

/// The heaviest accepted stance: the distribution is finite and carries the weight.
#[test]
fn distributions_at_the_mass_and_force_limits_are_finite_and_balanced() {
    let stance = Stance::new(Point3::new(0.02, 0.01, 0.8), MAX_MASS, tilted_feet()).unwrap();
    let d = stance.distribute().unwrap();
    assert!(d.is_solved(), "{:?}", d.status);
    let net = d.net_wrench_at(stance.contacts().contacts(), &stance.com());
    let weight = MAX_MASS * 9.81;
    assert!(
        (net - stance.gravity_wrench()).amax() <= 1e-9 * weight,
        "{net}"
    );
    let target = Vector6::new(0.0, 0.0, MAX_FORCE, 0.0, 0.0, 0.0);
    let d = two_feet()
        .find_supporting_wrenches(&target, &Point3::new(0.0, 0.0, 0.8), &Default::default())
        .unwrap();
    let total: f64 = d.wrenches.iter().map(|w| w.normal_force).sum();
    assert!((total - MAX_FORCE).abs() <= 1e-9 * MAX_FORCE);
}
