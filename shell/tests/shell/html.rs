//! `save("x.html", scene_or_robot)` and the REPL's `:view EXPR`: offline HTML views that carry
//! the same glb as `save("x.glb", ...)`. (The pages are opened by Chromium in
//! `lab/tests/html.rs`.)

use base64::Engine as _;
use morsel_shell::repl::{Flow, Repl};

use crate::{Bench, assert_fails_at};

const SCENE: &str = "let sc = scene();
    sc.add_body(\"ball\", sphere(0.1), pose([0, 0, 0.5]));
    sc.add_body(\"floor\", halfspace([0, 0, 1]), pose([0, 0, 0]));";

#[test]
fn a_scene_is_saved_as_a_page_that_embeds_its_glb() {
    let mut b = Bench::new();
    b.run(&format!(
        "{SCENE} save(\"views/scene.html\", sc); save(\"views/scene.glb\", sc);"
    ));
    let page = std::fs::read_to_string(b.out().join("views/scene.html")).expect("page written");
    let glb = std::fs::read(b.out().join("views/scene.glb")).expect("glb written");
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<title>scene</title>"));
    let b64 = base64::engine::general_purpose::STANDARD.encode(&glb);
    assert!(page.contains(&b64), "the page embeds the same glb");
    assert!(!page.contains("http://") && !page.contains("https://"));
}

#[test]
fn saving_html_refuses_what_it_cannot_draw_and_bad_paths() {
    let mut b = Bench::new();
    let cases = [
        (
            "save(\"x.html\", 1);",
            "an HTML view draws a Scene, a Robot, a Touch, Taxels, a Stance, a Simulation or a Boundary (2 or 3 joints), not the integer 1",
        ),
        ("save(\"x.html\", scene());", "nothing to draw"),
        (
            "let sc = scene(); sc.add_body(\"b\", sphere(1.0), pose([0, 0, 0])); save(\"../x.html\", sc);",
            "leaves the output folder",
        ),
    ];
    for (source, needle) in cases {
        let d = b.fail(source);
        assert_fails_at(&d, needle, 1);
    }
    assert!(!b.out().exists(), "nothing was written");
}

/// Runs one REPL input; returns (stdout, stderr).
fn input(repl: &mut Repl, line: &str) -> (String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(repl.handle(line, &mut out, &mut err), Flow::Continue);
    (
        String::from_utf8(out).expect("utf8"),
        String::from_utf8(err).expect("utf8"),
    )
}

#[test]
fn view_writes_the_page_of_a_value_and_prints_its_path() {
    let b = Bench::new();
    let out_dir = b.out();
    let mut repl = Repl::new(b.session);
    let (_, err) = input(&mut repl, SCENE);
    assert!(err.is_empty(), "{err}");
    let (out, err) = input(&mut repl, ":view sc");
    assert!(err.is_empty(), "{err}");
    let path = std::path::PathBuf::from(out.trim());
    assert!(
        path.ends_with("sc.html") && path.starts_with(&out_dir),
        "{out}"
    );
    let page = std::fs::read_to_string(&path).expect("written");
    assert!(page.starts_with("<!DOCTYPE html>"));
    // An expression that is not a plain name gets a numbered file.
    let (out, err) = input(&mut repl, ":view [sc][0]");
    assert!(err.is_empty(), "{err}");
    assert!(out.trim().ends_with("view_1.html"), "{out}");
    let (_, err) = input(&mut repl, ":view 42");
    assert!(
        err.contains(":view")
            && err.contains("an HTML view draws a Scene, a Robot, a Touch, Taxels, a Stance, a Simulation or a Boundary (2 or 3 joints), not the integer 42"),
        "{err}"
    );
    let (_, err) = input(&mut repl, ":view");
    assert!(err.contains(":view needs an expression"), "{err}");
    let (_, err) = input(&mut repl, ":view nope");
    assert!(err.contains("nope"), "{err}");
}
