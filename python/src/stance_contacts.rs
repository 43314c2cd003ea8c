//! `point_contacts(stance, scene, ground)`: a stance's distributed wrenches as point contacts
//! of a sensing scene (`morsel_lab::point_contacts`), in the shape `touch.observe` takes.

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::convert::string_arg;
use crate::errors::ToPy;
use crate::sensing::{contact_dict, scene_arg};
use crate::stability::stance_arg;

/// `point_contacts(stance, scene, ground)`: the stance's distributed contact forces as point
/// contacts at their CoPs, from `ground` onto each contact's link body (for
/// touch.observe(contacts)).
#[pyfunction]
fn point_contacts<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    scene: &Bound<'py, PyAny>,
    ground: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let st = stance_arg(stance, "`stance` of point_contacts()")?;
    let sc = scene_arg(scene, "`scene` of point_contacts()")?;
    let ground = string_arg(ground, "`ground` of point_contacts()")?;
    let s = sc.fresh()?;
    let contacts = py
        .detach(|| morsel_lab::point_contacts::point_contacts(&st, &s.scene, &ground))
        .py()?;
    let out = PyList::empty(py);
    for c in &contacts {
        out.append(contact_dict(py, &s.scene, c)?)?;
    }
    Ok(out)
}

/// Registers `point_contacts`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(point_contacts, m)?)?;
    Ok(())
}
