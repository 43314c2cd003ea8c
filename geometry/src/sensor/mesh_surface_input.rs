//! The input mesh as the remesher sees it: face, edge and vertex normals, where each new point
//! lies on it (its support), and projection onto it.
//!
//! Every sensor point is supported by an input vertex, a point of an input edge, or a point of
//! an input face; its normal is that vertex's (angle-weighted average of the incident face
//! normals), that edge's (normalised sum of its faces' normals), or that face's normal.

use std::cell::OnceCell;

use nalgebra::{Point3, Vector3};
use parry3d_f64::bounding_volume::Aabb;
use parry3d_f64::partitioning::{Bvh, BvhBuildStrategy};
use parry3d_f64::query::{PointQuery, PointQueryWithLocation};
use parry3d_f64::shape::{Triangle, TrianglePointLocation};

use super::mesh_surface_slots::{Slot, radial_cycles};
use crate::convert::{from_parry_point, to_parry_point};
use crate::mesh::{TriangleMesh, faces_around_vertices};

/// Where on the input surface a point lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Support {
    /// At an input vertex.
    Vertex(u32),
    /// On an input edge, named by the smallest face corner (slot `3f + k`) along it.
    Edge(Slot),
    /// Inside an input face.
    Face(u32),
}

/// The input mesh with its normals, adjacency and a bounding-volume hierarchy of its faces.
pub(super) struct InputSurface<'a> {
    mesh: &'a TriangleMesh,
    /// Unit normal of each face.
    pub face_normal: Vec<Vector3<f64>>,
    vertex_normal: Vec<Vector3<f64>>,
    /// Radial cycles of the input edges (see the refinement module).
    next: Vec<Slot>,
    /// The smallest slot of each slot's cycle: the edge's name.
    canonical: Vec<Slot>,
    /// Unit normal of each edge, by canonical slot (other slots unused).
    edge_normal: Vec<Vector3<f64>>,
    vertex_faces_offsets: Vec<u32>,
    vertex_faces: Vec<u32>,
    /// Built on the first projection (flat meshes never need one).
    bvh: OnceCell<Bvh>,
}

impl<'a> InputSurface<'a> {
    /// Prepares the normals, the adjacency and the hierarchy.
    pub fn new(mesh: &'a TriangleMesh) -> Self {
        let faces = mesh.faces();
        let face_normal = face_normals(mesh);
        let vertex_normal = vertex_normals(mesh, &face_normal);
        let next = radial_cycles(faces);
        let mut canonical = vec![0; next.len()];
        let mut edge_normal = vec![Vector3::zeros(); next.len()];
        for s in 0..next.len() as Slot {
            let mut smallest = s;
            let mut c = next[s as usize];
            while c != s {
                smallest = smallest.min(c);
                c = next[c as usize];
            }
            canonical[s as usize] = smallest;
            if smallest == s {
                edge_normal[s as usize] = sum_of_distinct_normals(&face_normal, &next, s);
            }
        }
        let (vertex_faces_offsets, vertex_faces) =
            faces_around_vertices(faces, mesh.vertices().len());
        Self {
            mesh,
            face_normal,
            vertex_normal,
            next,
            canonical,
            edge_normal,
            vertex_faces_offsets,
            vertex_faces,
            bvh: OnceCell::new(),
        }
    }

    /// The unit normal at a supported point.
    pub fn normal(&self, s: Support) -> Vector3<f64> {
        match s {
            Support::Vertex(v) => self.vertex_normal[v as usize],
            Support::Edge(e) => self.edge_normal[e as usize],
            Support::Face(f) => self.face_normal[f as usize],
        }
    }

    /// The faces around an input vertex.
    fn faces_of_vertex(&self, v: u32) -> &[u32] {
        let (a, b) = (
            self.vertex_faces_offsets[v as usize] as usize,
            self.vertex_faces_offsets[v as usize + 1] as usize,
        );
        &self.vertex_faces[a..b]
    }

    /// The end points of an input edge.
    fn edge_ends(&self, e: Slot) -> (u32, u32) {
        let t = self.mesh.faces()[(e / 3) as usize];
        let k = (e % 3) as usize;
        (t[k], t[(k + 1) % 3])
    }

