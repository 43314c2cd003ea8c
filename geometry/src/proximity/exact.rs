//! Exact orientation predicates: a floating-point evaluation certified by an error bound, with an
//! exact expansion-arithmetic fallback when the bound cannot decide the sign.
//!
//! The fallback writes each coordinate difference exactly as a two-term sum (hi + lo), expands
//! the determinant into products of three doubles, turns every product into an exact sum of
//! four doubles (Dekker's product) and accumulates them into a non-overlapping expansion
//! (Shewchuk's growing expansion with zero elimination). The sign of the largest component is
//! the exact sign of the determinant for the given floating-point inputs.

use std::cmp::Ordering;

use nalgebra::Vector3;

type V3 = Vector3<f64>;

/// Relative error bound of the floating-point 3-D orientation (a little above Shewchuk's
/// `(7 + 56 eps) eps` for the same evaluation order).
const ORIENT3D_BOUND: f64 = 1.0e-15;
/// Relative error bound of the floating-point 2-D orientation (Shewchuk: `(3 + 16 eps) eps`).
const ORIENT2D_BOUND: f64 = 4.0e-16;

/// Exact sum `a + b = s + e`.
#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bv = s - a;
    let av = s - bv;
    (s, (a - av) + (b - bv))
}

/// Splits a double into two halves of 26 significant bits each (Veltkamp).
#[inline]
fn split(a: f64) -> (f64, f64) {
    let c = 134_217_729.0 * a; // 2^27 + 1
    let big = c - a;
    let hi = c - big;
    (hi, a - hi)
}

/// Exact product `a * b = p + e` (Dekker).
#[inline]
fn two_product(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    let (ah, al) = split(a);
    let (bh, bl) = split(b);
    let err = al * bl - (((p - ah * bh) - al * bh) - ah * bl);
    (p, err)
}

/// Exact difference `a - b = hi + lo`.
#[inline]
fn two_diff(a: f64, b: f64) -> (f64, f64) {
    two_sum(a, -b)
}

/// Capacity of an expansion. Sums of at most a few hundred exact products of inputs that are
/// themselves doubles stay far below it; a compression step guards the rest.
const CAPACITY: usize = 96;

/// A non-overlapping sum of doubles, in increasing order of magnitude.
struct Expansion {
    terms: [f64; CAPACITY],
    len: usize,
}

impl Expansion {
    fn new() -> Self {
        Self {
            terms: [0.0; CAPACITY],
            len: 0,
        }
    }

    /// Adds one double exactly.
    fn grow(&mut self, b: f64) {
        if b == 0.0 {
            return;
        }
        if self.len + 1 >= CAPACITY {
            self.compress();
        }
        let mut q = b;
        let mut out = 0;
        for i in 0..self.len {
            let (s, h) = two_sum(q, self.terms[i]);
            q = s;
            if h != 0.0 {
                self.terms[out] = h;
                out += 1;
            }
        }
        if q != 0.0 {
            self.terms[out] = q;
            out += 1;
        }
        self.len = out;
    }

    /// Re-packs the expansion into fewer, non-adjacent components (Shewchuk's COMPRESS).
    fn compress(&mut self) {
        if self.len < 2 {
            return;
        }
        let mut g = [0.0; CAPACITY];
        let mut bottom = self.len;
        let mut q = self.terms[self.len - 1];
        for i in (0..self.len - 1).rev() {
            let (s, e) = fast_two_sum(q, self.terms[i]);
            if e != 0.0 {
                bottom -= 1;
                g[bottom] = s;
                q = e;
            } else {
                q = s;
            }
        }
        bottom -= 1;
        g[bottom] = q;
        let mut top = 0;
        let mut q = g[bottom];
        for &gi in &g[bottom + 1..self.len] {
            let (s, e) = fast_two_sum(gi, q);
            if e != 0.0 {
                self.terms[top] = e;
                top += 1;
            }
            q = s;
        }
        self.terms[top] = q;
        self.len = top + 1;
    }

    /// Sign of the exact sum.
    fn sign(&self) -> Ordering {
        match self.len {
            0 => Ordering::Equal,
            n => self.terms[n - 1]
                .partial_cmp(&0.0)
                .unwrap_or(Ordering::Equal),
        }
    }

