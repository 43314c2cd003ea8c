//! The generated references (`docs/scripting.md`, `docs/python.md`) read as written for people:
//! no words run together (Rhai drops the spaces of parameter types, so a description copied from
//! a registration reads `alinkname`), no Rust type names, and every key of every options map
//! marked required or optional with its default.

use std::collections::BTreeSet;

use morsel_lab::__private::api::{Api, ApiFunction, markdown, option_keys, script_api};

/// The parameters that take an options map (as opposed to data maps such as `values`).
const OPTION_PARAMETERS: [&str; 4] = ["options", "weights", "law", "spec"];

/// The options-map parameter types of a function.
fn options_maps(f: &ApiFunction) -> Vec<String> {
    f.parameters()
        .into_iter()
        .filter(|(name, ty)| OPTION_PARAMETERS.contains(&name.as_str()) && ty.starts_with("#{"))
        .map(|(_, ty)| ty)
        .collect()
}

#[test]
fn every_option_is_marked_required_or_optional_with_its_default() {
    let api = script_api();
    let mut problems = Vec::new();
    let mut checked = 0;
    for f in &api.functions {
        let documented: Vec<&str> = f.options.iter().map(|o| o.key.as_str()).collect();
        let maps = options_maps(f);
        let mut keys = Vec::new();
        for map in &maps {
            keys.extend(option_keys(map));
        }
        for key in &keys {
            checked += 1;
            if !documented.contains(&key.as_str()) {
                problems.push(format!("{}: option `{key}` is not documented", f.signature));
            }
        }
        let open_ended = maps.iter().any(|m| m.contains("..."));
        for key in &documented {
            if !open_ended && !keys.iter().any(|k| k == key) {
                problems.push(format!(
                    "{}: documents `{key}`, which its options map lacks",
                    f.signature
                ));
            }
        }
        for option in &f.options {
            let marked = option.text.starts_with("required")
                || option.text.starts_with("optional, default ");
            if !marked {
                problems.push(format!(
                    "{}: `{}`: {}",
                    f.signature, option.key, option.text
                ));
            }
        }
    }
    assert!(checked > 80, "only {checked} option keys were found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let contact = api
        .overloads("contact")
        .find(|f| !f.options.is_empty())
        .expect("contact(options)");
    let friction = contact
        .options
        .iter()
        .find(|o| o.key == "friction")
        .expect("friction");
    assert!(friction.required);
    let rhai = markdown::scripting(api);
    assert!(rhai.contains("  - `friction`: required\n"), "{rhai}");
}

/// The names a signature gives on purpose: the keys of its maps (`#{force, torque}`), the
/// placeholders of its arrays (`[lower, upper]`) and the choices it quotes (`"raycast"`).
fn named_in_signature(signature: &str) -> Vec<String> {
    let mut names = Vec::new();
    // Quoted choices.
    for (i, part) in signature.split('"').enumerate() {
        if i % 2 == 1 {
            names.push(part.to_string());
        }
    }
    // Map keys and array placeholders: comma-separated entries of `#{...}` and `[...]`.
    let chars: Vec<char> = signature.chars().collect();
    for (open, c) in chars.iter().enumerate() {
        if *c != '{' && *c != '[' {
            continue;
        }
        let close = if *c == '{' { '}' } else { ']' };
        let mut depth = 0;
        let mut end = None;
        for (j, d) in chars.iter().enumerate().skip(open) {
            if *d == *c {
                depth += 1;
            } else if *d == close {
                depth -= 1;
                if depth == 0 {
                    end = Some(j);
                    break;
                }
            }
        }
        let Some(end) = end else { continue };
        let inner: String = chars[open + 1..end].iter().collect();
        if *c == '{' {
            names.extend(option_keys(&format!("#{{{inner}}}")));
        } else {
            for entry in inner.split(',') {
                let entry = entry.trim();
                if entry.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    names.push(entry.to_string());
                }
            }
        }
    }
    names
}

