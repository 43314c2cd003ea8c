//! A dense dual active-set solver (Goldfarb and Idnani, 1983) for small strictly convex QPs with
//! a diagonal Hessian:
//!
//! `min ½ xᵀ diag(g) x + aᵀ x` subject to `n_jᵀ x = b_j` for the first `E` constraints and
//! `n_jᵀ x >= b_j` for the others.
//!
//! The method starts from the unconstrained minimum and adds violated constraints one at a time,
//! keeping the current point optimal for the constraints in the active set (dual feasible) and
//! dropping a constraint when its multiplier would turn negative. It maintains `J = L⁻ᵀ Q` and
//! the triangular `R` of the QR factorisation of `L⁻¹ N_A` (with `G = L Lᵀ` and `N_A` the active
//! normals), updated by Givens rotations, so that each change of the active set costs `O(n²)`.
//!
//! It stops when no constraint is violated (the KKT conditions hold: optimal), or when a violated
//! constraint is a non-negative combination of active ones with a positive gap: a Farkas
//! certificate of infeasibility, which is checked before being reported. A warm start rebuilds
//! the factorisation for a guessed active set (the previous call's), drops constraints whose
//! multiplier is negative, and continues from there. All memory lives in the solver and is
//! reused across calls.

/// Violation (slack divided by the normal's norm) above which a constraint is violated.
const VIOLATION_TOLERANCE: f64 = 1e-12;

/// A new normal whose component outside the active span is below this fraction of its size (in
/// the metric of the Hessian) is a combination of the active normals.
const DEPENDENCE_TOLERANCE: f64 = 1e-11;

/// Certificates of infeasibility must have a gap above this (unit-scaled problem) and a
/// combination residual below it.
const CERTIFICATE_TOLERANCE: f64 = 1e-9;

/// How a solve ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ActiveSetOutcome {
    /// The KKT conditions hold; `x` is the optimum.
    Optimal,
    /// A Farkas certificate proves that no point satisfies the constraints.
    Infeasible,
    /// Iteration limit or numerical trouble; the caller should use another solver.
    Failed,
}

/// Problem data and workspace of the dual active-set method.
#[derive(Debug, Clone, Default)]
pub(crate) struct ActiveSetQp {
    n: usize,
    m: usize,
    equalities: usize,
    /// `1 / √g`.
    inv_sqrt_hessian: Vec<f64>,
    linear: Vec<f64>,
    /// Constraint normals, row-major (`m × n`), with the range of each row's nonzero entries.
    normals: Vec<f64>,
    support: Vec<(usize, usize)>,
    norms: Vec<f64>,
    bounds: Vec<f64>,
    // Solver state.
    x: Vec<f64>,
    /// `J`, column-major `n × n`.
    j: Vec<f64>,
    /// `R`, column-major `n × n`, upper triangular in its first `active.len()` columns.
    r: Vec<f64>,
    /// Active constraints (indices), their signs (equalities may be added as `−n_j x >= −b_j`)
    /// and multipliers.
    active: Vec<usize>,
    signs: Vec<f64>,
    multipliers: Vec<f64>,
    is_active: Vec<bool>,
    d: Vec<f64>,
    z: Vec<f64>,
    step: Vec<f64>,
    /// Iterations (active-set changes) of the last solve.
    pub(crate) iterations: u32,
}

impl ActiveSetQp {
    /// Clears the problem for `n` variables and `m` constraints, the first `equalities` of which
    /// are equalities. Memory is kept.
    pub(crate) fn reset(&mut self, n: usize, m: usize, equalities: usize) {
        self.n = n;
        self.m = m;
        self.equalities = equalities;
        self.inv_sqrt_hessian.clear();
        self.inv_sqrt_hessian.resize(n, 1.0);
        self.linear.clear();
        self.linear.resize(n, 0.0);
        self.normals.clear();
        self.normals.resize(n * m, 0.0);
        self.support.clear();
        self.support.resize(m, (0, n));
        self.norms.clear();
        self.norms.resize(m, 0.0);
        self.bounds.clear();
        self.bounds.resize(m, 0.0);
    }

    /// Sets the diagonal Hessian entry of variable `i` (positive).
    pub(crate) fn set_hessian(&mut self, i: usize, value: f64) {
        self.inv_sqrt_hessian[i] = 1.0 / value.sqrt();
    }

