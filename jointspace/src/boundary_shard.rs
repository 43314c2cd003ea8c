//! Sharding of boundary searches: shard `i` of `n` bisects its contiguous range of the run's
//! chunks. Each chunk draws from its own random stream, so the merged points equal a single
//! run's exactly, whatever `n`.

use serde::{Deserialize, Serialize};

use crate::boundary::{Boundary, BoundaryOptions};
use crate::error::{JointspaceError, Result};
use crate::sampler::CollisionSampler;
use crate::shard::Shard;

/// Format tag of boundary shard files.
pub const BOUNDARY_SHARD_FORMAT: &str = "morsel-jointspace boundary shard v1";

/// The inputs of a boundary run, as recorded in each of its shards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoundaryManifest {
    /// [`BOUNDARY_SHARD_FORMAT`].
    pub format: String,
    /// Robot (model) name.
    pub robot: String,
    /// Sampled joints.
    pub joints: Vec<String>,
    /// Their ranges.
    pub ranges: Vec<[f64; 2]>,
    /// Reference configuration.
    pub reference: Vec<f64>,
    /// Active pairs by object names.
    pub pairs: Vec<[String; 2]>,
    /// Number of points, precision, seed, periodicity and draw limit of the run.
    pub count: usize,
    /// Bisection precision.
    pub precision: f64,
    /// Seed of the draws.
    pub seed: u64,
    /// Whether rotational joints are periodic (`None`: those whose range spans a full turn).
    pub periodic: Option<bool>,
    /// Draw limit per point.
    pub max_draws_per_point: u64,
    /// Number of chunks of the whole run.
    pub chunk_count: usize,
    /// This shard.
    pub shard: Shard,
    /// The chunks this shard holds, `[start, end)`.
    pub chunks: [usize; 2],
}

impl BoundaryManifest {
    fn run_part(&self) -> BoundaryManifest {
        BoundaryManifest {
            shard: Shard {
                index: 0,
                count: self.shard.count,
            },
            chunks: [0, 0],
            ..self.clone()
        }
    }
}

/// One shard of a boundary run: its points (flattened, `k` values each) and its manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoundaryShard {
    /// The run's inputs and this shard's place in it.
    pub manifest: BoundaryManifest,
    /// The shard's points, flattened row by row.
    pub points: Vec<f64>,
}

impl CollisionSampler {
    /// Shard `shard` of the run [`boundary`](Self::boundary) would do.
    pub fn boundary_shard(&self, options: &BoundaryOptions, shard: Shard) -> Result<BoundaryShard> {
        let shard = Shard::new(shard.index, shard.count)?;
        let run = self.boundary_run(options)?;
        let chunks = shard.chunks(run.chunk_count);
        let points = self.boundary_chunks(&run, options, chunks.clone())?;
        let mut manifest = self.boundary_shard_manifest_of(options, &run, shard.count);
        manifest.shard = shard;
        manifest.chunks = [chunks.start, chunks.end];
        Ok(BoundaryShard { manifest, points })
    }

    /// The boundary with `shard`'s points in place and every other point at the middle of
    /// the ranges: a stand-in of the right shape for the rest of a sharded script, whose
    /// outputs are discarded.
    pub fn boundary_placeholder(
        &self,
        options: &BoundaryOptions,
        shard: &BoundaryShard,
    ) -> Result<Boundary> {
        let run = self.boundary_run(options)?;
        let k = run.joints.len();
        let middle: Vec<f64> = run.ranges.iter().map(|r| 0.5 * (r[0] + r[1])).collect();
        let mut flat: Vec<f64> = middle
            .iter()
            .copied()
            .cycle()
            .take(options.count * k)
            .collect();
        let first: usize = (0..shard.manifest.chunks[0])
            .map(|c| run.chunk_len(c, options))
            .sum();
        let start = (first * k).min(flat.len());
        let end = (start + shard.points.len()).min(flat.len());
        flat[start..end].copy_from_slice(&shard.points[..end - start]);
        run.into_boundary(flat, options.count, options.precision)
    }

    /// Merges the shards of one boundary run of this sampler into the boundary a single run
    /// gives. Errors when a shard is missing, repeated, from another run, or of the wrong size.
    pub fn merge_boundary_shards(
        &self,
        options: &BoundaryOptions,
        shards: &[BoundaryShard],
    ) -> Result<Boundary> {
        let run = self.boundary_run(options)?;
        let mismatch = |reason: String| JointspaceError::ShardMismatch { reason };
        let first = shards
            .first()
            .ok_or_else(|| mismatch("no shard given".into()))?;
        if first.manifest.format != BOUNDARY_SHARD_FORMAT {
            return Err(mismatch(format!(
                "format \"{}\" is not \"{BOUNDARY_SHARD_FORMAT}\"",
                first.manifest.format
            )));
        }
        let count = first.manifest.shard.count;
        crate::shard::check_shard_count(
            "boundary shard",
            count,
            shards.iter().map(|s| s.manifest.shard.index),
        )?;
        let expected = self.boundary_shard_manifest_of(options, &run, count);
        let mut by_index: Vec<Option<&BoundaryShard>> = vec![None; count];
        for s in shards {
            if s.manifest.run_part() != expected {
                return Err(mismatch(format!(
                    "boundary shard {} comes from another run (its manifest differs from this script's boundary search)",
                    s.manifest.shard.index
                )));
            }
            let i = s.manifest.shard.index;
            match by_index.get_mut(i) {
                Some(slot @ None) => *slot = Some(s),
                Some(Some(_)) => {
                    return Err(mismatch(format!("boundary shard {i} is given twice")));
                }
                None => {
                    return Err(mismatch(format!(
                        "boundary shard index {i} is not below {count}"
                    )));
                }
            }
        }
        let k = run.joints.len();
        let mut flat = Vec::with_capacity(options.count * k);
        for (i, slot) in by_index.iter().enumerate() {
            let s =
                slot.ok_or_else(|| mismatch(format!("boundary shard {i} of {count} is missing")))?;
            let chunks = Shard { index: i, count }.chunks(run.chunk_count);
            let len: usize = chunks
                .clone()
                .map(|c| run.chunk_len(c, options))
                .sum::<usize>()
                * k;
            if s.manifest.chunks != [chunks.start, chunks.end] || s.points.len() != len {
                return Err(mismatch(format!(
                    "boundary shard {i} should hold chunks {chunks:?} ({len} values) but holds {} values",
                    s.points.len()
                )));
            }
            flat.extend_from_slice(&s.points);
        }
        run.into_boundary(flat, options.count, options.precision)
    }

    fn boundary_shard_manifest_of(
        &self,
        options: &BoundaryOptions,
        run: &crate::boundary::BoundaryRun,
        count: usize,
    ) -> BoundaryManifest {
        BoundaryManifest {
            format: BOUNDARY_SHARD_FORMAT.to_owned(),
            robot: self.collision_model().robot().to_owned(),
            joints: run.joints.clone(),
            ranges: run.ranges.clone(),
            reference: self.subspace().reference().to_vec(),
            pairs: self.pair_names(),
            count: options.count,
            precision: options.precision,
            seed: options.seed,
            periodic: options.periodic,
            max_draws_per_point: options.max_draws_per_point,
            chunk_count: run.chunk_count,
            shard: Shard { index: 0, count },
            chunks: [0, 0],
        }
    }
}
