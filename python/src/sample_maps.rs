//! Sample maps and collision boundaries as Python objects: NumPy float64 properties (`rows`
//! `(n, k + 1)`, `values` `(n,)`, `grid` shaped by `steps`, `points` `(n, k)`), `len()`,
//! `to_map()`, `to_jointspace`, `jacobian` and `save`. The numbers come from
//! `morsel_jointspace`; the file formats from `morsel_lab::save`, as for scripts.

use std::collections::BTreeMap;
use std::path::Path;

use morsel_jointspace::{Boundary, SampleMap};
use morsel_lab::Value;
use morsel_lab::gltf::Drawing;
use ndarray::{Array2, ArrayView2};
use numpy::{PyArray1, PyArray2, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{path_arg, type_name};
use crate::errors::{ToPy, save_error, type_error, value_error};

/// Sampled configurations, one value each (a grid or random draws).
#[pyclass(frozen, name = "SampleMap", module = "morsel")]
pub struct PySampleMap(pub(crate) SampleMap);

/// Configurations on the collision boundary.
#[pyclass(frozen, name = "Boundary", module = "morsel")]
pub struct PyBoundary(pub(crate) Boundary);

fn boundary_arg<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<&'a Boundary> {
    obj.cast::<PyBoundary>().map(|b| &b.get().0).map_err(|_| {
        type_error(format!(
            "{what}: expected a Boundary, got {}",
            type_name(obj)
        ))
    })
}

fn rows_value(rows: ArrayView2<'_, f64>) -> Value {
    Value::List(
        rows.rows()
            .into_iter()
            .map(|r| Value::List(r.iter().map(|&x| Value::Float(x)).collect()))
            .collect(),
    )
}

fn ranges_value(ranges: &[[f64; 2]]) -> Vec<Vec<f64>> {
    ranges.iter().map(|r| r.to_vec()).collect()
}

fn strings_value(names: &[String]) -> Value {
    Value::List(names.iter().map(|n| Value::Str(n.clone())).collect())
}

fn ranges_plain(ranges: &[[f64; 2]]) -> Value {
    Value::List(
        ranges
            .iter()
            .map(|r| Value::List(vec![Value::Float(r[0]), Value::Float(r[1])]))
            .collect(),
    )
}

/// A map's `to_map()` as plain data (what `.json` holds).
fn map_plain(m: &SampleMap) -> Value {
    let mut out = BTreeMap::new();
    out.insert("joints".into(), strings_value(m.joints()));
    out.insert("ranges".into(), ranges_plain(m.ranges()));
    if let Some(steps) = m.steps() {
        let steps = steps.iter().map(|&s| Value::Int(s as i64)).collect();
        out.insert("steps".into(), Value::List(steps));
    }
    out.insert("quantity".into(), Value::Str(m.quantity().label()));
    out.insert("rows".into(), rows_value(m.rows().view()));
    Value::Map(out)
}

/// A boundary's `to_map()` as plain data.
fn boundary_plain(b: &Boundary) -> Value {
    let mut out = BTreeMap::new();
    out.insert("joints".into(), strings_value(b.joints()));
    out.insert("ranges".into(), ranges_plain(b.ranges()));
    out.insert("precision".into(), Value::Float(b.precision()));
    let periodic = b.periods().iter().any(Option::is_some);
    out.insert("periodic".into(), Value::Bool(periodic));
    out.insert("points".into(), rows_value(b.points().view()));
    Value::Map(out)
}

/// Writes rows (`.npy`, `.csv`) or `map` (`.json`) through the lab's encoders.
fn save_rows(path: &Bound<'_, PyAny>, rows: ArrayView2<'_, f64>, map: Value) -> PyResult<()> {
    let target = path_arg(path, "`path` of save()")?;
    let name = target.to_string_lossy().into_owned();
    let json = target
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let plain = if json { map } else { rows_value(rows) };
    morsel_lab::save::write(&name, Path::new(&target), &plain)
        .map(|_| ())
        .map_err(|e| save_error(&name, e))
}

