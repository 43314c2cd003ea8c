//! Distance and intersection between a mesh and a convex primitive: the mesh's hierarchy is
//! traversed against the primitive's bounding box and sphere, and the leaves run the exact
//! (or, for cylinders and ellipsoids, GJK) triangle–primitive test of [`Primitive`].

use nalgebra::{Isometry3, Matrix3, Point3};

use super::bvh::MeshBvh;
use super::obb::Obb;
use super::primitive::Primitive;
use super::scratch::{Pending, ProximityScratch};
use super::triangle::{PreparedTriangle, V3};
use crate::error::{GeometryError, Result};
use crate::range;

/// The distance between a mesh and a primitive and where it is reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshPrimitiveDistance {
    /// Smallest distance between the mesh's surface and the solid primitive (0 when they
    /// meet).
    pub distance: f64,
    /// Closest point on the mesh, in the frame the poses are given in (the world).
    pub point_mesh: Point3<f64>,
    /// Closest point on the primitive, in the same frame (equal to `point_mesh` when they
    /// meet: a common point).
    pub point_primitive: Point3<f64>,
    /// The mesh face the point lies on; pass it back as the warm start of the next query.
    pub triangle: u32,
}

/// A primitive placed in the mesh's frame, and the mesh's triangles moved into the
/// primitive's frame.
struct Placed<'a> {
    mesh: &'a MeshBvh,
    primitive: &'a Primitive,
    /// The primitive's bounding box in the mesh frame.
    bounds: Obb,
    radius: f64,
    /// Mesh frame to primitive frame.
    rotation: Matrix3<f64>,
    translation: V3,
    tolerance: f64,
    scale: f64,
}

impl Placed<'_> {
    #[inline]
    fn triangle(&self, slot: u32) -> PreparedTriangle {
        PreparedTriangle::transformed(
            &self.mesh.triangles[slot as usize].v,
            &self.rotation,
            &self.translation,
        )
    }
}

fn place<'a>(
    mesh: &'a MeshBvh,
    pose_mesh: &Isometry3<f64>,
    primitive: &'a Primitive,
    pose_primitive: &Isometry3<f64>,
) -> Result<Placed<'a>> {
    range::pose("the mesh's pose", pose_mesh)?;
    range::pose("the primitive's pose", pose_primitive)?;
    primitive.validate()?;
    let prim_in_mesh = pose_mesh.inverse() * pose_primitive;
    let r = prim_in_mesh.rotation.to_rotation_matrix().into_inner();
    let t = prim_in_mesh.translation.vector;
    let mesh_in_prim = prim_in_mesh.inverse();
    let radius = primitive.bounding_radius();
    let scale = mesh.scale + t.norm() + radius;
    Ok(Placed {
        mesh,
        primitive,
        bounds: Obb {
            axes: [
                r.column(0).into_owned(),
                r.column(1).into_owned(),
                r.column(2).into_owned(),
            ],
            center: t,
            half: primitive.half_extents(),
        },
        radius,
        rotation: mesh_in_prim.rotation.to_rotation_matrix().into_inner(),
        translation: mesh_in_prim.translation.vector,
        tolerance: 64.0 * f64::EPSILON * scale,
        scale,
    })
}

/// Best candidate: distance and (points in the primitive frame, slot).
struct Best {
    distance: f64,
    found: Option<(V3, V3, u32)>,
}

impl Best {
    fn limit(&self, tol: f64) -> f64 {
        if self.found.is_some() {
            self.distance - tol
        } else {
            self.distance + tol
        }
    }

    fn offer(&mut self, (d, on_tri, on_prim): (f64, V3, V3), slot: u32) {
        if d < self.distance || (self.found.is_none() && d <= self.distance) {
            self.distance = d;
            self.found = Some((on_tri, on_prim, slot));
        }
    }

    fn is_contact(&self) -> bool {
        self.found.is_some() && self.distance <= 0.0
    }
}

fn closest(p: &Placed<'_>, scratch: &mut ProximityScratch, bound: f64, warm: Option<u32>) -> Best {
    let mesh = p.mesh;
    let ProximityScratch { stack, stats, .. } = scratch;
    *stats = Default::default();
    let mut best = Best {
        distance: bound,
        found: None,
    };
    if let Some(&slot) = warm.and_then(|f| mesh.slot_of_face.get(f as usize)) {
        stats.triangle_tests += 1;
        best.offer(
            p.primitive.triangle_distance(&p.triangle(slot), p.scale),
            slot,
        );
        if best.is_contact() {
            return best;
        }
    }
    stack.clear();
    let root = mesh.nodes[0].distance_bound(&p.bounds, p.radius, best.limit(p.tolerance));
    if root > best.limit(p.tolerance) {
        return best;
    }
    stack.push(Pending { a: 0, bound: root });
    while let Some(Pending {
        a: i, bound: lb, ..
    }) = stack.pop()
    {
        let stop = best.limit(p.tolerance);
        if lb > stop {
            continue;
        }
        let link = mesh.links[i as usize];
        if link.is_leaf() {
            for slot in link.link..link.link + link.count {
                stats.triangle_tests += 1;
                best.offer(
                    p.primitive.triangle_distance(&p.triangle(slot), p.scale),
                    slot,
                );
                if best.is_contact() {
                    return best;
                }
            }
            continue;
        }
        stats.volume_tests += 2;
        let (c1, c2) = (i + 1, link.link);
        let l1 = mesh.nodes[c1 as usize].distance_bound(&p.bounds, p.radius, stop);
        let l2 = mesh.nodes[c2 as usize].distance_bound(&p.bounds, p.radius, stop);
        let (near, far, ln, lf) = if l1 <= l2 {
            (c1, c2, l1, l2)
        } else {
            (c2, c1, l2, l1)
        };
        if lf <= stop {
            stack.push(Pending { a: far, bound: lf });
        }
        if ln <= stop {
            stack.push(Pending { a: near, bound: ln });
        }
    }
    best
}

