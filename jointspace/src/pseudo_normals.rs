//! Angle-weighted pseudo-normals of a closed mesh, to tell inside from outside.
//!
//! For a point `x` and its closest point `p` on a closed, consistently oriented mesh, `x` is
//! outside exactly when `(x − p)·n > 0`, `n` being the pseudo-normal of the feature `p` lies
//! on: the face normal inside a face, the sum of the two face normals on an edge, the
//! angle-weighted sum of the incident face normals at a vertex (Bærentzen and Aanæs, 2005).

use std::collections::HashMap;

use morsel_geometry::TriangleMesh;
use nalgebra::{Point3, Vector3};

/// Barycentric coordinates below this fraction count as zero (the point is on an edge).
const ON_EDGE: f64 = 1e-10;

/// Pseudo-normals of every face, edge and vertex of a closed mesh, in its frame.
#[derive(Debug)]
pub(crate) struct PseudoNormals {
    face: Vec<Vector3<f64>>,
    edge: HashMap<(u32, u32), Vector3<f64>>,
    vertex: Vec<Vector3<f64>>,
}

impl PseudoNormals {
    pub fn new(mesh: &TriangleMesh) -> Self {
        let v = mesh.vertices();
        let mut face = Vec::with_capacity(mesh.faces().len());
        let mut edge: HashMap<(u32, u32), Vector3<f64>> = HashMap::new();
        let mut vertex = vec![Vector3::zeros(); v.len()];
        for f in mesh.faces() {
            let [a, b, c] = f.map(|i| v[i as usize]);
            let n = (b - a)
                .cross(&(c - a))
                .try_normalize(0.0)
                .unwrap_or_else(Vector3::zeros);
            face.push(n);
            for k in 0..3 {
                let (i, j) = (f[k], f[(k + 1) % 3]);
                *edge
                    .entry((i.min(j), i.max(j)))
                    .or_insert_with(Vector3::zeros) += n;
                let (p, q, r) = (
                    v[f[k] as usize],
                    v[f[(k + 1) % 3] as usize],
                    v[f[(k + 2) % 3] as usize],
                );
                vertex[f[k] as usize] += n * (q - p).angle(&(r - p));
            }
        }
        PseudoNormals { face, edge, vertex }
    }

    /// Whether `x` is inside the mesh, given its closest point `p` on face `face` (both in the
    /// mesh frame). Points on the surface count as inside.
    pub fn inside(&self, mesh: &TriangleMesh, face: u32, p: &Point3<f64>, x: &Point3<f64>) -> bool {
        let f = mesh.faces()[face as usize];
        let [a, b, c] = f.map(|i| mesh.vertices()[i as usize]);
        let bary = barycentric(&a, &b, &c, p);
        let small: Vec<usize> = (0..3).filter(|&k| bary[k] <= ON_EDGE).collect();
        let normal = match small.as_slice() {
            [] => self.face[face as usize],
            [k] => {
                // On the edge opposite corner k.
                let (i, j) = (f[(k + 1) % 3], f[(k + 2) % 3]);
                self.edge
                    .get(&(i.min(j), i.max(j)))
                    .copied()
                    .unwrap_or(self.face[face as usize])
            }
            _ => {
                let corner = (0..3).find(|k| !small.contains(k)).unwrap_or(0);
                self.vertex[f[corner] as usize]
            }
        };
        (x - p).dot(&normal) <= 0.0
    }
}

/// Barycentric coordinates of `p` in triangle `abc` (all zero for a degenerate triangle).
fn barycentric(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>, p: &Point3<f64>) -> [f64; 3] {
    let (v0, v1, v2) = (b - a, c - a, p - a);
    let (d00, d01, d11) = (v0.dot(&v0), v0.dot(&v1), v1.dot(&v1));
    let (d20, d21) = (v2.dot(&v0), v2.dot(&v1));
    let denom = d00 * d11 - d01 * d01;
    if denom <= 0.0 {
        return [0.0; 3];
    }
    let v = (d11 * d20 - d01 * d21) / denom;
    let w = (d00 * d21 - d01 * d20) / denom;
    [1.0 - v - w, v, w]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed box mesh of half-extent 1, outward faces.
    fn cube() -> TriangleMesh {
        crate::test_meshes::box_mesh([1.0, 1.0, 1.0])
    }

    #[test]
    fn signs_at_faces_edges_and_corners() {
        let mesh = cube();
        assert!(mesh.is_closed());
        let n = PseudoNormals::new(&mesh);
        // Find, for each probe, its closest face by brute force over face planes' clamps.
        let probe = |x: Point3<f64>, p: Point3<f64>| {
            let face = (0..mesh.faces().len() as u32)
                .find(|&f| {
                    let [a, b, c] = mesh.faces()[f as usize].map(|i| mesh.vertices()[i as usize]);
                    barycentric(&a, &b, &c, &p).iter().all(|&w| w >= -1e-12)
                        && ((b - a).cross(&(c - a))).dot(&(p - a)).abs() < 1e-12
                })
                .unwrap();
            n.inside(&mesh, face, &p, &x)
        };
        // Face interior.
        assert!(!probe(
            Point3::new(0.2, 0.1, 3.0),
            Point3::new(0.2, 0.1, 1.0)
        ));
        assert!(probe(
            Point3::new(0.2, 0.1, 0.5),
            Point3::new(0.2, 0.1, 1.0)
        ));
        // Edge and corner regions outside.
        assert!(!probe(
            Point3::new(2.0, 0.3, 2.0),
            Point3::new(1.0, 0.3, 1.0)
        ));
        assert!(!probe(
            Point3::new(2.0, 2.0, 2.0),
            Point3::new(1.0, 1.0, 1.0)
        ));
    }
}
