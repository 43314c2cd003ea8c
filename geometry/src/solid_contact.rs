//! Penetration of closed (solid) triangle meshes.
//!
//! A closed mesh is a solid, so its penetration depth with another shape is the length of the
//! shortest translation that separates the two solids, not the depth of one of its triangles
//! (a triangle-by-triangle answer says depth 0 for a mesh coincident with itself, and "apart"
//! for a ball inside it). [`plan`] decides how `query::contact` answers when a shape is one:
//!
//! - A **closed convex mesh** is replaced by its convex hull, which bounds the same solid
//!   ([`Shape::convex_solid`]); the hull's depth is exact (projection of a ball's centre,
//!   GJK/EPA between polyhedra and other convex shapes).
//! - A **closed non-convex mesh against a sphere** (centre `c`, radius `r`): the depth is
//!   `r − s`, with `s` the signed distance from `c` to the mesh's surface (negative inside),
//!   along the direction from the nearest surface point. Any separating translation is at
//!   least that long; this one separates exactly when the moved sphere touches the mesh only
//!   at that point, which is checked.
//! - Otherwise (a sphere in a concave region or centred on an edge, a closed non-convex mesh
//!   against any other shape): the deepest vertex of each shape inside the other solid, with
//!   its exact signed distance (see `vertex_contact`), a lower bound of the separating
//!   translation.

use nalgebra::{Isometry3, Point3, Unit, Vector3};

use crate::convert::{from_parry_point, to_parry_pose, to_parry_vector};
use crate::error::Result;
use crate::query_result::Contact;
use crate::shape::{Shape, ShapeKind};
use crate::vertex_contact::{self, outward_face_normal, signed};

/// How `query::contact` answers a pair.
pub(crate) enum SolidPlan<'s> {
    /// Neither shape is a closed mesh: the ordinary path answers.
    NotSolidMesh,
    /// Query these shapes instead (closed convex meshes replaced by their hulls).
    Substitute(&'s Shape, &'s Shape),
    /// The answer itself.
    Answer(Option<Contact>),
}

/// Relative slack of the check that a moved sphere touches a non-convex mesh only once.
const TOUCH_TOLERANCE: f64 = 1e-9;

fn is_closed_mesh(shape: &Shape) -> bool {
    matches!(shape.kind(), ShapeKind::Mesh(m) if m.is_closed())
}

/// Decides how the contact of `a` and `b` is answered when either is a closed mesh.
pub(crate) fn plan<'s>(
    a: &'s Shape,
    pa: &Isometry3<f64>,
    b: &'s Shape,
    pb: &Isometry3<f64>,
) -> Result<SolidPlan<'s>> {
    let (closed_a, closed_b) = (is_closed_mesh(a), is_closed_mesh(b));
    if !closed_a && !closed_b {
        return Ok(SolidPlan::NotSolidMesh);
    }
    let convex_a = if closed_a { a.convex_solid() } else { Some(a) };
    let convex_b = if closed_b { b.convex_solid() } else { Some(b) };
    if let (Some(ca), Some(cb)) = (convex_a, convex_b) {
        return Ok(SolidPlan::Substitute(ca, cb));
    }
    let exact = match (a.kind(), b.kind()) {
        (ShapeKind::Sphere { radius }, _) => {
            sphere_in_mesh(b, pb, *radius, &Point3::from(pa.translation.vector)).map(|c| {
                c.map(|c| Contact {
                    depth: c.depth,
                    point_a: c.point_b,
                    point_b: c.point_a,
                    normal: -c.normal,
                })
            })
        }
        (_, ShapeKind::Sphere { radius }) => {
            sphere_in_mesh(a, pa, *radius, &Point3::from(pb.translation.vector))
        }
        _ => None,
    };
    Ok(SolidPlan::Answer(match exact {
        Some(c) => c,
        None => Some(vertex_contact::contact(a, pa, b, pb)?),
    }))
}

/// The contact of two convex shapes (a substituted pair) with its depth recomputed as the
/// overlap of their support functions along the contact's normal `n` (from `a` to `b`):
/// `max over a of n·a − min over b of n·b`. When it differs from the depth found, the contact
/// points become `b`'s extreme point and that point moved by the depth along `n`.
///
/// Any direction's overlap bounds the separating translation from above, and the normal's
/// overlap equals it; GJK/EPA finds the right normal but can report depth 0 when the shapes'
/// centres coincide (a tetrahedron on itself), which this corrects. `None` when a shape has
/// no support function (a pipe, an open mesh): the contact is then kept as found.
pub(crate) fn support_overlap(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
    found: Contact,
) -> Option<Contact> {
    let support = |shape: &Shape, pose: &Isometry3<f64>, dir: Vector3<f64>| {
        let (parry, _) = shape.parry().ok()?;
        let map = parry.as_support_map()?;
        let placed = shape.parry_pose(&to_parry_pose(pose));
        let local = placed.rotation.inverse() * to_parry_vector(&dir);
        Some(from_parry_point(placed * map.local_support_point(local)))
    };
    let n = found.normal.into_inner();
    let on_a = support(a, pa, n)?;
    let on_b = support(b, pb, -n)?;
    let depth = n.dot(&(on_a - on_b)).max(0.0);
    let scale = (on_a - on_b).norm().max(found.depth).max(f64::MIN_POSITIVE);
    if (depth - found.depth).abs() <= 1e-9 * scale {
        // The depth was right: keep its points (extreme points are not unique on a face).
        return Some(Contact { depth, ..found });
    }
    Some(Contact {
        depth,
        point_a: on_b + n * depth,
        point_b: on_b,
        normal: found.normal,
    })
}

/// The contact of a closed mesh (first) with a sphere of `radius` centred at `centre`
/// (second), by the nearest surface point; `None` when it cannot be exact (a concave region,
/// a centre on an edge or corner, where the outward direction is not defined).
fn sphere_in_mesh(
    mesh: &Shape,
    pose: &Isometry3<f64>,
    radius: f64,
    centre: &Point3<f64>,
) -> Option<Option<Contact>> {
    let ShapeKind::Mesh(m) = mesh.kind() else {
        return None;
    };
    let local = pose.inverse_transform_point(centre);
    let (s, surface, face) = signed(mesh, &local)?;
    let depth = radius - s;
    if depth < 0.0 {
        return Some(None);
    }
    let (lo, hi) = m.bounds();
    let scale = (hi - lo).norm().max(radius);
    // The outward direction at the nearest surface point: towards the centre when it is
    // outside, away from it inside, the nearest face's normal when it is on the surface.
    let away = local - surface;
    let outward: Unit<Vector3<f64>> = if away.norm() > 1e-12 * scale {
        Unit::new_normalize(if s < 0.0 { -away } else { away })
    } else {
        outward_face_normal(m, face)?
    };
    // The sphere moved out by `depth` must touch the mesh and overlap no other part of it.
    let moved = local + outward.into_inner() * depth;
    let (s_moved, _, _) = signed(mesh, &moved)?;
    if s_moved < radius - TOUCH_TOLERANCE * (radius + depth) {
        return None;
    }
    let normal = pose.rotation * outward;
    Some(Some(Contact {
        depth,
        point_a: pose * surface,
        point_b: centre - normal.into_inner() * radius,
        normal,
    }))
}
