//! `stance_torques(stance)`: the joint torques `g(q) − Σ Jᵀ f` that hold a robot's stance with
//! its distributed contact wrenches, each against the joint's effort limit (morsel-lab's
//! `stance_torques`).
//!
//! The result is a map `#{names, torques, gravity_torques, limits, exceeded, within_limits,
//! utilisation, distribution}`: values in `velocity_names` order, `limits` `inf` where no
//! effort limit is known, `exceeded` the names beyond their limit, `utilisation` the largest
//! `|τ| / limit`, `distribution` as `distribute` returns it.

use morsel_lab::stance_torques::{StanceTorques, stance_torques};
use morsel_stability::DistributionWeights;
use rhai::{Array, Dynamic, Engine, FLOAT, Map};

use crate::bindings::doc;
use crate::convert::from_f64s;
use crate::error::{OrScriptError, ScriptResult};

use super::ScriptStance;
use super::results::{distribution_map, weights_arg};

/// Registers `stance_torques`.
pub fn register(engine: &mut Engine) {
    doc("stance_torques", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            Ok(torques_map(
                &stance_torques(&s.0, &DistributionWeights::default()).or_script()?,
            ))
        },
    );
    doc(
        "stance_torques",
        &["stance: Stance", "weights: #{friction, cop, yaw}", "Map"],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptStance, weights: Dynamic| -> ScriptResult<Map> {
            let w = weights_arg(&weights, "stance_torques")?;
            Ok(torques_map(&stance_torques(&s.0, &w).or_script()?))
        },
    );
}

fn torques_map(t: &StanceTorques) -> Map {
    let names = |v: &[String]| -> Array { v.iter().cloned().map(Dynamic::from).collect() };
    let mut m = Map::new();
    m.insert("names".into(), names(&t.names).into());
    m.insert("torques".into(), from_f64s(&t.torques).into());
    m.insert(
        "gravity_torques".into(),
        from_f64s(&t.gravity_torques).into(),
    );
    m.insert("limits".into(), from_f64s(&t.limits).into());
    m.insert("exceeded".into(), names(&t.exceeded).into());
    m.insert("within_limits".into(), t.within_limits().into());
    m.insert(
        "utilisation".into(),
        Dynamic::from_float(t.utilisation as FLOAT),
    );
    m.insert(
        "distribution".into(),
        distribution_map(&t.distribution).into(),
    );
    m
}