    /// Whether a point with support `s` lies on face `f`.
    fn on_face(&self, s: Support, f: u32) -> bool {
        match s {
            Support::Face(g) => g == f,
            Support::Vertex(v) => self.mesh.faces()[f as usize].contains(&v),
            Support::Edge(e) => {
                let mut c = e;
                loop {
                    if c / 3 == f {
                        return true;
                    }
                    c = self.next[c as usize];
                    if c == e {
                        return false;
                    }
                }
            }
        }
    }

    /// The input edge that holds both supports, if any.
    fn common_edge(&self, a: Support, b: Support) -> Option<Slot> {
        match (a, b) {
            (Support::Edge(e), Support::Edge(g)) => (e == g).then_some(e),
            (Support::Edge(e), Support::Vertex(v)) | (Support::Vertex(v), Support::Edge(e)) => {
                let (p, q) = self.edge_ends(e);
                (v == p || v == q).then_some(e)
            }
            (Support::Vertex(v), Support::Vertex(w)) => {
                self.faces_of_vertex(v).iter().find_map(|&f| {
                    let t = self.mesh.faces()[f as usize];
                    (0..3)
                        .find(|&k| {
                            let (x, y) = (t[k], t[(k + 1) % 3]);
                            (x == v && y == w) || (x == w && y == v)
                        })
                        .map(|k| self.canonical[3 * f as usize + k])
                })
            }
            _ => None,
        }
    }

    /// An input face that holds both supports, if any.
    fn common_face(&self, a: Support, b: Support) -> Option<u32> {
        match a {
            Support::Face(f) => self.on_face(b, f).then_some(f),
            Support::Vertex(v) => self
                .faces_of_vertex(v)
                .iter()
                .copied()
                .find(|&f| self.on_face(b, f)),
            Support::Edge(e) => {
                let mut c = e;
                loop {
                    if self.on_face(b, c / 3) {
                        return Some(c / 3);
                    }
                    c = self.next[c as usize];
                    if c == e {
                        return None;
                    }
                }
            }
        }
    }

    /// The point halfway between two surface points, on the surface: the exact midpoint when
    /// both lie on one input face (or edge), else the midpoint's projection onto the faces that
    /// face the same way as the two points. `None` when no such face exists.
    pub fn midpoint(
        &self,
        (pa, sa): (Point3<f64>, Support),
        (pb, sb): (Point3<f64>, Support),
    ) -> Option<(Point3<f64>, Support)> {
        let mid = pa + (pb - pa) * 0.5;
        if let Some(e) = self.common_edge(sa, sb) {
            return Some((mid, Support::Edge(e)));
        }
        if let Some(f) = self.common_face(sa, sb) {
            return Some((mid, Support::Face(f)));
        }
        let facing = self.normal(sa) + self.normal(sb);
        self.project(&mid, &facing)
    }

    /// The closest point to `p` on the input faces whose normal has a positive component along
    /// `facing` (all faces when `facing` is zero).
    fn project(&self, p: &Point3<f64>, facing: &Vector3<f64>) -> Option<(Point3<f64>, Support)> {
        let q = to_parry_point(p);
        let any_way = facing.norm() < 1e-9;
        let bvh = self.bvh.get_or_init(|| {
            let boxes: Vec<Aabb> = (0..self.mesh.faces().len())
                .map(|i| parry_triangle(self.mesh, i as u32).local_aabb())
                .collect();
            Bvh::from_leaves(BvhBuildStrategy::default(), &boxes)
        });
        let (_, (_, (point, location, face))) = bvh.find_best(
            f64::MAX,
            |node, _| node.aabb().distance_to_local_point(q, true),
            |leaf, _| {
                if !any_way && self.face_normal[leaf as usize].dot(facing) <= 0.0 {
                    return None;
                }
                let (proj, loc) =
                    parry_triangle(self.mesh, leaf).project_local_point_and_get_location(q, false);
                Some(((proj.point - q).length(), (proj.point, loc, leaf)))
            },
        )?;
        let t = self.mesh.faces()[face as usize];
        let support = match location {
            TrianglePointLocation::OnVertex(k) => Support::Vertex(t[k as usize]),
            // parry's edges: 0 = AB, 1 = BC, 2 = AC, the same edges as slots k = 0, 1, 2.
            TrianglePointLocation::OnEdge(k, _) => {
                Support::Edge(self.canonical[(3 * face + k) as usize])
            }
            // A point that rounding left just inside the face, next to an edge or a vertex,
            // is on that edge or vertex (and takes its normal).
            TrianglePointLocation::OnFace(_, bary) => {
                let small: Vec<usize> = (0..3).filter(|&k| bary[k].abs() < 1e-12).collect();
                match small[..] {
                    [k] => Support::Edge(self.canonical[(3 * face as usize) + (k + 1) % 3]),
                    [k, l] => Support::Vertex(t[3 - k - l]),
                    _ => Support::Face(face),
                }
            }
            TrianglePointLocation::OnSolid => Support::Face(face),
        };
        Some((from_parry_point(point), support))
    }
}

