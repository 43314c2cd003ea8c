//! The error type of morsel-sensing.

use morsel_geometry::GeometryError;

/// Everything that can go wrong when building scenes, touch sensors or taxels, or when
/// reading them.
///
/// Every variant says what was wrong with the input and, where there is a closed list of valid
/// choices (names of bodies, touch functions, response functions), lists them.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SensingError {
    /// A geometry operation (sensor points, sensor meshes, queries) failed.
    #[error("geometry: {0}")]
    Geometry(#[from] GeometryError),
    /// A body name is not in the scene.
    #[error("unknown body `{name}`; the scene has: {valid}")]
    UnknownBody {
        /// The name asked for.
        name: String,
        /// The valid body names, comma separated.
        valid: String,
    },
    /// A body index is out of range.
    #[error("body index {index} is out of range: the scene has {count} bodies")]
    BodyIndexOutOfRange {
        /// The index given.
        index: usize,
        /// How many bodies the scene has.
        count: usize,
    },
    /// A collider index is out of range for its body.
    #[error("collider index {index} is out of range: body `{body}` has {count} colliders")]
    ColliderIndexOutOfRange {
        /// The body.
        body: String,
        /// The index given.
        index: usize,
        /// How many colliders the body has.
        count: usize,
    },
    /// Two bodies share a name, or a name is empty.
    #[error("invalid body name `{name}`: {reason}")]
    InvalidBodyName {
        /// The offending name.
        name: String,
        /// Why it is refused and what to do.
        reason: &'static str,
    },
    /// A name given for a choice (touch function, response function, touch kind) is unknown.
    #[error("unknown {what} `{name}`; valid choices: {}", .valid.join(", "))]
    UnknownChoice {
        /// What is being chosen ("touch function", ...).
        what: &'static str,
        /// The name given.
        name: String,
        /// The valid names.
        valid: &'static [&'static str],
    },
    /// A sensor scale is zero, negative or not finite.
    #[error(
        "scale of body `{body}` must be a finite distance greater than zero (the sensor spacing in metres), got {value}"
    )]
    InvalidScale {
        /// The body.
        body: String,
        /// The value given.
        value: f64,
    },
    /// A body asked for has no sensors.
    #[error("body `{body}` has no touch sensors; sensing bodies: {sensing}")]
    NotSensing {
        /// The body.
        body: String,
        /// The sensing bodies, comma separated.
        sensing: String,
    },
    /// A value that must be finite is NaN or infinite.
    #[error("{what} must be finite (no NaN or infinity), got {value}")]
    NonFinite {
        /// What the value is.
        what: &'static str,
        /// A rendering of the value.
        value: String,
    },
    /// A touch sensor's outputs are not forces, so no load can be summed from them.
    #[error("touch function `{function}` gives no force vector: {reason}")]
    NotForce {
        /// The touch function.
        function: &'static str,
        /// Why, and which touch functions do.
        reason: &'static str,
    },
    /// A computation that needs true forces was asked of a touch sensor that follows MIMo's
    /// quirks, which drop some contacts and misplace or distort others.
    #[error(
        "{what} needs a touch sensor built with mimo_quirks false: MIMo's quirks drop contacts (spread_linear), misplace them (point touch) or distort normal_force"
    )]
    MimoQuirks {
        /// What was asked.
        what: &'static str,
    },
    /// A configuration parameter is outside its valid range.
    #[error("`{parameter}` {requirement}, got {value}")]
    InvalidParameter {
        /// The parameter's name.
        parameter: &'static str,
        /// What it must satisfy, phrased to complete "`name` ...".
        requirement: &'static str,
        /// The value given.
        value: String,
    },
    /// A finite value outside the range Morsel accepts: a body's velocity beyond
    /// [`MAX_SPEED`](crate::limits::MAX_SPEED) or
    /// [`MAX_ANGULAR_SPEED`](crate::limits::MAX_ANGULAR_SPEED) (see [`crate::limits`]).
    #[error("{what} is {value:e}, outside the accepted range [{min:e}, {max:e}] ({unit})")]
    OutOfRange {
        /// The offending value, with what it belongs to.
        what: String,
        /// The value given.
        value: f64,
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
        /// The unit of the range (for instance "m/s").
        unit: &'static str,
    },
    /// A taxel probe's force or torque is not finite, or beyond
    /// [`MAX_FORCE`](crate::MAX_FORCE) or [`MAX_MOMENT`](crate::limits::MAX_MOMENT): the
    /// reason names the law's terms and the parameters that drove it.
    #[error("taxel probe {probe} on link `{link}`{}: {reason}", environment(*.env))]
    TaxelOutOfRange {
        /// The link carrying the probes.
        link: String,
        /// The probe's index.
        probe: usize,
        /// The environment, in a batch of several scenes.
        env: Option<usize>,
        /// What is out of range, and what to lower.
        reason: String,
    },
    /// A contact is malformed.
    #[error("contact {index}: {reason}")]
    InvalidContact {
        /// Position of the contact in the list given.
        index: usize,
        /// What is wrong and how to fix it.
        reason: String,
    },
    /// A scene passed to a sensor does not have the structure the sensor was built for.
    #[error("scene does not match the one the sensor was built for: {reason}")]
    SceneMismatch {
        /// What differs.
        reason: String,
    },
    /// A batched read was given a different number of environments than the history holds.
    #[error(
        "the sensor's history holds {expected} environments but {got} scenes were given; call reset() to change the number of environments"
    )]
    EnvironmentCount {
        /// Environments held by the history.
        expected: usize,
        /// Scenes given.
        got: usize,
    },
    /// MuJoCo's model or contact arrays cannot be read as a scene or as contacts.
    #[error("MuJoCo model: {problem}")]
    MujocoModel {
        /// What is wrong, and how to fix it where the caller can.
        problem: String,
    },
    /// An output file could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
}

impl SensingError {
    /// This error with `index` as the position of the contact it is about, when it is about a
    /// contact ([`Contact::new`](crate::Contact::new) builds one contact and says 0).
    pub fn for_contact(self, index: usize) -> Self {
        match self {
            Self::InvalidContact { reason, .. } => Self::InvalidContact { index, reason },
            other => other,
        }
    }
}

/// " (environment e)" for an environment of a batch, else nothing.
fn environment(env: Option<usize>) -> String {
    env.map_or_else(String::new, |e| format!(" (environment {e})"))
}

/// The result type of morsel-sensing.
pub type Result<T> = std::result::Result<T, SensingError>;

/// Checks that every component of a 3-vector (or point) is finite.
pub(crate) fn finite3(what: &'static str, v: &[f64]) -> Result<()> {
    if v.iter().all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(SensingError::NonFinite {
            what,
            value: format!("{v:?}"),
        })
    }
}

/// Checks that a pose is finite.
pub(crate) fn finite_pose(what: &'static str, pose: &nalgebra::Isometry3<f64>) -> Result<()> {
    let t = pose.translation.vector;
    let q = pose.rotation.coords;
    if t.iter().chain(q.iter()).all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(SensingError::NonFinite {
            what,
            value: format!("translation {t:?}, quaternion {q:?}"),
        })
    }
}

/// Checks a scalar parameter against a predicate.
pub(crate) fn check_param(
    parameter: &'static str,
    value: f64,
    ok: bool,
    requirement: &'static str,
) -> Result<f64> {
    if ok && !value.is_nan() {
        Ok(value)
    } else {
        Err(SensingError::InvalidParameter {
            parameter,
            requirement,
            value: format!("{value}"),
        })
    }
}
