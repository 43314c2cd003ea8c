//! Script functions that belong to the shell itself: the run's seed and test flag, and `save`.

use std::sync::Arc;

use rhai::{Dynamic, Engine, INT, ImmutableString, NativeCallContext};

use crate::context::ShellContext;
use crate::error::ScriptResult;
use crate::{save, save_gltf, view_file};

use super::doc;

/// Registers `seed()`, `test_mode()` and `save(path, value)`.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    // Seeds above INT::MAX wrap to negative INTs; the bits are kept, so they stay distinct.
    let seed = ctx.seed as INT;
    doc("seed", &["INT"]).register_into_engine(engine, move || seed);

    let test_mode = ctx.test_mode;
    doc("test_mode", &["bool"]).register_into_engine(engine, move || test_mode);

    let shared = Arc::clone(ctx);
    doc("save", &["path: string", "value: any", "()"]).register_into_engine(
        engine,
        move |context: NativeCallContext,
              path: ImmutableString,
              value: Dynamic|
              -> ScriptResult<()> {
            // A view (`.glb`, `.gltf`, `.html`) draws the object; anything else is data.
            if view_file::is_view_path(&path) {
                save_gltf::save(&shared.sandbox, &path, &value.flatten()).map(|_| ())
            } else {
                save::save_data(&context, &shared.sandbox, &path, value)
            }
        },
    );
}
