//! The wrench-distribution QP, in a compact form solved with clarabel.
//!
//! pymanoid's problem: minimise `Σ ½ w_iᵀ P_i w_i` over the supporting contacts' wrenches `w_i`
//! (world frame, each at its contact point) subject to `F_i w_i <= 0` and `Σ G_i w_i = w_target`,
//! with `P_i = blockdiag(R W_f Rᵀ, R W_τ Rᵀ)` and `F_i` the world-frame wrench faces.
//!
//! The same problem is solved in each contact's own frame: with `u_i` the local wrench,
//! `w_i = blockdiag(R, R) u_i`, the cost becomes the diagonal `diag(fw, fw, ε, cw, cw, yw)` and
//! the faces become the constant, sparse closed-form matrix; only the six sum rows depend on the
//! contact poses. With two supporting contacts the sum is eliminated (one contact's wrench is
//! the target minus the other's), leaving 6 variables and 32 rows; with more, the sparse form
//! keeps a KKT system that factorises with little fill.
//!
//! Before any solver call, the minimiser `x0` under the sum constraint alone is computed in
//! closed form; when it satisfies every inequality it is the optimum and is returned as is.
//! Otherwise a dense dual active-set method (Goldfarb–Idnani, [`QpSolver::ActiveSet`], the
//! default) solves the QP exactly up to round-off, warm-started from the previous call's active
//! set; infeasibility is reported only with a checked Farkas certificate. When that method gives
//! up (iteration limit, numerical trouble) or [`QpSolver::InteriorPoint`] is chosen, clarabel
//! solves it instead.
//!
//! In the clarabel path, clarabel solves for the step from `x0`, whose cost is the (rescaled)
//! extra cost, on a working set of rows: first the rows `x0` violates, then any row the solution
//! still violates, until none is (the optimum of a relaxation that satisfies every row is the
//! optimum). The result is the same optimum as with all rows at once, with much smaller KKT
//! systems. The target is scaled to unit size (the problem is homogeneous, so the solution scales
//! back exactly) and the cost so that the cost of `x0` is one (so that clarabel's absolute gap
//! tolerance acts as a relative one). After solving, a least-norm correction makes the wrenches
//! sum to the target to round-off. A [`DistributionWorkspace`] keeps the active-set solver's
//! memory and clarabel solvers (one per problem structure and working set) between calls and
//! only overwrites their data, so repeated solves reuse memory and symbolic factorisations.
//! Solver tolerances and settings are clarabel's defaults (only printing, presolve and
//! zero-dropping are off, the last two so that data can be updated in place).

use nalgebra::{Matrix6, Point3, Vector6};

mod active_set;
mod active_set_form;
#[cfg(feature = "clarabel")]
mod forms;
#[cfg(feature = "clarabel")]
mod interior_point;
mod local_frame;

use crate::contact::Contact;
use crate::contact_set::ContactSet;
use crate::distribution::{
    ContactWrench, DistributionStatus, DistributionWeights, WrenchDistribution,
};
use crate::error::{StabilityError, check_finite};
use crate::transport::transport_wrench;
use active_set_form::{ActiveSetResult, ActiveSetState};
use local_frame::{correct_sum, local_to_reference, sum_constrained_optimum, world_wrenches};

/// Constraint slack (unit-scaled problem) accepted when checking a wrench without a QP.
const CHECK_TOLERANCE: f64 = 1e-9;

/// A row whose slack is below minus this (unit-scaled problem) is violated and joins the working
/// set.
const SCREEN_TOLERANCE: f64 = 1e-10;

/// Number of solvers (one per working set) a workspace keeps.
#[cfg(feature = "clarabel")]
const CACHED_SOLVERS: usize = 8;

/// Which QP solver `find_supporting_wrenches` uses when the closed form does not apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum QpSolver {
    /// The dense dual active-set method (Goldfarb–Idnani), warm-started from the previous call;
    /// falls back to clarabel if it gives up.
    #[default]
    ActiveSet,
    /// clarabel's interior-point method on a growing working set of rows.
    InteriorPoint,
}

/// Reusable memory for wrench distributions: the active-set solver's workspace and last active
/// set, and the clarabel solvers of the last few problem structures and working sets.
#[derive(Default)]
pub struct DistributionWorkspace {
    solver: QpSolver,
    active_set: ActiveSetState,
    #[cfg(feature = "clarabel")]
    cached: Vec<interior_point::CachedSolver>,
}

impl std::fmt::Debug for DistributionWorkspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DistributionWorkspace")
            .field("solver", &self.solver)
            .finish_non_exhaustive()
    }
}

impl Clone for DistributionWorkspace {
    /// A fresh workspace with the same solver choice (solver memory is not shared between
    /// clones).
    fn clone(&self) -> Self {
        Self::with_solver(self.solver)
    }
}

