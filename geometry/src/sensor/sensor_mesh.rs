//! The sensor mesh: sensor points joined into triangles, with per-vertex normals and vertex
//! adjacency in compressed sparse row (CSR) form.

use nalgebra::{Point3, Vector3};

use super::{Layout, SensorPoints};

/// Sensor points joined into a triangle mesh (see [`Shape::sensor_mesh`](crate::Shape::sensor_mesh)).
///
/// Vertex `i` is sensor point `i`. Faces are counter-clockwise seen from outside. Two vertices are
/// neighbours when they share a triangle edge (or, for a pipe too thin to carry triangles, when
/// they are consecutive on a ring or along the axis).
#[derive(Debug, Clone, PartialEq)]
pub struct SensorMesh {
    vertices: Vec<Point3<f64>>,
    normals: Vec<Vector3<f64>>,
    faces: Vec<[u32; 3]>,
    /// `neighbours(i)` is `adjacency[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    adjacency: Vec<u32>,
}

impl SensorMesh {
    /// Builds the mesh and its adjacency from a layout.
    pub(crate) fn from_layout(layout: Layout) -> Self {
        let Layout {
            points: SensorPoints { points, normals },
            faces,
            extra_edges,
        } = layout;
        let (offsets, adjacency) = build_adjacency(points.len(), &faces, &extra_edges);
        Self {
            vertices: points,
            normals,
            faces,
            offsets,
            adjacency,
        }
    }

    /// The vertices: exactly the sensor points, in the same order.
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }

    /// Unit outward normal of each vertex (the sensor points' normals).
    pub fn normals(&self) -> &[Vector3<f64>] {
        &self.normals
    }

    /// Triangles as vertex-index triples, counter-clockwise seen from outside.
    pub fn faces(&self) -> &[[u32; 3]] {
        &self.faces
    }

    /// The neighbours of vertex `i`, in increasing order (empty for an index out of range).
    pub fn neighbours(&self, i: usize) -> &[u32] {
        let end = i.checked_add(1).and_then(|j| self.offsets.get(j));
        match (self.offsets.get(i), end) {
            (Some(&start), Some(&end)) => &self.adjacency[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The adjacency in CSR form `(offsets, indices)`: the neighbours of vertex `i` are
    /// `indices[offsets[i]..offsets[i + 1]]`; `offsets` has `len() + 1` entries.
    pub fn adjacency(&self) -> (&[u32], &[u32]) {
        (&self.offsets, &self.adjacency)
    }

    /// The number of vertices (sensors).
    pub fn len(&self) -> usize {
        self.vertices.len()
    }

    /// Whether the mesh has no vertex (never the case for a valid shape).
    pub fn is_empty(&self) -> bool {
        self.vertices.is_empty()
    }

    /// The sensor points (vertices and normals) as a [`SensorPoints`].
    pub fn to_points(&self) -> SensorPoints {
        SensorPoints {
            points: self.vertices.clone(),
            normals: self.normals.clone(),
        }
    }
}

/// CSR adjacency from the triangle edges and the extra edges: each row sorted, no duplicates.
fn build_adjacency(n: usize, faces: &[[u32; 3]], extra: &[[u32; 2]]) -> (Vec<u32>, Vec<u32>) {
    // Directed pairs packed as (from << 32 | to); sorting groups them by vertex.
    let mut pairs: Vec<u64> = Vec::with_capacity(6 * faces.len() + 2 * extra.len());
    let mut add = |a: u32, b: u32| {
        if a != b {
            pairs.push((u64::from(a) << 32) | u64::from(b));
            pairs.push((u64::from(b) << 32) | u64::from(a));
        }
    };
    for f in faces {
        add(f[0], f[1]);
        add(f[1], f[2]);
        add(f[2], f[0]);
    }
    for e in extra {
        add(e[0], e[1]);
    }
    pairs.sort_unstable();
    pairs.dedup();
    let mut offsets = vec![0u32; n + 1];
    for &p in &pairs {
        offsets[(p >> 32) as usize + 1] += 1;
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let adjacency = pairs.iter().map(|&p| p as u32).collect();
    (offsets, adjacency)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_of_a_tetrahedron_is_complete() {
        let faces = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]];
        let (offsets, adjacency) = build_adjacency(4, &faces, &[]);
        assert_eq!(offsets, vec![0, 3, 6, 9, 12]);
        assert_eq!(&adjacency[0..3], &[1, 2, 3]);
        assert_eq!(&adjacency[9..12], &[0, 1, 2]);
    }

    #[test]
    fn extra_edges_and_isolated_vertices() {
        let (offsets, adjacency) = build_adjacency(4, &[], &[[0, 2], [2, 0]]);
        assert_eq!(offsets, vec![0, 1, 1, 2, 2]);
        assert_eq!(adjacency, vec![2, 0]);
    }
}
