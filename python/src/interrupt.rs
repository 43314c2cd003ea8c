//! Ctrl-C from Python: long native work stops at its next check and raises `KeyboardInterrupt`.
//!
//! Python runs its signal handlers only on the main thread with the interpreter attached, so
//! a native call that runs for seconds detached from it would see no Ctrl-C until the end.
//! [`detached`] runs such work on a helper thread, while the calling thread waits detached
//! and, every [`TICK`], attaches and asks [`Python::check_signals`]. When that raises (the
//! `KeyboardInterrupt` of Ctrl-C, or whatever a Python signal handler raised), it raises the
//! stop flag that the crates' long loops poll (joint-space sampling and fitting through
//! `morsel_jointspace::stop`, the simulation's steps through `morsel_lab::stop`, hulls through
//! their `_until` variants), waits for the work to end at its next check, and returns that
//! Python error: the same stop as the shell's first Ctrl-C. Work that ran to the end before
//! the signal was seen returns its result (Python raises the interrupt at its next step).
//!
//! The flag is process-wide, as the shell's is: while one call stops, native work started from
//! other Python threads stops too (with its crate's "stopped" error).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call checks for signals: a Ctrl-C is seen within this, and the work
/// then ends at its own next check (about every millisecond of work).
const TICK: Duration = Duration::from_millis(20);

/// The helper thread's stack (as a main thread's: deep recursions in mesh work).
const STACK: usize = 8 << 20;

/// How many calls are stopping now (the flag is raised while this is above zero).
static STOPPING: AtomicUsize = AtomicUsize::new(0);

/// Whether native work should stop now: a call is handling a Python signal.
pub fn requested() -> bool {
    STOPPING.load(Ordering::Relaxed) > 0
}

/// Installs [`requested`] as the check of the crates' long loops (once, at import).
pub fn install() {
    morsel_jointspace::stop::install(requested);
    morsel_lab::stop::install(requested);
}

/// Lowers the flag when a stopping call is done, however it ends.
struct Stopping;

impl Stopping {
    fn raise() -> Self {
        STOPPING.fetch_add(1, Ordering::Relaxed);
        Stopping
    }
}

impl Drop for Stopping {
    fn drop(&mut self) {
        STOPPING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Runs `work` detached from the interpreter (other Python threads run meanwhile), on a
/// helper thread, checking for Python signals every [`TICK`] (see the module docs): the
/// result of `work`, or the error a signal raised (`KeyboardInterrupt`). A panic in `work`
/// goes on as a panic of this thread (PyO3 turns it into `PanicException`).
pub fn detached<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    let done = (Mutex::new(false), Condvar::new());
    std::thread::scope(|s| {
        let finished = &done;
        let helper = std::thread::Builder::new()
            .name("morsel-work".into())
            .stack_size(STACK)
            .spawn_scoped(s, move || {
                // Signals the waiter even when `work` panics.
                struct Done<'a>(&'a (Mutex<bool>, Condvar));
                impl Drop for Done<'_> {
                    fn drop(&mut self) {
                        *self.0.0.lock().unwrap_or_else(PoisonError::into_inner) = true;
                        self.0.1.notify_all();
                    }
                }
                let _done = Done(finished);
                work()
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start native work: {e}")))?;
        let mut interrupted = None;
        loop {
            let over = py.detach(|| {
                let (lock, cvar) = finished;
                let guard = lock.lock().unwrap_or_else(PoisonError::into_inner);
                let (guard, _) = cvar
                    .wait_timeout_while(guard, TICK, |over| !*over)
                    .unwrap_or_else(PoisonError::into_inner);
                *guard
            });
            if over {
                break;
            }
            if let Err(e) = py.check_signals() {
                interrupted = Some(e);
                break;
            }
        }
        if let Some(e) = interrupted {
            let _stopping = Stopping::raise();
            // The work's own result ("stopped", or done just before its check) gives way to
            // the signal's error.
            let _ = py.detach(|| helper.join());
            return Err(e);
        }
        match helper.join() {
            Ok(value) => Ok(value),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
