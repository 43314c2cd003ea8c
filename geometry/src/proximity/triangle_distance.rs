//! Exact triangle–triangle distance with witness points.
//!
//! Intersection is decided first by the exact predicate of
//! [`super::triangle_intersection`]: intersecting triangles are at distance 0 and their witness
//! is a common point (an edge crossing the other triangle, found in floating point). Otherwise
//! the closest pair lies on two edges or on a corner of one and the face of the other, so the
//! distance is the smallest of the nine edge–edge distances and of the heights of the corners
//! whose projections fall inside the other triangle. The search ends early at an edge pair
//! whose slab separates the two triangles (see [`settles`]), which then gives the distance to
//! within 1e-13 of the triangles' extent.

use std::cmp::Ordering;

use super::closest::segment_segment;
use super::exact::certified_or;
use super::exact::orient3d_exact;
use super::triangle::{PreparedTriangle, V3};
use super::triangle_intersection::triangles_intersect_with_signs;

/// Distance and closest points of two triangles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct TrianglePairDistance {
    /// Euclidean distance (0 when the triangles intersect).
    pub distance: f64,
    /// Closest point on the first triangle.
    pub point_a: V3,
    /// Closest point on the second triangle.
    pub point_b: V3,
}

/// Orientation signs and heights of the corners of `q` with respect to `p`'s plane.
struct SideInfo {
    signs: [Ordering; 3],
    heights: [f64; 3],
}

#[inline]
fn side_info(p: &PreparedTriangle, q: &PreparedTriangle) -> SideInfo {
    let mut signs = [Ordering::Equal; 3];
    let mut heights = [0.0; 3];
    for k in 0..3 {
        let (det, bound) = p.orientation_value(&q.v[k]);
        heights[k] = det * p.inv_norm;
        signs[k] = certified_or(det, bound, || {
            orient3d_exact(&p.v[0], &p.v[1], &p.v[2], &q.v[k])
        });
    }
    SideInfo { signs, heights }
}

/// The gap between `p`'s plane and `q` when `q` is strictly on one side (else 0).
#[inline]
fn plane_gap(p: &PreparedTriangle, info: &SideInfo) -> f64 {
    if !p.has_plane() {
        return 0.0;
    }
    let s = info.signs;
    let h = info.heights;
    if s.iter().all(|x| *x == Ordering::Greater) {
        h[0].min(h[1]).min(h[2]).max(0.0)
    } else if s.iter().all(|x| *x == Ordering::Less) {
        (-h[0]).min(-h[1]).min(-h[2]).max(0.0)
    } else {
        0.0
    }
}

/// Distance between two triangles, or `None` when it is known to exceed `stop` (a lower bound
/// from the planes already exceeds it). Pass `f64::INFINITY` to always get the distance.
pub(crate) fn triangle_distance(
    p: &PreparedTriangle,
    q: &PreparedTriangle,
    stop: f64,
) -> Option<TrianglePairDistance> {
    let q_side = side_info(p, q);
    if plane_gap(p, &q_side) > stop {
        return None;
    }
    let p_side = side_info(q, p);
    if plane_gap(q, &p_side) > stop {
        return None;
    }
    if triangles_intersect_with_signs(p, q, &q_side.signs, &p_side.signs) {
        let x = intersection_witness(p, q, &p_side.heights, &q_side.heights).unwrap_or_else(|| {
            let f = features(p, q);
            (f.1 + f.2) * 0.5
        });
        return Some(TrianglePairDistance {
            distance: 0.0,
            point_a: x,
            point_b: x,
        });
    }
    let (d2, a, b) = features(p, q);
    Some(TrianglePairDistance {
        distance: d2.sqrt(),
        point_a: a,
        point_b: b,
    })
}

/// Smallest distance over the edge pairs and the corner–face pairs: `(squared distance, on p,
/// on q)`. Correct for triangles that do not intersect. An edge pair that [`settles`] the
/// distance ends the search.
fn features(p: &PreparedTriangle, q: &PreparedTriangle) -> (f64, V3, V3) {
    let mut best = (f64::INFINITY, p.v[0], q.v[0]);
    for i in 0..3 {
        let (a0, a1) = (&p.v[i], &p.v[(i + 1) % 3]);
        for j in 0..3 {
            let r = segment_segment(a0, a1, &q.v[j], &q.v[(j + 1) % 3]);
            if r.0 < best.0 {
                best = r;
                if settles(p, q, &r) {
                    return best;
                }
            }
        }
    }
    if p.has_plane() {
        for x in &q.v {
            if p.projects_inside(x) {
                let h = p.unit_normal.dot(&(x - p.v[0]));
                if h * h < best.0 {
                    best = (h * h, x - p.unit_normal * h, *x);
                }
            }
        }
    }
    if q.has_plane() {
        for x in &p.v {
            if q.projects_inside(x) {
                let h = q.unit_normal.dot(&(x - q.v[0]));
                if h * h < best.0 {
                    best = (h * h, *x, x - q.unit_normal * h);
                }
            }
        }
    }
    best
}

