//! `save("x.glb" | "x.gltf" | "x.html", value)` for scripts: a scene or a robot drawn as
//! glTF 2.0 by [`morsel_lab::gltf`], or as an offline HTML view by [`morsel_lab::html`], into
//! the sandbox's output folder.

use rhai::Dynamic;

use morsel_lab::gltf::{self, Drawing};
use morsel_lab::html;
use morsel_lab::simulation::Robot;

use crate::bindings::sensing::ScriptScene;
use crate::convert::describe;
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::sandbox::Sandbox;

/// True when `path` names a glTF file (`.glb` or `.gltf`) or an HTML view (`.html`).
pub fn is_gltf_path(path: &str) -> bool {
    gltf::is_gltf_path(path) || html::is_html_path(path)
}

/// The drawing of a scene (every body at its pose, robot links moved to their robots'
/// current poses) or of a robot (every link at its current pose). Anything else is an error
/// naming what glTF can draw.
pub fn drawing(path: &str, value: &Dynamic) -> ScriptResult<Drawing> {
    let name = std::path::Path::new(path).file_stem().map_or_else(
        || "morsel".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    if let Some(scene) = value.clone().try_cast::<ScriptScene>() {
        let state = scene.fresh()?;
        return Ok(Drawing::from_scene(&name, &state.scene));
    }
    if let Some(robot) = value.clone().try_cast::<Robot>() {
        let model = robot.model().or_script()?;
        let links: Vec<String> = model.links().iter().map(|l| l.name().to_string()).collect();
        let poses = robot.frame_poses(&links).or_script()?;
        return Drawing::from_robot(&robot.name(), &model, &poses).map_err(|reason| {
            script_error(ShellError::Save {
                path: path.to_string(),
                reason,
            })
        });
    }
    Err(script_error(ShellError::Save {
        path: path.to_string(),
        reason: format!(
            "{} draws a Scene or a Robot, not {}",
            if html::is_html_path(path) {
                "an HTML view"
            } else {
                "a glTF file"
            },
            describe(value)
        ),
    }))
}

/// Writes the glTF drawing of `value` (see [`drawing`]), or its HTML view for a `.html` path,
/// under the sandbox's output folder. Returns the file written.
pub fn save(sandbox: &Sandbox, path: &str, value: &Dynamic) -> ScriptResult<std::path::PathBuf> {
    let drawing = drawing(path, value)?;
    let bytes = if html::is_html_path(path) {
        html::encode(path, &drawing)
    } else {
        gltf::encode(path, &drawing)
    }
    .or_script()?;
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
