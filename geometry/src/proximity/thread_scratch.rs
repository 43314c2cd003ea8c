//! Entry points with a per-thread scratch space, for callers that do not keep one (the
//! general `distance` and `intersection` of the crate).

use std::cell::RefCell;

use nalgebra::Isometry3;

use super::bvh::MeshBvh;
use super::mesh_mesh::{MeshDistance, mesh_distance, mesh_intersection};
use super::scratch::ProximityScratch;
use crate::error::Result;

thread_local! {
    static SCRATCH: RefCell<ProximityScratch> = RefCell::new(ProximityScratch::new());
}

/// Runs `f` with this thread's scratch space (a fresh one if it is already in use, which only
/// happens on re-entry).
fn with_scratch<T>(f: impl FnOnce(&mut ProximityScratch) -> T) -> T {
    SCRATCH.with(|cell| match cell.try_borrow_mut() {
        Ok(mut s) => f(&mut s),
        Err(_) => f(&mut ProximityScratch::new()),
    })
}

/// [`mesh_distance`] without warm start, on a per-thread scratch space: the distance between
/// two placed meshes with the closest points (in the poses' frame) and their faces. Repeated
/// calls on the same pair start from the previous call's front, which speeds coherent
/// sequences up without changing answers.
pub fn mesh_pair_distance(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
) -> Result<MeshDistance> {
    with_scratch(|s| mesh_distance(a, pose_a, b, pose_b, None, s))
}

/// [`mesh_intersection`] on a per-thread scratch space: whether the surfaces of two placed
/// meshes meet. Repeated calls on the same pair start from the previous call's separation
/// front, which speeds coherent sequences up without changing answers.
pub fn mesh_pair_intersects(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
) -> Result<bool> {
    with_scratch(|s| mesh_intersection(a, pose_a, b, pose_b, None, s).map(|hit| hit.is_some()))
}
