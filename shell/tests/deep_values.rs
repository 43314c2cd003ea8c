//! Values nested too deep to print, through `morsel run`: every way a script turns a value
//! into text (`print`, `debug`, `to_debug`, `to_string`, `${}` interpolation, joining with a
//! string by `+`, `+=` or `append`, `throw`, and saving as JSON or CSV) refuses an array or
//! map nested 65 deep with the documented error (64 levels print), and one nested 7,000 deep
//! too, where Rhai's own rendering overflowed the stack (exit 134, no manifest). Each refusal
//! is a failed run: exit code 1, the error names the script line, and the manifest says so.

use std::path::Path;

use serde_json::Value;

mod support;
use support::morsel;

/// The message of a value nested too deep to print.
const PRINT_ERROR: &str = "got a value nested more than 64 deep (print a part of it)";

/// The message of a value nested too deep to save.
const SAVE_ERROR: &str = "is nested deeper than 64 levels";

/// The message of values nested too deep to compare.
const COMPARE_ERROR: &str = "for the values to compare, got a value nested more than 64 deep";

/// Line 1 builds `a` (arrays) and `m` (maps), each nested `depth` deep around a 0; line 2 is
/// `call`. (`take` moves the value into its new container instead of copying it.)
fn script(depth: usize, call: &str) -> String {
    format!(
        "let a = 0; for i in 0..{depth} {{ a = [take(a)]; }} let m = 0; for i in 0..{depth} {{ m = #{{ x: take(m) }}; }}\n{call}\n"
    )
}

/// Every path that renders a value, with the error it must give.
const PATHS: [(&str, &str); 15] = [
    ("print(a);", PRINT_ERROR),
    ("debug(m);", PRINT_ERROR),
    ("let t = a.to_debug();", PRINT_ERROR),
    ("let t = a.to_string(); print(\"after\");", PRINT_ERROR),
    ("let t = `value: ${a}`;", PRINT_ERROR),
    ("print(`value: ${m} and more`);", PRINT_ERROR),
    ("let t = \"value: \" + a;", PRINT_ERROR),
    ("let t = m + \" (value)\";", PRINT_ERROR),
    ("let t = \"value: \"; t += a;", PRINT_ERROR),
    ("let t = \"value: \"; t.append(m);", PRINT_ERROR),
    ("throw a;", PRINT_ERROR),
    ("save(\"deep.json\", a);", SAVE_ERROR),
    ("save(\"deep.csv\", #{ column: m });", SAVE_ERROR),
    // Comparing (Rhai's own comparison of arrays and maps also recursed without a bound).
    ("let same = a == a;", COMPARE_ERROR),
    ("let found = m in [1, m];", COMPARE_ERROR),
];

fn manifest(out: &Path) -> Value {
    let text = std::fs::read_to_string(out.join("manifest.json")).expect("manifest.json");
    serde_json::from_str(&text).expect("manifest is JSON")
}

/// Runs every path on values nested `depth` deep (in parallel: each run builds its value
/// for a second or more) and checks each refusal.
fn refused_at(depth: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    std::thread::scope(|scope| {
        for (i, (call, error)) in PATHS.iter().enumerate() {
            let dir = dir.path();
            scope.spawn(move || refused_by(dir, depth, i, call, error));
        }
    });
}

/// Runs path `i` (`call`) on values nested `depth` deep in `dir` and checks its refusal.
fn refused_by(dir: &Path, depth: usize, i: usize, call: &str, error: &str) {
    let name = format!("deep{i}.rhai");
    let out = format!("out{i}");
    std::fs::write(dir.join(&name), script(depth, call)).expect("write");
    let run = morsel(dir, &["run", &name, "--out", &out]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{depth} deep, {call}: {err}");
    assert!(err.contains(error), "{depth} deep, {call}: {err}");
    assert!(
        err.contains(&format!("{name}:2:")),
        "{depth} deep, {call}: the error names line 2: {err}"
    );
    assert!(
        !String::from_utf8_lossy(&run.stdout).contains("after"),
        "{call}: the run stopped at the error"
    );
    let m = manifest(&dir.join(&out));
    assert_eq!(m["status"], "failed", "{call}: {m}");
    assert!(
        m["error"].as_str().is_some_and(|e| e.contains(error)),
        "{call}: {m}"
    );
    assert_eq!(m["outputs"], Value::Array(Vec::new()), "{call}: {m}");
}

#[test]
fn values_nested_65_deep_are_refused_by_every_printer() {
    refused_at(65);
}

#[test]
fn values_nested_7000_deep_are_refused_without_a_stack_overflow() {
    refused_at(7000);
}

#[test]
fn values_nested_64_deep_print_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let calls = "print(`${a}`); print(\"\" + a); print(a.to_string()); let t = \"\"; t += m; print(t); \
         let b = [[1], #{ k: 2.0 }]; print(`${a == a} ${m != m} ${a == [0]} ${b == [[1], #{ k: 2 }]} ${b != [[1], #{ k: 3 }]} ${m in [1, m]}`);";
    std::fs::write(dir.path().join("ok.rhai"), script(64, calls)).expect("write");
    let run = morsel(dir.path(), &["run", "ok.rhai"]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(0), "{err}");
    let array = format!("{}0{}", "[".repeat(64), "]".repeat(64));
    let map = format!("{}0{}", "#{\"x\": ".repeat(64), "}".repeat(64));
    let stdout = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    // Comparisons as Rhai's own (an integer equals the same float).
    let compared = "true false false true true true";
    assert_eq!(lines, [&array, &array, &array, &map, compared]);
    assert_eq!(manifest(&dir.path().join("out"))["status"], "ok");
}
