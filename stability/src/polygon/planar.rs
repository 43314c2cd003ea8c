//! Small planar geometry for convex polygons: hull, clean-up, clipping, distances.

/// Two vertices closer than this (metres) are the same vertex.
pub(crate) const MERGE_DISTANCE: f64 = 1e-9;

/// A vertex closer than this (metres) to the line through its neighbours is dropped.
pub(crate) const COLLINEAR_DISTANCE: f64 = 1e-10;

/// `(b − a) × (c − a)`: positive when `a, b, c` turn counter-clockwise.
pub(crate) fn cross(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Convex hull of a point cloud, counter-clockwise, starting at the lowest-x (then lowest-y)
/// point, with duplicates and collinear points removed (see [`clean_convex`]).
pub(crate) fn convex_hull(points: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let mut sorted: Vec<[f64; 2]> = points
        .iter()
        .copied()
        .filter(|p| p[0].is_finite() && p[1].is_finite())
        .collect();
    sorted.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    sorted.dedup_by(|a, b| distance(*a, *b) < MERGE_DISTANCE);
    if sorted.len() < 3 {
        return sorted;
    }
    // Andrew's monotone chain: lower hull left to right, then upper hull right to left.
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(2 * sorted.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &[f64; 2]>> = if pass == 0 {
            Box::new(sorted.iter())
        } else {
            Box::new(sorted.iter().rev())
        };
        for &p in iter {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    clean_convex(hull)
}

/// Removes from a counter-clockwise convex polygon the vertices that are within
/// [`MERGE_DISTANCE`] of the previous one, or within [`COLLINEAR_DISTANCE`] of the line through
/// their neighbours, then rotates it to start at the lowest-x (then lowest-y) vertex.
pub(crate) fn clean_convex(mut polygon: Vec<[f64; 2]>) -> Vec<[f64; 2]> {
    loop {
        let n = polygon.len();
        if n < 3 {
            break;
        }
        let mut removed = None;
        for i in 0..n {
            let prev = polygon[(i + n - 1) % n];
            let here = polygon[i];
            let next = polygon[(i + 1) % n];
            let base = distance(prev, next);
            let off_line = if base > 0.0 {
                cross(prev, next, here).abs() / base
            } else {
                0.0
            };
            // Reflex or flat corners cannot occur in a convex polygon except by rounding.
            if distance(prev, here) < MERGE_DISTANCE
                || off_line < COLLINEAR_DISTANCE
                || cross(prev, here, next) <= 0.0
            {
                removed = Some(i);
                break;
            }
        }
        match removed {
            Some(i) => {
                polygon.remove(i);
            }
            None => break,
        }
    }
    if let Some(start) = (0..polygon.len()).min_by(|&i, &j| {
        polygon[i][0]
            .total_cmp(&polygon[j][0])
            .then(polygon[i][1].total_cmp(&polygon[j][1]))
    }) {
        polygon.rotate_left(start);
    }
    polygon
}

/// Area of a counter-clockwise polygon (shoelace formula).
pub(crate) fn area(polygon: &[[f64; 2]]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % n]);
            a[0] * b[1] - a[1] * b[0]
        })
        .sum::<f64>()
        / 2.0
}

/// Clips a convex polygon by the half-plane `a · p <= b` (`a` a unit vector).
///
/// A vertex within a small tolerance of the line (relative to its distance from the origin)
/// counts as on it: it is kept, and no intersection point is made on an edge that only touches
/// the line, so that clipping by a line through an existing edge changes nothing.
pub(crate) fn clip(polygon: &[[f64; 2]], a: [f64; 2], b: f64, out: &mut Vec<[f64; 2]>) {
    out.clear();
    let n = polygon.len();
    let side = |p: [f64; 2]| {
        let tolerance = 1e-11 * (1.0 + p[0].abs().max(p[1].abs()));
        let s = a[0] * p[0] + a[1] * p[1] - b;
        let class = if s > tolerance {
            1
        } else if s < -tolerance {
            -1
        } else {
            0
        };
        (s, class)
    };
    for i in 0..n {
        let (p, q) = (polygon[i], polygon[(i + 1) % n]);
        let ((sp, cp), (sq, cq)) = (side(p), side(q));
        if cp <= 0 {
            out.push(p);
        }
        if cp * cq < 0 {
            let t = sp / (sp - sq);
            out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
        }
    }
}

