//! glTF 2.0 files of scenes and robots, written through the `gltf-json` crate.
//!
//! | extension | container |
//! |-----------|-----------|
//! | `.glb`  | binary glTF: a JSON chunk and a BIN chunk |
//! | `.gltf` | JSON with the buffer embedded as a base64 `data:` URI (one self-contained file) |
//!
//! A [`Drawing`] lists named parts (scene bodies, robot links, sensor layers, arrows,
//! contacts) with their world poses and shapes. Each part is one node (name = body, link or
//! sensor name, translation and rotation = its pose, in `f32`); each part with geometry has
//! one mesh, one primitive per shape or surface, vertices in the part's frame. Meshes are
//! written as loaded; primitives are tessellated ([`tessellate`]); a half-space is drawn as a
//! 10 m square on its boundary plane. Materials are double-sided, one per colour; sensor
//! outputs are vertex colours (`COLOR_0`). A drawing's [`LegendEntry`]s are written into the
//! scene's `extras` as `{"legend": [{"label", "colour"}, ...]}`. A simulation's drawing has an
//! animation: a translation and a rotation channel per link, linear, one key per recorded
//! tick. Units are metres and the frame is Morsel's (z up): viewers that assume glTF's y-up
//! show the model lying on its back.
//!
//! A robot link without visual or collision geometry is drawn as a skeleton ([`skeleton`]):
//! its frame's axes (x red, y green, z blue), rods to its child joints and their axes.
//!
//! What can be drawn: [`Drawing::from_scene`], [`Drawing::from_robot`],
//! [`Drawing::from_touch`], [`Drawing::from_taxels`], [`Drawing::from_stance`] and
//! [`Drawing::from_simulation`].

pub mod animation_view;
pub mod boundary_view;
pub mod container;
pub mod document;
pub mod drawing;
pub mod glyphs;
pub mod legend;
pub mod robot_view;
pub mod skeleton;
pub mod stance_view;
pub mod taxel_view;
pub mod tessellate;
pub mod touch_view;

pub use container::Container;
pub use drawing::{Animation, Drawing, Part, Surface, Track};
pub use legend::LegendEntry;

use crate::error::LabError;

/// The extensions of glTF files, for messages.
pub const EXTENSIONS: &str = ".glb or .gltf";

/// True when `path` names a glTF file (`.glb` or `.gltf`, case-insensitive).
pub fn is_gltf_path(path: &str) -> bool {
    Container::from_path(path).is_some()
}

/// Encodes `drawing` as glTF in the container named by `name`'s extension.
pub fn encode(name: &str, drawing: &Drawing) -> Result<Vec<u8>, LabError> {
    let refuse = |reason: String| LabError::Save {
        path: name.to_string(),
        reason,
    };
    let container = Container::from_path(name)
        .ok_or_else(|| refuse(format!("a glTF file needs the extension {EXTENSIONS}")))?;
    if let Some(why) = drawing.nothing_to_draw() {
        return Err(refuse(why));
    }
    let document = document::build(drawing).map_err(refuse)?;
    container.encode(document).map_err(refuse)
}
