//! What each kind of joint contributes: its velocity, acceleration and bias in the child
//! body's frame, its motion subspace `S`, and the projection `Sᵀ f` of a body force onto its
//! velocity values.
//!
//! A floating joint's linear velocity values are the rate of its position (in the joint's
//! origin frame, MuJoCo's `qvel`), so in the body frame they act through `Qᵀ` (`Q` the joint's
//! rotation) and, as `Q` turns, contribute the bias `c_J = [0; −ω × Qᵀ ṗ]`.

use nalgebra::{Matrix3, Vector3};

use super::spatial::{Force, Motion};
use super::tree::{Body, Motion as Kind};

/// The joint's velocity `S q̇` in the child frame.
#[inline(always)]
pub(crate) fn velocity(body: &Body, rotation: &Matrix3<f64>, v: &[f64]) -> Motion {
    let i = body.idx_v;
    match body.motion {
        Kind::Revolute(axis) => Motion {
            w: axis * (body.multiplier * v[i]),
            v: Vector3::zeros(),
        },
        Kind::Prismatic(axis) => Motion {
            w: Vector3::zeros(),
            v: axis * (body.multiplier * v[i]),
        },
        Kind::Ball => Motion {
            w: Vector3::new(v[i], v[i + 1], v[i + 2]),
            v: Vector3::zeros(),
        },
        Kind::Floating => Motion {
            w: Vector3::new(v[i + 3], v[i + 4], v[i + 5]),
            v: rotation.tr_mul(&Vector3::new(v[i], v[i + 1], v[i + 2])),
        },
    }
}

/// The joint's bias acceleration `c_J = Ṡ q̇` in the child frame (zero but for floating
/// joints).
#[inline(always)]
pub(crate) fn bias(body: &Body, joint_velocity: &Motion) -> Motion {
    match body.motion {
        Kind::Floating => Motion {
            w: Vector3::zeros(),
            v: -joint_velocity.w.cross(&joint_velocity.v),
        },
        _ => Motion::ZERO,
    }
}

/// Column `k` of the motion subspace `S` (child frame), mimic multiplier included.
#[inline(always)]
pub(crate) fn column(body: &Body, rotation: &Matrix3<f64>, k: usize) -> Motion {
    match body.motion {
        Kind::Revolute(axis) => Motion {
            w: axis * body.multiplier,
            v: Vector3::zeros(),
        },
        Kind::Prismatic(axis) => Motion {
            w: Vector3::zeros(),
            v: axis * body.multiplier,
        },
        Kind::Ball => Motion {
            w: Vector3::ith(k, 1.0),
            v: Vector3::zeros(),
        },
        Kind::Floating if k < 3 => Motion {
            w: Vector3::zeros(),
            v: rotation.row(k).transpose(),
        },
        Kind::Floating => Motion {
            w: Vector3::ith(k - 3, 1.0),
            v: Vector3::zeros(),
        },
    }
}

/// Adds `Sᵀ f` (mimic multiplier included) to `tau` at the body's velocity indices.
#[inline(always)]
pub(crate) fn add_projection(body: &Body, rotation: &Matrix3<f64>, f: &Force, tau: &mut [f64]) {
    let i = body.idx_v;
    match body.motion {
        Kind::Revolute(axis) => tau[i] += body.multiplier * axis.dot(&f.n),
        Kind::Prismatic(axis) => tau[i] += body.multiplier * axis.dot(&f.f),
        Kind::Ball => {
            tau[i] += f.n.x;
            tau[i + 1] += f.n.y;
            tau[i + 2] += f.n.z;
        }
        Kind::Floating => {
            let linear = rotation * f.f;
            tau[i] += linear.x;
            tau[i + 1] += linear.y;
            tau[i + 2] += linear.z;
            tau[i + 3] += f.n.x;
            tau[i + 4] += f.n.y;
            tau[i + 5] += f.n.z;
        }
    }
}
