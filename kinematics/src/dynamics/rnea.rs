//! Inverse dynamics by the recursive Newton–Euler algorithm, and the torques it gives at rest.

use std::sync::Arc;

use nalgebra::Vector3;

use super::data::{DynamicsData, check_tangent};
use super::spatial::{Force, Motion};
use super::subspace;
use super::tree::WORLD;
use crate::error::check_all_finite;
use crate::{KinematicsError, LinkId, Model, Result};

/// A wrench applied to a link from outside (a contact, a push): force and torque in world axes
/// (N, N·m), the torque taken about the link's origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkWrench {
    /// The link the wrench acts on.
    pub link: LinkId,
    /// Force, world axes (N).
    pub force: Vector3<f64>,
    /// Torque about the link's origin, world axes (N·m).
    pub torque: Vector3<f64>,
}

/// The joint torques `τ = M(q) a + C(q, v) v + g(q) − Σ Jᵀ f_ext` that produce acceleration `a`
/// at configuration `q` and velocity `v` (recursive Newton–Euler), written into the data and
/// returned.
///
/// `q` is in the model's (MuJoCo's `qpos`) layout, `v`, `a` and the result in its velocity
/// (`qvel`) layout ([`Model::velocity_names`]). Joint armature adds `armature · a`. `external`
/// wrenches act on links (a link fixed to the world takes its wrench without effect).
///
/// ```
/// use morsel_kinematics::{ChainBuilder, DynamicsData, Inertial, rnea};
/// // A 1 kg point 0.5 m out along x on an arm turning about y: a positive turn lowers it, so
/// // holding it against gravity takes −9.81 · 0.5 N·m.
/// let model = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 1.0, 0.0], [0.0, 0.0, 0.0], [-3.0, 3.0])
///     .fixed("tip", [0.5, 0.0, 0.0])
///     .inertial(Inertial { mass: 1.0, ..Inertial::zero() })
///     .build()?;
/// let mut data = DynamicsData::new(&model);
/// let tau = rnea(&model, &mut data, &[0.0], &[0.0], &[0.0], &[])?;
/// assert!((tau[0] + 9.81 * 0.5).abs() < 1e-12);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
pub fn rnea<'d>(
    model: &Model,
    data: &'d mut DynamicsData,
    q: &[f64],
    v: &[f64],
    a: &[f64],
    external: &[LinkWrench],
) -> Result<&'d [f64]> {
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    check_tangent("acceleration a", a, data.tree.nv)?;
    data.update_placements();
    load_external(model, data, external)?;
    rnea_unchecked(data, v, a, true, !external.is_empty());
    Ok(&data.tau)
}

/// The joint torques that hold configuration `q` at rest against gravity, `g(q)`.
pub fn gravity_torques<'d>(
    model: &Model,
    data: &'d mut DynamicsData,
    q: &[f64],
) -> Result<&'d [f64]> {
    data.load_configuration(model, q)?;
    data.update_placements();
    bias_unchecked(data, None, false);
    Ok(&data.tau)
}

/// The Coriolis, centrifugal and gravity torques `C(q, v) v + g(q)` (MuJoCo's `qfrc_bias`).
pub fn nonlinear_effects<'d>(
    model: &Model,
    data: &'d mut DynamicsData,
    q: &[f64],
    v: &[f64],
) -> Result<&'d [f64]> {
    data.load_configuration(model, q)?;
    check_tangent("velocity v", v, data.tree.nv)?;
    data.update_placements();
    bias_unchecked(data, Some(v), false);
    Ok(&data.tau)
}

/// Converts world-frame link wrenches into body-frame forces in `data.external` (after the
/// placements are current).
pub(crate) fn load_external(
    model: &Model,
    data: &mut DynamicsData,
    external: &[LinkWrench],
) -> Result<()> {
    data.external.fill(Force::ZERO);
    for (k, w) in external.iter().enumerate() {
        let link = w.link.index();
        if link >= model.links().len() {
            return Err(KinematicsError::invalid(
                format!("external wrench {k}"),
                format!("link index {link} is not in the model"),
            ));
        }
        check_all_finite("external force", w.force.as_slice())?;
        check_all_finite("external torque", w.torque.as_slice())?;
        let body = data.tree.body_of_link[link];
        if body == WORLD {
            continue;
        }
        let pose = data.world[body];
        let link_origin = pose.r * data.tree.link_in_body[link].translation.vector + pose.t;
        // Moment about the body's origin, then both in body axes.
        let about_body = w.torque + (link_origin - pose.t).cross(&w.force);
        let f = Force {
            n: pose.r.tr_mul(&about_body),
            f: pose.r.tr_mul(&w.force),
        };
        data.external[body] = data.external[body].add(&f);
    }
    Ok(())
}

/// RNEA at zero acceleration (and zero velocity when `v` is `None`) on current placements: the
/// bias torques `C v + g (− external)` into `data.tau`.
pub(crate) fn bias_unchecked(data: &mut DynamicsData, v: Option<&[f64]>, external: bool) {
    let mut zeros = std::mem::take(&mut data.scratch);
    zeros.fill(0.0);
    rnea_unchecked(data, v.unwrap_or(&zeros), &zeros, true, external);
    data.scratch = zeros;
}

/// RNEA on current placements: `tau = M a + C v (+ g) (− external)`, armature included.
pub(crate) fn rnea_unchecked(
    data: &mut DynamicsData,
    v: &[f64],
    a: &[f64],
    gravity: bool,
    external: bool,
) {
    let tree = Arc::clone(&data.tree);
    let base = Motion {
        w: Vector3::zeros(),
        v: if gravity {
            -data.gravity
        } else {
            Vector3::zeros()
        },
    };
    for (i, body) in tree.bodies.iter().enumerate() {
        let x = &data.placement[i];
        let rotation = &data.joint_rotation[i];
        let vj = subspace::velocity(body, rotation, v);
        let (vp, ap) = if body.parent == WORLD {
            (Motion::ZERO, base)
        } else {
            (data.velocity[body.parent], data.acceleration[body.parent])
        };
        let vi = x.motion_to_child(&vp).add(&vj);
        let ai = x
            .motion_to_child(&ap)
            .add(&subspace::velocity(body, rotation, a))
            .add(&subspace::bias(body, &vj))
            .add(&vi.cross(&vj));
        data.velocity[i] = vi;
        data.joint_velocity[i] = vj;
        data.acceleration[i] = ai;
        let inertia = &body.inertia;
        let mut f = inertia.apply(&ai).add(&vi.cross_force(&inertia.apply(&vi)));
        if external {
            f = f.sub(&data.external[i]);
        }
        data.force[i] = f;
    }
    for (t, (ai, arm)) in data.tau.iter_mut().zip(a.iter().zip(&tree.armature)) {
        *t = arm * ai;
    }
    for (i, body) in tree.bodies.iter().enumerate().rev() {
        let f = data.force[i];
        subspace::add_projection(body, &data.joint_rotation[i], &f, &mut data.tau);
        if body.parent != WORLD {
            let up = data.placement[i].force_to_parent(&f);
            data.force[body.parent] = data.force[body.parent].add(&up);
        }
    }
}
