//! Scenes, MIMo-style touch, and contacts given as NumPy batches.
//!
//! A robot added with `add_robot(scene, robot)` becomes one body per link that follows the
//! robot's current configuration (`robot.set_q`, `robot.set_qpos`, `morsel.mujoco.sync`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use morsel_geometry::Collider;
use morsel_kinematics::LinkId;
use morsel_sensing::{
    Body, Contact, PenaltyLaw, ResponseFunction, Scene, Touch, TouchConfig, TouchFunction,
    TouchKind,
};
use nalgebra::{Isometry3, Point3, Vector3};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{Options, array2_arg, f64_arg, f64s_arg, type_name, v3_out, vector3_arg};
use crate::errors::{Kind, ToPy, error, name_error, type_error, value_error};
use crate::geometry::{PyPose, pose_arg, shape_arg};
use crate::kinematics::{PyRobot, robot_arg};

/// Link bodies mirrored from a robot.
#[derive(Debug)]
struct RobotBodies {
    robot: PyRobot,
    links: Vec<(usize, LinkId)>,
}

/// What a scene handle shares.
#[derive(Debug)]
pub struct SceneState {
    /// The bodies.
    pub scene: Scene,
    /// The penalty law for geometric contacts.
    pub law: PenaltyLaw,
    robots: Vec<RobotBodies>,
    names: HashMap<String, usize>,
}

impl SceneState {
    /// Moves robot link bodies to their robots' current forward kinematics.
    pub fn refresh(&mut self) -> PyResult<()> {
        for r in &self.robots {
            let mut s = r.robot.lock()?;
            s.update()?;
            let placement = s.placement;
            for (i, link) in &r.links {
                let pose = placement * s.data.world_from_link(*link);
                self.scene.body_mut(*i).py()?.pose = pose;
            }
        }
        self.scene.validate_state().py()
    }

    fn add(&mut self, body: Body) -> PyResult<usize> {
        let name = body.name.clone();
        let i = self.scene.add_body(body).py()?;
        self.names.insert(name, i);
        Ok(i)
    }

    /// A body's index by name (or an int index).
    pub fn body_index(&self, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
        if let Ok(s) = obj.cast::<PyString>() {
            let name: String = s.extract()?;
            let name = name.as_str();
            return self.names.get(name).copied().ok_or_else(|| {
                name_error(format!(
                    "{what}: unknown body `{name}`; the scene has: {}",
                    self.scene.body_names().join(", ")
                ))
            });
        }
        match obj.extract::<i64>() {
            Ok(i) if i >= 0 && (i as usize) < self.scene.len() => Ok(i as usize),
            Ok(i) => Err(value_error(format!(
                "{what}: body index {i} is out of range (the scene has {} bodies)",
                self.scene.len()
            ))),
            Err(_) => Err(type_error(format!(
                "{what}: expected a body name, got {}",
                type_name(obj)
            ))),
        }
    }
}

/// A scene of rigid bodies shared by touch sensors.
#[pyclass(frozen, name = "Scene", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyScene(pub Arc<Mutex<SceneState>>);

impl PyScene {
    /// The state, locked.
    pub fn lock(&self) -> PyResult<MutexGuard<'_, SceneState>> {
        self.0.lock().map_err(|_| {
            error(
                Kind::Other,
                "this scene was left broken by an earlier failure; rebuild it",
            )
        })
    }

    /// The state, locked, with robot links moved to their robots.
    pub fn fresh(&self) -> PyResult<MutexGuard<'_, SceneState>> {
        let mut s = self.lock()?;
        s.refresh()?;
        Ok(s)
    }
}

