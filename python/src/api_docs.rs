//! The docstrings of the script API's functions, from the shared API description
//! (`lab/src/api/script_api.txt`): `morsel/__init__.py` puts them on the module functions.

use std::collections::HashMap;

use morsel_lab::api::markdown::python_docstring;
use morsel_lab::api::script_api;
use pyo3::prelude::*;

/// `_api_docstrings()`: {name: docstring} for every function of the script API (each overload's
/// Python signature and its one-line description).
#[pyfunction]
fn _api_docstrings() -> HashMap<String, String> {
    let api = script_api();
    api.names()
        .into_iter()
        .filter_map(|n| python_docstring(api, n).map(|d| (n.to_string(), d)))
        .collect()
}

/// Registers `_api_docstrings`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_api_docstrings, m)?)
}
