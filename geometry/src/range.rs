//! The range of lengths Morsel accepts, and the checks that apply it where geometry enters.
//!
//! Sizes, coordinates and translations are checked for being finite, and then for being in a
//! sane range: a finite but absurd value such as a radius of `1e300` or a semi-axis of `1e-300`
//! would otherwise pass, and squares, cubes or reciprocals computed from it later would
//! overflow to infinity or underflow to zero, giving `inf` or `NaN` results (or quietly wrong
//! ones) instead of an error. MuJoCo draws the same line with `mjMAXVAL = 1e10`.
//!
//! | value                                                           | accepted range                  |
//! |-----------------------------------------------------------------|---------------------------------|
//! | a size: radius, half-extent, semi-axis, half-length, resolution | [`MIN_LENGTH`], [`MAX_LENGTH`]  |
//! | a coordinate: mesh vertex, hull point, query point              | −[`MAX_LENGTH`] to [`MAX_LENGTH`] |
//! | a translation of a pose (collider or query pose)                | −[`MAX_LENGTH`] to [`MAX_LENGTH`] |
//! | the largest side of a mesh's bounding box                       | at least [`MIN_LENGTH`]         |
//!
//! A value outside its range is a [`GeometryError::OutOfRange`] naming the value and the range.
//!
//! The range guarantees that results are finite, not that they are accurate: an `f64` holds
//! about 16 significant digits, so at coordinates of magnitude `L` lengths are resolved to
//! about `L·1e-16`. A 1 nm shape placed 1e10 m from the origin is finite but below the
//! resolution of its own coordinates.

use nalgebra::{Isometry3, Point3};

use crate::error::{GeometryError, Result, finite_pose, positive};

/// The largest length Morsel accepts, in metres: the largest size, and the largest magnitude
/// of a coordinate or a translation component (MuJoCo's `mjMAXVAL`).
///
/// Chosen so that everything computed downstream stays finite: a placed shape's points have
/// coordinates below about `4·MAX_LENGTH`, so squared distances stay below about `1e22`,
/// volumes and triple products below about `1e32`, moments of inertia (mass times length
/// squared) below `1e50` times the density, all far below `f64::MAX ≈ 1.8e308`. It is also far
/// beyond any robot or scene (the Earth's diameter is 1.3e7 m).
pub const MAX_LENGTH: f64 = 1e10;

/// The smallest size Morsel accepts, in metres (a nanometre): the smallest radius,
/// half-extent, semi-axis, half-length or sensor resolution, and the smallest largest side of
/// a mesh's bounding box.
///
/// Chosen so that reciprocals and ratios stay representable: `1/size² ≤ 1e18` (the
/// ellipsoid's `x/a²` normals), `size³ ≥ 1e-27` (volumes), and the squared ratio of an
/// ellipsoid's largest to smallest semi-axis is at most `(MAX_LENGTH/MIN_LENGTH)² = 1e38`,
/// so the terms of its closest-point iteration stay below about `1e60` and their squares below
/// `1e120`, all far from both ends of the `f64` range (`2.2e-308` to `1.8e308`).
pub const MIN_LENGTH: f64 = 1e-9;

fn out_of_range(what: String, value: f64, min: f64, max: f64) -> GeometryError {
    GeometryError::OutOfRange {
        what,
        value,
        min,
        max,
    }
}

/// Checks that a size parameter of `shape` is finite, positive ([`GeometryError::NonPositiveSize`]
/// otherwise) and between [`MIN_LENGTH`] and [`MAX_LENGTH`] ([`GeometryError::OutOfRange`]).
pub(crate) fn size(shape: &'static str, parameter: &'static str, value: f64) -> Result<f64> {
    positive(shape, parameter, value)?;
    if (MIN_LENGTH..=MAX_LENGTH).contains(&value) {
        Ok(value)
    } else {
        Err(out_of_range(
            format!("{shape}: `{parameter}`"),
            value,
            MIN_LENGTH,
            MAX_LENGTH,
        ))
    }
}

/// The first component of `values` whose magnitude is above [`MAX_LENGTH`] (NaN included),
/// with its index.
#[inline]
fn first_beyond(values: &[f64]) -> Option<(usize, f64)> {
    values
        .iter()
        .enumerate()
        .find(|(_, c)| c.is_nan() || c.abs() > MAX_LENGTH)
        .map(|(i, c)| (i, *c))
}

/// Checks that every value (coordinates or a translation) is within ±[`MAX_LENGTH`], for
/// crates that take lengths of their own, such as a model's joint origins: the first one
/// beyond is a [`GeometryError::OutOfRange`] naming it as `what[i]`. Check finiteness first:
/// a NaN is reported as out of range.
///
/// ```
/// use morsel_geometry::range::check_coordinates;
/// assert!(check_coordinates("origin", &[0.0, -1e10, 3.0]).is_ok());
/// let err = check_coordinates("origin", &[0.0, 2e10, 3.0]).unwrap_err();
/// assert!(err.to_string().starts_with("origin[1] is 2e10, outside the accepted range"));
/// ```
pub fn check_coordinates(what: &str, values: &[f64]) -> Result<()> {
    match first_beyond(values) {
        None => Ok(()),
        Some((i, c)) => Err(coordinate_error(format!("{what}[{i}]"), c)),
    }
}

