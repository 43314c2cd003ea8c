//! The error type of morsel-geometry.

use std::path::PathBuf;

/// Everything that can go wrong when building shapes, loading meshes or running queries.
///
/// Every variant says what was wrong with the input and, where it helps, how to fix it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GeometryError {
    /// A size parameter (radius, half-extent, semi-axis, resolution, ...) is zero, negative or not finite.
    #[error("{shape}: `{parameter}` must be a finite number greater than zero, got {value}")]
    NonPositiveSize {
        /// The shape or operation being built.
        shape: &'static str,
        /// The name of the offending parameter.
        parameter: &'static str,
        /// The value that was given.
        value: f64,
    },
    /// A finite value outside the range Morsel accepts (see [`crate::range`]): a size below
    /// [`MIN_LENGTH`](crate::MIN_LENGTH) or above [`MAX_LENGTH`](crate::MAX_LENGTH), or a
    /// coordinate or translation beyond ±`MAX_LENGTH`.
    #[error(
        "{what} is {value:e}, outside the accepted range [{min:e}, {max:e}] (lengths in metres)"
    )]
    OutOfRange {
        /// The offending parameter or coordinate, with the shape, pose or mesh it belongs to.
        what: String,
        /// The value that was given.
        value: f64,
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
    },
    /// A vector or pose contains NaN or an infinite value.
    #[error("{what} contains a non-finite value (NaN or infinity): {value}")]
    NonFinite {
        /// What was being read.
        what: &'static str,
        /// A rendering of the offending value.
        value: String,
    },
    /// A direction vector is zero (or too short to normalise).
    #[error("{what} must be a non-zero vector, got {value:?}")]
    ZeroVector {
        /// What the vector is for.
        what: &'static str,
        /// The vector given.
        value: [f64; 3],
    },
    /// A triangle mesh is empty or structurally invalid.
    #[error("invalid triangle mesh{}: {reason}", source_suffix(.source_path))]
    InvalidMesh {
        /// The file the mesh came from, when it came from a file.
        source_path: Option<PathBuf>,
        /// What is wrong with it, and how to fix it.
        reason: String,
    },
    /// A mesh file could not be read.
    #[error("cannot read mesh file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The file-access policy refused a file, or the file could not be opened
    /// ([`FileAccess`](crate::FileAccess)).
    #[error(transparent)]
    FileAccess(#[from] crate::file_access::FileAccessError),
    /// A mesh file could be read but not parsed.
    #[error("cannot parse mesh file {path}: {reason}")]
    MeshFormat {
        /// The file.
        path: PathBuf,
        /// What the parser found wrong.
        reason: String,
    },
    /// The file extension is not one of the supported mesh formats.
    #[error("unsupported mesh format `{extension}` for {path}: use .stl, .obj or .dae")]
    UnsupportedFormat {
        /// The file.
        path: PathBuf,
        /// The extension found (empty when there is none).
        extension: String,
    },
    /// The convex hull of a point set could not be built (all points coplanar or too few points).
    #[error("cannot build a convex hull: {reason}")]
    DegenerateHull {
        /// Why.
        reason: String,
    },
    /// Long work ended early because its caller's [`crate::Stop`] asked it to (Ctrl-C, a
    /// time limit).
    #[error("{work} was interrupted before it finished")]
    Interrupted {
        /// What was stopped (`the convex hull`).
        work: &'static str,
    },
    /// A query is not defined for this pair of shapes.
    #[error("the query `{query}` is not supported between a {first} and a {second}{}", hint_suffix(.hint))]
    UnsupportedQuery {
        /// The query name.
        query: &'static str,
        /// The kind of the first shape.
        first: &'static str,
        /// The kind of the second shape.
        second: &'static str,
        /// What to do instead, when there is something.
        hint: Option<&'static str>,
    },
}

fn source_suffix(path: &Option<PathBuf>) -> String {
    path.as_ref()
        .map(|p| format!(" from {}", p.display()))
        .unwrap_or_default()
}

fn hint_suffix(hint: &Option<&'static str>) -> String {
    hint.map(|h| format!(" ({h})")).unwrap_or_default()
}

/// The result type of morsel-geometry.
pub type Result<T> = std::result::Result<T, GeometryError>;

/// Checks that a size parameter is finite and strictly positive.
pub(crate) fn positive(shape: &'static str, parameter: &'static str, value: f64) -> Result<f64> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(GeometryError::NonPositiveSize {
            shape,
            parameter,
            value,
        })
    }
}

/// Checks that every component of a vector is finite.
pub(crate) fn finite_vector(what: &'static str, v: &nalgebra::Vector3<f64>) -> Result<()> {
    if v.iter().all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(GeometryError::NonFinite {
            what,
            value: format!("[{}, {}, {}]", v.x, v.y, v.z),
        })
    }
}

/// Checks that a pose has a finite translation and a finite, unit rotation.
pub(crate) fn finite_pose(what: &'static str, pose: &nalgebra::Isometry3<f64>) -> Result<()> {
    let t = pose.translation.vector;
    let q = pose.rotation.coords;
    if t.iter().chain(q.iter()).all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(GeometryError::NonFinite {
            what,
            value: format!("translation {t:?}, quaternion {q:?}"),
        })
    }
}
