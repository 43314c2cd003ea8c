//! Armature motions that a simulation advances (`rotate`, `translate`, `rotate_joints`,
//! `translate_joints`, `trajectory`, `stop`), IK targets (`create_ik_targets`,
//! `list_IK_targets`, `ik_target_pose`, `place_IK_target`, `move_IK_target`) and one-shot
//! inverse kinematics (`ik`).
//!
//! A motion service only starts the motion; each simulation step moves the joints toward
//! their goal. A new motion replaces the one in progress.

use morsel_kinematics::{Armature, IkOptions, IkResult};
use morsel_lab::ik::{IkGoal, ik_target_kind, solve_ik};
use nalgebra::Point3;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList};

use crate::armature::{arm_of, optional_speed, trajectory_arg};
use crate::convert::{
    COUNT, Options, count_arg, f64_arg, f64s_arg, string_arg, strings_arg, type_name, vector3_arg,
};
use crate::errors::{ToPy, type_error, value_error};
use crate::geometry::PyPose;
use crate::kinematics::{configuration_arg, robot_arg};

type Single = fn(&mut Armature, &str, f64, Option<f64>) -> morsel_kinematics::Result<()>;
type Multi = fn(&mut Armature, &[(&str, f64)], Option<f64>) -> morsel_kinematics::Result<()>;

fn move_one(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
    f: Single,
    function: &str,
) -> PyResult<()> {
    let joint = string_arg(joint, &format!("`joint` of {function}()"))?;
    let v = f64_arg(value, &format!("`value` of {function}()"))?;
    let s = optional_speed(speed, function)?;
    arm_of(arm, function)?.lab.with(|a| f(a, &joint, v, s)).py()
}

/// `rotate(arm, joint, value, speed=None)`: starts moving a rotational joint to `value` (rad,
/// clamped) at `speed` or its default speed; a simulation advances it.
#[pyfunction]
#[pyo3(signature = (arm, joint, value, speed=None))]
fn rotate(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    move_one(arm, joint, value, speed, Armature::rotate, "rotate")
}

/// `translate(arm, joint, value, speed=None)`: starts moving a prismatic joint to `value` (m).
#[pyfunction]
#[pyo3(signature = (arm, joint, value, speed=None))]
fn translate(
    arm: &Bound<'_, PyAny>,
    joint: &Bound<'_, PyAny>,
    value: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    move_one(arm, joint, value, speed, Armature::translate, "translate")
}

/// Joint targets from a dict {joint: value} or a sequence of values, root to tip.
fn joint_targets(
    arm: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    function: &str,
) -> PyResult<Vec<(String, f64)>> {
    let what = format!("the joint values of {function}()");
    if let Ok(d) = values.cast::<PyDict>() {
        return d
            .iter()
            .map(|(k, v)| {
                let k = string_arg(&k, &format!("{what}: a joint name"))?;
                let x = f64_arg(&v, &format!("{what}, joint \"{k}\""))?;
                Ok((k, x))
            })
            .collect();
    }
    let v = f64s_arg(values, &what).map_err(|_| {
        type_error(format!(
            "{what}: expected a dict {{joint: value}} or a sequence of values (root to tip), got {}",
            type_name(values)
        ))
    })?;
    let joints = arm_of(arm, function)?
        .lab
        .with(|a| Ok(a.get_joints()))
        .py()?;
    Ok(joints.into_iter().zip(v).collect())
}

fn move_many(
    arm: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
    f: Multi,
    function: &str,
) -> PyResult<()> {
    let targets = joint_targets(arm, values, function)?;
    let s = optional_speed(speed, function)?;
    let pairs: Vec<(&str, f64)> = targets.iter().map(|(j, v)| (j.as_str(), *v)).collect();
    arm_of(arm, function)?.lab.with(|a| f(a, &pairs, s)).py()
}

/// `rotate_joints(arm, values, speed=None)`: starts moving rotational joints ({joint: value}
/// or values root to tip) together.
#[pyfunction]
#[pyo3(signature = (arm, values, speed=None))]
fn rotate_joints(
    arm: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    move_many(arm, values, speed, Armature::rotate_joints, "rotate_joints")
}

/// `translate_joints(arm, values, speed=None)`: starts moving prismatic joints together.
#[pyfunction]
#[pyo3(signature = (arm, values, speed=None))]
fn translate_joints(
    arm: &Bound<'_, PyAny>,
    values: &Bound<'_, PyAny>,
    speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    move_many(
        arm,
        values,
        speed,
        Armature::translate_joints,
        "translate_joints",
    )
}

