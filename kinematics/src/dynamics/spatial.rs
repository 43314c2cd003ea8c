//! Spatial algebra in body coordinates (Featherstone's): motions `[ω; v]`, forces `[n; f]`,
//! rigid-body inertias, and the placement of a body in its parent.
//!
//! A motion's `v` and a force's moment `n` are taken at the origin of the frame they are
//! expressed in. Only what the dynamics algorithms need, written out by components so that
//! the inner loops stay free of 6 × 6 products where 3 × 3 ones suffice.

use nalgebra::{Matrix3, Matrix6, Vector3};

/// A spatial motion (velocity or acceleration): angular part `w`, linear part `v` at the
/// frame's origin.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Motion {
    pub w: Vector3<f64>,
    pub v: Vector3<f64>,
}

/// A spatial force (wrench): moment `n` about the frame's origin, force `f`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Force {
    pub n: Vector3<f64>,
    pub f: Vector3<f64>,
}

impl Motion {
    pub const ZERO: Motion = Motion {
        w: Vector3::new(0.0, 0.0, 0.0),
        v: Vector3::new(0.0, 0.0, 0.0),
    };

    /// `self × other` (motion cross motion).
    #[inline(always)]
    pub fn cross(&self, other: &Motion) -> Motion {
        Motion {
            w: self.w.cross(&other.w),
            v: self.w.cross(&other.v) + self.v.cross(&other.w),
        }
    }

    /// `self ×* force` (motion cross force).
    #[inline(always)]
    pub fn cross_force(&self, force: &Force) -> Force {
        Force {
            n: self.w.cross(&force.n) + self.v.cross(&force.f),
            f: self.w.cross(&force.f),
        }
    }

    /// The power `self · force`.
    #[inline(always)]
    pub fn dot(&self, force: &Force) -> f64 {
        self.w.dot(&force.n) + self.v.dot(&force.f)
    }

    #[inline(always)]
    pub fn add(&self, other: &Motion) -> Motion {
        Motion {
            w: self.w + other.w,
            v: self.v + other.v,
        }
    }

    #[inline(always)]
    pub fn scale(&self, s: f64) -> Motion {
        Motion {
            w: self.w * s,
            v: self.v * s,
        }
    }

    /// As a 6-vector `[w; v]`.
    #[inline(always)]
    pub fn to_array(self) -> [f64; 6] {
        [self.w.x, self.w.y, self.w.z, self.v.x, self.v.y, self.v.z]
    }

    #[cfg(test)]
    pub fn from_array(a: &[f64; 6]) -> Motion {
        Motion {
            w: Vector3::new(a[0], a[1], a[2]),
            v: Vector3::new(a[3], a[4], a[5]),
        }
    }
}

impl Force {
    pub const ZERO: Force = Force {
        n: Vector3::new(0.0, 0.0, 0.0),
        f: Vector3::new(0.0, 0.0, 0.0),
    };

    #[inline(always)]
    pub fn add(&self, other: &Force) -> Force {
        Force {
            n: self.n + other.n,
            f: self.f + other.f,
        }
    }

    #[inline(always)]
    pub fn sub(&self, other: &Force) -> Force {
        Force {
            n: self.n - other.n,
            f: self.f - other.f,
        }
    }

    /// As a 6-vector `[n; f]`.
    #[inline(always)]
    pub fn to_array(self) -> [f64; 6] {
        [self.n.x, self.n.y, self.n.z, self.f.x, self.f.y, self.f.z]
    }

    #[inline(always)]
    pub fn from_array(a: &[f64; 6]) -> Force {
        Force {
            n: Vector3::new(a[0], a[1], a[2]),
            f: Vector3::new(a[3], a[4], a[5]),
        }
    }
}

/// The pose of a child frame in its parent: rotation `r` (child axes in parent axes) and the
/// child's origin `t` in parent coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Placement {
    pub r: Matrix3<f64>,
    pub t: Vector3<f64>,
}

impl Placement {
    pub const IDENTITY: Placement = Placement {
        r: Matrix3::new(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0),
        t: Vector3::new(0.0, 0.0, 0.0),
    };

    /// `self ∘ child`: the pose of a grandchild given its pose in the child.
    #[inline(always)]
    pub fn compose(&self, child: &Placement) -> Placement {
        Placement {
            r: self.r * child.r,
            t: self.r * child.t + self.t,
        }
    }

    /// A parent-frame motion expressed in the child frame.
    #[inline(always)]
    pub fn motion_to_child(&self, m: &Motion) -> Motion {
        Motion {
            w: self.r.tr_mul(&m.w),
            v: self.r.tr_mul(&(m.v - self.t.cross(&m.w))),
        }
    }

    /// A child-frame motion expressed in the parent frame.
    #[inline(always)]
    pub fn motion_to_parent(&self, m: &Motion) -> Motion {
        let w = self.r * m.w;
        Motion {
            w,
            v: self.r * m.v + self.t.cross(&w),
        }
    }

