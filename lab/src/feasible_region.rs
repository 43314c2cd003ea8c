//! The torque-limited feasible region of a robot-bound stance (Orsolino et al., RA-L 2020): the
//! CoM `(x, y)` positions where contact forces within the friction cones hold the stance's
//! weight with every joint torque `g(q) − Σ Jᵀ f` within its effort limit, the robot kept at its
//! current configuration `q` (see [`morsel_stability::TorqueMap`] for exactly what is posed).
//!
//! This module joins the robot to the stance: per contact the `6 × nv` Jacobian of the point
//! where the contact sits (from [`frame_jacobian_at`] of the link frame it is bound to, moved to
//! the contact's origin and turned into world axes by the robot's placement), the gravity
//! torques `g(q)` ([`gravity_torques`], with the stance's gravity turned into the base frame, as
//! [`crate::stance_torques`]), and the limits ([`effort_limits`], or per joint name).

use morsel_kinematics::{JacobianConvention, frame_jacobian_at};
use morsel_stability::{StaticPolygon, TorqueMap};
use nalgebra::{DMatrix, Matrix3, Vector3};

use crate::bound_contact::{BindingError, BindingResult};
use crate::live_stance::LiveStance;
use crate::stance_torques::{StanceRobot, effort_limits};

/// What [`feasible_region`] computed.
#[derive(Clone, Debug)]
pub struct FeasibleRegion {
    /// The torque-limited region (bounded, or empty or unbounded with a reason).
    pub region: StaticPolygon,
    /// The velocity names: what each value below is for.
    pub names: Vec<String>,
    /// The limits used (`inf`: not limited).
    pub limits: Vec<f64>,
    /// `g(q)` at the robot's configuration.
    pub gravity_torques: Vec<f64>,
}

/// The torque map of `stance` at its robot's current configuration, with the model's effort
/// limits replaced by `torque_limits` (velocity name, limit) where given.
pub fn torque_map(
    stance: &LiveStance,
    torque_limits: &[(String, f64)],
) -> BindingResult<TorqueMap> {
    let at = StanceRobot::of(stance)?;
    let (robot, model, q) = (&at.robot, &at.model, &at.q);
    let rotation: Matrix3<f64> = at.placement.rotation.to_rotation_matrix().into_inner();
    let names = model.velocity_names();
    let mut limits = effort_limits(model);
    for (name, limit) in torque_limits {
        let Some(i) = names.iter().position(|n| n == name) else {
            return Err(BindingError::UnknownJoint {
                name: name.clone(),
                known: names.join(", "),
            });
        };
        limits[i] = *limit;
    }
    let nv = model.nv();
    let mut jacobians = Vec::with_capacity(stance.contacts().len());
    for (index, contact) in stance.contacts().iter().enumerate() {
        let Some(binding) = contact.binding() else {
            return Err(BindingError::NotBound { contact: index });
        };
        let local = frame_jacobian_at(
            model,
            q.as_slice(),
            binding.link.as_str(),
            JacobianConvention::LocalWorldAligned,
        )?;
        let frame_origin = robot
            .frame_poses(std::slice::from_ref(&binding.link))?
            .first()
            .map_or_else(Vector3::zeros, |pose| pose.translation.vector);
        let offset = contact.current()?.pose().translation.vector - frame_origin;
        let linear = rotation * local.fixed_rows::<3>(0);
        let angular = rotation * local.fixed_rows::<3>(3);
        // v_p = v_o + ω × (p − o) = v_o − [p − o]× ω.
        let at_contact = linear - offset.cross_matrix() * &angular;
        let mut jacobian = DMatrix::zeros(6, nv);
        jacobian.rows_mut(0, 3).copy_from(&at_contact);
        jacobian.rows_mut(3, 3).copy_from(&angular);
        jacobians.push(jacobian);
    }
    Ok(TorqueMap::new(jacobians, at.gravity_torques, limits)?.with_names(names)?)
}

/// The torque-limited feasible region of `stance` (every contact bound to one robot), with the
/// model's effort limits or `torque_limits` per velocity name.
pub fn feasible_region(
    stance: &LiveStance,
    torque_limits: &[(String, f64)],
) -> BindingResult<FeasibleRegion> {
    let map = torque_map(stance, torque_limits)?;
    let built = stance.current()?;
    let region = built.feasible_region(&map)?;
    Ok(FeasibleRegion {
        region,
        names: map.names().to_vec(),
        limits: map.limits().to_vec(),
        gravity_torques: map.gravity_torques().to_vec(),
    })
}
