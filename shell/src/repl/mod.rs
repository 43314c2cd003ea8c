//! The interactive shell: rustyline editing with history, multi-line input, completion of bound
//! names, and a few `:` commands. Variables and functions persist between inputs.

pub mod input;

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use rhai::Engine;
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Config, Editor, Helper};

use crate::cli::default_read_root;
use crate::session::{Session, SessionOptions};
use input::{InputState, input_state};

/// The REPL's own commands, for `:help`.
pub const COMMANDS: &str = "\
  :help            this text and the list of Morsel functions
  :help NAME       the signatures and descriptions of NAME
  :vars            the session's variables
  :load FILE       run a script file in this session
  :quit            leave (or Ctrl-D)
Input spanning several lines (an open bracket, a trailing operator) continues on the next line.";

/// The history file: `$XDG_DATA_HOME/morsel/history.txt`, else
/// `$HOME/.local/share/morsel/history.txt`; `None` when neither variable is set.
pub fn history_path(xdg_data_home: Option<&str>, home: Option<&str>) -> Option<PathBuf> {
    let data = match (xdg_data_home, home) {
        (Some(x), _) if Path::new(x).is_absolute() => PathBuf::from(x),
        (_, Some(h)) if !h.is_empty() => Path::new(h).join(".local").join("share"),
        _ => return None,
    };
    Some(data.join("morsel").join("history.txt"))
}

/// The rustyline helper: validation of unfinished input and completion of names.
pub struct ReplHelper {
    parser: Engine,
    names: Vec<String>,
}

impl ReplHelper {
    /// A helper completing the given names (sorted, deduplicated here).
    pub fn new(mut names: Vec<String>) -> Self {
        names.sort();
        names.dedup();
        Self {
            parser: Engine::new_raw(),
            names,
        }
    }
}

impl Completer for ReplHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = &line[..pos];
        let start = before
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| {
                i + before[i..].chars().next().map_or(1, char::len_utf8)
            });
        let word = &before[start..];
        if word.is_empty() {
            return Ok((pos, Vec::new()));
        }
        let found = self
            .names
            .iter()
            .filter(|n| n.starts_with(word))
            .cloned()
            .collect();
        Ok((start, found))
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        Cow::Borrowed(line)
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(match input_state(&self.parser, ctx.input()) {
            InputState::Complete => ValidationResult::Valid(None),
            InputState::Incomplete => ValidationResult::Incomplete,
        })
    }
}

impl Helper for ReplHelper {}

/// Names to complete: bound functions (without operators and property accessors), variables
/// and REPL commands.
fn completion_names(session: &Session) -> Vec<String> {
    let mut names: Vec<String> = session
        .engine()
        .gen_fn_signatures(true)
        .iter()
        .filter_map(|s| s.split('(').next())
        .filter(|n| {
            n.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
        })
        .filter(|n| !n.starts_with("get$") && !n.starts_with("set$"))
        .map(String::from)
        .collect();
    names.extend(session.scope().iter().map(|(name, _, _)| name.to_string()));
    names.extend(["help", "quit", "vars", "load"].map(String::from));
    names
}

/// The text of `:help` or `:help NAME`.
pub fn help_text(session: &Session, topic: Option<&str>) -> String {
    let signatures = session.engine().gen_fn_signatures(false);
    let Some(name) = topic else {
        let mut names: Vec<&str> = signatures
            .iter()
            .filter_map(|s| s.split('(').next())
            .filter(|n| n.chars().next().is_some_and(char::is_alphabetic))
            .filter(|n| !n.starts_with("get$") && !n.starts_with("set$") && *n != "to_debug")
            .collect();
        names.sort_unstable();
        names.dedup();
        return format!(
            "REPL commands:\n{COMMANDS}\n\nMorsel functions (`:help NAME` for details):\n  {}\n\
             Constants: SEED, TEST_MODE. Rhai's own functions and syntax also work.",
            names.join(", ")
        );
    };
    let docs = function_docs(session.engine(), name);
    if docs.is_empty() {
        format!("no Morsel function named `{name}`")
    } else {
        docs.join("\n")
    }
}