fn add_body_impl(
    sc: &PyScene,
    name: &str,
    shape: &Bound<'_, PyAny>,
    pose: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let mut body = Body::new(name);
    if shape.cast::<crate::geometry::PyShape>().is_ok() {
        let s = shape_arg(shape, "`shape` of add_body()")?;
        let p = match pose {
            Some(p) => pose_arg(p, "`pose` of add_body()")?,
            None => Isometry3::identity(),
        };
        if kwargs.is_some_and(|k| !k.is_empty()) {
            return Err(type_error(
                "add_body(scene, name, shape, pose) takes no other options",
            ));
        }
        body = body
            .with_collider(s, Isometry3::identity())
            .py()?
            .with_pose(p);
    } else {
        if pose.is_some() {
            return Err(type_error(
                "add_body(scene, name, options): a pose goes into the options dict",
            ));
        }
        let mut o = Options::new("add_body", Some(shape))?.merge(kwargs)?;
        if let Some(s) = o.take("shape") {
            body = body
                .with_collider(
                    shape_arg(&s, "option `shape` of add_body()")?,
                    Isometry3::identity(),
                )
                .py()?;
        }
        if let Some(list) = o.take("colliders") {
            let what = "option `colliders` of add_body()";
            for (i, item) in list
                .try_iter()
                .map_err(|_| type_error(format!("{what}: expected [(Shape, Pose), ...]")))?
                .enumerate()
            {
                let item = item?;
                let pair: Vec<Bound<'_, PyAny>> = item
                    .extract()
                    .map_err(|_| type_error(format!("{what}[{i}]: expected (Shape, Pose)")))?;
                if pair.len() != 2 {
                    return Err(value_error(format!(
                        "{what}[{i}]: expected (Shape, Pose), got {} items",
                        pair.len()
                    )));
                }
                body = body
                    .with_collider(shape_arg(&pair[0], what)?, pose_arg(&pair[1], what)?)
                    .py()?;
            }
        }
        if let Some(p) = o.take("pose") {
            body = body.with_pose(pose_arg(&p, "option `pose` of add_body()")?);
        }
        let v = o
            .take("velocity")
            .map(|v| vector3_arg(&v, "option `velocity` of add_body()"))
            .transpose()?
            .unwrap_or_else(Vector3::zeros);
        let w = o
            .take("angular_velocity")
            .map(|v| vector3_arg(&v, "option `angular_velocity` of add_body()"))
            .transpose()?
            .unwrap_or_else(Vector3::zeros);
        o.finish()?;
        body = body.with_velocity(v, w);
    }
    sc.lock()?.add(body)?;
    Ok(())
}

fn add_robot_impl(
    sc: &PyScene,
    robot: &PyRobot,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let mut o = Options::new("add_robot", options)?.merge(kwargs)?;
    let geometry = o.string("geometry")?;
    let prefix = o.string("prefix")?.unwrap_or_default();
    o.finish()?;
    let visual = match geometry.as_deref() {
        None | Some("collision") => false,
        Some("visual") => true,
        Some(other) => {
            return Err(value_error(format!(
                "option `geometry` of add_robot(): expected \"collision\" or \"visual\", got \"{other}\""
            )));
        }
    };
    let model = robot.model()?;
    let mut s = sc.lock()?;
    let mut links = Vec::new();
    for (k, link) in model.links().iter().enumerate() {
        let colliders: &[Collider] = if visual {
            link.visuals()
        } else {
            link.collisions()
        };
        let mut body = Body::new(format!("{prefix}{}", link.name()));
        for c in colliders {
            body = body.with_collider(c.shape.clone(), c.local_pose).py()?;
        }
        let index = s.add(body)?;
        links.push((index, model.link_id(link.name()).py()?));
        debug_assert_eq!(links[k].0, index);
    }
    for (a, b) in model.non_colliding_link_pairs() {
        let a = format!("{prefix}{}", model.link(a).name());
        let b = format!("{prefix}{}", model.link(b).name());
        s.scene.ignore_pair(&a, &b).py()?;
    }
    s.robots.push(RobotBodies {
        robot: robot.clone(),
        links,
    });
    s.refresh()
}

/// A contact as {body_a, body_b, position, normal, depth, force} (bodies by name, world frame).
pub fn contact_dict<'py>(
    py: Python<'py>,
    scene: &Scene,
    c: &Contact,
) -> PyResult<Bound<'py, PyDict>> {
    let name = |i: usize| scene.body(i).map(|b| b.name.clone()).unwrap_or_default();
    let d = PyDict::new(py);
    d.set_item("body_a", name(c.body_a))?;
    d.set_item("body_b", name(c.body_b))?;
    d.set_item("position", v3_out(py, &c.position.coords))?;
    d.set_item("normal", v3_out(py, &c.normal))?;
    d.set_item("depth", c.depth)?;
    d.set_item("force", v3_out(py, &c.force))?;
    Ok(d)
}

