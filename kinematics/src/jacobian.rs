//! Frame Jacobians in three conventions.

use nalgebra::{Isometry3, Matrix6xX, Vector3};

use crate::forward_kinematics::update_moving_path_placements;
use crate::{Data, FrameKey, JointKind, KinematicsError, Model, Result};

/// How a Jacobian expresses the velocity of a frame. Rows are `[linear; angular]`.
///
/// The names and meanings follow Pinocchio's reference frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JacobianConvention {
    /// Spatial velocity in world axes, linear part taken at the *world origin* (the velocity of
    /// the body point that coincides with the origin).
    World,
    /// Velocity of the frame origin and angular velocity, both in the *frame's own* axes.
    Local,
    /// Velocity of the frame origin and angular velocity, both in *world* axes.
    LocalWorldAligned,
}

impl JacobianConvention {
    /// Parses `world`, `local` or `local_world_aligned` (also `lwa`), case-insensitively.
    pub fn parse(name: &str) -> Result<Self> {
        match name.to_ascii_lowercase().as_str() {
            "world" => Ok(JacobianConvention::World),
            "local" => Ok(JacobianConvention::Local),
            "local_world_aligned" | "lwa" | "local-world-aligned" => {
                Ok(JacobianConvention::LocalWorldAligned)
            }
            _ => Err(KinematicsError::invalid(
                "Jacobian convention",
                format!("\"{name}\" is not one of world, local, local_world_aligned"),
            )),
        }
    }
}

/// Computes the 6 x nv Jacobian of `frame` at configuration `q` into `out`.
///
/// Evaluates only the moving joints between the frame and the root (as
/// [`frame_placement`](crate::frame_placement) does). Column `k` is the frame's velocity for a unit velocity of velocity index `k`; a
/// mimic joint adds its motion, times its multiplier, to the column of the joint it follows.
///
/// ```
/// use morsel_kinematics::nalgebra::{Matrix6xX, Vector6};
/// use morsel_kinematics::{ChainBuilder, Data, JacobianConvention, frame_jacobian};
/// // A planar arm stretched along x (links 0.5 m and 0.4 m, joints about z): each joint moves
/// // the tip along z × (tip − joint), so the columns are (0, 0.9, 0 | 0, 0, 1) and
/// // (0, 0.4, 0 | 0, 0, 1) in world axes at the tip.
/// let arm = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [-3.0, 3.0])
///     .revolute("elbow", [0.0, 0.0, 1.0], [0.5, 0.0, 0.0], [-3.0, 3.0])
///     .fixed("tip", [0.4, 0.0, 0.0])
///     .build()?;
/// let mut data = Data::new(&arm);
/// let mut j = Matrix6xX::zeros(arm.nv());
/// frame_jacobian(&arm, &mut data, &[0.0, 0.0], "tip", JacobianConvention::LocalWorldAligned, &mut j)?;
/// assert!((j.column(0) - Vector6::new(0.0, 0.9, 0.0, 0.0, 0.0, 1.0)).norm() < 1e-12);
/// assert!((j.column(1) - Vector6::new(0.0, 0.4, 0.0, 0.0, 0.0, 1.0)).norm() < 1e-12);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
pub fn frame_jacobian(
    model: &Model,
    data: &mut Data,
    q: &[f64],
    frame: impl FrameKey,
    convention: JacobianConvention,
    out: &mut Matrix6xX<f64>,
) -> Result<()> {
    let frame = frame.frame_id(model)?;
    data.check_model(model)?;
    model.check_configuration(q)?;
    check_jacobian_size(model, out)?;
    let f = model.frame(frame);
    let pose = update_moving_path_placements(model, data, q, f.link()) * f.link_from_frame();
    data.world_from_frame[frame.index()] = pose;
    jacobian_from_placements(model, data, &pose, f.link(), convention, out);
    Ok(())
}

/// The 6 x nv Jacobian of `frame` at configuration `q`, for one-off calls (front ends, scripts):
/// [`frame_jacobian`] with fresh buffers. Loops should keep a [`Data`] and call
/// [`frame_jacobian`] instead.
pub fn frame_jacobian_at(
    model: &Model,
    q: &[f64],
    frame: impl FrameKey,
    convention: JacobianConvention,
) -> Result<Matrix6xX<f64>> {
    let mut data = Data::new(model);
    let mut out = Matrix6xX::zeros(model.nv());
    frame_jacobian(model, &mut data, q, frame, convention, &mut out)?;
    Ok(out)
}

