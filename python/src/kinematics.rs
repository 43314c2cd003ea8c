//! Robots (MJCF and URDF models) and the kinematics algorithms: fk, com, geoms, mass,
//! jacobian.
//!
//! A configuration `q` is a dict {joint: value} (unnamed joints keep their reference values,
//! MuJoCo's qpos0 for MJCF robots; a ball joint takes [w, x, y, z], a free joint
//! [x, y, z, w, x, y, z]) or a sequence of `robot.nq` numbers in the model's layout, which is
//! MuJoCo's qpos (the order of `get_joints`).

use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use morsel_kinematics::mjcf::{configuration_from_joint_values, configuration_from_qpos};
use morsel_kinematics::urdf::{RootJoint, UrdfOptions};
use morsel_kinematics::{
    Data, JacobianConvention, Model, center_of_mass, forward_kinematics, frame_jacobian_at,
    geom_aabb,
};
use morsel_lab::simulation::Robot as LabRobot;
use nalgebra::{DVector, Isometry3};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{
    Options, f64_arg, f64s_arg, optional_string_arg, path_arg, points_out, rows_out, string_arg,
    type_name, v3_out,
};
use crate::errors::{Kind, ToPy, error, type_error};
use crate::geometry::PyPose;

/// A robot's model and its current state, mirrored from its shared armature (the state that
/// simulations, armature services and `set_q`/`morsel.mujoco.sync` change).
#[derive(Debug)]
pub struct RobotState {
    /// The immutable model.
    pub model: Arc<Model>,
    /// The current configuration (model layout).
    pub q: DVector<f64>,
    /// Where the base sits in the world.
    pub placement: Isometry3<f64>,
    /// Scratch for forward kinematics.
    pub data: Data,
    /// Whether `data` holds the forward kinematics of `q`.
    pub fresh: bool,
    /// Buffers of the dynamics algorithms, made at their first use.
    pub dynamics: Option<morsel_kinematics::DynamicsData>,
}

impl RobotState {
    /// World poses of the links for the current configuration (placement included).
    pub fn update(&mut self) -> PyResult<()> {
        if !self.fresh {
            forward_kinematics(&self.model, &mut self.data, self.q.as_slice()).py()?;
            self.fresh = true;
        }
        Ok(())
    }
}

/// A robot: loaded with `mjcf(path)` or `urdf(path)`, or built with `armature(name)`.
///
/// `lab` is the shared robot of morsel-lab (the one the Rhai shell uses too): its armature
/// is the state that services and simulations move; `cache` mirrors it for forward kinematics
/// and is made at the robot's first use (an armature under construction has no model yet).
#[pyclass(frozen, name = "Robot", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyRobot {
    /// The shared robot of morsel-lab.
    pub lab: LabRobot,
    cache: Arc<OnceLock<Mutex<RobotState>>>,
}

impl PyRobot {
    fn from_model(model: Model) -> PyResult<Self> {
        let name = model.name().to_string();
        Ok(Self::from_lab(LabRobot::from_model(name, model).py()?))
    }

    /// A Python robot over a morsel-lab robot.
    pub fn from_lab(lab: LabRobot) -> Self {
        PyRobot {
            lab,
            cache: Arc::new(OnceLock::new()),
        }
    }

    fn cache(&self) -> PyResult<&Mutex<RobotState>> {
        if let Some(c) = self.cache.get() {
            return Ok(c);
        }
        let model = self.lab.model().py()?;
        let data = Data::new(&model);
        let _ = self.cache.set(Mutex::new(RobotState {
            q: model.reference_configuration().clone(),
            model,
            placement: Isometry3::identity(),
            data,
            fresh: false,
            dynamics: None,
        }));
        self.cache
            .get()
            .ok_or_else(|| error(Kind::Other, "the robot's state could not be made"))
    }

    /// The state, locked and brought up to date with the armature and the placement.
    pub fn lock(&self) -> PyResult<MutexGuard<'_, RobotState>> {
        let mut s = crate::locking::lock(
            self.cache()?,
            "this robot was left broken by an earlier failure; load it again",
        )?;
        let (q, placement) = self.lab.configuration_and_placement().py()?;
        if q != s.q {
            s.q = q;
            s.fresh = false;
        }
        s.placement = placement;
        Ok(s)
    }

    /// Runs `f` with the model and the robot's dynamics buffers (made at the first call; the
    /// robot's own state is not read).
    pub fn with_dynamics<T>(
        &self,
        f: impl FnOnce(&Model, &mut morsel_kinematics::DynamicsData) -> PyResult<T>,
    ) -> PyResult<T> {
        let mut s = crate::locking::lock(
            self.cache()?,
            "this robot was left broken by an earlier failure; load it again",
        )?;
        let s = &mut *s;
        let model = Arc::clone(&s.model);
        let data = s
            .dynamics
            .get_or_insert_with(|| morsel_kinematics::DynamicsData::new(&model));
        f(&model, data)
    }

    /// The model (building an armature under construction).
    pub fn model(&self) -> PyResult<Arc<Model>> {
        self.lab.model().py()
    }

    /// Sets the configuration: the armature's, mirrored here.
    fn set_configuration(&self, q: DVector<f64>) -> PyResult<()> {
        let mut s = self.lock()?;
        self.lab.with(|a| a.set_configuration(q.as_slice())).py()?;
        s.q = q;
        s.fresh = false;
        Ok(())
    }
}

