//! A shortcut for coherent distance queries: from the warm-start pair, a descent over
//! neighbouring triangles to a locally closest pair, which is the answer when the slabs of the
//! two whole meshes along the direction of its closest points are as far apart as the pair.
//!
//! For any unit direction `n`, the distance between two surfaces is at least the gap between
//! their slabs along `n`: the lowest `n . x` over the second mesh's corners minus the highest
//! over the first's. When the closest points of the meshes lie on their convex hulls (the
//! common case for meshes far apart, where every node-pair bound of the hierarchies is loose
//! and a traversal must open many pairs) this gap along the direction of the closest pair
//! equals its distance, so one pass over the corners proves a pair closest. The test is
//! certified: the gap is computed from the corners along the direction actually used, and the
//! pair is accepted only when its distance exceeds the gap by at most the query's rounding
//! tolerance.
//!
//! When the closest points lie in a concavity of one mesh, parts of that mesh stand out past
//! the slab and the whole-mesh test fails. [`certified`] then walks that mesh's hierarchy
//! against the other mesh as a whole: a node is cleared when the gap between its box and the
//! other mesh's corners along the closest pair's direction, or along the direction from the
//! node's centre to the other closest point, is at least the pair's distance (minus the
//! rounding tolerance); uncleared nodes are opened, and the certificate fails at an uncleared
//! leaf or once a budget of nodes is spent (the traversal then decides).

use super::bvh::MeshBvh;
use super::front::highest_along;
use super::pair_query::Best;
use super::scratch::{MovedCache, QueryStats};
use super::triangle::V3;
use super::triangle_distance::triangle_distance;

/// Most descent steps (each tests the pair's triangles against the other's neighbours).
const MAX_STEPS: usize = 16;

/// Most nodes a hierarchical certificate opens on one mesh before giving up (each costs a
/// pass over the other mesh's corners).
const MAX_CERTIFICATE_NODES: usize = 256;

/// Pairs closer than this share of the smaller mesh's bounding radius skip the hierarchical
/// certificate (tuned on the Solo-12 shoulder grid: the near pair, base against upper leg,
/// never clears it).
const WALK_FROM: f64 = 0.1;

/// Moves `best` (which holds the warm-start pair) to a locally closest pair: repeatedly tests
/// each triangle of the pair against the triangles around the other and keeps the closest,
/// until no neighbour is closer. Returns early at contact.
pub(crate) fn descend(
    a: &MeshBvh,
    b: &MeshBvh,
    moved: &mut MovedCache,
    best: &mut Best,
    tolerance: f64,
    stats: &mut QueryStats,
) {
    for _ in 0..MAX_STEPS {
        let Some((_, sa, sb)) = best.found else {
            return;
        };
        for &na in a.rings.of(sa) {
            let tb = moved.triangle(b, sb);
            stats.triangle_tests += 1;
            if let Some(r) = triangle_distance(&a.triangles[na as usize], tb, best.limit(tolerance))
            {
                best.offer(r, na, sb);
            }
        }
        for &nb in b.rings.of(sb) {
            let tb = moved.triangle(b, nb);
            stats.triangle_tests += 1;
            if let Some(r) = triangle_distance(&a.triangles[sa as usize], tb, best.limit(tolerance))
            {
                best.offer(r, sa, nb);
            }
        }
        if best.is_contact() || best.found.is_some_and(|(_, na, nb)| (na, nb) == (sa, sb)) {
            return;
        }
    }
}

