//! The joint-space mass matrix by the composite-rigid-body algorithm, and its inverse.

use std::sync::Arc;

use nalgebra::DMatrix;

use super::data::DynamicsData;
use super::spatial::{Force, Motion};
use super::subspace;
use super::tree::WORLD;
use crate::{KinematicsError, Model, Result};

/// The joint-space mass matrix `M(q)` (nv × nv, symmetric, joint armature on its diagonal as
/// MuJoCo's `mj_fullM` and Pinocchio's `crba` include it), by the composite-rigid-body
/// algorithm; written into the data and returned.
///
/// ```
/// use morsel_kinematics::{ChainBuilder, DynamicsData, Inertial, mass_matrix};
/// // A planar arm (both joints about z, links 0.5 m and 0.4 m) with a 2 kg point at its tip:
/// // M = m [l1² + l2² + 2 l1 l2 cos q2, l2² + l1 l2 cos q2; ·, l2²], at q2 = 90°.
/// let arm = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [-3.0, 3.0])
///     .revolute("elbow", [0.0, 0.0, 1.0], [0.5, 0.0, 0.0], [-3.0, 3.0])
///     .fixed("tip", [0.4, 0.0, 0.0])
///     .inertial(Inertial { mass: 2.0, ..Inertial::zero() })
///     .build()?;
/// let mut data = DynamicsData::new(&arm);
/// let m = mass_matrix(&arm, &mut data, &[0.3, std::f64::consts::FRAC_PI_2])?;
/// assert!((m[(0, 0)] - 2.0 * (0.25 + 0.16)).abs() < 1e-12);
/// assert!((m[(0, 1)] - 2.0 * 0.16).abs() < 1e-12 && (m[(1, 0)] - m[(0, 1)]).abs() < 1e-15);
/// assert!((m[(1, 1)] - 2.0 * 0.16).abs() < 1e-12);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
pub fn mass_matrix<'d>(
    model: &Model,
    data: &'d mut DynamicsData,
    q: &[f64],
) -> Result<&'d DMatrix<f64>> {
    data.load_configuration(model, q)?;
    data.update_placements();
    crba_unchecked(data);
    Ok(&data.mass)
}

/// The inverse of the mass matrix at `q`, by a Cholesky factorisation of [`mass_matrix`].
/// Errors with [`KinematicsError::NothingToMove`] when a joint's moving subtree has no mass,
/// no inertia and no armature.
pub fn inverse_mass_matrix(
    model: &Model,
    data: &mut DynamicsData,
    q: &[f64],
) -> Result<DMatrix<f64>> {
    check_invertible(model, data, "inverse_mass_matrix")?;
    mass_matrix(model, data, q)?;
    let chol = cholesky(model, data, "inverse_mass_matrix")?;
    Ok(chol.inverse())
}

/// Refuses a model whose mass matrix is singular by construction.
pub(crate) fn check_invertible(
    model: &Model,
    data: &DynamicsData,
    operation: &'static str,
) -> Result<()> {
    data.check_model(model)?;
    match data.tree.massless_joint {
        Some(j) => Err(KinematicsError::NothingToMove {
            joint: model.joint(j).name().to_owned(),
            operation,
        }),
        None => Ok(()),
    }
}

/// The Cholesky factor of the data's mass matrix, or an error naming the first joint whose
/// pivot vanishes.
pub(crate) fn cholesky(
    model: &Model,
    data: &DynamicsData,
    operation: &'static str,
) -> Result<nalgebra::Cholesky<f64, nalgebra::Dyn>> {
    nalgebra::Cholesky::new(data.mass.clone()).ok_or_else(|| {
        let scale = data.mass.diagonal().amax().max(f64::MIN_POSITIVE);
        let k = (0..data.mass.nrows())
            .find(|&k| data.mass[(k, k)] <= 1e-12 * scale)
            .unwrap_or(0);
        let joint = model
            .joints()
            .iter()
            .find(|j| (j.idx_v()..j.idx_v() + j.nv()).contains(&k))
            .map_or_else(|| format!("velocity value {k}"), |j| j.name().to_owned());
        KinematicsError::NothingToMove { joint, operation }
    })
}

/// Each body's composite inertia (its own plus its subtree's, body frame) into
/// `data.composite`, from current placements.
pub(crate) fn update_composite_inertias(data: &mut DynamicsData) {
    let tree = Arc::clone(&data.tree);
    for (i, body) in tree.bodies.iter().enumerate() {
        data.composite[i] = body.inertia;
    }
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        if body.parent != WORLD {
            let up = data.composite[i].expressed_in_parent(&data.placement[i]);
            data.composite[body.parent] = data.composite[body.parent].add(&up);
        }
    }
}

