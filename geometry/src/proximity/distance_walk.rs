//! The traversal of a mesh–mesh distance query: depth first, nearer child pair first, from the
//! roots or from the front the last query on the same mesh pair left.

use super::far_pair::{certified, descend};
use super::front::{Began, Front, FrontPair};
use super::front_pairs::FrontPairs;
use super::gjk::Corner;
use super::moved_node::{GapAxis, MovedNode};
use super::pair_query::{Best, PlacedPair, TrianglePair, warm_slots};
use super::scratch::{MovedCache, ProximityScratch, QueryStats};
use super::slab_gaps::{leaf_certificate, slab_gap};
use super::triangle::V3;
use super::triangle_distance::triangle_distance;

/// How far a distance front may grow beyond a fresh one before the next query starts from the
/// roots (tuned on the Solo-12 shoulder grid).
const DISTANCE_FRONT_GROWTH: f64 = 2.0;

/// The side a bound found meeting the other at a single corner.
fn cornered(axis: GapAxis) -> Corner {
    match axis {
        GapAxis::Along(_, corner) => corner,
        _ => Corner::Neither,
    }
}

/// One distance query under way: the meshes, the buffers and the best pair so far.
struct DistanceWalk<'p, 's> {
    pair: &'p PlacedPair<'p>,
    stack: &'s mut Vec<(FrontPair, Corner, V3)>,
    moved: &'s mut MovedCache,
    stats: &'s mut QueryStats,
    /// The front being built: where this query stopped, with lower bounds.
    next: &'s mut Vec<FrontPair>,
    best: Best,
}

impl DistanceWalk<'_, '_> {
    /// Explores node pair `(ia, ib)` (lower bound `lb`) and everything under it that may hold a
    /// closer pair, recording where it stops in the front. When `refresh`, the pair's own
    /// bound is first recomputed (it comes from an earlier placement). Returns `true` at
    /// contact, the search being over.
    fn explore(&mut self, ia: u32, ib: u32, lb: f64, mut hint: V3, refresh: bool) -> bool {
        let (a, b, tol) = (self.pair.a, self.pair.b, self.pair.tolerance);
        if refresh && !(a.links[ia as usize].is_leaf() && b.links[ib as usize].is_leaf()) {
            let stop = self.best.limit(tol);
            self.stats.volume_tests += 1;
            let mut node = MovedNode::new(b, ib, self.moved);
            let (gap, axis) = node.gap_to(a, ia, b, self.moved, stop, &hint);
            if gap > stop {
                self.next.push(FrontPair {
                    a: ia,
                    b: ib,
                    bound: gap,
                    axis: node.direction(a, ia, axis),
                });
                return false;
            }
            hint = node.direction(a, ia, axis);
        }
        self.stack
            .push((FrontPair::pending(ia, ib, lb), Corner::Neither, hint));
        while let Some((entry, corner, hint)) = self.stack.pop() {
            let (ia, ib) = (entry.a, entry.b);
            let stop = self.best.limit(tol);
            if entry.bound > stop {
                self.next.push(entry);
                continue;
            }
            let (la, lb_) = (a.links[ia as usize], b.links[ib as usize]);
            if la.is_leaf() && lb_.is_leaf() {
                if self.leaves(ia, ib) {
                    return true;
                }
                continue;
            }
            self.stats.volume_tests += 2;
            let (ra, rb) = (a.spheres[ia as usize].radius, b.spheres[ib as usize].radius);
            // The larger node is split, unless the bound found one node meeting the other at a
            // single corner: then the other is split. Splitting the cornered side would leave
            // each part the same corner and the same bound (a corner shared by a fan of
            // triangles ties once per triangle), while splitting the other side tightens it.
            let descend_a = !la.is_leaf()
                && (lb_.is_leaf()
                    || match corner {
                        Corner::A => false,
                        Corner::B => true,
                        Corner::Neither => ra >= rb,
                    });
            // A child pair with its bound, its separating direction when it is pruned, and the
            // side its bound found at a single corner.
            let entry = |na: u32, nb: u32, node: &MovedNode, (l, x): (f64, GapAxis)| {
                // The direction their hull bounds were taken along: where this pair is split,
                // its children's bounds start from it. A front pair keeps it as its axis only
                // when its bound is that direction's gap.
                let hint = node.direction(a, na, x);
                let axis = if l > stop { hint } else { V3::zeros() };
                let p = FrontPair {
                    a: na,
                    b: nb,
                    bound: l,
                    axis,
                };
                (p, cornered(x), hint)
            };
            let children = if descend_a {
                let (c1, c2) = (ia + 1, la.link);
                let mut node = MovedNode::new(b, ib, self.moved);
                let g1 = node.gap_to(a, c1, b, self.moved, stop, &hint);
                let g2 = node.gap_to(a, c2, b, self.moved, stop, &hint);
                [entry(c1, ib, &node, g1), entry(c2, ib, &node, g2)]
            } else {
                let (c1, c2) = (ib + 1, lb_.link);
                [c1, c2].map(|c| {
                    let mut node = MovedNode::new(b, c, self.moved);
                    let g = node.gap_to(a, ia, b, self.moved, stop, &hint);
                    entry(ia, c, &node, g)
                })
            };
            // Push the farther pair first so that the nearer one is explored first; pairs
            // already beyond the limit go straight to the front.
            let [p1, p2] = children;
            let (near, far) = if p1.0.bound <= p2.0.bound {
                (p1, p2)
            } else {
                (p2, p1)
            };
            for p in [far, near] {
                if p.0.bound <= stop {
                    self.stack.push(p);
                } else {
                    self.next.push(p.0);
                }
            }
        }
        false
    }

