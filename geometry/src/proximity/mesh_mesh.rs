//! Distance and intersection between two meshes by a dual traversal of their hierarchies.
//!
//! The traversal works in the first mesh's frame; nodes and triangles of the second mesh are
//! moved into it on first use. A node pair is pruned when a lower bound on its distance (the
//! larger of the bounding-sphere gap and the separating-axis gap of the boxes) exceeds the
//! best distance found so far; children are visited nearest first. Leaves run the exact
//! triangle tests, so the answer is the brute-force minimum over all triangle pairs.

use nalgebra::{Isometry3, Point3};

use super::bvh::{MeshBvh, Node};
use super::scratch::{MovedCache, Pending, ProximityScratch};
use super::triangle_distance::{TrianglePairDistance, triangle_distance};
use super::triangle_intersection::triangles_intersect;
use crate::error::{GeometryError, Result, finite_pose};

/// A pair of faces, one of each mesh, by their indices in the faces given to
/// [`MeshBvh::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrianglePair {
    /// Face of the first mesh.
    pub a: u32,
    /// Face of the second mesh.
    pub b: u32,
}

/// The distance between two meshes and where it is reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshDistance {
    /// Smallest distance between the two surfaces (0 when they intersect).
    pub distance: f64,
    /// Closest point on the first mesh, in the frame the poses are given in (the world).
    pub point_a: Point3<f64>,
    /// Closest point on the second mesh, in the same frame. Equal to `point_a` when the
    /// meshes intersect (a point common to both).
    pub point_b: Point3<f64>,
    /// The faces the points lie on. Pass it back as the warm start of the next query.
    pub triangles: TrianglePair,
}

/// The relative placement of two hierarchies and the rounding tolerance of the query.
struct PlacedPair<'a> {
    a: &'a MeshBvh,
    b: &'a MeshBvh,
    /// Lower bounds are trusted only beyond this margin (covers rounding of the bounds).
    tolerance: f64,
}

fn placed_pair<'a>(
    a: &'a MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &'a MeshBvh,
    pose_b: &Isometry3<f64>,
    moved: &mut MovedCache,
) -> Result<PlacedPair<'a>> {
    finite_pose("the first mesh's pose", pose_a)?;
    finite_pose("the second mesh's pose", pose_b)?;
    let relative = pose_a.inverse() * pose_b;
    let rotation = relative.rotation.to_rotation_matrix().into_inner();
    let translation = relative.translation.vector;
    moved.begin(b, rotation, translation);
    let tolerance = 64.0 * f64::EPSILON * (a.scale + b.scale + translation.norm());
    Ok(PlacedPair { a, b, tolerance })
}

/// The smallest distance found and its triangle slots.
struct Best {
    distance: f64,
    found: Option<(TrianglePairDistance, u32, u32)>,
}

impl Best {
    #[inline]
    fn offer(&mut self, r: TrianglePairDistance, sa: u32, sb: u32) {
        if r.distance < self.distance || (self.found.is_none() && r.distance <= self.distance) {
            self.distance = r.distance;
            self.found = Some((r, sa, sb));
        }
    }

    /// Pairs whose lower bound exceeds this cannot improve the answer by more than the
    /// rounding tolerance: below the best distance once one is found (ties are pruned), above
    /// the bound while none is.
    #[inline]
    fn limit(&self, tol: f64) -> f64 {
        if self.found.is_some() {
            self.distance - tol
        } else {
            self.distance + tol
        }
    }

    #[inline]
    fn is_contact(&self) -> bool {
        self.found.is_some() && self.distance <= 0.0
    }
}

/// The leaf-order slots of a warm-start face pair, when both faces exist.
fn warm_slots(a: &MeshBvh, b: &MeshBvh, warm: Option<TrianglePair>) -> Option<(u32, u32)> {
    let w = warm?;
    Some((
        *a.slot_of_face.get(w.a as usize)?,
        *b.slot_of_face.get(w.b as usize)?,
    ))
}

