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

use std::sync::Arc;

use morsel_lab::distributor::{COLUMNS, ComAcceleration, DistributorLog, TickRecord};
use nalgebra::Vector3;
use rhai::{Array, Dynamic, Engine, FLOAT, Map};

use crate::bindings::doc;
use crate::convert::{from_f64s, from_point3, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Simulation;
use morsel_lab::stance_distributor::StanceDistributor;

use super::results::distribution_map;
use super::{ScriptStance, save_table};
use crate::context::ShellContext;

/// A shared wrench distributor over a script stance (morsel-lab's [`StanceDistributor`]: the
/// stance rebuilt from the robot every tick, the [`DistributorLog`] does the work).
#[derive(Clone, Debug)]
pub struct ScriptDistributor(StanceDistributor);

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
        StanceDistributor::new(stance.0, acceleration, check_polygon)
            .map(ScriptDistributor)
            .or_script()
    }

    /// One tick by hand, with an explicit CoM acceleration or the configured one.
    fn step(&self, explicit: Option<Vector3<f64>>) -> ScriptResult<Map> {
        let (record, _) = self.0.step(None, explicit).or_script()?;
        Ok(distribution_map(&record.distribution))
    }

    fn log<T>(&self, f: impl FnOnce(&DistributorLog) -> T) -> ScriptResult<T> {
        self.0.with_log(f).or_script()
    }

    fn save(&self, ctx: &ShellContext, path: &str) -> ScriptResult<()> {
        let columns: Vec<String> = COLUMNS.iter().map(|c| (*c).to_string()).collect();
        let rows: Vec<Vec<f64>> = self.log(|l| l.table().iter().map(|r| r.to_vec()).collect())?;
        save_table(ctx, path, &columns, &rows)
    }

    fn table(&self) -> ScriptResult<Map> {
        let table = self.log(DistributorLog::table)?;
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
        self.log(|l| {
            l.records()
                .iter()
                .map(|r| Dynamic::from_map(record_map(r)))
                .collect()
        })
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
            sim.add_process(Arc::new(d.0)).or_script()
        },
    );
    doc("step", &["distributor: WrenchDistributor", "Map"])
        .register_into_engine(engine, |d: &mut ScriptDistributor| d.step(None));
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
        d.step(Some(a))
    });
    doc(
        "set_stance",
        &["distributor: WrenchDistributor", "stance: Stance", "()"],
    )
    .register_into_engine(engine, |d: &mut ScriptDistributor, st: ScriptStance| {
        d.0.set_stance(st.0).or_script()
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
            d.log(|l| {
                l.last()
                    .map_or(Dynamic::UNIT, |l| Dynamic::from_map(distribution_map(l)))
            })
        },
    );
    engine.register_get("ticks", |d: &mut ScriptDistributor| -> ScriptResult<i64> {
        d.log(|l| l.ticks() as i64)
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
    let text = |d: &mut ScriptDistributor| match d.0.with_log(DistributorLog::ticks) {
        Ok(n) => format!("WrenchDistributor({n} ticks)"),
        Err(_) => "WrenchDistributor(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}
