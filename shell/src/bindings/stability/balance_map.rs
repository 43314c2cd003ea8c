//! `balance_map(stance, #{kind, x, y, z, coms, configurations, torque_limits, generators})`: a
//! static, robust or torque-limited margin over a CoM grid, a list of CoMs or a list of robot
//! configurations (morsel-lab's [`morsel_lab::balance_map`]), a sharded workload of the run;
//! `save(path, map)` and `plot_map(path, map)` as for the joint-space maps.

use std::sync::Arc;

use morsel_lab::Value;
use morsel_lab::balance_map::{BalanceMap, BalancePoints, BalanceRequest, balance_map_sharded};
use morsel_lab::balance_map_output::{balance_map_value, save_balance_map};
use morsel_lab::balance_plot::plot_balance_map;
use morsel_stability::{ComGrid, GridAxis, MarginKind, PolygonMethod};
use rhai::{Array, Dynamic, Engine, INT, ImmutableString, Map};

use crate::bindings::doc;
use crate::context::ShellContext;
use crate::convert::{describe, f64_arg, fixed_arg, from_f64s, from_rows, rows_arg, usize_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::results::polygon_map;
use super::stance::ScriptStance;

/// A shared [`BalanceMap`], as scripts hold it.
pub type ScriptBalanceMap = Arc<BalanceMap>;

fn axis(o: &mut Options, key: &'static str) -> ScriptResult<Option<GridAxis>> {
    let Some(v) = o.value(key) else {
        return Ok(None);
    };
    let what = format!("option `{key}` of balance_map() ([min, max, steps])");
    let list = v
        .as_array_ref()
        .map_err(|_| {
            script_error(ShellError::argument(
                &what,
                "[min, max, steps]",
                describe(&v),
            ))
        })?
        .clone();
    if list.len() != 3 {
        return Err(script_error(ShellError::argument(
            &what,
            "[min, max, steps]",
            describe(&v),
        )));
    }
    let min = f64_arg(&list[0], &what).or_script()?;
    let max = f64_arg(&list[1], &what).or_script()?;
    let steps = usize_arg(&list[2], &what).or_script()?;
    Ok(Some(GridAxis::new(key, min, max, steps).or_script()?))
}

fn request(opts: &Dynamic) -> ScriptResult<BalanceRequest> {
    let mut o = Options::new("balance_map", opts).or_script()?;
    let kind: MarginKind = o
        .string("kind")
        .or_script()?
        .unwrap_or_else(|| "static".into())
        .parse()
        .or_script()?;
    let (x, y, z) = (axis(&mut o, "x")?, axis(&mut o, "y")?, axis(&mut o, "z")?);
    let coms = o.value("coms");
    let configurations = o.value("configurations");
    let given = usize::from(x.is_some() || y.is_some() || z.is_some())
        + usize::from(coms.is_some())
        + usize::from(configurations.is_some());
    if given != 1 {
        return Err(script_error(ShellError::argument(
            "the points of balance_map()",
            "exactly one of a grid (x and y, optionally z), `coms` or `configurations`",
            format!("{given} of them"),
        )));
    }
    let points = if let Some(c) = coms {
        let rows = rows_arg(&c, "option `coms` of balance_map()").or_script()?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let what = format!("CoM {i} of option `coms` of balance_map()");
            out.push(fixed_arg::<3>(&Dynamic::from_array(from_f64s(r)), &what).or_script()?);
        }
        BalancePoints::Coms(out)
    } else if let Some(q) = configurations {
        BalancePoints::Configurations(
            rows_arg(&q, "option `configurations` of balance_map()").or_script()?,
        )
    } else {
        let (Some(x), Some(y)) = (x, y) else {
            return Err(script_error(ShellError::argument(
                "the grid of balance_map()",
                "both `x` and `y` ([min, max, steps])",
                "only one of them",
            )));
        };
        BalancePoints::Grid(ComGrid::new(x, y, z).or_script()?)
    };
    let mut request = BalanceRequest::new(kind, points);
    if let Some(limits) = o.value("torque_limits") {
        let Some(map) = limits.clone().try_cast::<Map>() else {
            return Err(script_error(ShellError::argument(
                "option `torque_limits` of balance_map()",
                "a map #{joint: limit}",
                describe(&limits),
            )));
        };
        for (name, value) in map {
            let what = format!("limit of `{name}` in option `torque_limits` of balance_map()");
            request
                .torque_limits
                .push((name.to_string(), f64_arg(&value, &what).or_script()?));
        }
    }
    if let Some(g) = o.int("generators").or_script()? {
        request.generators = usize::try_from(g).unwrap_or(0);
    }
    o.finish().or_script()?;
    Ok(request)
}

