//! `feasible_region(stance, options=None)`: the torque-limited feasible region of a robot-bound
//! stance (morsel-lab's `feasible_region`; `Stance.feasible_region` too).

use morsel_lab::feasible_region::feasible_region as region_of;
use morsel_stability::PolygonMethod;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping};

use crate::convert::{Options, f64_arg, string_arg, type_name};
use crate::errors::{ToPy, type_error};
use crate::polygon_values::polygon_dict;
use crate::stability::live_stance_arg;

fn limits_arg(options: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, f64)>> {
    let mut o = Options::new("feasible_region", options)?;
    let out = torque_limits_option(&mut o, "feasible_region")?;
    o.finish()?;
    Ok(out)
}

/// The option `torque_limits` ({joint: N·m}) of `function` as (name, limit) pairs, or none.
pub fn torque_limits_option(o: &mut Options, function: &str) -> PyResult<Vec<(String, f64)>> {
    let mut out = Vec::new();
    if let Some(limits) = o.take("torque_limits") {
        let map = limits.cast::<PyMapping>().map_err(|_| {
            type_error(format!(
                "option `torque_limits` of {function}(): expected a dict {{joint: limit}}, got {}",
                type_name(&limits)
            ))
        })?;
        for item in map.items()?.iter() {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let name = string_arg(
                &key,
                &format!("a joint name in option `torque_limits` of {function}()"),
            )?;
            let what = format!("limit of `{name}` in option `torque_limits` of {function}()");
            out.push((name, f64_arg(&value, &what)?));
        }
    }
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
