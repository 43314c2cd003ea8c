//! `drive_torques(robot, options=None, **kwargs)` and `joint_velocities(robot)`: a robot
//! whose joints move under torques (forward dynamics integrated by RK4 at each simulation
//! step) with a feed-forward, PD and gravity-compensation law.

use morsel_kinematics::{Model, TorqueLaw};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{Options, f64_arg, f64s_arg};
use crate::errors::ToPy;
use crate::kinematics::{configuration_arg, robot_arg};

/// `drive_torques(robot, options=None, **kwargs)`: options tau, kp, kd (a number or nv
/// numbers), target (q as fk takes it), target_velocity, gravity_compensation, v; returns the
/// robot.
#[pyfunction]
#[pyo3(signature = (robot, options=None, **kwargs))]
fn drive_torques<'py>(
    robot: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let r = robot_arg(robot, "`robot` of drive_torques()")?;
    let model = r.model()?;
    let mut o = Options::new("drive_torques", options)?.merge(kwargs)?;
    let mut law = TorqueLaw::passive(&model);
    if let Some(tau) = o.take("tau") {
        law.feedforward = f64s_arg(&tau, "option `tau` of drive_torques()")?;
    }
    if let Some(kp) = o.take("kp") {
        law.kp = gains(&model, &kp, "kp")?;
    }
    if let Some(kd) = o.take("kd") {
        law.kd = gains(&model, &kd, "kd")?;
    }
    if let Some(t) = o.take("target") {
        law.target = Some(
            configuration_arg(&model, &t, "drive_torques")?
                .as_slice()
                .to_vec(),
        );
    }
    if let Some(t) = o.take("target_velocity") {
        law.target_velocity = Some(f64s_arg(&t, "option `target_velocity` of drive_torques()")?);
    }
    if let Some(g) = o.bool("gravity_compensation")? {
        law.gravity_compensation = g;
    }
    let v = match o.take("v") {
        Some(v) => Some(f64s_arg(&v, "option `v` of drive_torques()")?),
        None => None,
    };
    o.finish()?;
    r.lab.with(|a| a.drive_torques(law, v)).py()?;
    Ok(robot.clone())
}

fn gains(model: &Model, obj: &Bound<'_, PyAny>, key: &str) -> PyResult<Vec<f64>> {
    let what = format!("option `{key}` of drive_torques()");
    match f64_arg(obj, &what) {
        Ok(x) => Ok(vec![x; model.nv()]),
        Err(_) => f64s_arg(obj, &what),
    }
}

/// `joint_velocities(robot)`: the joint velocities of a torque-driven robot, else None.
#[pyfunction]
fn joint_velocities<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyArray1<f64>>>> {
    let r = robot_arg(robot, "`robot` of joint_velocities()")?;
    let v = r.lab.with(|a| Ok(a.velocity().map(|v| v.to_vec()))).py()?;
    Ok(v.map(|v| PyArray1::from_vec(py, v)))
}

/// Registers the torque drive.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(drive_torques, m)?)?;
    m.add_function(wrap_pyfunction!(joint_velocities, m)?)?;
    Ok(())
}
