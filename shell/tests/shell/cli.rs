//! The `morsel` binary, run as a process.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn morsel(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morsel"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("morsel runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn run_prints_saves_under_out_and_sees_the_seed() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("s.rhai"),
        "print(`seed ${seed()}`);\nsave(\"r/x.json\", #{ s: SEED });",
    )
    .expect("write");
    let out = morsel(
        dir.path(),
        &["run", "s.rhai", "--seed", "7", "--out", "results"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "seed 7\n");
    let saved = std::fs::read_to_string(dir.path().join("results/r/x.json")).expect("saved");
    assert!(saved.contains("\"s\": 7"), "{saved}");

    // Defaults: seed 0, output in out/.
    let out = morsel(dir.path(), &["run", "s.rhai"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "seed 0\n");
    assert!(dir.path().join("out/r/x.json").is_file());
}

#[test]
fn a_failing_script_shows_file_line_column_and_caret_and_exits_non_zero() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("bad.rhai"),
        "let a = 1;\nlet s = sphere(-1);\n",
    )
    .expect("write");
    let out = morsel(dir.path(), &["run", "bad.rhai"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("bad.rhai:2:9"), "{err}");
    assert!(err.contains("2 | let s = sphere(-1);"), "{err}");
    assert!(err.contains("  |         ^"), "{err}");
    assert!(err.contains("greater than zero"), "{err}");
}

#[test]
fn check_compiles_without_running() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("ok.rhai"),
        "print(\"ran\");\nsave(\"x.json\", 1);",
    )
    .expect("write");
    let out = morsel(dir.path(), &["check", "ok.rhai"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stdout).contains("ran"));
    assert!(!dir.path().join("out").exists());

    std::fs::write(
        dir.path().join("syntax.rhai"),
        "let a = 1;\nlet b = (2 + ;\n",
    )
    .expect("write");
    let out = morsel(dir.path(), &["check", "syntax.rhai"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("syntax error"), "{err}");
    assert!(err.contains("syntax.rhai:2:"), "{err}");
    assert!(err.contains('^'), "{err}");
}

#[test]
fn a_script_piped_into_stdin_runs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"fn f(x) {\n  x * 2\n}\nprint(f(21));\nsave(\"p.csv\", [[1, 2]]);\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "42\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out/p.csv")).expect("saved"),
        "1,2\n"
    );

    let mut child = Command::new(env!("CARGO_BIN_EXE_morsel"))
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"let x = 1;\nx.nope();\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("<stdin>:2:"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_command_lines_exit_with_usage() {
    let dir = tempfile::tempdir().expect("temp dir");
    for args in [
        &["run"][..],
        &["fly"][..],
        &["run", "x.rhai", "--seed", "many"][..],
    ] {
        let out = morsel(dir.path(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("usage:"), "{args:?}");
    }
    let out = morsel(dir.path(), &["run", "missing.rhai"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read the script"));
    let out = morsel(dir.path(), &["help"]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("morsel run FILE.rhai"));
}
