//! Closest points between points, segments and triangles (closed forms).

use super::triangle::{PreparedTriangle, V3};

/// The closest point to `x` on the closed segment `ab` (a point when `a == b`).
#[inline]
pub(crate) fn point_segment(x: &V3, a: &V3, b: &V3) -> V3 {
    let ab = b - a;
    let len2 = ab.norm_squared();
    if len2 > 0.0 {
        let t = (ab.dot(&(x - a)) / len2).clamp(0.0, 1.0);
        a + ab * t
    } else {
        *a
    }
}

/// Closest points of the closed segments `p1q1` and `p2q2`: `(squared distance, on first,
/// on second)`. Zero-length segments are points.
///
/// Minimises `|p1 + s d1 - p2 - t d2|^2` over the unit square: the unconstrained optimum in
/// `s` (or `s = 0` for parallel segments), then `t` for that `s` clamped, then `s` again for a
/// clamped `t`. The objective is convex, so the result is the global minimum.
#[inline]
pub(crate) fn segment_segment(p1: &V3, q1: &V3, p2: &V3, q2: &V3) -> (f64, V3, V3) {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.norm_squared();
    let e = d2.norm_squared();
    let f = d2.dot(&r);
    let (s, t);
    if a <= 0.0 && e <= 0.0 {
        s = 0.0;
        t = 0.0;
    } else if a <= 0.0 {
        s = 0.0;
        t = (f / e).clamp(0.0, 1.0);
    } else {
        let c = d1.dot(&r);
        if e <= 0.0 {
            t = 0.0;
            s = (-c / a).clamp(0.0, 1.0);
        } else {
            let b = d1.dot(&d2);
            let denom = a * e - b * b;
            let s0 = if denom > 0.0 {
                ((b * f - c * e) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let t0 = (b * s0 + f) / e;
            if t0 < 0.0 {
                t = 0.0;
                s = (-c / a).clamp(0.0, 1.0);
            } else if t0 > 1.0 {
                t = 1.0;
                s = ((b - c) / a).clamp(0.0, 1.0);
            } else {
                t = t0;
                s = s0;
            }
        }
    }
    let c1 = p1 + d1 * s;
    let c2 = p2 + d2 * t;
    ((c1 - c2).norm_squared(), c1, c2)
}

/// The closest point to `x` on the closed triangle: the projection on the plane when it falls
/// inside, else the closest point of the three edges (also the rule for slivers).
#[inline]
pub(crate) fn point_triangle(x: &V3, t: &PreparedTriangle) -> V3 {
    if t.has_plane() && t.projects_inside(x) {
        let h = t.unit_normal.dot(&(x - t.v[0]));
        return x - t.unit_normal * h;
    }
    let mut best = point_segment(x, &t.v[0], &t.v[1]);
    let mut best_d = (best - x).norm_squared();
    for k in 1..3 {
        let c = point_segment(x, &t.v[k], &t.v[(k + 1) % 3]);
        let d = (c - x).norm_squared();
        if d < best_d {
            best_d = d;
            best = c;
        }
    }
    best
}

/// Closest points of the closed segment `ab` and the closed triangle `t`:
/// `(distance, on segment, on triangle)`. A segment crossing the triangle gives distance 0 and
/// the crossing point twice.
pub(crate) fn segment_triangle(a: &V3, b: &V3, t: &PreparedTriangle) -> (f64, V3, V3) {
    if t.has_plane() {
        let ha = t.unit_normal.dot(&(a - t.v[0]));
        let hb = t.unit_normal.dot(&(b - t.v[0]));
        if ha * hb <= 0.0 && ha != hb {
            let x = a + (b - a) * (ha / (ha - hb));
            if t.projects_inside(&x) {
                return (0.0, x, x);
            }
        }
    }
    let mut best = (f64::INFINITY, *a, *a);
    for k in 0..3 {
        let (d2, cs, ct) = segment_segment(a, b, &t.v[k], &t.v[(k + 1) % 3]);
        if d2 < best.0 {
            best = (d2, cs, ct);
        }
    }
    if t.has_plane() {
        for e in [a, b] {
            if t.projects_inside(e) {
                let h = t.unit_normal.dot(&(e - t.v[0]));
                if h * h < best.0 {
                    best = (h * h, *e, e - t.unit_normal * h);
                }
            }
        }
    }
    (best.0.sqrt(), best.1, best.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> V3 {
        V3::new(x, y, z)
    }

    #[test]
    fn segment_segment_closed_forms() {
        // Skew perpendicular segments one unit apart along z.
        let (d2, c1, c2) = segment_segment(
            &v(-1.0, 0.0, 0.0),
            &v(1.0, 0.0, 0.0),
            &v(0.5, -1.0, 1.0),
            &v(0.5, 1.0, 1.0),
        );
        assert!((d2 - 1.0).abs() < 1e-15);
        assert!((c1 - v(0.5, 0.0, 0.0)).norm() < 1e-15);
        assert!((c2 - v(0.5, 0.0, 1.0)).norm() < 1e-15);
        // Parallel overlapping segments at distance 2.
        let (d2, _, _) = segment_segment(
            &v(0.0, 0.0, 0.0),
            &v(2.0, 0.0, 0.0),
            &v(1.0, 2.0, 0.0),
            &v(3.0, 2.0, 0.0),
        );
        assert!((d2 - 4.0).abs() < 1e-15);
        // Collinear disjoint: end to end.
        let (d2, _, _) = segment_segment(
            &v(0.0, 0.0, 0.0),
            &v(1.0, 0.0, 0.0),
            &v(3.0, 0.0, 0.0),
            &v(2.0, 0.0, 0.0),
        );
        assert!((d2 - 1.0).abs() < 1e-15);
        // Point against segment.
        let (d2, _, _) = segment_segment(
            &v(0.5, 3.0, 0.0),
            &v(0.5, 3.0, 0.0),
            &v(0.0, 0.0, 0.0),
            &v(1.0, 0.0, 0.0),
        );
        assert!((d2 - 9.0).abs() < 1e-15);
    }

    #[test]
    fn point_triangle_regions() {
        let t = PreparedTriangle::new([v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0)]);
        assert!((point_triangle(&v(0.5, 0.5, 3.0), &t) - v(0.5, 0.5, 0.0)).norm() < 1e-15);
        assert!((point_triangle(&v(-1.0, -1.0, 1.0), &t) - v(0.0, 0.0, 0.0)).norm() < 1e-15);
        assert!((point_triangle(&v(2.0, 2.0, 0.0), &t) - v(1.0, 1.0, 0.0)).norm() < 1e-15);
        // A collinear triangle behaves as its longest edge.
        let s = PreparedTriangle::new([v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(1.0, 0.0, 0.0)]);
        assert!((point_triangle(&v(1.5, 1.0, 0.0), &s) - v(1.5, 0.0, 0.0)).norm() < 1e-15);
    }

    #[test]
    fn segment_triangle_cases() {
        let t = PreparedTriangle::new([v(0.0, 0.0, 0.0), v(2.0, 0.0, 0.0), v(0.0, 2.0, 0.0)]);
        let (d, x, y) = segment_triangle(&v(0.5, 0.5, -1.0), &v(0.5, 0.5, 1.0), &t);
        assert_eq!(d, 0.0);
        assert_eq!(x, y);
        let (d, _, _) = segment_triangle(&v(0.5, 0.5, 1.0), &v(0.5, 0.5, 3.0), &t);
        assert!((d - 1.0).abs() < 1e-15);
        let (d, _, _) = segment_triangle(&v(3.0, -1.0, 0.5), &v(3.0, 1.0, 0.5), &t);
        assert!((d - (1.0f64 + 0.25).sqrt()).abs() < 1e-15);
    }
}
