//! The corners of the triangles under each node of a hierarchy, for exact support functions:
//! the convex hull of a node's corners is the tightest convex volume around its triangles, so
//! distance bounds between hulls are exact where boxes are loose (far-apart meshes, whose
//! closest points sit in wide, nearly level distance landscapes, and meshes nested in each
//! other's recesses). Small nodes keep all their corners; large ones only those on their hull.

use super::hull_points::{lexical, support_subset};
use super::triangle::V3;

/// Nodes with more triangles than this keep only the corners on their hull (cut from their
/// children's sets); smaller ones keep all their corners. Before large nodes had hulls (their
/// boxes served), the Solo-12 shoulder grid (pairs benchmark) was tuned on the cap: 128, 256,
/// 512, 2048 and no cap gave far-pair means of 14.6, 12.5, 10.0, 13.4 and 13.3 us per query.
pub(crate) const MAX_TRIANGLES: u32 = 512;

/// Lanes of the vectorized support pass (two AVX registers of `f64`, for two independent
/// running maxima).
const LANES: usize = 8;

/// Per node, a run of distinct corner points (for large nodes, those on the hull), stored
/// coordinate by coordinate and padded to whole lanes by repeating the run's first point.
#[derive(Debug, Clone)]
pub(crate) struct NodePoints {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
    /// `[start, end)` into the coordinates, per node.
    ranges: Vec<(u32, u32)>,
    /// The processor's vector instructions, found once.
    arch: pulp::Arch,
}

impl NodePoints {
    /// How many points node `i` keeps.
    #[cfg(test)]
    pub(crate) fn kept(&self, i: u32) -> usize {
        let (s, e) = self.ranges[i as usize];
        (e - s) as usize
    }

    /// The corner sets of the nodes of a hierarchy, given in node order by their `spans` (first
    /// leaf slot, number of triangles) over triangles that use, in leaf order, the vertex
    /// indices `faces_in_slots` of `vertices`. `children` gives an internal node's two
    /// children (which follow it in node order), when known: a large node's set is then cut
    /// from its children's sets rather than from all its corners.
    pub fn new(
        spans: &[(u32, u32)],
        faces_in_slots: &[[u32; 3]],
        vertices: &[V3],
        children: &dyn Fn(usize) -> Option<(usize, usize)>,
    ) -> Self {
        let source = Source {
            spans,
            faces_in_slots,
            vertices,
            children,
        };
        let mut large: Vec<Option<Vec<V3>>> = vec![None; spans.len()];
        if !spans.is_empty() {
            for (i, set) in source.large_sets(0).1 {
                large[i] = Some(set);
            }
        }
        let mut points = Self {
            x: Vec::new(),
            y: Vec::new(),
            z: Vec::new(),
            ranges: Vec::with_capacity(spans.len()),
            arch: pulp::Arch::new(),
        };
        let (mut set, mut ids) = (Vec::new(), Vec::new());
        for (i, &(first, count)) in spans.iter().enumerate() {
            let start = points.x.len() as u32;
            match large[i].take() {
                Some(kept) => set = kept,
                None => source.corners_into(first, count, &mut ids, &mut set),
            }
            let padded = set.len().div_ceil(LANES) * LANES;
            for k in 0..padded {
                let v = set.get(k).unwrap_or(&set[0]);
                points.x.push(v.x);
                points.y.push(v.y);
                points.z.push(v.z);
            }
            points.ranges.push((start, points.x.len() as u32));
        }
        points
    }

    /// The points the root keeps (the corners on the hull of a large mesh): the support set of
    /// the whole mesh.
    pub fn root_points(&self) -> Vec<V3> {
        let (s, e) = self.ranges.first().copied().unwrap_or((0, 0));
        (s as usize..e as usize)
            .map(|k| V3::new(self.x[k], self.y[k], self.z[k]))
            .collect()
    }

    /// The corner of node `i` farthest along `d`, the first in storage order among equals.
    #[inline]
    pub fn farthest(&self, i: u32, d: &V3) -> V3 {
        let (s, e) = self.ranges[i as usize];
        let (s, e) = (s as usize, e as usize);
        let corners = Corners {
            x: &self.x[s..e],
            y: &self.y[s..e],
            z: &self.z[s..e],
            d: [d.x, d.y, d.z],
        };
        // Compiled for the widest vector instructions the processor has (found at run time).
        let k = self.arch.dispatch(corners);
        V3::new(self.x[s + k], self.y[s + k], self.z[s + k])
    }
}

/// What the node sets are made from: the hierarchy's spans and tree, and the triangles.
struct Source<'a> {
    spans: &'a [(u32, u32)],
    faces_in_slots: &'a [[u32; 3]],
    vertices: &'a [V3],
    children: &'a dyn Fn(usize) -> Option<(usize, usize)>,
}

