//! Armatures: chains built joint by joint (`armature`, `revolute`, `continuous`, `prismatic`,
//! `fixed`), mounting (`append`) and MORSE's armature services (queries, instant settings,
//! joint motions that a simulation advances, trajectories).
//!
//! Every function takes the robot first; `morsel/_armature.py` also makes each a method of
//! `Robot`, as in Rhai. The state lives in morsel-lab's shared robot, which the Rhai shell
//! drives the same way.

use morsel_kinematics::{Armature, ChainBuilder, JointKind, Trajectory, TrajectoryPoint};
use morsel_lab::simulation::JointSpec;
use nalgebra::Isometry3;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{Options, f64_arg, f64s_arg, string_arg, type_name, vector3_arg};
use crate::errors::{ToPy, type_error};
use crate::geometry::PyPose;
use crate::kinematics::{PyRobot, robot_arg};

/// The robot of a call (`what` names the function for errors).
pub fn arm_of(obj: &Bound<'_, PyAny>, function: &str) -> PyResult<PyRobot> {
    robot_arg(obj, &format!("`arm` of {function}()"))
}

/// A speed: a number, or None for the joint's default.
pub fn optional_speed(obj: Option<&Bound<'_, PyAny>>, function: &str) -> PyResult<Option<f64>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => f64_arg(o, &format!("`speed` of {function}()")).map(Some),
    }
}

/// `armature(name)`: an empty chain to build joint by joint; it is built at its first use.
#[pyfunction]
fn armature(name: &Bound<'_, PyAny>) -> PyResult<PyRobot> {
    let name = string_arg(name, "`name` of armature()")?;
    let robot = morsel_lab::simulation::Robot::building(ChainBuilder::new(name)).py()?;
    Ok(PyRobot::from_lab(robot))
}

/// Reads a joint's options (dict and keyword arguments) and appends the joint.
fn add_joint<'py>(
    arm: &Bound<'py, PyAny>,
    kind: JointKind,
    joint: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
    function: &'static str,
) -> PyResult<Bound<'py, PyAny>> {
    let r = arm_of(arm, function)?;
    let joint = string_arg(joint, &format!("`joint` of {function}()"))?;
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let v3 = |v: Option<Bound<'py, PyAny>>, key: &str| {
        v.map(|v| vector3_arg(&v, &format!("option `{key}` of {function}()")))
            .transpose()
    };
    let axis = v3(o.take("axis"), "axis")?;
    let origin = match o.take("origin") {
        None => None,
        Some(v) => Some(origin_arg(&v, function)?),
    };
    let rpy = v3(o.take("rpy"), "rpy")?;
    let limits = o
        .take("limits")
        .map(|v| f64s_arg(&v, &format!("option `limits` of {function}()")))
        .transpose()?;
    let speed = o.f64("speed")?;
    let mass = o.f64("mass")?;
    let com = v3(o.take("com"), "com")?;
    o.finish()?;
    let spec = JointSpec {
        axis,
        origin,
        rpy,
        limits,
        speed,
        mass,
        com,
    };
    r.lab.add_joint_spec(kind, &joint, &spec, function).py()?;
    Ok(arm.clone())
}

/// An origin given as [x, y, z] or as a Pose.
fn origin_arg(obj: &Bound<'_, PyAny>, function: &str) -> PyResult<Isometry3<f64>> {
    if let Ok(p) = obj.cast::<PyPose>() {
        return Ok(p.get().0);
    }
    let t = vector3_arg(obj, &format!("option `origin` of {function}()")).map_err(|_| {
        type_error(format!(
            "option `origin` of {function}(): expected [x, y, z] or a morsel.Pose, got {}",
            type_name(obj)
        ))
    })?;
    Ok(Isometry3::translation(t.x, t.y, t.z))
}

macro_rules! joint_builder {
    ($name:ident, $kind:expr, $doc:literal) => {
        #[doc = $doc]
        #[pyfunction]
        #[pyo3(signature = (arm, joint, options=None, **kwargs))]
        fn $name<'py>(
            arm: &Bound<'py, PyAny>,
            joint: &Bound<'py, PyAny>,
            options: Option<&Bound<'py, PyAny>>,
            kwargs: Option<&Bound<'py, PyDict>>,
        ) -> PyResult<Bound<'py, PyAny>> {
            add_joint(arm, $kind, joint, options, kwargs, stringify!($name))
        }
    };
}

