//! A scripting session: one engine, one persistent scope, and the functions defined so far.
//!
//! `morsel run`, the REPL, stdin mode and the golden-test harness all go through [`Session`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rhai::{AST, Dynamic, Engine, Scope};

use crate::context::ShellContext;
use crate::diagnostic::Diagnostic;
use crate::engine::{Limits, Output, build_engine};
use crate::error::ShellError;
use crate::sandbox::Sandbox;

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
        }
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
}

impl Session {
    /// A new session; fails when the script folder or read root cannot be opened.
    pub fn new(options: SessionOptions) -> Result<Self, ShellError> {
        let root = options.read_root.as_ref().unwrap_or(&options.script_dir);
        let sandbox = Sandbox::new(root, &options.script_dir, &options.out_dir)?;
        let ctx = Arc::new(ShellContext {
            sandbox,
            seed: options.seed,
            test_mode: options.test_mode,
        });
        let output = if options.capture_output {
            Output::capture()
        } else {
            Output::Terminal
        };
        let engine = build_engine(&ctx, &options.limits, &output);
        let mut scope = Scope::new();
        scope.push_constant("SEED", options.seed as rhai::INT);
        scope.push_constant("TEST_MODE", options.test_mode);
        Ok(Self {
            engine,
            scope,
            functions: AST::empty(),
            ctx,
            output,
        })
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
            .map_err(|e| Diagnostic::from_parse(name, source, &e))
    }

    /// Runs `source` in the session: variables and functions persist to the next call.
    /// Returns the value of the last statement.
    pub fn run_source(&mut self, name: &str, source: &str) -> Result<Dynamic, Diagnostic> {
        let mut ast = self
            .engine
            .compile_with_scope(&self.scope, source)
            .map_err(|e| Diagnostic::from_parse(name, source, &e))?;
        ast.set_source(name);
        let mut program = self.functions.merge(&ast);
        let result = self
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut self.scope, &program)
            .map_err(|e| Diagnostic::from_eval(name, source, &e));
        // Keep the functions even when the run failed, as a REPL user expects.
        program.clear_statements();
        self.functions = program;
        result
    }

    /// Reads and runs a script file (the script itself is read directly, not through the sandbox).
    pub fn run_file(&mut self, path: &Path) -> Result<Dynamic, Diagnostic> {
        let name = path.display().to_string();
        let source = read_script(path)?;
        self.run_source(&name, &source)
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
            Err(_) => value.to_string(),
        }
    }
}

/// Reads a script file, as a diagnostic on failure.
pub fn read_script(path: &Path) -> Result<String, Diagnostic> {
    let name = path.display().to_string();
    std::fs::read_to_string(path)
        .map_err(|e| Diagnostic::without_position(&name, format!("cannot read the script: {e}")))
}
