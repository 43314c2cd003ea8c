//! A small dense revised simplex for standard-form LPs with a handful of equality rows.
//!
//! `minimise cᵀx subject to A x = b, x >= 0`, with `A` given column by column (`R` rows, any
//! number of columns). The basis inverse is an explicit `R × R` matrix, so an iteration costs
//! `O(R · columns)`: for the four rows of the static polygon and the six of the equilibrium
//! robustness this is much faster than a general sparse solver, and a basis can be kept to
//! warm-start the next solve of a family (Bretl's directions, a grid of CoM positions).
//!
//! Phase one minimises the sum of one artificial variable per row (rows with a negative
//! right-hand side are negated first, so the artificial basis starts feasible). Pricing is
//! Dantzig's rule, switching to Bland's rule after a streak of degenerate pivots.

/// Reduced costs above `−COST_TOLERANCE` do not improve the objective.
pub(super) const COST_TOLERANCE: f64 = 1e-12;
/// Pivot elements at or below this are treated as zero.
pub(super) const PIVOT_TOLERANCE: f64 = 1e-9;
/// Phase-one residual above which the LP is infeasible (rows are expected at unit scale).
pub(super) const FEASIBILITY_TOLERANCE: f64 = 1e-10;
/// Consecutive degenerate pivots after which Bland's rule takes over (prevents cycling).
pub(super) const DEGENERATE_STREAK: usize = 12;

/// Outcome of a simplex solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum SimplexOutcome {
    /// The current basis is feasible (phase one) or optimal (phase two).
    Optimal,
    /// The LP has no feasible point, with the remaining phase-one residual.
    Infeasible(f64),
    /// The objective is unbounded below.
    Unbounded,
    /// The iteration limit was reached (should not happen; reported rather than looping).
    IterationLimit,
}

/// A basis: for each row, the basic column (`>= columns` means the row's artificial variable).
pub(crate) type Basis<const R: usize> = [usize; R];

/// A standard-form LP with `R` equality rows and its current basis.
#[derive(Debug, Clone)]
pub(crate) struct DenseSimplex<const R: usize> {
    /// The constraint columns, rows already multiplied by `signs`.
    columns: Vec<[f64; R]>,
    /// `+1` or `−1` per row, making the right-hand side non-negative.
    signs: [f64; R],
    rhs: [f64; R],
    basis: Basis<R>,
    inverse: [[f64; R]; R],
    values: [f64; R],
}

impl<const R: usize> DenseSimplex<R> {
    /// The LP `A x = rhs, x >= 0` with the columns of `A`.
    pub(crate) fn new(columns: Vec<[f64; R]>, rhs: [f64; R]) -> Self {
        let n = columns.len();
        let mut lp = Self {
            columns,
            signs: [1.0; R],
            rhs: [0.0; R],
            basis: std::array::from_fn(|i| n + i),
            inverse: identity(),
            values: [0.0; R],
        };
        lp.set_rhs(rhs);
        lp
    }

    /// Changes the right-hand side, keeping the columns (the basis is kept but may have become
    /// infeasible: see [`Self::warm_start`]).
    pub(crate) fn set_rhs(&mut self, rhs: [f64; R]) {
        for i in 0..R {
            let sign = if rhs[i] < 0.0 { -1.0 } else { 1.0 };
            if sign != self.signs[i] {
                for column in &mut self.columns {
                    column[i] = -column[i];
                }
                self.signs[i] = sign;
            }
            self.rhs[i] = sign * rhs[i];
        }
        self.refactor();
    }

    /// Number of structural (non-artificial) columns.
    pub(crate) fn width(&self) -> usize {
        self.columns.len()
    }

    /// The current basis (to warm-start a later solve).
    pub(crate) fn basis(&self) -> Basis<R> {
        self.basis
    }

    /// The basic variables: `(column, value)` for each row whose basic column is structural.
    pub(crate) fn solution(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        let n = self.width();
        self.basis
            .iter()
            .zip(&self.values)
            .filter(move |(j, _)| **j < n)
            .map(|(&j, &v)| (j, v))
    }

    /// The value of column `j` in the current basic solution (zero when non-basic).
    pub(crate) fn value_of(&self, j: usize) -> f64 {
        self.solution()
            .find(|&(k, _)| k == j)
            .map_or(0.0, |(_, v)| v)
    }

    /// Column `j` of the constraint matrix (artificials are unit columns).
    fn column(&self, j: usize) -> [f64; R] {
        if j < self.width() {
            self.columns[j]
        } else {
            let mut e = [0.0; R];
            e[j - self.width()] = 1.0;
            e
        }
    }

