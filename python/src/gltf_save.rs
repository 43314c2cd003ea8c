//! `save("x.glb" | "x.gltf" | "x.html", value)` from Python: the drawing of a scene, a robot, a
//! touch sensor, taxels, a stance, a simulation (animated) or a joint-space boundary, built by `morsel_lab::gltf` (the same drawing, hence the same bytes, as
//! the binary's `save`). This file only unwraps the Python types.

use morsel_lab::gltf::Drawing;
use morsel_lab::gltf::stance_view::stance_drawing;
use pyo3::prelude::*;

use crate::convert::type_name;
use crate::errors::{ToPy, type_error, value_error};
use crate::kinematics::PyRobot;
use crate::sample_maps::PyBoundary;
use crate::sensing::PyScene;
use crate::simulation::PySimulation;
use crate::stability::PyStance;
use crate::taxels::PyTaxels;
use crate::touch::PyTouch;

/// The drawing of `value` for the file `path` (the scene's name is the file's stem).
pub fn drawing(path: &str, value: &Bound<'_, PyAny>) -> PyResult<Drawing> {
    let refuse = |reason: String| value_error(format!("cannot save {path}: {reason}"));
    let name = std::path::Path::new(path).file_stem().map_or_else(
        || "morsel".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    if let Ok(scene) = value.cast::<PyScene>() {
        let s = scene.get().fresh()?;
        return Ok(Drawing::from_scene(&name, &s.scene));
    }
    if let Ok(robot) = value.cast::<PyRobot>() {
        let mut s = robot.get().lock()?;
        s.update()?;
        let poses: Vec<_> = s
            .data
            .world_from_links()
            .iter()
            .map(|p| s.placement * p)
            .collect();
        return Drawing::from_robot(s.model.name(), &s.model, &poses).map_err(refuse);
    }
    if let Ok(touch) = value.cast::<PyTouch>() {
        return touch
            .get()
            .with_scene(|scene, t| Drawing::from_touch(&name, scene, t))?
            .map_err(refuse);
    }
    if let Ok(taxels) = value.cast::<PyTaxels>() {
        return taxels
            .get()
            .with_last(|config, last| Drawing::from_last_reading(&name, config, last))?
            .map_err(refuse);
    }
    if let Ok(stance) = value.cast::<PyStance>() {
        let st = stance.borrow().0.current().py()?;
        return stance_drawing(&name, &st).map_err(refuse);
    }
    if let Ok(sim) = value.cast::<PySimulation>() {
        return Drawing::from_simulation(&name, &sim.get().0).map_err(refuse);
    }
    if let Ok(boundary) = value.cast::<PyBoundary>() {
        return Drawing::from_boundary(&name, &boundary.get().0).map_err(refuse);
    }
    Err(type_error(format!(
        "cannot save {path}: {} draws {}, not {}",
        morsel_lab::view::kind(path),
        morsel_lab::view::DRAWABLE,
        type_name(value)
    )))
}
