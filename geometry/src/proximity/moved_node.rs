//! A node of the second mesh moved into the first mesh's frame for the bound tests of a
//! traversal: its sphere centre at once, its box only when the sphere test is not enough.

use super::bvh::MeshBvh;
use super::gjk::{Corner, separation_bound};
use super::obb::{Obb, gap_direction, obb_gap_axis, obb_separation};
use super::scratch::MovedCache;
use super::triangle::V3;

/// Overlapping boxes get a hull test only when the pruning limit is at least this share of the
/// smaller node's radius (tuned on the Solo-12 shoulder grid: 0 and 0.1 gave worse slowest
/// cells, no limit a worse median on the upper legs).
const OVERLAP_SHARE: f64 = 0.02;

/// Node `index` of the second mesh, moved lazily.
pub(crate) struct MovedNode {
    index: u32,
    /// The node's sphere centre, moved.
    pub center: V3,
    radius: f64,
    obb: Option<Obb>,
}

impl MovedNode {
    /// Node `index` of `b` under the placement of `moved`.
    #[inline]
    pub fn new(b: &MeshBvh, index: u32, moved: &MovedCache) -> Self {
        let s = &b.spheres[index as usize];
        Self {
            index,
            center: moved.rotation * s.center + moved.translation,
            radius: s.radius,
            obb: None,
        }
    }

    /// A lower bound on the distance between this node and node `ia` of `a`: the larger of
    /// the sphere gap and the box gap, the box test skipped (and the bound returned) as soon
    /// as the sphere gap exceeds `stop`; when neither exceeds `stop`, GJK between the convex
    /// hulls of the two nodes' corners refines it, starting along `hint` (a unit direction
    /// from node `ia` towards this node, such as the parent pair's; zero for the line of the
    /// box centres). With it, the axis it was taken along (for [`MovedNode::direction`]).
    #[inline]
    pub fn gap_to(
        &mut self,
        a: &MeshBvh,
        ia: u32,
        b: &MeshBvh,
        moved: &MovedCache,
        stop: f64,
        hint: &V3,
    ) -> (f64, GapAxis) {
        let sa = &a.spheres[ia as usize];
        let sphere = (self.center - sa.center).norm() - sa.radius - self.radius;
        if sphere > stop {
            return (sphere, GapAxis::Spheres);
        }
        let ib = self.index;
        let smaller = sa.radius.min(self.radius);
        let ob = self.moved_box(b, moved);
        let oa = &a.nodes[ia as usize].obb;
        let (gap, code) = obb_gap_axis(oa, ob, stop);
        let (gap, axis) = if gap >= sphere {
            (gap, GapAxis::Boxes(code))
        } else {
            (sphere, GapAxis::Spheres)
        };
        // Apart but not far enough along the box axes: the hulls' Euclidean distance can be
        // much larger when they lie diagonally to each other (far pairs, flat regions). Boxes
        // that overlap can still hold hulls far apart (a leg nested in the body's recess);
        // there GJK runs only when the limit is not tiny beside the nodes, since near contact
        // hulls of overlapping boxes nearly always meet and GJK would fail at full cost.
        if gap <= stop && (gap > 0.0 || stop >= OVERLAP_SHARE * smaller) {
            let (r, t) = (&moved.rotation, &moved.translation);
            let start = if *hint == V3::zeros() {
                oa.center - ob.center
            } else {
                -hint
            };
            let (euclid, n, corner) = separation_bound(
                |d| a.points.farthest(ia, d),
                |d| r * b.points.farthest(ib, &r.tr_mul(d)) + t,
                start,
                stop,
            );
            // No shrink: the bound is a dot product of exact support points over a norm, its
            // rounding far inside the traversal's tolerance (which also lets exact ties prune).
            if euclid > gap {
                return (euclid, GapAxis::Along(n, corner));
            }
        }
        (gap, axis)
    }

    /// The box of this node, moved (on first need).
    #[inline]
    fn moved_box(&mut self, b: &MeshBvh, moved: &MovedCache) -> &Obb {
        let (index, center) = (self.index, self.center);
        self.obb
            .get_or_insert_with(|| moved.node_about(b, index, center))
    }

    /// When this node and node `ia` of `a` are apart by their spheres or by the separating
    /// axis test, a positive lower bound on their distance and its axis; `None` when they may
    /// meet. Cheaper than [`MovedNode::gap_to`]: it stops at the first separating axis.
    #[inline]
    pub fn separation(
        &mut self,
        a: &MeshBvh,
        ia: u32,
        b: &MeshBvh,
        moved: &MovedCache,
    ) -> Option<(f64, GapAxis)> {
        let sa = &a.spheres[ia as usize];
        let reach = sa.radius + self.radius;
        let d2 = (self.center - sa.center).norm_squared();
        if d2 > reach * reach {
            let gap = d2.sqrt() - reach;
            if gap > 0.0 {
                return Some((gap, GapAxis::Spheres));
            }
        }
        let ob = self.moved_box(b, moved);
        obb_separation(&a.nodes[ia as usize].obb, ob).map(|(g, code)| (g, GapAxis::Boxes(code)))
    }

    /// The unit direction, from node `ia` of `a` towards this node, along which
    /// [`MovedNode::gap_to`] took a gap: the slabs of the two nodes along it are at least that
    /// far apart. Zero when the centres coincide (no direction).
    pub fn direction(&self, a: &MeshBvh, ia: u32, axis: GapAxis) -> V3 {
        match (axis, &self.obb) {
            (GapAxis::Boxes(code), Some(ob)) => gap_direction(&a.nodes[ia as usize].obb, ob, code),
            (GapAxis::Along(n, _), _) => n,
            _ => (self.center - a.spheres[ia as usize].center)
                .try_normalize(1e-300)
                .unwrap_or_else(V3::zeros),
        }
    }
}

/// Which bound [`MovedNode::gap_to`] returned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum GapAxis {
    /// The gap of the bounding spheres, along the line of their centres.
    Spheres,
    /// The gap of the boxes along a separating-axis candidate (its code).
    Boxes(u8),
    /// The gap of the nodes' hulls along a direction found by GJK (unit, from the first node),
    /// with the node that met the other at a single corner there, if one did.
    Along(V3, Corner),
}
