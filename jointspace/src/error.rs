//! The crate's error type.

use std::path::PathBuf;

use morsel_geometry::GeometryError;
use morsel_kinematics::KinematicsError;

/// Everything that can go wrong in morsel-jointspace.
///
/// Each variant carries the names and values needed to fix the input. Finding no boundary in
/// a region that is entirely free (or entirely in collision) is an error too, because the
/// caller asked for boundary points that do not exist there.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JointspaceError {
    /// The installed stop check (see the `stop` module) asked the run to end early.
    #[error("stopped before the end (Ctrl-C or the time limit)")]
    Stopped,
    /// A sampled joint name that the model does not have (or that owns no single value).
    #[error(
        "unknown joint \"{name}\"; joints that can be sampled (one configuration value each): {known}"
    )]
    UnknownJoint {
        /// The name asked for.
        name: String,
        /// The joints that can be sampled, comma separated.
        known: String,
    },
    /// A configuration index that does not point at a one-value joint.
    #[error("configuration index {index} cannot be sampled: {reason}")]
    BadConfigurationIndex {
        /// The index given.
        index: usize,
        /// Why, and what would be valid.
        reason: String,
    },
    /// The same joint appears twice among the sampled joints.
    #[error("joint \"{joint}\" is listed twice among the sampled joints; list each joint once")]
    DuplicateJoint {
        /// The repeated joint.
        joint: String,
    },
    /// A collision object or link name that the collision model does not have.
    #[error("unknown collision object or link \"{name}\"; collision objects: {known}")]
    UnknownObject {
        /// The name asked for.
        name: String,
        /// The collision objects of the model, comma separated.
        known: String,
    },
    /// A collision pair that cannot be queried.
    #[error("invalid collision pair (\"{first}\", \"{second}\"): {reason}")]
    InvalidPair {
        /// First side of the pair as given.
        first: String,
        /// Second side of the pair as given.
        second: String,
        /// What is wrong and how to fix it.
        reason: String,
    },
    /// The robot has no collision geometry at all.
    #[error(
        "robot \"{robot}\" has no collision geometry; load its URDF with <collision> elements (UrdfOptions::load_collisions = true)"
    )]
    NoCollisionGeometry {
        /// The model's name.
        robot: String,
    },
    /// A range that is empty, inverted or not finite.
    #[error("range [{lo}, {hi}] of joint \"{joint}\" is invalid: {reason}")]
    InvalidRange {
        /// The joint the range belongs to.
        joint: String,
        /// Lower end given.
        lo: f64,
        /// Upper end given.
        hi: f64,
        /// What is wrong and how to fix it.
        reason: String,
    },
    /// A list has the wrong number of entries.
    #[error("{what} has {got} entries but {expected} are expected")]
    WrongLength {
        /// What the list is.
        what: String,
        /// The number required.
        expected: usize,
        /// The number given.
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
    /// A grid with zero steps along a joint.
    #[error("grid steps for joint \"{joint}\" is 0; give at least 1 step per sampled joint")]
    ZeroSteps {
        /// The joint with zero steps.
        joint: String,
    },
    /// An argument outside its valid range.
    #[error("invalid {what}: {reason}")]
    InvalidArgument {
        /// The argument.
        what: String,
        /// Why it is invalid and what would be valid.
        reason: String,
    },
    /// A request whose memory estimate exceeds the limit.
    #[error("the {what} needs about {needed} bytes, more than the limit of {limit} bytes; {hint}")]
    TooLarge {
        /// What was requested.
        what: String,
        /// Estimated bytes.
        needed: u128,
        /// The limit in force.
        limit: u64,
        /// How to proceed.
        hint: String,
    },
    /// Boundary sampling could not pair a free configuration with a colliding one.
    #[error(
        "no collision boundary found after {draws} random configurations ({free} free, {colliding} in collision); the sampled region is {situation}: widen the ranges, choose other pairs or raise max_draws_per_point"
    )]
    NoBoundary {
        /// Configurations drawn.
        draws: u64,
        /// How many were free.
        free: u64,
        /// How many were in collision.
        colliding: u64,
        /// `entirely free`, `entirely in collision` or `almost uniform`.
        situation: &'static str,
    },
    /// Shards that cannot be merged.
    #[error("cannot merge shards: {reason}")]
    ShardMismatch {
        /// What differs or is missing.
        reason: String,
    },
    /// A map or a configuration set over other joints than the model's.
    #[error(
        "{what} samples joints {got:?} but the model was fitted over {expected:?}; use a map of the same joints, in the same order"
    )]
    JointSetMismatch {
        /// What was given (for example `validation map`).
        what: String,
        /// The model's joints.
        expected: Vec<String>,
        /// The joints given.
        got: Vec<String>,
    },
    /// A map of another quantity, or over a wider region, than the model it is used with.
    #[error("{what} does not match the model: {reason}")]
    ModelMismatch {
        /// Which map.
        what: String,
        /// What differs, and what would do.
        reason: String,
    },
    /// A map whose values are not distances, where a model needs distances.
    #[error(
        "{what} holds {quantity}, not distances; sample it with distance: true, or give to_jointspace's output"
    )]
    NotDistances {
        /// Which map.
        what: String,
        /// What its values are.
        quantity: String,
    },
    /// Samples that cannot fit or certify a model.
    #[error("cannot use {what}: {reason}")]
    NoUsableSamples {
        /// Which map.
        what: String,
        /// What is wrong with it and what would do.
        reason: String,
    },
    /// The optimiser failed.
    #[error("fitting the model failed: {message}")]
    Optimiser {
        /// The optimiser's message.
        message: String,
    },
    /// The kinematics crate rejected an input (configuration, joint, ...).
    #[error(transparent)]
    Kinematics(#[from] KinematicsError),
    /// A geometric query failed on a pair.
    #[error("query on pair (\"{first}\", \"{second}\") failed: {source}")]
    Geometry {
        /// First collision object.
        first: String,
        /// Second collision object.
        second: String,
        /// What morsel-geometry reported.
        source: GeometryError,
    },
    /// A file could not be read or written.
    #[error("cannot access {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A shard or manifest file is not valid JSON of the expected form.
    #[error("invalid shard file {path}: {message}")]
    ShardFormat {
        /// The file (or `<string>`).
        path: String,
        /// The parser's message.
        message: String,
    },
}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, JointspaceError>;

impl JointspaceError {
    /// An [`JointspaceError::InvalidArgument`].
    pub(crate) fn invalid(what: impl Into<String>, reason: impl Into<String>) -> Self {
        JointspaceError::InvalidArgument {
            what: what.into(),
            reason: reason.into(),
        }
    }
}

/// A comma-separated list of at most a dozen names.
pub(crate) fn list_names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let all: Vec<&str> = names.collect();
    let mut listed = all.iter().take(12).copied().collect::<Vec<_>>().join(", ");
    if all.len() > 12 {
        listed.push_str(&format!(", ... ({} in all)", all.len()));
    }
    if listed.is_empty() {
        listed.push_str("(none)");
    }
    listed
}

/// Errors when `value` is NaN or infinite.
pub(crate) fn check_finite(what: impl FnOnce() -> String, value: f64) -> Result<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(JointspaceError::NotFinite {
            what: what(),
            value,
        })
    }
}