impl DistributionWorkspace {
    /// An empty workspace using the default solver ([`QpSolver::ActiveSet`]); memory is
    /// allocated on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty workspace using `solver`.
    pub fn with_solver(solver: QpSolver) -> Self {
        Self {
            solver,
            ..Self::default()
        }
    }

    /// The solver this workspace uses.
    pub fn solver(&self) -> QpSolver {
        self.solver
    }
}

/// Finds supporting wrenches (see [`ContactSet::find_supporting_wrenches`]). With `screening`,
/// the QP is solved on a working set of rows grown from the sum-constrained optimum (no solver
/// call at all when that optimum is feasible); without, on all rows at once. A solution with a
/// non-finite number is an error, never a result.
pub(crate) fn distribute(
    set: &ContactSet,
    wrench: &Vector6<f64>,
    point: &Point3<f64>,
    weights: &DistributionWeights,
    workspace: &mut DistributionWorkspace,
    screening: bool,
) -> Result<WrenchDistribution, StabilityError> {
    solve(set, wrench, point, weights, workspace, screening)?.checked()
}

fn solve(
    set: &ContactSet,
    wrench: &Vector6<f64>,
    point: &Point3<f64>,
    weights: &DistributionWeights,
    workspace: &mut DistributionWorkspace,
    screening: bool,
) -> Result<WrenchDistribution, StabilityError> {
    check_finite("target wrench", wrench.as_slice())?;
    crate::limits::wrench("target wrench", wrench)?;
    crate::limits::point("point", point)?;
    weights.validate()?;
    let contacts = set.contacts();
    let supporting = set.supporting_indices();
    // Managed contacts act on the robot too: the others must supply the rest.
    let mut residual = *wrench;
    for contact in contacts.iter().filter(|c| c.is_managed()) {
        if let Some(w) = contact.wrench() {
            residual -= transport_wrench(&w, &contact.position(), point);
        }
    }
    if supporting.is_empty() {
        let status = if residual.amax() <= CHECK_TOLERANCE * (1.0 + wrench.amax()) {
            DistributionStatus::Solved
        } else {
            DistributionStatus::Infeasible {
                reason: "every contact is managed and their wrenches do not add up to the target"
                    .to_string(),
            }
        };
        return Ok(finish(contacts, &supporting, &[], status, 0));
    }
    // Express the target at the supporting contacts' centroid, scaled to unit size.
    let reference = Point3::from(
        supporting
            .iter()
            .map(|&i| contacts[i].position().coords)
            .sum::<nalgebra::Vector3<f64>>()
            / supporting.len() as f64,
    );
    let target = transport_wrench(&residual, point, &reference);
    let scale = target.amax();
    if scale == 0.0 {
        let zeros = vec![Vector6::zeros(); supporting.len()];
        return Ok(finish(
            contacts,
            &supporting,
            &zeros,
            DistributionStatus::Solved,
            0,
        ));
    }
    let unit_target = target / scale;
    if supporting.len() == 1 {
        let contact = &contacts[supporting[0]];
        let at_contact = transport_wrench(&unit_target, &reference, &contact.position());
        let status = if satisfies(contact, &at_contact, scale) {
            DistributionStatus::Solved
        } else {
            DistributionStatus::Infeasible {
                reason: "the only supporting contact cannot exert the target wrench within its friction cone"
                    .to_string(),
            }
        };
        return Ok(finish(
            contacts,
            &supporting,
            &[at_contact * scale],
            status,
            0,
        ));
    }
    // Equality blocks: local wrench of contact i -> world wrench at the reference point.
    let maps: Vec<Matrix6<f64>> = supporting
        .iter()
        .map(|&i| local_to_reference(&contacts[i], &reference))
        .collect();
    // The sum-constrained optimum `x0` (every inequality ignored): if it satisfies them all, it is
    // the optimum. Otherwise clarabel solves for the step `δ = x − x0`, whose cost is the extra
    // cost `½ δᵀ P δ` (no large constant to cancel, so the optimum is resolved to full relative
    // precision), under the rows `A δ <= b − A x0`.
    let start = sum_constrained_optimum(&maps, &unit_target, weights);
    if screening
        && let Some(local) = &start
        && supporting
            .iter()
            .zip(local)
            .all(|(&i, u)| satisfies_local(&contacts[i], u, scale))
    {
        let wrenches = world_wrenches(contacts, &supporting, local, scale);
        return Ok(finish(
            contacts,
            &supporting,
            &wrenches,
            DistributionStatus::Solved,
            0,
        ));
    }
    // Without clarabel the active-set method is the only solver, screening or not.
    if !cfg!(feature = "clarabel") || (screening && workspace.solver == QpSolver::ActiveSet) {
        match workspace
            .active_set
            .solve(contacts, &supporting, &maps, &unit_target, scale, weights)
        {
            ActiveSetResult::Optimal(local, iterations) => {
                let mut local = local.to_vec();
                correct_sum(&mut local, &maps, &unit_target);
                if supporting
                    .iter()
                    .zip(&local)
                    .all(|(&i, u)| satisfies_local(&contacts[i], u, scale))
                {
                    let wrenches = world_wrenches(contacts, &supporting, &local, scale);
                    let status = DistributionStatus::Solved;
                    return Ok(finish(contacts, &supporting, &wrenches, status, iterations));
                }
            }
            ActiveSetResult::Infeasible(iterations) => {
                let status = DistributionStatus::Infeasible {
                    reason: "no contact wrenches within the friction cones add up to the target \
                             wrench (certified by a combination of the constraints)"
                        .to_string(),
                };
                return Ok(finish(contacts, &supporting, &[], status, iterations));
            }
            ActiveSetResult::Failed => {}
        }
    }
    #[cfg(feature = "clarabel")]
    return interior_point::solve(
        contacts,
        &supporting,
        &maps,
        &unit_target,
        scale,
        weights,
        start.as_deref(),
        workspace,
        screening,
    );
    #[cfg(not(feature = "clarabel"))]
    {
        let _ = (start, screening);
        let status = DistributionStatus::Failed {
            reason: "the active-set solver gave up and the interior-point fallback needs \
                     morsel-stability's `clarabel` feature"
                .to_string(),
        };
        Ok(finish(contacts, &supporting, &[], status, 0))
    }
}

