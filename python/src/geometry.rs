//! Shapes, poses and the geometric queries of morsel-geometry.

use std::sync::Arc;

use morsel_geometry::{Shape, ShapeKind, SummaryValue, TriangleMesh, query};
use nalgebra::{Isometry3, Matrix4, Translation3, UnitQuaternion, Vector3};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{
    f64_arg, f64s_arg, finite_arg, finite_point3_arg, point3_arg, points_out, type_name, v3_out,
    vector3_arg,
};
use crate::errors::{ToPy, type_error, value_error};

/// A rigid transform: position (m) and orientation.
#[pyclass(frozen, name = "Pose", module = "morsel")]
#[derive(Clone, Copy, Debug)]
pub struct PyPose(pub Isometry3<f64>);

fn rpy_of(p: &Isometry3<f64>) -> [f64; 3] {
    let (r, p, y) = p.rotation.euler_angles();
    [r, p, y]
}

#[pymethods]
impl PyPose {
    /// `Pose(position=[0,0,0], quaternion=[1,0,0,0])`: a pose from a position and a unit
    /// quaternion [w, x, y, z] (normalised; it must not be zero).
    #[new]
    #[pyo3(signature = (position=None, quaternion=None))]
    fn new(
        position: Option<&Bound<'_, PyAny>>,
        quaternion: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let t = match position {
            Some(p) => vector3_arg(p, "`position` of Pose()")?,
            None => Vector3::zeros(),
        };
        let q = match quaternion {
            Some(q) => quaternion_arg(q, "`quaternion` of Pose()")?,
            None => UnitQuaternion::identity(),
        };
        pose_checked(t, q)
    }

    /// The position (m), shape (3,).
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        v3_out(py, &self.0.translation.vector)
    }

    /// The orientation as a unit quaternion [w, x, y, z].
    #[getter]
    fn quaternion<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        let q = self.0.rotation.quaternion();
        PyArray1::from_slice(py, &[q.w, q.i, q.j, q.k])
    }

    /// Roll, pitch, yaw (rad; about x, then y, then z, fixed frame).
    #[getter]
    fn rpy<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &rpy_of(&self.0))
    }

    /// The homogeneous 4 x 4 matrix.
    #[getter]
    fn matrix<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        let m: Matrix4<f64> = self.0.to_homogeneous();
        let a = ndarray::Array2::from_shape_fn((4, 4), |(i, j)| m[(i, j)]);
        PyArray2::from_owned_array(py, a)
    }

    /// The composition `self * other` (other expressed in self's frame).
    fn __mul__(&self, other: &PyPose) -> PyPose {
        PyPose(self.0 * other.0)
    }

    /// The inverse pose.
    fn inverse(&self) -> PyPose {
        PyPose(self.0.inverse())
    }

    /// The point, given in the pose's frame, expressed in the parent frame.
    fn transform_point<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let p = finite_point3_arg(point, "`point` of transform_point()")?;
        Ok(v3_out(py, &(self.0 * p).coords))
    }

    /// The pose as {position, rpy, quaternion: [w, x, y, z]}.
    #[allow(clippy::wrong_self_convention)] // a pymethod: `self` is borrowed from Python
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("position", self.position(py))?;
        d.set_item("rpy", self.rpy(py))?;
        d.set_item("quaternion", self.quaternion(py))?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        let t = self.0.translation.vector;
        let q = self.0.rotation.quaternion();
        format!(
            "Pose(position=[{}, {}, {}], quaternion=[{}, {}, {}, {}])",
            t.x, t.y, t.z, q.w, q.i, q.j, q.k
        )
    }
}

fn quaternion_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<UnitQuaternion<f64>> {
    let v = f64s_arg(obj, what)?;
    if v.len() != 4 {
        return Err(value_error(format!(
            "{what}: expected 4 numbers [w, x, y, z], got {}",
            v.len()
        )));
    }
    let q = nalgebra::Quaternion::new(v[0], v[1], v[2], v[3]);
    if !q.coords.iter().all(|x| x.is_finite()) || q.norm() < 1e-12 {
        return Err(value_error(format!(
            "{what}: expected a finite, non-zero quaternion, got {v:?}"
        )));
    }
    Ok(UnitQuaternion::from_quaternion(q))
}

fn pose_checked(t: Vector3<f64>, q: UnitQuaternion<f64>) -> PyResult<PyPose> {
    if !t.iter().all(|x| x.is_finite()) {
        return Err(value_error(format!(
            "a pose's position must be finite, got {t:?}"
        )));
    }
    Ok(PyPose(Isometry3::from_parts(Translation3::from(t), q)))
}

