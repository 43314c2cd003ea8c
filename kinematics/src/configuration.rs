//! Operations on configuration vectors: integrate a velocity, difference, random samples.

use nalgebra::{DVector, Vector3};
use rand::Rng;

use crate::joint::{ball_rotation, floating_placement, write_ball, write_floating};
use crate::spatial::{exp3, log3};
use crate::{JointKind, KinematicsError, Model, Result};

/// Writes into `out` the configuration reached from `q` by velocity `v` applied for unit time.
///
/// One-value joints add `v`. A floating joint's position gains `v_linear` (its linear velocity
/// is in the joint's origin frame, MuJoCo's `qvel`) and its rotation becomes `R exp(v_angular)`
/// (angular velocity in the moving frame), as MuJoCo's `mj_integratePos` does; a ball joint's
/// rotation becomes `R exp(v)`.
pub fn integrate(model: &Model, q: &[f64], v: &[f64], out: &mut [f64]) -> Result<()> {
    model.check_configuration(q)?;
    model.check_velocity(v)?;
    if out.len() != model.nq() {
        return Err(KinematicsError::WrongLength {
            what: "output configuration",
            expected: model.nq(),
            got: out.len(),
        });
    }
    integrate_unchecked(model, q, v, out);
    Ok(())
}

/// [`integrate`] without checks (sizes must agree).
pub(crate) fn integrate_unchecked(model: &Model, q: &[f64], v: &[f64], out: &mut [f64]) {
    for joint in model.joints() {
        match (joint.kind(), joint.nq()) {
            (JointKind::Floating, 7) => {
                let (iq, iv) = (joint.idx_q(), joint.idx_v());
                let pose = floating_placement(&q[iq..iq + 7]);
                let linear = Vector3::new(v[iv], v[iv + 1], v[iv + 2]);
                let angular = Vector3::new(v[iv + 3], v[iv + 4], v[iv + 5]);
                let mut next = pose;
                next.translation.vector += linear;
                next.rotation = pose.rotation * exp3(&angular);
                write_floating(&next, &mut out[iq..iq + 7]);
            }
            (JointKind::Ball, 4) => {
                let (iq, iv) = (joint.idx_q(), joint.idx_v());
                let rotation = ball_rotation(&q[iq..iq + 4]);
                let angular = Vector3::new(v[iv], v[iv + 1], v[iv + 2]);
                write_ball(&(rotation * exp3(&angular)), &mut out[iq..iq + 4]);
            }
            (_, 1) => out[joint.idx_q()] = q[joint.idx_q()] + v[joint.idx_v()],
            _ => {}
        }
    }
}

/// Returns the velocity that [`integrate`] maps `q0` to `q1` with.
pub fn difference(model: &Model, q0: &[f64], q1: &[f64]) -> Result<DVector<f64>> {
    model.check_configuration(q0)?;
    model.check_configuration(q1)?;
    let mut v = DVector::zeros(model.nv());
    for joint in model.joints() {
        match (joint.kind(), joint.nq()) {
            (JointKind::Floating, 7) => {
                let (iq, iv) = (joint.idx_q(), joint.idx_v());
                let a = floating_placement(&q0[iq..iq + 7]);
                let b = floating_placement(&q1[iq..iq + 7]);
                let linear = b.translation.vector - a.translation.vector;
                let angular = log3(&(a.rotation.inverse() * b.rotation));
                v.rows_mut(iv, 3).copy_from(&linear);
                v.rows_mut(iv + 3, 3).copy_from(&angular);
            }
            (JointKind::Ball, 4) => {
                let (iq, iv) = (joint.idx_q(), joint.idx_v());
                let a = ball_rotation(&q0[iq..iq + 4]);
                let b = ball_rotation(&q1[iq..iq + 4]);
                v.rows_mut(iv, 3).copy_from(&log3(&(a.inverse() * b)));
            }
            (_, 1) => v[joint.idx_v()] = q1[joint.idx_q()] - q0[joint.idx_q()],
            _ => {}
        }
    }
    Ok(v)
}

/// Writes into `q` a configuration drawn uniformly within the limits.
///
/// One-value joints without finite limits draw from `[-π, π]` (rotational) or `[-1, 1]` m
/// (prismatic). Floating joints are left as they are in `q` when `keep_floating` is true,
/// else get position zero and a uniformly random orientation. Ball joints get a uniformly
/// random orientation.
pub fn random_configuration<R: Rng + ?Sized>(
    model: &Model,
    rng: &mut R,
    keep_floating: bool,
    q: &mut [f64],
) -> Result<()> {
    if q.len() != model.nq() {
        return Err(KinematicsError::WrongLength {
            what: "configuration",
            expected: model.nq(),
            got: q.len(),
        });
    }
    for joint in model.joints() {
        match (joint.kind(), joint.nq()) {
            (JointKind::Floating, 7) if !keep_floating => {
                let iq = joint.idx_q();
                q[iq..iq + 3].fill(0.0);
                random_unit_quaternion(rng, &mut q[iq + 3..iq + 7]);
            }
            (JointKind::Ball, 4) => {
                let iq = joint.idx_q();
                random_unit_quaternion(rng, &mut q[iq..iq + 4]);
            }
            (_, 1) => {
                let (lower, upper) =
                    sampling_range(joint.kind(), joint.limits().lower, joint.limits().upper);
                q[joint.idx_q()] = if upper > lower {
                    rng.random_range(lower..=upper)
                } else {
                    lower
                };
            }
            _ => {}
        }
    }
    Ok(())
}

/// Writes a uniformly random unit quaternion into `out` (4 values): a normalised 4-vector of
/// independent standard normal draws (made here by the Box-Muller transform).
fn random_unit_quaternion<R: Rng + ?Sized>(rng: &mut R, out: &mut [f64]) {
    let mut g = [0.0; 4];
    for pair in g.chunks_mut(2) {
        let u1: f64 = rng.random_range(f64::MIN_POSITIVE..1.0);
        let u2: f64 = rng.random_range(0.0..1.0);
        let r = (-2.0 * u1.ln()).sqrt();
        let (s, c) = (std::f64::consts::TAU * u2).sin_cos();
        pair[0] = r * c;
        pair[1] = r * s;
    }
    let n = g.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-300);
    for (k, x) in g.iter().enumerate() {
        out[k] = x / n;
    }
}

/// The interval a one-value joint is sampled from.
pub(crate) fn sampling_range(kind: JointKind, lower: f64, upper: f64) -> (f64, f64) {
    let half = if kind == JointKind::Prismatic {
        1.0
    } else {
        std::f64::consts::PI
    };
    match (lower.is_finite(), upper.is_finite()) {
        (true, true) => (lower, upper),
        (true, false) => (lower, lower + 2.0 * half),
        (false, true) => (upper - 2.0 * half, upper),
        (false, false) => (-half, half),
    }
}

/// Rescales the quaternions of floating and ball joints in `q` to unit length.
pub fn normalize_configuration(model: &Model, q: &mut [f64]) {
    for joint in model.joints() {
        let Some(w) = joint.quaternion_w_index() else {
            continue;
        };
        let quat = &mut q[w..w + 4];
        let n = quat.iter().map(|x| x * x).sum::<f64>().sqrt();
        if n > 0.0 {
            quat.iter_mut().for_each(|x| *x /= n);
        }
    }
}