    /// Tries `basis`: returns `true` (and keeps it) when it is non-singular and primal feasible
    /// for the current right-hand side.
    pub(crate) fn warm_start(&mut self, basis: &Basis<R>) -> bool {
        let previous = self.basis;
        self.basis = *basis;
        if self.refactor() && self.values.iter().all(|&v| v >= -FEASIBILITY_TOLERANCE) {
            return true;
        }
        self.basis = previous;
        self.refactor();
        false
    }

    /// Finds a feasible basis (phase one).
    pub(crate) fn find_feasible_basis(&mut self) -> SimplexOutcome {
        let n = self.width();
        self.basis = std::array::from_fn(|i| n + i);
        self.inverse = identity();
        self.values = self.rhs;
        // Minimise the sum of the artificial variables.
        let outcome = self.iterate(|j| if j >= n { 1.0 } else { 0.0 });
        if outcome == SimplexOutcome::Unbounded || outcome == SimplexOutcome::IterationLimit {
            return outcome;
        }
        let residual: f64 = (0..R)
            .filter(|&i| self.basis[i] >= n)
            .map(|i| self.values[i])
            .sum();
        if residual > FEASIBILITY_TOLERANCE {
            return SimplexOutcome::Infeasible(residual);
        }
        // Drive the remaining (zero) artificials out of the basis where a real column can take
        // their place; a row where none can is redundant and keeps its artificial at zero.
        for row in 0..R {
            if self.basis[row] < n {
                continue;
            }
            let replacement = (0..n)
                .filter(|j| !self.basis.contains(j))
                .map(|j| (j, self.transformed(j)[row].abs()))
                .filter(|&(_, pivot)| pivot > PIVOT_TOLERANCE)
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((j, _)) = replacement {
                let u = self.transformed(j);
                self.pivot(row, j, &u);
            }
        }
        self.refactor();
        SimplexOutcome::Optimal
    }

    /// Minimises `Σ costs[j] x_j` from the current (feasible) basis. Artificial columns never
    /// enter.
    pub(crate) fn minimise(&mut self, costs: &[f64]) -> SimplexOutcome {
        let n = self.width();
        let outcome = self.iterate(|j| if j < n { costs[j] } else { 0.0 });
        if outcome == SimplexOutcome::Optimal {
            self.refactor();
        }
        outcome
    }

    /// `B⁻¹ A_j`.
    fn transformed(&self, j: usize) -> [f64; R] {
        let a = self.column(j);
        std::array::from_fn(|i| (0..R).map(|k| self.inverse[i][k] * a[k]).sum())
    }

    /// Recomputes `B⁻¹` and the basic values from the basis (limits round-off build-up).
    /// Returns `false` (and changes nothing) when the basis matrix is singular.
    fn refactor(&mut self) -> bool {
        let mut b = [[0.0; R]; R];
        for (i, &j) in self.basis.iter().enumerate() {
            let column = self.column(j);
            for (k, row) in b.iter_mut().enumerate() {
                row[i] = column[k];
            }
        }
        match invert(b) {
            Some(inverse) => {
                self.inverse = inverse;
                self.values =
                    std::array::from_fn(|i| (0..R).map(|k| self.inverse[i][k] * self.rhs[k]).sum());
                true
            }
            None => false,
        }
    }

    /// Primal simplex iterations from the current feasible basis, minimising `cost(j)`.
    /// Artificial columns never enter. Dantzig's rule, Bland's rule after a degenerate streak.
    fn iterate(&mut self, cost: impl Fn(usize) -> f64) -> SimplexOutcome {
        let n = self.width();
        let limit = 50 * (n + R) + 100;
        let mut degenerate = 0;
        for _ in 0..limit {
            // Duals y = c_B B⁻¹.
            let c_b: [f64; R] = std::array::from_fn(|i| cost(self.basis[i]));
            let y: [f64; R] =
                std::array::from_fn(|k| (0..R).map(|i| c_b[i] * self.inverse[i][k]).sum());
            let bland = degenerate >= DEGENERATE_STREAK;
            let mut entering = None;
            let mut best = -COST_TOLERANCE;
            for (j, a) in self.columns.iter().enumerate() {
                if self.basis.contains(&j) {
                    continue;
                }
                let reduced = cost(j) - (0..R).map(|k| y[k] * a[k]).sum::<f64>();
                if reduced < best {
                    entering = Some(j);
                    if bland {
                        break;
                    }
                    best = reduced;
                }
            }
            let Some(j) = entering else {
                return SimplexOutcome::Optimal;
            };
            let u = self.transformed(j);
            // Ratio test; ties go to the larger pivot, or with Bland's rule to the smallest index.
            let mut leaving: Option<(usize, f64)> = None;
            for i in 0..R {
                if u[i] <= PIVOT_TOLERANCE {
                    continue;
                }
                let ratio = self.values[i].max(0.0) / u[i];
                let better = match leaving {
                    None => true,
                    Some((r, best_ratio)) => {
                        if ratio < best_ratio - 1e-15 {
                            true
                        } else if ratio <= best_ratio + 1e-15 {
                            if bland {
                                self.basis[i] < self.basis[r]
                            } else {
                                u[i] > u[r]
                            }
                        } else {
                            false
                        }
                    }
                };
                if better {
                    leaving = Some((i, ratio));
                }
            }
            let Some((row, step)) = leaving else {
                return SimplexOutcome::Unbounded;
            };
            degenerate = if step <= 1e-15 { degenerate + 1 } else { 0 };
            self.pivot(row, j, &u);
        }
        SimplexOutcome::IterationLimit
    }