#[pymethods]
impl PyScene {
    /// Adds a rigid body: `add_body(name, shape, pose)` or `add_body(name, {shape | colliders,
    /// pose, velocity, angular_velocity})`; returns the scene.
    #[pyo3(signature = (name, shape, pose=None, **kwargs))]
    fn add_body(
        slf: &Bound<'_, Self>,
        name: &str,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<Self>> {
        add_body_impl(slf.get(), name, shape, pose, kwargs)?;
        Ok(slf.clone().unbind())
    }

    /// Adds one body per robot link (collision geometry) that follows the robot; options
    /// geometry ("collision" | "visual") and prefix. Returns the scene.
    #[pyo3(signature = (robot, options=None, **kwargs))]
    fn add_robot(
        slf: &Bound<'_, Self>,
        robot: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<Self>> {
        let r = robot_arg(robot, "`robot` of add_robot()")?;
        add_robot_impl(slf.get(), &r, options, kwargs)?;
        Ok(slf.clone().unbind())
    }

    /// Moves a body (robot links follow their robot instead).
    fn set_pose(&self, body: &str, pose: &Bound<'_, PyAny>) -> PyResult<()> {
        let p = pose_arg(pose, "`pose` of set_pose()")?;
        self.lock()?.scene.set_pose(body, p).py()
    }

    /// Sets a body's world velocities (of its frame origin, and angular).
    fn set_velocity(
        &self,
        body: &str,
        linear: &Bound<'_, PyAny>,
        angular: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let v = vector3_arg(linear, "`linear` of set_velocity()")?;
        let w = vector3_arg(angular, "`angular` of set_velocity()")?;
        self.lock()?.scene.set_velocity(body, v, w).py()
    }

    /// Ignores contacts between bodies a and b.
    fn ignore(&self, a: &str, b: &str) -> PyResult<()> {
        self.lock()?.scene.ignore_pair(a, b).py()
    }

    /// A body's current world pose.
    fn body_pose(&self, body: &str) -> PyResult<PyPose> {
        let s = self.fresh()?;
        let i = s.scene.body_index(body).py()?;
        Ok(PyPose(s.scene.body(i).py()?.pose))
    }

    /// Contacts from the geometry with penalty forces: [{body_a, body_b, position, normal (a to
    /// b), depth, force (on b)}].
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let s = self.fresh()?;
        let list = py.detach(|| s.law.contacts(&s.scene)).py()?;
        let out = PyList::empty(py);
        for c in &list {
            out.append(contact_dict(py, &s.scene, c)?)?;
        }
        Ok(out)
    }

    /// The body names in index order.
    #[getter]
    fn bodies(&self) -> PyResult<Vec<String>> {
        Ok(self
            .lock()?
            .scene
            .body_names()
            .into_iter()
            .map(str::to_string)
            .collect())
    }

    /// The scene as {bodies: [{name, colliders, pose}]}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.fresh()?;
        let bodies = PyList::empty(py);
        for b in s.scene.bodies() {
            let d = PyDict::new(py);
            d.set_item("name", &b.name)?;
            d.set_item("colliders", b.colliders.len())?;
            d.set_item("pose", PyPose(b.pose))?;
            bodies.append(d)?;
        }
        let m = PyDict::new(py);
        m.set_item("bodies", bodies)?;
        Ok(m)
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Scene({} bodies)", self.lock()?.scene.len()))
    }
}

/// `scene(law=None, **kwargs)`: an empty scene; law {stiffness, exponent, damping, friction,
/// slip_speed} for its geometric contacts.
#[pyfunction]
#[pyo3(signature = (law=None, **kwargs))]
fn scene(law: Option<&Bound<'_, PyAny>>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyScene> {
    let mut o = Options::new("scene", law)?.merge(kwargs)?;
    let d = PenaltyLaw::default();
    let law = PenaltyLaw {
        stiffness: o.f64("stiffness")?.unwrap_or(d.stiffness),
        exponent: o.f64("exponent")?.unwrap_or(d.exponent),
        damping: o.f64("damping")?.unwrap_or(d.damping),
        friction: o.f64("friction")?.unwrap_or(d.friction),
        slip_speed: o.f64("slip_speed")?.unwrap_or(d.slip_speed),
    };
    o.finish()?;
    law.validate().py()?;
    Ok(PyScene(Arc::new(Mutex::new(SceneState {
        scene: Scene::new(),
        law,
        robots: Vec::new(),
        names: HashMap::new(),
    }))))
}

