//! Grid layout: the values of each axis, cell numbering, and the serpentine visiting order cut
//! into chunks.
//!
//! Axis `a` with `n` steps over `[lo, hi]` takes the values `lo + i·(hi − lo)/n`, computed as
//! `lo + i·step` with `step = (hi − lo)/n` (numpy's `linspace(lo, hi, n, endpoint=False)`), for
//! `i = 0..n−1`: the upper end is excluded, so that a full turn `[−π, π]` does not sample the
//! same angle twice. Cells are numbered with the first sampled joint varying fastest, as the
//! notebook's library lists them.
//!
//! The cells are *visited* in another order, chosen so that consecutive cells differ by one
//! step along one axis (a boustrophedon): lines along the fastest visiting axis, alternately
//! forwards and backwards, the lines themselves in reflected mixed-radix order. Warm-started
//! queries then start next to their previous answer. The visit is cut into chunks of whole
//! lines; each chunk starts cold, so that its results do not depend on which thread ran the
//! chunk before.

use crate::error::{JointspaceError, Result};

/// The values a grid gives a joint with `steps` steps over `range`:
/// `lo + i·(hi − lo)/steps` for `i = 0..steps` (upper end excluded).
pub fn axis_values(range: [f64; 2], steps: usize) -> Vec<f64> {
    let step = (range[1] - range[0]) / steps as f64;
    (0..steps).map(|i| range[0] + i as f64 * step).collect()
}

/// Target number of cells per chunk.
pub(crate) const CHUNK_CELLS: usize = 1024;

/// A grid over the sampled joints, with its visiting order.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GridLayout {
    pub steps: Vec<usize>,
    pub lo: Vec<f64>,
    pub step: Vec<f64>,
    /// Cell-number stride of each axis (first axis fastest).
    pub strides: Vec<usize>,
    pub total: usize,
    /// Axes in visiting order, fastest first.
    pub visit: Vec<usize>,
    pub lines_per_chunk: usize,
}

impl GridLayout {
    /// A grid with `steps[a]` values on axis `a` over `ranges[a]`, visited fastest along
    /// `visit[0]`. `names` label errors.
    pub fn new(
        names: &[String],
        ranges: &[[f64; 2]],
        steps: &[usize],
        visit: Vec<usize>,
    ) -> Result<Self> {
        if steps.len() != ranges.len() {
            return Err(JointspaceError::WrongLength {
                what: "grid steps (one per sampled joint)".into(),
                expected: ranges.len(),
                got: steps.len(),
            });
        }
        if let Some(a) = steps.iter().position(|&n| n == 0) {
            return Err(JointspaceError::ZeroSteps {
                joint: names.get(a).cloned().unwrap_or_default(),
            });
        }
        let mut strides = Vec::with_capacity(steps.len());
        let mut total: usize = 1;
        for &n in steps {
            strides.push(total);
            total = total.checked_mul(n).ok_or_else(|| {
                JointspaceError::invalid(
                    "grid steps",
                    format!("{steps:?} has more cells than this machine can count"),
                )
            })?;
        }
        let mut sorted = visit.clone();
        sorted.sort_unstable();
        if sorted != (0..steps.len()).collect::<Vec<_>>() {
            return Err(JointspaceError::invalid(
                "visiting order",
                format!("{visit:?} is not a permutation of the axes"),
            ));
        }
        let fast = steps[visit[0]];
        Ok(GridLayout {
            steps: steps.to_vec(),
            lo: ranges.iter().map(|r| r[0]).collect(),
            step: ranges
                .iter()
                .zip(steps)
                .map(|(r, &n)| (r[1] - r[0]) / n as f64)
                .collect(),
            strides,
            total,
            visit,
            lines_per_chunk: (CHUNK_CELLS / fast).max(1),
        })
    }

    /// Value of axis `axis` at index `i`.
    #[inline]
    pub fn value(&self, axis: usize, i: usize) -> f64 {
        self.lo[axis] + i as f64 * self.step[axis]
    }

    /// Cells per line (along the fastest visiting axis).
    pub fn line_len(&self) -> usize {
        self.steps[self.visit[0]]
    }

