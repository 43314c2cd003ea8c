//! The dense revised simplex of [`super::simplex`] with a row count chosen at run time, for LPs
//! whose rows depend on the input: the torque-limited feasible region has the four equilibrium
//! rows plus two per torque-limited joint. Same algorithm, tolerances and outcomes as the
//! fixed-row solver (which stays for the four- and six-row LPs, where its stack arrays are
//! faster); the basis inverse is a row-major `rows × rows` vector.

use super::simplex::{
    COST_TOLERANCE, DEGENERATE_STREAK, FEASIBILITY_TOLERANCE, PIVOT_TOLERANCE, SimplexOutcome,
};

/// A standard-form LP `A x = b, x >= 0` with any number of rows and its current basis.
#[derive(Debug, Clone)]
pub(crate) struct DynamicSimplex {
    rows: usize,
    /// Column-major constraint matrix (`columns × rows`), rows already multiplied by `signs`.
    matrix: Vec<f64>,
    signs: Vec<f64>,
    rhs: Vec<f64>,
    /// For each row, the basic column (`>= width` means the row's artificial variable).
    basis: Vec<usize>,
    /// Row-major `B⁻¹`.
    inverse: Vec<f64>,
    values: Vec<f64>,
}

impl DynamicSimplex {
    /// The LP with `columns` (each of length `rhs.len()`) and right-hand side `rhs`.
    pub(crate) fn new(columns: &[Vec<f64>], rhs: &[f64]) -> Self {
        let rows = rhs.len();
        let n = columns.len();
        let mut matrix = Vec::with_capacity(n * rows);
        for column in columns {
            debug_assert_eq!(column.len(), rows);
            matrix.extend_from_slice(column);
        }
        let mut lp = Self {
            rows,
            matrix,
            signs: vec![1.0; rows],
            rhs: vec![0.0; rows],
            basis: (n..n + rows).collect(),
            inverse: identity(rows),
            values: vec![0.0; rows],
        };
        for (i, &b) in rhs.iter().enumerate() {
            if b < 0.0 {
                lp.signs[i] = -1.0;
                for j in 0..n {
                    lp.matrix[j * rows + i] = -lp.matrix[j * rows + i];
                }
            }
            lp.rhs[i] = lp.signs[i] * b;
        }
        lp.values.copy_from_slice(&lp.rhs);
        lp
    }

    /// Number of structural columns.
    pub(crate) fn width(&self) -> usize {
        self.matrix.len() / self.rows.max(1)
    }

    /// The current basis.
    pub(crate) fn basis(&self) -> Vec<usize> {
        self.basis.clone()
    }

    /// The basic variables `(column, value)` whose column is structural.
    pub(crate) fn solution(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        let n = self.width();
        self.basis
            .iter()
            .zip(&self.values)
            .filter(move |(j, _)| **j < n)
            .map(|(&j, &v)| (j, v))
    }

    /// Entry `i` of column `j` (artificials are unit columns).
    fn entry(&self, j: usize, i: usize) -> f64 {
        let n = self.width();
        if j < n {
            self.matrix[j * self.rows + i]
        } else if j - n == i {
            1.0
        } else {
            0.0
        }
    }

    /// Tries `basis`: keeps it and returns `true` when it is non-singular and primal feasible.
    pub(crate) fn warm_start(&mut self, basis: &[usize]) -> bool {
        if basis.len() != self.rows {
            return false;
        }
        let previous = std::mem::replace(&mut self.basis, basis.to_vec());
        if self.refactor() && self.values.iter().all(|&v| v >= -FEASIBILITY_TOLERANCE) {
            return true;
        }
        self.basis = previous;
        self.refactor();
        false
    }

    /// Finds a feasible basis (phase one).
    pub(crate) fn find_feasible_basis(&mut self) -> SimplexOutcome {
        let (n, r) = (self.width(), self.rows);
        self.basis = (n..n + r).collect();
        self.inverse = identity(r);
        self.values.copy_from_slice(&self.rhs);
        let outcome = self.iterate(&|j| if j >= n { 1.0 } else { 0.0 });
        if outcome == SimplexOutcome::Unbounded || outcome == SimplexOutcome::IterationLimit {
            return outcome;
        }
        let residual: f64 = (0..r)
            .filter(|&i| self.basis[i] >= n)
            .map(|i| self.values[i])
            .sum();
        if residual > FEASIBILITY_TOLERANCE {
            return SimplexOutcome::Infeasible(residual);
        }
        for row in 0..r {
            if self.basis[row] < n {
                continue;
            }
            let mut best: Option<(usize, f64, Vec<f64>)> = None;
            for j in 0..n {
                if self.basis.contains(&j) {
                    continue;
                }
                let u = self.transformed(j);
                let pivot = u[row].abs();
                if pivot > PIVOT_TOLERANCE && best.as_ref().is_none_or(|b| pivot > b.1) {
                    best = Some((j, pivot, u));
                }
            }
            if let Some((j, _, u)) = best {
                self.pivot(row, j, &u);
            }
        }
        self.refactor();
        SimplexOutcome::Optimal
    }

    /// Minimises `Σ costs[j] x_j` from the current feasible basis.
    pub(crate) fn minimise(&mut self, costs: &[f64]) -> SimplexOutcome {
        let n = self.width();
        let outcome = self.iterate(&|j| if j < n { costs[j] } else { 0.0 });
        if outcome == SimplexOutcome::Optimal {
            self.refactor();
        }
        outcome
    }

    /// `B⁻¹ A_j`.
    fn transformed(&self, j: usize) -> Vec<f64> {
        let r = self.rows;
        let n = self.width();
        (0..r)
            .map(|i| {
                let row = &self.inverse[i * r..(i + 1) * r];
                if j < n {
                    let a = &self.matrix[j * r..(j + 1) * r];
                    row.iter().zip(a).map(|(x, y)| x * y).sum()
                } else {
                    row[j - n]
                }
            })
            .collect()
    }

