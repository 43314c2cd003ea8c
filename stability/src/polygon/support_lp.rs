//! A small dense simplex for the support function of the static-equilibrium polygon.
//!
//! With `λ >= 0` the weights of the net wrench span's columns (wrenches at a reference point `O`,
//! world frame, weight normalised to `m g = 1`), the CoM positions that can be held are
//! `{(−τ_y(λ), τ_x(λ)) : f_x(λ) = f_y(λ) = 0, f_z(λ) = 1, τ_z(λ) = 0, λ >= 0}` relative to `O`.
//! That is a standard-form LP with only four equality rows, so a revised simplex with an explicit
//! 4×4 basis inverse is tiny and fast. Bretl's projection solves it for many directions, each
//! warm-started from a neighbouring vertex's basis.

/// Number of equality rows (`f_x`, `f_y`, `f_z`, `τ_z`).
const ROWS: usize = 4;
/// Reduced costs above `−COST_TOLERANCE` do not improve the objective.
const COST_TOLERANCE: f64 = 1e-12;
/// Pivot elements at or below this are treated as zero.
const PIVOT_TOLERANCE: f64 = 1e-9;
/// Phase-one residual above which the LP is infeasible (the rows have unit scale).
const FEASIBILITY_TOLERANCE: f64 = 1e-10;
/// Consecutive degenerate pivots after which Bland's rule takes over (prevents cycling).
const DEGENERATE_STREAK: usize = 12;

/// Outcome of a phase-one solve or a support query.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum LpOutcome {
    /// The optimum: the CoM offset `(x, y)` from the reference point.
    Optimal([f64; 2]),
    /// The LP has no feasible point, with the remaining phase-one residual.
    Infeasible(f64),
    /// The objective is unbounded in the queried direction.
    Unbounded,
    /// The iteration limit was reached (should not happen; reported rather than looping).
    IterationLimit,
}

/// A basis: for each row, the basic column (`>= columns` means the row's artificial variable).
pub(crate) type Basis = [usize; ROWS];

/// The support LP over the span columns of a contact set.
pub(crate) struct SupportLp {
    /// Equality-row coefficients of each column: `(f_x, f_y, f_z, τ_z)`.
    rows_of: Vec<[f64; ROWS]>,
    /// CoM offset contributed by each column: `(−τ_y, τ_x)`.
    offset_of: Vec<[f64; 2]>,
    basis: Basis,
    inverse: [[f64; ROWS]; ROWS],
    values: [f64; ROWS],
    costs: Vec<f64>,
}

const RHS: [f64; ROWS] = [0.0, 0.0, 1.0, 0.0];

impl SupportLp {
    /// The LP for span columns `[f; τ]` taken at the reference point.
    pub(crate) fn new(columns: &[[f64; 6]]) -> Self {
        let rows_of = columns.iter().map(|c| [c[0], c[1], c[2], c[5]]).collect();
        let offset_of = columns.iter().map(|c| [-c[4], c[3]]).collect();
        let n = columns.len();
        Self {
            rows_of,
            offset_of,
            basis: std::array::from_fn(|i| n + i),
            inverse: identity(),
            values: RHS,
            costs: vec![0.0; n],
        }
    }

    fn columns(&self) -> usize {
        self.rows_of.len()
    }

    /// Column `j` of the constraint matrix (artificials are unit columns).
    fn column(&self, j: usize) -> [f64; ROWS] {
        if j < self.columns() {
            self.rows_of[j]
        } else {
            let mut e = [0.0; ROWS];
            e[j - self.columns()] = 1.0;
            e
        }
    }

    /// The current basis (to warm-start a later query).
    pub(crate) fn basis(&self) -> Basis {
        self.basis
    }

