//! Oriented bounding boxes: fitting, placement, the separating-axis overlap test and a lower
//! bound on the distance between two boxes.

use nalgebra::{Matrix3, SymmetricEigen};

use super::triangle::V3;

/// An oriented box: `center + sum_k s_k axes[k]` with `|s_k| <= half[k]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Obb {
    /// Orthonormal axes (right-handed).
    pub axes: [V3; 3],
    /// Centre.
    pub center: V3,
    /// Half extents along the axes.
    pub half: V3,
}

impl Default for Obb {
    fn default() -> Self {
        Self {
            axes: [V3::x(), V3::y(), V3::z()],
            center: V3::zeros(),
            half: V3::zeros(),
        }
    }
}

/// Smallest `sin` of the angle between two axes for which their cross product is used as a
/// separating axis; closer pairs are covered by the face axes.
const MIN_CROSS_SQUARED: f64 = 1e-6;
/// Relative shrink of normalised cross-axis gaps, far above the rounding of the axis norm.
const CROSS_SHRINK: f64 = 1.0 - 1e-9;

impl Obb {
    /// The box with the given axes that bounds `points`, grown by `margin` on every side.
    pub fn fit_with_axes(
        axes: [V3; 3],
        points: impl Iterator<Item = V3> + Clone,
        margin: f64,
    ) -> Self {
        let mut lo = V3::repeat(f64::INFINITY);
        let mut hi = V3::repeat(f64::NEG_INFINITY);
        for p in points {
            for k in 0..3 {
                let s = axes[k].dot(&p);
                lo[k] = lo[k].min(s);
                hi[k] = hi[k].max(s);
            }
        }
        let mid = (lo + hi) * 0.5;
        let half = (hi - lo) * 0.5 + V3::repeat(margin);
        let center = axes[0] * mid[0] + axes[1] * mid[1] + axes[2] * mid[2];
        Self { axes, center, half }
    }

    /// The box's farthest point along `d` (a corner, or any point of a face or edge
    /// perpendicular to it).
    #[cfg(test)]
    pub fn support(&self, d: &V3) -> V3 {
        let mut p = self.center;
        for k in 0..3 {
            let s = self.axes[k].dot(d);
            p += self.axes[k]
                * if s >= 0.0 {
                    self.half[k]
                } else {
                    -self.half[k]
                };
        }
        p
    }

    /// The volume of the box with every side at least `floor` long (to compare flat boxes).
    pub fn volume_with_floor(&self, floor: f64) -> f64 {
        (2.0 * self.half.x).max(floor)
            * (2.0 * self.half.y).max(floor)
            * (2.0 * self.half.z).max(floor)
    }
}

/// Whether two boxes (in the same frame) are disjoint, by the separating-axis theorem on the
/// fifteen candidate axes, stopping at the first separating axis. Conservative: nearly
/// parallel edge pairs are not used as axes.
#[inline]
pub(crate) fn obbs_disjoint(a: &Obb, b: &Obb) -> bool {
    obb_separation(a, b).is_some()
}

/// The gap along the first separating axis found (with its code for [`gap_direction`]) when
/// two boxes are disjoint; `None` otherwise.
#[inline]
pub(crate) fn obb_separation(a: &Obb, b: &Obb) -> Option<(f64, u8)> {
    let d = b.center - a.center;
    let (ea, eb) = (a.half, b.half);
    let row = |i: usize| {
        [
            a.axes[i].dot(&b.axes[0]),
            a.axes[i].dot(&b.axes[1]),
            a.axes[i].dot(&b.axes[2]),
        ]
    };
    let face_a = |i: usize, r: &[f64; 3], t: f64| {
        t.abs() - (ea[i] + eb[0] * r[0].abs() + eb[1] * r[1].abs() + eb[2] * r[2].abs())
    };
    let t = [a.axes[0].dot(&d), a.axes[1].dot(&d), a.axes[2].dot(&d)];
    let r0 = row(0);
    let g = face_a(0, &r0, t[0]);
    if g > 0.0 {
        return Some((g, 0));
    }
    let r1 = row(1);
    let g = face_a(1, &r1, t[1]);
    if g > 0.0 {
        return Some((g, 1));
    }
    let r2 = row(2);
    let g = face_a(2, &r2, t[2]);
    if g > 0.0 {
        return Some((g, 2));
    }
    let r = [r0, r1, r2];
    let ar = r.map(|x| x.map(f64::abs));
    for j in 0..3 {
        let g = b_face_gap(&r, &ar, &t, &ea, &eb, j);
        if g > 0.0 {
            return Some((g, 3 + j as u8));
        }
    }
    let (g, code) = cross_gap(&r, &ar, &t, &ea, &eb, 0.0, (f64::NEG_INFINITY, 0));
    (g > 0.0).then_some((g, code))
}

