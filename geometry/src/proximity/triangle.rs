//! A triangle with the quantities that the leaf tests reuse: its plane, the permanent that
//! certifies orientation signs, and the inward normals of its edges.

use std::cmp::Ordering;

use nalgebra::{Matrix3, Vector3};

use super::exact::{ORIENT3D_RELATIVE_BOUND, certified_or, orient3d_exact};

pub(crate) type V3 = Vector3<f64>;

/// A triangle prepared for repeated leaf tests.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PreparedTriangle {
    /// The corners.
    pub v: [V3; 3],
    /// `(v1 - v0) x (v2 - v0)` evaluated in floating point (not normalised).
    pub normal: V3,
    /// Component-wise permanent of `normal` (sums of the absolute values of its two products),
    /// used to certify the sign of `normal . (x - v0)`.
    pub permanent: V3,
    /// Unit normal, zero for a degenerate (zero-area) triangle.
    pub unit_normal: V3,
    /// `1 / |normal|`, zero for a degenerate triangle: turns orientation values into heights.
    pub inv_norm: f64,
    /// In-plane inward normals of the edges `v0v1`, `v1v2`, `v2v0` (`unit_normal x edge`).
    pub edge_inward: [V3; 3],
}

impl Default for PreparedTriangle {
    fn default() -> Self {
        Self::new([V3::zeros(); 3])
    }
}

impl PreparedTriangle {
    /// Prepares a triangle from its corners.
    pub fn new(v: [V3; 3]) -> Self {
        let e1 = v[1] - v[0];
        let e2 = v[2] - v[0];
        let normal = V3::new(
            e1.y * e2.z - e1.z * e2.y,
            e1.z * e2.x - e1.x * e2.z,
            e1.x * e2.y - e1.y * e2.x,
        );
        let permanent = V3::new(
            (e1.y * e2.z).abs() + (e1.z * e2.y).abs(),
            (e1.z * e2.x).abs() + (e1.x * e2.z).abs(),
            (e1.x * e2.y).abs() + (e1.y * e2.x).abs(),
        );
        let norm = normal.norm();
        // A triangle whose area is below rounding noise of its edge lengths is a sliver for
        // the inside tests; its distances come from its edges.
        let scale = e1.norm() * e2.norm();
        let (unit_normal, inv_norm) = if norm > 1e-14 * scale && norm > 0.0 {
            (normal / norm, 1.0 / norm)
        } else {
            (V3::zeros(), 0.0)
        };
        let edge_inward = [
            unit_normal.cross(&(v[1] - v[0])),
            unit_normal.cross(&(v[2] - v[1])),
            unit_normal.cross(&(v[0] - v[2])),
        ];
        Self {
            v,
            normal,
            permanent,
            unit_normal,
            inv_norm,
            edge_inward,
        }
    }

    /// Prepares the image of corners under `x -> rotation * x + translation`.
    #[inline]
    pub fn transformed(v: &[V3; 3], rotation: &Matrix3<f64>, translation: &V3) -> Self {
        Self::new([
            rotation * v[0] + translation,
            rotation * v[1] + translation,
            rotation * v[2] + translation,
        ])
    }

    /// Whether the triangle has a usable plane (non-zero area well above rounding).
    #[inline]
    pub fn has_plane(&self) -> bool {
        self.unit_normal != V3::zeros()
    }

    /// Floating-point orientation `normal . (x - v0)` and its error bound.
    #[inline]
    pub fn orientation_value(&self, x: &V3) -> (f64, f64) {
        let d = x - self.v[0];
        let det = self.normal.dot(&d);
        let bound = ORIENT3D_RELATIVE_BOUND * self.permanent.dot(&d.abs());
        (det, bound)
    }

    /// Exact sign of the orientation of `x` with respect to the triangle's plane, as
    /// [`super::exact::orient3d`] of `(v0, v1, v2, x)`.
    #[inline]
    pub fn orientation(&self, x: &V3) -> Ordering {
        let (det, bound) = self.orientation_value(x);
        certified_or(det, bound, || {
            orient3d_exact(&self.v[0], &self.v[1], &self.v[2], x)
        })
    }

    /// Whether the orthogonal projection of `x` on the plane falls inside the closed triangle
    /// (floating point; only meaningful when [`Self::has_plane`]).
    #[inline]
    pub fn projects_inside(&self, x: &V3) -> bool {
        self.edge_inward[0].dot(&(x - self.v[0])) >= 0.0
            && self.edge_inward[1].dot(&(x - self.v[1])) >= 0.0
            && self.edge_inward[2].dot(&(x - self.v[2])) >= 0.0
    }
}
