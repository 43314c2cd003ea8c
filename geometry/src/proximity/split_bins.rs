//! Where the hierarchy splits a node: the binned surface-area heuristic. The triangles'
//! centroids are sorted into bins along each axis of the node's box, and the cut between bins
//! that minimises the sum, over the two children, of triangle count times the surface area of
//! the child's box (its extent along the parent's axes) is taken.
//!
//! Measured on the Solo-12 shoulder grid against the earlier split at the centroids' mean along
//! the longest axis (`cargo bench -p morsel-jointspace --bench pairs`, base against each leg):
//! warm medians 15–38 % lower, cold medians 29–42 % lower, the slowest lower-leg cells 30–43 %
//! lower (upper legs: from 22 % lower to 7 % higher). The base's flat faces are fans of long
//! slivers, which a cut at the mean leaves in boxes overlapping much of a leg near contact.
//! Building takes longer (unbalanced trees): the Solo-12 leg sampler's set-up 28.6 → 32.4–34.5
//! ms.

use super::obb::Obb;
use super::triangle::V3;

/// Bins per axis (32 gave slightly lower slowest cells than 16 on the Solo-12 grid).
const BINS: usize = 32;

/// Nodes with more triangles than this choose their cut from an even sample of this many
/// (the cost is a sum over thousands of triangles, well estimated from a sample; building the
/// Solo-12 hierarchies took 5 ms longer without it).
const SAMPLE: usize = 512;

/// An interval along an axis, empty when `lo > hi`.
type Range = (f64, f64);

const EMPTY: Range = (f64::INFINITY, f64::NEG_INFINITY);

/// Working space of the split, reused from node to node.
#[derive(Debug, Default)]
pub(crate) struct SplitBins {
    /// Per sampled item: its corners' extent along each of the node's axes.
    extents: Vec<[Range; 3]>,
    /// Per sampled item: its centroid along each of the node's axes.
    centroids: Vec<V3>,
}

impl SplitBins {
    /// Partitions `items` (triangles with corners in `corners` and centroids in `centroids`)
    /// at the cut of least cost among the bins along each axis of their box `obb`; returns
    /// the size of the first part, or `None` when the centroids fall in one bin along every
    /// axis.
    pub fn split(
        &mut self,
        items: &mut [u32],
        corners: &[[V3; 3]],
        centroids: &[V3],
        obb: &Obb,
    ) -> Option<usize> {
        self.extents.clear();
        self.centroids.clear();
        let stride = items.len().div_ceil(SAMPLE);
        let sampled = items.len().div_ceil(stride);
        for &t in items.iter().step_by(stride) {
            let c = &corners[t as usize];
            let along = obb.axes.map(|a| [a.dot(&c[0]), a.dot(&c[1]), a.dot(&c[2])]);
            self.extents
                .push(along.map(|p| (p[0].min(p[1]).min(p[2]), p[0].max(p[1]).max(p[2]))));
            self.centroids
                .push(V3::from(along.map(|p| (p[0] + p[1] + p[2]) / 3.0)));
        }
        let mut best: Option<(f64, usize, usize, Range)> = None;
        for k in 0..3 {
            let span = self
                .centroids
                .iter()
                .fold(EMPTY, |(l, h), c| (l.min(c[k]), h.max(c[k])));
            if span.1 <= span.0 {
                continue;
            }
            let mut counts = [0usize; BINS];
            let mut boxes = [[EMPTY; 3]; BINS];
            for (c, e) in self.centroids.iter().zip(&self.extents) {
                let b = bin(c[k], span);
                counts[b] += 1;
                boxes[b] = merge(&boxes[b], e);
            }
            let mut right = [[EMPTY; 3]; BINS];
            let mut acc = [EMPTY; 3];
            for b in (0..BINS).rev() {
                acc = merge(&acc, &boxes[b]);
                right[b] = acc;
            }
            let (mut left, mut left_count) = ([EMPTY; 3], 0);
            for b in 0..BINS - 1 {
                left = merge(&left, &boxes[b]);
                left_count += counts[b];
                let right_count = sampled - left_count;
                if left_count == 0 || right_count == 0 {
                    continue;
                }
                let cost =
                    left_count as f64 * area(&left) + right_count as f64 * area(&right[b + 1]);
                if best.is_none_or(|x| cost < x.0) {
                    best = Some((cost, k, b, span));
                }
            }
        }
        let (_, k, cut_bin, span) = best?;
        let axis = obb.axes[k];
        // In place: every item before `cut` is on the left, every one from `cut` to `i` on the
        // right, so the item swapped into `i` was already placed.
        let mut cut = 0;
        for i in 0..items.len() {
            if bin(axis.dot(&centroids[items[i] as usize]), span) <= cut_bin {
                items.swap(i, cut);
                cut += 1;
            }
        }
        (cut > 0 && cut < items.len()).then_some(cut)
    }
}

