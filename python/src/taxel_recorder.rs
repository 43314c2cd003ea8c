//! `record(sim, taxels, scene)`: the taxels' probe forces recorded by a simulation, as the
//! script's TaxelRecorder: a tick process that reads the scene once when it is added and then
//! after every step (once the robots have moved), one row per reading: the time, then each
//! probe's newest force (link frame) as `probe<i>.fx`, `probe<i>.fy`, `probe<i>.fz`.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_lab::simulation::{ProcessNotice, Simulation, TickProcess};
use morsel_lab::taxel_table::TaxelTable;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::rows_out;
use crate::errors::ToPy;
use crate::sensing::PyScene;
use crate::taxels::PyTaxels;

#[derive(Debug)]
struct State {
    taxels: Py<PyTaxels>,
    scene: PyScene,
    table: TaxelTable,
}

/// A taxel recorder: one row per simulation step, the time then every probe's force.
#[pyclass(frozen, name = "TaxelRecorder", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyTaxelRecorder(Arc<Mutex<State>>);

impl PyTaxelRecorder {
    fn lock(&self) -> PyResult<MutexGuard<'_, State>> {
        crate::locking::lock(
            &self.0,
            "this taxel recorder was left broken by an earlier failure; record again",
        )
    }

    fn sample(&self, time: f64) -> PyResult<()> {
        let mut s = self.lock()?;
        let reading = s.taxels.get().read_scene(&s.scene, false)?;
        s.table.push(time, &reading);
        Ok(())
    }

    fn table(&self) -> PyResult<(Vec<String>, Vec<Vec<f64>>)> {
        let s = self.lock()?;
        Ok((s.table.columns.clone(), s.table.rows.clone()))
    }
}

impl TickProcess for PyTaxelRecorder {
    fn label(&self) -> String {
        "taxel recorder".into()
    }

    fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    fn tick(&self, time: f64, _dt: f64) -> Result<Vec<ProcessNotice>, String> {
        self.sample(time).map_err(|e| e.to_string())?;
        Ok(Vec::new())
    }
}

/// Makes the recorder, samples the scene now and adds it to the simulation.
pub fn record(sim: &Simulation, taxels: Py<PyTaxels>, scene: PyScene) -> PyResult<PyTaxelRecorder> {
    let probes = taxels.get().config.probe_local_pos.len();
    let recorder = PyTaxelRecorder(Arc::new(Mutex::new(State {
        taxels,
        scene,
        table: TaxelTable::new(probes),
    })));
    recorder.sample(sim.time().py()?)?;
    sim.add_process(Arc::new(recorder.clone())).py()?;
    Ok(recorder)
}

#[pymethods]
impl PyTaxelRecorder {
    /// Column names: "time", then probe<i>.fx, probe<i>.fy, probe<i>.fz.
    #[getter]
    fn columns(&self) -> PyResult<Vec<String>> {
        Ok(self.table()?.0)
    }

    /// The rows recorded so far, shape (rows, 1 + 3 probes).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let (columns, rows) = self.table()?;
        let n = rows.len();
        rows_out(py, n, columns.len(), rows.concat())
    }

    /// `to_map(recorder)`: {column: values}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (columns, rows) = self.table()?;
        let d = PyDict::new(py);
        for (i, c) in columns.iter().enumerate() {
            let col: Vec<f64> = rows.iter().map(|r| r[i]).collect();
            d.set_item(c, PyArray1::from_vec(py, col))?;
        }
        Ok(d)
    }

    /// `save(recorder, path)`: `.csv` with a header in column order (time first), `.json` as
    /// columns (morsel-lab's table encoding, the same bytes as a script's). The path is relative
    /// to the working folder.
    fn save(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let (columns, rows) = self.table()?;
        crate::table_save::save_table(py, path, &columns, &rows)
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.lock()?.table.rows.len())
    }

    fn __repr__(&self) -> PyResult<String> {
        let (c, r) = self.table()?;
        Ok(format!(
            "TaxelRecorder({} probes, {} rows)",
            (c.len() - 1) / 3,
            r.len()
        ))
    }
}

/// Registers the `TaxelRecorder` class (made by `Simulation.record(taxels, scene)`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaxelRecorder>()
}
