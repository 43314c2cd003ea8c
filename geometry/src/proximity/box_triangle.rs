//! Closed-form box–triangle tests, the box centred at the origin and axis aligned.

use super::closest::{point_triangle, segment_segment};
use super::triangle::{PreparedTriangle, V3};

/// Whether the triangle meets the box `|x_i| <= h_i` (closed sets), by the separating-axis
/// theorem on the 13 candidate axes (box faces, triangle normal, edge cross products).
pub(crate) fn box_triangle_intersect(h: &V3, t: &PreparedTriangle) -> bool {
    let v = &t.v;
    // Box face axes: the triangle's bounding box against the box.
    for i in 0..3 {
        let lo = v[0][i].min(v[1][i]).min(v[2][i]);
        let hi = v[0][i].max(v[1][i]).max(v[2][i]);
        if lo > h[i] || hi < -h[i] {
            return false;
        }
    }
    // Triangle normal.
    let n = t.normal;
    let r = h.x * n.x.abs() + h.y * n.y.abs() + h.z * n.z.abs();
    if n.dot(&v[0]).abs() > r {
        return false;
    }
    // Edge cross products.
    let edges = [v[1] - v[0], v[2] - v[1], v[0] - v[2]];
    for f in &edges {
        for i in 0..3 {
            let mut axis = V3::zeros();
            // e_i x f
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            axis[j] = -f[k];
            axis[k] = f[j];
            let p0 = axis.dot(&v[0]);
            let p1 = axis.dot(&v[1]);
            let p2 = axis.dot(&v[2]);
            let r = h.x * axis.x.abs() + h.y * axis.y.abs() + h.z * axis.z.abs();
            if p0.min(p1).min(p2) > r || p0.max(p1).max(p2) < -r {
                return false;
            }
        }
    }
    true
}

/// The closest point of the box to `x` (clamping).
#[inline]
fn point_box(x: &V3, h: &V3) -> V3 {
    V3::new(
        x.x.clamp(-h.x, h.x),
        x.y.clamp(-h.y, h.y),
        x.z.clamp(-h.z, h.z),
    )
}

/// Distance between the triangle and the box with closest points `(distance, on triangle, on
/// box)`, or a common point twice when they intersect.
pub(crate) fn box_triangle_distance(h: &V3, t: &PreparedTriangle) -> (f64, V3, V3) {
    if box_triangle_intersect(h, t) {
        let x = clipped_centroid(h, &t.v).unwrap_or_else(|| {
            let (_, a, b) = features(h, t);
            (a + b) * 0.5
        });
        return (0.0, x, x);
    }
    let (d2, a, b) = features(h, t);
    (d2.sqrt(), a, b)
}

/// The smallest of the corner–box, corner–triangle and edge–edge distances (squared), with
/// the points on the triangle and on the box: the distance of disjoint convex polytopes is
/// reached on one of these feature pairs.
fn features(h: &V3, t: &PreparedTriangle) -> (f64, V3, V3) {
    let mut best = (f64::INFINITY, t.v[0], t.v[0]);
    for x in &t.v {
        let c = point_box(x, h);
        let d2 = (c - x).norm_squared();
        if d2 < best.0 {
            best = (d2, *x, c);
        }
    }
    let corner = |s: usize| {
        V3::new(
            if s & 1 == 0 { -h.x } else { h.x },
            if s & 2 == 0 { -h.y } else { h.y },
            if s & 4 == 0 { -h.z } else { h.z },
        )
    };
    for s in 0..8 {
        let c = corner(s);
        let p = point_triangle(&c, t);
        let d2 = (p - c).norm_squared();
        if d2 < best.0 {
            best = (d2, p, c);
        }
    }
    for s in 0..8 {
        for bit in [1usize, 2, 4] {
            if s & bit != 0 {
                continue;
            }
            let (c0, c1) = (corner(s), corner(s | bit));
            for k in 0..3 {
                let (d2, on_tri, on_box) = segment_segment(&t.v[k], &t.v[(k + 1) % 3], &c0, &c1);
                if d2 < best.0 {
                    best = (d2, on_tri, on_box);
                }
            }
        }
    }
    best
}

