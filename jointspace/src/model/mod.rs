//! Fitted models of the joint-space distance: a small function that a control loop can
//! evaluate in nanoseconds, with its analytic gradient, a certified offset and exports.
//!
//! A [`JointspaceModel`] is a value: the sampled joints (names, order, ranges), their
//! encoding ([`JointEncoding`]: periodic joints as `(cos q, sin q)`, the others scaled to
//! `[-1, 1]`), the function ([`Approximator`]: a network, [`Mlp`], with `tanh` hidden layers
//! and a linear output, as in the Solo-12 project; or a cubic B-spline over a grid of the
//! joints, [`SplineGrid`], for up to 4 joints) and the offset `δ` that [`certify`] proves
//! (over the whole box of joint ranges) or [`certify_empirical`] measures (on one map).
//! Evaluation ([`JointspaceModel::distance`], [`JointspaceModel::gradient`] and their batched
//! forms), the C header, the JSON and the NPZ exports all read the same struct.
//!
//! Files: `encoding.rs` (inputs), `mlp.rs` (network), `spline.rs` (spline), `training.rs`
//! ([`fit`]), `kind.rs` (network or spline), `batch.rs` (a network's training loss over many samples), `levenberg.rs` and
//! `lbfgs.rs` (its optimisers), `spline_fit.rs` (a spline's least squares), `certify.rs`
//! ([`certify_empirical`]), `certify_sound.rs` ([`certify`]) with `motion_bound.rs` (how fast
//! the exact distance can change), `model_bound.rs` and `spline_bound.rs` (bounds of the model
//! over a box), `export_c.rs`, `export_c_spline.rs` and `c_text.rs` (C99 header), `export_json.rs` (JSON
//! and NPZ), `avoidance.rs` ([`repulsive_velocity`], the model in a controller).

mod avoidance;
mod batch;
mod c_text;
mod certify;
mod certify_sound;
mod encoding;
mod export_c;
mod export_c_spline;
mod export_json;
mod kind;
mod lbfgs;
mod levenberg;
mod mlp;
mod model_bound;
mod motion_bound;
mod spline;
mod spline_bound;
mod spline_fit;
mod training;

use ndarray::{Array2, ArrayView2};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};
use crate::sample_map::Quantity;

pub use avoidance::{Repulsion, repulsive_velocity};
pub use certify::{Certificate, certify_empirical, lost_motion_map, predicted_map};
pub use certify_sound::{CertifyOptions, SoundCertificate, certify, certify_with_bound};
pub use encoding::{JointEncoding, encode, input_width, pull_back};
pub use export_c::{CHeaderOptions, c_header, c_prefix};
pub use export_json::{ACTIVATION_NAME, MODEL_FORMAT, MODEL_VERSION, from_json, save_npz, to_json};
pub use kind::{
    AUTO_MAX_CELLS, AUTO_SAMPLES_PER_COEFFICIENT, DEFAULT_SMOOTHING, DEFAULT_SPLINE_CELLS,
    ModelKind,
};
pub use mlp::{ACTIVATION_CLAMP, Layer, Mlp, Scratch, activation};
pub use motion_bound::MotionBound;
pub use spline::{MAX_SPLINE_COEFFICIENTS, MAX_SPLINE_JOINTS, SplineGrid};
pub use training::{FitOptions, FitReport, LM_MAX_PARAMS, Validation, fit};

/// Configurations per parallel task in batched evaluation.
const ROWS_PER_TASK: usize = 1024;

/// The function a [`JointspaceModel`] evaluates. In JSON the model holds it under the key
/// `mlp` or `spline`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Approximator {
    /// A `tanh` network on the encoded joints ([`JointEncoding`]).
    #[serde(rename = "mlp")]
    Network(Mlp),
    /// A cubic B-spline over a grid of the joints.
    #[serde(rename = "spline")]
    Spline(SplineGrid),
}

/// A fitted model of a distance over a few joints (see the module documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JointspaceModel {
    pub(crate) joints: Vec<String>,
    pub(crate) ranges: Vec<[f64; 2]>,
    pub(crate) encoding: Vec<JointEncoding>,
    #[serde(flatten)]
    pub(crate) approximator: Approximator,
    pub(crate) quantity: Quantity,
    pub(crate) offset: f64,
    /// What the training samples were sampled from ([`crate::source_label`]), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) source: Option<String>,
    /// Which certificate produced the offset, when one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) certification: Option<Certification>,
}