/// A pose argument.
pub fn pose_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Isometry3<f64>> {
    obj.cast::<PyPose>().map(|p| p.get().0).map_err(|_| {
        type_error(format!(
            "{what}: expected a morsel.Pose, got {}",
            type_name(obj)
        ))
    })
}

/// A geometric shape in its own frame.
#[pyclass(frozen, name = "Shape", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyShape(pub Shape);

#[pymethods]
impl PyShape {
    /// The shape's kind ("sphere", "box", ...).
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.name()
    }

    /// Whether the shape is a solid (not an open surface).
    #[getter]
    fn is_solid(&self) -> bool {
        self.0.is_solid()
    }

    /// The shape's kind and sizes as a dict.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("kind", self.0.name())?;
        for (key, value) in self.0.kind().summary() {
            match value {
                SummaryValue::Number(x) => d.set_item(key, x)?,
                SummaryValue::Count(n) => d.set_item(key, n)?,
                SummaryValue::Flag(b) => d.set_item(key, b)?,
                SummaryValue::Vector(v) => d.set_item(key, v3_out(py, &v))?,
                SummaryValue::Points(p) => d.set_item(key, points_out(py, &p))?,
            }
        }
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("Shape({})", self.0.name())
    }
}

/// A shape argument.
pub fn shape_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Shape> {
    obj.cast::<PyShape>()
        .map(|s| s.get().0.clone())
        .map_err(|_| {
            type_error(format!(
                "{what}: expected a morsel.Shape, got {}",
                type_name(obj)
            ))
        })
}

/// `pose(pos=None, rpy=None)`: a pose from a position (m) and roll-pitch-yaw (rad).
#[pyfunction]
#[pyo3(signature = (pos=None, rpy=None))]
fn pose(pos: Option<&Bound<'_, PyAny>>, rpy: Option<&Bound<'_, PyAny>>) -> PyResult<PyPose> {
    let t = match pos {
        Some(p) => vector3_arg(p, "`pos` of pose()")?,
        None => Vector3::zeros(),
    };
    let q = match rpy {
        Some(r) => {
            let a = vector3_arg(r, "`rpy` of pose()")?;
            if !a.iter().all(|x| x.is_finite()) {
                return Err(value_error(format!(
                    "`rpy` of pose() must be finite, got {a:?}"
                )));
            }
            UnitQuaternion::from_euler_angles(a.x, a.y, a.z)
        }
        None => UnitQuaternion::identity(),
    };
    pose_checked(t, q)
}

/// `box(hx, hy, hz)`: a box with half-extents (m).
#[pyfunction(name = "box")]
fn box_(hx: &Bound<'_, PyAny>, hy: &Bound<'_, PyAny>, hz: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    let h = Vector3::new(
        f64_arg(hx, "`hx` of box()")?,
        f64_arg(hy, "`hy` of box()")?,
        f64_arg(hz, "`hz` of box()")?,
    );
    Ok(PyShape(Shape::cuboid(h).py()?))
}

/// `sphere(r)`: a ball of radius r (m).
#[pyfunction]
fn sphere(r: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    Ok(PyShape(Shape::sphere(f64_arg(r, "`r` of sphere()")?).py()?))
}

/// `ellipsoid(a, b, c)`: semi-axes along x, y, z (m).
#[pyfunction]
fn ellipsoid(
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    c: &Bound<'_, PyAny>,
) -> PyResult<PyShape> {
    let axes = Vector3::new(
        f64_arg(a, "`a` of ellipsoid()")?,
        f64_arg(b, "`b` of ellipsoid()")?,
        f64_arg(c, "`c` of ellipsoid()")?,
    );
    Ok(PyShape(Shape::ellipsoid(axes).py()?))
}

/// `cylinder(r, half_length)`: a solid cylinder along z (m).
#[pyfunction]
fn cylinder(r: &Bound<'_, PyAny>, half_length: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    Ok(PyShape(
        Shape::cylinder(
            f64_arg(r, "`r` of cylinder()")?,
            f64_arg(half_length, "`half_length` of cylinder()")?,
        )
        .py()?,
    ))
}

/// `capsule(r, half_length)`: a capsule along z (m).
#[pyfunction]
fn capsule(r: &Bound<'_, PyAny>, half_length: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    Ok(PyShape(
        Shape::capsule(
            f64_arg(r, "`r` of capsule()")?,
            f64_arg(half_length, "`half_length` of capsule()")?,
        )
        .py()?,
    ))
}

