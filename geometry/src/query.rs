//! Proximity queries between placed shapes: distance, closest points, contact, intersection,
//! point containment and projection.
//!
//! Every function takes shapes with their world poses (nalgebra isometries) and answers in the
//! world frame. Poses and points are checked first: finite, and within the range of
//! [`crate::range`] (translations and coordinates within ±[`MAX_LENGTH`](crate::MAX_LENGTH)),
//! else an error. Solids are solid: a shape nested inside a closed mesh intersects it (distance 0),
//! even though their surfaces do not meet. Pipes and open meshes are surfaces; distances to
//! pipes are exact (see `pipe_query`).

use nalgebra::{Isometry3, Point3, Unit};
use parry3d_f64::math::Pose;
use parry3d_f64::query as pq;

use crate::convert::{from_parry_point, from_parry_vector, to_parry_pose};
use crate::error::{GeometryError, Result};
use crate::halfspace::{self, Lowest};
use crate::pipe_query;
use crate::projection::project;
use crate::proximity;
use crate::range;
use crate::shape::{Shape, ShapeKind};
use crate::solid_contact::{self, SolidPlan};
use crate::vertex_contact;

pub use crate::query_result::{ClosestPoints, Contact, PointProjection};

fn unsupported(query: &'static str, a: &Shape, b: &Shape) -> GeometryError {
    GeometryError::UnsupportedQuery {
        query,
        first: a.name(),
        second: b.name(),
        hint: None,
    }
}

fn placed(shape: &Shape, pose: &Isometry3<f64>, what: &'static str) -> Result<Pose> {
    range::pose(what, pose)?;
    Ok(shape.parry_pose(&to_parry_pose(pose)))
}

/// A point on the surface of a shape, in the shape's own frame (used to detect nesting).
fn surface_point(shape: &Shape) -> Option<Point3<f64>> {
    Some(match shape.kind() {
        ShapeKind::Cuboid { half_extents } => Point3::from(*half_extents),
        ShapeKind::Sphere { radius } => Point3::new(*radius, 0.0, 0.0),
        ShapeKind::Ellipsoid { semi_axes } => Point3::new(semi_axes.x, 0.0, 0.0),
        ShapeKind::Cylinder {
            radius,
            half_length,
        }
        | ShapeKind::Pipe {
            radius,
            half_length,
        } => Point3::new(*radius, 0.0, *half_length),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => Point3::new(0.0, 0.0, half_length + radius),
        ShapeKind::Mesh(m) | ShapeKind::ConvexHull(m) => m.vertices()[0],
        ShapeKind::HalfSpace { .. } => return None,
    })
}

/// Whether one shape lies inside a closed mesh that the other is (their surfaces being apart).
fn nested(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>) -> Result<bool> {
    let inside =
        |outer: &Shape, po: &Isometry3<f64>, inner: &Shape, pi: &Isometry3<f64>| -> Result<bool> {
            if !matches!(outer.kind(), ShapeKind::Mesh(m) if m.is_closed()) {
                return Ok(false);
            }
            match surface_point(inner) {
                // Unchecked: the poses are checked, and the point may lie beyond MAX_LENGTH.
                Some(p) => Ok(project(outer, po, &(pi * p))?.signed_distance <= 0.0),
                None => Ok(false),
            }
        };
    Ok(inside(a, pa, b, pb)? || inside(b, pb, a, pa)?)
}

/// Distance between two placed shapes; 0 when they touch or overlap.
///
/// # Example
/// ```
/// use morsel_geometry::{Shape, query};
/// use nalgebra::{Isometry3, Vector3};
/// let s = Shape::sphere(0.5).unwrap();
/// let d = query::distance(&s, &Isometry3::identity(), &s,
///                         &Isometry3::translation(2.0, 0.0, 0.0)).unwrap();
/// assert!((d - 1.0).abs() < 1e-12);
/// ```
pub fn distance(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>) -> Result<f64> {
    if let Some((lowest, _)) = halfspace_pair(a, pa, b, pb)? {
        return Ok(lowest.height.max(0.0));
    }
    if let Some(cp) = pipe_pair(a, pa, b, pb)? {
        return Ok(cp.map_or(0.0, |c| c.distance));
    }
    if let Some((ba, bb)) = mesh_bvhs(a, b)? {
        range::pose("pose of the first shape", pa)?;
        range::pose("pose of the second shape", pb)?;
        let d = proximity::mesh_pair_distance(ba, pa, bb, pb)?.distance;
        if d > 0.0 && nested(a, pa, b, pb)? {
            return Ok(0.0);
        }
        return Ok(d);
    }
    if refinable(a) && refinable(b) {
        return Ok(closest_points(a, pa, b, pb)?.map_or(0.0, |c| c.distance));
    }
    let qa = placed(a, pa, "pose of the first shape")?;
    let qb = placed(b, pb, "pose of the second shape")?;
    let (sa, _) = a.parry()?;
    let (sb, _) = b.parry()?;
    let d = pq::distance(&qa, sa, &qb, sb)
        .map_err(|_| unsupported("distance", a, b))?
        .distance;
    if d > 0.0 && nested(a, pa, b, pb)? {
        return Ok(0.0);
    }
    Ok(d)
}

