//! What proximity queries answer: the penetration of two shapes, the closest points of two
//! separated shapes, and the projection of a point on a shape. Kept apart from the queries
//! so that the special cases (half-spaces) can build answers without depending on the queries.

use nalgebra::{Point3, Unit, Vector3};

/// The penetration of two shapes.
///
/// Morsel has three `Contact` types, one per question: `morsel_geometry::query::Contact` (this one) is
/// how deep two shapes interpenetrate (a query's answer), `morsel_sensing::Contact` is a
/// point contact between two bodies with the force one exerts on the other (what touch sensors
/// read), and `morsel_stability::Contact` is a rectangular support surface with friction
/// (what the polygon and the wrench distribution reason about).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// Penetration depth (>= 0): how far the shapes must move apart along `normal` to separate.
    pub depth: f64,
    /// Deepest point of the first shape inside the second (on the first shape's surface).
    pub point_a: Point3<f64>,
    /// Deepest point of the second shape inside the first (on the second shape's surface).
    pub point_b: Point3<f64>,
    /// Unit contact normal, pointing from the first shape towards the second.
    pub normal: Unit<Vector3<f64>>,
}

/// The closest points of two separated shapes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClosestPoints {
    /// Distance between the shapes (> 0).
    pub distance: f64,
    /// Closest point on the first shape.
    pub point_a: Point3<f64>,
    /// Closest point on the second shape.
    pub point_b: Point3<f64>,
}

/// The projection of a point on a shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PointProjection {
    /// The closest point of the shape's surface.
    pub point: Point3<f64>,
    /// Whether the query point is inside the solid (always false for surfaces).
    pub inside: bool,
    /// Distance to the surface, negative inside.
    pub signed_distance: f64,
}
