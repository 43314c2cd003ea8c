//! Triangle meshes: storage, validation, vertex welding and simple measures.

use std::collections::HashMap;
use std::path::Path;

use foldhash::fast::FixedState;

use nalgebra::{Point3, Vector3};

use crate::error::{GeometryError, Result};
use crate::range;

/// An indexed triangle mesh in its own frame.
///
/// Faces are counter-clockwise seen from outside (outward normals by the right-hand rule) when
/// the source file follows that convention, as STL, OBJ and DAE files do.
#[derive(Debug, Clone, PartialEq)]
pub struct TriangleMesh {
    vertices: Vec<Point3<f64>>,
    faces: Vec<[u32; 3]>,
    /// Whether the faces form a closed, consistently oriented surface (decided once: solidity
    /// checks ask it on every query).
    closed: bool,
}

impl TriangleMesh {
    /// Builds a mesh from vertices and faces, checking that it is usable.
    ///
    /// Errors when there is no face, when an index is out of range, when a coordinate is not
    /// finite or is beyond ±[`MAX_LENGTH`](crate::MAX_LENGTH), or when the mesh is smaller than
    /// [`MIN_LENGTH`](crate::MIN_LENGTH) (the largest side of its bounding box). Faces that
    /// repeat a vertex index (zero area by construction) are dropped.
    ///
    /// ```
    /// use morsel_geometry::TriangleMesh;
    /// use nalgebra::Point3;
    /// let tri = TriangleMesh::new(
    ///     vec![Point3::origin(), Point3::new(1.0, 0.0, 0.0), Point3::new(0.0, 1.0, 0.0)],
    ///     vec![[0, 1, 2]],
    /// ).unwrap();
    /// assert!((tri.area() - 0.5).abs() < 1e-15);
    /// ```
    pub fn new(vertices: Vec<Point3<f64>>, faces: Vec<[u32; 3]>) -> Result<Self> {
        Self::new_from(vertices, faces, None)
    }

    /// A convex hull's surface, closed by construction: checked as [`TriangleMesh::new`]
    /// checks a mesh, except that closedness is taken from the hull builder (linked faces,
    /// each edge shared by exactly two) instead of hashing every edge again; a surface whose
    /// counts break Euler's formula for a sphere (V - E + F = 2) is checked the long way.
    pub(crate) fn hull_surface(vertices: Vec<Point3<f64>>, faces: Vec<[u32; 3]>) -> Result<Self> {
        let (v, f) = (vertices.len() as i64, faces.len() as i64);
        let sphere_like = f % 2 == 0 && v - 3 * f / 2 + f == 2;
        let distinct = faces
            .iter()
            .all(|t| t[0] != t[1] && t[1] != t[2] && t[0] != t[2]);
        if !(sphere_like && distinct) {
            return Self::new(vertices, faces);
        }
        range::vertices(
            &vertices,
            |reason| GeometryError::InvalidMesh {
                source_path: None,
                reason,
            },
            "",
        )?;
        let n = vertices.len();
        if let Some((i, t)) = faces
            .iter()
            .enumerate()
            .find(|(_, t)| t.iter().any(|&k| k as usize >= n))
        {
            return Err(GeometryError::InvalidMesh {
                source_path: None,
                reason: format!("face {i} {t:?} refers to a vertex beyond the {n} vertices"),
            });
        }
        let mesh = Self {
            vertices,
            faces,
            closed: true,
        };
        let (lo, hi) = mesh.bounds();
        range::mesh_extent(&lo, &hi, "")?;
        Ok(mesh)
    }

    pub(crate) fn new_from(
        vertices: Vec<Point3<f64>>,
        faces: Vec<[u32; 3]>,
        source: Option<&Path>,
    ) -> Result<Self> {
        let invalid = |reason: String| GeometryError::InvalidMesh {
            source_path: source.map(Path::to_path_buf),
            reason,
        };
        let from = source_suffix(source);
        range::vertices(&vertices, invalid, &from)?;
        let n = vertices.len();
        if let Some((i, f)) = faces
            .iter()
            .enumerate()
            .find(|(_, f)| f.iter().any(|&k| k as usize >= n))
        {
            return Err(invalid(format!(
                "face {i} {f:?} refers to a vertex beyond the {n} vertices"
            )));
        }
        let faces: Vec<[u32; 3]> = faces
            .into_iter()
            .filter(|f| f[0] != f[1] && f[1] != f[2] && f[0] != f[2])
            .collect();
        if faces.is_empty() {
            return Err(invalid(
                "the mesh has no triangle (give at least one face with three distinct vertices)"
                    .to_string(),
            ));
        }
        let closed = faces_are_closed(&faces);
        let mesh = Self {
            vertices,
            faces,
            closed,
        };
        let (lo, hi) = mesh.bounds();
        range::mesh_extent(&lo, &hi, &from)?;
        Ok(mesh)
    }

