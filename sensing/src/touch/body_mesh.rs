//! A body's sensor mesh: its geoms' sensor meshes moved into the body frame and concatenated,
//! with the vertices whose surface faces into another geom of the same body marked inactive.

use std::ops::Range;

use morsel_geometry::{SensorMesh, query};
use nalgebra::{Isometry3, Point3, Vector3};
use rayon::prelude::*;

use crate::bounds::bounding_sphere;
use crate::error::Result;
use crate::scene::Body;
use crate::surface_distance::ClosedForm;
use crate::touch::config::MeshLayout;
use crate::touch::mimo_active;
use crate::touch::search::SensorTree;

/// Marks a vertex without a sensor (an inactive vertex).
const NO_SENSOR: u32 = u32::MAX;

/// How far outside a vertex (m, along its outward normal) the containment test looks: far
/// above rounding, far below any sensor spacing.
pub const FACING_STEP: f64 = 1e-7;

/// The merged sensor mesh of one body, in the body frame.
///
/// Geom `c`'s vertices occupy [`BodyMesh::submesh`]`(c)`; the geoms' meshes share no edge.
/// A vertex is *active* (it is a sensor) unless the point [`FACING_STEP`] outside it along its
/// outward normal lies inside or on another solid geom of the same body (an exact containment
/// query). Inactive vertices keep their edges, so that the path rule of [`BodyMesh`] searches
/// can walk through them.
///
/// MIMo drops "sensors that intersect another geom"; its docs leave open what happens to a
/// sensor exactly on another geom's surface, and MIMo's own geoms share faces and tangent
/// lines (MIMo v2's palm: boxes and cylinders of equal half-sizes). The step along the normal
/// decides those ties by the geometry instead of by rounding: a sensor on a face buried
/// against another geom is inactive, one on a line where two surfaces meet tangentially (still
/// on the body's outer surface) stays active.
#[derive(Debug)]
pub struct BodyMesh {
    vertices: Vec<Point3<f64>>,
    normals: Vec<Vector3<f64>>,
    faces: Vec<[u32; 3]>,
    offsets: Vec<u32>,
    adjacency: Vec<u32>,
    submeshes: Vec<Range<usize>>,
    submesh_of: Vec<u32>,
    sensor_of_vertex: Vec<u32>,
    /// Per geom mesh: a k-d tree over its vertices (indices local to the geom mesh).
    pub(crate) submesh_trees: Vec<SensorTree>,
    /// Per geom mesh: a bounding sphere of its vertices (centre, radius).
    pub(crate) submesh_bounds: Vec<(Point3<f64>, f64)>,
    /// Per geom mesh: its geom's closed-form surface, to skip the mesh exactly when a query
    /// point is farther than the radius from every vertex.
    pub(crate) submesh_surfaces: Vec<SubmeshSurface>,
}

/// The surface a geom mesh's vertices lie on, for an exact rejection test: no vertex is closer
/// to `p` than `|sd(p)| − slack`, where `slack` is the largest `|sd|` of a vertex (zero up to
/// rounding when the vertices lie on the surface, the radius for a single centre point).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SubmeshSurface {
    to_local: Isometry3<f64>,
    shape: ClosedForm,
    slack: f64,
}

impl SubmeshSurface {
    /// A lower bound on the distance from `p` (body frame) to the mesh's vertices, or `None`
    /// when the geom has no closed form.
    #[inline]
    pub fn lower_bound(&self, p: &Point3<f64>) -> Option<f64> {
        let d = self.shape.distance(&(self.to_local * p))?;
        Some(d.signed_distance.abs() - self.slack)
    }
}