/// Which certificate produced a model's offset, with its figures (exports print them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Certification {
    /// [`certify_empirical`]: `model − δ ≤ 0` at the colliding samples of one map, and
    /// nowhere else proved.
    Empirical {
        /// Samples of the map.
        samples: usize,
        /// Samples in collision.
        colliding: usize,
    },
    /// [`certify`]: proved over the whole box of the sampler's joint ranges.
    Sound {
        /// Cells examined.
        cells: usize,
        /// Volume fraction proved free.
        settled_free: f64,
        /// Volume fraction proved `model ≤ δ`.
        settled_below: f64,
        /// Volume fraction covered by raising `δ`.
        covered: f64,
        /// Estimated lost range of motion.
        lost_range_of_motion: f64,
        /// The sampler the proof holds for ([`crate::source_label`]).
        source: String,
    },
}

impl Certification {
    /// `"sound"` or `"empirical"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Certification::Empirical { .. } => "empirical",
            Certification::Sound { .. } => "sound",
        }
    }
}

/// Per-thread buffers for evaluating a [`JointspaceModel`].
#[derive(Clone, Debug)]
pub struct ModelScratch {
    mlp: Scratch,
}

/// Checks that `ranges` and `encoding` have one entry per joint and that the function's own
/// count (`label`, expected, got) agrees.
fn check_lengths(
    (joints, ranges, encoding): (&[String], &[[f64; 2]], &[JointEncoding]),
    function: (&str, usize, usize),
) -> Result<()> {
    let k = joints.len();
    crate::sample_map::check_header(
        "model",
        k,
        &[
            ("ranges", k, ranges.len()),
            ("encoding", k, encoding.len()),
            function,
        ],
    )
}

impl JointspaceModel {
    /// A model from its parts. Errors when the lengths disagree or a weight is not finite.
    pub fn new(
        joints: Vec<String>,
        ranges: Vec<[f64; 2]>,
        encoding: Vec<JointEncoding>,
        mlp: Mlp,
        quantity: Quantity,
    ) -> Result<Self> {
        check_lengths(
            (&joints, &ranges, &encoding),
            ("network inputs", input_width(&encoding), mlp.inputs()),
        )?;
        let shapes_ok = !mlp.layers.is_empty()
            && mlp.layers.last().is_some_and(|l| l.outputs == 1)
            && mlp.layers.windows(2).all(|w| w[0].outputs == w[1].inputs)
            && mlp
                .layers
                .iter()
                .all(|l| l.weights.len() == l.inputs * l.outputs && l.bias.len() == l.outputs);
        if !shapes_ok {
            return Err(JointspaceError::invalid(
                "model network",
                "its layer shapes do not chain into one output",
            ));
        }
        if let Some(w) = mlp.params().into_iter().find(|w| !w.is_finite()) {
            return Err(JointspaceError::NotFinite {
                what: "model weight".into(),
                value: w,
            });
        }
        Ok(Self::assemble(
            (joints, ranges, encoding),
            Approximator::Network(mlp),
            quantity,
        ))
    }

    /// The model of checked parts, with no offset and no source.
    fn assemble(
        (joints, ranges, encoding): (Vec<String>, Vec<[f64; 2]>, Vec<JointEncoding>),
        approximator: Approximator,
        quantity: Quantity,
    ) -> Self {
        JointspaceModel {
            joints,
            ranges,
            encoding,
            approximator,
            quantity,
            offset: 0.0,
            source: None,
            certification: None,
        }
    }

    /// A spline model from its parts. Errors when the spline's joints, periodicity or origins
    /// disagree with `ranges` and `encoding`, or a coefficient is not finite.
    pub fn from_spline(
        joints: Vec<String>,
        ranges: Vec<[f64; 2]>,
        encoding: Vec<JointEncoding>,
        spline: SplineGrid,
        quantity: Quantity,
    ) -> Result<Self> {
        let k = joints.len();
        check_lengths(
            (&joints, &ranges, &encoding),
            ("spline joints", k, spline.cells.len()),
        )?;
        spline.check()?;
        let agrees = (0..k).all(|a| {
            spline.periodic[a] == (encoding[a] == JointEncoding::Periodic)
                && spline.origin[a] == ranges[a][0]
        });
        if !agrees {
            return Err(JointspaceError::invalid(
                "model spline",
                "its periodic joints or origins disagree with the model's encoding and ranges",
            ));
        }
        Ok(Self::assemble(
            (joints, ranges, encoding),
            Approximator::Spline(spline),
            quantity,
        ))
    }

