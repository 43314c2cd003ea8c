//! Locks that cannot deadlock with the interpreter.
//!
//! Every Python object that holds native state behind a `Mutex` (a scene, a touch sensor, a
//! taxel array, a robot's kinematic mirror) is shared between Python threads. Two rules make
//! that safe:
//!
//! 1. **Never wait for a lock while attached to the interpreter.** A thread that holds a lock
//!    and runs long native work detached (`py.detach`) must re-attach before it returns; if the
//!    attached thread were blocked on that same lock, neither could move. [`lock`] therefore
//!    detaches while it waits (PyO3's `MutexExt::lock_py_attached`).
//! 2. **One order.** A thread holding several locks takes them in this order, and releases a
//!    later one before taking an earlier one: scene, then a sensor (touch or taxels), then a
//!    robot's mirror, then the morsel-lab robot. Nothing takes a scene while holding a sensor.

use std::sync::{Mutex, MutexGuard};

use pyo3::prelude::*;
use pyo3::sync::MutexExt;

use crate::errors::{Kind, error};

/// Locks `m`, detached from the interpreter while it waits; `broken` is the message when an
/// earlier failure poisoned the lock.
pub fn lock<'a, T>(m: &'a Mutex<T>, broken: &str) -> PyResult<MutexGuard<'a, T>> {
    Python::attach(|py| m.lock_py_attached(py)).map_err(|_| error(Kind::Other, broken.to_string()))
}
