//! Stopping long loops early: a process-wide check that the simulation polls between steps.
//!
//! A front end installs its own check once (the shell its Ctrl-C and time-limit flag, the
//! Python module the interpreter's pending signals); until then nothing stops.

use std::sync::OnceLock;

static CHECK: OnceLock<fn() -> bool> = OnceLock::new();

/// Installs the check that says when to stop (the first installation wins).
pub fn install(check: fn() -> bool) {
    let _ = CHECK.set(check);
}

/// Whether the installed check asks to stop now (false when none is installed).
pub fn requested() -> bool {
    CHECK.get().is_some_and(|requested| requested())
}
