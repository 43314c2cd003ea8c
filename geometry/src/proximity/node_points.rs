//! The corners of the triangles under each small node of a hierarchy, for exact support
//! functions: the convex hull of a node's corners is the tightest convex volume around its
//! triangles, so distance bounds between hulls are exact where boxes are loose (far-apart
//! meshes, whose closest points sit in wide, nearly level distance landscapes).

use super::triangle::V3;

/// Nodes with more triangles than this keep no corners (their boxes serve; a support over
/// many points would cost more than it prunes). Tuned on the Solo-12 shoulder grid (pairs
/// benchmark): 128, 256, 512, 2048 and no cap gave far-pair means of 14.6, 12.5, 10.0, 13.4
/// and 13.3 us per query.
const MAX_TRIANGLES: u32 = 512;

/// Lanes of the vectorized support pass (one AVX register of `f64`).
const LANES: usize = 4;

/// Per node, a run of distinct corner points (empty for large nodes), stored coordinate by
/// coordinate and padded to whole lanes by repeating the run's first point.
#[derive(Debug, Clone, Default)]
pub(crate) struct NodePoints {
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
    /// `[start, end)` into the coordinates, per node.
    ranges: Vec<(u32, u32)>,
}

impl NodePoints {
    /// The corner sets of the nodes of a hierarchy, given in node order by their `spans` (first
    /// leaf slot, number of triangles) over triangles that use, in leaf order, the vertex
    /// indices `faces_in_slots` of `vertices`.
    pub fn new(spans: &[(u32, u32)], faces_in_slots: &[[u32; 3]], vertices: &[V3]) -> Self {
        let mut points = Self {
            ranges: Vec::with_capacity(spans.len()),
            ..Self::default()
        };
        let mut ids: Vec<u32> = Vec::with_capacity(3 * MAX_TRIANGLES as usize);
        for &(first, count) in spans {
            let start = points.x.len() as u32;
            if count <= MAX_TRIANGLES {
                ids.clear();
                for f in &faces_in_slots[first as usize..(first + count) as usize] {
                    ids.extend_from_slice(f);
                }
                ids.sort_unstable();
                ids.dedup();
                let padded = ids.len().div_ceil(LANES) * LANES;
                for k in (0..padded).map(|j| ids.get(j).unwrap_or(&ids[0])) {
                    let v = vertices[*k as usize];
                    points.x.push(v.x);
                    points.y.push(v.y);
                    points.z.push(v.z);
                }
            }
            points.ranges.push((start, points.x.len() as u32));
        }
        points
    }

    /// Whether node `i` keeps its corners.
    #[inline]
    pub fn has(&self, i: u32) -> bool {
        let (s, e) = self.ranges[i as usize];
        e > s
    }

    /// The corner of node `i` farthest along `d` (the node must keep its corners): a
    /// vectorized pass for the largest `d . p`, then the first corner that reaches it.
    #[inline]
    pub fn farthest(&self, i: u32, d: &V3) -> V3 {
        let (s, e) = self.ranges[i as usize];
        let (x, y, z) = (
            &self.x[s as usize..e as usize],
            &self.y[s as usize..e as usize],
            &self.z[s as usize..e as usize],
        );
        let mut top = [f64::NEG_INFINITY; LANES];
        for ((x, y), z) in x
            .chunks_exact(LANES)
            .zip(y.chunks_exact(LANES))
            .zip(z.chunks_exact(LANES))
        {
            for k in 0..LANES {
                let v = d.x * x[k] + d.y * y[k] + d.z * z[k];
                top[k] = if v > top[k] { v } else { top[k] };
            }
        }
        let top = top[0].max(top[1]).max(top[2]).max(top[3]);
        let k = (0..x.len())
            .find(|&k| d.x * x[k] + d.y * y[k] + d.z * z[k] >= top)
            .unwrap_or(0);
        V3::new(x[k], y[k], z[k])
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
        let points = NodePoints::new(&spans, &faces, &vertices);
        let mut rnd = uniform_stream(3);
        for (i, &(first, count)) in spans.iter().enumerate() {
            let i = i as u32;
            assert_eq!(points.has(i), count <= MAX_TRIANGLES);
            if !points.has(i) {
                continue;
            }
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
