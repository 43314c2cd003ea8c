//! `simulation(#{dt})`, the pose sensor and recorders (see [`crate::simulation`]).

use std::sync::Arc;

use morsel_kinematics::ArmaturePoseSensor;
use rhai::{Array, Dynamic, Engine, FLOAT, INT, ImmutableString, Map};

use crate::context::ShellContext;
use crate::error::{OrScriptError, ScriptResult, ShellError};
use crate::options::Options;
use morsel_lab::simulation::{RecordKind, Recorder, Robot, SimEvent, Simulation};

use super::super::doc;
use super::super::geometry::float;

/// An armature pose sensor: reads `#{time, joint: value, ...}` of one robot.
#[derive(Clone, Debug)]
pub struct PoseSensor(Robot);

/// Registers the simulation, the pose sensor and recorders.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<Simulation>("Simulation");
    engine.register_type_with_name::<Recorder>("Recorder");
    engine.register_type_with_name::<PoseSensor>("PoseSensor");

    doc(
        "simulation",
        &["options: #{dt: number, record_poses: bool}", "Simulation"],
    )
    .register_into_engine(engine, |opts: Dynamic| -> ScriptResult<Simulation> {
        let mut o = Options::new("simulation", &opts).or_script()?;
        let dt = o.f64_or("dt", 0.01).or_script()?;
        let record_poses = o.bool_or("record_poses", false).or_script()?;
        o.finish().or_script()?;
        Simulation::with_pose_record(dt, record_poses).or_script()
    });
    doc("add", &["sim: Simulation", "arm: Robot", "()"])
        .register_into_engine(engine, |s: &mut Simulation, r: Robot| s.add(&r).or_script());
    doc(
        "record",
        &[
            "sim: Simulation",
            "arm: Robot",
            "what: \"pose\" | link_name",
            "Recorder",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut Simulation, r: Robot, what: ImmutableString| -> ScriptResult<Recorder> {
            let rec = Recorder::new(r, RecordKind::from_what(&what)).or_script()?;
            s.add_recorder(&rec).or_script()?;
            Ok(rec)
        },
    );
    doc(
        "record",
        &["sim: Simulation", "sensor: PoseSensor", "Recorder"],
    )
    .register_into_engine(
        engine,
        |s: &mut Simulation, sensor: PoseSensor| -> ScriptResult<Recorder> {
            let rec = Recorder::new(sensor.0, RecordKind::Pose).or_script()?;
            s.add_recorder(&rec).or_script()?;
            Ok(rec)
        },
    );
    doc("step", &["sim: Simulation", "()"])
        .register_into_engine(engine, |s: &mut Simulation| s.step().or_script());
    doc("run", &["sim: Simulation", "seconds: number", "INT"]).register_into_engine(
        engine,
        |s: &mut Simulation, seconds: Dynamic| -> ScriptResult<INT> {
            let t = crate::convert::f64_arg(&seconds, "`seconds` of run()").or_script()?;
            Ok(s.run(t).or_script()? as INT)
        },
    );
    engine.register_get("time", |s: &mut Simulation| -> ScriptResult<FLOAT> {
        s.time().or_script()
    });
    engine.register_get("dt", |s: &mut Simulation| -> ScriptResult<FLOAT> {
        s.dt().or_script()
    });
    engine.register_get("events", |s: &mut Simulation| -> ScriptResult<Array> {
        Ok(s.events().or_script()?.iter().map(event_map).collect())
    });
    engine.register_fn("to_string", |s: &mut Simulation| sim_text(s));
    engine.register_fn("to_debug", |s: &mut Simulation| sim_text(s));
    doc("to_map", &["sim: Simulation", "Map"]).register_into_engine(
        engine,
        |s: &mut Simulation| -> ScriptResult<Map> {
            let mut m = Map::new();
            m.insert("time".into(), float(s.time().or_script()?));
            m.insert("dt".into(), float(s.dt().or_script()?));
            let events: Array = s.events().or_script()?.iter().map(event_map).collect();
            m.insert("events".into(), events.into());
            Ok(m)
        },
    );

    doc("pose_sensor", &["arm: Robot", "PoseSensor"])
        .register_into_engine(engine, |r: Robot| PoseSensor(r));
    doc("read", &["sensor: PoseSensor", "Map"]).register_into_engine(
        engine,
        |p: &mut PoseSensor| -> ScriptResult<Map> {
            let pose = p.0.with(|a| Ok(ArmaturePoseSensor::read(a))).or_script()?;
            let mut m: Map = pose
                .joints
                .iter()
                .map(|(j, v)| (j.as_str().into(), float(*v)))
                .collect();
            m.insert("time".into(), float(pose.time));
            Ok(m)
        },
    );
    engine.register_fn("to_string", |p: &mut PoseSensor| {
        format!("PoseSensor({})", p.0.name())
    });
    engine.register_fn("to_debug", |p: &mut PoseSensor| {
        format!("PoseSensor({})", p.0.name())
    });

    register_recorder(engine, ctx);
}

fn event_map(e: &SimEvent) -> Dynamic {
    let mut m = Map::new();
    m.insert("time".into(), float(e.time));
    m.insert("robot".into(), e.robot.clone().into());
    m.insert("kind".into(), e.kind.into());
    m.insert("detail".into(), e.detail.clone().into());
    Dynamic::from_map(m)
}

fn sim_text(s: &Simulation) -> String {
    match (s.time(), s.dt()) {
        (Ok(t), Ok(dt)) => format!("Simulation(time {t} s, dt {dt} s)"),
        _ => "Simulation".into(),
    }
}

fn register_recorder(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_get("columns", |r: &mut Recorder| -> ScriptResult<Array> {
        let (columns, _) = r.table().or_script()?;
        Ok(columns.into_iter().map(Dynamic::from).collect())
    });
    engine.register_get("rows", |r: &mut Recorder| -> ScriptResult<Array> {
        let (_, rows) = r.table().or_script()?;
        Ok(crate::convert::from_rows(rows))
    });
    engine.register_get("len", |r: &mut Recorder| -> ScriptResult<INT> {
        Ok(r.table().or_script()?.1.len() as INT)
    });
    doc("to_map", &["recorder: Recorder", "Map"]).register_into_engine(
        engine,
        |r: &mut Recorder| -> ScriptResult<Map> {
            let (columns, rows) = r.table().or_script()?;
            Ok(columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let col: Array = rows.iter().map(|row| float(row[i])).collect();
                    (c.as_str().into(), Dynamic::from_array(col))
                })
                .collect())
        },
    );
    let shared = Arc::clone(ctx);
    doc("save", &["recorder: Recorder", "path: string", "()"]).register_into_engine(
        engine,
        move |r: &mut Recorder, path: ImmutableString| -> ScriptResult<()> {
            let bytes = r.encode(&path).or_script()?;
            let target = shared.sandbox.write_path(&path).or_script()?;
            std::fs::write(&target, bytes)
                .map_err(|source| ShellError::Io {
                    action: "cannot write",
                    path: target.clone(),
                    source,
                })
                .or_script()
        },
    );
    engine.register_fn("to_string", |r: &mut Recorder| recorder_text(r));
    engine.register_fn("to_debug", |r: &mut Recorder| recorder_text(r));
}

fn recorder_text(r: &Recorder) -> String {
    match r.table() {
        Ok((c, rows)) => format!("Recorder({} columns, {} rows)", c.len(), rows.len()),
        Err(_) => "Recorder".into(),
    }
}
