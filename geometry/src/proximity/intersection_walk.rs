//! The traversal of a mesh–mesh intersection test: depth first, stopping at the first
//! intersecting triangle pair, from the roots or from the front of node pairs where the last
//! test on the same mesh pair found the meshes apart.

use super::bvh::{Link, MeshBvh};
use super::front::{FrontPair, leaf_certificate};
use super::mesh_mesh::{PlacedPair, TrianglePair, warm_slots};
use super::moved_node::MovedNode;
use super::scratch::{MovedCache, ProximityScratch, QueryStats};
use super::triangle::V3;
use super::triangle_intersection::triangles_intersect;

/// How many levels above the warm pair's leaves the neighbourhood search starts.
const NEIGHBOURHOOD_LEVELS: usize = 8;

/// The two child pairs of a node pair that is not a leaf pair (the larger node is split), the
/// one to explore first last.
#[inline]
fn split(a: &MeshBvh, b: &MeshBvh, ia: u32, ib: u32) -> [(u32, u32); 2] {
    let (la, lb) = (a.links[ia as usize], b.links[ib as usize]);
    let (ra, rb) = (a.spheres[ia as usize].radius, b.spheres[ib as usize].radius);
    if !la.is_leaf() && (lb.is_leaf() || ra >= rb) {
        [(la.link, ib), (ia + 1, ib)]
    } else {
        [(ia, lb.link), (ia, ib + 1)]
    }
}

/// The first intersecting triangle pair of two leaves (leaf-order slots), counting the tests.
#[inline]
fn leaf_intersection(
    a: &MeshBvh,
    b: &MeshBvh,
    la: Link,
    lb: Link,
    moved: &mut MovedCache,
    stats: &mut QueryStats,
) -> Option<(u32, u32)> {
    for sa in la.link..la.link + la.count {
        for sb in lb.link..lb.link + lb.count {
            stats.triangle_tests += 1;
            if triangles_intersect(&a.triangles[sa as usize], moved.triangle(b, sb)) {
                return Some((sa, sb));
            }
        }
    }
    None
}

/// The leaf-order slots of the first intersecting triangle pair found, if any.
pub(crate) fn first_intersection(
    pair: &PlacedPair<'_>,
    scratch: &mut ProximityScratch,
    warm: Option<TrianglePair>,
) -> Option<(u32, u32)> {
    let (a, b, tol) = (pair.a, pair.b, pair.tolerance);
    let ProximityScratch {
        pair_stack: stack,
        moved,
        stats,
        separation_fronts,
        ..
    } = scratch;
    *stats = Default::default();
    let key = (a.id, b.id, scratch.channel);
    let front = separation_fronts.for_pair(key);
    let resumed = front.start(key, &b.spheres[0], &moved.rotation, &moved.translation);
    let after_contact = front.contact_key == Some(key);
    front.contact_key = Some(key);
    if let Some((sa, sb)) = warm_slots(a, b, warm) {
        stats.triangle_tests += 1;
        if triangles_intersect(&a.triangles[sa as usize], moved.triangle(b, sb)) {
            return Some((sa, sb));
        }
    }
    if let Some((sa, sb)) = warm_slots(a, b, warm).filter(|_| after_contact) {
        // Right after contact, the meshes often still meet near where they met: search the
        // neighbourhood of the warm pair (a few levels up each hierarchy) before the whole
        // pair tree.
        let (na, nb) = (
            a.ancestor_of_slot(sa, NEIGHBOURHOOD_LEVELS),
            b.ancestor_of_slot(sb, NEIGHBOURHOOD_LEVELS),
        );
        stack.clear();
        stack.push(FrontPair::pending(na, nb, 0.0));
        while let Some(FrontPair { a: ia, b: ib, .. }) = stack.pop() {
            let (la, lb) = (a.links[ia as usize], b.links[ib as usize]);
            stats.volume_tests += 1;
            if MovedNode::new(b, ib, moved)
                .separation(a, ia, b, moved)
                .is_some()
            {
                continue;
            }
            if la.is_leaf() && lb.is_leaf() {
                if let Some(hit) = leaf_intersection(a, b, la, lb, moved, stats) {
                    return Some(hit);
                }
                continue;
            }
            for p in split(a, b, ia, ib) {
                stack.push(FrontPair::pending(p.0, p.1, 0.0));
            }
        }
    }
    // Pairs on the stack are still to be tested; those found apart form the next front, with
    // a lower bound on their distance.
    stack.clear();
    front.next.clear();
    front.dropped.clear();
    if let Some(motion) = resumed {
        front.pairs.carry_all(&motion, &mut front.carried);
        for (i, &carried) in front.carried.iter().enumerate() {
            if carried <= tol {
                front.dropped.push(i as u32);
                stack.push(front.pairs.get(i, carried));
            }
        }
        stats.front_skips = (front.pairs.len() - front.dropped.len()) as u64;
    } else {
        stack.push(FrontPair::pending(0, 0, 0.0));
    }
    while let Some(FrontPair { a: ia, b: ib, .. }) = stack.pop() {
        let (la, lb) = (a.links[ia as usize], b.links[ib as usize]);
        stats.volume_tests += 1;
        let mut node = MovedNode::new(b, ib, moved);
        if let Some((gap, axis)) = node.separation(a, ia, b, moved) {
            front.next.push(FrontPair {
                a: ia,
                b: ib,
                bound: gap,
                axis: node.direction(a, ia, axis),
            });
            continue;
        }
        if la.is_leaf() && lb.is_leaf() {
            if let Some(hit) = leaf_intersection(a, b, la, lb, moved, stats) {
                // The old front stays, still valid at its own placement.
                return Some(hit);
            }
            // Apart: a slab along a triangle normal often certifies a positive gap.
            let (bound, axis) = if la.count == 1 && lb.count == 1 {
                let tb = moved.triangle(b, lb.link);
                leaf_certificate(&a.triangles[la.link as usize], tb, None)
            } else {
                (0.0, V3::zeros())
            };
            front.next.push(FrontPair {
                a: ia,
                b: ib,
                bound,
                axis,
            });
            continue;
        }
        for p in split(a, b, ia, ib) {
            stack.push(FrontPair::pending(p.0, p.1, 0.0));
        }
    }
    let (r, t) = (moved.rotation, moved.translation);
    front.finish(key, resumed.is_some(), &b.spheres, &r, &t);
    front.contact_key = None;
    None
}
