//! Ctrl-C and time limits: stopping a long run cleanly.
//!
//! [`install`] routes SIGINT to a flag instead of killing the process. The engine checks the
//! flag between script operations (see [`crate::engine::build_engine`]) and stops with an
//! "interrupted" error; the session then keeps what was recorded and `morsel run` writes its
//! manifest with the status `interrupted`. Long native work (a binding that samples for seconds)
//! may poll [`requested`] itself; joint-space sampling (grid, random, boundary) polls it between
//! chunks through `morsel_jointspace::stop`, which an interruptible session installs.
//!
//! A time limit (`morsel run --timeout`, the REPL's `:timeout`) is a deadline set by
//! [`set_deadline`]: once it has passed, [`requested`] answers true as if Ctrl-C had been
//! pressed, and [`timed_out`] tells the two apart. No thread is involved: the check is a clock
//! read where the flag is read. The first Ctrl-C says on standard error that it was seen
//! ([`FIRST_NOTICE`]); a second Ctrl-C while the first is still pending stops the
//! process at once (exit code 130), after running the hook set by [`on_forced_exit`] (`morsel
//! run` writes its manifest there, so even a forced stop leaves one).
//!
//! On Linux the handler needs no `unsafe`: SIGINT is blocked in the calling thread (so in every
//! thread spawned after it, which inherit the mask) and a watcher thread reads it from a
//! `signalfd`. Call [`install`] first thing in `main`, before any other thread starts. On other
//! systems [`install`] does nothing and Ctrl-C keeps its default effect.
//!
//! Tested end to end by `shell/tests/run_manifest.rs` (a run stopped by SIGINT) and
//! `shell/tests/repl_pty.rs` (an input stopped in the REPL). Unit tests must not call
//! [`request`]: the flag is process-wide and would stop other tests' native loops.

use std::io::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

static REQUESTED: AtomicBool = AtomicBool::new(false);
static PENDING: AtomicUsize = AtomicUsize::new(0);
static TIMED_OUT: AtomicBool = AtomicBool::new(false);
/// The deadline in nanoseconds after [`clock_start`]; `u64::MAX` for none.
static DEADLINE: AtomicU64 = AtomicU64::new(NO_DEADLINE);
const NO_DEADLINE: u64 = u64::MAX;

/// What a second Ctrl-C runs before the process exits.
type ForcedExitHook = Box<dyn FnOnce() + Send>;
static FORCED_EXIT_HOOK: Mutex<Option<ForcedExitHook>> = Mutex::new(None);

/// The message a run stopped by a second Ctrl-C records.
pub const FORCED_MESSAGE: &str =
    "interrupted twice (Ctrl-C): the run stopped at once, inside its current operation";

/// What the first Ctrl-C prints on standard error (a sign, also for tests, that it was seen).
pub const FIRST_NOTICE: &str =
    "morsel: Ctrl-C: stopping at the next check (press Ctrl-C again to stop at once)";

/// The exit code of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const EXIT_INTERRUPTED: i32 = 130;

/// The message of the error that stops an interrupted script.
pub const MESSAGE: &str = "interrupted (Ctrl-C): the run stopped here";

/// The message of the error that stops a script at its time limit.
pub const TIMEOUT_MESSAGE: &str = "timed out: the run reached its time limit and stopped here";

/// Whether Ctrl-C was pressed, or the deadline passed, since the last [`clear`].
pub fn requested() -> bool {
    if REQUESTED.load(Ordering::Relaxed) {
        return true;
    }
    let deadline = DEADLINE.load(Ordering::Relaxed);
    if deadline != NO_DEADLINE && nanos_since_start() >= deadline {
        TIMED_OUT.store(true, Ordering::Relaxed);
        REQUESTED.store(true, Ordering::Relaxed);
        return true;
    }
    false
}

/// Whether the stop that [`requested`] reports came from the deadline.
pub fn timed_out() -> bool {
    TIMED_OUT.load(Ordering::Relaxed)
}

/// The message of the error that stops a script: Ctrl-C's or the time limit's.
pub fn message() -> &'static str {
    if timed_out() {
        TIMEOUT_MESSAGE
    } else {
        MESSAGE
    }
}

/// Sets the deadline `limit` from now (`None`: no deadline). It stays until changed.
pub fn set_deadline(limit: Option<Duration>) {
    let deadline = limit.map_or(NO_DEADLINE, |limit| {
        let at =
            nanos_since_start().saturating_add(limit.as_nanos().min(u128::from(u64::MAX)) as u64);
        at.min(NO_DEADLINE - 1)
    });
    DEADLINE.store(deadline, Ordering::Relaxed);
}

fn clock_start() -> Instant {
    static START: OnceLock<Instant> = OnceLock::new();
    *START.get_or_init(Instant::now)
}

fn nanos_since_start() -> u64 {
    clock_start().elapsed().as_nanos().min(u128::from(u64::MAX)) as u64
}

/// Asks running scripts to stop, as Ctrl-C does.
pub fn request() {
    PENDING.fetch_add(1, Ordering::Relaxed);
    REQUESTED.store(true, Ordering::Relaxed);
}

/// Forgets an earlier request or expiry (the REPL calls it before each input); the deadline
/// itself stays until [`set_deadline`] changes it.
pub fn clear() {
    PENDING.store(0, Ordering::Relaxed);
    TIMED_OUT.store(false, Ordering::Relaxed);
    REQUESTED.store(false, Ordering::Relaxed);
}

/// Sets (or with `None` removes) what a second Ctrl-C runs before the process exits: the
/// last words of a run, such as its manifest. It runs on the signal watcher's thread while
/// the run's own thread is still busy, so it must only read shared state.
pub fn on_forced_exit(hook: Option<ForcedExitHook>) {
    *FORCED_EXIT_HOOK
        .lock()
        .unwrap_or_else(PoisonError::into_inner) = hook;
}

/// Removes the hook of [`on_forced_exit`] and runs `last_words` (the run's own manifest)
/// before a second Ctrl-C can exit: a forced exit that comes meanwhile waits for it, so a
/// manifest is never left half written.
pub fn without_forced_exit<R>(last_words: impl FnOnce() -> R) -> R {
    let mut hook = FORCED_EXIT_HOOK
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    *hook = None;
    let result = last_words();
    drop(hook);
    result
}

/// Runs the hook of [`on_forced_exit`], if any, and exits with [`EXIT_INTERRUPTED`].
fn forced_exit() -> ! {
    // Not `eprintln!`, which panics when standard error is closed.
    let _ = writeln!(
        std::io::stderr(),
        "\nmorsel: interrupted twice: stopping now"
    );
    let hook = FORCED_EXIT_HOOK
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    if let Some(hook) = hook {
        hook();
    }
    std::process::exit(EXIT_INTERRUPTED);
}

/// Tells the user that the first Ctrl-C was seen: [`FIRST_NOTICE`] on standard error.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn notice_first() {
    let _ = writeln!(std::io::stderr(), "{FIRST_NOTICE}");
}

/// Routes Ctrl-C to [`requested`]; returns whether a handler is now active.
pub fn install() -> bool {
    platform::install()
}

#[cfg(target_os = "linux")]
mod platform {
    use nix::sys::signal::{SigSet, Signal};
    use nix::sys::signalfd::SignalFd;

    use super::{PENDING, forced_exit, notice_first, request};
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
                        forced_exit();
                    }
                    request();
                    notice_first();
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
