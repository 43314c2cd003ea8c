//! The sound certificate of a [`JointspaceModel`]: an offset `δ` such that wherever
//! `model(q) − δ > 0` in the sampler's box of joint ranges, the exact mesh distance of every
//! pair of the sampler is positive: at every configuration, not only at sampled ones.
//!
//! The box is covered by cells (for a spline, first cut along its cells). For a cell of
//! centre `c` and half-widths `h`:
//! - **free**: every pair's exact distance at `c` exceeds `Σ_a L_a h_a`, the most it can fall
//!   inside the cell ([`MotionBound`]); then the cell is free everywhere, whatever the model;
//! - **below the offset**: the model's upper bound over the cell (a spline's Bézier control
//!   points, a network's interval arithmetic, [`super::model_bound`]) is at most `δ`; then
//!   `model − δ ≤ 0` everywhere in it, which is what a controller treats as colliding;
//! - otherwise the cell is split in two along the joints wider than
//!   [`CertifyOptions::min_width`] (when a distance test failed, only along those that carry
//!   at least half of the largest share of that pair's reach), and its parts are examined at
//!   the next level. A cell
//!   whose centre is free and whose model bound is over 1.25 times the current `δ` (a thin gap
//!   between the meshes where the model is far from 0: covering it would cost much range of
//!   motion) goes on down to 1/64 of that width.
//!
//! `δ` starts at `min_offset` (0) and grows as cells are examined: a cell whose centre
//! collides can only be settled below the offset, so the final `δ` is at least the model's
//! value there, and raising `δ` to it early settles more cells (level by level, so that the
//! result does not depend on the number of threads). A cell that can no longer be split, or
//! that is left when [`CertifyOptions::max_cells`] or the time budget runs out, is *covered*:
//! `δ` is raised to its model bound. So the certificate always holds; a small budget only
//! makes `δ` larger (up to the model's largest value, when nothing could be examined).
//!
//! The lost range of motion (the fraction of the free volume where `model − δ ≤ 0`) is
//! estimated on [`CertifyOptions::lost_samples`] random configurations with exact collision
//! checks; those checks also count any configuration that `model − δ` calls free and that
//! collides, which the proof says cannot exist.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::model_bound::{initial_cuts, model_bounds};
use super::motion_bound::MotionBound;
use super::{Approximator, Certification, JointspaceModel, encoding::JointEncoding};
use crate::collision_query::compute_distance;
use crate::error::{JointspaceError, Result};
use crate::options::{DistanceOptions, InCollision, SampleOptions};
use crate::sampler::CollisionSampler;
use crate::update_pair_placements;

/// How much finer than [`CertifyOptions::min_width`] a cell may go when covering it would raise
/// the offset over [`DEEP_RAISE`] times and its centre is free.
const DEEP_SPLITS: f64 = 64.0;

/// See [`DEEP_SPLITS`].
const DEEP_RAISE: f64 = 1.25;

/// Cells per parallel task.
const CELLS_PER_TASK: usize = 64;

/// Absolute margin (m) on the distance tests (rounding in the kinematics and the mesh
/// queries).
const DISTANCE_MARGIN: f64 = 1e-9;

/// Options of [`certify`].
#[derive(Clone, Debug, PartialEq)]
pub struct CertifyOptions {
    /// Cells narrower than this along every joint (rad, or m for a prismatic joint) are not
    /// split: left unsettled, they are covered by raising `δ`.
    pub min_width: f64,
    /// Most cells examined (over all levels); what is left then is covered by raising `δ`.
    pub max_cells: usize,
    /// Wall-clock budget; what is left when it runs out is covered by raising `δ`. A budget
    /// makes the result depend on the machine's speed.
    pub time_budget: Option<Duration>,
    /// Random configurations on which the lost range of motion is estimated (0: none).
    pub lost_samples: usize,
    /// Seed of those configurations.
    pub seed: u64,
    /// The least offset (the certificate never returns a smaller one).
    pub min_offset: f64,
}

