//! The collision boundary in joint space: sampled by bisection between free and colliding
//! configurations, with its optional periodic extension.

use std::f64::consts::TAU;

use ndarray::Array2;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};
use crate::evaluator::Evaluator;
use crate::memory;
use crate::options::DEFAULT_MEMORY_LIMIT;
use crate::progress::Progress;
use crate::sample_map::check_header;
use crate::sampler::CollisionSampler;
use crate::sampling::{chunk_rng, draw_point};

/// Boundary points per chunk (each chunk has its own random stream).
const BOUNDARY_CHUNK: usize = 8;

/// Options of [`CollisionSampler::boundary`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoundaryOptions {
    /// Number of boundary points.
    pub count: usize,
    /// Bisection stops when the free and colliding ends are closer than this, measured as
    /// the Euclidean length of the segment in joint space (rad for revolute joints). The
    /// notebook compared the *squared* length with its threshold instead.
    pub precision: f64,
    /// Which rotational sampled joints are periodic (period 2π: the boundary then stands for
    /// all its shifted copies, and nearest-point searches wrap around). `None`, the default:
    /// those whose range spans a full turn (see [`spans_full_turn`]); `Some(true)`: all of
    /// them; `Some(false)`: none.
    pub periodic: Option<bool>,
    /// Seed of the random draws.
    pub seed: u64,
    /// Give up when this many configurations were drawn for one point without finding a
    /// free and a colliding one.
    pub max_draws_per_point: u64,
    /// Show a progress bar when standard error is a terminal.
    pub progress: bool,
    /// Refuse runs whose estimated memory exceeds this many bytes.
    pub memory_limit: u64,
}

impl Default for BoundaryOptions {
    fn default() -> Self {
        BoundaryOptions {
            count: 2000,
            precision: 1e-9,
            periodic: None,
            seed: 0,
            max_draws_per_point: 10_000,
            progress: true,
            memory_limit: DEFAULT_MEMORY_LIMIT,
        }
    }
}

impl BoundaryOptions {
    /// `count` points at `precision`, seeded with `seed`, periodic in the joints whose range
    /// spans a full turn.
    pub fn new(count: usize, precision: f64, seed: u64) -> Self {
        BoundaryOptions {
            count,
            precision,
            seed,
            ..BoundaryOptions::default()
        }
    }
    /// The same options with the periodic extension on or off for every rotational joint.
    pub fn with_periodic(mut self, periodic: bool) -> Self {
        self.periodic = Some(periodic);
        self
    }
    /// The same options without a progress bar.
    pub fn without_progress(mut self) -> Self {
        self.progress = false;
        self
    }
}

/// Configurations on the collision boundary: free configurations within `precision` of a
/// colliding one.
#[derive(Clone, Debug, PartialEq)]
pub struct Boundary {
    joints: Vec<String>,
    ranges: Vec<[f64; 2]>,
    points: Array2<f64>,
    periods: Vec<Option<f64>>,
    precision: f64,
}

impl Boundary {
    /// A boundary from its parts (for example points loaded from a file). `periods[a]` is the
    /// period of joint `a` when it is periodic; a periodic joint's range may span at most
    /// one period, and the points must lie in the ranges.
    pub fn new(
        joints: Vec<String>,
        ranges: Vec<[f64; 2]>,
        points: Array2<f64>,
        periods: Vec<Option<f64>>,
        precision: f64,
    ) -> Result<Self> {
        let k = joints.len();
        check_header(
            "boundary",
            k,
            &[
                ("ranges", k, ranges.len()),
                ("periods", k, periods.len()),
                ("point", k, points.ncols()),
            ],
        )?;
        for (a, period) in periods.iter().enumerate() {
            if let Some(p) = period {
                check_period(&joints[a], ranges[a], *p)?;
            }
        }
        for (i, row) in points.rows().into_iter().enumerate() {
            for a in 0..k {
                let v = row[a];
                if !(v.is_finite() && v >= ranges[a][0] && v <= ranges[a][1]) {
                    return Err(JointspaceError::invalid(
                        format!("boundary point {i}"),
                        format!(
                            "value {v} of joint \"{}\" is outside its range {:?}",
                            joints[a], ranges[a]
                        ),
                    ));
                }
            }
        }
        Ok(Boundary {
            joints,
            ranges,
            points,
            periods,
            precision,
        })
    }

