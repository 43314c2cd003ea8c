//! Memory estimates, checked before large runs start.

use crate::error::{JointspaceError, Result};

/// Bytes of one `f64`.
const F64: u128 = 8;

/// Estimated peak bytes of a sampling run over `samples` configurations of `dim` joints: the
/// values in visiting order, the values by cell, the rows `[q, value]` and a grid-shaped copy.
pub fn sampling_bytes(samples: u128, dim: usize) -> u128 {
    samples * (dim as u128 + 4) * F64
}

/// Estimated peak bytes of joint-space distances and Jacobians of `samples` rows of `dim`
/// joints: the distance rows, the Jacobian rows and one nearest image per sample.
pub fn jointspace_bytes(samples: u128, dim: usize) -> u128 {
    samples * (4 * dim as u128 + 2) * F64
}

/// Errors with [`JointspaceError::TooLarge`] when `needed` exceeds `limit`.
pub(crate) fn check(what: &str, needed: u128, limit: u64, hint: &str) -> Result<()> {
    if needed > limit as u128 {
        return Err(JointspaceError::TooLarge {
            what: what.to_owned(),
            needed,
            limit,
            hint: hint.to_owned(),
        });
    }
    Ok(())
}
