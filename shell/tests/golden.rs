//! Golden-file regression tests: every `scripts/*.rhai` runs through a [`Session`] in test mode
//! (`TEST_MODE` true, seed 0), and its printed output and every file it saves are compared with
//! `tests/golden/<script>/` at the workspace root.
//!
//! - `output.txt` holds the printed output; other files mirror the script's `--out` folder.
//! - Numbers are compared with a tolerance (relative 1e-6, absolute 1e-9), everything else
//!   exactly: text around numbers, JSON structure and keys, CSV layout, NPY shapes.
//! - Re-bless after an intended change, then review the diff:
//!
//!   ```text
//!   MORSEL_BLESS=1 cargo test -p morsel-shell --test golden
//!   ```
//!
//! - `MORSEL_GOLDEN=stance,touch` limits a run or a bless to the named scripts.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use morsel_shell::{Session, SessionOptions};
use ndarray::ArrayD;
use ndarray_npy::ReadNpyExt;
use serde_json::Value;

const RELATIVE: f64 = 1e-6;
const ABSOLUTE: f64 = 1e-9;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the shell crate sits in the workspace")
        .to_path_buf()
}

fn close(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= ABSOLUTE + RELATIVE * a.abs().max(b.abs())
}

/// A piece of text: a number or the text between numbers.
#[derive(Debug)]
enum Token<'a> {
    Text(&'a str),
    Number(f64),
}

/// Splits text into numbers (`-1`, `2.5`, `1e-7`, `-0.0`) and the text between them.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut last) = (0, 0);
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit()
            || (matches!(bytes[i], b'-' | b'+' | b'.')
                && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        let inside_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if !starts_number || inside_word {
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
            i += 1;
        }
        if i < bytes.len() && matches!(bytes[i], b'e' | b'E') {
            let mut j = i + 1;
            if j < bytes.len() && matches!(bytes[j], b'-' | b'+') {
                j += 1;
            }
            if j < bytes.len() && bytes[j].is_ascii_digit() {
                i = j;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
            }
        }
        let literal = &text[start..i];
        match literal.parse::<f64>() {
            Ok(x) => {
                if last < start {
                    out.push(Token::Text(&text[last..start]));
                }
                out.push(Token::Number(x));
                last = i;
            }
            Err(_) => continue,
        }
    }
    if last < text.len() {
        out.push(Token::Text(&text[last..]));
    }
    out
}

/// Compares two texts number by number; returns the first difference.
fn compare_text(expected: &str, actual: &str) -> Result<(), String> {
    for (n, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        let (te, ta) = (tokens(e), tokens(a));
        let same = te.len() == ta.len()
            && te.iter().zip(&ta).all(|pair| match pair {
                (Token::Text(x), Token::Text(y)) => x == y,
                (Token::Number(x), Token::Number(y)) => close(*x, *y),
                _ => false,
            });
        if !same {
            return Err(format!("line {}:\n  expected: {e}\n  actual:   {a}", n + 1));
        }
    }
    let (ne, na) = (expected.lines().count(), actual.lines().count());
    if ne != na {
        return Err(format!("expected {ne} lines, got {na}"));
    }
    Ok(())
}

