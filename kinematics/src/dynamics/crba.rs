//! The joint-space mass matrix by the composite-rigid-body algorithm, and its inverse.

use std::sync::Arc;

use nalgebra::DMatrix;

use super::data::DynamicsData;
use super::spatial::Force;
use super::subspace;
use super::tree::WORLD;
use crate::{KinematicsError, Model, Result};

/// The joint-space mass matrix `M(q)` (nv × nv, symmetric, joint armature on its diagonal as
/// MuJoCo's `mj_fullM` and Pinocchio's `crba` include it), by the composite-rigid-body
/// algorithm; written into the data and returned.
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

/// CRBA on current placements into `data.mass`.
pub(crate) fn crba_unchecked(data: &mut DynamicsData) {
    update_composite_inertias(data);
    let tree = Arc::clone(&data.tree);
    data.mass.fill(0.0);
    for (k, arm) in tree.armature.iter().enumerate() {
        data.mass[(k, k)] = *arm;
    }
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        let rotation = data.joint_rotation[i];
        for c in 0..body.nv {
            let col = body.idx_v + c;
            let s = subspace::column(body, &rotation, c);
            let mut f: Force = data.composite[i].apply(&s);
            // The body's own block.
            for r in 0..body.nv {
                let row = body.idx_v + r;
                let value = subspace::column(body, &rotation, r).dot(&f);
                data.mass[(row, col)] += value;
            }
            // Its ancestors' columns: the force carried up the tree.
            let mut j = i;
            while tree.bodies[j].parent != WORLD {
                f = data.placement[j].force_to_parent(&f);
                j = tree.bodies[j].parent;
                let ancestor = &tree.bodies[j];
                let rot = data.joint_rotation[j];
                for r in 0..ancestor.nv {
                    let row = ancestor.idx_v + r;
                    let value = subspace::column(ancestor, &rot, r).dot(&f);
                    data.mass[(row, col)] += value;
                    data.mass[(col, row)] += value;
                }
            }
        }
    }
    // A body's own block is summed in both orders, which may round apart: keep one triangle so
    // that the matrix is symmetric to the last bit.
    let nv = tree.nv;
    for c in 0..nv {
        for r in c + 1..nv {
            data.mass[(r, c)] = data.mass[(c, r)];
        }
    }
}
