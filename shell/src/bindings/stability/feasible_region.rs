//! `feasible_region(stance)` and `feasible_region(stance, #{torque_limits})`: the torque-limited
//! feasible region of a robot-bound stance (morsel-lab's `feasible_region`): a polygon map as
//! `static_polygon` returns, plus `names`, `limits` and `gravity_torques` (velocity order).

use morsel_lab::feasible_region::{FeasibleRegion, feasible_region};
use morsel_stability::PolygonMethod;
use rhai::{Array, Dynamic, Engine, Map};

use crate::bindings::doc;
use crate::convert::{describe, f64_arg, from_f64s};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::results::polygon_map;
use super::stance::ScriptStance;

fn limits_from(opts: &Dynamic) -> ScriptResult<Vec<(String, f64)>> {
    let mut o = Options::new("feasible_region", opts).or_script()?;
    let mut out = Vec::new();
    if let Some(limits) = o.value("torque_limits") {
        let Some(map) = limits.clone().try_cast::<Map>() else {
            return Err(script_error(ShellError::argument(
                "option `torque_limits` of feasible_region()",
                "a map #{joint: limit}",
                describe(&limits),
            )));
        };
        for (name, value) in map {
            let what = format!("limit of `{name}` in option `torque_limits` of feasible_region()");
            out.push((name.to_string(), f64_arg(&value, &what).or_script()?));
        }
    }
    o.finish().or_script()?;
    Ok(out)
}

fn region_map(r: &FeasibleRegion) -> Map {
    let mut m = polygon_map(PolygonMethod::Bretl, &r.region);
    let names: Array = r.names.iter().cloned().map(Dynamic::from).collect();
    m.insert("names".into(), names.into());
    m.insert("limits".into(), from_f64s(&r.limits).into());
    m.insert(
        "gravity_torques".into(),
        from_f64s(&r.gravity_torques).into(),
    );
    m
}

/// Registers `feasible_region`.
pub fn register(engine: &mut Engine) {
    doc("feasible_region", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            Ok(region_map(&feasible_region(&s.0, &[]).or_script()?))
        },
    );
    doc(
        "feasible_region",
        &[
            "stance: Stance",
            "options: #{torque_limits: #{joint: number}}",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptStance, options: Dynamic| -> ScriptResult<Map> {
            let limits = limits_from(&options)?;
            Ok(region_map(&feasible_region(&s.0, &limits).or_script()?))
        },
    );
}