    /// Re-tests pair `i` of the resumed front `old`, whose bound carried to this placement
    /// is `carried`, unless that bound still clears the limit: first along its direction
    /// (the slab gap, often tighter than the old bound minus the motion), then by exploring
    /// it, noting it in `dropped`. Returns `true` at contact.
    #[inline(always)]
    fn revisit(
        &mut self,
        old: &FrontPairs,
        i: usize,
        carried: &mut f64,
        dropped: &mut Vec<u32>,
    ) -> bool {
        let limit = self.best.limit(self.pair.tolerance);
        if *carried > limit {
            return false;
        }
        let e = old.get(i, *carried);
        if e.axis != V3::zeros() {
            let (a, b) = (self.pair.a, self.pair.b);
            let (r, t) = (&self.moved.rotation, &self.moved.translation);
            *carried = carried.max(slab_gap(a, e.a, b, e.b, r, t, &e.axis));
            if *carried > limit {
                return false;
            }
        }
        dropped.push(i as u32);
        self.explore(e.a, e.b, *carried, e.axis, true)
    }

    /// Tests the triangles of leaf pair `(ia, ib)` and records the pair in the front with a
    /// lower bound (a slab gap with its direction for single triangles). Returns `true` at
    /// contact.
    fn leaves(&mut self, ia: u32, ib: u32) -> bool {
        let (a, b, tol) = (self.pair.a, self.pair.b, self.pair.tolerance);
        let (la, lb) = (a.links[ia as usize], b.links[ib as usize]);
        // The smallest triangle distance, or the limit a test was cut at (its distance
        // exceeds it).
        let mut bound = f64::INFINITY;
        let mut witness = None;
        for sa in la.link..la.link + la.count {
            for sb in lb.link..lb.link + lb.count {
                let tb = self.moved.triangle(b, sb);
                self.stats.triangle_tests += 1;
                let stop = self.best.limit(tol);
                match triangle_distance(&a.triangles[sa as usize], tb, stop) {
                    Some(r) => {
                        bound = bound.min(r.distance);
                        witness = Some((r.point_a, r.point_b));
                        self.best.offer(r, sa, sb);
                        if self.best.is_contact() {
                            return true;
                        }
                    }
                    None => bound = bound.min(stop),
                }
            }
        }
        let mut entry = FrontPair::pending(ia, ib, bound);
        if la.count == 1 && lb.count == 1 {
            let ta = &a.triangles[la.link as usize];
            let tb = self.moved.triangle(b, lb.link);
            let (gap, axis) = leaf_certificate(ta, tb, witness);
            // The slab gap is at most the distance; keep the distance when it is larger and
            // no direction is needed to carry it.
            if gap > 0.0 && gap >= 0.5 * bound {
                entry = FrontPair {
                    a: ia,
                    b: ib,
                    bound: gap,
                    axis,
                };
            }
        }
        self.next.push(entry);
        false
    }
}

