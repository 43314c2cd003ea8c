//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong in morsel-kinematics.
///
/// Each variant carries the names and values needed to fix the input. A solver that does not
/// converge is *not* an error: inverse kinematics reports that as an
/// [`IkStatus`](crate::IkStatus).
///
/// The loaders' errors convert into it, so `?` works across them (an MJCF error keeps its
/// file, line and element):
///
/// ```
/// use morsel_kinematics::{KinematicsError, Model, Result, mjcf};
///
/// fn hinge_count(text: &str) -> Result<usize> {
///     let model: Model = mjcf::load_str(text, ".")?; // MjcfError -> KinematicsError
///     Ok(model.nq())
/// }
///
/// let arm = r#"<mujoco><worldbody><body><joint type="hinge"/><geom size="0.1"/>
///     </body></worldbody></mujoco>"#;
/// assert_eq!(hinge_count(arm)?, 1);
/// let bad = hinge_count("<mujoco><worldbody><body><joint type=\"screw\"/></body></worldbody></mujoco>");
/// assert!(matches!(bad, Err(KinematicsError::Mjcf(_))), "{bad:?}");
/// # Ok::<(), KinematicsError>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KinematicsError {
    /// The URDF text is not well-formed XML.
    #[error("cannot parse URDF {source_name}: {message}")]
    UrdfParse {
        /// The file path, or `<string>` for text given directly.
        source_name: String,
        /// The parser's message.
        message: String,
    },
    /// A URDF element is missing something or holds an invalid value.
    #[error("URDF {element}{location}: {problem}")]
    UrdfElement {
        /// The element, e.g. `joint "elbow"` or `link "base" > collision #2 > mesh`.
        element: String,
        /// `" (line N)"` when the line is known, else empty.
        location: String,
        /// What is wrong and how to fix it.
        problem: String,
    },
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file-access policy refused a file a URDF names (outside the readable folders, not
    /// a regular file, too large), or the URDF file itself.
    #[error("{element}{source}")]
    File {
        /// The URDF element that names the file, followed by ": " (empty for the URDF itself).
        element: String,
        /// The refusal.
        source: morsel_geometry::FileAccessError,
    },
    /// A mesh referenced by a URDF was not found on disk.
    #[error(
        "{element}: mesh \"{uri}\" not found (looked in: {searched:?}); for package:// paths pass the folder that holds the package to the search path"
    )]
    MeshNotFound {
        /// The URDF element that references the mesh.
        element: String,
        /// The filename as written in the URDF.
        uri: String,
        /// Every candidate path that was tried.
        searched: Vec<PathBuf>,
    },
    /// A shape or mesh of a URDF element could not be built, or a length of the model (a joint
    /// or frame origin, a centre of mass) is outside geometry's range
    /// ([`morsel_geometry::MAX_LENGTH`]).
    #[error("{element}: {source}")]
    Geometry {
        /// The URDF element, e.g. `link "base" > collision #1 > geometry > mesh`.
        element: String,
        /// What morsel-geometry reported.
        source: morsel_geometry::GeometryError,
    },
    /// Building a model from links, joints and frames failed.
    #[error("invalid model: {0}")]
    InvalidModel(String),
    /// Two items of one kind share a name.
    #[error("duplicate {kind} name \"{name}\": names must be unique")]
    DuplicateName {
        /// `link`, `joint` or `frame`.
        kind: &'static str,
        /// The repeated name.
        name: String,
    },
    /// A name that is not in the model.
    #[error("unknown {kind} \"{name}\"; known {kind}s: {known}")]
    UnknownName {
        /// `link`, `joint`, `frame`, `property` or `IK target`.
        kind: &'static str,
        /// The name asked for.
        name: String,
        /// The available names, comma separated (shortened when long).
        known: String,
    },
    /// A vector has the wrong length.
    #[error("{what} has {got} values but {expected} are expected")]
    WrongLength {
        /// What the vector is (e.g. `configuration`).
        what: &'static str,
        /// The length the model requires.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A number is NaN or infinite where a finite value is required.
    #[error("{what} must be finite, got {value}")]
    NotFinite {
        /// Which value.
        what: String,
        /// The offending value.
        value: f64,
    },
    /// A joint was used in a way its type does not allow.
    #[error("joint \"{joint}\" is {actual}, but {operation} needs a {expected} joint")]
    WrongJointType {
        /// The joint's name.
        joint: String,
        /// The joint type the operation needs.
        expected: &'static str,
        /// The joint's type.
        actual: &'static str,
        /// The operation that was asked for.
        operation: &'static str,
    },
    /// An argument is outside its valid range.
    #[error("invalid {what}: {reason}")]
    InvalidArgument {
        /// The argument.
        what: String,
        /// Why it is invalid and what would be valid.
        reason: String,
    },
    /// The mass matrix is singular: nothing resists the motion of a joint (its moving subtree
    /// has no mass, no inertia and no armature), as in kinematics-only models.
    #[error(
        "joint \"{joint}\" has nothing to move: its moving subtree has no mass, no inertia and no armature, so the mass matrix is singular and {operation} has no answer; give its links <inertial> elements"
    )]
    NothingToMove {
        /// The joint's name.
        joint: String,
        /// The algorithm that was asked for.
        operation: &'static str,
    },
    /// A load was stopped by its caller's [`Stop`](morsel_geometry::Stop).
    #[error("the model's loading stopped early: its caller asked it to stop")]
    Stopped,
    /// A joint cannot be a column of a batch ([`FkBatch`](crate::FkBatch)): it is named
    /// twice, or it has no value of its own.
    #[error("joint \"{joint}\" {problem}")]
    BatchColumn {
        /// The joint's name.
        joint: String,
        /// What is wrong, e.g. `is named twice; each column must hold a different joint`.
        problem: String,
    },
    /// A row of a batch holds a value the model refuses; `row` counts from 0.
    #[error("row {row} of the batch: {source}")]
    BatchRow {
        /// The first bad row.
        row: usize,
        /// What is wrong with it.
        source: Box<KinematicsError>,
    },
    /// A trajectory is malformed.
    #[error("invalid trajectory: {0}")]
    InvalidTrajectory(String),
    /// An MJCF file could not be loaded: the loader's error, with its file, line and element
    /// (`mjcf::load_file(..)?` in a function that returns [`Result`] converts to this).
    #[error(transparent)]
    Mjcf(Box<crate::mjcf::error::MjcfError>),
}

