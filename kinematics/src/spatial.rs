//! Small rotation helpers: exponential and logarithm maps, roll-pitch-yaw.

use nalgebra::{Quaternion, UnitQuaternion, Vector3};

/// The rotation vector (axis times angle, angle in `[0, π]`) of `rotation`.
///
/// Accurate near the identity, unlike going through an axis and an angle.
#[inline]
pub fn log3(rotation: &UnitQuaternion<f64>) -> Vector3<f64> {
    let q = rotation.quaternion();
    let (w, v) = if q.w < 0.0 {
        (-q.w, -q.imag())
    } else {
        (q.w, q.imag())
    };
    let n = v.norm();
    if n < 1e-8 {
        // angle = 2 atan(n / w) ≈ 2 n / w (1 - n²/(3 w²))
        v * (2.0 / w) * (1.0 - n * n / (3.0 * w * w))
    } else {
        v * (2.0 * n.atan2(w) / n)
    }
}

/// The rotation whose rotation vector is `omega` (inverse of [`log3`]).
#[inline]
pub fn exp3(omega: &Vector3<f64>) -> UnitQuaternion<f64> {
    let angle = omega.norm();
    let half = 0.5 * angle;
    let (s, c) = half.sin_cos();
    let k = if angle < 1e-8 {
        0.5 - angle * angle / 48.0
    } else {
        s / angle
    };
    UnitQuaternion::new_normalize(Quaternion::from_parts(c, omega * k))
}

/// Angle (rad, in `[0, π]`) of the rotation that takes `a` to `b`.
#[inline]
pub fn rotation_angle_between(a: &UnitQuaternion<f64>, b: &UnitQuaternion<f64>) -> f64 {
    log3(&(a.inverse() * b)).norm()
}

/// Rotation from roll, pitch, yaw: about fixed x, then y, then z (URDF's `rpy`).
pub fn rotation_from_rpy(rpy: [f64; 3]) -> UnitQuaternion<f64> {
    UnitQuaternion::from_euler_angles(rpy[0], rpy[1], rpy[2])
}

/// Roll, pitch, yaw of a rotation (inverse of [`rotation_from_rpy`]).
pub fn rpy_from_rotation(rotation: &UnitQuaternion<f64>) -> [f64; 3] {
    let (r, p, y) = rotation.euler_angles();
    [r, p, y]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_and_exp_are_inverse() {
        for omega in [
            Vector3::new(0.3, -0.2, 1.1),
            Vector3::new(1e-10, 0.0, -2e-10),
            Vector3::new(0.0, 3.1, 0.0),
            Vector3::zeros(),
        ] {
            let back = log3(&exp3(&omega));
            assert!((back - omega).norm() < 1e-12, "{omega} -> {back}");
        }
    }

    #[test]
    fn exp_matches_axis_angle() {
        let axis = Vector3::new(1.0, 2.0, -2.0) / 3.0;
        let q = exp3(&(axis * 0.7));
        let expected = UnitQuaternion::from_axis_angle(&nalgebra::Unit::new_normalize(axis), 0.7);
        assert!(q.angle_to(&expected) < 1e-12);
    }

    #[test]
    fn rpy_is_fixed_axis_xyz() {
        // Rz(y) Ry(p) Rx(r) applied to x: first roll leaves x, pitch 90° turns x into -z.
        let q = rotation_from_rpy([0.4, std::f64::consts::FRAC_PI_2, 0.0]);
        let x = q * Vector3::x();
        assert!((x - Vector3::new(0.0, 0.0, -1.0)).norm() < 1e-12);
    }
}