/// The gap along axis `j` of `b`.
#[inline(always)]
fn b_face_gap(
    r: &[[f64; 3]; 3],
    ar: &[[f64; 3]; 3],
    t: &[f64; 3],
    ea: &V3,
    eb: &V3,
    j: usize,
) -> f64 {
    (t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j]).abs()
        - (ea[0] * ar[0][j] + ea[1] * ar[1][j] + ea[2] * ar[2][j])
        - eb[j]
}

/// Largest normalised gap along the nine edge cross products, starting from `start` (a gap
/// and its axis code), with its axis code; returns as soon as it exceeds `stop`.
#[inline(always)]
fn cross_gap(
    r: &[[f64; 3]; 3],
    ar: &[[f64; 3]; 3],
    t: &[f64; 3],
    ea: &V3,
    eb: &V3,
    stop: f64,
    start: (f64, u8),
) -> (f64, u8) {
    let (mut gap, mut code) = start;
    macro_rules! axis {
        ($i:literal, $i1:literal, $i2:literal, $j:literal, $j1:literal, $j2:literal) => {{
            let n2 = 1.0 - r[$i][$j] * r[$i][$j];
            if n2 >= MIN_CROSS_SQUARED {
                let raw = (t[$i2] * r[$i1][$j] - t[$i1] * r[$i2][$j]).abs()
                    - (ea[$i1] * ar[$i2][$j] + ea[$i2] * ar[$i1][$j])
                    - (eb[$j1] * ar[$i][$j2] + eb[$j2] * ar[$i][$j1]);
                // The normalised gap raw / sqrt(n2) can only beat a non-negative gap when
                // raw^2 > gap^2 n2: skip the square root and division otherwise.
                if raw > 0.0 && (gap < 0.0 || raw * raw > gap * gap * n2) {
                    gap = raw / n2.sqrt() * CROSS_SHRINK;
                    code = 6 + 3 * $i + $j;
                    if gap > stop {
                        return (gap, code);
                    }
                }
            }
        }};
    }
    axis!(0, 1, 2, 0, 1, 2);
    axis!(0, 1, 2, 1, 2, 0);
    axis!(0, 1, 2, 2, 0, 1);
    axis!(1, 2, 0, 0, 1, 2);
    axis!(1, 2, 0, 1, 2, 0);
    axis!(1, 2, 0, 2, 0, 1);
    axis!(2, 0, 1, 0, 1, 2);
    axis!(2, 0, 1, 1, 2, 0);
    axis!(2, 0, 1, 2, 0, 1);
    (gap, code)
}

/// A lower bound on the distance between two boxes (in the same frame): the largest gap along
/// the fifteen separating-axis candidates (normalised), or a negative number when they
/// overlap along all of them. Stops as soon as a gap exceeds `stop` and returns it.
#[inline]
pub(crate) fn obb_gap(a: &Obb, b: &Obb, stop: f64) -> f64 {
    obb_gap_axis(a, b, stop).0
}

/// [`obb_gap`] with the axis the gap is taken along, as a code for [`gap_direction`].
#[inline]
pub(crate) fn obb_gap_axis(a: &Obb, b: &Obb, stop: f64) -> (f64, u8) {
    let d = b.center - a.center;
    let t = [a.axes[0].dot(&d), a.axes[1].dot(&d), a.axes[2].dot(&d)];
    let r = [
        [
            a.axes[0].dot(&b.axes[0]),
            a.axes[0].dot(&b.axes[1]),
            a.axes[0].dot(&b.axes[2]),
        ],
        [
            a.axes[1].dot(&b.axes[0]),
            a.axes[1].dot(&b.axes[1]),
            a.axes[1].dot(&b.axes[2]),
        ],
        [
            a.axes[2].dot(&b.axes[0]),
            a.axes[2].dot(&b.axes[1]),
            a.axes[2].dot(&b.axes[2]),
        ],
    ];
    let ar = r.map(|x| x.map(f64::abs));
    let (ea, eb) = (a.half, b.half);
    let centre = centre_line_gap(&d, &t, &r, &ea, &eb);
    if centre > stop {
        return (centre, CENTRE_LINE);
    }
    let fa =
        |i: usize| t[i].abs() - ea[i] - (eb[0] * ar[i][0] + eb[1] * ar[i][1] + eb[2] * ar[i][2]);
    let faces = [
        fa(0),
        fa(1),
        fa(2),
        b_face_gap(&r, &ar, &t, &ea, &eb, 0),
        b_face_gap(&r, &ar, &t, &ea, &eb, 1),
        b_face_gap(&r, &ar, &t, &ea, &eb, 2),
    ];
    let gap = faces[0]
        .max(faces[1])
        .max(faces[2])
        .max(faces[3])
        .max(faces[4])
        .max(faces[5]);
    let code = faces.iter().position(|&g| g == gap).unwrap_or(0) as u8;
    let (gap, code) = if centre > gap {
        (centre, CENTRE_LINE)
    } else {
        (gap, code)
    };
    if gap > stop {
        return (gap, code);
    }
    cross_gap(&r, &ar, &t, &ea, &eb, stop, (gap, code))
}

