//! Bounds of a [`SplineGrid`] over a box of configurations that lies in one cell per joint,
//! for the sound certificate ([`super::certify`]).
//!
//! On one cell a cubic B-spline is a polynomial of degree 3 per joint. Restricted to a
//! sub-box `[u0, u1]` of the cell (cell coordinates) and written in the Bernstein basis of
//! that sub-box, its coefficients (the Bézier control points) bound it: the value is a convex
//! combination of them, so it lies between their least and largest. The control points come
//! from the `4^k` B-spline coefficients of the cell by one 4 × 4 change of basis per joint;
//! each basis weight's Bernstein coefficients follow from its value and slope at both ends
//! (`b0 = p(0)`, `b1 = p(0) + p'(0)/3`, `b2 = p(1) − p'(1)/3`, `b3 = p(1)`, exact for a
//! cubic). As the sub-box shrinks the bounds close in on the value, quadratically.

use super::spline::{MAX_SPLINE_JOINTS, SplineGrid, cubic_basis, floor_small};

/// Relative rounding margin added to the bounds (a few dozen operations on doubles).
const ROUNDING: f64 = 1e-12;

/// `m[j][l]`: Bernstein coefficient `l` on `[u0, u1]` of the cubic B-spline weight `j`.
fn bezier_matrix(u0: f64, u1: f64) -> [[f64; 4]; 4] {
    let w = u1 - u0;
    let (v0, s0) = cubic_basis(u0);
    let (v1, s1) = cubic_basis(u1);
    let mut m = [[0.0; 4]; 4];
    for j in 0..4 {
        m[j] = [
            v0[j],
            v0[j] + w * s0[j] / 3.0,
            v1[j] - w * s1[j] / 3.0,
            v1[j],
        ];
    }
    m
}

impl SplineGrid {
    /// The points of `[lo, hi]` along joint `a` where a cell of the spline starts or ends,
    /// with `lo` and `hi` themselves, in increasing order: the pieces between consecutive
    /// points each lie in one cell.
    pub(crate) fn cell_cuts(&self, a: usize, lo: f64, hi: f64) -> Vec<f64> {
        let (t0, t1) = (
            (lo - self.origin[a]) * self.scale[a],
            (hi - self.origin[a]) * self.scale[a],
        );
        let mut cuts = vec![lo];
        let mut m = floor_small(t0) + 1.0;
        while m < t1 {
            let q = self.origin[a] + m / self.scale[a];
            if q > lo && q < hi {
                cuts.push(q);
            }
            m += 1.0;
        }
        cuts.push(hi);
        cuts
    }

    /// Least and largest value over the box `[lo, hi]` (one interval per joint), which must lie
    /// in one cell per joint (as the pieces of [`cell_cuts`](Self::cell_cuts) do): the
    /// extreme Bézier control points of the box, widened by a rounding margin.
    pub(crate) fn bounds_in_cell(&self, lo: &[f64], hi: &[f64]) -> (f64, f64) {
        let k = self.dim();
        let mut block = [0.0; 1 << (2 * MAX_SPLINE_JOINTS)];
        let mut offsets = [[0usize; 4]; MAX_SPLINE_JOINTS];
        let mut matrices = [[[0.0; 4]; 4]; MAX_SPLINE_JOINTS];
        let mut stride = 1;
        for a in (0..k).rev() {
            let n = self.cells[a];
            let nf = n as f64;
            let t0 = (lo[a] - self.origin[a]) * self.scale[a];
            let t1 = (hi[a] - self.origin[a]) * self.scale[a];
            let base = floor_small(0.5 * (t0 + t1));
            let cell = if self.periodic[a] {
                (base - nf * floor_small(base / nf)) as usize % n
            } else {
                base.max(0.0).min(nf - 1.0) as usize
            };
            let shift = if self.periodic[a] { base } else { cell as f64 };
            for (j, o) in offsets[a].iter_mut().enumerate() {
                let index = if self.periodic[a] {
                    (cell + n - 1 + j) % n
                } else {
                    cell + j
                };
                *o = index * stride;
            }
            matrices[a] = bezier_matrix(t0 - shift, t1 - shift);
            stride *= self.axis_len(a);
        }
        let len = 1usize << (2 * k);
        let mut largest_coefficient = 0.0_f64;
        for (m, slot) in block.iter_mut().enumerate().take(len) {
            let mut at = 0;
            for (a, axis) in offsets.iter().enumerate().take(k) {
                let j = (m >> (2 * (k - 1 - a))) & 3;
                at += axis[j];
            }
            *slot = self.coefficients[at];
            largest_coefficient = largest_coefficient.max(slot.abs());
        }
        // Change of basis joint by joint: index bits 2(k-1-a).. hold joint a's term.
        let mut next = [0.0; 1 << (2 * MAX_SPLINE_JOINTS)];
        for (a, m) in matrices.iter().enumerate().take(k) {
            let shift = 2 * (k - 1 - a);
            for (i, out) in next.iter_mut().enumerate().take(len) {
                let l = (i >> shift) & 3;
                let rest = i & !(3 << shift);
                *out = (0..4).map(|j| m[j][l] * block[rest | (j << shift)]).sum();
            }
            block[..len].copy_from_slice(&next[..len]);
        }
        let (lo_v, hi_v) = block[..len]
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                (a.min(v), b.max(v))
            });
        let margin = ROUNDING * (largest_coefficient + 1e-300);
        (lo_v - margin, hi_v + margin)
    }
}