/// Input face `i` as a parry triangle.
fn parry_triangle(mesh: &TriangleMesh, i: u32) -> Triangle {
    let [a, b, c] = mesh.triangle(i as usize);
    Triangle::new(to_parry_point(&a), to_parry_point(&b), to_parry_point(&c))
}

/// The normalised sum of the normals of the distinct faces along the edge of slot `s`.
fn sum_of_distinct_normals(face_normal: &[Vector3<f64>], next: &[Slot], s: Slot) -> Vector3<f64> {
    let mut sum = Vector3::zeros();
    let mut c = s;
    loop {
        sum += face_normal[(c / 3) as usize];
        c = next[c as usize];
        if c == s {
            break;
        }
    }
    sum.try_normalize(1e-12)
        .unwrap_or(face_normal[(s / 3) as usize])
}

/// Unit normal of each input face; a face with no area borrows the sum of its neighbours'
/// (through shared vertices), or `+z` when it has none.
fn face_normals(mesh: &TriangleMesh) -> Vec<Vector3<f64>> {
    let raw: Vec<Option<Vector3<f64>>> = (0..mesh.faces().len())
        .map(|i| {
            let n = mesh.face_area_vector(i);
            let [a, b, c] = mesh.triangle(i);
            let scale = (b - a).norm_squared().max((c - a).norm_squared());
            (n.norm() > 1e-12 * scale).then(|| n.normalize())
        })
        .collect();
    if raw.iter().all(Option::is_some) {
        return raw.into_iter().flatten().collect();
    }
    let mut vertex_sum = vec![Vector3::zeros(); mesh.vertices().len()];
    for (f, n) in mesh.faces().iter().zip(&raw) {
        if let Some(n) = n {
            for &v in f {
                vertex_sum[v as usize] += n;
            }
        }
    }
    mesh.faces()
        .iter()
        .zip(&raw)
        .map(|(f, n)| {
            n.unwrap_or_else(|| {
                let s: Vector3<f64> = f.iter().map(|&v| vertex_sum[v as usize]).sum();
                s.try_normalize(1e-12).unwrap_or_else(Vector3::z)
            })
        })
        .collect()
}

/// Angle-weighted average of the incident face normals at each input vertex.
fn vertex_normals(mesh: &TriangleMesh, face_normal: &[Vector3<f64>]) -> Vec<Vector3<f64>> {
    let v = mesh.vertices();
    let mut sum = vec![Vector3::zeros(); v.len()];
    let mut any = vec![None; v.len()];
    for (f, n) in mesh.faces().iter().zip(face_normal) {
        for k in 0..3 {
            let (p, a, b) = (
                f[k] as usize,
                f[(k + 1) % 3] as usize,
                f[(k + 2) % 3] as usize,
            );
            let angle = (v[a] - v[p]).angle(&(v[b] - v[p]));
            if angle.is_finite() {
                sum[p] += angle * n;
            }
            any[p].get_or_insert(*n);
        }
    }
    sum.iter()
        .zip(any)
        .map(|(s, first)| s.try_normalize(1e-12).or(first).unwrap_or_else(Vector3::z))
        .collect()
}
