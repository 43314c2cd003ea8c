//! Closest surface points of a mesh, by parry's triangle-mesh point projection.
//!
//! Penetration depths and inside tests need, for many single points, the closest point of a
//! closed mesh's surface and the face it lies on. A point is not a mesh: parry's projection
//! walks its own bounding-volume tree with point-to-box bounds and stops opening branches
//! beyond an upper bound of the answer, which costs a few microseconds per point, far less than
//! a mesh–mesh query with a one-point mesh.

use morsel_geometry::TriangleMesh;
use nalgebra::Point3;
use parry3d_f64::math::Vector;
use parry3d_f64::shape::{CompositeShapeRef, TriMesh};

/// The closest point of a surface to a query point, and the face it lies on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SurfacePoint {
    /// The closest point, in the mesh frame.
    pub point: Point3<f64>,
    /// The face (index in the mesh's faces) the point lies on.
    pub face: u32,
    /// The distance from the query point.
    pub distance: f64,
}

/// A mesh prepared for point projections (its triangles in the original order).
#[derive(Debug)]
pub(crate) struct SurfaceProjector {
    trimesh: TriMesh,
}

impl SurfaceProjector {
    /// Prepares `mesh`; errors (with the reason) when parry refuses it.
    pub fn new(mesh: &TriangleMesh) -> std::result::Result<Self, String> {
        let vertices: Vec<Vector> = mesh
            .vertices()
            .iter()
            .map(|v| Vector::new(v.x, v.y, v.z))
            .collect();
        let trimesh = TriMesh::new(vertices, mesh.faces().to_vec())
            .map_err(|e| format!("parry cannot index its triangles: {e:?}"))?;
        Ok(SurfaceProjector { trimesh })
    }

    /// The closest surface point to `p` (mesh frame) among those within `max_distance`;
    /// `None` when there is none (give an upper bound of the distance to always get one).
    pub fn closest(&self, p: &Point3<f64>, max_distance: f64) -> Option<SurfacePoint> {
        let q = Vector::new(p.x, p.y, p.z);
        let (face, projection) =
            CompositeShapeRef(&self.trimesh).project_local_point(q, max_distance, false)?;
        let point = Point3::new(projection.point.x, projection.point.y, projection.point.z);
        Some(SurfacePoint {
            point,
            face,
            distance: (point - p).norm(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projections_on_a_box_match_the_closed_form() {
        let mesh = crate::test_meshes::box_mesh([2.0, 1.0, 0.5]);
        let projector = SurfaceProjector::new(&mesh).expect("box");
        // Inside, nearest to the top face z = 0.5.
        let s = projector
            .closest(&Point3::new(0.3, -0.2, 0.1), 10.0)
            .expect("found");
        assert!((s.distance - 0.4).abs() < 1e-12);
        assert!((s.point - Point3::new(0.3, -0.2, 0.5)).norm() < 1e-12);
        let [a, b, c] = mesh.faces()[s.face as usize].map(|i| mesh.vertices()[i as usize].z);
        assert!(a == 0.5 && b == 0.5 && c == 0.5, "face {}", s.face);
        // Outside, nearest to the corner (2, 1, 0.5).
        let s = projector
            .closest(&Point3::new(3.0, 2.0, 1.5), 10.0)
            .expect("found");
        assert!((s.distance - 3f64.sqrt()).abs() < 1e-12);
        // Nothing within a bound below the distance.
        assert!(
            projector
                .closest(&Point3::new(3.0, 2.0, 1.5), 1.0)
                .is_none()
        );
    }
}
