//! Centroidal momentum, its matrix, and the energies.

use std::sync::Arc;

use nalgebra::{Matrix6xX, Vector3};

use super::crba::update_composite_inertias;
use super::data::{DynamicsData, check_tangent};
use super::spatial::Force;
use super::subspace;
use super::tree::WORLD;
use crate::{KinematicsError, Model, Result};

/// The momentum of the whole model about its centre of mass, world axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CentroidalMomentum {
    /// Linear momentum (kg·m/s): total mass times the centre of mass's velocity.
    pub linear: Vector3<f64>,
    /// Angular momentum about the centre of mass (kg·m²/s).
    pub angular: Vector3<f64>,
    /// The centre of mass (m, world frame).
    pub com: Vector3<f64>,
}

/// Each body's spatial velocity (body frame) into `data.velocity`, from current placements.
fn update_velocities(data: &mut DynamicsData, v: &[f64]) {
    let tree = Arc::clone(&data.tree);
    for (i, body) in tree.bodies.iter().enumerate() {
        let vj = subspace::velocity(body, &data.joint_rotation[i], v);
        let vp = if body.parent == WORLD {
            super::spatial::Motion::ZERO
        } else {
            data.velocity[body.parent]
        };
        data.velocity[i] = data.placement[i].motion_to_child(&vp).add(&vj);
    }
}

/// The centroidal momentum at configuration `q` and velocity `v` (MuJoCo's subtree linear and
/// angular momentum of the world body; Pinocchio's `computeCentroidalMomentum`). The centre of
/// mass counts every link, including those fixed to the world.
pub fn centroidal_momentum(
    model: &Model,
    data: &mut DynamicsData,
    q: &[f64],
    v: &[f64],
) -> Result<CentroidalMomentum> {
    check_mass(model, data)?;
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    data.update_placements();
    update_velocities(data, v);
    let mut total = Force::ZERO;
    for (i, body) in data.tree.bodies.iter().enumerate() {
        let momentum = data.world[i].force_to_parent(&body.inertia.apply(&data.velocity[i]));
        total = total.add(&momentum);
    }
    let com = center_of_mass(data);
    Ok(CentroidalMomentum {
        linear: total.f,
        angular: total.n - com.cross(&total.f),
        com,
    })
}

/// The centroidal momentum matrix `A_G(q)` (6 × nv, rows linear then angular momentum about
/// the centre of mass, world axes): `A_G v` is [`centroidal_momentum`]'s `[linear; angular]`.
pub fn centroidal_map(model: &Model, data: &mut DynamicsData, q: &[f64]) -> Result<Matrix6xX<f64>> {
    check_mass(model, data)?;
    data.load_configuration(model, q)?;
    data.update_placements();
    update_composite_inertias(data);
    let tree = Arc::clone(&data.tree);
    let com = center_of_mass(data);
    let mut out = Matrix6xX::zeros(tree.nv);
    for (i, body) in tree.bodies.iter().enumerate() {
        for k in 0..body.nv {
            let s = subspace::column(body, &data.joint_rotation[i], k);
            let h = data.world[i].force_to_parent(&data.composite[i].apply(&s));
            let angular = h.n - com.cross(&h.f);
            let mut c = out.column_mut(body.idx_v + k);
            for r in 0..3 {
                c[r] += h.f[r];
                c[3 + r] += angular[r];
            }
        }
    }
    Ok(out)
}

/// The kinetic energy `½ vᵀ M(q) v` (J), joint armature included as MuJoCo includes it.
pub fn kinetic_energy(model: &Model, data: &mut DynamicsData, q: &[f64], v: &[f64]) -> Result<f64> {
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    data.update_placements();
    update_velocities(data, v);
    let tree = &data.tree;
    let mut twice: f64 = tree
        .bodies
        .iter()
        .zip(&data.velocity)
        .map(|(body, vi)| body.inertia.quadratic(vi))
        .sum();
    twice += tree
        .armature
        .iter()
        .zip(v)
        .map(|(a, x)| a * x * x)
        .sum::<f64>();
    Ok(0.5 * twice)
}

/// The potential energy of gravity `−Σ mᵢ g · cᵢ` (J) over every link, those fixed to the
/// world included (zero at the world origin's height).
pub fn potential_energy(model: &Model, data: &mut DynamicsData, q: &[f64]) -> Result<f64> {
    data.load_configuration(model, q)?;
    data.update_placements();
    let moment = first_moment(data);
    Ok(-data.gravity.dot(&moment))
}

/// `Σ mᵢ cᵢ` over all links in the world frame, from current placements.
fn first_moment(data: &DynamicsData) -> Vector3<f64> {
    let mut h = data.tree.fixed_inertia.h;
    for (i, body) in data.tree.bodies.iter().enumerate() {
        let w = &data.world[i];
        h += w.r * body.inertia.h + w.t * body.inertia.m;
    }
    h
}

/// The centre of mass from current placements (the model has mass).
fn center_of_mass(data: &DynamicsData) -> Vector3<f64> {
    first_moment(data) / data.tree.total_mass
}

fn check_mass(model: &Model, data: &DynamicsData) -> Result<()> {
    data.check_model(model)?;
    if data.tree.total_mass > 0.0 {
        Ok(())
    } else {
        Err(KinematicsError::invalid(
            "model",
            format!(
                "\"{}\" has no mass, so it has no centre of mass or centroidal momentum; give its links inertials",
                model.name()
            ),
        ))
    }
}