impl From<crate::mjcf::error::MjcfError> for KinematicsError {
    /// The model error an MJCF error wraps, unwrapped; every other MJCF error as
    /// [`KinematicsError::Mjcf`].
    fn from(e: crate::mjcf::error::MjcfError) -> Self {
        match e {
            crate::mjcf::error::MjcfError::Model(inner) => inner,
            other => KinematicsError::Mjcf(Box::new(other)),
        }
    }
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, KinematicsError>;

impl KinematicsError {
    /// An [`KinematicsError::UnknownName`] listing at most a dozen known names.
    pub(crate) fn unknown<'a>(
        kind: &'static str,
        name: &str,
        known: impl Iterator<Item = &'a str>,
    ) -> Self {
        let all: Vec<&str> = known.collect();
        let mut listed = all.iter().take(12).copied().collect::<Vec<_>>().join(", ");
        if all.len() > 12 {
            listed.push_str(&format!(", ... ({} in all)", all.len()));
        }
        if listed.is_empty() {
            listed.push_str("(none)");
        }
        KinematicsError::UnknownName {
            kind,
            name: name.to_owned(),
            known: listed,
        }
    }

    /// An [`KinematicsError::InvalidArgument`].
    pub(crate) fn invalid(what: impl Into<String>, reason: impl Into<String>) -> Self {
        KinematicsError::InvalidArgument {
            what: what.into(),
            reason: reason.into(),
        }
    }
}

/// Returns an error when `value` is NaN or infinite.
pub(crate) fn check_finite(what: impl FnOnce() -> String, value: f64) -> Result<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(KinematicsError::NotFinite {
            what: what(),
            value,
        })
    }
}

/// Returns an error when any value is NaN or infinite.
pub(crate) fn check_all_finite(what: &str, values: &[f64]) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => Err(KinematicsError::NotFinite {
            what: format!("{what}[{i}]"),
            value: values[i],
        }),
    }
}
