//! The assets geoms refer to by name: meshes and height fields.

use super::hfield::HeightFields;
use super::mesh::Meshes;

/// Every `<asset>` a geom can name.
#[derive(Default)]
pub(crate) struct Assets {
    /// `<mesh>` assets.
    pub meshes: Meshes,
    /// `<hfield>` assets.
    pub height_fields: HeightFields,
}
