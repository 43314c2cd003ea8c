//! The direction of a vector of any finite, non-zero size.
//!
//! `v / |v|` fails at both ends of the `f64` range: the squared norm of `(1e200, 0, 0)`
//! overflows to infinity (so the "unit" vector is zero) and that of `(0, 0, 1e-300)`
//! underflows to zero (so the vector looks like the zero vector). Dividing by the largest
//! component first brings every component into `[-1, 1]`, with one of magnitude 1.

use nalgebra::Vector3;

/// The unit vector along `v`, or `None` when `v` is zero or not finite. For vectors whose
/// squared norm is within the `f64` range the result is `v.normalize()` up to rounding.
pub(crate) fn direction(v: &Vector3<f64>) -> Option<Vector3<f64>> {
    let largest = v.amax();
    if !(largest > 0.0 && largest.is_finite() && v.iter().all(|x| x.is_finite())) {
        return None;
    }
    Some((v / largest).normalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_and_tiny_vectors_keep_their_direction() {
        let want = Vector3::new(0.6, 0.0, -0.8);
        for scale in [1.0, 1e200, 1e-300, 5e-324] {
            let d = direction(&(Vector3::new(3.0, 0.0, -4.0) * scale)).unwrap();
            // 5e-324 is the smallest subnormal: 3 and 4 of it round to 2 and 4 of it.
            let tol = if scale == 5e-324 { 0.2 } else { 1e-15 };
            assert!((d - want).norm() < tol, "{scale}: {d:?}");
        }
        assert!(direction(&Vector3::zeros()).is_none());
        assert!(direction(&Vector3::new(f64::NAN, 1.0, 0.0)).is_none());
        assert!(direction(&Vector3::new(f64::INFINITY, 1.0, 0.0)).is_none());
    }
}
