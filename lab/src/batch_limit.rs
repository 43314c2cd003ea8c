//! The one size limit of batch results (`fk_batch`, `read_batch`, ...), shared by both front
//! ends: a result above it is refused before anything is allocated, so that a typo in a row or
//! scene count raises an error instead of exhausting the machine's memory.

use crate::error::{LabError, Result};

/// The largest result a batch call builds, in bytes (1 GiB). Split larger work into batches.
pub const BATCH_RESULT_LIMIT: u64 = 1 << 30;

/// The bytes of `counts` multiplied together times `bytes_each`, saturating (never
/// overflowing) so that absurd counts still compare above the limit.
pub fn result_bytes(counts: &[usize], bytes_each: usize) -> u128 {
    counts
        .iter()
        .fold(bytes_each as u128, |acc, &n| acc.saturating_mul(n as u128))
}

/// Refuses a result of `bytes` above [`BATCH_RESULT_LIMIT`]: `function` names the call and
/// `shape` what the result holds (`"10000000 rows × 12 joints of f64"`).
pub fn check_batch_result(function: &str, shape: &str, bytes: u128) -> Result<()> {
    if bytes <= u128::from(BATCH_RESULT_LIMIT) {
        return Ok(());
    }
    Err(LabError::BatchTooLarge {
        function: function.to_string(),
        shape: shape.to_string(),
        gib: bytes as f64 / f64::from(1u32 << 30),
    })
}

/// Refuses a taxel `read_batch` whose result (`values` f64 per probe, per scene, per history
/// step: 6 for forces and torques, 4 for contact flags, depths and slip) is above the limit.
pub fn check_taxel_batch(
    function: &str,
    scenes: usize,
    probes: usize,
    history_length: usize,
    values: usize,
) -> Result<()> {
    let steps = history_length.max(1);
    check_batch_result(
        function,
        &format!("{scenes} scenes × {probes} probes × {steps} steps × {values} values of f64"),
        result_bytes(&[scenes, probes, steps, values], 8),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_above_one_gib_are_refused_with_their_size() {
        // 2^27 f64s are exactly 1 GiB: accepted; one more is refused.
        assert!(check_batch_result("f", "x", result_bytes(&[1 << 27], 8)).is_ok());
        let err = check_batch_result("f", "rows", result_bytes(&[(1 << 27) + 1], 8))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("f: the result (rows) would take 1.00 GiB"),
            "{err}"
        );
        assert!(err.contains("above the 1 GiB limit"), "{err}");
        // Counts whose product overflows u64 and u128 still compare above.
        assert!(check_batch_result("f", "x", result_bytes(&[usize::MAX; 5], 8)).is_err());
        // 10^6 scenes × 100 probes × 10 steps × 6 values: 48 GB.
        let err = check_taxel_batch("read_batch", 1_000_000, 100, 10, 6).unwrap_err();
        assert!(
            err.to_string().contains("1000000 scenes × 100 probes"),
            "{err}"
        );
        assert!(check_taxel_batch("read_batch", 1000, 100, 0, 6).is_ok());
    }
}
