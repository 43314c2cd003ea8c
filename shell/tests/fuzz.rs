//! In-process fuzzing of every reader, and structure-aware property tests of the STL parser.
//!
//! Each fuzz target is one entry of `fuzz/formats.rs`: a mutated input is written to a temporary
//! folder and loaded by the format's one-line script in a sandboxed [`Session`] (for the script
//! format, the input is the script, compiled and run under the sandbox with a small operation
//! limit). A panic fails the test and keeps the input under `target/fuzz-failures/`. Faster than
//! the process-level mutation test (`tests/mutation.rs`), so it runs many more inputs.
//!
//! Bounded by default (a CI smoke): `MORSEL_FUZZ_ITERATIONS` inputs per target (default 60; `.ci/fuzz.sh` adds a timed run),
//! or `MORSEL_FUZZ_SECONDS` per target when set; `MORSEL_FUZZ_SEED` (default 0) and
//! `MORSEL_FUZZ_TARGETS=stl-ascii,urdf` choose the stream and targets. See `tests/README.md`.

#[path = "../fuzz/env.rs"]
mod env;
#[path = "../fuzz/formats.rs"]
mod formats;
#[path = "../fuzz/mutate.rs"]
mod mutate;
#[path = "../fuzz/urdf_gen.rs"]
mod urdf_gen;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::time::{Duration, Instant};

use morsel_shell::engine::Limits;
use morsel_shell::{Session, SessionOptions};
use proptest::prelude::*;

use env::{env_or, workspace_root};
use formats::{FORMATS, Format};

/// Loads `bytes` as `format` in a fresh session; `Err` carries a panic's message.
fn target(format: &Format, dir: &Path, bytes: &[u8]) -> Result<(), String> {
    let file = format!("input.{}", format.extension);
    std::fs::write(dir.join(&file), bytes).map_err(|e| e.to_string())?;
    format.write_companions(dir).map_err(|e| e.to_string())?;
    let source = if format.is_script() {
        String::from_utf8_lossy(bytes).into_owned()
    } else {
        format.script(&file)
    };
    let limits = Limits {
        max_operations: 200_000,
        max_array_size: 100_000,
        max_string_size: 1 << 20,
        ..Limits::default()
    };
    let options = SessionOptions::new(dir, dir.join("out"))
        .capture_output()
        .limits(limits);
    catch_unwind(AssertUnwindSafe(|| {
        let mut session = Session::new(options).expect("a session");
        // Errors are expected: only a panic is a finding.
        let _ = session.run_source(&file, &source);
    }))
    .map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_default()
    })
}