    /// Builds a mesh from a triangle soup (one vertex per triangle corner, as STL stores them),
    /// welding corners with identical coordinates into shared vertices.
    pub fn from_triangle_soup(corners: &[Point3<f64>]) -> Result<Self> {
        Self::from_soup_with_source(corners, None)
    }

    pub(crate) fn from_soup_with_source(
        corners: &[Point3<f64>],
        source: Option<&Path>,
    ) -> Result<Self> {
        let faces: Vec<[u32; 3]> = (0..corners.len() / 3)
            .map(|t| [3 * t as u32, 3 * t as u32 + 1, 3 * t as u32 + 2])
            .collect();
        let (vertices, faces) = weld(corners, &faces);
        Self::new_from(vertices, faces, source)
    }

    /// The vertices.
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }

    /// The faces, as triples of vertex indices.
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }

    /// The three corners of face `i`.
    pub fn triangle(&self, i: usize) -> [Point3<f64>; 3] {
        let f = self.faces[i];
        [
            self.vertices[f[0] as usize],
            self.vertices[f[1] as usize],
            self.vertices[f[2] as usize],
        ]
    }

    /// The (non-normalised) normal of face `i`: twice its area times its unit normal.
    pub fn face_area_vector(&self, i: usize) -> Vector3<f64> {
        let [a, b, c] = self.triangle(i);
        (b - a).cross(&(c - a))
    }

    /// Total surface area.
    pub fn area(&self) -> f64 {
        (0..self.faces.len())
            .map(|i| 0.5 * self.face_area_vector(i).norm())
            .sum()
    }

    /// Signed enclosed volume (positive for a closed mesh with outward faces).
    pub fn signed_volume(&self) -> f64 {
        (0..self.faces.len())
            .map(|i| {
                let [a, b, c] = self.triangle(i);
                a.coords.dot(&b.coords.cross(&c.coords)) / 6.0
            })
            .sum()
    }

    /// Whether every edge is shared by exactly two faces, in opposite directions
    /// (a closed, consistently oriented 2-manifold).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Axis-aligned bounds `(min, max)` of the vertices.
    pub fn bounds(&self) -> (Point3<f64>, Point3<f64>) {
        let mut lo = self.vertices[0];
        let mut hi = self.vertices[0];
        for v in &self.vertices {
            lo = lo.inf(v);
            hi = hi.sup(v);
        }
        (lo, hi)
    }

    /// A copy with every vertex scaled component-wise (faces flipped when the scale mirrors).
    ///
    /// Errors as [`TriangleMesh::new`] does when a scaled coordinate is beyond
    /// ±[`MAX_LENGTH`](crate::MAX_LENGTH) or the scaled mesh is smaller than
    /// [`MIN_LENGTH`](crate::MIN_LENGTH).
    pub fn scaled(&self, scale: Vector3<f64>) -> Result<Self> {
        self.scaled_from(scale, None)
    }

    /// [`TriangleMesh::scaled`], naming the file the mesh came from in errors.
    pub(crate) fn scaled_from(&self, scale: Vector3<f64>, source: Option<&Path>) -> Result<Self> {
        let invalid = |reason: String| GeometryError::InvalidMesh {
            source_path: source.map(Path::to_path_buf),
            reason,
        };
        crate::error::finite_vector("mesh scale", &scale)?;
        if scale.iter().any(|s| *s == 0.0) {
            return Err(invalid(format!(
                "scale {scale:?} has a zero component: the mesh would be flat"
            )));
        }
        let vertices: Vec<Point3<f64>> = self
            .vertices
            .iter()
            .map(|v| Point3::from(v.coords.component_mul(&scale)))
            .collect();
        let from = source_suffix(source);
        range::vertices(&vertices, invalid, &from)?;
        let mirror = scale.x * scale.y * scale.z < 0.0;
        let faces = self
            .faces
            .iter()
            .map(|f| if mirror { [f[0], f[2], f[1]] } else { *f })
            .collect();
        let mesh = Self {
            vertices,
            faces,
            closed: self.closed,
        };
        let (lo, hi) = mesh.bounds();
        range::mesh_extent(&lo, &hi, &from)?;
        Ok(mesh)
    }
}

/// ` of FILE` when a mesh came from a file, for error messages.
fn source_suffix(source: Option<&Path>) -> String {
    source
        .map(|p| format!(" of {}", p.display()))
        .unwrap_or_default()
}

/// Whether every directed edge appears exactly once and its reverse exactly once.
fn faces_are_closed(faces: &[[u32; 3]]) -> bool {
    // A fast hash: welding and this check are most of the time a mesh takes to load.
    let mut directed: HashMap<(u32, u32), i32, FixedState> =
        HashMap::with_capacity_and_hasher(faces.len() * 3, FixedState::default());
    for f in faces {
        for k in 0..3 {
            *directed.entry((f[k], f[(k + 1) % 3])).or_default() += 1;
        }
    }
    directed
        .iter()
        .all(|(&(a, b), &count)| count == 1 && directed.get(&(b, a)) == Some(&1))
}

