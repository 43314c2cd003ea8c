//! Fitting a [`JointspaceModel`] to sampled distances. A spline ([`ModelKind::Spline`]) is
//! fitted by penalised least squares ([`super::spline_fit`]). A network: an optional warm-up of Adam on
//! mini-batches, then Levenberg–Marquardt ([`super::levenberg`]) on the weighted squared error
//! for networks of up to [`LM_MAX_PARAMS`] parameters, full-batch L-BFGS (argmin,
//! [`super::lbfgs`]) for larger ones. Samples near the collision boundary weigh more (the
//! offset and the lost range of motion depend on the error there). Gradients and Jacobians
//! are back-propagated by hand over fixed chunks of samples ([`super::batch`]) that run in
//! parallel and are summed in chunk order, so that a seed gives the same model for any number
//! of threads.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::JointspaceModel;
use super::batch::{Samples, weighted_sse_range};
use super::encoding::{JointEncoding, encode, input_width};
use super::kind::ModelKind;
use super::lbfgs::lbfgs;
use super::levenberg::levenberg_marquardt;
use super::mlp::Mlp;
use super::spline::SplineGrid;
use super::spline_fit::{SplineSamples, fit_spline};
use crate::error::{JointspaceError, Result};
use crate::sample_map::{Quantity, SampleMap};

/// Samples per mini-batch of the Adam warm-up, and per parallel task inside one.
const WARMUP_BATCH: usize = 1024;
const WARMUP_TASK: usize = 512;

/// Networks with at most this many parameters are fitted by Levenberg–Marquardt
/// ([`super::levenberg`]), larger ones by L-BFGS (the normal equations grow with the square
/// of the parameter count).
pub const LM_MAX_PARAMS: usize = 1500;

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
    /// The kind of model: a network (the default here; front ends default to
    /// [`ModelKind::Auto`]), a spline, or the best for the joint count.
    pub kind: ModelKind,
    /// Hidden layer widths (`tanh`), for example `[16, 16]`.
    pub hidden: Vec<usize>,
    /// Seed of the initial weights and of the validation split.
    pub seed: u64,
    /// Most optimiser iterations: Levenberg–Marquardt steps (one Jacobian pass over the
    /// training samples each), L-BFGS iterations (one pass or more each) or, for a spline,
    /// conjugate-gradient steps (one pass each).
    pub epochs: u64,
    /// Wall-clock budget; the fit stops at the first of `epochs` and this. A budget makes the
    /// result depend on the machine's speed.
    pub time_budget: Option<Duration>,
    /// The validation samples.
    pub validation: Validation,
    /// L-BFGS history length.
    pub memory: usize,
    /// Extra loss weight of samples at the collision boundary: a sample at true distance `d`
    /// weighs `1 + boundary_weight · exp(−|d| / boundary_width)`. 0 fits the plain mean
    /// squared error.
    pub boundary_weight: f64,
    /// Width (the map's unit) of the boundary weighting.
    pub boundary_width: f64,
    /// Passes of Adam over the training samples before the main optimiser (0: none).
    pub warmup_epochs: u64,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            kind: ModelKind::Network,
            hidden: vec![16, 16],
            seed: 0,
            epochs: 200,
            time_budget: None,
            validation: Validation::Fraction(0.1),
            memory: 10,
            boundary_weight: 4.0,
            boundary_width: 0.05,
            warmup_epochs: 0,
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
    /// Optimiser iterations run (Levenberg–Marquardt steps or L-BFGS iterations).
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

/// The loss weight of a sample at true distance `t` (`boundary` = (weight, width); weight 0
/// gives 1).
fn sample_weight(t: f64, (weight, width): (f64, f64)) -> f64 {
    if weight > 0.0 {
        1.0 + weight * (-t.abs() / width).exp()
    } else {
        1.0
    }
}