/// How far, as a share of the triangles' extent, the distance of an edge pair accepted by
/// [`settles`] may exceed the triangles' distance.
const SETTLE: f64 = 1e-13;

/// Whether the closest points `x` (on `p`) and `y` (on `q`) of an edge pair give the
/// triangles' distance: whether `p` lies behind the plane through `x` normal to `g = y - x`
/// and `q` beyond the plane through `y`, so that the slab between them, of width `|g|`,
/// separates the triangles. With `m_p` the largest `(corner - x) . g` over the corners of `p`
/// and `m_q` the smallest `(corner - y) . g` over those of `q`, the triangles are at least
/// `|g| - (m_p - m_q) / |g|` apart; the pair is accepted when that shortfall is below
/// [`SETTLE`] times the largest corner offset, far above the rounding of the dot products
/// (exact arithmetic gives `m_p = m_q = 0` for a settling pair, for instance two parallel
/// faces) and far below the tolerance of the answers.
#[inline]
fn settles(p: &PreparedTriangle, q: &PreparedTriangle, closest: &(f64, V3, V3)) -> bool {
    let (d2, x, y) = closest;
    let g = y - x;
    let (mut behind, mut beyond, mut reach) = (f64::NEG_INFINITY, f64::INFINITY, 0.0f64);
    for k in 0..3 {
        let u = p.v[k] - x;
        let w = q.v[k] - y;
        behind = behind.max(u.dot(&g));
        beyond = beyond.min(w.dot(&g));
        reach = reach.max(u.norm_squared()).max(w.norm_squared());
    }
    let excess = behind - beyond;
    excess <= 0.0 || excess * excess <= SETTLE * SETTLE * d2 * reach
}