    /// A child-frame force expressed in the parent frame.
    #[inline(always)]
    pub fn force_to_parent(&self, force: &Force) -> Force {
        let f = self.r * force.f;
        Force {
            n: self.r * force.n + self.t.cross(&f),
            f,
        }
    }

    /// A parent-frame force expressed in the child frame.
    #[cfg(test)]
    pub fn force_to_child(&self, force: &Force) -> Force {
        Force {
            n: self.r.tr_mul(&(force.n - self.t.cross(&force.f))),
            f: self.r.tr_mul(&force.f),
        }
    }

    /// `Xᵀ I X` for a symmetric 6 × 6 child-frame inertia `I` (an articulated one, [`Inertia`]
    /// has its own), `X` the [`motion_matrix_to_child`](Self::motion_matrix_to_child): the same
    /// inertia in the parent frame, by 3 × 3 blocks `[[A, B], [Bᵀ, C]]`. With `A' = R A Rᵀ`,
    /// `B' = R B Rᵀ`, `C' = R C Rᵀ` and `T = [t]×`: `C_p = C'`, `B_p = B' + T C'`,
    /// `A_p = A' + T B'ᵀ + (T B'ᵀ)ᵀ − T C' T` (about half the products of `Xᵀ I X`).
    #[inline]
    pub fn inertia_matrix_to_parent(&self, inertia: &Matrix6<f64>) -> Matrix6<f64> {
        let r = &self.r;
        let rt = r.transpose();
        let a = r * inertia.fixed_view::<3, 3>(0, 0) * rt;
        let b = r * inertia.fixed_view::<3, 3>(0, 3) * rt;
        let c = r * inertia.fixed_view::<3, 3>(3, 3) * rt;
        let t = self.t.cross_matrix();
        let tc = t * c;
        let b_parent = b + tc;
        let tb = t * b.transpose();
        let a_parent = a + tb + tb.transpose() - tc * t;
        let mut out = Matrix6::zeros();
        out.fixed_view_mut::<3, 3>(0, 0).copy_from(&a_parent);
        out.fixed_view_mut::<3, 3>(0, 3).copy_from(&b_parent);
        out.fixed_view_mut::<3, 3>(3, 0)
            .copy_from(&b_parent.transpose());
        out.fixed_view_mut::<3, 3>(3, 3).copy_from(&c);
        out
    }

    /// The 6 × 6 matrix that maps parent-frame motions to child-frame motions.
    #[cfg(test)]
    pub fn motion_matrix_to_child(&self) -> Matrix6<f64> {
        let rt = self.r.transpose();
        let mut x = Matrix6::zeros();
        x.fixed_view_mut::<3, 3>(0, 0).copy_from(&rt);
        x.fixed_view_mut::<3, 3>(3, 3).copy_from(&rt);
        x.fixed_view_mut::<3, 3>(3, 0)
            .copy_from(&(-rt * self.t.cross_matrix()));
        x
    }
}

/// A rigid body's inertia about a frame's origin: mass `m`, first moment `h = m c` (c the
/// centre of mass) and rotational inertia `i` about the origin (not the centre of mass).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Inertia {
    pub m: f64,
    pub h: Vector3<f64>,
    pub i: Matrix3<f64>,
}

