//! # morsel-geometry
//!
//! Shapes, triangle meshes, sensor points and meshes, and proximity queries for Morsel.
//!
//! - [`Shape`]: box, sphere, ellipsoid, cylinder, capsule, pipe, half-space, triangle mesh and
//!   convex hull, each validated when built ([`GeometryError`] says what is wrong).
//! - [`TriangleMesh`]: indexed meshes, loaded from STL, OBJ and DAE with shared vertices welded.
//! - [`obj_mujoco`]: OBJ files read as MuJoCo reads them (first shape's faces, its quad split).
//! - [`FileAccess`]: which files the mesh and model loaders may open (roots, regular files
//!   only, a size limit).
//! - [`Collider`]: a shape placed in a body frame.
//! - [`query`]: distance, closest points, contact, intersection, containment and projection.
//! - [`range`]: the lengths accepted ([`MIN_LENGTH`] to [`MAX_LENGTH`] metres), so that no
//!   finite input gives an infinite or NaN result.
//!
//! Conventions: f64, SI units, nalgebra types. Cylinders, capsules and pipes have their axis
//! along z and are given by radius and half-length.

mod collider;
mod contain;
mod convert;
mod ellipsoid;
mod error;
pub mod file_access;
mod halfspace;
pub mod hull3;
mod mesh;
pub mod mesh_io;
pub mod obj_mujoco;
mod pipe_query;
mod projection;
pub mod proximity;
pub mod query;
mod query_result;
pub mod range;
pub mod sensor;
mod shape;
mod shape_summary;
mod solid_contact;
mod vertex_contact;
// Internal helpers shared with the other Morsel crates: their home is `__private`; these
// hidden paths stay for files that still name them (kinematics/src).
#[doc(hidden)]
pub mod stop;
#[doc(hidden)]
pub mod trig;
#[doc(hidden)]
pub mod xml_depth;

/// Helpers shared with the other Morsel crates (fast `sin_cos`, the XML depth guard, the stop
/// flag's module). Not part of the public API: they may change in any release, without notice.
#[doc(hidden)]
pub mod __private {
    pub use crate::{stop, trig, xml_depth};
}

pub use nalgebra;
pub use parry3d_f64;

pub use collider::Collider;
pub use ellipsoid::EllipsoidShape;
pub use error::{GeometryError, Result};
pub use file_access::{FileAccess, FileAccessError};
pub use mesh::TriangleMesh;
pub use range::{MAX_LENGTH, MIN_LENGTH};
pub use sensor::{SensorMesh, SensorPoints};
pub use shape::{CONVEX_VOLUME_TOLERANCE, PIPE_QUERY_SEGMENTS, Shape, ShapeKind};
pub use shape_summary::SummaryValue;
pub use stop::{NEVER, Never, Stop};
pub use xml_depth::MAX_XML_DEPTH;