joint_builder!(
    revolute,
    JointKind::Revolute,
    "`revolute(arm, joint, options=None, **kwargs)`: appends a revolute joint (options axis, origin, rpy, limits (default [-pi, pi]), speed, mass, com); returns the robot."
);
joint_builder!(
    continuous,
    JointKind::Continuous,
    "`continuous(arm, joint, options=None, **kwargs)`: appends an unlimited revolute joint (options as revolute); returns the robot."
);
joint_builder!(
    prismatic,
    JointKind::Prismatic,
    "`prismatic(arm, joint, options=None, **kwargs)`: appends a prismatic joint (limits default [0, 1] m); returns the robot."
);
joint_builder!(
    fixed,
    JointKind::Fixed,
    "`fixed(arm, joint, options=None, **kwargs)`: appends a fixed joint (a tool or sensor frame); returns the robot."
);

/// `append(parent, child, offset)` or `append(parent, child, link, offset)`: mounts `child` on
/// the parent's base or on its link `link`, at `offset`; the child follows the parent's joint
/// motion. Returns the parent.
#[pyfunction]
#[pyo3(signature = (parent, child, link=None, offset=None))]
fn append<'py>(
    parent: &Bound<'py, PyAny>,
    child: &Bound<'py, PyAny>,
    link: Option<&Bound<'py, PyAny>>,
    offset: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let p = robot_arg(parent, "`parent` of append()")?;
    let c = robot_arg(child, "`child` of append()")?;
    let (link, offset) = match (link, offset) {
        // append(parent, child, offset): the third argument is the offset.
        (Some(l), None) if l.is_instance_of::<PyPose>() => (None, l),
        (l, Some(off)) => (l, off),
        (_, None) => {
            return Err(type_error(
                "append(parent, child, [link,] offset): give the offset, a morsel.Pose",
            ));
        }
    };
    let link = link
        .map(|l| string_arg(l, "`link` of append()"))
        .transpose()?;
    let offset = crate::geometry::pose_arg(offset, "`offset` of append()")?;
    p.lab.append(&c.lab, link, offset).py()?;
    Ok(parent.clone())
}

/// `get_joints(arm)`: the armature's joint names, root to tip (fixed joints left out).
#[pyfunction]
fn get_joints(arm: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    arm_of(arm, "get_joints")?
        .lab
        .with(|a| Ok(a.get_joints()))
        .py()
}

/// `get_dofs(arm)`: {joint: [x, y, z]}, which of its own axes each joint moves along or about.
#[pyfunction]
fn get_dofs<'py>(py: Python<'py>, arm: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let dofs = arm_of(arm, "get_dofs")?
        .lab
        .with(|a| Ok(a.get_dofs()))
        .py()?;
    let out = PyDict::new(py);
    for (j, d) in dofs {
        out.set_item(j, d.to_vec())?;
    }
    Ok(out)
}

/// `get_IK_limits(arm, joint)`: the joint's [lower, upper] limits (rad or m).
#[pyfunction(name = "get_IK_limits")]
fn get_ik_limits<'py>(
    py: Python<'py>,
    arm: &Bound<'py, PyAny>,
    joint: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let joint = string_arg(joint, "`joint` of get_IK_limits()")?;
    let (lo, hi) = arm_of(arm, "get_IK_limits")?
        .lab
        .with(|a| a.get_ik_limits(&joint))
        .py()?;
    Ok(PyArray1::from_slice(py, &[lo, hi]))
}

/// `get_properties(arm)`: {property: value} with MORSE's names (RotationSpeed, ...).
#[pyfunction]
fn get_properties<'py>(py: Python<'py>, arm: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let props = arm_of(arm, "get_properties")?
        .lab
        .with(|a| Ok(a.get_properties()))
        .py()?;
    let out = PyDict::new(py);
    for (k, v) in props {
        out.set_item(k, v)?;
    }
    Ok(out)
}

