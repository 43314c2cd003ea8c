//! Sharding: run shard `i` of `n` of a sampling run as an independent job (a Slurm job array
//! task, say), save it with a manifest of the inputs, and merge the shards into the map a
//! single run would have produced, byte for byte.
//!
//! A run's chunks (see [`crate::sampling`]) are split into `n` contiguous ranges; shard `i`
//! computes range `i`. Because chunks start from a fresh state, the merged values equal a
//! single run's exactly. The shard file is JSON (floats round-trip exactly).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};
use crate::memory;
use crate::options::{Measure, SampleOptions};
use crate::sample_map::{SampleMap, source_label};
use crate::sampler::CollisionSampler;
use crate::sampling::{Plan, Sampling, assemble, run_chunks};

/// Format tag of shard files.
pub const SHARD_FORMAT: &str = "morsel-jointspace sample shard v1";

/// Shard `index` of `count` (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: usize,
    /// Number of shards.
    pub count: usize,
}

impl Shard {
    /// Shard `index` of `count`; errors unless `index < count`.
    pub fn new(index: usize, count: usize) -> Result<Self> {
        if count == 0 || index >= count {
            return Err(JointspaceError::invalid(
                "shard",
                format!("index {index} of {count}: give count >= 1 and 0 <= index < count"),
            ));
        }
        Ok(Shard { index, count })
    }

    /// The chunks of this shard among `chunks`.
    pub(crate) fn chunks(&self, chunks: usize) -> std::ops::Range<usize> {
        let at = |i: usize| ((i as u128 * chunks as u128) / self.count as u128) as usize;
        at(self.index)..at(self.index + 1)
    }
}

/// A collision object as recorded in a manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ObjectRecord {
    /// Object name.
    pub name: String,
    /// Link name.
    pub link: String,
    /// Shape kind (`mesh`, `box`, ...).
    pub shape: String,
    /// Triangles of a mesh.
    pub triangles: Option<usize>,
}

/// The inputs of a sampling run and which part a shard holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`SHARD_FORMAT`].
    pub format: String,
    /// Version of morsel-jointspace that wrote it.
    pub crate_version: String,
    /// Robot (model) name.
    pub robot: String,
    /// Configuration size of the model.
    pub nq: usize,
    /// Sampled joints.
    pub joints: Vec<String>,
    /// Their configuration indices.
    pub configuration_indices: Vec<usize>,
    /// Their ranges.
    pub ranges: Vec<[f64; 2]>,
    /// Reference configuration.
    pub reference: Vec<f64>,
    /// Active pairs by object names.
    pub pairs: Vec<[String; 2]>,
    /// The objects of the pairs.
    pub objects: Vec<ObjectRecord>,
    /// Whether closed meshes were solids.
    pub solid_meshes: bool,
    /// What was measured.
    pub measure: Measure,
    /// How configurations were chosen.
    pub sampling: Sampling,
    /// Number of chunks of the whole run.
    pub chunk_count: usize,
    /// This shard.
    pub shard: Shard,
    /// The chunks this shard holds, `[start, end)`.
    pub chunks: [usize; 2],
}

impl Manifest {
    /// The map of this run's samples with `values` (the whole run's, in visiting order).
    fn assemble(&self, plan: &Plan, values: &[f64]) -> Result<SampleMap> {
        Ok(assemble(
            plan,
            self.joints.clone(),
            self.ranges.clone(),
            values,
            self.measure.into(),
        )?
        .with_source(source_label(&self.robot, &self.pairs, &self.reference)))
    }

    /// The manifest without its shard part, for comparing shards of one run.
    fn run_part(&self) -> Manifest {
        Manifest {
            shard: Shard {
                index: 0,
                count: self.shard.count,
            },
            chunks: [0, 0],
            ..self.clone()
        }
    }
}

/// One shard's values (in the run's visiting order) and its manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleShard {
    /// The run's inputs and this shard's place in it.
    pub manifest: Manifest,
    /// Values of the shard's configurations, in visiting order.
    pub values: Vec<f64>,
}

impl SampleShard {
    /// The shard as JSON text.
    pub fn to_json(&self) -> Result<String> {
        serde_json::to_string(self).map_err(|e| JointspaceError::ShardFormat {
            path: "<string>".into(),
            message: e.to_string(),
        })
    }
    /// A shard from JSON text.
    pub fn from_json(text: &str) -> Result<Self> {
        serde_json::from_str(text).map_err(|e| JointspaceError::ShardFormat {
            path: "<string>".into(),
            message: e.to_string(),
        })
    }
    /// Writes the shard as JSON.
    pub fn write_json(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let text = self.to_json()?;
        std::fs::write(path, text).map_err(|source| JointspaceError::Io {
            path: path.to_path_buf(),
            source,
        })
    }
    /// Reads a shard written by [`write_json`](Self::write_json).
    pub fn read_json(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| JointspaceError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        serde_json::from_str(&text).map_err(|e| JointspaceError::ShardFormat {
            path: path.display().to_string(),
            message: e.to_string(),
        })
    }
}