impl Inertia {
    pub const ZERO: Inertia = Inertia {
        m: 0.0,
        h: Vector3::new(0.0, 0.0, 0.0),
        i: Matrix3::new(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    };

    /// A body of mass `m` with centre `c` and rotational inertia `about_com` about it.
    pub fn from_com(m: f64, c: &Vector3<f64>, about_com: &Matrix3<f64>) -> Inertia {
        Inertia {
            m,
            h: c * m,
            i: about_com + shift(m, c),
        }
    }

    /// The momentum `I · motion`.
    #[inline(always)]
    pub fn apply(&self, m: &Motion) -> Force {
        Force {
            n: self.i * m.w + self.h.cross(&m.v),
            f: m.v * self.m - self.h.cross(&m.w),
        }
    }

    #[inline(always)]
    pub fn add(&self, other: &Inertia) -> Inertia {
        Inertia {
            m: self.m + other.m,
            h: self.h + other.h,
            i: self.i + other.i,
        }
    }

    /// This inertia, given in a child frame placed at `p`, expressed in the parent frame.
    ///
    /// With `h_r = R h`: `h' = h_r + m t` and
    /// `I' = R I Rᵀ + m (|t|² 1 − t tᵀ) + 2 (h_r · t) 1 − h_r tᵀ − t h_rᵀ` (the parallel-axis
    /// terms of moving the origin by `t`, without dividing by the mass); `R I Rᵀ` from its upper
    /// triangle, so the result is symmetric to the last bit.
    #[inline(always)]
    pub fn expressed_in_parent(&self, p: &Placement) -> Inertia {
        let r = &p.r;
        let t = &p.t;
        let hr = r * self.h;
        let ri = r * self.i;
        let mut i = Matrix3::zeros();
        for a in 0..3 {
            for b in a..3 {
                let x = ri[(a, 0)] * r[(b, 0)] + ri[(a, 1)] * r[(b, 1)] + ri[(a, 2)] * r[(b, 2)];
                i[(a, b)] = x;
                i[(b, a)] = x;
            }
        }
        let tt = t.dot(t);
        let ht = hr.dot(t);
        let diagonal = self.m * tt + 2.0 * ht;
        for a in 0..3 {
            for b in a..3 {
                let mut x = -self.m * t[a] * t[b] - hr[a] * t[b] - t[a] * hr[b];
                if a == b {
                    x += diagonal;
                }
                i[(a, b)] += x;
                if a != b {
                    i[(b, a)] = i[(a, b)];
                }
            }
        }
        Inertia {
            m: self.m,
            h: hr + t * self.m,
            i,
        }
    }

    /// The kinetic energy of motion `m` (without the ½: `mᵀ I m`).
    #[inline(always)]
    pub fn quadratic(&self, m: &Motion) -> f64 {
        m.dot(&self.apply(m))
    }

    /// As a 6 × 6 matrix over `[w; v]` motions and `[n; f]` forces.
    pub fn to_matrix(self) -> Matrix6<f64> {
        let mut out = Matrix6::zeros();
        let hx = self.h.cross_matrix();
        out.fixed_view_mut::<3, 3>(0, 0).copy_from(&self.i);
        out.fixed_view_mut::<3, 3>(0, 3).copy_from(&hx);
        out.fixed_view_mut::<3, 3>(3, 0).copy_from(&(-hx));
        out.fixed_view_mut::<3, 3>(3, 3)
            .copy_from(&(Matrix3::identity() * self.m));
        out
    }
}

/// `m [c]×ᵀ [c]×`: the parallel-axis term of a point mass `m` at `c`.
#[inline(always)]
fn shift(m: f64, c: &Vector3<f64>) -> Matrix3<f64> {
    let cc = c.dot(c);
    (Matrix3::identity() * cc - c * c.transpose()) * m
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{Rotation3, Vector6};

    fn placement() -> Placement {
        Placement {
            r: *Rotation3::from_euler_angles(0.3, -0.7, 1.1).matrix(),
            t: Vector3::new(0.2, -0.5, 0.9),
        }
    }

    fn inertia() -> Inertia {
        let about_com = Matrix3::new(0.3, 0.01, -0.02, 0.01, 0.2, 0.03, -0.02, 0.03, 0.25);
        Inertia::from_com(2.5, &Vector3::new(0.1, -0.2, 0.3), &about_com)
    }

    #[test]
    fn transforms_agree_with_their_matrices() {
        let p = placement();
        let x = p.motion_matrix_to_child();
        let m = Motion::from_array(&[0.1, -0.4, 0.7, 1.2, -0.3, 0.5]);
        let direct = Vector6::from(p.motion_to_child(&m).to_array());
        assert!((x * Vector6::from(m.to_array()) - direct).norm() < 1e-14);
        let back = p.motion_to_parent(&p.motion_to_child(&m));
        assert!((Vector6::from(back.to_array()) - Vector6::from(m.to_array())).norm() < 1e-14);
        // Force transforms are the duals: power is the same in both frames.
        let f = Force::from_array(&[0.3, 0.2, -0.1, 4.0, -1.0, 2.0]);
        let fp = p.force_to_parent(&f);
        assert!((p.motion_to_parent(&m).dot(&fp) - m.dot(&f)).abs() < 1e-13);
        let fc = p.force_to_child(&fp);
        assert!((Vector6::from(fc.to_array()) - Vector6::from(f.to_array())).norm() < 1e-13);
    }

    #[test]
    fn inertia_moves_as_xt_i_x() {
        let p = placement();
        let inertia = inertia();
        let x = p.motion_matrix_to_child();
        let expected = x.transpose() * inertia.to_matrix() * x;
        let moved = inertia.expressed_in_parent(&p).to_matrix();
        assert!((moved - expected).norm() < 1e-13, "{moved} {expected}");
        let m = Motion::from_array(&[0.1, -0.4, 0.7, 1.2, -0.3, 0.5]);
        let direct = Vector6::from(inertia.apply(&m).to_array());
        assert!((inertia.to_matrix() * Vector6::from(m.to_array()) - direct).norm() < 1e-14);
    }

    #[test]
    fn articulated_inertia_moves_as_xt_i_x_by_blocks() {
        let p = placement();
        // A symmetric, positive definite 6 × 6 that is no rigid body's inertia.
        let g = Matrix6::from_fn(|r, c| ((r * 7 + c * 3) % 11) as f64 * 0.1 - 0.4);
        let ia = g * g.transpose() + Matrix6::identity();
        let x = p.motion_matrix_to_child();
        let expected = x.transpose() * ia * x;
        let moved = p.inertia_matrix_to_parent(&ia);
        assert!(
            (moved - expected).norm() < 1e-13 * expected.norm(),
            "{moved} {expected}"
        );
    }
}
