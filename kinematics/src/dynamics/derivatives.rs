//! Analytic derivatives of inverse and forward dynamics with respect to the tangent space.
//!
//! `∂τ/∂q` column `k` is the rate of RNEA's torques as the configuration moves along tangent
//! direction `k` (`q ⊕ ε e_k`, the motion [`integrate`](crate::integrate) makes: for a floating
//! joint, its position along the joint's origin axes and its rotation about the body's own
//! axes), with `v` and `a` held in the velocity layout. Each column is one forward-mode pass of
//! the recursion: a joint moved by `ε ξ` (ξ = S δ, a twist in the child frame) changes its
//! child's coordinates by `−ε ξ ×`, and the change runs down the tree and back up with the
//! forces. `∂τ/∂v` is the same with the velocity moved, `∂τ/∂a` is the mass matrix. The
//! forward-dynamics derivatives follow from `τ = RNEA(q, v, ABA(q, v, τ))`:
//! `∂q̈/∂q = −M⁻¹ ∂τ/∂q`, `∂q̈/∂v = −M⁻¹ ∂τ/∂v`, `∂q̈/∂τ = M⁻¹`, at `a = q̈`.

use std::sync::Arc;

use nalgebra::{DMatrix, Vector3};

use super::aba::aba;
use super::crba::{check_invertible, cholesky, crba_unchecked};
use super::data::{DynamicsData, check_tangent};
use super::rnea::rnea_unchecked;
use super::spatial::{Force, Motion};
use super::subspace;
use super::tree::{Body, Motion as Kind, WORLD};
use crate::{Model, Result};

/// `∂τ/∂q`, `∂τ/∂v`, `∂τ/∂a` of [`rnea`](super::rnea) (each nv × nv; gravity included, no
/// external wrenches).
#[derive(Clone, Debug, PartialEq)]
pub struct RneaDerivatives {
    /// `∂τ/∂q` (columns: tangent directions of `q`).
    pub dtau_dq: DMatrix<f64>,
    /// `∂τ/∂v`.
    pub dtau_dv: DMatrix<f64>,
    /// `∂τ/∂a`: the mass matrix.
    pub dtau_da: DMatrix<f64>,
}

/// `∂q̈/∂q`, `∂q̈/∂v`, `∂q̈/∂τ` of [`aba`](super::aba) (each nv × nv), and `q̈` itself.
#[derive(Clone, Debug, PartialEq)]
pub struct AbaDerivatives {
    /// `∂q̈/∂q` (columns: tangent directions of `q`).
    pub dqdd_dq: DMatrix<f64>,
    /// `∂q̈/∂v`.
    pub dqdd_dv: DMatrix<f64>,
    /// `∂q̈/∂τ`: the inverse mass matrix.
    pub dqdd_dtau: DMatrix<f64>,
    /// The accelerations at the state.
    pub qdd: Vec<f64>,
}

/// The derivatives of inverse dynamics at `(q, v, a)`, as Pinocchio's
/// `computeRNEADerivatives` defines them (here in MuJoCo's velocity layout).
pub fn rnea_derivatives(
    model: &Model,
    data: &mut DynamicsData,
    q: &[f64],
    v: &[f64],
    a: &[f64],
) -> Result<RneaDerivatives> {
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    check_tangent("acceleration a", a, data.tree.nv)?;
    data.update_placements();
    Ok(derivatives_unchecked(data, v, a))
}

/// The derivatives of forward dynamics at `(q, v, τ)`, as Pinocchio's
/// `computeABADerivatives` defines them (here in MuJoCo's velocity layout).
pub fn aba_derivatives(
    model: &Model,
    data: &mut DynamicsData,
    q: &[f64],
    v: &[f64],
    tau: &[f64],
) -> Result<AbaDerivatives> {
    check_invertible(model, data, "aba_derivatives")?;
    let qdd = aba(model, data, q, v, tau, &[])?.to_vec();
    let d = derivatives_unchecked(data, v, &qdd);
    data.mass.copy_from(&d.dtau_da);
    let chol = cholesky(model, data, "aba_derivatives")?;
    let minv = chol.inverse();
    Ok(AbaDerivatives {
        dqdd_dq: -(&minv * d.dtau_dq),
        dqdd_dv: -(&minv * d.dtau_dv),
        dqdd_dtau: minv,
        qdd,
    })
}

/// All three derivatives on current placements.
fn derivatives_unchecked(data: &mut DynamicsData, v: &[f64], a: &[f64]) -> RneaDerivatives {
    rnea_unchecked(data, v, a, true, false);
    // rnea_unchecked leaves each body's force summed over its subtree.
    let tree = Arc::clone(&data.tree);
    let total: Vec<Force> = data.force.clone();
    let nv = tree.nv;
    let mut dtau_dq = DMatrix::zeros(nv, nv);
    let mut dtau_dv = DMatrix::zeros(nv, nv);
    let mut dv = vec![Motion::ZERO; tree.bodies.len()];
    let mut da = vec![Motion::ZERO; tree.bodies.len()];
    let mut df = vec![Force::ZERO; tree.bodies.len()];
    let mut column = vec![0.0; nv];
    for k in 0..nv {
        for wrt_q in [true, false] {
            directional(
                data,
                &tree,
                a,
                k,
                wrt_q,
                &total,
                &mut dv,
                &mut da,
                &mut df,
                &mut column,
            );
            let target = if wrt_q { &mut dtau_dq } else { &mut dtau_dv };
            target.column_mut(k).copy_from_slice(&column);
        }
    }
    crba_unchecked(data);
    RneaDerivatives {
        dtau_dq,
        dtau_dv,
        dtau_da: data.mass.clone(),
    }
}