/// Finds the closest triangle pair at distance at most `bound`, if any.
fn closest_pair(
    pair: &PlacedPair<'_>,
    scratch: &mut ProximityScratch,
    bound: f64,
    warm: Option<TrianglePair>,
) -> Best {
    let (a, b, tol) = (pair.a, pair.b, pair.tolerance);
    let ProximityScratch {
        stack,
        moved,
        stats,
        ..
    } = scratch;
    *stats = Default::default();
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
    if best.is_contact() {
        return best;
    }
    stack.clear();
    let root = Node::distance_bound(
        &a.nodes[0],
        &moved.node(b, 0),
        b.nodes[0].radius,
        best.limit(tol),
    );
    if root > best.limit(tol) {
        return best;
    }
    stack.push(Pending {
        a: 0,
        b: 0,
        bound: root,
    });
    while let Some(Pending {
        a: ia,
        b: ib,
        bound: lb,
    }) = stack.pop()
    {
        let stop = best.limit(tol);
        if lb > stop {
            continue;
        }
        let (la, lb_) = (a.links[ia as usize], b.links[ib as usize]);
        if la.is_leaf() && lb_.is_leaf() {
            for sa in la.link..la.link + la.count {
                for sb in lb_.link..lb_.link + lb_.count {
                    let tb = moved.triangle(b, sb);
                    stats.triangle_tests += 1;
                    if let Some(r) =
                        triangle_distance(&a.triangles[sa as usize], tb, best.limit(tol))
                    {
                        best.offer(r, sa, sb);
                        if best.is_contact() {
                            return best;
                        }
                    }
                }
            }
            continue;
        }
        stats.volume_tests += 2;
        let (na, nb) = (&a.nodes[ia as usize], &b.nodes[ib as usize]);
        let descend_a = !la.is_leaf() && (lb_.is_leaf() || na.radius >= nb.radius);
        let (p1, p2, l1, l2) = if descend_a {
            let (c1, c2) = (ia + 1, la.link);
            let ob = moved.node(b, ib);
            let l1 = Node::distance_bound(&a.nodes[c1 as usize], &ob, nb.radius, stop);
            let l2 = Node::distance_bound(&a.nodes[c2 as usize], &ob, nb.radius, stop);
            ((c1, ib), (c2, ib), l1, l2)
        } else {
            let (c1, c2) = (ib + 1, lb_.link);
            let l1 =
                Node::distance_bound(na, &moved.node(b, c1), b.nodes[c1 as usize].radius, stop);
            let l2 =
                Node::distance_bound(na, &moved.node(b, c2), b.nodes[c2 as usize].radius, stop);
            ((ia, c1), (ia, c2), l1, l2)
        };
        // Push the farther pair first so that the nearer one is explored first.
        let (near, far, ln, lf) = if l1 <= l2 {
            (p1, p2, l1, l2)
        } else {
            (p2, p1, l2, l1)
        };
        if lf <= stop {
            stack.push(Pending {
                a: far.0,
                b: far.1,
                bound: lf,
            });
        }
        if ln <= stop {
            stack.push(Pending {
                a: near.0,
                b: near.1,
                bound: ln,
            });
        }
    }
    best
}

fn to_result(
    pair: &PlacedPair<'_>,
    pose_a: &Isometry3<f64>,
    r: TrianglePairDistance,
    sa: u32,
    sb: u32,
) -> MeshDistance {
    MeshDistance {
        distance: r.distance,
        point_a: pose_a * Point3::from(r.point_a),
        point_b: pose_a * Point3::from(r.point_b),
        triangles: TrianglePair {
            a: pair.a.face_of_slot[sa as usize],
            b: pair.b.face_of_slot[sb as usize],
        },
    }
}