/// The axis code of the line through the two boxes' centres.
const CENTRE_LINE: u8 = 15;

/// The gap of two boxes along the line through their centres (`d` from `a`'s centre to `b`'s,
/// `t` its coordinates on `a`'s axes, `r` the axes' dot products): their distance minus both
/// extents along it. Far apart, this line is near the closest points' direction, where the
/// fifteen box axes can all be oblique; then it is the tightest of them.
#[inline(always)]
fn centre_line_gap(d: &V3, t: &[f64; 3], r: &[[f64; 3]; 3], ea: &V3, eb: &V3) -> f64 {
    let d2 = d.norm_squared();
    if d2 == 0.0 {
        return f64::NEG_INFINITY;
    }
    // b's axes dotted with d, from a's coordinates of d.
    let s = |j: usize| t[0] * r[0][j] + t[1] * r[1][j] + t[2] * r[2][j];
    let reach = ea[0] * t[0].abs()
        + ea[1] * t[1].abs()
        + ea[2] * t[2].abs()
        + eb[0] * s(0).abs()
        + eb[1] * s(1).abs()
        + eb[2] * s(2).abs();
    (d2 - reach) / d2.sqrt() * CROSS_SHRINK
}

/// The unit axis, pointing from `a` towards `b`, along which [`obb_gap_axis`] took the gap it
/// returned with `code`: the boxes' slabs along it are at least that gap apart.
pub(crate) fn gap_direction(a: &Obb, b: &Obb, code: u8) -> V3 {
    let d = b.center - a.center;
    let axis = match code {
        0..=2 => a.axes[code as usize],
        3..=5 => b.axes[code as usize - 3],
        CENTRE_LINE => d.normalize(),
        _ => {
            let k = (code - 6) as usize;
            a.axes[(k / 3) % 3].cross(&b.axes[k % 3]).normalize()
        }
    };
    if axis.dot(&d) < 0.0 { -axis } else { axis }
}

/// Principal axes of a symmetric 3x3 matrix as a right-handed orthonormal frame, sorted by
/// decreasing eigenvalue.
pub(crate) fn principal_axes(m: &Matrix3<f64>) -> [V3; 3] {
    let eig = SymmetricEigen::new(*m);
    let mut idx = [0usize, 1, 2];
    idx.sort_by(|&x, &y| eig.eigenvalues[y].total_cmp(&eig.eigenvalues[x]));
    let c0: V3 = eig.eigenvectors.column(idx[0]).into_owned();
    let c1: V3 = eig.eigenvectors.column(idx[1]).into_owned();
    orthonormal_frame(c0, c1).unwrap_or([V3::x(), V3::y(), V3::z()])
}

/// A right-handed orthonormal frame whose first axis is along `u` and second in the plane of
/// `u` and `v`; `None` when they are (nearly) parallel or not finite.
pub(crate) fn orthonormal_frame(u: V3, v: V3) -> Option<[V3; 3]> {
    let a0 = u.try_normalize(1e-300)?;
    let a1 = (v - a0 * a0.dot(&v)).try_normalize(1e-12 * v.norm().max(1e-300))?;
    let a1 = (a1 - a0 * a0.dot(&a1)).normalize();
    let a2 = a0.cross(&a1);
    if a0
        .iter()
        .chain(a1.iter())
        .chain(a2.iter())
        .all(|x| x.is_finite())
    {
        Some([a0, a1, a2])
    } else {
        None
    }
}

/// The axis-aligned box of centre `center` and half extents `half`.
#[cfg(test)]
pub(crate) fn aabb(center: V3, half: V3) -> Obb {
    Obb {
        axes: [V3::x(), V3::y(), V3::z()],
        center,
        half,
    }
}

