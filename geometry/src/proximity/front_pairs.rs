//! The node pairs of a front, stored field by field (structure of arrays) with the sphere of
//! each pair's second node inline, so that carrying every bound to a new placement is one
//! branch-free pass over dense arrays, which the compiler vectorizes; with the node pair
//! itself ([`FrontPair`]) and the bound on a placement change that the carry uses ([`Motion`]),
//! so that this file needs nothing from `front.rs`.

use nalgebra::Matrix3;

use super::bvh::Sphere;
use super::triangle::V3;

/// The node pairs of a front with their lower bounds, separating directions and the spheres
/// of their second nodes (in the second mesh's frame).
#[derive(Debug, Clone, Default)]
pub(crate) struct FrontPairs {
    a: Vec<u32>,
    b: Vec<u32>,
    bound: Vec<f64>,
    axis: [Vec<f64>; 3],
    center: [Vec<f64>; 3],
    radius: Vec<f64>,
}

impl FrontPairs {
    /// How many pairs the front holds.
    #[inline]
    pub fn len(&self) -> usize {
        self.a.len()
    }

    /// Removes every pair.
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// Appends `pair`, whose second node lies in `sphere`.
    pub fn push(&mut self, pair: &FrontPair, sphere: &Sphere) {
        self.a.push(pair.a);
        self.b.push(pair.b);
        self.bound.push(stored_bound(pair));
        self.radius.push(sphere.radius);
        for k in 0..3 {
            self.axis[k].push(pair.axis[k]);
            self.center[k].push(sphere.center[k]);
        }
    }

    /// Pair `i`, with the given bound.
    #[inline]
    pub fn get(&self, i: usize, bound: f64) -> FrontPair {
        FrontPair {
            a: self.a[i],
            b: self.b[i],
            bound,
            axis: V3::new(self.axis[0][i], self.axis[1][i], self.axis[2][i]),
        }
    }

    /// Overwrites pair `i` with `pair` (second node in `sphere`).
    #[inline]
    fn set(&mut self, i: usize, pair: &FrontPair, sphere: &Sphere) {
        self.a[i] = pair.a;
        self.b[i] = pair.b;
        self.bound[i] = stored_bound(pair);
        self.radius[i] = sphere.radius;
        for k in 0..3 {
            self.axis[k][i] = pair.axis[k];
            self.center[k][i] = sphere.center[k];
        }
    }

    /// Moves pair `from` to slot `to`.
    #[inline]
    fn relocate(&mut self, from: usize, to: usize) {
        self.a[to] = self.a[from];
        self.b[to] = self.b[from];
        self.bound[to] = self.bound[from];
        self.radius[to] = self.radius[from];
        for k in 0..3 {
            self.axis[k][to] = self.axis[k][from];
            self.center[k][to] = self.center[k][from];
        }
    }

    /// Keeps the first `len` pairs.
    #[inline]
    fn truncate(&mut self, len: usize) {
        self.a.truncate(len);
        self.b.truncate(len);
        self.bound.truncate(len);
        self.radius.truncate(len);
        for k in 0..3 {
            self.axis[k].truncate(len);
            self.center[k].truncate(len);
        }
    }

    /// Writes into `out` every pair's bound carried over `motion` (what
    /// [`CarryKernel::carry`] gives for each pair as stored).
    pub fn carry_all(&self, motion: &Motion, out: &mut Vec<f64>) {
        out.resize(self.len(), 0.0);
        // Compiled for the widest vector instructions the processor has (found at run time).
        pulp::Arch::new().dispatch(CarryAll {
            pairs: self,
            kernel: motion.kernel(),
            out,
        });
    }