/// Whether the pair in `best` is certified closest: its distance is positive and every part
/// of each mesh is proved at least that far (to `tolerance`) from the other: first by the
/// slabs of the two whole meshes along the direction of its closest points, then, when parts
/// stand out past them (a concavity), by walking either mesh's hierarchy against the other
/// whole mesh. `moved` holds the second mesh's placement in the first's frame.
pub(crate) fn certified(
    a: &MeshBvh,
    b: &MeshBvh,
    moved: &MovedCache,
    best: &Best,
    tolerance: f64,
) -> bool {
    let Some((r, _, _)) = best.found else {
        return false;
    };
    if r.distance <= 0.0 {
        return false;
    }
    let Some(n) = (r.point_b - r.point_a).try_normalize(1e-300) else {
        return false;
    };
    let need = r.distance - tolerance;
    let placed = Placed { b, moved };
    let lowest_b = placed.lowest_of_b(&n);
    let highest_a = a.extremes.highest(&n);
    if lowest_b - highest_a >= need {
        return true;
    }
    // Near pairs (closer than a share of the smaller mesh's bounding radius) seldom clear the
    // walk, which would then only add its cost to the traversal's.
    let smaller = a.spheres[0].radius.min(b.spheres[0].radius);
    if r.distance < WALK_FROM * smaller {
        return false;
    }
    let mut stack = Vec::new();
    // The first mesh's nodes against the second mesh's corners...
    let a_cleared = walk(
        &mut stack,
        a,
        &n,
        lowest_b,
        r.point_b,
        need,
        |i, u| highest_along(a, i, u),
        |u| placed.lowest_of_b(u),
        |i| a.spheres[i as usize].center,
    );
    if a_cleared == Some(true) {
        return true;
    }
    // ... else the second mesh's nodes against the first mesh's corners, seen from the other
    // side (directions from the second mesh towards the first).
    let highest_a_neg = -highest_a;
    walk(
        &mut stack,
        b,
        &-n,
        highest_a_neg,
        r.point_a,
        need,
        |i, u| -placed.lowest_of_node(i, &-u),
        |u| -a.extremes.highest(&-u),
        |i| moved.rotation * b.spheres[i as usize].center + moved.translation,
    ) == Some(true)
}

/// The second mesh under the query's placement, in the first mesh's frame.
struct Placed<'a> {
    b: &'a MeshBvh,
    moved: &'a MovedCache,
}

impl Placed<'_> {
    /// The lowest `u . y` over the second mesh's placed corners.
    fn lowest_of_b(&self, u: &V3) -> f64 {
        // u . (R y + t) = (R^T u) . y + u . t, and min m . y = -max (-m) . y.
        let m = self.moved.rotation.tr_mul(u);
        -self.b.extremes.highest(&-m) + u.dot(&self.moved.translation)
    }

    /// The lowest `u . y` over node `i` of the second mesh, placed (a bound: from its box).
    fn lowest_of_node(&self, i: u32, u: &V3) -> f64 {
        let m = self.moved.rotation.tr_mul(u);
        -highest_along(self.b, i, &-m) + u.dot(&self.moved.translation)
    }
}

/// Walks `mesh`'s hierarchy against the other mesh as a whole, in the frame the directions are
/// given in: node `i` is cleared when, along `n` (the other mesh lowest at `lowest_other`) or
/// along the direction from its centre to `target` (the other closest point), the other mesh's
/// lowest value minus the node's highest is at least `need`. `Some(true)` when every node is
/// cleared, `Some(false)` at an uncleared leaf, `None` when the budget is spent.
#[allow(clippy::too_many_arguments)]
fn walk(
    stack: &mut Vec<u32>,
    mesh: &MeshBvh,
    n: &V3,
    lowest_other: f64,
    target: V3,
    need: f64,
    highest_of_node: impl Fn(u32, &V3) -> f64,
    lowest_of_other: impl Fn(&V3) -> f64,
    centre: impl Fn(u32) -> V3,
) -> Option<bool> {
    stack.clear();
    stack.push(0);
    let mut spent = 0;
    while let Some(i) = stack.pop() {
        if lowest_other - highest_of_node(i, n) >= need {
            continue;
        }
        spent += 1;
        if spent > MAX_CERTIFICATE_NODES {
            return None;
        }
        if let Some(u) = (target - centre(i)).try_normalize(1e-300)
            && lowest_of_other(&u) - highest_of_node(i, &u) >= need
        {
            continue;
        }
        let link = mesh.links[i as usize];
        if link.is_leaf() {
            return Some(false);
        }
        // The child nearer the other closest point first: an uncleared leaf, which ends a
        // failing walk, is most likely there.
        let (left, right) = (i + 1, link.link);
        let near_left =
            (centre(left) - target).norm_squared() <= (centre(right) - target).norm_squared();
        let (near, far) = if near_left {
            (left, right)
        } else {
            (right, left)
        };
        stack.push(far);
        stack.push(near);
    }
    Some(true)
}
