//! Sharded script runs: `morsel run SCRIPT --shard I/N` and `morsel run SCRIPT --merge`.
//!
//! A script is run unchanged in every mode. Its *sharded workloads* (grids and random maps of a
//! collision sampler, boundary searches) are numbered in the order the script asks for them:
//!
//! - **single** (the default): every workload runs whole.
//! - **shard I of N**: workload `k` computes only its shard `I` and saves it as
//!   `<out>/shards/w<k>-<kind>-<I>of<N>.json`; the script goes on with a stand-in of the full
//!   shape (this shard's values in place, placeholders elsewhere), and whatever the script saves
//!   goes to a scratch folder that is deleted at the end. Work that is not sharded (loading,
//!   small computations) simply runs in every shard. When the script ends, the shard's manifest
//!   `<out>/shards/manifest-<I>of<N>.json` records the script's SHA-256, the seed, the shard, the
//!   inputs' hashes and every workload file with its hash.
//! - **merge**: before the script starts, every shard manifest is read and checked (all `N`
//!   present, the shard count checked against the manifests found before anything is
//!   allocated for it, same script, seed and workloads, each file's hash as recorded, the same
//!   inputs with the same hashes in every shard, and those inputs unchanged since); then the
//!   script runs again and workload `k` takes its result from the merged shards instead of
//!   computing it, after checking that every shard was made by the same request (kind, steps,
//!   ranges, options: see `CollisionSampler::merge_grid_shards`), so every `save(...)` writes
//!   the bytes a single run writes.
//!
//! The results do not depend on `N`: sampling runs are split along their chunks, and each
//! chunk has its own random stream.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use morsel_geometry::FileAccess;
use morsel_jointspace::Shard;
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::error::LabError;
use crate::manifest::{sha256_hex, sha256_hex_file};

/// Format tag of the files this module writes.
pub const FORMAT: &str = "morsel script shard v1";

/// The folder under `--out` that holds shard files.
pub const SHARD_FOLDER: &str = "shards";

/// How a script run treats its sharded workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunMode {
    /// Every workload runs whole.
    Single,
    /// Only the given shard of every workload runs; results go to `<out>/shards/`.
    Shard(Shard),
    /// Every workload is merged from the shards under `<out>/shards/`.
    Merge,
}

impl RunMode {
    /// Parses `I/N` (0-based `I`, `0 <= I < N`).
    pub fn parse_shard(text: &str) -> Result<RunMode, String> {
        let bad = || {
            format!("--shard takes I/N with whole numbers 0 <= I < N (e.g. 0/4), not \"{text}\"")
        };
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let i: usize = i.trim().parse().map_err(|_| bad())?;
        let n: usize = n.trim().parse().map_err(|_| bad())?;
        if n == 0 || i >= n {
            return Err(format!(
                "--shard {text}: the shard index must be below the shard count (0 <= I < N, N >= 1)"
            ));
        }
        Shard::new(i, n)
            .map(RunMode::Shard)
            .map_err(|e| e.to_string())
    }
}

/// One workload file as a shard manifest records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkloadRecord {
    /// The workload's number in the script's order (0 first).
    pub index: usize,
    /// What it is: `grid`, `random` or `boundary`.
    pub kind: String,
    /// The file, relative to the shard folder.
    pub file: String,
    /// SHA-256 of the file.
    pub sha256: String,
}

/// One input file of the script, as a shard manifest records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputRecord {
    /// The path relative to the read root.
    pub path: String,
    /// SHA-256 of its bytes (null when it could not be read at the end of the run).
    pub sha256: Option<String>,
}

/// `<out>/shards/manifest-<I>of<N>.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardManifest {
    /// [`FORMAT`].
    pub format: String,
    /// The Morsel version that wrote it.
    pub morsel_version: String,
    /// SHA-256 of the script's text.
    pub script_sha256: String,
    /// The run's seed.
    pub seed: u64,
    /// This shard.
    pub shard: Shard,
    /// The files the script read.
    pub inputs: Vec<InputRecord>,
    /// The workload files, in the script's order.
    pub workloads: Vec<WorkloadRecord>,
}

/// A workload file: one shard of one workload.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct WorkloadFile<P> {
    format: String,
    script_sha256: String,
    seed: u64,
    workload: usize,
    kind: String,
    shard: Shard,
    payload: P,
}

/// The sharding state of one script run, shared by the bindings through the shell context.
#[derive(Debug)]
pub struct ScriptShards {
    mode: RunMode,
    /// `<out>/shards`.
    dir: PathBuf,
    script_sha256: String,
    seed: u64,
    next: AtomicUsize,
    written: Mutex<Vec<WorkloadRecord>>,
    /// In merge mode: the shard manifests, index `i` for shard `i`, checked before the run.
    shards: Vec<ShardManifest>,
    /// The folder the script reads under (inputs are recorded relative to it).
    read_root: PathBuf,
}

