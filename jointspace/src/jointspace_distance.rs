//! Joint-space distance to the collision boundary and its Jacobian.
//!
//! For a sample `q` with sampled value `v`, the joint-space distance is
//! `d(q) = s · min_{b ∈ B} ‖q − b‖` (Euclidean norm over the sampled joints, periodic along
//! the boundary's periodic joints), with `s = −1` when `v <= 0` (in collision) and `+1`
//! otherwise. Its Jacobian is `J(q) = (q − b*) / d(q)`, `b*` the nearest boundary point: a unit
//! vector, the gradient of `d` wherever the nearest point is unique (away from the medial
//! axis of the boundary). It points away from the boundary in free space and towards it in
//! collision, so `d` grows along `J` on both sides. Only the Euclidean metric is provided.

use ndarray::Array2;
use rayon::prelude::*;

use crate::boundary::Boundary;
use crate::error::{JointspaceError, Result};
use crate::sample_map::{Quantity, SampleMap};

/// Rows per parallel task.
const ROWS_PER_TASK: usize = 1024;

/// Joint-space distances and Jacobians of a map's samples.
#[derive(Clone, Debug, PartialEq)]
pub struct JointspaceField {
    /// The map's samples with their signed joint-space distance as value.
    pub distance: SampleMap,
    /// Rows `[q_1 .. q_k, J_1 .. J_k]` (`n × 2k`), the notebook's Jacobian layout. `J` is
    /// zero where the distance is exactly zero (a sample on a boundary point).
    pub jacobian: Array2<f64>,
}

/// The signed joint-space distance of every sample of `map` to `boundary` (see the module
/// documentation). Errors when the map and the boundary sample different joints or the
/// boundary is empty.
pub fn jointspace_distance(map: &SampleMap, boundary: &Boundary) -> Result<SampleMap> {
    Ok(jointspace_field(map, boundary)?.distance)
}

/// The Jacobian rows `[q_1 .. q_k, J_1 .. J_k]` of the joint-space distance of every sample.
pub fn jointspace_jacobian(map: &SampleMap, boundary: &Boundary) -> Result<Array2<f64>> {
    Ok(jointspace_field(map, boundary)?.jacobian)
}

/// The joint-space distance and its Jacobian at every sample of `map`, from one nearest-point
/// search per sample (k-d tree; parallel, same bytes for any thread count).
pub fn jointspace_field(map: &SampleMap, boundary: &Boundary) -> Result<JointspaceField> {
    if map.joints() != boundary.joints() {
        return Err(JointspaceError::invalid(
            "boundary",
            format!(
                "it samples joints {:?} but the map samples {:?}; use a boundary of the same sampler",
                boundary.joints(),
                map.joints()
            ),
        ));
    }
    let index = boundary.index()?;
    let (n, k) = (map.len(), map.dim());
    let rows = map.rows().as_standard_layout();
    let flat = rows
        .as_slice()
        .ok_or_else(|| JointspaceError::invalid("map", "its rows are not contiguous"))?;
    let mut distance = vec![0.0; n];
    let mut jacobian = vec![0.0; n * 2 * k];
    distance
        .par_chunks_mut(ROWS_PER_TASK)
        .zip(jacobian.par_chunks_mut(ROWS_PER_TASK * 2 * k))
        .enumerate()
        .try_for_each(|(t, (dist, jac))| {
            // Each task polls the stop flag (Ctrl-C, a time limit) before its rows.
            crate::stop::check()?;
            let (mut image, mut nearest) = (vec![0.0; k], vec![0.0; k]);
            for (r, (d_out, j_out)) in dist.iter_mut().zip(jac.chunks_exact_mut(2 * k)).enumerate()
            {
                let row = &flat[(t * ROWS_PER_TASK + r) * (k + 1)..][..k + 1];
                let q = &row[..k];
                let (d, _) = index.nearest_into(q, &mut image, &mut nearest);
                let signed = if row[k] <= 0.0 { -d } else { d };
                *d_out = if signed == 0.0 { 0.0 } else { signed };
                j_out[..k].copy_from_slice(q);
                for a in 0..k {
                    j_out[k + a] = if signed == 0.0 {
                        0.0
                    } else {
                        (q[a] - nearest[a]) / signed
                    };
                }
            }
            Ok::<(), JointspaceError>(())
        })?;
    let jacobian = Array2::from_shape_vec((n, 2 * k), jacobian)
        .map_err(|e| JointspaceError::invalid("jacobian", e.to_string()))?;
    Ok(JointspaceField {
        distance: map.with_values(&distance, Quantity::JointSpaceDistance)?,
        jacobian,
    })
}

impl SampleMap {
    /// [`jointspace_distance`] of this map.
    pub fn to_jointspace(&self, boundary: &Boundary) -> Result<SampleMap> {
        jointspace_distance(self, boundary)
    }
    /// [`jointspace_jacobian`] of this map.
    pub fn jacobian(&self, boundary: &Boundary) -> Result<Array2<f64>> {
        jointspace_jacobian(self, boundary)
    }
}
