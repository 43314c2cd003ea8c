//! Script bindings of morsel-sensing: scenes (`scene.rs`), MIMo-style touch (`touch.rs`),
//! Genesis-style taxels (`taxels.rs`), taxel readings recorded by a simulation
//! (`sim.record(taxels, scene)`, `record.rs`), and the third contact source of the sensing issue: a
//! stance's distributed wrenches turned into point contacts (`st.point_contacts(...)`, here).
//!
//! Contacts are maps `#{body_a, body_b, position, normal, depth, force}` (bodies by name, world
//! frame): the normal points from A to B and `force` is the force A exerts on B (MuJoCo's
//! convention, the sensing crate's). Touch outputs are flat arrays ordered by body then sensor,
//! aligned with `touch.sensor_positions(body)` and `touch.body_output(body)`.

use std::sync::Arc;

use morsel_sensing::Contact;
use rhai::{Array, Dynamic, Engine, ImmutableString};

use crate::bindings::doc;
use crate::bindings::stability::ScriptStance;
use crate::context::ShellContext;
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};

mod record;
mod scene;
mod taxel_probes;
mod taxels;
mod touch;

pub use record::TaxelRecorder;
pub use scene::ScriptScene;
pub use taxels::ScriptTaxels;
pub use touch::ScriptTouch;

/// Registers scenes, touch, taxels and stance point contacts.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    scene::register(engine);
    touch::register(engine, ctx);
    taxels::register(engine, ctx);
    taxel_probes::register(engine, ctx);
    record::register(engine, ctx);
    register_stance_contacts(engine);
}

/// Writes a text file under `--out`.
pub fn write_text(ctx: &ShellContext, path: &str, text: &str) -> ScriptResult<()> {
    let file = ctx.sandbox.write_path(path).or_script()?;
    std::fs::write(&file, text)
        .map_err(|source| ShellError::Io {
            action: "cannot write",
            path: file.clone(),
            source,
        })
        .or_script()
}

/// The stance's distributed wrenches as point contacts: one per contact with a centre of
/// pressure, at the CoP, from the `ground` body (A) onto the contact's link body (B), carrying
/// the contact's force. The force and its moment about the CoP are exact; a residual yaw
/// moment about the normal (a point force cannot carry it) is dropped.
fn point_contacts(st: &mut ScriptStance, sc: &ScriptScene, ground: &str) -> ScriptResult<Array> {
    let stance = st.build()?;
    let d = stance.distribute().or_script()?;
    if !d.is_solved() {
        return Err(script_error(ShellError::argument(
            "the stance of point_contacts()",
            "a stance whose wrench distribution is solved",
            format!("{:?}", d.status),
        )));
    }
    let s = sc.fresh()?;
    let a = s.scene.body_index(ground).or_script()?;
    let mut out = Array::new();
    for w in &d.wrenches {
        let Some(cop) = w.cop else { continue };
        let contact = stance.contacts().contact(w.index).or_script()?;
        let link = contact.link().ok_or_else(|| {
            script_error(ShellError::argument(
                format!("contact {} of point_contacts()", w.index),
                "a contact with a `link` naming a scene body",
                "a contact without a link",
            ))
        })?;
        let b = s.scene.body_index(link).or_script()?;
        let force = w.world.fixed_rows::<3>(0).into_owned();
        let c = Contact::new(a, b, cop, contact.normal(), 0.0, force).or_script()?;
        out.push(Dynamic::from_map(scene::contact_map(&s.scene, &c)));
    }
    Ok(out)
}

fn register_stance_contacts(engine: &mut Engine) {
    doc(
        "point_contacts",
        &["stance: Stance", "scene: Scene", "ground: string", "[Map]"],
    )
    .register_into_engine(
        engine,
        |st: &mut ScriptStance, sc: ScriptScene, ground: ImmutableString| {
            point_contacts(st, &sc, &ground)
        },
    );
}