impl Default for CertifyOptions {
    fn default() -> Self {
        CertifyOptions {
            min_width: 0.004,
            max_cells: 20_000_000,
            time_budget: None,
            lost_samples: 20_000,
            seed: 54321,
            min_offset: 0.0,
        }
    }
}

/// What [`certify`] proved.
#[derive(Clone, Debug, PartialEq)]
pub struct SoundCertificate {
    /// The offset `δ`: wherever `model − δ > 0` in the box, every pair is free.
    pub offset: f64,
    /// Cells examined, over all levels.
    pub cells: usize,
    /// Levels of splitting used (0: the initial cells only).
    pub levels: usize,
    /// Exact distance queries run at cell centres.
    pub distance_queries: usize,
    /// Volume fraction of the box proved free.
    pub settled_free: f64,
    /// Volume fraction where the model was proved `≤ δ` before any covering.
    pub settled_below: f64,
    /// Volume fraction of cells left unsettled and covered by raising `δ` (smallest cells,
    /// or what the cell or time budget left).
    pub covered: f64,
    /// The offset before the covering (what settling alone needed).
    pub offset_before_covering: f64,
    /// Whether the cell or time budget ran out (then `covered` holds cells that could have
    /// been split).
    pub budget_exhausted: bool,
    /// Per pair, per joint: the Lipschitz bound used (m per unit of the joint).
    pub lipschitz: Vec<Vec<f64>>,
    /// Estimated lost range of motion: free random configurations where `model − δ ≤ 0`,
    /// over the free ones (NaN with `lost_samples` 0 or no free sample).
    pub lost_range_of_motion: f64,
    /// Random configurations of that estimate, and how many were free.
    pub lost_samples: usize,
    /// Free configurations among them.
    pub lost_samples_free: usize,
    /// Colliding random configurations that `model − δ` calls free (0, as proved).
    pub sample_false_free: usize,
    /// Wall-clock seconds (the proof and the estimate).
    pub seconds: f64,
}

/// Sound certification of `model` over `sampler`'s box of joint ranges, against the exact
/// distance of the sampler's pairs (see the module documentation). Stores `δ` and the
/// certificate in the model, so that its exports carry them.
///
/// Errors ([`JointspaceError::JointSetMismatch`], [`JointspaceError::ModelMismatch`]) when
/// the sampler samples other joints, another robot, other pairs or another reference than the
/// model's training samples, or reaches outside the range of a non-periodic joint of the
/// model; [`JointspaceError::NotFinite`] on a weight that is not finite; on options out of
/// range, and on a moving half-space (see [`MotionBound::of`]).
pub fn certify(
    model: &mut JointspaceModel,
    sampler: &CollisionSampler,
    options: &CertifyOptions,
) -> Result<SoundCertificate> {
    let bound = MotionBound::of(sampler)?;
    certify_with_bound(model, sampler, options, &bound)
}

