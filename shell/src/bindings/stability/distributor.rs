//! `wrench_distributor(stance)`: pymanoid's per-tick wrench distributor, for simulation loops.
//!
//! Each tick re-reads the stance's robot (bound contacts move with their links, the CoM comes
//! from the robot), distributes the wrench needed for the CoM acceleration (zero, a fixed vector,
//! or estimated from the CoM's last three ticks) with the solver memory of the previous ticks,
//! re-checks static stability (the Bretl polygon, the CoM's margin in it) and records the tick.
//! Drive it by hand (`d.step()` after `sim.step()`) or hand it to the simulation, which ticks it
//! after the armatures of every step and logs stability changes as events:
//!
//! ```text
//! let d = wrench_distributor(st, #{ com_acceleration: "estimated" });
//! sim.add(d);
//! sim.run(1.0);
//! save("margin.csv", d.table());
//! ```

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_lab::distributor::{COLUMNS, ComAcceleration, DistributorLog, TickRecord};
use nalgebra::Vector3;
use rhai::{Array, Dynamic, Engine, FLOAT, Map};

use crate::bindings::doc;
use crate::convert::{from_f64s, from_point3, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::{ProcessNotice, Simulation, TickProcess};

use super::results::distribution_map;
use super::{ScriptStance, save_table};
use crate::context::ShellContext;

#[derive(Debug)]
struct State {
    stance: ScriptStance,
    log: DistributorLog,
}

/// A shared wrench distributor over a script stance ([`DistributorLog`] does the work).
#[derive(Clone, Debug)]
pub struct ScriptDistributor(Arc<Mutex<State>>);

/// What one tick found.
struct Tick {
    map: Map,
    notices: Vec<ProcessNotice>,
}

/// A tick's record as a script map.
fn record_map(r: &TickRecord) -> Map {
    let mut record = Map::new();
    record.insert("tick".into(), Dynamic::from_int(r.tick as i64));
    record.insert(
        "time".into(),
        r.time
            .map_or(Dynamic::UNIT, |t| Dynamic::from_float(t as FLOAT)),
    );
    record.insert("status".into(), r.distribution.status.name().into());
    record.insert("com".into(), from_point3(&r.com).into());
    record.insert(
        "com_acceleration".into(),
        from_f64s(r.com_acceleration.as_slice()).into(),
    );
    let links: Array = r
        .links
        .iter()
        .map(|l| l.clone().map_or(Dynamic::UNIT, Dynamic::from))
        .collect();
    record.insert("links".into(), links.into());
    record.insert("normal_forces".into(), from_f64s(&r.normal_forces).into());
    record.insert(
        "margin".into(),
        r.margin
            .map_or(Dynamic::UNIT, |m| Dynamic::from_float(m as FLOAT)),
    );
    record.insert("inside".into(), r.inside.into());
    record.insert(
        "polygon_area".into(),
        Dynamic::from_float(r.polygon_area as FLOAT),
    );
    record
}

impl ScriptDistributor {
    fn lock(&self) -> ScriptResult<MutexGuard<'_, State>> {
        self.0.lock().map_err(|_| {
            script_error(ShellError::argument(
                "a wrench distributor",
                "a usable distributor",
                "one left broken by an earlier failure; rebuild it",
            ))
        })
    }

    fn new(stance: ScriptStance, opts: &Dynamic) -> ScriptResult<Self> {
        let mut o = Options::new("wrench_distributor", opts).or_script()?;
        let acceleration = match o.value("com_acceleration") {
            None => ComAcceleration::Fixed(Vector3::zeros()),
            Some(v) if v.is_string() && v.to_string() == "estimated" => ComAcceleration::Estimated,
            Some(v) if v.is_string() => {
                return Err(script_error(ShellError::argument(
                    "option `com_acceleration` of wrench_distributor()",
                    "[ax, ay, az] (m/s^2) or \"estimated\"",
                    format!("\"{v}\""),
                )));
            }
            Some(v) => ComAcceleration::Fixed(
                vector3_arg(&v, "option `com_acceleration` of wrench_distributor()").or_script()?,
            ),
        };
        let check_polygon = o.bool_or("polygon", true).or_script()?;
        o.finish().or_script()?;
        let mut stance = stance;
        let log = DistributorLog::new(stance.build()?, acceleration, check_polygon);
        Ok(ScriptDistributor(Arc::new(Mutex::new(State {
            stance,
            log,
        }))))
    }

    /// One tick at simulation `time` (`None` when driven by hand), with an explicit CoM
    /// acceleration or the configured one.
    fn step(&self, time: Option<f64>, explicit: Option<Vector3<f64>>) -> ScriptResult<Tick> {
        let mut s = self.lock()?;
        let fresh = s.stance.build()?;
        let (record, notices) = s.log.step(&fresh, time, explicit).or_script()?;
        Ok(Tick {
            map: distribution_map(&record.distribution),
            notices,
        })
    }

    /// Replaces the stance (a foot lifted, a hand placed): the solver memory restarts, the
    /// records go on.
    fn set_stance(&self, stance: ScriptStance) -> ScriptResult<()> {
        let mut stance = stance;
        let built = stance.build()?;
        let mut s = self.lock()?;
        s.stance = stance;
        s.log.set_stance(built);
        Ok(())
    }

    fn save(&self, ctx: &ShellContext, path: &str) -> ScriptResult<()> {
        let (columns, rows) = {
            let s = self.lock()?;
            let columns: Vec<String> = COLUMNS.iter().map(|c| (*c).to_string()).collect();
            let rows: Vec<Vec<f64>> = s.log.table().iter().map(|r| r.to_vec()).collect();
            (columns, rows)
        };
        save_table(ctx, path, &columns, &rows)
    }

    fn table(&self) -> ScriptResult<Map> {
        let s = self.lock()?;
        let table = s.log.table();
        Ok(COLUMNS
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let column: Array = table
                    .iter()
                    .map(|row| Dynamic::from_float(row[i] as FLOAT))
                    .collect();
                ((*c).into(), Dynamic::from_array(column))
            })
            .collect())
    }

    fn records(&self) -> ScriptResult<Array> {
        let s = self.lock()?;
        Ok(s.log
            .records()
            .iter()
            .map(|r| Dynamic::from_map(record_map(r)))
            .collect())
    }
}

