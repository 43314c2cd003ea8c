//! Mutation testing of every file reader, through the `morsel` binary: seeded random mutations of
//! real inputs (the robots and meshes in `assets/`, small hand-made OBJ and DAE files), each
//! loaded by a one-line script under `morsel run --timeout`. Every run must end with exit code
//! 0 or 1, never a panic (exit 101, "panicked"), a signal or a hang; a failure must be a
//! diagnostic whose message is one line naming the input file and, for text formats, the line.
//!
//! `MORSEL_MUTATIONS=N` sets the inputs per format (default 40), `MORSEL_MUTATION_SEED=S` the
//! seed (default 0), `MORSEL_MUTATION_FORMATS=stl,urdf` the formats. A failing input is kept
//! under `target/mutation-failures/` to replay with `morsel run`. See `tests/README.md`.

#[path = "../fuzz/env.rs"]
mod env;
#[path = "../fuzz/formats.rs"]
mod formats;
#[path = "../fuzz/mutate.rs"]
mod mutate;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use env::{env_or, workspace_root};
use formats::{FORMATS, Format};

/// Longer than this and a run counts as a hang (the script's own limit is shorter).
const HANG: Duration = Duration::from_secs(30);

/// Runs the format's load script on `bytes`; returns a description of what went wrong, if
/// anything did.
fn check_one(format: &Format, dir: &Path, bytes: &[u8]) -> Option<String> {
    let file = format!("input.{}", format.extension);
    std::fs::write(dir.join(&file), bytes).expect("write the input");
    format
        .write_companions(dir)
        .expect("write the companion files");
    let script = if format.is_script() {
        file.clone()
    } else {
        std::fs::write(dir.join("load.rhai"), format.script(&file)).expect("write the script");
        "load.rhai".to_string()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .args(["run", &script, "--timeout", "10", "--out", "out"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("morsel starts");
    let clock = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if clock.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            return Some(format!("no answer within {HANG:?} (a hang)"));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let mut err = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        let _ = std::io::Read::read_to_string(&mut pipe, &mut err);
    }
    match status.code() {
        None => Some(format!("killed by a signal: {status}\n{err}")),
        Some(0) => None,
        Some(1) if err.contains("panicked") => Some(format!("a panic:\n{err}")),
        Some(1) if format.is_script() => {
            // The script is the input: its diagnostic points into it.
            (!err.contains(&format!("--> {file}")))
                .then(|| format!("the error does not point into {file}:\n{err}"))
        }
        Some(1) => diagnostic_problem(format, &file, &err),
        // A script may loop: its time limit stops it, which is no hang of Morsel's.
        Some(124) if format.is_script() => None,
        Some(code) => Some(format!("exit code {code}:\n{err}")),
    }
}

/// What is wrong with a failed run's diagnostic (`error: MESSAGE`, then ` --> script:L:C` and
/// the source excerpt): the message must be one line naming the input file and, for text
/// formats, a line of it (`line N` or `N:M`).
fn diagnostic_problem(format: &Format, file: &str, err: &str) -> Option<String> {
    let mut lines = err.lines();
    let first = lines.next().unwrap_or_default();
    let message = first.strip_prefix("error: ").unwrap_or(first);
    if !message.contains(file) {
        return Some(format!("the error does not name {file}:\n{err}"));
    }
    if !lines
        .next()
        .is_some_and(|l| l.trim_start().starts_with("--> "))
    {
        return Some(format!("the error's message spans several lines:\n{err}"));
    }
    if format.text && !names_a_line(message) {
        return Some(format!("the error does not name a line of {file}:\n{err}"));
    }
    None
}

/// Errors about a file as a whole, which no line can locate: a mesh without triangles, and a
/// third-party reader's crash caught by `morsel_geometry` (its message has no position).
const WHOLE_FILE: &[&str] = &["the mesh has no triangle", "reader failed on this file"];

/// Whether a message names a line: `line 12`, a position `12:5` (also `file.obj:12:5`), or
/// a compiler-style `file.xml:12`.
fn names_a_line(message: &str) -> bool {
    if WHOLE_FILE.iter().any(|w| message.contains(w)) {
        return true;
    }
    let words: Vec<&str> = message
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .map(|w| w.trim_end_matches([':', '.', ';']))
        .collect();
    let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    words
        .windows(2)
        .any(|w| w[0].eq_ignore_ascii_case("line") && number(w[1]))
        || words.iter().any(|w| {
            let parts: Vec<&str> = w.rsplitn(3, ':').collect();
            parts.len() >= 2 && number(parts[0]) && (number(parts[1]) || parts[1].contains('.'))
        })
}

#[test]
fn mutated_inputs_never_crash_hang_or_fail_without_a_place() {
    let per_format: usize = env_or("MORSEL_MUTATIONS", 40);
    let seed: u64 = env_or("MORSEL_MUTATION_SEED", 0);
    let only = std::env::var("MORSEL_MUTATION_FORMATS").ok();
    let root = workspace_root();
    let keep = root.join("target/mutation-failures");
    let failures = Mutex::new(Vec::new());
    let mut jobs = Vec::new();
    for format in FORMATS {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|n| n == format.name))
            || !format.companions.is_empty()
        {
            continue;
        }
        let seeds = format.seeds(&root);
        let inputs = mutate::mutations(&seeds, per_format, seed, format.text);
        jobs.extend(inputs.into_iter().enumerate().map(|(i, b)| (format, i, b)));
    }
    let next = Mutex::new(jobs.into_iter());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let dir = tempfile::tempdir().expect("temp dir");
                loop {
                    let Some((format, i, bytes)) = next.lock().expect("jobs").next() else {
                        break;
                    };
                    if let Some(problem) = check_one(format, dir.path(), &bytes) {
                        let _ = std::fs::create_dir_all(&keep);
                        let kept =
                            keep.join(format!("{}-{seed}-{i}.{}", format.name, format.extension));
                        let _ = std::fs::write(&kept, &bytes);
                        failures.lock().expect("failures").push(format!(
                            "{} #{i} (kept as {}): {problem}",
                            format.name,
                            kept.display()
                        ));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("failures");
    assert!(
        failures.is_empty(),
        "{} of the mutated inputs went wrong:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn lines_are_recognised_in_messages() {
    assert!(names_a_line("cannot load x.obj: line 12: bad vertex"));
    assert!(names_a_line("x.urdf: unexpected end of stream at 3:17"));
    assert!(names_a_line("bad float (/tmp/a/input.obj:10:5)"));
    assert!(!names_a_line("x.stl: not a mesh"));
    assert!(names_a_line(
        "/tmp/a/input.xml:74: <geom \"arm\">: bad size"
    ));
    assert!(!names_a_line("line of sight"));
}