    /// Makes this front the next one: every pair keeps the bound `carried` gives it, except
    /// the pairs at the (increasing) indices `dropped`, which are removed; the pairs of
    /// `fresh` are added (their second nodes in `spheres`, indexed by node). Fresh pairs fill
    /// the dropped slots first, so that only the difference moves. `carried` is left with the
    /// old bounds.
    pub fn renew(
        &mut self,
        carried: &mut Vec<f64>,
        dropped: &[u32],
        fresh: &[FrontPair],
        spheres: &[Sphere],
    ) {
        debug_assert_eq!(carried.len(), self.len());
        debug_assert!(
            dropped.windows(2).all(|w| w[0] < w[1]),
            "dropped slots in order"
        );
        std::mem::swap(&mut self.bound, carried);
        let filled = dropped.len().min(fresh.len());
        for (&slot, pair) in dropped.iter().zip(fresh) {
            self.set(slot as usize, pair, &spheres[pair.b as usize]);
        }
        for pair in &fresh[filled..] {
            self.push(pair, &spheres[pair.b as usize]);
        }
        // Remove the remaining holes from the highest down, each filled by the last pair
        // (itself never a remaining hole, those above having gone already).
        for &slot in dropped[filled..].iter().rev() {
            let last = self.len() - 1;
            if slot as usize != last {
                self.relocate(last, slot as usize);
            }
            self.truncate(last);
        }
    }
}

/// The bound a front stores for `pair`: its own, except that a pair without a separating
/// direction keeps at most 0, which carries without one (see [`CarryKernel::carry`]). Such
/// pairs are rare (the centres of both nodes' spheres coincide): losing their bound costs a
/// re-test, never a wrong answer.
#[inline]
fn stored_bound(pair: &FrontPair) -> f64 {
    if pair.axis == V3::zeros() {
        pair.bound.min(0.0)
    } else {
        pair.bound
    }
}

/// The carry of every pair of a front, as a [`pulp::WithSimd`] operation.
struct CarryAll<'a> {
    pairs: &'a FrontPairs,
    kernel: CarryKernel,
    out: &'a mut [f64],
}

impl pulp::WithSimd for CarryAll<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _simd: S) {
        let Self { pairs, kernel, out } = self;
        let n = pairs.len().min(out.len());
        let out = &mut out[..n];
        let (bound, radius) = (&pairs.bound[..n], &pairs.radius[..n]);
        let (nx, ny, nz) = (
            &pairs.axis[0][..n],
            &pairs.axis[1][..n],
            &pairs.axis[2][..n],
        );
        let (cx, cy, cz) = (
            &pairs.center[0][..n],
            &pairs.center[1][..n],
            &pairs.center[2][..n],
        );
        for i in 0..n {
            out[i] = kernel.carry(
                bound[i],
                [nx[i], ny[i], nz[i]],
                [cx[i], cy[i], cz[i]],
                radius[i],
            );
        }
    }
}

/// The per-query numbers of a [`Motion`] that carrying a bound needs, for vectorized loops.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CarryKernel {
    /// `R1 - R0`, row by row.
    pub delta: [[f64; 3]; 3],
    /// `t1 - t0`.
    pub shift: [f64; 3],
}

/// Relative inflation of displacement bounds, far above their rounding.
pub(crate) const INFLATE: f64 = 1.0 + 1e-12;

