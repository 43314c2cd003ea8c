#![doc = include_str!("../README.md")]

mod collider;
#[cfg(feature = "obj-collada")]
mod contain;
#[cfg(feature = "queries")]
mod convert;
#[cfg(feature = "queries")]
mod ellipsoid;
mod error;
pub mod file_access;
#[cfg(feature = "queries")]
mod halfspace;
pub mod hull3;
mod mesh;
pub mod mesh_io;
pub mod obj_mujoco;
pub mod obj_triangulate;
#[cfg(feature = "queries")]
mod pipe_query;
#[cfg(feature = "queries")]
mod projection;
#[cfg(feature = "queries")]
pub mod proximity;
#[cfg(feature = "queries")]
pub mod query;
#[cfg(feature = "queries")]
mod query_result;
pub mod range;
#[cfg(feature = "queries")]
pub mod sensor;
mod shape;
mod shape_summary;
#[cfg(feature = "queries")]
mod solid_contact;
#[cfg(feature = "queries")]
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
#[cfg(feature = "queries")]
pub use parry3d_f64;

pub use collider::Collider;
#[cfg(feature = "queries")]
pub use ellipsoid::EllipsoidShape;
pub use error::{GeometryError, Result};
pub use file_access::{FileAccess, FileAccessError};
pub use mesh::TriangleMesh;
pub use range::{MAX_LENGTH, MIN_LENGTH};
#[cfg(feature = "queries")]
pub use sensor::{SensorMesh, SensorPoints};
pub use shape::{CONVEX_VOLUME_TOLERANCE, PIPE_QUERY_SEGMENTS, Shape, ShapeKind};
pub use shape_summary::SummaryValue;
pub use stop::{NEVER, Never, Stop};
pub use xml_depth::MAX_XML_DEPTH;
