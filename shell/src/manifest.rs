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
//! bytes on disk when the run ended. `status` is `ok`, `failed` or `interrupted`; `error` holds
//! the diagnostic of a failed or interrupted run.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use crate::error::ShellError;
use crate::sandbox::AccessLog;
use crate::sha256;

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
}

impl RunStatus {
    /// The word the manifest uses.
    pub fn as_str(self) -> &'static str {
        match self {
            RunStatus::Ok => "ok",
            RunStatus::Failed => "failed",
            RunStatus::Interrupted => "interrupted",
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
                "sha256": sha256::hex_digest(self.script_source.as_bytes()),
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
    pub fn write(&self) -> Result<PathBuf, ShellError> {
        let io = |action: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| ShellError::Io {
                action,
                path,
                source,
            }
        };
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
    let hash = sha256::hex_digest_file(path).ok();
    json!({ "path": shown, "sha256": hash, "bytes": bytes })
}

/// An ISO 8601 UTC timestamp with second precision, e.g. `2026-11-21T07:41:40Z`.
pub fn utc_timestamp(time: SystemTime) -> String {
    let seconds = time
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let days = seconds.div_euclid(86_400);
    let of_day = seconds.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm:
/// count in 400-year eras of 146 097 days, years starting on 1 March).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153; // 0 = March
    let day = (day_of_year - (153 * month_index + 2) / 5 + 1) as u32;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn every_day_follows_the_previous_one() {
        // Walk 1970..2400 and check the calendar rules independently of the algorithm.
        let mut expected = (1970i64, 1u32, 1u32);
        for days in 0..157_000 {
            assert_eq!(civil_from_days(days), expected, "day {days}");
            let (y, m, d) = expected;
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let length = match m {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            expected = if d < length {
                (y, m, d + 1)
            } else if m < 12 {
                (y, m + 1, 1)
            } else {
                (y + 1, 1, 1)
            };
        }
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
