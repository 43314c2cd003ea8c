//! The traversal of a mesh–mesh intersection test: depth first, nearer child pair first,
//! stopping at the first intersecting triangle pair, from the roots or from the front of node
//! pairs where an earlier test on the same mesh pair found the meshes apart.
//!
//! Before any traversal, the warm pair (the last contact) is tested, and right after a contact
//! the triangles around it: contact regions move little between coherent queries, so the next
//! contact is usually the same triangle pair or one with a neighbour of one of its triangles.

use super::bvh::{Link, MeshBvh};
use super::front::{Began, FrontPair};
use super::moved_node::MovedNode;
use super::pair_query::{PlacedPair, TrianglePair, warm_slots};
use super::scratch::{MovedCache, ProximityScratch, QueryStats};
use super::slab_gaps::{leaf_certificate, slab_gap};
use super::triangle::V3;
use super::triangle_intersection::triangles_intersect;

/// How far a separation front may grow beyond a fresh one before the next query starts from
/// the roots (tuned on the Solo-12 shoulder grid: smaller than for distance fronts, whose
/// pairs are costlier to find again).
const SEPARATION_FRONT_GROWTH: f64 = 1.5;

/// The two child pairs of a node pair that is not a leaf pair (the larger node is split), the
/// one whose bounding spheres are nearer last, so that it is popped and explored first: it is
/// the likelier to hold a contact. `center_b` is node `ib`'s centre in the first mesh's frame.
#[inline]
fn split_nearer_last(
    a: &MeshBvh,
    b: &MeshBvh,
    ia: u32,
    ib: u32,
    center_b: &V3,
    moved: &MovedCache,
) -> [(u32, u32); 2] {
    let (la, lb) = (a.links[ia as usize], b.links[ib as usize]);
    let (ra, rb) = (a.spheres[ia as usize].radius, b.spheres[ib as usize].radius);
    let gap = |ca: &V3, cb: &V3, r: f64| (ca - cb).norm() - r;
    if !la.is_leaf() && (lb.is_leaf() || ra >= rb) {
        let (c1, c2) = (ia + 1, la.link);
        let (s1, s2) = (&a.spheres[c1 as usize], &a.spheres[c2 as usize]);
        if gap(&s1.center, center_b, s1.radius) <= gap(&s2.center, center_b, s2.radius) {
            [(c2, ib), (c1, ib)]
        } else {
            [(c1, ib), (c2, ib)]
        }
    } else {
        let (c1, c2) = (ib + 1, lb.link);
        let ca = &a.spheres[ia as usize].center;
        let (s1, s2) = (&b.spheres[c1 as usize], &b.spheres[c2 as usize]);
        let m1 = moved.rotation * s1.center + moved.translation;
        let m2 = moved.rotation * s2.center + moved.translation;
        if gap(ca, &m1, s1.radius) <= gap(ca, &m2, s2.radius) {
            [(ia, c2), (ia, c1)]
        } else {
            [(ia, c1), (ia, c2)]
        }
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

/// The first intersecting pair of triangle `sa` of `a` with a triangle of `b` around `sb`, or
/// of a triangle of `a` around `sa` with triangle `sb` (slots).
fn around_pair(
    a: &MeshBvh,
    b: &MeshBvh,
    (sa, sb): (u32, u32),
    moved: &mut MovedCache,
    stats: &mut QueryStats,
) -> Option<(u32, u32)> {
    let ta = &a.triangles[sa as usize];
    for &near_b in b.rings.of(sb) {
        stats.triangle_tests += 1;
        if triangles_intersect(ta, moved.triangle(b, near_b)) {
            return Some((sa, near_b));
        }
    }
    let tb = *moved.triangle(b, sb);
    for &near_a in a.rings.of(sa) {
        stats.triangle_tests += 1;
        if triangles_intersect(&a.triangles[near_a as usize], &tb) {
            return Some((near_a, sb));
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
    let own = front.start(key, &b.spheres[0], &moved.rotation, &moved.translation);
    if let Some(slots) = warm_slots(a, b, warm) {
        stats.triangle_tests += 1;
        if triangles_intersect(&a.triangles[slots.0 as usize], moved.triangle(b, slots.1)) {
            front.contact_found(own.is_some(), &b.spheres[0]);
            return Some(slots);
        }
        if front.after_contact
            && let Some(hit) = around_pair(a, b, slots, moved, stats)
        {
            return Some(hit);
        }
    }
    // Pairs on the stack are still to be tested; those found apart form the next front, with
    // a lower bound on their distance.
    stack.clear();
    front.next.clear();
    front.dropped.clear();
    let resumed =
        own.or_else(|| front.restore(key, &b.spheres[0], &moved.rotation, &moved.translation));
    if let Some(motion) = resumed {
        front.pairs.carry_all(&motion, &mut front.carried);
        for (i, carried) in front.carried.iter_mut().enumerate() {
            if *carried > tol {
                continue;
            }
            let e = front.pairs.get(i, *carried);
            if e.axis != V3::zeros() {
                // Measured afresh along its direction, the slab gap often still separates.
                let (r, t) = (&moved.rotation, &moved.translation);
                *carried = carried.max(slab_gap(a, e.a, b, e.b, r, t, &e.axis));
                if *carried > tol {
                    continue;
                }
            }
            front.dropped.push(i as u32);
            stack.push(e);
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
                front.contact_found(own.is_some(), &b.spheres[0]);
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
        for p in split_nearer_last(a, b, ia, ib, &node.center, moved) {
            stack.push(FrontPair::pending(p.0, p.1, 0.0));
        }
    }
    let (r, t) = (moved.rotation, moved.translation);
    front.finish(
        key,
        Began::of(own.is_some(), resumed.is_some()),
        SEPARATION_FRONT_GROWTH,
        &b.spheres,
        &r,
        &t,
    );
    None
}
