//! Queries on the active pairs of a placed [`CollisionModel`]: signed distance and collision
//! check, per pair and over all pairs.
//!
//! Mesh–mesh pairs go through morsel-geometry's proximity engine (bounding-volume hierarchies,
//! warm-started from the pair's previous answer); pairs with a primitive use geometry's
//! generic queries.

use morsel_geometry::proximity::{
    MeshBvh, QueryStats, mesh_distance, mesh_distance_within, mesh_intersection,
};
use morsel_geometry::{GeometryError, query};
use nalgebra::{Isometry3, Point3};

use crate::collision_data::CollisionData;
use crate::collision_model::{CollisionModel, CollisionObject, MeshGeometry};
use crate::error::{JointspaceError, Result};
use crate::occupancy::Cell;
use crate::options::{DistanceOptions, InCollision};
use crate::penetration::vertex_depth;

/// The signed distance of active pair `pair` (an index in [`CollisionModel::pairs`]) at the
/// placements left by [`update_placements`](crate::update_placements).
///
/// Free pairs report their distance (m), or `options.cap` when the distance exceeds it. Pairs
/// in collision report 0 with [`InCollision::Zero`], and minus the penetration depth with
/// [`InCollision::PenetrationDepth`]:
/// - a primitive against anything: geometry's contact depth;
/// - two meshes: the deepest vertex of one mesh inside the other, over both directions and
///   over the meshes that are closed (solids). This is a lower bound of the translational
///   penetration depth (each such vertex must travel at least its depth to get out), exact
///   when the deepest point of the overlap is a vertex. It is 0 when only edges cross or when
///   neither mesh is closed.
///
/// A mesh nested inside a closed mesh collides with it (see
/// [`CollisionModel::solid_meshes`]).
///
/// Errors when the pair index is out of range or a query is not supported for the shapes.
pub fn compute_distance(
    collision: &CollisionModel,
    data: &mut CollisionData,
    pair: usize,
    options: &DistanceOptions,
) -> Result<f64> {
    let (oa, pa, ob, pb) = placed_objects(collision, data, pair)?;
    let err = geometry_error(oa, ob);
    if let Some(work) = data.work.get_mut(pair) {
        *work = QueryStats::default();
    }
    if let (Some(ga), Some(gb)) = (&oa.mesh, &ob.mesh) {
        // A mesh nested in a closed one collides however far apart the surfaces are: one
        // vertex classified each way (a voxel look-up away from the surfaces) settles it
        // before any surface search, which near the surfaces is the costly part.
        let nested = collision.solid_meshes() && meshes_nested(ga, &pa, gb, &pb).map_err(err)?;
        if !nested {
            let (ma, mb) = (ga.accel().map_err(err)?, gb.accel().map_err(err)?);
            let distance =
                surface_distance(&ma.bvh, &pa, &mb.bvh, &pb, data, pair, options).map_err(err)?;
            if distance > 0.0 {
                return Ok(options.cap.map_or(distance, |c| distance.min(c)));
            }
        }
        return match options.in_collision {
            InCollision::Zero => Ok(0.0),
            InCollision::PenetrationDepth => {
                let candidates = &mut data.depth_candidates;
                let ab = vertex_depth(oa, &pa, ob, &pb, candidates).map_err(err)?;
                let ba = vertex_depth(ob, &pb, oa, &pa, candidates).map_err(err)?;
                Ok(negated_depth(ab.max(ba)))
            }
        };
    }
    let (sa, sb) = (&oa.collider().shape, &ob.collider().shape);
    let distance = query::distance(sa, &pa, sb, &pb).map_err(err)?;
    if distance > 0.0 {
        return Ok(options.cap.map_or(distance, |c| distance.min(c)));
    }
    match options.in_collision {
        InCollision::Zero => Ok(0.0),
        InCollision::PenetrationDepth => {
            let depth = query::contact(sa, &pa, sb, &pb)
                .map_err(err)?
                .map_or(0.0, |c| c.depth);
            Ok(negated_depth(depth))
        }
    }
}