#[test]
fn fuzz_every_reader_in_process() {
    let iterations: usize = env_or("MORSEL_FUZZ_ITERATIONS", 60);
    let seconds: Option<f64> = std::env::var("MORSEL_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok());
    let seed: u64 = env_or("MORSEL_FUZZ_SEED", 0);
    let only = std::env::var("MORSEL_FUZZ_TARGETS").ok();
    let root = workspace_root();
    let keep = root.join("target/fuzz-failures");
    let mut failures = Vec::new();
    for format in FORMATS {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|n| n == format.name))
        {
            continue;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        let seeds = format.seeds(&root);
        // Every seed must load cleanly first.
        for s in &seeds {
            if let Err(panic) = target(format, dir.path(), s) {
                failures.push(format!("{}: a seed panics: {panic}", format.name));
            }
        }
        let clock = Instant::now();
        let deadline = seconds.map(Duration::from_secs_f64);
        let mut done = 0usize;
        // Batches of mutants from successive seeds, until the count or the time is used up.
        'batches: for batch in 0u64.. {
            for bytes in mutate::mutations(&seeds, 100, seed ^ (batch << 32), format.text) {
                let finished = match deadline {
                    Some(d) => clock.elapsed() >= d,
                    None => done >= iterations,
                };
                if finished {
                    break 'batches;
                }
                if let Err(panic) = target(format, dir.path(), &bytes) {
                    let _ = std::fs::create_dir_all(&keep);
                    let kept = keep.join(format!(
                        "{}-{seed}-{done}.{}",
                        format.name, format.extension
                    ));
                    let _ = std::fs::write(&kept, &bytes);
                    failures.push(format!(
                        "{}: input kept as {} panics: {panic}",
                        format.name,
                        kept.display()
                    ));
                }
                done += 1;
            }
        }
        eprintln!(
            "fuzz {}: {done} inputs in {:.1} s",
            format.name,
            clock.elapsed().as_secs_f64()
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// ASCII STL text of `triangles`, with `gap` as the whitespace between words.
fn ascii_stl(triangles: &[[[f64; 3]; 3]], gap: &str) -> String {
    let mut text = format!("solid{gap}fuzz\n");
    for t in triangles {
        text.push_str(&format!(
            "facet{gap}normal{gap}0{gap}0{gap}1\n{gap}outer{gap}loop\n"
        ));
        for v in t {
            text.push_str(&format!(
                "{gap}vertex{gap}{}{gap}{}{gap}{}\n",
                v[0], v[1], v[2]
            ));
        }
        text.push_str(&format!("{gap}endloop\nendfacet\n"));
    }
    text.push_str("endsolid fuzz\n");
    text
}

/// Binary STL bytes of `triangles` (f32 coordinates).
fn binary_stl(triangles: &[[[f32; 3]; 3]], header: &[u8]) -> Vec<u8> {
    let mut out = vec![b' '; 80];
    let n = header.len().min(80);
    out[..n].copy_from_slice(&header[..n]);
    out.extend_from_slice(&(triangles.len() as u32).to_le_bytes());
    for t in triangles {
        out.extend_from_slice(&[0; 12]);
        for c in t.iter().flatten() {
            out.extend_from_slice(&c.to_le_bytes());
        }
        out.extend_from_slice(&[0; 2]);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any ASCII STL with finite coordinates and any whitespace reads back exactly.
    #[test]
    fn ascii_stl_reads_back_what_was_written(
        triangles in prop::collection::vec(prop::array::uniform3(prop::array::uniform3(-1e6f64..1e6)), 1..20),
        gap in prop::sample::select(vec![" ", "  ", "\t", " \t "]),
    ) {
        let corners = morsel_geometry::mesh_io::parse_stl(ascii_stl(&triangles, gap).as_bytes())
            .map_err(TestCaseError::fail)?;
        let expected: Vec<[f64; 3]> = triangles.iter().flatten().copied().collect();
        let got: Vec<[f64; 3]> = corners.iter().map(|p| [p.x, p.y, p.z]).collect();
        prop_assert_eq!(got, expected);
    }

    /// Any binary STL reads back its f32 corners, whatever its header says (even `solid`).
    #[test]
    fn binary_stl_reads_back_what_was_written(
        triangles in prop::collection::vec(prop::array::uniform3(prop::array::uniform3(-1e6f32..1e6)), 0..20),
        header in prop::sample::select(vec![&b"solid name"[..], b"binary", b""]),
    ) {
        let corners = morsel_geometry::mesh_io::parse_stl(&binary_stl(&triangles, header))
            .map_err(TestCaseError::fail)?;
        let expected: Vec<[f64; 3]> = triangles
            .iter()
            .flatten()
            .map(|v| v.map(f64::from))
            .collect();
        let got: Vec<[f64; 3]> = corners.iter().map(|p| [p.x, p.y, p.z]).collect();
        prop_assert_eq!(got, expected);
    }

    /// Truncating a valid binary STL anywhere is an error, never a panic or a wrong mesh.
    #[test]
    fn truncated_binary_stl_is_an_error(
        triangles in prop::collection::vec(prop::array::uniform3(prop::array::uniform3(-1.0f32..1.0)), 1..8),
        cut in 1usize..50,
    ) {
        let bytes = binary_stl(&triangles, b"x");
        let short = &bytes[..bytes.len() - cut.min(bytes.len())];
        prop_assert!(morsel_geometry::mesh_io::parse_stl(short).is_err());
    }
}

/// A unit tetrahedron (ASCII STL) for the mesh references below.
const TETRA_STL: &str = "solid t\nfacet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 1 0 0\nendloop\nendfacet\nfacet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 0 1\nendloop\nendfacet\nfacet normal -1 0 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\nfacet normal 1 1 1\nouter loop\nvertex 1 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nendsolid t\n";

/// `top/root/` (the session's read root and script folder) and `top/outside/` holding
/// `secret.xml` (a body named `secret`) and `secret.stl`.
fn sandbox_tree() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("root");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(root.join("meshes")).expect("mkdir");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(root.join("meshes/in.stl"), TETRA_STL).expect("write");
    std::fs::write(outside.join("secret.stl"), TETRA_STL).expect("write");
    std::fs::write(
        outside.join("secret.xml"),
        "<mujoco><worldbody><body name=\"secret\"/></worldbody></mujoco>",
    )
    .expect("write");
    (dir, root, outside)
}

/// Runs `script` in a session rooted at `root`; the script's error text, or `None` when it ran.
fn run_in(root: &Path, script: &str) -> Option<String> {
    let options = SessionOptions::new(root, root.join("out")).capture_output();
    let mut session = Session::new(options).expect("a session");
    session
        .run_source("fuzz.rhai", script)
        .err()
        .map(|d| d.to_string())
}

/// How a generated file reference leaves the root.
fn outside_reference(outside: &Path, spelling: usize, file: &str) -> String {
    match spelling {
        0 => outside.join(file).display().to_string(),
        1 => format!("../outside/{file}"),
        2 => format!("meshes/../../outside/{file}"),
        3 => format!("file://{}", outside.join(file).display()),
        _ => format!("package://meshes/../../outside/{file}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Model files whose references point outside the read root, in every spelling and to
    /// existing or missing files, are refused with the sandbox's error, the same for both.
    #[test]
    fn references_outside_the_root_are_refused(
        carrier in 0usize..4,
        spelling in 0usize..5,
        exists in any::<bool>(),
    ) {
        let (_dir, root, outside) = sandbox_tree();
        // MJCF has no URIs: `file://` and `package://` are URDF spellings.
        prop_assume!(carrier == 3 || spelling < 3);
        let file = match (carrier, exists) {
            (0, true) => "secret.xml",
            (0, false) => "missing.xml",
            (_, true) => "secret.stl",
            (_, false) => "missing.stl",
        };
        let reference = outside_reference(&outside, spelling, file);
        let (name, text) = match carrier {
            0 => ("m.xml", format!("<mujoco><include file=\"{reference}\"/></mujoco>")),
            1 => (
                "m.xml",
                format!("<mujoco><asset><mesh name=\"s\" file=\"{reference}\"/></asset></mujoco>"),
            ),
            2 => {
                // meshdir leads out; the mesh file name is plain.
                let dir = reference.rsplit_once('/').map_or(".", |(d, _)| d).to_owned();
                (
                    "m.xml",
                    format!("<mujoco><compiler meshdir=\"{dir}\"/><asset><mesh name=\"s\" file=\"{file}\"/></asset></mujoco>"),
                )
            }
            _ => (
                "r.urdf",
                format!("<robot name=\"r\"><link name=\"a\"><visual><geometry><mesh filename=\"{reference}\"/></geometry></visual></link></robot>"),
            ),
        };
        std::fs::write(root.join(name), text).expect("write");
        let call = if name.ends_with(".urdf") {
            format!("let r = urdf(\"{name}\", #{{ package_dirs: [\".\"] }});")
        } else {
            format!("let r = mjcf(\"{name}\");")
        };
        let err = run_in(&root, &call);
        let err = err.ok_or_else(|| TestCaseError::fail(format!("{reference} was read")))?;
        prop_assert!(err.contains("outside the readable folder"), "{reference}: {err}");
        prop_assert!(err.contains("--root"), "{err}");
    }

    /// Deeply nested MJCF, URDF and COLLADA files and include fan-outs are typed errors (never
    /// a stack overflow, which would abort this test), and the shallow ones load.
    #[test]
    fn nested_and_fanned_out_models_are_bounded(
        format in 0usize..3,
        depth in prop::sample::select(vec![1usize, 10, 490, 501, 2_000, 20_000]),
        width in 1usize..4,
        levels in 1usize..12,
    ) {
        let (_dir, root, _outside) = sandbox_tree();
        let (name, text) = match format {
            0 => {
                let bodies = "<body><geom size=\"0.1\"/>".repeat(depth) + "</body>".repeat(depth).as_str();
                ("m.xml", format!("<mujoco><worldbody>{bodies}</worldbody></mujoco>"))
            }
            1 => {
                let tags = "<unknown>".repeat(depth) + "</unknown>".repeat(depth).as_str();
                ("r.urdf", format!("<robot name=\"r\"><link name=\"a\"/>{tags}</robot>"))
            }
            _ => {
                let nodes = "<node>".repeat(depth) + "</node>".repeat(depth).as_str();
                ("m.dae", format!("<?xml version=\"1.0\"?><COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\"><library_visual_scenes><visual_scene id=\"s\">{nodes}</visual_scene></library_visual_scenes></COLLADA>"))
            }
        };
        std::fs::write(root.join(name), text).expect("write");
        let call = match format {
            0 => format!("let r = mjcf(\"{name}\");"),
            1 => format!("let r = urdf(\"{name}\");"),
            _ => format!("let m = mesh(\"{name}\");"),
        };
        let err = run_in(&root, &call);
        // <mujoco> and <worldbody> (or <robot>, or COLLADA's three wrappers) sit above.
        if depth > 500 {
            let err = err.ok_or_else(|| TestCaseError::fail("too deep, but loaded"))?;
            prop_assert!(err.contains("nested more than 500 deep"), "{err}");
        }
        // An include fan-out: each file includes the next `width` times.
        for level in 0..levels {
            let next = format!("<include file=\"f{}.xml\"/>", level + 1).repeat(width);
            std::fs::write(root.join(format!("f{level}.xml")), format!("<mujoco>{next}</mujoco>"))
                .expect("write");
        }
        std::fs::write(root.join(format!("f{levels}.xml")), "<mujoco/>").expect("write");
        let clock = Instant::now();
        let err = run_in(&root, "let r = mjcf(\"f0.xml\");");
        prop_assert!(clock.elapsed() < Duration::from_secs(30));
        let includes: u128 = (1..=levels as u32).map(|l| (width as u128).pow(l)).sum();
        if includes > 1000 {
            let err = err.ok_or_else(|| TestCaseError::fail("fan-out loaded"))?;
            prop_assert!(err.contains("more than 1000 files"), "{err}");
        }
    }
}

/// [`run_in`] on another thread, failing after `limit` (a hang is a finding, not a stuck test).
fn run_bounded(root: &Path, script: &str, limit: Duration) -> Result<Option<String>, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let (dir, source) = (root.to_path_buf(), script.to_string());
    std::thread::spawn(move || {
        let _ = tx.send(run_in(&dir, &source));
    });
    rx.recv_timeout(limit)
        .map_err(|_| format!("`{script}` still running after {limit:?}"))
}

/// The special files a reference may name, made in `root` (links, a FIFO) or elsewhere
/// (devices), with the words its error must contain.
fn special_target(root: &Path, outside: &Path, kind: usize, stem: &str) -> (String, &'static str) {
    use std::os::unix::fs::symlink;
    let outside_error = "outside the readable folder";
    match kind {
        // A link inside the root to an outside file.
        0 => {
            let link = root.join(format!("{stem}-link"));
            let _ = symlink(outside.join(stem), &link);
            (link.display().to_string(), outside_error)
        }
        // A path through a linked folder that leads out.
        1 => {
            let _ = symlink(outside, root.join("out-dir"));
            (format!("out-dir/{stem}"), outside_error)
        }
        // Devices: endless, blocking, or empty; all outside the root.
        2 => ("/dev/zero".to_string(), outside_error),
        3 => ("/dev/stdin".to_string(), outside_error),
        4 => ("/dev/null".to_string(), outside_error),
        // A FIFO inside the root: not a regular file (and never opened for reading).
        5 => {
            let fifo = root.join("pipe");
            let made = std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .is_ok_and(|s| s.success());
            assert!(made, "mkfifo");
            ("pipe".to_string(), "not a regular file")
        }
        // A FIFO outside the root.
        _ => {
            let fifo = outside.join("pipe");
            let _ = std::process::Command::new("mkfifo").arg(&fifo).status();
            (fifo.display().to_string(), outside_error)
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Model files referring to links that lead out, devices (`/dev/zero`, `/dev/stdin`) and
    /// FIFOs get the typed sandbox error within seconds: nothing is read from outside, nothing
    /// blocks, nothing reads without end.
    #[test]
    fn links_devices_and_fifos_are_refused_without_blocking(
        carrier in 0usize..3,
        kind in 0usize..7,
    ) {
        let (_dir, root, outside) = sandbox_tree();
        let stem = if carrier == 0 { "secret.xml" } else { "secret.stl" };
        let (reference, expected) = special_target(&root, &outside, kind, stem);
        let (name, text) = match carrier {
            0 => ("m.xml", format!("<mujoco><include file=\"{reference}\"/></mujoco>")),
            1 => (
                "m.xml",
                format!("<mujoco><asset><mesh name=\"s\" file=\"{reference}\"/></asset></mujoco>"),
            ),
            _ => (
                "r.urdf",
                format!("<robot name=\"r\"><link name=\"a\"><visual><geometry><mesh filename=\"{reference}\"/></geometry></visual></link></robot>"),
            ),
        };
        std::fs::write(root.join(name), text).expect("write");
        let call = if name.ends_with(".urdf") {
            format!("let r = urdf(\"{name}\");")
        } else {
            format!("let r = mjcf(\"{name}\");")
        };
        let err = run_bounded(&root, &call, Duration::from_secs(20)).map_err(TestCaseError::fail)?;
        let err = err.ok_or_else(|| TestCaseError::fail(format!("{reference} was read")))?;
        prop_assert!(err.contains(expected), "{reference}: {err}");
        // The script itself naming an outside device or FIFO directly is refused alike.
        if matches!(kind, 2 | 3 | 4 | 6) {
            let direct = format!("let m = mesh(\"{reference}\");");
            let err = run_bounded(&root, &direct, Duration::from_secs(20)).map_err(TestCaseError::fail)?;
            let err = err.ok_or_else(|| TestCaseError::fail(format!("{reference} was read")))?;
            prop_assert!(err.contains("outside"), "{reference}: {err}");
        }
    }

    /// Recursive MJCF (a file including itself, or a cycle through `length` files) is an
    /// include-cycle error, never a stack overflow or a hang.
    #[test]
    fn recursive_includes_are_cycles(length in 1usize..6, repeat in 1usize..3) {
        let (_dir, root, _outside) = sandbox_tree();
        for i in 0..length {
            let next = format!("<include file=\"c{}.xml\"/>", (i + 1) % length).repeat(repeat);
            std::fs::write(
                root.join(format!("c{i}.xml")),
                format!("<mujoco><worldbody><body name=\"b{i}\"/></worldbody>{next}</mujoco>"),
            )
            .expect("write");
        }
        let err = run_bounded(&root, "let r = mjcf(\"c0.xml\");", Duration::from_secs(20))
            .map_err(TestCaseError::fail)?;
        let err = err.ok_or_else(|| TestCaseError::fail("a cycle loaded"))?;
        prop_assert!(err.contains("include cycle"), "{err}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(env_or("MORSEL_FUZZ_URDF_CASES", 200)))]

    /// Generated URDF files (random trees, broken parts, mimics, meshes inside and outside the
    /// root, deep nesting, truncated text: `fuzz/urdf_gen.rs`) load or give a typed error:
    /// never a panic (a failed case) or a stack overflow (an aborted test), never a hang, and
    /// never a model read through a file outside the root.
    #[test]
    fn generated_urdf_files_load_or_give_typed_errors(seed in any::<u64>()) {
        let (_dir, root, outside) = sandbox_tree();
        let generated = urdf_gen::urdf(seed, &outside);
        std::fs::write(root.join("g.urdf"), &generated.text).expect("write");
        let clock = Instant::now();
        let err = run_in(&root, "let r = urdf(\"g.urdf\", #{ package_dirs: [\".\"] });");
        prop_assert!(clock.elapsed() < Duration::from_secs(20), "seed {seed}: {:?}", clock.elapsed());
        match err {
            Some(message) => prop_assert!(!message.trim().is_empty()),
            None => prop_assert!(
                !generated.names_an_outside_file,
                "seed {seed}: loaded though it names a file outside the root:\n{}",
                generated.text
            ),
        }
    }
}

/// A 20,000-link chain in which every joint mimics the one before loads with one value of its
/// own, and its last link turns by the chain's compounded offsets; closing the chain into a loop is an error. Mimic
/// chains are resolved once per joint: walking each chain to its end, as Morsel once did, took
/// time quadratic in the chain's length.
#[test]
fn a_20000_joint_mimic_chain_loads_and_a_mimic_loop_is_refused() {
    let n = 20_000;
    let chain = |looped: bool| {
        let mut s = String::from("<robot name=\"chain\">\n");
        for i in 0..=n {
            s += &format!("<link name=\"l{i}\"/>\n");
        }
        for i in 1..=n {
            let mimic = if i > 1 {
                format!("<mimic joint=\"j{}\" offset=\"1e-9\"/>", i - 1)
            } else if looped {
                format!("<mimic joint=\"j{n}\"/>")
            } else {
                String::new()
            };
            s += &format!(
                "<joint name=\"j{i}\" type=\"revolute\"><parent link=\"l{}\"/><child link=\"l{i}\"/>\
                 <axis xyz=\"0 0 1\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>{mimic}</joint>\n",
                i - 1
            );
        }
        s + "</robot>\n"
    };
    let (_dir, root, _outside) = sandbox_tree();
    std::fs::write(root.join("chain.urdf"), chain(false)).expect("write");
    std::fs::write(root.join("loop.urdf"), chain(true)).expect("write");
    let clock = Instant::now();
    let err = run_in(
        &root,
        "let r = urdf(\"chain.urdf\"); if r.get_joints().len() != 1 { throw \"joints\"; } \
         let z = r.fk([0.0], \"l20000\").rpy[2]; \
         if (z - 19999.0 * 10000.0 * 1e-9).abs() > 1e-9 { throw `yaw ${z}`; }",
    );
    let chain_time = clock.elapsed();
    assert!(err.is_none(), "{err:?}");
    let clock = Instant::now();
    let err = run_in(&root, "let r = urdf(\"loop.urdf\");").expect("a loop is refused");
    assert!(err.contains("loop of mimic joints"), "{err}");
    eprintln!(
        "mimic chain of {n}: {chain_time:?}; loop: {:?}",
        clock.elapsed()
    );
    assert!(chain_time < Duration::from_secs(60), "{chain_time:?}");
}
