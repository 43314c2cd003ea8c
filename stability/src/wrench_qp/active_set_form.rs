//! The wrench-distribution QP in the form of the dense dual active-set solver, with the memory
//! and the warm start kept between calls.
//!
//! Variables are the supporting contacts' local wrenches `u_i` (unit-scaled), the Hessian is
//! `blockdiag(diag(fw, fw, ε, cw, cw, yw))`, the six equalities are `Σ M_i u_i = t`, and each
//! contact contributes its 16 closed-form faces `−F u_i >= 0` and, with a pressure limit,
//! `−u_i,z >= −f_max`. Each face touches only its contact's six variables.

use nalgebra::{Matrix6, Vector6};

use super::active_set::{ActiveSetOutcome, ActiveSetQp};
use crate::contact::Contact;
use crate::contact_cone::CONTACT_FACES;
use crate::distribution::DistributionWeights;

/// Solver memory of the active-set method and the active set of the last solve, with the
/// problem structure it belongs to.
#[derive(Debug, Clone, Default)]
pub(super) struct ActiveSetState {
    qp: ActiveSetQp,
    /// Which supporting contacts have a pressure row, for the last solve.
    structure: Vec<bool>,
    previous_active: Vec<usize>,
    local: Vec<Vector6<f64>>,
    equality: Vec<f64>,
}

/// Result of an active-set solve.
pub(super) enum ActiveSetResult<'a> {
    /// The optimal local wrenches (unit-scaled) and the number of active-set changes.
    Optimal(&'a [Vector6<f64>], u32),
    /// Certified infeasible, after this many active-set changes.
    Infeasible(u32),
    /// The method gave up (use the interior-point solver).
    Failed,
}

impl ActiveSetState {
    /// Solves the QP for the `supporting` contacts with local-to-reference maps `maps` and the
    /// unit-scaled target `unit_target` (pressure limits divided by `scale`).
    pub(super) fn solve(
        &mut self,
        contacts: &[Contact],
        supporting: &[usize],
        maps: &[Matrix6<f64>],
        unit_target: &Vector6<f64>,
        scale: f64,
        weights: &DistributionWeights,
    ) -> ActiveSetResult<'_> {
        let k = supporting.len();
        let n = 6 * k;
        let pressure = supporting
            .iter()
            .map(|&i| contacts[i].max_pressure().is_some());
        let same_structure =
            self.structure.len() == k && self.structure.iter().copied().eq(pressure);
        if !same_structure {
            self.structure.clear();
            self.structure.extend(
                supporting
                    .iter()
                    .map(|&i| contacts[i].max_pressure().is_some()),
            );
            self.previous_active.clear();
        }
        let rows = 6 + self
            .structure
            .iter()
            .map(|&p| CONTACT_FACES + usize::from(p))
            .sum::<usize>();
        self.qp.reset(n, rows, 6);
        let diagonal = weights.local_cost_diagonal();
        for block in 0..k {
            for (j, &g) in diagonal.iter().enumerate() {
                self.qp.set_hessian(6 * block + j, g);
            }
        }
        let mut row_values = [0.0; 6];
        self.equality.clear();
        self.equality.resize(n, 0.0);
        for r in 0..6 {
            for (block, map) in maps.iter().enumerate() {
                for c in 0..6 {
                    self.equality[6 * block + c] = map[(r, c)];
                }
            }
            self.qp.set_constraint(r, 0, &self.equality, unit_target[r]);
        }
        let mut row = 6;
        for (block, &index) in supporting.iter().enumerate() {
            let contact = &contacts[index];
            let faces = contact.local_wrench_inequalities();
            for face in 0..CONTACT_FACES {
                for c in 0..6 {
                    row_values[c] = -faces[(face, c)];
                }
                self.qp.set_constraint(row, 6 * block, &row_values, 0.0);
                row += 1;
            }
            if let Some(limit) = contact.max_pressure() {
                let values = [0.0, 0.0, -1.0, 0.0, 0.0, 0.0];
                self.qp
                    .set_constraint(row, 6 * block, &values, -limit / scale);
                row += 1;
            }
        }
        let guess = std::mem::take(&mut self.previous_active);
        let outcome = self.qp.solve(&guess);
        self.previous_active = guess;
        self.previous_active.clear();
        let iterations = self.qp.iterations;
        match outcome {
            ActiveSetOutcome::Optimal => {
                self.previous_active.extend(self.qp.active_inequalities());
                let x = self.qp.solution();
                self.local.clear();
                self.local
                    .extend((0..k).map(|b| Vector6::from_fn(|r, _| x[6 * b + r])));
                ActiveSetResult::Optimal(&self.local, iterations)
            }
            ActiveSetOutcome::Infeasible => ActiveSetResult::Infeasible(iterations),
            ActiveSetOutcome::Failed => ActiveSetResult::Failed,
        }
    }
}
