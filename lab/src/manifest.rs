//! The run manifest: `<out>/manifest.json`, written by every `morsel run`, so that a result can be
//! traced to what made it.
//!
//! ```json
//! {
//!   "morsel_version": "0.1.0",
//!   "script": { "path": "scripts/quickstart.rhai", "sha256": "…", "bytes": 1234 },
//!   "seed": 0,
//!   "inputs":  [ { "path": "assets/robots/solo12/solo12.urdf", "sha256": "…", "bytes": 5678 } ],
//!   "outputs": [ { "path": "stance.json", "sha256": "…", "bytes": 910 } ],
//!   "started_utc": "2026-11-21T07:41:40Z",
//!   "wall_time_s": 1.25,
//!   "status": "ok",
//!   "error": null
//! }
//! ```
//!
//! `inputs` are the files the script read through the sandbox (paths relative to the read root),
//! `outputs` the files it wrote under `--out` (paths relative to it); hashes are SHA-256 of the
//! bytes on disk when the run ended. `status` is `ok`, `failed`, `interrupted` or `timed_out`;
//! `error` holds the diagnostic of a run that did not finish.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::error::LabError;

/// The files a run read and wrote, each sorted and listed once (the shell's sandbox keeps it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AccessLog {
    /// Files resolved for reading (canonical paths).
    pub reads: std::collections::BTreeSet<PathBuf>,
    /// Files resolved for writing.
    pub writes: std::collections::BTreeSet<PathBuf>,
}

/// The folder a script may read under by default: the working folder when the script lies
/// inside it, else the script's own folder.
pub fn default_read_root(script_dir: &Path) -> PathBuf {
    let cwd = std::env::current_dir()
        .ok()
        .and_then(|d| d.canonicalize().ok());
    let dir = script_dir
        .canonicalize()
        .unwrap_or_else(|_| script_dir.to_path_buf());
    match cwd {
        Some(cwd) if dir.starts_with(&cwd) => cwd,
        _ => dir,
    }
}

/// The manifest's file name inside the output folder.
pub const FILE_NAME: &str = "manifest.json";

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunStatus {
    /// The script finished.
    Ok,
    /// The script stopped with an error.
    Failed,
    /// Ctrl-C stopped the script.
    Interrupted,
    /// The time limit (`--timeout`) stopped the script.
    TimedOut,
}

impl RunStatus {
    /// The word the manifest uses.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Ok => "ok",
            RunStatus::Failed => "failed",
            RunStatus::Interrupted => "interrupted",
            RunStatus::TimedOut => "timed_out",
        }
    }
}

/// Everything a manifest records about one run.
#[derive(Debug, Clone)]
pub struct RunRecord {
    /// The script as named on the command line.
    pub script: PathBuf,
    /// The script's text, as run.
    pub script_source: String,
    /// The run's seed.
    pub seed: u64,
    /// The folder input paths are shown relative to (the read root).
    pub read_root: PathBuf,
    /// The output folder.
    pub out_dir: PathBuf,
    /// The files read and written through the sandbox.
    pub access: AccessLog,
    /// When the run started.
    pub started: SystemTime,
    /// How long it took.
    pub wall_time: Duration,
    /// How it ended.
    pub status: RunStatus,
    /// The error text of a failed or interrupted run.
    pub error: Option<String>,
}

impl RunRecord {
    /// The manifest as JSON (keys sorted).
    pub fn to_json(&self) -> Value {
        let out_root = self
            .out_dir
            .canonicalize()
            .unwrap_or_else(|_| self.out_dir.clone());
        json!({
            "morsel_version": env!("CARGO_PKG_VERSION"),
            "script": {
                "path": self.script.display().to_string(),
                "sha256": sha256_hex(self.script_source.as_bytes()),
                "bytes": self.script_source.len(),
            },
            "seed": self.seed,
            "inputs": self.access.reads.iter().map(|p| file_entry(p, &self.read_root)).collect::<Vec<_>>(),
            "outputs": self.access.writes.iter().map(|p| file_entry(p, &out_root)).collect::<Vec<_>>(),
            "started_utc": utc_timestamp(self.started),
            "wall_time_s": self.wall_time.as_secs_f64(),
            "status": self.status.as_str(),
            "error": self.error,
        })
    }

    /// Writes `<out>/manifest.json` (creating the folder); returns its path.
    pub fn write(&self) -> Result<PathBuf, LabError> {
        let io = LabError::io;
        std::fs::create_dir_all(&self.out_dir)
            .map_err(io("cannot create the output folder", &self.out_dir))?;
        let path = self.out_dir.join(FILE_NAME);
        let mut text = serde_json::to_string_pretty(&self.to_json()).unwrap_or_default();
        text.push('\n');
        std::fs::write(&path, text).map_err(io("cannot write", &path))?;
        Ok(path)
    }
}

