//! Full-batch L-BFGS (argmin, Moré–Thuente line search) on the weighted mean squared error:
//! the optimiser of networks too large for [`super::levenberg`]'s normal equations.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use argmin::core::{CostFunction, Executor, Gradient, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;

use super::batch::{Samples, weighted_sse};
use super::mlp::Mlp;
use crate::error::{JointspaceError, Result};

/// The best cost seen and its parameters, shared with the caller.
type Best = Arc<Mutex<Option<(f64, Vec<f64>)>>>;

/// The optimisation problem: mean squared error over the training samples.
struct Problem<'a> {
    template: Mlp,
    train: &'a Samples,
    /// Sum of the training samples' weights.
    total_weight: f64,
    shift: f64,
    scale: f64,
    /// The last gradient computed with the cost, and its parameters (argmin asks for the
    /// cost and then the gradient at the same point).
    cached: Mutex<Option<(Vec<f64>, Vec<f64>)>>,
    /// The best parameters seen, with their cost (kept if the line search gives up).
    best: Best,
}

impl Problem<'_> {
    fn loss_and_gradient(&self, params: &[f64]) -> (f64, Vec<f64>) {
        let mut mlp = self.template.clone();
        mlp.set_params(params);
        let n = self.total_weight;
        let (sse, grad) = weighted_sse(&mlp, self.train, self.shift, self.scale, Some(1.0 / n));
        (sse / n, grad)
    }
}

fn poisoned() -> argmin::core::Error {
    argmin::core::Error::msg("a training thread panicked")
}

impl CostFunction for Problem<'_> {
    type Param = Vec<f64>;
    type Output = f64;

    fn cost(&self, params: &Vec<f64>) -> std::result::Result<f64, argmin::core::Error> {
        crate::stop::check()?;
        let (loss, grad) = self.loss_and_gradient(params);
        *self.cached.lock().map_err(|_| poisoned())? = Some((params.clone(), grad));
        let mut best = self.best.lock().map_err(|_| poisoned())?;
        if loss.is_finite() && best.as_ref().is_none_or(|(b, _)| loss < *b) {
            *best = Some((loss, params.clone()));
        }
        Ok(loss)
    }
}

impl Gradient for Problem<'_> {
    type Param = Vec<f64>;
    type Gradient = Vec<f64>;

    fn gradient(&self, params: &Vec<f64>) -> std::result::Result<Vec<f64>, argmin::core::Error> {
        if let Some((p, g)) = self.cached.lock().map_err(|_| poisoned())?.as_ref()
            && p == params
        {
            return Ok(g.clone());
        }
        Ok(self.loss_and_gradient(params).1)
    }
}

/// L-BFGS from `init` on `train` (targets standardised by `(shift, scale)`), for at most
/// `iterations` iterations (history `memory`) or until `budget` after `start`. Returns the best
/// parameters seen, the iterations run and why it stopped.
pub(crate) fn lbfgs(
    template: &Mlp,
    train: &Samples,
    (shift, scale): (f64, f64),
    init: Vec<f64>,
    (iterations, memory): (u64, usize),
    budget: Option<Duration>,
    start: Instant,
) -> Result<(Vec<f64>, u64, String)> {
    let problem = Problem {
        template: template.clone(),
        train,
        total_weight: train.weights.iter().sum(),
        shift,
        scale,
        cached: Mutex::new(None),
        best: Arc::new(Mutex::new(None)),
    };
    let best = problem.best.clone();
    let optimiser_error = |e: argmin::core::Error| JointspaceError::Optimiser {
        message: e.to_string(),
    };
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), memory)
        .with_tolerance_grad(0.0)
        .and_then(|s| s.with_tolerance_cost(0.0))
        .map_err(optimiser_error)?;
    let mut executor = Executor::new(problem, solver).configure(|s| {
        s.param(init)
            .max_iters(iterations)
            .target_cost(f64::NEG_INFINITY)
    });
    if let Some(budget) = budget {
        executor = executor.timeout(budget.saturating_sub(start.elapsed()));
    }
    let (iterations, stopped_by) = match executor.run() {
        Ok(result) => (
            result.state.get_iter(),
            result
                .state
                .get_termination_reason()
                .map_or_else(|| "unknown".to_string(), |r| r.text().to_string()),
        ),
        Err(e) => {
            if crate::stop::check().is_err() {
                return Err(JointspaceError::Stopped);
            }
            (0, format!("the line search ended the fit: {e}"))
        }
    };
    let best = best
        .lock()
        .map_err(|_| optimiser_error(poisoned()))?
        .take()
        .ok_or_else(|| JointspaceError::Optimiser {
            message: "no finite loss was reached".into(),
        })?;
    Ok((best.1, iterations, stopped_by))
}
