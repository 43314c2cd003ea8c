//! A scripting session: one engine, one persistent scope, and the functions defined so far.
//!
//! `morsel run`, the REPL, stdin mode and the golden-test harness all go through [`Session`].

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rhai::{AST, Dynamic, Engine, EvalAltResult, Scope};

use crate::api_reference;
use crate::context::ShellContext;
use crate::diagnostic::Diagnostic;
use crate::engine::{Limits, Output, build_engine};
use crate::error::ShellError;
use crate::interrupt;
use crate::print_depth;
use crate::sandbox::Sandbox;
use crate::save::save_plain;
use crate::suggest::{self, BoundNames};
use morsel_lab::sharding::ScriptShards;
use morsel_lab::simulation::Recorder;

/// How to set up a [`Session`].
#[derive(Debug, Clone)]
pub struct SessionOptions {
    /// The folder that relative reads start from (the script's folder).
    pub script_dir: PathBuf,
    /// The folder reads may not leave (defaults to `script_dir`).
    pub read_root: Option<PathBuf>,
    /// The folder writes go to (created on the first write).
    pub out_dir: PathBuf,
    /// The run's seed, visible to scripts as `seed()` and `SEED`.
    pub seed: u64,
    /// Whether scripts run under the golden-test harness (`test_mode()`, `TEST_MODE`).
    pub test_mode: bool,
    /// Capture `print`/`debug` output instead of writing it to the terminal.
    pub capture_output: bool,
    /// Resource limits.
    pub limits: Limits,
    /// Whether Ctrl-C stops scripts (see [`crate::interrupt`]); off for tests and the harness.
    pub interruptible: bool,
    /// The sharding of the run's workloads (none by default).
    pub shards: Arc<ScriptShards>,
    /// The time limit of each run (each input in the REPL); needs `interruptible`.
    pub timeout: Option<Duration>,
}

impl SessionOptions {
    /// Options for scripts in `script_dir` writing to `out_dir`, seed 0, printing to the terminal.
    pub fn new(script_dir: impl Into<PathBuf>, out_dir: impl Into<PathBuf>) -> Self {
        Self {
            script_dir: script_dir.into(),
            read_root: None,
            out_dir: out_dir.into(),
            seed: 0,
            test_mode: false,
            capture_output: false,
            limits: Limits::default(),
            interruptible: false,
            shards: Arc::new(ScriptShards::single()),
            timeout: None,
        }
    }

    /// Runs sharded workloads as `shards` says (see [`crate::sharding`]).
    pub fn shards(mut self, shards: Arc<ScriptShards>) -> Self {
        self.shards = shards;
        self
    }

    /// Stops each run after `limit` (see [`crate::interrupt::set_deadline`]); only for
    /// interruptible sessions, since the deadline is process-wide.
    pub fn timeout(mut self, limit: Option<Duration>) -> Self {
        self.timeout = limit;
        self
    }

    /// Lets Ctrl-C ([`crate::interrupt::requested`]) stop the session's scripts.
    pub fn interruptible(mut self, on: bool) -> Self {
        self.interruptible = on;
        self
    }

    /// Sets the seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the test flag.
    pub fn test_mode(mut self, on: bool) -> Self {
        self.test_mode = on;
        self
    }

    /// Captures printed output (read it with [`Session::take_output`]).
    pub fn capture_output(mut self) -> Self {
        self.capture_output = true;
        self
    }

    /// Lets reads reach anywhere under `root` (which must contain the script folder).
    pub fn read_root(mut self, root: impl Into<PathBuf>) -> Self {
        self.read_root = Some(root.into());
        self
    }

    /// Sets the resource limits.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }
}

/// A scripting session.
pub struct Session {
    engine: Engine,
    scope: Scope<'static>,
    /// Script functions defined by earlier inputs (statements cleared).
    functions: AST,
    ctx: Arc<ShellContext>,
    output: Output,
    interruptible: bool,
    timeout: Option<Duration>,
}