/// Finds the closest triangle pair at distance at most `bound`, if any: from the front the
/// last distance query on this mesh pair left, when there is one, else from the roots.
pub(crate) fn closest_pair(
    pair: &PlacedPair<'_>,
    scratch: &mut ProximityScratch,
    bound: f64,
    warm: Option<TrianglePair>,
) -> Best {
    let (a, b, tol) = (pair.a, pair.b, pair.tolerance);
    let ProximityScratch {
        distance_stack: stack,
        moved,
        stats,
        distance_fronts,
        separation_fronts,
        ..
    } = scratch;
    *stats = Default::default();
    let key = (a.id, b.id, scratch.channel);
    let front = distance_fronts.for_pair(key);
    let own = front.start(key, &b.spheres[0], &moved.rotation, &moved.translation);
    let mut best = Best {
        distance: bound,
        found: None,
    };
    if let Some((sa, sb)) = warm_slots(a, b, warm) {
        let tb = moved.triangle(b, sb);
        stats.triangle_tests += 1;
        if let Some(r) = triangle_distance(&a.triangles[sa as usize], tb, best.limit(tol)) {
            best.offer(r, sa, sb);
        }
    }
    if best.found.is_some() && !best.is_contact() {
        // Coherent sequences: the pair closest to the warm start is often the answer, and
        // when the meshes' closest points lie on their hulls one pass over the corners
        // proves it, where the traversal would open many node pairs.
        descend(a, b, moved, &mut best, tol, stats);
        if !best.is_contact() && certified(a, b, moved, &best, tol) {
            stats.certified = true;
            front.left_unchanged();
            return best;
        }
    }
    if best.is_contact() {
        front.contact_found(own.is_some(), &b.spheres[0]);
        separation_fronts.for_pair(key).note_contact();
        return best;
    }
    stack.clear();
    // Right after an intersection test found the meshes apart at this very placement (a
    // distance query after contact), its front is the finest start: it reaches down to the
    // near-touching leaves, where a distance front from before the contact would have to be
    // refined again from far above.
    let (r, t) = (moved.rotation, moved.translation);
    let adopted = separation_fronts
        .existing(key)
        .and_then(|separation| front.adopt(separation, key, &r, &t));
    let resumed = adopted
        .or(own)
        .or_else(|| front.restore(key, &b.spheres[0], &r, &t));
    let Front {
        pairs: old,
        carried,
        dropped,
        next,
        order,
        ..
    } = &mut *front;
    next.clear();
    dropped.clear();
    let mut walk = DistanceWalk {
        pair,
        stack,
        moved,
        stats,
        next,
        best,
    };
    let contact = if let Some(motion) = resumed {
        old.carry_all(&motion, carried);
        // An adopted front (an intersection test's, right after contact) holds box gaps taken
        // at this very placement, down to the near-touching pairs: its pairs that may hold a
        // closer pair are gone through nearest first, so that the closest pair is found before
        // the others are refined against a loose limit (Solo-12 shoulder grid: the hind lower
        // legs' slowest cells, both after contact, 84-88 -> 67-69 us). An own front keeps its
        // order: its bounds, carried across the motion, are too loose to rank (nearest first
        // made the slowest cells up to 35 % slower).
        let nearest_first = adopted.is_some();
        if nearest_first {
            order.clear();
            let limit = walk.best.limit(tol);
            order.extend((0..carried.len() as u32).filter(|&i| carried[i as usize] <= limit));
            order.sort_unstable_by(|&x, &y| carried[x as usize].total_cmp(&carried[y as usize]));
        }
        let contact = if nearest_first {
            order
                .iter()
                .any(|&i| walk.revisit(old, i as usize, &mut carried[i as usize], dropped))
        } else {
            carried
                .iter_mut()
                .enumerate()
                .any(|(i, c)| walk.revisit(old, i, c, dropped))
        };
        if nearest_first {
            // In increasing order, as the front's renewal expects.
            dropped.sort_unstable();
        }
        walk.stats.front_skips = (old.len() - dropped.len()) as u64;
        contact
    } else {
        walk.stats.volume_tests += 1;
        let (root, _) = MovedNode::new(b, 0, walk.moved).gap_to(
            a,
            0,
            b,
            walk.moved,
            walk.best.limit(tol),
            &V3::zeros(),
        );
        walk.explore(0, 0, root, V3::zeros(), false)
    };
    let best = walk.best;
    if contact {
        // The old front stays, still valid at its own placement.
        front.contact_found(own.is_some(), &b.spheres[0]);
        separation_fronts.for_pair(key).note_contact();
        return best;
    }
    front.finish(
        key,
        Began::of(own.is_some() && adopted.is_none(), resumed.is_some()),
        DISTANCE_FRONT_GROWTH,
        &b.spheres,
        &r,
        &t,
    );
    best
}
