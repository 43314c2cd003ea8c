//! What a run takes from its environment, as the `morsel` binary takes it from its flags.

use pyo3::prelude::*;

use crate::errors::value_error;

/// An integer environment variable, or `default` when unset.
fn env_u64(name: &str, default: u64) -> PyResult<u64> {
    match std::env::var(name) {
        Err(_) => Ok(default),
        Ok(text) => text.trim().parse::<u64>().map_err(|_| {
            value_error(format!(
                "environment variable {name}={text:?} is not an integer >= 0"
            ))
        }),
    }
}

/// The seed random processes default to (`MORSEL_SEED`, else 0).
pub fn default_seed() -> PyResult<u64> {
    env_u64("MORSEL_SEED", 0)
}