/// The distance between the surfaces of the meshes of active pair `pair` (0 when they meet,
/// infinity beyond `options.cap`), warm-started from the pair's last answer, which it updates.
fn surface_distance(
    a: &MeshBvh,
    pa: &Isometry3<f64>,
    b: &MeshBvh,
    pb: &Isometry3<f64>,
    data: &mut CollisionData,
    pair: usize,
    options: &DistanceOptions,
) -> std::result::Result<f64, GeometryError> {
    let warm = data.warm.get(pair).copied().flatten();
    // After contact, contact is most likely still there, next to the last pair: the
    // intersection query looks there first, where a distance query could open many node
    // pairs whose bounds are all zero before it meets a crossing pair.
    let touching = data.touching.get(pair).copied().unwrap_or(false);
    let hit = if touching {
        let hit = mesh_intersection(a, pa, b, pb, warm, &mut data.scratch[pair])?;
        data.work[pair] += data.scratch[pair].last_query_stats();
        hit
    } else {
        None
    };
    let found = match (hit, options.cap) {
        (Some(t), _) => Some((0.0, t)),
        (None, Some(cap)) => {
            mesh_distance_within(a, pa, b, pb, cap, warm, &mut data.scratch[pair])?
                .map(|r| (r.distance, r.triangles))
        }
        (None, None) => {
            let r = mesh_distance(a, pa, b, pb, warm, &mut data.scratch[pair])?;
            Some((r.distance, r.triangles))
        }
    };
    if hit.is_none() {
        data.work[pair] += data.scratch[pair].last_query_stats();
    }
    let distance = match found {
        Some((distance, triangles)) => {
            data.warm[pair] = Some(triangles);
            distance
        }
        None => f64::INFINITY,
    };
    if let Some(t) = data.touching.get_mut(pair) {
        *t = distance <= 0.0;
    }
    Ok(distance)
}

/// Whether active pair `pair` collides at the placements left by
/// [`update_placements`](crate::update_placements) (touching counts; a mesh nested in a
/// closed mesh collides unless [`CollisionModel::solid_meshes`] is off).
pub fn compute_collision(
    collision: &CollisionModel,
    data: &mut CollisionData,
    pair: usize,
) -> Result<bool> {
    let (oa, pa, ob, pb) = placed_objects(collision, data, pair)?;
    let err = geometry_error(oa, ob);
    if let Some(work) = data.work.get_mut(pair) {
        *work = QueryStats::default();
    }
    if let (Some(ga), Some(gb)) = (&oa.mesh, &ob.mesh) {
        // Nesting first: a voxel look-up where a surface search near the surfaces is costly.
        if collision.solid_meshes() && meshes_nested(ga, &pa, gb, &pb).map_err(err)? {
            return Ok(true);
        }
        let (ma, mb) = (ga.accel().map_err(err)?, gb.accel().map_err(err)?);
        let warm = data.warm.get(pair).copied().flatten();
        let hit = mesh_intersection(&ma.bvh, &pa, &mb.bvh, &pb, warm, &mut data.scratch[pair])
            .map_err(err)?;
        data.work[pair] = data.scratch[pair].last_query_stats();
        if let Some(hit) = hit {
            data.warm[pair] = Some(hit);
        }
        return Ok(hit.is_some());
    }
    query::intersects(&oa.collider().shape, &pa, &ob.collider().shape, &pb).map_err(err)
}

/// The smallest signed distance over all active pairs (see [`compute_distance`]).
///
/// Errors when the model has no active pair.
pub fn compute_min_distance(
    collision: &CollisionModel,
    data: &mut CollisionData,
    options: &DistanceOptions,
) -> Result<f64> {
    if collision.pairs().is_empty() {
        return Err(no_pairs());
    }
    let mut best = f64::INFINITY;
    for p in 0..collision.pairs().len() {
        best = best.min(compute_distance(collision, data, p, options)?);
    }
    Ok(best)
}

