//! The script API's shell group from Python: `save(path, value)`, `seed()`, `test_mode()`.
//!
//! `save` turns a Python object into the lab's plain [`Value`] once, here, and the lab encodes
//! it (`morsel_lab::save`: JSON, CSV or NPY by extension), so a file saved from Python has the
//! same bytes as the same data saved from a script. The path is used as given (relative to the
//! working folder); a script's sandbox is the shell's business.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use morsel_lab::Value;
use morsel_lab::save::MAX_DEPTH;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::convert::type_name;
use crate::errors::{save_error, type_error, value_error};

/// A Python object as plain data: `None`, bools, ints, floats, strings, lists and tuples, dicts
/// with string keys, NumPy arrays and scalars (through `.tolist()`), and Morsel objects through
/// their `to_map()`. Anything else is a `WrongTypeError` naming where it was found.
pub fn to_value(obj: &Bound<'_, PyAny>, at: &mut String, depth: usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(value_error(format!(
            "{at} is nested deeper than {MAX_DEPTH} levels"
        )));
    }
    if obj.is_none() {
        return Ok(Value::Unit);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        return obj
            .extract::<i64>()
            .map(Value::Int)
            .map_err(|_| value_error(format!("{at} is an integer outside the 64-bit range")));
    }
    if let Ok(x) = obj.cast::<PyFloat>() {
        return Ok(Value::Float(x.value()));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::Str(obj.extract::<String>()?));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let mut out = Vec::new();
        for (i, item) in obj.try_iter()?.enumerate() {
            let len = at.len();
            let _ = write!(at, "[{i}]");
            out.push(to_value(&item?, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::List(out));
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        let mut out = BTreeMap::new();
        for (key, item) in dict.iter() {
            if !key.is_instance_of::<PyString>() {
                return Err(type_error(format!(
                    "{at} has a key of type {}; saved maps need string keys",
                    type_name(&key)
                )));
            }
            let key = key.extract::<String>()?;
            let len = at.len();
            let _ = write!(at, ".{key}");
            out.insert(key, to_value(&item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::Map(out));
    }
    let module = obj
        .get_type()
        .module()
        .map(|m| m.to_string())
        .unwrap_or_default();
    // ndarray and NumPy scalars: `.tolist()` gives Python ints, floats, bools and lists
    // (complex numbers and objects stay unsupported and are refused below).
    if module == "numpy"
        && let Ok(plain) = obj.call_method0("tolist")
        && !plain.get_type().is(obj.get_type())
    {
        return to_value(&plain, at, depth);
    }
    if module.starts_with("morsel")
        && let Ok(map) = obj.call_method0("to_map")
    {
        return to_value(&map, at, depth);
    }
    Err(type_error(format!(
        "{at} is {} ({}), which cannot be saved",
        type_name(obj),
        module_hint(&module)
    )))
}

fn module_hint(module: &str) -> &'static str {
    if module == "numpy" {
        "only real-valued NumPy arrays and scalars can"
    } else {
        "use None, bool, int, float, str, list, tuple, dict, NumPy arrays or Morsel objects"
    }
}

/// `save(path, value)`: writes plain data as JSON, CSV or NPY, or draws a scene, robot, touch
/// sensor, taxels or stance as glTF (`.glb`, `.gltf`) or as an offline HTML view (`.html`), by
/// the path's extension (see the script API).
/// Nothing is written when the value cannot be encoded.
#[pyfunction]
fn save(path: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let name: String = path
        .extract::<std::path::PathBuf>()
        .map_err(|_| {
            type_error(format!(
                "`path` of save(): expected a string or path, got {}",
                type_name(path)
            ))
        })?
        .to_string_lossy()
        .into_owned();
    let written = if morsel_lab::view::is_view_path(&name) {
        let drawing = crate::gltf_save::drawing(&name, value)?;
        morsel_lab::view::write(&name, Path::new(&name), &drawing).map(|_| ())
    } else {
        let plain = to_value(value, &mut String::from("value"), 0)?;
        morsel_lab::save::write(&name, Path::new(&name), &plain).map(|_| ())
    };
    written.map_err(|e| save_error(&name, e))
}

/// `_view_html(value, name)`: the offline three.js view of a drawable object (Scene, Robot,
/// Touch, Taxels, Stance, Simulation, Boundary) as one self-contained HTML document, the bytes
/// `save("x.html", value)` writes; `_repr_html_` and `morsel.view` show it in notebooks. An
/// object with nothing to draw (an empty scene) gives a page saying so, not an error.
#[pyfunction]
#[pyo3(signature = (value, name="morsel"))]
fn _view_html(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    let path = format!("{name}.html");
    let drawing = crate::gltf_save::drawing(&path, value)?;
    let bytes = morsel_lab::html::view(&path, &drawing).map_err(|e| value_error(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| value_error(format!("the view is not UTF-8: {e}")))
}

/// `seed()`: the run's seed, from the environment variable `MORSEL_SEED` (0 when unset, as
/// the binary's default `--seed`); derive every random process from it.
#[pyfunction]
fn seed() -> PyResult<u64> {
    crate::run_env::default_seed()
}

/// `test_mode()`: whether this runs under a test harness (the environment variable
/// `MORSEL_TEST_MODE` is 1/true/yes; as the binary's `--test`).
#[pyfunction]
fn test_mode() -> PyResult<bool> {
    match std::env::var("MORSEL_TEST_MODE") {
        Err(_) => Ok(false),
        Ok(text) => match text.trim().to_ascii_lowercase().as_str() {
            "" | "0" | "false" | "no" | "off" => Ok(false),
            "1" | "true" | "yes" | "on" => Ok(true),
            _ => Err(value_error(format!(
                "environment variable MORSEL_TEST_MODE={text:?}: use 1 or 0"
            ))),
        },
    }
}

/// Registers `save`, `seed` and `test_mode`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(save, m)?)?;
    m.add_function(wrap_pyfunction!(seed, m)?)?;
    m.add_function(wrap_pyfunction!(test_mode, m)?)?;
    m.add_function(wrap_pyfunction!(_view_html, m)?)?;
    Ok(())
}
