//! Fitting a [`JointspaceModel`] to sampled distances: full-batch L-BFGS (argmin) on the mean
//! squared error, with the gradient back-propagated by hand over fixed chunks of samples that
//! run in parallel and are summed in chunk order, so that a seed gives the same model for any
//! number of threads.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use argmin::core::{CostFunction, Executor, Gradient, State};
use argmin::solver::linesearch::MoreThuenteLineSearch;
use argmin::solver::quasinewton::LBFGS;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use super::JointspaceModel;
use super::encoding::{JointEncoding, encode, input_width};
use super::mlp::Mlp;
use crate::error::{JointspaceError, Result};
use crate::sample_map::{Quantity, SampleMap};

/// Samples per parallel task in the loss gradient (fixed, so the sum does not depend on the
/// number of threads).
const SAMPLES_PER_TASK: usize = 2048;

/// Where the validation samples come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Validation {
    /// This fraction of the map's samples (drawn with the seed), held out of training.
    Fraction(f64),
    /// A separate map of the same joints.
    Map(SampleMap),
}

/// Options of [`fit`].
#[derive(Clone, Debug, PartialEq)]
pub struct FitOptions {
    /// Hidden layer widths (`tanh`), for example `[16, 16]`.
    pub hidden: Vec<usize>,
    /// Seed of the initial weights and of the validation split.
    pub seed: u64,
    /// Most L-BFGS iterations (each one pass over the training samples or more).
    pub epochs: u64,
    /// Wall-clock budget; the fit stops at the first of `epochs` and this. A budget makes the
    /// result depend on the machine's speed.
    pub time_budget: Option<Duration>,
    /// The validation samples.
    pub validation: Validation,
    /// L-BFGS history length.
    pub memory: usize,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            hidden: vec![16, 16],
            seed: 0,
            epochs: 1000,
            time_budget: None,
            validation: Validation::Fraction(0.1),
            memory: 10,
        }
    }
}

/// How a fit went.
#[derive(Clone, Debug, PartialEq)]
pub struct FitReport {
    /// Training samples.
    pub train_samples: usize,
    /// Validation samples.
    pub validation_samples: usize,
    /// L-BFGS iterations run.
    pub iterations: u64,
    /// Wall-clock seconds of the optimisation.
    pub seconds: f64,
    /// Root-mean-square error on the training samples (the map's unit).
    pub train_rmse: f64,
    /// Root-mean-square error on the validation samples (NaN when there are none).
    pub validation_rmse: f64,
    /// Largest absolute error on the validation samples (NaN when there are none).
    pub validation_max: f64,
    /// Why the optimiser stopped.
    pub stopped_by: String,
}

/// Samples, encoded once.
struct Encoded {
    width: usize,
    inputs: Vec<f64>,
    targets: Vec<f64>,
}

impl Encoded {
    fn new(encoding: &[JointEncoding], map: &SampleMap, rows: &[usize]) -> Encoded {
        let width = input_width(encoding);
        let mut inputs = vec![0.0; rows.len() * width];
        let mut targets = Vec::with_capacity(rows.len());
        let (qs, values) = (map.configurations(), map.values());
        for (out, &r) in inputs.chunks_exact_mut(width).zip(rows) {
            encode(encoding, &qs.row(r).to_vec(), out);
            targets.push(values[r]);
        }
        Encoded {
            width,
            inputs,
            targets,
        }
    }

    fn len(&self) -> usize {
        self.targets.len()
    }

