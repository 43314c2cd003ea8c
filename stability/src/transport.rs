//! Moving wrenches between points: the grasp matrix and wrench transport.
//!
//! A wrench `[f; τ]` taken at a point `p` is the same physical action as the wrench
//! `[f; τ + (p − P) × f]` taken at `P` (the force is unchanged, the moment gains the lever arm
//! from `P` to `p`). All coordinates are in the world frame.

use nalgebra::{Matrix3, Matrix6, Point3, Vector3, Vector6};

/// The skew-symmetric matrix `[v]×` such that `[v]× u = v × u`.
pub fn skew(v: &Vector3<f64>) -> Matrix3<f64> {
    Matrix3::new(0.0, -v.z, v.y, v.z, 0.0, -v.x, -v.y, v.x, 0.0)
}

/// The 6×6 grasp matrix that moves a wrench taken at `from` to the point `to`.
///
/// `[[I, 0], [[r]×, I]]` with `r = from − to`, so that `w_to = G w_from`. Both wrenches are in the
/// world frame.
pub fn grasp_matrix(from: &Point3<f64>, to: &Point3<f64>) -> Matrix6<f64> {
    let mut g = Matrix6::identity();
    g.fixed_view_mut::<3, 3>(3, 0)
        .copy_from(&skew(&(from - to)));
    g
}

/// Moves a wrench taken at `from` to the point `to`: `[f; τ + (from − to) × f]` (world frame).
pub fn transport_wrench(
    wrench: &Vector6<f64>,
    from: &Point3<f64>,
    to: &Point3<f64>,
) -> Vector6<f64> {
    let force = wrench.fixed_rows::<3>(0).into_owned();
    let moment = wrench.fixed_rows::<3>(3) + (from - to).cross(&force);
    Vector6::new(force.x, force.y, force.z, moment.x, moment.y, moment.z)
}

/// The force part `[f]` of a wrench `[f; τ]`.
pub fn force_of(wrench: &Vector6<f64>) -> Vector3<f64> {
    wrench.fixed_rows::<3>(0).into_owned()
}

/// The moment part `[τ]` of a wrench `[f; τ]`.
pub fn moment_of(wrench: &Vector6<f64>) -> Vector3<f64> {
    wrench.fixed_rows::<3>(3).into_owned()
}

/// Builds a wrench `[f; τ]` from its force and moment.
pub fn wrench_from_parts(force: &Vector3<f64>, moment: &Vector3<f64>) -> Vector6<f64> {
    Vector6::new(force.x, force.y, force.z, moment.x, moment.y, moment.z)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skew_is_the_cross_product() {
        let v = Vector3::new(0.3, -1.2, 2.0);
        let u = Vector3::new(-0.7, 0.4, 1.1);
        assert!((skew(&v) * u - v.cross(&u)).norm() < 1e-15);
    }

    #[test]
    fn transport_matches_grasp_matrix_and_is_a_group() {
        let a = Point3::new(0.1, 0.2, 0.3);
        let b = Point3::new(-1.0, 0.5, 2.0);
        let c = Point3::new(0.4, -0.6, 0.0);
        let w = Vector6::new(1.0, -2.0, 3.0, 0.5, 0.25, -1.0);
        let via_matrix = grasp_matrix(&a, &b) * w;
        assert!((via_matrix - transport_wrench(&w, &a, &b)).norm() < 1e-14);
        // a -> b -> c equals a -> c, and going back undoes the move.
        let two_steps = transport_wrench(&transport_wrench(&w, &a, &b), &b, &c);
        assert!((two_steps - transport_wrench(&w, &a, &c)).norm() < 1e-14);
        let back = transport_wrench(&transport_wrench(&w, &a, &b), &b, &a);
        assert!((back - w).norm() < 1e-14);
    }

    #[test]
    fn a_pure_force_through_the_target_point_has_no_moment() {
        // A vertical force applied at (1, 0, 0), seen from (1, 0, 5) (on its line of action).
        let w = Vector6::new(0.0, 0.0, 10.0, 0.0, 0.0, 0.0);
        let moved = transport_wrench(&w, &Point3::new(1.0, 0.0, 0.0), &Point3::new(1.0, 0.0, 5.0));
        assert!(moment_of(&moved).norm() < 1e-15);
        // Seen from the origin, the lever arm (1, 0, 0) gives the moment (0, -10, 0).
        let at_origin = transport_wrench(&w, &Point3::new(1.0, 0.0, 0.0), &Point3::origin());
        assert!((moment_of(&at_origin) - Vector3::new(0.0, -10.0, 0.0)).norm() < 1e-15);
    }
}
