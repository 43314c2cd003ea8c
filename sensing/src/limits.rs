//! The range of velocities and moments the sensing crate accepts, and the checks that apply it.
//!
//! A finite but absurd value used to pass the finiteness checks and then give `inf` or `NaN`
//! readings, or quietly wrong ones: a body moving at `1e300` m/s, a taxel whose stiffness,
//! gain, exponent, damping or shear scaled a force to `1e298` N or to infinity. Each value is
//! checked against a range, and a value outside it is an error naming it.
//!
//! | value                                                  | accepted range                    |
//! |--------------------------------------------------------|-----------------------------------|
//! | lengths: positions, poses, depths, radii (m)           | geometry's range (`MAX_LENGTH`)   |
//! | a force component: contact, taxel reading (N)          | up to [`MAX_FORCE`] in magnitude  |
//! | a torque component of a taxel reading (N·m)            | up to [`MAX_MOMENT`] in magnitude |
//! | a body's linear velocity component (m/s)               | up to [`MAX_SPEED`] in magnitude  |
//! | a body's angular velocity component (rad/s)            | up to [`MAX_ANGULAR_SPEED`]       |
//!
//! Velocities beyond their range are [`SensingError::OutOfRange`]; taxel readings beyond
//! theirs are [`SensingError::TaxelOutOfRange`], naming the probe and the law's terms.
//!
//! [`MAX_FORCE`]: crate::MAX_FORCE

use nalgebra::Vector3;

use crate::error::{Result, SensingError};

/// The largest moment component a taxel probe may read, in newton-metres: a [`MAX_FORCE`]
/// with a lever arm of `1e11` m (ten times `morsel_geometry::MAX_LENGTH`), the same limit as
/// `morsel_stability::limits::MAX_MOMENT`.
///
/// A probe lies within ±`MAX_LENGTH` of the link origin, so the lever term `p × F` of a force
/// within [`MAX_FORCE`] stays below `2e30`; only an absurd twist term (`twist_scalar` times
/// the spin) reaches the limit. Below it, squares and norms stay below `1e63`, far from
/// `f64::MAX ≈ 1.8e308`.
///
/// [`MAX_FORCE`]: crate::MAX_FORCE
pub const MAX_MOMENT: f64 = 1e31;

/// The largest linear velocity component of a body, in metres per second: `MAX_LENGTH` per
/// second (MuJoCo flags a `qvel` beyond its `mjMAXVAL = 1e10` as bad).
///
/// Far above any robot or projectile (light travels at 3e8 m/s). Chosen so that what is
/// computed from a velocity stays finite: the velocity of a point within the length range,
/// `v + ω × r` with `|r|` below about `4e10` m, stays below about `1e21` m/s, and so does a
/// relative velocity; damping and shear terms then overflow only through absurd coefficients,
/// which the taxels and the penalty law report by name. A velocity of `1e300` m/s times a
/// damping of 1 is already `1e300` N.
pub const MAX_SPEED: f64 = 1e10;

/// The largest angular velocity component of a body, in radians per second (MuJoCo's
/// `mjMAXVAL`, as [`MAX_SPEED`]).
///
/// Far above any machine (an ultracentrifuge spins at about 1e4 rad/s). With lever arms below
/// about `4e10` m, the point velocities `ω × r` stay below about `1e21` m/s.
pub const MAX_ANGULAR_SPEED: f64 = 1e10;

/// Whether `x` is NaN or beyond `max` in magnitude (infinities included).
pub(crate) fn out_of_bound(x: f64, max: f64) -> bool {
    x.is_nan() || x.abs() > max
}

/// The first component of `v` that is NaN or beyond `max` in magnitude, with its index.
pub(crate) fn first_beyond(v: &[f64], max: f64) -> Option<(usize, f64)> {
    v.iter()
        .enumerate()
        .find(|(_, x)| out_of_bound(**x, max))
        .map(|(i, x)| (i, *x))
}

/// Checks that body `body`'s finite velocities are within ±[`MAX_SPEED`] and
/// ±[`MAX_ANGULAR_SPEED`]: otherwise a [`SensingError::OutOfRange`] naming the body, the
/// velocity and its component.
pub(crate) fn check_velocity(
    body: &str,
    linear: &Vector3<f64>,
    angular: &Vector3<f64>,
) -> Result<()> {
    for (what, v, max, unit) in [
        ("linear", linear, MAX_SPEED, "m/s"),
        ("angular", angular, MAX_ANGULAR_SPEED, "rad/s"),
    ] {
        if let Some((i, value)) = first_beyond(v.as_slice(), max) {
            return Err(SensingError::OutOfRange {
                what: format!("body `{body}` {what} velocity[{i}]"),
                value,
                min: -max,
                max,
                unit,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn velocities_at_the_limits_pass_and_beyond_them_fail() {
        let at = Vector3::new(-MAX_SPEED, MAX_SPEED, 0.0);
        assert!(check_velocity("b", &at, &Vector3::repeat(MAX_ANGULAR_SPEED)).is_ok());
        let beyond = Vector3::new(0.0, 0.0, -1.5e10);
        let e = check_velocity("b", &beyond, &Vector3::zeros()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "body `b` linear velocity[2] is -1.5e10, outside the accepted range \
             [-1e10, 1e10] (m/s)"
        );
        let spin = Vector3::new(0.0, 1e300, 0.0);
        let e = check_velocity("b", &Vector3::zeros(), &spin).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("body `b` angular velocity[1] is 1e300"),
            "{e}"
        );
    }
}