    /// Constraint `row`: its normal is nonzero only on variables `first..first + values.len()`.
    pub(crate) fn set_constraint(&mut self, row: usize, first: usize, values: &[f64], bound: f64) {
        let start = row * self.n;
        self.normals[start..start + self.n].fill(0.0);
        self.normals[start + first..start + first + values.len()].copy_from_slice(values);
        self.support[row] = (first, first + values.len());
        self.norms[row] = values.iter().map(|v| v * v).sum::<f64>().sqrt();
        self.bounds[row] = bound;
    }

    /// The solution of the last solve.
    pub(crate) fn solution(&self) -> &[f64] {
        &self.x
    }

    /// The inequality constraints active at the last solution.
    pub(crate) fn active_inequalities(&self) -> impl Iterator<Item = usize> + '_ {
        self.active
            .iter()
            .copied()
            .filter(|&c| c >= self.equalities)
    }

    fn normal(&self, row: usize) -> &[f64] {
        &self.normals[row * self.n..(row + 1) * self.n]
    }

    /// `n_rowᵀ x − b_row`.
    fn slack(&self, row: usize) -> f64 {
        let (a, b) = self.support[row];
        let normal = self.normal(row);
        (a..b).map(|i| normal[i] * self.x[i]).sum::<f64>() - self.bounds[row]
    }

    /// Solves the QP; `warm_start` lists inequality constraints to try as the initial active set.
    pub(crate) fn solve(&mut self, warm_start: &[usize]) -> ActiveSetOutcome {
        let n = self.n;
        self.iterations = 0;
        self.x.clear();
        self.x.extend(
            self.linear
                .iter()
                .zip(&self.inv_sqrt_hessian)
                .map(|(a, s)| -a * s * s),
        );
        self.j.clear();
        self.j.resize(n * n, 0.0);
        for i in 0..n {
            self.j[i * n + i] = self.inv_sqrt_hessian[i];
        }
        self.r.clear();
        self.r.resize(n * n, 0.0);
        self.active.clear();
        self.signs.clear();
        self.multipliers.clear();
        self.is_active.clear();
        self.is_active.resize(self.m, false);
        self.d.resize(n, 0.0);
        self.z.resize(n, 0.0);
        self.step.resize(n, 0.0);
        if !warm_start.is_empty() && !self.warm_start(warm_start) {
            return self.solve(&[]);
        }
        let limit = 10 * (self.m + n) as u32 + 20;
        let mut next_equality = if warm_start.is_empty() {
            0
        } else {
            self.equalities
        };
        loop {
            if self.iterations > limit {
                return ActiveSetOutcome::Failed;
            }
            // Choose the constraint to add: the next equality, else the most violated inequality.
            let (p, sign) = if next_equality < self.equalities {
                let p = next_equality;
                next_equality += 1;
                (p, if self.slack(p) > 0.0 { -1.0 } else { 1.0 })
            } else {
                let mut worst = (usize::MAX, -VIOLATION_TOLERANCE);
                for row in self.equalities..self.m {
                    if self.is_active[row] || self.norms[row] == 0.0 {
                        continue;
                    }
                    let violation = self.slack(row) / self.norms[row];
                    if violation < worst.1 {
                        worst = (row, violation);
                    }
                }
                if worst.0 == usize::MAX {
                    return ActiveSetOutcome::Optimal;
                }
                (worst.0, 1.0)
            };
            match self.add_constraint(p, sign) {
                Ok(()) => {}
                Err(outcome) => return outcome,
            }
        }
    }

    /// `d = Jᵀ (sign n_p)`; returns `‖d‖` and the norm of its part outside the active span.
    fn project_normal(&mut self, p: usize, sign: f64) -> (f64, f64) {
        let n = self.n;
        let (a, b) = self.support[p];
        let start = p * n;
        for k in 0..n {
            let column = &self.j[k * n..(k + 1) * n];
            self.d[k] = sign
                * (a..b)
                    .map(|i| column[i] * self.normals[start + i])
                    .sum::<f64>();
        }
        let q = self.active.len();
        let full = self.d.iter().map(|v| v * v).sum::<f64>().sqrt();
        let outside = self.d[q..].iter().map(|v| v * v).sum::<f64>().sqrt();
        (full, outside)
    }

    /// Steps towards satisfying constraint `p` (normal times `sign`) and adds it, dropping
    /// blocking constraints on the way (Goldfarb–Idnani's step 2).
    fn add_constraint(&mut self, p: usize, sign: f64) -> Result<(), ActiveSetOutcome> {
        let n = self.n;
        let mut added_multiplier = 0.0;
        loop {
            self.iterations += 1;
            if self.iterations > 10 * (self.m + n) as u32 + 20 {
                return Err(ActiveSetOutcome::Failed);
            }
            let (full, outside) = self.project_normal(p, sign);
            let q = self.active.len();
            let dependent = outside <= DEPENDENCE_TOLERANCE * full;
            // Primal direction z = J₂ d₂ and dual direction r = R⁻¹ d₁.
            self.z.fill(0.0);
            if !dependent {
                for k in q..n {
                    let dk = self.d[k];
                    let column = &self.j[k * n..(k + 1) * n];
                    for (zi, jk) in self.z.iter_mut().zip(column) {
                        *zi += jk * dk;
                    }
                }
            }
            self.back_substitute(q);
            // Partial step: the largest step keeping the active inequalities' multipliers >= 0.
            let mut partial = (f64::INFINITY, usize::MAX);
            for i in 0..q {
                if self.active[i] >= self.equalities && self.step[i] > 0.0 {
                    let t = self.multipliers[i] / self.step[i];
                    if t < partial.0 {
                        partial = (t, i);
                    }
                }
            }
            // Full step: the step that makes constraint p tight.
            let slack = sign * self.slack(p);
            let full_step = if dependent {
                f64::INFINITY
            } else {
                (-slack / (outside * outside)).max(0.0)
            };
            if dependent && partial.1 == usize::MAX {
                return Err(self.certify_infeasible(p, sign, slack));
            }
            let t = partial.0.min(full_step);
            if !dependent {
                for (xi, zi) in self.x.iter_mut().zip(&self.z) {
                    *xi += t * zi;
                }
            }
            for i in 0..q {
                self.multipliers[i] -= t * self.step[i];
            }
            added_multiplier += t;
            if full_step <= partial.0 {
                self.append(p, sign, added_multiplier);
                return Ok(());
            }
            self.drop_active(partial.1);
        }
    }

    /// `step = R⁻¹ d[..q]` (back substitution).
    fn back_substitute(&mut self, q: usize) {
        let n = self.n;
        for i in (0..q).rev() {
            let mut value = self.d[i];
            for k in i + 1..q {
                value -= self.r[k * n + i] * self.step[k];
            }
            self.step[i] = value / self.r[i * n + i];
        }
    }

    /// Adds constraint `p` to the active set using `d = Jᵀ (sign n_p)`: Givens rotations zero
    /// `d[q + 1..]` and update `J`; `d[..=q]` becomes the new column of `R`.
    fn append(&mut self, p: usize, sign: f64, multiplier: f64) {
        let n = self.n;
        let q = self.active.len();
        for k in (q + 1..n).rev() {
            let (a, b) = (self.d[k - 1], self.d[k]);
            if b == 0.0 {
                continue;
            }
            let h = a.hypot(b);
            let (c, s) = (a / h, b / h);
            self.d[k - 1] = h;
            self.d[k] = 0.0;
            rotate_columns(&mut self.j, n, k - 1, k, c, s);
        }
        self.r[q * n..q * n + q + 1].copy_from_slice(&self.d[..=q]);
        self.active.push(p);
        self.signs.push(sign);
        self.multipliers.push(multiplier);
        self.is_active[p] = true;
    }

    /// Removes the active constraint at position `l` and restores `R` to triangular form.
    fn drop_active(&mut self, l: usize) {
        let n = self.n;
        let q = self.active.len();
        self.is_active[self.active[l]] = false;
        self.active.remove(l);
        self.signs.remove(l);
        self.multipliers.remove(l);
        // Shift columns l+1.. of R left; R becomes upper Hessenberg from column l.
        for k in l..q - 1 {
            let (dst, src) = (k * n, (k + 1) * n);
            self.r.copy_within(src..src + k + 2, dst);
        }
        for k in l..q - 1 {
            let (a, b) = (self.r[k * n + k], self.r[k * n + k + 1]);
            if b == 0.0 {
                continue;
            }
            let h = a.hypot(b);
            let (c, s) = (a / h, b / h);
            for col in k..q - 1 {
                let (u, v) = (self.r[col * n + k], self.r[col * n + k + 1]);
                self.r[col * n + k] = c * u + s * v;
                self.r[col * n + k + 1] = -s * u + c * v;
            }
            rotate_columns(&mut self.j, n, k, k + 1, c, s);
        }
    }

    /// Builds the factorisation for the equalities and the inequalities in `guess`, computes the
    /// point and multipliers, and drops constraints with negative multipliers until the start
    /// is dual feasible. Returns `false` when the guess is unusable.
    fn warm_start(&mut self, guess: &[usize]) -> bool {
        for p in 0..self.equalities {
            let (full, outside) = self.project_normal(p, 1.0);
            if outside <= DEPENDENCE_TOLERANCE * full {
                return false;
            }
            self.append(p, 1.0, 0.0);
        }
        for &p in guess {
            if p < self.equalities || p >= self.m || self.is_active[p] {
                continue;
            }
            let (full, outside) = self.project_normal(p, 1.0);
            if outside > DEPENDENCE_TOLERANCE * full {
                self.append(p, 1.0, 0.0);
            }
        }
        loop {
            self.iterations += 1;
            self.point_on_active_set();
            let q = self.active.len();
            let worst = (0..q)
                .filter(|&i| self.active[i] >= self.equalities && self.multipliers[i] < 0.0)
                .min_by(|&a, &b| self.multipliers[a].total_cmp(&self.multipliers[b]));
            match worst {
                Some(l) => self.drop_active(l),
                None => return true,
            }
        }
    }

    /// The minimiser on the active constraints (as equalities) and its multipliers:
    /// `x = J₁ R⁻ᵀ b_A − J₂ J₂ᵀ a`, `u = R⁻¹ (R⁻ᵀ b_A + J₁ᵀ a)`.
    fn point_on_active_set(&mut self) {
        let n = self.n;
        let q = self.active.len();
        // w = R⁻ᵀ b_A (forward substitution), stored in d[..q].
        for i in 0..q {
            let mut value = self.signs[i] * self.bounds[self.active[i]];
            for k in 0..i {
                value -= self.r[i * n + k] * self.d[k];
            }
            self.d[i] = value / self.r[i * n + i];
        }
        self.x.fill(0.0);
        for k in 0..n {
            let column = &self.j[k * n..(k + 1) * n];
            let coefficient = if k < q {
                self.d[k]
            } else {
                -column
                    .iter()
                    .zip(&self.linear)
                    .map(|(a, b)| a * b)
                    .sum::<f64>()
            };
            for (xi, jk) in self.x.iter_mut().zip(column) {
                *xi += jk * coefficient;
            }
        }
        for k in 0..q {
            let column = &self.j[k * n..(k + 1) * n];
            self.d[k] += column
                .iter()
                .zip(&self.linear)
                .map(|(a, b)| a * b)
                .sum::<f64>();
        }
        self.back_substitute(q);
        self.multipliers.copy_from_slice(&self.step[..q]);
    }

    /// At a dependent violated constraint with no droppable multiplier, `sign n_p = Σ r_i n_i`
    /// over the active set with `r_i <= 0` on inequalities, so every feasible `x` has
    /// `sign n_pᵀ x <= Σ r_i b_i`, while feasibility needs `>= sign b_p`. Checks the combination
    /// and the gap before reporting infeasibility.
    fn certify_infeasible(&self, p: usize, sign: f64, slack: f64) -> ActiveSetOutcome {
        let n = self.n;
        let q = self.active.len();
        let mut residual: Vec<f64> = self.normal(p).iter().map(|v| sign * v).collect();
        let mut gap = sign * self.bounds[p];
        let mut scale = self.norms[p];
        for i in 0..q {
            let (c, ri) = (self.active[i], self.step[i]);
            let coefficient = ri * self.signs[i];
            for (res, v) in residual.iter_mut().zip(&self.normals[c * n..(c + 1) * n]) {
                *res -= coefficient * v;
            }
            gap -= coefficient * self.bounds[c];
            scale += ri.abs() * self.norms[c];
        }
        let residual = residual.iter().map(|v| v * v).sum::<f64>().sqrt();
        if slack < 0.0
            && gap > CERTIFICATE_TOLERANCE
            && residual <= CERTIFICATE_TOLERANCE * scale.max(1.0)
        {
            ActiveSetOutcome::Infeasible
        } else {
            ActiveSetOutcome::Failed
        }
    }
}

