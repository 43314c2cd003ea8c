//! Writing a [`Drawing`] to the sandbox's output folder as glTF (`.glb`, `.gltf`) or as an
//! offline HTML view (`.html`). Which script values can be drawn is decided elsewhere
//! ([`crate::save_gltf`]); this file knows only drawings and paths.

use std::path::PathBuf;

use morsel_lab::gltf::Drawing;
use morsel_lab::view;

use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::sandbox::Sandbox;

/// True when `path` names a glTF file (`.glb` or `.gltf`) or an HTML view (`.html`).
pub fn is_view_path(path: &str) -> bool {
    view::is_view_path(path)
}

/// The name a drawing saved at `path` takes: the file's stem, or `morsel` when it has none.
pub fn drawing_name(path: &str) -> String {
    std::path::Path::new(path).file_stem().map_or_else(
        || "morsel".to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The script error for a value that cannot be drawn into `path`, saying why.
pub fn refused(path: &str, reason: String) -> Box<rhai::EvalAltResult> {
    script_error(ShellError::Save {
        path: path.to_string(),
        reason,
    })
}

/// Encodes `drawing` for `path`'s format and writes it under the sandbox's output folder.
/// Returns the file written.
pub fn write(sandbox: &Sandbox, path: &str, drawing: &Drawing) -> ScriptResult<PathBuf> {
    let bytes = view::encode(path, drawing).or_script()?;
    let target = sandbox.write_path(path).or_script()?;
    std::fs::write(&target, bytes)
        .map_err(|source| ShellError::Io {
            action: "cannot write",
            path: target.clone(),
            source,
        })
        .or_script()?;
    Ok(target)
}