#[cfg(test)]
mod tests {
    use super::super::spline::SplineGrid;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A spline of random coefficients over `ranges`.
    fn random_spline(ranges: &[[f64; 2]], periodic: &[bool], cells: &[usize]) -> SplineGrid {
        let mut s = SplineGrid::zeros(ranges, periodic, cells).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        s.coefficients
            .iter_mut()
            .for_each(|c| *c = rng.random_range(-1.0..1.0));
        s
    }

    /// The bounds hold at many random points of random sub-boxes, and they close in on the
    /// value as the box shrinks (a box 8 times narrower gives bounds over 6 times closer).
    #[test]
    fn bounds_contain_the_spline_and_tighten() {
        let pi = std::f64::consts::PI;
        let s = random_spline(
            &[[-pi, pi], [-1.0, 2.0], [0.0, 1.0]],
            &[true, false, false],
            &[8, 5, 4],
        );
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut widths = [0.0; 2];
        for (w, frac) in widths.iter_mut().zip([1.0, 0.125]) {
            for _ in 0..200 {
                let mut lo = [0.0; 3];
                let mut hi = [0.0; 3];
                for a in 0..3 {
                    let range = [[-pi, pi], [-1.0, 2.0], [0.0, 1.0]][a];
                    let cuts = s.cell_cuts(a, range[0], range[1]);
                    let c = rng.random_range(0..cuts.len() - 1);
                    let (c0, c1) = (cuts[c], cuts[c + 1]);
                    let width = (c1 - c0) * frac;
                    let start = rng.random_range(c0..c1 - width + 1e-15);
                    lo[a] = start;
                    hi[a] = (start + width).min(c1);
                }
                let (bl, bh) = s.bounds_in_cell(&lo, &hi);
                *w += bh - bl;
                for _ in 0..50 {
                    let q: Vec<f64> = (0..3).map(|a| rng.random_range(lo[a]..=hi[a])).collect();
                    let v = s.value(&q);
                    assert!(
                        v >= bl && v <= bh,
                        "{v} outside [{bl}, {bh}] on {lo:?}..{hi:?}"
                    );
                }
            }
        }
        assert!(widths[0] > 6.0 * widths[1], "{widths:?}");
    }

    /// A periodic joint's box past the period's end (in the next turn) uses the wrapped cell.
    #[test]
    fn periodic_boxes_wrap() {
        let pi = std::f64::consts::PI;
        let s = random_spline(&[[-pi, pi]], &[true], &[6]);
        let step = std::f64::consts::TAU / 6.0;
        let (lo, hi) = (pi + 0.2 * step, pi + 0.7 * step);
        let (bl, bh) = s.bounds_in_cell(&[lo], &[hi]);
        for i in 0..=100 {
            let q = lo + (hi - lo) * i as f64 / 100.0;
            let v = s.value(&[q]);
            assert!(v >= bl && v <= bh);
        }
        let (wl, wh) =
            s.bounds_in_cell(&[lo - std::f64::consts::TAU], &[hi - std::f64::consts::TAU]);
        assert!((wl - bl).abs() < 1e-9 && (wh - bh).abs() < 1e-9);
    }
}
