//! MuJoCo's `qpos` as a [`Model`] configuration.
//!
//! A `Model` configuration *is* MuJoCo's `qpos` (same joint order, quaternions `w, x, y, z`):
//! these functions check one (length, finite values, non-zero quaternions, named in MuJoCo's
//! own indices) and copy it.

use nalgebra::DVector;

use crate::error::check_all_finite;
use crate::{Joint, JointKind, KinematicsError, Model, Result};

/// The model configuration for MuJoCo's `qpos` (same length: `model.nq()`).
pub fn configuration_from_qpos(model: &Model, qpos: &[f64]) -> Result<DVector<f64>> {
    check_length(model, qpos)?;
    // Checked here, in MuJoCo's order, so that an error names the caller's own indices.
    check_all_finite("qpos", qpos)?;
    let q = DVector::from_column_slice(qpos);
    for joint in model.joints() {
        if let Some(w) = quaternion_start(joint.kind(), joint.nq(), joint.idx_q()) {
            check_nonzero_quaternion(&qpos[w..w + 4], || format!("qpos[{w}..{}]", w + 4), joint)?;
        }
    }
    model.check_configuration(q.as_slice())?;
    Ok(q)
}

/// MuJoCo's `qpos` for a model configuration: the same values (length checked).
pub fn qpos_from_configuration(model: &Model, q: &[f64]) -> Result<DVector<f64>> {
    check_length(model, q)?;
    Ok(DVector::from_column_slice(q))
}

/// Refuses a zero quaternion (`w, x, y, z`), named as the caller gave it.
fn check_nonzero_quaternion(
    wxyz: &[f64],
    place: impl FnOnce() -> String,
    joint: &Joint,
) -> Result<()> {
    if !crate::model::is_zero_quaternion(wxyz) {
        return Ok(());
    }
    Err(KinematicsError::invalid(
        format!(
            "{}, the quaternion of {} joint \"{}\"",
            place(),
            joint.kind().name(),
            joint.name()
        ),
        "it is zero; give a unit quaternion w, x, y, z such as 1, 0, 0, 0",
    ))
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
        check_all_finite(&format!("value of joint \"{name}\""), v)?;
        let iq = joint.idx_q();
        q.rows_mut(iq, v.len()).copy_from_slice(v);
        if let Some(w) = quaternion_start(joint.kind(), joint.nq(), iq) {
            let m = &v[w - iq..w - iq + 4];
            check_nonzero_quaternion(m, || format!("value of joint \"{name}\""), joint)?;
        }
    }
    model.check_configuration(q.as_slice())?;
    Ok(q)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A free body with a ball-jointed child: qpos is [x y z, w x y z, w x y z].
    fn model() -> Model {
        let xml = r#"<mujoco><worldbody><body name="trunk"><freejoint name="root"/>
            <geom type="sphere" size="0.1"/>
            <body name="head" pos="0 0 0.2"><joint name="neck" type="ball"/>
            <geom type="sphere" size="0.05"/></body></body></worldbody></mujoco>"#;
        crate::mjcf::load_str(xml, ".").unwrap()
    }

    fn message(e: KinematicsError) -> String {
        e.to_string()
    }

    #[test]
    fn qpos_errors_name_mujocos_own_indices_and_order() {
        let m = model();
        let good = [0.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0];
        let q = configuration_from_qpos(&m, &good).unwrap();
        assert_eq!(q.as_slice(), good, "the model's layout is MuJoCo's");
        assert_eq!(
            qpos_from_configuration(&m, q.as_slice())
                .unwrap()
                .as_slice(),
            good
        );
        // NaN in the free joint's w (qpos[3])
        let mut bad = good;
        bad[3] = f64::NAN;
        let e = message(configuration_from_qpos(&m, &bad).unwrap_err());
        assert!(e.contains("qpos[3]"), "{e}");
        // the ball joint's quaternion zero: named by its qpos range, the hint in w-first order
        let mut bad = good;
        bad[7] = 0.0;
        let e = message(configuration_from_qpos(&m, &bad).unwrap_err());
        assert!(e.contains("qpos[7..11]") && e.contains("\"neck\""), "{e}");
        assert!(e.contains("w, x, y, z such as 1, 0, 0, 0"), "{e}");
    }

    #[test]
    fn joint_value_errors_name_the_joint() {
        let m = model();
        let e = configuration_from_joint_values(&m, [("neck", &[f64::NAN, 0.0, 0.0, 0.0][..])])
            .unwrap_err();
        assert!(message(e).contains("value of joint \"neck\"[0]"));
        let e = configuration_from_joint_values(&m, [("neck", &[0.0; 4][..])]).unwrap_err();
        let e = message(e);
        assert!(e.contains("\"neck\"") && e.contains("1, 0, 0, 0"), "{e}");
        let q = configuration_from_joint_values(&m, [("neck", &[0.0, 0.0, 0.0, 2.0][..])]);
        assert!(q.is_ok());
    }
}
