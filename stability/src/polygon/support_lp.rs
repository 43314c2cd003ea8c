//! The support LP of the static-equilibrium polygon.
//!
//! With `λ >= 0` the weights of the net wrench span's columns (wrenches at a reference point `O`,
//! world frame, weight normalised to `m g = 1`), the CoM positions that can be held are
//! `{(−τ_y(λ), τ_x(λ)) : f_x(λ) = f_y(λ) = 0, f_z(λ) = 1, τ_z(λ) = 0, λ >= 0}` relative to `O`.
//! That is a standard-form LP with only four equality rows, solved by the crate's dense simplex
//! ([`crate::lp`]). Bretl's projection solves it for many directions, each
//! warm-started from a neighbouring vertex's basis.

use crate::lp::{DenseSimplex, SimplexOutcome};

/// Number of equality rows (`f_x`, `f_y`, `f_z`, `τ_z`).
const ROWS: usize = 4;

/// Right-hand side of the static polygon: the contact forces hold a unit weight.
const RHS: [f64; ROWS] = [0.0, 0.0, 1.0, 0.0];

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

/// A basis of the support LP.
pub(crate) type Basis = crate::lp::Basis<ROWS>;

/// What Bretl's projection needs of a support LP: a phase one, and the optimum in a direction
/// warm-started from an earlier basis.
pub(crate) trait SupportOracle {
    /// A basis to warm-start from.
    type Basis: Clone;
    /// Finds a feasible basis (phase one).
    fn find_feasible_basis(&mut self) -> LpOutcome;
    /// The current basis.
    fn basis(&self) -> Self::Basis;
    /// Maximises `direction · (x, y)` from `start`.
    fn support(&mut self, direction: [f64; 2], start: &Self::Basis) -> LpOutcome;
}

impl SupportOracle for SupportLp {
    type Basis = Basis;
    fn find_feasible_basis(&mut self) -> LpOutcome {
        SupportLp::find_feasible_basis(self)
    }
    fn basis(&self) -> Basis {
        SupportLp::basis(self)
    }
    fn support(&mut self, direction: [f64; 2], start: &Basis) -> LpOutcome {
        SupportLp::support(self, direction, start)
    }
}

/// The support LP over the span columns of a contact set.
pub(crate) struct SupportLp {
    simplex: DenseSimplex<ROWS>,
    /// CoM offset contributed by each column: `(−τ_y, τ_x)`.
    offset_of: Vec<[f64; 2]>,
    /// CoM offset that does not depend on the weights.
    offset: [f64; 2],
    costs: Vec<f64>,
}

impl SupportLp {
    /// The LP for span columns `[f; τ]` taken at the reference point.
    pub(crate) fn new(columns: &[[f64; 6]]) -> Self {
        Self::shifted(columns, RHS, [0.0, 0.0])
    }

    /// The LP `Σ λ_j (f_x, f_y, f_z, τ_z)_j = rhs` with CoM `offset + Σ λ_j (−τ_y, τ_x)_j`: the
    /// static polygon when part of the forces is fixed (the robust polygon).
    pub(crate) fn shifted(columns: &[[f64; 6]], rhs: [f64; ROWS], offset: [f64; 2]) -> Self {
        let rows_of = columns.iter().map(|c| [c[0], c[1], c[2], c[5]]).collect();
        let offset_of = columns.iter().map(|c| [-c[4], c[3]]).collect();
        Self::from_rows(rows_of, rhs, offset_of, offset)
    }

    /// The general form: `Σ λ_j rows_of[j] = rhs, λ >= 0`, projected to
    /// `offset + Σ λ_j offset_of[j]` (the pendular ZMP area and acceleration cone).
    pub(crate) fn from_rows(
        rows_of: Vec<[f64; ROWS]>,
        rhs: [f64; ROWS],
        offset_of: Vec<[f64; 2]>,
        offset: [f64; 2],
    ) -> Self {
        let n = rows_of.len();
        Self {
            simplex: DenseSimplex::new(rows_of, rhs),
            offset_of,
            offset,
            costs: vec![0.0; n],
        }
    }

    /// The current basis (to warm-start a later query).
    pub(crate) fn basis(&self) -> Basis {
        self.simplex.basis()
    }

    /// Finds a feasible basis (phase one). Returns `Optimal` with the vertex of that basis.
    pub(crate) fn find_feasible_basis(&mut self) -> LpOutcome {
        match self.simplex.find_feasible_basis() {
            SimplexOutcome::Optimal => LpOutcome::Optimal(self.vertex()),
            other => convert(other),
        }
    }

    /// Maximises `direction · (x, y)` starting from `start` (a feasible basis from an earlier
    /// query). Returns the optimal CoM offset.
    pub(crate) fn support(&mut self, direction: [f64; 2], start: &Basis) -> LpOutcome {
        if !self.simplex.warm_start(start) {
            match self.simplex.find_feasible_basis() {
                SimplexOutcome::Optimal => {}
                other => return convert(other),
            }
        }
        for (cost, offset) in self.costs.iter_mut().zip(&self.offset_of) {
            *cost = -(direction[0] * offset[0] + direction[1] * offset[1]);
        }
        match self.simplex.minimise(&self.costs) {
            SimplexOutcome::Optimal => LpOutcome::Optimal(self.vertex()),
            other => convert(other),
        }
    }

    /// CoM offset of the current basic solution.
    fn vertex(&self) -> [f64; 2] {
        let mut p = self.offset;
        for (j, value) in self.simplex.solution() {
            p[0] += value * self.offset_of[j][0];
            p[1] += value * self.offset_of[j][1];
        }
        p
    }
}

pub(crate) fn convert(outcome: SimplexOutcome) -> LpOutcome {
    match outcome {
        // Not reached: callers handle `Optimal` themselves.
        SimplexOutcome::Optimal | SimplexOutcome::IterationLimit => LpOutcome::IterationLimit,
        SimplexOutcome::Infeasible(residual) => LpOutcome::Infeasible(residual),
        SimplexOutcome::Unbounded => LpOutcome::Unbounded,
    }
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
