//! Self-collision avoidance with a fitted model: a repulsive joint velocity along the model's
//! gradient, active below a distance threshold, as the Solo-12 project's controller uses it.
//!
//! With `m(q) = distance(q) − δ` (the certified offset `δ` taken off, so that `m ≤ 0` covers
//! the colliding configurations of the certification map) and `n = ∇m / ‖∇m‖`, the repulsive
//! velocity is `gain · (threshold − m(q)) · n` where `m(q) < threshold` and zero elsewhere.
//! Added to a tracking velocity `v`, it stops the motion where
//! `gain · (threshold − m) = −v · n`: for `‖v‖ ≤ v_max` the configuration stays at
//! `m ≥ threshold − v_max / gain`, which is positive when `gain · threshold > v_max`.

use super::JointspaceModel;
use crate::error::{JointspaceError, Result};

/// Options of [`repulsive_velocity`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Repulsion {
    /// Below this value of `distance − offset` (the model's unit, rad for a joint-space
    /// distance) the repulsion acts.
    pub threshold: f64,
    /// Velocity per unit of penetration into the threshold (1/s).
    pub gain: f64,
}

impl Repulsion {
    /// Checks that both values are finite and positive.
    pub fn check(&self) -> Result<()> {
        for (what, v) in [("threshold", self.threshold), ("gain", self.gain)] {
            if !(v.is_finite() && v > 0.0) {
                return Err(JointspaceError::invalid(
                    format!("repulsion {what}"),
                    format!("{v} is not a finite positive number"),
                ));
            }
        }
        Ok(())
    }
}

/// The repulsive joint velocity at `q` (see the module documentation), one value per joint of
/// the model. Zero above the threshold, and where the model's gradient vanishes. Errors on a
/// wrong length, NaN in `q` or bad options.
pub fn repulsive_velocity(
    model: &JointspaceModel,
    q: &[f64],
    repulsion: &Repulsion,
) -> Result<Vec<f64>> {
    repulsion.check()?;
    let mut grad = model.gradient(q)?;
    let margin = model.distance(q)? - model.offset();
    let norm = grad.iter().map(|g| g * g).sum::<f64>().sqrt();
    if margin >= repulsion.threshold || norm == 0.0 {
        grad.iter_mut().for_each(|g| *g = 0.0);
        return Ok(grad);
    }
    let scale = repulsion.gain * (repulsion.threshold - margin) / norm;
    grad.iter_mut().for_each(|g| *g *= scale);
    Ok(grad)
}
