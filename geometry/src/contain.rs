//! Running third-party readers so that a panic inside them becomes an error.
//!
//! `mesh-loader` indexes its arrays without checks in places, so some malformed COLLADA files
//! make it panic (found by the mutation test, `shell/tests/mutation.rs`). [`contained`] runs
//! such a call under `catch_unwind` and returns the panic's message as an error. While it runs,
//! a panic hook installed once keeps the default "thread panicked" report quiet on this thread
//! only; panics elsewhere are reported as usual.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// Runs `f`; a panic inside it comes back as `Err` with the panic's message.
pub(crate) fn contained<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    let was_quiet = QUIET.with(|q| q.replace(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was_quiet));
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an unknown failure".to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_and_a_value_passes_through() {
        assert_eq!(contained(|| 41 + 1), Ok(42));
        let v: Vec<u8> = Vec::new();
        let err = contained(|| v[usize::from(v.is_empty())]).unwrap_err();
        assert!(err.contains("index out of bounds"), "{err}");
        assert_eq!(contained(|| -> u8 { panic!("boom") }), Err("boom".into()));
    }
}
