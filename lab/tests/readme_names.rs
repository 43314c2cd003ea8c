//! Each library crate's README names only what the crate offers today: every Rust path in an
//! inline code span (`Shape::mesh`, `urdf::load_file`, `morsel_geometry::Collider`) and every
//! type-like name (`ContactSet`, `IkOptions`) must be a public item of the crate or of the Morsel
//! crates it depends on (and re-exports): a function, type, trait, module, constant, field,
//! enum variant or re-exported name. A README that drifts from the code (a renamed function, a
//! removed type) fails here with the README's line.
//!
//! The public items are read from the sources (`pub fn`, `pub struct`, ..., `pub use` lists,
//! `pub` fields, the variants of `pub enum`s), not from rustdoc, so that the check runs in
//! every `cargo test --workspace` on stable Rust.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Parser};

const CRATES: [&str; 6] = [
    "geometry",
    "kinematics",
    "sensing",
    "stability",
    "jointspace",
    "lab",
];

/// First path segments that name other projects (Rust crates, Python packages, URI schemes):
/// their paths are not checked.
const FOREIGN: [&str; 22] = [
    "std",
    "core",
    "alloc",
    "nalgebra",
    "na",
    "parry3d_f64",
    "parry",
    "serde",
    "serde_json",
    "rayon",
    "rand",
    "clarabel",
    "roxmltree",
    "mesh_loader",
    "png",
    "ndarray",
    "clap",
    "rhai",
    "pyo3",
    "numpy",
    "np",
    "mujoco",
];

/// Type-like names in the READMEs that belong to the peers Morsel is compared with (MuJoCo,
/// Pinocchio, pymanoid, MIMo, Genesis, Python), not to Morsel's Rust API.
const PEER_NAMES: [&str; 5] = [
    "MuJoCo",
    "PyPI",
    "NumPy",
    // Genesis's sensor classes, which the sensing README maps to Morsel's.
    "KinematicContactSensor",
    "KinematicDepthSensor",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the lab lies in the workspace")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers of a line, in order.
fn idents(line: &str) -> Vec<&str> {
    line.split(|c: char| !is_ident_char(c))
        .filter(|t| !t.is_empty() && !t.starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

/// The public names declared in a crate's sources.
fn public_names(crate_dir: &Path) -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&crate_dir.join("src"), &mut files);
    let mut names = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable source");
        // `pub use` statements may span lines: collect them whole.
        let mut in_use: Option<String> = None;
        // The brace depth inside a `pub enum` body, to read its variants.
        let mut enum_depth: Option<i32> = None;
        for raw in text.lines() {
            let line = raw.split("//").next().unwrap_or("").trim();
            if let Some(stmt) = in_use.as_mut() {
                stmt.push_str(line);
                if line.contains(';') {
                    names.extend(idents(stmt).into_iter().map(String::from));
                    in_use = None;
                }
                continue;
            }
            if let Some(depth) = enum_depth.as_mut() {
                if *depth == 1
                    && !line.starts_with('#')
                    && let Some(first) = idents(line).first()
                    && first.starts_with(|c: char| c.is_ascii_uppercase())
                {
                    names.insert((*first).to_string());
                }
                *depth += line.matches('{').count() as i32 - line.matches('}').count() as i32;
                if *depth <= 0 {
                    enum_depth = None;
                }
                continue;
            }
            let Some(rest) = line.strip_prefix("pub ") else {
                continue;
            };
            if rest.starts_with("use ") {
                if rest.contains(';') {
                    names.extend(idents(rest).into_iter().map(String::from));
                } else {
                    in_use = Some(rest.to_string());
                }
                continue;
            }
            let tokens = idents(rest);
            let mut k = 0;
            while k < tokens.len() && matches!(tokens[k], "unsafe" | "async" | "extern") {
                k += 1;
            }
            match tokens.get(k).copied() {
                Some("const") if tokens.get(k + 1) == Some(&"fn") => {
                    if let Some(name) = tokens.get(k + 2) {
                        names.insert((*name).to_string());
                    }
                }
                Some(
                    kind @ ("fn" | "struct" | "enum" | "trait" | "type" | "mod" | "const"
                    | "static" | "union"),
                ) => {
                    if let Some(name) = tokens.get(k + 1) {
                        names.insert((*name).to_string());
                    }
                    if kind == "enum" {
                        let opened = rest.matches('{').count() as i32;
                        enum_depth = (opened > 0).then_some(opened);
                    }
                }
                // A public field: `pub name: Type`.
                Some(name) if rest[name.len()..].trim_start().starts_with(':') => {
                    names.insert(name.to_string());
                }
                _ => {}
            }
        }
    }
    names
}