/// A common point of two intersecting triangles: the crossing of an edge of one with the
/// other triangle, chosen to lie best inside it. `None` for coplanar contacts.
fn intersection_witness(
    p: &PreparedTriangle,
    q: &PreparedTriangle,
    p_heights: &[f64; 3],
    q_heights: &[f64; 3],
) -> Option<V3> {
    let mut best: Option<(f64, V3)> = None;
    let mut consider = |e: &PreparedTriangle, h: &[f64; 3], t: &PreparedTriangle| {
        if !t.has_plane() {
            return;
        }
        for k in 0..3 {
            let l = (k + 1) % 3;
            let (hu, hv) = (h[k], h[l]);
            if hu * hv > 0.0 || hu == hv {
                continue;
            }
            let x = e.v[k] + (e.v[l] - e.v[k]) * (hu / (hu - hv));
            let outside = (0..3)
                .map(|m| -t.edge_inward[m].dot(&(x - t.v[m])))
                .fold(0.0f64, f64::max);
            if best.is_none_or(|(o, _)| outside < o) {
                best = Some((outside, x));
            }
        }
    };
    consider(p, p_heights, q);
    consider(q, q_heights, p);
    best.map(|(_, x)| x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;

    fn tri(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> PreparedTriangle {
        PreparedTriangle::new([V3::from(a), V3::from(b), V3::from(c)])
    }

    fn dist(p: &PreparedTriangle, q: &PreparedTriangle) -> TrianglePairDistance {
        triangle_distance(p, q, f64::INFINITY).expect("no stop")
    }

    #[test]
    fn parallel_faces_at_known_distance() {
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        let q = tri([0.1, 0.1, 0.5], [0.3, 0.1, 0.5], [0.1, 0.3, 0.5]);
        let r = dist(&p, &q);
        assert!((r.distance - 0.5).abs() < 1e-15);
        assert!((r.point_b.z - 0.5).abs() < 1e-15 && r.point_a.z.abs() < 1e-15);
        assert!(triangle_distance(&p, &q, 0.4).is_none());
    }

    #[test]
    fn edge_edge_and_vertex_cases() {
        // Perpendicular edges: x-axis edge of p, and an edge of q above it along y.
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, -1.0, 0.0]);
        let q = tri([0.5, -0.5, 0.2], [0.5, 0.5, 0.2], [0.5, 0.0, 1.0]);
        let r = dist(&p, &q);
        assert!((r.distance - 0.2).abs() < 1e-15, "{}", r.distance);
        assert!((r.point_a - V3::new(0.5, 0.0, 0.0)).norm() < 1e-15);
    }

    #[test]
    fn intersecting_pairs_are_at_zero_with_common_witness() {
        let a = tri([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
        let b = tri([0.0, 0.5, -1.0], [0.0, 0.5, 1.0], [0.0, -1.5, 0.0]);
        let r = dist(&a, &b);
        assert_eq!(r.distance, 0.0);
        assert_eq!(r.point_a, r.point_b);
        // The witness is on both triangles: in a's plane z = 0 and b's plane x = 0.
        assert!(r.point_a.z.abs() < 1e-15 && r.point_a.x.abs() < 1e-15);
    }

    /// The search without the early end: every edge pair and every corner over a face.
    fn every_feature(p: &PreparedTriangle, q: &PreparedTriangle) -> f64 {
        let mut best = f64::INFINITY;
        for i in 0..3 {
            for j in 0..3 {
                let r = segment_segment(&p.v[i], &p.v[(i + 1) % 3], &q.v[j], &q.v[(j + 1) % 3]);
                best = best.min(r.0);
            }
        }
        for (s, t) in [(p, q), (q, p)] {
            if s.has_plane() {
                for x in &t.v {
                    if s.projects_inside(x) {
                        let h = s.unit_normal.dot(&(x - s.v[0]));
                        best = best.min(h * h);
                    }
                }
            }
        }
        best.sqrt()
    }

    /// Ending at a settling edge pair never changes the distance beyond 1e-13 of the
    /// triangles' extent (here about 1): random pairs, pairs with a corner 1e-10 off the
    /// opposite edge (slivers), points near a sliver, and near-parallel faces, whose settling
    /// test sits at the edge of rounding. The early end is taken for most ordinary pairs.
    #[test]
    fn settling_edge_pairs_give_the_full_search_distance() {
        let mut rnd = uniform_stream(1);
        let off = V3::new(1e-10, -1e-10, 2e-10);
        let (mut compared, mut settled) = (0, 0);
        for it in 0..100_000 {
            let mut v: Vec<V3> = (0..6).map(|_| V3::new(rnd(), rnd(), rnd())).collect();
            match it % 4 {
                1 => v[5] = v[3] + (v[4] - v[3]) * rnd().abs() + off,
                2 => {
                    v[5] = v[3] + (v[4] - v[3]) * rnd().abs() + off;
                    let (s, u) = (rnd().abs() * 0.5, rnd().abs() * 0.5);
                    v[0] = v[3] + (v[4] - v[3]) * s + (v[5] - v[3]) * u + off * rnd();
                    (v[1], v[2]) = (v[0], v[0]);
                }
                3 => {
                    // Two faces in planes z = 0 and z = h, tilted by at most 1e-9.
                    let h = 1e-3 * (1.0 + rnd());
                    for k in 0..3 {
                        v[k].z = 1e-9 * rnd();
                        v[k + 3].z = h + 1e-9 * rnd();
                    }
                }
                _ => {}
            }
            let p = PreparedTriangle::new([v[0], v[1], v[2]]);
            let q = PreparedTriangle::new([v[3], v[4], v[5]]);
            let (sq, sp) = (side_info(&p, &q), side_info(&q, &p));
            if triangles_intersect_with_signs(&p, &q, &sq.signs, &sp.signs) {
                continue;
            }
            let (d2, _, _) = features(&p, &q);
            let full = every_feature(&p, &q);
            assert!(
                (d2.sqrt() - full).abs() <= 1e-13 * 4.0,
                "case {it}: {} against {full}",
                d2.sqrt()
            );
            compared += 1;
            settled += usize::from((0..9).any(|k| {
                let (i, j) = (k / 3, k % 3);
                let r = segment_segment(&p.v[i], &p.v[(i + 1) % 3], &q.v[j], &q.v[(j + 1) % 3]);
                settles(&p, &q, &r)
            }));
        }
        assert!(compared > 50_000, "{compared} pairs compared");
        assert!(settled > compared / 4, "{settled} of {compared} settled");
    }
}
