//! The range of values the stability crate accepts, and the checks that apply it.
//!
//! A finite but absurd value (a friction coefficient of `1e300`, a contact half-size of
//! `1e-300`, a mass of `1e300`) used to pass the finiteness checks and then give `inf` or `NaN`
//! wrenches, spurious "numerical failure" errors, or quietly wrong polygons. Each value is now
//! checked against a range, and a value outside it is a [`StabilityError::OutOfRange`].
//!
//! | value                                             | accepted range                          |
//! |---------------------------------------------------|-----------------------------------------|
//! | contact half-length and half-width (m)            | [`MIN_LENGTH`], [`MAX_LENGTH`]          |
//! | contact position, CoM, any point (m, per axis)    | −[`MAX_LENGTH`] to [`MAX_LENGTH`]       |
//! | friction coefficient                              | [`MIN_FRICTION`], [`MAX_FRICTION`]      |
//! | mass (kg)                                         | up to [`MAX_MASS`]                      |
//! | force component, maximum pressure, net force (N)  | up to [`MAX_FORCE`] in magnitude        |
//! | moment component (N·m)                            | up to [`MAX_MOMENT`] in magnitude       |
//!
//! Lengths follow the geometry crate's policy (its `range` module: the same two limits, checked
//! equal by a test), so a contact placed from a robot's forward kinematics is never refused
//! here when geometry accepted the robot. They are repeated here rather than imported so that
//! this crate keeps depending on nalgebra and clarabel alone.

use nalgebra::{Point3, Vector6};

use crate::error::{StabilityError, check_finite};

/// The largest length accepted, in metres: the largest contact half-size, and the largest
/// magnitude of a coordinate (MuJoCo's `mjMAXVAL`; the same as `morsel_geometry::MAX_LENGTH`).
pub const MAX_LENGTH: f64 = 1e10;

/// The smallest contact half-size accepted, in metres (a nanometre; the same as
/// `morsel_geometry::MIN_LENGTH`).
pub const MIN_LENGTH: f64 = 1e-9;

/// The smallest friction coefficient accepted (MuJoCo's `mjMINMU`).
///
/// Below it the linearised friction pyramid is so flat that its generators lose rank in `f64`:
/// at `1e-8` the double description of the net wrench cone fails and the hull and cdd polygon
/// methods give up. For a nearly frictionless contact, `1e-5` is already negligible.
pub const MIN_FRICTION: f64 = 1e-5;

/// The largest friction coefficient accepted.
///
/// Far above any physical coefficient (rubber on rough ground is about 1 to 4). Beyond about
/// `1e8` the pyramid's rays `(±μ/√2, ±μ/√2, 1)` lose their normal component to round-off, the
/// wrench cone degenerates (at `1e10` the double description finds rank 3), and at `1e300` the
/// yaw faces `μ (X + Y)` overflow to infinity. All three polygon methods agree up to `1e5`.
pub const MAX_FRICTION: f64 = 1e3;

/// The largest mass accepted, in kilograms (MuJoCo's `mjMAXVAL`).
///
/// Far above any robot (a loaded supertanker is about 5e8 kg). With accelerations up to
/// `1e10` m/s² the net force stays within [`MAX_FORCE`]; a mass of `1e300` under a large
/// gravity would overflow the gravity wrench to infinity.
pub const MAX_MASS: f64 = 1e10;

/// The largest force component accepted, in newtons: of a target or managed wrench, a maximum
/// pressure, or a stance's net force `m (p̈ − g)`.
///
/// Chosen as [`MAX_MASS`] times `1e10` m/s², and so that everything computed from a force stays
/// finite: moments about points within the length range (lever arms below about
/// `3.5 · MAX_LENGTH`) stay below [`MAX_MOMENT`], and their squares (the distribution's cost,
/// norms) below `1e63`, far from `f64::MAX ≈ 1.8e308`. A force of `1e300` moved by a lever arm
/// of `1e10` m overflows to infinity.
pub const MAX_FORCE: f64 = 1e20;

/// The largest moment component accepted, in newton-metres: a [`MAX_FORCE`] with a lever arm
/// of up to `1e11` m (ten times [`MAX_LENGTH`], more than any two points in range are apart).
pub const MAX_MOMENT: f64 = 1e31;

const LENGTHS: &str = "lengths in metres";

fn out_of_range(
    what: String,
    value: f64,
    min: f64,
    max: f64,
    unit: &'static str,
) -> StabilityError {
    StabilityError::OutOfRange {
        what,
        value,
        min,
        max,
        unit,
    }
}

