//! `wrench_distributor(stance, options)`: pymanoid's per-tick wrench distributor with its
//! stability check and table (`morsel_lab::distributor`, the same code as the script's).
//!
//! Python stances are world-placed, so every tick distributes over the stance given (the
//! script's stances on robots re-read their robot instead). `step()` drives it by hand;
//! [`PyWrenchDistributor::process`] is the handle a simulation ticks.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_lab::distributor::{COLUMNS, ComAcceleration, DistributorLog, TickRecord};
use morsel_lab::simulation::{ProcessNotice, TickProcess};
use morsel_stability::Stance;
use nalgebra::Vector3;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{Options, v3_out, vector3_arg};
use crate::errors::{Kind, ToPy, error, value_error};
use crate::stability::{distribution_dict, stance_arg};

/// The stance given and the log of the ticks.
#[derive(Debug)]
struct State {
    stance: Stance,
    log: DistributorLog,
}

/// A shared distributor state: the Python object and the simulation's process handle.
#[derive(Clone, Debug)]
pub struct SharedDistributor(Arc<Mutex<State>>);

impl SharedDistributor {
    fn lock(&self) -> Result<MutexGuard<'_, State>, String> {
        self.0.lock().map_err(|_| {
            "this wrench distributor was left broken by an earlier failure; rebuild it".to_string()
        })
    }

    /// One tick at simulation `time` (`None` by hand) with an explicit or the configured CoM
    /// acceleration: the record and the stability notices.
    fn step(
        &self,
        time: Option<f64>,
        explicit: Option<Vector3<f64>>,
    ) -> Result<(TickRecord, Vec<ProcessNotice>), morsel_lab::LabError> {
        let mut guard = self
            .lock()
            .map_err(|reason| morsel_lab::LabError::Distributor { reason })?;
        let s = &mut *guard;
        let (record, notices) = s.log.step(&s.stance, time, explicit)?;
        Ok((record.clone(), notices))
    }
}

impl TickProcess for SharedDistributor {
    fn label(&self) -> String {
        "wrench_distributor".into()
    }

    fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    fn tick(&self, time: f64, _dt: f64) -> Result<Vec<ProcessNotice>, String> {
        self.step(Some(time), None)
            .map(|(_, n)| n)
            .map_err(|e| e.to_string())
    }
}

/// A per-tick wrench distributor (pymanoid's StanceWrenchDistributor) reusing its solver
/// memory, with a stability check and a log of its ticks.
#[pyclass(frozen, name = "WrenchDistributor", module = "morsel")]
#[derive(Debug)]
pub struct PyWrenchDistributor(SharedDistributor);

impl PyWrenchDistributor {
    /// The handle a simulation ticks (the same state as this object), for `add(sim, d)`.
    pub fn process(&self) -> Arc<dyn TickProcess> {
        Arc::new(self.0.clone())
    }

    fn state(&self) -> PyResult<MutexGuard<'_, State>> {
        self.0.lock().map_err(|e| error(Kind::Other, e))
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
        let st = stance_arg(stance, "`stance` of set_stance()")?;
        let mut s = self.state()?;
        s.log.set_stance(st.clone());
        s.stance = st;
        Ok(())
    }

    /// `table()`: one float64 column per quantity, a row per tick: time, tick, com_x/y/z,
    /// acc_x/y/z, margin, inside, solved, normal_force_total (NaN time for ticks driven by
    /// hand, NaN margin without a bounded polygon).
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let rows = self.state()?.log.table();
        let d = PyDict::new(py);
        for (i, c) in COLUMNS.iter().enumerate() {
            let column: Vec<f64> = rows.iter().map(|r| r[i]).collect();
            d.set_item(*c, PyArray1::from_vec(py, column))?;
        }
        Ok(d)
    }

    /// The records, one dict per tick: {tick, time, status, com, com_acceleration, links,
    /// normal_forces, margin, inside, polygon_area}.
    #[getter]
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let s = self.state()?;
        let out = PyList::empty(py);
        for r in s.log.records() {
            out.append(record_dict(py, r)?)?;
        }
        Ok(out)
    }

    /// The last tick's distribution, or None before the first tick.
    #[getter]
    fn last<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let s = self.state()?;
        s.log.last().map(|d| distribution_dict(py, d)).transpose()
    }

    /// The number of ticks so far.
    #[getter]
    fn ticks(&self) -> PyResult<u64> {
        Ok(self.state()?.log.ticks())
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
    let st = stance_arg(stance, "`stance` of wrench_distributor()")?;
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
    let check_polygon = match o.take("polygon") {
        None => true,
        Some(v) => v
            .cast::<pyo3::types::PyBool>()
            .map(|b| b.is_true())
            .map_err(|_| {
                crate::errors::type_error(format!(
                    "option `polygon` of wrench_distributor(): expected a bool, got {}",
                    crate::convert::type_name(&v)
                ))
            })?,
    };
    o.finish()?;
    let log = DistributorLog::new(st.clone(), acceleration, check_polygon);
    Ok(PyWrenchDistributor(SharedDistributor(Arc::new(
        Mutex::new(State { stance: st, log }),
    ))))
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
