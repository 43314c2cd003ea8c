//! Stopping long work early: a cheap question that long loops ask now and then.
//!
//! A caller that may need to end a long computation (a front end's Ctrl-C or time limit)
//! passes a [`Stop`] into it; the computation asks [`Stop::requested`] every so often (about
//! every millisecond of work) and, when it answers true, ends with a typed "interrupted"
//! error of its crate. Nothing here is global: the caller decides what stopping means, and a
//! plain closure `|| flag.load(Ordering::Relaxed)` is a `Stop`. [`NEVER`] never stops.

/// Whether long work should end now. Asked often: keep it cheap (a flag or a clock read).
pub trait Stop: Sync {
    /// True when the work should end as soon as it can.
    fn requested(&self) -> bool;
}

impl<F: Fn() -> bool + Sync> Stop for F {
    fn requested(&self) -> bool {
        self()
    }
}

/// A [`Stop`] that never asks to stop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Never;

impl Stop for Never {
    fn requested(&self) -> bool {
        false
    }
}

/// The stop that never asks to stop, for calls that run to the end.
pub const NEVER: &Never = &Never;

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn a_closure_over_a_flag_is_a_stop() {
        let flag = AtomicBool::new(false);
        let stop = || flag.load(Ordering::Relaxed);
        let s: &dyn Stop = &stop;
        assert!(!s.requested());
        flag.store(true, Ordering::Relaxed);
        assert!(s.requested());
        assert!(!NEVER.requested());
    }
}