    /// Number of lines.
    pub fn line_count(&self) -> usize {
        self.total / self.line_len()
    }

    /// Number of chunks.
    pub fn chunk_count(&self) -> usize {
        self.line_count().div_ceil(self.lines_per_chunk)
    }

    /// The lines of chunk `c`.
    pub fn chunk_lines(&self, c: usize) -> std::ops::Range<usize> {
        let start = c * self.lines_per_chunk;
        start..(start + self.lines_per_chunk).min(self.line_count())
    }

    /// Number of cells in chunk `c`.
    pub fn chunk_len(&self, c: usize) -> usize {
        self.chunk_lines(c).len() * self.line_len()
    }

    /// Writes into `multi` the indices of line `line` on every axis but the fastest, and
    /// returns whether the line runs forwards.
    #[inline]
    pub fn line_start(&self, line: usize, multi: &mut [usize]) -> bool {
        let mut rest = line;
        for &axis in &self.visit[1..] {
            let n = self.steps[axis];
            let raw = rest % n;
            rest /= n;
            multi[axis] = if rest % 2 == 1 { n - 1 - raw } else { raw };
        }
        line.is_multiple_of(2)
    }

    /// Index along the fastest axis of the `t`-th cell of a line.
    #[inline]
    pub fn along_line(&self, forwards: bool, t: usize) -> usize {
        if forwards { t } else { self.line_len() - 1 - t }
    }

    /// Cell number of a multi-index (first axis fastest).
    #[inline]
    pub fn cell(&self, multi: &[usize]) -> usize {
        multi.iter().zip(&self.strides).map(|(i, s)| i * s).sum()
    }

    /// Multi-index of cell number `cell`.
    #[inline]
    pub fn multi_of(&self, cell: usize, multi: &mut [usize]) {
        let mut rest = cell;
        for (m, &n) in multi.iter_mut().zip(&self.steps) {
            *m = rest % n;
            rest /= n;
        }
    }

    /// Cell numbers in visiting order, for chunks `chunks`.
    pub fn visit_cells(&self, chunks: std::ops::Range<usize>) -> Vec<usize> {
        let mut out = Vec::new();
        let mut multi = vec![0; self.steps.len()];
        let fast = self.visit[0];
        for c in chunks {
            for line in self.chunk_lines(c) {
                let forwards = self.line_start(line, &mut multi);
                for t in 0..self.line_len() {
                    multi[fast] = self.along_line(forwards, t);
                    out.push(self.cell(&multi));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(steps: &[usize], visit: Vec<usize>) -> GridLayout {
        let names: Vec<String> = (0..steps.len()).map(|i| format!("j{i}")).collect();
        let ranges = vec![[-1.0, 1.0]; steps.len()];
        GridLayout::new(&names, &ranges, steps, visit).unwrap()
    }

    #[test]
    fn visit_covers_every_cell_once_with_unit_moves() {
        for (steps, visit) in [
            (vec![5, 4, 3], vec![0, 1, 2]),
            (vec![3, 4, 5], vec![2, 0, 1]),
            (vec![7], vec![0]),
        ] {
            let g = layout(&steps, visit);
            let cells = g.visit_cells(0..g.chunk_count());
            let mut seen = vec![false; g.total];
            for &c in &cells {
                assert!(!seen[c]);
                seen[c] = true;
            }
            assert!(seen.iter().all(|&s| s));
            let (mut m0, mut m1) = (vec![0; steps.len()], vec![0; steps.len()]);
            for w in cells.windows(2) {
                g.multi_of(w[0], &mut m0);
                g.multi_of(w[1], &mut m1);
                let moved: usize = m0.iter().zip(&m1).map(|(a, b)| a.abs_diff(*b)).sum();
                assert_eq!(moved, 1, "{m0:?} -> {m1:?}");
            }
        }
    }

    #[test]
    fn cell_numbers_round_trip() {
        let g = layout(&[4, 3, 2], vec![0, 1, 2]);
        let mut m = vec![0; 3];
        for c in 0..g.total {
            g.multi_of(c, &mut m);
            assert_eq!(g.cell(&m), c);
        }
    }
}
