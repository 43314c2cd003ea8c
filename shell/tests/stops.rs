//! Stops that stop: `morsel run --timeout` and Ctrl-C end long native work (a hull of a
//! million points, a large distance grid, the loading of a large model, a long fit) within
//! about a second
//! of the deadline or the signal, and the run still leaves a manifest saying why it stopped;
//! a second Ctrl-C, which exits at once, leaves one too.
//!
//! Each script prints a line just before its long call; the test measures from the later of
//! that line and the deadline (or from the signal), so a slow start on a busy machine does not
//! count against the stop.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;
#[cfg(target_os = "linux")]
use support::sigint;
use support::{manifest, start_run, work_dir, workspace_root};

/// How long a stop may take after its deadline or signal.
const GRACE: Duration = Duration::from_millis(1500);

/// Writes an OBJ of `n` points of the Fibonacci sphere (every one a hull vertex), joined in
/// consecutive triples as faces.
fn sphere_obj(path: &Path, n: usize) {
    use std::fmt::Write;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut text = String::with_capacity(n * 64);
    for i in 0..n {
        let z = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
        let r = (1.0 - z * z).sqrt();
        let t = golden * i as f64;
        let _ = writeln!(text, "v {} {} {}", r * t.cos(), r * t.sin(), z);
    }
    for k in 0..n / 3 {
        let _ = writeln!(text, "f {} {} {}", 3 * k + 1, 3 * k + 2, 3 * k + 3);
    }
    std::fs::write(path, text).expect("write the OBJ");
}