/// The robot as {name, properties, joints: [{name, kind, axis, limits, speed, position}]}.
pub fn robot_dict<'py>(py: Python<'py>, r: &PyRobot) -> PyResult<Bound<'py, PyDict>> {
    let c = r.lab.with(|a| Ok(a.get_configurations())).py()?;
    let out = PyDict::new(py);
    out.set_item("name", r.lab.name())?;
    let props = PyDict::new(py);
    for (k, v) in c.properties.to_list() {
        props.set_item(k, v)?;
    }
    out.set_item("properties", props)?;
    let joints = PyList::empty(py);
    for j in &c.joints {
        let d = PyDict::new(py);
        d.set_item("name", &j.name)?;
        d.set_item("kind", j.kind.name())?;
        d.set_item("axis", PyArray1::from_slice(py, &j.axis))?;
        d.set_item(
            "limits",
            PyArray1::from_slice(py, &[j.limits.0, j.limits.1]),
        )?;
        d.set_item("speed", j.speed)?;
        d.set_item("position", j.position)?;
        joints.append(d)?;
    }
    out.set_item("joints", joints)?;
    Ok(out)
}

/// `get_configurations(arm)`: the properties and every joint ({name, kind, axis, limits,
/// speed, position}).
#[pyfunction]
fn get_configurations<'py>(
    py: Python<'py>,
    arm: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    robot_dict(py, &arm_of(arm, "get_configurations")?)
}

/// `set_property(arm, name, value)`: sets one property by its MORSE name.
#[pyfunction]
fn set_property(
    arm: &Bound<'_, PyAny>,
    name: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let name = string_arg(name, "`name` of set_property()")?;
    let v = f64_arg(value, "`value` of set_property()")?;
    arm_of(arm, "set_property")?
        .lab
        .with(|a| a.set_property(&name, v))
        .py()
}

/// `properties(arm, values=None, **kwargs)`: sets several properties; returns the robot.
#[pyfunction]
#[pyo3(signature = (arm, values=None, **kwargs))]
fn properties<'py>(
    arm: &Bound<'py, PyAny>,
    values: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let r = robot_arg(arm, "`arm` of properties()")?;
    let mut parsed = Vec::new();
    let mut read = |d: &Bound<'py, PyDict>| -> PyResult<()> {
        for (k, v) in d.iter() {
            let k = string_arg(&k, "a property name of properties()")?;
            let x = f64_arg(&v, &format!("property `{k}` of properties()"))?;
            parsed.push((k, x));
        }
        Ok(())
    };
    if let Some(v) = values
        && !v.is_none()
    {
        let d = v.cast::<PyDict>().map_err(|_| {
            type_error(format!(
                "`values` of properties(): expected a dict {{name: value}}, got {}",
                type_name(v)
            ))
        })?;
        read(d)?;
    }
    if let Some(kw) = kwargs {
        read(kw)?;
    }
    r.lab
        .with(|a| parsed.iter().try_for_each(|(k, v)| a.set_property(k, *v)))
        .py()?;
    Ok(arm.clone())
}

/// `set_joint_speed(arm, joint, speed)`: the joint's default speed; None goes back to the
/// RotationSpeed/LinearSpeed property.
#[pyfunction]
#[pyo3(signature = (arm, joint, speed=None))]
fn set_joint_speed(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let joint = string_arg(joint, "`joint` of set_joint_speed()")?;
    let s = optional_speed(speed, "set_joint_speed")?;
    robot_arg(arm, "`arm` of set_joint_speed()")?
        .lab
        .with(|a| a.set_joint_speed(&joint, s))
        .py()
}

type One = fn(&mut Armature, &str, f64) -> morsel_kinematics::Result<()>;
type Many = fn(&mut Armature, &[f64]) -> morsel_kinematics::Result<()>;

fn set_one(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
    f: One,
    function: &str,
    what: &str,
) -> PyResult<()> {
    let joint = string_arg(joint, &format!("`joint` of {function}()"))?;
    let v = f64_arg(value, &format!("`{what}` of {function}()"))?;
    arm_of(arm, function)?.lab.with(|a| f(a, &joint, v)).py()
}

fn set_many(
    arm: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    f: Many,
    function: &str,
    what: &str,
) -> PyResult<()> {
    let v = f64s_arg(values, &format!("`{what}` of {function}()"))?;
    arm_of(arm, function)?.lab.with(|a| f(a, &v)).py()
}