    /// Names of the joints.
    pub fn joints(&self) -> &[String] {
        &self.joints
    }
    /// Sampled range of each joint.
    pub fn ranges(&self) -> &[[f64; 2]] {
        &self.ranges
    }
    /// Number of joints.
    pub fn dim(&self) -> usize {
        self.joints.len()
    }
    /// Number of points (without periodic copies).
    pub fn len(&self) -> usize {
        self.points.nrows()
    }
    /// Whether there is no point.
    pub fn is_empty(&self) -> bool {
        self.points.nrows() == 0
    }
    /// The points, one row each (`n × k`), within the ranges.
    pub fn points(&self) -> &Array2<f64> {
        &self.points
    }
    /// The period of each joint, `None` for non-periodic joints.
    pub fn periods(&self) -> &[Option<f64>] {
        &self.periods
    }
    /// The bisection precision the points were sampled with.
    pub fn precision(&self) -> f64 {
        self.precision
    }

    /// The points and their periodic copies: every point shifted by `−period`, 0 or `+period`
    /// along each periodic joint, diagonal combinations included (`n·3^p` rows, the
    /// unshifted points first). What the notebook's `extend_periodic` returns, plus the
    /// diagonal copies it misses; searches do not need it (a `BoundaryIndex` wraps instead).
    pub fn extended_points(&self) -> Array2<f64> {
        let k = self.dim();
        let periodic: Vec<usize> = (0..k).filter(|&a| self.periods[a].is_some()).collect();
        let images = 3usize.pow(periodic.len() as u32);
        let mut out = Array2::zeros((self.len() * images, k));
        let mut r = 0;
        for code in 0..images {
            for row in self.points.rows() {
                let mut rest = code;
                let mut o = out.row_mut(r);
                o.assign(&row);
                for &a in &periodic {
                    let p = self.periods[a].unwrap_or(0.0);
                    match rest % 3 {
                        1 => o[a] -= p,
                        2 => o[a] += p,
                        _ => {}
                    }
                    rest /= 3;
                }
                r += 1;
            }
        }
        out
    }
}

fn check_period(joint: &str, range: [f64; 2], period: f64) -> Result<()> {
    if !(period.is_finite() && period > 0.0) {
        return Err(JointspaceError::invalid(
            format!("period of joint \"{joint}\""),
            format!("{period} must be finite and > 0"),
        ));
    }
    if range[1] - range[0] > period * (1.0 + 1e-12) {
        return Err(JointspaceError::InvalidRange {
            joint: joint.to_owned(),
            lo: range[0],
            hi: range[1],
            reason: format!(
                "a periodic joint's range may span at most one period ({period}); narrow it or turn periodic off"
            ),
        });
    }
    Ok(())
}

/// How far short of 2π a range may fall and still count as a full turn (rad): covers limits
/// written with a few decimals (±3.1416, ±3.14159).
pub const FULL_TURN_TOLERANCE: f64 = 1e-3;

/// Whether a joint range covers a full turn: `hi − lo ≥ 2π − FULL_TURN_TOLERANCE`.
pub fn spans_full_turn(range: [f64; 2]) -> bool {
    range[1] - range[0] >= TAU - FULL_TURN_TOLERANCE
}

/// Draw statistics of a chunk, for the error message.
#[derive(Default)]
struct Draws {
    free: u64,
    colliding: u64,
}

