//! A shape's defining sizes as named values ([`ShapeKind::summary`]), for front ends that show
//! a shape as a dictionary or a map.

use nalgebra::{Point3, Vector3};

use crate::ShapeKind;

/// One value of a [`ShapeKind::summary`].
#[derive(Clone, Debug, PartialEq)]
pub enum SummaryValue {
    /// A length or an area.
    Number(f64),
    /// A count (vertices, faces).
    Count(usize),
    /// A yes/no property (a mesh being closed).
    Flag(bool),
    /// A vector (half-extents, semi-axes, a normal).
    Vector(Vector3<f64>),
    /// Points (a mesh's bounding-box corners, lowest then highest).
    Points(Vec<Point3<f64>>),
}

impl ShapeKind {
    /// The defining sizes of the shape, by name: `half_extents` of a box, `radius`,
    /// `semi_axes`, `half_length`, the half-space's `normal`; for meshes and hulls their
    /// `vertex_count`, `face_count`, whether `closed`, `area` and axis-aligned `bounds`.
    pub fn summary(&self) -> Vec<(&'static str, SummaryValue)> {
        use SummaryValue::{Count, Flag, Number, Points, Vector};
        match self {
            ShapeKind::Cuboid { half_extents } => vec![("half_extents", Vector(*half_extents))],
            ShapeKind::Sphere { radius } => vec![("radius", Number(*radius))],
            ShapeKind::Ellipsoid { semi_axes } => vec![("semi_axes", Vector(*semi_axes))],
            ShapeKind::Cylinder {
                radius,
                half_length,
            }
            | ShapeKind::Capsule {
                radius,
                half_length,
            }
            | ShapeKind::Pipe {
                radius,
                half_length,
            } => vec![
                ("radius", Number(*radius)),
                ("half_length", Number(*half_length)),
            ],
            ShapeKind::HalfSpace { normal } => vec![("normal", Vector(normal.into_inner()))],
            ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
                let (lo, hi) = mesh.bounds();
                vec![
                    ("vertex_count", Count(mesh.vertices().len())),
                    ("face_count", Count(mesh.faces().len())),
                    ("closed", Flag(mesh.is_closed())),
                    ("area", Number(mesh.area())),
                    ("bounds", Points(vec![lo, hi])),
                ]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn summaries_name_the_defining_sizes() {
        let capsule = Shape::capsule(0.5, 2.0).expect("capsule");
        assert_eq!(
            capsule.kind().summary(),
            vec![
                ("radius", SummaryValue::Number(0.5)),
                ("half_length", SummaryValue::Number(2.0))
            ]
        );
        let cube = Shape::cuboid(Vector3::new(1.0, 2.0, 3.0)).expect("box");
        assert_eq!(
            cube.kind().summary(),
            vec![(
                "half_extents",
                SummaryValue::Vector(Vector3::new(1.0, 2.0, 3.0))
            )]
        );
        // The hull of the same box's corners, with its centre (not a hull vertex).
        let mut corners = vec![Point3::origin()];
        for k in 0..8 {
            let sign = |bit: i32| if k & bit == 0 { -1.0 } else { 1.0 };
            corners.push(Point3::new(sign(1), 2.0 * sign(2), 3.0 * sign(4)));
        }
        let hull = Shape::convex_hull(&corners).expect("hull");
        let summary = hull.kind().summary();
        assert_eq!(summary[0], ("vertex_count", SummaryValue::Count(8)));
        assert_eq!(summary[2], ("closed", SummaryValue::Flag(true)));
        // A 2 x 4 x 6 box: area 2 (8 + 12 + 24).
        let SummaryValue::Number(area) = summary[3].1 else {
            panic!("area is a number")
        };
        assert!((area - 88.0).abs() < 1e-12, "{area}");
        assert_eq!(
            summary[4].1,
            SummaryValue::Points(vec![
                Point3::new(-1.0, -2.0, -3.0),
                Point3::new(1.0, 2.0, 3.0)
            ])
        );
    }
}