    /// Recomputes `B⁻¹` and the basic values; `false` (nothing changed) when `B` is singular.
    fn refactor(&mut self) -> bool {
        let r = self.rows;
        let mut b = vec![0.0; r * r];
        for (i, &j) in self.basis.iter().enumerate() {
            for k in 0..r {
                b[k * r + i] = self.entry(j, k);
            }
        }
        match invert(b, r) {
            Some(inverse) => {
                self.values = (0..r)
                    .map(|i| (0..r).map(|k| inverse[i * r + k] * self.rhs[k]).sum())
                    .collect();
                self.inverse = inverse;
                true
            }
            None => false,
        }
    }

    /// Primal simplex iterations (Dantzig's rule, Bland's after a degenerate streak).
    fn iterate(&mut self, cost: &dyn Fn(usize) -> f64) -> SimplexOutcome {
        let (n, r) = (self.width(), self.rows);
        let limit = 50 * (n + r) + 100;
        let mut degenerate = 0;
        let mut y = vec![0.0; r];
        for _ in 0..limit {
            for (k, yk) in y.iter_mut().enumerate() {
                *yk = (0..r)
                    .map(|i| cost(self.basis[i]) * self.inverse[i * r + k])
                    .sum();
            }
            let bland = degenerate >= DEGENERATE_STREAK;
            let mut entering = None;
            let mut best = -COST_TOLERANCE;
            for j in 0..n {
                if self.basis.contains(&j) {
                    continue;
                }
                let a = &self.matrix[j * r..(j + 1) * r];
                let reduced = cost(j) - y.iter().zip(a).map(|(p, q)| p * q).sum::<f64>();
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
            let mut leaving: Option<(usize, f64)> = None;
            for i in 0..r {
                if u[i] <= PIVOT_TOLERANCE {
                    continue;
                }
                let ratio = self.values[i].max(0.0) / u[i];
                let better = match leaving {
                    None => true,
                    Some((l, best_ratio)) => {
                        if ratio < best_ratio - 1e-15 {
                            true
                        } else if ratio <= best_ratio + 1e-15 {
                            if bland {
                                self.basis[i] < self.basis[l]
                            } else {
                                u[i] > u[l]
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

    /// Makes column `j` (`u = B⁻¹ A_j`) basic in `row`.
    fn pivot(&mut self, row: usize, j: usize, u: &[f64]) {
        let r = self.rows;
        let pivot = u[row];
        for k in 0..r {
            self.inverse[row * r + k] /= pivot;
        }
        self.values[row] /= pivot;
        for (i, &factor) in u.iter().enumerate() {
            if i != row && factor != 0.0 {
                for k in 0..r {
                    self.inverse[i * r + k] -= factor * self.inverse[row * r + k];
                }
                self.values[i] -= factor * self.values[row];
            }
        }
        self.basis[row] = j;
    }
}

fn identity(r: usize) -> Vec<f64> {
    let mut m = vec![0.0; r * r];
    for i in 0..r {
        m[i * r + i] = 1.0;
    }
    m
}

/// Inverse of a row-major `r × r` matrix by Gauss-Jordan elimination with partial pivoting.
fn invert(mut m: Vec<f64>, r: usize) -> Option<Vec<f64>> {
    let mut inv = identity(r);
    for col in 0..r {
        let pivot =
            (col..r).max_by(|&i, &j| m[i * r + col].abs().total_cmp(&m[j * r + col].abs()))?;
        if m[pivot * r + col].abs() < 1e-14 {
            return None;
        }
        if pivot != col {
            for k in 0..r {
                m.swap(col * r + k, pivot * r + k);
                inv.swap(col * r + k, pivot * r + k);
            }
        }
        let scale = 1.0 / m[col * r + col];
        for k in 0..r {
            m[col * r + k] *= scale;
            inv[col * r + k] *= scale;
        }
        for row in 0..r {
            if row != col {
                let factor = m[row * r + col];
                if factor != 0.0 {
                    for k in 0..r {
                        m[row * r + k] -= factor * m[col * r + k];
                        inv[row * r + k] -= factor * inv[col * r + k];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lp::DenseSimplex;

    /// The run-time solver reaches the fixed-row solver's optimum on the same LPs.
    #[test]
    fn equals_the_fixed_row_solver() {
        let columns = vec![[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [1.0, -2.0]];
        let rhs = [1.0, -2.0];
        let costs = [-1.0, 1.0, 0.0, 0.0, -3.0];
        let mut fixed = DenseSimplex::<2>::new(columns.clone(), rhs);
        let dynamic_columns: Vec<Vec<f64>> = columns.iter().map(|c| c.to_vec()).collect();
        let mut dynamic = DynamicSimplex::new(&dynamic_columns, &rhs);
        assert_eq!(fixed.find_feasible_basis(), dynamic.find_feasible_basis());
        assert_eq!(fixed.minimise(&costs), SimplexOutcome::Optimal);
        assert_eq!(dynamic.minimise(&costs), SimplexOutcome::Optimal);
        let value =
            |s: &mut dyn Iterator<Item = (usize, f64)>| s.map(|(j, v)| costs[j] * v).sum::<f64>();
        let a = value(&mut fixed.solution());
        let b = value(&mut dynamic.solution());
        assert!((a - b).abs() < 1e-14 && a < -0.5, "{a} {b}");
        let mut infeasible = DynamicSimplex::new(&[vec![1.0], vec![1.0]], &[-1.0]);
        assert!(matches!(
            infeasible.find_feasible_basis(),
            SimplexOutcome::Infeasible(r) if r > 0.5
        ));
    }
}