fn to_result(
    pose_primitive: &Isometry3<f64>,
    p: &Placed<'_>,
    best: &Best,
) -> Option<MeshPrimitiveDistance> {
    best.found
        .map(|(on_tri, on_prim, slot)| MeshPrimitiveDistance {
            distance: best.distance,
            point_mesh: pose_primitive * Point3::from(on_tri),
            point_primitive: pose_primitive * Point3::from(on_prim),
            triangle: p.mesh.face_of_slot[slot as usize],
        })
}

/// The distance between a placed mesh and a placed primitive, with the closest points and the
/// mesh face they lie on.
///
/// The primitive is solid, the mesh is a surface: a primitive inside a closed mesh without
/// touching it is at a positive distance. `warm_start` is a face to try first (the
/// `triangle` of a previous answer); it never changes the distance. See [`Primitive`] for the
/// precision of each primitive. Errors when a pose is not finite or its translation is beyond
/// ±[`MAX_LENGTH`](crate::MAX_LENGTH), or when a size is not positive or outside
/// [`MIN_LENGTH`](crate::MIN_LENGTH) to `MAX_LENGTH`.
pub fn mesh_primitive_distance(
    mesh: &MeshBvh,
    pose_mesh: &Isometry3<f64>,
    primitive: &Primitive,
    pose_primitive: &Isometry3<f64>,
    warm_start: Option<u32>,
    scratch: &mut ProximityScratch,
) -> Result<MeshPrimitiveDistance> {
    let p = place(mesh, pose_mesh, primitive, pose_primitive)?;
    let best = closest(&p, scratch, f64::INFINITY, warm_start);
    to_result(pose_primitive, &p, &best).ok_or_else(|| GeometryError::NonFinite {
        what: "the mesh's or primitive's coordinates",
        value: "no finite triangle distance".to_string(),
    })
}

/// The distance between a placed mesh and a placed primitive when it is at most `bound`, else
/// `None`; branches that cannot come closer than `bound` are never opened. Errors as
/// [`mesh_primitive_distance`], and when the bound is NaN.
pub fn mesh_primitive_distance_within(
    mesh: &MeshBvh,
    pose_mesh: &Isometry3<f64>,
    primitive: &Primitive,
    pose_primitive: &Isometry3<f64>,
    bound: f64,
    warm_start: Option<u32>,
    scratch: &mut ProximityScratch,
) -> Result<Option<MeshPrimitiveDistance>> {
    if bound.is_nan() {
        return Err(GeometryError::NonFinite {
            what: "the distance bound",
            value: format!("{bound}"),
        });
    }
    let p = place(mesh, pose_mesh, primitive, pose_primitive)?;
    if bound < 0.0 {
        return Ok(None);
    }
    let best = closest(&p, scratch, bound, warm_start);
    Ok(to_result(pose_primitive, &p, &best))
}

/// Whether a placed mesh meets a placed primitive, with the first mesh face found that does.
/// `warm_start` is a face tested first. Errors as [`mesh_primitive_distance`].
pub fn mesh_primitive_intersection(
    mesh: &MeshBvh,
    pose_mesh: &Isometry3<f64>,
    primitive: &Primitive,
    pose_primitive: &Isometry3<f64>,
    warm_start: Option<u32>,
    scratch: &mut ProximityScratch,
) -> Result<Option<u32>> {
    let p = place(mesh, pose_mesh, primitive, pose_primitive)?;
    let ProximityScratch { stack, stats, .. } = scratch;
    *stats = Default::default();
    let hit = |slot: u32| p.primitive.triangle_intersects(&p.triangle(slot), p.scale);
    if let Some(&slot) = warm_start.and_then(|f| mesh.slot_of_face.get(f as usize)) {
        stats.triangle_tests += 1;
        if hit(slot) {
            return Ok(Some(mesh.face_of_slot[slot as usize]));
        }
    }
    stack.clear();
    if !mesh.nodes[0].may_overlap(&p.bounds, p.radius) {
        return Ok(None);
    }
    stack.push(Pending { a: 0, bound: 0.0 });
    while let Some(Pending { a: i, .. }) = stack.pop() {
        let link = mesh.links[i as usize];
        if link.is_leaf() {
            for slot in link.link..link.link + link.count {
                stats.triangle_tests += 1;
                if hit(slot) {
                    return Ok(Some(mesh.face_of_slot[slot as usize]));
                }
            }
            continue;
        }
        stats.volume_tests += 2;
        for c in [link.link, i + 1] {
            if mesh.nodes[c as usize].may_overlap(&p.bounds, p.radius) {
                stack.push(Pending { a: c, bound: 0.0 });
            }
        }
    }
    Ok(None)
}
