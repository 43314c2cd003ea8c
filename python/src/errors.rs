//! Morsel's typed errors as Python exceptions.
//!
//! The classes live in `morsel/_errors.py` (a Python class can derive from both `MorselError`
//! and `ValueError`); this file maps each crate's error variants onto them.

use morsel_geometry::{FileAccessError, GeometryError};
use morsel_jointspace::JointspaceError;
use morsel_kinematics::KinematicsError;
use morsel_kinematics::mjcf::MjcfError;
use morsel_sensing::SensingError;
use morsel_stability::StabilityError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// Which Python exception class an error becomes.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// `InvalidValueError` (a `ValueError`).
    Value,
    /// `WrongTypeError` (a `TypeError`).
    Type,
    /// `MissingFileError` (a `FileNotFoundError`).
    File,
    /// `UnknownNameError` (a `KeyError`).
    Name,
    /// `MorselError` itself.
    Other,
}

static CLASSES: [PyOnceLock<Py<PyType>>; 5] = [
    PyOnceLock::new(),
    PyOnceLock::new(),
    PyOnceLock::new(),
    PyOnceLock::new(),
    PyOnceLock::new(),
];

impl Kind {
    fn class_name(self) -> (usize, &'static str) {
        match self {
            Kind::Value => (0, "InvalidValueError"),
            Kind::Type => (1, "WrongTypeError"),
            Kind::File => (2, "MissingFileError"),
            Kind::Name => (3, "UnknownNameError"),
            Kind::Other => (4, "MorselError"),
        }
    }
}

/// A Python exception of `kind` with `message`.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        let (i, name) = kind.class_name();
        match CLASSES[i].import(py, "morsel._errors", name) {
            Ok(ty) => PyErr::from_type(ty.clone(), message),
            // The package's own file is missing: still raise, as a plain exception.
            Err(e) => e,
        }
    })
}

/// `InvalidValueError(message)`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    error(Kind::Value, message)
}

/// `WrongTypeError(message)`.
pub fn type_error(message: impl Into<String>) -> PyErr {
    error(Kind::Type, message)
}

/// `UnknownNameError(message)`.
pub fn name_error(message: impl Into<String>) -> PyErr {
    error(Kind::Name, message)
}

/// The Python exception for a failed `save(name, ...)`: a missing folder is a file error that
/// asks whether the folder exists, a value the format cannot hold an `InvalidValueError`.
pub fn save_error(name: &str, e: morsel_lab::LabError) -> PyErr {
    match e {
        morsel_lab::LabError::Io { source, .. }
            if source.kind() == std::io::ErrorKind::NotFound =>
        {
            error(
                Kind::File,
                format!("cannot write {name}: {source} (does its folder exist?)"),
            )
        }
        e @ morsel_lab::LabError::Save { .. } => value_error(e.to_string()),
        e => error(Kind::Other, e.to_string()),
    }
}

/// Converts a crate's error into the fitting Python exception.
pub trait ToPy<T> {
    /// The value, or the error as a Python exception.
    fn py(self) -> PyResult<T>;
}

fn file_access_kind(e: &FileAccessError) -> Kind {
    match e {
        FileAccessError::NotFound { .. } => Kind::File,
        FileAccessError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            Kind::File
        }
        _ => Kind::Value,
    }
}

fn geometry_kind(e: &GeometryError) -> Kind {
    match e {
        GeometryError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            Kind::File
        }
        GeometryError::FileAccess(f) => file_access_kind(f),
        GeometryError::UnsupportedQuery { .. } => Kind::Other,
        _ => Kind::Value,
    }
}

fn kinematics_kind(e: &KinematicsError) -> Kind {
    match e {
        KinematicsError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            Kind::File
        }
        KinematicsError::MeshNotFound { .. } => Kind::File,
        KinematicsError::File { source, .. } => file_access_kind(source),
        KinematicsError::UnknownName { .. } => Kind::Name,
        KinematicsError::Geometry { source, .. } => geometry_kind(source),
        _ => Kind::Value,
    }
}

