//! Exact closest points and distances between a pipe (an open cylinder) and another shape.
//!
//! Parry answers a pipe's shape–shape queries on its tessellation
//! ([`PIPE_QUERY_SEGMENTS`](crate::PIPE_QUERY_SEGMENTS) segments), whose chords lie inside the
//! true surface by up to `r·(1 − cos(π/n)) ≈ 7.5e-5·r`. Here the answers are exact:
//!
//! - **Against a sphere**, in closed form: with `s` the exact projection of the centre `c` on
//!   the pipe, the distance is `max(|c − s| − r, 0)`.
//! - **Against a box, ellipsoid, cylinder, capsule or another pipe**: the tessellation's answer
//!   (its closest points when apart, its contact points when it says they meet) starts
//!   alternating exact projections: a point of the true pipe, the nearest point of the other
//!   shape to it, the nearest point of the pipe to that, and so on. Each step can only shorten
//!   the segment, and the iteration converges to the closest pair near its start (the
//!   tessellation's answer is within `7.5e-5·r` of it). A pipe point inside a solid proves
//!   that they meet; a sequence of segments shrinking geometrically towards zero length does
//!   too (its limit is extrapolated when the step budget runs out).
//!
//! Pipes against meshes, convex hulls and half-spaces are not handled here (half-spaces have
//! their own exact path; meshes and hulls use the tessellation).

use nalgebra::{Isometry3, Point3, Unit, Vector3};
use parry3d_f64::query as pq;

use crate::convert::{from_parry_point, to_parry_pose};
use crate::error::{GeometryError, Result};
use crate::projection::project;
use crate::query_result::{ClosestPoints, Contact};
use crate::shape::{Shape, ShapeKind, radial_direction};

/// Upper bound on the alternating projections.
const ITERATIONS: usize = 2000;

/// Whether `shape` is one this module pairs with a pipe by alternating projections (its point
/// projection is exact).
fn projectable(shape: &Shape) -> bool {
    matches!(
        shape.kind(),
        ShapeKind::Cuboid { .. }
            | ShapeKind::Ellipsoid { .. }
            | ShapeKind::Cylinder { .. }
            | ShapeKind::Capsule { .. }
            | ShapeKind::Pipe { .. }
    )
}