impl BodyMesh {
    /// Builds the merged mesh of `body` at sensor spacing `scale` with `layout`.
    pub(crate) fn build_with(body: &Body, scale: f64, layout: MeshLayout) -> Result<Self> {
        let meshes: Vec<SensorMesh> = body
            .colliders
            .par_iter()
            .map(|c| match layout {
                MeshLayout::Mimo => c.shape.mimo_sensor_mesh(scale),
                MeshLayout::Points => c.shape.sensor_mesh(scale),
            })
            .collect::<std::result::Result<_, _>>()?;
        let total: usize = meshes.iter().map(SensorMesh::len).sum();
        let mut vertices = Vec::with_capacity(total);
        let mut normals = Vec::with_capacity(total);
        let mut faces = Vec::new();
        let mut offsets = Vec::with_capacity(total + 1);
        let mut adjacency = Vec::new();
        let mut submeshes = Vec::with_capacity(meshes.len());
        let mut submesh_of = Vec::with_capacity(total);
        offsets.push(0u32);
        for (c, (mesh, collider)) in meshes.iter().zip(&body.colliders).enumerate() {
            let base = vertices.len();
            let shift = base as u32;
            let pose = &collider.local_pose;
            vertices.extend(mesh.vertices().iter().map(|v| pose * v));
            normals.extend(mesh.normals().iter().map(|n| pose.rotation * n));
            faces.extend(mesh.faces().iter().map(|f| f.map(|i| i + shift)));
            let (sub_offsets, sub_adjacency) = mesh.adjacency();
            let edge_base = adjacency.len() as u32;
            offsets.extend(sub_offsets[1..].iter().map(|o| o + edge_base));
            adjacency.extend(sub_adjacency.iter().map(|i| i + shift));
            submeshes.push(base..vertices.len());
            submesh_of.extend(std::iter::repeat_n(c as u32, mesh.len()));
        }
        let active = match layout {
            MeshLayout::Mimo => {
                let mut face_ranges = Vec::with_capacity(meshes.len());
                let mut start = 0;
                for m in &meshes {
                    face_ranges.push(start..start + m.faces().len());
                    start += m.faces().len();
                }
                mimo_active::active_vertices(&vertices, &faces, &submeshes, &face_ranges)
            }
            MeshLayout::Points => active_vertices(body, &vertices, &normals, &submesh_of)?,
        };
        let mut next = 0u32;
        let sensor_of_vertex = active
            .iter()
            .map(|&a| {
                if a {
                    next += 1;
                    next - 1
                } else {
                    NO_SENSOR
                }
            })
            .collect();
        let submesh_trees = submeshes
            .iter()
            .map(|r| SensorTree::new(&vertices[r.clone()]))
            .collect();
        let submesh_bounds = submeshes
            .iter()
            .map(|r| enclosing_sphere(&vertices[r.clone()]))
            .collect();
        let submesh_surfaces = body
            .colliders
            .iter()
            .zip(&submeshes)
            .map(|(c, r)| {
                let to_local = c.local_pose.inverse();
                let shape = ClosedForm::of(&c.shape);
                let slack = vertices[r.clone()]
                    .iter()
                    .filter_map(|v| shape.distance(&(to_local * v)))
                    .map(|d| d.signed_distance.abs())
                    .fold(0.0, f64::max);
                SubmeshSurface {
                    to_local,
                    shape,
                    // Rounding of the transforms: a relative margin keeps the test conservative.
                    slack: slack + 1e-12 * (1.0 + to_local.translation.vector.norm()),
                }
            })
            .collect();
        Ok(Self {
            vertices,
            normals,
            faces,
            offsets,
            adjacency,
            submeshes,
            submesh_of,
            sensor_of_vertex,
            submesh_trees,
            submesh_bounds,
            submesh_surfaces,
        })
    }

    /// All vertices (active or not), body frame.
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }

    /// Unit outward normals of the vertices, body frame.
    pub fn normals(&self) -> &[Vector3<f64>] {
        &self.normals
    }

    /// Triangles, indices into [`BodyMesh::vertices`].
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }

    /// The vertices sharing an edge with vertex `i` (empty when out of range).
    #[inline]
    pub fn neighbours(&self, i: usize) -> &[u32] {
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => &self.adjacency[a as usize..b as usize],
            _ => &[],
        }
    }

    /// The vertex range of collider `c`'s mesh (empty when out of range).
    pub fn submesh(&self, c: usize) -> Range<usize> {
        self.submeshes.get(c).cloned().unwrap_or(0..0)
    }

    /// The number of geoms merged.
    pub fn submesh_count(&self) -> usize {
        self.submeshes.len()
    }

    /// The geom whose mesh holds vertex `i`.
    #[inline]
    pub fn submesh_of(&self, i: usize) -> usize {
        self.submesh_of[i] as usize
    }

    /// The sensor index of vertex `i`, or `None` when the vertex is inactive.
    #[inline]
    pub fn sensor_of_vertex(&self, i: usize) -> Option<usize> {
        match self.sensor_of_vertex.get(i) {
            Some(&s) if s != NO_SENSOR => Some(s as usize),
            _ => None,
        }
    }

    /// Whether vertex `i` is a sensor.
    pub fn is_active(&self, i: usize) -> bool {
        self.sensor_of_vertex(i).is_some()
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    /// Whether the mesh has no vertex.
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }
}

/// A sphere enclosing `points`: the centre of their bounding box and the largest distance.
fn enclosing_sphere(points: &[Point3<f64>]) -> (Point3<f64>, f64) {
    let Some(first) = points.first() else {
        return (Point3::origin(), 0.0);
    };
    let (lo, hi) = points
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.inf(p), hi.sup(p)));
    let centre = nalgebra::center(&lo, &hi);
    let radius = points
        .iter()
        .map(|p| (p - centre).norm())
        .fold(0.0, f64::max);
    (centre, radius)
}

