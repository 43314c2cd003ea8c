//! `wrench_distributor(stance, options)`: pymanoid's per-tick wrench distributor with its
//! stability check and table (`morsel_lab::distributor`, the same code as the script's).
//!
//! The distributor is morsel-lab's `StanceDistributor`, the one the Rhai shell holds: every tick
//! rebuilds the stance from its robot (contacts that follow links move, a robot CoM is
//! recomputed). `step()` drives it by hand; [`PyWrenchDistributor::process`] is the handle a
//! simulation ticks.

use std::sync::Arc;

use morsel_lab::distributor::{COLUMNS, ComAcceleration, DistributorLog, TickRecord};
use morsel_lab::simulation::TickProcess;
use morsel_lab::stance_distributor::StanceDistributor;
use nalgebra::Vector3;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{Options, v3_out, vector3_arg};
use crate::errors::{ToPy, value_error};
use crate::stability::{distribution_dict, live_stance_arg};

/// A per-tick wrench distributor (pymanoid's StanceWrenchDistributor) reusing its solver
/// memory, with a stability check and a log of its ticks.
#[pyclass(frozen, name = "WrenchDistributor", module = "morsel")]
#[derive(Debug)]
pub struct PyWrenchDistributor(StanceDistributor);

impl PyWrenchDistributor {
    /// The handle a simulation ticks (the same state as this object), for `add(sim, d)`.
    pub fn process(&self) -> Arc<dyn TickProcess> {
        Arc::new(self.0.clone())
    }

    fn log<T>(&self, f: impl FnOnce(&DistributorLog) -> T) -> PyResult<T> {
        self.0.with_log(f).py()
    }
}

fn record_dict<'py>(py: Python<'py>, r: &TickRecord) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("tick", r.tick)?;
    d.set_item("time", r.time)?;
    d.set_item("status", r.distribution.status.name())?;
    d.set_item("com", v3_out(py, &r.com.coords))?;
    d.set_item("com_acceleration", v3_out(py, &r.com_acceleration))?;
    d.set_item("links", r.links.clone())?;
    d.set_item("normal_forces", PyArray1::from_slice(py, &r.normal_forces))?;
    d.set_item("margin", r.margin)?;
    d.set_item("inside", r.inside)?;
    d.set_item("polygon_area", r.polygon_area)?;
    Ok(d)
}

#[pymethods]
impl PyWrenchDistributor {
    /// `step(com_acceleration=None)`: one tick: distributes the wrench for the CoM
    /// acceleration (the configured one, or [ax, ay, az] m/s^2: the net wrench is
    /// [m (a - g); 0] at the CoM), records and returns the distribution.
    #[pyo3(signature = (com_acceleration=None))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        com_acceleration: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let a = com_acceleration
            .map(|a| vector3_arg(a, "`com_acceleration` of step()"))
            .transpose()?;
        let shared = &self.0;
        let (record, _) = py.detach(|| shared.step(None, a)).py()?;
        distribution_dict(py, &record.distribution)
    }

    /// `set_stance(stance)`: distributes over another stance from the next tick on (a foot
    /// lifted); records go on, the solver memory restarts.
    fn set_stance(&self, stance: &Bound<'_, PyAny>) -> PyResult<()> {
        let st = live_stance_arg(stance, "`stance` of set_stance()")?;
        self.0.set_stance(st).py()
    }

    /// `table()`: one float64 column per quantity, a row per tick: time, tick, com_x/y/z,
    /// acc_x/y/z, margin, inside, solved, normal_force_total (NaN time for ticks driven by
    /// hand, NaN margin without a bounded polygon).
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rows = self.log(DistributorLog::table)?;
        let d = PyDict::new(py);
        for (i, c) in COLUMNS.iter().enumerate() {
            let column: Vec<f64> = rows.iter().map(|r| r[i]).collect();
            d.set_item(*c, PyArray1::from_vec(py, column))?;
        }
        Ok(d)
    }

    /// `save(path)`: writes table() by the path's extension (morsel-lab's table encoding, the
    /// same bytes as a script's): `.csv` a header in column order (time first), `.json` a map of
    /// columns. The path is relative to the working folder.
    fn save(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let columns: Vec<String> = COLUMNS.iter().map(|c| (*c).to_string()).collect();
        let rows: Vec<Vec<f64>> = self.log(|l| l.table().iter().map(|r| r.to_vec()).collect())?;
        crate::table_save::save_table(py, path, &columns, &rows)
    }

    /// The records, one dict per tick: {tick, time, status, com, com_acceleration, links,
    /// normal_forces, margin, inside, polygon_area}.
    #[getter]
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let records = self.log(|l| l.records().to_vec())?;
        let out = PyList::empty(py);
        for r in &records {
            out.append(record_dict(py, r)?)?;
        }
        Ok(out)
    }

    /// The last tick's distribution, or None before the first tick.
    #[getter]
    fn last<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let last = self.log(|l| l.last().cloned())?;
        last.map(|d| distribution_dict(py, &d)).transpose()
    }

    /// The number of ticks so far.
    #[getter]
    fn ticks(&self) -> PyResult<u64> {
        self.log(DistributorLog::ticks)
    }

    /// {ticks, records}.
    #[allow(clippy::wrong_self_convention)] // a pymethod: `self` is borrowed from Python
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("ticks", self.ticks()?)?;
        d.set_item("records", self.records(py)?)?;
        Ok(d)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("WrenchDistributor({} ticks)", self.ticks()?))
    }
}

