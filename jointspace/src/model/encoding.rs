//! Input encoding of a joint-space model: periodic joints as `(cos q, sin q)`, the others
//! scaled from their range to `[-1, 1]`.
//!
//! The cosine and sine are [`sin_cos`]: a quadrant reduction and two short polynomials,
//! within a few units in the last place of the library's, that the exported C header repeats
//! operation for operation (so its values equal Morsel's to rounding without calling libm,
//! whose `sin` and `cos` cost about half of a small model's evaluation).

use serde::{Deserialize, Serialize};

use crate::boundary::spans_full_turn;

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

/// `(sin x, cos x)` for a joint angle: `x = k π/2 + r` with `|r| <= π/4` (`k` the floor of
/// `x · 2/π + 1/2`, taken by truncation and a correction, without a library call), Taylor
/// polynomials of degree 15 and 16 in `r` (truncation below 1e-16 there), and the quadrant
/// `k mod 4` choosing signs and order ([`QUADRANT_SIN`], branch-free). Within 1e-15 of the
/// library's for `|x| < 1e6`; the C header evaluates the same operations in the same order.
#[inline]
pub fn sin_cos(x: f64) -> (f64, f64) {
    let t = x * TWO_OVER_PI + 0.5;
    // The cast truncates (and saturates for huge inputs); one less below zero gives the floor.
    let truncated = t as i64;
    let k = truncated - i64::from(t < truncated as f64);
    let kf = k as f64;
    let r = (x - kf * PIO2_HI) - kf * PIO2_LO;
    let r2 = r * r;
    let mut ps = SIN_COEFFS[6];
    for c in SIN_COEFFS[..6].iter().rev() {
        ps = ps * r2 + c;
    }
    let mut pc = COS_COEFFS[7];
    for c in COS_COEFFS[..7].iter().rev() {
        pc = pc * r2 + c;
    }
    let s = r + r * (r2 * ps);
    let c = 1.0 + r2 * pc;
    // Two's complement: k & 3 is k mod 4 for negative k too.
    let m = (k & 3) as usize;
    (
        QUADRANT_SIN[m] * s + QUADRANT_COS[m] * c,
        QUADRANT_SIN[m] * c - QUADRANT_COS[m] * s,
    )
}

/// How one joint enters the network.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum JointEncoding {
    /// Two inputs `(cos q, sin q)`: the joint's range is a full turn, so the model is
    /// periodic in it (as in the Solo-12 self-collision project).
    Periodic,
    /// One input `2 (q − lo) / (hi − lo) − 1`, which maps the range `[lo, hi]` to `[-1, 1]`.
    Scaled {
        /// Lower end of the range.
        lo: f64,
        /// Upper end of the range.
        hi: f64,
    },
}

impl JointEncoding {
    /// The encoding of a joint sampled over `range`: periodic when the range spans a full
    /// turn ([`spans_full_turn`]), scaled otherwise.
    pub fn for_range(range: [f64; 2]) -> Self {
        if spans_full_turn(range) {
            JointEncoding::Periodic
        } else {
            JointEncoding::Scaled {
                lo: range[0],
                hi: range[1],
            }
        }
    }

    /// Number of network inputs this joint takes.
    pub fn width(&self) -> usize {
        match self {
            JointEncoding::Periodic => 2,
            JointEncoding::Scaled { .. } => 1,
        }
    }
}

/// Total number of network inputs of `encodings`.
pub fn input_width(encodings: &[JointEncoding]) -> usize {
    encodings.iter().map(JointEncoding::width).sum()
}

/// Writes the network inputs of configuration `q` into `out` (length [`input_width`]).
#[inline]
pub fn encode(encodings: &[JointEncoding], q: &[f64], out: &mut [f64]) {
    let mut i = 0;
    for (e, &v) in encodings.iter().zip(q) {
        match *e {
            JointEncoding::Periodic => {
                let (sin, cos) = sin_cos(v);
                out[i] = cos;
                out[i + 1] = sin;
                i += 2;
            }
            JointEncoding::Scaled { lo, hi } => {
                out[i] = 2.0 * (v - lo) / (hi - lo) - 1.0;
                i += 1;
            }
        }
    }
}

/// The chain rule through the encoding: from the gradient `g_in` of the output with respect
/// to the network inputs, the gradient with respect to `q`, written into `grad`.
#[inline]
pub fn pull_back(encodings: &[JointEncoding], q: &[f64], g_in: &[f64], grad: &mut [f64]) {
    let mut i = 0;
    for ((e, &v), g) in encodings.iter().zip(q).zip(grad.iter_mut()) {
        match *e {
            JointEncoding::Periodic => {
                let (sin, cos) = sin_cos(v);
                *g = g_in[i + 1] * cos - g_in[i] * sin;
                i += 2;
            }
            JointEncoding::Scaled { lo, hi } => {
                *g = g_in[i] * (2.0 / (hi - lo));
                i += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sin_cos;

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
}
