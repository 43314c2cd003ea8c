//! What one mesh–mesh query works with: the relative placement of the two hierarchies, the
//! best triangle pair found so far, and the warm-start face pair (shared by the distance and
//! intersection traversals and the far-pair shortcut, so that none of them imports the entry
//! points in `mesh_mesh.rs`).

use nalgebra::Isometry3;

use super::bvh::MeshBvh;
use super::scratch::MovedCache;
use super::triangle_distance::TrianglePairDistance;
use crate::error::Result;
use crate::range;

/// A pair of faces, one of each mesh, by their indices in the faces given to
/// [`MeshBvh::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrianglePair {
    /// Face of the first mesh.
    pub a: u32,
    /// Face of the second mesh.
    pub b: u32,
}

/// The relative placement of two hierarchies and the rounding tolerance of the query.
pub(crate) struct PlacedPair<'a> {
    pub a: &'a MeshBvh,
    pub b: &'a MeshBvh,
    /// Lower bounds are trusted only beyond this margin (covers rounding of the bounds).
    pub tolerance: f64,
}

/// Places `b` in `a`'s frame for one query (into `moved`) and sets the rounding tolerance;
/// errors when a pose is not finite or its translation is beyond ±`MAX_LENGTH`.
pub(crate) fn placed_pair<'a>(
    a: &'a MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &'a MeshBvh,
    pose_b: &Isometry3<f64>,
    moved: &mut MovedCache,
) -> Result<PlacedPair<'a>> {
    range::pose("the first mesh's pose", pose_a)?;
    range::pose("the second mesh's pose", pose_b)?;
    let relative = pose_a.inverse() * pose_b;
    let rotation = relative.rotation.to_rotation_matrix().into_inner();
    let translation = relative.translation.vector;
    moved.begin(b, rotation, translation);
    let tolerance = 64.0 * f64::EPSILON * (a.scale + b.scale + translation.norm());
    Ok(PlacedPair { a, b, tolerance })
}

/// The smallest distance found and its triangle slots.
pub(crate) struct Best {
    pub distance: f64,
    pub found: Option<(TrianglePairDistance, u32, u32)>,
}

impl Best {
    #[inline]
    pub fn offer(&mut self, r: TrianglePairDistance, sa: u32, sb: u32) {
        if r.distance < self.distance || (self.found.is_none() && r.distance <= self.distance) {
            self.distance = r.distance;
            self.found = Some((r, sa, sb));
        }
    }

    /// Pairs whose lower bound exceeds this cannot improve the answer by more than the
    /// rounding tolerance: below the best distance once one is found (ties are pruned), above
    /// the bound while none is.
    #[inline]
    pub fn limit(&self, tol: f64) -> f64 {
        if self.found.is_some() {
            self.distance - tol
        } else {
            self.distance + tol
        }
    }

    #[inline]
    pub fn is_contact(&self) -> bool {
        self.found.is_some() && self.distance <= 0.0
    }
}

/// The leaf-order slots of a warm-start face pair, when both faces exist.
pub(crate) fn warm_slots(
    a: &MeshBvh,
    b: &MeshBvh,
    warm: Option<TrianglePair>,
) -> Option<(u32, u32)> {
    let w = warm?;
    Some((
        *a.slot_of_face.get(w.a as usize)?,
        *b.slot_of_face.get(w.b as usize)?,
    ))
}
