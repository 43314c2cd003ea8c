//! Penetration depth of two meshes, measured at vertices.
//!
//! The depth of a vertex of one mesh inside a closed mesh is its distance to the closed
//! mesh's surface. Any vertex inside must move at least that far for the meshes to separate,
//! so the deepest vertex gives a lower bound of the translational penetration depth.
//!
//! The closed mesh's voxel classification ([`crate::occupancy`]) discards the vertices that
//! are certainly outside and bounds the depth of the others. Candidates are visited by that
//! bound, largest first, and the search stops when the bound falls to the deepest depth
//! found. The distance to the nearest vertex of the closed mesh (a k-d tree query) bounds a
//! candidate's depth too; it is looked up only for the candidates visited. Each candidate's exact distance to the surface is a point projection
//! ([`crate::surface_projector`], searching no farther than its bound); when its cell is
//! crossed by the surface, its side comes from the pseudo-normals.

use kiddo::SquaredEuclidean;
use nalgebra::Isometry3;

use crate::collision_model::CollisionObject;
use crate::occupancy::Cell;

/// The largest depth of a vertex of `inner` inside `outer` (0 when `outer` is not a closed
/// mesh, `inner` is not a mesh, or no vertex is inside).
///
/// `candidates` (bound, vertex index, whether certainly inside) is reused between calls.
pub(crate) fn vertex_depth(
    outer: &CollisionObject,
    p_outer: &Isometry3<f64>,
    inner: &CollisionObject,
    p_inner: &Isometry3<f64>,
    candidates: &mut Vec<(f64, u32, bool)>,
) -> Result<f64, morsel_geometry::GeometryError> {
    let (Some(container), Some(other)) = (&outer.mesh, &inner.mesh) else {
        return Ok(0.0);
    };
    let accel = container.accel()?;
    let (Some(normals), Some(occupancy), Some(tree), Some(projector)) = (
        &accel.normals,
        &accel.occupancy,
        &accel.vertex_tree,
        &accel.projector,
    ) else {
        return Ok(0.0);
    };
    let relative = p_outer.inverse() * p_inner;
    candidates.clear();
    for (i, v) in other.mesh.vertices().iter().enumerate() {
        let local = relative * v;
        let (bound, inside) = match occupancy.classify(&local) {
            Cell::Outside => continue,
            Cell::Inside(b) => (b, true),
            Cell::Surface(b) => (b, false),
        };
        candidates.push((bound, i as u32, inside));
    }
    // Largest voxel bound first; ties by vertex index so that the order is reproducible.
    candidates.sort_unstable_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let vertices = other.mesh.vertices();
    let mut best = 0.0f64;
    for &(voxel_bound, i, inside) in candidates.iter() {
        if voxel_bound <= best {
            break;
        }
        // The vertex in the container's frame. The nearest vertex of the container bounds
        // its depth too: looked up only for candidates still in play, it skips projections
        // that cannot beat the deepest depth found, and limits the others' search (plus
        // rounding slack; the surface is always within it).
        let local = relative * vertices[i as usize];
        let nearest = tree
            .query(&[local.x, local.y, local.z])
            .nearest_one::<SquaredEuclidean<f64>>()
            .execute();
        let bound = voxel_bound.min(nearest.distance.sqrt());
        if bound <= best {
            continue;
        }
        let Some(s) = projector.closest(&local, bound * (1.0 + 1e-9) + 1e-12) else {
            continue;
        };
        if s.distance > best
            && (inside || normals.inside(&container.mesh, s.face, &s.point, &local))
        {
            best = s.distance;
        }
    }
    Ok(best)
}