impl Session {
    /// A session whose engine carries the whole script API (its folders are the system's
    /// temporary folder; nothing is written): what `morsel doc` and the API checks read.
    pub fn reference() -> Result<Session, ShellError> {
        let dir = std::env::temp_dir();
        Session::new(SessionOptions::new(&dir, dir.join("morsel-doc-unused")))
    }

    /// A new session; fails when the script folder or read root cannot be opened.
    pub fn new(options: SessionOptions) -> Result<Self, ShellError> {
        let root = options.read_root.as_ref().unwrap_or(&options.script_dir);
        let sandbox = Sandbox::new(root, &options.script_dir, &options.out_dir)?;
        let ctx = Arc::new(ShellContext {
            sandbox,
            seed: options.seed,
            test_mode: options.test_mode,
            shards: options.shards.clone(),
        });
        let output = if options.capture_output {
            Output::capture()
        } else {
            Output::Terminal
        };
        let mut engine = build_engine(&ctx, &options.limits, &output);
        let interruptible = options.interruptible;
        if interruptible {
            // Long native sampling polls the same flag between chunks.
            morsel_jointspace::stop::install(interrupt::requested);
            morsel_lab::stop::install(interrupt::requested);
        }
        engine.on_progress(move |_| {
            // A `${}` of a value nested too deep ends the run at the next operation.
            if print_depth::deferred_pending() {
                return Some(Dynamic::UNIT);
            }
            (interruptible && interrupt::requested()).then(|| Dynamic::from(interrupt::message()))
        });
        let mut scope = Scope::new();
        scope.push_constant("SEED", options.seed as rhai::INT);
        scope.push_constant("TEST_MODE", options.test_mode);
        Ok(Self {
            engine,
            scope,
            functions: AST::empty(),
            ctx,
            output,
            interruptible: options.interruptible,
            timeout: options.timeout,
        })
    }

    /// The time limit of each run, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// Sets the time limit of the next runs (the REPL's `:timeout`); ignored unless the session
    /// is interruptible.
    pub fn set_timeout(&mut self, limit: Option<Duration>) {
        self.timeout = limit;
    }

    /// The engine (for introspection: signatures, metadata).
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The facts shared with the bindings.
    pub fn context(&self) -> &Arc<ShellContext> {
        &self.ctx
    }

