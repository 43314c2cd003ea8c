//! Tab completion from Rhai's function metadata: bound functions, the methods and properties of
//! a variable's type after `.`, the session's variables, the REPL's `:` commands, and file
//! paths inside a string (`urdf("assets/ro`) or after `:load`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rhai::Engine;
use serde_json::Value;

use crate::session::Session;

/// The REPL's command names, completed after `:`.
pub const COMMAND_NAMES: &[&str] = &[
    "help", "vars", "load", "reload", "time", "timeout", "save", "quit",
];

/// What can be completed, built from an engine's metadata and a session's variables.
#[derive(Debug, Clone, Default)]
pub struct Completions {
    /// Callable function names, sorted.
    functions: Vec<String>,
    /// Method and property names by the script name of their receiver's type, each sorted.
    methods: BTreeMap<String, Vec<String>>,
    /// Every method and property name, sorted (for receivers of unknown type).
    all_methods: Vec<String>,
    /// Variable names and the script names of their types, sorted by name.
    variables: Vec<(String, String)>,
    /// The folder relative file paths start from.
    base: PathBuf,
}

/// The files and folders that complete `partial` (a path relative to `base`, or absolute):
/// each as the whole path, folders with a trailing `/`; hidden entries only when asked for.
pub fn complete_path(base: &Path, partial: &str) -> Vec<String> {
    let (dir, name) = match partial.rfind('/') {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None => ("", partial),
    };
    let folder = if dir.is_empty() {
        base.to_path_buf()
    } else if Path::new(dir).is_absolute() {
        PathBuf::from(dir)
    } else {
        base.join(dir)
    };
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().to_string();
            if !file.starts_with(name) || (file.starts_with('.') && !name.starts_with('.')) {
                return None;
            }
            let slash = if entry.path().is_dir() { "/" } else { "" };
            Some(format!("{dir}{file}{slash}"))
        })
        .collect();
    found.sort();
    found
}

/// Where a path being typed starts: after `:load ` (or `:save `), or after the opening quote
/// of a string that is still open at the cursor.
fn path_start(before: &str) -> Option<usize> {
    let trimmed = before.trim_start();
    for command in [":load ", ":save "] {
        if let Some(rest) = trimmed.strip_prefix(command) {
            return Some(before.len() - rest.trim_start().len());
        }
    }
    let mut open = None;
    let mut escaped = false;
    for (i, c) in before.char_indices() {
        match c {
            '\\' if open.is_some() => escaped = !escaped,
            '"' if !escaped => open = if open.is_some() { None } else { Some(i + 1) },
            _ => escaped = false,
        }
    }
    open
}

/// A parameter type without its reference marks (`&mut Shape` is `Shape`).
fn receiver_type(typ: &str) -> &str {
    typ.trim()
        .trim_start_matches("&mut ")
        .trim_start_matches('&')
        .trim()
}

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names.dedup();
    names
}

