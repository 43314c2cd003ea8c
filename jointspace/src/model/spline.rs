//! A tensor-product cubic B-spline over a uniform grid of cells: the second kind of
//! joint-space model, next to the network ([`super::Mlp`]).
//!
//! Along each joint the range is cut into `cells` equal cells. A periodic joint (a full turn)
//! wraps around: its `cells` coefficients repeat with period 2π. Other joints have open ends:
//! `cells + 3` coefficients, and outside the range the end cells' cubics carry on. The value
//! at `q` sums `4^k` coefficients times products of the uniform cubic B-spline weights of each
//! joint, so the model is twice continuously differentiable and its gradient is exact.
//!
//! A query touches 4 coefficients per joint whatever the grid's size, so evaluation costs a
//! few dozen operations in 2D and a few hundred in 3D, and the grid can be as fine as the
//! samples allow. Its size grows as `cells^k`, so splines stop at [`MAX_SPLINE_JOINTS`]
//! joints (networks go on to 6).
//!
//! The sum runs in a fixed order (see [`SplineGrid::value_gradient`]) that the exported C header
//! repeats, so both evaluations agree to rounding.

use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};

/// Most joints a spline model spans (a query sums `4^k` coefficients).
pub const MAX_SPLINE_JOINTS: usize = 4;

/// Most coefficients of a spline model (4 million, 32 MB of doubles: the fit keeps about a
/// dozen vectors of this length).
pub const MAX_SPLINE_COEFFICIENTS: usize = 1 << 22;

/// The common factor of the uniform cubic B-spline weights (the C header prints the same
/// double).
pub(crate) const SIXTH: f64 = 1.0 / 6.0;

/// One joint's part of a query: the 4 coefficient offsets (index times the joint's stride),
/// from the coefficient before the cell to the second after it, their uniform cubic B-spline
/// weights and the weights' derivatives with respect to the cell coordinate.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct AxisBasis {
    pub offset: [usize; 4],
    pub weight: [f64; 4],
    pub slope: [f64; 4],
}

/// `floor(x)` without libm (the C header does the same): exact for `|x| < 2^52`, `x` itself
/// beyond (where every double is an integer) and for NaN.
#[inline]
pub(crate) fn floor_small(x: f64) -> f64 {
    if x.is_nan() || x.abs() >= 4_503_599_627_370_496.0 {
        return x;
    }
    let i = (x as i64) as f64;
    if i > x { i - 1.0 } else { i }
}

/// The 4 uniform cubic B-spline weights at cell coordinate `u` (coefficients from the one before
/// the cell to the second after it) and their derivatives with respect to `u`.
#[inline]
pub(crate) fn cubic_basis(u: f64) -> ([f64; 4], [f64; 4]) {
    let v = 1.0 - u;
    let u2 = u * u;
    let u3 = u2 * u;
    (
        [
            v * v * v * SIXTH,
            (3.0 * u3 - 6.0 * u2 + 4.0) * SIXTH,
            (-3.0 * u3 + 3.0 * u2 + 3.0 * u + 1.0) * SIXTH,
            u3 * SIXTH,
        ],
        [
            -0.5 * (v * v),
            0.5 * (3.0 * u2 - 4.0 * u),
            0.5 * (-3.0 * u2 + 2.0 * u + 1.0),
            0.5 * u2,
        ],
    )
}

/// A tensor-product cubic B-spline over a uniform grid (see the module documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SplineGrid {
    /// Cells per joint.
    pub cells: Vec<usize>,
    /// Per joint: whether the spline wraps around with period 2π (else it has open ends).
    pub periodic: Vec<bool>,
    /// Per joint: where cell 0 starts (the lower end of the joint's range).
    pub origin: Vec<f64>,
    /// Per joint: cells per unit of the joint (the inverse of the cell width).
    pub scale: Vec<f64>,
    /// The coefficients, row-major over the joints (the last joint's index runs fastest):
    /// `cells` per periodic joint, `cells + 3` per open one.
    pub coefficients: Vec<f64>,
}