impl SampleShard {
    /// The map with this shard's values in place and 0 for every other sample: a stand-in of
    /// the right shape for the rest of a sharded script, whose outputs are discarded.
    pub fn placeholder_map(&self) -> Result<SampleMap> {
        let m = &self.manifest;
        let plan = Plan::new(&m.sampling, &m.joints, &m.ranges)?;
        let before: usize = (0..m.chunks[0].min(plan.chunk_count()))
            .map(|c| plan.chunk_len(c))
            .sum();
        let mut values = vec![0.0; plan.total()];
        let end = (before + self.values.len()).min(values.len());
        values[before..end].copy_from_slice(&self.values[..end - before]);
        m.assemble(&plan, &values)
    }
}

impl CollisionSampler {
    /// Shard `shard` of the grid run [`grid`](Self::grid) would do.
    pub fn grid_shard(
        &self,
        steps: &[usize],
        options: &SampleOptions,
        shard: Shard,
    ) -> Result<SampleShard> {
        let sampling = self.grid_sampling(steps, options)?;
        self.run_shard(sampling, options, shard)
    }

    /// Shard `shard` of the random run [`random`](Self::random) would do.
    pub fn random_shard(
        &self,
        count: usize,
        seed: u64,
        options: &SampleOptions,
        shard: Shard,
    ) -> Result<SampleShard> {
        let sampling = self.random_sampling(count, seed, options)?;
        self.run_shard(sampling, options, shard)
    }

    fn run_shard(
        &self,
        sampling: Sampling,
        options: &SampleOptions,
        shard: Shard,
    ) -> Result<SampleShard> {
        let shard = Shard::new(shard.index, shard.count)?;
        let plan = Plan::new(
            &sampling,
            &self.subspace().names(),
            &self.subspace().ranges(),
        )?;
        let chunks = shard.chunks(plan.chunk_count());
        let samples: usize = chunks.clone().map(|c| plan.chunk_len(c)).sum();
        memory::check(
            &format!("shard {} of {}", shard.index, shard.count),
            memory::sampling_bytes(samples as u128, self.subspace().dim()),
            options.memory_limit,
            "split the run into more shards or raise SampleOptions::memory_limit",
        )?;
        let values = run_chunks(
            self,
            &plan,
            &options.measure,
            chunks.clone(),
            options.progress,
        )?;
        Ok(SampleShard {
            manifest: self.manifest(sampling, options.measure, shard, plan.chunk_count(), chunks),
            values,
        })
    }

    fn manifest(
        &self,
        sampling: Sampling,
        measure: Measure,
        shard: Shard,
        chunk_count: usize,
        chunks: std::ops::Range<usize>,
    ) -> Manifest {
        let c = self.collision_model();
        let mut objects: Vec<ObjectRecord> = Vec::new();
        for p in c.pairs() {
            for id in [p.first, p.second] {
                let o = c.object(id);
                if !objects.iter().any(|r| r.name == o.name()) {
                    objects.push(ObjectRecord {
                        name: o.name().to_owned(),
                        link: o.link_name().to_owned(),
                        shape: o.collider().shape.name().to_owned(),
                        triangles: o.triangle_count(),
                    });
                }
            }
        }
        Manifest {
            format: SHARD_FORMAT.to_owned(),
            crate_version: env!("CARGO_PKG_VERSION").to_owned(),
            robot: c.robot().to_owned(),
            nq: self.model().nq(),
            joints: self.subspace().names(),
            configuration_indices: self.subspace().joints().iter().map(|j| j.idx_q).collect(),
            ranges: self.subspace().ranges(),
            reference: self.subspace().reference().to_vec(),
            pairs: self.pair_names(),
            objects,
            solid_meshes: c.solid_meshes(),
            measure,
            sampling,
            chunk_count,
            shard,
            chunks: [chunks.start, chunks.end],
        }
    }
}

/// Refuses a shard count above the number of shards given before anything is allocated for
/// it (a manifest may claim any count), naming the first missing shard. `what` names the
/// shards ("shard", "boundary shard").
pub(crate) fn check_shard_count(
    what: &str,
    count: usize,
    indices: impl Iterator<Item = usize>,
) -> Result<()> {
    let present: std::collections::BTreeSet<usize> = indices.collect();
    if count <= present.len() {
        return Ok(());
    }
    let missing = (0..=present.len())
        .find(|i| !present.contains(i))
        .unwrap_or(present.len());
    Err(JointspaceError::ShardMismatch {
        reason: format!("{what} {missing} of {count} is missing"),
    })
}

/// The fields of two shard manifests' run parts that differ, by name.
fn differing_fields(a: &Manifest, b: &Manifest) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut check = |name, same: bool| {
        if !same {
            out.push(name);
        }
    };
    check("format", a.format == b.format);
    check("robot", a.robot == b.robot);
    check("nq", a.nq == b.nq);
    check("joints", a.joints == b.joints);
    check(
        "configuration_indices",
        a.configuration_indices == b.configuration_indices,
    );
    check("ranges", a.ranges == b.ranges);
    check("reference", a.reference == b.reference);
    check("pairs", a.pairs == b.pairs);
    check("objects", a.objects == b.objects);
    check("solid_meshes", a.solid_meshes == b.solid_meshes);
    check(
        "measure (options distance, zero_in_collision)",
        a.measure == b.measure,
    );
    check("sampling (steps, or n and seed)", a.sampling == b.sampling);
    check("chunk_count", a.chunk_count == b.chunk_count);
    out
}