impl CollisionSampler {
    /// Samples `options.count` points of the collision boundary.
    ///
    /// Each point: draw uniform configurations in the ranges until one is free and one is in
    /// collision (pairs checked in order, stopping at the first hit), then bisect the segment
    /// between them until its length is below `options.precision`, and keep the free end.
    /// The result depends only on the options (not on the number of threads).
    ///
    /// Errors on a zero count, a precision that is not positive, a periodic joint whose range
    /// exceeds one turn, and when no free/colliding pair is found within
    /// `options.max_draws_per_point` draws (the region is free or in collision throughout).
    pub fn boundary(&self, options: &BoundaryOptions) -> Result<Boundary> {
        let run = self.boundary_run(options)?;
        let flat = self.boundary_chunks(&run, options, 0..run.chunk_count)?;
        run.into_boundary(flat, options.count, options.precision)
    }

    /// Checks `options` and fixes what every part of the run shares.
    pub(crate) fn boundary_run(&self, options: &BoundaryOptions) -> Result<BoundaryRun> {
        if options.count == 0 {
            return Err(JointspaceError::invalid(
                "boundary count",
                "it is 0; ask for at least one point",
            ));
        }
        if !(options.precision.is_finite() && options.precision > 0.0) {
            return Err(JointspaceError::invalid(
                "boundary precision",
                format!("{} must be finite and > 0", options.precision),
            ));
        }
        if options.max_draws_per_point < 2 {
            return Err(JointspaceError::invalid(
                "max_draws_per_point",
                "it must be at least 2 (one free and one colliding draw)",
            ));
        }
        let sub = self.subspace();
        let k = sub.dim();
        let ranges = sub.ranges();
        let periods: Vec<Option<f64>> = sub
            .joints()
            .iter()
            .zip(&ranges)
            .map(|(j, range)| {
                let periodic = options.periodic.unwrap_or_else(|| spans_full_turn(*range));
                (periodic && j.rotational).then_some(TAU)
            })
            .collect();
        let periodic = periods.iter().filter(|p| p.is_some()).count() as u32;
        memory::check(
            &format!("boundary of {} points", options.count),
            options.count as u128 * k as u128 * 8 * (1 + 3u128.pow(periodic)),
            options.memory_limit,
            "ask for fewer points or raise BoundaryOptions::memory_limit",
        )?;
        let names = sub.names();
        for (a, p) in periods.iter().enumerate() {
            if let Some(p) = p {
                check_period(&names[a], ranges[a], *p)?;
            }
        }
        Ok(BoundaryRun {
            joints: names,
            ranges,
            periods,
            chunk_count: options.count.div_ceil(BOUNDARY_CHUNK),
        })
    }

    /// The points of chunks `chunks` of a run (each chunk has its own random stream, so any
    /// split of the chunks gives the same points), flattened.
    pub(crate) fn boundary_chunks(
        &self,
        run: &BoundaryRun,
        options: &BoundaryOptions,
        chunks: std::ops::Range<usize>,
    ) -> Result<Vec<f64>> {
        let points: usize = chunks.clone().map(|c| run.chunk_len(c, options)).sum();
        let bar = Progress::new(options.progress, points as u64, "boundary");
        let parts = chunks
            .into_par_iter()
            .map_init(
                || Evaluator::new(self),
                |ev, c| {
                    crate::stop::check()?;
                    let n = run.chunk_len(c, options);
                    let out = boundary_chunk(ev, &run.ranges, options, c, n);
                    bar.inc(n as u64);
                    out
                },
            )
            .collect::<Result<Vec<Vec<f64>>>>();
        bar.finish();
        Ok(parts?.concat())
    }
}

/// What the parts of one boundary run share: the sampled joints, their ranges and periods,
/// and the number of chunks.
#[derive(Clone, Debug)]
pub(crate) struct BoundaryRun {
    pub joints: Vec<String>,
    pub ranges: Vec<[f64; 2]>,
    pub periods: Vec<Option<f64>>,
    pub chunk_count: usize,
}