/// `{path, sha256, bytes}` of one file, its path relative to `root` when inside it. A file that
/// has gone (or was never written) keeps its path with null hash and size.
fn file_entry(path: &Path, root: &Path) -> Value {
    let shown = path.strip_prefix(root).unwrap_or(path);
    let shown = shown
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let bytes = std::fs::metadata(path).ok().map(|m| m.len());
    let hash = sha256_hex_file(path).ok();
    json!({ "path": shown, "sha256": hash, "bytes": bytes })
}

/// The SHA-256 of a byte string, as lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    format!("{:x}", Sha256::digest(bytes))
}

/// The SHA-256 of a file's bytes, as lower-case hex (streamed, not read whole).
pub fn sha256_hex_file(path: &Path) -> io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    io::copy(&mut file, &mut hasher)?;
    Ok(format!("{:x}", hasher.finalize()))
}

/// An ISO 8601 UTC timestamp with second precision, e.g. `2026-11-21T07:41:40Z` (a time
/// before 1970 or beyond the calendar's range shows as the epoch).
pub fn utc_timestamp(time: SystemTime) -> String {
    let stamp = jiff::Timestamp::try_from(time).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    stamp.strftime("%Y-%m-%dT%H:%M:%SZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    fn at(seconds: u64) -> String {
        utc_timestamp(UNIX_EPOCH + Duration::from_secs(seconds))
    }

    #[test]
    fn timestamps_match_known_dates() {
        assert_eq!(at(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 is a leap day of a year divisible by 400: 11 016 days after the epoch.
        assert_eq!(at(11_016 * 86_400), "2000-02-29T00:00:00Z");
        assert_eq!(at(11_017 * 86_400 - 1), "2000-02-29T23:59:59Z");
        // The well-known 1 000 000 000 and 1 700 000 000 second marks.
        assert_eq!(at(1_000_000_000), "2001-09-09T01:46:40Z");
        assert_eq!(at(1_700_000_000), "2023-11-14T22:13:20Z");
        // 2100 is not a leap year: 28 February is followed by 1 March.
        assert_eq!(at(4_107_456_000), "2100-02-28T00:00:00Z");
        assert_eq!(at(4_107_542_400), "2100-03-01T00:00:00Z");
    }

    #[test]
    fn digests_match_fips_180_vectors() {
        // FIPS 180-4 examples: "abc", the empty string, the two-block message, a million 'a'.
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a");
        std::fs::write(&path, vec![b'a'; 1_000_000]).expect("write");
        assert_eq!(
            sha256_hex_file(&path).expect("hash"),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn the_manifest_lists_hashed_inputs_and_outputs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().canonicalize().expect("canonical");
        let out = root.join("out");
        std::fs::create_dir_all(out.join("sub")).expect("mkdir");
        std::fs::write(root.join("in.txt"), "abc").expect("write");
        std::fs::write(out.join("sub/o.txt"), "").expect("write");
        let mut access = AccessLog::default();
        access.reads.insert(root.join("in.txt"));
        access.writes.insert(out.join("sub/o.txt"));
        let record = RunRecord {
            script: "s.rhai".into(),
            script_source: "abc".into(),
            seed: 7,
            read_root: root.clone(),
            out_dir: out.clone(),
            access,
            started: UNIX_EPOCH + Duration::from_secs(1_000_000_000),
            wall_time: Duration::from_millis(1500),
            status: RunStatus::Interrupted,
            error: Some("stopped".into()),
        };
        let path = record.write().expect("write");
        let json: Value =
            serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
        // SHA-256("abc") and SHA-256("") from FIPS 180-4.
        let abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        let empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
        assert_eq!(json["script"]["sha256"], abc);
        assert_eq!(json["inputs"][0]["path"], "in.txt");
        assert_eq!(json["inputs"][0]["sha256"], abc);
        assert_eq!(json["inputs"][0]["bytes"], 3);
        assert_eq!(json["outputs"][0]["path"], "sub/o.txt");
        assert_eq!(json["outputs"][0]["sha256"], empty);
        assert_eq!(json["seed"], 7);
        assert_eq!(json["status"], "interrupted");
        assert_eq!(json["error"], "stopped");
        assert_eq!(json["started_utc"], "2001-09-09T01:46:40Z");
        assert_eq!(json["wall_time_s"], 1.5);
        assert_eq!(json["morsel_version"], env!("CARGO_PKG_VERSION"));
    }
}