fn mjcf_kind(e: &MjcfError) -> Kind {
    match e {
        MjcfError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => Kind::File,
        MjcfError::MissingFile { .. } => Kind::File,
        MjcfError::File { source, .. } => file_access_kind(source),
        MjcfError::Model(k) => kinematics_kind(k),
        _ => Kind::Value,
    }
}

fn sensing_kind(e: &SensingError) -> Kind {
    match e {
        SensingError::Geometry(g) => geometry_kind(g),
        SensingError::UnknownBody { .. } | SensingError::NotSensing { .. } => Kind::Name,
        SensingError::UnknownChoice { .. } => Kind::Value,
        SensingError::Io { .. } => Kind::Other,
        _ => Kind::Value,
    }
}

/// A kinematics error as the fitting Python exception, its message led by `context` (the
/// argument it concerns, e.g. "`Q` of fk_batch()").
pub fn kinematics_error_in(context: &str, e: KinematicsError) -> PyErr {
    error(kinematics_kind(&e), format!("{context}: {e}"))
}

macro_rules! to_py {
    ($error:ty, $kind:path) => {
        impl<T> ToPy<T> for Result<T, $error> {
            fn py(self) -> PyResult<T> {
                self.map_err(|e| error($kind(&e), e.to_string()))
            }
        }
    };
}

to_py!(GeometryError, geometry_kind);
to_py!(FileAccessError, file_access_kind);
to_py!(KinematicsError, kinematics_kind);
to_py!(MjcfError, mjcf_kind);
to_py!(SensingError, sensing_kind);

fn stability_kind(e: &StabilityError) -> Kind {
    match e {
        StabilityError::Numerical { .. } => Kind::Other,
        _ => Kind::Value,
    }
}

to_py!(StabilityError, stability_kind);

fn jointspace_kind(e: &JointspaceError) -> Kind {
    match e {
        JointspaceError::UnknownJoint { .. } | JointspaceError::UnknownObject { .. } => Kind::Name,
        JointspaceError::Kinematics(k) => kinematics_kind(k),
        JointspaceError::Io { .. } => Kind::Other,
        _ => Kind::Value,
    }
}

to_py!(JointspaceError, jointspace_kind);

fn lab_kind(e: &morsel_lab::LabError) -> Kind {
    use morsel_lab::LabError;
    match e {
        LabError::Sensing(s) => sensing_kind(s),
        LabError::Stability(s) => stability_kind(s),
        LabError::Jointspace(j) => jointspace_kind(j),
        LabError::Binding(b) => binding_kind(b),
        LabError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => Kind::File,
        LabError::Save { .. } | LabError::PointContacts { .. } | LabError::Distributor { .. } => {
            Kind::Value
        }
        _ => Kind::Other,
    }
}

to_py!(morsel_lab::LabError, lab_kind);

fn simulation_kind(e: &morsel_lab::simulation::SimulationError) -> Kind {
    use morsel_lab::simulation::SimulationError;
    match e {
        SimulationError::Kinematics(k) => kinematics_kind(k),
        SimulationError::Robot { .. } | SimulationError::Invalid(_) => Kind::Value,
        _ => Kind::Other,
    }
}

to_py!(morsel_lab::simulation::SimulationError, simulation_kind);

fn binding_kind(e: &morsel_lab::bound_contact::BindingError) -> Kind {
    use morsel_lab::bound_contact::BindingError;
    match e {
        BindingError::Simulation(s) => simulation_kind(s),
        BindingError::Kinematics(k) => kinematics_kind(k),
        BindingError::Stability(s) => stability_kind(s),
        BindingError::MissingMass
        | BindingError::NotBound { .. }
        | BindingError::TwoRobots { .. } => Kind::Value,
        BindingError::UnknownJoint { .. } => Kind::Name,
        _ => Kind::Other,
    }
}

to_py!(morsel_lab::bound_contact::BindingError, binding_kind);