/// Whether the unit-scaled local wrench `u` satisfies `contact`'s faces and pressure limit.
fn satisfies_local(contact: &Contact, u: &Vector6<f64>, scale: f64) -> bool {
    let faces_ok = (contact.local_wrench_inequalities() * u).max() <= SCREEN_TOLERANCE;
    let pressure_ok = contact
        .max_pressure()
        .is_none_or(|limit| u[2] <= limit / scale + SCREEN_TOLERANCE);
    faces_ok && pressure_ok
}

/// Whether `unit_wrench` (unit-scaled, world frame, at the contact point) is valid for `contact`.
fn satisfies(contact: &Contact, unit_wrench: &Vector6<f64>, scale: f64) -> bool {
    let faces = contact.wrench_inequalities() * unit_wrench;
    let pressure_ok = contact.max_pressure().is_none_or(|limit| {
        contact.normal().dot(&unit_wrench.fixed_rows::<3>(0)) <= limit / scale + CHECK_TOLERANCE
    });
    faces.max() <= CHECK_TOLERANCE && pressure_ok
}

/// Assembles the result: every contact in order when solved, nothing otherwise.
fn finish(
    contacts: &[Contact],
    supporting: &[usize],
    supporting_wrenches: &[Vector6<f64>],
    status: DistributionStatus,
    iterations: u32,
) -> WrenchDistribution {
    let wrenches = if status == DistributionStatus::Solved {
        let world: Vec<(usize, Vector6<f64>)> = contacts
            .iter()
            .enumerate()
            .filter_map(|(index, contact)| {
                let world = if contact.is_managed() {
                    contact.wrench()
                } else {
                    supporting
                        .iter()
                        .position(|&s| s == index)
                        .and_then(|k| supporting_wrenches.get(k).copied())
                };
                world.map(|w| (index, w))
            })
            .collect();
        let force_scale = world
            .iter()
            .map(|(_, w)| w.fixed_rows::<3>(0).norm())
            .fold(0.0, f64::max);
        world
            .into_iter()
            .map(|(index, w)| ContactWrench::new(index, &contacts[index], w, force_scale))
            .collect()
    } else {
        Vec::new()
    };
    WrenchDistribution {
        status,
        wrenches,
        iterations,
    }
}

impl ContactSet {
    /// Finds contact wrenches that realise the net contact wrench `wrench` (world frame, taken at
    /// `point`), with pymanoid's cost ([`DistributionWeights`]) and constraints (each supporting
    /// contact's wrench cone and, if set, its maximum pressure).
    ///
    /// Managed contacts keep their wrench, which is subtracted from the target. An infeasible
    /// target is reported in the result's status, not as an error. Errors on NaN or infinite
    /// input, on invalid weights, on a point or forces outside [`crate::limits`], and when the
    /// solver returns a non-finite wrench.
    pub fn find_supporting_wrenches(
        &self,
        wrench: &Vector6<f64>,
        point: &Point3<f64>,
        weights: &DistributionWeights,
    ) -> Result<WrenchDistribution, StabilityError> {
        self.find_supporting_wrenches_with(
            wrench,
            point,
            weights,
            &mut DistributionWorkspace::new(),
        )
    }

    /// [`ContactSet::find_supporting_wrenches`] with the solver choice and memory of
    /// `workspace`; with the active-set solver, the previous call's active set is the warm start.
    pub fn find_supporting_wrenches_with(
        &self,
        wrench: &Vector6<f64>,
        point: &Point3<f64>,
        weights: &DistributionWeights,
        workspace: &mut DistributionWorkspace,
    ) -> Result<WrenchDistribution, StabilityError> {
        distribute(self, wrench, point, weights, workspace, true)
    }
}

#[cfg(test)]
mod tests;