/// [`certify`] with a given motion bound (tests use a wrong one to see sampling catch it).
pub fn certify_with_bound(
    model: &mut JointspaceModel,
    sampler: &CollisionSampler,
    options: &CertifyOptions,
    bound: &MotionBound,
) -> Result<SoundCertificate> {
    let start = Instant::now();
    check_inputs(model, sampler, options)?;
    let k = model.dim();
    let ranges = sampler.subspace().ranges();
    let volume: f64 = ranges.iter().map(|r| r[1] - r[0]).product();
    let deadline = options.time_budget.map(|b| start + b);

    let mut cells = initial_cells(&initial_cuts(model, &ranges), k);
    let mut delta = options.min_offset.max(0.0);
    let (mut examined, mut queries, mut levels) = (0usize, 0usize, 0usize);
    let (mut free, mut below, mut covered) = (0.0, 0.0, 0.0);
    let mut exhausted = false;
    let mut covered_delta = f64::NEG_INFINITY;
    loop {
        crate::stop::check()?;
        let n = cells.len() / (2 * k);
        if n == 0 {
            break;
        }
        let out_of_budget =
            examined + n > options.max_cells || deadline.is_some_and(|d| Instant::now() >= d);
        let m: &JointspaceModel = model;
        let outcomes: Vec<Outcome> = cells
            .par_chunks(2 * k * CELLS_PER_TASK)
            .map(|chunk| {
                let mut probe = Probe::new(sampler, bound, m);
                chunk
                    .chunks_exact(2 * k)
                    .map(|cell| {
                        let skip = out_of_budget || deadline.is_some_and(|d| Instant::now() >= d);
                        probe.examine(m, cell, delta, skip)
                    })
                    .collect::<Result<Vec<_>>>()
            })
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .flatten()
            .collect();
        examined += n;
        queries += outcomes.iter().map(|o| o.queries).sum::<usize>();
        // A colliding centre needs δ at least the model's value there.
        delta = outcomes
            .iter()
            .map(|o| o.colliding_value)
            .fold(delta, f64::max);
        let time_out = deadline.is_some_and(|d| Instant::now() >= d);
        let mut next = Vec::new();
        for (o, cell) in outcomes.iter().zip(cells.chunks_exact(2 * k)) {
            let v = cell_volume(cell, k) / volume;
            match o.state {
                State::Free => free += v,
                State::Below => below += v,
                State::Open if o.upper <= delta => below += v,
                State::Open => {
                    // Covering this cell would raise δ by over a quarter: go finer, where
                    // the centre is free (a thin gap between the meshes, not a collision).
                    let deep = o.colliding_value == f64::NEG_INFINITY
                        && o.upper > DEEP_RAISE * delta.max(options.min_width);
                    let width = if deep {
                        options.min_width / DEEP_SPLITS
                    } else {
                        options.min_width
                    };
                    let splittable = (0..k).any(|a| cell[k + a] - cell[a] > width);
                    if o.skipped || time_out || out_of_budget || !splittable {
                        exhausted |= splittable;
                        covered += v;
                        covered_delta = covered_delta.max(o.upper);
                    } else {
                        let weights = o.failing.map(|p| bound.rates[p].as_slice());
                        split(cell, k, width, weights, &mut next);
                    }
                }
            }
        }
        if next.is_empty() {
            break;
        }
        cells = next;
        levels += 1;
    }
    let offset_before_covering = delta;
    let delta = delta.max(covered_delta);
    let (lost, n_lost, n_free, false_free) = estimate_lost(model, sampler, delta, options)?;
    let certificate = SoundCertificate {
        offset: delta,
        cells: examined,
        levels,
        distance_queries: queries,
        settled_free: free,
        settled_below: below,
        covered,
        offset_before_covering,
        budget_exhausted: exhausted,
        lipschitz: bound.rates.clone(),
        lost_range_of_motion: lost,
        lost_samples: n_lost,
        lost_samples_free: n_free,
        sample_false_free: false_free,
        seconds: start.elapsed().as_secs_f64(),
    };
    model.set_offset(delta)?;
    model.certification = Some(Certification::Sound {
        cells: examined,
        settled_free: free,
        settled_below: below,
        covered,
        lost_range_of_motion: lost,
        source: sampler.source_label(),
    });
    Ok(certificate)
}