impl SplineGrid {
    /// A spline of zero coefficients over `ranges` with `cells` cells per joint; joints
    /// marked `periodic` wrap around with period 2π from their range's lower end. Errors on
    /// more than [`MAX_SPLINE_JOINTS`] joints, fewer than 4 cells on a periodic joint (or 1
    /// on an open one), an empty range or over [`MAX_SPLINE_COEFFICIENTS`] coefficients.
    pub fn zeros(ranges: &[[f64; 2]], periodic: &[bool], cells: &[usize]) -> Result<SplineGrid> {
        let k = ranges.len();
        if k == 0 || k > MAX_SPLINE_JOINTS {
            return Err(JointspaceError::invalid(
                "cells",
                format!(
                    "a spline spans 1 to {MAX_SPLINE_JOINTS} joints (a query sums 4^k coefficients), not {k}; use a network (hidden) for more joints"
                ),
            ));
        }
        if cells.len() != k || periodic.len() != k {
            return Err(JointspaceError::WrongLength {
                what: "spline cells (one count per joint)".into(),
                expected: k,
                got: cells.len(),
            });
        }
        let mut origin = Vec::with_capacity(k);
        let mut scale = Vec::with_capacity(k);
        for a in 0..k {
            let least = if periodic[a] { 4 } else { 1 };
            if cells[a] < least {
                return Err(JointspaceError::invalid(
                    "cells",
                    format!(
                        "joint {a} has {} cells; a {} joint needs at least {least}",
                        cells[a],
                        if periodic[a] {
                            "periodic"
                        } else {
                            "non-periodic"
                        }
                    ),
                ));
            }
            let width = if periodic[a] {
                std::f64::consts::TAU
            } else {
                ranges[a][1] - ranges[a][0]
            };
            if !(width > 0.0 && width.is_finite() && ranges[a][0].is_finite()) {
                return Err(JointspaceError::invalid(
                    "spline range",
                    format!("joint {a} has the range {:?}", ranges[a]),
                ));
            }
            origin.push(ranges[a][0]);
            scale.push(cells[a] as f64 / width);
        }
        let count = (0..k)
            .map(|a| cells[a] + if periodic[a] { 0 } else { 3 })
            .try_fold(1usize, |n, len| n.checked_mul(len))
            .filter(|&n| n <= MAX_SPLINE_COEFFICIENTS)
            .ok_or_else(|| {
                JointspaceError::invalid(
                    "cells",
                    format!(
                        "{cells:?} gives over {MAX_SPLINE_COEFFICIENTS} coefficients; use fewer cells"
                    ),
                )
            })?;
        Ok(SplineGrid {
            cells: cells.to_vec(),
            periodic: periodic.to_vec(),
            origin,
            scale,
            coefficients: vec![0.0; count],
        })
    }

    /// Checks the parts' lengths and values (for a spline read from a file).
    pub fn check(&self) -> Result<()> {
        let k = self.cells.len();
        let lens_ok = k > 0
            && k <= MAX_SPLINE_JOINTS
            && self.periodic.len() == k
            && self.origin.len() == k
            && self.scale.len() == k;
        if !lens_ok {
            return Err(JointspaceError::invalid(
                "model spline",
                format!(
                    "cells, periodic, origin and scale need one entry per joint (1 to {MAX_SPLINE_JOINTS})"
                ),
            ));
        }
        let grid_ok = (0..k).all(|a| {
            self.cells[a] >= if self.periodic[a] { 4 } else { 1 }
                && self.scale[a] > 0.0
                && self.scale[a].is_finite()
                && self.origin[a].is_finite()
        });
        let expected = (0..k)
            .map(|a| self.axis_len(a))
            .try_fold(1usize, |n, len| n.checked_mul(len));
        if !grid_ok || expected != Some(self.coefficients.len()) {
            return Err(JointspaceError::invalid(
                "model spline",
                "its cells, scales and coefficient count do not agree",
            ));
        }
        if let Some(c) = self.coefficients.iter().find(|c| !c.is_finite()) {
            return Err(JointspaceError::NotFinite {
                what: "spline coefficient".into(),
                value: *c,
            });
        }
        Ok(())
    }

    /// Number of joints.
    pub fn dim(&self) -> usize {
        self.cells.len()
    }