impl CarryKernel {
    /// The bound `bound` of a pair with separating direction `n` whose second node lies in
    /// the sphere `(c, r)`, carried over the motion `x -> (R1 - R0) x + t1 - t0`: each point
    /// `x = c + e` (`|e| <= r`) of the second node moves along `n` by
    /// `n . ((R1 - R0) x + t1 - t0) >= w . c + n . (t1 - t0) - |w| r` with
    /// `w = (R1 - R0)^T n`, and the slab gap moves by at least that: sliding along the slab
    /// and turning about an axis along `n` cost nothing. Also valid for `n = 0` when
    /// `bound <= 0` (it then returns at most `bound`), which is how [`FrontPairs`] stores pairs
    /// without a direction. One square root per pair and no branch, for vectorized loops.
    #[inline(always)]
    pub fn carry(&self, bound: f64, n: [f64; 3], c: [f64; 3], r: f64) -> f64 {
        let d = &self.delta;
        let w = [
            d[0][0] * n[0] + d[1][0] * n[1] + d[2][0] * n[2],
            d[0][1] * n[0] + d[1][1] * n[1] + d[2][1] * n[2],
            d[0][2] * n[0] + d[1][2] * n[1] + d[2][2] * n[2],
        ];
        let along = (w[0] * c[0] + w[1] * c[1] + w[2] * c[2])
            + (n[0] * self.shift[0] + n[1] * self.shift[1] + n[2] * self.shift[2]);
        let spread = ((w[0] * w[0] + w[1] * w[1] + w[2] * w[2]).sqrt() * INFLATE + 1e-15) * r;
        bound + along - spread - along.abs() * (INFLATE - 1.0) - 1e-15
    }
}

/// A node pair of a front with a lower bound on the distance between its contents and, when
/// known, a unit direction `axis` (in the first mesh's frame, from its node towards the
/// other) such that the contents' slabs along it are at least `bound` apart; zero otherwise.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FrontPair {
    /// Node of the first mesh.
    pub a: u32,
    /// Node of the second mesh.
    pub b: u32,
    /// Lower bound on the distance.
    pub bound: f64,
    /// Separating direction of the bound, or zero.
    pub axis: V3,
}

impl FrontPair {
    /// A pair with lower bound `bound` and no known separating direction.
    #[inline]
    pub fn pending(a: u32, b: u32, bound: f64) -> Self {
        Self {
            a,
            b,
            bound,
            axis: V3::zeros(),
        }
    }
}

/// A bound on the displacement of the second mesh's points between two placements.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Motion {
    /// `R1 - R0`.
    delta: Matrix3<f64>,
    /// `t1 - t0`.
    shift: V3,
    /// An upper bound on the spectral norm of `R1 - R0`.
    spin: f64,
}

impl Motion {
    /// The motion from placement `(r0, t0)` to `(r1, t1)`.
    pub fn between(r0: &Matrix3<f64>, t0: &V3, r1: &Matrix3<f64>, t1: &V3) -> Self {
        let delta = r1 - r0;
        // For rotations, R1 - R0 = (Q - I) R0 with Q a rotation by some angle θ: its two
        // non-zero singular values both equal 2 sin(θ/2), so the squared Frobenius norm is
        // twice the squared spectral norm. The absolute term covers the rounding of
        // not-quite-orthogonal matrices.
        let spin = (0.5 * delta.norm_squared()).sqrt() * INFLATE + 1e-14;
        Self {
            delta,
            shift: t1 - t0,
            spin,
        }
    }

    /// An upper bound on how far any point in `sphere` (of the second mesh) moved.
    #[inline(always)]
    pub fn of(&self, sphere: &Sphere) -> f64 {
        ((self.delta * sphere.center + self.shift).norm() + self.spin * sphere.radius) * INFLATE
    }

