//! Error messages and hints name only options that exist: every string literal in the
//! workspace's sources (and the Python module's) that says "option `k` of f()" names an option
//! the API description documents for `f`, and every hint that tells to raise, lower or set a
//! snake_case name names an option of some function. Unknown names get "did you mean".

use std::path::Path;

use morsel_lab::__private::api::{option_keys, script_api};

use crate::{Bench, workspace_root};

/// The string literals of a Rust source file (escapes kept as written; comments skipped).
fn string_literals(source: &str) -> Vec<String> {
    let chars: Vec<char> = source.chars().collect();
    let mut literals = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            // A char literal such as '"' or '\''.
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            '\'' if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') => i += 4,
            '"' => {
                let mut text = String::new();
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        text.push(chars[i]);
                        i += 1;
                    }
                    if let Some(c) = chars.get(i) {
                        text.push(*c);
                    }
                    i += 1;
                }
                literals.push(text);
                i += 1;
            }
            _ => i += 1,
        }
    }
    literals
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
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

/// `(function, option)` for every "option `k` of f()" in `text`.
fn named_options(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("option `") {
        let rest = &text[at + "option `".len()..];
        let Some((key, rest)) = rest.split_once('`') else {
            continue;
        };
        let Some(rest) = rest.strip_prefix(" of ") else {
            continue;
        };
        let function: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let is_call = rest[function.len()..].starts_with("()");
        let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
        if is_call && plain(key) && plain(&function) {
            found.push((function, key.to_string()));
        }
    }
    found
}

/// The snake_case names that hints tell to change (`raise max_draws_per_point`).
fn hinted_names(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut found = Vec::new();
    for pair in words.windows(2) {
        let verb = pair[0].trim_start_matches('(');
        if !matches!(
            verb,
            "raise" | "lower" | "increase" | "decrease" | "reduce" | "set"
        ) {
            continue;
        }
        let name = pair[1].trim_matches(|c: char| !(c.is_alphanumeric() || c == '_'));
        let snake = name.contains('_')
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if snake && !pair[1].contains("::") {
            found.push(name.to_string());
        }
    }
    found
}

#[test]
fn messages_name_only_options_that_exist() {
    let root = workspace_root();
    let api = script_api();
    // An option is accepted when the description documents it, or when it is a key of a map
    // the function takes (`points` of trajectory()).
    let documented = |function: &str, key: &str| {
        api.overloads(function).any(|f| {
            f.options.iter().any(|o| o.key == key)
                || f.parameters()
                    .iter()
                    .any(|(_, ty)| option_keys(ty).iter().any(|k| k == key))
        })
    };
    let mut files = Vec::new();
    for krate in [
        "geometry",
        "kinematics",
        "sensing",
        "stability",
        "jointspace",
        "lab",
        "shell",
        "python",
    ] {
        rust_files(&root.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 50, "{}", files.len());
    let mut problems = Vec::new();
    let mut named = 0;
    let mut hinted = 0;
    for file in &files {
        let source = std::fs::read_to_string(file).expect("read a source file");
        // Unit tests (at the end of a file) make up their own messages.
        let source = source.split("#[cfg(test)]").next().unwrap_or_default();
        let shown = file.strip_prefix(root).unwrap_or(file).display();
        for literal in string_literals(source) {
            for (function, key) in named_options(&literal) {
                named += 1;
                // Options of a plot shared by several functions are named by the function
                // that received them; only check names the description knows.
                if api.overloads(&function).next().is_some() && !documented(&function, &key) {
                    problems.push(format!(
                        "{shown}: \"{literal}\": {function}() has no option `{key}`"
                    ));
                }
            }
            for key in hinted_names(&literal) {
                hinted += 1;
                if !api
                    .functions
                    .iter()
                    .any(|f| f.options.iter().any(|o| o.key == key))
                {
                    problems.push(format!(
                        "{shown}: \"{literal}\": no function has an option `{key}`"
                    ));
                }
            }
        }
    }
    assert!(named > 30, "only {named} messages name an option");
    assert!(hinted >= 1, "no hint names an option to change");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scanner_reads_literals_and_hints() {
    let source = "let a = '\"'; // \"not this\"\nlet b = \"option `friction` of contact()\";\n\
                  let c = \"widen the ranges or raise max_draws_per_point\";";
    let literals = string_literals(source);
    assert_eq!(literals.len(), 2, "{literals:?}");
    assert_eq!(
        named_options(&literals[0]),
        vec![("contact".to_string(), "friction".to_string())]
    );
    assert_eq!(hinted_names(&literals[1]), vec!["max_draws_per_point"]);
    assert!(hinted_names("raise SampleOptions::memory_limit").is_empty());
}

#[test]
fn unknown_functions_variables_methods_and_options_get_did_you_mean() {
    let mut b = Bench::new();
    let d = b.fail("let ball = sphere(0.1);\nlet d = fkk(ball);");
    assert!(d.message.contains("did you mean `fk`?"), "{}", d.message);
    let d = b.fail("let radius = 0.1;\nlet s = sphere(radiu);");
    assert!(
        d.message.contains("did you mean `radius`?"),
        "{}",
        d.message
    );
    let d = b.fail("let s = sphere(0.1);\nlet m = s.to_mpa();");
    assert!(
        d.message.contains("did you mean `to_map`?"),
        "{}",
        d.message
    );
    let d = b.fail("let sim = simulation(#{ dtt: 0.01 });");
    assert!(d.message.contains("did you mean `dt`?"), "{}", d.message);
    let d = b.fail("let ball = sphere(0.1);\nlet k = ball.kidn;");
    assert!(d.message.contains("did you mean `kind`?"), "{}", d.message);
    // A misspelt required option: the error names the key that was meant.
    let d = b.fail("let c = contact(#{ shape: [0.1, 0.1], frictoin: 0.5 });");
    assert!(
        d.message
            .contains("the map has `frictoin`: did you mean `friction`?"),
        "{}",
        d.message
    );
    let d = b.fail("let x = qqqqqqqqq(1);");
    assert!(!d.message.contains("did you mean"), "{}", d.message);
}
