//! Refinement of a triangle surface by longest-edge bisection until no edge is longer than a
//! bound. Splitting always takes the globally longest edge, which is then the longest edge of
//! every triangle holding it, so triangle shapes do not degrade.
//!
//! Edges are kept as radial cycles (see `mesh_surface_slots`); splitting an edge splits every
//! face of its cycle.

use std::collections::BinaryHeap;

use super::mesh_surface_input::{InputSurface, Support};
use super::mesh_surface_slots::{Slot, edge_key, radial_cycles, slot, slot_edge};
use super::mesh_surface_state::Surface;

/// Bisects every edge longer than `max_edge`, placing each new vertex on the input surface
/// (see [`InputSurface::midpoint`]; an edge whose midpoint cannot be placed, or would land on
/// a vertex in use, stays whole).
/// Returns `None` when the vertex count would exceed `max_vertices`.
pub(super) fn refine(
    s: &mut Surface,
    input: &InputSurface<'_>,
    max_edge: f64,
    max_vertices: usize,
) -> Option<()> {
    let mut next = radial_cycles(&s.faces);
    // Vertices in use: a midpoint that lands on one of them would duplicate it.
    let mut in_use = vec![false; s.pos.len()];
    for t in &s.faces {
        for &v in t {
            in_use[v as usize] = true;
        }
    }
    let length = |s: &Surface, a: u32, b: u32| (s.pos[a as usize] - s.pos[b as usize]).norm();
    // Max-heap on (length bits, edge key, slot): non-negative floats order like their bits.
    let mut heap: BinaryHeap<(u64, u64, Slot)> = BinaryHeap::new();
    for sl in 0..next.len() as Slot {
        let (a, b) = slot_edge(&s.faces, sl);
        // One entry per edge: the smallest slot of its cycle.
        if cycle_min(&next, sl) == sl {
            let l = length(s, a, b);
            if l > max_edge {
                heap.push((l.to_bits(), edge_key(a, b), sl));
            }
        }
    }
    let mut cycle: Vec<Slot> = Vec::new();
    let mut near_p: Vec<Slot> = Vec::new();
    let mut near_q: Vec<Slot> = Vec::new();
    while let Some((_, key, sl)) = heap.pop() {
        let (p, q) = slot_edge(&s.faces, sl);
        if edge_key(p, q) != key {
            continue; // already split
        }
        if s.pos.len() >= max_vertices {
            return None;
        }
        let Some((mid, support)) = input.midpoint(
            (s.pos[p as usize], s.support[p as usize]),
            (s.pos[q as usize], s.support[q as usize]),
        ) else {
            continue;
        };
        if let Support::Vertex(v) = support {
            // Input vertex v is vertex v of the surface.
            if in_use.get(v as usize).copied().unwrap_or(false) {
                continue;
            }
        }
        cycle.clear();
        let mut c = sl;
        loop {
            cycle.push(c);
            c = next[c as usize];
            if c == sl {
                break;
            }
        }
        let m = s.pos.len() as u32;
        s.pos.push(mid);
        s.support.push(support);
        near_p.clear();
        near_q.clear();
        for &c in &cycle {
            let f = c / 3;
            let k = (c % 3) as usize;
            let t = s.faces[f as usize];
            let (x, y, z) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3]);
            let g = s.faces.len() as u32;
            s.faces.push([m, y, z]);
            s.origin.push(s.origin[f as usize]);
            next.extend_from_slice(&[slot(g, 0), slot(g, 1), slot(g, 2)]);
            // (y, z) moves to (g, 1), then (z, x) to (f, 2); (f, 0) = (x, m), (f, 1) = (m, z).
            move_slot(&mut next, slot(f, ((k + 1) % 3) as u32), slot(g, 1));
            move_slot(&mut next, slot(f, ((k + 2) % 3) as u32), slot(f, 2));
            s.faces[f as usize] = [x, m, z];
            // Heap entries follow slots: re-announce the long edges whose slot moved.
            for (a, b, moved) in [(y, z, slot(g, 1)), (z, x, slot(f, 2))] {
                let l = length(s, a, b);
                if l > max_edge {
                    heap.push((l.to_bits(), edge_key(a, b), moved));
                }
            }
            next[slot(f, 1) as usize] = slot(g, 2);
            next[slot(g, 2) as usize] = slot(f, 1);
            if x == p {
                near_p.push(slot(f, 0));
                near_q.push(slot(g, 0));
            } else {
                near_q.push(slot(f, 0));
                near_p.push(slot(g, 0));
            }
            let l = length(s, m, z);
            if l > max_edge {
                heap.push((l.to_bits(), edge_key(m, z), slot(f, 1)));
            }
        }
        for (half, end) in [(&near_p, p), (&near_q, q)] {
            for (i, &c) in half.iter().enumerate() {
                next[c as usize] = half[(i + 1) % half.len()];
            }
            let l = length(s, m, end);
            if l > max_edge {
                heap.push((l.to_bits(), edge_key(m, end), half[0]));
            }
        }
    }
    Some(())
}

/// The smallest slot of the cycle through `s`.
fn cycle_min(next: &[Slot], s: Slot) -> Slot {
    let mut best = s;
    let mut c = next[s as usize];
    while c != s {
        best = best.min(c);
        c = next[c as usize];
    }
    best
}

/// Moves a corner of a radial cycle from slot `old` to slot `new`.
fn move_slot(next: &mut [Slot], old: Slot, new: Slot) {
    if old == new {
        return;
    }
    let after = next[old as usize];
    if after == old {
        next[new as usize] = new;
        return;
    }
    let mut before = after;
    while next[before as usize] != old {
        before = next[before as usize];
    }
    next[before as usize] = new;
    next[new as usize] = after;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::TriangleMesh;
    use nalgebra::Point3;

    #[test]
    fn refining_a_tetrahedron_keeps_it_closed_bounded_and_on_its_faces() {
        let mesh = TriangleMesh::new(
            vec![
                Point3::new(0.0, 0.0, 0.0),
                Point3::new(1.0, 0.0, 0.0),
                Point3::new(0.0, 1.0, 0.0),
                Point3::new(0.0, 0.0, 1.0),
            ],
            vec![[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]],
        )
        .unwrap();
        let input = InputSurface::new(&mesh);
        let mut s = Surface {
            pos: mesh.vertices().to_vec(),
            support: (0..4).map(Support::Vertex).collect(),
            faces: mesh.faces().to_vec(),
            origin: (0..4).collect(),
        };
        refine(&mut s, &input, 0.3, 1_000_000).unwrap();
        let next = radial_cycles(&s.faces);
        for sl in 0..next.len() as Slot {
            // Closed: every edge has exactly two faces.
            assert_eq!(next[next[sl as usize] as usize], sl);
            let (a, b) = slot_edge(&s.faces, sl);
            assert!((s.pos[a as usize] - s.pos[b as usize]).norm() <= 0.3);
        }
        let v = s.pos.len() as i64;
        let f = s.faces.len() as i64;
        assert_eq!(v - 3 * f / 2 + f, 2);
        // Every new point lies on the face (or edge) it is supported by: x + y + z = 1 for the
        // slanted face, a zero coordinate for the others.
        for (p, sup) in s.pos.iter().zip(&s.support) {
            let on_slanted = (p.x + p.y + p.z - 1.0).abs() < 1e-15;
            let on_axis_plane = p.x == 0.0 || p.y == 0.0 || p.z == 0.0;
            assert!(
                on_slanted || on_axis_plane,
                "{p:?} ({sup:?}) is off the tetrahedron"
            );
        }
    }
}
