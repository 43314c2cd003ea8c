//! Where on a triangle its closest point to another lies (inside, on an edge, at a corner),
//! and which neighbouring triangles share that feature: the only neighbours a descent over
//! neighbouring triangles needs to try next on that side, where a locally convex surface is
//! concerned.

use super::triangle::{PreparedTriangle, V3};

/// How close to an edge, as a share of the edge's length, a point counts as on it.
const ON_EDGE: f64 = 1e-7;

/// The feature of a triangle holding a point of it, as the corners that bound it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Feature {
    /// Strictly inside: the neighbours across its edges are the ones to try.
    Inside,
    /// On an edge or at a corner: the corners of that feature (bit `k` for corner `k`).
    Corners(u8),
    /// Unknown (a triangle without a usable plane): every neighbour is to be tried.
    Any,
}

impl Feature {
    /// The feature of `t` holding `p` (a point of `t`, such as its closest point to another
    /// triangle).
    pub fn of(t: &PreparedTriangle, p: &V3) -> Self {
        if !t.has_plane() {
            return Self::Any;
        }
        let mut edges = 0u8;
        for i in 0..3 {
            let inward = &t.edge_inward[i];
            // `inward` has the edge's length: the dot product is the in-plane distance from
            // the edge's line times that length.
            if inward.dot(&(p - t.v[i])) <= ON_EDGE * inward.norm_squared() {
                edges |= 1 << i;
            }
        }
        // Edge `i` runs from corner `i` to corner `i + 1`.
        let corners_of_edge = |i: u8| (1u8 << i) | (1u8 << ((i + 1) % 3));
        match edges.count_ones() {
            0 => Self::Inside,
            1 => Self::Corners(corners_of_edge(edges.trailing_zeros() as u8)),
            2 => {
                let (i, j) = (
                    edges.trailing_zeros() as u8,
                    7 - edges.leading_zeros() as u8,
                );
                Self::Corners(corners_of_edge(i) & corners_of_edge(j))
            }
            _ => Self::Any,
        }
    }

    /// Whether the neighbour with corners `other` (in the same frame as `corners`, the
    /// triangle's own) is worth trying from this feature: it has one of the feature's corners,
    /// or for a point inside, it shares an edge.
    pub fn leads_to(self, corners: &[V3; 3], other: &[V3; 3]) -> bool {
        let shared = |k: usize| other.contains(&corners[k]);
        match self {
            Self::Any => true,
            Self::Inside => (0..3).filter(|&k| shared(k)).count() >= 2,
            Self::Corners(mask) => (0..3).any(|k| mask & (1 << k) != 0 && shared(k)),
        }
    }
}

/// Whether a triangle with corners `other` may hold a point nearer to a convex set than the
/// point `x` is, `toward` being the direction from `x` to the set's point nearest it (`x`
/// outside the set). The distance to a convex set is convex, with gradient `-toward / |toward|`
/// at `x`: it is at least its value at `x` on the half-space `toward . (y - x) <= 0`, so a
/// triangle with every corner there holds no nearer point. A descent over neighbouring
/// triangles skips such neighbours without a triangle test.
#[inline]
pub(crate) fn may_come_nearer(x: &V3, other: &[V3; 3], toward: &V3) -> bool {
    other.iter().any(|c| toward.dot(&(c - x)) > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> PreparedTriangle {
        PreparedTriangle::new([
            V3::new(0.0, 0.0, 0.0),
            V3::new(1.0, 0.0, 0.0),
            V3::new(0.0, 1.0, 0.0),
        ])
    }

    #[test]
    fn points_are_placed_on_their_feature() {
        let t = unit();
        // Edge 0 runs from corner 0 to corner 1, edge 1 from corner 1 to 2, edge 2 from 2 to 0.
        let cases = [
            (V3::new(0.25, 0.25, 0.0), Feature::Inside),
            (V3::new(0.5, 0.0, 0.0), Feature::Corners(0b011)),
            (V3::new(0.5, 0.5, 0.0), Feature::Corners(0b110)),
            (V3::new(0.0, 0.5, 0.0), Feature::Corners(0b101)),
            (V3::zeros(), Feature::Corners(0b001)),
            (V3::new(1.0, 0.0, 0.0), Feature::Corners(0b010)),
            (V3::new(0.0, 1.0, 0.0), Feature::Corners(0b100)),
        ];
        for (point, feature) in cases {
            assert_eq!(Feature::of(&t, &point), feature, "point {point:?}");
        }
        let flat = PreparedTriangle::new([V3::zeros(), V3::x(), V3::x() * 2.0]);
        assert_eq!(Feature::of(&flat, &V3::x()), Feature::Any);
    }

    /// Against brute force: a triangle ruled out holds no point nearer to the set than `x`,
    /// for triangles around `x` (as in a fan) and anywhere; and the rule does rule out.
    #[test]
    fn triangles_ruled_out_hold_no_nearer_point() {
        use crate::proximity::closest::point_triangle;
        use crate::proximity::test_random::uniform_stream;
        use crate::proximity::triangle_distance::triangle_distance;
        let mut rnd = uniform_stream(11);
        let mut v = || V3::new(rnd(), rnd(), rnd());
        let (mut ruled_out, mut total) = (0, 0);
        for _ in 0..4000 {
            let set = PreparedTriangle::new([v(), v(), v()]);
            let x = v() * 3.0;
            let q = point_triangle(&x, &set);
            let d = (q - x).norm();
            if d < 1e-3 {
                continue;
            }
            let other = if total % 2 == 0 {
                [x, x + v(), x + v()]
            } else {
                [v() * 3.0, v() * 3.0, v() * 3.0]
            };
            total += 1;
            if !may_come_nearer(&x, &other, &(q - x)) {
                ruled_out += 1;
                let r = triangle_distance(&PreparedTriangle::new(other), &set, f64::INFINITY)
                    .expect("no limit");
                assert!(
                    r.distance >= d * (1.0 - 1e-12),
                    "ruled out at {} < {d}",
                    r.distance
                );
            }
        }
        assert!(ruled_out * 10 > total, "{ruled_out} of {total} ruled out");
    }

    #[test]
    fn neighbours_sharing_the_feature_are_kept() {
        let t = unit();
        let across_edge_1 = [t.v[1], t.v[2], V3::new(1.0, 1.0, 0.0)];
        let at_corner_0 = [t.v[0], V3::new(-1.0, 0.0, 0.0), V3::new(0.0, -1.0, 0.0)];
        let at_corner_1 = [t.v[1], V3::new(2.0, 0.0, 0.0), V3::new(1.0, -1.0, 0.0)];
        // Inside: only the neighbours across an edge.
        assert!(Feature::Inside.leads_to(&t.v, &across_edge_1));
        assert!(!Feature::Inside.leads_to(&t.v, &at_corner_0));
        // On edge 0 (corners 0 and 1): neighbours at either corner.
        let edge_0 = Feature::Corners(0b011);
        assert!(edge_0.leads_to(&t.v, &at_corner_0));
        assert!(edge_0.leads_to(&t.v, &at_corner_1));
        assert!(edge_0.leads_to(&t.v, &across_edge_1));
        // At corner 0: only the neighbours around it.
        let corner_0 = Feature::Corners(0b001);
        assert!(corner_0.leads_to(&t.v, &at_corner_0));
        assert!(!corner_0.leads_to(&t.v, &at_corner_1));
        assert!(!corner_0.leads_to(&t.v, &across_edge_1));
        assert!(Feature::Any.leads_to(&t.v, &at_corner_1));
    }
}
