//! The lab's error type.

use std::path::PathBuf;

/// What the lab refuses: values that cannot be saved, inconsistent shards, file-system failures.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LabError {
    /// A value cannot be written in the requested format (or the path names no format).
    #[error("cannot save {path}: {reason}")]
    Save {
        /// The path as the user gave it.
        path: String,
        /// Why, and what to do instead.
        reason: String,
    },
    /// A sharded run is inconsistent (missing shards, mismatched manifests, changed inputs) or a
    /// cluster submission failed.
    #[error("{message}")]
    Shard {
        /// What is wrong, naming the shard or file.
        message: String,
    },
    /// A joint-space computation of a sharded workload failed (boxed: the error is large).
    #[error(transparent)]
    Jointspace(Box<morsel_jointspace::JointspaceError>),
    /// A stance's wrenches cannot become point contacts (unsolved distribution, a contact
    /// without a link).
    #[error("point_contacts(): {reason}")]
    PointContacts {
        /// Why, and what to do instead.
        reason: String,
    },
    /// A wrench distributor cannot run this tick (an estimated acceleration without a time).
    #[error("wrench distributor: {reason}")]
    Distributor {
        /// Why, and what to do instead.
        reason: String,
    },
    /// A contact could not follow its robot link, or a stance on a robot could not be built.
    #[error(transparent)]
    Binding(Box<crate::bound_contact::BindingError>),
    /// A stability computation failed (boxed: the error is large).
    #[error(transparent)]
    Stability(Box<morsel_stability::StabilityError>),
    /// A sensing computation failed (an unknown body, an invalid contact).
    #[error(transparent)]
    Sensing(Box<morsel_sensing::SensingError>),
    /// The kinematics crate refused an input (a model file, a configuration, a frame name).
    #[error(transparent)]
    Kinematics(Box<morsel_kinematics::KinematicsError>),
    /// A shape could not be built or a geometric query failed.
    #[error(transparent)]
    Geometry(Box<morsel_geometry::GeometryError>),
    /// An MJCF file could not be loaded.
    #[error(transparent)]
    Mjcf(Box<morsel_kinematics::mjcf::MjcfError>),
    /// A batch call's result would exceed
    /// [`BATCH_RESULT_LIMIT`](crate::batch_limit::BATCH_RESULT_LIMIT) (refused before
    /// allocating).
    #[error(
        "{function}: the result ({shape}) would take {gib:.2} GiB, above the 1 GiB limit of a \
         batch result; pass the work in smaller batches"
    )]
    BatchTooLarge {
        /// The batch call.
        function: String,
        /// What the result holds.
        shape: String,
        /// Its size in GiB.
        gib: f64,
    },
    /// A file-system operation failed.
    #[error("{action} {}: {source}", .path.display())]
    Io {
        /// What was being done ("cannot write", ...).
        action: &'static str,
        /// The file or folder concerned.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

/// Result of the lab's operations.
pub type Result<T, E = LabError> = std::result::Result<T, E>;

impl LabError {
    /// The error map of a file-system call: `fs::write(p, b).map_err(LabError::io("cannot
    /// write", p))`.
    pub fn io(action: &'static str, path: &std::path::Path) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.to_path_buf();
        move |source| LabError::Io {
            action,
            path,
            source,
        }
    }
}

impl From<morsel_stability::StabilityError> for LabError {
    fn from(e: morsel_stability::StabilityError) -> Self {
        LabError::Stability(Box::new(e))
    }
}

impl From<crate::bound_contact::BindingError> for LabError {
    fn from(e: crate::bound_contact::BindingError) -> Self {
        LabError::Binding(Box::new(e))
    }
}

impl From<morsel_sensing::SensingError> for LabError {
    fn from(e: morsel_sensing::SensingError) -> Self {
        LabError::Sensing(Box::new(e))
    }
}

impl From<morsel_kinematics::KinematicsError> for LabError {
    fn from(e: morsel_kinematics::KinematicsError) -> Self {
        LabError::Kinematics(Box::new(e))
    }
}

impl From<morsel_kinematics::mjcf::MjcfError> for LabError {
    fn from(e: morsel_kinematics::mjcf::MjcfError) -> Self {
        LabError::Mjcf(Box::new(e))
    }
}

impl From<morsel_geometry::GeometryError> for LabError {
    fn from(e: morsel_geometry::GeometryError) -> Self {
        LabError::Geometry(Box::new(e))
    }
}

impl From<morsel_jointspace::JointspaceError> for LabError {
    fn from(e: morsel_jointspace::JointspaceError) -> Self {
        LabError::Jointspace(Box::new(e))
    }
}

/// An error's message followed by each cause whose text it does not already hold.
pub fn message_with_sources(err: &dyn std::error::Error) -> String {
    let mut message = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        source = cause.source();
    }
    message
}
