//! The kinematic simulation (`simulation`, `add`, `step`, `run`), the armature pose sensor
//! (`pose_sensor`, `read`) and recorders (`record`): morsel-lab's loop, the one the Rhai shell
//! runs, so the same calls give the same numbers.

use morsel_kinematics::ArmaturePoseSensor;
use morsel_lab::simulation::{RecordKind, Recorder, SimEvent, Simulation};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::path_arg;
use crate::convert::{Options, f64_arg, rows_out, string_arg, type_name};
use crate::distributor::PyWrenchDistributor;
use crate::errors::{Kind, ToPy, error, type_error};
use crate::kinematics::{PyRobot, robot_arg};
use crate::sensing::scene_arg;
use crate::taxels::PyTaxels;

/// A fixed-step kinematic simulation: each step advances the clock by dt and runs its
/// processes (armatures, recorders) in the order they were added.
#[pyclass(frozen, name = "Simulation", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PySimulation(pub Simulation);

/// The armature pose sensor of one robot.
#[pyclass(frozen, name = "PoseSensor", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyPoseSensor(PyRobot);

/// A recorder: one row per simulation step, the time first.
#[pyclass(frozen, name = "Recorder", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyRecorder(pub Recorder);

fn event_dict<'py>(py: Python<'py>, e: &SimEvent) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("time", e.time)?;
    d.set_item("robot", &e.robot)?;
    d.set_item("kind", e.kind)?;
    d.set_item("detail", &e.detail)?;
    Ok(d)
}

#[pymethods]
impl PySimulation {
    /// `add(sim, arm)`: adds a robot's armature process (its clock joins the simulation's);
    /// `add(sim, distributor)`: a wrench distributor that steps on every tick.
    fn add(&self, arm: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(d) = arm.cast::<PyWrenchDistributor>() {
            return self.0.add_process(d.get().process()).py();
        }
        let r = robot_arg(arm, "`arm` of add()")?;
        self.0.add(&r.lab).py()
    }

    /// `record(sim, arm, what)` (what "pose" or a link name) or `record(sim, sensor)`: adds a
    /// recorder, which samples now and after every step; returns it. `record(sim, taxels,
    /// scene)`: a TaxelRecorder of the taxels' probe forces on that scene.
    #[pyo3(signature = (source, what=None))]
    fn record<'py>(
        &self,
        source: &Bound<'py, PyAny>,
        what: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = source.py();
        if let Ok(t) = source.cast::<PyTaxels>() {
            let Some(scene) = what else {
                return Err(type_error(
                    "record(sim, taxels, scene): give the scene the taxels read",
                ));
            };
            let sc = scene_arg(scene, "`scene` of record()")?;
            let rec = crate::taxel_recorder::record(&self.0, t.clone().unbind(), sc)?;
            return Ok(Bound::new(py, rec)?.into_any());
        }
        let (robot, kind) = if let Ok(s) = source.cast::<PyPoseSensor>() {
            if what.is_some() {
                return Err(type_error(
                    "record(sim, sensor) takes no third argument; use record(sim, arm, what)",
                ));
            }
            (s.get().0.clone(), RecordKind::Pose)
        } else {
            let r = robot_arg(source, "`arm` of record()").map_err(|_| {
                type_error(format!(
                    "record(): expected a morsel.Robot, a morsel.PoseSensor or morsel.Taxels, got {}",
                    type_name(source)
                ))
            })?;
            let Some(what) = what else {
                return Err(type_error(
                    "record(sim, arm, what): give what to record, \"pose\" or a link name",
                ));
            };
            let what = string_arg(what, "`what` of record()")?;
            (r, RecordKind::from_what(&what))
        };
        let rec = Recorder::new(robot.lab, kind).py()?;
        self.0.add_recorder(&rec).py()?;
        Ok(Bound::new(py, PyRecorder(rec))?.into_any())
    }

    /// `step(sim)`: advances by one step.
    fn step(&self, py: Python<'_>) -> PyResult<()> {
        let sim = self.0.clone();
        py.detach(|| sim.step()).py()
    }

    /// `run(sim, seconds)`: runs the whole number of steps nearest to `seconds`; returns it.
    /// Ctrl-C stops it between steps (`KeyboardInterrupt`).
    fn run(&self, py: Python<'_>, seconds: &Bound<'_, PyAny>) -> PyResult<u64> {
        let t = f64_arg(seconds, "`seconds` of run()")?;
        let sim = self.0.clone();
        crate::interrupt::detached(py, || sim.run(t))?.py()
    }

    /// The simulation time (s).
    #[getter]
    fn time(&self) -> PyResult<f64> {
        self.0.time().py()
    }

    /// The time step (s).
    #[getter]
    fn dt(&self) -> PyResult<f64> {
        self.0.dt().py()
    }

    /// Completed motions and warnings: [{time, robot, kind, detail}].
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        for e in self.0.events().py()? {
            out.append(event_dict(py, &e)?)?;
        }
        Ok(out)
    }

    /// `to_map(sim)`: {time, dt, events}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("time", self.time()?)?;
        d.set_item("dt", self.dt()?)?;
        d.set_item("events", self.events(py)?)?;
        Ok(d)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "Simulation(time {} s, dt {} s)",
            self.0.time().py()?,
            self.0.dt().py()?
        ))
    }
}