/// A scene argument.
pub fn scene_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<PyScene> {
    obj.cast::<PyScene>().map(|s| s.get().clone()).map_err(|_| {
        type_error(format!(
            "{what}: expected a morsel.Scene, got {}",
            type_name(obj)
        ))
    })
}

/// MIMo-style touch sensors over a scene's bodies.
#[pyclass(frozen, name = "Touch", module = "morsel")]
#[derive(Debug)]
pub struct PyTouch {
    pub(crate) scene: PyScene,
    touch: Mutex<Touch>,
}

impl PyTouch {
    /// Runs `f` on the (refreshed) scene and the sensor.
    pub fn with_scene<T>(
        &self,
        f: impl FnOnce(&morsel_sensing::Scene, &Touch) -> T,
    ) -> PyResult<T> {
        let touch = self.lock()?;
        let s = self.scene.fresh()?;
        Ok(f(&s.scene, &touch))
    }

    pub(crate) fn lock(&self) -> PyResult<MutexGuard<'_, Touch>> {
        self.touch.lock().map_err(|_| {
            error(
                Kind::Other,
                "this touch sensor was left broken by an earlier failure; rebuild it",
            )
        })
    }
}

const CONTACT_KEYS: [&str; 6] = ["body_a", "body_b", "position", "normal", "depth", "force"];
/// Keys that `morsel.mujoco.contacts` adds and observe does not need.
const IGNORED_KEYS: [&str; 4] = ["frame", "geom_a", "geom_b", "count"];

fn names_arg(s: &SceneState, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<usize>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what}: expected a sequence of body names, got one str"
        )));
    }
    let items = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what}: expected a sequence of body names, got {}",
            type_name(obj)
        ))
    })?;
    items
        .enumerate()
        .map(|(i, x)| s.body_index(&x?, &format!("{what}[{i}]")))
        .collect()
}

fn batch_contacts(s: &SceneState, d: &Bound<'_, PyDict>) -> PyResult<Vec<Contact>> {
    for (k, _) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| type_error("contacts: keys must be strings"))?;
        if !CONTACT_KEYS.contains(&key.as_str()) && !IGNORED_KEYS.contains(&key.as_str()) {
            return Err(name_error(format!(
                "contacts: unknown key `{key}`; expected {}",
                CONTACT_KEYS.join(", ")
            )));
        }
    }
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(k)?.ok_or_else(|| {
            value_error(format!(
                "contacts: missing key `{k}` (a batch needs {})",
                CONTACT_KEYS.join(", ")
            ))
        })
    };
    let a = names_arg(s, &get("body_a")?, "contacts[\"body_a\"]")?;
    let b = names_arg(s, &get("body_b")?, "contacts[\"body_b\"]")?;
    let n = a.len();
    let position = array2_arg(&get("position")?, "contacts[\"position\"]", Some(3))?;
    let normal = array2_arg(&get("normal")?, "contacts[\"normal\"]", Some(3))?;
    let force = array2_arg(&get("force")?, "contacts[\"force\"]", Some(3))?;
    let depth = match d.get_item("depth")? {
        Some(x) if !x.is_none() => f64s_arg(&x, "contacts[\"depth\"]")?,
        _ => vec![0.0; n],
    };
    let (p, nm, f) = (position.as_array(), normal.as_array(), force.as_array());
    for (what, len) in [
        ("body_b", b.len()),
        ("position", p.nrows()),
        ("normal", nm.nrows()),
        ("force", f.nrows()),
        ("depth", depth.len()),
    ] {
        if len != n {
            return Err(value_error(format!(
                "contacts[\"{what}\"] has {len} rows but body_a has {n}: every entry needs one row per contact"
            )));
        }
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let c = Contact::new(
            a[i],
            b[i],
            Point3::new(p[(i, 0)], p[(i, 1)], p[(i, 2)]),
            Vector3::new(nm[(i, 0)], nm[(i, 1)], nm[(i, 2)]),
            depth[i],
            Vector3::new(f[(i, 0)], f[(i, 1)], f[(i, 2)]),
        )
        .map_err(|e| value_error(format!("contact {i}: {e}")))?;
        c.validate(i, &s.scene).py()?;
        out.push(c);
    }
    Ok(out)
}