    /// Finds a feasible basis (phase one). Returns `Optimal` with the vertex of that basis.
    pub(crate) fn find_feasible_basis(&mut self) -> LpOutcome {
        let n = self.columns();
        self.basis = std::array::from_fn(|i| n + i);
        self.inverse = identity();
        self.values = RHS;
        // Phase one: minimise the sum of the artificial variables.
        let outcome = self.iterate(|j| if j >= n { 1.0 } else { 0.0 });
        if outcome == LpOutcome::Unbounded || outcome == LpOutcome::IterationLimit {
            return outcome;
        }
        let residual: f64 = (0..ROWS)
            .filter(|&i| self.basis[i] >= n)
            .map(|i| self.values[i])
            .sum();
        if residual > FEASIBILITY_TOLERANCE {
            return LpOutcome::Infeasible(residual);
        }
        // Drive the remaining (zero) artificials out of the basis where a real column can take
        // their place; a row where none can is redundant and keeps its artificial at zero.
        for row in 0..ROWS {
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
        LpOutcome::Optimal(self.vertex())
    }

    /// Maximises `direction · (x, y)` starting from `start` (a feasible basis from an earlier
    /// query). Returns the optimal CoM offset.
    pub(crate) fn support(&mut self, direction: [f64; 2], start: &Basis) -> LpOutcome {
        self.basis = *start;
        self.refactor();
        for (cost, offset) in self.costs.iter_mut().zip(&self.offset_of) {
            *cost = -(direction[0] * offset[0] + direction[1] * offset[1]);
        }
        let n = self.columns();
        let costs = std::mem::take(&mut self.costs);
        let outcome = self.iterate(|j| if j < n { costs[j] } else { 0.0 });
        self.costs = costs;
        match outcome {
            LpOutcome::Optimal(_) => {
                self.refactor();
                LpOutcome::Optimal(self.vertex())
            }
            other => other,
        }
    }

    /// CoM offset of the current basic solution.
    fn vertex(&self) -> [f64; 2] {
        let mut p = [0.0; 2];
        for (i, &j) in self.basis.iter().enumerate() {
            if j < self.columns() {
                p[0] += self.values[i] * self.offset_of[j][0];
                p[1] += self.values[i] * self.offset_of[j][1];
            }
        }
        p
    }

    /// `B⁻¹ A_j`.
    fn transformed(&self, j: usize) -> [f64; ROWS] {
        let a = self.column(j);
        std::array::from_fn(|i| (0..ROWS).map(|k| self.inverse[i][k] * a[k]).sum())
    }

    /// Recomputes `B⁻¹` and the basic values from the basis (limits round-off build-up).
    fn refactor(&mut self) {
        let mut b = [[0.0; ROWS]; ROWS];
        for (i, &j) in self.basis.iter().enumerate() {
            let column = self.column(j);
            for (k, row) in b.iter_mut().enumerate() {
                row[i] = column[k];
            }
        }
        if let Some(inverse) = invert4(b) {
            self.inverse = inverse;
            self.values =
                std::array::from_fn(|i| (0..ROWS).map(|k| self.inverse[i][k] * RHS[k]).sum());
        }
    }

    /// Primal simplex iterations from the current feasible basis, minimising `cost(j)`.
    /// Artificial columns never enter. Dantzig's rule, Bland's rule after a degenerate streak.
    fn iterate(&mut self, cost: impl Fn(usize) -> f64) -> LpOutcome {
        let n = self.columns();
        let limit = 50 * (n + ROWS) + 100;
        let mut degenerate = 0;
        for _ in 0..limit {
            // Duals y = c_B B⁻¹.
            let c_b: [f64; ROWS] = std::array::from_fn(|i| cost(self.basis[i]));
            let y: [f64; ROWS] =
                std::array::from_fn(|k| (0..ROWS).map(|i| c_b[i] * self.inverse[i][k]).sum());
            let bland = degenerate >= DEGENERATE_STREAK;
            let mut entering = None;
            let mut best = -COST_TOLERANCE;
            for j in 0..n {
                if self.basis.contains(&j) {
                    continue;
                }
                let a = &self.rows_of[j];
                let reduced = cost(j) - (y[0] * a[0] + y[1] * a[1] + y[2] * a[2] + y[3] * a[3]);
                if reduced < best {
                    entering = Some(j);
                    if bland {
                        break;
                    }
                    best = reduced;
                }
            }
            let Some(j) = entering else {
                return LpOutcome::Optimal(self.vertex());
            };
            let u = self.transformed(j);
            // Ratio test; ties go to the larger pivot, or with Bland's rule to the smallest index.
            let mut leaving: Option<(usize, f64)> = None;
            for i in 0..ROWS {
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
                return LpOutcome::Unbounded;
            };
            degenerate = if step <= 1e-15 { degenerate + 1 } else { 0 };
            self.pivot(row, j, &u);
        }
        LpOutcome::IterationLimit
    }

    /// Replaces the basic variable of `row` by column `j` (`u = B⁻¹ A_j`), updating `B⁻¹` and the
    /// basic values in place.
    fn pivot(&mut self, row: usize, j: usize, u: &[f64; ROWS]) {
        let pivot = u[row];
        for k in 0..ROWS {
            self.inverse[row][k] /= pivot;
        }
        self.values[row] /= pivot;
        for (i, &factor) in u.iter().enumerate() {
            if i != row && factor != 0.0 {
                for k in 0..ROWS {
                    self.inverse[i][k] -= factor * self.inverse[row][k];
                }
                self.values[i] -= factor * self.values[row];
            }
        }
        self.basis[row] = j;
    }
}

fn identity() -> [[f64; ROWS]; ROWS] {
    std::array::from_fn(|i| std::array::from_fn(|k| if i == k { 1.0 } else { 0.0 }))
}

/// Inverse of a 4×4 matrix by Gauss-Jordan elimination with partial pivoting.
fn invert4(mut m: [[f64; ROWS]; ROWS]) -> Option<[[f64; ROWS]; ROWS]> {
    let mut inv = identity();
    for col in 0..ROWS {
        let pivot = (col..ROWS).max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))?;
        if m[pivot][col].abs() < 1e-14 {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let scale = 1.0 / m[col][col];
        for k in 0..ROWS {
            m[col][k] *= scale;
            inv[col][k] *= scale;
        }
        for row in 0..ROWS {
            if row != col {
                let factor = m[row][col];
                for k in 0..ROWS {
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

    /// Point forces (0, 0, 1) at the corners of the unit square centred at the origin: the
    /// polygon is the square itself.
    fn square_columns() -> Vec<[f64; 6]> {
        [[0.5, 0.5], [0.5, -0.5], [-0.5, -0.5], [-0.5, 0.5]]
            .iter()
            .map(|&[x, y]| [0.0, 0.0, 1.0, y, -x, 0.0])
            .collect()
    }

    #[test]
    fn support_of_a_square() {
        let mut lp = SupportLp::new(&square_columns());
        assert!(matches!(lp.find_feasible_basis(), LpOutcome::Optimal(_)));
        let start = lp.basis();
        let s = std::f64::consts::FRAC_1_SQRT_2;
        for (d, expected) in [
            ([1.0, 0.0], 0.5),
            ([s, s], s),
            ([-s, s], s),
            ([0.0, -1.0], 0.5),
        ] {
            let LpOutcome::Optimal(p) = lp.support(d, &start) else {
                panic!()
            };
            assert!(
                (d[0] * p[0] + d[1] * p[1] - expected).abs() < 1e-14,
                "{d:?} {p:?}"
            );
        }
    }

    #[test]
    fn pulling_only_columns_are_infeasible() {
        // Forces pointing down cannot hold a weight.
        let columns: Vec<[f64; 6]> = square_columns().iter().map(|c| c.map(|v| -v)).collect();
        let mut lp = SupportLp::new(&columns);
        assert!(matches!(lp.find_feasible_basis(), LpOutcome::Infeasible(r) if r > 0.5));
    }
}
