//! The interior-point path of the wrench-distribution QP (clarabel): the compact forms of
//! [`super::forms`] solved on a growing working set of rows, with the solvers of the last few
//! structures kept in the workspace (see the parent module).

use clarabel::algebra::CscMatrix;
use clarabel::solver::{
    DefaultSettings, DefaultSettingsBuilder, DefaultSolver, IPSolver, SolverStatus, SupportedConeT,
};
use nalgebra::{Matrix6, Vector6};

use super::forms::QpData;
use super::local_frame::{correct_sum, local_cost, world_wrenches};
use super::{CACHED_SOLVERS, DistributionWorkspace, SCREEN_TOLERANCE, finish};
use crate::contact::Contact;
use crate::distribution::{DistributionStatus, DistributionWeights, WrenchDistribution};
use crate::error::StabilityError;

/// A solver set up for one problem structure (the number of supporting contacts, which of them
/// have a pressure limit, the form) and one working set of rows.
pub(super) struct CachedSolver {
    pressure_rows: Vec<bool>,
    equalities: usize,
    working_set: Vec<bool>,
    solver: DefaultSolver<f64>,
}

/// Solves the unit-scaled QP of the supporting contacts with clarabel, from the sum-constrained
/// optimum `start` when there is one (on a working set of the rows it violates with
/// `screening`, on all rows without).
#[allow(clippy::too_many_arguments)]
pub(super) fn solve(
    contacts: &[Contact],
    supporting: &[usize],
    maps: &[Matrix6<f64>],
    unit_target: &Vector6<f64>,
    scale: f64,
    weights: &DistributionWeights,
    start: Option<&[Vector6<f64>]>,
    workspace: &mut DistributionWorkspace,
    screening: bool,
) -> Result<WrenchDistribution, StabilityError> {
    // Two contacts: eliminating the sum leaves 6 variables and 32 rows, the smallest KKT system.
    // More contacts: the sparse form, whose KKT system factorises with little fill.
    let full = if supporting.len() == 2 {
        QpData::eliminated(contacts, supporting, maps, unit_target, scale, weights)
    } else {
        None
    }
    .unwrap_or_else(|| QpData::new(contacts, supporting, maps, unit_target, scale, weights));
    let x0 = start.map_or_else(|| vec![0.0; full.q.len()], |local| full.variables(local));
    // Scale the cost so that the cost of `x0` (a lower bound of the optimum) is one: clarabel's
    // absolute gap tolerance then acts as a relative one on the optimal cost.
    let lower_bound = start.map_or(0.0, |local| local_cost(local, weights));
    let objective_scale = if lower_bound > 1e-300 {
        1.0 / lower_bound
    } else {
        1.0
    };
    let shifted = full.shifted(&x0, objective_scale);
    let mut keep = vec![true; full.rows];
    if screening && start.is_some() {
        // Working set: the rows `x0` violates. Solve with those only, and add the rows the
        // solution still violates until none is (the optimum of a relaxation that satisfies the
        // full problem is its optimum).
        for (r, k) in keep.iter_mut().enumerate() {
            *k = r < shifted.equalities || shifted.b[r] < -SCREEN_TOLERANCE;
        }
        if !keep[shifted.equalities..].iter().any(|&k| k) {
            // Feasible within the screening tolerance but not the direct check: keep every row.
            keep.fill(true);
        }
    }
    let mut iterations = 0;
    loop {
        let restricted = (!keep.iter().all(|&k| k)).then(|| shifted.restricted(&keep));
        let data = restricted.as_ref().unwrap_or(&shifted);
        let solver = prepared_solver(workspace, data, &keep)?;
        solver.solve();
        let solution = &solver.solution;
        iterations += solution.iterations;
        let status = match solution.status {
            SolverStatus::Solved | SolverStatus::AlmostSolved => DistributionStatus::Solved,
            // A relaxation without a solution means the full problem has none either.
            SolverStatus::PrimalInfeasible | SolverStatus::AlmostPrimalInfeasible => {
                DistributionStatus::Infeasible {
                    reason:
                        "no contact wrenches within the friction cones add up to the target wrench"
                            .to_string(),
                }
            }
            other => DistributionStatus::Failed {
                reason: format!("the QP solver stopped with status {other:?}"),
            },
        };
        if status != DistributionStatus::Solved {
            return Ok(finish(contacts, supporting, &[], status, iterations));
        }
        let slack = shifted.slacks(&solution.x);
        let mut added = false;
        for (r, (k, s)) in keep.iter_mut().zip(&slack).enumerate() {
            if !*k && r >= shifted.equalities && *s < -SCREEN_TOLERANCE {
                *k = true;
                added = true;
            }
        }
        if !added {
            let x: Vec<f64> = x0.iter().zip(&solution.x).map(|(a, d)| a + d).collect();
            let mut local = full.local_wrenches(&x, supporting.len());
            correct_sum(&mut local, maps, unit_target);
            let wrenches = world_wrenches(contacts, supporting, &local, scale);
            return Ok(finish(contacts, supporting, &wrenches, status, iterations));
        }
    }
}

fn solver_settings() -> Result<DefaultSettings<f64>, StabilityError> {
    DefaultSettingsBuilder::default()
        .verbose(false)
        .presolve_enable(false)
        .input_sparse_dropzeros(false)
        .build()
        .map_err(|e| StabilityError::Numerical {
            what: "wrench distribution (solver settings)",
            reason: e.to_string(),
        })
}

/// The workspace's solver for this structure and working set, loaded with `data`: updated in
/// place when one exists, created otherwise (the oldest is dropped when the cache is full).
fn prepared_solver<'w>(
    workspace: &'w mut DistributionWorkspace,
    data: &QpData,
    working_set: &[bool],
) -> Result<&'w mut DefaultSolver<f64>, StabilityError> {
    let position = workspace.cached.iter().position(|c| {
        c.pressure_rows == data.pressure_rows
            && c.equalities == data.equalities
            && c.working_set == working_set
    });
    let mut ready = None;
    if let Some(index) = position {
        let solver = &mut workspace.cached[index].solver;
        let updated = solver
            .update_P(&data.p_values)
            .and_then(|_| solver.update_q(&data.q))
            .and_then(|_| solver.update_A(&data.a_values))
            .and_then(|_| solver.update_b(&data.b));
        if updated.is_ok() {
            ready = Some(index);
        } else {
            workspace.cached.remove(index);
        }
    }
    let index = match ready {
        Some(index) => index,
        None => {
            let n = data.q.len();
            let p = CscMatrix::new(
                n,
                n,
                data.p_colptr.clone(),
                data.p_rowval.clone(),
                data.p_values.clone(),
            );
            let a = CscMatrix::new(
                data.rows,
                n,
                data.a_colptr.clone(),
                data.a_rowval.clone(),
                data.a_values.clone(),
            );
            let cones = [
                SupportedConeT::ZeroConeT(data.equalities),
                SupportedConeT::NonnegativeConeT(data.rows - data.equalities),
            ];
            let solver = DefaultSolver::new(&p, &data.q, &a, &data.b, &cones, solver_settings()?)
                .map_err(|e| StabilityError::Numerical {
                what: "wrench distribution (solver setup)",
                reason: e.to_string(),
            })?;
            if workspace.cached.len() >= CACHED_SOLVERS {
                workspace.cached.remove(0);
            }
            workspace.cached.push(CachedSolver {
                pressure_rows: data.pressure_rows.clone(),
                equalities: data.equalities,
                working_set: working_set.to_vec(),
                solver,
            });
            workspace.cached.len() - 1
        }
    };
    Ok(&mut workspace.cached[index].solver)
}
