//! GJK distance between a triangle and a convex shape given by its support function.
//!
//! The Minkowski difference `triangle - shape` is explored with support points; the closest
//! point of the current simplex to the origin (Johnson's sub-algorithm, by regions) gives an
//! upper bound `|v|` on the distance and each new support point `w` a lower bound
//! `v . w / |v|`. The iteration stops when the two are within the tolerance, when the
//! simplex encloses the origin (intersection) or when no progress is possible.

use super::triangle::V3;

/// Largest number of GJK iterations.
const MAX_ITERATIONS: usize = 128;

/// The outcome of [`gjk_triangle`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum GjkResult {
    /// The shapes share a point (returned, on the triangle).
    Intersecting(V3),
    /// The shapes are apart: distance and closest points on each.
    Separated {
        /// Distance (within the tolerance).
        distance: f64,
        /// Closest point on the triangle.
        on_a: V3,
        /// Closest point on the shape.
        on_b: V3,
    },
}

#[derive(Debug, Clone, Copy)]
struct Vertex {
    w: V3,
    a: V3,
    b: V3,
}

/// Distance between the triangle `tri` and the convex shape with support function `support`
/// (both in the same frame), to the absolute tolerance `tol`.
pub(crate) fn gjk_triangle(tri: &[V3; 3], support: impl Fn(&V3) -> V3, tol: f64) -> GjkResult {
    let support_tri = |d: &V3| {
        let k0 = tri[0].dot(d);
        let k1 = tri[1].dot(d);
        let k2 = tri[2].dot(d);
        if k0 >= k1 && k0 >= k2 {
            tri[0]
        } else if k1 >= k2 {
            tri[1]
        } else {
            tri[2]
        }
    };
    let vertex = |v: &V3| {
        let a = support_tri(&(-v));
        let b = support(v);
        Vertex { w: a - b, a, b }
    };
    let mut v = (tri[0] + tri[1] + tri[2]) / 3.0;
    if v.norm_squared() == 0.0 {
        v = V3::x();
    }
    let mut simplex = [vertex(&v); 4];
    let mut n = 1;
    let mut lambda = [1.0, 0.0, 0.0, 0.0];
    v = simplex[0].w;
    let scale = tri.iter().map(|x| x.amax()).fold(0.0f64, f64::max) + simplex[0].b.amax();
    let tiny = 1e-15 * scale.max(f64::MIN_POSITIVE);
    for _ in 0..MAX_ITERATIONS {
        let vv = v.norm_squared();
        if vv <= tiny * tiny {
            return GjkResult::Intersecting(combine(&simplex, &lambda, n, |x| x.a));
        }
        let next = vertex(&v);
        let vw = v.dot(&next.w);
        let gap = vv - vw;
        let duplicate = simplex[..n]
            .iter()
            .any(|s| (s.w - next.w).norm_squared() <= tiny * tiny);
        if (vw > 0.0 && gap <= tol * vv.sqrt()) || duplicate {
            break;
        }
        let mut candidate = simplex;
        candidate[n] = next;
        let (new_v, new_n, new_lambda, enclosed) = closest_on_simplex(&mut candidate, n + 1);
        if enclosed {
            return GjkResult::Intersecting(combine(&candidate, &new_lambda, new_n, |x| x.a));
        }
        if new_v.norm_squared() >= vv {
            // No progress (rounding): keep the previous, better simplex.
            break;
        }
        simplex = candidate;
        v = new_v;
        n = new_n;
        lambda = new_lambda;
    }
    let on_a = combine(&simplex, &lambda, n, |x| x.a);
    let on_b = combine(&simplex, &lambda, n, |x| x.b);
    GjkResult::Separated {
        distance: (on_a - on_b).norm(),
        on_a,
        on_b,
    }
}

/// Largest number of iterations of [`separation_bound`]: it is called on hierarchy nodes and
/// stops at the first certified answer; a few iterations settle boxes. Near contact most calls
/// cannot certify the limit (the hulls nearly meet) and run to this cap: on the Solo-12
/// shoulder grid, 6 instead of 12 took the slowest upper-leg cells from 207–219 to 146–153 us
/// (hind left), medians within 3 %; 4 made medians 10–20 % slower.
const MAX_BOUND_ITERATIONS: usize = 6;

