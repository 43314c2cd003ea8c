//! The `body_load` options and result shared by `Touch`, the `morsel.mimo` sensor and `Taxels`.

use morsel_sensing::touch::{BodyLoad, LoadOptions};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Options, vector3_arg};

/// [`LoadOptions`] of `options` (a dict or None) merged with `kwargs`: `point` (a 3-vector,
/// default the origin) and `min_force` (N).
pub(crate) fn load_options<'py>(
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
    function: &'static str,
) -> PyResult<LoadOptions> {
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let mut load = LoadOptions::default();
    if let Some(p) = o.take("point").filter(|p| !p.is_none()) {
        load.point = vector3_arg(&p, &format!("option `point` of {function}()"))?.into();
    }
    if let Some(f) = o.f64("min_force")? {
        load.min_force = f;
    }
    o.finish()?;
    Ok(load)
}

/// `{force, moment, cop}`: (3,) arrays, `cop` None without one.
pub(crate) fn load_dict<'py>(py: Python<'py>, load: &BodyLoad) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("force", PyArray1::from_slice(py, load.force.as_slice()))?;
    d.set_item("moment", PyArray1::from_slice(py, load.moment.as_slice()))?;
    match &load.cop {
        Some(c) => d.set_item("cop", PyArray1::from_slice(py, c.coords.as_slice()))?,
        None => d.set_item("cop", py.None())?,
    }
    Ok(d)
}
