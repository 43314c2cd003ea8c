//! `feasible_region(stance, options=None)`: the torque-limited feasible region of a robot-bound
//! stance (morsel-lab's `feasible_region`; `Stance.feasible_region` too).

use morsel_lab::feasible_region::feasible_region as region_of;
use morsel_stability::PolygonMethod;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Options, torque_limits_option};
use crate::errors::ToPy;
use crate::polygon_values::polygon_dict;
use crate::stability::live_stance_arg;

fn limits_arg(options: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, f64)>> {
    let mut o = Options::new("feasible_region", options)?;
    let out = torque_limits_option(&mut o, "feasible_region")?;
    o.finish()?;
    Ok(out)
}

/// `feasible_region(stance, options=None)`: the CoM x-y region where friction and every joint
/// torque limit hold at the robot's configuration, a dict like static_polygon's (method
/// "bretl") plus names, limits, gravity_torques; options {"torque_limits": {joint: N·m}}
/// override the model's effort limits.
#[pyfunction]
#[pyo3(signature = (stance, options=None))]
fn feasible_region<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let s = live_stance_arg(stance, "`stance` of feasible_region()")?;
    let limits = limits_arg(options)?;
    let r = py
        .detach(|| region_of(&s, &limits).map_err(Box::new))
        .map_err(|e| *e)
        .py()?;
    let d = polygon_dict(py, PolygonMethod::Bretl, &r.region)?;
    d.set_item("names", &r.names)?;
    d.set_item("limits", PyArray1::from_slice(py, &r.limits))?;
    d.set_item(
        "gravity_torques",
        PyArray1::from_slice(py, &r.gravity_torques),
    )?;
    Ok(d)
}

/// Registers `feasible_region`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(feasible_region, m)?)
}