/// Runs `setup` + `print(line)` + `long` with a time limit that falls inside `long`, and
/// checks that the run stops within [`GRACE`] of the later of its deadline and the line, at
/// script line `at`, timed out, with a manifest that says so. The limit is 1.5 times the time
/// the setup alone takes here, plus a second (a busy machine loads more slowly).
fn check_timeout(dir: &Path, setup: &str, line: &str, long: &str, at: &str) {
    let root = workspace_root();
    let root = root.to_str().expect("utf-8 root");
    std::fs::write(
        dir.join("setup.rhai"),
        format!("{setup}print(\"{line}\");\n"),
    )
    .expect("write");
    let clock = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .args(["run", "setup.rhai", "--out", "setup-out", "--root", root])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("morsel runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let limit = clock.elapsed().mul_f64(1.5) + Duration::from_secs(1);
    std::fs::write(
        dir.join("long.rhai"),
        format!("{setup}print(\"{line}\");\n{long}\n"),
    )
    .expect("write");
    let seconds = format!("{:.3}", limit.as_secs_f64());
    let (child, started, printed) = start_run(
        dir,
        &["long.rhai", "--timeout", &seconds, "--root", root],
        line,
    );
    let out = child.wait_with_output().expect("morsel ends");
    let took = started.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    let from = printed.max(limit);
    assert!(
        took < from + GRACE,
        "took {took:?} with a limit of {limit:?}; the long call started at {printed:?}: {err}"
    );
    assert_eq!(out.status.code(), Some(124), "{err}");
    assert!(err.contains("timed out"), "{err}");
    assert!(err.contains(at), "the error names the line: {err}");
    let m = manifest(&dir.join("out"));
    assert_eq!(m["status"], "timed_out");
    assert!(
        m["error"].as_str().is_some_and(|e| e.contains("timed out")),
        "{m}"
    );
}

#[test]
fn a_timeout_ends_the_hull_of_a_million_points() {
    let (dir, _) = work_dir();
    sphere_obj(&dir.path().join("big.obj"), 1_000_000);
    let setup = "let m = mesh(\"big.obj\");\n";
    check_timeout(
        dir.path(),
        setup,
        "hulling",
        // Hulls in a loop, so that the deadline falls inside a hull however fast the machine
        // (one hull took 2 s here but finished before a CI machine's deadline).
        "for i in 0..1000 { let h = convex_hull(m); }",
        "long.rhai:3:",
    );
}

#[test]
fn a_timeout_ends_a_large_distance_grid() {
    let (dir, up) = work_dir();
    let setup = format!(
        "let solo = urdf(\"{up}assets/robots/solo12/solo12.urdf\");\n\
         let cs = collision_sampler(solo, #{{ joints: [\"FL_HAA\", \"FL_HFE\"], ranges: [-PI(), PI()],\n\
             pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] }});\n"
    );
    let long = "let m = cs.grid([3000, 3000], #{ distance: true });";
    check_timeout(dir.path(), &setup, "sampling", long, "long.rhai:5:");
}

/// Writes an MJCF model of `n` bodies side by side, each with a hinge and a sphere.
fn bodies_mjcf(path: &Path, n: usize) {
    use std::fmt::Write;
    let mut text = String::from("<mujoco model=\"many\">\n<worldbody>\n");
    for i in 0..n {
        let _ = writeln!(
            text,
            "<body name=\"b{i}\" pos=\"{} 0 0\"><joint name=\"j{i}\" type=\"hinge\" axis=\"0 0 1\"/><geom type=\"sphere\" size=\"0.01\"/></body>",
            i as f64 * 0.01
        );
    }
    text.push_str("</worldbody>\n</mujoco>\n");
    std::fs::write(path, text).expect("write the MJCF");
}

#[test]
fn a_timeout_ends_the_loading_of_a_large_model() {
    let (dir, _) = work_dir();
    bodies_mjcf(&dir.path().join("many.xml"), 20_000);
    check_timeout(
        dir.path(),
        "",
        "loading",
        // Loads in a loop, so that the deadline falls inside one however fast the machine (one
        // load of 20,000 bodies took seconds in a debug build here).
        "for i in 0..1000 { let r = mjcf(\"many.xml\"); }",
        "long.rhai:2:",
    );
}

#[test]
fn a_timeout_ends_a_long_fit() {
    let (dir, up) = work_dir();
    let setup = format!(
        "let solo = urdf(\"{up}assets/robots/solo12/solo12.urdf\");\n\
         let cs = collision_sampler(solo, #{{ joints: [\"FL_HAA\", \"FL_HFE\"], ranges: [-PI(), PI()], pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] }});\n\
         let b = cs.boundary(200, #{{ precision: 1e-6, periodic: true, seed: 1 }});\n\
         let train = cs.grid([30, 30], #{{ distance: false }}).to_jointspace(b);\n"
    );
    // Fits in a loop (each of many epochs), so that the deadline falls inside one.
    let long = "for i in 0..1000 { let m = jointspace_model(train, #{ hidden: [32, 32], epochs: 1000000, seed: i }); }";
    check_timeout(dir.path(), &setup, "fitting", long, "long.rhai:6:");
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_ends_the_hull_of_a_million_points() {
    let (dir, _) = work_dir();
    sphere_obj(&dir.path().join("big.obj"), 1_000_000);
    let script = "save(\"before.json\", 1);\nlet m = mesh(\"big.obj\");\nprint(\"hulling\");\nlet h = convex_hull(m);\n";
    std::fs::write(dir.path().join("hull.rhai"), script).expect("write");
    let (child, _, _) = start_run(dir.path(), &["hull.rhai"], "hulling");
    std::thread::sleep(Duration::from_millis(200));
    let clock = Instant::now();
    sigint(&child);
    let out = child.wait_with_output().expect("morsel ends");
    let took = clock.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(took < GRACE, "took {took:?}: {err}");
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted (Ctrl-C)"), "{err}");
    assert!(err.contains("hull.rhai:4:"), "{err}");
    let m = manifest(&dir.path().join("out"));
    assert_eq!(m["status"], "interrupted");
    assert_eq!(m["outputs"][0]["path"], "before.json");
}

#[cfg(target_os = "linux")]
#[test]
fn a_second_ctrl_c_exits_at_once_and_still_leaves_a_manifest() {
    // Loading a large mesh does not poll the flag: the first Ctrl-C waits for it, the second
    // exits inside it, through the hook that writes the manifest. The second signal goes only
    // after morsel said (on standard error) that it saw the first: two signals sent before
    // its watcher thread runs would merge into one pending signal (as they did on a busy
    // machine when the test slept a fixed time between them).
    // (A failure here that says "interrupted (Ctrl-C)" at line 3 means the first signal came
    // before the load began; at a later line, that the load ended before the second.)
    let (dir, _) = work_dir();
    sphere_obj(&dir.path().join("big.obj"), 1_500_000);
    let script = "save(\"before.json\", 1);\nprint(\"loading\");\nlet m = mesh(\"big.obj\");\nlet n = 0;\nloop { n += 1; }\n";
    std::fs::write(dir.path().join("twice.rhai"), script).expect("write");
    let (mut child, _, _) = start_run(dir.path(), &["twice.rhai"], "loading");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    // Into the load: a signal sent at once may come before its statement starts, where the
    // engine's check between operations sees it (as it did here).
    std::thread::sleep(Duration::from_millis(300));
    sigint(&child);
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        let n = stderr.read_line(&mut line).expect("read stderr");
        seen.push_str(&line);
        assert!(
            n > 0,
            "morsel ended before it noticed the first Ctrl-C: {seen}"
        );
        if line.contains("press Ctrl-C again") {
            break;
        }
    }
    let clock = Instant::now();
    sigint(&child);
    let status = child.wait().expect("morsel ends");
    let took = clock.elapsed();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).expect("read stderr");
    let err = seen + &rest;
    assert!(took < GRACE, "took {took:?}: {err}");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted twice"), "{err}");
    let m = manifest(&dir.path().join("out"));
    assert_eq!(m["status"], "interrupted");
    assert!(
        m["error"]
            .as_str()
            .is_some_and(|e| e.contains("interrupted twice")),
        "{m}"
    );
    assert_eq!(m["outputs"][0]["path"], "before.json");
}
