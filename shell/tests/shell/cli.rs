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
fn bad_command_lines_exit_2_with_usage_and_suggestions() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (args, needle) in [
        (&["run"][..], "<FILE.rhai>"),
        (&["fly"][..], "unrecognized subcommand 'fly'"),
        (
            &["runn", "x.rhai"][..],
            "a similar subcommand exists: 'run'",
        ),
        (
            &["run", "x.rhai", "--seed", "many"][..],
            "invalid value 'many'",
        ),
        (
            &["run", "x.rhai", "--sede", "3"][..],
            "a similar argument exists: '--seed'",
        ),
        (
            &["run", "x.rhai", "--output", "o"][..],
            "a similar argument exists: '--out'",
        ),
        (
            &["run", "x.rhai", "--timout", "1"][..],
            "a similar argument exists: '--timeout'",
        ),
        (
            &["doc", "--signature"][..],
            "a similar argument exists: '--signatures'",
        ),
    ] {
        let out = morsel(dir.path(), args);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.contains("try '--help'"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = morsel(dir.path(), &["run", "missing.rhai"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot read the script"));
}

/// The flags each subcommand's `--help` must name.
const SUBCOMMAND_FLAGS: &[(&str, &[&str])] = &[
    (
        "run",
        &["--out", "--seed", "--root", "--timeout", "FILE.rhai"],
    ),
    ("check", &["FILE.rhai"]),
    ("doc", &["--signatures", "--markdown"]),
    ("completions", &["bash", "zsh", "fish", "powershell"]),
];

#[test]
fn help_names_every_subcommand_and_its_flags() {
    let dir = tempfile::tempdir().expect("temp dir");
    for args in [&["--help"][..], &["-h"][..], &["help"][..]] {
        let out = morsel(dir.path(), args);
        assert!(out.status.success(), "{args:?}");
        let help = text(&out.stdout);
        for (sub, _) in SUBCOMMAND_FLAGS {
            assert!(help.contains(sub), "{args:?} names {sub}: {help}");
        }
        assert!(help.contains("Exit codes"), "{help}");
    }
    for (sub, flags) in SUBCOMMAND_FLAGS {
        for args in [vec![*sub, "--help"], vec!["help", *sub]] {
            let out = morsel(dir.path(), &args);
            let help = text(&out.stdout);
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
            assert!(help.contains(&format!("Usage: morsel {sub}")), "{help}");
            for flag in *flags {
                assert!(help.contains(flag), "{args:?} names {flag}: {help}");
            }
        }
    }
}

#[test]
fn version_prints_the_crate_version() {
    let dir = tempfile::tempdir().expect("temp dir");
    for flag in ["--version", "-V"] {
        let out = morsel(dir.path(), &[flag]);
        assert!(out.status.success());
        let line = text(&out.stdout);
        let expected = format!("morsel {}", env!("CARGO_PKG_VERSION"));
        assert!(line.starts_with(&expected), "{line}");
        // From a checkout the commit follows: `0.1.0 (commit 1a2b3c4d5e6f)`.
        if let Some(rest) = line.trim().strip_prefix(&expected)
            && !rest.is_empty()
        {
            let commit = rest
                .strip_prefix(" (commit ")
                .and_then(|c| c.strip_suffix(')'))
                .unwrap_or_else(|| panic!("`{rest}` is not ` (commit HASH)`"));
            assert!(commit.chars().all(|c| c.is_ascii_hexdigit()), "{commit}");
        }
    }
}

#[test]
fn completions_are_written_for_every_shell() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef morsel"),
        ("fish", "complete -c morsel"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[morsel]"),
    ] {
        let out = morsel(dir.path(), &["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        for word in [
            "run",
            "check",
            "doc",
            "completions",
            "timeout",
            "seed",
            "signatures",
        ] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    let out = morsel(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("possible values"),
        "{}",
        text(&out.stderr)
    );
}
