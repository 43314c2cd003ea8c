//! The error type of morsel-stability.

/// Everything that can be wrong with the input of a stability computation.
///
/// Infeasible stances are not errors: an empty polygon or an infeasible wrench distribution is
/// reported as a status in the result. Errors are reserved for malformed input, and every variant
/// says what was wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum StabilityError {
    /// A contact's rectangle has a zero, negative or non-finite half-size.
    #[error(
        "contact shape must be two finite half-sizes greater than zero (half-length along local x, \
         half-width along local y, in metres), got [{half_length}, {half_width}]"
    )]
    InvalidShape {
        /// The half-length given (local x).
        half_length: f64,
        /// The half-width given (local y).
        half_width: f64,
    },
    /// A friction coefficient is zero, negative or not finite.
    #[error(
        "friction coefficient must be a finite number greater than zero, got {value} \
         (use a small value such as 0.01 for a nearly frictionless contact)"
    )]
    InvalidFriction {
        /// The value given.
        value: f64,
    },
    /// A maximum pressure is zero, negative or not finite.
    #[error(
        "maximum pressure must be a finite force greater than zero in newtons, got {value} \
         (leave it unset for no limit)"
    )]
    InvalidMaxPressure {
        /// The value given.
        value: f64,
    },
    /// A position, orientation, pose, point or wrench contains NaN or an infinite value.
    #[error("{what} contains a non-finite value (NaN or infinity): {value}")]
    NonFinite {
        /// What was being read.
        what: &'static str,
        /// A rendering of the offending value.
        value: String,
    },
    /// A quaternion has a zero (or nearly zero) norm and cannot describe an orientation.
    #[error(
        "quaternion [w, x, y, z] = {value:?} has a norm of {norm:e}: give a non-zero quaternion \
         (it is normalised), for instance [1, 0, 0, 0] for no rotation"
    )]
    DegenerateQuaternion {
        /// The quaternion given, `[w, x, y, z]`.
        value: [f64; 4],
        /// Its norm.
        norm: f64,
    },
    /// A contact set (or a stance) was given no contact.
    #[error(
        "a contact set needs at least one contact, got none: add the contacts that support the robot"
    )]
    EmptyContactSet,
    /// A contact index is past the end of the contact set.
    #[error("contact index {index} is out of range: the contact set has {len} contacts")]
    ContactIndexOutOfRange {
        /// The index given.
        index: usize,
        /// The number of contacts.
        len: usize,
    },
    /// A mass is zero, negative or not finite.
    #[error("mass must be a finite number of kilograms greater than zero, got {value}")]
    InvalidMass {
        /// The value given.
        value: f64,
    },
    /// A gravity magnitude is zero, negative or not finite.
    #[error(
        "gravity must be a finite acceleration greater than zero in m/s² (it points along -z), got {value}"
    )]
    InvalidGravity {
        /// The value given.
        value: f64,
    },
    /// A weight of the wrench-distribution cost is zero, negative or not finite.
    #[error(
        "the `{name}` weight of the wrench distribution must be finite and greater than zero, got {value}"
    )]
    InvalidWeight {
        /// The weight's name (`friction`, `cop` or `yaw`).
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// A polygon method name is not one of the known methods.
    #[error("unknown static-polygon method `{name}`: use \"hull\", \"bretl\" or \"cdd\"")]
    UnknownPolygonMethod {
        /// The name given.
        name: String,
    },
    /// A finite value outside the range Morsel accepts: a length beyond
    /// [`MIN_LENGTH`](crate::limits::MIN_LENGTH) to [`MAX_LENGTH`](crate::limits::MAX_LENGTH), or
    /// a mass, friction coefficient, force or moment beyond the limits of [`crate::limits`].
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
        /// The unit of the range (for instance "lengths in metres").
        unit: &'static str,
    },
    /// A contact normal is not a unit vector (zero, degenerate or not normalised).
    #[error(
        "contact normal {index} has norm {norm}: give unit normals (norm 1 within 1e-6), pointing \
         from the environment into the robot"
    )]
    InvalidNormal {
        /// Index of the normal.
        index: usize,
        /// Its norm.
        norm: f64,
    },
    /// A number of friction-cone generators per contact is too small (or too large).
    #[error(
        "the friction cone of each contact needs between 3 and 1024 generators, got {value} \
         (4 gives the inner friction pyramid)"
    )]
    InvalidGeneratorCount {
        /// The value given.
        value: usize,
    },
    /// Two lists that go together have different lengths.
    #[error("expected {expected} {what}, got {got}")]
    LengthMismatch {
        /// What the list holds.
        what: &'static str,
        /// The length required.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// A robustness margin is negative or not finite.
    #[error("the robustness margin must be a finite force of at least 0 N, got {value}")]
    InvalidMargin {
        /// The value given.
        value: f64,
    },
    /// A joint torque limit is negative or NaN (`inf` means unlimited).
    #[error("torque limit {index} is {value}: give a limit of at least 0 (inf for none)")]
    InvalidTorqueLimit {
        /// Index of the value (a velocity index of the robot).
        index: usize,
        /// The value given.
        value: f64,
    },
    /// A balance map's request is invalid (an unknown margin kind, a bad grid axis).
    #[error("balance_map(): {reason}")]
    BalanceMap {
        /// What is wrong, and what to give instead.
        reason: String,
    },
    /// A numerical routine failed in a way that does not depend on the input being valid
    /// (for instance the QP solver could not be set up). This indicates a bug; please report it.
    #[error("internal numerical failure in {what}: {reason}")]
    Numerical {
        /// The routine that failed.
        what: &'static str,
        /// What happened.
        reason: String,
    },
}

/// Checks that every component of a vector-like value is finite.
pub(crate) fn check_finite(what: &'static str, values: &[f64]) -> Result<(), StabilityError> {
    if values.iter().all(|v| v.is_finite()) {
        Ok(())
    } else {
        Err(StabilityError::NonFinite {
            what,
            value: format!("{values:?}"),
        })
    }
}