/// The distance between two placed meshes, with the closest points and their faces.
///
/// `pose_a` and `pose_b` place each mesh's frame in a common frame (the world); the points are
/// returned in that frame. `warm_start` is a face pair to try first, typically the
/// `triangles` of the previous query in a coherent sequence: it only speeds the search up, the
/// distance is the same with or without it (when several pairs tie, the pair reported may
/// differ). A pair with an out-of-range face is ignored.
///
/// The distance equals the minimum over all triangle pairs of the exact triangle–triangle
/// distance (up to rounding, about 1e-14 of the meshes' extent). Intersecting meshes are at
/// distance 0, and the search stops at the first intersecting pair found.
///
/// Errors when a pose is not finite.
pub fn mesh_distance(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<MeshDistance> {
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    let best = closest_pair(&pair, scratch, f64::INFINITY, warm_start);
    match best.found {
        Some((r, sa, sb)) => Ok(to_result(&pair, pose_a, r, sa, sb)),
        // Unreachable with an infinite bound and at least one triangle per mesh; report it
        // as a non-finite input rather than panic.
        None => Err(GeometryError::NonFinite {
            what: "the meshes' coordinates",
            value: "no finite triangle distance".to_string(),
        }),
    }
}

/// The distance between two placed meshes when it is at most `bound` (a security margin),
/// else `None`.
///
/// Same as [`mesh_distance`], but branches of the search that cannot come closer than `bound`
/// are never opened, so far-apart configurations answer `None` after a few box tests. Errors
/// when a pose or the bound is NaN.
pub fn mesh_distance_within(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    bound: f64,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<Option<MeshDistance>> {
    if bound.is_nan() {
        return Err(GeometryError::NonFinite {
            what: "the distance bound",
            value: format!("{bound}"),
        });
    }
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    if bound < 0.0 {
        return Ok(None);
    }
    let best = closest_pair(&pair, scratch, bound, warm_start);
    Ok(best
        .found
        .map(|(r, sa, sb)| to_result(&pair, pose_a, r, sa, sb)))
}

/// Whether two placed meshes intersect (their surfaces share a point), with the first
/// intersecting face pair found.
///
/// Touching counts as intersecting; the triangle test is exact for the placed coordinates.
/// Only surfaces are tested: a mesh nested inside another without touching it does not
/// intersect it here. `warm_start` is a face pair tested first, typically the answer of the
/// previous query. When the previous intersection query run with `scratch` was on the same
/// pair of hierarchies and found them apart, the search starts from the node pairs where that
/// query proved separation (its front) instead of the roots. Neither changes whether the
/// meshes intersect; [`ProximityScratch::forget`] drops the front. Errors when a pose is not
/// finite.
pub fn mesh_intersection(
    a: &MeshBvh,
    pose_a: &Isometry3<f64>,
    b: &MeshBvh,
    pose_b: &Isometry3<f64>,
    warm_start: Option<TrianglePair>,
    scratch: &mut ProximityScratch,
) -> Result<Option<TrianglePair>> {
    let pair = placed_pair(a, pose_a, b, pose_b, &mut scratch.moved)?;
    Ok(
        first_intersection(&pair, scratch, warm_start).map(|(sa, sb)| TrianglePair {
            a: a.face_of_slot[sa as usize],
            b: b.face_of_slot[sb as usize],
        }),
    )
}

fn first_intersection(
    pair: &PlacedPair<'_>,
    scratch: &mut ProximityScratch,
    warm: Option<TrianglePair>,
) -> Option<(u32, u32)> {
    let (a, b) = (pair.a, pair.b);
    let ProximityScratch {
        stack,
        moved,
        stats,
        front,
    } = scratch;
    *stats = Default::default();
    let key = (a.id, b.id);
    let resume = front.key == Some(key);
    front.key = None;
    if let Some((sa, sb)) = warm_slots(a, b, warm) {
        stats.triangle_tests += 1;
        if triangles_intersect(&a.triangles[sa as usize], moved.triangle(b, sb)) {
            return Some((sa, sb));
        }
    }
    // Pairs on the stack are still to be tested; those found apart form the next front.
    stack.clear();
    if resume {
        stack.extend(front.pairs.iter().map(|&(x, y)| Pending {
            a: x,
            b: y,
            bound: 0.0,
        }));
    } else {
        stack.push(Pending {
            a: 0,
            b: 0,
            bound: 0.0,
        });
    }
    front.next.clear();
    while let Some(Pending { a: ia, b: ib, .. }) = stack.pop() {
        let (la, lb_) = (a.links[ia as usize], b.links[ib as usize]);
        let (na, nb) = (&a.nodes[ia as usize], &b.nodes[ib as usize]);
        stats.volume_tests += 1;
        if !na.may_overlap(&moved.node(b, ib), nb.radius) {
            front.next.push((ia, ib));
            continue;
        }
        if la.is_leaf() && lb_.is_leaf() {
            for sa in la.link..la.link + la.count {
                for sb in lb_.link..lb_.link + lb_.count {
                    stats.triangle_tests += 1;
                    if triangles_intersect(&a.triangles[sa as usize], moved.triangle(b, sb)) {
                        return Some((sa, sb));
                    }
                }
            }
            front.next.push((ia, ib));
            continue;
        }
        if !la.is_leaf() && (lb_.is_leaf() || na.radius >= nb.radius) {
            stack.push(Pending {
                a: la.link,
                b: ib,
                bound: 0.0,
            });
            stack.push(Pending {
                a: ia + 1,
                b: ib,
                bound: 0.0,
            });
        } else {
            stack.push(Pending {
                a: ia,
                b: lb_.link,
                bound: 0.0,
            });
            stack.push(Pending {
                a: ia,
                b: ib + 1,
                bound: 0.0,
            });
        }
    }
    // Keep the front while it stays compact; a front refined far beyond a fresh one costs
    // more to re-test than a traversal from the roots.
    if !resume {
        front.fresh_len = front.next.len();
    }
    if front.next.len() <= 2 * front.fresh_len.max(16) {
        std::mem::swap(&mut front.pairs, &mut front.next);
        front.key = Some(key);
    }
    None
}
