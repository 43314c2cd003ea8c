//! Helpers shared by the test binaries that drive `morsel` as a process.
// Each test binary uses its own subset of these.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the `morsel` binary in `dir` with `args`, no standard input.
pub fn morsel(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morsel"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("morsel runs")
}

/// Copies a folder tree (the sandbox refuses links that leave it, so tests copy assets).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create");
    for entry in std::fs::read_dir(from).expect("read").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// The files a run saved directly in `dir` (not its manifest), sorted.
pub fn saved_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("out dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "manifest.json"))
        .collect();
    files.sort();
    files
}

/// The workspace root (assets live there).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// A folder inside the workspace's target folder, and the `../` path from it to the root.
pub fn work_dir() -> (tempfile::TempDir, String) {
    let root = workspace_root();
    let dir = tempfile::tempdir_in(root.join("target")).expect("temp dir");
    let depth = dir
        .path()
        .strip_prefix(&root)
        .expect("inside")
        .components()
        .count();
    (dir, "../".repeat(depth))
}

/// Starts `morsel run` with `args` in `dir` (standard output and error piped); returns the
/// child and when it started.
pub fn spawn_run(dir: &Path, args: &[&str]) -> (Child, Instant) {
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .arg("run")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("morsel starts");
    (child, started)
}

/// Reads `child`'s standard output line by line while it says `lines` in order: how long
/// after `started` each came, for as many as it said (fewer when the output ended first or
/// said something else: a run stopped before it printed them).
pub fn read_lines(child: &mut Child, started: Instant, lines: &[&str]) -> Vec<Duration> {
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut times = Vec::with_capacity(lines.len());
    for line in lines {
        let mut next = String::new();
        out.read_line(&mut next).expect("read");
        if next.trim() != *line {
            break;
        }
        times.push(started.elapsed());
    }
    times
}

/// Starts `morsel run` with `args` in `dir` and waits for the script to print `line` (its
/// first line); returns the child, when it started, and when the line came, counted from the
/// start.
pub fn start_run(dir: &Path, args: &[&str], line: &str) -> (Child, Instant, Duration) {
    let (mut child, started) = spawn_run(dir, args);
    let Some(&printed) = read_lines(&mut child, started, &[line]).first() else {
        let out = child.wait_with_output().expect("morsel ends");
        panic!(
            "morsel did not print {line:?} first: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    (child, started, printed)
}

/// How many bytes `child` has read so far (`rchar` of `/proc/<pid>/io`: every `read`, files
/// and pipes alike); `None` once it is gone.
#[cfg(target_os = "linux")]
pub fn bytes_read(child: &Child) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{}/io", child.id())).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("rchar:"))
        .and_then(|n| n.trim().parse().ok())
}

/// Waits (at most `cap`, a bound for a hang, not a guess of speed) until `child` has read at
/// least `bytes` bytes: an observable sign that it is past reading a file of that size.
#[cfg(target_os = "linux")]
pub fn wait_until_read(child: &Child, bytes: u64, cap: Duration) {
    let clock = Instant::now();
    loop {
        match bytes_read(child) {
            Some(n) if n >= bytes => return,
            Some(_) => {}
            None => panic!("morsel ended before it read {bytes} bytes"),
        }
        assert!(
            clock.elapsed() < cap,
            "morsel read fewer than {bytes} bytes in {cap:?}"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Sends Ctrl-C (SIGINT) to `child`.
#[cfg(target_os = "linux")]
pub fn sigint(child: &Child) {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    kill(
        Pid::from_raw(i32::try_from(child.id()).expect("pid")),
        Signal::SIGINT,
    )
    .expect("SIGINT");
}

/// The run manifest in the output folder `out`.
pub fn manifest(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("manifest.json")).expect("manifest.json");
    serde_json::from_str(&text).expect("manifest is JSON")
}

/// A fresh folder holding `script` as `name` and a copy of the Solo-12 assets it reads (under
/// `robots/solo12`; the sandbox refuses links that leave the folder).
pub fn solo12_workspace(name: &str, script: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(
        &workspace_root().join("assets/robots/solo12"),
        &dir.path().join("robots/solo12"),
    );
    std::fs::write(dir.path().join(name), script).expect("script");
    dir
}

/// Fails the test, with the process's output, unless the run succeeded.
pub fn assert_ran(out: &Output) {
    assert!(
        out.status.success(),
        "morsel failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What a run printed: its standard output, then its standard error.
pub fn output_text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Fails the test unless the output folder `got` saved the same files as `expected`, each with
/// the same bytes; returns how many there are.
pub fn assert_same_files(expected: &Path, got: &Path) -> usize {
    let (expected, got) = (saved_files(expected), saved_files(got));
    assert_eq!(
        expected.iter().map(|p| p.file_name()).collect::<Vec<_>>(),
        got.iter().map(|p| p.file_name()).collect::<Vec<_>>()
    );
    for (a, b) in expected.iter().zip(&got) {
        assert!(
            std::fs::read(a).expect("expected file") == std::fs::read(b).expect("file"),
            "{} differs from {}",
            b.display(),
            a.display()
        );
    }
    expected.len()
}

/// The balance-map script of the sharded-run tests: Solo-12 standing with weak knees, five
/// balance maps (robust, static and torque over CoM grids, a CoM list, configurations) saved
/// as ten files.
pub const BALANCE_SCRIPT: &str = include_str!("balance_map.rhai");

/// A fresh folder holding [`BALANCE_SCRIPT`] as `balance.rhai` and the Solo-12 assets it reads.
pub fn balance_workspace() -> tempfile::TempDir {
    solo12_workspace("balance.rhai", BALANCE_SCRIPT)
}

/// The kinds of the sharded workloads a shard manifest (`out/shards/manifest-IIIIofNNNN.json`)
/// records, in order.
pub fn workload_kinds(shard_manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(shard_manifest).expect("shard manifest");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    manifest["workloads"]
        .as_array()
        .expect("workloads")
        .iter()
        .filter_map(|w| w["kind"].as_str().map(str::to_owned))
        .collect()
}