/// The words a reader may meet inside the signatures: English from the descriptions, the names
/// of functions, parameters, options and properties, the names signatures give on purpose, and
/// type names.
fn vocabulary(api: &Api) -> BTreeSet<String> {
    let mut words = BTreeSet::new();
    let mut add_words = |text: &str| {
        for w in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !w.is_empty() {
                words.insert(w.to_lowercase());
            }
        }
    };
    for f in &api.functions {
        add_words(&f.description);
        add_words(&f.name);
        for (name, _) in f.parameters() {
            add_words(&name);
        }
        for name in named_in_signature(&f.signature) {
            add_words(&name);
        }
        for o in &f.options {
            add_words(&o.key);
            add_words(&o.text);
        }
    }
    for p in &api.properties {
        add_words(&p.type_name);
        add_words(&p.name);
    }
    // The script and Python type names.
    for t in [
        "int", "float", "number", "string", "str", "bool", "map", "dict", "array", "list", "any",
        "none", "ndarray", "morsel", "kwargs",
    ] {
        words.insert(t.to_string());
    }
    words
}

/// The contents of the backtick spans of a Markdown text's list items (the signatures,
/// properties and options; not the introduction's prose).
fn code_spans(md: &str) -> Vec<&str> {
    md.lines()
        .filter(|l| l.trim_start().starts_with("- `"))
        .flat_map(|l| l.split('`').skip(1).step_by(2))
        .collect()
}

/// Words in `md`'s code spans that are neither in the vocabulary nor types (capitalised).
fn run_together(md: &str, vocabulary: &BTreeSet<String>) -> BTreeSet<String> {
    let mut unknown = BTreeSet::new();
    for span in code_spans(md) {
        for w in span.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            let starts_lower = w.chars().next().is_some_and(char::is_lowercase);
            let is_number = w
                .chars()
                .all(|c| c.is_ascii_digit() || c == '_' || c == 'e');
            if starts_lower && !is_number && !vocabulary.contains(&w.to_lowercase()) {
                unknown.insert(w.to_string());
            }
        }
    }
    unknown
}

/// Rust spellings that should never reach a reader.
fn rust_types(md: &str) -> Vec<String> {
    let mut found = Vec::new();
    for span in code_spans(md) {
        if span.contains("::") || span.contains("&mut") {
            found.push(span.to_string());
            continue;
        }
        // A name directly followed by `<` is a generic type (script types use [..] and #{..}).
        let chars: Vec<char> = span.chars().collect();
        let generic = chars
            .windows(2)
            .any(|w| w[0].is_alphanumeric() && w[1] == '<');
        let words: Vec<&str> = span
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .collect();
        let rust_word = words.iter().any(|w| {
            matches!(
                *w,
                "f64"
                    | "f32"
                    | "i64"
                    | "u64"
                    | "usize"
                    | "Vec"
                    | "Option"
                    | "Isometry"
                    | "Isometry3"
                    | "Vector3"
                    | "Point3"
                    | "Quaternion"
                    | "UnitQuaternion"
                    | "BTreeMap"
                    | "SmartString"
                    | "ImmutableString"
                    | "EvalAltResult"
            )
        });
        if generic || rust_word {
            found.push(span.to_string());
        }
    }
    found
}

#[test]
fn the_references_have_no_run_together_words_or_rust_types() {
    let api = script_api();
    let vocabulary = vocabulary(api);
    let python = markdown::python(api);
    // The Python-only section is written by hand in the generator, not from the description.
    let (described, _) = python
        .split_once("\n## Python only")
        .expect("the Python-only section");
    for (name, md) in [
        ("scripting.md", markdown::scripting(api)),
        ("python.md", described.to_string()),
    ] {
        let unknown = run_together(&md, &vocabulary);
        assert!(
            unknown.is_empty(),
            "docs/{name}: words that no description uses (run together?): {unknown:?}"
        );
        let rust = rust_types(&md);
        assert!(rust.is_empty(), "docs/{name}: Rust types: {rust:?}");
    }
}

#[test]
fn the_checks_catch_what_the_issue_found() {
    let vocabulary = vocabulary(script_api());
    let md = "- `record(sim: Simulation, arm: Robot, what: \"pose\" | alinkname) -> Recorder`\n\
              - `taxel_depths(options: {...}(thoseoftaxelsNone)) -> TaxelDepths`\n";
    let unknown = run_together(md, &vocabulary);
    assert!(unknown.contains("alinkname"), "{unknown:?}");
    assert!(unknown.contains("thoseoftaxelsNone"), "{unknown:?}");
    let leaked = rust_types("- `Contact.pose -> Isometry<FLOAT, Unit<Quaternion<FLOAT>>, 3>`\n");
    assert_eq!(leaked.len(), 1);
    assert!(rust_types("- `Contact.pose -> Pose`\n- `a < b`").is_empty());
}
