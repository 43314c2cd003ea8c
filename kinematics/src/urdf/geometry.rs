//! Turning URDF `<visual>` and `<collision>` geometry into colliders, loading each mesh once.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use morsel_geometry::{Collider, FileAccess, GeometryError, Shape, TriangleMesh};
use nalgebra::{Isometry3, Vector3};

use super::document::UrdfGeometry;
use super::paths::{MeshLocator, resolve_mesh_path};
use crate::{KinematicsError, Result};

/// Loaded meshes keyed by file and scale, so that a mesh used for both the visual and the
/// collision geometry (or by several links) is read once and shared, with its proximity
/// structures built once ([`Shape`] clones share them).
#[derive(Default)]
pub(crate) struct MeshCache {
    meshes: HashMap<(PathBuf, [u64; 3]), Shape>,
}

impl MeshCache {
    /// The (canonical) paths of every mesh file loaded so far, sorted and without repeats.
    pub(crate) fn files(&self) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = self.meshes.keys().map(|(p, _)| p.clone()).collect();
        files.sort();
        files.dedup();
        files
    }

    /// The mesh at `path` (canonical, as [`resolve_mesh_path`] gives it), read through `access`.
    fn get(
        &mut self,
        path: &Path,
        scale: Vector3<f64>,
        element: &str,
        access: &FileAccess,
    ) -> Result<Shape> {
        let key = (
            path.to_path_buf(),
            [scale.x.to_bits(), scale.y.to_bits(), scale.z.to_bits()],
        );
        if let Some(shape) = self.meshes.get(&key) {
            return Ok(shape.clone());
        }
        let wrap = |source| KinematicsError::Geometry {
            element: element.to_owned(),
            source,
        };
        let mesh = TriangleMesh::load_with(path, scale, access).map_err(|e| match e {
            GeometryError::FileAccess(source) => KinematicsError::File {
                element: format!("URDF {element}: "),
                source,
            },
            other => wrap(other),
        })?;
        let shape = Shape::mesh(Arc::new(mesh)).map_err(wrap)?;
        self.meshes.insert(key, shape.clone());
        Ok(shape)
    }
}

/// Builds the collider for one URDF geometry placed at `origin` in the link frame.
pub(crate) fn collider(
    geometry: &UrdfGeometry,
    origin: Isometry3<f64>,
    element: &str,
    locator: &MeshLocator,
    cache: &mut MeshCache,
) -> Result<Collider> {
    let wrap = |source| KinematicsError::Geometry {
        element: element.to_owned(),
        source,
    };
    let shape = match geometry {
        UrdfGeometry::Box { size } => {
            Shape::cuboid(Vector3::new(size[0], size[1], size[2]) * 0.5).map_err(wrap)?
        }
        UrdfGeometry::Cylinder { radius, length } => {
            Shape::cylinder(*radius, 0.5 * length).map_err(wrap)?
        }
        UrdfGeometry::Capsule { radius, length } => {
            Shape::capsule(*radius, 0.5 * length).map_err(wrap)?
        }
        UrdfGeometry::Sphere { radius } => Shape::sphere(*radius).map_err(wrap)?,
        UrdfGeometry::Mesh { filename, scale } => {
            let scale = Vector3::new(scale[0], scale[1], scale[2]);
            let element = format!("{element} > mesh");
            let path = resolve_mesh_path(filename, locator, &element)?;
            cache.get(&path, scale, &element, locator.access)?
        }
    };
    Collider::new(shape, origin).map_err(wrap)
}