/// Rotates columns `a` and `b` of the column-major `n × n` matrix: `(c A + s B, −s A + c B)`.
fn rotate_columns(matrix: &mut [f64], n: usize, a: usize, b: usize, c: f64, s: f64) {
    let (left, right) = matrix.split_at_mut(b * n);
    let column_a = &mut left[a * n..(a + 1) * n];
    let column_b = &mut right[..n];
    for (u, v) in column_a.iter_mut().zip(column_b.iter_mut()) {
        let (x, y) = (*u, *v);
        *u = c * x + s * y;
        *v = -s * x + c * y;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projection_onto_a_half_plane_has_the_closed_form() {
        // min ½ (2x² + y²) s.t. x + y >= 3: the multiplier u gives (u/2, u), so u = 2, (1, 2).
        let mut qp = ActiveSetQp::default();
        qp.reset(2, 1, 0);
        qp.set_hessian(0, 2.0);
        qp.set_hessian(1, 1.0);
        qp.set_constraint(0, 0, &[1.0, 1.0], 3.0);
        assert_eq!(qp.solve(&[]), ActiveSetOutcome::Optimal);
        let x = qp.solution();
        assert!(
            (x[0] - 1.0).abs() < 1e-14 && (x[1] - 2.0).abs() < 1e-14,
            "{x:?}"
        );
    }

    #[test]
    fn equalities_and_a_dropped_constraint() {
        // min ½ |x|² s.t. x₀ + x₁ + x₂ = 1, x₀ >= 0.5, x₁ >= −1: only the first inequality binds
        // at the optimum (0.5, 0.25, 0.25); the warm start with both guesses drops the second.
        let mut qp = ActiveSetQp::default();
        qp.reset(3, 3, 1);
        qp.set_constraint(0, 0, &[1.0, 1.0, 1.0], 1.0);
        qp.set_constraint(1, 0, &[1.0], 0.5);
        qp.set_constraint(2, 1, &[1.0], -1.0);
        for guess in [&[][..], &[1, 2][..], &[2][..]] {
            assert_eq!(qp.solve(guess), ActiveSetOutcome::Optimal);
            let x = qp.solution();
            for (value, expected) in x.iter().zip([0.5, 0.25, 0.25]) {
                assert!((value - expected).abs() < 1e-14, "{guess:?}: {x:?}");
            }
            assert_eq!(qp.active_inequalities().collect::<Vec<_>>(), vec![1]);
        }
    }

    #[test]
    fn contradictory_constraints_are_certified_infeasible() {
        // x >= 1 and −x >= 0 (x <= 0); and x₀ + x₁ = 1 with x₀ <= 0, x₁ <= 0.
        let mut qp = ActiveSetQp::default();
        qp.reset(1, 2, 0);
        qp.set_constraint(0, 0, &[1.0], 1.0);
        qp.set_constraint(1, 0, &[-1.0], 0.0);
        assert_eq!(qp.solve(&[]), ActiveSetOutcome::Infeasible);
        qp.reset(2, 3, 1);
        qp.set_constraint(0, 0, &[1.0, 1.0], 1.0);
        qp.set_constraint(1, 0, &[-1.0], 0.0);
        qp.set_constraint(2, 1, &[-1.0], 0.0);
        assert_eq!(qp.solve(&[]), ActiveSetOutcome::Infeasible);
        assert_eq!(qp.solve(&[1, 2]), ActiveSetOutcome::Infeasible);
        // Touching but feasible: x₀ + x₁ = 0 has the solution (0, 0).
        qp.set_constraint(0, 0, &[1.0, 1.0], 0.0);
        assert_eq!(qp.solve(&[]), ActiveSetOutcome::Optimal);
    }
}