impl TickProcess for ScriptDistributor {
    fn label(&self) -> String {
        "wrench_distributor".into()
    }

    fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    fn tick(&self, time: f64, _dt: f64) -> Result<Vec<ProcessNotice>, String> {
        self.step(Some(time), None)
            .map(|t| t.notices)
            .map_err(|e| e.to_string())
    }
}

/// Registers `wrench_distributor`, its methods and `sim.add(distributor)`.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ScriptDistributor>("WrenchDistributor");
    doc(
        "wrench_distributor",
        &["stance: Stance", "WrenchDistributor"],
    )
    .register_into_engine(engine, |st: ScriptStance| {
        ScriptDistributor::new(st, &Dynamic::UNIT)
    });
    doc(
        "wrench_distributor",
        &[
            "stance: Stance",
            "options: #{com_acceleration: [x, y, z] or \"estimated\", polygon: bool}",
            "WrenchDistributor",
        ],
    )
    .register_into_engine(engine, |st: ScriptStance, opts: Dynamic| {
        ScriptDistributor::new(st, &opts)
    });
    doc(
        "add",
        &["sim: Simulation", "distributor: WrenchDistributor", "()"],
    )
    .register_into_engine(
        engine,
        |sim: &mut Simulation, d: ScriptDistributor| -> ScriptResult<()> {
            sim.add_process(Arc::new(d)).or_script()
        },
    );
    doc("step", &["distributor: WrenchDistributor", "Map"])
        .register_into_engine(engine, |d: &mut ScriptDistributor| {
            d.step(None, None).map(|t| t.map)
        });
    doc(
        "step",
        &[
            "distributor: WrenchDistributor",
            "com_acceleration: [x, y, z]",
            "Map",
        ],
    )
    .register_into_engine(engine, |d: &mut ScriptDistributor, acc: Dynamic| {
        let a = vector3_arg(&acc, "`com_acceleration` of step()").or_script()?;
        d.step(None, Some(a)).map(|t| t.map)
    });
    doc(
        "set_stance",
        &["distributor: WrenchDistributor", "stance: Stance", "()"],
    )
    .register_into_engine(engine, |d: &mut ScriptDistributor, st: ScriptStance| {
        d.set_stance(st)
    });
    doc("table", &["distributor: WrenchDistributor", "Map"])
        .register_into_engine(engine, |d: &mut ScriptDistributor| d.table());
    let shared = Arc::clone(ctx);
    doc(
        "save",
        &["distributor: WrenchDistributor", "path: string", "()"],
    )
    .register_into_engine(
        engine,
        move |d: &mut ScriptDistributor, path: rhai::ImmutableString| d.save(&shared, &path),
    );
    engine.register_get(
        "records",
        |d: &mut ScriptDistributor| -> ScriptResult<Array> { d.records() },
    );
    engine.register_get(
        "last",
        |d: &mut ScriptDistributor| -> ScriptResult<Dynamic> {
            Ok(d.lock()?
                .log
                .last()
                .map_or(Dynamic::UNIT, |l| Dynamic::from_map(distribution_map(l))))
        },
    );
    engine.register_get("ticks", |d: &mut ScriptDistributor| -> ScriptResult<i64> {
        Ok(d.lock()?.log.ticks() as i64)
    });
    doc("to_map", &["distributor: WrenchDistributor", "Map"]).register_into_engine(
        engine,
        |d: &mut ScriptDistributor| -> ScriptResult<Map> {
            let records = d.records()?;
            let mut m = Map::new();
            m.insert("ticks".into(), Dynamic::from_int(records.len() as i64));
            m.insert("records".into(), records.into());
            Ok(m)
        },
    );
    let text = |d: &mut ScriptDistributor| match d.lock() {
        Ok(s) => format!("WrenchDistributor({} ticks)", s.log.ticks()),
        Err(_) => "WrenchDistributor(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}