fn list_contacts(s: &SceneState, list: &Bound<'_, PyAny>) -> PyResult<Vec<Contact>> {
    let mut out = Vec::new();
    for (i, item) in list
        .try_iter()
        .map_err(|_| {
            type_error(format!(
                "contacts: expected a dict of arrays or a list of dicts, got {}",
                type_name(list)
            ))
        })?
        .enumerate()
    {
        let item = item?;
        let w = format!("contacts[{i}]");
        let mut o = Options::new("observe", Some(&item))
            .map_err(|_| type_error(format!("{w}: expected a dict, got {}", type_name(&item))))?;
        fn req<'py>(o: &mut Options<'py>, w: &str, k: &str) -> PyResult<Bound<'py, PyAny>> {
            o.take(k)
                .ok_or_else(|| value_error(format!("{w}: missing key `{k}`")))
        }
        let a = s.body_index(&req(&mut o, &w, "body_a")?, &format!("{w}[\"body_a\"]"))?;
        let b = s.body_index(&req(&mut o, &w, "body_b")?, &format!("{w}[\"body_b\"]"))?;
        let p = vector3_arg(&req(&mut o, &w, "position")?, &format!("{w}[\"position\"]"))?;
        let n = vector3_arg(&req(&mut o, &w, "normal")?, &format!("{w}[\"normal\"]"))?;
        let f = vector3_arg(&req(&mut o, &w, "force")?, &format!("{w}[\"force\"]"))?;
        let depth = o
            .take("depth")
            .map(|x| f64_arg(&x, &format!("{w}[\"depth\"]")))
            .transpose()?
            .unwrap_or(0.0);
        o.finish()?;
        let c = Contact::new(a, b, Point3::from(p), n, depth, f)
            .map_err(|e| value_error(format!("{w}: {e}")))?;
        c.validate(i, &s.scene).py()?;
        out.push(c);
    }
    Ok(out)
}

#[pymethods]
impl PyTouch {
    /// One observation. Without contacts: from the scene's geometry (penalty contacts). With
    /// contacts (normal from a to b, force on b, world frame): a dict of arrays
    /// {body_a, body_b: names (n,), position, normal, force: (n, 3), depth: (n,)} as
    /// `morsel.mujoco.contacts` returns, or a list of dicts. Returns the flat output.
    #[pyo3(signature = (contacts=None))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        contacts: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let s = self.scene.fresh()?;
        let mut guard = self.lock()?;
        let touch: &mut Touch = &mut guard;
        let out = match contacts {
            None => {
                let (scene, law) = (&s.scene, &s.law);
                py.detach(|| touch.observe(scene, law).map(<[f64]>::to_vec))
                    .py()?
            }
            Some(c) => {
                let list = if let Ok(d) = c.cast::<PyDict>() {
                    batch_contacts(&s, d)?
                } else {
                    list_contacts(&s, c)?
                };
                let scene = &s.scene;
                py.detach(|| touch.observe_contacts(scene, &list).map(<[f64]>::to_vec))
                    .py()?
            }
        };
        Ok(PyArray1::from_vec(py, out))
    }

    /// The last output of a body's sensors: (n_sensors, 3), or (n_sensors,) for scalar touch
    /// functions.
    fn body_output<'py>(&self, py: Python<'py>, body: &str) -> PyResult<Bound<'py, PyAny>> {
        let touch = self.lock()?;
        let view = touch.body_output(body).py()?;
        if view.ncols() == 1 {
            return Ok(PyArray1::from_iter(py, view.iter().copied()).into_any());
        }
        Ok(PyArray2::from_owned_array(py, view.to_owned()).into_any())
    }

    /// A body's sensor positions in its frame, (n_sensors, 3), aligned with body_output.
    fn sensor_positions<'py>(
        &self,
        py: Python<'py>,
        body: &str,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        Ok(crate::convert::points_out(
            py,
            &self.lock()?.sensor_positions(body).py()?,
        ))
    }

    /// {body: {vertices, active}}.
    fn sensor_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let touch = self.lock()?;
        let out = PyDict::new(py);
        for (body, vertices, active) in touch.model().sensor_counts() {
            let d = PyDict::new(py);
            d.set_item("vertices", vertices)?;
            d.set_item("active", active)?;
            out.set_item(body, d)?;
        }
        Ok(out)
    }

    /// The contacts of the last observation.
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let touch = self.lock()?;
        let s = self.scene.lock()?;
        let out = PyList::empty(py);
        for c in touch.contacts() {
            out.append(contact_dict(py, &s.scene, c)?)?;
        }
        Ok(out)
    }

    /// The flat output of the last observation.
    #[getter]
    fn output<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(PyArray1::from_slice(py, self.lock()?.output()))
    }

    /// The number of sensors.
    #[getter]
    fn sensor_count(&self) -> PyResult<usize> {
        Ok(self.lock()?.model().sensor_count())
    }

    /// Values per sensor (1 or 3).
    #[getter]
    fn values_per_sensor(&self) -> PyResult<usize> {
        Ok(self.lock()?.model().values_per_sensor())
    }

    /// The sensing bodies.
    #[getter]
    fn bodies(&self) -> PyResult<Vec<String>> {
        Ok(self
            .lock()?
            .model()
            .sensing_bodies()
            .into_iter()
            .map(str::to_string)
            .collect())
    }

    /// {kind, touch_function, response_function, bodies, sensor_count, output}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let touch = self.lock()?;
        let m = touch.model();
        let d = PyDict::new(py);
        d.set_item("kind", m.kind().name())?;
        d.set_item("touch_function", m.touch_function().name())?;
        d.set_item("response_function", m.response_function().name())?;
        d.set_item("bodies", m.sensing_bodies())?;
        d.set_item("sensor_count", m.sensor_count())?;
        d.set_item("output", PyArray1::from_slice(py, touch.output()))?;
        Ok(d)
    }

    fn __repr__(&self) -> PyResult<String> {
        let t = self.lock()?;
        let m = t.model();
        Ok(format!(
            "Touch({} {} sensors, {}, {})",
            m.sensor_count(),
            m.kind().name(),
            m.touch_function().name(),
            m.response_function().name()
        ))
    }
}