/// A lab value as a script value (non-finite margins are already strings).
fn dynamic_of(value: &Value) -> Dynamic {
    match value {
        Value::Unit => Dynamic::UNIT,
        Value::Bool(b) => (*b).into(),
        Value::Int(i) => (*i).into(),
        Value::Float(x) => (*x).into(),
        Value::Str(s) => s.clone().into(),
        Value::List(items) => Dynamic::from_array(items.iter().map(dynamic_of).collect()),
        Value::Map(m) => Dynamic::from_map(
            m.iter()
                .map(|(k, v)| (k.as_str().into(), dynamic_of(v)))
                .collect(),
        ),
    }
}

/// Registers `balance_map`, the map's properties, `save` and `plot_map`.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ScriptBalanceMap>("BalanceMap");
    let shared = Arc::clone(ctx);
    doc(
        "balance_map",
        &[
            "stance: Stance",
            "options: #{kind: string, x: [min, max, steps], y: [min, max, steps], z: [min, max, steps], coms: [[x, y, z]], configurations: [[q]], torque_limits: #{joint: number}, generators: INT}",
            "BalanceMap",
        ],
    )
    .register_into_engine(
        engine,
        move |s: &mut ScriptStance, options: Dynamic| -> ScriptResult<ScriptBalanceMap> {
            let request = request(&options)?;
            Ok(Arc::new(
                balance_map_sharded(&shared.shards, &s.0, &request).or_script()?,
            ))
        },
    );
    engine.register_get("kind", |m: &mut ScriptBalanceMap| -> ImmutableString {
        m.kind.name().into()
    });
    engine.register_get("unit", |m: &mut ScriptBalanceMap| -> ImmutableString {
        m.kind.unit().into()
    });
    engine.register_get("values", |m: &mut ScriptBalanceMap| from_f64s(&m.values));
    engine.register_get("rows", |m: &mut ScriptBalanceMap| from_rows(m.rows()));
    engine.register_get("coms", |m: &mut ScriptBalanceMap| from_rows(m.coms.iter()));
    engine.register_get("columns", |m: &mut ScriptBalanceMap| -> Array {
        m.columns.iter().cloned().map(Dynamic::from).collect()
    });
    engine.register_get("steps", |m: &mut ScriptBalanceMap| -> Dynamic {
        m.steps.as_ref().map_or(Dynamic::UNIT, |s| {
            Dynamic::from_array(s.iter().map(|&n| Dynamic::from(n as INT)).collect())
        })
    });
    engine.register_get("polygon", |m: &mut ScriptBalanceMap| {
        polygon_map(PolygonMethod::Bretl, &m.polygon)
    });
    engine.register_get("region", |m: &mut ScriptBalanceMap| -> Dynamic {
        m.region.as_ref().map_or(Dynamic::UNIT, |r| {
            Dynamic::from_map(polygon_map(PolygonMethod::Bretl, r))
        })
    });
    doc("len", &["map: BalanceMap", "INT"])
        .register_into_engine(engine, |m: &mut ScriptBalanceMap| -> INT {
            INT::try_from(m.len()).unwrap_or(INT::MAX)
        });
    doc("to_map", &["map: BalanceMap", "Map"])
        .register_into_engine(engine, |m: &mut ScriptBalanceMap| {
            dynamic_of(&balance_map_value(m))
        });
    engine.register_fn("to_string", |m: &mut ScriptBalanceMap| text(m));
    engine.register_fn("to_debug", |m: &mut ScriptBalanceMap| text(m));
    let shared = Arc::clone(ctx);
    doc("save", &["path: string", "map: BalanceMap", "()"]).register_into_engine(
        engine,
        move |path: ImmutableString, m: ScriptBalanceMap| -> ScriptResult<()> {
            let target = shared.sandbox.write_path(&path).or_script()?;
            save_balance_map(&path, &target, &m).map(|_| ()).or_script()
        },
    );
    let shared = Arc::clone(ctx);
    doc("plot_map", &["path: string", "map: BalanceMap", "()"]).register_into_engine(
        engine,
        move |path: ImmutableString, m: ScriptBalanceMap| -> ScriptResult<()> {
            let target = shared.sandbox.write_path(&path).or_script()?;
            plot_balance_map(&target, &m).or_script()
        },
    );
}

fn text(m: &BalanceMap) -> String {
    format!(
        "BalanceMap({} margin, {} points over {})",
        m.kind,
        m.len(),
        m.columns.join(", ")
    )
}