/// `trajectory(arm, trajectory=None, **kwargs)`: follows {starttime, points: [{positions,
/// velocities, time_from_start}]} (simulation time, cubic segments when velocities are given).
#[pyfunction]
#[pyo3(signature = (arm, trajectory=None, **kwargs))]
fn trajectory(
    arm: &Bound<'_, PyAny>,
    trajectory: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<()> {
    let r = robot_arg(arm, "`arm` of trajectory()")?;
    let t = trajectory_arg(trajectory, kwargs)?;
    r.lab.with(|a| a.trajectory(&t)).py()
}

/// `stop(arm)`: stops the motion in progress, leaving the joints where they are.
#[pyfunction]
fn stop(arm: &Bound<'_, PyAny>) -> PyResult<()> {
    arm_of(arm, "stop")?
        .lab
        .with(|a| {
            a.stop();
            Ok(())
        })
        .py()
}

/// `create_ik_targets(arm, links, options=None, **kwargs)`: one IK target per link (option
/// kind "pose" or "position"); returns their names.
#[pyfunction]
#[pyo3(signature = (arm, links, options=None, **kwargs))]
fn create_ik_targets(
    arm: &Bound<'_, PyAny>,
    links: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<String>> {
    let r = robot_arg(arm, "`arm` of create_ik_targets()")?;
    let names = strings_arg(links, "`links` of create_ik_targets()", "link names")?;
    let mut o = Options::new("create_ik_targets", options)?.merge(kwargs)?;
    let kind = o.string("kind")?.unwrap_or_else(|| "pose".to_string());
    o.finish()?;
    let Some(kind) = ik_target_kind(&kind) else {
        return Err(value_error(format!(
            "option `kind` of create_ik_targets(): expected \"pose\" or \"position\", got \"{kind}\""
        )));
    };
    r.lab
        .with(|a| {
            names
                .iter()
                .map(|link| a.create_ik_target(link, kind))
                .collect::<Result<Vec<_>, _>>()
        })
        .py()
}

/// `list_IK_targets(arm)`: the names of the armature's IK targets.
#[pyfunction(name = "list_IK_targets")]
fn list_ik_targets(arm: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    arm_of(arm, "list_IK_targets")?
        .lab
        .with(|a| Ok(a.list_ik_targets()))
        .py()
}

/// `ik_target_pose(arm, target)`: the target's scene pose.
#[pyfunction]
fn ik_target_pose(arm: &Bound<'_, PyAny>, target: &Bound<'_, PyAny>) -> PyResult<PyPose> {
    let target = string_arg(target, "`target` of ik_target_pose()")?;
    let p = arm_of(arm, "ik_target_pose")?
        .lab
        .with(|a| a.ik_target_pose(&target))
        .py()?;
    Ok(PyPose(p))
}

fn bool_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<bool> {
    obj.cast::<PyBool>()
        .map(|b| b.is_true())
        .map_err(|_| type_error(format!("{what}: expected a bool, got {}", type_name(obj))))
}

fn array3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<[f64; 3]> {
    let v = vector3_arg(obj, what)?;
    Ok([v.x, v.y, v.z])
}

/// `place_IK_target(arm, target, translation, rotation, relative=True)`: moves the target at
/// once (rotation roll-pitch-yaw) and solves IK; returns the IK result.
#[pyfunction(name = "place_IK_target")]
#[pyo3(signature = (arm, target, translation, rotation, relative=None))]
fn place_ik_target<'py>(
    py: Python<'py>,
    arm: &Bound<'py, PyAny>,
    target: &Bound<'py, PyAny>,
    translation: &Bound<'py, PyAny>,
    rotation: &Bound<'py, PyAny>,
    relative: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let f = "place_IK_target";
    let r = robot_arg(arm, &format!("`arm` of {f}()"))?;
    let target = string_arg(target, &format!("`target` of {f}()"))?;
    let t = array3(translation, &format!("`translation` of {f}()"))?;
    let rot = array3(rotation, &format!("`rotation` of {f}()"))?;
    let rel = match relative {
        None => true,
        Some(b) => bool_arg(b, &format!("`relative` of {f}()"))?,
    };
    let result = r
        .lab
        .with(|a| a.place_ik_target(&target, t, rot, rel))
        .py()?;
    ik_result_dict(py, &result)
}

/// `move_IK_target(arm, target, translation, rotation, relative, linear_speed=None,
/// radial_speed=None)`: starts moving the target at bounded speeds; IK follows it at every
/// simulation step.
#[pyfunction(name = "move_IK_target")]
#[pyo3(signature = (arm, target, translation, rotation, relative, linear_speed=None, radial_speed=None))]
fn move_ik_target(
    arm: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    translation: &Bound<'_, PyAny>,
    rotation: &Bound<'_, PyAny>,
    relative: &Bound<'_, PyAny>,
    linear_speed: Option<&Bound<'_, PyAny>>,
    radial_speed: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let f = "move_IK_target";
    let r = robot_arg(arm, &format!("`arm` of {f}()"))?;
    let target = string_arg(target, &format!("`target` of {f}()"))?;
    let t = array3(translation, &format!("`translation` of {f}()"))?;
    let rot = array3(rotation, &format!("`rotation` of {f}()"))?;
    let rel = bool_arg(relative, &format!("`relative` of {f}()"))?;
    let lin = optional_speed(linear_speed, f)?;
    let rad = optional_speed(radial_speed, f)?;
    r.lab
        .with(|a| a.move_ik_target(&target, t, rot, rel, lin, rad))
        .py()
}

/// {status, converged, q, iterations, restarts, errors: [{position, orientation}]}.
fn ik_result_dict<'py>(py: Python<'py>, result: &IkResult) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("status", result.status.name())?;
    d.set_item("converged", result.converged())?;
    d.set_item("q", PyArray1::from_slice(py, result.q.as_slice()))?;
    d.set_item("iterations", result.iterations)?;
    d.set_item("restarts", result.restarts)?;
    let errors = PyList::empty(py);
    for e in &result.errors {
        let ed = PyDict::new(py);
        ed.set_item("position", e.position)?;
        ed.set_item("orientation", e.orientation)?;
        errors.append(ed)?;
    }
    d.set_item("errors", errors)?;
    Ok(d)
}