/// The joint-local perturbation of body `b` along tangent index `k` (a unit component: the
/// subspace columns carry a mimic joint's multiplier), if `k` is one of its velocity values.
#[inline]
fn local_direction(b: &Body, k: usize) -> Option<[f64; 6]> {
    if k < b.idx_v || k >= b.idx_v + b.nv {
        return None;
    }
    let mut d = [0.0; 6];
    d[k - b.idx_v] = 1.0;
    Some(d)
}

/// `Σ S_c d_c` over the body's columns.
#[inline]
fn subspace_times(b: &Body, rotation: &nalgebra::Matrix3<f64>, d: &[f64; 6]) -> Motion {
    let mut m = Motion::ZERO;
    for (c, dc) in d.iter().enumerate().take(b.nv) {
        if *dc != 0.0 {
            m = m.add(&subspace::column(b, rotation, c).scale(*dc));
        }
    }
    m
}

/// One directional derivative of RNEA: along tangent direction `k` of `q` (`wrt_q`) or of `v`.
#[allow(clippy::too_many_arguments)]
fn directional(
    data: &DynamicsData,
    tree: &super::tree::Tree,
    a: &[f64],
    k: usize,
    wrt_q: bool,
    total: &[Force],
    dv: &mut [Motion],
    da: &mut [Motion],
    df: &mut [Force],
    column: &mut [f64],
) {
    let gravity = Motion {
        w: Vector3::zeros(),
        v: -data.gravity,
    };
    for (i, b) in tree.bodies.iter().enumerate() {
        let x = &data.placement[i];
        let rotation = &data.joint_rotation[i];
        let (vp, ap, dvp, dap) = if b.parent == WORLD {
            (Motion::ZERO, gravity, Motion::ZERO, Motion::ZERO)
        } else {
            (
                data.velocity[b.parent],
                data.acceleration[b.parent],
                dv[b.parent],
                da[b.parent],
            )
        };
        let vj = data.joint_velocity[i];
        let vi = data.velocity[i];
        let mut dvi = x.motion_to_child(&dvp);
        let mut dai = x.motion_to_child(&dap);
        // The joint's own velocity and its change.
        let mut dvj = Motion::ZERO;
        let mut dcj = Motion::ZERO;
        let mut daj = Motion::ZERO;
        if let Some(d) = local_direction(b, k) {
            if wrt_q {
                let xi = subspace_times(b, rotation, &d);
                dvi = dvi.add(&xi.cross(&x.motion_to_child(&vp)).scale(-1.0));
                dai = dai.add(&xi.cross(&x.motion_to_child(&ap)).scale(-1.0));
                if b.motion == Kind::Floating {
                    // Qᵀ ṗ and Qᵀ p̈ turn with the body: δ(Qᵀ u) = −δω × Qᵀ u.
                    let dw = Vector3::new(d[3], d[4], d[5]);
                    let lin_v = vj.v;
                    let lin_a = subspace::velocity(b, rotation, a).v;
                    dvj.v = -dw.cross(&lin_v);
                    daj.v = -dw.cross(&lin_a);
                    // c_J = [0; −ω × Qᵀ ṗ].
                    dcj.v = -vj.w.cross(&dvj.v);
                }
            } else {
                dvj = subspace_times(b, rotation, &d);
                if b.motion == Kind::Floating {
                    dcj.v = -(dvj.w.cross(&vj.v) + vj.w.cross(&dvj.v));
                }
            }
        }
        dvi = dvi.add(&dvj);
        dai = dai
            .add(&daj)
            .add(&dcj)
            .add(&dvi.cross(&vj))
            .add(&vi.cross(&dvj));
        dv[i] = dvi;
        da[i] = dai;
        let inertia = &b.inertia;
        df[i] = inertia
            .apply(&dai)
            .add(&dvi.cross_force(&inertia.apply(&vi)))
            .add(&vi.cross_force(&inertia.apply(&dvi)));
    }
    column.fill(0.0);
    for (i, b) in tree.bodies.iter().enumerate().rev() {
        let rotation = &data.joint_rotation[i];
        let fi = df[i];
        subspace::add_projection(b, rotation, &fi, column);
        let moved = if wrt_q { local_direction(b, k) } else { None };
        if let Some(d) = moved
            && b.motion == Kind::Floating
        {
            // τ_lin = Q f_lin: δ(Q f) = Q (δω × f).
            let dw = Vector3::new(d[3], d[4], d[5]);
            let extra = rotation * dw.cross(&total[i].f);
            for r in 0..3 {
                column[b.idx_v + r] += extra[r];
            }
        }
        if b.parent != WORLD {
            let mut up = fi;
            if let Some(d) = moved {
                // δ(Xᵀ f) = Xᵀ (ξ ×* f).
                let xi = subspace_times(b, rotation, &d);
                up = up.add(&xi.cross_force(&total[i]));
            }
            let up = data.placement[i].force_to_parent(&up);
            df[b.parent] = df[b.parent].add(&up);
        }
    }
}
