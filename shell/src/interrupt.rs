//! Ctrl-C: stopping a long run cleanly.
//!
//! [`install`] routes SIGINT to a flag instead of killing the process. The engine checks the
//! flag between script operations (see [`crate::engine::build_engine`]) and stops with an
//! "interrupted" error; the session then keeps what was recorded and `morsel run` writes its
//! manifest with the status `interrupted`. Long native work (a binding that samples for seconds)
//! may poll [`requested`] itself. A second Ctrl-C while the first is still pending stops the
//! process at once (exit code 130).
//!
//! On Linux the handler needs no `unsafe`: SIGINT is blocked in the calling thread (so in every
//! thread spawned after it, which inherit the mask) and a watcher thread reads it from a
//! `signalfd`. Call [`install`] first thing in `main`, before any other thread starts. On other
//! systems [`install`] does nothing and Ctrl-C keeps its default effect.
//!
//! Tested end to end by `shell/tests/run_manifest.rs` (a run stopped by SIGINT) and
//! `shell/tests/repl_pty.rs` (an input stopped in the REPL). Unit tests must not call
//! [`request`]: the flag is process-wide and would stop other tests' native loops.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);
static PENDING: AtomicUsize = AtomicUsize::new(0);

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

/// The message of the error that stops an interrupted script.
pub const MESSAGE: &str = "interrupted (Ctrl-C): the run stopped here";

/// Whether Ctrl-C was pressed since the last [`clear`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Asks running scripts to stop, as Ctrl-C does.
pub fn request() {
    PENDING.fetch_add(1, Ordering::Relaxed);
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Forgets an earlier request (the REPL calls it before each input).
pub fn clear() {
    PENDING.store(0, Ordering::Relaxed);
    REQUESTED.store(false, Ordering::Relaxed);
}

/// Routes Ctrl-C to [`requested`]; returns whether a handler is now active.
pub fn install() -> bool {
    platform::install()
}

#[cfg(target_os = "linux")]
mod platform {
    use nix::sys::signal::{SigSet, Signal};
    use nix::sys::signalfd::SignalFd;

    use super::{EXIT_INTERRUPTED, PENDING, request};
    use std::sync::atomic::Ordering;

    pub(super) fn install() -> bool {
        let mut mask = SigSet::empty();
        mask.add(Signal::SIGINT);
        if mask.thread_block().is_err() {
            return false;
        }
        let Ok(fd) = SignalFd::new(&mask) else {
            let _ = mask.thread_unblock();
            return false;
        };
        let spawned = std::thread::Builder::new()
            .name("morsel-ctrl-c".into())
            .spawn(move || {
                while let Ok(Some(_)) = fd.read_signal() {
                    if PENDING.load(Ordering::Relaxed) > 0 {
                        eprintln!("\nmorsel: interrupted twice: stopping now");
                        std::process::exit(EXIT_INTERRUPTED);
                    }
                    request();
                }
            });
        if spawned.is_err() {
            let _ = mask.thread_unblock();
            return false;
        }
        true
    }
}

#[cfg(not(target_os = "linux"))]
mod platform {
    pub(super) fn install() -> bool {
        false
    }
}