/// The model's and the sampler's agreement, and the options' ranges.
fn check_inputs(
    model: &JointspaceModel,
    sampler: &CollisionSampler,
    options: &CertifyOptions,
) -> Result<()> {
    let sub = sampler.subspace();
    model.check_joints("certification sampler", &sub.names())?;
    let label = sampler.source_label();
    if let Some(expected) = model.source()
        && expected != label
    {
        return Err(JointspaceError::ModelMismatch {
            what: "certification sampler".into(),
            reason: format!(
                "it samples {label}, the model's samples came from {expected}; certify with a sampler of the same robot, pairs and reference configuration"
            ),
        });
    }
    for ((e, r), name) in model.encoding().iter().zip(sub.ranges()).zip(sub.names()) {
        if let JointEncoding::Scaled { lo, hi } = *e {
            let slack = 1e-9 * (hi - lo).abs().max(1.0);
            if r[0] < lo - slack || r[1] > hi + slack {
                return Err(JointspaceError::ModelMismatch {
                    what: "certification sampler".into(),
                    reason: format!(
                        "joint \"{name}\" is sampled over [{}, {}], outside the model's range [{lo}, {hi}]; certify over the range the model was fitted over",
                        r[0], r[1]
                    ),
                });
            }
        }
    }
    let weights: Vec<f64> = match model.approximator() {
        Approximator::Network(mlp) => mlp.params(),
        Approximator::Spline(s) => s.coefficients.clone(),
    };
    if let Some(w) = weights.iter().find(|w| !w.is_finite()) {
        return Err(JointspaceError::NotFinite {
            what: "model weight".into(),
            value: *w,
        });
    }
    if !(options.min_width > 0.0 && options.min_width.is_finite()) {
        return Err(JointspaceError::invalid(
            "min_width",
            format!("{} must be a finite width > 0", options.min_width),
        ));
    }
    if options.max_cells == 0 {
        return Err(JointspaceError::invalid(
            "max_cells",
            "it is 0; give at least one cell (a small budget raises the offset, it stays sound)",
        ));
    }
    crate::error::check_finite(|| "min_offset".into(), options.min_offset)?;
    Ok(())
}

/// The cells between consecutive cuts along every joint, flat (`lo` then `hi`, `k` each).
fn initial_cells(cuts: &[Vec<f64>], k: usize) -> Vec<f64> {
    let counts: Vec<usize> = cuts.iter().map(|c| c.len() - 1).collect();
    let total: usize = counts.iter().product();
    let mut out = Vec::with_capacity(total * 2 * k);
    for mut i in 0..total {
        let mut lo = vec![0.0; k];
        let mut hi = vec![0.0; k];
        for a in 0..k {
            let t = i % counts[a];
            i /= counts[a];
            lo[a] = cuts[a][t];
            hi[a] = cuts[a][t + 1];
        }
        out.extend(lo);
        out.extend(hi);
    }
    out
}

fn cell_volume(cell: &[f64], k: usize) -> f64 {
    (0..k).map(|a| cell[k + a] - cell[a]).product()
}

