//! Static-equilibrium polygons to and from Python: the method names and the result dict.

use morsel_stability::{ConvexPolygon, PolygonMethod, StaticPolygon};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::rows_out;
use crate::errors::ToPy;

/// The polygon method named `method` ("hull" | "bretl" | "cdd"; Bretl's by default).
pub(crate) fn method_arg(method: Option<&str>) -> PyResult<PolygonMethod> {
    match method {
        None => Ok(PolygonMethod::Bretl),
        Some(m) => m.parse::<PolygonMethod>().py(),
    }
}

/// A polygon as {method, status, vertices (k, 2), area, reason}.
pub(crate) fn polygon_dict<'py>(
    py: Python<'py>,
    method: PolygonMethod,
    p: &StaticPolygon,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("method", method.name())?;
    d.set_item("status", p.status())?;
    let v = p.vertices();
    d.set_item(
        "vertices",
        rows_out(py, v.len(), 2, v.iter().flatten().copied().collect())?,
    )?;
    d.set_item("area", p.polygon().map_or(0.0, ConvexPolygon::area))?;
    d.set_item("reason", p.reason())?;
    Ok(d)
}
