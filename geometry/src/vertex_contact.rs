//! The contact of shapes whose penetration depth has no exact answer here (a closed non-convex
//! mesh against anything but a sphere, two open meshes): the deepest vertex of each shape
//! inside the other solid, with its exact signed distance.
//!
//! The points of a shape that count are its vertices: a mesh's or convex hull's vertices and a
//! cuboid's eight corners; a sphere counts as its centre with its radius, a capsule as the
//! centres of its two end balls with its radius (the deepest point of a ball of radius `r`
//! centred at `c` inside a solid is `r − s(c)` deep, `s` the signed distance, negative inside).
//! Cylinders and ellipsoids contribute no points of their own (the other shape's vertices
//! inside them still count). Only solids have an inside: vertices are tested against the other
//! shape when it is a solid (a closed mesh or a primitive), never against an open mesh.
//!
//! The depth is the largest such penetration; the contact's points are that vertex (moved by
//! the radius for a ball) and its nearest point on the other surface, and the normal is the
//! direction from one to the other. This is a lower bound of the separating translation
//! (exact when the deepest vertex leaves the other solid first, as for a box corner in a slab),
//! and it is 0 when the shapes meet but no vertex lies inside the other (edges crossing faces,
//! or two open meshes): the points are then a common point of the surfaces for two meshes, and
//! the nearest vertex and its projection otherwise.

use nalgebra::{Isometry3, Point3, Unit, Vector3};
use parry3d_f64::shape::FeatureId;

use crate::convert::{from_parry_point, to_parry_point};

use crate::error::Result;
use crate::mesh::TriangleMesh;
use crate::projection::project;
use crate::proximity;
use crate::query_result::Contact;
use crate::shape::{Shape, ShapeKind};

/// One tested point: where it is (world), its radius, and its penetration of the other shape.
struct Probe {
    /// `r − s`: positive inside the other solid.
    depth: f64,
    /// The deepest point of the probe's ball (the vertex itself for radius 0).
    deepest: Point3<f64>,
    /// The nearest point of the other surface.
    surface: Point3<f64>,
    /// The unit direction the probe's shape moves along to leave the other (outward there).
    outward: Unit<Vector3<f64>>,
}

/// The points (world) and radius that stand for `shape` placed at `pose`.
fn points_of(shape: &Shape, pose: &Isometry3<f64>) -> (Vec<Point3<f64>>, f64) {
    match shape.kind() {
        ShapeKind::Mesh(m) | ShapeKind::ConvexHull(m) => {
            (m.vertices().iter().map(|v| pose * v).collect(), 0.0)
        }
        ShapeKind::Cuboid { half_extents: h } => {
            let corners = (0..8).map(|i| {
                let s = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                pose * Point3::new(s(1) * h.x, s(2) * h.y, s(4) * h.z)
            });
            (corners.collect(), 0.0)
        }
        ShapeKind::Sphere { radius } => (vec![pose * Point3::origin()], *radius),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => (
            vec![
                pose * Point3::new(0.0, 0.0, -half_length),
                pose * Point3::new(0.0, 0.0, *half_length),
            ],
            *radius,
        ),
        _ => (Vec::new(), 0.0),
    }
}

/// A direction out of `other` at `surface` when the probe lies on it: the face normal of a
/// mesh there, else the direction from the shape's origin.
fn fallback_outward(
    other: &Shape,
    pose: &Isometry3<f64>,
    surface: &Point3<f64>,
) -> Unit<Vector3<f64>> {
    if let ShapeKind::Mesh(m) = other.kind()
        && let Some(n) = face_normal_at(other, m, pose, surface)
    {
        return n;
    }
    Unit::try_new(surface - Point3::from(pose.translation.vector), 1e-300)
        .unwrap_or(Vector3::z_axis())
}

/// The deepest probe of `from` (placed at `pf`) inside the solid `other` (placed at `po`);
/// with `nearest`, the least negative one when none is inside.
fn deepest_probe(
    from: &Shape,
    pf: &Isometry3<f64>,
    other: &Shape,
    po: &Isometry3<f64>,
) -> Result<Option<Probe>> {
    if !other.is_solid() {
        return Ok(None);
    }
    let (points, radius) = points_of(from, pf);
    let mut best: Option<(f64, Point3<f64>, crate::query_result::PointProjection)> = None;
    for p in points {
        let proj = project(other, po, &p)?;
        let depth = radius - proj.signed_distance;
        if best.as_ref().is_none_or(|(d, _, _)| depth > *d) {
            best = Some((depth, p, proj));
        }
    }
    let Some((depth, centre, proj)) = best else {
        return Ok(None);
    };
    let away = centre - proj.point;
    let scale = away.norm();
    let outward = if scale > 0.0 {
        // Outside: away from the surface; inside: towards it.
        Unit::new_normalize(if proj.signed_distance < 0.0 {
            -away
        } else {
            away
        })
    } else {
        fallback_outward(other, po, &proj.point)
    };
    Ok(Some(Probe {
        depth,
        deepest: centre - outward.into_inner() * radius,
        surface: proj.point,
        outward,
    }))
}