/// The bin of coordinate `x` in `span` (non-empty).
#[inline]
fn bin(x: f64, span: Range) -> usize {
    let share = (x - span.0) / (span.1 - span.0);
    ((share * BINS as f64) as usize).min(BINS - 1)
}

/// The smallest box holding two boxes.
#[inline]
fn merge(a: &[Range; 3], b: &[Range; 3]) -> [Range; 3] {
    [0, 1, 2].map(|j| (a[j].0.min(b[j].0), a[j].1.max(b[j].1)))
}

/// Half the surface area of a box given by its ranges (zero when empty).
#[inline]
fn area(r: &[Range; 3]) -> f64 {
    let e = r.map(|(lo, hi)| (hi - lo).max(0.0));
    e[0] * e[1] + e[1] * e[2] + e[2] * e[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A triangle of size `size` about `at`.
    fn triangle(at: V3, size: f64) -> [V3; 3] {
        [
            at,
            at + V3::new(size, 0.0, 0.0),
            at + V3::new(0.0, size, 0.0),
        ]
    }

    fn split(corners: &[[V3; 3]]) -> (Vec<u32>, Option<usize>) {
        let centroids: Vec<V3> = corners.iter().map(|c| (c[0] + c[1] + c[2]) / 3.0).collect();
        let obb = Obb {
            axes: [V3::x(), V3::y(), V3::z()],
            center: V3::zeros(),
            half: V3::new(1.0, 1.0, 1.0),
        };
        let mut items: Vec<u32> = (0..corners.len() as u32).collect();
        let cut = SplitBins::default().split(&mut items, corners, &centroids, &obb);
        (items, cut)
    }

    /// Two tight clusters of unequal sizes: the cut separates them, and the items are a
    /// permutation of the given ones.
    #[test]
    fn the_cut_separates_clusters() {
        let mut corners: Vec<[V3; 3]> = (0..30)
            .map(|k| triangle(V3::new(0.0, 0.01 * f64::from(k), 0.0), 0.01))
            .collect();
        corners.extend((0..10).map(|k| triangle(V3::new(1.0, 0.01 * f64::from(k), 0.0), 0.01)));
        let (items, cut) = split(&corners);
        let cut = cut.expect("a cut");
        let (left, right) = items.split_at(cut);
        let side = |t: &u32| *t < 30;
        assert!(left.iter().all(side) != right.iter().all(side));
        assert!(left.iter().all(side) || left.iter().all(|t| !side(t)));
        assert!(right.iter().all(side) || right.iter().all(|t| !side(t)));
        let mut sorted = items.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..40).collect::<Vec<u32>>(), "a permutation");
    }

    /// Triangles sharing one centroid cannot be cut.
    #[test]
    fn equal_centroids_give_no_cut() {
        let corners = vec![triangle(V3::zeros(), 1.0); 5];
        assert_eq!(split(&corners).1, None);
    }
}
