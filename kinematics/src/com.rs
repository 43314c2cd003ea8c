//! Centre of mass of a whole model and its Jacobian.

use nalgebra::{Matrix3xX, Point3, Vector3};

use crate::forward_kinematics::{update_frame_placements, update_link_placements};
use crate::{Data, JointKind, KinematicsError, Model, Result};

/// Computes the model's centre of mass in the world frame at configuration `q`.
///
/// Also runs forward kinematics (all links and frames are updated in `data`) and stores the
/// result in [`Data::com`]. Errors when the model has no mass.
pub fn center_of_mass(model: &Model, data: &mut Data, q: &[f64]) -> Result<Point3<f64>> {
    data.check_model(model)?;
    model.check_configuration(q)?;
    check_mass(model)?;
    update_link_placements(model, data, q);
    update_frame_placements(model, data);
    accumulate_subtrees(model, data);
    data.com = Point3::from(data.subtree_moment[0] / model.total_mass());
    Ok(data.com)
}

/// Computes the 3 x nv Jacobian of the centre of mass (world axes) into `out`, and returns the
/// centre of mass.
///
/// Column `k` is the velocity of the centre of mass for a unit velocity of index `k`.
pub fn com_jacobian(
    model: &Model,
    data: &mut Data,
    q: &[f64],
    out: &mut Matrix3xX<f64>,
) -> Result<Point3<f64>> {
    if out.ncols() != model.nv() {
        return Err(KinematicsError::WrongLength {
            what: "centre-of-mass Jacobian columns",
            expected: model.nv(),
            got: out.ncols(),
        });
    }
    let com = center_of_mass(model, data, q)?;
    out.fill(0.0);
    let inv_mass = 1.0 / model.total_mass();
    for (i, joint) in model.joints().iter().enumerate() {
        let id = crate::JointId(i);
        let child = joint.child_link().index();
        let placement = &data.world_from_link[child];
        let mass = data.subtree_mass[child];
        // Σ m_i (c_i - p) over the subtree below the joint.
        let moment = data.subtree_moment[child] - placement.translation.vector * mass;
        match joint.kind() {
            JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic => {
                let Some(source) = joint.source else { continue };
                let axis = placement.rotation * joint.axis().into_inner();
                let v = if joint.kind() == JointKind::Prismatic {
                    axis * mass
                } else {
                    axis.cross(&moment)
                };
                let mut c = out.column_mut(source.idx_v);
                c += v * (source.multiplier * inv_mass);
            }
            JointKind::Floating => {
                let origin_rotation = model.joint_origin_rotation(id, &data.world_from_link);
                for i in 0..3 {
                    let axis = placement.rotation * Vector3::ith(i, 1.0);
                    let mut c = out.column_mut(joint.idx_v() + i);
                    c += origin_rotation * Vector3::ith(i, 1.0) * (mass * inv_mass);
                    let mut c = out.column_mut(joint.idx_v() + 3 + i);
                    c += axis.cross(&moment) * inv_mass;
                }
            }
            JointKind::Ball => {
                for i in 0..3 {
                    let axis = placement.rotation * Vector3::ith(i, 1.0);
                    let mut c = out.column_mut(joint.idx_v() + i);
                    c += axis.cross(&moment) * inv_mass;
                }
            }
            JointKind::Fixed => {}
        }
    }
    Ok(com)
}

fn check_mass(model: &Model) -> Result<()> {
    if model.total_mass() > 0.0 {
        Ok(())
    } else {
        Err(KinematicsError::invalid(
            "model",
            format!(
                "\"{}\" has no mass, so it has no centre of mass; give its links inertials",
                model.name()
            ),
        ))
    }
}

/// Subtree masses and first moments (Σ m c, world frame) from the current link placements.
fn accumulate_subtrees(model: &Model, data: &mut Data) {
    for (i, link) in model.links().iter().enumerate() {
        let inertial = link.inertial();
        data.subtree_mass[i] = inertial.mass;
        data.subtree_moment[i] = (data.world_from_link[i] * inertial.com).coords * inertial.mass;
    }
    // Links are depth first: children come after their parent, so a reverse sweep adds each
    // subtree to its parent once it is complete.
    for joint in model.joints().iter().rev() {
        let (child, parent) = (joint.child_link().index(), joint.parent_link().index());
        data.subtree_mass[parent] += data.subtree_mass[child];
        let moment = data.subtree_moment[child];
        data.subtree_moment[parent] += moment;
    }
}