/// The exact lowest point for a pair where exactly one shape is a half-space, with whether the
/// half-space is the first shape; `None` for every other pair.
fn halfspace_pair(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<(Lowest, bool)>> {
    let Some((halfspace_first, normal)) = halfspace::one_halfspace(a, b) else {
        return Ok(None);
    };
    range::pose("pose of the first shape", pa)?;
    range::pose("pose of the second shape", pb)?;
    let lowest = if halfspace_first {
        halfspace::lowest_point(b, pb, &normal, pa)
    } else {
        halfspace::lowest_point(a, pa, &normal, pb)
    };
    Ok(lowest.map(|l| (l, halfspace_first)))
}

/// The exact closest points of a pair with a pipe (see `pipe_query`), or `None` when the pair
/// has no pipe or is one that module does not answer.
fn pipe_pair(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<Option<ClosestPoints>>> {
    if !matches!(a.kind(), ShapeKind::Pipe { .. }) && !matches!(b.kind(), ShapeKind::Pipe { .. }) {
        return Ok(None);
    }
    range::pose("pose of the first shape", pa)?;
    range::pose("pose of the second shape", pb)?;
    pipe_query::closest_points(a, pa, b, pb)
}

/// Convex shapes whose point projection is exact, so that closest points found by GJK can be
/// polished by alternating projections.
fn refinable(shape: &Shape) -> bool {
    matches!(
        shape.kind(),
        ShapeKind::Cuboid { .. }
            | ShapeKind::Sphere { .. }
            | ShapeKind::Ellipsoid { .. }
            | ShapeKind::Cylinder { .. }
            | ShapeKind::Capsule { .. }
    )
}

/// Polishes closest points of two separated convex shapes by alternating exact projections.
///
/// GJK on curved shapes stops at a relative tolerance near 1e-7 (worse near curved-curved
/// contact); each projection step can only shorten the segment between a point of `a` and a
/// point of `b`, and the iteration converges to the closest pair.
fn refine(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
    mut cp: ClosestPoints,
) -> Result<ClosestPoints> {
    for _ in 0..REFINE_ITERATIONS {
        let on_a = project(a, pa, &cp.point_b)?.point;
        let on_b = project(b, pb, &on_a)?.point;
        let d = (on_b - on_a).norm();
        if d >= cp.distance {
            break;
        }
        let gain = cp.distance - d;
        cp = ClosestPoints {
            distance: d,
            point_a: on_a,
            point_b: on_b,
        };
        if gain <= 1e-16 * d.max(1.0) {
            break;
        }
    }
    Ok(cp)
}

/// Upper bound on the polishing steps of [`refine`].
const REFINE_ITERATIONS: usize = 500;

/// The closest points of two placed shapes, or `None` when they touch or overlap.
pub fn closest_points(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<ClosestPoints>> {
    if let Some((lowest, halfspace_first)) = halfspace_pair(a, pa, b, pb)? {
        return Ok(lowest.closest_points().map(|c| {
            if halfspace_first {
                ClosestPoints {
                    distance: c.distance,
                    point_a: c.point_b,
                    point_b: c.point_a,
                }
            } else {
                c
            }
        }));
    }
    if let Some(cp) = pipe_pair(a, pa, b, pb)? {
        return Ok(cp);
    }
    if let Some((ba, bb)) = mesh_bvhs(a, b)? {
        range::pose("pose of the first shape", pa)?;
        range::pose("pose of the second shape", pb)?;
        let m = proximity::mesh_pair_distance(ba, pa, bb, pb)?;
        if m.distance <= 0.0 || nested(a, pa, b, pb)? {
            return Ok(None);
        }
        return Ok(Some(ClosestPoints {
            distance: m.distance,
            point_a: m.point_a,
            point_b: m.point_b,
        }));
    }
    let qa = placed(a, pa, "pose of the first shape")?;
    let qb = placed(b, pb, "pose of the second shape")?;
    let (sa, _) = a.parry()?;
    let (sb, _) = b.parry()?;
    let cp = pq::closest_points(&qa, sa, &qb, sb, f64::MAX)
        .map_err(|_| unsupported("closest_points", a, b))?;
    match cp {
        pq::ClosestPoints::WithinMargin(p1, p2) => {
            if nested(a, pa, b, pb)? {
                return Ok(None);
            }
            let (point_a, point_b) = (from_parry_point(p1), from_parry_point(p2));
            let cp = ClosestPoints {
                distance: (point_b - point_a).norm(),
                point_a,
                point_b,
            };
            if refinable(a) && refinable(b) {
                return refine(a, pa, b, pb, cp).map(Some);
            }
            Ok(Some(cp))
        }
        _ => Ok(None),
    }
}

/// The contact (penetration) of two placed shapes, or `None` when they are apart.
///
/// `None` whenever [`distance`] is positive (for pairs with a mesh, the distance is checked
/// first). A closed mesh is a solid: its depth is the length of the shortest translation
/// separating the solids, exact for closed convex meshes (as their hulls) against any shape
/// and for closed non-convex meshes against spheres outside concave regions.
///
/// Where no exact answer is computed (a closed non-convex mesh against any other shape, a
/// sphere in a concave region, two open meshes), the contact is the **deepest vertex** of
/// either shape inside the other solid, with its exact signed distance: `depth` is how far
/// that vertex lies inside (for a sphere or capsule, its centre's depth plus its radius),
/// `point_a`/`point_b` are the vertex and its nearest point on the other surface, and
/// `normal` is the direction between them. It is a lower bound of the separating translation,
/// exact when that vertex is the last to leave (a box corner in a slab), and 0 when the shapes
/// meet with no vertex inside (edges crossing faces; two open meshes, which have no inside).
/// Vertices are a mesh's or hull's vertices and a cuboid's corners; cylinders and ellipsoids
/// contribute none of their own. Never a triangle-by-triangle depth. Pipes and open meshes are
/// surfaces.
///
/// # Example
/// ```
/// use morsel_geometry::{Shape, TriangleMesh, query};
/// use nalgebra::{Isometry3, Point3};
/// use std::sync::Arc;
/// // The unit tetrahedron x, y, z >= 0, x + y + z <= 1 as a closed mesh.
/// let v = vec![Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0),
///              Point3::new(0.0, 0.0, 1.0)];
/// let f = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
/// let tet = Shape::mesh(Arc::new(TriangleMesh::new(v, f)?))?;
/// let (id, ball) = (Isometry3::identity(), Shape::sphere(0.2)?);
/// // The ball's centre 0.1 below the bottom face z = 0: depth 0.2 − 0.1, normal −z.
/// let c = query::contact(&tet, &id, &ball, &Isometry3::translation(0.25, 0.25, -0.1))?
///     .expect("they overlap");
/// assert!((c.depth - 0.1).abs() < 1e-12 && (c.normal.z + 1.0).abs() < 1e-12);
/// // Apart: no contact.
/// assert!(query::contact(&tet, &id, &ball, &Isometry3::translation(3.0, 0.0, 0.0))?.is_none());
/// # Ok::<(), morsel_geometry::GeometryError>(())
/// ```
pub fn contact(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Option<Contact>> {
    if let Some((lowest, halfspace_first)) = halfspace_pair(a, pa, b, pb)? {
        return Ok(lowest.contact().map(|c| {
            if halfspace_first {
                Contact {
                    depth: c.depth,
                    point_a: c.point_b,
                    point_b: c.point_a,
                    normal: -c.normal,
                }
            } else {
                c
            }
        }));
    }
    range::pose("pose of the first shape", pa)?;
    range::pose("pose of the second shape", pb)?;
    if let Some(c) = pipe_query::sphere_contact(a, pa, b, pb)? {
        return Ok(c);
    }
    // Other pipe pairs: the exact distance decides whether they meet (the depth below comes
    // from the tessellation, within 7.5e-5·r).
    if let Some(Some(_apart)) = pipe_pair(a, pa, b, pb)? {
        return Ok(None);
    }
    // Apart: no contact, whatever the shapes (checked first where a mesh is involved).
    let is_mesh = |s: &Shape| matches!(s.kind(), ShapeKind::Mesh(_));
    if (is_mesh(a) || is_mesh(b)) && distance(a, pa, b, pb)? > 0.0 {
        return Ok(None);
    }
    // A closed mesh is a solid: its depth is the separating translation (see solid_contact).
    let (a, b, substituted) = match solid_contact::plan(a, pa, b, pb)? {
        SolidPlan::NotSolidMesh if is_mesh(a) && is_mesh(b) => {
            // Two open meshes: surfaces with no inside (see vertex_contact).
            return vertex_contact::contact(a, pa, b, pb).map(Some);
        }
        SolidPlan::NotSolidMesh => (a, b, false),
        SolidPlan::Substitute(sa, sb) => (sa, sb, true),
        SolidPlan::Answer(c) => return Ok(c),
    };
    let qa = placed(a, pa, "pose of the first shape")?;
    let qb = placed(b, pb, "pose of the second shape")?;
    let (sa, _) = a.parry()?;
    let (sb, _) = b.parry()?;
    let c = pq::contact(&qa, sa, &qb, sb, 0.0).map_err(|_| unsupported("contact", a, b))?;
    let found = c.and_then(|c| {
        let normal = Unit::try_new(from_parry_vector(c.normal1), 1e-12)?;
        Some(Contact {
            depth: (-c.dist).max(0.0),
            point_a: from_parry_point(c.point1),
            point_b: from_parry_point(c.point2),
            normal,
        })
    });
    Ok(match found {
        Some(c) if substituted => {
            Some(solid_contact::support_overlap(a, pa, b, pb, c).unwrap_or(c))
        }
        other => other,
    })
}

/// Whether two placed shapes touch or overlap.
pub fn intersects(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>) -> Result<bool> {
    if let Some((lowest, _)) = halfspace_pair(a, pa, b, pb)? {
        return Ok(lowest.height <= 0.0);
    }
    if let Some(cp) = pipe_pair(a, pa, b, pb)? {
        return Ok(cp.is_none());
    }
    if let Some((ba, bb)) = mesh_bvhs(a, b)? {
        range::pose("pose of the first shape", pa)?;
        range::pose("pose of the second shape", pb)?;
        return Ok(proximity::mesh_pair_intersects(ba, pa, bb, pb)? || nested(a, pa, b, pb)?);
    }
    let qa = placed(a, pa, "pose of the first shape")?;
    let qb = placed(b, pb, "pose of the second shape")?;
    let (sa, _) = a.parry()?;
    let (sb, _) = b.parry()?;
    let hit = pq::intersection_test(&qa, sa, &qb, sb)
        .map_err(|_| unsupported("intersects", a, b))?
        .intersecting;
    Ok(hit || nested(a, pa, b, pb)?)
}

/// Whether a world point lies inside (or on) a placed solid shape. Surfaces (pipes, open
/// meshes) contain no point: asking is an error.
pub fn contains_point(shape: &Shape, pose: &Isometry3<f64>, point: &Point3<f64>) -> Result<bool> {
    if !shape.is_solid() {
        return Err(GeometryError::UnsupportedQuery {
            query: "contains_point",
            first: shape.name(),
            second: "point",
            hint: Some("this shape is an open surface; use project_point for its distance"),
        });
    }
    Ok(project_point(shape, pose, point)?.signed_distance <= 0.0)
}

/// Projects a world point on the surface of a placed shape.
///
/// Errors when the pose or the point is not finite, or when a translation or coordinate is
/// beyond ±[`MAX_LENGTH`](crate::MAX_LENGTH).
pub fn project_point(
    shape: &Shape,
    pose: &Isometry3<f64>,
    point: &Point3<f64>,
) -> Result<PointProjection> {
    range::pose("shape pose", pose)?;
    range::point("query point", point)?;
    project(shape, pose, point)
}

/// The hierarchies of two mesh shapes (built on first use), or `None` unless both are meshes.
fn mesh_bvhs<'s>(
    a: &'s Shape,
    b: &'s Shape,
) -> Result<Option<(&'s proximity::MeshBvh, &'s proximity::MeshBvh)>> {
    if !matches!(a.kind(), ShapeKind::Mesh(_)) || !matches!(b.kind(), ShapeKind::Mesh(_)) {
        return Ok(None);
    }
    Ok(match (a.mesh_bvh()?, b.mesh_bvh()?) {
        (Some(ba), Some(bb)) => Some((ba.as_ref(), bb.as_ref())),
        _ => None,
    })
}
