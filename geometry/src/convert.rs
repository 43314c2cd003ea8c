//! The one place where nalgebra types (Morsel's) and parry's glam types meet.

use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::math::{Pose, Rotation, Vector};

/// nalgebra vector to parry vector.
#[inline]
pub fn to_parry_vector(v: &Vector3<f64>) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// nalgebra point to parry vector (parry 0.31 represents points as vectors).
#[inline]
pub fn to_parry_point(p: &Point3<f64>) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

/// parry vector to nalgebra vector.
#[inline]
pub fn from_parry_vector(v: Vector) -> Vector3<f64> {
    Vector3::new(v.x, v.y, v.z)
}

/// parry vector to nalgebra point.
#[inline]
pub fn from_parry_point(v: Vector) -> Point3<f64> {
    Point3::new(v.x, v.y, v.z)
}

/// nalgebra isometry to parry pose.
#[inline]
pub fn to_parry_pose(pose: &Isometry3<f64>) -> Pose {
    let q = pose.rotation.quaternion();
    let rotation = Rotation::from_xyzw(q.i, q.j, q.k, q.w);
    Pose::from_parts(to_parry_vector(&pose.translation.vector), rotation)
}

/// parry pose to nalgebra isometry (only the round-trip test needs it so far).
#[cfg(test)]
pub fn from_parry_pose(pose: &Pose) -> Isometry3<f64> {
    use nalgebra::{Quaternion, Translation3, UnitQuaternion};
    let r = pose.rotation;
    let q = UnitQuaternion::new_unchecked(Quaternion::new(r.w, r.x, r.y, r.z));
    Isometry3::from_parts(Translation3::from(from_parry_vector(pose.translation)), q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pose_round_trip_acts_the_same_on_points() {
        let pose = Isometry3::new(Vector3::new(0.3, -1.2, 2.0), Vector3::new(0.4, -0.2, 1.1));
        let parry = to_parry_pose(&pose);
        let p = Point3::new(0.7, 0.1, -0.5);
        let expected = pose * p;
        let got = from_parry_point(parry * to_parry_point(&p));
        assert!((expected - got).norm() < 1e-14);
        let back = from_parry_pose(&parry);
        assert!((back * p - expected).norm() < 1e-14);
    }
}
