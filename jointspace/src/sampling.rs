//! Grid and random sampling runs: chunked, parallel, reproducible.
//!
//! A run is a list of chunks fixed by the request alone (grid: whole lines of the serpentine
//! visit, see [`crate::grid`]; random: blocks of [`RANDOM_CHUNK`] samples, each with its own
//! random stream derived from the seed). Every chunk starts from a fresh state, so that its
//! values do not depend on the thread that runs it nor on the chunks before: any number of
//! threads, and any split into shards, gives the same bytes.

use ndarray::Array2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};
use crate::evaluator::Evaluator;
use crate::grid::GridLayout;
use crate::memory;
use crate::options::{Measure, SampleOptions};
use crate::progress::Progress;
use crate::sample_map::{Quantity, SampleMap, source_label};
use crate::sampler::CollisionSampler;

/// Samples per chunk of a random run.
pub const RANDOM_CHUNK: usize = 1024;

/// How the configurations of a run are chosen (recorded in shard manifests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Sampling {
    /// A grid with `steps` values per joint, visited fastest along `visit[0]`.
    Grid {
        /// Values per joint.
        steps: Vec<usize>,
        /// Axes in visiting order, fastest first.
        visit: Vec<usize>,
    },
    /// `count` uniform samples drawn from `seed`.
    Random {
        /// Number of samples.
        count: usize,
        /// Seed of the random streams.
        seed: u64,
    },
}

/// A run's configurations, cut into chunks.
pub(crate) enum Plan {
    Grid(GridLayout),
    Random {
        count: usize,
        seed: u64,
        ranges: Vec<[f64; 2]>,
    },
}

impl Plan {
    pub fn new(sampling: &Sampling, names: &[String], ranges: &[[f64; 2]]) -> Result<Plan> {
        Ok(match sampling {
            Sampling::Grid { steps, visit } => {
                Plan::Grid(GridLayout::new(names, ranges, steps, visit.clone())?)
            }
            Sampling::Random { count, seed } => Plan::Random {
                count: *count,
                seed: *seed,
                ranges: ranges.to_vec(),
            },
        })
    }

    pub fn total(&self) -> usize {
        match self {
            Plan::Grid(g) => g.total,
            Plan::Random { count, .. } => *count,
        }
    }

    pub fn chunk_count(&self) -> usize {
        match self {
            Plan::Grid(g) => g.chunk_count(),
            Plan::Random { count, .. } => count.div_ceil(RANDOM_CHUNK),
        }
    }

    pub fn chunk_len(&self, c: usize) -> usize {
        match self {
            Plan::Grid(g) => g.chunk_len(c),
            Plan::Random { count, .. } => (count - c * RANDOM_CHUNK).min(RANDOM_CHUNK),
        }
    }
}

/// The random stream of chunk `chunk` of a run seeded with `seed`.
pub(crate) fn chunk_rng(seed: u64, chunk: usize) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(chunk as u64);
    rng
}

/// Draws one point uniformly in `ranges`.
#[inline]
pub(crate) fn draw_point(rng: &mut ChaCha8Rng, ranges: &[[f64; 2]], out: &mut [f64]) {
    for (o, r) in out.iter_mut().zip(ranges) {
        let u: f64 = rng.random();
        *o = r[0] + u * (r[1] - r[0]);
    }
}

impl CollisionSampler {
    /// Samples a grid with `steps[a]` values of joint `a` (see [`crate::grid`] for the
    /// values and the row order).
    ///
    /// Errors on zero steps, a steps list of the wrong length, options out of range, or a
    /// grid whose memory estimate exceeds `options.memory_limit`.
    pub fn grid(&self, steps: &[usize], options: &SampleOptions) -> Result<SampleMap> {
        let sampling = self.grid_sampling(steps, options)?;
        memory::check(
            &format!("grid {steps:?}"),
            self.grid_memory_estimate(steps),
            options.memory_limit,
            "use fewer steps, split the run into shards (grid_shard) or raise SampleOptions::memory_limit",
        )?;
        self.run_sampling(&sampling, options)
    }

    /// Samples `count` configurations drawn uniformly in the ranges, reproducibly from
    /// `seed`. Rows are in drawing order.
    pub fn random(&self, count: usize, seed: u64, options: &SampleOptions) -> Result<SampleMap> {
        let sampling = self.random_sampling(count, seed, options)?;
        memory::check(
            &format!("random run of {count} samples"),
            memory::sampling_bytes(count as u128, self.subspace().dim()),
            options.memory_limit,
            "draw fewer samples, split the run into shards (random_shard) or raise SampleOptions::memory_limit",
        )?;
        self.run_sampling(&sampling, options)
    }

    /// Plans a checked sampling, runs all of its chunks and assembles the map.
    fn run_sampling(&self, sampling: &Sampling, options: &SampleOptions) -> Result<SampleMap> {
        let sub = self.subspace();
        let plan = Plan::new(sampling, &sub.names(), &sub.ranges())?;
        let values = run_chunks(
            self,
            &plan,
            &options.measure,
            0..plan.chunk_count(),
            options.progress,
        )?;
        Ok(assemble(
            &plan,
            sub.names(),
            sub.ranges(),
            &values,
            options.measure.into(),
        )?
        .with_source(self.source_label()))
    }

    /// What this sampler's maps are sampled from ([`source_label`]).
    pub fn source_label(&self) -> String {
        source_label(
            self.collision_model().robot(),
            &self.pair_names(),
            self.subspace().reference(),
        )
    }

    /// Estimated peak memory (bytes) of a grid run.
    pub fn grid_memory_estimate(&self, steps: &[usize]) -> u128 {
        let cells: u128 = steps.iter().map(|&n| n as u128).product();
        memory::sampling_bytes(cells, self.subspace().dim())
    }