    /// Adds `sign * x * y * z` exactly.
    fn add_triple(&mut self, sign: f64, x: f64, y: f64, z: f64) {
        if x == 0.0 || y == 0.0 || z == 0.0 {
            return;
        }
        let (p, e) = two_product(sign * x, y);
        let (p1, e1) = two_product(p, z);
        let (p2, e2) = two_product(e, z);
        self.grow(e2);
        self.grow(e1);
        self.grow(p2);
        self.grow(p1);
    }

    /// Adds `sign * x * y` exactly.
    fn add_pair(&mut self, sign: f64, x: f64, y: f64) {
        let (p, e) = two_product(sign * x, y);
        self.grow(e);
        self.grow(p);
    }
}

/// Exact sum when `|a| >= |b|`.
#[inline]
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// Sign of `((b - a) x (c - a)) . (d - a)`: positive when `d` lies on the side of the plane
/// `abc` that its right-hand normal points to, zero when the four points are coplanar.
pub(crate) fn orient3d(a: &V3, b: &V3, c: &V3, d: &V3) -> Ordering {
    let ba = b - a;
    let ca = c - a;
    let da = d - a;
    let m0 = ba.y * ca.z - ba.z * ca.y;
    let m1 = ba.z * ca.x - ba.x * ca.z;
    let m2 = ba.x * ca.y - ba.y * ca.x;
    let det = m0 * da.x + m1 * da.y + m2 * da.z;
    let perm = ((ba.y * ca.z).abs() + (ba.z * ca.y).abs()) * da.x.abs()
        + ((ba.z * ca.x).abs() + (ba.x * ca.z).abs()) * da.y.abs()
        + ((ba.x * ca.y).abs() + (ba.y * ca.x).abs()) * da.z.abs();
    certified_or(det, ORIENT3D_BOUND * perm, || orient3d_exact(a, b, c, d))
}

/// The sign of an orientation already evaluated in floating point as `det` with the
/// permanent `perm` (sum of the absolute values of its terms), falling back to `exact`.
#[inline]
pub(crate) fn certified_or(det: f64, bound: f64, exact: impl FnOnce() -> Ordering) -> Ordering {
    if det > bound {
        Ordering::Greater
    } else if det < -bound {
        Ordering::Less
    } else {
        exact()
    }
}

/// Relative error bound to use with [`certified_or`] for a 3-D orientation evaluated as
/// `n . (d - a)` with `n = (b - a) x (c - a)` computed in floating point.
pub(crate) const ORIENT3D_RELATIVE_BOUND: f64 = ORIENT3D_BOUND;

/// Exact evaluation of [`orient3d`].
pub(crate) fn orient3d_exact(a: &V3, b: &V3, c: &V3, d: &V3) -> Ordering {
    // Rows of the determinant as exact two-term differences.
    let rows = [
        [two_diff(b.x, a.x), two_diff(b.y, a.y), two_diff(b.z, a.z)],
        [two_diff(c.x, a.x), two_diff(c.y, a.y), two_diff(c.z, a.z)],
        [two_diff(d.x, a.x), two_diff(d.y, a.y), two_diff(d.z, a.z)],
    ];
    // det = sum over permutations s of sign(s) r0[s0] r1[s1] r2[s2].
    const PERMS: [([usize; 3], f64); 6] = [
        ([0, 1, 2], 1.0),
        ([1, 2, 0], 1.0),
        ([2, 0, 1], 1.0),
        ([0, 2, 1], -1.0),
        ([1, 0, 2], -1.0),
        ([2, 1, 0], -1.0),
    ];
    let mut sum = Expansion::new();
    for (p, sign) in PERMS {
        let f0 = rows[0][p[0]];
        let f1 = rows[1][p[1]];
        let f2 = rows[2][p[2]];
        for x in [f0.0, f0.1] {
            for y in [f1.0, f1.1] {
                for z in [f2.0, f2.1] {
                    sum.add_triple(sign, x, y, z);
                }
            }
        }
    }
    sum.sign()
}

/// Sign of `(b - a) x (c - a)` for 2-D points: positive when `a, b, c` turn counter-clockwise.
pub(crate) fn orient2d(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    let l = (b[0] - a[0]) * (c[1] - a[1]);
    let r = (b[1] - a[1]) * (c[0] - a[0]);
    let det = l - r;
    certified_or(det, ORIENT2D_BOUND * (l.abs() + r.abs()), || {
        orient2d_exact(a, b, c)
    })
}

