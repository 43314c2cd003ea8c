//! Joints driven by torques: an armature whose motion is its forward dynamics (ABA, gravity
//! on, no contacts and no joint limits), integrated by MuJoCo's fourth-order Runge–Kutta
//! scheme (`mj_RungeKutta`).
//!
//! The torque law is evaluated once per tick, at the tick's start, and held over it (a digital
//! controller's zero-order hold): `τ = τ_ff + kp ∘ (target ⊖ q) + kd ∘ (v_target − v) [+ g(q)]`.
//! A step of `h` from `(q₀, v₀)`: stages `kᵢ = (vᵢ, aᵢ)` with `a = ABA(q, v, τ)`, at
//! `(q₀ ⊕ h cᵢ vᵢ₋₁, v₀ + h cᵢ aᵢ₋₁)` for `c = ½, ½, 1`; then
//! `q = q₀ ⊕ h (v₁ + 2v₂ + 2v₃ + v₄)/6`, `v = v₀ + h (a₁ + 2a₂ + 2a₃ + a₄)/6`, where `⊕` is
//! [`integrate`](crate::integrate) (MuJoCo's `mj_integratePos`).

use super::{Armature, Motion};
use crate::configuration::{difference, integrate_unchecked};
use crate::dynamics::{DynamicsData, aba, gravity_torques};
use crate::error::check_all_finite;
use crate::{KinematicsError, Model, Result};

/// The torques a torque-driven armature applies, per velocity value (velocity layout).
#[derive(Clone, Debug, PartialEq)]
pub struct TorqueLaw {
    /// Feed-forward torques (N·m or N), `nv` values.
    pub feedforward: Vec<f64>,
    /// Proportional gains on `target ⊖ q` (N·m/rad or N/m), `nv` values.
    pub kp: Vec<f64>,
    /// Derivative gains on `v_target − v` (N·m·s/rad or N·s/m), `nv` values.
    pub kd: Vec<f64>,
    /// The configuration the proportional term pulls to (model layout); `None`: the
    /// configuration when the drive starts.
    pub target: Option<Vec<f64>>,
    /// The velocity the derivative term pulls to; `None`: zero.
    pub target_velocity: Option<Vec<f64>>,
    /// Whether to add the gravity torques `g(q)` of the current configuration.
    pub gravity_compensation: bool,
}

impl TorqueLaw {
    /// No torque at all: the armature falls under gravity.
    pub fn passive(model: &Model) -> TorqueLaw {
        TorqueLaw {
            feedforward: vec![0.0; model.nv()],
            kp: vec![0.0; model.nv()],
            kd: vec![0.0; model.nv()],
            target: None,
            target_velocity: None,
            gravity_compensation: false,
        }
    }

    fn check(&self, model: &Model) -> Result<()> {
        for (what, values) in [
            ("torque law feedforward", &self.feedforward),
            ("torque law kp", &self.kp),
            ("torque law kd", &self.kd),
        ] {
            if values.len() != model.nv() {
                return Err(KinematicsError::WrongLength {
                    what,
                    expected: model.nv(),
                    got: values.len(),
                });
            }
            check_all_finite(what, values)?;
        }
        if let Some(t) = &self.target {
            model.check_configuration(t)?;
        }
        if let Some(t) = &self.target_velocity {
            if t.len() != model.nv() {
                return Err(KinematicsError::WrongLength {
                    what: "torque law target velocity",
                    expected: model.nv(),
                    got: t.len(),
                });
            }
            check_all_finite("torque law target velocity", t)?;
        }
        Ok(())
    }
}

/// The running torque drive: the law, the velocity state and the dynamics buffers.
#[derive(Clone, Debug)]
pub(super) struct TorqueDrive {
    law: TorqueLaw,
    target: Vec<f64>,
    v: Vec<f64>,
    data: DynamicsData,
    tau: Vec<f64>,
    stage_q: Vec<f64>,
    stage_v: Vec<f64>,
    combo: Vec<f64>,
    k_v: [Vec<f64>; 4],
    k_a: [Vec<f64>; 4],
}

