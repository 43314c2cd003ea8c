//! `docs/scripting.md` and `docs/python.md` are generated from the API description
//! (`lab/src/api/script_api.txt`); this test fails when either is stale.
//! Regenerate with `MORSEL_BLESS=1 cargo test -p morsel-lab --test api_docs`.

use std::path::PathBuf;

use morsel_lab::__private::api::{markdown, script_api};

fn check(file: &str, generated: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("docs")
        .join(file);
    if std::env::var_os("MORSEL_BLESS").is_some() {
        std::fs::write(&path, generated).expect("writes the reference");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/{file} is stale; regenerate it with \
         MORSEL_BLESS=1 cargo test -p morsel-lab --test api_docs"
    );
}

#[test]
fn the_script_reference_is_generated_from_the_description() {
    check("scripting.md", &markdown::scripting(script_api()));
}

#[test]
fn the_python_reference_is_generated_from_the_description() {
    check("python.md", &markdown::python(script_api()));
}
