//! Converting between MuJoCo's `qpos` and a [`Model`] configuration.
//!
//! The values come in the same joint order; only quaternions differ: MuJoCo writes them
//! `w, x, y, z` (ball: 4 values; free: position then quaternion), a `Model` writes them
//! `x, y, z, w`.

use nalgebra::DVector;

use crate::{JointKind, KinematicsError, Model, Result};

/// The model configuration for MuJoCo's `qpos` (same length: `model.nq()`).
pub fn configuration_from_qpos(model: &Model, qpos: &[f64]) -> Result<DVector<f64>> {
    check_length(model, qpos)?;
    let mut q = DVector::from_column_slice(qpos);
    for joint in model.joints() {
        if let Some(w) = quaternion_start(joint.kind(), joint.nq(), joint.idx_q()) {
            // MuJoCo: w x y z at w..w+4; model: x y z w.
            let m = [qpos[w], qpos[w + 1], qpos[w + 2], qpos[w + 3]];
            q.rows_mut(w, 4).copy_from_slice(&[m[1], m[2], m[3], m[0]]);
        }
    }
    model.check_configuration(q.as_slice())?;
    Ok(q)
}

/// MuJoCo's `qpos` for a model configuration.
pub fn qpos_from_configuration(model: &Model, q: &[f64]) -> Result<DVector<f64>> {
    check_length(model, q)?;
    let mut qpos = DVector::from_column_slice(q);
    for joint in model.joints() {
        if let Some(w) = quaternion_start(joint.kind(), joint.nq(), joint.idx_q()) {
            let m = [q[w], q[w + 1], q[w + 2], q[w + 3]];
            qpos.rows_mut(w, 4)
                .copy_from_slice(&[m[3], m[0], m[1], m[2]]);
        }
    }
    Ok(qpos)
}

fn quaternion_start(kind: JointKind, nq: usize, idx_q: usize) -> Option<usize> {
    match (kind, nq) {
        (JointKind::Floating, 7) => Some(idx_q + 3),
        (JointKind::Ball, 4) => Some(idx_q),
        _ => None,
    }
}

fn check_length(model: &Model, values: &[f64]) -> Result<()> {
    if values.len() == model.nq() {
        Ok(())
    } else {
        Err(KinematicsError::WrongLength {
            what: "qpos",
            expected: model.nq(),
            got: values.len(),
        })
    }
}

/// A configuration from joint values by name, MuJoCo style: one value for hinge and slide
/// joints, `[w, x, y, z]` for ball joints, `[x, y, z, w, x, y, z]` for free joints. Joints not
/// named keep their [`reference_configuration`](Model::reference_configuration) value.
pub fn configuration_from_joint_values<'a>(
    model: &Model,
    values: impl IntoIterator<Item = (&'a str, &'a [f64])>,
) -> Result<DVector<f64>> {
    let mut q = model.reference_configuration().clone();
    for (name, v) in values {
        let joint = model.joint(model.joint_id(name)?);
        if v.len() != joint.nq() || joint.nq() == 0 {
            return Err(KinematicsError::invalid(
                format!("value of joint \"{name}\""),
                format!(
                    "a {} joint takes {} value(s), got {}",
                    joint.kind().name(),
                    joint.nq(),
                    v.len()
                ),
            ));
        }
        let iq = joint.idx_q();
        q.rows_mut(iq, v.len()).copy_from_slice(v);
        if let Some(w) = quaternion_start(joint.kind(), joint.nq(), iq) {
            q.rows_mut(w, 4).copy_from_slice(&[
                v[w - iq + 1],
                v[w - iq + 2],
                v[w - iq + 3],
                v[w - iq],
            ]);
        }
    }
    model.check_configuration(q.as_slice())?;
    Ok(q)
}