/// The exact closest points of a pair with a pipe (`Some(None)` when they meet), or `None`
/// when the pair is not one this module answers. Poses must have been checked.
pub(crate) fn closest_points(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<Option<ClosestPoints>>> {
    let pipe_a = matches!(a.kind(), ShapeKind::Pipe { .. });
    let pipe_b = matches!(b.kind(), ShapeKind::Pipe { .. });
    let swap = |c: Option<ClosestPoints>| {
        c.map(|c| ClosestPoints {
            distance: c.distance,
            point_a: c.point_b,
            point_b: c.point_a,
        })
    };
    if pipe_a && let ShapeKind::Sphere { radius } = b.kind() {
        return pipe_sphere(a, pa, *radius, pb).map(Some);
    }
    if pipe_b && let ShapeKind::Sphere { radius } = a.kind() {
        return pipe_sphere(b, pb, *radius, pa).map(|c| Some(swap(c)));
    }
    if pipe_a && projectable(b) {
        return alternate(a, pa, b, pb).map(Some);
    }
    if pipe_b && projectable(a) {
        return alternate(b, pb, a, pa).map(|c| Some(swap(c)));
    }
    Ok(None)
}

/// A pipe (first) and a sphere of `radius` placed at `ps` (second), in closed form.
fn pipe_sphere(
    pipe: &Shape,
    pp: &Isometry3<f64>,
    radius: f64,
    ps: &Isometry3<f64>,
) -> Result<Option<ClosestPoints>> {
    let centre = Point3::from(ps.translation.vector);
    let on_pipe = project(pipe, pp, &centre)?.point;
    let gap = centre - on_pipe;
    let d = gap.norm();
    if d <= radius {
        return Ok(None);
    }
    Ok(Some(ClosestPoints {
        distance: d - radius,
        point_a: on_pipe,
        point_b: centre - gap * (radius / d),
    }))
}

/// A pipe (first) and a shape with an exact projection (second), by alternating projections
/// from the tessellation's answer.
fn alternate(
    pipe: &Shape,
    pp: &Isometry3<f64>,
    other: &Shape,
    po: &Isometry3<f64>,
) -> Result<Option<ClosestPoints>> {
    let unsupported = || GeometryError::UnsupportedQuery {
        query: "closest_points",
        first: pipe.name(),
        second: other.name(),
        hint: None,
    };
    let (sp, _) = pipe.parry()?;
    let (so, _) = other.parry()?;
    let (qp, qo) = (
        pipe.parry_pose(&to_parry_pose(pp)),
        other.parry_pose(&to_parry_pose(po)),
    );
    let start = match pq::closest_points(&qp, sp, &qo, so, f64::MAX).map_err(|_| unsupported())? {
        pq::ClosestPoints::WithinMargin(p1, _) => from_parry_point(p1),
        _ => match pq::contact(&qp, sp, &qo, so, 0.0).map_err(|_| unsupported())? {
            Some(c) => from_parry_point(c.point1),
            None => Point3::from(po.translation.vector),
        },
    };
    let scale = size(pipe).max(size(other));
    let touching = 1e-14 * scale;
    let mut x = project(pipe, pp, &start)?.point;
    let mut last: Option<ClosestPoints> = None;
    let mut gains = [0.0f64; 2];
    for _ in 0..ITERATIONS {
        let on_other = project(other, po, &x)?;
        if on_other.signed_distance <= 0.0 && other.is_solid() {
            return Ok(None);
        }
        let y = on_other.point;
        let next = project(pipe, pp, &y)?.point;
        let d = (next - y).norm();
        if d <= touching {
            return Ok(None);
        }
        if let Some(prev) = &last {
            if d >= prev.distance {
                break;
            }
            gains = [gains[1], prev.distance - d];
            if gains[1] <= 1e-16 * scale {
                break;
            }
        }
        last = Some(ClosestPoints {
            distance: d,
            point_a: next,
            point_b: y,
        });
        x = next;
    }
    let Some(best) = last else {
        return Ok(None);
    };
    // A geometric sequence of gains (ratio q) still going: its limit is d − g·q/(1 − q).
    let [g0, g1] = gains;
    if g0 > 0.0 && g1 > 1e-16 * scale {
        let q = g1 / g0;
        if q < 1.0 && best.distance - g1 * q / (1.0 - q) <= touching.max(1e-12 * scale) {
            return Ok(None);
        }
    }
    Ok(Some(best))
}

/// A length that sets the scale of a shape (for the tolerances above).
fn size(shape: &Shape) -> f64 {
    match shape.kind() {
        ShapeKind::Cuboid { half_extents } => half_extents.norm(),
        ShapeKind::Ellipsoid { semi_axes } => semi_axes.amax(),
        ShapeKind::Sphere { radius } => *radius,
        ShapeKind::Cylinder {
            radius,
            half_length,
        }
        | ShapeKind::Pipe {
            radius,
            half_length,
        }
        | ShapeKind::Capsule {
            radius,
            half_length,
        } => radius + half_length,
        _ => 1.0,
    }
}

/// The contact of a pair of a pipe and a sphere, in closed form (`Some(None)` when apart), or
/// `None` for every other pair: the depth is `r − |c − s|` along `c − s` (from the pipe
/// towards the centre; the pipe's outward radial direction when the centre is on it).
pub(crate) fn sphere_contact(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<Option<Contact>>> {
    let (pipe, pp, radius, ps, pipe_first) = match (a.kind(), b.kind()) {
        (ShapeKind::Pipe { .. }, ShapeKind::Sphere { radius }) => (a, pa, *radius, pb, true),
        (ShapeKind::Sphere { radius }, ShapeKind::Pipe { .. }) => (b, pb, *radius, pa, false),
        _ => return Ok(None),
    };
    let centre = Point3::from(ps.translation.vector);
    let on_pipe = project(pipe, pp, &centre)?.point;
    let gap = centre - on_pipe;
    let d = gap.norm();
    if d > radius {
        return Ok(Some(None));
    }
    let normal = match Unit::try_new(gap, 0.0) {
        Some(n) => n,
        None => {
            let local = pp.inverse_transform_point(&on_pipe);
            let (cx, cy) = radial_direction(local.x, local.y);
            pp.rotation * Unit::new_unchecked(Vector3::new(cx, cy, 0.0))
        }
    };
    let on_sphere = centre - normal.into_inner() * radius;
    let c = Contact {
        depth: radius - d,
        point_a: on_pipe,
        point_b: on_sphere,
        normal,
    };
    Ok(Some(Some(if pipe_first {
        c
    } else {
        Contact {
            depth: c.depth,
            point_a: on_sphere,
            point_b: on_pipe,
            normal: -normal,
        }
    })))
}