/// Exact evaluation of [`orient2d`].
fn orient2d_exact(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Ordering {
    let bx = two_diff(b[0], a[0]);
    let by = two_diff(b[1], a[1]);
    let cx = two_diff(c[0], a[0]);
    let cy = two_diff(c[1], a[1]);
    let mut sum = Expansion::new();
    for x in [bx.0, bx.1] {
        for y in [cy.0, cy.1] {
            if x != 0.0 && y != 0.0 {
                sum.add_pair(1.0, x, y);
            }
        }
    }
    for x in [by.0, by.1] {
        for y in [cx.0, cx.1] {
            if x != 0.0 && y != 0.0 {
                sum.add_pair(-1.0, x, y);
            }
        }
    }
    sum.sign()
}

/// Whether three points are exactly collinear (or coincide).
pub(crate) fn collinear3(a: &V3, b: &V3, c: &V3) -> bool {
    orient2d([a.x, a.y], [b.x, b.y], [c.x, c.y]) == Ordering::Equal
        && orient2d([a.y, a.z], [b.y, b.z], [c.y, c.z]) == Ordering::Equal
        && orient2d([a.z, a.x], [b.z, b.x], [c.z, c.x]) == Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f64, y: f64, z: f64) -> V3 {
        V3::new(x, y, z)
    }

    #[test]
    fn orient3d_signs_of_simple_configurations() {
        let (a, b, c) = (v(0.0, 0.0, 0.0), v(1.0, 0.0, 0.0), v(0.0, 1.0, 0.0));
        assert_eq!(orient3d(&a, &b, &c, &v(0.3, 0.3, 1.0)), Ordering::Greater);
        assert_eq!(orient3d(&a, &b, &c, &v(0.3, 0.3, -1.0)), Ordering::Less);
        assert_eq!(orient3d(&a, &b, &c, &v(5.0, -7.0, 0.0)), Ordering::Equal);
    }

    #[test]
    fn exact_fallback_decides_near_degenerate_cases() {
        // d = a + s (b - a) + t (c - a) with dyadic s, t is exactly coplanar even though the
        // floating evaluation of the determinant need not be zero.
        let a = v(0.1, 0.2, 0.3);
        let b = v(1.7, -0.3, 0.9);
        let c = v(-0.4, 1.1, 2.5);
        let d = a + (b - a) * 0.5 + (c - a) * 0.25;
        let expected = orient3d_exact(&a, &b, &c, &d);
        assert_eq!(orient3d(&a, &b, &c, &d), expected);
        // Shift d by one ulp along z both ways: the exact signs must be opposite or zero.
        let up = v(d.x, d.y, f64::from_bits(d.z.to_bits() + 1));
        let down = v(d.x, d.y, f64::from_bits(d.z.to_bits() - 1));
        let su = orient3d(&a, &b, &c, &up);
        let sd = orient3d(&a, &b, &c, &down);
        assert_ne!(su, Ordering::Equal);
        assert_eq!(su, sd.reverse());
    }

    #[test]
    fn exact_agrees_with_float_when_float_is_certain() {
        let pts = [
            v(0.3, -1.2, 0.7),
            v(2.0, 0.5, -0.1),
            v(-0.9, 0.4, 1.3),
            v(0.2, 0.2, 0.2),
            v(1.0, 1.0, -1.0),
        ];
        for i in 0..5 {
            for j in 0..5 {
                for k in 0..5 {
                    for l in 0..5 {
                        let (a, b, c, d) = (&pts[i], &pts[j], &pts[k], &pts[l]);
                        assert_eq!(orient3d(a, b, c, d), orient3d_exact(a, b, c, d));
                    }
                }
            }
        }
    }

    #[test]
    fn orient2d_and_collinearity() {
        assert_eq!(
            orient2d([0.0, 0.0], [1.0, 0.0], [0.0, 1.0]),
            Ordering::Greater
        );
        // 0.1, 0.2, 0.3 are not exactly collinear in binary; 0.5, 1.0, 1.5 are.
        assert!(collinear3(
            &v(0.5, 1.0, 1.5),
            &v(1.0, 2.0, 3.0),
            &v(1.5, 3.0, 4.5)
        ));
        assert!(!collinear3(
            &v(0.0, 0.0, 0.0),
            &v(1.0, 0.0, 0.0),
            &v(0.0, 1e-300, 0.0)
        ));
        let a = [0.1, 0.1];
        let b = [0.3, 0.3];
        let c = [0.2, 0.2];
        assert_eq!(orient2d(a, b, c), orient2d_exact(a, b, c));
    }
}
