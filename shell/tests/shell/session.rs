//! The session: persistence, run facts, limits, save, and error reporting.

use morsel_shell::engine::Limits;
use morsel_shell::{Session, SessionOptions};
use ndarray::ArrayD;
use ndarray_npy::ReadNpyExt;
use serde_json::Value;

use crate::{Bench, assert_fails_at};

#[test]
fn variables_and_functions_persist_between_inputs() {
    let mut b = Bench::new();
    b.run("let x = 40; fn add(a, b) { a + b }");
    assert_eq!(b.run("print(add(x, 2));"), "42\n");
    // A failing input keeps what was defined before it.
    let _ = b.fail("fn twice(a) { 2 * a } let y = twice(1); throw \"stop\";");
    assert_eq!(b.run("print(twice(x));"), "80\n");
}

#[test]
fn scripts_see_the_seed_and_the_test_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    let options = SessionOptions::new(dir.path(), dir.path().join("out"))
        .seed(1234)
        .test_mode(true)
        .capture_output();
    let mut s = Session::new(options).expect("session");
    let _ = s.run_source("t", "fn inner() { seed() + 1 } print(`${SEED} ${seed()} ${inner()} ${TEST_MODE} ${test_mode()}`);")
        .expect("runs");
    assert_eq!(s.take_output(), "1234 1234 1235 true true\n");
    let mut b = Bench::new();
    assert_eq!(b.run("print(`${seed()} ${TEST_MODE}`);"), "0 false\n");
}

#[test]
fn syntax_errors_have_line_and_column() {
    let b = Bench::new();
    let source = "let a = 1;\nlet b = [1, 2;\n";
    let d = b.session.check_source("bad.rhai", source).unwrap_err();
    assert_eq!(d.line, Some(2));
    assert!(d.column.is_some());
    let text = d.to_string();
    assert!(text.contains("bad.rhai:2:"), "{text}");
    assert!(text.contains("let b = [1, 2;"), "{text}");
    // check_source does not run anything.
    assert!(
        b.session
            .check_source("ok.rhai", "print(1); undefined_fn();")
            .is_ok()
    );
    assert_eq!(b.session.take_output(), "");
}

#[test]
fn runtime_errors_point_at_the_failing_line_even_inside_functions() {
    let mut b = Bench::new();
    let d = b.fail("let ok = 1;\nfn make(r) {\n  sphere(r)\n}\nlet s = make(-2);\n");
    assert_fails_at(&d, "`radius` must be a finite number greater than zero", 3);
    assert!(
        d.message.contains("in call to function 'make' at line 5"),
        "{d}"
    );
    assert_eq!(d.source_line.as_deref(), Some("  sphere(r)"));
    assert_eq!(d.column, Some(3));
}

#[test]
fn undefined_variables_and_map_properties_are_errors() {
    let mut b = Bench::new();
    let d = b.fail("let x = 1;\nprint(y);");
    assert_eq!(d.line, Some(2), "{d}");
    let d = b.fail("let m = #{ depth: 1 };\nprint(m.dept);");
    assert_fails_at(&d, "dept", 2);
}

fn limited(limits: Limits) -> Session {
    let dir = tempfile::tempdir().expect("temp dir");
    let options = SessionOptions::new(dir.path(), dir.path().join("out"))
        .capture_output()
        .limits(limits);
    Session::new(options).expect("session")
}

#[test]
fn runaway_scripts_are_stopped_cleanly() {
    let limits = Limits {
        max_operations: 100_000,
        max_array_size: 1000,
        max_string_size: 1000,
        ..Limits::default()
    };
    let mut s = limited(limits);
    let d = s
        .run_source("t", "let i = 0;\nloop { i += 1; }")
        .unwrap_err();
    assert!(d.message.contains("Too many operations"), "{d}");
    let d = s
        .run_source("t", "fn f(x) { f(x + 1) }\nf(0);")
        .unwrap_err();
    assert!(d.message.contains("Stack overflow"), "{d}");
    let d = s
        .run_source("t", "let a = [];\na.pad(5000, 0);")
        .unwrap_err();
    assert!(d.message.to_lowercase().contains("too large"), "{d}");
    let d = s
        .run_source("t", "let s = \"x\";\nfor i in 0..20 { s += s; }")
        .unwrap_err();
    assert!(d.message.to_lowercase().contains("too large"), "{d}");
    let deep = format!("let x = {}1{};", "(".repeat(400), ")".repeat(400));
    assert!(s.run_source("t", &deep).is_err());
}

#[test]
fn imports_are_refused() {
    let mut b = Bench::new();
    b.write("lib.rhai", "fn f() { 1 }");
    let d = b.fail("import \"lib\" as lib;\nlib::f();");
    assert!(d.message.to_lowercase().contains("module"), "{d}");
}