#[pymethods]
impl PyRobot {
    /// The robot's name.
    #[getter]
    fn name(&self) -> String {
        self.lab.name()
    }

    /// True while an armature motion (rotate, trajectory, moving IK target...) is in progress.
    #[getter]
    fn is_moving(&self) -> PyResult<bool> {
        self.lab.with(|a| Ok(a.is_moving())).py()
    }

    /// The armature's clock (s), which a simulation advances.
    #[getter]
    fn time(&self) -> PyResult<f64> {
        self.lab.with(|a| Ok(a.time())).py()
    }

    /// The number of configuration values.
    #[getter]
    fn nq(&self) -> PyResult<usize> {
        Ok(self.model()?.nq())
    }

    /// The number of velocity values (columns of a Jacobian).
    #[getter]
    fn nv(&self) -> PyResult<usize> {
        Ok(self.model()?.nv())
    }

    /// The current configuration (model layout), shape (nq,).
    #[getter]
    fn q<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(PyArray1::from_slice(py, self.lock()?.q.as_slice()))
    }

    /// Joint names in model order.
    #[getter]
    fn joints(&self) -> PyResult<Vec<String>> {
        Ok(self
            .model()?
            .joints()
            .iter()
            .map(|j| j.name().to_string())
            .collect())
    }

    /// Link and frame names in the order of fk_batch's second axis (the keys of fk()).
    #[getter]
    fn frames(&self) -> PyResult<Vec<String>> {
        Ok(self
            .model()?
            .frames()
            .iter()
            .map(|f| f.name().to_string())
            .collect())
    }

    /// [{joint, kind, idx_q, nq}]: where each joint's values sit in q.
    #[getter]
    fn configuration_layout<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let model = self.model()?;
        let out = PyList::empty(py);
        for e in model.configuration_layout() {
            let d = PyDict::new(py);
            d.set_item("joint", &e.joint)?;
            d.set_item("kind", e.kind.name())?;
            d.set_item("idx_q", e.idx_q)?;
            d.set_item("nq", e.nq)?;
            out.append(d)?;
        }
        Ok(out)
    }

    /// The base's placement in the world.
    #[getter]
    fn placement(&self) -> PyResult<PyPose> {
        Ok(PyPose(self.lock()?.placement))
    }

    /// Sets the current configuration (dict or nq values, as fk's q).
    fn set_q(&self, q: &Bound<'_, PyAny>) -> PyResult<()> {
        let model = self.model()?;
        let q = configuration_arg(&model, q, "set_q")?;
        self.set_configuration(q)
    }

    /// Sets the current configuration from MuJoCo's qpos (the model's own layout; errors name
    /// qpos indices).
    fn set_qpos(&self, qpos: &Bound<'_, PyAny>) -> PyResult<()> {
        let v = f64s_arg(qpos, "`qpos` of set_qpos()")?;
        let model = self.model()?;
        let q = configuration_from_qpos(&model, &v).py()?;
        self.set_configuration(q)
    }

    fn __repr__(&self) -> PyResult<String> {
        if self.cache.get().is_none() {
            return Ok(format!("Robot({:?})", self.lab.name()));
        }
        let m = self.model()?;
        Ok(format!(
            "Robot({:?}, {} joints, nq={})",
            m.name(),
            m.joints().len(),
            m.nq()
        ))
    }
}

/// A robot argument.
pub fn robot_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<PyRobot> {
    obj.cast::<PyRobot>().map(|r| r.get().clone()).map_err(|_| {
        type_error(format!(
            "{what}: expected a morsel.Robot, got {}",
            type_name(obj)
        ))
    })
}