/// The centroid of the part of the triangle inside the box (Sutherland–Hodgman clipping), or
/// `None` when rounding leaves nothing.
fn clipped_centroid(h: &V3, v: &[V3; 3]) -> Option<V3> {
    let mut poly = [V3::zeros(); 9];
    let mut n = 3;
    poly[..3].copy_from_slice(v);
    let mut next = [V3::zeros(); 9];
    for axis in 0..3 {
        for sign in [1.0, -1.0] {
            // Keep sign * x[axis] <= h[axis].
            let inside = |p: &V3| sign * p[axis] <= h[axis];
            let mut m = 0;
            for i in 0..n {
                let (p, q) = (poly[i], poly[(i + 1) % n]);
                let (ip, iq) = (inside(&p), inside(&q));
                if ip && m < 9 {
                    next[m] = p;
                    m += 1;
                }
                if ip != iq && m < 9 {
                    let dp = sign * p[axis] - h[axis];
                    let dq = sign * q[axis] - h[axis];
                    let mut x = p + (q - p) * (dp / (dp - dq));
                    x[axis] = sign * h[axis];
                    next[m] = x;
                    m += 1;
                }
            }
            n = m;
            poly[..n].copy_from_slice(&next[..n]);
            if n == 0 {
                return None;
            }
        }
    }
    Some(poly[..n].iter().sum::<V3>() / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tri(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> PreparedTriangle {
        PreparedTriangle::new([V3::from(a), V3::from(b), V3::from(c)])
    }

    #[test]
    fn distances_to_a_unit_box() {
        let h = V3::new(1.0, 1.0, 1.0);
        // Above the top face.
        let (d, p, q) =
            box_triangle_distance(&h, &tri([0.0, 0.0, 3.0], [0.5, 0.0, 3.0], [0.0, 0.5, 4.0]));
        assert!((d - 2.0).abs() < 1e-15);
        assert!(
            (p - V3::new(0.0, 0.0, 3.0)).norm() < 1e-15
                && (q - V3::new(0.0, 0.0, 1.0)).norm() < 1e-15
        );
        // Facing a corner with its face: the triangle plane x + y + z = 6 is at 6/sqrt(3)
        // from the origin, the corner (1, 1, 1) at 3/sqrt(3) from it: distance sqrt(3).
        let (d, _, q) =
            box_triangle_distance(&h, &tri([6.0, 0.0, 0.0], [0.0, 6.0, 0.0], [0.0, 0.0, 6.0]));
        assert!((d - 3f64.sqrt()).abs() < 1e-14, "{d}");
        assert!((q - V3::new(1.0, 1.0, 1.0)).norm() < 1e-15);
        // Edge against edge: the box edge x = y = 1 and a horizontal edge above the diagonal.
        let s = 2f64.sqrt();
        let e = 0.5;
        let c = 1.0 + e / s;
        let (d, _, _) = box_triangle_distance(
            &h,
            &tri(
                [c + 1.0, c - 1.0, 0.0],
                [c - 1.0, c + 1.0, 0.0],
                [c + 5.0, c + 5.0, 0.0],
            ),
        );
        assert!((d - e).abs() < 1e-14, "{d}");
    }

    #[test]
    fn intersecting_triangles_give_a_point_inside_both() {
        let h = V3::new(1.0, 2.0, 0.5);
        let t = tri([-3.0, -3.0, 0.2], [3.0, -3.0, 0.2], [0.0, 4.0, 0.2]);
        let (d, p, q) = box_triangle_distance(&h, &t);
        assert_eq!(d, 0.0);
        assert_eq!(p, q);
        assert!(p.x.abs() <= 1.0 && p.y.abs() <= 2.0 && (p.z - 0.2).abs() < 1e-15);
        // A big triangle slicing the box with no vertex inside and no box corner inside it.
        let t = tri([-10.0, -10.0, -10.0], [10.0, -10.0, 10.0], [0.0, 10.0, 0.0]);
        assert!(box_triangle_intersect(&h, &t));
        let far = tri([5.0, 5.0, 5.0], [6.0, 5.0, 5.0], [5.0, 6.0, 5.0]);
        assert!(!box_triangle_intersect(&h, &far));
    }
}
