//! `morsel run` as a process: the run manifest, and Ctrl-C (SIGINT) stopping a long run while
//! keeping what was saved and recorded.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod support;
#[cfg(target_os = "linux")]
use support::sigint;
use support::{manifest, morsel, start_run, work_dir};

/// Checks a run that stopped early: its exit code, a message that says what stopped it and
/// names the script line, and the manifest's status. Returns the output folder and manifest.
fn check_stopped(
    out: &std::process::Output,
    dir: &Path,
    (code, says, at): (i32, &str, &str),
    status: &str,
) -> (std::path::PathBuf, Value) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.contains(says), "{err}");
    assert!(err.contains(at), "the error names the line: {err}");
    let res = dir.join("out");
    let m = manifest(&res);
    assert_eq!(m["status"], status);
    (res, m)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// SHA-256 by the system's `sha256sum` when present (an independent implementation), else by
/// the shell's own (the `sha2` crate).
fn sha256_of(path: &Path) -> String {
    if let Ok(out) = Command::new("sha256sum").arg(path).output()
        && out.status.success()
    {
        return text(&out.stdout)
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
    }
    morsel_lab::manifest::sha256_hex_file(path).expect("hash")
}

/// A tetrahedron in OBJ format.
const TETRAHEDRON: &str =
    "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

