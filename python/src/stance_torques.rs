//! `stance_torques(stance, weights=None)`: the joint torques `g(q) − Σ Jᵀ f` that hold a
//! robot's stance with its distributed contact wrenches, against the joints' effort limits
//! (morsel-lab's `stance_torques`; `Stance.stance_torques` too).

use morsel_lab::stance_torques::stance_torques as torques_of;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::ToPy;
use crate::stability::{distribution_dict, live_stance_arg, weights_arg};

/// `stance_torques(stance, weights=None)`: {names, torques, gravity_torques, limits, exceeded,
/// within_limits, utilisation, distribution}, values in `velocity_names` order (`limits` inf
/// where no effort limit is known).
#[pyfunction]
#[pyo3(signature = (stance, weights=None))]
fn stance_torques<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    weights: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let s = live_stance_arg(stance, "`stance` of stance_torques()")?;
    let w = weights_arg(weights, "stance_torques")?;
    let t = py
        .detach(|| torques_of(&s, &w).map_err(Box::new))
        .map_err(|e| *e)
        .py()?;
    let m = PyDict::new(py);
    m.set_item("names", &t.names)?;
    m.set_item("torques", PyArray1::from_slice(py, &t.torques))?;
    m.set_item(
        "gravity_torques",
        PyArray1::from_slice(py, &t.gravity_torques),
    )?;
    m.set_item("limits", PyArray1::from_slice(py, &t.limits))?;
    m.set_item("exceeded", &t.exceeded)?;
    m.set_item("within_limits", t.within_limits())?;
    m.set_item("utilisation", t.utilisation)?;
    m.set_item("distribution", distribution_dict(py, &t.distribution)?)?;
    Ok(m)
}

/// Registers `stance_torques`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(stance_torques, m)?)
}
