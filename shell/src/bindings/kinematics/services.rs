//! MORSE's armature-actuator services on `Robot`, with MORSE's names.
//!
//! Instant services (`set_rotation`, `set_rotations`, ...) change the joints at once; motion
//! services (`rotate`, `translate`, `rotate_joints`, `translate_joints`, `trajectory`,
//! `move_IK_target`) only start a motion, which a `simulation` advances at each step. A new
//! motion replaces the one in progress.

use morsel_kinematics::{Armature, Trajectory, TrajectoryPoint};
use rhai::{Array, Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::convert::{bool_arg, describe, f64_arg, fixed_arg, string_arg, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

use super::super::doc;
use super::super::geometry::float;
use super::algorithms::ik_result_map;

type Res<T> = ScriptResult<T>;

/// Registers the services as methods of `Robot`.
pub fn register(engine: &mut Engine) {
    register_queries(engine);
    register_instant(engine);
    register_motions(engine);
    register_ik_targets(engine);
}

fn number(value: &Dynamic, param: &str, function: &str) -> Res<f64> {
    f64_arg(value, &format!("`{param}` of {function}()")).or_script()
}

fn optional_speed(value: &Dynamic, function: &str) -> Res<Option<f64>> {
    if value.is_unit() {
        Ok(None)
    } else {
        number(value, "speed", function).map(Some)
    }
}

fn register_queries(engine: &mut Engine) {
    doc("get_joints", &["arm: Robot", "[string]"]).register_into_engine(
        engine,
        |r: &mut Robot| -> Res<Array> {
            r.with(|a| Ok(a.get_joints()))
                .or_script()
                .map(|j| j.into_iter().map(Dynamic::from).collect())
        },
    );
    doc("get_dofs", &["arm: Robot", "Map"]).register_into_engine(
        engine,
        |r: &mut Robot| -> Res<Map> {
            let dofs = r.with(|a| Ok(a.get_dofs())).or_script()?;
            Ok(dofs
                .into_iter()
                .map(|(j, d)| {
                    (
                        j.into(),
                        d.iter()
                            .map(|&b| Dynamic::from(b))
                            .collect::<Array>()
                            .into(),
                    )
                })
                .collect())
        },
    );
    doc(
        "get_IK_limits",
        &["arm: Robot", "joint: string", "[lower, upper]"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, joint: ImmutableString| -> Res<Array> {
            let (lo, hi) = r.with(|a| a.get_ik_limits(&joint)).or_script()?;
            Ok(vec![float(lo), float(hi)])
        },
    );
    doc("get_properties", &["arm: Robot", "Map"]).register_into_engine(
        engine,
        |r: &mut Robot| -> Res<Map> {
            let props = r.with(|a| Ok(a.get_properties())).or_script()?;
            Ok(props
                .into_iter()
                .map(|(k, v)| (k.into(), float(v)))
                .collect())
        },
    );
    doc("get_configurations", &["arm: Robot", "Map"])
        .register_into_engine(engine, |r: &mut Robot| robot_map(r));
    engine.register_get("joints", |r: &mut Robot| -> Res<Map> { joint_map(r) });
    engine.register_get("q", |r: &mut Robot| -> Res<Array> {
        let q = r.with(|a| Ok(a.configuration().clone())).or_script()?;
        Ok(q.iter().map(|&x| float(x)).collect())
    });
    engine.register_get("time", |r: &mut Robot| -> Res<FLOAT> {
        r.with(|a| Ok(a.time())).or_script()
    });
    engine.register_get("is_moving", |r: &mut Robot| -> Res<bool> {
        r.with(|a| Ok(a.is_moving())).or_script()
    });
    doc("frame_pose", &["arm: Robot", "frame: string", "Pose"]).register_into_engine(
        engine,
        |r: &mut Robot, frame: ImmutableString| {
            r.with(|a| a.frame_pose(frame.as_str())).or_script()
        },
    );
    doc("stop", &["arm: Robot", "()"]).register_into_engine(engine, |r: &mut Robot| -> Res<()> {
        r.with(|a| {
            a.stop();
            Ok(())
        })
        .or_script()
    });
}

/// `#{joint: value}` of the armature now.
pub(super) fn joint_map(r: &Robot) -> Res<Map> {
    let joints = r.with(|a| Ok(a.joint_positions())).or_script()?;
    Ok(joints
        .into_iter()
        .map(|(j, v)| (j.into(), float(v)))
        .collect())
}

/// The armature's properties and joints.
pub(super) fn robot_map(r: &Robot) -> Res<Map> {
    let c = r.with(|a| Ok(a.get_configurations())).or_script()?;
    let mut m = Map::new();
    m.insert("name".into(), r.name().into());
    let props: Map = c
        .properties
        .to_list()
        .into_iter()
        .map(|(k, v)| (k.into(), float(v)))
        .collect();
    m.insert("properties".into(), props.into());
    let joints: Array = c
        .joints
        .iter()
        .map(|j| {
            let mut jm = Map::new();
            jm.insert("name".into(), j.name.clone().into());
            jm.insert("kind".into(), j.kind.name().into());
            jm.insert(
                "axis".into(),
                j.axis.iter().map(|&x| float(x)).collect::<Array>().into(),
            );
            jm.insert(
                "limits".into(),
                vec![float(j.limits.0), float(j.limits.1)].into(),
            );
            jm.insert("speed".into(), float(j.speed));
            jm.insert("position".into(), float(j.position));
            Dynamic::from_map(jm)
        })
        .collect();
    m.insert("joints".into(), joints.into());
    Ok(m)
}

fn register_instant(engine: &mut Engine) {
    doc(
        "set_property",
        &["arm: Robot", "name: string", "value: number", "()"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, name: ImmutableString, value: Dynamic| -> Res<()> {
            let v = number(&value, "value", "set_property")?;
            r.with(|a| a.set_property(&name, v)).or_script()
        },
    );
    doc(
        "properties",
        &["arm: Robot", "values: #{name: value}", "Robot"],
    )
    .register_into_engine(engine, |r: &mut Robot, values: rhai::Map| -> Res<Robot> {
        let mut parsed = Vec::with_capacity(values.len());
        for (k, v) in &values {
            parsed.push((k.to_string(), number(v, k, "properties")?));
        }
        r.with(|a| parsed.iter().try_for_each(|(k, v)| a.set_property(k, *v)))
            .or_script()?;
        Ok(r.clone())
    });
    doc(
        "set_joint_speed",
        &["arm: Robot", "joint: string", "speed: number or ()", "()"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, joint: ImmutableString, speed: Dynamic| -> Res<()> {
            let s = optional_speed(&speed, "set_joint_speed")?;
            r.with(|a| a.set_joint_speed(&joint, s)).or_script()
        },
    );
    type One = fn(&mut Armature, &str, f64) -> morsel_kinematics::Result<()>;
    type Many = fn(&mut Armature, &[f64]) -> morsel_kinematics::Result<()>;
    let one: [(&str, One, &str); 2] = [
        ("set_rotation", Armature::set_rotation, "rotation"),
        ("set_translation", Armature::set_translation, "translation"),
    ];
    for (name, f, what) in one {
        doc(
            name,
            &[
                "arm: Robot",
                "joint: string",
                &format!("{what}: number"),
                "()",
            ],
        )
        .register_into_engine(
            engine,
            move |r: &mut Robot, joint: ImmutableString, value: Dynamic| -> Res<()> {
                let v = number(&value, what, name)?;
                r.with(|a| f(a, &joint, v)).or_script()
            },
        );
    }
    let many: [(&str, Many, &str); 2] = [
        ("set_rotations", Armature::set_rotations, "rotations"),
        (
            "set_translations",
            Armature::set_translations,
            "translations",
        ),
    ];
    for (name, f, what) in many {
        doc(name, &["arm: Robot", &format!("{what}: [number]"), "()"]).register_into_engine(
            engine,
            move |r: &mut Robot, values: Dynamic| -> Res<()> {
                let v = vec_arg(&values, &format!("`{what}` of {name}()")).or_script()?;
                r.with(|a| f(a, &v)).or_script()
            },
        );
    }
}

/// Joint targets as a map `#{joint: value}` or an array of values root to tip.
fn joint_targets(r: &Robot, value: &Dynamic, function: &str) -> Res<Vec<(String, f64)>> {
    let what = format!("the joint values of {function}()");
    if let Ok(map) = value.as_map_ref() {
        return map
            .iter()
            .map(|(k, v)| {
                Ok((
                    k.to_string(),
                    f64_arg(v, &format!("{what}, joint \"{k}\"")).or_script()?,
                ))
            })
            .collect();
    }
    if value.is_array() {
        let values = vec_arg(value, &what).or_script()?;
        let joints = r.with(|a| Ok(a.get_joints())).or_script()?;
        return Ok(joints.into_iter().zip(values).collect());
    }
    Err(script_error(ShellError::argument(
        what,
        "a map #{joint: value} or an array of values (root to tip)",
        describe(value),
    )))
}

fn register_motions(engine: &mut Engine) {
    type Single = fn(&mut Armature, &str, f64, Option<f64>) -> morsel_kinematics::Result<()>;
    type Multi = fn(&mut Armature, &[(&str, f64)], Option<f64>) -> morsel_kinematics::Result<()>;
    let single: [(&str, Single, &str); 2] = [
        ("rotate", Armature::rotate, "rotation (rad)"),
        ("translate", Armature::translate, "translation (m)"),
    ];
    for (name, f, what) in single {
        let run = move |r: &Robot, joint: &str, value: &Dynamic, speed: &Dynamic| -> Res<()> {
            let v = number(value, "value", name)?;
            let s = optional_speed(speed, name)?;
            r.with(|a| f(a, joint, v, s)).or_script()
        };
        doc(
            name,
            &[
                "arm: Robot",
                "joint: string",
                &format!("value: {what}"),
                "()",
            ],
        )
        .register_into_engine(
            engine,
            move |r: &mut Robot, joint: ImmutableString, value: Dynamic| {
                run(r, &joint, &value, &Dynamic::UNIT)
            },
        );
        doc(
            name,
            &[
                "arm: Robot",
                "joint: string",
                &format!("value: {what}"),
                "speed: number",
                "()",
            ],
        )
        .register_into_engine(
            engine,
            move |r: &mut Robot, joint: ImmutableString, value: Dynamic, speed: Dynamic| {
                run(r, &joint, &value, &speed)
            },
        );
    }
    let multi: [(&str, Multi); 2] = [
        ("rotate_joints", Armature::rotate_joints),
        ("translate_joints", Armature::translate_joints),
    ];
    for (name, f) in multi {
        let run = move |r: &Robot, values: &Dynamic, speed: &Dynamic| -> Res<()> {
            let targets = joint_targets(r, values, name)?;
            let s = optional_speed(speed, name)?;
            let pairs: Vec<(&str, f64)> = targets.iter().map(|(j, v)| (j.as_str(), *v)).collect();
            r.with(|a| f(a, &pairs, s)).or_script()
        };
        doc(
            name,
            &["arm: Robot", "values: #{joint: value} or [value]", "()"],
        )
        .register_into_engine(engine, move |r: &mut Robot, values: Dynamic| {
            run(r, &values, &Dynamic::UNIT)
        });
        doc(
            name,
            &[
                "arm: Robot",
                "values: #{joint: value} or [value]",
                "speed: number",
                "()",
            ],
        )
        .register_into_engine(
            engine,
            move |r: &mut Robot, values: Dynamic, speed: Dynamic| run(r, &values, &speed),
        );
    }
    doc(
        "trajectory",
        &[
            "arm: Robot",
            "trajectory: #{starttime, points: [#{positions, velocities, time_from_start}]}",
            "()",
        ],
    )
    .register_into_engine(engine, |r: &mut Robot, value: Dynamic| -> Res<()> {
        let t = trajectory_arg(&value)?;
        r.with(|a| a.trajectory(&t)).or_script()
    });
}

fn trajectory_arg(value: &Dynamic) -> Res<Trajectory> {
    let mut o = Options::new("trajectory", value).or_script()?;
    let start_time = o.f64("starttime").or_script()?;
    let points = o.value("points");
    o.finish().or_script()?;
    let what = "option `points` of trajectory()";
    let points = o_required(points, what)?;
    let list = points
        .as_array_ref()
        .map_err(|_| {
            script_error(ShellError::argument(
                what,
                "an array of waypoint maps",
                describe(&points),
            ))
        })?
        .clone();
    let mut out = Vec::with_capacity(list.len());
    for (i, p) in list.iter().enumerate() {
        let mut po = Options::new(&format!("trajectory (waypoint #{i})"), p).or_script()?;
        let positions = po.vec("positions").or_script()?;
        let positions = po.required("positions", positions).or_script()?;
        let velocities = po.vec("velocities").or_script()?;
        let time = po.f64("time_from_start").or_script()?;
        let time_from_start = po.required("time_from_start", time).or_script()?;
        po.finish().or_script()?;
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

fn o_required(value: Option<Dynamic>, what: &str) -> Res<Dynamic> {
    value.ok_or_else(|| {
        script_error(ShellError::argument(
            what,
            "an array of waypoint maps",
            "nothing",
        ))
    })
}

/// Link names from the `links` argument of `create_ik_targets`.
fn target_links(links: &Dynamic) -> Res<Vec<String>> {
    let list = links.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            "`links` of create_ik_targets()",
            "an array of link names",
            describe(links),
        ))
    })?;
    list.iter()
        .enumerate()
        .map(|(i, l)| string_arg(l, &format!("`links` of create_ik_targets(), element {i}")))
        .collect::<Result<_, _>>()
        .or_script()
}

fn register_ik_targets(engine: &mut Engine) {
    doc(
        "create_ik_targets",
        &["arm: Robot", "links: [string]", "[string]"],
    )
    .register_into_engine(engine, |r: &mut Robot, links: Dynamic| -> Res<Array> {
        let names = target_links(&links)?;
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let created = r.with(|a| a.create_ik_targets(&refs)).or_script()?;
        Ok(created.into_iter().map(Dynamic::from).collect())
    });
    doc(
        "create_ik_targets",
        &[
            "arm: Robot",
            "links: [string]",
            "options: #{kind: \"pose\" | \"position\"}",
            "[string]",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, links: Dynamic, opts: Dynamic| -> Res<Array> {
            let names = target_links(&links)?;
            let mut o = Options::new("create_ik_targets", &opts).or_script()?;
            let kind = o
                .string("kind")
                .or_script()?
                .unwrap_or_else(|| "pose".to_string());
            o.finish().or_script()?;
            let Some(kind) = morsel_lab::ik::ik_target_kind(&kind) else {
                return Err(script_error(ShellError::argument(
                    "option `kind` of create_ik_targets()",
                    "\"pose\" or \"position\"",
                    format!("\"{kind}\""),
                )));
            };
            let created = r
                .with(|a| {
                    names
                        .iter()
                        .map(|link| a.create_ik_target(link, kind))
                        .collect::<Result<Vec<_>, _>>()
                })
                .or_script()?;
            Ok(created.into_iter().map(Dynamic::from).collect())
        },
    );
    doc("list_IK_targets", &["arm: Robot", "[string]"]).register_into_engine(
        engine,
        |r: &mut Robot| -> Res<Array> {
            let names = r.with(|a| Ok(a.list_ik_targets())).or_script()?;
            Ok(names.into_iter().map(Dynamic::from).collect())
        },
    );
    doc("ik_target_pose", &["arm: Robot", "target: string", "Pose"])
        .register_into_engine(engine, |r: &mut Robot, target: ImmutableString| {
            r.with(|a| a.ik_target_pose(&target)).or_script()
        });
    let place =
        |r: &Robot, target: &str, t: &Dynamic, rot: &Dynamic, relative: &Dynamic| -> Res<Map> {
            let f = "place_IK_target";
            let t = fixed_arg::<3>(t, &format!("`translation` of {f}()")).or_script()?;
            let rot = fixed_arg::<3>(rot, &format!("`rotation` of {f}()")).or_script()?;
            let rel = bool_arg(relative, &format!("`relative` of {f}()")).or_script()?;
            let result = r
                .with(|a| a.place_ik_target(target, t, rot, rel))
                .or_script()?;
            Ok(ik_result_map(&result))
        };
    doc(
        "place_IK_target",
        &[
            "arm: Robot",
            "target: string",
            "translation: [x, y, z]",
            "rotation: [r, p, y]",
            "relative: bool",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        move |r: &mut Robot, target: ImmutableString, t: Dynamic, rot: Dynamic, rel: Dynamic| {
            place(r, &target, &t, &rot, &rel)
        },
    );
    doc(
        "place_IK_target",
        &[
            "arm: Robot",
            "target: string",
            "translation: [x, y, z]",
            "rotation: [r, p, y]",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        move |r: &mut Robot, target: ImmutableString, t: Dynamic, rot: Dynamic| {
            place(r, &target, &t, &rot, &Dynamic::TRUE)
        },
    );
    let start = |r: &Robot,
                 target: &str,
                 t: &Dynamic,
                 rot: &Dynamic,
                 rel: &Dynamic,
                 lin: &Dynamic,
                 rad: &Dynamic|
     -> Res<()> {
        let f = "move_IK_target";
        let t = fixed_arg::<3>(t, &format!("`translation` of {f}()")).or_script()?;
        let rot = fixed_arg::<3>(rot, &format!("`rotation` of {f}()")).or_script()?;
        let rel = bool_arg(rel, &format!("`relative` of {f}()")).or_script()?;
        let lin = optional_speed(lin, f)?;
        let rad = optional_speed(rad, f)?;
        r.with(|a| a.move_ik_target(target, t, rot, rel, lin, rad))
            .or_script()
    };
    doc(
        "move_IK_target",
        &[
            "arm: Robot",
            "target: string",
            "translation: [x, y, z]",
            "rotation: [r, p, y]",
            "relative: bool",
            "linear_speed: number or ()",
            "radial_speed: number or ()",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |r: &mut Robot,
              target: ImmutableString,
              t: Dynamic,
              rot: Dynamic,
              rel: Dynamic,
              lin: Dynamic,
              rad: Dynamic| { start(r, &target, &t, &rot, &rel, &lin, &rad) },
    );
    doc(
        "move_IK_target",
        &[
            "arm: Robot",
            "target: string",
            "translation: [x, y, z]",
            "rotation: [r, p, y]",
            "relative: bool",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |r: &mut Robot, target: ImmutableString, t: Dynamic, rot: Dynamic, rel: Dynamic| {
            start(r, &target, &t, &rot, &rel, &Dynamic::UNIT, &Dynamic::UNIT)
        },
    );
}
