//! The docstrings of the script API's functions, from the shared API description
//! (`lab/src/api/script_api.txt`): `morsel/__init__.py` puts them on the module functions.

use std::collections::{BTreeMap, HashMap};

use morsel_lab::__private::api::markdown::python_docstring;
use morsel_lab::__private::api::script_api;
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

/// `_api_methods()`: {type name: [function name, ...]}, the method table of the shared API
/// description (each function whose first parameter is that Morsel object type);
/// `morsel/__init__.py` makes them methods of the classes.
#[pyfunction]
fn _api_methods() -> BTreeMap<String, Vec<String>> {
    script_api()
        .methods()
        .into_iter()
        .map(|(ty, names)| (ty, names.into_iter().collect()))
        .collect()
}

/// `_api_overloads()`: every overload of the shared API description as (name, group,
/// signature, [(parameter, type), ...], return type or None, [(option key, required), ...]),
/// in file order, for the parity tests and the stubs' checks.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn _api_overloads() -> Vec<(
    String,
    String,
    String,
    Vec<(String, String)>,
    Option<String>,
    Vec<(String, bool)>,
)> {
    script_api()
        .functions
        .iter()
        .map(|f| {
            (
                f.name.clone(),
                f.group.clone(),
                f.signature.clone(),
                f.parameters(),
                f.returns(),
                f.options
                    .iter()
                    .map(|o| (o.key.clone(), o.required))
                    .collect(),
            )
        })
        .collect()
}

/// `_api_properties()`: [(type name, property), ...] of the shared API description.
#[pyfunction]
fn _api_properties() -> Vec<(String, String)> {
    script_api()
        .properties
        .iter()
        .map(|p| (p.type_name.clone(), p.name.clone()))
        .collect()
}

/// Registers `_api_docstrings`, `_api_methods`, `_api_overloads` and `_api_properties`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_api_docstrings, m)?)?;
    m.add_function(wrap_pyfunction!(_api_methods, m)?)?;
    m.add_function(wrap_pyfunction!(_api_overloads, m)?)?;
    m.add_function(wrap_pyfunction!(_api_properties, m)?)
}
