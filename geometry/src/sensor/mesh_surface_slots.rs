//! Radial cycles of a triangle list: every face corner `(f, k)` (the edge from `faces[f][k]` to
//! `faces[f][k + 1]`) points to the next corner around the same undirected edge. A manifold
//! interior edge is a cycle of two, a boundary edge a cycle of one, a non-manifold edge a longer
//! cycle. Shared by the remesher's input analysis and its refinement.

/// A face corner `(f, k)` encoded as `3f + k`: the edge `faces[f][k] → faces[f][(k + 1) % 3]`.
pub(super) type Slot = u32;

#[inline]
pub(super) fn slot(f: u32, k: u32) -> Slot {
    3 * f + k
}

/// The key of the undirected edge `{a, b}`.
#[inline]
pub(super) fn edge_key(a: u32, b: u32) -> u64 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (u64::from(lo) << 32) | u64::from(hi)
}

/// The end points of a slot's edge.
#[inline]
pub(super) fn slot_edge(faces: &[[u32; 3]], s: Slot) -> (u32, u32) {
    let t = faces[(s / 3) as usize];
    let k = (s % 3) as usize;
    (t[k], t[(k + 1) % 3])
}

/// Builds the radial cycles of a face list.
pub(super) fn radial_cycles(faces: &[[u32; 3]]) -> Vec<Slot> {
    let mut by_edge: Vec<(u64, Slot)> = (0..3 * faces.len() as u32)
        .map(|s| {
            let (a, b) = slot_edge(faces, s);
            (edge_key(a, b), s)
        })
        .collect();
    by_edge.sort_unstable();
    let mut next = vec![0; by_edge.len()];
    let mut start = 0;
    while start < by_edge.len() {
        let mut end = start + 1;
        while end < by_edge.len() && by_edge[end].0 == by_edge[start].0 {
            end += 1;
        }
        for i in start..end {
            let following = if i + 1 < end { i + 1 } else { start };
            next[by_edge[i].1 as usize] = by_edge[following].1;
        }
        start = end;
    }
    next
}