fn shard_error(message: impl Into<String>) -> LabError {
    LabError::Shard {
        message: message.into(),
    }
}

fn shard_tag(shard: Shard) -> String {
    format!("{:04}of{:04}", shard.index, shard.count)
}

impl ScriptShards {
    /// A run without sharding.
    pub fn single() -> Self {
        ScriptShards {
            mode: RunMode::Single,
            dir: PathBuf::new(),
            script_sha256: String::new(),
            seed: 0,
            next: AtomicUsize::new(0),
            written: Mutex::default(),
            shards: Vec::new(),
            read_root: PathBuf::new(),
        }
    }

    /// The state for a run of `script_source` in `mode`, writing or reading under `out`, the
    /// script reading under `read_root`.
    ///
    /// In merge mode this reads and checks every shard manifest first: a missing shard, one
    /// from another script, seed or shard count, a workload file whose bytes differ from its
    /// manifest, shards that read different inputs, or an input that changed since the shards
    /// ran is an error that names it, and nothing is run.
    pub fn new(
        mode: RunMode,
        out: &Path,
        script_source: &str,
        seed: u64,
        read_root: &Path,
    ) -> Result<Self, LabError> {
        let mut state = ScriptShards {
            mode,
            dir: out.join(SHARD_FOLDER),
            script_sha256: sha256_hex(script_source.as_bytes()),
            seed,
            read_root: read_root.to_path_buf(),
            ..ScriptShards::single()
        };
        if mode == RunMode::Merge {
            state.shards = state.read_manifests()?;
        }
        Ok(state)
    }

    /// How this run treats its workloads.
    pub fn mode(&self) -> RunMode {
        self.mode
    }

    /// The shard folder, `<out>/shards`.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How many sharded workloads the script has asked for so far.
    pub fn workload_count(&self) -> usize {
        self.next.load(Ordering::SeqCst)
    }

    /// Runs one sharded workload of kind `kind`:
    /// - single mode: `whole()`;
    /// - shard mode: `part(shard)` gives the shard's payload, saved as this workload's file,
    ///   and the stand-in the script goes on with;
    /// - merge mode: `merge(payloads)` gets every shard's payload, in shard order.
    pub fn workload<P, T>(
        &self,
        kind: &str,
        whole: impl FnOnce() -> Result<T, LabError>,
        part: impl FnOnce(Shard) -> Result<(P, T), LabError>,
        merge: impl FnOnce(Vec<P>) -> Result<T, LabError>,
    ) -> Result<T, LabError>
    where
        P: Serialize + DeserializeOwned,
    {
        match self.mode {
            RunMode::Single => whole(),
            RunMode::Shard(shard) => {
                let index = self.next.fetch_add(1, Ordering::SeqCst);
                let (payload, stand_in) = part(shard)?;
                self.write_workload(index, kind, shard, payload)?;
                Ok(stand_in)
            }
            RunMode::Merge => {
                let index = self.next.fetch_add(1, Ordering::SeqCst);
                merge(self.read_workload(index, kind)?)
            }
        }
    }

    fn write_workload<P: Serialize>(
        &self,
        index: usize,
        kind: &str,
        shard: Shard,
        payload: P,
    ) -> Result<(), LabError> {
        let file = format!("w{index:03}-{kind}-{}.json", shard_tag(shard));
        let body = WorkloadFile {
            format: FORMAT.to_owned(),
            script_sha256: self.script_sha256.clone(),
            seed: self.seed,
            workload: index,
            kind: kind.to_owned(),
            shard,
            payload,
        };
        let text = serde_json::to_string(&body)
            .map_err(|e| shard_error(format!("cannot encode workload {index} ({kind}): {e}")))?;
        let path = self.dir.join(&file);
        write_file(&path, text.as_bytes())?;
        self.written
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(WorkloadRecord {
                index,
                kind: kind.to_owned(),
                file,
                sha256: sha256_hex(text.as_bytes()),
            });
        Ok(())
    }

