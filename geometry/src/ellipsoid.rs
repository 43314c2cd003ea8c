//! An axis-aligned ellipsoid as a parry shape: exact support function, exact closest point
//! (Eberly's bisection on the Lagrange parameter) and exact ray casting.
//!
//! Parry has no ellipsoid; implementing its `SupportMap`, `PointQuery` and `RayCast` traits lets
//! every parry query (GJK/EPA distance and contact, intersection, composite shapes) treat the
//! ellipsoid exactly rather than through a polyhedral approximation.

use parry3d_f64::bounding_volume::{Aabb, BoundingSphere};
use parry3d_f64::mass_properties::MassProperties;
use parry3d_f64::math::{Pose, Real, Vector};
use parry3d_f64::query::{PointProjection, PointQuery, Ray, RayCast, RayIntersection};
use parry3d_f64::shape::{FeatureId, Shape, ShapeType, SupportMap, TypedShape};

/// An ellipsoid centred at the origin with semi-axes `a`, `b`, `c` along x, y, z.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EllipsoidShape {
    /// The semi-axes, each within [`MIN_LENGTH`](crate::MIN_LENGTH) to
    /// [`MAX_LENGTH`](crate::MAX_LENGTH) (private, so that only [`EllipsoidShape::new`] makes one).
    semi_axes: Vector,
}

impl EllipsoidShape {
    /// An ellipsoid with these semi-axes; errors when one is not finite, not positive or
    /// outside [`MIN_LENGTH`](crate::MIN_LENGTH) to [`MAX_LENGTH`](crate::MAX_LENGTH) (beyond
    /// them, its closest-point iteration overflows).
    pub fn new(semi_axes: Vector) -> crate::Result<Self> {
        for (i, name) in ["a", "b", "c"].into_iter().enumerate() {
            crate::range::size("ellipsoid", name, semi_axes[i])?;
        }
        Ok(Self { semi_axes })
    }

    /// The semi-axes along x, y, z.
    pub fn semi_axes(&self) -> Vector {
        self.semi_axes
    }

    /// The outward unit normal at a point of the surface.
    pub fn normal_at(&self, p: Vector) -> Vector {
        let a2 = self.semi_axes * self.semi_axes;
        (p / a2).try_normalize().unwrap_or(Vector::Z)
    }

    /// Closest point of the ellipsoid's surface to `p` (local frame), and whether `p` is inside.
    pub fn closest_surface_point(&self, p: Vector) -> (Vector, bool) {
        let e = self.semi_axes;
        let inside = (p.x / e.x).powi(2) + (p.y / e.y).powi(2) + (p.z / e.z).powi(2) < 1.0;
        // Sort the axes in decreasing order and reflect into the first octant.
        let mut order = [0usize, 1, 2];
        order.sort_by(|&i, &j| e[j].total_cmp(&e[i]));
        let es = [e[order[0]], e[order[1]], e[order[2]]];
        let ys = [p[order[0]].abs(), p[order[1]].abs(), p[order[2]].abs()];
        let xs = closest_point_sorted_3d(es, ys);
        let mut out = Vector::ZERO;
        for k in 0..3 {
            out[order[k]] = xs[k].copysign(p[order[k]]);
        }
        (out, inside)
    }
}

/// Bisection for the root of `sum (n_i / (s + r_i))^2 - 1` on `[s0, s1]`, to machine precision.
fn bisect_root(n: &[f64], r: &[f64], mut s0: f64, mut s1: f64) -> f64 {
    let mut s = s0;
    for _ in 0..2048 {
        s = 0.5 * (s0 + s1);
        if s == s0 || s == s1 {
            break;
        }
        let g: f64 = n
            .iter()
            .zip(r)
            .map(|(ni, ri)| (ni / (s + ri)).powi(2))
            .sum::<f64>()
            - 1.0;
        if g > 0.0 {
            s0 = s;
        } else if g < 0.0 {
            s1 = s;
        } else {
            break;
        }
    }
    s
}

