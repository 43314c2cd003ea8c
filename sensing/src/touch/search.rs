//! Exact nearest, k-nearest and within-radius searches over a fixed point set (a kiddo k-d
//! tree, squared Euclidean metric).

use std::num::NonZeroUsize;

use kiddo::{ImmutableKdTree, SquaredEuclidean};
use nalgebra::Point3;

/// A k-d tree over a fixed set of points; items are the points' indices.
#[derive(Debug)]
pub(crate) struct SensorTree {
    tree: Option<ImmutableKdTree<f64, 3>>,
}

impl SensorTree {
    /// Builds the tree (an empty set gives a tree that finds nothing).
    pub fn new(points: &[Point3<f64>]) -> Self {
        let coords: Vec<[f64; 3]> = points.iter().map(|p| [p.x, p.y, p.z]).collect();
        let tree = if coords.is_empty() {
            None
        } else {
            // Construction only fails when the indices overflow u32; the geometry crate caps a
            // shape at 5 million points, far below.
            ImmutableKdTree::new_from_slice(&coords).ok()
        };
        Self { tree }
    }

    /// The nearest point: `(index, distance)`, or `None` for an empty set.
    #[inline]
    pub fn nearest(&self, p: &Point3<f64>) -> Option<(usize, f64)> {
        let tree = self.tree.as_ref()?;
        let r = tree
            .query(&[p.x, p.y, p.z])
            .nearest_one::<SquaredEuclidean<f64>>()
            .execute();
        Some((r.item as usize, r.distance.sqrt()))
    }

    /// The `k` nearest points, closest first, as `(index, distance)` into `out` (cleared).
    pub fn k_nearest(&self, p: &Point3<f64>, k: usize, out: &mut Vec<(usize, f64)>) {
        out.clear();
        let (Some(tree), Some(k)) = (self.tree.as_ref(), NonZeroUsize::new(k)) else {
            return;
        };
        let found = tree
            .query(&[p.x, p.y, p.z])
            .nearest_n::<SquaredEuclidean<f64>>(k)
            .execute();
        out.extend(found.iter().map(|r| (r.item as usize, r.distance.sqrt())));
    }

    /// The number of points within `radius` (inclusive, the same test as
    /// [`SensorTree::within`]).
    #[inline]
    pub fn count_within(&self, p: &Point3<f64>, radius: f64) -> usize {
        let Some(tree) = self.tree.as_ref() else {
            return 0;
        };
        if radius.is_nan() || radius < 0.0 {
            return 0;
        }
        let mut n = 0;
        tree.query(&[p.x, p.y, p.z])
            .within::<SquaredEuclidean<f64>>(radius * radius)
            .unsorted()
            .visit(|_| n += 1);
        n
    }

    /// Every point within `radius` (inclusive) as `(index, distance)` into `out` (cleared),
    /// in no particular order.
    #[inline]
    pub fn within(&self, p: &Point3<f64>, radius: f64, out: &mut Vec<(usize, f64)>) {
        out.clear();
        let Some(tree) = self.tree.as_ref() else {
            return;
        };
        if radius.is_nan() || radius < 0.0 {
            return;
        }
        tree.query(&[p.x, p.y, p.z])
            .within::<SquaredEuclidean<f64>>(radius * radius)
            .unsorted()
            .visit(|r| out.push((r.item as usize, r.distance.sqrt())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn searches_match_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut random_point = || {
            Point3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            )
        };
        let points: Vec<Point3<f64>> = (0..2000).map(|_| random_point()).collect();
        let tree = SensorTree::new(&points);
        let mut out = Vec::new();
        for _ in 0..200 {
            let q = random_point();
            let mut brute: Vec<(usize, f64)> = points
                .iter()
                .enumerate()
                .map(|(i, p)| (i, (p - q).norm()))
                .collect();
            brute.sort_by(|a, b| a.1.total_cmp(&b.1));
            assert_eq!(tree.nearest(&q).unwrap().0, brute[0].0);
            tree.k_nearest(&q, 7, &mut out);
            let got: Vec<usize> = out.iter().map(|r| r.0).collect();
            let want: Vec<usize> = brute[..7].iter().map(|r| r.0).collect();
            assert_eq!(got, want);
            tree.within(&q, 0.2, &mut out);
            let mut got: Vec<usize> = out.iter().map(|r| r.0).collect();
            got.sort_unstable();
            let mut want: Vec<usize> = brute.iter().filter(|r| r.1 <= 0.2).map(|r| r.0).collect();
            want.sort_unstable();
            assert_eq!(got, want);
        }
        let empty = SensorTree::new(&[]);
        assert!(empty.nearest(&Point3::origin()).is_none());
    }
}