/// The samples `rows` of `map`, encoded, weighted by their distance to the boundary
/// (`boundary` = (weight, width); weight 0 gives every sample weight 1).
fn encode_samples(
    encoding: &[JointEncoding],
    map: &SampleMap,
    rows: &[usize],
    (weight, width): (f64, f64),
) -> Samples {
    let w = input_width(encoding);
    let n = rows.len();
    let mut inputs = vec![0.0; n * w];
    let mut one = vec![0.0; w];
    let (qs, values) = (map.configurations(), map.values());
    let mut q = vec![0.0; map.dim()];
    for (s, &r) in rows.iter().enumerate() {
        q.iter_mut()
            .zip(qs.row(r).iter())
            .for_each(|(a, b)| *a = *b);
        encode(encoding, &q, &mut one);
        for (j, v) in one.iter().enumerate() {
            inputs[j * n + s] = *v;
        }
    }
    let targets: Vec<f64> = rows.iter().map(|&r| values[r]).collect();
    let weights = targets
        .iter()
        .map(|t| sample_weight(*t, (weight, width)))
        .collect();
    Samples {
        width: w,
        inputs,
        targets,
        weights,
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

/// Checks that `map` (a validation or certification map) holds the quantity of a model of
/// `quantity` (joint-space or Cartesian distance, not one for the other) and stays inside the
/// ranges of its non-periodic joints (`encoding`), where the model was fitted.
pub(crate) fn check_same_kind(
    what: &str,
    (quantity, source): (&Quantity, Option<&str>),
    encoding: &[JointEncoding],
    map: &SampleMap,
) -> Result<()> {
    if let (Some(expected), Some(got)) = (source, map.source())
        && expected != got
    {
        return Err(JointspaceError::ModelMismatch {
            what: what.into(),
            reason: format!(
                "it was sampled from {got}, the model's samples from {expected}; sample the same robot, pairs and reference configuration"
            ),
        });
    }
    if std::mem::discriminant(quantity) != std::mem::discriminant(map.quantity()) {
        return Err(JointspaceError::ModelMismatch {
            what: what.into(),
            reason: format!(
                "it holds {} but the model fits {}; compute the same quantity (to_jointspace with a boundary of the same sampler, or the same sampling options)",
                map.quantity().label(),
                quantity.label()
            ),
        });
    }
    for ((e, r), name) in encoding.iter().zip(map.ranges()).zip(map.joints()) {
        if let JointEncoding::Scaled { lo, hi } = *e {
            let slack = 1e-9 * (hi - lo).abs().max(1.0);
            if r[0] < lo - slack || r[1] > hi + slack {
                return Err(JointspaceError::ModelMismatch {
                    what: what.into(),
                    reason: format!(
                        "joint \"{name}\" is sampled over [{}, {}], outside the model's range [{lo}, {hi}]; sample inside the range the model was fitted over",
                        r[0], r[1]
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Fits a model of `map`'s distances (Cartesian, or joint-space from
/// [`SampleMap::to_jointspace`]) over its joints and ranges.
///
/// Errors when the map holds no distances, is empty, has NaN, is entirely in collision, when
/// the validation map samples other joints, or when an option is out of range.
///
/// ```
/// use std::f64::consts::PI;
/// use morsel_jointspace::morsel_geometry::{Collider, Shape};
/// use morsel_jointspace::morsel_kinematics::{JointKind, JointSpec, LinkSpec, ModelBuilder};
/// use morsel_jointspace::nalgebra::{Isometry3, Vector3};
/// use morsel_jointspace::{CollisionSampler, FitOptions, ModelKind, SampleOptions, SamplerSpec, fit};
///
/// // One revolute joint about z swings a ball (radius 0.1, 1.1 m out) past a fixed ball
/// // (radius 0.2) at (2, 0, 0): the distance is |(1.1 cos q − 2, 1.1 sin q)| − 0.3.
/// let mut base = LinkSpec::new("base");
/// base.collisions.push(Collider::new(Shape::sphere(0.2)?, Isometry3::translation(2.0, 0.0, 0.0))?);
/// let mut arm = LinkSpec::new("arm");
/// arm.collisions.push(Collider::new(Shape::sphere(0.1)?, Isometry3::translation(1.1, 0.0, 0.0))?);
/// let mut robot = ModelBuilder::new("swing");
/// robot.add_link(base).add_link(arm);
/// robot.add_joint(JointSpec::new("q", JointKind::Revolute, "base", "arm", Isometry3::identity(), Vector3::z()));
/// let spec = SamplerSpec::new(["q"], [[-PI, PI]], [("base", "arm")]);
/// let sampler = CollisionSampler::new(robot.build()?, &spec)?;
///
/// // Sample 401 angles, fit a cubic spline of 24 cells, and compare it with the closed form.
/// let map = sampler.grid(&[401], &SampleOptions::distance())?;
/// let options = FitOptions {
///     kind: ModelKind::Spline { cells: vec![24], smoothing: 0.0 },
///     ..FitOptions::default()
/// };
/// let (model, report) = fit(&map, &options)?;
/// assert!(report.validation_rmse < 1e-3, "{report:?}");
/// for q in [-2.5, -1.0, 0.3, 1.7, 3.0] {
///     let exact = ((1.1 * f64::cos(q) - 2.0).powi(2) + (1.1 * f64::sin(q)).powi(2)).sqrt() - 0.3;
///     assert!((model.distance(&[q])? - exact).abs() < 1e-3, "q = {q}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fit(map: &SampleMap, options: &FitOptions) -> Result<(JointspaceModel, FitReport)> {
    check_distances("training map", map)?;
    if options.hidden.contains(&0) {
        return Err(JointspaceError::invalid(
            "hidden",
            format!("{:?} has a layer of width 0", options.hidden),
        ));
    }
    if !(options.boundary_weight >= 0.0
        && options.boundary_weight.is_finite()
        && options.boundary_width > 0.0
        && options.boundary_width.is_finite())
    {
        return Err(JointspaceError::invalid(
            "boundary_weight",
            format!(
                "the weight {} must be finite and >= 0 and the width {} finite and > 0",
                options.boundary_weight, options.boundary_width
            ),
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
    let (train_rows, validation_map, validation_rows) = match &options.validation {
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
            (train, map, val)
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
            check_same_kind(
                "validation map",
                (map.quantity(), map.source()),
                &encoding,
                v,
            )?;
            (rows, v, (0..v.len()).collect())
        }
    };
    let weighting = (options.boundary_weight, options.boundary_width);
    let start = Instant::now();
    let (joints, ranges, quantity) = (
        map.joints().to_vec(),
        map.ranges().to_vec(),
        map.quantity().clone(),
    );
    let periodic = encoding
        .iter()
        .filter(|e| **e == JointEncoding::Periodic)
        .count();
    let kind = options.kind.resolve(map.dim(), periodic, train_rows.len());
    let (mut model, iterations, stopped_by) = match &kind {
        // `resolve` never gives Auto.
        ModelKind::Network | ModelKind::Auto => {
            let train = encode_samples(&encoding, map, &train_rows, weighting);
            let (mlp, iterations, stopped_by) =
                fit_network(&encoding, &train, options, &mut rng, start)?;
            let model = JointspaceModel::new(joints, ranges, encoding, mlp, quantity)?;
            (model, iterations, stopped_by)
        }
        ModelKind::Spline { cells, smoothing } => {
            let (spline, iterations, stopped_by) = fit_spline_model(
                map,
                &train_rows,
                &encoding,
                (cells, *smoothing),
                options,
                start,
            )?;
            let model = JointspaceModel::from_spline(joints, ranges, encoding, spline, quantity)?;
            (model, iterations, stopped_by)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    model.source = map.source().map(str::to_owned);
    let (train_rmse, _) = errors(&model, map, &train_rows);
    let (validation_rmse, validation_max) = errors(&model, validation_map, &validation_rows);
    Ok((
        model,
        FitReport {
            train_samples: train_rows.len(),
            validation_samples: validation_rows.len(),
            iterations,
            seconds,
            train_rmse,
            validation_rmse,
            validation_max,
            stopped_by,
        },
    ))
}

/// A network fitted to `train` (see the module documentation): the network, the optimiser's
/// iterations and why it stopped.
fn fit_network(
    encoding: &[JointEncoding],
    train: &Samples,
    options: &FitOptions,
    rng: &mut ChaCha8Rng,
    start: Instant,
) -> Result<(Mlp, u64, String)> {
    let n = train.len() as f64;
    let mean = train.targets.iter().sum::<f64>() / n;
    let var = train
        .targets
        .iter()
        .map(|t| (t - mean).powi(2))
        .sum::<f64>()
        / n;
    let scale = if var > 0.0 { var.sqrt() } else { 1.0 };

    let template = Mlp::random(input_width(encoding), &options.hidden, rng);
    let init = warm_up(&template, train, (mean, scale), options, rng, start)?;
    let standard = (mean, scale);
    let (params, iterations, stopped_by) = if template.param_count() <= LM_MAX_PARAMS {
        let deadline = options.time_budget.map(|b| (start, b));
        let out = levenberg_marquardt(&template, train, standard, init, options.epochs, deadline)?;
        (out.params, out.iterations, out.stopped_by)
    } else {
        lbfgs(
            &template,
            train,
            standard,
            init,
            (options.epochs, options.memory),
            options.time_budget,
            start,
        )?
    };
    let mut mlp = template;
    mlp.set_params(&params);
    fold_output_scale(&mut mlp, mean, scale);
    Ok((mlp, iterations, stopped_by))
}

/// A spline fitted to the samples `rows` of `map` ([`super::spline_fit`]): the spline, the
/// conjugate-gradient steps and why they stopped.
fn fit_spline_model(
    map: &SampleMap,
    rows: &[usize],
    encoding: &[JointEncoding],
    (cells, smoothing): (&[usize], f64),
    options: &FitOptions,
    start: Instant,
) -> Result<(SplineGrid, u64, String)> {
    let k = map.dim();
    let cells = match cells.len() {
        1 => vec![cells[0]; k],
        n if n == k => cells.to_vec(),
        n => {
            return Err(JointspaceError::WrongLength {
                what: format!(
                    "spline cells (one count, or one per joint of {:?})",
                    map.joints()
                ),
                expected: k,
                got: n,
            });
        }
    };
    if !(smoothing >= 0.0 && smoothing.is_finite()) {
        return Err(JointspaceError::invalid(
            "smoothing",
            format!("{smoothing} is not a finite number >= 0"),
        ));
    }
    let periodic: Vec<bool> = encoding
        .iter()
        .map(|e| *e == JointEncoding::Periodic)
        .collect();
    let mut spline = SplineGrid::zeros(map.ranges(), &periodic, &cells)?;
    let (qs, values) = (map.configurations(), map.values());
    let mut configurations = Vec::with_capacity(rows.len() * k);
    for &r in rows {
        configurations.extend(qs.row(r).iter());
    }
    let targets: Vec<f64> = rows.iter().map(|&r| values[r]).collect();
    let weighting = (options.boundary_weight, options.boundary_width);
    let weights = targets
        .iter()
        .map(|t| sample_weight(*t, weighting))
        .collect();
    let samples = SplineSamples {
        configurations,
        targets,
        weights,
    };
    let deadline = options.time_budget.map(|b| (start, b));
    let out = fit_spline(&mut spline, &samples, smoothing, options.epochs, deadline)?;
    Ok((spline, out.iterations, out.stopped_by))
}

/// Makes the network output `scale · y + shift` directly (it was trained on standardised
/// targets).
fn fold_output_scale(mlp: &mut Mlp, shift: f64, scale: f64) {
    if let Some(last) = mlp.layers.last_mut() {
        last.weights.iter_mut().for_each(|w| *w *= scale);
        last.bias[0] = last.bias[0] * scale + shift;
    }
}

/// RMS and largest absolute error of `model` on the samples `rows` of `map` (NaN when there
/// are none).
fn errors(model: &JointspaceModel, map: &SampleMap, rows: &[usize]) -> (f64, f64) {
    if rows.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mut s = model.scratch();
    let (qs, values) = (map.configurations(), map.values());
    let mut q = vec![0.0; map.dim()];
    let (mut sse, mut max) = (0.0_f64, 0.0_f64);
    for &r in rows {
        q.iter_mut()
            .zip(qs.row(r).iter())
            .for_each(|(a, b)| *a = *b);
        let e = model.distance_with(&q, &mut s) - values[r];
        sse += e * e;
        max = max.max(e.abs());
    }
    ((sse / rows.len() as f64).sqrt(), max)
}

/// Adam on shuffled mini-batches for `options.warmup_epochs` passes (learning rate 1e-2 decaying
/// linearly to 1e-3), from `template`'s parameters; returns the parameters reached. Stops early
/// at half the time budget.
fn warm_up(
    template: &Mlp,
    train: &Samples,
    (shift, scale): (f64, f64),
    options: &FitOptions,
    rng: &mut ChaCha8Rng,
    start: Instant,
) -> Result<Vec<f64>> {
    let mut params = template.params();
    if options.warmup_epochs == 0 {
        return Ok(params);
    }
    let (beta1, beta2, eps): (f64, f64, f64) = (0.9, 0.999, 1e-8);
    let mut m = vec![0.0; params.len()];
    let mut v = vec![0.0; params.len()];
    let mut mlp = template.clone();
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut step = 0i32;
    let total = options.warmup_epochs as f64;
    for epoch in 0..options.warmup_epochs {
        crate::stop::check()?;
        if options.time_budget.is_some_and(|b| start.elapsed() * 2 > b) {
            break;
        }
        order.shuffle(rng);
        let shuffled = train.select(&order);
        let lr = 1e-2 * (1.0 - 0.9 * epoch as f64 / total);
        let mut at = 0;
        while at < shuffled.len() {
            let end = (at + WARMUP_BATCH).min(shuffled.len());
            let weight: f64 = shuffled.weights[at..end].iter().sum();
            mlp.set_params(&params);
            let (_, grad) = weighted_sse_range(
                &mlp,
                &shuffled,
                at..end,
                WARMUP_TASK,
                (shift, scale),
                Some(1.0 / weight),
            );
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            for (((p, g), m), v) in params.iter_mut().zip(&grad).zip(&mut m).zip(&mut v) {
                *m = beta1 * *m + (1.0 - beta1) * g;
                *v = beta2 * *v + (1.0 - beta2) * g * g;
                *p -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
            }
            at = end;
        }
    }
    Ok(params)
}
