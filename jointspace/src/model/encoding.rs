//! Input encoding of a joint-space model: periodic joints as `(cos q, sin q)`, the others
//! scaled from their range to `[-1, 1]`.
//!
//! The cosine and sine are [`sin_cos`]: a quadrant reduction and two short polynomials,
//! within a few units in the last place of the library's, that the exported C header repeats
//! operation for operation (so its values equal Morsel's to rounding without calling libm,
//! whose `sin` and `cos` cost about half of a small model's evaluation).

use serde::{Deserialize, Serialize};

use crate::boundary::spans_full_turn;

pub use morsel_geometry::__private::trig::{
    COS_COEFFS, PIO2_HI, PIO2_LO, ROUNDER, SIN_COEFFS, TWO_OVER_PI, sin_cos_reduced as sin_cos,
};

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
