//! Files that draw a [`Drawing`], chosen by extension: glTF 2.0 (`.glb`, `.gltf`, see
//! [`crate::gltf`]) or an offline HTML view (`.html`, see [`crate::html`]). Both front ends
//! dispatch here, so the choice and its messages live in one place.

use std::path::{Path, PathBuf};

use crate::error::LabError;
use crate::gltf::{self, Drawing};
use crate::html;

/// What a view file can draw, for messages.
pub const DRAWABLE: &str =
    "a Scene, a Robot, a Touch, Taxels, a Stance, a Simulation or a Boundary (2 or 3 joints)";

/// True when `path` names a view file (`.glb`, `.gltf` or `.html`, case-insensitive).
pub fn is_view_path(path: &str) -> bool {
    gltf::is_gltf_path(path) || html::is_html_path(path)
}

/// "an HTML view" or "a glTF file", by the extension of `path`, for messages.
pub fn kind(path: &str) -> &'static str {
    if html::is_html_path(path) {
        "an HTML view"
    } else {
        "a glTF file"
    }
}

/// Encodes `drawing` in the format of `name`'s extension (`name` as the user wrote it).
pub fn encode(name: &str, drawing: &Drawing) -> Result<Vec<u8>, LabError> {
    if html::is_html_path(name) {
        html::encode(name, drawing)
    } else {
        gltf::encode(name, drawing)
    }
}

/// Encodes `drawing` by the extension of `name`, then writes it to `target` (the resolved path
/// of `name`). Nothing is written when the drawing cannot be encoded. Returns `target`.
pub fn write(name: &str, target: &Path, drawing: &Drawing) -> Result<PathBuf, LabError> {
    let bytes = encode(name, drawing)?;
    std::fs::write(target, bytes).map_err(LabError::io("cannot write", target))?;
    Ok(target.to_path_buf())
}