/// A box of random orientation, centre in `[-spread, spread)^3` and half extents in `[0, 1)`.
#[cfg(test)]
pub(crate) fn random_box(rnd: &mut impl FnMut() -> f64, spread: f64) -> Obb {
    let r = nalgebra::Rotation3::new(V3::new(rnd(), rnd(), rnd()) * 3.0);
    let center = V3::new(rnd(), rnd(), rnd()) * spread;
    let half = V3::new(rnd().abs(), rnd().abs(), rnd().abs());
    Obb {
        axes: [
            r.matrix().column(0).into_owned(),
            r.matrix().column(1).into_owned(),
            r.matrix().column(2).into_owned(),
        ],
        center,
        half,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;

    #[test]
    fn gap_of_axis_aligned_boxes_is_their_distance_along_a_face() {
        let a = aabb(V3::zeros(), V3::new(1.0, 1.0, 1.0));
        let b = aabb(V3::new(3.5, 0.2, -0.1), V3::new(0.5, 0.5, 0.5));
        assert!((obb_gap(&a, &b, f64::INFINITY) - 2.0).abs() < 1e-15);
        assert!(obbs_disjoint(&a, &b));
        let c = aabb(V3::new(1.9, 0.0, 0.0), V3::new(1.0, 1.0, 1.0));
        assert!(!obbs_disjoint(&a, &c));
    }

    #[test]
    fn edge_to_edge_gap_is_exact() {
        // a's vertical edge at (1, 1, z) faces a horizontal edge of b, along (1, -1, 0),
        // across the diagonal at distance d: only a cross axis sees the exact gap.
        let a = aabb(V3::zeros(), V3::new(1.0, 1.0, 1.0));
        let s = 2f64.sqrt();
        let diag = V3::new(1.0, 1.0, 0.0) / s;
        let b0 = V3::new(1.0, -1.0, 0.0) / s;
        let b1 = (diag + V3::z()) / s;
        let b2 = (V3::z() - diag) / s;
        let d = 0.3;
        // b's edge along b0 sits at centre + b2 - b1 = centre - (1, 1, 0).
        let b = Obb {
            axes: [b0, b1, b2],
            center: V3::new(1.0, 1.0, 0.0) + diag * d + V3::new(1.0, 1.0, 0.0),
            half: V3::new(1.0, 1.0, 1.0),
        };
        let g = obb_gap(&a, &b, f64::INFINITY);
        assert!(g <= d && d - g < 1e-9, "{g}");
    }

    #[test]
    fn gap_never_exceeds_distance_of_sampled_points() {
        // Random boxes: the gap is at most the distance of any two sampled points.
        let mut rnd = uniform_stream(1);
        for _ in 0..200 {
            let a = random_box(&mut rnd, 1.0);
            let b = random_box(&mut rnd, 3.0);
            let g = obb_gap(&a, &b, f64::INFINITY);
            // Just below the full gap, the axis is meaningful: the slabs along it are at least
            // the returned gap apart.
            let (g_axis, code) = obb_gap_axis(&a, &b, g - 1e-3 * g.abs() - 1e-12);
            assert!(g_axis <= g);
            let n = gap_direction(&a, &b, code);
            assert!((n.norm() - 1.0).abs() < 1e-12);
            let support = |o: &Obb, s: f64| {
                s * n.dot(&o.center)
                    + (0..3)
                        .map(|k| o.half[k] * n.dot(&o.axes[k]).abs())
                        .sum::<f64>()
            };
            let slab = -support(&b, -1.0) - support(&a, 1.0);
            assert!(
                slab >= g_axis - 1e-12,
                "slab gap {slab} below the box gap {g_axis}"
            );
            let mut best = f64::INFINITY;
            for sa in 0..8 {
                for sb in 0..8 {
                    let corner = |o: &Obb, s: usize| {
                        o.center
                            + o.axes[0] * o.half[0] * if s & 1 == 0 { -1.0 } else { 1.0 }
                            + o.axes[1] * o.half[1] * if s & 2 == 0 { -1.0 } else { 1.0 }
                            + o.axes[2] * o.half[2] * if s & 4 == 0 { -1.0 } else { 1.0 }
                    };
                    best = best.min((corner(&a, sa) - corner(&b, sb)).norm());
                }
            }
            assert!(g <= best + 1e-12, "gap {g} above a corner distance {best}");
        }
    }
}
