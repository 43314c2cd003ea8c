//! Exact queries between a shape and a half-space.
//!
//! A half-space is the solid below a plane, so every query against it reduces to one number:
//! the signed height above the plane of the shape's lowest point (its support point along the
//! inward normal). The lowest point has a closed form for every primitive and is the lowest
//! vertex of a mesh or convex hull, so these answers are exact, with no iteration; they also
//! avoid parry 0.31's mis-posed (shape, half-space) pairs.

use nalgebra::{Isometry3, Point3, Unit, Vector3};

use crate::query_result::{ClosestPoints, Contact};
use crate::shape::{Shape, ShapeKind, radial_direction};

/// The lowest point of a placed shape relative to a placed half-space, and its signed height.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lowest {
    /// The point of the shape deepest along the half-space's inward normal (world frame).
    pub point: Point3<f64>,
    /// Its signed height above the plane (negative below, i.e. inside the half-space).
    pub height: f64,
    /// The half-space's outward unit normal in the world frame.
    pub normal: Unit<Vector3<f64>>,
}

impl Lowest {
    /// The point's projection on the plane.
    fn foot(&self) -> Point3<f64> {
        self.point - self.normal.into_inner() * self.height
    }

    /// Closest points from the shape to the half-space, `None` when they touch or overlap.
    pub fn closest_points(&self) -> Option<ClosestPoints> {
        (self.height > 0.0).then(|| ClosestPoints {
            distance: self.height,
            point_a: self.point,
            point_b: self.foot(),
        })
    }

    /// The contact with the shape first and the half-space second, `None` when apart.
    pub fn contact(&self) -> Option<Contact> {
        (self.height <= 0.0).then(|| Contact {
            depth: -self.height,
            point_a: self.point,
            point_b: self.foot(),
            normal: -self.normal,
        })
    }
}

/// The lowest point of `shape` (at `pose`) under the half-space `normal_local` placed at
/// `halfspace_pose`, or `None` when `shape` is itself a half-space.
pub(crate) fn lowest_point(
    shape: &Shape,
    pose: &Isometry3<f64>,
    normal_local: &Unit<Vector3<f64>>,
    halfspace_pose: &Isometry3<f64>,
) -> Option<Lowest> {
    let normal = halfspace_pose.rotation * *normal_local;
    // The direction to extremise, in the shape's frame: down, against the outward normal.
    let down = pose.rotation.inverse() * -normal.into_inner();
    let local = support(shape.kind(), &down)?;
    let point = pose * local;
    let height = normal.dot(&(point - Point3::from(halfspace_pose.translation.vector)));
    Some(Lowest {
        point,
        height,
        normal,
    })
}

/// A point of the shape maximising `d · x`, in the shape's own frame (`d` need not be unit).
fn support(kind: &ShapeKind, d: &Vector3<f64>) -> Option<Point3<f64>> {
    let sign = |x: f64| if x < 0.0 { -1.0 } else { 1.0 };
    Some(match kind {
        ShapeKind::Sphere { radius } => Point3::from(d.normalize() * *radius),
        ShapeKind::Cuboid { half_extents } => Point3::new(
            sign(d.x) * half_extents.x,
            sign(d.y) * half_extents.y,
            sign(d.z) * half_extents.z,
        ),
        ShapeKind::Ellipsoid { semi_axes } => {
            // x = A² d / |A d| for the ellipsoid x^T A^-2 x = 1.
            let ad = semi_axes.component_mul(d);
            Point3::from(semi_axes.component_mul(&ad) / ad.norm())
        }
        ShapeKind::Capsule {
            radius,
            half_length,
        } => Point3::new(0.0, 0.0, sign(d.z) * half_length) + d.normalize() * *radius,
        ShapeKind::Cylinder {
            radius,
            half_length,
        }
        | ShapeKind::Pipe {
            radius,
            half_length,
        } => {
            // The rim point in the direction's horizontal part; any rim point when vertical.
            let (cx, cy) = radial_direction(d.x, d.y);
            Point3::new(radius * cx, radius * cy, sign(d.z) * half_length)
        }
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
            let mut best = mesh.vertices()[0];
            let mut best_value = d.dot(&best.coords);
            for v in &mesh.vertices()[1..] {
                let value = d.dot(&v.coords);
                if value > best_value {
                    best_value = value;
                    best = *v;
                }
            }
            best
        }
        ShapeKind::HalfSpace { .. } => return None,
    })
}

/// The half-space side of a pair, if exactly one side is a half-space: `(is_first, normal)`.
pub(crate) fn one_halfspace(a: &Shape, b: &Shape) -> Option<(bool, Unit<Vector3<f64>>)> {
    match (a.kind(), b.kind()) {
        (ShapeKind::HalfSpace { .. }, ShapeKind::HalfSpace { .. }) => None,
        (ShapeKind::HalfSpace { normal }, _) => Some((true, *normal)),
        (_, ShapeKind::HalfSpace { normal }) => Some((false, *normal)),
        _ => None,
    }
}
