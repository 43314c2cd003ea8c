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

use rhai::{Array, Dynamic, Engine, ImmutableString};

use crate::bindings::doc;
use crate::bindings::stability::ScriptStance;
use crate::context::ShellContext;
use crate::error::{OrScriptError, ScriptResult, ShellError};

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

/// The stance's distributed wrenches as point contacts (see
/// [`morsel_lab::point_contacts::point_contacts`]), as contact maps.
fn point_contacts(st: &mut ScriptStance, sc: &ScriptScene, ground: &str) -> ScriptResult<Array> {
    let stance = st.build()?;
    let s = sc.fresh()?;
    let contacts =
        morsel_lab::point_contacts::point_contacts(&stance, &s.scene, ground).or_script()?;
    Ok(contacts
        .iter()
        .map(|c| Dynamic::from_map(scene::contact_map(&s.scene, c)))
        .collect())
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