fn count(obj: Bound<'_, PyAny>, key: &str) -> PyResult<usize> {
    count_arg(&obj, &format!("option `{key}` of ik()"), COUNT)
}

/// `ik(robot, frame, target, options=None, **kwargs)`: a configuration that brings `frame` to
/// `target` (a Pose, or a position [x, y, z]) in the base frame. Options seed, max_iterations,
/// max_restarts, position_tolerance, orientation_tolerance, random_seed, position_only.
/// Returns {status, converged, q, iterations, restarts, errors}.
#[pyfunction]
#[pyo3(signature = (robot, frame, target, options=None, **kwargs))]
fn ik<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    frame: &Bound<'py, PyAny>,
    target: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let model = robot_arg(robot, "`robot` of ik()")?.model()?;
    let frame = string_arg(frame, "`frame` of ik()")?;
    let mut o = Options::new("ik", options)?.merge(kwargs)?;
    let mut opts = IkOptions::default();
    if let Some(n) = o.take("max_iterations") {
        opts.max_iterations = count(n, "max_iterations")?;
    }
    if let Some(n) = o.take("max_restarts") {
        opts.max_restarts = count(n, "max_restarts")?;
    }
    if let Some(t) = o.f64("position_tolerance")? {
        opts.position_tolerance = t;
    }
    if let Some(t) = o.f64("orientation_tolerance")? {
        opts.orientation_tolerance = t;
    }
    if let Some(s) = o.take("random_seed") {
        if s.is_instance_of::<PyBool>() {
            return Err(type_error(
                "option `random_seed` of ik(): expected an integer, got bool",
            ));
        }
        opts.random_seed = s
            .extract::<i64>()
            .map_err(|_| type_error("option `random_seed` of ik(): expected an integer"))?
            as u64;
    }
    let position_only = match o.take("position_only") {
        None => false,
        Some(b) => bool_arg(&b, "option `position_only` of ik()")?,
    };
    let seed = match o.take("seed") {
        None => None,
        Some(s) => Some(configuration_arg(&model, &s, "ik")?),
    };
    o.finish()?;
    let goal = if let Ok(p) = target.cast::<PyPose>() {
        IkGoal::Pose(p.get().0)
    } else {
        let p = vector3_arg(target, "`target` of ik()").map_err(|_| {
            type_error(format!(
                "`target` of ik(): expected a morsel.Pose or a position [x, y, z], got {}",
                type_name(target)
            ))
        })?;
        IkGoal::Position(Point3::from(p))
    };
    let result = py
        .detach(|| solve_ik(&model, &frame, goal, position_only, seed, &opts))
        .py()?;
    ik_result_dict(py, &result)
}

/// Registers the motion and IK functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rotate, m)?)?;
    m.add_function(wrap_pyfunction!(translate, m)?)?;
    m.add_function(wrap_pyfunction!(rotate_joints, m)?)?;
    m.add_function(wrap_pyfunction!(translate_joints, m)?)?;
    m.add_function(wrap_pyfunction!(trajectory, m)?)?;
    m.add_function(wrap_pyfunction!(stop, m)?)?;
    m.add_function(wrap_pyfunction!(create_ik_targets, m)?)?;
    m.add_function(wrap_pyfunction!(list_ik_targets, m)?)?;
    m.add_function(wrap_pyfunction!(ik_target_pose, m)?)?;
    m.add_function(wrap_pyfunction!(place_ik_target, m)?)?;
    m.add_function(wrap_pyfunction!(move_ik_target, m)?)?;
    m.add_function(wrap_pyfunction!(ik, m)?)?;
    Ok(())
}
