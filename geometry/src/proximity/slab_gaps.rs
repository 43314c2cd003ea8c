//! Gaps between slabs along a direction: the lower bounds that certify a front pair cheaply.
//! For a unit direction `n`, the distance between two sets is at least the lowest `n . x` of
//! the second minus the highest of the first; measured on the corners of single triangles or on
//! the boxes of larger nodes, it re-checks a front pair at a new placement, and along a few
//! chosen directions it certifies a leaf pair apart.

use nalgebra::Matrix3;

use super::bvh::MeshBvh;
use super::triangle::{PreparedTriangle, V3};

/// The largest slab gap between two triangles (in the same frame) along a few directions: the
/// direction of their closest points `witness` when given, and each triangle's normal. The
/// gap is computed from the corners along the direction actually returned, so it is a lower
/// bound on their distance whatever the rounding of the direction. `(0, 0)` when no direction
/// separates them.
pub(crate) fn leaf_certificate(
    ta: &PreparedTriangle,
    tb: &PreparedTriangle,
    witness: Option<(V3, V3)>,
) -> (f64, V3) {
    let mut best = (0.0, V3::zeros());
    let towards = tb.v[0] + tb.v[1] + tb.v[2] - ta.v[0] - ta.v[1] - ta.v[2];
    let candidates = [
        witness.and_then(|(pa, pb)| (pb - pa).try_normalize(1e-300)),
        Some(ta.unit_normal),
        Some(tb.unit_normal),
    ];
    for n in candidates.into_iter().flatten() {
        if n == V3::zeros() {
            continue;
        }
        let n = if n.dot(&towards) < 0.0 { -n } else { n };
        let low_b = n.dot(&tb.v[0]).min(n.dot(&tb.v[1])).min(n.dot(&tb.v[2]));
        let high_a = n.dot(&ta.v[0]).max(n.dot(&ta.v[1])).max(n.dot(&ta.v[2]));
        let gap = low_b - high_a;
        if gap > best.0 {
            best = (gap, n);
        }
    }
    best
}

/// The gap, at placement `x -> rotation * x + translation` of the second mesh, between the
/// slabs of node `ia` of `a` and node `ib` of `b` along the unit direction `n` (in the first
/// mesh's frame, pointing from `a` towards `b`): a lower bound on the distance between their
/// contents, exact along `n`. Single-triangle leaves use their corners, other nodes their
/// boxes. It re-measures a front pair at a new placement, tighter than carrying its old bound.
#[inline(always)]
pub(crate) fn slab_gap(
    a: &MeshBvh,
    ia: u32,
    b: &MeshBvh,
    ib: u32,
    rotation: &Matrix3<f64>,
    translation: &V3,
    n: &V3,
) -> f64 {
    // n . (R x + t) = (R^T n) . x + n . t, and min_x m . x = -max_x (-m) . x.
    let m = rotation.tr_mul(n);
    let bottom = -highest_along(b, ib, &-m);
    let top = highest_along(a, ia, n);
    bottom + n.dot(translation) - top
}

