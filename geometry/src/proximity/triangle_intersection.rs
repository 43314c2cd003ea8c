//! Exact triangle–triangle intersection test.
//!
//! Triangles are closed sets: touching at a vertex or along an edge counts as intersecting.
//! Every decision is an exact orientation sign (certified floating point with an exact
//! fallback), so the answer is the exact one for the given floating-point corners, including
//! coplanar pairs and degenerate (collinear or point-like) triangles.
//!
//! Method: if all corners of one triangle lie strictly on one side of the other's plane the
//! triangles are apart. Otherwise, for non-coplanar pairs, the intersection (a segment of the
//! line common to both planes) has its ends on edges, so the pair intersects if and only if an
//! edge of one crosses the other triangle; an edge crosses a triangle when its ends are not
//! strictly on one side of the plane and the line through it passes inside the three edges
//! (three orientation signs that agree). Coplanar pairs and edges lying in the other plane are
//! settled by exact 2-D tests in a coordinate projection that keeps the plane one-to-one.

use std::cmp::Ordering;

use super::exact::{collinear3, orient2d, orient3d};
use super::triangle::{PreparedTriangle, V3};

/// Whether two prepared triangles intersect (closed sets, exact).
pub(crate) fn triangles_intersect(p: &PreparedTriangle, q: &PreparedTriangle) -> bool {
    let oq = [
        p.orientation(&q.v[0]),
        p.orientation(&q.v[1]),
        p.orientation(&q.v[2]),
    ];
    if strictly_one_side(&oq) {
        return false;
    }
    let op = [
        q.orientation(&p.v[0]),
        q.orientation(&p.v[1]),
        q.orientation(&p.v[2]),
    ];
    triangles_intersect_with_signs(p, q, &oq, &op)
}

/// The same test given the orientation signs of `q`'s corners with respect to `p`'s plane
/// (`oq`) and of `p`'s corners with respect to `q`'s plane (`op`).
pub(crate) fn triangles_intersect_with_signs(
    p: &PreparedTriangle,
    q: &PreparedTriangle,
    oq: &[Ordering; 3],
    op: &[Ordering; 3],
) -> bool {
    if strictly_one_side(oq) || strictly_one_side(op) {
        return false;
    }
    let q_in_p_plane = oq.iter().all(|s| *s == Ordering::Equal);
    let p_in_q_plane = op.iter().all(|s| *s == Ordering::Equal);
    match (q_in_p_plane, p_in_q_plane) {
        (false, false) => {
            // Both triangles have a plane and the planes differ.
            edges_cross(p, op, q) || edges_cross(q, oq, p)
        }
        // Every orientation against p vanishes but not against q: p is degenerate.
        (true, false) => edges_cross(p, op, q),
        // And conversely: q is degenerate.
        (false, true) => edges_cross(q, oq, p),
        (true, true) => coplanar_or_degenerate(p, q),
    }
}

/// Whether all three signs are strictly positive or all strictly negative.
#[inline]
fn strictly_one_side(s: &[Ordering; 3]) -> bool {
    (s[0] == Ordering::Greater && s[1] == Ordering::Greater && s[2] == Ordering::Greater)
        || (s[0] == Ordering::Less && s[1] == Ordering::Less && s[2] == Ordering::Less)
}

/// Whether some edge of `e` meets the non-degenerate triangle `t`, given the orientation
/// signs `s` of `e`'s corners with respect to `t`'s plane.
fn edges_cross(e: &PreparedTriangle, s: &[Ordering; 3], t: &PreparedTriangle) -> bool {
    (0..3).any(|k| {
        let l = (k + 1) % 3;
        segment_meets_triangle(&e.v[k], &e.v[l], s[k], s[l], t)
    })
}

/// Whether the closed segment `uv` meets the closed, non-degenerate triangle `t`, given the
/// orientation signs of `u` and `v` with respect to `t`'s plane.
fn segment_meets_triangle(
    u: &V3,
    v: &V3,
    su: Ordering,
    sv: Ordering,
    t: &PreparedTriangle,
) -> bool {
    if su != Ordering::Equal && su == sv {
        return false;
    }
    if su == Ordering::Equal && sv == Ordering::Equal {
        let axis = drop_axis(&t.normal);
        return segment_meets_triangle_2d(
            project(u, axis),
            project(v, axis),
            &t.v.map(|x| project(&x, axis)),
        );
    }
    // The line through u and v crosses the plane inside the segment; it passes through the
    // closed triangle when its three orientations against the edges do not disagree.
    let s0 = orient3d(u, v, &t.v[0], &t.v[1]);
    let s1 = orient3d(u, v, &t.v[1], &t.v[2]);
    let s2 = orient3d(u, v, &t.v[2], &t.v[0]);
    no_disagreement(s0, s1, s2)
}