/// The Morsel crates a crate depends on (its `[dependencies]`), by folder.
fn morsel_dependencies(crate_dir: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(crate_dir.join("Cargo.toml")).expect("manifest");
    let Some(deps) = manifest.split("[dependencies]").nth(1) else {
        return Vec::new();
    };
    let deps = deps.split("\n[").next().unwrap_or("");
    deps.lines()
        .filter_map(|l| l.trim().strip_prefix("morsel-"))
        .filter_map(|l| l.split(['.', ' ', '=']).next())
        .map(String::from)
        .collect()
}

/// The names a README span refers to, with the crate folder whose items they must be (`None`:
/// the README's own crate and its Morsel dependencies); empty when the span is not a Rust path
/// or type name.
fn referenced(span: &str) -> Option<(Option<String>, Vec<String>)> {
    if span.contains("://") || span.contains(' ') && !span.contains('(') {
        return None;
    }
    let head: String = span
        .chars()
        .take_while(|&c| is_ident_char(c) || c == ':')
        .collect();
    let tail = &span[head.len()..];
    if !(tail.is_empty() || tail.starts_with(['(', '<', '{', ','])) {
        return None;
    }
    let segments: Vec<&str> = head.split("::").filter(|s| !s.is_empty()).collect();
    if segments.is_empty() || segments.iter().any(|s| !s.chars().all(is_ident_char)) {
        return None;
    }
    if segments.len() == 1 {
        // A single name counts when it is a type-like CamelCase word with two humps.
        let name = segments[0];
        let humps = name.chars().filter(|c| c.is_ascii_uppercase()).count();
        let camel = name.starts_with(|c: char| c.is_ascii_uppercase())
            && name.chars().any(|c| c.is_ascii_lowercase())
            && humps >= 2
            && !PEER_NAMES.contains(&name);
        return camel.then(|| (None, vec![name.to_string()]));
    }
    if FOREIGN.contains(&segments[0]) || matches!(segments[0], "self" | "crate" | "super") {
        return None;
    }
    if let Some(dir) = segments[0].strip_prefix("morsel_") {
        let rest = segments[1..].iter().map(|s| s.to_string()).collect();
        return Some((Some(dir.to_string()), rest));
    }
    Some((None, segments.iter().map(|s| s.to_string()).collect()))
}

#[test]
fn readme_names_are_public_items() {
    let root = workspace();
    let names_of = |dir: &str| public_names(&root.join(dir));
    let mut problems = Vec::new();
    let mut checked = 0;
    for dir in CRATES {
        let readme_path = root.join(dir).join("README.md");
        let readme = std::fs::read_to_string(&readme_path).expect("README");
        let mut own = names_of(dir);
        for dep in morsel_dependencies(&root.join(dir)) {
            if CRATES.contains(&dep.as_str()) {
                own.extend(names_of(&dep));
            }
        }
        for (event, range) in Parser::new(&readme).into_offset_iter() {
            let Event::Code(span) = event else {
                continue;
            };
            let Some((crate_dir, names)) = referenced(&span) else {
                continue;
            };
            let pool = match &crate_dir {
                Some(d) if CRATES.contains(&d.as_str()) => names_of(d),
                Some(_) => continue,
                None => own.clone(),
            };
            checked += 1;
            for name in names {
                if !pool.contains(&name) {
                    let line = readme[..range.start].matches('\n').count() + 1;
                    problems.push(format!(
                        "{dir}/README.md:{line}: `{span}` names `{name}`, which is not a public item of {}",
                        crate_dir.as_deref().map_or_else(
                            || format!("morsel-{dir} or the Morsel crates it depends on"),
                            |d| format!("morsel-{d}")
                        )
                    ));
                }
            }
        }
    }
    assert!(
        checked > 100,
        "only {checked} names checked: is the span reader broken?"
    );
    assert!(
        problems.is_empty(),
        "README names that the crates do not export:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_reader_finds_items_and_refuses_unknown_names() {
    let names = public_names(&workspace().join("geometry"));
    for name in [
        "Shape",
        "mesh",
        "query",
        "contact",
        "Cuboid",
        "FileAccess",
        "depth",
    ] {
        assert!(
            names.contains(name),
            "{name} not found among geometry's items"
        );
    }
    assert!(
        !names.contains("parry_trimesh"),
        "a private function counted as public"
    );
    assert_eq!(
        referenced("query::contact(a, pa, b, pb)"),
        Some((None, vec!["query".to_string(), "contact".to_string()]))
    );
    assert_eq!(
        referenced("morsel_geometry::Collider"),
        Some((Some("geometry".to_string()), vec!["Collider".to_string()]))
    );
    assert_eq!(referenced("package://solo"), None);
    assert_eq!(referenced("nalgebra::Isometry3"), None);
    assert_eq!(referenced("qpos"), None);
    assert_eq!(
        referenced("ContactSet"),
        Some((None, vec!["ContactSet".to_string()]))
    );
}
