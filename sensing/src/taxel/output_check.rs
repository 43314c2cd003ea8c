//! The range check of taxel readings: a probe's force must be finite and within
//! [`MAX_FORCE`] per component, its torque within [`MAX_MOMENT`], both after the probe law and
//! after the measured branch's degradations.
//!
//! The configuration's checks bound each parameter on its own, but the law multiplies them:
//! `k·(gain·depth)^α` overflows to infinity for a gain of `1e200` and `α = 2` (and infinity
//! times a zero approach speed is NaN), and a stiffness of `1e300` gives `1e298` N. The error
//! names the probe, the law's terms and the parameters to lower.

use nalgebra::Vector3;

use crate::contact::MAX_FORCE;
use crate::error::{Result, SensingError};
use crate::limits::{MAX_MOMENT, first_beyond, out_of_bound};
use crate::taxel::config::{ProbeTouch, TaxelConfig};

/// Where a reading was made: the sensor's link, the environment when a batch has several, and
/// the probe.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProbeSite<'a> {
    /// The link carrying the probes.
    pub link: &'a str,
    /// The environment, in a batch of several scenes.
    pub env: Option<usize>,
    /// The probe's index.
    pub probe: usize,
}

impl ProbeSite<'_> {
    fn error(&self, reason: String) -> SensingError {
        SensingError::TaxelOutOfRange {
            link: self.link.to_owned(),
            probe: self.probe,
            env: self.env,
            reason,
        }
    }
}

/// Whether a component of `v` is NaN or beyond `max` in magnitude.
fn beyond(v: &[f64], max: f64) -> bool {
    first_beyond(v, max).is_some()
}

/// A number in scientific notation, zero as `0`.
fn num(x: f64) -> String {
    if x == 0.0 {
        "0".to_owned()
    } else {
        format!("{x:e}")
    }
}

/// `[x, y, z]` in scientific notation.
fn show(v: &[f64]) -> String {
    let parts: Vec<String> = v.iter().map(|x| num(*x)).collect();
    format!("[{}]", parts.join(", "))
}

/// How a vector is out of range: "is not finite" or "is beyond ...".
fn problem(v: &[f64], max: f64, name: &str, unit: &str) -> String {
    if v.iter().all(|x| x.is_finite()) {
        format!("is beyond {name} = {max:e} {unit}")
    } else {
        "is not finite".to_owned()
    }
}

/// Checks the probe law's output for one probe (`touch` as the law saw it, its penetration
/// already multiplied by `gain`; `measured` when the gain and degradations apply).
pub(crate) fn check_law(
    config: &TaxelConfig,
    site: ProbeSite<'_>,
    touch: &ProbeTouch,
    measured: bool,
    force: &Vector3<f64>,
    torque: &Vector3<f64>,
) -> Result<()> {
    if !beyond(force.as_slice(), MAX_FORCE) && !beyond(torque.as_slice(), MAX_MOMENT) {
        return Ok(());
    }
    let n = touch.normal;
    let v = touch.relative_velocity;
    let v_n = v.dot(&n).abs();
    let v_t = (v - n * v.dot(&n)).norm();
    if beyond(force.as_slice(), MAX_FORCE) {
        let s = config.normal_scale(touch.penetration);
        let elastic = config.normal_stiffness * s;
        let damping = config.normal_damping * s * v_n;
        let shear = config.shear_scalar * v_t;
        let mut lower: Vec<&str> = Vec::new();
        let amplified = measured && config.probe_gain > 1.0;
        let raised = touch.penetration > 1.0 && config.normal_exponent > 1.0;
        if !s.is_finite() {
            lower.extend(amplified.then_some("probe_gain"));
            lower.extend(["normal_exponent", "probe_radius"]);
        } else if out_of_bound(elastic, MAX_FORCE) {
            lower.push("normal_stiffness");
            lower.extend(amplified.then_some("probe_gain"));
            lower.extend(raised.then_some("normal_exponent"));
        }
        let damping_beyond = s.is_finite() && out_of_bound(damping, MAX_FORCE);
        let shear_beyond = out_of_bound(shear, MAX_FORCE);
        lower.extend(damping_beyond.then_some("normal_damping"));
        lower.extend(shear_beyond.then_some("shear_scalar"));
        if lower.is_empty() {
            // No term alone is out of range: their sum is.
            lower.extend(["normal_stiffness", "normal_damping", "shear_scalar"]);
        }
        lower.extend((damping_beyond || shear_beyond).then_some("the bodies' velocities"));
        let s_is = if measured {
            format!(
                "(probe_gain·depth)^normal_exponent = ({} × {} m)^{}",
                num(config.probe_gain),
                num(if config.probe_gain > 0.0 {
                    touch.penetration / config.probe_gain
                } else {
                    0.0
                }),
                config.normal_exponent
            )
        } else {
            format!(
                "depth^normal_exponent = ({} m)^{}",
                num(touch.penetration),
                config.normal_exponent
            )
        };
        return Err(site.error(format!(
            "the force {} N {}; the law's terms are elastic normal_stiffness·s = {}, damping \
             normal_damping·s·|v_n| = {} and shear shear_scalar·|v_t| = {} N, with s = {s_is} = \
             {}, |v_n| = {} and |v_t| = {} m/s; lower {}",
            show(force.as_slice()),
            problem(force.as_slice(), MAX_FORCE, "MAX_FORCE", "N"),
            num(elastic),
            num(damping),
            num(shear),
            num(s),
            num(v_n),
            num(v_t),
            lower.join(", ")
        )));
    }
    let spin = touch.relative_angular_velocity.dot(&n).abs();
    Err(site.error(format!(
        "the torque {} N·m {}; its twist term twist_scalar·|ω·n| = {} N·m with |ω·n| = {} \
         rad/s; lower twist_scalar or the bodies' angular velocities",
        show(torque.as_slice()),
        problem(torque.as_slice(), MAX_MOMENT, "MAX_MOMENT", "N·m"),
        num(config.twist_scalar * spin),
        num(spin),
    )))
}

/// Checks one step of the measured branch after its degradations (`envs × probes × 3` forces
/// and torques): crosstalk, noise and bias can push a force that the law kept in range beyond
/// it.
pub(crate) fn check_degraded(link: &str, envs: usize, force: &[f64], torque: &[f64]) -> Result<()> {
    let bad_probe = force
        .chunks_exact(3)
        .zip(torque.chunks_exact(3))
        .position(|(f, t)| beyond(f, MAX_FORCE) || beyond(t, MAX_MOMENT));
    let Some(k) = bad_probe else {
        return Ok(());
    };
    let probes = force.len() / 3 / envs.max(1);
    let site = ProbeSite {
        link,
        env: (envs > 1).then_some(k / probes.max(1)),
        probe: k % probes.max(1),
    };
    let (f, t) = (&force[k * 3..k * 3 + 3], &torque[k * 3..k * 3 + 3]);
    let reason = if beyond(f, MAX_FORCE) {
        format!(
            "after the measured branch's degradations the force {} N {}; lower crosstalk, \
             noise or bias",
            show(f),
            problem(f, MAX_FORCE, "MAX_FORCE", "N")
        )
    } else {
        format!(
            "after the measured branch's degradations the torque {} N·m {}; lower crosstalk, \
             noise, bias or twist_scalar",
            show(t),
            problem(t, MAX_MOMENT, "MAX_MOMENT", "N·m")
        )
    };
    Err(site.error(reason))
}