/// CRBA on current placements into `data.mass` (see [`crba_into`]).
pub(crate) fn crba_unchecked(data: &mut DynamicsData) {
    let mut mass = std::mem::take(&mut data.mass);
    crba_into(data, mass.as_mut_slice());
    data.mass = mass;
}

/// CRBA on current placements into `out` (nv × nv; the matrix is symmetric, so row- and
/// column-major agree), in the world frame (as Pinocchio's): the composite inertias are sums of
/// world-frame inertias and the joint columns `S` are expressed in the world once, so an entry
/// of `M` is one dot product `S_jᵀ (I^c_i S_i)`, with no transform along the walk up the tree.
/// Each entry is computed once and written to both triangles (a body's own block from its
/// upper triangle), so the matrix is symmetric to the last bit.
pub(crate) fn crba_into(data: &mut DynamicsData, out: &mut [f64]) {
    let tree = Arc::clone(&data.tree);
    for (i, body) in tree.bodies.iter().enumerate() {
        let world = data.world[i];
        data.world_composite[i] = body.inertia.expressed_in_parent(&world);
        let rotation = data.joint_rotation[i];
        for c in 0..body.nv {
            data.world_columns[i][c] = match body.aligned {
                // `R (sign e_k)` is the sign times column k of `R`, exactly.
                Some((k, sign)) if body.multiplier == 1.0 => {
                    let w = world.r.column(k) * sign;
                    Motion {
                        w,
                        v: world.t.cross(&w),
                    }
                }
                _ => world.motion_to_parent(&subspace::column(body, &rotation, c)),
            };
        }
    }
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        if body.parent != WORLD {
            let child = data.world_composite[i];
            data.world_composite[body.parent] = data.world_composite[body.parent].add(&child);
        }
    }
    let nv = tree.nv;
    let mass = &mut out[..nv * nv];
    mass.fill(0.0);
    if tree.has_mimic {
        crba_fill_shared(data, &tree, mass);
        return;
    }
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        let columns = &data.world_columns[i];
        for (c, s) in columns.iter().enumerate().take(body.nv) {
            let col = body.idx_v + c;
            let f: Force = data.world_composite[i].apply(s);
            // The body's own block, from its upper triangle (row ≤ column).
            for (r, sr) in columns.iter().enumerate().take(c + 1) {
                let row = body.idx_v + r;
                let value = sr.dot(&f);
                if row == col {
                    mass[col * nv + col] = tree.armature[col] + value;
                } else {
                    mass[col * nv + row] = value;
                    mass[row * nv + col] = value;
                }
            }
            // Its ancestors' rows and columns.
            let mut j = i;
            while tree.bodies[j].parent != WORLD {
                j = tree.bodies[j].parent;
                let ancestor = &tree.bodies[j];
                for (r, sr) in data.world_columns[j].iter().enumerate().take(ancestor.nv) {
                    let row = ancestor.idx_v + r;
                    let value = sr.dot(&f);
                    mass[col * nv + row] = value;
                    mass[row * nv + col] = value;
                }
            }
        }
    }
}

/// The mass matrix's entries when mimic joints share velocity values (several bodies add into
/// one entry), into a zeroed `mass`, summed in both triangles, then one triangle kept.
fn crba_fill_shared(data: &DynamicsData, tree: &super::tree::Tree, mass: &mut [f64]) {
    let nv = tree.nv;
    for (k, arm) in tree.armature.iter().enumerate() {
        mass[k * nv + k] = *arm;
    }
    // Column-major storage: entry (row, col) at col · nv + row.
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        let columns = &data.world_columns[i];
        for (c, s) in columns.iter().enumerate().take(body.nv) {
            let col = body.idx_v + c;
            let f: Force = data.world_composite[i].apply(s);
            // The body's own block.
            for (r, sr) in columns.iter().enumerate().take(body.nv) {
                mass[col * nv + body.idx_v + r] += sr.dot(&f);
            }
            // Its ancestors' rows and columns.
            let mut j = i;
            while tree.bodies[j].parent != WORLD {
                j = tree.bodies[j].parent;
                let ancestor = &tree.bodies[j];
                for (r, sr) in data.world_columns[j].iter().enumerate().take(ancestor.nv) {
                    let row = ancestor.idx_v + r;
                    let value = sr.dot(&f);
                    mass[col * nv + row] += value;
                    mass[row * nv + col] += value;
                }
            }
        }
    }
    // A body's own block is summed in both orders, which may round apart: keep one triangle so
    // that the matrix is symmetric to the last bit.
    for c in 0..nv {
        for r in c + 1..nv {
            mass[c * nv + r] = mass[r * nv + c];
        }
    }
}