/// Closest point on an ellipse with e0 >= e1 > 0 to (y0, y1) with y0, y1 >= 0.
fn closest_point_sorted_2d(e: [f64; 2], y: [f64; 2]) -> [f64; 2] {
    if y[1] > 0.0 {
        if y[0] > 0.0 {
            let z = [y[0] / e[0], y[1] / e[1]];
            let g = z[0] * z[0] + z[1] * z[1] - 1.0;
            if g == 0.0 {
                return y;
            }
            let r0 = (e[0] / e[1]).powi(2);
            let n = [r0 * z[0], z[1]];
            let s1 = if g < 0.0 { 0.0 } else { n[0].hypot(n[1]) - 1.0 };
            let s = bisect_root(&n, &[r0, 1.0], z[1] - 1.0, s1);
            [r0 * y[0] / (s + r0), y[1] / (s + 1.0)]
        } else {
            [0.0, e[1]]
        }
    } else {
        let numer = e[0] * y[0];
        let denom = e[0] * e[0] - e[1] * e[1];
        if numer < denom {
            let xde = numer / denom;
            [e[0] * xde, e[1] * (1.0 - xde * xde).max(0.0).sqrt()]
        } else {
            [e[0], 0.0]
        }
    }
}

/// Closest point on an ellipsoid with e0 >= e1 >= e2 > 0 to y with all y_i >= 0.
fn closest_point_sorted_3d(e: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    if y[2] > 0.0 {
        if y[1] > 0.0 {
            if y[0] > 0.0 {
                let z = [y[0] / e[0], y[1] / e[1], y[2] / e[2]];
                let g = z[0] * z[0] + z[1] * z[1] + z[2] * z[2] - 1.0;
                if g == 0.0 {
                    return y;
                }
                let r = [(e[0] / e[2]).powi(2), (e[1] / e[2]).powi(2), 1.0];
                let n = [r[0] * z[0], r[1] * z[1], z[2]];
                let s1 = if g < 0.0 {
                    0.0
                } else {
                    (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() - 1.0
                };
                let s = bisect_root(&n, &r, z[2] - 1.0, s1);
                [
                    r[0] * y[0] / (s + r[0]),
                    r[1] * y[1] / (s + r[1]),
                    y[2] / (s + 1.0),
                ]
            } else {
                let x = closest_point_sorted_2d([e[1], e[2]], [y[1], y[2]]);
                [0.0, x[0], x[1]]
            }
        } else if y[0] > 0.0 {
            let x = closest_point_sorted_2d([e[0], e[2]], [y[0], y[2]]);
            [x[0], 0.0, x[1]]
        } else {
            [0.0, 0.0, e[2]]
        }
    } else {
        let denom = [e[0] * e[0] - e[2] * e[2], e[1] * e[1] - e[2] * e[2]];
        let numer = [e[0] * y[0], e[1] * y[1]];
        if numer[0] < denom[0] && numer[1] < denom[1] {
            let xde = [numer[0] / denom[0], numer[1] / denom[1]];
            let discr = 1.0 - xde[0] * xde[0] - xde[1] * xde[1];
            if discr > 0.0 {
                return [e[0] * xde[0], e[1] * xde[1], e[2] * discr.sqrt()];
            }
        }
        let x = closest_point_sorted_2d([e[0], e[1]], [y[0], y[1]]);
        [x[0], x[1], 0.0]
    }
}

impl SupportMap for EllipsoidShape {
    fn local_support_point(&self, dir: Vector) -> Vector {
        // argmax_{x^T A^-2 x <= 1} x.d = A^2 d / |A d|; A d is scaled by its largest component
        // first, so that |A d| neither overflows nor underflows for huge or tiny semi-axes.
        let a = self.semi_axes;
        let ad = a * dir;
        let largest = ad.abs().max_element();
        if largest > 0.0 && largest.is_finite() {
            let u = ad / largest;
            a * (u / u.length())
        } else {
            Vector::new(a.x, 0.0, 0.0)
        }
    }
}

impl PointQuery for EllipsoidShape {
    fn project_local_point(&self, pt: Vector, solid: bool) -> PointProjection {
        let (surface, inside) = self.closest_surface_point(pt);
        if inside && solid {
            PointProjection::new(true, pt)
        } else {
            PointProjection::new(inside, surface)
        }
    }

    fn project_local_point_and_get_feature(&self, pt: Vector) -> (PointProjection, FeatureId) {
        (self.project_local_point(pt, false), FeatureId::Face(0))
    }
}

impl RayCast for EllipsoidShape {
    fn cast_local_ray_and_get_normal(
        &self,
        ray: &Ray,
        max_time_of_impact: Real,
        solid: bool,
    ) -> Option<RayIntersection> {
        // In the scaled space x / a the ellipsoid is the unit sphere.
        let a = self.semi_axes;
        let o = ray.origin / a;
        let d = ray.dir / a;
        let dd = d.dot(d);
        let od = o.dot(d);
        let oo = o.dot(o) - 1.0;
        if oo <= 0.0 && solid {
            return Some(RayIntersection::new(0.0, Vector::ZERO, FeatureId::Face(0)));
        }
        if dd == 0.0 {
            return None;
        }
        let disc = od * od - dd * oo;
        if disc < 0.0 {
            return None;
        }
        let sq = disc.sqrt();
        let t = if oo > 0.0 {
            // Outside: first root, which must be ahead of the origin.
            (-od - sq) / dd
        } else {
            // Inside, hollow: exit root.
            (-od + sq) / dd
        };
        if t < 0.0 || t > max_time_of_impact {
            return None;
        }
        let hit = ray.origin + ray.dir * t;
        let mut normal = self.normal_at(hit);
        if oo <= 0.0 {
            normal = -normal;
        }
        Some(RayIntersection::new(t, normal, FeatureId::Face(0)))
    }
}

impl Shape for EllipsoidShape {
    fn compute_local_aabb(&self) -> Aabb {
        Aabb::new(-self.semi_axes, self.semi_axes)
    }

    fn compute_local_bounding_sphere(&self) -> BoundingSphere {
        BoundingSphere::new(Vector::ZERO, self.semi_axes.max_element())
    }

    fn clone_dyn(&self) -> Box<dyn Shape> {
        Box::new(*self)
    }

    fn scale_dyn(&self, scale: Vector, _num_subdivisions: u32) -> Option<Box<dyn Shape>> {
        // Out of range once scaled: unsupported, as parry's trait has no error.
        let e = EllipsoidShape::new((self.semi_axes * scale).abs()).ok()?;
        Some(Box::new(e))
    }

    fn compute_aabb(&self, position: &Pose) -> Aabb {
        // Exact AABB of a rotated ellipsoid: half-extent along world axis i is |R_i * a|.
        let r = parry3d_f64::math::Matrix::from_quat(position.rotation);
        let a = self.semi_axes;
        let row = |i: usize| Vector::new(r.x_axis[i] * a.x, r.y_axis[i] * a.y, r.z_axis[i] * a.z);
        let half = Vector::new(row(0).length(), row(1).length(), row(2).length());
        Aabb::new(position.translation - half, position.translation + half)
    }

    fn mass_properties(&self, density: Real) -> MassProperties {
        let a = self.semi_axes;
        let mass = density * 4.0 / 3.0 * std::f64::consts::PI * a.x * a.y * a.z;
        let inertia = Vector::new(
            a.y * a.y + a.z * a.z,
            a.x * a.x + a.z * a.z,
            a.x * a.x + a.y * a.y,
        ) * (mass / 5.0);
        MassProperties::new(Vector::ZERO, mass, inertia)
    }

    fn shape_type(&self) -> ShapeType {
        ShapeType::Custom
    }

    fn as_typed_shape(&self) -> TypedShape<'_> {
        TypedShape::Custom(self)
    }

    fn ccd_thickness(&self) -> Real {
        self.semi_axes.min_element()
    }

    fn ccd_angular_thickness(&self) -> Real {
        std::f64::consts::FRAC_PI_2
    }

    fn is_convex(&self) -> bool {
        true
    }

    fn as_support_map(&self) -> Option<&dyn SupportMap> {
        Some(self as &dyn SupportMap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_semi_axes_in_range_make_an_ellipsoid() {
        let e = EllipsoidShape::new(Vector::new(1.0, 2.0, 3.0)).expect("in range");
        assert_eq!(e.semi_axes(), Vector::new(1.0, 2.0, 3.0));
        for bad in [1e-300, 0.0, -1.0, 1e300, f64::NAN, f64::INFINITY] {
            assert!(
                EllipsoidShape::new(Vector::new(1.0, bad, 1.0)).is_err(),
                "{bad}"
            );
        }
        // scaling beyond the range is unsupported rather than an ellipsoid that overflows
        assert!(e.scale_dyn(Vector::splat(1e-10), 0).is_none());
        let half = e
            .scale_dyn(Vector::new(0.5, -0.5, 0.5), 0)
            .expect("in range");
        assert_eq!(half.compute_local_bounding_sphere().radius(), 1.5);
    }

    fn on_surface(e: &EllipsoidShape, x: Vector) -> f64 {
        let a = e.semi_axes;
        ((x.x / a.x).powi(2) + (x.y / a.y).powi(2) + (x.z / a.z).powi(2) - 1.0).abs()
    }

    #[test]
    fn closest_point_is_on_surface_and_satisfies_the_normal_condition() {
        let e = EllipsoidShape {
            semi_axes: Vector::new(0.3, 0.2, 0.1),
        };
        for p in [
            Vector::new(1.0, 0.5, -0.3),
            Vector::new(0.01, 0.02, 0.03),
            Vector::new(-0.1, 0.0, 0.0),
            Vector::new(0.0, 0.0, 2.0),
            Vector::new(0.05, -0.07, 0.0),
        ] {
            let (x, _) = e.closest_surface_point(p);
            assert!(on_surface(&e, x) < 1e-12, "{p:?} -> {x:?}");
            // p - x is parallel to the normal at x (unless p is on the surface).
            let d = p - x;
            if d.length() > 1e-12 {
                let n = e.normal_at(x);
                assert!(
                    d.normalize().cross(n).length() < 1e-8,
                    "{p:?}: {d:?} vs {n:?}"
                );
            }
        }
    }

    #[test]
    fn closest_point_is_not_beaten_by_dense_sampling() {
        let e = EllipsoidShape {
            semi_axes: Vector::new(0.5, 0.2, 0.35),
        };
        let p = Vector::new(0.4, 0.3, -0.2);
        let (x, _) = e.closest_surface_point(p);
        let best = (p - x).length();
        let n = 200;
        for i in 0..n {
            let theta = std::f64::consts::PI * (i as f64 + 0.5) / n as f64;
            for j in 0..2 * n {
                let phi = std::f64::consts::PI * j as f64 / n as f64;
                let s = Vector::new(
                    0.5 * theta.sin() * phi.cos(),
                    0.2 * theta.sin() * phi.sin(),
                    0.35 * theta.cos(),
                );
                assert!((p - s).length() >= best - 1e-12);
            }
        }
    }

    #[test]
    fn support_points_of_huge_and_tiny_ellipsoids_are_finite_and_on_the_surface() {
        for semi_axes in [
            Vector::new(1e300, 0.1, 0.1),
            Vector::new(1e300, 1e300, 1e-300),
            Vector::new(1e-320, 0.1, 0.1),
        ] {
            let e = EllipsoidShape { semi_axes };
            for dir in [
                Vector::X,
                Vector::new(0.3, -0.5, 0.8),
                Vector::new(-1e-3, 1.0, 0.0),
            ] {
                let x = e.local_support_point(dir);
                assert!(x.is_finite(), "{semi_axes:?}, {dir:?} -> {x:?}");
                assert!(on_surface(&e, x) < 1e-9, "{semi_axes:?}, {dir:?} -> {x:?}");
            }
        }
    }

    #[test]
    fn mass_properties_at_the_range_limits_are_finite_and_closed_form() {
        use crate::{MAX_LENGTH, MIN_LENGTH};
        use std::f64::consts::PI;
        for (a, b, c) in [
            (MAX_LENGTH, MAX_LENGTH, MAX_LENGTH),
            (MIN_LENGTH, 1.0, MAX_LENGTH),
            (MIN_LENGTH, MIN_LENGTH, MIN_LENGTH),
        ] {
            let e = EllipsoidShape {
                semi_axes: Vector::new(a, b, c),
            };
            let m = e.mass_properties(1000.0);
            let mass = 1000.0 * 4.0 / 3.0 * PI * a * b * c;
            assert!((m.mass() - mass).abs() <= 1e-14 * mass, "{m:?}");
            let izz = mass / 5.0 * (a * a + b * b);
            let inertia = m.principal_inertia();
            assert!(inertia.is_finite() && inertia.min_element() > 0.0, "{m:?}");
            assert!((inertia.z - izz).abs() <= 1e-14 * izz, "{m:?}");
        }
    }

    #[test]
    fn ray_hits_the_surface() {
        let e = EllipsoidShape {
            semi_axes: Vector::new(2.0, 1.0, 0.5),
        };
        let ray = Ray::new(Vector::new(-5.0, 0.0, 0.0), Vector::X);
        let hit = e.cast_local_ray_and_get_normal(&ray, 100.0, true).unwrap();
        assert!((hit.time_of_impact - 3.0).abs() < 1e-12);
        assert!((hit.normal - (-Vector::X)).length() < 1e-12);
    }
}