/// `pipe(r, half_length)`: an open cylinder along z, no caps (m).
#[pyfunction]
fn pipe(r: &Bound<'_, PyAny>, half_length: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    Ok(PyShape(
        Shape::pipe(
            f64_arg(r, "`r` of pipe()")?,
            f64_arg(half_length, "`half_length` of pipe()")?,
        )
        .py()?,
    ))
}

/// `halfspace(normal)`: the solid below the plane through the origin with outward normal.
#[pyfunction]
fn halfspace(normal: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    Ok(PyShape(
        Shape::halfspace(vector3_arg(normal, "`normal` of halfspace()")?).py()?,
    ))
}

/// `mesh(path, scale=1, root=None)`: a triangle mesh from an STL, OBJ or DAE file; with `root`
/// (a folder) the file must lie inside it, without there is no such limit.
#[pyfunction]
#[pyo3(signature = (path, scale=None, *, root=None))]
fn mesh(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    scale: Option<&Bound<'_, PyAny>>,
    root: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyShape> {
    let access = crate::convert::root_arg(root, "`root` of mesh()")?;
    let path = crate::convert::path_arg(path, "`path` of mesh()")?;
    let s = match scale {
        None => Vector3::repeat(1.0),
        Some(s) if s.extract::<f64>().is_ok() => {
            Vector3::repeat(finite_arg(s, "`scale` of mesh()")?)
        }
        Some(s) => vector3_arg(s, "`scale` of mesh()")?,
    };
    let mesh = py
        .detach(|| TriangleMesh::load_with(&path, s, &access))
        .py()?;
    Ok(PyShape(Shape::mesh(Arc::new(mesh)).py()?))
}

/// `convex_hull(points)`: the convex hull of an (n, 3) point set or of a mesh shape's vertices.
/// The hull is computed detached from the interpreter (other Python threads run meanwhile);
/// Ctrl-C stops it (`KeyboardInterrupt`).
#[pyfunction]
fn convex_hull(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<PyShape> {
    if let Ok(s) = points.cast::<PyShape>() {
        return match s.get().0.kind() {
            ShapeKind::Mesh(mesh) => {
                let mesh = Arc::clone(mesh);
                let stop = &crate::interrupt::requested;
                let hull =
                    crate::interrupt::detached(py, || Shape::convex_hull_of_until(&mesh, stop))?;
                Ok(PyShape(hull.py()?))
            }
            _ => Err(type_error(format!(
                "`points` of convex_hull(): expected points or a mesh, got a {}",
                s.get().0.name()
            ))),
        };
    }
    let a = crate::convert::array2_arg(points, "`points` of convex_hull()", Some(3))?;
    let pts: Vec<nalgebra::Point3<f64>> = a
        .as_array()
        .rows()
        .into_iter()
        .map(|r| nalgebra::Point3::new(r[0], r[1], r[2]))
        .collect();
    let stop = &crate::interrupt::requested;
    let hull = crate::interrupt::detached(py, || Shape::convex_hull_until(&pts, stop))?;
    Ok(PyShape(hull.py()?))
}

/// `inverse(pose)`: the inverse pose.
#[pyfunction]
fn inverse(pose: &Bound<'_, PyAny>) -> PyResult<PyPose> {
    Ok(PyPose(pose_arg(pose, "`pose` of inverse()")?.inverse()))
}

/// `transform_point(pose, point)`: the point, given in the pose's frame, in the parent frame.
#[pyfunction]
fn transform_point<'py>(
    py: Python<'py>,
    pose: &Bound<'py, PyAny>,
    point: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let p = pose_arg(pose, "`pose` of transform_point()")?;
    let x = finite_point3_arg(point, "`point` of transform_point()")?;
    Ok(v3_out(py, &(p * x).coords))
}

type Placed = (Shape, Isometry3<f64>, Shape, Isometry3<f64>);

fn placed(
    f: &str,
    a: &Bound<'_, PyAny>,
    pa: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    pb: &Bound<'_, PyAny>,
) -> PyResult<Placed> {
    Ok((
        shape_arg(a, &format!("`a` of {f}()"))?,
        pose_arg(pa, &format!("`pose_a` of {f}()"))?,
        shape_arg(b, &format!("`b` of {f}()"))?,
        pose_arg(pb, &format!("`pose_b` of {f}()"))?,
    ))
}

/// `distance(a, pose_a, b, pose_b)`: distance between two placed shapes (0 when touching).
#[pyfunction]
fn distance(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    pose_a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    pose_b: &Bound<'_, PyAny>,
) -> PyResult<f64> {
    let (a, pa, b, pb) = placed("distance", a, pose_a, b, pose_b)?;
    py.detach(|| query::distance(&a, &pa, &b, &pb)).py()
}

/// `intersects(a, pose_a, b, pose_b)`: whether two placed shapes touch or overlap.
#[pyfunction]
fn intersects(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    pose_a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    pose_b: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let (a, pa, b, pb) = placed("intersects", a, pose_a, b, pose_b)?;
    py.detach(|| query::intersects(&a, &pa, &b, &pb)).py()
}

/// `closest_points(a, pose_a, b, pose_b)`: {distance, points} of separated shapes, or None.
#[pyfunction]
fn closest_points<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    pose_a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    pose_b: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (a, pa, b, pb) = placed("closest_points", a, pose_a, b, pose_b)?;
    let Some(c) = py.detach(|| query::closest_points(&a, &pa, &b, &pb)).py()? else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("distance", c.distance)?;
    d.set_item("points", points_out(py, &[c.point_a, c.point_b]))?;
    Ok(Some(d))
}