/// Which of two convex sets meets the other at a single corner: where GJK's last simplex took
/// the same support point of that set at every vertex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Corner {
    /// Neither, or both.
    #[default]
    Neither,
    /// The first set.
    A,
    /// The second set.
    B,
}

/// A certified lower bound on the distance between two convex sets `A` and `B` (by their
/// support functions, in one frame), with the unit direction from `A` towards `B` it was
/// taken along (the sets' slabs along it are that far apart) and the set that meets the other
/// at a single corner there, when one does. `start` is a point of `A - B`
/// (the difference of two interior points, such as centres). GJK's iterates give the bound
/// (each support point `w` of `A - B` against the iterate `v` bounds the distance below by
/// `v . w / |v|`); it stops once the bound exceeds `stop`, once `|v|` (an upper bound) shows it
/// never will, or once the two meet. A bound of at most zero means nothing was certified.
pub(crate) fn separation_bound(
    support_a: impl Fn(&V3) -> V3,
    support_b: impl Fn(&V3) -> V3,
    start: V3,
    stop: f64,
) -> (f64, V3, Corner) {
    let vertex = |v: &V3| {
        let a = support_a(&(-v));
        let b = support_b(v);
        Vertex { w: a - b, a, b }
    };
    let mut best = (f64::NEG_INFINITY, V3::zeros(), Corner::Neither);
    let mut v = start;
    if v.norm_squared() == 0.0 {
        return best;
    }
    let mut simplex = [vertex(&v); 4];
    let mut n = 1;
    // The slabs along the start direction itself, from the first two support points: when the
    // start is an earlier test's separating direction (the parent pair's, or a front pair's
    // carried from the last query), they often clear `stop` already, and the iterations are
    // saved. The bound is then taken along the start rather than GJK's direction, and fronts
    // carry it less far: on the Solo-12 shoulder grid, 5-7 % more bounding-volume tests, but
    // the upper legs' mean query 6-9 % faster (returning only past 1.25 or 1.5 times `stop`
    // kept the tests as before and was slower). Below `stop`, the iterations decide, and
    // report the corner they find.
    let norm = v.norm();
    let along_start = v.dot(&simplex[0].w) / norm;
    if along_start > stop {
        return (along_start, -v / norm, Corner::Neither);
    }
    v = simplex[0].w;
    for _ in 0..MAX_BOUND_ITERATIONS {
        let vv = v.norm_squared();
        if vv == 0.0 {
            break;
        }
        let norm = vv.sqrt();
        let next = vertex(&v);
        let vw = v.dot(&next.w);
        let bound = vw / norm;
        if bound > best.0 {
            let same_a = simplex[..n].iter().all(|x| x.a == simplex[0].a);
            let same_b = simplex[..n].iter().all(|x| x.b == simplex[0].b);
            let corner = match (same_a, same_b) {
                (true, false) => Corner::A,
                (false, true) => Corner::B,
                _ => Corner::Neither,
            };
            best = (bound, -v / norm, corner);
            if bound > stop {
                break;
            }
        }
        // |v| bounds the distance above: the bound can no longer pass `stop`; or converged.
        if norm <= stop || vv - vw <= 1e-12 * vv {
            break;
        }
        let mut candidate = simplex;
        candidate[n] = next;
        let (new_v, new_n, _, enclosed) = closest_on_simplex(&mut candidate, n + 1);
        if enclosed || new_v.norm_squared() >= vv {
            break;
        }
        simplex = candidate;
        v = new_v;
        n = new_n;
    }
    best
}

fn combine(s: &[Vertex; 4], lambda: &[f64; 4], n: usize, f: impl Fn(&Vertex) -> V3) -> V3 {
    (0..n).map(|i| f(&s[i]) * lambda[i]).sum()
}

/// Closest point of the simplex `s[..n]` to the origin: `(point, vertices kept, their
/// barycentric weights, origin enclosed)`. The kept vertices are moved to the front.
fn closest_on_simplex(s: &mut [Vertex; 4], n: usize) -> (V3, usize, [f64; 4], bool) {
    match n {
        2 => {
            let (p, bary, keep) = closest_on_segment(&s[0].w, &s[1].w);
            let (m, lam) = compact(s, &bary, &keep, 2);
            (p, m, lam, false)
        }
        3 => {
            let (p, bary, keep) = closest_on_triangle(&s[0].w, &s[1].w, &s[2].w);
            let (m, lam) = compact(s, &bary, &keep, 3);
            (p, m, lam, false)
        }
        _ => closest_on_tetrahedron(s),
    }
}