/// Appends the halves of `cell` split along every joint wider than `min_width`; with the
/// Lipschitz bounds `rates` of the pair whose distance test failed, only along the joints
/// whose share of the reach (`rate · width`) is at least half the largest share.
fn split(cell: &[f64], k: usize, min_width: f64, rates: Option<&[f64]>, out: &mut Vec<f64>) {
    let wide = |a: usize| cell[k + a] - cell[a] > min_width;
    let share = |a: usize| rates.map_or(1.0, |r| r[a] * (cell[k + a] - cell[a]));
    let largest = (0..k).filter(|&a| wide(a)).map(share).fold(0.0, f64::max);
    let mut axes: Vec<usize> = (0..k)
        .filter(|&a| wide(a) && (largest <= 0.0 || share(a) >= 0.5 * largest))
        .collect();
    if axes.is_empty() {
        axes = (0..k).filter(|&a| wide(a)).collect();
    }
    for m in 0..1usize << axes.len() {
        let mut child = cell.to_vec();
        for (bit, &a) in axes.iter().enumerate() {
            let mid = 0.5 * (cell[a] + cell[k + a]);
            if m >> bit & 1 == 0 {
                child[k + a] = mid;
            } else {
                child[a] = mid;
            }
        }
        out.extend(child);
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum State {
    Free,
    Below,
    Open,
}

/// What one cell's examination found.
struct Outcome {
    state: State,
    /// The model's upper bound over the cell.
    upper: f64,
    /// The model's value at the centre when the centre collides (else −∞).
    colliding_value: f64,
    queries: usize,
    /// The pair whose distance test failed (free centre, not free enough), if any.
    failing: Option<usize>,
    /// Whether the budget stopped the examination before the distance queries.
    skipped: bool,
}

/// One task's state: collision data and configuration buffers.
struct Probe<'s> {
    sampler: &'s CollisionSampler,
    bound: &'s MotionBound,
    data: crate::CollisionData,
    q: Vec<f64>,
    centre: Vec<f64>,
    half: Vec<f64>,
    scratch: super::ModelScratch,
}

impl<'s> Probe<'s> {
    fn new(sampler: &'s CollisionSampler, bound: &'s MotionBound, model: &JointspaceModel) -> Self {
        let k = sampler.subspace().dim();
        Probe {
            sampler,
            bound,
            data: sampler.new_data(),
            q: sampler.subspace().reference().to_vec(),
            centre: vec![0.0; k],
            half: vec![0.0; k],
            scratch: model.scratch(),
        }
    }

    fn examine(
        &mut self,
        model: &JointspaceModel,
        cell: &[f64],
        delta: f64,
        skip: bool,
    ) -> Result<Outcome> {
        let k = self.centre.len();
        let (lo, hi) = cell.split_at(k);
        let (_, upper) = model_bounds(model, lo, hi);
        let mut outcome = Outcome {
            state: State::Open,
            upper,
            colliding_value: f64::NEG_INFINITY,
            queries: 0,
            failing: None,
            skipped: skip,
        };
        if upper <= delta {
            outcome.state = State::Below;
            return Ok(outcome);
        }
        if skip {
            return Ok(outcome);
        }
        for a in 0..k {
            self.centre[a] = 0.5 * (lo[a] + hi[a]);
            self.half[a] = 0.5 * (hi[a] - lo[a]);
        }
        self.sampler.subspace().write(&self.centre, &mut self.q);
        let (model_k, collision) = (self.sampler.model(), self.sampler.collision_model());
        for p in 0..collision.pairs().len() {
            let reach = self.bound.reach(p, &self.half);
            let threshold = reach * (1.0 + 1e-9) + DISTANCE_MARGIN;
            update_pair_placements(model_k, collision, &mut self.data, &self.q, p)?;
            let d = compute_distance(
                collision,
                &mut self.data,
                p,
                &DistanceOptions {
                    in_collision: InCollision::Zero,
                    cap: Some(2.0 * threshold),
                },
            )?;
            outcome.queries += 1;
            if d <= 0.0 {
                outcome.colliding_value = model.distance_with(&self.centre, &mut self.scratch);
                return Ok(outcome);
            }
            if d <= threshold {
                outcome.failing = Some(p);
                return Ok(outcome);
            }
        }
        outcome.state = State::Free;
        Ok(outcome)
    }
}

/// The lost range of motion on random configurations: (fraction, samples, free samples,
/// colliding samples called free).
fn estimate_lost(
    model: &JointspaceModel,
    sampler: &CollisionSampler,
    delta: f64,
    options: &CertifyOptions,
) -> Result<(f64, usize, usize, usize)> {
    if options.lost_samples == 0 {
        return Ok((f64::NAN, 0, 0, 0));
    }
    let map = sampler.random(
        options.lost_samples,
        options.seed,
        &SampleOptions::binary().without_progress(),
    )?;
    let predicted = model.distances(map.configurations())?;
    let (mut free, mut lost, mut false_free) = (0, 0, 0);
    for (p, t) in predicted.iter().zip(map.values().iter()) {
        let called_free = p - delta > 0.0;
        if *t > 0.0 {
            free += 1;
            lost += usize::from(!called_free);
        } else {
            false_free += usize::from(called_free);
        }
    }
    let fraction = if free == 0 {
        f64::NAN
    } else {
        lost as f64 / free as f64
    };
    Ok((fraction, options.lost_samples, free, false_free))
}