/// The largest value of `d . x` over the contents of node `i` of `mesh` (in its frame): over
/// the corners of a single-triangle leaf, else over the node's box (which holds its contents).
#[inline(always)]
pub(crate) fn highest_along(mesh: &MeshBvh, i: u32, d: &V3) -> f64 {
    let dot = |v: &V3| d.x * v.x + d.y * v.y + d.z * v.z;
    let link = mesh.links[i as usize];
    if link.count == 1 {
        let v = &mesh.triangles[link.link as usize].v;
        dot(&v[0]).max(dot(&v[1])).max(dot(&v[2]))
    } else {
        let o = &mesh.nodes[i as usize].obb;
        dot(&o.center)
            + o.half.x * dot(&o.axes[0]).abs()
            + o.half.y * dot(&o.axes[1]).abs()
            + o.half.z * dot(&o.axes[2]).abs()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::bvh::{Sphere, slots_under};
    use crate::proximity::front_pairs::{FrontPair, FrontPairs, Motion};
    use crate::proximity::test_random::uniform_stream;
    use nalgebra::Rotation3;

    /// The slab gap of two nodes along a direction, measured on their boxes or corners in
    /// the mesh frames, against the same gap measured on the placed corners of every triangle
    /// under them: equal for single-triangle leaves, never larger otherwise.
    #[test]
    fn slab_gap_matches_the_placed_corners() {
        let mut rnd = uniform_stream(13);
        let mut soup = |n: u32| {
            let v: Vec<nalgebra::Point3<f64>> = (0..3 * n)
                .map(|_| nalgebra::Point3::new(rnd(), rnd(), rnd()))
                .collect();
            let f: Vec<[u32; 3]> = (0..n).map(|i| [3 * i, 3 * i + 1, 3 * i + 2]).collect();
            MeshBvh::new(&v, &f).expect("mesh")
        };
        let (a, b) = (soup(12), soup(9));
        let (mut leaves, mut nodes) = (0, 0);
        for _ in 0..40 {
            let r = *Rotation3::new(V3::new(rnd(), rnd(), rnd()) * 3.0).matrix();
            let t = V3::new(rnd(), rnd(), rnd()) * 3.0;
            let Some(n) = V3::new(rnd(), rnd(), rnd()).try_normalize(1e-3) else {
                continue;
            };
            for ia in 0..a.nodes.len() as u32 {
                for ib in 0..b.nodes.len() as u32 {
                    let (mut sa, mut sb) = (Vec::new(), Vec::new());
                    slots_under(&a, ia, &mut sa);
                    slots_under(&b, ib, &mut sb);
                    let top = sa
                        .iter()
                        .flat_map(|&s| a.triangles[s as usize].v)
                        .map(|v| n.dot(&v))
                        .fold(f64::NEG_INFINITY, f64::max);
                    let bottom = sb
                        .iter()
                        .flat_map(|&s| b.triangles[s as usize].v)
                        .map(|v| n.dot(&(r * v + t)))
                        .fold(f64::INFINITY, f64::min);
                    let truth = bottom - top;
                    let gap = slab_gap(&a, ia, &b, ib, &r, &t, &n);
                    let single = a.links[ia as usize].count == 1 && b.links[ib as usize].count == 1;
                    if single {
                        assert!((gap - truth).abs() < 1e-12, "{gap} vs {truth}");
                        leaves += 1;
                    } else {
                        assert!(gap <= truth + 1e-12, "{gap} > {truth}");
                        nodes += 1;
                    }
                }
            }
        }
        assert!(
            leaves > 1000 && nodes > 1000,
            "{leaves} leaf pairs, {nodes} node pairs"
        );
    }

    /// Random triangle pairs carried through random motions over several steps: the slab
    /// certificate never exceeds the exact distance, and neither does the bound a front
    /// carries, with or without its direction, at any step (truth: the exact triangle distance
    /// at the step).
    #[test]
    fn carried_certificates_never_exceed_the_true_distance() {
        use crate::proximity::triangle_distance::triangle_distance;
        let mut rnd = uniform_stream(11);
        let mut directional = 0;
        for _ in 0..400 {
            let corner =
                |rnd: &mut dyn FnMut() -> f64, c: V3| c + V3::new(rnd(), rnd(), rnd()) * 0.3;
            let ca = V3::new(rnd(), rnd(), rnd());
            let ta = PreparedTriangle::new([
                corner(&mut rnd, ca),
                corner(&mut rnd, ca),
                corner(&mut rnd, ca),
            ]);
            let cb = V3::new(rnd(), rnd(), rnd()) * 0.5;
            let vb = [
                corner(&mut rnd, cb),
                corner(&mut rnd, cb),
                corner(&mut rnd, cb),
            ];
            let centre = (vb[0] + vb[1] + vb[2]) / 3.0;
            let sphere = Sphere {
                center: centre,
                radius: vb.iter().map(|v| (v - centre).norm()).fold(0.0, f64::max),
            };
            let mut r = *Rotation3::new(V3::new(rnd(), rnd(), rnd()) * 3.0).matrix();
            let mut t = V3::new(rnd(), rnd(), rnd()) * 2.0;
            let tb = PreparedTriangle::transformed(&vb, &r, &t);
            let Some(d) = triangle_distance(&ta, &tb, f64::INFINITY) else {
                continue;
            };
            let (gap, axis) = leaf_certificate(&ta, &tb, Some((d.point_a, d.point_b)));
            assert!(
                gap <= d.distance + 1e-12,
                "certificate {gap} > {}",
                d.distance
            );
            directional += (axis != V3::zeros()) as usize;
            // Carried as a front carries them: stored, then carried step by step.
            let with_axis = FrontPair {
                a: 0,
                b: 0,
                bound: gap,
                axis,
            };
            let without = FrontPair {
                axis: V3::zeros(),
                bound: d.distance,
                ..with_axis
            };
            let mut front = FrontPairs::default();
            front.push(&with_axis, &sphere);
            front.push(&without, &sphere);
            let mut carried = Vec::new();
            let step = if rnd() > 0.0 { 0.02 } else { 0.2 };
            for _ in 0..5 {
                let r1 = *(Rotation3::new(V3::new(rnd(), rnd(), rnd()) * step)
                    * Rotation3::from_matrix_unchecked(r))
                .matrix();
                let t1 = t + V3::new(rnd(), rnd(), rnd()) * step;
                let motion = Motion::between(&r, &t, &r1, &t1);
                front.carry_all(&motion, &mut carried);
                let (with_axis, without) = (carried[0], carried[1]);
                front.renew(&mut carried, &[], &[], &[]);
                (r, t) = (r1, t1);
                let moved = PreparedTriangle::transformed(&vb, &r, &t);
                let truth =
                    triangle_distance(&ta, &moved, f64::INFINITY).map_or(0.0, |x| x.distance);
                assert!(with_axis <= truth + 1e-12, "{with_axis} > {truth}");
                assert!(without <= truth + 1e-12, "{without} > {truth}");
            }
        }
        assert!(
            directional > 100,
            "only {directional} directional certificates"
        );
    }
}
