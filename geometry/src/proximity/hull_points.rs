//! The few points of a large point set that carry its support function: the corners of its
//! convex hull, checked so that no point is dropped unless it provably lies inside.
//!
//! A support function (the highest `d . p` over a set) only ever reaches a corner of the set's
//! convex hull, so a node of thousands of corners can answer it from the few hundred on its
//! hull. The hull comes from parry's quickhull; it is then checked against every input point:
//! a point is dropped only when it lies on the inner side of every face plane of the hull (in
//! floating point, with no tolerance), and any point that fails that test is kept. When the
//! hull cannot be built (fewer than four points, all coplanar), is open, thin or has a
//! degenerate face, every point is kept.

use parry3d_f64::math::Vector;

use super::triangle::V3;

/// Sets up to this many points are kept whole (a hull would not save enough to pay for it).
const SMALL: usize = 64;

/// A subset of `points` with the same support function: `max d . p` over it equals the maximum
/// over all `points`, for every direction `d` (up to the rounding of the face planes that
/// certify each dropped point inside the hull, a few units in the last place of the
/// coordinates).
pub(crate) fn support_subset(points: &[V3]) -> Vec<V3> {
    if points.len() <= SMALL {
        return points.to_vec();
    }
    let input: Vec<Vector> = points.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
    let Ok((vertices, faces)) = parry3d_f64::transformation::try_convex_hull(&input) else {
        return points.to_vec();
    };
    let hull: Vec<V3> = vertices.iter().map(|v| V3::new(v.x, v.y, v.z)).collect();
    if hull.len() < 4 || faces.is_empty() || !closed(&faces) {
        return points.to_vec();
    }
    let centroid = hull.iter().sum::<V3>() / hull.len() as f64;
    let extent = hull
        .iter()
        .map(|v| (v - centroid).norm())
        .fold(0.0, f64::max);
    let mut planes = Vec::with_capacity(faces.len());
    for f in &faces {
        let [a, b, c] = f.map(|k| hull[k as usize]);
        let Some(mut n) = (b - a).cross(&(c - a)).try_normalize(0.0) else {
            return points.to_vec();
        };
        if n.dot(&(centroid - a)) > 0.0 {
            n = -n;
        }
        let h = n.dot(&a);
        // A solid hull: its centre well inside every face (a flat or thin set keeps all its
        // points).
        if n.dot(&centroid) > h - 1e-9 * extent {
            return points.to_vec();
        }
        // Outward unit normal, and the plane's height along it.
        planes.push((n, h));
    }
    let planes = Planes::new(&planes);
    let rounding = 1e-12 * (extent + centroid.norm());
    if hull.iter().any(|v| planes.any_above(v, rounding)) {
        return points.to_vec();
    }
    // Every hull corner is an input point: keep the corners, then any other point that is not
    // certainly inside.
    let mut kept = hull;
    kept.sort_by(lexical);
    let is_corner = |p: &V3| kept.binary_search_by(|q| lexical(q, p)).is_ok();
    let mut outside = Vec::new();
    for p in points {
        if !is_corner(p) && planes.any_above(p, 0.0) {
            outside.push(*p);
        }
    }
    kept.extend(outside);
    kept
}

/// Lanes of the vectorized plane test.
const LANES: usize = 8;

/// Face planes stored coordinate by coordinate, padded to whole lanes with copies of the first.
struct Planes {
    nx: Vec<f64>,
    ny: Vec<f64>,
    nz: Vec<f64>,
    h: Vec<f64>,
}

impl Planes {
    fn new(planes: &[(V3, f64)]) -> Self {
        let padded = planes.len().div_ceil(LANES) * LANES;
        let at = |k: usize| planes.get(k).unwrap_or(&planes[0]);
        Self {
            nx: (0..padded).map(|k| at(k).0.x).collect(),
            ny: (0..padded).map(|k| at(k).0.y).collect(),
            nz: (0..padded).map(|k| at(k).0.z).collect(),
            h: (0..padded).map(|k| at(k).1).collect(),
        }
    }

    /// Whether `p` lies more than `margin` above some plane (outside the hull).
    fn any_above(&self, p: &V3, margin: f64) -> bool {
        let chunks = self
            .nx
            .chunks_exact(LANES)
            .zip(self.ny.chunks_exact(LANES))
            .zip(self.nz.chunks_exact(LANES))
            .zip(self.h.chunks_exact(LANES));
        for (((nx, ny), nz), h) in chunks {
            let mut above = false;
            for k in 0..LANES {
                above |= nx[k] * p.x + ny[k] * p.y + nz[k] * p.z > h[k] + margin;
            }
            if above {
                return true;
            }
        }
        false
    }
}

/// Whether the triangles close up: every edge is shared by exactly two of them.
fn closed(faces: &[[u32; 3]]) -> bool {
    let mut edges: Vec<(u32, u32)> = faces
        .iter()
        .flat_map(|f| [(f[0], f[1]), (f[1], f[2]), (f[2], f[0])])
        .map(|(i, j)| (i.min(j), i.max(j)))
        .collect();
    edges.sort_unstable();
    edges.chunk_by(|x, y| x == y).all(|run| run.len() == 2)
}

/// Points in lexical order of their coordinates (a total order, for sorting and searching).
pub(crate) fn lexical(p: &V3, q: &V3) -> std::cmp::Ordering {
    p.x.total_cmp(&q.x)
        .then(p.y.total_cmp(&q.y))
        .then(p.z.total_cmp(&q.z))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;

    /// Random clouds (a cube's volume, a flat-ish slab, a box's surface with repeated points):
    /// the subset's support equals the brute-force support along many directions, and the
    /// cube's cloud keeps far fewer points.
    #[test]
    fn subset_keeps_the_support_of_every_direction() {
        let mut rnd = uniform_stream(5);
        for shape in 0..3 {
            let mut points: Vec<V3> = (0..2000)
                .map(|_| match shape {
                    0 => V3::new(rnd(), rnd(), rnd()),
                    1 => V3::new(rnd(), rnd(), 1e-9 * rnd()),
                    _ => {
                        let p = V3::new(rnd(), rnd(), rnd());
                        let k = (rnd().abs() * 2.99) as usize;
                        let mut q = p;
                        q[k] = p[k].signum();
                        q
                    }
                })
                .collect();
            points.extend_from_slice(&points.clone()[..100]);
            let subset = support_subset(&points);
            assert!(subset.len() <= points.len());
            if shape == 0 {
                assert!(subset.len() < 400, "{} points kept", subset.len());
            }
            for _ in 0..2000 {
                let d = V3::new(rnd(), rnd(), rnd());
                let all = points.iter().map(|p| d.dot(p)).fold(f64::MIN, f64::max);
                let kept = subset.iter().map(|p| d.dot(p)).fold(f64::MIN, f64::max);
                assert!(kept >= all - 1e-15, "shape {shape}: {kept} < {all}");
                assert!(kept <= all);
            }
        }
    }

    #[test]
    fn small_and_flat_sets_are_kept_whole() {
        let square: Vec<V3> = (0..100)
            .map(|i| V3::new(f64::from(i % 10), f64::from(i / 10), 0.0))
            .collect();
        assert_eq!(support_subset(&square).len(), square.len());
        let few = vec![V3::zeros(), V3::x(), V3::y()];
        assert_eq!(support_subset(&few), few);
    }
}