/// Checks that finite coordinates (a position, a CoM, a point) are within ±[`MAX_LENGTH`].
pub(crate) fn coordinates(what: &str, values: &[f64]) -> Result<(), StabilityError> {
    within(what, values, MAX_LENGTH, LENGTHS)
}

/// Checks that a point is finite ([`StabilityError::NonFinite`]) and within ±[`MAX_LENGTH`].
pub(crate) fn point(what: &'static str, p: &Point3<f64>) -> Result<(), StabilityError> {
    check_finite(what, p.coords.as_slice())?;
    coordinates(what, p.coords.as_slice())
}

/// Checks that a finite, positive size is between [`MIN_LENGTH`] and [`MAX_LENGTH`].
pub(crate) fn size(what: &str, value: f64) -> Result<(), StabilityError> {
    between(what, value, MIN_LENGTH, MAX_LENGTH, LENGTHS)
}

/// Checks that a finite, positive friction coefficient is within
/// [[`MIN_FRICTION`], [`MAX_FRICTION`]].
pub(crate) fn friction(value: f64) -> Result<(), StabilityError> {
    between(
        "friction coefficient",
        value,
        MIN_FRICTION,
        MAX_FRICTION,
        "dimensionless",
    )
}

/// Checks that a finite, positive mass is at most [`MAX_MASS`].
pub(crate) fn mass(value: f64) -> Result<(), StabilityError> {
    between("mass", value, 0.0, MAX_MASS, "kilograms")
}

/// `value` within `[min, max]`, else an [`StabilityError::OutOfRange`] naming it.
fn between(
    what: &str,
    value: f64,
    min: f64,
    max: f64,
    unit: &'static str,
) -> Result<(), StabilityError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(out_of_range(what.to_owned(), value, min, max, unit))
    }
}

/// Checks that a force (or every force component) is at most [`MAX_FORCE`] in magnitude.
pub(crate) fn force(what: &str, values: &[f64]) -> Result<(), StabilityError> {
    within(what, values, MAX_FORCE, "newtons")
}

/// Checks a finite wrench `[f; τ]`: forces within ±[`MAX_FORCE`], moments within
/// ±[`MAX_MOMENT`].
pub(crate) fn wrench(what: &str, w: &Vector6<f64>) -> Result<(), StabilityError> {
    within(
        &format!("{what} force"),
        &w.as_slice()[..3],
        MAX_FORCE,
        "newtons",
    )?;
    within(
        &format!("{what} moment"),
        &w.as_slice()[3..],
        MAX_MOMENT,
        "newton-metres",
    )
}

fn within(what: &str, values: &[f64], max: f64, unit: &'static str) -> Result<(), StabilityError> {
    match values
        .iter()
        .enumerate()
        .find(|(_, v)| v.is_nan() || v.abs() > max)
    {
        None => Ok(()),
        Some((i, &v)) => {
            let what = if values.len() == 1 {
                what.to_owned()
            } else {
                format!("{what}[{i}]")
            };
            Err(out_of_range(what, v, -max, max, unit))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_geometrys() {
        assert_eq!(MAX_LENGTH, morsel_geometry::MAX_LENGTH);
        assert_eq!(MIN_LENGTH, morsel_geometry::MIN_LENGTH);
    }

    #[test]
    fn limits_pass_and_values_beyond_them_fail() {
        assert!(friction(MIN_FRICTION).is_ok() && friction(MAX_FRICTION).is_ok());
        assert!(friction(MAX_FRICTION * 1.001).is_err() && friction(MIN_FRICTION * 0.999).is_err());
        assert!(mass(MAX_MASS).is_ok() && mass(MAX_MASS * 1.001).is_err());
        assert!(size("x", MIN_LENGTH).is_ok() && size("x", MAX_LENGTH).is_ok());
        assert!(size("x", 1e-300).is_err() && size("x", 1e300).is_err());
        assert!(coordinates("p", &[MAX_LENGTH, -MAX_LENGTH]).is_ok());
        let w = Vector6::new(MAX_FORCE, 0.0, 0.0, 0.0, -MAX_MOMENT, 0.0);
        assert!(wrench("w", &w).is_ok());
        let err = wrench(
            "target wrench",
            &Vector6::new(0.0, 0.0, 1e300, 0.0, 0.0, 0.0),
        )
        .expect_err("too large");
        assert_eq!(
            err.to_string(),
            "target wrench force[2] is 1e300, outside the accepted range [-1e20, 1e20] (newtons)"
        );
    }
}