impl BoundaryRun {
    /// Number of points of chunk `c`.
    pub fn chunk_len(&self, c: usize, options: &BoundaryOptions) -> usize {
        options
            .count
            .saturating_sub(c * BOUNDARY_CHUNK)
            .min(BOUNDARY_CHUNK)
    }

    /// The boundary of `count` points from their flattened coordinates.
    pub fn into_boundary(self, flat: Vec<f64>, count: usize, precision: f64) -> Result<Boundary> {
        let k = self.joints.len();
        let points = Array2::from_shape_vec((count, k), flat)
            .map_err(|e| JointspaceError::invalid("boundary points", e.to_string()))?;
        Ok(Boundary {
            joints: self.joints,
            ranges: self.ranges,
            points,
            periods: self.periods,
            precision,
        })
    }
}

/// `n` boundary points of chunk `c`, flattened.
fn boundary_chunk(
    ev: &mut Evaluator<'_>,
    ranges: &[[f64; 2]],
    options: &BoundaryOptions,
    c: usize,
    n: usize,
) -> Result<Vec<f64>> {
    ev.reset();
    let k = ranges.len();
    let mut rng = chunk_rng(options.seed, c);
    let mut draws = Draws::default();
    let mut out = Vec::with_capacity(n * k);
    let (mut a, mut b, mut mid) = (vec![0.0; k], vec![0.0; k], vec![0.0; k]);
    for _ in 0..n {
        let a_hits = draw(ev, &mut rng, ranges, &mut a, &mut draws)?;
        let mut count = 1;
        loop {
            if draw(ev, &mut rng, ranges, &mut b, &mut draws)? != a_hits {
                break;
            }
            count += 1;
            if count >= options.max_draws_per_point {
                return Err(JointspaceError::NoBoundary {
                    draws: draws.free + draws.colliding,
                    free: draws.free,
                    colliding: draws.colliding,
                    situation: match (draws.free, draws.colliding) {
                        (_, 0) => "entirely free",
                        (0, _) => "entirely in collision",
                        _ => "almost uniform",
                    },
                });
            }
        }
        let (free, hit) = if a_hits {
            (&mut b, &mut a)
        } else {
            (&mut a, &mut b)
        };
        bisect(ev, free, hit, &mut mid, options.precision)?;
        out.extend_from_slice(free);
    }
    Ok(out)
}

/// Draws a point into `out` and checks it.
fn draw(
    ev: &mut Evaluator<'_>,
    rng: &mut ChaCha8Rng,
    ranges: &[[f64; 2]],
    out: &mut [f64],
    draws: &mut Draws,
) -> Result<bool> {
    draw_point(rng, ranges, out);
    let hit = ev.collides(out)?;
    if hit {
        draws.colliding += 1;
    } else {
        draws.free += 1;
    }
    Ok(hit)
}

/// Halves the segment `[free, hit]` until it is shorter than `precision` (or until its
/// midpoint rounds to an end), keeping `free` free and `hit` in collision.
pub(crate) fn bisect(
    ev: &mut Evaluator<'_>,
    free: &mut [f64],
    hit: &mut [f64],
    mid: &mut [f64],
    precision: f64,
) -> Result<()> {
    loop {
        let length2: f64 = free
            .iter()
            .zip(hit.iter())
            .map(|(f, h)| (f - h) * (f - h))
            .sum();
        if length2.sqrt() < precision {
            return Ok(());
        }
        for ((m, f), h) in mid.iter_mut().zip(free.iter()).zip(hit.iter()) {
            *m = 0.5 * (f + h);
        }
        if mid == free || mid == hit {
            return Ok(());
        }
        if ev.collides(mid)? {
            hit.copy_from_slice(mid);
        } else {
            free.copy_from_slice(mid);
        }
    }
}