/// `wrench_distributor(stance, options=None)`: a per-tick distributor; options
/// com_acceleration ([x, y, z] m/s^2, or "estimated": the CoM's second difference over the
/// last three simulation ticks) and polygon (False skips the per-tick stability check).
#[pyfunction]
#[pyo3(signature = (stance, options=None, **kwargs))]
pub(crate) fn wrench_distributor(
    stance: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyWrenchDistributor> {
    let st = live_stance_arg(stance, "`stance` of wrench_distributor()")?;
    let mut o = Options::new("wrench_distributor", options)?.merge(kwargs)?;
    let what = "option `com_acceleration` of wrench_distributor()";
    let acceleration = match o.take("com_acceleration") {
        None => ComAcceleration::Fixed(Vector3::zeros()),
        Some(v) if v.is_instance_of::<PyString>() => {
            let name: String = v.extract()?;
            if name != "estimated" {
                return Err(value_error(format!(
                    "{what}: expected [ax, ay, az] (m/s^2) or \"estimated\", got \"{name}\""
                )));
            }
            ComAcceleration::Estimated
        }
        Some(v) => {
            let a = vector3_arg(&v, what)?;
            if a.iter().any(|x| !x.is_finite()) {
                return Err(value_error(format!(
                    "{what}: expected finite numbers, got [{}, {}, {}]",
                    a.x, a.y, a.z
                )));
            }
            ComAcceleration::Fixed(a)
        }
    };
    let check_polygon = o.bool("polygon")?.unwrap_or(true);
    o.finish()?;
    StanceDistributor::new(st, acceleration, check_polygon)
        .map(PyWrenchDistributor)
        .py()
}

/// `set_stance(distributor, stance)`: the distributor's method as a function.
#[pyfunction]
fn set_stance(distributor: &Bound<'_, PyAny>, stance: &Bound<'_, PyAny>) -> PyResult<()> {
    distributor_arg(distributor, "set_stance")?
        .get()
        .set_stance(stance)
}

/// `table(distributor)`: the distributor's table as a function.
#[pyfunction]
fn table<'py>(py: Python<'py>, distributor: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    distributor_arg(distributor, "table")?.get().table(py)
}

fn distributor_arg<'a, 'py>(
    obj: &'a Bound<'py, PyAny>,
    function: &str,
) -> PyResult<&'a Bound<'py, PyWrenchDistributor>> {
    obj.cast::<PyWrenchDistributor>().map_err(|_| {
        crate::errors::type_error(format!(
            "`distributor` of {function}(): expected a morsel WrenchDistributor, got {}",
            crate::convert::type_name(obj)
        ))
    })
}

/// Registers `WrenchDistributor`, `wrench_distributor`, `set_stance` and `table`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyWrenchDistributor>()?;
    m.add_function(wrap_pyfunction!(wrench_distributor, m)?)?;
    m.add_function(wrap_pyfunction!(set_stance, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    Ok(())
}