impl Source<'_> {
    /// The distinct corners of the triangles in a span, into `out` (`ids` is a buffer).
    fn corners_into(&self, first: u32, count: u32, ids: &mut Vec<u32>, out: &mut Vec<V3>) {
        ids.clear();
        for f in &self.faces_in_slots[first as usize..(first + count) as usize] {
            ids.extend_from_slice(f);
        }
        ids.sort_unstable();
        ids.dedup();
        out.clear();
        out.extend(ids.iter().map(|&k| self.vertices[k as usize]));
    }

    /// Node `i`'s set, and the sets of the large nodes under it (itself included): a large
    /// node's set is cut from the union of its children's sets. (Building the two subtrees in
    /// parallel saved nothing measurable: callers already build several meshes at once.)
    fn large_sets(&self, i: usize) -> (Vec<V3>, Vec<(usize, Vec<V3>)>) {
        let (first, count) = self.spans[i];
        let mut union = Vec::new();
        if count <= MAX_TRIANGLES {
            self.corners_into(first, count, &mut Vec::new(), &mut union);
            return (union, Vec::new());
        }
        let mut below = Vec::new();
        match (self.children)(i) {
            Some((l, r)) => {
                let ((left, mut under_left), (right, under_right)) =
                    (self.large_sets(l), self.large_sets(r));
                union = [left, right].concat();
                under_left.extend(under_right);
                below = under_left;
            }
            None => self.corners_into(first, count, &mut Vec::new(), &mut union),
        }
        union.sort_by(lexical);
        union.dedup();
        let kept = support_subset(&union);
        below.push((i, kept.clone()));
        (kept, below)
    }
}

/// One node's corners and a direction, for [`NodePoints::farthest`].
struct Corners<'a> {
    x: &'a [f64],
    y: &'a [f64],
    z: &'a [f64],
    d: [f64; 3],
}

impl pulp::WithSimd for Corners<'_> {
    type Output = usize;

    /// A vectorized pass for the largest `d . p`, then one for the first chunk that reaches
    /// it and a scalar look inside that chunk.
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _simd: S) -> usize {
        let Self { x, y, z, d } = self;
        let chunks = || {
            x.chunks_exact(LANES)
                .zip(y.chunks_exact(LANES))
                .zip(z.chunks_exact(LANES))
        };
        let dot =
            |x: &[f64], y: &[f64], z: &[f64], k: usize| d[0] * x[k] + d[1] * y[k] + d[2] * z[k];
        let mut top = [f64::NEG_INFINITY; LANES];
        for ((x, y), z) in chunks() {
            for (k, top) in top.iter_mut().enumerate() {
                let v = dot(x, y, z, k);
                *top = if v > *top { v } else { *top };
            }
        }
        let top = top.into_iter().fold(f64::NEG_INFINITY, f64::max);
        for (c, ((x, y), z)) in chunks().enumerate() {
            let mut reached = false;
            for k in 0..LANES {
                reached |= dot(x, y, z, k) >= top;
            }
            if reached {
                let k = (0..LANES).find(|&k| dot(x, y, z, k) >= top).unwrap_or(0);
                return c * LANES + k;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;

    #[test]
    fn farthest_corner_is_the_brute_force_one_for_every_span() {
        // A wavy sheet of 2 x 19 x 19 triangles (more than the cap), and spans of many sizes.
        let n = 20u32;
        let vertices: Vec<V3> = (0..n * n)
            .map(|k| {
                let (i, j) = (f64::from(k % n), f64::from(k / n));
                V3::new(i, j, (0.7 * i).sin() * (0.4 * j).cos())
            })
            .collect();
        let mut faces = Vec::new();
        for j in 0..n - 1 {
            for i in 0..n - 1 {
                let k = j * n + i;
                faces.push([k, k + 1, k + n]);
                faces.push([k + 1, k + n + 1, k + n]);
            }
        }
        let total = faces.len() as u32;
        let spans: Vec<(u32, u32)> = [(0, total), (0, MAX_TRIANGLES), (7, 1), (100, 5), (3, 33)]
            .into_iter()
            .chain((0..total).map(|s| (s, 1)))
            .collect();
        let points = NodePoints::new(&spans, &faces, &vertices, &|_| None);
        let mut rnd = uniform_stream(3);
        for (i, &(first, count)) in spans.iter().enumerate() {
            let i = i as u32;
            let corners: Vec<V3> = faces[first as usize..(first + count) as usize]
                .iter()
                .flat_map(|f| f.map(|k| vertices[k as usize]))
                .collect();
            for _ in 0..8 {
                let d = V3::new(rnd(), rnd(), rnd());
                let top = corners.iter().map(|c| c.dot(&d)).fold(f64::MIN, f64::max);
                let p = points.farthest(i, &d);
                assert_eq!(p.dot(&d), top);
                assert!(corners.contains(&p));
            }
        }
    }
}
