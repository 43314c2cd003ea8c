//! MIMo's rule for which vertices of a body's sensor mesh are sensors: a vertex is inactive
//! when it lies inside or on the sensor mesh of another geom of the same body.
//!
//! MIMo tests this with rays (a point is inside when one of ten random rays, started 1e-10 m
//! behind it, crosses the other mesh an odd number of times), so a vertex on another mesh's
//! face counts as inside. MIMo's geom meshes are convex, so Morsel tests the same thing
//! exactly: a vertex is inside or on a convex mesh when no face plane has it more than
//! [`ON_SURFACE`] outside. Meshes of a single point (no faces) contain nothing.

use std::ops::Range;

use nalgebra::{Point3, Vector3};
use rayon::prelude::*;

/// How far outside a face plane (m) a vertex still counts as on the face: far above the
/// rounding of the body-frame coordinates (about 1e-17 m), far below MIMo's ray offset (1e-10 m).
pub const ON_SURFACE: f64 = 1e-12;

/// One convex geom mesh as face planes (unit outward normal, offset) and a bounding box.
struct ConvexPart {
    planes: Vec<(Vector3<f64>, f64)>,
    lo: Point3<f64>,
    hi: Point3<f64>,
}

impl ConvexPart {
    fn new(vertices: &[Point3<f64>], faces: &[[u32; 3]]) -> Option<Self> {
        if faces.is_empty() {
            return None;
        }
        let mut planes = Vec::with_capacity(faces.len());
        let (mut lo, mut hi) = (
            Point3::from([f64::INFINITY; 3]),
            Point3::from([f64::NEG_INFINITY; 3]),
        );
        for f in faces {
            let [a, b, c] = f.map(|i| vertices[i as usize]);
            for p in [a, b, c] {
                lo = lo.inf(&p);
                hi = hi.sup(&p);
            }
            let n = (b - a).cross(&(c - a));
            let len = n.norm();
            // Slivers have no reliable plane; their neighbours bound the same region.
            if len > 1e-14 * ((b - a).norm_squared() + (c - a).norm_squared()) {
                let n = n / len;
                planes.push((n, n.dot(&a.coords)));
            }
        }
        Some(Self { planes, lo, hi })
    }

    /// Inside or on (within [`ON_SURFACE`]).
    fn contains(&self, p: &Point3<f64>) -> bool {
        let outside_box =
            (0..3).any(|k| p[k] < self.lo[k] - ON_SURFACE || p[k] > self.hi[k] + ON_SURFACE);
        !outside_box
            && self
                .planes
                .iter()
                .all(|(n, d)| n.dot(&p.coords) - d <= ON_SURFACE)
    }
}

/// The active mask of a body's merged mesh: `submeshes[c]` is geom `c`'s vertex range and
/// `face_ranges[c]` its range in `faces` (indices into `vertices`).
pub(crate) fn active_vertices(
    vertices: &[Point3<f64>],
    faces: &[[u32; 3]],
    submeshes: &[Range<usize>],
    face_ranges: &[Range<usize>],
) -> Vec<bool> {
    let parts: Vec<Option<ConvexPart>> = face_ranges
        .iter()
        .map(|r| ConvexPart::new(vertices, &faces[r.clone()]))
        .collect();
    let mut active = vec![true; vertices.len()];
    for (c, range) in submeshes.iter().enumerate() {
        active[range.clone()]
            .par_iter_mut()
            .zip(&vertices[range.clone()])
            .for_each(|(a, v)| {
                *a = !parts
                    .iter()
                    .enumerate()
                    .any(|(j, part)| j != c && part.as_ref().is_some_and(|p| p.contains(v)));
            });
    }
    active
}
