//! Genesis's sibling sensors of the taxels: `taxel_contacts(#{...})` (a contact flag per probe,
//! Genesis's `KinematicContactSensor`) and `taxel_depths(#{...})` (the raw penetration depth
//! per probe, `KinematicDepthSensor`, with the slip MuJoCo's `tactile` sensor reports). Both
//! take the options of `taxels(...)` and read the ground-truth geometry.

use std::sync::Arc;

use morsel_sensing::ProbeState;
use ndarray::{ArrayD, Axis};
use rhai::{Array, Dynamic, Engine, Map};

use crate::bindings::doc;
use crate::context::ShellContext;
use crate::error::{OrScriptError, ScriptResult};

use super::scene::ScriptScene;
use super::taxels::{ScriptTaxels, make_taxels, nested, scenes_arg};

/// Contact flags per probe.
#[derive(Clone, Debug)]
pub struct ScriptTaxelContacts(ScriptTaxels);

/// Raw penetration depths and slip per probe.
#[derive(Clone, Debug)]
pub struct ScriptTaxelDepths(ScriptTaxels);

/// One step on one scene.
fn read_one(t: &ScriptTaxels, scene: &ScriptScene) -> ScriptResult<ProbeState> {
    t.with_sensor(scene, |sensor, s| sensor.read_probe_state(s))
}

/// One step on several scenes.
fn read_many(t: &ScriptTaxels, scenes: &Dynamic) -> ScriptResult<ProbeState> {
    let list = scenes_arg(scenes)?;
    morsel_lab::__private::batch_limit::check_taxel_batch(
        "read_batch()",
        list.len(),
        t.num_probes(),
        t.history_length(),
        4,
    )
    .or_script()?;
    let first = list.first().ok_or_else(|| {
        crate::error::script_error(crate::error::ShellError::argument(
            "`scenes` of read_batch()",
            "at least one Scene",
            "an empty array",
        ))
    })?;
    let mut copies = Vec::with_capacity(list.len());
    for s in &list {
        copies.push(s.fresh()?.scene.clone());
    }
    t.with_sensor(first, |sensor, _| sensor.read_probe_state_batch(&copies))
}

fn shaped(a: &ArrayD<f64>, drop_env: bool) -> Dynamic {
    if drop_env {
        nested(&a.index_axis(Axis(0), 0))
    } else {
        nested(&a.view())
    }
}

/// Flags as nested arrays of booleans.
fn flags(a: &ArrayD<f64>, drop_env: bool) -> Dynamic {
    fn walk(d: Dynamic) -> Dynamic {
        match d.clone().into_array() {
            Ok(items) => Dynamic::from_array(items.into_iter().map(walk).collect::<Array>()),
            Err(_) => Dynamic::from_bool(d.as_float().is_ok_and(|x| x > 0.0)),
        }
    }
    walk(shaped(a, drop_env))
}

fn depth_map(s: &ProbeState, drop_env: bool) -> Map {
    let mut m = Map::new();
    m.insert("depth".into(), shaped(&s.depth, drop_env));
    m.insert("slip".into(), shaped(&s.slip, drop_env));
    m
}

/// Registers `taxel_contacts(...)`, `taxel_depths(...)` and their methods.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ScriptTaxelContacts>("TaxelContacts");
    engine.register_type_with_name::<ScriptTaxelDepths>("TaxelDepths");
    let shared = Arc::clone(ctx);
    doc("taxel_contacts", &["options: #{...}", "TaxelContacts"])
        .register_into_engine(engine, move |opts: Dynamic| {
            make_taxels(&shared, "taxel_contacts", &opts).map(ScriptTaxelContacts)
        });
    let shared = Arc::clone(ctx);
    doc("taxel_depths", &["options: #{...}", "TaxelDepths"])
        .register_into_engine(engine, move |opts: Dynamic| {
            make_taxels(&shared, "taxel_depths", &opts).map(ScriptTaxelDepths)
        });
    doc("read", &["sensor: TaxelContacts", "scene: Scene", "[bool]"]).register_into_engine(
        engine,
        |t: &mut ScriptTaxelContacts, scene: ScriptScene| {
            Ok::<_, Box<rhai::EvalAltResult>>(flags(&read_one(&t.0, &scene)?.contact, true))
        },
    );
    doc(
        "read_batch",
        &["sensor: TaxelContacts", "scenes: [Scene]", "[[bool]]"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxelContacts, scenes: Dynamic| {
        Ok::<_, Box<rhai::EvalAltResult>>(flags(&read_many(&t.0, &scenes)?.contact, false))
    });
    doc(
        "read",
        &["sensor: TaxelDepths", "scene: Scene", "#{depth, slip}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxelDepths, scene: ScriptScene| {
        Ok::<_, Box<rhai::EvalAltResult>>(depth_map(&read_one(&t.0, &scene)?, true))
    });
    doc(
        "read_batch",
        &["sensor: TaxelDepths", "scenes: [Scene]", "#{depth, slip}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxelDepths, scenes: Dynamic| {
        Ok::<_, Box<rhai::EvalAltResult>>(depth_map(&read_many(&t.0, &scenes)?, false))
    });
    engine.register_get("num_probes", |t: &mut ScriptTaxelContacts| {
        t.0.num_probes() as i64
    });
    engine.register_get("num_probes", |t: &mut ScriptTaxelDepths| {
        t.0.num_probes() as i64
    });
    let text = |name: &str, t: &ScriptTaxels| format!("{name}({} probes)", t.num_probes());
    engine.register_fn("to_string", move |t: &mut ScriptTaxelContacts| {
        text("TaxelContacts", &t.0)
    });
    engine.register_fn("to_string", move |t: &mut ScriptTaxelDepths| {
        text("TaxelDepths", &t.0)
    });
}