/// A configuration: a dict {joint or coordinate (`root.z`): value or [values]} or nq numbers.
pub fn configuration_arg(
    model: &Model,
    obj: &Bound<'_, PyAny>,
    function: &str,
) -> PyResult<DVector<f64>> {
    let what = || format!("`q` of {function}()");
    if let Ok(dict) = obj.cast::<PyDict>() {
        let what = what();
        let mut pairs: Vec<(String, Vec<f64>)> = Vec::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            let joint: String = k.extract().map_err(|_| {
                type_error(format!(
                    "{what}: joint names must be strings, got {}",
                    type_name(&k)
                ))
            })?;
            let w = format!("{what}, joint \"{joint}\"");
            let x = match f64_arg(&v, &w) {
                Ok(x) => vec![x],
                Err(_) => f64s_arg(&v, &w)?,
            };
            pairs.push((joint, x));
        }
        let whole = model
            .joint_values_from_named(&pairs, model.reference_configuration().as_slice())
            .py()?;
        return configuration_from_joint_values(
            model,
            whole.iter().map(|(j, v)| (j.as_str(), v.as_slice())),
        )
        .py();
    }
    if obj.is_none() {
        return Ok(model.reference_configuration().clone());
    }
    let q = f64s_arg(obj, "`q`").map_err(|_| {
        type_error(format!(
            "{}: expected a dict {{joint: value}} or {} numbers, got {}",
            what(),
            model.nq(),
            type_name(obj)
        ))
    })?;
    model.check_configuration(&q).py()?;
    Ok(DVector::from_vec(q))
}

/// `mjcf(path, root=None)`: a robot from a MuJoCo MJCF file, compiled as MuJoCo does. With
/// `root` (a folder), the file and every file it names must lie inside it; without, there is
/// no such limit.
#[pyfunction]
#[pyo3(signature = (path, *, root=None))]
fn mjcf(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    root: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyRobot> {
    let path = path_arg(path, "`path` of mjcf()")?;
    let access = crate::convert::root_arg(root, "`root` of mjcf()")?;
    let (model, _) = py
        .detach(|| morsel_kinematics::mjcf::load_file_with_access(&path, &access))
        .py()?;
    PyRobot::from_model(model)
}

/// `urdf(path, options=None, **kwargs)`: a robot from a URDF file; options package_dirs,
/// floating, geometry, root (a folder the file and its meshes must lie in; none by default).
#[pyfunction]
#[pyo3(signature = (path, options=None, **kwargs))]
fn urdf(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyRobot> {
    let path = path_arg(path, "`path` of urdf()")?;
    let mut o = Options::new("urdf", options)?.merge(kwargs)?;
    let mut opts = UrdfOptions::default();
    if let Some(dirs) = o.take("package_dirs") {
        let list = dirs.try_iter().map_err(|_| {
            type_error("option `package_dirs` of urdf(): expected a list of folders")
        })?;
        for d in list {
            opts.package_paths
                .push(path_arg(&d?, "option `package_dirs` of urdf()")?);
        }
    }
    if let Some(f) = o.take("floating")
        && f.extract::<bool>()
            .map_err(|_| type_error("option `floating` of urdf(): expected a bool"))?
    {
        opts.root_joint = RootJoint::Floating;
    }
    if let Some(r) = o.take("root") {
        opts.file_access = crate::convert::root_arg(Some(&r), "the `root` folder given to urdf()")?;
    }
    if let Some(g) = o.take("geometry") {
        let g = g
            .extract::<bool>()
            .map_err(|_| type_error("option `geometry` of urdf(): expected a bool"))?;
        opts.load_visuals = g;
        opts.load_collisions = g;
    }
    o.finish()?;
    let model = py
        .detach(|| morsel_kinematics::urdf::load_file(&path, &opts))
        .py()?;
    for warning in model.load_warnings() {
        let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(warning.as_str())?, 1)?;
    }
    PyRobot::from_model(model)
}

fn fk_data(py: Python<'_>, model: &Model, q: &DVector<f64>) -> PyResult<Data> {
    let mut data = Data::new(model);
    py.detach(|| forward_kinematics(model, &mut data, q.as_slice()))
        .py()?;
    Ok(data)
}

/// `fk(robot, q, frame=None)`: {link or frame name: Pose} in the robot's base frame, or one
/// frame's Pose.
#[pyfunction]
#[pyo3(signature = (robot, q, frame=None))]
fn fk<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    frame: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let model = robot_arg(robot, "`robot` of fk()")?.model()?;
    let frame = optional_string_arg(frame, "`frame` of fk()")?;
    let q = configuration_arg(&model, q, "fk")?;
    if let Some(name) = frame {
        let id = model.frame_id(&name).py()?;
        let data = fk_data(py, &model, &q)?;
        return Ok(Bound::new(py, PyPose(*data.world_from_frame(id)))?.into_any());
    }
    let data = fk_data(py, &model, &q)?;
    let out = PyDict::new(py);
    for (f, pose) in model.frames().iter().zip(data.world_from_frames()) {
        out.set_item(f.name(), PyPose(*pose))?;
    }
    Ok(out.into_any())
}

