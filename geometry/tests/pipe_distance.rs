//! Distances to pipes (open cylinders) against closed forms, to 1e-12 m, including the places
//! where the pipe's tessellation (chords up to 7.5e-5·r inside the surface) would be wrong.

use std::f64::consts::PI;

use morsel_geometry::{Shape, query};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

const TOL: f64 = 1e-12;

fn at(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::translation(x, y, z)
}

/// Checks distance, closest points and intersection of `a` and `b` against `expected` (> 0),
/// in both orders.
fn assert_distance(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>, expected: f64) {
    let d = query::distance(a, pa, b, pb).expect("valid query");
    assert!(
        (d - expected).abs() <= TOL,
        "{a:?}–{b:?}: {d} vs {expected} ({:e})",
        d - expected
    );
    let r = query::distance(b, pb, a, pa).expect("valid query");
    assert!((r - expected).abs() <= TOL, "reversed: {r} vs {expected}");
    let cp = query::closest_points(a, pa, b, pb)
        .expect("valid query")
        .expect("apart");
    assert!((cp.distance - expected).abs() <= TOL);
    assert!(((cp.point_b - cp.point_a).norm() - expected).abs() <= TOL);
    // The points lie on their shapes.
    for (shape, pose, p) in [(a, pa, cp.point_a), (b, pb, cp.point_b)] {
        let s = query::project_point(shape, pose, &p)
            .expect("valid query")
            .signed_distance;
        assert!(s.abs() <= TOL, "{shape:?}: {s:e} off its surface");
    }
    assert!(!query::intersects(a, pa, b, pb).expect("valid query"));
    assert!(query::contact(a, pa, b, pb).expect("valid query").is_none());
}

#[test]
fn a_pipe_and_a_sphere_in_closed_form() {
    let pipe = Shape::pipe(0.5, 1.0).expect("valid query");
    let ball = Shape::sphere(0.1).expect("valid query");
    let id = at(0.0, 0.0, 0.0);
    // Outside the wall, inside the hollow, beyond the rim.
    assert_distance(
        &pipe,
        &id,
        &ball,
        &at(1.0, 0.3, 0.2),
        1.0f64.hypot(0.3) - 0.6,
    );
    assert_distance(
        &pipe,
        &id,
        &ball,
        &at(0.1, 0.2, 0.3),
        0.5 - 0.1f64.hypot(0.2) - 0.1,
    );
    assert_distance(&pipe, &id, &ball, &at(0.2, 0.0, 1.4), 0.5 - 0.1);
    // Between two tessellation vertices (where a chord sags 7.5e-5 m inside), 3e-5 m from the
    // wall inside the hollow: the tessellation would say they touch.
    let phi = PI / 256.0;
    let rho = 0.5 - 0.1 - 3e-5;
    assert_distance(
        &pipe,
        &id,
        &ball,
        &at(rho * phi.cos(), rho * phi.sin(), 0.0),
        3e-5,
    );
    // A posed pipe.
    let pose = Isometry3::from_parts(
        Translation3::new(0.3, -0.2, 0.7),
        UnitQuaternion::from_euler_angles(0.4, -1.0, 0.3),
    );
    assert_distance(
        &pipe,
        &pose,
        &ball,
        &(pose * at(1.0, 0.3, 0.2)),
        1.0f64.hypot(0.3) - 0.6,
    );
    // Touching and overlapping: contact depth r − |c − s|, normal from the pipe to the centre.
    let c = query::contact(&pipe, &id, &ball, &at(0.55, 0.0, 0.0))
        .expect("valid query")
        .expect("overlapping");
    assert!((c.depth - 0.05).abs() <= TOL, "{}", c.depth);
    assert!((c.normal.x - 1.0).abs() <= TOL);
    assert!((c.point_a - Point3::new(0.5, 0.0, 0.0)).norm() <= TOL);
    let r = query::contact(&ball, &at(0.55, 0.0, 0.0), &pipe, &id)
        .expect("valid query")
        .expect("overlapping");
    assert!((r.depth - 0.05).abs() <= TOL && (r.normal.x + 1.0).abs() <= TOL);
    assert!(query::intersects(&pipe, &id, &ball, &at(0.0, 0.45, 0.0)).expect("valid query"));
    assert_eq!(
        query::distance(&pipe, &id, &ball, &at(0.0, 0.45, 0.0)).expect("valid query"),
        0.0
    );
}

#[test]
fn a_pipe_and_other_primitives_against_closed_forms() {
    let pipe = Shape::pipe(0.5, 1.0).expect("valid query");
    let id = at(0.0, 0.0, 0.0);
    // A capsule parallel to the axis, inside the hollow: 0.5 − 0.2 − 0.1.
    let capsule = Shape::capsule(0.1, 0.5).expect("valid query");
    assert_distance(&pipe, &id, &capsule, &at(0.2, 0.0, 0.0), 0.2);
    // The same capsule 3e-5 m from the wall, between tessellation vertices.
    let phi = PI / 256.0;
    let rho = 0.5 - 0.1 - 3e-5;
    assert_distance(
        &pipe,
        &id,
        &capsule,
        &at(rho * phi.cos(), rho * phi.sin(), 0.0),
        3e-5,
    );
    // A box outside, a face towards the axis: 0.9 − 0.5; turned 45° about z, an edge at
    // 1 − 0.1·√2.
    let cube = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).expect("valid query");
    assert_distance(&pipe, &id, &cube, &at(1.0, 0.0, 0.0), 0.4);
    let turned = Isometry3::from_parts(
        Translation3::new(1.0, 0.0, 0.0),
        UnitQuaternion::from_euler_angles(0.0, 0.0, PI / 4.0),
    );
    assert_distance(&pipe, &id, &cube, &turned, 0.5 - 0.1 * 2f64.sqrt());
    // A solid cylinder across the axis above the rim (axis along x at z = 1.5): the rim
    // points under it are 0.5 from its axis, so 0.5 − 0.1.
    let bar = Shape::cylinder(0.1, 2.0).expect("valid query");
    let across = Isometry3::from_parts(
        Translation3::new(0.0, 0.0, 1.5),
        UnitQuaternion::from_euler_angles(0.0, PI / 2.0, 0.0),
    );
    assert_distance(&pipe, &id, &bar, &across, 0.4);
    // An ellipsoid outside the wall, its long axis radial: 1.2 − 0.3 − 0.5.
    let egg = Shape::ellipsoid(Vector3::new(0.3, 0.1, 0.2)).expect("valid query");
    assert_distance(&pipe, &id, &egg, &at(1.2, 0.0, 0.0), 0.4);
    // Two pipes: coaxial (0.5 − 0.3) and side by side (1 − 0.5 − 0.2).
    let thin = Shape::pipe(0.3, 0.5).expect("valid query");
    assert_distance(&pipe, &id, &thin, &id, 0.2);
    let small = Shape::pipe(0.2, 0.5).expect("valid query");
    assert_distance(&pipe, &id, &small, &at(1.0, 0.0, 0.0), 0.3);
    // Overlapping: a box through the wall, and crossing pipes.
    assert!(query::intersects(&pipe, &id, &cube, &at(0.5, 0.0, 0.0)).expect("valid query"));
    assert_eq!(
        query::distance(&pipe, &id, &cube, &at(0.5, 0.0, 0.0)).expect("valid query"),
        0.0
    );
    assert!(query::intersects(&pipe, &id, &small, &at(0.5, 0.0, 0.0)).expect("valid query"));
}
