//! Sine and cosine of joint angles without a library call: a quadrant reduction and two short
//! Taylor polynomials, within 1e-15 of the library's for `|x| < 1e6`.
//!
//! Forward kinematics takes one sine and cosine per revolute joint, and a small joint-space
//! model one per periodic joint; the library's `sincos` was about a quarter of Solo-12's
//! forward kinematics when profiled. The jointspace crate's C header repeats these operations
//! in the same order, so its values equal Morsel's to rounding.

/// `π/2` split in two: `PIO2_HI` holds its first 33 bits (so `k · PIO2_HI` is exact for the
/// quadrant counts of joint angles) and `PIO2_LO` the rest.
pub const PIO2_HI: f64 = 1.5707963267341256;
/// The rest of `π/2` after [`PIO2_HI`].
pub const PIO2_LO: f64 = 6.077100506506192e-11;
/// `2/π`.
pub const TWO_OVER_PI: f64 = std::f64::consts::FRAC_2_PI;
/// Taylor coefficients of `sin r / r − 1` in `r²` (`−1/3!, 1/5!, …, −1/15!`).
pub const SIN_COEFFS: [f64; 7] = [
    -1.0 / 6.0,
    1.0 / 120.0,
    -1.0 / 5040.0,
    1.0 / 362880.0,
    -1.0 / 39916800.0,
    1.0 / 6227020800.0,
    -1.0 / 1307674368000.0,
];
/// Taylor coefficients of `cos r − 1` in `r²` (`−1/2!, 1/4!, …, 1/16!`).
pub const COS_COEFFS: [f64; 8] = [
    -0.5,
    1.0 / 24.0,
    -1.0 / 720.0,
    1.0 / 40320.0,
    -1.0 / 3628800.0,
    1.0 / 479001600.0,
    -1.0 / 87178291200.0,
    1.0 / 20922789888000.0,
];

/// Signs that turn `(sin r, cos r)` into `(sin x, cos x)` in quadrant `k mod 4`:
/// `sin x = QUADRANT_SIN[m] · sin r + QUADRANT_COS[m] · cos r`,
/// `cos x = QUADRANT_SIN[m] · cos r − QUADRANT_COS[m] · sin r` (products with 0 and ±1 are
/// exact, so this equals choosing and negating, without a branch).
pub const QUADRANT_SIN: [f64; 4] = [1.0, 0.0, -1.0, 0.0];
/// See [`QUADRANT_SIN`].
pub const QUADRANT_COS: [f64; 4] = [0.0, 1.0, 0.0, -1.0];

/// `1.5 · 2⁵²`: adding it to a number below 2⁵¹ in size and taking it away again rounds that
/// number to the nearest integer (ties to even), in two additions that vectorise and pipeline.
pub const ROUNDER: f64 = 6755399441055744.0;

/// `(sin x, cos x)` for a joint angle of at most about 1e6 in size (callers with larger angles
/// use [`sin_cos`]): `x = k π/2 + r` with `k` the integer nearest `x · 2/π` (by [`ROUNDER`]) and
/// `|r| <= π/4`, Taylor polynomials of degree 15 and 16 in `r` (truncation below 1e-16 there)
/// evaluated by Estrin's scheme (short dependency chains: one call's latency was most of its
/// cost in forward kinematics), and the quadrant `k mod 4` choosing signs and order
/// ([`QUADRANT_SIN`], branch-free). Within 1e-15 of the library's for `|x| < 1e6`; the
/// jointspace crate's C header evaluates the same operations in the same order.
#[inline(always)]
pub fn sin_cos_reduced(x: f64) -> (f64, f64) {
    let kf = (x * TWO_OVER_PI + ROUNDER) - ROUNDER;
    let r = (x - kf * PIO2_HI) - kf * PIO2_LO;
    let z = r * r;
    let z2 = z * z;
    let z4 = z2 * z2;
    let [s0, s1, s2, s3, s4, s5, s6] = SIN_COEFFS;
    let [c0, c1, c2, c3, c4, c5, c6, c7] = COS_COEFFS;
    let ps = (s0 + s1 * z) + z2 * (s2 + s3 * z) + z4 * ((s4 + s5 * z) + z2 * s6);
    let pc = (c0 + c1 * z) + z2 * (c2 + c3 * z) + z4 * ((c4 + c5 * z) + z2 * (c6 + c7 * z));
    let s = r + r * (z * ps);
    let c = 1.0 + z * pc;
    // `kf` is a whole number: the conversion is exact, and in two's complement `k & 3` is
    // `k mod 4` for negative `k` too.
    let m = (kf as i64 & 3) as usize;
    (
        QUADRANT_SIN[m] * s + QUADRANT_COS[m] * c,
        QUADRANT_SIN[m] * c - QUADRANT_COS[m] * s,
    )
}

/// Largest `|x|` that [`sin_cos`] evaluates with [`sin_cos_reduced`]; beyond it the quadrant
/// count no longer fits the 33 bits of [`PIO2_HI`] and the library's `sin_cos` is used.
pub const REDUCED_RANGE: f64 = 1e6;

/// `(sin x, cos x)`: [`sin_cos_reduced`] for `|x| <= REDUCED_RANGE`, the library's beyond.
#[inline(always)]
pub fn sin_cos(x: f64) -> (f64, f64) {
    if x.abs() <= REDUCED_RANGE {
        sin_cos_reduced(x)
    } else {
        x.sin_cos()
    }
}

#[cfg(test)]
mod tests {
    use super::{sin_cos, sin_cos_reduced};

    /// Against the library's sine and cosine over joint angles and far beyond, and at the
    /// quadrant edges.
    #[test]
    fn sin_cos_matches_the_library() {
        let mut worst: f64 = 0.0;
        for i in -200_000..=200_000 {
            let x = i as f64 * 1e-4 * std::f64::consts::PI;
            let (s, c) = sin_cos(x);
            worst = worst.max((s - x.sin()).abs()).max((c - x.cos()).abs());
        }
        for x in [0.0, 1e-300, std::f64::consts::FRAC_PI_4, 1e3, -123456.789] {
            let (s, c) = sin_cos(x);
            worst = worst.max((s - x.sin()).abs()).max((c - x.cos()).abs());
        }
        assert!(worst < 1e-15, "{worst}");
    }

    /// Beyond the reduced range the library's values are returned as they are, and within it
    /// the quadrant edges (where `x · 2/π` is half an integer) stay accurate.
    #[test]
    fn large_angles_and_quadrant_edges() {
        for x in [1e6 + 1.0, -3e7, 1e10, f64::MAX] {
            assert_eq!(sin_cos(x), x.sin_cos(), "{x}");
        }
        for k in -40..40 {
            let x = (k as f64 + 0.5) * std::f64::consts::FRAC_PI_2;
            for x in [x, x.next_up(), x.next_down()] {
                let (s, c) = sin_cos_reduced(x);
                assert!(
                    (s - x.sin()).abs() < 1e-15 && (c - x.cos()).abs() < 1e-15,
                    "{x}"
                );
            }
        }
        assert!(sin_cos(f64::NAN).0.is_nan());
    }
}