/// True when the three signs contain no strictly positive and strictly negative pair.
#[inline]
fn no_disagreement(a: Ordering, b: Ordering, c: Ordering) -> bool {
    let pos = a == Ordering::Greater || b == Ordering::Greater || c == Ordering::Greater;
    let neg = a == Ordering::Less || b == Ordering::Less || c == Ordering::Less;
    !(pos && neg)
}

/// The coordinate to drop so that projecting a plane with (approximate) normal `n` on the other
/// two is one-to-one: the axis of the largest normal component.
#[inline]
fn drop_axis(n: &V3) -> usize {
    let a = n.abs();
    if a.x >= a.y && a.x >= a.z {
        0
    } else if a.y >= a.z {
        1
    } else {
        2
    }
}

#[inline]
fn project(x: &V3, axis: usize) -> [f64; 2] {
    match axis {
        0 => [x.y, x.z],
        1 => [x.z, x.x],
        _ => [x.x, x.y],
    }
}

/// Exact closed point-in-triangle test in 2-D (the triangle must not be degenerate).
fn point_in_triangle_2d(x: [f64; 2], t: &[[f64; 2]; 3]) -> bool {
    no_disagreement(
        orient2d(t[0], t[1], x),
        orient2d(t[1], t[2], x),
        orient2d(t[2], t[0], x),
    )
}