    fn read_workload<P: DeserializeOwned>(
        &self,
        index: usize,
        kind: &str,
    ) -> Result<Vec<P>, LabError> {
        let count = self.shards.len();
        let mut payloads = Vec::with_capacity(count);
        for manifest in &self.shards {
            let tag = shard_tag(manifest.shard);
            let record = manifest.workloads.get(index).ok_or_else(|| {
                shard_error(format!(
                    "the script asks for sharded workload {index} ({kind}), but shard {tag} holds only {} workloads: the shards were made by another version of the script or its inputs",
                    manifest.workloads.len()
                ))
            })?;
            if record.kind != kind {
                return Err(shard_error(format!(
                    "sharded workload {index} is a {kind} in this run but a {} in shard {tag} ({})",
                    record.kind, record.file
                )));
            }
            let path = self.dir.join(&record.file);
            let bytes = read_file(&path)?;
            let body: WorkloadFile<P> = serde_json::from_slice(&bytes)
                .map_err(|e| shard_error(format!("corrupt shard file {}: {e}", path.display())))?;
            if body.workload != index || body.kind != kind || body.shard != manifest.shard {
                return Err(shard_error(format!(
                    "shard file {} holds workload {} ({}) of shard {}, not workload {index} ({kind}) of shard {tag}",
                    path.display(),
                    body.workload,
                    body.kind,
                    shard_tag(body.shard)
                )));
            }
            payloads.push(body.payload);
        }
        Ok(payloads)
    }