    /// Coefficients along joint `a`.
    pub fn axis_len(&self, a: usize) -> usize {
        self.cells[a] + if self.periodic[a] { 0 } else { 3 }
    }

    /// Distance in the coefficient array between neighbours along joint `a`.
    pub fn stride(&self, a: usize) -> usize {
        (a + 1..self.dim()).map(|b| self.axis_len(b)).product()
    }

    /// The coefficient offsets and weights of joint `a` at `q` (its stride `stride`).
    #[inline]
    pub(crate) fn axis_basis(&self, a: usize, q: f64, stride: usize) -> AxisBasis {
        let n = self.cells[a];
        let nf = n as f64;
        let mut t = (q - self.origin[a]) * self.scale[a];
        if self.periodic[a] {
            t -= nf * floor_small(t / nf);
        }
        // The cell, clamped (rounding can reach n, and open joints extrapolate).
        let i = floor_small(t).max(0.0).min(nf - 1.0);
        let u = t - i;
        let cell = i as usize;
        let mut offset = [0usize; 4];
        for (j, o) in offset.iter_mut().enumerate() {
            let index = if self.periodic[a] {
                (cell + n - 1 + j) % n
            } else {
                cell + j
            };
            *o = index * stride;
        }
        let (weight, slope) = cubic_basis(u);
        AxisBasis {
            offset,
            weight,
            slope,
        }
    }

    /// The bases of every joint at `q`.
    #[inline]
    pub(crate) fn bases(&self, q: &[f64]) -> [AxisBasis; MAX_SPLINE_JOINTS] {
        let mut out = [AxisBasis::default(); MAX_SPLINE_JOINTS];
        let mut stride = 1;
        for a in (0..self.dim()).rev() {
            out[a] = self.axis_basis(a, q[a], stride);
            stride *= self.axis_len(a);
        }
        out
    }

    /// The value at `q` and, in `grad` (one per joint), its gradient with respect to `q`.
    ///
    /// The order of the sums, which the C header repeats: joint 0's 4 terms outermost, the
    /// last joint's innermost; at each joint, over its 4 terms in order, the value adds
    /// `inner · weight`, this joint's derivative `inner · slope`, and each later joint's
    /// derivative `inner derivative · weight`. Derivatives are in cells and are scaled to the
    /// joint's unit at the end.
    #[inline]
    pub fn value_gradient(&self, q: &[f64], grad: &mut [f64]) -> f64 {
        let bases = self.bases(q);
        let mut g = [0.0; MAX_SPLINE_JOINTS];
        let value = self.contract(&bases, 0, 0, &mut g);
        for (a, out) in grad.iter_mut().enumerate().take(self.dim()) {
            *out = g[a] * self.scale[a];
        }
        value
    }

    /// The value at `q`.
    #[inline]
    pub fn value(&self, q: &[f64]) -> f64 {
        let mut g = [0.0; MAX_SPLINE_JOINTS];
        self.value_gradient(q, &mut g)
    }

    /// The sum over joints `a..k` from `offset`; fills `g[a..k]` with its derivatives.
    fn contract(
        &self,
        bases: &[AxisBasis; MAX_SPLINE_JOINTS],
        a: usize,
        offset: usize,
        g: &mut [f64; MAX_SPLINE_JOINTS],
    ) -> f64 {
        let k = self.dim();
        let b = &bases[a];
        let mut value = 0.0;
        let mut acc = [0.0; MAX_SPLINE_JOINTS];
        for j in 0..4 {
            let at = offset + b.offset[j];
            if a + 1 == k {
                let c = self.coefficients[at];
                value += c * b.weight[j];
                acc[a] += c * b.slope[j];
            } else {
                let mut inner_g = [0.0; MAX_SPLINE_JOINTS];
                let inner = self.contract(bases, a + 1, at, &mut inner_g);
                value += inner * b.weight[j];
                acc[a] += inner * b.slope[j];
                for x in a + 1..k {
                    acc[x] += inner_g[x] * b.weight[j];
                }
            }
        }
        g[a..k].copy_from_slice(&acc[a..k]);
        value
    }

    /// Number of coefficients.
    pub fn param_count(&self) -> usize {
        self.coefficients.len()
    }
}