/// Keeps the vertices with a positive weight, compacting weights alongside.
fn compact(s: &mut [Vertex; 4], bary: &[f64; 4], keep: &[bool; 4], n: usize) -> (usize, [f64; 4]) {
    let copy = *s;
    let mut m = 0;
    let mut lam = [0.0; 4];
    for i in 0..n {
        if keep[i] {
            s[m] = copy[i];
            lam[m] = bary[i];
            m += 1;
        }
    }
    (m, lam)
}

/// Closest point of segment `ab` to the origin, with barycentric weights and the vertices
/// that carry weight.
fn closest_on_segment(a: &V3, b: &V3) -> (V3, [f64; 4], [bool; 4]) {
    let ab = b - a;
    let len2 = ab.norm_squared();
    let t = if len2 > 0.0 {
        (-a.dot(&ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    if t <= 0.0 {
        (*a, [1.0, 0.0, 0.0, 0.0], [true, false, false, false])
    } else if t >= 1.0 {
        (*b, [0.0, 1.0, 0.0, 0.0], [false, true, false, false])
    } else {
        (
            a + ab * t,
            [1.0 - t, t, 0.0, 0.0],
            [true, true, false, false],
        )
    }
}

/// Closest point of triangle `abc` to the origin, with barycentric weights and which vertices
/// carry weight (Ericson's region tests; degenerate triangles fall back to their edges).
fn closest_on_triangle(a: &V3, b: &V3, c: &V3) -> (V3, [f64; 4], [bool; 4]) {
    let ab = b - a;
    let ac = c - a;
    let ap = -a;
    let d1 = ab.dot(&ap);
    let d2 = ac.dot(&ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return (*a, [1.0, 0.0, 0.0, 0.0], [true, false, false, false]);
    }
    let bp = -b;
    let d3 = ab.dot(&bp);
    let d4 = ac.dot(&bp);
    if d3 >= 0.0 && d4 <= d3 {
        return (*b, [0.0, 1.0, 0.0, 0.0], [false, true, false, false]);
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let t = d1 / (d1 - d3);
        return (
            a + ab * t,
            [1.0 - t, t, 0.0, 0.0],
            [true, true, false, false],
        );
    }
    let cp = -c;
    let d5 = ab.dot(&cp);
    let d6 = ac.dot(&cp);
    if d6 >= 0.0 && d5 <= d6 {
        return (*c, [0.0, 0.0, 1.0, 0.0], [false, false, true, false]);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let t = d2 / (d2 - d6);
        return (
            a + ac * t,
            [1.0 - t, 0.0, t, 0.0],
            [true, false, true, false],
        );
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        let t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return (
            b + (c - b) * t,
            [0.0, 1.0 - t, t, 0.0],
            [false, true, true, false],
        );
    }
    let sum = va + vb + vc;
    if sum > 0.0 {
        let v = vb / sum;
        let w = vc / sum;
        return (
            a + ab * v + ac * w,
            [1.0 - v - w, v, w, 0.0],
            [true, true, true, false],
        );
    }
    // Degenerate: the best of the three edges.
    let mut best: Option<(V3, [f64; 4], [bool; 4])> = None;
    for (i, j) in [(0usize, 1usize), (1, 2), (0, 2)] {
        let p = [a, b, c];
        let (x, b2, k2) = closest_on_segment(p[i], p[j]);
        let mut bary = [0.0; 4];
        let mut keep = [false; 4];
        bary[i] = b2[0];
        bary[j] = b2[1];
        keep[i] = k2[0];
        keep[j] = k2[1];
        if best
            .as_ref()
            .is_none_or(|(y, _, _)| x.norm_squared() < y.norm_squared())
        {
            best = Some((x, bary, keep));
        }
    }
    best.unwrap_or((*a, [1.0, 0.0, 0.0, 0.0], [true, false, false, false]))
}

/// Tetrahedron case: enclosed when the barycentric coordinates of the origin are all in
/// `[0, 1]` (a flat tetrahedron gives huge coordinates and never counts), else the closest of
/// the closest points of the four faces (the tetrahedron's closest point is on a face).
fn closest_on_tetrahedron(s: &mut [Vertex; 4]) -> (V3, usize, [f64; 4], bool) {
    let w = [s[0].w, s[1].w, s[2].w, s[3].w];
    let vol = |a: &V3, b: &V3, c: &V3, d: &V3| (b - a).dot(&(c - a).cross(&(d - a)));
    let o = V3::zeros();
    let total = vol(&w[0], &w[1], &w[2], &w[3]);
    if total != 0.0 {
        let l = [
            vol(&o, &w[1], &w[2], &w[3]) / total,
            vol(&w[0], &o, &w[2], &w[3]) / total,
            vol(&w[0], &w[1], &o, &w[3]) / total,
            vol(&w[0], &w[1], &w[2], &o) / total,
        ];
        if l.iter().all(|x| (0.0..=1.0).contains(x)) {
            return (V3::zeros(), 4, l, true);
        }
    }
    let mut best: Option<(f64, V3, [f64; 4], [bool; 4])> = None;
    for f in [[0usize, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]] {
        let (p, bary3, keep3) = closest_on_triangle(&w[f[0]], &w[f[1]], &w[f[2]]);
        let d = p.norm_squared();
        if best.as_ref().is_none_or(|(e, _, _, _)| d < *e) {
            let mut bary = [0.0; 4];
            let mut keep = [false; 4];
            for (slot, &idx) in f.iter().enumerate() {
                bary[idx] = bary3[slot];
                keep[idx] = keep3[slot];
            }
            best = Some((d, p, bary, keep));
        }
    }
    let (_, p, bary, keep) =
        best.unwrap_or((0.0, w[0], [1.0, 0.0, 0.0, 0.0], [true, false, false, false]));
    let (m, lam) = compact(s, &bary, &keep, 4);
    (p, m, lam, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::obb::{Obb, aabb, random_box};
    use crate::proximity::test_random::uniform_stream;

    #[test]
    fn separation_bound_reaches_the_distance_of_diagonal_boxes() {
        // Unit cubes offset along x and y: their distance is sqrt(2) * (offset - 1), corner
        // edge to corner edge, where every face axis gives only offset - 1.
        for offset in [1.5, 3.0, 10.0] {
            let a = aabb(V3::zeros(), V3::repeat(0.5));
            let b = aabb(V3::new(offset, offset, 0.0), V3::repeat(0.5));
            let (bound, n, _) = separation_bound(
                |d| a.support(d),
                |d| b.support(d),
                a.center - b.center,
                f64::INFINITY,
            );
            let exact = 2f64.sqrt() * (offset - 1.0);
            assert!((bound - exact).abs() <= 1e-9 * exact, "{bound} vs {exact}");
            assert!((n - V3::new(1.0, 1.0, 0.0).normalize()).norm() < 1e-9);
        }
    }

    #[test]
    fn separation_bound_never_exceeds_sampled_distances() {
        let mut rnd = uniform_stream(7);
        for _ in 0..300 {
            let a = random_box(&mut rnd, 1.0);
            let b = random_box(&mut rnd, 3.0);
            let stop = rnd().abs() * 3.0;
            let (bound, n, _) = separation_bound(
                |d| a.support(d),
                |d| b.support(d),
                a.center - b.center,
                stop,
            );
            if bound <= 0.0 {
                continue;
            }
            // The slabs along n are `bound` apart, so no two points are closer.
            let top_a = a.support(&n).dot(&n);
            let bottom_b = b.support(&-n).dot(&n);
            assert!(
                bottom_b - top_a >= bound - 1e-12,
                "slabs {} < {bound}",
                bottom_b - top_a
            );
            for _ in 0..50 {
                let p = |o: &Obb, u: [f64; 3]| {
                    o.center + (0..3).map(|k| o.axes[k] * o.half[k] * u[k]).sum::<V3>()
                };
                let pa = p(&a, [rnd(), rnd(), rnd()]);
                let pb = p(&b, [rnd(), rnd(), rnd()]);
                assert!((pa - pb).norm() >= bound - 1e-12);
            }
        }
    }
}
