//! Distance and intersection between two meshes by a dual traversal of their hierarchies.
//!
//! The traversal works in the first mesh's frame; nodes and triangles of the second mesh are
//! moved into it on first use. A node pair is pruned when a lower bound on its distance (the
//! larger of the bounding-sphere gap and the separating-axis gap of the boxes) exceeds the
//! best distance found so far; children are visited nearest first. Leaves run the exact
//! triangle tests, so the answer is the brute-force minimum over all triangle pairs.
//!
//! A query on the same mesh pair as the last one run with a scratch space starts from where
//! that one stopped (its front, see `front.rs`), with each bound moved to the new placement by
//! a certified bound on the motion; the traversals are in `distance_walk.rs` and
//! `intersection_walk.rs`.

use nalgebra::{Isometry3, Point3};

use super::bvh::MeshBvh;
use super::distance_walk::closest_pair;
use super::intersection_walk::first_intersection;
pub use super::pair_query::TrianglePair;
use super::pair_query::{PlacedPair, placed_pair};
use super::scratch::ProximityScratch;
use super::triangle_distance::TrianglePairDistance;
use crate::error::{GeometryError, Result};

/// The distance between two meshes and where it is reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshDistance {
    /// Smallest distance between the two surfaces (0 when they intersect).
    pub distance: f64,
    /// Closest point on the first mesh, in the frame the poses are given in (the world).
    pub point_a: Point3<f64>,
    /// Closest point on the second mesh, in the same frame. Equal to `point_a` when the
    /// meshes intersect (a point common to both).
    pub point_b: Point3<f64>,
    /// The faces the points lie on. Pass it back as the warm start of the next query.
    pub triangles: TrianglePair,
}

fn to_result(
    pair: &PlacedPair<'_>,
    pose_a: &Isometry3<f64>,
    r: TrianglePairDistance,
    sa: u32,
    sb: u32,
) -> MeshDistance {
    MeshDistance {
        distance: r.distance,
        point_a: pose_a * Point3::from(r.point_a),
        point_b: pose_a * Point3::from(r.point_b),
        triangles: TrianglePair {
            a: pair.a.face_of_slot[sa as usize],
            b: pair.b.face_of_slot[sb as usize],
        },
    }
}

/// The distance between two placed meshes, with the closest points and their faces.
///
/// `pose_a` and `pose_b` place each mesh's frame in a common frame (the world); the points are
/// returned in that frame. `warm_start` is a face pair to try first, typically the
/// `triangles` of the previous query in a coherent sequence: it only speeds the search up, the
/// distance is the same with or without it (when several pairs tie, the pair reported may
/// differ). A pair with an out-of-range face is ignored. When the last distance query run with
/// `scratch` was on the same pair of hierarchies, the search starts from the node pairs where
/// that one stopped, their lower bounds carried to the new placement by a certified bound on
/// the motion, so that only pairs the motion may have brought close are tested again; this
/// does not change the distance either ([`ProximityScratch::forget`] drops it).
///
/// The distance equals the minimum over all triangle pairs of the exact triangle–triangle
/// distance (up to rounding, about 1e-14 of the meshes' extent). Intersecting meshes are at
/// distance 0, and the search stops at the first intersecting pair found.
///
/// Errors when a pose is not finite or its translation is beyond
/// ±[`MAX_LENGTH`](crate::MAX_LENGTH).
pub fn mesh_distance(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<MeshDistance> {
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    let best = closest_pair(&pair, scratch, f64::INFINITY, warm_start);
    match best.found {
        Some((r, sa, sb)) => Ok(to_result(&pair, pose_a, r, sa, sb)),
        // Unreachable with an infinite bound and at least one triangle per mesh; report it
        // as a non-finite input rather than panic.
        None => Err(GeometryError::NonFinite {
            what: "the meshes' coordinates",
            value: "no finite triangle distance".to_string(),
        }),
    }
}

/// The distance between two placed meshes when it is at most `bound` (a security margin),
/// else `None`.
///
/// Same as [`mesh_distance`], but branches of the search that cannot come closer than `bound`
/// are never opened, so far-apart configurations answer `None` after a few box tests. Errors
/// when a pose or the bound is NaN.
pub fn mesh_distance_within(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    bound: f64,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<Option<MeshDistance>> {
    if bound.is_nan() {
        return Err(GeometryError::NonFinite {
            what: "the distance bound",
            value: format!("{bound}"),
        });
    }
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    if bound < 0.0 {
        return Ok(None);
    }
    let best = closest_pair(&pair, scratch, bound, warm_start);
    Ok(best
        .found
        .map(|(r, sa, sb)| to_result(&pair, pose_a, r, sa, sb)))
}

/// Whether two placed meshes intersect (their surfaces share a point), with the first
/// intersecting face pair found.
///
/// Touching counts as intersecting; the triangle test is exact for the placed coordinates.
/// Only surfaces are tested: a mesh nested inside another without touching it does not
/// intersect it here. `warm_start` is a face pair tested first, typically the answer of the
/// previous query; right after a query on the same pair found contact, the pairs of one of its
/// triangles with the triangles around the other (sharing a corner, those sharing an edge
/// first) are tested next. When the last intersection query run with `scratch` on the same
/// pair of hierarchies found them apart, the search starts from the node pairs where that
/// query proved separation (its front), each with a lower bound on its distance carried to the
/// new placement by a certified bound on the motion: pairs still certified apart are not even
/// tested. When that front is stale (a run of contacts came in between), the search starts
/// from the nearest front kept where an earlier run of contacts began or ended, if one is
/// near enough, else from the roots; node pairs are opened nearer pair first. None of this
/// changes whether the meshes intersect; [`ProximityScratch::forget`] drops it. Errors when a
/// pose is not finite or its translation is beyond ±[`MAX_LENGTH`](crate::MAX_LENGTH).
pub fn mesh_intersection(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<Option<TrianglePair>> {
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    Ok(
        first_intersection(&pair, scratch, warm_start).map(|(sa, sb)| TrianglePair {
            a: a.face_of_slot[sa as usize],
            b: b.face_of_slot[sb as usize],
        }),
    )
}