/// `touch(scene, options)`: MIMo-style touch; options scales {body: spacing}, kind
/// ("points" | "mesh"), touch_function, response_function.
#[pyfunction]
#[pyo3(signature = (scene, options=None, **kwargs))]
fn touch(
    py: Python<'_>,
    scene: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTouch> {
    let sc = scene_arg(scene, "`scene` of touch()")?;
    let mut o = Options::new("touch", options)?.merge(kwargs)?;
    let scales = o.take("scales").ok_or_else(|| {
        value_error("touch(): option `scales` is required: a dict {body: sensor spacing (m)}")
    })?;
    let kind = o.string("kind")?;
    let function = o.string("touch_function")?;
    let response = o.string("response_function")?;
    o.finish()?;
    let kind = match kind {
        Some(k) => TouchKind::from_name(&k).py()?,
        None => TouchKind::Mesh,
    };
    let mut config = TouchConfig::new(kind);
    if let Some(f) = function {
        config = config.touch_function(TouchFunction::from_name(&f).py()?);
    }
    if let Some(r) = response {
        config = config.response_function(ResponseFunction::from_name(&r).py()?);
    }
    let scales = scales.cast::<PyDict>().map_err(|_| {
        type_error(format!(
            "option `scales` of touch(): expected a dict {{body: spacing}}, got {}",
            type_name(&scales)
        ))
    })?;
    for (body, spacing) in scales.iter() {
        let body: String = body
            .extract()
            .map_err(|_| type_error("option `scales` of touch(): body names must be strings"))?;
        let s = f64_arg(&spacing, &format!("`scales[\"{body}\"]` of touch()"))?;
        config = config.scale(body, s);
    }
    let t = {
        let s = sc.fresh()?;
        let scene = &s.scene;
        py.detach(|| Touch::new(scene, &config)).py()?
    };
    Ok(PyTouch {
        scene: sc,
        touch: Mutex::new(t),
    })
}

/// Registers the sensing classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyScene>()?;
    m.add_class::<PyTouch>()?;
    m.add_function(wrap_pyfunction!(scene, m)?)?;
    m.add_function(wrap_pyfunction!(touch, m)?)?;
    Ok(())
}