    pub(crate) fn grid_sampling(
        &self,
        steps: &[usize],
        options: &SampleOptions,
    ) -> Result<Sampling> {
        options.check()?;
        let names = self.subspace().names();
        GridLayout::new(&names, &self.subspace().ranges(), steps, self.visit_axes())?;
        Ok(Sampling::Grid {
            steps: steps.to_vec(),
            visit: self.visit_axes(),
        })
    }

    pub(crate) fn random_sampling(
        &self,
        count: usize,
        seed: u64,
        options: &SampleOptions,
    ) -> Result<Sampling> {
        options.check()?;
        if count == 0 {
            return Err(JointspaceError::invalid(
                "sample count",
                "it is 0; ask for at least one sample",
            ));
        }
        Ok(Sampling::Random { count, seed })
    }
}

/// Runs chunks `chunks` of `plan` in parallel; returns their values in visiting order.
pub(crate) fn run_chunks(
    sampler: &CollisionSampler,
    plan: &Plan,
    measure: &Measure,
    chunks: std::ops::Range<usize>,
    progress: bool,
) -> Result<Vec<f64>> {
    let steps: usize = chunks.clone().map(|c| plan.chunk_len(c)).sum();
    let bar = Progress::new(progress, steps as u64, "sampling");
    let parts = chunks
        .into_par_iter()
        .map_init(
            || Evaluator::new(sampler),
            |ev, c| {
                crate::stop::check()?;
                let out = run_chunk(sampler, ev, plan, measure, c);
                bar.inc(plan.chunk_len(c) as u64);
                out
            },
        )
        .collect::<Result<Vec<Vec<f64>>>>();
    bar.finish();
    Ok(parts?.concat())
}

/// The most values along the fastest visiting axis for which a pair depending on it gets one
/// proximity channel per value (the engine keeps 32 fronts per scratch space).
const FAST_AXIS_CHANNELS: usize = 24;

/// The values of one chunk, in visiting order.
fn run_chunk(
    sampler: &CollisionSampler,
    ev: &mut Evaluator<'_>,
    plan: &Plan,
    measure: &Measure,
    c: usize,
) -> Result<Vec<f64>> {
    ev.reset();
    let k = sampler.subspace().dim();
    let mut point = vec![0.0; k];
    let mut out = Vec::with_capacity(plan.chunk_len(c));
    match plan {
        Plan::Grid(g) => {
            let axes = sampler.pair_axes();
            let mut multi = vec![0; k];
            let mut keys = vec![0; axes.len()];
            let fast = g.visit[0];
            // A pair that depends on the fastest visiting axis moves by one step of it from a
            // query to the next. When that axis has few values (large steps), the pair's
            // queries at each value form a coherent sequence of their own (the other axes
            // move by one small step between them): give each its own proximity channel.
            let channelled: Vec<bool> = axes
                .iter()
                .map(|pair_axes| pair_axes.contains(&fast) && g.steps[fast] <= FAST_AXIS_CHANNELS)
                .collect();
            for line in g.chunk_lines(c) {
                let forwards = g.line_start(line, &mut multi);
                for t in 0..g.line_len() {
                    multi[fast] = g.along_line(forwards, t);
                    for (a, p) in point.iter_mut().enumerate() {
                        *p = g.value(a, multi[a]);
                    }
                    for (key, pair_axes) in keys.iter_mut().zip(axes) {
                        *key = pair_axes.iter().map(|&a| multi[a] * g.strides[a]).sum();
                    }
                    for (channel, &on) in ev.channels.iter_mut().zip(&channelled) {
                        *channel = if on { multi[fast] as u64 + 1 } else { 0 };
                    }
                    out.push(ev.evaluate(&point, measure, Some(&keys))?);
                }
            }
        }
        Plan::Random { seed, ranges, .. } => {
            let mut rng = chunk_rng(*seed, c);
            for _ in 0..plan.chunk_len(c) {
                draw_point(&mut rng, ranges, &mut point);
                out.push(ev.evaluate(&point, measure, None)?);
            }
        }
    }
    Ok(out)
}

/// Builds the map from the values of every chunk in visiting order.
pub(crate) fn assemble(
    plan: &Plan,
    joints: Vec<String>,
    ranges: Vec<[f64; 2]>,
    values: &[f64],
    quantity: Quantity,
) -> Result<SampleMap> {
    let k = joints.len();
    if values.len() != plan.total() {
        return Err(JointspaceError::WrongLength {
            what: "sampled values".into(),
            expected: plan.total(),
            got: values.len(),
        });
    }
    let mut rows = Array2::zeros((plan.total(), k + 1));
    match plan {
        Plan::Grid(g) => {
            let cells = g.visit_cells(0..g.chunk_count());
            let mut multi = vec![0; k];
            for (&cell, &v) in cells.iter().zip(values) {
                g.multi_of(cell, &mut multi);
                let mut row = rows.row_mut(cell);
                for a in 0..k {
                    row[a] = g.value(a, multi[a]);
                }
                row[k] = v;
            }
            SampleMap::new(joints, ranges, rows, Some(g.steps.clone()), quantity)
        }
        Plan::Random {
            seed, ranges: r, ..
        } => {
            let mut point = vec![0.0; k];
            let mut i = 0;
            for c in 0..plan.chunk_count() {
                let mut rng = chunk_rng(*seed, c);
                for _ in 0..plan.chunk_len(c) {
                    draw_point(&mut rng, r, &mut point);
                    let mut row = rows.row_mut(i);
                    for a in 0..k {
                        row[a] = point[a];
                    }
                    row[k] = values[i];
                    i += 1;
                }
            }
            SampleMap::new(joints, ranges, rows, None, quantity)
        }
    }
}
