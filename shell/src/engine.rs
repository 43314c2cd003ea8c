//! Building the sandboxed Rhai engine: limits, output routing, and the script API.

use std::io::Write as _;
use std::sync::{Arc, Mutex, PoisonError};

use rhai::Engine;
use rhai::module_resolvers::DummyModuleResolver;

use crate::bindings;
use crate::context::ShellContext;

/// Resource limits of a script. The defaults stop runaway scripts (an endless loop stops after
/// a few seconds to a minute) without bothering real experiments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Script operations (statements, expressions, calls) per run.
    pub max_operations: u64,
    /// Depth of nested script function calls.
    pub max_call_levels: usize,
    /// Nesting depth of expressions at the top level (128 by default). Brackets, calls, array
    /// and map literals and `${}` string interpolations each count, so a script nested deeper
    /// (`${` inside `${` ... a hundred times) is a parse error, never a stack overflow.
    /// Printing values (`print`, `debug`, `to_string`, `${}`, joining with a string, a thrown
    /// value) is bounded separately: arrays and maps nested at most
    /// [`MAX_PRINT_DEPTH`](crate::print_depth::MAX_PRINT_DEPTH) = 64 deep.
    pub max_expr_depth: usize,
    /// Nesting depth of expressions inside functions.
    pub max_function_expr_depth: usize,
    /// Length of a string, in bytes.
    pub max_string_size: usize,
    /// Number of elements of an array.
    pub max_array_size: usize,
    /// Number of entries of a map.
    pub max_map_size: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_operations: 500_000_000,
            max_call_levels: 64,
            max_expr_depth: 128,
            max_function_expr_depth: 64,
            max_string_size: 64 << 20,
            max_array_size: 10_000_000,
            max_map_size: 1_000_000,
        }
    }
}

/// Where `print` and `debug` output goes.
#[derive(Debug, Clone)]
pub enum Output {
    /// `print` to standard output, `debug` to standard error.
    Terminal,
    /// Both into a shared buffer, one line per call (for tests and the golden harness).
    Capture(Arc<Mutex<String>>),
}

impl Output {
    /// A new capturing output with an empty buffer.
    pub fn capture() -> Self {
        Output::Capture(Arc::new(Mutex::new(String::new())))
    }

    fn print(&self, text: &str) {
        match self {
            Output::Terminal => {
                let mut out = std::io::stdout().lock();
                // A closed pipe (`morsel run x | head`) must not abort the script.
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            }
            Output::Capture(buffer) => {
                let mut b = buffer.lock().unwrap_or_else(PoisonError::into_inner);
                b.push_str(text);
                b.push('\n');
            }
        }
    }

    fn debug(&self, text: &str) {
        match self {
            Output::Terminal => eprintln!("{text}"),
            Output::Capture(_) => self.print(text),
        }
    }

    /// Takes everything captured so far (empty for [`Output::Terminal`]).
    pub fn take(&self) -> String {
        match self {
            Output::Terminal => String::new(),
            Output::Capture(buffer) => {
                std::mem::take(&mut *buffer.lock().unwrap_or_else(PoisonError::into_inner))
            }
        }
    }
}

/// A Rhai engine with Morsel's limits, output routing and script API.
///
/// Scripts cannot `import` modules (the only file access is through Morsel's functions),
/// undefined variables are compile errors, and reading a missing map property is an error.
pub fn build_engine(ctx: &Arc<ShellContext>, limits: &Limits, output: &Output) -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(limits.max_operations)
        .set_max_call_levels(limits.max_call_levels)
        .set_max_expr_depths(limits.max_expr_depth, limits.max_function_expr_depth)
        .set_max_string_size(limits.max_string_size)
        .set_max_array_size(limits.max_array_size)
        .set_max_map_size(limits.max_map_size)
        .set_module_resolver(DummyModuleResolver::new())
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);

    let out = output.clone();
    engine.on_print(move |text| out.print(text));
    let out = output.clone();
    engine.on_debug(move |text, source, pos| {
        let place = match (source, pos.line()) {
            (Some(src), Some(line)) => format!("{src}:{line}"),
            (None, Some(line)) => format!("line {line}"),
            _ => String::from("debug"),
        };
        out.debug(&format!("[{place}] {text}"));
    });

    bindings::register_all(&mut engine, ctx);
    crate::print_depth::register(&mut engine);
    crate::compare_depth::register(&mut engine);
    engine
}