#[pymethods]
impl PySampleMap {
    /// Rows [q_1 .. q_k, value], float64 `(n, k + 1)`.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        PyArray2::from_owned_array(py, self.0.rows().clone())
    }
    /// The values (last column of `rows`), float64 `(n,)`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_owned_array(py, self.0.values().to_owned())
    }
    /// For grids, the values as an n-d float64 array of shape `steps`: `grid[i_1, .., i_k]` is
    /// the value at the i_1-th value of the first joint, and so on. None for random maps.
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArrayDyn<f64>>> {
        self.0
            .grid()
            .map(|g| PyArrayDyn::from_owned_array(py, g.as_standard_layout().into_owned()))
    }
    /// The number of samples in collision (value <= 0).
    #[getter]
    fn collisions(&self) -> usize {
        self.0.values().iter().filter(|&&v| v <= 0.0).count()
    }
    /// The sampled joints.
    #[getter]
    fn joints(&self) -> Vec<String> {
        self.0.joints().to_vec()
    }
    /// The joints' ranges, [[lo, hi], ...].
    #[getter]
    fn ranges(&self) -> Vec<Vec<f64>> {
        ranges_value(self.0.ranges())
    }
    /// What the values are.
    #[getter]
    fn quantity(&self) -> String {
        self.0.quantity().label()
    }
    /// Steps per joint for grids (None for random maps).
    #[getter]
    fn steps(&self) -> Option<Vec<usize>> {
        self.0.steps().map(<[usize]>::to_vec)
    }
    /// {joints, ranges, steps (grids only), quantity, rows}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("joints", self.joints())?;
        d.set_item("ranges", self.ranges())?;
        if let Some(s) = self.steps() {
            d.set_item("steps", s)?;
        }
        d.set_item("quantity", self.quantity())?;
        d.set_item("rows", self.rows(py))?;
        Ok(d)
    }
    /// The same samples valued by their signed joint-space distance to the nearest boundary
    /// point (negative in collision).
    fn to_jointspace(&self, py: Python<'_>, boundary: &Bound<'_, PyAny>) -> PyResult<PySampleMap> {
        let b = boundary_arg(boundary, "`boundary` of to_jointspace()")?;
        let m = &self.0;
        let out = py
            .detach(|| m.to_jointspace(b).map_err(Box::new))
            .map_err(|e| *e)
            .py()?;
        Ok(PySampleMap(out))
    }
    /// Rows [q, J] of the joint-space distance's Jacobian (q − nearest) / d, float64
    /// `(n, 2k)`.
    fn jacobian<'py>(
        &self,
        py: Python<'py>,
        boundary: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let b = boundary_arg(boundary, "`boundary` of jacobian()")?;
        let m = &self.0;
        let j: Array2<f64> = py
            .detach(|| m.jacobian(b).map_err(Box::new))
            .map_err(|e| *e)
            .py()?;
        Ok(PyArray2::from_owned_array(py, j))
    }
    /// Writes the map: `.npy` and `.csv` hold the rows [q_1 .. q_k, value]; `.json` its
    /// `to_map()`.
    fn save(&self, path: &Bound<'_, PyAny>) -> PyResult<()> {
        save_rows(path, self.0.rows().view(), map_plain(&self.0))
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        let shape = self.0.steps().map_or_else(
            || format!("{} random samples", self.0.len()),
            |s| {
                let dims: Vec<String> = s.iter().map(ToString::to_string).collect();
                format!("{} grid", dims.join(" x "))
            },
        );
        format!(
            "SampleMap({shape} over {:?}, {}, {} in collision)",
            self.0.joints(),
            self.0.quantity().label(),
            self.collisions()
        )
    }
}

#[pymethods]
impl PyBoundary {
    /// The points, float64 `(n, k)`.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        PyArray2::from_owned_array(py, self.0.points().clone())
    }
    /// The points with their periodic copies, float64 `(m, k)`.
    #[getter]
    fn extended_points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        PyArray2::from_owned_array(py, self.0.extended_points())
    }
    /// The sampled joints.
    #[getter]
    fn joints(&self) -> Vec<String> {
        self.0.joints().to_vec()
    }
    /// The joints' ranges, [[lo, hi], ...].
    #[getter]
    fn ranges(&self) -> Vec<Vec<f64>> {
        ranges_value(self.0.ranges())
    }
    /// Whether some joint is periodic.
    #[getter]
    fn periodic(&self) -> bool {
        self.0.periods().iter().any(Option::is_some)
    }
    /// The bisection precision (joint-space length).
    #[getter]
    fn precision(&self) -> f64 {
        self.0.precision()
    }
    /// {joints, ranges, precision, periodic, points}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("joints", self.joints())?;
        d.set_item("ranges", self.ranges())?;
        d.set_item("precision", self.precision())?;
        d.set_item("periodic", self.periodic())?;
        d.set_item("points", self.points(py))?;
        Ok(d)
    }
    /// Writes the points: `.npy` and `.csv` hold the rows [q_1 .. q_k]; `.json` its
    /// `to_map()`; `.glb`, `.gltf` and `.html` draw them (2 or 3 joints).
    fn save(&self, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let target = path_arg(path, "`path` of save()")?;
        let name = target.to_string_lossy().into_owned();
        if morsel_lab::view::is_view_path(&name) {
            let stem = target
                .file_stem()
                .map_or_else(|| "morsel".into(), |s| s.to_string_lossy().into_owned());
            let drawing = Drawing::from_boundary(&stem, &self.0)
                .map_err(|reason| value_error(format!("cannot save {name}: {reason}")))?;
            return morsel_lab::view::write(&name, &target, &drawing)
                .map(|_| ())
                .map_err(|e| value_error(e.to_string()));
        }
        save_rows(path, self.0.points().view(), boundary_plain(&self.0))
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!(
            "Boundary({} points over {:?}, precision {})",
            self.0.len(),
            self.0.joints(),
            self.0.precision()
        )
    }
}