#[pymethods]
impl PyPoseSensor {
    /// `read(sensor)`: {time, joint: value, ...} now.
    fn read<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let pose = self.0.lab.with(|a| Ok(ArmaturePoseSensor::read(a))).py()?;
        let d = PyDict::new(py);
        for (j, v) in &pose.joints {
            d.set_item(j, *v)?;
        }
        d.set_item("time", pose.time)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("PoseSensor({:?})", self.0.lab.name())
    }
}

#[pymethods]
impl PyRecorder {
    /// Column names, "time" first.
    #[getter]
    fn columns(&self) -> PyResult<Vec<String>> {
        Ok(self.0.table().py()?.0)
    }

    /// The rows recorded so far, shape (rows, columns).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let (columns, rows) = self.0.table().py()?;
        let n = rows.len();
        rows_out(py, n, columns.len(), rows.concat())
    }

    /// `to_map(recorder)`: {column: values}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (columns, rows) = self.0.table().py()?;
        let d = PyDict::new(py);
        for (i, c) in columns.iter().enumerate() {
            let col: Vec<f64> = rows.iter().map(|r| r[i]).collect();
            d.set_item(c, PyArray1::from_vec(py, col))?;
        }
        Ok(d)
    }

    /// `save(recorder, path)`: writes the recording by extension (morsel-lab's encoding, the
    /// same bytes as a script's): `.csv` columns in recording order, `.npy` the rows, `.json`
    /// {column: values}. The path is relative to the working folder.
    fn save(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let target = path_arg(path, "`path` of save()")?;
        let name = target.to_string_lossy().into_owned();
        let rec = self.0.clone();
        let bytes = py.detach(|| rec.encode(&name)).py()?;
        std::fs::write(&target, bytes).map_err(|e| {
            let kind = if e.kind() == std::io::ErrorKind::NotFound {
                Kind::File
            } else {
                Kind::Other
            };
            error(kind, format!("cannot write {name}: {e}"))
        })
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.0.table().py()?.1.len())
    }

    fn __repr__(&self) -> PyResult<String> {
        let (c, r) = self.0.table().py()?;
        Ok(format!("Recorder({} columns, {} rows)", c.len(), r.len()))
    }
}

/// `simulation(options=None, **kwargs)`: a simulation at time 0; options dt (s, default 0.01)
/// and record_poses (bool, default False: record every link's pose each step, which saving
/// the simulation as an animation needs).
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn simulation(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PySimulation> {
    let mut o = Options::new("simulation", options)?.merge(kwargs)?;
    let dt = o.f64("dt")?.unwrap_or(0.01);
    let record_poses = o.bool("record_poses")?.unwrap_or(false);
    o.finish()?;
    Ok(PySimulation(
        Simulation::with_pose_record(dt, record_poses).py()?,
    ))
}

/// `pose_sensor(arm)`: the armature pose sensor of a robot (read it, or record it).
#[pyfunction]
fn pose_sensor(arm: &Bound<'_, PyAny>) -> PyResult<PyPoseSensor> {
    Ok(PyPoseSensor(robot_arg(arm, "`arm` of pose_sensor()")?))
}

/// Registers the simulation classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySimulation>()?;
    m.add_class::<PyPoseSensor>()?;
    m.add_class::<PyRecorder>()?;
    m.add_function(wrap_pyfunction!(simulation, m)?)?;
    m.add_function(wrap_pyfunction!(pose_sensor, m)?)?;
    Ok(())
}