    /// The session's variables.
    pub fn scope(&self) -> &Scope<'static> {
        &self.scope
    }

    /// Compiles `source` without running it (against the session's variables).
    pub fn check_source(&self, name: &str, source: &str) -> Result<(), Diagnostic> {
        self.engine
            .compile_with_scope(&self.scope, source)
            .map(|_| ())
            .map_err(|e| self.parse_diagnostic(name, source, &e))
    }

    /// Runs `source` in the session: variables and functions persist to the next call.
    /// Returns the value of the last statement.
    pub fn run_source(&mut self, name: &str, source: &str) -> Result<Dynamic, Diagnostic> {
        let mut ast = self
            .engine
            .compile_with_scope(&self.scope, source)
            .map_err(|e| self.parse_diagnostic(name, source, &e))?;
        ast.set_source(name);
        let mut program = self.functions.merge(&ast);
        let limited = self.interruptible && self.timeout.is_some();
        if limited {
            interrupt::set_deadline(self.timeout);
        }
        print_depth::clear_deferred();
        let mut result = self
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut self.scope, &program);
        if limited {
            interrupt::set_deadline(None);
        }
        // A print error that `${}` could not raise (see `print_depth`) is the run's error, even
        // when the script ended before its next operation.
        if let Some(deferred) = print_depth::take_deferred()
            && result.as_ref().map_or_else(|e| is_terminated(e), |_| true)
        {
            result = Err(deferred);
        }
        let result = result.map_err(|e| {
            let mut d = Diagnostic::from_eval(name, source, &e);
            // Stopped by the flag: between operations, or inside a native call that polls it.
            if self.interruptible && (is_terminated(&e) || interrupt::requested()) {
                d.message = self.interrupted_message();
            } else if let Some(hint) = self.signature_hint(&e) {
                d.message.push('\n');
                d.message.push_str(&hint);
            } else if let Some(hint) = suggest::hint(&e, &self.bound_names()) {
                d.message.push('\n');
                d.message.push_str(&hint);
            }
            d
        });
        // Keep the functions even when the run failed, as a REPL user expects.
        program.clear_statements();
        self.functions = program;
        result
    }

    /// Runs one REPL input all or nothing: when it fails (an error, Ctrl-C, a time limit), the
    /// variables and functions are put back as they were before it, so that the session always
    /// equals the inputs that ran, which `:save` writes. Returns the value, or the diagnostic and
    /// whether variables or functions were undone.
    pub fn run_input(&mut self, name: &str, source: &str) -> Result<Dynamic, (Diagnostic, bool)> {
        let scope = self.scope.clone();
        let functions = self.functions.clone();
        self.run_source(name, source).map_err(|d| {
            let undone = self.scope.len() != scope.len()
                || self.functions.iter_functions().count() != functions.iter_functions().count();
            self.scope = scope;
            self.functions = functions;
            (d, undone)
        })
    }

    /// Reads and runs a script file (the script itself is read directly, not through the sandbox).
    pub fn run_file(&mut self, path: &Path) -> Result<Dynamic, Diagnostic> {
        let name = path.display().to_string();
        let source = read_script(path)?;
        self.run_source(&name, &source)
    }

    /// Saves every recorder held by a session variable as `interrupted/<variable>.json` under the
    /// output folder (columns of the rows recorded so far); returns the files written.
    pub fn flush_recorders(&self) -> Vec<PathBuf> {
        let mut written = Vec::new();
        for (name, _, value) in self.scope.iter_raw() {
            let Some(recorder) = value.clone().try_cast::<Recorder>() else {
                continue;
            };
            let Ok((columns, rows)) = recorder.table() else {
                continue;
            };
            let map: rhai::Map = columns
                .iter()
                .enumerate()
                .map(|(i, column)| {
                    let values: rhai::Array = rows
                        .iter()
                        .map(|row| Dynamic::from_float(row.get(i).copied().unwrap_or(f64::NAN)))
                        .collect();
                    (column.as_str().into(), Dynamic::from_array(values))
                })
                .collect();
            let path = format!("interrupted/{name}.json");
            if let Ok(file) = save_plain(&self.ctx.sandbox, &path, &Dynamic::from_map(map)) {
                written.push(file);
            }
        }
        written
    }

    /// A syntax error's diagnostic, with "did you mean" for an undefined variable.
    fn parse_diagnostic(&self, name: &str, source: &str, err: &rhai::ParseError) -> Diagnostic {
        let mut d = Diagnostic::from_parse(name, source, err);
        if let Some(hint) = suggest::parse_hint(err, &self.bound_names(), source) {
            d.message.push('\n');
            d.message.push_str(&hint);
        }
        d
    }

    /// The names a misspelling may have meant: functions (registered, Rhai's own and the
    /// script's), variables in scope and properties.
    pub fn bound_names(&self) -> BoundNames {
        let mut functions = Vec::new();
        let mut properties = Vec::new();
        for signature in self.engine.gen_fn_signatures(true) {
            let name = signature.split('(').next().unwrap_or_default().trim();
            if let Some(property) = name.strip_prefix("get$") {
                // `get$radius(_: &mut Shape) -> FLOAT`: the receiver's type.
                let tidy = api_reference::tidy_signature(&self.engine, &signature);
                let typ = tidy
                    .split_once(':')
                    .map(|(_, rest)| rest.split([',', ')']).next().unwrap_or_default())
                    .unwrap_or_default()
                    .trim()
                    .trim_start_matches("&mut ")
                    .trim();
                properties.push((typ.to_string(), property.to_string()));
            } else if name
                .chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
                && !name.contains('$')
            {
                functions.push(name.to_string());
            }
        }
        functions.extend(self.functions.iter_functions().map(|f| f.name.to_string()));
        let variables = self
            .scope
            .iter_raw()
            .map(|(n, _, _)| n.to_string())
            .collect();
        functions.sort();
        functions.dedup();
        properties.sort();
        properties.dedup();
        BoundNames {
            functions,
            variables,
            properties,
        }
    }

    /// For a call that matches no registered signature, the signatures that exist under that
    /// name (Rhai reports only the argument types it was given).
    fn signature_hint(&self, err: &EvalAltResult) -> Option<String> {
        let mut innermost = err;
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = innermost {
            innermost = inner;
        }
        let EvalAltResult::ErrorFunctionNotFound(call, _) = innermost else {
            return None;
        };
        let name = call
            .split(|c: char| c == '(' || c.is_whitespace())
            .next()
            .unwrap_or_default();
        let known: Vec<String> = api_reference::functions(&self.engine)
            .into_iter()
            .filter(|f| f.name == name)
            .map(|f| format!("  {}", f.signature))
            .collect();
        if known.is_empty() {
            return None;
        }
        Some(format!(
            "help: `{name}` takes one of these argument lists (see docs/scripting.md):\n{}",
            known.join("\n")
        ))
    }

    /// The message of an interrupted run, after keeping what the recorders hold.
    fn interrupted_message(&self) -> String {
        let kept = self.flush_recorders();
        if kept.is_empty() {
            format!("{}; files saved before it are kept", interrupt::message())
        } else {
            let names: Vec<String> = kept
                .iter()
                .filter_map(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .collect();
            format!(
                "{}; files saved before it are kept, and the recorders' rows so far are in \
                 interrupted/ ({})",
                interrupt::message(),
                names.join(", ")
            )
        }
    }

    /// Takes the output printed since the last call (empty unless capturing).
    pub fn take_output(&self) -> String {
        self.output.take()
    }

    /// How a value reads in the REPL: through the script API's `to_string` for Morsel objects.
    pub fn display(&self, value: &Dynamic) -> String {
        if value.is_string() {
            return format!("{:?}", value.to_string());
        }
        let mut scope = Scope::new();
        scope.push("value", value.clone());
        match self
            .engine
            .eval_with_scope::<rhai::ImmutableString>(&mut scope, "to_debug(value)")
        {
            Ok(text) => text.to_string(),
            // Rhai's own rendering is recursive: not for a value nested too deep.
            Err(_) if print_depth::too_deep(value) => format!(
                "{} ({})",
                crate::convert::describe(value),
                print_depth::too_deep_shell_error()
            ),
            Err(_) => value.to_string(),
        }
    }
}

