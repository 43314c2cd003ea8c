//! Genesis's sibling sensors of the taxels, and slip: per probe, a contact flag
//! (`KinematicContactSensor`), the raw penetration depth (`KinematicDepthSensor`) and the
//! tangential relative velocity in the probe's tangent frame (what MuJoCo's `tactile` sensor
//! reports as slip).

use nalgebra::Vector3;
use ndarray::{ArrayD, IxDyn};

use crate::error::{Result, SensingError};
use crate::taxel::config::ProbeTouch;
use crate::taxel::history::History;

/// Contact flag, depth and slip of every probe, in the link frame, from the ground-truth
/// geometry (nominal radius, no gain, no degradation).
///
/// Shapes: `contact` and `depth` `(num_envs, [history,] num_probes)`, `slip`
/// `(num_envs, [history,] num_probes, 2)`; with a history, index 0 is the newest step.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbeState {
    /// 1 where the probe penetrates something (`R − sd > 0`), else 0.
    pub contact: ArrayD<f64>,
    /// Raw penetration depth `max(0, R − sd)` (m).
    pub depth: ArrayD<f64>,
    /// Tangential relative velocity: the velocity of the touched geometry minus the probe's,
    /// both at the probe, projected onto the probe's two tangent axes (m/s), as MuJoCo's
    /// `tactile` sensor projects onto its taxel frames; zero out of contact.
    pub slip: ArrayD<f64>,
}

/// The probe's tangent axes `(t1, t2)`: with `n` the unit probe normal, `t1` is the world `x`
/// axis (or `y` when `n` is nearly along `x`) made orthogonal to `n`, and `t2 = n × t1`.
/// With the default normal `+z`, `t1 = x` and `t2 = y`.
pub fn tangent_frame(n: &Vector3<f64>) -> (Vector3<f64>, Vector3<f64>) {
    let a = if n.x.abs() < 0.9 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let t1 = (a - n * a.dot(n)).normalize();
    (t1, n.cross(&t1))
}

/// Writes one probe's flag, depth and slip (`out_slip` has 2 values).
pub(crate) fn probe_state(
    touch: Option<&ProbeTouch>,
    tangents: &(Vector3<f64>, Vector3<f64>),
    out_contact: &mut f64,
    out_depth: &mut f64,
    out_slip: &mut [f64],
) {
    match touch {
        Some(t) if t.penetration > 0.0 => {
            *out_contact = 1.0;
            *out_depth = t.penetration;
            let v = t.relative_velocity;
            out_slip[0] = v.dot(&tangents.0);
            out_slip[1] = v.dot(&tangents.1);
        }
        _ => {
            *out_contact = 0.0;
            *out_depth = 0.0;
            out_slip.fill(0.0);
        }
    }
}

/// The histories of the three outputs.
#[derive(Debug, Clone)]
pub(crate) struct StateHistories {
    length: usize,
    contact: History,
    depth: History,
    slip: History,
}

impl StateHistories {
    /// Histories of `length` steps for `probes` probes.
    pub fn new(length: usize, probes: usize) -> Self {
        Self {
            length,
            contact: History::new(length, probes),
            depth: History::new(length, probes),
            slip: History::new(length, probes * 2),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.contact.clear();
        self.depth.clear();
        self.slip.clear();
    }

    /// The reading of this step (`envs × probes` flags and depths, `envs × probes × 2` slips),
    /// with the history when one is kept.
    pub fn output(
        &mut self,
        (envs, probes): (usize, usize),
        (contact, depth, slip): (Vec<f64>, Vec<f64>, Vec<f64>),
    ) -> Result<ProbeState> {
        let shape = |tail: &[usize]| {
            let mut s = vec![envs];
            if self.length > 0 {
                s.push(self.length);
            }
            s.extend_from_slice(tail);
            IxDyn(&s)
        };
        let (contact, depth, slip) = if self.length == 0 {
            (contact, depth, slip)
        } else {
            self.contact.push(envs, &contact)?;
            self.depth.push(envs, &depth)?;
            self.slip.push(envs, &slip)?;
            (
                self.contact.ordered(),
                self.depth.ordered(),
                self.slip.ordered(),
            )
        };
        Ok(ProbeState {
            contact: ArrayD::from_shape_vec(shape(&[probes]), contact).map_err(shape_error)?,
            depth: ArrayD::from_shape_vec(shape(&[probes]), depth).map_err(shape_error)?,
            slip: ArrayD::from_shape_vec(shape(&[probes, 2]), slip).map_err(shape_error)?,
        })
    }
}

fn shape_error(e: ndarray::ShapeError) -> SensingError {
    SensingError::InvalidParameter {
        parameter: "probe state output",
        requirement: "must match (num_envs, [history,] num_probes[, 2])",
        value: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tangent_frames_are_orthonormal_and_right_handed() {
        let (t1, t2) = tangent_frame(&Vector3::z());
        assert_eq!((t1, t2), (Vector3::x(), Vector3::y()));
        for n in [
            Vector3::x(),
            Vector3::new(1.0, 2.0, -3.0).normalize(),
            -Vector3::z(),
        ] {
            let (t1, t2) = tangent_frame(&n);
            assert!((t1.norm() - 1.0).abs() < 1e-15 && (t2.norm() - 1.0).abs() < 1e-15);
            assert!(t1.dot(&n).abs() < 1e-15 && t2.dot(&n).abs() < 1e-15);
            assert!((t1.cross(&t2) - n).norm() < 1e-15);
        }
    }
}