/// `contact(a, pose_a, b, pose_b)`: {depth, points, normal (a to b)} or None when apart.
pub fn shape_contact<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    pose_a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    pose_b: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let (a, pa, b, pb) = placed("contact", a, pose_a, b, pose_b)?;
    let Some(c) = py.detach(|| query::contact(&a, &pa, &b, &pb)).py()? else {
        return Ok(None);
    };
    let d = PyDict::new(py);
    d.set_item("depth", c.depth)?;
    d.set_item("points", points_out(py, &[c.point_a, c.point_b]))?;
    d.set_item("normal", v3_out(py, &c.normal))?;
    Ok(Some(d))
}

/// `contains(shape, pose, point)`: whether a point lies inside (or on) a placed solid.
#[pyfunction]
fn contains(
    shape: &Bound<'_, PyAny>,
    pose: &Bound<'_, PyAny>,
    point: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    let s = shape_arg(shape, "`shape` of contains()")?;
    let p = pose_arg(pose, "`pose` of contains()")?;
    let x = point3_arg(point, "`point` of contains()")?;
    query::contains_point(&s, &p, &x).py()
}

/// `project(shape, pose, point)`: {point, inside, signed_distance} of the surface projection.
#[pyfunction]
fn project<'py>(
    py: Python<'py>,
    shape: &Bound<'py, PyAny>,
    pose: &Bound<'py, PyAny>,
    point: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let s = shape_arg(shape, "`shape` of project()")?;
    let p = pose_arg(pose, "`pose` of project()")?;
    let x = point3_arg(point, "`point` of project()")?;
    let r = query::project_point(&s, &p, &x).py()?;
    let d = PyDict::new(py);
    d.set_item("point", v3_out(py, &r.point.coords))?;
    d.set_item("inside", r.inside)?;
    d.set_item("signed_distance", r.signed_distance)?;
    Ok(d)
}

/// Registers the geometry classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPose>()?;
    m.add_class::<PyShape>()?;
    m.add_function(wrap_pyfunction!(pose, m)?)?;
    m.add_function(wrap_pyfunction!(box_, m)?)?;
    m.add_function(wrap_pyfunction!(sphere, m)?)?;
    m.add_function(wrap_pyfunction!(ellipsoid, m)?)?;
    m.add_function(wrap_pyfunction!(cylinder, m)?)?;
    m.add_function(wrap_pyfunction!(capsule, m)?)?;
    m.add_function(wrap_pyfunction!(pipe, m)?)?;
    m.add_function(wrap_pyfunction!(halfspace, m)?)?;
    m.add_function(wrap_pyfunction!(mesh, m)?)?;
    m.add_function(wrap_pyfunction!(convex_hull, m)?)?;
    m.add_function(wrap_pyfunction!(inverse, m)?)?;
    m.add_function(wrap_pyfunction!(transform_point, m)?)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(intersects, m)?)?;
    m.add_function(wrap_pyfunction!(closest_points, m)?)?;
    m.add_function(wrap_pyfunction!(contains, m)?)?;
    m.add_function(wrap_pyfunction!(project, m)?)?;
    Ok(())
}
