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

use morsel_stability::{PolygonMethod, WrenchDistributor};
use nalgebra::{Point3, Vector3};
use rhai::{Array, Dynamic, Engine, FLOAT, Map};

use crate::bindings::doc;
use crate::convert::{from_f64s, from_point3, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::{ProcessNotice, Simulation, TickProcess};

use super::results::distribution_map;
use super::{ScriptStance, save_table};
use crate::context::ShellContext;

/// Where the CoM acceleration of a tick comes from.
#[derive(Clone, Copy, Debug)]
enum Acceleration {
    /// The same vector every tick (m/s^2).
    Fixed(Vector3<f64>),
    /// The second difference of the CoM over the last three timed ticks (zero before).
    Estimated,
}

/// The numeric columns of [`ScriptDistributor`]'s table, in order.
const COLUMNS: [&str; 12] = [
    "time",
    "tick",
    "com_x",
    "com_y",
    "com_z",
    "acc_x",
    "acc_y",
    "acc_z",
    "margin",
    "inside",
    "solved",
    "normal_force_total",
];

#[derive(Debug)]
struct State {
    stance: ScriptStance,
    inner: WrenchDistributor,
    acceleration: Acceleration,
    /// Re-compute the static-equilibrium polygon every tick.
    check_polygon: bool,
    ticks: i64,
    records: Array,
    /// One row per tick, [`COLUMNS`].
    table: Vec<[f64; COLUMNS.len()]>,
    last: Option<Map>,
    /// The last (up to) three timed CoM samples, oldest first.
    history: Vec<(f64, Point3<f64>)>,
    /// Stability of the previous tick: (CoM inside, distribution solved).
    previous: Option<(bool, bool)>,
}

/// A shared wrench distributor over a script stance.
#[derive(Clone, Debug)]
pub struct ScriptDistributor(Arc<Mutex<State>>);

/// What one tick found.
struct Tick {
    map: Map,
    notices: Vec<ProcessNotice>,
}

/// The second derivative at the middle of three timed samples (m/s^2).
fn second_difference(h: &[(f64, Point3<f64>)]) -> Option<Vector3<f64>> {
    let [(t0, c0), (t1, c1), (t2, c2)] = h else {
        return None;
    };
    let (d1, d2, span) = (t1 - t0, t2 - t1, t2 - t0);
    if d1 <= 0.0 || d2 <= 0.0 {
        return None;
    }
    Some(((c2 - c1) / d2 - (c1 - c0) / d1) * (2.0 / span))
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
            None => Acceleration::Fixed(Vector3::zeros()),
            Some(v) if v.is_string() && v.to_string() == "estimated" => Acceleration::Estimated,
            Some(v) if v.is_string() => {
                return Err(script_error(ShellError::argument(
                    "option `com_acceleration` of wrench_distributor()",
                    "[ax, ay, az] (m/s^2) or \"estimated\"",
                    format!("\"{v}\""),
                )));
            }
            Some(v) => Acceleration::Fixed(
                vector3_arg(&v, "option `com_acceleration` of wrench_distributor()").or_script()?,
            ),
        };
        let check_polygon = o.bool_or("polygon", true).or_script()?;
        o.finish().or_script()?;
        let mut stance = stance;
        let inner = WrenchDistributor::new(stance.build()?);
        Ok(ScriptDistributor(Arc::new(Mutex::new(State {
            stance,
            inner,
            acceleration,
            check_polygon,
            ticks: 0,
            records: Array::new(),
            table: Vec::new(),
            last: None,
            history: Vec::new(),
            previous: None,
        }))))
    }

    /// One tick at simulation `time` (`None` when driven by hand), with an explicit CoM
    /// acceleration or the configured one.
    fn step(&self, time: Option<f64>, explicit: Option<Vector3<f64>>) -> ScriptResult<Tick> {
        let mut s = self.lock()?;
        let fresh = s.stance.build()?;
        {
            let target = s.inner.stance_mut();
            target.set_mass(fresh.mass()).or_script()?;
            target.set_gravity(fresh.gravity()).or_script()?;
            for (i, c) in fresh.contacts().contacts().iter().enumerate() {
                target
                    .contacts_mut()
                    .contact_mut(i)
                    .or_script()?
                    .set_pose(*c.pose())
                    .or_script()?;
            }
        }
        let com = fresh.com();
        if let Some(t) = time {
            s.history.push((t, com));
            if s.history.len() > 3 {
                s.history.remove(0);
            }
        }
        let acceleration = match (explicit, s.acceleration) {
            (Some(a), _) | (None, Acceleration::Fixed(a)) => a,
            (None, Acceleration::Estimated) if time.is_none() => {
                return Err(script_error(ShellError::argument(
                    "step() of a distributor made with com_acceleration: \"estimated\"",
                    "a simulation tick (sim.add(d)) or an explicit step(d, [ax, ay, az])",
                    "a tick without a time",
                )));
            }
            (None, Acceleration::Estimated) => {
                second_difference(&s.history).unwrap_or_else(Vector3::zeros)
            }
        };
        let (margin, area) = if s.check_polygon {
            let polygon = fresh
                .static_equilibrium_polygon(PolygonMethod::Bretl)
                .or_script()?;
            match polygon.polygon() {
                Some(p) => (Some(p.signed_distance([com.x, com.y])), p.area()),
                None => (None, 0.0),
            }
        } else {
            (None, 0.0)
        };
        let d = s.inner.step(&com, &acceleration).or_script()?;
        let map = distribution_map(d);
        let solved = d.is_solved();
        let forces: Vec<f64> = d.wrenches.iter().map(|w| w.normal_force).collect();
        let links: Array = d
            .wrenches
            .iter()
            .map(|w| w.link.clone().map_or(Dynamic::UNIT, Dynamic::from))
            .collect();
        let inside = margin.is_some_and(|m| m >= 0.0);
        s.ticks += 1;

        let mut notices = Vec::new();
        let (was_inside, was_solved) = s.previous.unwrap_or((true, true));
        let at = format!("CoM [{:.4}, {:.4}]", com.x, com.y);
        if s.check_polygon && was_inside && !inside {
            let how = margin.map_or("the polygon is not bounded".to_string(), |m| {
                format!("margin {m:.4} m")
            });
            notices.push((
                "stability",
                format!("{at} left the support polygon ({how})"),
            ));
        } else if s.check_polygon && !was_inside && inside {
            notices.push((
                "stability",
                format!("{at} is back inside the support polygon"),
            ));
        }
        if was_solved && !solved {
            let reason = map
                .get("reason")
                .map(ToString::to_string)
                .unwrap_or_default();
            notices.push(("stability", format!("wrench distribution failed: {reason}")));
        } else if !was_solved && solved {
            notices.push(("stability", "wrench distribution solved again".to_string()));
        }
        s.previous = Some((inside, solved));

        let mut record = Map::new();
        record.insert("tick".into(), Dynamic::from_int(s.ticks));
        record.insert(
            "time".into(),
            time.map_or(Dynamic::UNIT, |t| Dynamic::from_float(t as FLOAT)),
        );
        record.insert(
            "status".into(),
            map.get("status").cloned().unwrap_or(Dynamic::UNIT),
        );
        record.insert("com".into(), from_point3(&com).into());
        record.insert(
            "com_acceleration".into(),
            from_f64s(acceleration.as_slice()).into(),
        );
        record.insert("links".into(), links.into());
        record.insert("normal_forces".into(), from_f64s(&forces).into());
        record.insert(
            "margin".into(),
            margin.map_or(Dynamic::UNIT, |m| Dynamic::from_float(m as FLOAT)),
        );
        record.insert("inside".into(), inside.into());
        record.insert("polygon_area".into(), Dynamic::from_float(area as FLOAT));
        s.records.push(Dynamic::from_map(record));
        let row = [
            time.unwrap_or(f64::NAN),
            s.ticks as f64,
            com.x,
            com.y,
            com.z,
            acceleration.x,
            acceleration.y,
            acceleration.z,
            margin.unwrap_or(f64::NAN),
            f64::from(u8::from(inside)),
            f64::from(u8::from(solved)),
            forces.iter().sum(),
        ];
        s.table.push(row);
        s.last = Some(map.clone());
        Ok(Tick { map, notices })
    }

    /// Replaces the stance (a foot lifted, a hand placed): the solver memory restarts, the
    /// records go on.
    fn set_stance(&self, stance: ScriptStance) -> ScriptResult<()> {
        let mut stance = stance;
        let inner = WrenchDistributor::new(stance.build()?);
        let mut s = self.lock()?;
        s.stance = stance;
        s.inner = inner;
        Ok(())
    }

    fn save(&self, ctx: &ShellContext, path: &str) -> ScriptResult<()> {
        let (columns, rows) = {
            let s = self.lock()?;
            let columns: Vec<String> = COLUMNS.iter().map(|c| (*c).to_string()).collect();
            let rows: Vec<Vec<f64>> = s.table.iter().map(|r| r.to_vec()).collect();
            (columns, rows)
        };
        save_table(ctx, path, &columns, &rows)
    }

    fn table(&self) -> ScriptResult<Map> {
        let s = self.lock()?;
        Ok(COLUMNS
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let column: Array = s
                    .table
                    .iter()
                    .map(|row| Dynamic::from_float(row[i] as FLOAT))
                    .collect();
                ((*c).into(), Dynamic::from_array(column))
            })
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
        |d: &mut ScriptDistributor| -> ScriptResult<Array> { Ok(d.lock()?.records.clone()) },
    );
    engine.register_get(
        "last",
        |d: &mut ScriptDistributor| -> ScriptResult<Dynamic> {
            Ok(d.lock()?
                .last
                .clone()
                .map_or(Dynamic::UNIT, Dynamic::from_map))
        },
    );
    engine.register_get("ticks", |d: &mut ScriptDistributor| -> ScriptResult<i64> {
        Ok(d.lock()?.ticks)
    });
    doc("to_map", &["distributor: WrenchDistributor", "Map"]).register_into_engine(
        engine,
        |d: &mut ScriptDistributor| -> ScriptResult<Map> {
            let s = d.lock()?;
            let mut m = Map::new();
            m.insert("ticks".into(), Dynamic::from_int(s.ticks));
            m.insert("records".into(), s.records.clone().into());
            Ok(m)
        },
    );
    let text = |d: &mut ScriptDistributor| match d.lock() {
        Ok(s) => format!("WrenchDistributor({} ticks)", s.ticks),
        Err(_) => "WrenchDistributor(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_difference_of_a_parabola_is_its_curvature() {
        // c(t) = (t^2, -3 t^2 / 2, 0): acceleration (2, -3, 0), uneven steps.
        let c = |t: f64| Point3::new(t * t, -1.5 * t * t, 0.0);
        let h = [(0.1, c(0.1)), (0.25, c(0.25)), (0.3, c(0.3))];
        let a = second_difference(&h).expect("three samples");
        assert!((a - Vector3::new(2.0, -3.0, 0.0)).norm() < 1e-9, "{a}");
        assert!(second_difference(&h[..2]).is_none());
        assert!(second_difference(&[h[0], h[0], h[1]]).is_none());
    }
}