impl Completions {
    /// Functions, methods and properties registered in `engine` (not Rhai's standard library).
    pub fn from_engine(engine: &Engine) -> Self {
        let meta = engine
            .gen_fn_metadata_to_json(false)
            .ok()
            .and_then(|json| serde_json::from_str::<Value>(&json).ok())
            .unwrap_or(Value::Null);
        let mut functions = Vec::new();
        let mut methods: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for f in meta["functions"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
        {
            let Some(name) = f["name"].as_str() else {
                continue;
            };
            let first_type = f["params"][0]["type"].as_str().map(receiver_type);
            if let Some(property) = name.strip_prefix("get$") {
                if let Some(typ) = first_type {
                    methods
                        .entry(typ.to_string())
                        .or_default()
                        .push(property.to_string());
                }
                continue;
            }
            let plain = name
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && !name.contains('$');
            if !plain {
                continue;
            }
            functions.push(name.to_string());
            if let Some(typ) = first_type {
                methods
                    .entry(typ.to_string())
                    .or_default()
                    .push(name.to_string());
            }
        }
        let all_methods = sorted(methods.values().flatten().cloned().collect());
        let methods = methods.into_iter().map(|(k, v)| (k, sorted(v))).collect();
        Self {
            functions: sorted(functions),
            methods,
            all_methods,
            variables: Vec::new(),
            base: PathBuf::from("."),
        }
    }

    /// Completes file paths relative to `base` (the REPL's folder, `.` by default).
    pub fn with_base(mut self, base: impl Into<PathBuf>) -> Self {
        self.base = base.into();
        self
    }

    /// Replaces the variables with those of `session` (call after every input).
    pub fn set_variables(&mut self, session: &Session) {
        let engine = session.engine();
        let mut variables: Vec<(String, String)> = session
            .scope()
            .iter_raw()
            .map(|(name, _, value)| {
                (
                    name.to_string(),
                    engine.map_type_name(value.type_name()).to_string(),
                )
            })
            .collect();
        variables.sort();
        variables.dedup_by(|a, b| a.0 == b.0);
        self.variables = variables;
    }

    /// The start of the word under the cursor and the names that complete it.
    pub fn complete(&self, line: &str, pos: usize) -> (usize, Vec<String>) {
        let pos = pos.min(line.len());
        let before = &line[..pos];
        if let Some(start) = path_start(before) {
            return (start, complete_path(&self.base, &before[start..]));
        }
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
            .last()
            .map_or(pos, |(i, _)| i);
        let word = &before[start..];
        let prefix = &before[..start];
        let matching = |names: &mut dyn Iterator<Item = &String>| -> Vec<String> {
            sorted(names.filter(|n| n.starts_with(word)).cloned().collect())
        };
        // `:co` completes commands.
        if prefix.trim_start() == ":" {
            let commands: Vec<String> = COMMAND_NAMES.iter().map(|c| c.to_string()).collect();
            return (start, matching(&mut commands.iter()));
        }
        // `x.na` completes the methods and properties of x's type.
        if let Some(receiver) = prefix.strip_suffix('.') {
            let receiver_start = receiver
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_alphanumeric() || *c == '_')
                .last()
                .map_or(receiver.len(), |(i, _)| i);
            let receiver = &receiver[receiver_start..];
            let typed = self
                .variables
                .iter()
                .find(|(name, _)| name == receiver)
                .and_then(|(_, typ)| self.methods.get(typ));
            let names = typed.unwrap_or(&self.all_methods);
            return (start, matching(&mut names.iter()));
        }
        if word.is_empty() {
            return (pos, Vec::new());
        }
        let mut names = self
            .functions
            .iter()
            .chain(self.variables.iter().map(|(name, _)| name));
        (start, matching(&mut names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SessionOptions;

    fn session() -> (tempfile::TempDir, Session) {
        let dir = tempfile::tempdir().expect("temp dir");
        let s =
            Session::new(SessionOptions::new(dir.path(), dir.path().join("out")).capture_output())
                .expect("session");
        (dir, s)
    }

    #[test]
    fn functions_variables_and_commands_complete() {
        let (_dir, mut s) = session();
        let _ = s.run_source("t", "let sample_count = 3;").expect("run");
        let mut c = Completions::from_engine(s.engine());
        c.set_variables(&s);
        let (start, found) = c.complete("let x = test_mo", 15);
        assert_eq!((start, found), (8, vec!["test_mode".to_string()]));
        let (_, found) = c.complete("sample_c", 8);
        assert_eq!(found, vec!["sample_count".to_string()]);
        let (start, found) = c.complete(":rel", 4);
        assert_eq!((start, found), (1, vec!["reload".to_string()]));
        assert_eq!(c.complete("x + ", 4).1, Vec::<String>::new());
    }

    #[test]
    fn methods_follow_the_type_of_the_receiver() {
        let (_dir, mut s) = session();
        let _ = s
            .run_source("t", "let ball = sphere(0.5); let n = 1;")
            .expect("run");
        let mut c = Completions::from_engine(s.engine());
        c.set_variables(&s);
        let (start, found) = c.complete("ball.", 5);
        assert_eq!(start, 5);
        assert!(!found.is_empty());
        // Every offered name is a function or property whose first parameter is a Shape.
        let shape_methods = c.methods.get("Shape").expect("Shape methods");
        assert!(found.iter().all(|f| shape_methods.contains(f)), "{found:?}");
        assert!(!found.contains(&"seed".to_string()));
        assert!(found.contains(&"to_map".to_string()), "{found:?}");
    }
}

#[cfg(test)]
mod path_tests {
    use super::*;

    #[test]
    fn file_paths_complete_inside_strings_and_after_load() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("robots/solo")).expect("mkdir");
        std::fs::write(dir.path().join("robots/solo/solo.urdf"), "").expect("write");
        std::fs::write(dir.path().join("robots/readme.md"), "").expect("write");
        std::fs::write(dir.path().join("run.rhai"), "").expect("write");
        std::fs::write(dir.path().join(".hidden"), "").expect("write");
        let c = Completions::default().with_base(dir.path());
        let line = "let r = urdf(\"rob";
        assert_eq!(
            c.complete(line, line.len()),
            (14, vec!["robots/".to_string()])
        );
        let line = "let r = urdf(\"robots/";
        assert_eq!(
            c.complete(line, line.len()).1,
            vec!["robots/readme.md".to_string(), "robots/solo/".to_string()]
        );
        assert_eq!(
            c.complete(":load r", 7),
            (6, vec!["robots/".to_string(), "run.rhai".to_string()])
        );
        // A closed string is not a path; an escaped quote does not close one.
        assert!(c.complete("print(\"a\") + ro", 15).1.is_empty());
        let line = "f(\"a\\\"b\", \"ru";
        assert_eq!(c.complete(line, line.len()).1, vec!["run.rhai".to_string()]);
        // Hidden files only when asked for.
        assert_eq!(c.complete(":load .h", 8).1, vec![".hidden".to_string()]);
        assert!(!c.complete(":load ", 6).1.contains(&".hidden".to_string()));
    }
}
