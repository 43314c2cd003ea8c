//! The Rhai registration against the API description (`lab/src/api/script_api.txt`): every
//! described function is registered and every registered one described; and the checked-in
//! signature snapshot `tests/api_signatures.txt` (`morsel doc --signatures`). A binding change
//! fails these tests until the description and the snapshot are updated and reviewed:
//!
//!     MORSEL_BLESS=1 cargo test -p morsel-shell --test api
//!
//! (`docs/scripting.md` is generated from the description by the lab's own test.)

use std::path::{Path, PathBuf};
use std::process::Command;

use morsel_shell::api_reference;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the shell lies in the workspace")
        .to_path_buf()
}

fn blessing() -> bool {
    std::env::var_os("MORSEL_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Compares `generated` with the checked-in file, or rewrites it when blessing.
fn check_snapshot(relative: &str, generated: &str) {
    let path = workspace().join(relative);
    if blessing() {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(&path, generated).expect("bless");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    if checked_in == generated {
        return;
    }
    let old: Vec<&str> = checked_in.lines().collect();
    let new: Vec<&str> = generated.lines().collect();
    let removed: Vec<&&str> = old.iter().filter(|l| !new.contains(l)).take(10).collect();
    let added: Vec<&&str> = new.iter().filter(|l| !old.contains(l)).take(10).collect();
    panic!(
        "{relative} is out of date with the bindings.\n\
         lines only in the checked-in file (first 10): {removed:#?}\n\
         lines only in the generated one (first 10): {added:#?}\n\
         Regenerate it and review the diff:\n    MORSEL_BLESS=1 cargo test -p morsel-shell --test api"
    );
}

#[test]
fn the_rhai_registration_matches_the_api_description() {
    let session = morsel_shell::Session::reference().expect("session");
    let problems = api_reference::differences(session.engine());
    assert!(
        problems.is_empty(),
        "the Rhai bindings and lab/src/api/script_api.txt differ:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_signature_snapshot_matches_the_bindings() {
    let session = morsel_shell::Session::reference().expect("session");
    let mut text = api_reference::signatures(session.engine()).join("\n");
    text.push('\n');
    check_snapshot("tests/api_signatures.txt", &text);
}

#[test]
fn morsel_doc_prints_the_same_text() {
    let session = morsel_shell::Session::reference().expect("session");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_morsel"))
            .args(args)
            .output()
            .expect("morsel runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf8")
    };
    assert_eq!(run(&["doc"]), api_reference::markdown());
    let signatures = run(&["doc", "--signatures"]);
    let expected = api_reference::signatures(session.engine());
    assert_eq!(signatures.lines().collect::<Vec<_>>(), expected);
    // Sorted and listed once.
    let mut sorted = expected.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, expected);
}

#[test]
fn every_registered_function_has_its_description() {
    let session = morsel_shell::Session::reference().expect("session");
    for f in api_reference::functions(session.engine()) {
        if f.group.is_some() {
            assert!(
                !f.description.is_empty(),
                "{} has no description",
                f.signature
            );
        }
    }
}

#[test]
fn documented_functions_carry_their_group_and_description() {
    let session = morsel_shell::Session::reference().expect("session");
    let list = api_reference::functions(session.engine());
    let seed = list
        .iter()
        .find(|f| f.name == "seed")
        .expect("seed() is registered");
    assert_eq!(seed.group.as_deref(), Some("shell"));
    assert!(seed.description.starts_with("The run's --seed"), "{seed:?}");
    assert_eq!(seed.signature, "seed() -> INT");
    assert!(
        list.iter().all(|f| !f.signature.contains("::")),
        "Rust paths are tidied"
    );
    let sphere = list
        .iter()
        .find(|f| f.name == "sphere")
        .expect("sphere() is registered");
    assert_eq!(sphere.group.as_deref(), Some("geometry"));
    // Operators and property accessors are left out.
    assert!(list.iter().all(|f| {
        f.name.starts_with(|c: char| c.is_alphabetic() || c == '_') && !f.name.contains('$')
    }));
}