fn check_jacobian_size(model: &Model, out: &Matrix6xX<f64>) -> Result<()> {
    if out.ncols() != model.nv() {
        return Err(KinematicsError::WrongLength {
            what: "Jacobian columns",
            expected: model.nv(),
            got: out.ncols(),
        });
    }
    Ok(())
}

/// Fills `out` for a point with world pose `pose` fixed to `link`, from the link placements
/// already in `data` (no checks).
pub(crate) fn jacobian_from_placements(
    model: &Model,
    data: &Data,
    pose: &Isometry3<f64>,
    link: crate::LinkId,
    convention: JacobianConvention,
    out: &mut Matrix6xX<f64>,
) {
    out.fill(0.0);
    let point = pose.translation.vector;
    for j in model.moving_joints_upward(link) {
        let joint = model.joint(j);
        let placement = &data.world_from_link[joint.child_link().index()];
        match joint.kind() {
            JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic => {
                let Some(source) = joint.source else { continue };
                let axis = placement.rotation * joint.axis().into_inner();
                let (linear, angular) = if joint.kind() == JointKind::Prismatic {
                    (axis, Vector3::zeros())
                } else {
                    (axis.cross(&(point - placement.translation.vector)), axis)
                };
                add_column(out, source.idx_v, source.multiplier, &linear, &angular);
            }
            JointKind::Floating => {
                let origin = placement.translation.vector;
                let origin_rotation = model.joint_origin_rotation(j, &data.world_from_link);
                for i in 0..3 {
                    let axis = placement.rotation * Vector3::ith(i, 1.0);
                    let linear_axis = origin_rotation * Vector3::ith(i, 1.0);
                    add_column(out, joint.idx_v() + i, 1.0, &linear_axis, &Vector3::zeros());
                    add_column(
                        out,
                        joint.idx_v() + 3 + i,
                        1.0,
                        &axis.cross(&(point - origin)),
                        &axis,
                    );
                }
            }
            JointKind::Ball => {
                let origin = placement.translation.vector;
                for i in 0..3 {
                    let axis = placement.rotation * Vector3::ith(i, 1.0);
                    add_column(
                        out,
                        joint.idx_v() + i,
                        1.0,
                        &axis.cross(&(point - origin)),
                        &axis,
                    );
                }
            }
            JointKind::Fixed => {}
        }
    }
    convert_columns(out, pose, convention);
}

#[inline]
fn add_column(
    out: &mut Matrix6xX<f64>,
    col: usize,
    scale: f64,
    linear: &Vector3<f64>,
    angular: &Vector3<f64>,
) {
    let mut c = out.column_mut(col);
    c[0] += scale * linear.x;
    c[1] += scale * linear.y;
    c[2] += scale * linear.z;
    c[3] += scale * angular.x;
    c[4] += scale * angular.y;
    c[5] += scale * angular.z;
}

/// Converts columns from the local-world-aligned convention at `pose` to `convention`.
fn convert_columns(
    out: &mut Matrix6xX<f64>,
    pose: &Isometry3<f64>,
    convention: JacobianConvention,
) {
    match convention {
        JacobianConvention::LocalWorldAligned => {}
        JacobianConvention::World => {
            let p = pose.translation.vector;
            for mut c in out.column_iter_mut() {
                let w = Vector3::new(c[3], c[4], c[5]);
                // velocity at the world origin: v_o = v_p - ω × p
                let v = Vector3::new(c[0], c[1], c[2]) - w.cross(&p);
                c[0] = v.x;
                c[1] = v.y;
                c[2] = v.z;
            }
        }
        JacobianConvention::Local => {
            let r_inv = pose.rotation.inverse();
            for mut c in out.column_iter_mut() {
                let v = r_inv * Vector3::new(c[0], c[1], c[2]);
                let w = r_inv * Vector3::new(c[3], c[4], c[5]);
                c.copy_from_slice(&[v.x, v.y, v.z, w.x, w.y, w.z]);
            }
        }
    }
}