impl TorqueDrive {
    /// Advances `q` by one RK4 step of `h` seconds.
    pub(super) fn step(&mut self, model: &Model, q: &mut [f64], h: f64) -> Result<()> {
        self.torques(model, q)?;
        let nv = model.nv();
        self.k_v[0].copy_from_slice(&self.v);
        let a0 = aba(model, &mut self.data, q, &self.v, &self.tau, &[])?;
        self.k_a[0].copy_from_slice(a0);
        for (stage, c) in [0.5, 0.5, 1.0].into_iter().enumerate() {
            let i = stage + 1;
            for k in 0..nv {
                self.combo[k] = c * self.k_v[i - 1][k] * h;
                self.stage_v[k] = self.v[k] + h * c * self.k_a[i - 1][k];
            }
            integrate_unchecked(model, q, &self.combo, &mut self.stage_q);
            self.k_v[i].copy_from_slice(&self.stage_v);
            let a = aba(
                model,
                &mut self.data,
                &self.stage_q,
                &self.stage_v,
                &self.tau,
                &[],
            )?;
            self.k_a[i].copy_from_slice(a);
        }
        for k in 0..nv {
            let w = |s: &[Vec<f64>; 4]| (s[0][k] + 2.0 * s[1][k] + 2.0 * s[2][k] + s[3][k]) / 6.0;
            self.combo[k] = h * w(&self.k_v);
            self.v[k] += h * w(&self.k_a);
        }
        // The step starts from q: keep it in the stage buffer, which is free now.
        self.stage_q.copy_from_slice(q);
        integrate_unchecked(model, &self.stage_q, &self.combo, q);
        crate::configuration::normalize_configuration(model, q);
        if let Some(k) = self.v.iter().position(|x| !x.is_finite()) {
            return Err(KinematicsError::invalid(
                "torque-driven motion",
                format!(
                    "velocity value {k} became {}; a smaller time step may help",
                    self.v[k]
                ),
            ));
        }
        Ok(())
    }

    /// The torque law at the current state, into `self.tau`.
    fn torques(&mut self, model: &Model, q: &[f64]) -> Result<()> {
        let law = &self.law;
        self.tau.copy_from_slice(&law.feedforward);
        if law.kp.iter().any(|k| *k != 0.0) {
            let error = difference(model, q, &self.target)?;
            for (t, (k, e)) in self.tau.iter_mut().zip(law.kp.iter().zip(error.iter())) {
                *t += k * e;
            }
        }
        for (i, t) in self.tau.iter_mut().enumerate() {
            let target = law.target_velocity.as_ref().map_or(0.0, |v| v[i]);
            *t += law.kd[i] * (target - self.v[i]);
        }
        if law.gravity_compensation {
            let g = gravity_torques(model, &mut self.data, q)?;
            for (t, g) in self.tau.iter_mut().zip(g) {
                *t += g;
            }
        }
        Ok(())
    }
}

impl Armature {
    /// Drives the armature by torques from now on: each [`tick`](Armature::tick) integrates its
    /// forward dynamics under `law` from velocity `v` (zero when `None`; velocity layout),
    /// replacing any motion in progress. Joint limits are not enforced. Errors on lengths and
    /// non-finite values, and when the model's mass matrix is singular.
    pub fn drive_torques(&mut self, law: TorqueLaw, v: Option<Vec<f64>>) -> Result<()> {
        let model = self.model.clone();
        law.check(&model)?;
        let v = v.unwrap_or_else(|| vec![0.0; model.nv()]);
        if v.len() != model.nv() {
            return Err(KinematicsError::WrongLength {
                what: "initial velocity",
                expected: model.nv(),
                got: v.len(),
            });
        }
        check_all_finite("initial velocity", &v)?;
        let mut data = DynamicsData::new(&model);
        // A model that has nothing to move answers now, not at the first tick.
        aba(
            &model,
            &mut data,
            self.q.as_slice(),
            &v,
            &vec![0.0; model.nv()],
            &[],
        )?;
        let nv = model.nv();
        let target = law
            .target
            .clone()
            .unwrap_or_else(|| self.q.as_slice().to_vec());
        self.motion = Some(Motion::Torques(Box::new(TorqueDrive {
            law,
            target,
            v,
            data,
            tau: vec![0.0; nv],
            stage_q: vec![0.0; model.nq()],
            stage_v: vec![0.0; nv],
            combo: vec![0.0; nv],
            k_v: std::array::from_fn(|_| vec![0.0; nv]),
            k_a: std::array::from_fn(|_| vec![0.0; nv]),
        })));
        Ok(())
    }

    /// The joint velocities of a torque-driven armature (velocity layout), `None` otherwise.
    pub fn velocity(&self) -> Option<&[f64]> {
        match &self.motion {
            Some(Motion::Torques(d)) => Some(&d.v),
            _ => None,
        }
    }

    /// The torques a torque-driven armature applied on its last tick (velocity layout).
    pub fn applied_torques(&self) -> Option<&[f64]> {
        match &self.motion {
            Some(Motion::Torques(d)) => Some(&d.tau),
            _ => None,
        }
    }
}