#[test]
fn a_run_writes_a_manifest_of_its_inputs_and_outputs() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("data")).expect("mkdir");
    std::fs::write(dir.path().join("data/tet.obj"), TETRAHEDRON).expect("write");
    let script = "let m = mesh(\"data/tet.obj\");\n\
                  save(\"a.json\", #{ seed: SEED });\n\
                  save(\"sub/b.csv\", [[1.0, 2.0], [3.0, 4.0]]);\n";
    std::fs::write(dir.path().join("exp.rhai"), script).expect("write");
    let out = morsel(
        dir.path(),
        &["run", "exp.rhai", "--seed", "5", "--out", "res"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));

    let res = dir.path().join("res");
    let m = manifest(&res);
    assert_eq!(m["morsel_version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(m["status"], "ok");
    assert_eq!(m["error"], Value::Null);
    assert_eq!(m["seed"], 5);
    assert_eq!(m["script"]["path"], "exp.rhai");
    assert_eq!(
        m["script"]["sha256"],
        sha256_of(&dir.path().join("exp.rhai"))
    );
    assert_eq!(m["script"]["bytes"], script.len());

    let inputs = m["inputs"].as_array().expect("inputs");
    assert_eq!(inputs.len(), 1, "{m:#}");
    assert_eq!(inputs[0]["path"], "data/tet.obj");
    assert_eq!(
        inputs[0]["sha256"],
        sha256_of(&dir.path().join("data/tet.obj"))
    );
    assert_eq!(inputs[0]["bytes"], TETRAHEDRON.len());

    let outputs: Vec<&str> = m["outputs"]
        .as_array()
        .expect("outputs")
        .iter()
        .filter_map(|o| o["path"].as_str())
        .collect();
    assert_eq!(outputs, ["a.json", "sub/b.csv"]);
    assert_eq!(m["outputs"][1]["sha256"], sha256_of(&res.join("sub/b.csv")));

    let started = m["started_utc"].as_str().expect("date");
    assert_eq!(started.len(), "2026-01-01T00:00:00Z".len(), "{started}");
    assert!(
        started.ends_with('Z') && started.as_bytes()[10] == b'T',
        "{started}"
    );
    let wall = m["wall_time_s"].as_f64().expect("wall time");
    assert!((0.0..60.0).contains(&wall), "{wall}");
}

#[test]
fn a_failed_run_records_its_error_and_what_it_wrote() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("bad.rhai"),
        "save(\"first.json\", 1);\nlet s = sphere(-1);\n",
    )
    .expect("write");
    let out = morsel(dir.path(), &["run", "bad.rhai"]);
    assert_eq!(out.status.code(), Some(1));
    let m = manifest(&dir.path().join("out"));
    assert_eq!(m["status"], "failed");
    let error = m["error"].as_str().expect("error text");
    assert!(error.contains("bad.rhai:2:"), "{error}");
    assert_eq!(m["outputs"][0]["path"], "first.json");
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_stops_a_long_run_and_keeps_what_was_recorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = r#"
let arm = armature("arm")
    .revolute("waist", #{ axis: [0, 0, 1], origin: [0, 0, 0.3], limits: [-2.9, 2.9] });
let sim = simulation(#{ dt: 0.01 });
sim.add(arm);
let rec = sim.record(pose_sensor(arm));
save("before.json", #{ saved: true });
for i in 0..20 { sim.step(); }
print("started");
loop { sim.step(); }
"#;
    std::fs::write(dir.path().join("long.rhai"), script).expect("write");
    let (child, _, _) = start_run(dir.path(), &["long.rhai"], "started");
    std::thread::sleep(std::time::Duration::from_millis(200));
    sigint(&child);
    let out = child.wait_with_output().expect("morsel ends");
    let (res, m) = check_stopped(
        &out,
        dir.path(),
        (130, "interrupted (Ctrl-C)", "long.rhai:"),
        "interrupted",
    );
    assert!(res.join("before.json").is_file());
    // The recorder's rows so far were kept: at least the 21 samples taken before "started".
    let kept: Value = serde_json::from_str(
        &std::fs::read_to_string(res.join("interrupted/rec.json")).expect("recorder kept"),
    )
    .expect("json");
    let times = kept["time"].as_array().expect("time column");
    assert!(times.len() >= 21, "{} rows", times.len());
    // Times step by dt from 0.
    for (i, t) in times.iter().take(21).enumerate() {
        let t = t.as_f64().expect("number");
        assert!((t - 0.01 * i as f64).abs() < 1e-9, "row {i}: {t}");
    }
    let outputs: Vec<&str> = m["outputs"]
        .as_array()
        .expect("outputs")
        .iter()
        .filter_map(|o| o["path"].as_str())
        .collect();
    assert!(outputs.contains(&"interrupted/rec.json"), "{outputs:?}");
}

#[test]
fn a_urdf_s_meshes_are_inputs_of_the_run() {
    // A two-link URDF whose links name the same mesh twice and another once: the manifest must
    // list the URDF and both mesh files, each once, with their hashes.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("robot/meshes")).expect("mkdir");
    std::fs::write(dir.path().join("robot/meshes/a.obj"), TETRAHEDRON).expect("write");
    std::fs::write(dir.path().join("robot/meshes/b.obj"), TETRAHEDRON).expect("write");
    let link = |name: &str, mesh: &str| {
        format!(
            "<link name=\"{name}\"><visual><geometry><mesh filename=\"meshes/{mesh}\"/></geometry></visual>\
             <collision><geometry><mesh filename=\"meshes/{mesh}\"/></geometry></collision></link>"
        )
    };
    let urdf = format!(
        "<robot name=\"r\">{}{}<joint name=\"j\" type=\"revolute\"><parent link=\"l0\"/><child link=\"l1\"/>\
         <axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint></robot>",
        link("l0", "a.obj"),
        link("l1", "b.obj")
    );
    std::fs::write(dir.path().join("robot/r.urdf"), urdf).expect("write");
    std::fs::write(
        dir.path().join("exp.rhai"),
        "let r = urdf(\"robot/r.urdf\");\n",
    )
    .expect("write");
    let out = morsel(dir.path(), &["run", "exp.rhai", "--out", "res"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let m = manifest(&dir.path().join("res"));
    let inputs = m["inputs"].as_array().expect("inputs");
    let paths: Vec<&str> = inputs
        .iter()
        .map(|i| i["path"].as_str().expect("path"))
        .collect();
    assert_eq!(
        paths,
        ["robot/meshes/a.obj", "robot/meshes/b.obj", "robot/r.urdf"],
        "{m}"
    );
    for input in inputs {
        let path = dir.path().join(input["path"].as_str().expect("path"));
        assert_eq!(input["sha256"].as_str(), Some(sha256_of(&path).as_str()));
    }
}

#[test]
fn a_timeout_stops_an_endless_loop_and_keeps_what_was_saved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = "save(\"before.json\", #{ saved: true });\n\
                  let n = 0;\n\
                  loop { n += 1; }\n";
    std::fs::write(dir.path().join("endless.rhai"), script).expect("write");
    // A whole quick run (start, a save, the manifest, exit), timed now: on a busy machine the
    // start and the stop of the endless run are slower in proportion, so the bound past the
    // limit grows with it instead of guessing how fast the machine is.
    std::fs::write(dir.path().join("quick.rhai"), "save(\"q.json\", 1);").expect("write");
    let clock = std::time::Instant::now();
    let quick = morsel(
        dir.path(),
        &["run", "quick.rhai", "--timeout", "30", "--out", "q"],
    );
    let quick_took = clock.elapsed();
    // Within the limit, the same flag changes nothing.
    assert!(quick.status.success(), "{}", text(&quick.stderr));
    assert_eq!(manifest(&dir.path().join("q"))["status"], "ok");
    let clock = std::time::Instant::now();
    let out = morsel(dir.path(), &["run", "endless.rhai", "--timeout", "1"]);
    let took = clock.elapsed();
    let allowed = std::time::Duration::from_secs(2) + quick_took * 2;
    assert!(
        took < allowed,
        "took {took:?}, allowed {allowed:?} (a quick run took {quick_took:?})"
    );
    assert!(took >= std::time::Duration::from_secs(1), "took {took:?}");
    let (res, m) = check_stopped(
        &out,
        dir.path(),
        (124, "timed out", "endless.rhai:3:"),
        "timed_out",
    );
    let saved = std::fs::read_to_string(res.join("before.json")).expect("kept");
    assert!(saved.contains("\"saved\": true"), "{saved}");
    assert!(
        m["error"].as_str().is_some_and(|e| e.contains("timed out")),
        "{m}"
    );
    assert_eq!(m["outputs"][0]["path"], "before.json");
    assert_eq!(
        m["outputs"][0]["sha256"].as_str(),
        Some(sha256_of(&res.join("before.json")).as_str())
    );
}

#[test]
fn the_stop_flag_ends_long_native_sampling() {
    // A 9-million-point distance grid takes minutes; the time limit ends it between chunks.
    let (dir, up) = work_dir();
    let script = format!(
        "let solo = urdf(\"{up}assets/robots/solo12/solo12.urdf\");\n\
         let cs = collision_sampler(solo, #{{ joints: [\"FL_HAA\", \"FL_HFE\"], ranges: [-PI(), PI()],\n\
             pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] }});\n\
         save(\"before.json\", 1);\n\
         print(\"sampling\");\n\
         let m = cs.grid([3000, 3000], #{{ distance: true }});\n"
    );
    std::fs::write(dir.path().join("grid.rhai"), script).expect("write");
    // Wait until the grid starts, then time how long the stop takes: a Ctrl-C (the same flag
    // as the time limit, and no need to guess how long loading the robot takes).
    let root = support::workspace_root();
    let root = root.to_str().expect("utf-8 root");
    let (child, _, printed) = start_run(
        dir.path(),
        &["grid.rhai", "--timeout", "1000", "--root", root],
        "sampling",
    );
    // Only aims into the grid: a signal that comes earlier is seen at the grid's statement,
    // the same line; the bound below counts from the signal.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let clock = std::time::Instant::now();
    #[cfg(target_os = "linux")]
    sigint(&child);
    #[cfg(not(target_os = "linux"))]
    let mut child = child;
    #[cfg(not(target_os = "linux"))]
    let _ = child.kill();
    let out = child.wait_with_output().expect("morsel ends");
    let took = clock.elapsed();
    let err = text(&out.stderr);
    // Two seconds, plus twice the time this run took to load the robot and reach the grid
    // (the machine's speed now, measured on the spot; as in stops.rs).
    let allowed = std::time::Duration::from_secs(2) + printed * 2;
    assert!(took < allowed, "took {took:?}, allowed {allowed:?}: {err}");
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted (Ctrl-C)"), "{err}");
    assert!(err.contains("grid.rhai:6:"), "{err}");
    assert!(dir.path().join("out/before.json").is_file());
    assert_eq!(manifest(&dir.path().join("out"))["status"], "interrupted");
}
