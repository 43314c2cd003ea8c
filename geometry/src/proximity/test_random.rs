//! Reproducible random numbers for the proximity tests.

/// Uniform numbers in [-1, 1) from a seed (a 64-bit linear congruential stream, top 53 bits).
pub(crate) fn uniform_stream(mut seed: u64) -> impl FnMut() -> f64 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64) / ((1u64 << 53) as f64) * 2.0 - 1.0
    }
}