#[test]
fn save_writes_json_with_objects_through_to_map() {
    let mut b = Bench::new();
    b.run(
        "save(\"res/a.json\", #{ z: [1, 2.5, ()], a: box(1, 2, 3), p: pose([1, 2, 3]), s: \"x\", t: true });",
    );
    let text = std::fs::read_to_string(b.out().join("res/a.json")).expect("written");
    let v: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(v["a"]["kind"], "box");
    assert_eq!(v["a"]["half_extents"], serde_json::json!([1.0, 2.0, 3.0]));
    assert_eq!(v["p"]["position"], serde_json::json!([1.0, 2.0, 3.0]));
    assert_eq!(
        v["p"]["quaternion"],
        serde_json::json!([1.0, 0.0, 0.0, 0.0])
    );
    assert_eq!(v["z"], serde_json::json!([1, 2.5, null]));
    assert!(text.find("\"a\"") < text.find("\"z\""), "sorted keys");
}

#[test]
fn save_writes_csv_tables_and_npy_arrays() {
    let mut b = Bench::new();
    b.run(
        "save(\"rows.csv\", [[1, 0.5], [2, 1e-7]]);\n\
         save(\"cols.csv\", #{ y: [3, 4], x: [0.1, 0.2] });\n\
         save(\"grid.npy\", [[[1, 2], [3, 4]], [[5, 6], [7, 8.5]]]);",
    );
    let rows = std::fs::read_to_string(b.out().join("rows.csv")).expect("rows");
    assert_eq!(rows, "1,0.5\n2,1e-7\n");
    let cols = std::fs::read_to_string(b.out().join("cols.csv")).expect("cols");
    assert_eq!(cols, "x,y\n0.1,3\n0.2,4\n");
    let file = std::fs::File::open(b.out().join("grid.npy")).expect("npy");
    let grid = ArrayD::<f64>::read_npy(file).expect("reads");
    assert_eq!(grid.shape(), &[2, 2, 2]);
    assert_eq!(grid[[1, 1, 1]], 8.5);
    assert_eq!(grid[[0, 1, 0]], 3.0);
}

#[test]
fn save_refuses_bad_formats_values_and_paths_without_writing() {
    let mut b = Bench::new();
    let cases = [
        (
            "save(\"a.txt\", 1);",
            "unknown extension `.txt`; use .json, .csv or .npy",
        ),
        ("save(\"a\", 1);", "no extension"),
        ("save(\"a.npy\", [[1, 2], [3]]);", "rectangular"),
        ("save(\"a.npy\", [\"x\"]);", "the string \"x\""),
        (
            "save(\"a.csv\", [[1], [2, 3]]);",
            "rows must have equal lengths",
        ),
        (
            "save(\"a.json\", #{ f: Fn(\"sqrt\") });",
            "value.f is a function pointer",
        ),
        ("save(\"a.json\", [0.0 / 0.0]);", "NaN"),
        ("save(\"../a.json\", 1);", "leaves the output folder"),
        (
            "save(\"/tmp/morsel-should-not-exist.json\", 1);",
            "outside the output folder",
        ),
        ("save(\"x/../../a.json\", 1);", "leaves the output folder"),
    ];
    for (source, needle) in cases {
        let d = b.fail(source);
        assert_fails_at(&d, needle, 1);
    }
    assert!(!b.out().exists(), "nothing was written");
    assert!(!std::path::Path::new("/tmp/morsel-should-not-exist.json").exists());
}

#[test]
fn the_repl_display_uses_the_script_api() {
    let mut b = Bench::new();
    let v = b.session.run_source("r", "sphere(2)").expect("runs");
    assert_eq!(b.session.display(&v), "sphere(2)");
    let v = b.session.run_source("r", "[1, 2]").expect("runs");
    assert_eq!(b.session.display(&v), "[1, 2]");
    let v = b.session.run_source("r", "\"hi\"").expect("runs");
    assert_eq!(b.session.display(&v), "\"hi\"");
}

#[test]
fn help_lists_functions_with_their_descriptions() {
    let b = Bench::new();
    let all = morsel_shell::repl::help_text(&b.session, None);
    for name in [
        "sphere",
        "box",
        "pose",
        "save",
        "sensor_points",
        "contact",
        "seed",
    ] {
        assert!(all.contains(name), "{name} missing from:\n{all}");
    }
    let one = morsel_shell::repl::help_text(&b.session, Some("sphere"));
    assert!(one.contains("sphere(r: number) -> Shape"), "{one}");
    assert!(one.contains("A ball of radius r"), "{one}");
    let none = morsel_shell::repl::help_text(&b.session, Some("nothing_here"));
    assert!(none.contains("no Morsel function"), "{none}");
}