/// Which vertices face outside every other solid geom of the body: the point [`FACING_STEP`]
/// out along the normal lies in no other geom.
fn active_vertices(
    body: &Body,
    vertices: &[Point3<f64>],
    normals: &[Vector3<f64>],
    submesh_of: &[u32],
) -> Result<Vec<bool>> {
    let others: Vec<_> = body
        .colliders
        .iter()
        .enumerate()
        .filter(|(_, c)| c.shape.is_solid())
        .map(|(j, c)| {
            let bound = bounding_sphere(&c.shape).map(|b| (c.local_pose * b.centre, b.radius));
            (j, c, bound)
        })
        .collect();
    vertices
        .par_iter()
        .zip(normals.par_iter())
        .zip(submesh_of.par_iter())
        .map(|((v, n), &own)| {
            let v = &(v + n * FACING_STEP);
            for (j, c, bound) in &others {
                if *j == own as usize {
                    continue;
                }
                if let Some((centre, radius)) = bound
                    && (v - centre).norm() > radius * (1.0 + 1e-12) + 1e-12
                {
                    continue;
                }
                if query::contains_point(&c.shape, &c.local_pose, v)? {
                    return Ok(false);
                }
            }
            Ok(true)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use morsel_geometry::Shape;

    #[test]
    fn vertices_inside_the_other_geom_are_inactive() {
        // Two spheres overlapping along x: the caps inside the other sphere are inactive.
        let body = Body::new("b")
            .with_collider(
                Shape::sphere(0.1).unwrap(),
                Isometry3::translation(-0.05, 0.0, 0.0),
            )
            .unwrap()
            .with_collider(
                Shape::sphere(0.1).unwrap(),
                Isometry3::translation(0.05, 0.0, 0.0),
            )
            .unwrap();
        let mesh = BodyMesh::build_with(&body, 0.02, MeshLayout::Points).unwrap();
        let centres = [Point3::new(-0.05, 0.0, 0.0), Point3::new(0.05, 0.0, 0.0)];
        let mut inactive = 0;
        for i in 0..mesh.len() {
            let own = mesh.submesh_of(i);
            let other = centres[1 - own];
            let probe = mesh.vertices()[i] + mesh.normals()[i] * FACING_STEP;
            let inside_other = (probe - other).norm() <= 0.1;
            assert_eq!(mesh.is_active(i), !inside_other, "vertex {i}");
            inactive += usize::from(inside_other);
            // Edges stay within one geom's mesh.
            for &n in mesh.neighbours(i) {
                assert_eq!(mesh.submesh_of(n as usize), own);
            }
            assert!((mesh.normals()[i].norm() - 1.0).abs() < 1e-12);
        }
        assert!(inactive > 0);
        // Sensor indices number the active vertices in vertex order.
        let sensors: Vec<usize> = (0..mesh.len())
            .filter_map(|i| mesh.sensor_of_vertex(i))
            .collect();
        assert_eq!(sensors, (0..sensors.len()).collect::<Vec<_>>());
    }

    #[test]
    fn ties_on_shared_faces_and_tangent_lines_follow_the_normal() {
        // MIMo v2's palm in small: two 2 cm cubes sharing the face x = 0, and a cylinder along x
        // whose axis lies on their top face z = 0.01, its radius their half-width: its sides
        // y = ±0.01 continue the cubes' sides tangentially. 16 points per ring put ring points
        // exactly on those lines.
        let res = 2.0 * std::f64::consts::PI * 0.01 / 15.5;
        let cube = Shape::cuboid(Vector3::new(0.01, 0.01, 0.01)).unwrap();
        let body = Body::new("b")
            .with_collider(cube.clone(), Isometry3::translation(-0.01, 0.0, 0.0))
            .unwrap()
            .with_collider(cube, Isometry3::translation(0.01, 0.0, 0.0))
            .unwrap()
            .with_collider(
                Shape::cylinder(0.01, 0.02).unwrap(),
                Isometry3::new(
                    Vector3::new(0.0, 0.0, 0.01),
                    Vector3::new(0.0, std::f64::consts::FRAC_PI_2, 0.0),
                ),
            )
            .unwrap();
        let mesh = BodyMesh::build_with(&body, res, MeshLayout::Points).unwrap();
        let (mut shared, mut tangent, mut covered) = (0, 0, 0);
        for i in 0..mesh.len() {
            let v = mesh.vertices()[i];
            let cube_vertex = mesh.submesh_of(i) < 2;
            let interior_yz = v.y.abs() < 0.01 - 1e-9 && v.z.abs() < 0.01 - 1e-9;
            if cube_vertex && v.x.abs() < 1e-12 && interior_yz {
                // On the face the cubes share: buried, facing into the other cube.
                assert!(!mesh.is_active(i), "shared face vertex {i} at {v:?}");
                shared += 1;
            }
            if !cube_vertex && (v.y.abs() - 0.01).abs() < 1e-12 && (v.z - 0.01).abs() < 1e-12 {
                // On the tangent lines: outer surface of the body, so a sensor (the rule
                // "inside or on another geom" would drop it).
                assert!(mesh.is_active(i), "tangent line vertex {i} at {v:?}");
                tangent += 1;
            }
            if cube_vertex
                && (v.z - 0.01).abs() < 1e-12
                && v.y.abs() < 0.01 - 1e-9
                && v.x.abs() < 0.02 - 1e-9
            {
                // The cubes' top faces under the cylinder.
                assert!(!mesh.is_active(i), "covered vertex {i} at {v:?}");
                covered += 1;
            }
        }
        assert!(
            shared > 0 && tangent > 0 && covered > 0,
            "{shared} {tangent} {covered}"
        );
    }
}