/// The contact of `a` and `b`, which the caller knows to meet (their distance is 0), by their
/// deepest vertices (see the module's documentation).
pub(crate) fn contact(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
) -> Result<Contact> {
    let of_a = deepest_probe(a, pa, b, pb)?;
    let of_b = deepest_probe(b, pb, a, pa)?;
    // A probe of `a` moves `a` along `outward` (the normal from a to b is its opposite); a
    // probe of `b` moves `b` along `outward` (the normal itself).
    let from_a = |p: Probe| Contact {
        depth: p.depth.max(0.0),
        point_a: p.deepest,
        point_b: p.surface,
        normal: -p.outward,
    };
    let from_b = |p: Probe| Contact {
        depth: p.depth.max(0.0),
        point_a: p.surface,
        point_b: p.deepest,
        normal: p.outward,
    };
    let best = match (of_a, of_b) {
        (Some(x), Some(y)) if y.depth > x.depth => Some(from_b(y)),
        (Some(x), _) => Some(from_a(x)),
        (None, Some(y)) => Some(from_b(y)),
        (None, None) => None,
    };
    if let Some(c) = best
        && c.depth > 0.0
    {
        return Ok(c);
    }
    // Nothing inside: the surfaces meet between vertices. Two meshes have a common point.
    let normal = best.map_or_else(|| direction(pa, pb), |c| c.normal);
    if let (ShapeKind::Mesh(_), ShapeKind::Mesh(_)) = (a.kind(), b.kind())
        && let (Some(ba), Some(bb)) = (a.mesh_bvh()?, b.mesh_bvh()?)
    {
        let d = proximity::mesh_pair_distance(ba, pa, bb, pb)?;
        return Ok(Contact {
            depth: 0.0,
            point_a: d.point_a,
            point_b: d.point_b,
            normal,
        });
    }
    Ok(match best {
        Some(c) => Contact { depth: 0.0, ..c },
        None => {
            let p = Point3::from(pa.translation.vector);
            Contact {
                depth: 0.0,
                point_a: p,
                point_b: p,
                normal,
            }
        }
    })
}

/// The direction from `pa`'s origin to `pb`'s (z when they coincide).
fn direction(pa: &Isometry3<f64>, pb: &Isometry3<f64>) -> Unit<Vector3<f64>> {
    Unit::try_new(pb.translation.vector - pa.translation.vector, 1e-300)
        .unwrap_or(Vector3::z_axis())
}

/// The signed distance of a local point to a closed mesh (negative inside) with the nearest
/// surface point and the id of a nearest face.
pub(crate) fn signed(mesh: &Shape, local: &Point3<f64>) -> Option<(f64, Point3<f64>, u32)> {
    let (parry, _) = mesh.parry().ok()?;
    let (proj, feature) = parry.project_local_point_and_get_feature(to_parry_point(local));
    let surface = from_parry_point(proj.point);
    let d = (local - surface).norm();
    let face = match feature {
        FeatureId::Face(i) => i,
        _ => u32::MAX,
    };
    Some((if proj.is_inside { -d } else { d }, surface, face))
}

/// The outward unit normal (local frame) of face `face` of a closed mesh.
pub(crate) fn outward_face_normal(m: &TriangleMesh, face: u32) -> Option<Unit<Vector3<f64>>> {
    let i = usize::try_from(face)
        .ok()
        .filter(|&i| i < m.faces().len())?;
    Unit::try_new(m.face_area_vector(i) * m.signed_volume().signum(), 0.0)
}

/// The outward unit normal (world frame) of the face of the closed mesh `shape` (whose mesh is
/// `m`, placed at `pose`) nearest the world point `p`.
pub(crate) fn face_normal_at(
    shape: &Shape,
    m: &TriangleMesh,
    pose: &Isometry3<f64>,
    p: &Point3<f64>,
) -> Option<Unit<Vector3<f64>>> {
    let (_, _, face) = signed(shape, &pose.inverse_transform_point(p))?;
    Some(pose.rotation * outward_face_normal(m, face)?)
}
