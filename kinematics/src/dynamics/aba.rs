//! Forward dynamics by the articulated-body algorithm.

use std::sync::Arc;

use nalgebra::{DMatrix, Matrix6, Vector3, Vector6};

use super::crba::{check_invertible, cholesky, crba_unchecked};
use super::data::{DynamicsData, check_tangent};
use super::rnea::{LinkWrench, bias_unchecked, load_external};
use super::spatial::{Force, Motion};
use super::subspace;
use super::tree::WORLD;
use crate::{KinematicsError, Model, Result};

/// The accelerations `a = M(q)⁻¹ (τ − C(q, v) v − g(q) + Σ Jᵀ f_ext)` that torques `tau`
/// produce at configuration `q` and velocity `v` (the articulated-body algorithm), written into
/// the data and returned.
///
/// Layouts as [`rnea`](super::rnea). A model with mimic joints (whose coupled joints are no
/// tree of independent ones) is solved through a Cholesky factorisation of the mass matrix
/// instead. Errors with [`KinematicsError::NothingToMove`] when the mass matrix is singular.
pub fn aba<'d>(
    model: &Model,
    data: &'d mut DynamicsData,
    q: &[f64],
    v: &[f64],
    tau: &[f64],
    external: &[LinkWrench],
) -> Result<&'d [f64]> {
    check_invertible(model, data, "aba")?;
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    check_tangent("torque tau", tau, data.tree.nv)?;
    data.update_placements();
    load_external(model, data, external)?;
    if data.tree.has_mimic {
        bias_unchecked(data, Some(v), !external.is_empty());
        crba_unchecked(data);
        let chol = cholesky(model, data, "aba")?;
        let rhs =
            DMatrix::from_iterator(tau.len(), 1, tau.iter().zip(&data.tau).map(|(t, b)| t - b));
        let x = chol.solve(&rhs);
        data.qdd.copy_from_slice(x.as_slice());
        return Ok(&data.qdd);
    }
    aba_unchecked(model, data, v, tau, !external.is_empty())?;
    Ok(&data.qdd)
}

/// ABA on current placements (no mimic joints) into `data.qdd`.
pub(crate) fn aba_unchecked(
    model: &Model,
    data: &mut DynamicsData,
    v: &[f64],
    tau: &[f64],
    external: bool,
) -> Result<()> {
    let tree = Arc::clone(&data.tree);
    // Pass 1: velocities, bias accelerations, the bodies' own inertias and bias forces.
    for (i, body) in tree.bodies.iter().enumerate() {
        let rotation = &data.joint_rotation[i];
        let vj = subspace::velocity(body, rotation, v);
        let vp = if body.parent == WORLD {
            Motion::ZERO
        } else {
            data.velocity[body.parent]
        };
        let vi = data.placement[i].motion_to_child(&vp).add(&vj);
        data.velocity[i] = vi;
        data.bias[i] = subspace::bias(body, &vj).add(&vi.cross(&vj));
        data.articulated[i] = body.inertia.to_matrix();
        let mut p = vi.cross_force(&body.inertia.apply(&vi));
        if external {
            p = p.sub(&data.external[i]);
        }
        data.articulated_bias[i] = p;
    }
    // Pass 2: articulated inertias and bias forces, leaves to root.
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        let n = body.nv;
        let rotation = data.joint_rotation[i];
        if n == 1 {
            one_dof_step(
                model,
                data,
                i,
                body,
                &rotation,
                tau,
                tree.armature[body.idx_v],
            )?;
            continue;
        }
        let ia = data.articulated[i];
        let pa = Vector6::from(data.articulated_bias[i].to_array());
        let mut s = [Vector6::zeros(); 6];
        let mut u = [Vector6::zeros(); 6];
        for k in 0..n {
            s[k] = Vector6::from(subspace::column(body, &rotation, k).to_array());
            u[k] = ia * s[k];
        }
        let mut d = Matrix6::<f64>::zeros();
        let mut ub = [0.0; 6];
        for r in 0..n {
            for c in 0..n {
                d[(r, c)] = s[r].dot(&u[c]);
            }
            d[(r, r)] += tree.armature[body.idx_v + r];
            ub[r] = tau[body.idx_v + r] - s[r].dot(&pa);
        }
        let d_inv = invert(&d, n).ok_or_else(|| KinematicsError::NothingToMove {
            joint: model.joint(body.joint).name().to_owned(),
            operation: "aba",
        })?;
        for r in 0..n {
            for c in 0..n {
                data.d_inv[i][r][c] = d_inv[(r, c)];
            }
            data.u[i][r] = u[r].into();
        }
        data.u_bias[i] = ub;
        if body.parent != WORLD {
            // Ia = I^A − U D⁻¹ Uᵀ, pa = p^A + Ia c + U D⁻¹ u.
            let mut reduced = ia;
            let mut du = [0.0; 6];
            for r in 0..n {
                for c in 0..n {
                    du[r] += d_inv[(r, c)] * ub[c];
                }
            }
            let mut udu = [Vector6::zeros(); 6];
            for c in 0..n {
                for r in 0..n {
                    udu[c] += u[r] * d_inv[(r, c)];
                }
            }
            for k in 0..n {
                reduced -= udu[k] * u[k].transpose();
            }
            let c = Vector6::from(data.bias[i].to_array());
            let mut p = pa + reduced * c;
            for k in 0..n {
                p += u[k] * du[k];
            }
            data.articulated[body.parent] += data.placement[i].inertia_matrix_to_parent(&reduced);
            let up = data.placement[i].force_to_parent(&Force::from_array(&p.into()));
            data.articulated_bias[body.parent] = data.articulated_bias[body.parent].add(&up);
        }
    }
    // Pass 3: accelerations, root to leaves.
    let base = Motion {
        w: Vector3::zeros(),
        v: -data.gravity,
    };
    for (i, body) in tree.bodies.iter().enumerate() {
        let n = body.nv;
        let ap = if body.parent == WORLD {
            base
        } else {
            data.acceleration[body.parent]
        };
        let a_prime = data.placement[i].motion_to_child(&ap).add(&data.bias[i]);
        let a6 = Vector6::from(a_prime.to_array());
        let mut rhs = [0.0; 6];
        for (r, slot) in rhs.iter_mut().enumerate().take(n) {
            *slot = data.u_bias[i][r] - Vector6::from(data.u[i][r]).dot(&a6);
        }
        let rotation = data.joint_rotation[i];
        let mut ai = a_prime;
        for r in 0..n {
            let qdd: f64 = (0..n).map(|c| data.d_inv[i][r][c] * rhs[c]).sum();
            data.qdd[body.idx_v + r] = qdd;
            ai = ai.add(&subspace::column(body, &rotation, r).scale(qdd));
        }
        data.acceleration[i] = ai;
    }
    Ok(())
}

