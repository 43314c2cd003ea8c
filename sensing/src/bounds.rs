//! Bounding spheres of shapes: the broad phase that lets far-apart pairs and far probes skip
//! the exact queries.

use morsel_geometry::{Shape, ShapeKind};
use nalgebra::{Isometry3, Point3};

/// A sphere enclosing a shape, in the shape's own frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BoundingSphere {
    /// Centre in the shape frame.
    pub centre: Point3<f64>,
    /// Radius (>= 0).
    pub radius: f64,
}

impl BoundingSphere {
    /// The sphere's centre in the world when the shape is at `pose`.
    #[inline]
    pub fn world_centre(&self, pose: &Isometry3<f64>) -> Point3<f64> {
        pose * self.centre
    }
}

/// A bounding sphere of `shape` in its frame, or `None` for an unbounded shape (half-space).
pub(crate) fn bounding_sphere(shape: &Shape) -> Option<BoundingSphere> {
    let (centre, radius) = match shape.kind() {
        ShapeKind::Cuboid { half_extents } => (Point3::origin(), half_extents.norm()),
        ShapeKind::Sphere { radius } => (Point3::origin(), *radius),
        ShapeKind::Ellipsoid { semi_axes } => (Point3::origin(), semi_axes.max()),
        ShapeKind::Cylinder {
            radius,
            half_length,
        }
        | ShapeKind::Pipe {
            radius,
            half_length,
        } => (Point3::origin(), radius.hypot(*half_length)),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => (Point3::origin(), radius + half_length),
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
            let (lo, hi) = mesh.bounds();
            let centre = nalgebra::center(&lo, &hi);
            let radius = mesh
                .vertices()
                .iter()
                .map(|v| (v - centre).norm())
                .fold(0.0, f64::max);
            (centre, radius)
        }
        ShapeKind::HalfSpace { .. } => return None,
        // Future shapes: no bound known, treat as unbounded (always tested exactly).
        _ => return None,
    };
    Some(BoundingSphere { centre, radius })
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Vector3;

    #[test]
    fn sensor_points_lie_inside_the_bounds() {
        let shapes = [
            Shape::cuboid(Vector3::new(0.1, 0.2, 0.3)).unwrap(),
            Shape::sphere(0.2).unwrap(),
            Shape::ellipsoid(Vector3::new(0.1, 0.2, 0.05)).unwrap(),
            Shape::cylinder(0.1, 0.3).unwrap(),
            Shape::capsule(0.1, 0.3).unwrap(),
            Shape::pipe(0.1, 0.3).unwrap(),
        ];
        for s in &shapes {
            let b = bounding_sphere(s).unwrap();
            for p in s.sensor_points(0.02).unwrap().points {
                assert!((p - b.centre).norm() <= b.radius * (1.0 + 1e-12), "{s:?}");
            }
        }
        assert!(bounding_sphere(&Shape::halfspace(Vector3::z()).unwrap()).is_none());
    }
}
