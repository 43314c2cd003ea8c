//! `save("x.glb" | "x.gltf" | "x.html", value)` for scripts: a scene, a robot, a touch sensor,
//! taxels, a stance, a simulation or a joint-space boundary drawn as glTF 2.0 by [`morsel_lab::gltf`], or as an offline
//! HTML view by [`morsel_lab::html`], into the sandbox's output folder. The drawings are built by
//! the lab; this file only unwraps the script types.

use rhai::Dynamic;

use morsel_lab::gltf::Drawing;
use morsel_lab::gltf::stance_view::stance_drawing;
use morsel_lab::simulation::{Robot, Simulation};
use morsel_lab::view::{self, DRAWABLE};

use crate::bindings::jointspace::BoundaryPoints;
use crate::bindings::sensing::{ScriptScene, ScriptTaxels, ScriptTouch};
use crate::bindings::stability::ScriptStance;
use crate::convert::describe;
use crate::error::{OrScriptError, ScriptResult};
use crate::sandbox::Sandbox;
use crate::view_file;

/// The drawing of `value` (see [`morsel_lab::gltf`]); anything else is an error naming what
/// glTF can draw.
pub fn drawing(path: &str, value: &Dynamic) -> ScriptResult<Drawing> {
    let refuse = |reason: String| view_file::refused(path, reason);
    let name = view_file::drawing_name(path);
    if let Some(scene) = value.clone().try_cast::<ScriptScene>() {
        let state = scene.fresh()?;
        return Ok(Drawing::from_scene(&name, &state.scene));
    }
    if let Some(robot) = value.clone().try_cast::<Robot>() {
        let model = robot.model().or_script()?;
        let links: Vec<String> = model.links().iter().map(|l| l.name().to_string()).collect();
        let poses = robot.frame_poses(&links).or_script()?;
        return Drawing::from_robot(&robot.name(), &model, &poses).map_err(refuse);
    }
    if let Some(touch) = value.clone().try_cast::<ScriptTouch>() {
        return touch
            .with_scene(|scene, t| Drawing::from_touch(&name, scene, t))?
            .map_err(refuse);
    }
    if let Some(taxels) = value.clone().try_cast::<ScriptTaxels>() {
        return taxels
            .with_last(|config, last| Drawing::from_last_reading(&name, config, last))?
            .map_err(refuse);
    }
    if let Some(mut stance) = value.clone().try_cast::<ScriptStance>() {
        let stance = stance.build()?;
        return stance_drawing(&name, &stance).map_err(refuse);
    }
    if let Some(sim) = value.clone().try_cast::<Simulation>() {
        return Drawing::from_simulation(&name, &sim).map_err(refuse);
    }
    if let Some(boundary) = value.clone().try_cast::<BoundaryPoints>() {
        return Drawing::from_boundary(&name, &boundary).map_err(refuse);
    }
    Err(refuse(format!(
        "{} draws {DRAWABLE}, not {}",
        view::kind(path),
        describe(value)
    )))
}

/// Writes the glTF drawing of `value` (see [`drawing`]), or its HTML view for a `.html` path,
/// under the sandbox's output folder. Returns the file written.
pub fn save(sandbox: &Sandbox, path: &str, value: &Dynamic) -> ScriptResult<std::path::PathBuf> {
    view_file::write(sandbox, path, &drawing(path, value)?)
}