    /// Sum of squared errors of `mlp` on targets `(t − shift) / scale`, and optionally its
    /// gradient with respect to the parameters, times `grad_scale`.
    fn sse(&self, mlp: &Mlp, shift: f64, scale: f64, grad_scale: Option<f64>) -> (f64, Vec<f64>) {
        let parts: Vec<(f64, Vec<f64>)> = self
            .targets
            .par_chunks(SAMPLES_PER_TASK)
            .zip(self.inputs.par_chunks(SAMPLES_PER_TASK * self.width))
            .map(|(targets, inputs)| {
                let mut s = mlp.scratch();
                let mut grad = vec![
                    0.0;
                    if grad_scale.is_some() {
                        mlp.param_count()
                    } else {
                        0
                    }
                ];
                let mut sse = 0.0;
                for (t, x) in targets.iter().zip(inputs.chunks_exact(self.width)) {
                    s.acts[0].copy_from_slice(x);
                    let r = mlp.forward(&mut s) - (t - shift) / scale;
                    sse += r * r;
                    if let Some(g) = grad_scale {
                        mlp.backward(&mut s, 2.0 * r * g, Some(&mut grad));
                    }
                }
                (sse, grad)
            })
            .collect();
        let mut total = 0.0;
        let mut grad = vec![
            0.0;
            if grad_scale.is_some() {
                mlp.param_count()
            } else {
                0
            }
        ];
        for (sse, g) in parts {
            total += sse;
            grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
        }
        (total, grad)
    }
}

/// The best cost seen and its parameters, shared with the caller.
type Best = Arc<Mutex<Option<(f64, Vec<f64>)>>>;

/// The optimisation problem: mean squared error over the training samples.
struct Problem<'a> {
    template: Mlp,
    train: &'a Encoded,
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
        let n = self.train.len() as f64;
        let (sse, grad) = self.train.sse(&mlp, self.shift, self.scale, Some(1.0 / n));
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

/// Checks that `map` holds finite distances (Cartesian or joint-space).
pub(crate) fn check_distances(what: &str, map: &SampleMap) -> Result<()> {
    if !matches!(
        map.quantity(),
        Quantity::Distance(_) | Quantity::JointSpaceDistance
    ) {
        return Err(JointspaceError::NotDistances {
            what: what.into(),
            quantity: map.quantity().label(),
        });
    }
    if map.is_empty() {
        return Err(JointspaceError::NoUsableSamples {
            what: what.into(),
            reason: "it has no sample".into(),
        });
    }
    if let Some((i, v)) = map.rows().iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(JointspaceError::NotFinite {
            what: format!("{what} row {}", i / (map.dim() + 1)),
            value: *v,
        });
    }
    if map.values().iter().all(|&v| v <= 0.0) {
        return Err(JointspaceError::NoUsableSamples {
            what: what.into(),
            reason: format!(
                "all {} samples are in collision (value <= 0); sample a region with free configurations",
                map.len()
            ),
        });
    }
    Ok(())
}

