//! Genesis's sibling sensors of the taxels: `taxel_contacts({...})` (a contact flag per probe,
//! `KinematicContactSensor`) and `taxel_depths({...})` (the raw penetration depth per probe,
//! `KinematicDepthSensor`, with the slip along the probe's tangents). Both take the options of
//! `taxels(...)` and read the ground-truth geometry (`TaxelSensor::read_probe_state`).

use morsel_sensing::ProbeState;
use ndarray::{ArrayD, Axis};
use numpy::PyArrayDyn;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::ToPy;
use crate::sensing::scene_arg;
use crate::taxels::{PyTaxels, make_taxels, scenes_arg};

/// One step on one scene.
fn read_one(py: Python<'_>, t: &PyTaxels, scene: &Bound<'_, PyAny>) -> PyResult<ProbeState> {
    let sc = scene_arg(scene, "`scene` of read()")?;
    let state = sc.fresh()?;
    let mut built = t.lock()?;
    let sensor = PyTaxels::sensor(&mut built, &t.config, &sc, &state.scene)?;
    py.detach(|| sensor.read_probe_state(&state.scene)).py()
}

/// One step on several scenes (an envs axis first).
fn read_many(py: Python<'_>, t: &PyTaxels, scenes: &Bound<'_, PyAny>) -> PyResult<ProbeState> {
    let (handles, copies) = scenes_arg(scenes, &t.config, 4)?;
    let mut built = t.lock()?;
    let sensor = PyTaxels::sensor(&mut built, &t.config, &handles[0], &copies[0])?;
    py.detach(|| sensor.read_probe_state_batch(&copies)).py()
}

fn shaped(a: ArrayD<f64>, drop_env: bool) -> ArrayD<f64> {
    if drop_env {
        a.index_axis_move(Axis(0), 0)
    } else {
        a
    }
}

fn flags<'py>(py: Python<'py>, a: ArrayD<f64>, drop_env: bool) -> Bound<'py, PyArrayDyn<bool>> {
    PyArrayDyn::from_owned_array(py, shaped(a, drop_env).mapv(|x| x > 0.0))
}

fn depth_dict(py: Python<'_>, s: ProbeState, drop_env: bool) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        "depth",
        PyArrayDyn::from_owned_array(py, shaped(s.depth, drop_env)),
    )?;
    d.set_item(
        "slip",
        PyArrayDyn::from_owned_array(py, shaped(s.slip, drop_env)),
    )?;
    Ok(d)
}

/// A contact flag per probe (Genesis's KinematicContactSensor): true where the probe
/// penetrates something.
#[pyclass(frozen, name = "TaxelContacts", module = "morsel")]
#[derive(Debug)]
pub struct PyTaxelContacts(PyTaxels);

#[pymethods]
impl PyTaxelContacts {
    /// `read(scene)`: one step: a bool per probe, (probes,) (or (history, probes)).
    fn read<'py>(
        &self,
        py: Python<'py>,
        scene: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
        Ok(flags(py, read_one(py, &self.0, scene)?.contact, true))
    }
    /// `read_batch(scenes)`: one step on several scenes: (envs, [history,] probes).
    fn read_batch<'py>(
        &self,
        py: Python<'py>,
        scenes: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArrayDyn<bool>>> {
        Ok(flags(py, read_many(py, &self.0, scenes)?.contact, false))
    }
    /// The number of probes.
    #[getter]
    fn num_probes(&self) -> usize {
        self.0.config.probe_local_pos.len()
    }
    fn __repr__(&self) -> String {
        format!("TaxelContacts({} probes)", self.num_probes())
    }
}

/// Raw penetration depth per probe (Genesis's KinematicDepthSensor) and slip, the tangential
/// relative velocity in the probe's tangent frame.
#[pyclass(frozen, name = "TaxelDepths", module = "morsel")]
#[derive(Debug)]
pub struct PyTaxelDepths(PyTaxels);

#[pymethods]
impl PyTaxelDepths {
    /// `read(scene)`: one step: {depth (m) (probes,), slip (m/s, along the probe's tangents
    /// t1, t2) (probes, 2)}, a history axis first when kept.
    fn read<'py>(
        &self,
        py: Python<'py>,
        scene: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        depth_dict(py, read_one(py, &self.0, scene)?, true)
    }
    /// `read_batch(scenes)`: one step on several scenes: an envs axis first.
    fn read_batch<'py>(
        &self,
        py: Python<'py>,
        scenes: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        depth_dict(py, read_many(py, &self.0, scenes)?, false)
    }
    /// The number of probes.
    #[getter]
    fn num_probes(&self) -> usize {
        self.0.config.probe_local_pos.len()
    }
    fn __repr__(&self) -> String {
        format!("TaxelDepths({} probes)", self.num_probes())
    }
}

/// `taxel_contacts(options)`: a contact flag per probe; the options of taxels().
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn taxel_contacts(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTaxelContacts> {
    make_taxels("taxel_contacts", options, kwargs).map(PyTaxelContacts)
}

/// `taxel_depths(options)`: raw penetration depth and slip per probe; the options of taxels().
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn taxel_depths(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTaxelDepths> {
    make_taxels("taxel_depths", options, kwargs).map(PyTaxelDepths)
}

/// Registers `TaxelContacts`, `TaxelDepths`, `taxel_contacts` and `taxel_depths`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaxelContacts>()?;
    m.add_class::<PyTaxelDepths>()?;
    m.add_function(wrap_pyfunction!(taxel_contacts, m)?)?;
    m.add_function(wrap_pyfunction!(taxel_depths, m)?)?;
    Ok(())
}