/// Merges vertices with bit-identical coordinates, remapping faces.
fn weld(vertices: &[Point3<f64>], faces: &[[u32; 3]]) -> (Vec<Point3<f64>>, Vec<[u32; 3]>) {
    let key = |p: &Point3<f64>| {
        // +0.0 and -0.0 are the same point.
        let norm = |x: f64| if x == 0.0 { 0u64 } else { x.to_bits() };
        (norm(p.x), norm(p.y), norm(p.z))
    };
    let mut index: HashMap<(u64, u64, u64), u32, FixedState> =
        HashMap::with_capacity_and_hasher(vertices.len() / 3, FixedState::default());
    let mut welded = Vec::with_capacity(vertices.len() / 3);
    let remap: Vec<u32> = vertices
        .iter()
        .map(|p| {
            *index.entry(key(p)).or_insert_with(|| {
                welded.push(*p);
                (welded.len() - 1) as u32
            })
        })
        .collect();
    let faces = faces
        .iter()
        .map(|f| {
            [
                remap[f[0] as usize],
                remap[f[1] as usize],
                remap[f[2] as usize],
            ]
        })
        .collect();
    (welded, faces)
}

#[cfg(feature = "queries")]
/// The faces around each vertex of a face list, as a compressed list: the faces using vertex
/// `v` (by index, increasing) are `faces_at[offsets[v]..offsets[v + 1]]`, a face listed once
/// per corner it has there. Returns `(offsets, faces_at)`; every corner index must be below
/// `vertex_count`.
pub(crate) fn faces_around_vertices(
    faces: &[[u32; 3]],
    vertex_count: usize,
) -> (Vec<u32>, Vec<u32>) {
    let mut offsets = vec![0u32; vertex_count + 1];
    for f in faces {
        for &v in f {
            offsets[v as usize + 1] += 1;
        }
    }
    for i in 0..vertex_count {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = offsets.clone();
    let mut faces_at = vec![0u32; 3 * faces.len()];
    for (f, corners) in faces.iter().enumerate() {
        for &v in corners {
            faces_at[fill[v as usize] as usize] = f as u32;
            fill[v as usize] += 1;
        }
    }
    (offsets, faces_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_cube_soup() -> Vec<Point3<f64>> {
        // 12 triangles, 36 corners, outward.
        let c = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
        let quads = [
            [c(0., 0., 0.), c(0., 1., 0.), c(1., 1., 0.), c(1., 0., 0.)],
            [c(0., 0., 1.), c(1., 0., 1.), c(1., 1., 1.), c(0., 1., 1.)],
            [c(0., 0., 0.), c(1., 0., 0.), c(1., 0., 1.), c(0., 0., 1.)],
            [c(0., 1., 0.), c(0., 1., 1.), c(1., 1., 1.), c(1., 1., 0.)],
            [c(0., 0., 0.), c(0., 0., 1.), c(0., 1., 1.), c(0., 1., 0.)],
            [c(1., 0., 0.), c(1., 1., 0.), c(1., 1., 1.), c(1., 0., 1.)],
        ];
        quads
            .iter()
            .flat_map(|q| [q[0], q[1], q[2], q[0], q[2], q[3]])
            .collect()
    }

    #[test]
    fn welding_a_cube_soup_gives_eight_vertices_and_a_closed_mesh() {
        let mesh = TriangleMesh::from_triangle_soup(&unit_cube_soup()).unwrap();
        assert_eq!(mesh.vertices().len(), 8);
        assert_eq!(mesh.faces().len(), 12);
        assert!(mesh.is_closed());
        assert!((mesh.area() - 6.0).abs() < 1e-14);
        assert!((mesh.signed_volume() - 1.0).abs() < 1e-14);
    }

    #[test]
    fn mirroring_keeps_the_volume_positive() {
        let mesh = TriangleMesh::from_triangle_soup(&unit_cube_soup()).unwrap();
        let m = mesh.scaled(Vector3::new(-2.0, 1.0, 1.0)).unwrap();
        assert!((m.signed_volume() - 2.0).abs() < 1e-14);
    }

    #[test]
    fn bad_meshes_are_errors() {
        assert!(TriangleMesh::new(vec![], vec![]).is_err());
        let v = vec![Point3::origin(), Point3::new(1.0, 0.0, 0.0)];
        assert!(TriangleMesh::new(v.clone(), vec![[0, 1, 2]]).is_err());
        assert!(TriangleMesh::new(v, vec![[0, 1, 1]]).is_err());
        let nan = vec![
            Point3::new(f64::NAN, 0.0, 0.0),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
        ];
        assert!(TriangleMesh::new(nan, vec![[0, 1, 2]]).is_err());
    }
}