/// Whether an evaluation error is the engine's termination (by `on_progress`), possibly raised
/// inside script function calls.
fn is_terminated(err: &EvalAltResult) -> bool {
    match err {
        EvalAltResult::ErrorTerminated(..) => true,
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => is_terminated(inner),
        _ => false,
    }
}

/// Reads a script file, as a diagnostic on failure.
pub fn read_script(path: &Path) -> Result<String, Diagnostic> {
    let name = path.display().to_string();
    std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::without_position(&name, format!("cannot read the script: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_with_wrong_arguments_lists_the_signatures_that_exist() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut session =
            Session::new(SessionOptions::new(dir.path(), dir.path().join("out")).capture_output())
                .expect("session");
        let d = session
            .run_source("t.rhai", "let a = 1;\nlet s = box(\"big\");")
            .expect_err("box takes numbers");
        assert_eq!(d.line, Some(2), "{d}");
        assert!(
            d.message
                .contains("help: `box` takes one of these argument lists"),
            "{d}"
        );
        assert!(
            d.message
                .contains("box(hx: number, hy: number, hz: number) -> Shape"),
            "{d}"
        );
        // An unknown name gets no list.
        let d = session
            .run_source("t.rhai", "frobnicate(1);")
            .expect_err("unknown");
        assert!(!d.message.contains("help:"), "{d}");
    }
}