/// Fits a model of `map`'s distances (Cartesian, or joint-space from
/// [`SampleMap::to_jointspace`]) over its joints and ranges.
///
/// Errors when the map holds no distances, is empty, has NaN, is entirely in collision, when
/// the validation map samples other joints, or when an option is out of range.
pub fn fit(map: &SampleMap, options: &FitOptions) -> Result<(JointspaceModel, FitReport)> {
    check_distances("training map", map)?;
    if options.hidden.contains(&0) {
        return Err(JointspaceError::invalid(
            "hidden",
            format!("{:?} has a layer of width 0", options.hidden),
        ));
    }
    if options.epochs == 0 || options.memory == 0 {
        return Err(JointspaceError::invalid(
            "epochs",
            "give at least one iteration and a history of at least 1",
        ));
    }
    let encoding: Vec<JointEncoding> = map
        .ranges()
        .iter()
        .map(|&r| JointEncoding::for_range(r))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut rows: Vec<usize> = (0..map.len()).collect();
    let (train, validation) = match &options.validation {
        Validation::Fraction(f) => {
            if !(0.0..1.0).contains(f) {
                return Err(JointspaceError::invalid(
                    "validation",
                    format!("the fraction {f} is not in [0, 1)"),
                ));
            }
            rows.shuffle(&mut rng);
            let held = ((map.len() as f64) * f).round() as usize;
            let (val, train) = rows.split_at(held);
            if train.is_empty() {
                return Err(JointspaceError::NoUsableSamples {
                    what: "training map".into(),
                    reason: "no sample is left for training after the validation split".into(),
                });
            }
            let (mut train, mut val) = (train.to_vec(), val.to_vec());
            train.sort_unstable();
            val.sort_unstable();
            (
                Encoded::new(&encoding, map, &train),
                Encoded::new(&encoding, map, &val),
            )
        }
        Validation::Map(v) => {
            if v.joints() != map.joints() {
                return Err(JointspaceError::JointSetMismatch {
                    what: "validation map".into(),
                    expected: map.joints().to_vec(),
                    got: v.joints().to_vec(),
                });
            }
            check_distances("validation map", v)?;
            let all: Vec<usize> = (0..v.len()).collect();
            (
                Encoded::new(&encoding, map, &rows),
                Encoded::new(&encoding, v, &all),
            )
        }
    };
    let n = train.len() as f64;
    let mean = train.targets.iter().sum::<f64>() / n;
    let var = train
        .targets
        .iter()
        .map(|t| (t - mean).powi(2))
        .sum::<f64>()
        / n;
    let scale = if var > 0.0 { var.sqrt() } else { 1.0 };

    let template = Mlp::random(input_width(&encoding), &options.hidden, &mut rng);
    let init = template.params();
    let problem = Problem {
        template: template.clone(),
        train: &train,
        shift: mean,
        scale,
        cached: Mutex::new(None),
        best: Arc::new(Mutex::new(None)),
    };
    let best = problem.best.clone();
    let optimiser_error = |e: argmin::core::Error| JointspaceError::Optimiser {
        message: e.to_string(),
    };
    let solver = LBFGS::new(MoreThuenteLineSearch::new(), options.memory)
        .with_tolerance_grad(0.0)
        .and_then(|s| s.with_tolerance_cost(0.0))
        .map_err(optimiser_error)?;
    let start = Instant::now();
    let mut executor = Executor::new(problem, solver).configure(|s| {
        s.param(init)
            .max_iters(options.epochs)
            .target_cost(f64::NEG_INFINITY)
    });
    if let Some(budget) = options.time_budget {
        executor = executor.timeout(budget);
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
    let seconds = start.elapsed().as_secs_f64();
    let best = best
        .lock()
        .map_err(|_| optimiser_error(poisoned()))?
        .take()
        .ok_or_else(|| JointspaceError::Optimiser {
            message: "no finite loss was reached".into(),
        })?;
    let mut mlp = template;
    mlp.set_params(&best.1);
    fold_output_scale(&mut mlp, mean, scale);
    let train_rmse = (train.sse(&mlp, 0.0, 1.0, None).0 / n).sqrt();
    let (validation_rmse, validation_max) = errors(&mlp, &validation);
    let model = JointspaceModel::new(
        map.joints().to_vec(),
        map.ranges().to_vec(),
        encoding,
        mlp,
        map.quantity().clone(),
    )?;
    Ok((
        model,
        FitReport {
            train_samples: train.len(),
            validation_samples: validation.len(),
            iterations,
            seconds,
            train_rmse,
            validation_rmse,
            validation_max,
            stopped_by,
        },
    ))
}

/// Makes the network output `scale · y + shift` directly (it was trained on standardised
/// targets).
fn fold_output_scale(mlp: &mut Mlp, shift: f64, scale: f64) {
    if let Some(last) = mlp.layers.last_mut() {
        last.weights.iter_mut().for_each(|w| *w *= scale);
        last.bias[0] = last.bias[0] * scale + shift;
    }
}

/// RMS and largest absolute error of `mlp` on `data` (NaN when empty).
fn errors(mlp: &Mlp, data: &Encoded) -> (f64, f64) {
    if data.len() == 0 {
        return (f64::NAN, f64::NAN);
    }
    let mut s = mlp.scratch();
    let (mut sse, mut max) = (0.0_f64, 0.0_f64);
    for (t, x) in data
        .targets
        .iter()
        .zip(data.inputs.chunks_exact(data.width))
    {
        s.acts[0].copy_from_slice(x);
        let r = mlp.forward(&mut s) - t;
        sse += r * r;
        max = max.max(r.abs());
    }
    ((sse / data.len() as f64).sqrt(), max)
}
