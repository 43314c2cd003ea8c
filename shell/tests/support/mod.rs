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

/// Starts `morsel run` with `args` in `dir` and waits for the script to print `line` (its
/// first line); returns the child, when it started, and when the line came, counted from the
/// start.
pub fn start_run(dir: &Path, args: &[&str], line: &str) -> (Child, Instant, Duration) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .arg("run")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("morsel starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read");
    assert_eq!(first.trim(), line);
    (child, started, started.elapsed())
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