    /// Reads and checks every shard manifest under the shard folder (merge mode).
    fn read_manifests(&self) -> Result<Vec<ShardManifest>, LabError> {
        let entries = std::fs::read_dir(&self.dir).map_err(|e| {
            shard_error(format!(
                "no shard folder {} ({e}): run the shards first (morsel run SCRIPT --shard I/N --out DIR)",
                self.dir.display()
            ))
        })?;
        let mut found: Vec<(PathBuf, ShardManifest)> = Vec::new();
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !(name.starts_with("manifest-") && name.ends_with(".json")) {
                continue;
            }
            let path = entry.path();
            let manifest: ShardManifest =
                serde_json::from_slice(&read_file(&path)?).map_err(|e| {
                    shard_error(format!("corrupt shard manifest {}: {e}", path.display()))
                })?;
            if manifest.format != FORMAT {
                return Err(shard_error(format!(
                    "shard manifest {} has format \"{}\", not \"{FORMAT}\"",
                    path.display(),
                    manifest.format
                )));
            }
            found.push((path, manifest));
        }
        let Some((_, first)) = found.first() else {
            return Err(shard_error(format!(
                "no shard manifest in {}: run the shards first (morsel run SCRIPT --shard I/N --out DIR)",
                self.dir.display()
            )));
        };
        let count = first.shard.count;
        if count > found.len() {
            // Name the first missing shard without allocating for a count a file may inflate.
            let present: std::collections::BTreeSet<usize> =
                found.iter().map(|(_, m)| m.shard.index).collect();
            let i = (0..=found.len())
                .find(|i| !present.contains(i))
                .unwrap_or(found.len());
            let tag = shard_tag(Shard { index: i, count });
            return Err(shard_error(format!(
                "shard {i} of {count} is missing: {} not found (run it with --shard {i}/{count}); {} shard manifests are in {}",
                self.dir.join(format!("manifest-{tag}.json")).display(),
                found.len(),
                self.dir.display()
            )));
        }
        let mut by_index: Vec<Option<ShardManifest>> = vec![None; count];
        for (path, m) in found {
            let at = path.display();
            if m.shard.count != count {
                return Err(shard_error(format!(
                    "shard manifest {at} is one of {} shards, but others are of {count}: clear {} and run the shards again",
                    m.shard.count,
                    self.dir.display()
                )));
            }
            if m.script_sha256 != self.script_sha256 {
                return Err(shard_error(format!(
                    "shard manifest {at} was made by another script (SHA-256 {}), not this one ({})",
                    m.script_sha256, self.script_sha256
                )));
            }
            if m.seed != self.seed {
                return Err(shard_error(format!(
                    "shard manifest {at} was made with --seed {}, but this merge has --seed {}",
                    m.seed, self.seed
                )));
            }
            let slot = by_index.get_mut(m.shard.index).ok_or_else(|| {
                shard_error(format!(
                    "shard manifest {at} names shard {} of {count}",
                    m.shard.index
                ))
            })?;
            *slot = Some(m);
        }
        let mut manifests = Vec::with_capacity(count);
        for (i, slot) in by_index.into_iter().enumerate() {
            let m = slot.ok_or_else(|| {
                let tag = shard_tag(Shard { index: i, count });
                shard_error(format!(
                    "shard {i} of {count} is missing: {} not found (run it with --shard {i}/{count})",
                    self.dir.join(format!("manifest-{tag}.json")).display()
                ))
            })?;
            manifests.push(m);
        }
        self.check_inputs(&manifests)?;
        for m in &manifests {
            let kinds = |m: &ShardManifest| {
                m.workloads
                    .iter()
                    .map(|w| w.kind.clone())
                    .collect::<Vec<_>>()
            };
            if kinds(m) != kinds(&manifests[0]) {
                return Err(shard_error(format!(
                    "shard {} ran workloads {:?} but shard 0 ran {:?}: the shards come from different runs",
                    m.shard.index,
                    kinds(m),
                    kinds(&manifests[0])
                )));
            }
            for w in &m.workloads {
                let path = self.dir.join(&w.file);
                let bytes = read_file(&path)?;
                if sha256_hex(&bytes) != w.sha256 {
                    return Err(shard_error(format!(
                        "corrupt shard file {}: its SHA-256 differs from the one its manifest records",
                        path.display()
                    )));
                }
            }
        }
        Ok(manifests)
    }

    /// Every shard read the same inputs with the same bytes, and they are unchanged now.
    fn check_inputs(&self, manifests: &[ShardManifest]) -> Result<(), LabError> {
        let Some(first) = manifests.first() else {
            return Ok(());
        };
        let listed = |m: &ShardManifest| {
            let mut inputs: Vec<(String, Option<String>)> = m
                .inputs
                .iter()
                .map(|i| (i.path.clone(), i.sha256.clone()))
                .collect();
            inputs.sort();
            inputs
        };
        let reference = listed(first);
        for m in &manifests[1..] {
            let inputs = listed(m);
            if inputs == reference {
                continue;
            }
            let tag = shard_tag(m.shard);
            let differing = inputs
                .iter()
                .chain(&reference)
                .find(|i| !inputs.contains(i) || !reference.contains(i))
                .map_or_else(String::new, |(path, _)| path.clone());
            return Err(shard_error(format!(
                "shards {} and {tag} read different inputs: `{differing}` differs (its hash, or whether it was read); run every shard again with the same files",
                shard_tag(first.shard)
            )));
        }
        // Only regular files under the read root are hashed (a manifest may name any path).
        let access = FileAccess::within([&self.read_root]).map_err(|e| {
            shard_error(format!(
                "cannot check the inputs under {}: {e}",
                self.read_root.display()
            ))
        })?;
        for (path, recorded) in &reference {
            let now = access
                .read(self.read_root.join(path))
                .ok()
                .map(|bytes| sha256_hex(&bytes));
            if now != *recorded {
                return Err(shard_error(format!(
                    "input `{path}` changed since the shards ran (SHA-256 {} in the shards, {} now): run the shards again with the current files",
                    recorded.as_deref().unwrap_or("none"),
                    now.as_deref().unwrap_or("none: it cannot be read")
                )));
            }
        }
        Ok(())
    }

    /// Shard mode: writes `<out>/shards/manifest-<I>of<N>.json` after a successful run, with
    /// the inputs the script read (paths relative to `read_root`). Returns its path, or `None`
    /// in the other modes.
    pub fn finish(&self, reads: &[PathBuf], read_root: &Path) -> Result<Option<PathBuf>, LabError> {
        let RunMode::Shard(shard) = self.mode else {
            return Ok(None);
        };
        let mut workloads = self
            .written
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        workloads.sort_by_key(|w| w.index);
        let inputs = reads
            .iter()
            .map(|p| InputRecord {
                path: p
                    .strip_prefix(read_root)
                    .unwrap_or(p)
                    .to_string_lossy()
                    .replace('\\', "/"),
                sha256: sha256_hex_file(p).ok(),
            })
            .collect();
        let manifest = ShardManifest {
            format: FORMAT.to_owned(),
            morsel_version: env!("CARGO_PKG_VERSION").to_owned(),
            script_sha256: self.script_sha256.clone(),
            seed: self.seed,
            shard,
            inputs,
            workloads,
        };
        let mut text = serde_json::to_string_pretty(&manifest)
            .map_err(|e| shard_error(format!("cannot encode the shard manifest: {e}")))?;
        text.push('\n');
        let path = self.dir.join(format!("manifest-{}.json", shard_tag(shard)));
        write_file(&path, text.as_bytes())?;
        Ok(Some(path))
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), LabError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(LabError::io("cannot create the shard folder", parent))?;
    }
    std::fs::write(path, bytes).map_err(LabError::io("cannot write the shard file", path))
}

/// Reads a shard file: regular files only (not a FIFO or device put in the shard folder).
fn read_file(path: &Path) -> Result<Vec<u8>, LabError> {
    FileAccess::anywhere().read(path).map_err(|e| {
        shard_error(format!(
            "cannot read shard file {}: {e} (was a shard deleted or not run?)",
            path.display()
        ))
    })
}

#[cfg(test)]
#[path = "sharding_tests.rs"]
mod tests;
