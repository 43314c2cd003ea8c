//! Edge flips towards a Delaunay triangulation on the coarsened surface: an edge whose two
//! opposite angles add up to more than π is replaced by the other diagonal of its two
//! triangles. Flips move no vertex; they turn the slivers that CAD meshes are made of into
//! rounder triangles before refinement, so that refinement does not multiply slivers.
//!
//! Only smooth edges are flipped: not features (input faces meeting at more than the feature
//! angle), not boundary or non-manifold edges, only between triangles that are nearly flat
//! together, and only when both new triangles stay within the tilt limit of their input faces.

use std::collections::VecDeque;

use nalgebra::{Point3, Vector3};

use super::mesh_surface_state::Surface;

/// Two triangles are flipped only when their normals are within this angle (degrees).
const FLAT_PAIR_DEGREES: f64 = 30.0;

/// The cotangent of the angle at `apex` in the triangle `(apex, p, q)`.
fn cot(apex: &Point3<f64>, p: &Point3<f64>, q: &Point3<f64>) -> f64 {
    let (u, v) = (p - apex, q - apex);
    let sin = u.cross(&v).norm();
    if sin == 0.0 {
        return f64::INFINITY.copysign(u.dot(&v));
    }
    u.dot(&v) / sin
}

/// Flips edges until every smooth edge is locally Delaunay (or a budget of ten flips per
/// triangle is spent).
pub(super) fn flip_to_delaunay(
    s: &mut Surface,
    face_normal: &[Vector3<f64>],
    feature_cos: f64,
    tilt_cos: f64,
) {
    let mut vertex_faces = vec![Vec::new(); s.pos.len()];
    for (f, tri) in s.faces.iter().enumerate() {
        for &v in tri {
            vertex_faces[v as usize].push(f as u32);
        }
    }
    let mut queue: VecDeque<(u32, u32)> = s
        .faces
        .iter()
        .flat_map(|t| (0..3).map(move |k| (t[k], t[(k + 1) % 3])))
        .filter(|(a, b)| a < b)
        .collect();
    let flat_cos = FLAT_PAIR_DEGREES.to_radians().cos();
    let mut budget = 10 * s.faces.len();
    while let Some((p, q)) = queue.pop_front() {
        if budget == 0 {
            break;
        }
        let mut on_edge = vertex_faces[p as usize]
            .iter()
            .copied()
            .filter(|&f| s.faces[f as usize].contains(&q));
        let (Some(f1), Some(f2), None) = (on_edge.next(), on_edge.next(), on_edge.next()) else {
            continue;
        };
        // Orient: f1 holds p → q with apex a, f2 holds q → p with apex b.
        let (f1, f2) = if directed(s.faces[f1 as usize], p, q) {
            (f1, f2)
        } else {
            (f2, f1)
        };
        if !directed(s.faces[f1 as usize], p, q) || !directed(s.faces[f2 as usize], q, p) {
            continue; // an inconsistently oriented pair
        }
        let apex = |f: u32| s.faces[f as usize].into_iter().find(|&x| x != p && x != q);
        let (Some(a), Some(b)) = (apex(f1), apex(f2)) else {
            continue;
        };
        let [pp, pq, pa, pb] = [p, q, a, b].map(|x| s.pos[x as usize]);
        // Not Delaunay: cot α_a + cot α_b < 0. Flip only if the new edge is Delaunay
        // (cot α_p + cot α_q > 0): on a curved surface both tests can fail, and an edge must
        // not flip back and forth.
        if cot(&pa, &pp, &pq) + cot(&pb, &pp, &pq) >= -1e-12
            || cot(&pp, &pa, &pb) + cot(&pq, &pa, &pb) <= 1e-12
        {
            continue;
        }
        if a == b
            || vertex_faces[a as usize]
                .iter()
                .any(|&f| s.faces[f as usize].contains(&b))
        {
            continue;
        }
        let (o1, o2) = (s.origin[f1 as usize], s.origin[f2 as usize]);
        let (m1, m2) = (face_normal[o1 as usize], face_normal[o2 as usize]);
        if o1 != o2 && m1.dot(&m2) < feature_cos {
            continue;
        }
        let n1 = (pq - pp).cross(&(pa - pp));
        let n2 = (pp - pq).cross(&(pb - pq));
        if n1.dot(&n2) < flat_cos * n1.norm() * n2.norm() {
            continue;
        }
        // New triangles (a, p, b) and (b, q, a): both must face like the old pair and stay
        // within the tilt limit of their input faces.
        let g1 = (pp - pa).cross(&(pb - pa));
        let g2 = (pq - pb).cross(&(pa - pb));
        let facing = n1 + n2;
        let ok = |g: &Vector3<f64>, m: &Vector3<f64>| {
            let l = g.norm();
            l > 0.0 && g.dot(&facing) > 0.0 && m.dot(g) >= tilt_cos * l
        };
        if !ok(&g1, &m1) || !ok(&g2, &m2) {
            continue;
        }
        s.faces[f1 as usize] = [a, p, b];
        s.faces[f2 as usize] = [b, q, a];
        vertex_faces[p as usize].retain(|&f| f != f2);
        vertex_faces[q as usize].retain(|&f| f != f1);
        vertex_faces[a as usize].push(f2);
        vertex_faces[b as usize].push(f1);
        budget -= 1;
        queue.extend([(p, a), (a, q), (q, b), (b, p)].map(|(x, y)| (x.min(y), x.max(y))));
    }
}

/// Whether triangle `t` holds the directed edge `a → b`.
fn directed(t: [u32; 3], a: u32, b: u32) -> bool {
    (0..3).any(|k| t[k] == a && t[(k + 1) % 3] == b)
}