    /// What the model's training samples were sampled from ([`crate::source_label`]), when
    /// their map knew it: certification and validation maps from another source are refused.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The same model, recorded as fitted to samples from `source`.
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// The joints, in the order `q` lists them.
    pub fn joints(&self) -> &[String] {
        &self.joints
    }
    /// The range each joint was fitted over.
    pub fn ranges(&self) -> &[[f64; 2]] {
        &self.ranges
    }
    /// How each joint enters the network.
    pub fn encoding(&self) -> &[JointEncoding] {
        &self.encoding
    }
    /// The function the model evaluates.
    pub fn approximator(&self) -> &Approximator {
        &self.approximator
    }
    /// The network, when the model is one.
    pub fn mlp(&self) -> Option<&Mlp> {
        match &self.approximator {
            Approximator::Network(mlp) => Some(mlp),
            Approximator::Spline(_) => None,
        }
    }
    /// The spline, when the model is one.
    pub fn spline(&self) -> Option<&SplineGrid> {
        match &self.approximator {
            Approximator::Spline(spline) => Some(spline),
            Approximator::Network(_) => None,
        }
    }
    /// `"network"` or `"spline"`.
    pub fn kind(&self) -> &'static str {
        match &self.approximator {
            Approximator::Network(_) => "network",
            Approximator::Spline(_) => "spline",
        }
    }
    /// Number of parameters (weights and biases, or spline coefficients).
    pub fn param_count(&self) -> usize {
        match &self.approximator {
            Approximator::Network(mlp) => mlp.param_count(),
            Approximator::Spline(spline) => spline.param_count(),
        }
    }
    /// The network's hidden layer widths (empty for a spline).
    pub fn hidden(&self) -> Vec<usize> {
        self.mlp().map(Mlp::hidden).unwrap_or_default()
    }
    /// The spline's cells per joint (empty for a network).
    pub fn cells(&self) -> Vec<usize> {
        self.spline().map(|s| s.cells.clone()).unwrap_or_default()
    }
    /// What the model approximates (joint-space or Cartesian distance).
    pub fn quantity(&self) -> &Quantity {
        &self.quantity
    }
    /// Number of joints.
    pub fn dim(&self) -> usize {
        self.joints.len()
    }
    /// The certified offset `δ` (0 until [`certify`] or [`certify_empirical`] sets it): with
    /// [`certify`], every pair is free wherever `distance(q) − δ > 0` in the sampler's box;
    /// with [`certify_empirical`], `distance(q) − δ ≤ 0` at the colliding samples of its map.
    pub fn offset(&self) -> f64 {
        self.offset
    }
    /// Which certificate produced the offset (`None` when none did, or the offset was set by
    /// hand since).
    pub fn certification(&self) -> Option<&Certification> {
        self.certification.as_ref()
    }
    /// Sets the offset by hand (it then carries no certificate).
    pub fn set_offset(&mut self, offset: f64) -> Result<()> {
        self.offset = crate::error::check_finite(|| "model offset".into(), offset)?;
        self.certification = None;
        Ok(())
    }

    /// Buffers for [`distance_with`](Self::distance_with) and
    /// [`gradient_with`](Self::gradient_with).
    pub fn scratch(&self) -> ModelScratch {
        ModelScratch {
            mlp: self
                .mlp()
                .map(Mlp::scratch)
                .unwrap_or_else(|| Mlp { layers: Vec::new() }.scratch()),
        }
    }

    /// Checks that `q` has one finite value per joint.
    pub fn check_configuration(&self, q: &[f64]) -> Result<()> {
        if q.len() != self.dim() {
            return Err(JointspaceError::WrongLength {
                what: format!("configuration for the model over {:?}", self.joints),
                expected: self.dim(),
                got: q.len(),
            });
        }
        if let Some((a, &v)) = q.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(JointspaceError::NotFinite {
                what: format!("configuration value of joint \"{}\"", self.joints[a]),
                value: v,
            });
        }
        Ok(())
    }

    /// The model's value at `q` (without the offset). Errors on a wrong length or NaN.
    pub fn distance(&self, q: &[f64]) -> Result<f64> {
        self.check_configuration(q)?;
        Ok(self.distance_with(q, &mut self.scratch()))
    }

    /// The gradient of the model's value with respect to `q` (its Jacobian, `k` values).
    pub fn gradient(&self, q: &[f64]) -> Result<Vec<f64>> {
        self.check_configuration(q)?;
        let mut grad = vec![0.0; self.dim()];
        self.gradient_with(q, &mut self.scratch(), &mut grad);
        Ok(grad)
    }

    /// [`distance`](Self::distance) without checks, with caller-owned buffers.
    #[inline]
    pub fn distance_with(&self, q: &[f64], s: &mut ModelScratch) -> f64 {
        match &self.approximator {
            Approximator::Network(mlp) => {
                encode(&self.encoding, q, &mut s.mlp.acts[0]);
                mlp.forward(&mut s.mlp)
            }
            Approximator::Spline(spline) => spline.value(q),
        }
    }

    /// The value and, in `grad`, the gradient at `q`, without checks.
    #[inline]
    pub fn gradient_with(&self, q: &[f64], s: &mut ModelScratch, grad: &mut [f64]) -> f64 {
        match &self.approximator {
            Approximator::Network(mlp) => {
                let value = self.distance_with(q, s);
                let g_in = mlp.backward(&mut s.mlp, 1.0, None);
                pull_back(&self.encoding, q, g_in, grad);
                value
            }
            Approximator::Spline(spline) => spline.value_gradient(q, grad),
        }
    }

    /// [`distance`](Self::distance) of each row of `qs` (`n × k`), in parallel.
    pub fn distances(&self, qs: ArrayView2<'_, f64>) -> Result<Vec<f64>> {
        self.check_batch(qs)?;
        let mut out = vec![0.0; qs.nrows()];
        out.par_chunks_mut(ROWS_PER_TASK)
            .enumerate()
            .for_each(|(t, chunk)| {
                let mut s = self.scratch();
                for (r, d) in chunk.iter_mut().enumerate() {
                    let q = qs.row(t * ROWS_PER_TASK + r).to_vec();
                    *d = self.distance_with(&q, &mut s);
                }
            });
        Ok(out)
    }

    /// [`gradient`](Self::gradient) of each row of `qs` (`n × k`), in parallel.
    pub fn gradients(&self, qs: ArrayView2<'_, f64>) -> Result<Array2<f64>> {
        self.check_batch(qs)?;
        let k = self.dim();
        let mut out = vec![0.0; qs.nrows() * k];
        out.par_chunks_mut(ROWS_PER_TASK * k)
            .enumerate()
            .for_each(|(t, chunk)| {
                let mut s = self.scratch();
                for (r, g) in chunk.chunks_exact_mut(k).enumerate() {
                    let q = qs.row(t * ROWS_PER_TASK + r).to_vec();
                    self.gradient_with(&q, &mut s, g);
                }
            });
        Array2::from_shape_vec((qs.nrows(), k), out)
            .map_err(|e| JointspaceError::invalid("gradients", e.to_string()))
    }

    fn check_batch(&self, qs: ArrayView2<'_, f64>) -> Result<()> {
        if qs.ncols() != self.dim() {
            return Err(JointspaceError::WrongLength {
                what: format!("configuration rows for the model over {:?}", self.joints),
                expected: self.dim(),
                got: qs.ncols(),
            });
        }
        for (i, row) in qs.rows().into_iter().enumerate() {
            if let Some((a, &v)) = row.iter().enumerate().find(|(_, v)| !v.is_finite()) {
                return Err(JointspaceError::NotFinite {
                    what: format!("row {i}, joint \"{}\"", self.joints[a]),
                    value: v,
                });
            }
        }
        Ok(())
    }

    /// Checks that `joints` are this model's joints in its order (`what` names their owner).
    pub(crate) fn check_joints(&self, what: &str, joints: &[String]) -> Result<()> {
        if joints != self.joints {
            return Err(JointspaceError::JointSetMismatch {
                what: what.into(),
                expected: self.joints.clone(),
                got: joints.to_vec(),
            });
        }
        Ok(())
    }
}

impl std::fmt::Display for JointspaceModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shape = match &self.approximator {
            Approximator::Network(mlp) => format!("hidden {:?}", mlp.hidden()),
            Approximator::Spline(spline) => format!("spline cells {:?}", spline.cells),
        };
        write!(
            f,
            "JointspaceModel({} joints {:?}, {shape}, {} parameters, offset {})",
            self.dim(),
            self.joints,
            self.param_count(),
            self.offset
        )
    }
}

#[cfg(test)]
mod certify_tests;
#[cfg(test)]
mod spline_tests;
#[cfg(test)]
mod tests;