/// `set_rotation(arm, joint, rotation)`: sets a rotational joint at once (clamped to its limits).
#[pyfunction]
fn set_rotation(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    rotation: &Bound<'_, PyAny>,
) -> PyResult<()> {
    set_one(
        arm,
        joint,
        rotation,
        Armature::set_rotation,
        "set_rotation",
        "rotation",
    )
}

/// `set_translation(arm, joint, translation)`: sets a prismatic joint at once (clamped).
#[pyfunction]
fn set_translation(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    translation: &Bound<'_, PyAny>,
) -> PyResult<()> {
    set_one(
        arm,
        joint,
        translation,
        Armature::set_translation,
        "set_translation",
        "translation",
    )
}

/// `set_rotations(arm, rotations)`: sets the first joints, root to tip, at once (all rotational).
#[pyfunction]
fn set_rotations(arm: &Bound<'_, PyAny>, rotations: &Bound<'_, PyAny>) -> PyResult<()> {
    set_many(
        arm,
        rotations,
        Armature::set_rotations,
        "set_rotations",
        "rotations",
    )
}

/// `set_translations(arm, translations)`: sets the first joints at once (all prismatic).
#[pyfunction]
fn set_translations(arm: &Bound<'_, PyAny>, translations: &Bound<'_, PyAny>) -> PyResult<()> {
    set_many(
        arm,
        translations,
        Armature::set_translations,
        "set_translations",
        "translations",
    )
}

/// Registers the armature functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(armature, m)?)?;
    m.add_function(wrap_pyfunction!(revolute, m)?)?;
    m.add_function(wrap_pyfunction!(continuous, m)?)?;
    m.add_function(wrap_pyfunction!(prismatic, m)?)?;
    m.add_function(wrap_pyfunction!(fixed, m)?)?;
    m.add_function(wrap_pyfunction!(append, m)?)?;
    m.add_function(wrap_pyfunction!(get_joints, m)?)?;
    m.add_function(wrap_pyfunction!(get_dofs, m)?)?;
    m.add_function(wrap_pyfunction!(get_ik_limits, m)?)?;
    m.add_function(wrap_pyfunction!(get_properties, m)?)?;
    m.add_function(wrap_pyfunction!(get_configurations, m)?)?;
    m.add_function(wrap_pyfunction!(set_property, m)?)?;
    m.add_function(wrap_pyfunction!(properties, m)?)?;
    m.add_function(wrap_pyfunction!(set_joint_speed, m)?)?;
    m.add_function(wrap_pyfunction!(set_rotation, m)?)?;
    m.add_function(wrap_pyfunction!(set_translation, m)?)?;
    m.add_function(wrap_pyfunction!(set_rotations, m)?)?;
    m.add_function(wrap_pyfunction!(set_translations, m)?)?;
    Ok(())
}

/// Parses a trajectory dict {starttime, points: [{positions, velocities, time_from_start}]}.
pub fn trajectory_arg(
    value: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Trajectory> {
    let mut o = Options::new("trajectory", value)?.merge(kwargs)?;
    let start_time = o.f64("starttime")?;
    let points = o.required("points")?;
    o.finish()?;
    let what = "option `points` of trajectory()";
    let list = points.try_iter().map_err(|_| {
        type_error(format!(
            "{what}: expected a list of waypoint dicts, got {}",
            type_name(&points)
        ))
    })?;
    let mut out = Vec::new();
    for (i, p) in list.enumerate() {
        let p = p?;
        if !p.is_instance_of::<PyDict>() {
            return Err(type_error(format!(
                "{what}, waypoint {i}: expected a dict, got {}",
                type_name(&p)
            )));
        }
        let mut po = Options::new("trajectory", Some(&p))?;
        let w = format!("waypoint {i} of trajectory()");
        let positions = f64s_arg(&po.required("positions")?, &format!("`positions` of {w}"))?;
        let velocities = po
            .take("velocities")
            .map(|v| f64s_arg(&v, &format!("`velocities` of {w}")))
            .transpose()?;
        let time_from_start = f64_arg(
            &po.required("time_from_start")?,
            &format!("`time_from_start` of {w}"),
        )?;
        po.finish()?;
        out.push(TrajectoryPoint {
            positions,
            velocities,
            time_from_start,
        });
    }
    Ok(Trajectory {
        start_time,
        points: out,
    })
}