/// `com(robot, q)`: the centre of mass (m) in the base frame.
#[pyfunction]
fn com<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let model = robot_arg(robot, "`robot` of com()")?.model()?;
    let q = configuration_arg(&model, q, "com")?;
    let mut data = Data::new(&model);
    let c = center_of_mass(&model, &mut data, q.as_slice()).py()?;
    Ok(v3_out(py, &c.coords))
}

/// `mass(robot)`: total mass (kg).
#[pyfunction]
fn mass(robot: &Bound<'_, PyAny>) -> PyResult<f64> {
    Ok(robot_arg(robot, "`robot` of mass()")?.model()?.total_mass())
}

/// `geoms(robot, q)`: every geom as {name, body, type, size, pose, aabb}.
#[pyfunction]
fn geoms<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let model = robot_arg(robot, "`robot` of geoms()")?.model()?;
    let q = configuration_arg(&model, q, "geoms")?;
    let data = fk_data(py, &model, &q)?;
    let out = PyList::empty(py);
    for g in model.geoms() {
        let world = data.world_from_link(g.link) * g.link_from_geom;
        let collider = &model.link(g.link).collisions()[g.collider];
        let d = PyDict::new(py);
        d.set_item("name", &g.name)?;
        d.set_item("body", model.link(g.link).name())?;
        d.set_item("type", &g.kind)?;
        d.set_item("size", PyArray1::from_slice(py, &g.size))?;
        d.set_item("pose", PyPose(world))?;
        match geom_aabb(g, collider, &world) {
            Some((lo, hi)) => d.set_item("aabb", points_out(py, &[lo, hi]))?,
            None => d.set_item("aabb", py.None())?,
        }
        out.append(d)?;
    }
    Ok(out)
}

/// `jacobian(robot, frame, q, convention)`: the frame's 6 x nv Jacobian, rows [linear;
/// angular], convention "world" | "local" | "local_world_aligned".
#[pyfunction(name = "jacobian")]
fn robot_jacobian<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    frame: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    convention: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let model = robot_arg(robot, "`robot` of jacobian()")?.model()?;
    let frame = string_arg(frame, "`frame` of jacobian()")?;
    let convention = string_arg(convention, "`convention` of jacobian()")?;
    let q = configuration_arg(&model, q, "jacobian")?;
    let convention = JacobianConvention::parse(&convention).py()?;
    let j = frame_jacobian_at(&model, q.as_slice(), frame.as_str(), convention).py()?;
    let nv = model.nv();
    let flat: Vec<f64> = (0..6)
        .flat_map(|r| (0..nv).map(move |c| (r, c)))
        .map(|(r, c)| j[(r, c)])
        .collect();
    rows_out(py, 6, nv, flat)
}

/// `place(robot, pose)`: sets where the robot's base sits in the scene (joints do not move);
/// returns the robot.
#[pyfunction]
fn place<'py>(robot: &Bound<'py, PyAny>, pose: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let r = robot_arg(robot, "`robot` of place()")?;
    let p = crate::geometry::pose_arg(pose, "`pose` of place()")?;
    r.lab.place(p).py()?;
    Ok(robot.clone())
}

/// `frame_pose(robot, frame)`: the scene pose of a link or frame now (placement included).
#[pyfunction]
fn frame_pose(robot: &Bound<'_, PyAny>, frame: &Bound<'_, PyAny>) -> PyResult<PyPose> {
    let r = robot_arg(robot, "`robot` of frame_pose()")?;
    let frame = string_arg(frame, "`frame` of frame_pose()")?;
    let mut s = r.lock()?;
    let id = s.model.frame_id(&frame).py()?;
    s.update()?;
    Ok(PyPose(s.placement * s.data.world_from_frame(id)))
}

/// Registers the kinematics classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRobot>()?;
    m.add_function(wrap_pyfunction!(mjcf, m)?)?;
    m.add_function(wrap_pyfunction!(urdf, m)?)?;
    m.add_function(wrap_pyfunction!(fk, m)?)?;
    m.add_function(wrap_pyfunction!(com, m)?)?;
    m.add_function(wrap_pyfunction!(mass, m)?)?;
    m.add_function(wrap_pyfunction!(geoms, m)?)?;
    m.add_function(wrap_pyfunction!(robot_jacobian, m)?)?;
    m.add_function(wrap_pyfunction!(place, m)?)?;
    m.add_function(wrap_pyfunction!(frame_pose, m)?)?;
    Ok(())
}
