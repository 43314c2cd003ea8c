//! [`Drawing::from_boundary`]: a joint-space collision boundary of 2 or 3 joints as a point
//! cloud in joint coordinates (x, y and z are the joints' values, radians or metres as the
//! joints are; z = 0 for 2 joints), one small marker per boundary point.

use morsel_jointspace::Boundary;
use nalgebra::{Isometry3, Point3};

use super::drawing::{Drawing, Part, Surface};
use super::glyphs::marker;
use super::legend::LegendEntry;

/// Colour of the boundary's markers (RGBA, linear).
pub const BOUNDARY_COLOUR: [f32; 4] = [0.85, 0.2, 0.15, 1.0];

/// Marker circumradius as a fraction of the largest extent of the points.
const MARKER_FRACTION: f64 = 0.004;

impl Drawing {
    /// The boundary's points as markers in joint coordinates (node `boundary`, legend naming
    /// the joint on each axis). Only boundaries of 2 or 3 joints fit in 3D; an empty boundary
    /// has nothing to draw.
    pub fn from_boundary(name: &str, boundary: &Boundary) -> Result<Self, String> {
        let dim = boundary.dim();
        if !(2..=3).contains(&dim) {
            return Err(format!(
                "a boundary of {dim} joints cannot be drawn in 3D (it needs 2 or 3 joints)"
            ));
        }
        if boundary.is_empty() {
            return Err("the boundary has no points to draw".into());
        }
        let points: Vec<Point3<f64>> = boundary
            .points()
            .rows()
            .into_iter()
            .map(|r| Point3::new(r[0], r[1], if dim == 3 { r[2] } else { 0.0 }))
            .collect();
        let (mut lo, mut hi) = (points[0], points[0]);
        for p in &points {
            lo = lo.inf(p);
            hi = hi.sup(p);
        }
        let extent = (hi - lo).amax();
        let radius = if extent > 0.0 {
            MARKER_FRACTION * extent
        } else {
            0.01
        };
        let mut cloud = Surface::new(BOUNDARY_COLOUR);
        for p in &points {
            cloud.append(marker(p, radius, BOUNDARY_COLOUR));
        }
        let part = Part::with_surfaces("boundary", Isometry3::identity(), vec![cloud]);
        let mut drawing = Drawing::new(name, vec![part]);
        let joints = boundary.joints();
        let axes = ["x", "y", "z"]
            .iter()
            .zip(joints)
            .map(|(axis, joint)| format!("{axis} = {joint}"))
            .collect::<Vec<_>>()
            .join(", ");
        drawing.legend = vec![LegendEntry::new(
            format!("collision boundary, {} points ({axes})", points.len()),
            BOUNDARY_COLOUR,
        )];
        Ok(drawing)
    }
}