    /// Replaces the basic variable of `row` by column `j` (`u = B⁻¹ A_j`), updating `B⁻¹` and the
    /// basic values in place.
    fn pivot(&mut self, row: usize, j: usize, u: &[f64; R]) {
        let pivot = u[row];
        for k in 0..R {
            self.inverse[row][k] /= pivot;
        }
        self.values[row] /= pivot;
        for (i, &factor) in u.iter().enumerate() {
            if i != row && factor != 0.0 {
                for k in 0..R {
                    self.inverse[i][k] -= factor * self.inverse[row][k];
                }
                self.values[i] -= factor * self.values[row];
            }
        }
        self.basis[row] = j;
    }
}

fn identity<const R: usize>() -> [[f64; R]; R] {
    std::array::from_fn(|i| std::array::from_fn(|k| if i == k { 1.0 } else { 0.0 }))
}

/// Inverse of an `R × R` matrix by Gauss-Jordan elimination with partial pivoting.
fn invert<const R: usize>(mut m: [[f64; R]; R]) -> Option<[[f64; R]; R]> {
    let mut inv = identity();
    for col in 0..R {
        let pivot = (col..R).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-14 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let scale = 1.0 / m[col][col];
        for k in 0..R {
            m[col][k] *= scale;
            inv[col][k] *= scale;
        }
        for row in 0..R {
            if row != col {
                let factor = m[row][col];
                for k in 0..R {
                    m[row][k] -= factor * m[col][k];
                    inv[row][k] -= factor * inv[col][k];
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// min −x − y  s.t. x + s1 = 1, y + s2 = 2 (boxes in standard form): optimum −3.
    #[test]
    fn a_box_has_its_corner_as_optimum() {
        let columns = vec![[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0]];
        let mut lp = DenseSimplex::<2>::new(columns, [1.0, 2.0]);
        assert_eq!(lp.find_feasible_basis(), SimplexOutcome::Optimal);
        assert_eq!(
            lp.minimise(&[-1.0, -1.0, 0.0, 0.0]),
            SimplexOutcome::Optimal
        );
        assert!((lp.value_of(0) - 1.0).abs() < 1e-15);
        assert!((lp.value_of(1) - 2.0).abs() < 1e-15);
    }

    /// A negative right-hand side is handled by negating its row.
    #[test]
    fn negative_right_hand_sides_and_infeasibility() {
        // x − y = −1, x, y >= 0: y = x + 1; minimise y: y = 1 at x = 0.
        let mut lp = DenseSimplex::<1>::new(vec![[1.0], [-1.0]], [-1.0]);
        assert_eq!(lp.find_feasible_basis(), SimplexOutcome::Optimal);
        assert_eq!(lp.minimise(&[0.0, 1.0]), SimplexOutcome::Optimal);
        assert!((lp.value_of(1) - 1.0).abs() < 1e-15);
        // x + y = −1 has no non-negative solution.
        let mut lp = DenseSimplex::<1>::new(vec![[1.0], [1.0]], [-1.0]);
        assert!(matches!(lp.find_feasible_basis(), SimplexOutcome::Infeasible(r) if r > 0.5));
        // min −x with x − y = 0 is unbounded.
        let mut lp = DenseSimplex::<1>::new(vec![[1.0], [-1.0]], [0.0]);
        assert_eq!(lp.find_feasible_basis(), SimplexOutcome::Optimal);
        assert_eq!(lp.minimise(&[-1.0, 0.0]), SimplexOutcome::Unbounded);
    }
}
