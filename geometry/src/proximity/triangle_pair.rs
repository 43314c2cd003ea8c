//! Public triangle–triangle queries (the leaf tests of the mesh queries).

use nalgebra::Point3;

use super::triangle::PreparedTriangle;
use super::triangle_distance::triangle_distance as prepared_distance;
use super::triangle_intersection::triangles_intersect as prepared_intersect;

/// The distance between two triangles and where it is reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TriangleDistance {
    /// Euclidean distance (0 when the triangles intersect).
    pub distance: f64,
    /// Closest point on the first triangle.
    pub point_a: Point3<f64>,
    /// Closest point on the second triangle (equal to `point_a`, a common point, when the
    /// triangles intersect).
    pub point_b: Point3<f64>,
}

/// The exact distance between two closed triangles with the closest points.
///
/// Intersection is decided with exact orientation predicates (coplanar and degenerate
/// triangles included); otherwise the distance is the smallest edge–edge or corner–face
/// distance, accurate to rounding for well-shaped triangles (a sliver's plane is known only to
/// about `1e-16 * length^2 / height`). Non-finite corners give a meaningless answer.
pub fn triangle_distance(a: &[Point3<f64>; 3], b: &[Point3<f64>; 3]) -> TriangleDistance {
    let r = prepared_distance(
        &PreparedTriangle::new(a.map(|p| p.coords)),
        &PreparedTriangle::new(b.map(|p| p.coords)),
        f64::INFINITY,
    );
    match r {
        Some(r) => TriangleDistance {
            distance: r.distance,
            point_a: Point3::from(r.point_a),
            point_b: Point3::from(r.point_b),
        },
        // Unreachable with an infinite stop; report the corners' distance as a fallback.
        None => TriangleDistance {
            distance: (a[0] - b[0]).norm(),
            point_a: a[0],
            point_b: b[0],
        },
    }
}

/// Whether two closed triangles share a point, decided exactly for the given coordinates
/// (touching counts; coplanar, collinear and point-like triangles are handled).
pub fn triangles_intersect(a: &[Point3<f64>; 3], b: &[Point3<f64>; 3]) -> bool {
    prepared_intersect(
        &PreparedTriangle::new(a.map(|p| p.coords)),
        &PreparedTriangle::new(b.map(|p| p.coords)),
    )
}