/// Whether `c` lies in the axis-aligned box of `a` and `b` (used for collinear points).
#[inline]
fn within_box(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> bool {
    c[0] >= a[0].min(b[0])
        && c[0] <= a[0].max(b[0])
        && c[1] >= a[1].min(b[1])
        && c[1] <= a[1].max(b[1])
}

/// Exact closed segment–segment intersection test in 2-D (segments may be points).
fn segments_meet_2d(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let o1 = orient2d(a, b, c);
    let o2 = orient2d(a, b, d);
    let o3 = orient2d(c, d, a);
    let o4 = orient2d(c, d, b);
    let opposite = |x: Ordering, y: Ordering| {
        (x == Ordering::Greater && y == Ordering::Less)
            || (x == Ordering::Less && y == Ordering::Greater)
    };
    if opposite(o1, o2) && opposite(o3, o4) {
        return true;
    }
    (o1 == Ordering::Equal && within_box(a, b, c))
        || (o2 == Ordering::Equal && within_box(a, b, d))
        || (o3 == Ordering::Equal && within_box(c, d, a))
        || (o4 == Ordering::Equal && within_box(c, d, b))
}

/// Exact closed segment–triangle intersection in 2-D (the triangle must not be degenerate).
fn segment_meets_triangle_2d(u: [f64; 2], v: [f64; 2], t: &[[f64; 2]; 3]) -> bool {
    point_in_triangle_2d(u, t) || (0..3).any(|k| segments_meet_2d(u, v, t[k], t[(k + 1) % 3]))
}

/// Pairs where every orientation vanishes: coplanar triangles, or one or both degenerate.
fn coplanar_or_degenerate(p: &PreparedTriangle, q: &PreparedTriangle) -> bool {
    let p_flat = collinear3(&p.v[0], &p.v[1], &p.v[2]);
    let q_flat = collinear3(&q.v[0], &q.v[1], &q.v[2]);
    match (p_flat, q_flat) {
        (false, false) => {
            let axis = drop_axis(&p.normal);
            let pp = p.v.map(|x| project(&x, axis));
            let qq = q.v.map(|x| project(&x, axis));
            point_in_triangle_2d(pp[0], &qq)
                || point_in_triangle_2d(qq[0], &pp)
                || (0..3).any(|i| {
                    (0..3).any(|j| segments_meet_2d(pp[i], pp[(i + 1) % 3], qq[j], qq[(j + 1) % 3]))
                })
        }
        (true, false) => degenerate_meets_triangle(p, q),
        (false, true) => degenerate_meets_triangle(q, p),
        (true, true) => (0..3).any(|i| {
            (0..3).any(|j| segments_meet_3d(&p.v[i], &p.v[(i + 1) % 3], &q.v[j], &q.v[(j + 1) % 3]))
        }),
    }
}

/// A collinear triangle `d` (a segment or a point) against a non-degenerate triangle `t`
/// whose plane contains it.
fn degenerate_meets_triangle(d: &PreparedTriangle, t: &PreparedTriangle) -> bool {
    let axis = drop_axis(&t.normal);
    let tt = t.v.map(|x| project(&x, axis));
    (0..3).any(|k| {
        segment_meets_triangle_2d(
            project(&d.v[k], axis),
            project(&d.v[(k + 1) % 3], axis),
            &tt,
        )
    })
}

/// Exact closed segment–segment intersection in 3-D.
fn segments_meet_3d(a: &V3, b: &V3, c: &V3, d: &V3) -> bool {
    if orient3d(a, b, c, d) != Ordering::Equal {
        return false;
    }
    // The four points are coplanar: find a projection that is one-to-one on their plane (or
    // on their line when they are collinear).
    let candidates = [
        (b - a).cross(&(c - a)),
        (b - a).cross(&(d - a)),
        (d - c).cross(&(a - c)),
        (d - c).cross(&(b - c)),
    ];
    let normal = candidates
        .iter()
        .copied()
        .max_by(|x, y| x.norm_squared().total_cmp(&y.norm_squared()))
        .unwrap_or_else(V3::zeros);
    let axis = if normal != V3::zeros() {
        drop_axis(&normal)
    } else {
        // Collinear (or coincident) points: drop the axis the line is least aligned with.
        let dirs = [b - a, d - c, c - a, d - a];
        let dir = dirs
            .iter()
            .copied()
            .max_by(|x, y| x.norm_squared().total_cmp(&y.norm_squared()))
            .unwrap_or_else(V3::zeros);
        let m = dir.abs();
        if m.x <= m.y && m.x <= m.z {
            0
        } else if m.y <= m.z {
            1
        } else {
            2
        }
    };
    segments_meet_2d(
        project(a, axis),
        project(b, axis),
        project(c, axis),
        project(d, axis),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tri(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> PreparedTriangle {
        PreparedTriangle::new([V3::from(a), V3::from(b), V3::from(c)])
    }

    #[test]
    fn crossing_and_separated_pairs() {
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        // A triangle piercing p's interior.
        let q = tri([0.2, 0.2, -1.0], [0.2, 0.2, 1.0], [0.3, 0.25, 1.0]);
        assert!(triangles_intersect(&p, &q));
        assert!(triangles_intersect(&q, &p));
        // The same shifted beyond p's hypotenuse.
        let r = tri([0.6, 0.6, -1.0], [0.6, 0.6, 1.0], [0.7, 0.65, 1.0]);
        assert!(!triangles_intersect(&p, &r));
        // Chain links: each pierces the other, no vertex inside.
        let a = tri([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 2.0, 0.0]);
        let b = tri([0.0, 0.5, -1.0], [0.0, 0.5, 1.0], [0.0, -1.5, 0.0]);
        assert!(triangles_intersect(&a, &b));
    }

    #[test]
    fn touching_counts_as_intersecting() {
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        // Vertex exactly on p's face.
        let q = tri([0.25, 0.25, 0.0], [0.25, 0.25, 1.0], [0.5, 0.0, 1.0]);
        assert!(triangles_intersect(&p, &q));
        // Edge on edge (shared edge, different planes).
        let r = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 0.0, 1.0]);
        assert!(triangles_intersect(&p, &r));
        // Lifted by the smallest amount: apart.
        let s = tri([0.25, 0.25, 1e-300], [0.25, 0.25, 1.0], [0.5, 0.0, 1.0]);
        assert!(!triangles_intersect(&p, &s));
    }

    #[test]
    fn coplanar_pairs() {
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        let overlapping = tri([0.5, 0.5, 0.0], [-0.5, 0.5, 0.0], [0.5, -0.5, 0.0]);
        assert!(triangles_intersect(&p, &overlapping));
        let nested = tri([0.1, 0.1, 0.0], [0.2, 0.1, 0.0], [0.1, 0.2, 0.0]);
        assert!(triangles_intersect(&p, &nested));
        assert!(triangles_intersect(&nested, &p));
        let apart = tri([0.6, 0.6, 0.0], [1.0, 0.6, 0.0], [0.6, 1.0, 0.0]);
        assert!(!triangles_intersect(&p, &apart));
        let touching = tri([0.5, 0.5, 0.0], [1.0, 0.5, 0.0], [0.5, 1.0, 0.0]);
        assert!(triangles_intersect(&p, &touching));
    }

    #[test]
    fn degenerate_triangles() {
        let p = tri([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]);
        // A needle (collinear corners) piercing p.
        let needle = tri([0.25, 0.25, -1.0], [0.25, 0.25, 1.0], [0.25, 0.25, 0.5]);
        assert!(triangles_intersect(&p, &needle));
        assert!(triangles_intersect(&needle, &p));
        let miss = tri([0.75, 0.75, -1.0], [0.75, 0.75, 1.0], [0.75, 0.75, 0.5]);
        assert!(!triangles_intersect(&p, &miss));
        // A needle lying in p's plane, crossing its hypotenuse.
        let flat = tri([0.4, 0.4, 0.0], [0.8, 0.8, 0.0], [0.6, 0.6, 0.0]);
        assert!(triangles_intersect(&p, &flat));
        // A point on p's edge.
        let point = tri([0.5, 0.0, 0.0], [0.5, 0.0, 0.0], [0.5, 0.0, 0.0]);
        assert!(triangles_intersect(&p, &point));
        // Two crossing needles and two skew ones.
        let n1 = tri([-1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]);
        let n2 = tri([0.0, -1.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.5, 0.0]);
        assert!(triangles_intersect(&n1, &n2));
        let n3 = tri([0.0, -1.0, 0.5], [0.0, 1.0, 0.5], [0.0, 0.5, 0.5]);
        assert!(!triangles_intersect(&n1, &n3));
    }
}
