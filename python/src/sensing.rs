//! Scenes: bodies, robots mirrored as link bodies, penalty contacts.
//!
//! A robot added with `add_robot(scene, robot)` becomes one body per link that follows the
//! robot's current configuration (`robot.set_q`, `robot.set_qpos`, `morsel.mujoco.sync`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use morsel_geometry::Collider;
use morsel_kinematics::LinkId;
use morsel_sensing::{Body, Contact, PenaltyLaw, Scene};
use nalgebra::{Isometry3, Vector3};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{Options, string_arg, type_name, v3_out, vector3_arg};
use crate::errors::{ToPy, name_error, type_error, value_error};
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

    /// The index of the body called `name`, if the scene has one.
    pub fn known_body(&self, name: &str) -> Option<usize> {
        self.names.get(name).copied()
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
        if obj.is_instance_of::<pyo3::types::PyBool>() {
            return Err(type_error(format!(
                "{what}: expected a body name or index, got bool"
            )));
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
        crate::locking::lock(
            &self.0,
            "this scene was left broken by an earlier failure; rebuild it",
        )
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
        name: &Bound<'_, PyAny>,
        shape: &Bound<'_, PyAny>,
        pose: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<Self>> {
        let name = string_arg(name, "`name` of Scene.add_body()")?;
        add_body_impl(slf.get(), &name, shape, pose, kwargs)?;
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
    fn set_pose(&self, body: &Bound<'_, PyAny>, pose: &Bound<'_, PyAny>) -> PyResult<()> {
        let body = string_arg(body, "`body` of Scene.set_pose()")?;
        let p = pose_arg(pose, "`pose` of set_pose()")?;
        self.lock()?.scene.set_pose(&body, p).py()
    }

    /// Sets a body's world velocities (of its frame origin, and angular).
    fn set_velocity(
        &self,
        body: &Bound<'_, PyAny>,
        linear: &Bound<'_, PyAny>,
        angular: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let body = string_arg(body, "`body` of Scene.set_velocity()")?;
        let v = vector3_arg(linear, "`linear` of set_velocity()")?;
        let w = vector3_arg(angular, "`angular` of set_velocity()")?;
        self.lock()?.scene.set_velocity(&body, v, w).py()
    }

    /// Ignores contacts between bodies a and b.
    fn ignore(&self, a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = string_arg(a, "`a` of Scene.ignore()")?;
        let b = string_arg(b, "`b` of Scene.ignore()")?;
        self.lock()?.scene.ignore_pair(&a, &b).py()
    }

    /// A body's current world pose.
    fn body_pose(&self, body: &Bound<'_, PyAny>) -> PyResult<PyPose> {
        let body = string_arg(body, "`body` of Scene.body_pose()")?;
        let s = self.fresh()?;
        let i = s.scene.body_index(&body).py()?;
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

/// Registers `Scene` and `scene`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyScene>()?;
    m.add_function(wrap_pyfunction!(scene, m)?)?;
    Ok(())
}