impl CollisionSampler {
    /// Merges the shards of the grid run [`grid`](Self::grid)`(steps, options)` would do,
    /// refusing shards made by another request (other steps, options, joints, ranges, pairs
    /// or model), naming what differs.
    pub fn merge_grid_shards(
        &self,
        steps: &[usize],
        options: &SampleOptions,
        shards: &[SampleShard],
    ) -> Result<SampleMap> {
        let sampling = self.grid_sampling(steps, options)?;
        self.merge_checked(sampling, options, shards)
    }

    /// Merges the shards of the random run [`random`](Self::random)`(count, seed, options)`
    /// would do, refusing shards made by another request (as
    /// [`merge_grid_shards`](Self::merge_grid_shards)).
    pub fn merge_random_shards(
        &self,
        count: usize,
        seed: u64,
        options: &SampleOptions,
        shards: &[SampleShard],
    ) -> Result<SampleMap> {
        let sampling = self.random_sampling(count, seed, options)?;
        self.merge_checked(sampling, options, shards)
    }

    fn merge_checked(
        &self,
        sampling: Sampling,
        options: &SampleOptions,
        shards: &[SampleShard],
    ) -> Result<SampleMap> {
        let plan = Plan::new(
            &sampling,
            &self.subspace().names(),
            &self.subspace().ranges(),
        )?;
        check_shard_count(
            "shard",
            shards.first().map_or(0, |s| s.manifest.shard.count),
            shards.iter().map(|s| s.manifest.shard.index),
        )?;
        let expected = self
            .manifest(
                sampling,
                options.measure,
                Shard { index: 0, count: 1 },
                plan.chunk_count(),
                0..0,
            )
            .run_part();
        for s in shards {
            let mut run = s.manifest.run_part();
            run.shard.count = 1;
            let differ = differing_fields(&run, &expected);
            if !differ.is_empty() {
                return Err(JointspaceError::ShardMismatch {
                    reason: format!(
                        "shard {} of {} was made by another request: its {} differ from this script's",
                        s.manifest.shard.index,
                        s.manifest.shard.count,
                        differ.join(", ")
                    ),
                });
            }
        }
        merge_shards(shards)
    }
}

/// Merges the shards of one run into the map a single run would give.
///
/// Errors when the shards come from different runs (their manifests differ beyond the shard
/// part), when one is missing or repeated, or when a shard holds the wrong number of values.
pub fn merge_shards(shards: &[SampleShard]) -> Result<SampleMap> {
    let first = shards
        .first()
        .ok_or_else(|| JointspaceError::ShardMismatch {
            reason: "no shard given".into(),
        })?;
    let m = &first.manifest;
    if m.format != SHARD_FORMAT {
        return Err(JointspaceError::ShardMismatch {
            reason: format!("format \"{}\" is not \"{SHARD_FORMAT}\"", m.format),
        });
    }
    let count = m.shard.count;
    check_shard_count(
        "shard",
        count,
        shards.iter().map(|s| s.manifest.shard.index),
    )?;
    let run = m.run_part();
    let mut by_index: Vec<Option<&SampleShard>> = vec![None; count];
    for s in shards {
        if s.manifest.run_part() != run {
            return Err(JointspaceError::ShardMismatch {
                reason: format!(
                    "shard {} comes from another run (its manifest differs)",
                    s.manifest.shard.index
                ),
            });
        }
        let i = s.manifest.shard.index;
        match by_index.get_mut(i) {
            Some(slot @ None) => *slot = Some(s),
            Some(Some(_)) => {
                return Err(JointspaceError::ShardMismatch {
                    reason: format!("shard {i} is given twice"),
                });
            }
            None => {
                return Err(JointspaceError::ShardMismatch {
                    reason: format!("shard index {i} is not below {count}"),
                });
            }
        }
    }
    let plan = Plan::new(&m.sampling, &m.joints, &m.ranges)?;
    let mut values = Vec::with_capacity(plan.total());
    for (i, slot) in by_index.iter().enumerate() {
        let s = slot.ok_or_else(|| JointspaceError::ShardMismatch {
            reason: format!("shard {i} of {count} is missing"),
        })?;
        let expected = Shard { index: i, count }.chunks(plan.chunk_count());
        let len: usize = expected.clone().map(|c| plan.chunk_len(c)).sum();
        if s.manifest.chunks != [expected.start, expected.end] || s.values.len() != len {
            return Err(JointspaceError::ShardMismatch {
                reason: format!(
                    "shard {i} should hold chunks {expected:?} ({len} values) but holds {} values",
                    s.values.len()
                ),
            });
        }
        values.extend_from_slice(&s.values);
    }
    m.assemble(&plan, &values)
}
