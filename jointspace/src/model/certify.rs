//! The empirical check of a [`JointspaceModel`] on a map it was not fitted to: its errors,
//! the offset `δ` that makes `model − δ` conservative on that map's samples (and nowhere else
//! proved: [`super::certify`] proves an offset over the whole box), and what the offset costs
//! in range of motion.

use super::JointspaceModel;
use super::training::{check_distances, check_same_kind};
use crate::error::Result;
use crate::sample_map::{Quantity, SampleMap};

/// What [`certify_empirical`] found: figures on one map's samples, not a proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// Samples of the certification map.
    pub samples: usize,
    /// Samples in collision (true value `<= 0`).
    pub colliding: usize,
    /// Largest absolute error `|model − truth|`.
    pub max_error: f64,
    /// 99th percentile of the absolute error (nearest rank).
    pub p99_error: f64,
    /// Root-mean-square error.
    pub rms_error: f64,
    /// The offset `δ ≥ 0`: the largest model value at a colliding sample (0 when the model
    /// is already non-positive on all of them).
    pub offset: f64,
    /// Colliding samples that `model − δ` calls free (`> 0`): 0 by construction.
    pub false_free: usize,
    /// Free samples that `model − δ` calls colliding (`<= 0`).
    pub lost_free: usize,
    /// `lost_free` over the free samples: the lost range of motion.
    pub lost_range_of_motion: f64,
}

/// Checks `model` empirically on `map` (a finer grid or fresh random samples, with exact
/// distances, not used in training) and stores the offset in the model, marked empirical, so
/// that a later export carries it. The offset holds on the map's samples only: between them
/// `model − δ > 0` can still collide; [`super::certify`] proves an offset everywhere. Errors when the map samples other joints, holds no distances or another quantity than
/// the model (Cartesian for joint-space distances, or the reverse), reaches outside the range
/// of a non-periodic joint, is empty, has NaN or is entirely in collision.
pub fn certify_empirical(model: &mut JointspaceModel, map: &SampleMap) -> Result<Certificate> {
    model.check_joints("certification map", map.joints())?;
    check_distances("certification map", map)?;
    check_same_kind(
        "certification map",
        (model.quantity(), model.source()),
        model.encoding(),
        map,
    )?;
    let predicted = model.distances(map.configurations())?;
    let truth = map.values();
    let mut errors: Vec<f64> = predicted
        .iter()
        .zip(truth.iter())
        .map(|(p, t)| (p - t).abs())
        .collect();
    let n = errors.len();
    let rms_error = (errors.iter().map(|e| e * e).sum::<f64>() / n as f64).sqrt();
    let max_error = errors.iter().copied().fold(0.0, f64::max);
    let rank = ((0.99 * n as f64).ceil() as usize).clamp(1, n) - 1;
    let p99_error = *errors.select_nth_unstable_by(rank, f64::total_cmp).1;
    let offset = predicted
        .iter()
        .zip(truth.iter())
        .filter(|(_, t)| **t <= 0.0)
        .map(|(p, _)| *p)
        .fold(0.0, f64::max);
    let (mut colliding, mut false_free, mut lost_free) = (0, 0, 0);
    for (p, t) in predicted.iter().zip(truth.iter()) {
        let free_by_model = p - offset > 0.0;
        if *t <= 0.0 {
            colliding += 1;
            false_free += usize::from(free_by_model);
        } else {
            lost_free += usize::from(!free_by_model);
        }
    }
    let free = n - colliding;
    model.set_offset(offset)?;
    model.certification = Some(super::Certification::Empirical {
        samples: n,
        colliding,
    });
    Ok(Certificate {
        samples: n,
        colliding,
        max_error,
        p99_error,
        rms_error,
        offset,
        false_free,
        lost_free,
        lost_range_of_motion: if free == 0 {
            0.0
        } else {
            lost_free as f64 / free as f64
        },
    })
}

/// The model's values at `map`'s configurations, as a map (for plots against the truth).
pub fn predicted_map(model: &JointspaceModel, map: &SampleMap) -> Result<SampleMap> {
    model.check_joints("map", map.joints())?;
    let values = model.distances(map.configurations())?;
    map.with_values(&values, Quantity::Other("model distance".into()))
}

/// Where `model − offset` costs range of motion on `map`: 1 where both call the sample free,
/// 0 where the map is free but `model − offset <= 0` (lost), −1 where the map collides.
pub fn lost_motion_map(model: &JointspaceModel, map: &SampleMap) -> Result<SampleMap> {
    model.check_joints("map", map.joints())?;
    let predicted = model.distances(map.configurations())?;
    let values: Vec<f64> = predicted
        .iter()
        .zip(map.values().iter())
        .map(|(p, t)| {
            if *t <= 0.0 {
                -1.0
            } else if p - model.offset() > 0.0 {
                1.0
            } else {
                0.0
            }
        })
        .collect();
    map.with_values(
        &values,
        Quantity::Other("1 free, 0 free but lost to the offset, -1 colliding".into()),
    )
}