/// The first active pair that collides, checking pairs in order and stopping there; `None`
/// when all are free.
pub fn compute_any_collision(
    collision: &CollisionModel,
    data: &mut CollisionData,
) -> Result<Option<usize>> {
    if collision.pairs().is_empty() {
        return Err(no_pairs());
    }
    for p in 0..collision.pairs().len() {
        if compute_collision(collision, data, p)? {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

fn no_pairs() -> JointspaceError {
    JointspaceError::invalid(
        "collision model",
        "it has no active pair; add pairs with CollisionModel::add_pairs",
    )
}

/// `-depth`, with 0 (not -0) for no depth, so that outputs compare bytewise.
fn negated_depth(depth: f64) -> f64 {
    if depth > 0.0 { -depth } else { 0.0 }
}

/// The two objects of active pair `pair` with their world placements.
fn placed_objects<'c>(
    collision: &'c CollisionModel,
    data: &CollisionData,
    pair: usize,
) -> Result<(
    &'c CollisionObject,
    Isometry3<f64>,
    &'c CollisionObject,
    Isometry3<f64>,
)> {
    let (a, b) = objects_of(collision, pair)?;
    let objects = collision.objects();
    Ok((
        &objects[a.0],
        data.world_from_object[a.0],
        &objects[b.0],
        data.world_from_object[b.0],
    ))
}

fn objects_of(
    collision: &CollisionModel,
    pair: usize,
) -> Result<(crate::ObjectId, crate::ObjectId)> {
    collision
        .pairs()
        .get(pair)
        .map(|p| (p.first, p.second))
        .ok_or_else(|| {
            JointspaceError::invalid(
                "pair index",
                format!(
                    "{pair} is out of range; the collision model has {} active pairs",
                    collision.pairs().len()
                ),
            )
        })
}

fn geometry_error<'a>(
    a: &'a CollisionObject,
    b: &'a CollisionObject,
) -> impl Fn(GeometryError) -> JointspaceError + Copy + 'a {
    move |source| JointspaceError::Geometry {
        first: a.name().to_owned(),
        second: b.name().to_owned(),
        source,
    }
}

/// Whether one mesh lies inside the other, closed, one (tested on one vertex, after the
/// surfaces were found apart: then either the whole surface is inside or none of it is, for
/// a connected mesh).
fn meshes_nested(
    a: &MeshGeometry,
    pa: &Isometry3<f64>,
    b: &MeshGeometry,
    pb: &Isometry3<f64>,
) -> std::result::Result<bool, GeometryError> {
    Ok(vertex_inside(a, pa, b, pb)? || vertex_inside(b, pb, a, pa)?)
}

/// Whether the first vertex of `inner` lies inside the closed mesh `outer`.
fn vertex_inside(
    inner: &MeshGeometry,
    p_inner: &Isometry3<f64>,
    outer: &MeshGeometry,
    p_outer: &Isometry3<f64>,
) -> std::result::Result<bool, GeometryError> {
    if !outer.closed {
        return Ok(false);
    }
    let Some(v) = inner.mesh.vertices().first() else {
        return Ok(false);
    };
    let local = p_outer.inverse_transform_point(&(p_inner * v));
    point_inside(outer, &local)
}

/// Whether a point given in the frame of a closed mesh lies inside it (or on its surface):
/// its voxel classification answers away from the surface; near it, the closest face and
/// its pseudo-normal decide.
fn point_inside(
    outer: &MeshGeometry,
    local: &Point3<f64>,
) -> std::result::Result<bool, GeometryError> {
    let accel = outer.accel()?;
    let (Some(occupancy), Some(normals), Some(projector)) =
        (&accel.occupancy, &accel.normals, &accel.projector)
    else {
        return Ok(false);
    };
    Ok(match occupancy.classify(local) {
        Cell::Outside => false,
        Cell::Inside(_) => true,
        Cell::Surface(bound) => projector
            .closest(local, bound * (1.0 + 1e-9) + 1e-12)
            .is_some_and(|s| {
                s.distance <= 0.0 || normals.inside(&outer.mesh, s.face, &s.point, local)
            }),
    })
}
