//! Sensor points and sensor meshes of shapes (MIMo's sensor-point rules).

use morsel_geometry::{SensorMesh, SensorPoints};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{count_arg, f64_arg, points_out, vectors_out};
use crate::errors::{ToPy, value_error};
use crate::geometry::shape_arg;

/// Points spread over a shape's surface, with outward normals, in the shape's frame.
#[pyclass(frozen, name = "SensorPoints", module = "morsel")]
pub struct PySensorPoints(SensorPoints);

#[pymethods]
impl PySensorPoints {
    /// The points, (n, 3).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        points_out(py, &self.0.points)
    }
    /// The outward unit normals, (n, 3).
    #[getter]
    fn normals<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        vectors_out(py, &self.0.normals)
    }
    /// {points, normals}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("points", self.points(py))?;
        d.set_item("normals", self.normals(py))?;
        Ok(d)
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!("SensorPoints({} points)", self.0.len())
    }
}

/// The sensor points joined into a triangle mesh (vertex i is sensor point i).
#[pyclass(frozen, name = "SensorMesh", module = "morsel")]
pub struct PySensorMesh(SensorMesh);

#[pymethods]
impl PySensorMesh {
    /// The vertices, (n, 3).
    #[getter]
    fn vertices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        points_out(py, self.0.vertices())
    }
    /// The vertex normals, (n, 3).
    #[getter]
    fn normals<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        vectors_out(py, self.0.normals())
    }
    /// The triangles as vertex indices, (m, 3) int64.
    #[getter]
    fn faces<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let flat: Vec<i64> = self
            .0
            .faces()
            .iter()
            .flatten()
            .map(|&i| i64::from(i))
            .collect();
        let n = self.0.faces().len();
        numpy::PyArray1::from_vec(py, flat)
            .reshape([n, 3])
            .map_err(|e| value_error(e.to_string()))
    }
    /// The vertices that share a triangle edge with vertex i, in increasing order.
    fn neighbours(&self, i: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
        let i = count_arg(i, "`i` of neighbours()", "a vertex index")?;
        if i >= self.0.len() {
            return Err(value_error(format!(
                "`i` of neighbours(): a vertex index below {}, got {i}",
                self.0.len()
            )));
        }
        Ok(self.0.neighbours(i).to_vec())
    }
    /// {vertices, normals, faces}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("vertices", self.vertices(py))?;
        d.set_item("normals", self.normals(py))?;
        d.set_item("faces", self.faces(py)?)?;
        Ok(d)
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!(
            "SensorMesh({} vertices, {} faces)",
            self.0.len(),
            self.0.faces().len()
        )
    }
}

/// `sensor_points(shape, resolution)`: points about `resolution` apart (m) over the surface,
/// with outward normals, in the shape's frame (MIMo's rules for primitives).
#[pyfunction]
fn sensor_points(
    py: Python<'_>,
    shape: &Bound<'_, PyAny>,
    resolution: &Bound<'_, PyAny>,
) -> PyResult<PySensorPoints> {
    let s = shape_arg(shape, "`shape` of sensor_points()")?;
    let r = f64_arg(resolution, "`resolution` of sensor_points()")?;
    Ok(PySensorPoints(py.detach(|| s.sensor_points(r)).py()?))
}

/// `sensor_mesh(shape, resolution)`: the sensor points joined into a triangle mesh.
#[pyfunction]
fn sensor_mesh(
    py: Python<'_>,
    shape: &Bound<'_, PyAny>,
    resolution: &Bound<'_, PyAny>,
) -> PyResult<PySensorMesh> {
    let s = shape_arg(shape, "`shape` of sensor_mesh()")?;
    let r = f64_arg(resolution, "`resolution` of sensor_mesh()")?;
    Ok(PySensorMesh(py.detach(|| s.sensor_mesh(r)).py()?))
}

/// Registers the sensor-point classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySensorPoints>()?;
    m.add_class::<PySensorMesh>()?;
    m.add_function(wrap_pyfunction!(sensor_points, m)?)?;
    m.add_function(wrap_pyfunction!(sensor_mesh, m)?)?;
    Ok(())
}
