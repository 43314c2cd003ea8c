//! The interactive shell: rustyline editing with history, multi-line input, completion of bound
//! names, and a few `:` commands. Variables and functions persist between inputs.
//!
//! - [`input`]: when an input is finished (the validator: open brackets, trailing operators);
//! - [`complete`]: Tab completion from Rhai's metadata;
//! - [`commands`]: one input at a time (`:help`, `:vars`, `:load`, `:reload`, `:time`, `:save`,
//!   `:quit`), testable without a terminal.
//!
//! `shell/tests/repl_pty.rs` drives the real binary in a pseudo-terminal.

pub mod commands;
pub mod complete;
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
use rustyline::{Cmd, CompletionType, Config, Editor, Helper, KeyEvent};

use crate::session::{Session, SessionOptions};
pub use commands::{COMMANDS, Flow, Repl, help_text};
use complete::Completions;
use input::{InputState, input_state};
use morsel_lab::manifest::default_read_root;

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
    completions: Completions,
}

impl ReplHelper {
    /// A helper completing what `completions` knows.
    pub fn new(completions: Completions) -> Self {
        Self {
            parser: Engine::new_raw(),
            completions,
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
        Ok(self.completions.complete(line, pos))
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

/// Opens the REPL in the current folder; returns the exit code.
pub fn run_repl() -> i32 {
    let options = SessionOptions::new(".", "out")
        .read_root(default_read_root(Path::new(".")))
        .interruptible(true);
    let session = match Session::new(options) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("morsel: {e}");
            return 1;
        }
    };
    // Tab lists every candidate (after completing their common prefix), as shells do.
    let config = Config::builder()
        .auto_add_history(true)
        .completion_type(CompletionType::List)
        .build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("morsel: cannot open the terminal: {e}");
            return 1;
        }
    };
    // Ctrl-L clears the screen, whatever the terminal's key map.
    let _ = editor.bind_sequence(KeyEvent::ctrl('L'), Cmd::ClearScreen);
    let mut completions = Completions::from_engine(session.engine());
    completions.set_variables(&session);
    editor.set_helper(Some(ReplHelper::new(completions)));
    let mut repl = Repl::new(session);
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
                let flow = repl.handle(&line, &mut std::io::stdout(), &mut std::io::stderr());
                if flow == Flow::Quit {
                    break;
                }
                if let Some(helper) = editor.helper_mut() {
                    helper.completions.set_variables(&repl.session);
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
}
