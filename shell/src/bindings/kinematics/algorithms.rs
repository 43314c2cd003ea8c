//! `robot.fk(q)`, `robot.jacobian(frame, q, convention)`, `robot.com(q)`, `robot.ik(...)`,
//! `robot.set_q(q)`.
//!
//! Configurations are `q` arrays in the model's layout (`robot.configuration_layout`), or maps
//! `#{joint: value}` with the reference values (MuJoCo's `qpos0` for MJCF robots, neutral
//! otherwise) for the joints not named; a ball joint takes `[w, x, y, z]`, a floating (free)
//! joint `[x, y, z, w, x, y, z]`, and one component of either can be named alone
//! (`root.z`, `root.qw`: the names of `get_joints`). Poses are in the robot's
//! base frame (not its placement).

use morsel_kinematics::mjcf::configuration_from_joint_values;
use morsel_kinematics::{
    Data, IkOptions, IkResult, JacobianConvention, Model, center_of_mass, forward_kinematics,
    frame_jacobian_at,
};
use morsel_lab::ik::{IkGoal, solve_ik as lab_solve_ik};
use nalgebra::{DVector, Isometry3, Point3};
use rhai::{Array, Dynamic, Engine, ImmutableString, Map};

use crate::convert::{describe, f64_arg, from_f64s, from_point3, from_rows, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

use super::super::doc;
use super::super::geometry::float;

/// Registers the algorithms as methods of `Robot`.
pub fn register(engine: &mut Engine) {
    doc(
        "set_q",
        &["robot: Robot", "q: [number] or #{joint: value}", "()"],
    )
    .register_into_engine(engine, |r: &mut Robot, q: Dynamic| -> ScriptResult<()> {
        let model = r.model().or_script()?;
        let q = configuration_arg(&model, &q, "set_q")?;
        r.with(|a| a.set_configuration(q.as_slice())).or_script()
    });
    doc(
        "fk",
        &["robot: Robot", "q: [number] or #{joint: value}", "Map"],
    )
    .register_into_engine(engine, |r: &mut Robot, q: Dynamic| -> ScriptResult<Map> {
        let model = r.model().or_script()?;
        let q = configuration_arg(&model, &q, "fk")?;
        let mut data = Data::new(&model);
        forward_kinematics(&model, &mut data, q.as_slice()).or_script()?;
        let mut out = Map::new();
        for (frame, pose) in model.frames().iter().zip(data.world_from_frames()) {
            out.insert(frame.name().into(), Dynamic::from(*pose));
        }
        Ok(out)
    });
    doc(
        "fk",
        &[
            "robot: Robot",
            "q: [number] or #{joint: value}",
            "frame: string",
            "Pose",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, frame: ImmutableString| -> ScriptResult<Isometry3<f64>> {
            let model = r.model().or_script()?;
            let q = configuration_arg(&model, &q, "fk")?;
            let id = model.frame_id(&frame).or_script()?;
            let mut data = Data::new(&model);
            forward_kinematics(&model, &mut data, q.as_slice()).or_script()?;
            Ok(*data.world_from_frame(id))
        },
    );
    doc(
        "jacobian",
        &[
            "robot: Robot",
            "frame: string",
            "q: [number] or #{joint: value}",
            "convention: \"world\" | \"local\" | \"local_world_aligned\"",
            "[[number]]",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot,
         frame: ImmutableString,
         q: Dynamic,
         convention: ImmutableString|
         -> ScriptResult<Array> {
            let model = r.model().or_script()?;
            let q = configuration_arg(&model, &q, "jacobian")?;
            let convention = JacobianConvention::parse(&convention).or_script()?;
            let j =
                frame_jacobian_at(&model, q.as_slice(), frame.as_str(), convention).or_script()?;
            let rows: Vec<Vec<f64>> = j
                .row_iter()
                .map(|row| row.iter().copied().collect())
                .collect();
            Ok(from_rows(rows))
        },
    );
    doc(
        "com",
        &[
            "robot: Robot",
            "q: [number] or #{joint: value}",
            "[x, y, z]",
        ],
    )
    .register_into_engine(engine, |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
        let model = r.model().or_script()?;
        let q = configuration_arg(&model, &q, "com")?;
        let mut data = Data::new(&model);
        let c = center_of_mass(&model, &mut data, q.as_slice()).or_script()?;
        Ok(from_point3(&c))
    });
    doc(
        "ik",
        &[
            "robot: Robot",
            "frame: string",
            "target: Pose or [x, y, z]",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, frame: ImmutableString, target: Dynamic| {
            solve_ik(r, &frame, &target, &Dynamic::UNIT)
        },
    );
    doc(
        "ik",
        &[
            "robot: Robot",
            "frame: string",
            "target: Pose or [x, y, z]",
            "options: #{seed, max_iterations, max_restarts, position_tolerance, orientation_tolerance, random_seed, position_only}",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, frame: ImmutableString, target: Dynamic, opts: Dynamic| {
            solve_ik(r, &frame, &target, &opts)
        },
    );
    engine.register_get("nq", |r: &mut Robot| -> ScriptResult<rhai::INT> {
        Ok(r.model().or_script()?.nq() as rhai::INT)
    });
    engine.register_get(
        "configuration_layout",
        |r: &mut Robot| -> ScriptResult<Array> {
            let model = r.model().or_script()?;
            Ok(model
                .configuration_layout()
                .iter()
                .map(|e| {
                    let mut m = Map::new();
                    m.insert("joint".into(), e.joint.clone().into());
                    m.insert("kind".into(), e.kind.name().into());
                    m.insert("idx_q".into(), Dynamic::from_int(e.idx_q as rhai::INT));
                    m.insert("nq".into(), Dynamic::from_int(e.nq as rhai::INT));
                    Dynamic::from_map(m)
                })
                .collect())
        },
    );
}

/// A configuration given as an array of `nq` numbers or a map `#{joint: value}`.
pub(super) fn configuration_arg(
    model: &Model,
    value: &Dynamic,
    function: &str,
) -> ScriptResult<DVector<f64>> {
    let what = format!("`q` of {function}()");
    if let Ok(map) = value.as_map_ref() {
        let mut pairs = Vec::with_capacity(map.len());
        for (joint, v) in map.iter() {
            let what = format!("{what}, joint \"{joint}\"");
            let x = if v.is_array() {
                vec_arg(v, &what).or_script()?
            } else {
                vec![f64_arg(v, &what).or_script()?]
            };
            pairs.push((joint.to_string(), x));
        }
        let whole = model
            .joint_values_from_named(&pairs, model.reference_configuration().as_slice())
            .or_script()?;
        return configuration_from_joint_values(
            model,
            whole.iter().map(|(j, v)| (j.as_str(), v.as_slice())),
        )
        .or_script();
    }
    if value.is_array() {
        let q = vec_arg(value, &what).or_script()?;
        model.check_configuration(&q).or_script()?;
        return Ok(DVector::from_vec(q));
    }
    Err(script_error(ShellError::argument(
        what,
        format!(
            "an array of {} numbers or a map #{{joint: value}}",
            model.nq()
        ),
        describe(value),
    )))
}

fn solve_ik(r: &Robot, frame: &str, target: &Dynamic, opts: &Dynamic) -> ScriptResult<Map> {
    let model = r.model().or_script()?;
    let mut o = Options::new("ik", opts).or_script()?;
    let mut options = IkOptions::default();
    if let Some(n) = o.int("max_iterations").or_script()? {
        options.max_iterations = count(n, "max_iterations")?;
    }
    if let Some(n) = o.int("max_restarts").or_script()? {
        options.max_restarts = count(n, "max_restarts")?;
    }
    if let Some(t) = o.f64("position_tolerance").or_script()? {
        options.position_tolerance = t;
    }
    if let Some(t) = o.f64("orientation_tolerance").or_script()? {
        options.orientation_tolerance = t;
    }
    if let Some(seed) = o.int("random_seed").or_script()? {
        options.random_seed = seed as u64;
    }
    let position_only = o.bool_or("position_only", false).or_script()?;
    let seed = match o.value("seed") {
        Some(s) => Some(configuration_arg(&model, &s, "ik")?),
        None => None,
    };
    o.finish().or_script()?;
    let goal = if let Some(pose) = target.clone().try_cast::<Isometry3<f64>>() {
        IkGoal::Pose(pose)
    } else if target.is_array() {
        let p = crate::convert::vector3_arg(target, "`target` of ik()").or_script()?;
        IkGoal::Position(Point3::from(p))
    } else {
        return Err(script_error(ShellError::argument(
            "`target` of ik()",
            "a Pose or a position [x, y, z]",
            describe(target),
        )));
    };
    let result = lab_solve_ik(&model, frame, goal, position_only, seed, &options).or_script()?;
    Ok(ik_result_map(&result))
}

fn count(n: rhai::INT, key: &str) -> ScriptResult<usize> {
    usize::try_from(n).map_err(|_| {
        script_error(ShellError::argument(
            format!("option `{key}` of ik()"),
            "a non-negative integer",
            n.to_string(),
        ))
    })
}

/// `#{status, converged, q, iterations, restarts, errors: [#{position, orientation}]}`.
pub(super) fn ik_result_map(result: &IkResult) -> Map {
    let mut m = Map::new();
    m.insert("status".into(), result.status.name().into());
    m.insert("converged".into(), result.converged().into());
    m.insert("q".into(), from_f64s(result.q.as_slice()).into());
    m.insert(
        "iterations".into(),
        Dynamic::from_int(result.iterations as rhai::INT),
    );
    m.insert(
        "restarts".into(),
        Dynamic::from_int(result.restarts as rhai::INT),
    );
    let errors: Array = result
        .errors
        .iter()
        .map(|e| {
            let mut em = Map::new();
            em.insert("position".into(), float(e.position));
            em.insert("orientation".into(), float(e.orientation));
            Dynamic::from_map(em)
        })
        .collect();
    m.insert("errors".into(), errors.into());
    m
}