/// Checks that a size given by another crate (a contact's half-length, a sensor spacing) is
/// between [`MIN_LENGTH`] and [`MAX_LENGTH`]: otherwise a [`GeometryError::OutOfRange`] naming
/// it as `what`. Check finiteness and sign first with the caller's own error: a NaN, zero or
/// negative value is reported here as out of range.
///
/// ```
/// use morsel_geometry::range::check_size;
/// assert!(check_size("half-width", 1e-9).is_ok());
/// let err = check_size("half-width", 1e300).unwrap_err();
/// assert!(err.to_string().starts_with("half-width is 1e300, outside the accepted range"));
/// ```
pub fn check_size(what: &str, value: f64) -> Result<()> {
    if (MIN_LENGTH..=MAX_LENGTH).contains(&value) {
        Ok(())
    } else {
        Err(out_of_range(what.to_owned(), value, MIN_LENGTH, MAX_LENGTH))
    }
}

/// The error for a finite coordinate `value` beyond ±[`MAX_LENGTH`].
pub(crate) fn coordinate_error(what: String, value: f64) -> GeometryError {
    out_of_range(what, value, -MAX_LENGTH, MAX_LENGTH)
}

const AXES: [&str; 3] = ["x", "y", "z"];

/// Checks that a pose is finite, with a unit rotation, and that its translation is within
/// ±[`MAX_LENGTH`] on every axis.
pub(crate) fn pose(what: &'static str, pose: &Isometry3<f64>) -> Result<()> {
    finite_pose(what, pose)?;
    match first_beyond(pose.translation.vector.as_slice()) {
        None => Ok(()),
        Some((i, c)) => Err(coordinate_error(
            format!("{what}: translation {}", AXES[i]),
            c,
        )),
    }
}

/// Checks that every coordinate of a point is finite ([`GeometryError::NonFinite`]) and within
/// ±[`MAX_LENGTH`].
pub(crate) fn point(what: &'static str, p: &Point3<f64>) -> Result<()> {
    match first_beyond(p.coords.as_slice()) {
        None => Ok(()),
        Some(_) if !p.iter().all(|c| c.is_finite()) => Err(GeometryError::NonFinite {
            what,
            value: format!("{p:?}"),
        }),
        Some((i, c)) => Err(coordinate_error(format!("{what}: {}", AXES[i]), c)),
    }
}

/// Checks that every vertex is finite (else `invalid`, naming the first vertex that is not)
/// and within ±[`MAX_LENGTH`] (else [`GeometryError::OutOfRange`] naming the vertex, its axis
/// and `source`, such as " of FILE").
pub(crate) fn vertices(
    vertices: &[Point3<f64>],
    invalid: impl FnOnce(String) -> GeometryError,
    source: &str,
) -> Result<()> {
    let Some((i, v, axis)) = vertices
        .iter()
        .enumerate()
        .find_map(|(i, v)| first_beyond(v.coords.as_slice()).map(|(axis, _)| (i, v, axis)))
    else {
        return Ok(());
    };
    Err(if v.iter().all(|c| c.is_finite()) {
        coordinate_error(format!("mesh vertex {i}{source}: {}", AXES[axis]), v[axis])
    } else {
        invalid(format!("vertex {i} is not finite: {v:?}"))
    })
}

/// Checks that a mesh with these bounds is not smaller than [`MIN_LENGTH`] (the largest side
/// of its bounding box).
pub(crate) fn mesh_extent(lo: &Point3<f64>, hi: &Point3<f64>, source: &str) -> Result<()> {
    let extent = (hi - lo).amax();
    if extent >= MIN_LENGTH {
        Ok(())
    } else {
        Err(out_of_range(
            format!("the largest side of the mesh's bounding box{source}"),
            extent,
            MIN_LENGTH,
            2.0 * MAX_LENGTH,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_at_the_limits_pass_and_beyond_them_fail() {
        assert_eq!(size("sphere", "radius", MIN_LENGTH).ok(), Some(MIN_LENGTH));
        assert_eq!(size("sphere", "radius", MAX_LENGTH).ok(), Some(MAX_LENGTH));
        for bad in [MIN_LENGTH * 0.999, MAX_LENGTH * 1.001, 1e300, 1e-300] {
            let err = size("sphere", "radius", bad).expect_err("out of range");
            assert!(matches!(err, GeometryError::OutOfRange { .. }), "{err}");
        }
        // Non-positive and non-finite values keep their own error.
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let err = size("sphere", "radius", bad).expect_err("not positive");
            assert!(
                matches!(err, GeometryError::NonPositiveSize { .. }),
                "{err}"
            );
        }
    }

    #[test]
    fn the_message_names_the_parameter_the_value_and_the_range() {
        let err = size("ellipsoid", "a", 1e-300).expect_err("too small");
        assert_eq!(
            err.to_string(),
            "ellipsoid: `a` is 1e-300, outside the accepted range [1e-9, 1e10] (lengths in metres)"
        );
        let p = Isometry3::translation(0.0, -2e10, 0.0);
        let err = pose("collider pose", &p).expect_err("too far");
        assert_eq!(
            err.to_string(),
            "collider pose: translation y is -2e10, outside the accepted range [-1e10, 1e10] \
             (lengths in metres)"
        );
    }

    #[test]
    fn points_and_poses_at_the_limit_pass() {
        let at = Point3::new(-MAX_LENGTH, MAX_LENGTH, 0.0);
        assert!(point("query point", &at).is_ok());
        assert!(pose("pose", &Isometry3::translation(at.x, at.y, at.z)).is_ok());
        let beyond = Point3::new(0.0, 0.0, MAX_LENGTH * 1.001);
        assert!(matches!(
            point("query point", &beyond),
            Err(GeometryError::OutOfRange { .. })
        ));
        let nan = Point3::new(0.0, f64::NAN, 2e10);
        assert!(matches!(
            point("query point", &nan),
            Err(GeometryError::NonFinite { .. })
        ));
        let inf = Isometry3::translation(f64::INFINITY, 0.0, 0.0);
        assert!(matches!(
            pose("pose", &inf),
            Err(GeometryError::NonFinite { .. })
        ));
    }
}