/// Distance from `p` to the segment `[a, b]`.
pub(crate) fn distance_to_segment(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let length2 = ab[0] * ab[0] + ab[1] * ab[1];
    if length2 == 0.0 {
        return distance(p, a);
    }
    let t = (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / length2).clamp(0.0, 1.0);
    distance(p, [a[0] + t * ab[0], a[1] + t * ab[1]])
}

/// Signed distance from `p` to the boundary of a counter-clockwise convex polygon: positive
/// inside (the distance to the nearest edge), negative outside (minus the Euclidean distance to
/// the polygon).
pub(crate) fn signed_distance(polygon: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let n = polygon.len();
    match n {
        0 => f64::NEG_INFINITY,
        1 => -distance(p, polygon[0]),
        _ => {
            let nearest = (0..n)
                .map(|i| distance_to_segment(p, polygon[i], polygon[(i + 1) % n]))
                .fold(f64::INFINITY, f64::min);
            let inside =
                n >= 3 && (0..n).all(|i| cross(polygon[i], polygon[(i + 1) % n], p) >= 0.0);
            if inside { nearest } else { -nearest }
        }
    }
}

/// Directed Hausdorff distance from polygon `a` to polygon `b` (both convex, counter-clockwise):
/// the largest distance from a point of `a` to the region `b`. For convex regions it is reached
/// at a vertex of `a`.
fn directed_hausdorff(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    a.iter()
        .map(|&p| (-signed_distance(b, p)).max(0.0))
        .fold(0.0, f64::max)
}

/// Hausdorff distance between two convex polygons (as regions).
pub(crate) fn hausdorff_distance(a: &[[f64; 2]], b: &[[f64; 2]]) -> f64 {
    directed_hausdorff(a, b).max(directed_hausdorff(b, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_of_a_square_with_inner_and_edge_points() {
        let points = [
            [1.0, 1.0],
            [0.0, 0.0],
            [1.0, 0.0],
            [0.5, 0.5],
            [0.0, 1.0],
            [0.5, 0.0],
            [1.0, 1.0 + 1e-12],
            [0.0, 0.0],
        ];
        let hull = convex_hull(&points);
        assert_eq!(hull, vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]);
        assert!((area(&hull) - 1.0).abs() < 1e-15);
    }

    #[test]
    fn clipping_a_square_by_its_diagonal_gives_a_triangle() {
        let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let s = std::f64::consts::FRAC_1_SQRT_2;
        let mut out = Vec::new();
        clip(&square, [s, s], s, &mut out); // x + y <= 1
        let triangle = clean_convex(out);
        assert_eq!(triangle.len(), 3);
        assert!((area(&triangle) - 0.5).abs() < 1e-15);
    }

    #[test]
    fn clipping_along_an_existing_edge_changes_nothing() {
        let big = [[-1e4, -1e4], [1e4, -1e4], [1e4, 1e4], [-1e4, 1e4]];
        let s = std::f64::consts::FRAC_1_SQRT_2;
        let mut once = Vec::new();
        clip(&big, [s, -s], 0.31, &mut once);
        let mut twice = Vec::new();
        clip(&once, [s, -s], 0.31 + 1e-13, &mut twice);
        assert_eq!(clean_convex(once.clone()), clean_convex(twice));
    }

    #[test]
    fn signed_distance_inside_and_outside() {
        let square = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
        assert!((signed_distance(&square, [1.0, 0.5]) - 0.5).abs() < 1e-15);
        assert!((signed_distance(&square, [3.0, 1.0]) + 1.0).abs() < 1e-15);
        // Outside a corner, the distance is to the corner, not to an edge line.
        assert!((signed_distance(&square, [3.0, 3.0]) + 2f64.sqrt()).abs() < 1e-15);
    }

    #[test]
    fn hausdorff_of_nested_squares() {
        let a = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]];
        let b = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        assert!((hausdorff_distance(&a, &b) - 2f64.sqrt()).abs() < 1e-15);
        assert_eq!(hausdorff_distance(&a, &a), 0.0);
    }
}