/// Compares two JSON values, numbers with the tolerance.
fn compare_json(expected: &Value, actual: &Value, at: &str) -> Result<(), String> {
    match (expected, actual) {
        (Value::Number(e), Value::Number(a)) => {
            let (e, a) = (
                e.as_f64().unwrap_or(f64::NAN),
                a.as_f64().unwrap_or(f64::NAN),
            );
            if close(e, a) {
                Ok(())
            } else {
                Err(format!("{at}: expected {e}, got {a}"))
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Err(format!(
                    "{at}: expected {} elements, got {}",
                    e.len(),
                    a.len()
                ));
            }
            for (i, (x, y)) in e.iter().zip(a).enumerate() {
                compare_json(x, y, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Object(e), Value::Object(a)) => {
            let (ke, ka): (Vec<_>, Vec<_>) = (e.keys().collect(), a.keys().collect());
            if ke != ka {
                return Err(format!("{at}: expected keys {ke:?}, got {ka:?}"));
            }
            for (k, x) in e {
                compare_json(x, &a[k], &format!("{at}.{k}"))?;
            }
            Ok(())
        }
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{at}: expected {e}, got {a}")),
    }
}

fn compare_npy(expected: &[u8], actual: &[u8]) -> Result<(), String> {
    let e = ArrayD::<f64>::read_npy(expected).map_err(|err| format!("golden file: {err}"))?;
    let a = ArrayD::<f64>::read_npy(actual).map_err(|err| format!("new file: {err}"))?;
    if e.shape() != a.shape() {
        return Err(format!(
            "expected shape {:?}, got {:?}",
            e.shape(),
            a.shape()
        ));
    }
    for ((index, x), y) in e.indexed_iter().zip(a.iter()) {
        if !close(*x, *y) {
            return Err(format!("at {:?}: expected {x}, got {y}", index));
        }
    }
    Ok(())
}

/// Compares one file by its extension.
fn compare_file(name: &str, expected: &[u8], actual: &[u8]) -> Result<(), String> {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let extension = Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("");
    match extension {
        "npy" => compare_npy(expected, actual),
        "json" => {
            let e: Value = serde_json::from_slice(expected).map_err(|e| format!("golden: {e}"))?;
            let a: Value = serde_json::from_slice(actual).map_err(|e| format!("new: {e}"))?;
            compare_json(&e, &a, "value")
        }
        // CSV cells, printed output and anything else: text with numbers compared loosely.
        _ => compare_text(&text(expected), &text(actual)),
    }
}

/// All files under `dir`, by path relative to it.
fn files_under(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if let Ok(bytes) = fs::read(&path) {
                let rel = path.strip_prefix(root).unwrap_or(&path);
                out.insert(rel.to_string_lossy().replace('\\', "/"), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Runs one script in test mode; returns its files, with the printed output as `output.txt`.
fn run_script(script: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let root = workspace_root();
    let out = tempfile::tempdir().map_err(|e| e.to_string())?;
    let dir = script.parent().unwrap_or(&root);
    let options = SessionOptions::new(dir, out.path())
        .read_root(&root)
        .test_mode(true)
        .seed(0)
        .capture_output();
    let mut session = Session::new(options).map_err(|e| e.to_string())?;
    let _ = session.run_file(script).map_err(|d| d.to_string())?;
    let mut files = files_under(out.path());
    files.insert("output.txt".into(), session.take_output().into_bytes());
    Ok(files)
}

#[test]
fn scripts_match_their_golden_files() {
    let root = workspace_root();
    let bless = std::env::var_os("MORSEL_BLESS").is_some_and(|v| !v.is_empty() && v != "0");
    let mut scripts: Vec<PathBuf> = fs::read_dir(root.join("scripts"))
        .expect("scripts/ exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rhai"))
        .collect();
    scripts.sort();
    // MORSEL_GOLDEN=stance,touch limits the run (and a bless) to those scripts.
    if let Some(only) = std::env::var_os("MORSEL_GOLDEN").filter(|v| !v.is_empty()) {
        let only = only.to_string_lossy().into_owned();
        let wanted: Vec<&str> = only.split(',').map(str::trim).collect();
        scripts.retain(|p| {
            p.file_stem()
                .is_some_and(|s| wanted.contains(&s.to_string_lossy().as_ref()))
        });
    }
    assert!(
        !scripts.is_empty(),
        "no scripts in {}",
        root.join("scripts").display()
    );

    let mut failures = Vec::new();
    for script in &scripts {
        let stem = script
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let golden_dir = root.join("tests").join("golden").join(&stem);
        let actual = match run_script(script) {
            Ok(files) => files,
            Err(e) => {
                failures.push(format!("{stem}: the script failed:\n{e}"));
                continue;
            }
        };
        if bless {
            let _ = fs::remove_dir_all(&golden_dir);
            for (name, bytes) in &actual {
                let path = golden_dir.join(name);
                fs::create_dir_all(path.parent().expect("file in a folder")).expect("mkdir");
                fs::write(&path, bytes).expect("write golden file");
            }
            eprintln!("blessed {} files for {stem}", actual.len());
            continue;
        }
        let expected = files_under(&golden_dir);
        if expected.is_empty() {
            failures.push(format!(
                "{stem}: no golden files in {}; run MORSEL_BLESS=1 cargo test -p morsel-shell --test golden",
                golden_dir.display()
            ));
            continue;
        }
        for name in expected.keys().filter(|n| !actual.contains_key(*n)) {
            failures.push(format!("{stem}: the script no longer writes {name}"));
        }
        for name in actual.keys().filter(|n| !expected.contains_key(*n)) {
            failures.push(format!(
                "{stem}: the script writes {name}, which has no golden file"
            ));
        }
        for (name, bytes) in &actual {
            if let Some(golden) = expected.get(name)
                && let Err(e) = compare_file(name, golden, bytes)
            {
                failures.push(format!("{stem}/{name}: {e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "golden mismatches (re-bless with MORSEL_BLESS=1 cargo test -p morsel-shell --test golden \
         if the change is intended):\n\n{}",
        failures.join("\n\n")
    );
}

#[test]
fn text_comparison_tolerates_small_number_changes_only() {
    assert!(
        compare_text(
            "d = 0.25 m, n = [1, -0.0]",
            "d = 0.2500000001 m, n = [1, 0]"
        )
        .is_ok()
    );
    assert!(compare_text("d = 0.25 m", "d = 0.26 m").is_err());
    assert!(compare_text("d = 0.25 m", "d = 0.25 cm").is_err());
    assert!(compare_text("a\nb", "a").is_err());
    assert!(compare_text("solo12 has 1e-7", "solo12 has 1.0000000001e-7").is_ok());
    assert!(compare_text("x1 = 3", "x2 = 3").is_err());
}

#[test]
fn json_and_npy_comparisons_check_structure_and_numbers() {
    let e: Value = serde_json::from_str(r#"{"a": [1.0, 2.0], "b": "x"}"#).expect("json");
    let near: Value = serde_json::from_str(r#"{"a": [1.0000000001, 2], "b": "x"}"#).expect("json");
    let far: Value = serde_json::from_str(r#"{"a": [1.1, 2], "b": "x"}"#).expect("json");
    let keys: Value = serde_json::from_str(r#"{"a": [1.0, 2.0], "c": "x"}"#).expect("json");
    assert!(compare_json(&e, &near, "v").is_ok());
    assert!(compare_json(&e, &far, "v").unwrap_err().contains("v.a[0]"));
    assert!(compare_json(&e, &keys, "v").is_err());

    let write = |values: Vec<f64>, shape: &[usize]| {
        let a = ArrayD::from_shape_vec(shape, values).expect("shape");
        let mut bytes = Vec::new();
        ndarray_npy::WriteNpyExt::write_npy(&a, &mut bytes).expect("npy");
        bytes
    };
    let base = write(vec![1.0, 2.0, 3.0, 4.0], &[2, 2]);
    assert!(compare_npy(&base, &write(vec![1.0, 2.0, 3.0, 4.0 + 1e-12], &[2, 2])).is_ok());
    assert!(compare_npy(&base, &write(vec![1.0, 2.0, 3.0, 4.1], &[2, 2])).is_err());
    assert!(compare_npy(&base, &write(vec![1.0, 2.0, 3.0, 4.0], &[4])).is_err());
}