/// Pass 2 of ABA for a body on a one-value joint (hinge or slide: most bodies), with scalars
/// where the general step has `n × n` blocks: `u = Iᴬ s`, `d = sᵀ u + armature`, and the
/// parent receives `Iᴬ − u uᵀ / d` and `pᴬ + Iᵃ c + u (τ − sᵀ pᴬ) / d`.
fn one_dof_step(
    model: &Model,
    data: &mut DynamicsData,
    i: usize,
    body: &super::tree::Body,
    rotation: &nalgebra::Matrix3<f64>,
    tau: &[f64],
    armature: f64,
) -> Result<()> {
    let ia = &data.articulated[i];
    let s = Vector6::from(subspace::column(body, rotation, 0).to_array());
    let u = ia * s;
    let d = s.dot(&u) + armature;
    if !(d > 0.0 && d.is_finite()) {
        return Err(KinematicsError::NothingToMove {
            joint: model.joint(body.joint).name().to_owned(),
            operation: "aba",
        });
    }
    let d_inv = 1.0 / d;
    let pa = Vector6::from(data.articulated_bias[i].to_array());
    let ub = tau[body.idx_v] - s.dot(&pa);
    data.d_inv[i][0][0] = d_inv;
    data.u[i][0] = u.into();
    data.u_bias[i][0] = ub;
    if body.parent != WORLD {
        let reduced = ia - u * (u.transpose() * d_inv);
        let c = Vector6::from(data.bias[i].to_array());
        let p = pa + reduced * c + u * (d_inv * ub);
        let moved = data.placement[i].inertia_matrix_to_parent(&reduced);
        data.articulated[body.parent] += moved;
        let up = data.placement[i].force_to_parent(&Force::from_array(&p.into()));
        data.articulated_bias[body.parent] = data.articulated_bias[body.parent].add(&up);
    }
    Ok(())
}

/// The inverse of the leading `n × n` block of `d` (n = 1, 3 or 6), `None` when it is not
/// positive definite.
fn invert(d: &Matrix6<f64>, n: usize) -> Option<Matrix6<f64>> {
    let mut out = Matrix6::zeros();
    match n {
        1 => {
            if d[(0, 0)] <= 0.0 || !d[(0, 0)].is_finite() {
                return None;
            }
            out[(0, 0)] = 1.0 / d[(0, 0)];
        }
        3 => {
            let block = d.fixed_view::<3, 3>(0, 0).into_owned();
            let inv = nalgebra::Cholesky::new(block)?.inverse();
            out.fixed_view_mut::<3, 3>(0, 0).copy_from(&inv);
        }
        _ => {
            out = nalgebra::Cholesky::new(*d)?.inverse();
        }
    }
    Some(out)
}
