//! Positions and MuJoCo's five orientation forms: `quat`, `axisangle`, `euler`, `xyaxes`,
//! `zaxis` (at most one per element), following MuJoCo's compiler.

use nalgebra::{
    Isometry3, Matrix3, Quaternion, Rotation3, Translation3, Unit, UnitQuaternion, Vector3,
};

use super::attrs::Attrs;
use super::compiler::Compiler;
use super::error::{MjcfError, MjcfResult};

/// The element's `pos` and orientation as a pose (identity when both are absent).
pub(crate) fn pose(a: &Attrs, compiler: &Compiler) -> MjcfResult<Isometry3<f64>> {
    let pos = a.array::<3>("pos")?.unwrap_or([0.0; 3]);
    let rotation = orientation(a, compiler)?;
    Ok(Isometry3::from_parts(
        Translation3::new(pos[0], pos[1], pos[2]),
        rotation,
    ))
}

/// MuJoCo's five orientation attributes.
pub(crate) const ORIENTATIONS: [&str; 5] = ["quat", "axisangle", "euler", "xyaxes", "zaxis"];

/// The element's orientation (identity when none is given). An orientation written on the
/// element wins over its default class's, whatever their forms (as in MuJoCo); without one, the
/// class's applies.
pub(crate) fn orientation(a: &Attrs, compiler: &Compiler) -> MjcfResult<UnitQuaternion<f64>> {
    let own: Vec<&str> = ORIENTATIONS
        .iter()
        .copied()
        .filter(|f| a.node.attr(f).is_some())
        .collect();
    let given = if own.is_empty() {
        ORIENTATIONS
            .iter()
            .copied()
            .filter(|f| a.str(f).is_some())
            .collect()
    } else {
        own
    };
    if given.len() > 1 {
        return Err(MjcfError::Invalid {
            at: a.node.location(),
            problem: format!(
                "several orientations given ({}); use only one",
                given.join(", ")
            ),
        });
    }
    let Some(form) = given.first() else {
        return Ok(UnitQuaternion::identity());
    };
    let text = a.str(form).unwrap_or_default();
    match *form {
        "quat" => {
            let q = a.array::<4>("quat")?.unwrap_or([1.0, 0.0, 0.0, 0.0]);
            let quat = Quaternion::new(q[0], q[1], q[2], q[3]);
            if quat.norm() < 1e-10 {
                return Err(a.invalid("quat", text, "a non-zero quaternion w x y z"));
            }
            Ok(UnitQuaternion::new_normalize(quat))
        }
        "axisangle" => {
            let v = a.array::<4>("axisangle")?.unwrap_or_default();
            let axis = Unit::try_new(Vector3::new(v[0], v[1], v[2]), 1e-10)
                .ok_or_else(|| a.invalid("axisangle", text, "a non-zero axis then an angle"))?;
            Ok(UnitQuaternion::from_axis_angle(&axis, compiler.angle(v[3])))
        }
        "euler" => {
            let e = a.array::<3>("euler")?.unwrap_or_default();
            Ok(euler(e, compiler))
        }
        "xyaxes" => {
            let v = a.array::<6>("xyaxes")?.unwrap_or_default();
            let bad = || a.invalid("xyaxes", text, "two non-parallel, non-zero axes x then y");
            let x = Vector3::new(v[0], v[1], v[2]);
            let x = x.try_normalize(1e-10).ok_or_else(bad)?;
            let y = Vector3::new(v[3], v[4], v[5]);
            let y = (y - x * x.dot(&y)).try_normalize(1e-10).ok_or_else(bad)?;
            let z = x.cross(&y);
            let m = Matrix3::from_columns(&[x, y, z]);
            Ok(UnitQuaternion::from_rotation_matrix(
                &Rotation3::from_matrix_unchecked(m),
            ))
        }
        _ => {
            let v = a.array::<3>("zaxis")?.unwrap_or_default();
            let z = Vector3::new(v[0], v[1], v[2])
                .try_normalize(1e-10)
                .ok_or_else(|| a.invalid("zaxis", text, "a non-zero axis"))?;
            Ok(z_to(&z))
        }
    }
}

/// MuJoCo's `euler` with the compiler's angle unit and sequence: lower-case axes rotate
/// with the frame (post-multiplied), upper-case axes are fixed (pre-multiplied).
pub(crate) fn euler(e: [f64; 3], compiler: &Compiler) -> UnitQuaternion<f64> {
    let mut q = UnitQuaternion::identity();
    for (i, &axis) in compiler.eulerseq.iter().enumerate() {
        let unit = match axis.to_ascii_lowercase() {
            b'x' => Vector3::x_axis(),
            b'y' => Vector3::y_axis(),
            _ => Vector3::z_axis(),
        };
        let r = UnitQuaternion::from_axis_angle(&unit, compiler.angle(e[i]));
        q = if axis.is_ascii_lowercase() {
            q * r
        } else {
            r * q
        };
    }
    q
}

/// The smallest rotation taking +z onto the unit vector `z` (MuJoCo's `mjuu_z2quat`).
pub(crate) fn z_to(z: &Vector3<f64>) -> UnitQuaternion<f64> {
    let cross = Vector3::z().cross(z);
    let s = cross.norm();
    let axis = if s < 1e-10 { Vector3::x() } else { cross / s };
    let angle = s.atan2(z.z);
    let half = 0.5 * angle;
    UnitQuaternion::new_unchecked(Quaternion::new(
        half.cos(),
        axis.x * half.sin(),
        axis.y * half.sin(),
        axis.z * half.sin(),
    ))
}
