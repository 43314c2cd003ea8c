//! The one-ring of every triangle of a mesh (the triangles that share a corner with it), so
//! that an intersection test can look for the next contact next to the last one.

use crate::mesh::faces_around_vertices;

/// The one-rings of a mesh's triangles by leaf-order slot, as one compressed list.
#[derive(Debug, Clone, Default)]
pub(crate) struct OneRings {
    /// Where the ring of each slot starts in `ring` (one more entry than slots).
    start: Vec<u32>,
    /// The rings, slot after slot.
    ring: Vec<u32>,
}

impl OneRings {
    /// The rings of `faces` (corner indices below `vertex_count`), where face `f` sits at slot
    /// `slot_of_face[f]`. Triangles are neighbours when they share a corner index, so an
    /// unwelded mesh (corners repeated per face) has empty rings.
    pub fn new(faces: &[[u32; 3]], slot_of_face: &[u32], vertex_count: usize) -> Self {
        let (around_start, around) = faces_around_vertices(faces, vertex_count);
        let mut face_of_slot = vec![0usize; faces.len()];
        for (f, &slot) in slot_of_face.iter().enumerate() {
            face_of_slot[slot as usize] = f;
        }
        let mut start = Vec::with_capacity(faces.len() + 1);
        let mut ring = Vec::with_capacity(12 * faces.len());
        start.push(0);
        for (slot, &f) in face_of_slot.iter().enumerate() {
            let first = ring.len();
            for &v in &faces[f] {
                let (lo, hi) = (around_start[v as usize], around_start[v as usize + 1]);
                ring.extend(
                    around[lo as usize..hi as usize]
                        .iter()
                        .map(|&g| slot_of_face[g as usize])
                        .filter(|&s| s as usize != slot),
                );
            }
            // A neighbour listed twice shares an edge (two corners): those come first, as a
            // contact moving off a triangle crosses one of its edges.
            ring[first..].sort_unstable();
            let mut kept = first;
            let mut edge_neighbours = 0;
            let mut i = first;
            while i < ring.len() {
                let mut j = i + 1;
                while j < ring.len() && ring[j] == ring[i] {
                    j += 1;
                }
                let slot = ring[i];
                ring[kept] = slot;
                if j - i >= 2 {
                    ring.swap(kept, first + edge_neighbours);
                    edge_neighbours += 1;
                }
                kept += 1;
                i = j;
            }
            ring.truncate(kept);
            ring[first + edge_neighbours..].sort_unstable();
            start.push(ring.len() as u32);
        }
        Self { start, ring }
    }

    /// The slots of the triangles sharing a corner with slot `slot` (not itself): those that
    /// share an edge first, then the others, each group in slot order.
    #[inline]
    pub fn of(&self, slot: u32) -> &[u32] {
        let s = slot as usize;
        &self.ring[self.start[s] as usize..self.start[s + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A square pyramid with an apex: every side touches every other side at the apex (and its
    /// two neighbours along an edge), and the two base triangles touch each side at one or two
    /// corners.
    #[test]
    fn rings_are_the_faces_sharing_a_corner() {
        let faces = [
            [0, 1, 4],
            [1, 2, 4],
            [2, 3, 4],
            [3, 0, 4],
            [0, 2, 1],
            [0, 3, 2],
        ];
        // Slots in reverse face order, to check the mapping.
        let slot_of_face: Vec<u32> = (0..6).rev().collect();
        let rings = OneRings::new(&faces, &slot_of_face, 5);
        for (f, corners) in faces.iter().enumerate() {
            let shared = |other: &[u32; 3]| other.iter().filter(|v| corners.contains(v)).count();
            let neighbours = |count: usize| {
                let mut n: Vec<u32> = faces
                    .iter()
                    .enumerate()
                    .filter(|(g, other)| *g != f && shared(other) == count)
                    .map(|(g, _)| slot_of_face[g])
                    .collect();
                n.sort_unstable();
                n
            };
            let (by_edge, by_corner) = (neighbours(2), neighbours(1));
            let ring = rings.of(slot_of_face[f]);
            // Edge neighbours first, then corner neighbours, each in slot order.
            assert_eq!(ring.len(), by_edge.len() + by_corner.len(), "face {f}");
            let (first, rest) = ring.split_at(by_edge.len());
            let mut first = first.to_vec();
            first.sort_unstable();
            assert_eq!(first, by_edge, "face {f}: edge neighbours");
            assert_eq!(rest, by_corner.as_slice(), "face {f}: corner neighbours");
        }
    }

    #[test]
    fn unwelded_triangles_have_empty_rings() {
        let faces = [[0, 1, 2], [3, 4, 5]];
        let rings = OneRings::new(&faces, &[0, 1], 6);
        assert!(rings.of(0).is_empty() && rings.of(1).is_empty());
    }
}