    /// The motion's numbers for [`CarryKernel::carry`].
    #[inline]
    pub fn kernel(&self) -> CarryKernel {
        let d = &self.delta;
        CarryKernel {
            delta: [
                [d[(0, 0)], d[(0, 1)], d[(0, 2)]],
                [d[(1, 0)], d[(1, 1)], d[(1, 2)]],
                [d[(2, 0)], d[(2, 1)], d[(2, 2)]],
            ],
            shift: self.shift.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;
    use nalgebra::{Matrix3, Rotation3};

    fn random_pair(rnd: &mut impl FnMut() -> f64, index: u32) -> (FrontPair, Sphere) {
        let axis = if rnd() > 0.0 {
            V3::new(rnd(), rnd(), rnd()).normalize()
        } else {
            V3::zeros()
        };
        let pair = FrontPair {
            a: index,
            b: index + 1000,
            bound: rnd().abs(),
            axis,
        };
        let sphere = Sphere {
            center: V3::new(rnd(), rnd(), rnd()),
            radius: rnd().abs() * 0.3,
        };
        (pair, sphere)
    }

    /// The vectorized pass gives, pair by pair, the bits of the scalar carry of the stored
    /// pair.
    #[test]
    fn carrying_all_pairs_equals_carrying_each() {
        let mut rnd = uniform_stream(3);
        let mut front = FrontPairs::default();
        let mut kept = Vec::new();
        for i in 0..257 {
            let (p, s) = random_pair(&mut rnd, i);
            front.push(&p, &s);
            kept.push((p, s));
        }
        let r0: Matrix3<f64> = *Rotation3::new(V3::new(rnd(), rnd(), rnd())).matrix();
        let r1: Matrix3<f64> = *Rotation3::new(V3::new(rnd(), rnd(), rnd())).matrix();
        let motion = Motion::between(
            &r0,
            &V3::new(rnd(), rnd(), rnd()),
            &r1,
            &V3::new(rnd(), rnd(), rnd()),
        );
        let mut out = Vec::new();
        front.carry_all(&motion, &mut out);
        let kernel = motion.kernel();
        for (i, (p, s)) in kept.iter().enumerate() {
            let undirected = p.axis == V3::zeros();
            if undirected {
                assert_eq!(
                    front.bound[i], 0.0,
                    "a pair without direction keeps at most 0"
                );
            }
            let expected = kernel.carry(front.bound[i], p.axis.into(), s.center.into(), s.radius);
            if undirected {
                assert!(expected <= 0.0);
            }
            assert_eq!(out[i].to_bits(), expected.to_bits(), "pair {i}");
        }
    }

    /// Renewing a front keeps exactly the pairs not dropped, with their carried bounds, plus
    /// the fresh ones, whatever the balance of dropped and fresh pairs.
    #[test]
    fn renewing_keeps_the_survivors_and_adds_the_fresh_pairs() {
        let mut rnd = uniform_stream(5);
        let spheres: Vec<Sphere> = (0..3000)
            .map(|_| Sphere {
                center: V3::new(rnd(), rnd(), rnd()),
                radius: rnd().abs(),
            })
            .collect();
        for (len, dropped_every, fresh_count) in [
            (40, 3, 5),
            (40, 3, 30),
            (40, 1, 0),
            (40, 7, 13),
            (1, 1, 0),
            (0, 1, 4),
        ] {
            let mut front = FrontPairs::default();
            for i in 0..len {
                let (p, _) = random_pair(&mut rnd, i);
                front.push(&p, &spheres[p.b as usize]);
            }
            let mut carried: Vec<f64> = (0..len).map(|i| 100.0 + i as f64).collect();
            let dropped: Vec<u32> = (0..len).filter(|i| i % dropped_every == 0).collect();
            let fresh: Vec<FrontPair> = (0..fresh_count)
                .map(|i| random_pair(&mut rnd, 500 + i).0)
                .collect();
            let mut expected: Vec<(u32, u32, u64)> = (0..len as usize)
                .filter(|i| !dropped.contains(&(*i as u32)))
                .map(|i| (front.a[i], front.b[i], carried[i].to_bits()))
                .chain(fresh.iter().map(|p| (p.a, p.b, stored_bound(p).to_bits())))
                .collect();
            front.renew(&mut carried, &dropped, &fresh, &spheres);
            let mut got: Vec<(u32, u32, u64)> = (0..front.len())
                .map(|i| (front.a[i], front.b[i], front.bound[i].to_bits()))
                .collect();
            for i in 0..front.len() {
                let s = &spheres[front.b[i] as usize];
                assert_eq!(front.radius[i], s.radius);
                assert_eq!(front.center[0][i], s.center.x);
            }
            expected.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, expected, "{len} pairs, every {dropped_every} dropped");
        }
    }
}
