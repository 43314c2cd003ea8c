//! `drive_torques(robot, options)` and `joint_velocities(robot)`: a robot whose joints move
//! under torques (its forward dynamics, integrated by RK4 at each simulation step), with a
//! feed-forward, PD and gravity-compensation law.

use morsel_kinematics::{Model, TorqueLaw};
use morsel_lab::simulation::Robot;
use rhai::{Dynamic, Engine};

use crate::convert::{describe, f64_arg, from_f64s, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::super::doc;
use super::algorithms::configuration_arg;

/// Registers the torque drive.
pub fn register(engine: &mut Engine) {
    doc(
        "drive_torques",
        &[
            "robot: Robot",
            "options: #{tau: [number], kp: number | [number], kd: number | [number], target: [number] | #{joint: value}, target_velocity: [number], gravity_compensation: bool, v: [number]}",
            "Robot",
        ],
    )
    .register_into_engine(engine, |r: &mut Robot, opts: Dynamic| -> ScriptResult<Robot> {
        let model = r.model().or_script()?;
        let mut o = Options::new("drive_torques", &opts).or_script()?;
        let mut law = TorqueLaw::passive(&model);
        if let Some(tau) = o.value("tau") {
            law.feedforward = vec_arg(&tau, "option `tau` of drive_torques()").or_script()?;
        }
        if let Some(kp) = o.value("kp") {
            law.kp = gains(&model, &kp, "kp")?;
        }
        if let Some(kd) = o.value("kd") {
            law.kd = gains(&model, &kd, "kd")?;
        }
        if let Some(t) = o.value("target") {
            law.target = Some(
                configuration_arg(&model, &t, "drive_torques")?
                    .as_slice()
                    .to_vec(),
            );
        }
        if let Some(t) = o.value("target_velocity") {
            law.target_velocity = Some(
                vec_arg(&t, "option `target_velocity` of drive_torques()").or_script()?,
            );
        }
        law.gravity_compensation = o.bool_or("gravity_compensation", false).or_script()?;
        let v = match o.value("v") {
            Some(v) => Some(vec_arg(&v, "option `v` of drive_torques()").or_script()?),
            None => None,
        };
        o.finish().or_script()?;
        r.with(|a| a.drive_torques(law, v)).or_script()?;
        Ok(r.clone())
    });
    doc("joint_velocities", &["robot: Robot", "[number] | ()"]).register_into_engine(
        engine,
        |r: &mut Robot| -> ScriptResult<Dynamic> {
            let v = r
                .with(|a| Ok(a.velocity().map(|v| v.to_vec())))
                .or_script()?;
            Ok(v.map_or(Dynamic::UNIT, |v| Dynamic::from_array(from_f64s(&v))))
        },
    );
}

/// A gain: one number for every velocity value, or one per value.
fn gains(model: &Model, value: &Dynamic, key: &str) -> ScriptResult<Vec<f64>> {
    let what = format!("option `{key}` of drive_torques()");
    if value.is_array() {
        return vec_arg(value, &what).or_script();
    }
    if value.is_float() || value.is_int() {
        return Ok(vec![f64_arg(value, &what).or_script()?; model.nv()]);
    }
    Err(script_error(ShellError::argument(
        what,
        "a number or an array of nv numbers",
        describe(value),
    )))
}