/// `signature  // description` lines for a function name, from the engine's metadata.
fn function_docs(engine: &Engine, name: &str) -> Vec<String> {
    let Ok(json) = engine.gen_fn_metadata_to_json(false) else {
        return Vec::new();
    };
    let Ok(meta) = serde_json::from_str::<serde_json::Value>(&json) else {
        return Vec::new();
    };
    let functions = meta["functions"].as_array().cloned().unwrap_or_default();
    let mut lines: Vec<String> = functions
        .iter()
        .filter(|f| f["name"].as_str() == Some(name))
        .map(|f| {
            let signature = f["signature"].as_str().unwrap_or(name).to_string();
            let comment = f["docComments"]
                .as_array()
                .and_then(|c| c.first())
                .and_then(|c| c.as_str())
                .map(|c| c.trim_start_matches('/').trim().to_string())
                .unwrap_or_default();
            if comment.is_empty() {
                signature
            } else {
                format!("{signature}\n    {comment}")
            }
        })
        .collect();
    lines.sort();
    lines.dedup();
    lines
}

/// Opens the REPL in the current folder; returns the exit code.
pub fn run_repl() -> i32 {
    let options = SessionOptions::new(".", "out").read_root(default_read_root(Path::new(".")));
    let mut session = match Session::new(options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("morsel: {e}");
            return 1;
        }
    };
    let config = Config::builder().auto_add_history(true).build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("morsel: cannot open the terminal: {e}");
            return 1;
        }
    };
    editor.set_helper(Some(ReplHelper::new(completion_names(&session))));
    let history = history_path(
        std::env::var("XDG_DATA_HOME").ok().as_deref(),
        std::env::var("HOME").ok().as_deref(),
    );
    if let Some(path) = &history {
        // A missing history file is normal on the first run.
        let _ = editor.load_history(path);
    }
    println!(
        "Morsel {} — `:help` for help, `:quit` to leave.",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        match editor.readline("morsel> ") {
            Ok(line) => {
                if !handle_line(&mut session, &line) {
                    break;
                }
                if let Some(helper) = editor.helper_mut() {
                    *helper = ReplHelper::new(completion_names(&session));
                }
            }
            Err(ReadlineError::Interrupted) => {
                println!("(Ctrl-C: input cleared; `:quit` to leave)")
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("morsel: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        let saved = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .map_err(|e| e.to_string())
            .and_then(|()| editor.save_history(path).map_err(|e| e.to_string()));
        if let Err(e) = saved {
            eprintln!("morsel: cannot save the history to {}: {e}", path.display());
        }
    }
    0
}

/// Handles one input; returns false to leave.
fn handle_line(session: &mut Session, line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return true;
    }
    if let Some(command) = trimmed.strip_prefix(':') {
        let (name, arg) = command
            .split_once(char::is_whitespace)
            .map_or((command, None), |(n, a)| (n, Some(a.trim())));
        match name {
            "quit" | "q" | "exit" => return false,
            "help" | "h" => println!("{}", help_text(session, arg)),
            "vars" => {
                for (name, constant, value) in session.scope().iter_raw() {
                    let kind = if constant { "const" } else { "let" };
                    println!("{kind} {name} = {}", session.display(value));
                }
            }
            "load" => match arg {
                Some(file) => {
                    if let Err(d) = session.run_file(Path::new(file)) {
                        eprintln!("{d}");
                    }
                }
                None => eprintln!(":load needs a file name"),
            },
            other => eprintln!("unknown command `:{other}`; try :help"),
        }
        return true;
    }
    match session.run_source("<repl>", line) {
        Ok(value) if value.is_unit() => {}
        Ok(value) => println!("{}", session.display(&value)),
        Err(d) => eprintln!("{d}"),
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_lives_in_the_data_folder() {
        assert_eq!(
            history_path(Some("/data"), Some("/home/u")),
            Some(PathBuf::from("/data/morsel/history.txt"))
        );
        assert_eq!(
            history_path(None, Some("/home/u")),
            Some(PathBuf::from("/home/u/.local/share/morsel/history.txt"))
        );
        // A relative XDG_DATA_HOME is invalid by the spec and ignored.
        assert_eq!(
            history_path(Some("rel"), Some("/home/u")),
            Some(PathBuf::from("/home/u/.local/share/morsel/history.txt"))
        );
        assert_eq!(history_path(None, None), None);
        assert_eq!(history_path(None, Some("")), None);
    }

    #[test]
    fn completion_finds_bound_names() {
        let helper = ReplHelper::new(vec!["sphere".into(), "save".into(), "box".into()]);
        let history = DefaultHistory::new();
        let ctx = rustyline::Context::new(&history);
        let (start, found) = helper.complete("let s = sp", 10, &ctx).expect("complete");
        assert_eq!(start, 8);
        assert_eq!(found, vec!["sphere".to_string()]);
        let (_, found) = helper.complete("s", 1, &ctx).expect("complete");
        assert_eq!(found, vec!["save".to_string(), "sphere".to_string()]);
    }
}
