//! The wrench distribution in the contacts' own frames: the cost of local wrenches, the maps
//! from local wrenches to the reference point, the minimiser under the sum constraint alone (a
//! closed form) and the least-norm correction that makes local wrenches sum to the target.

use nalgebra::{Matrix6, Point3, Vector6};

use crate::contact::Contact;
use crate::distribution::DistributionWeights;
use crate::transport::grasp_matrix;

/// The cost `Σ ½ u_iᵀ D u_i` of local wrenches.
#[cfg(feature = "clarabel")]
pub(super) fn local_cost(local: &[Vector6<f64>], weights: &DistributionWeights) -> f64 {
    let d = weights.local_cost_diagonal();
    local
        .iter()
        .map(|u| u.iter().zip(&d).map(|(v, w)| 0.5 * w * v * v).sum::<f64>())
        .sum()
}

/// World-frame wrenches (at their contact points, in newtons) of unit-scaled local wrenches.
pub(super) fn world_wrenches(
    contacts: &[Contact],
    supporting: &[usize],
    local: &[Vector6<f64>],
    scale: f64,
) -> Vec<Vector6<f64>> {
    supporting
        .iter()
        .zip(local)
        .map(|(&i, u)| to_world(&contacts[i], u) * scale)
        .collect()
}

/// `blockdiag(R, R)` followed by the move from the contact point to `reference`.
pub(super) fn local_to_reference(contact: &Contact, reference: &Point3<f64>) -> Matrix6<f64> {
    let r = contact.rotation();
    let mut rotate = Matrix6::zeros();
    rotate.fixed_view_mut::<3, 3>(0, 0).copy_from(&r);
    rotate.fixed_view_mut::<3, 3>(3, 3).copy_from(&r);
    grasp_matrix(&contact.position(), reference) * rotate
}

/// A local (contact-frame) wrench in the world frame, at the contact point.
fn to_world(contact: &Contact, local: &Vector6<f64>) -> Vector6<f64> {
    let r = contact.rotation();
    let f = r * local.fixed_rows::<3>(0);
    let t = r * local.fixed_rows::<3>(3);
    Vector6::new(f.x, f.y, f.z, t.x, t.y, t.z)
}

/// The minimiser of the cost under the sum constraint alone, `u = D⁻¹ Mᵀ (M D⁻¹ Mᵀ)⁻¹ t` (local
/// wrenches, unit-scaled). When it also satisfies every inequality it is the QP's unique optimum
/// (no inequality is active).
pub(super) fn sum_constrained_optimum(
    maps: &[Matrix6<f64>],
    unit_target: &Vector6<f64>,
    weights: &DistributionWeights,
) -> Option<Vec<Vector6<f64>>> {
    let inverse_cost = weights.local_cost_diagonal().map(|w| 1.0 / w);
    let gram: Matrix6<f64> = maps
        .iter()
        .map(|m| m * Matrix6::from_diagonal(&inverse_cost) * m.transpose())
        .sum();
    let multiplier = gram.cholesky()?.solve(unit_target);
    let mut local: Vec<Vector6<f64>> = maps
        .iter()
        .map(|m| (m.transpose() * multiplier).component_mul(&inverse_cost))
        .collect();
    correct_sum(&mut local, maps, unit_target);
    Some(local)
}

/// Adds the least-norm correction that makes `Σ M_i u_i` equal `target` exactly (the solver
/// meets the equality only to its tolerance).
pub(super) fn correct_sum(
    local: &mut [Vector6<f64>],
    maps: &[Matrix6<f64>],
    target: &Vector6<f64>,
) {
    let sum: Vector6<f64> = maps.iter().zip(local.iter()).map(|(m, u)| m * u).sum();
    let gram: Matrix6<f64> = maps.iter().map(|m| m * m.transpose()).sum();
    if let Some(chol) = gram.cholesky() {
        let multiplier = chol.solve(&(target - sum));
        for (u, m) in local.iter_mut().zip(maps) {
            *u += m.transpose() * multiplier;
        }
    }
}
