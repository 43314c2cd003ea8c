//! Stopping long runs early: a process-wide check that sampling polls between chunks.
//!
//! An application installs its own check once (the `morsel` shell installs its Ctrl-C and time
//! limit flag); until then nothing stops. Grid, random and boundary sampling poll it before each
//! chunk and end with [`JointspaceError::Stopped`] once it answers true.

use std::sync::OnceLock;

use crate::error::{JointspaceError, Result};

static CHECK: OnceLock<fn() -> bool> = OnceLock::new();

/// Installs the check that says when to stop (the first installation wins).
pub fn install(check: fn() -> bool) {
    let _ = CHECK.set(check);
}

/// `Err(Stopped)` when the installed check asks to stop.
pub(crate) fn check() -> Result<()> {
    match CHECK.get() {
        Some(requested) if requested() => Err(JointspaceError::Stopped),
        _ => Ok(()),
    }
}
