//! Ending a model's loading early: the loaders ask their caller's [`Stop`] between elements,
//! bodies and links (each a few microseconds of work), so that Ctrl-C or a time limit ends even
//! a load of hundreds of thousands of bodies within a fraction of a second.

use morsel_geometry::Stop;

use crate::error::{KinematicsError, Result};

/// `Err(Stopped)` when `stop` asks to stop.
pub(crate) fn check(stop: &dyn Stop) -> Result<()> {
    if stop.requested() {
        Err(KinematicsError::Stopped)
    } else {
        Ok(())
    }
}

/// Frees `value` (a partly read model) on a background thread when the load stopped early,
/// so that the stop is prompt: freeing hundreds of thousands of bodies takes a while (seconds
/// in a debug build). When no thread can start, it is freed here.
pub(crate) fn discard<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("morsel-discard".into())
        .spawn(move || drop(value));
}

/// Whether `err` is the stop of [`check`].
pub(crate) fn is_stop(err: &KinematicsError) -> bool {
    matches!(err, KinematicsError::Stopped)
}
