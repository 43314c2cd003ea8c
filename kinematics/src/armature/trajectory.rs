//! Joint trajectories: waypoints reached at given times.

use crate::{KinematicsError, Result};

/// One waypoint of a [`Trajectory`].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TrajectoryPoint {
    /// Joint positions, ordered from root to tip as [`Armature::get_joints`](crate::Armature::get_joints);
    /// fewer values than joints drive only the first joints.
    pub positions: Vec<f64>,
    /// Joint velocities at the waypoint (same length as `positions`). When every waypoint
    /// has them, segments are cubic Hermite curves; otherwise they are straight lines.
    pub velocities: Option<Vec<f64>>,
    /// Seconds after the trajectory's start at which the waypoint is reached.
    pub time_from_start: f64,
}

/// A joint trajectory, as MORSE's `trajectory` service takes it.
///
/// MORSE's `accelerations` field has no counterpart: neither MORSE nor Morsel uses it.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Trajectory {
    /// Armature time (s) at which execution starts; `None` starts at once.
    pub start_time: Option<f64>,
    /// Waypoints, with increasing `time_from_start`.
    pub points: Vec<TrajectoryPoint>,
}

impl Trajectory {
    /// Checks the trajectory against an armature with `joints` joints.
    pub(crate) fn validate(&self, joints: usize) -> Result<()> {
        let bad = |reason: String| Err(KinematicsError::InvalidTrajectory(reason));
        if let Some(t) = self.start_time
            && !t.is_finite()
        {
            return bad(format!("start time {t} is not finite"));
        }
        let Some(first) = self.points.first() else {
            return bad("it has no waypoints".into());
        };
        let n = first.positions.len();
        if n == 0 || n > joints {
            return bad(format!(
                "waypoints must have between 1 and {joints} positions (one per joint), got {n}"
            ));
        }
        let with_velocities = first.velocities.is_some();
        let mut previous = f64::NEG_INFINITY;
        for (i, p) in self.points.iter().enumerate() {
            if p.positions.len() != n {
                return bad(format!(
                    "waypoint #{i} has {} positions but waypoint #0 has {n}",
                    p.positions.len()
                ));
            }
            if p.positions.iter().any(|v| !v.is_finite()) {
                return bad(format!("waypoint #{i} has a position that is not finite"));
            }
            match &p.velocities {
                Some(_) if !with_velocities => {
                    return bad(format!(
                        "waypoint #{i} has velocities but waypoint #0 has none; give them for all or none"
                    ));
                }
                None if with_velocities => {
                    return bad(format!(
                        "waypoint #{i} has no velocities but waypoint #0 has; give them for all or none"
                    ));
                }
                Some(v) if v.len() != n || v.iter().any(|x| !x.is_finite()) => {
                    return bad(format!(
                        "waypoint #{i} needs {n} finite velocities, got {}",
                        v.len()
                    ));
                }
                _ => {}
            }
            let t = p.time_from_start;
            if !(t.is_finite() && t >= 0.0) {
                return bad(format!(
                    "waypoint #{i} has time_from_start {t}; it must be finite and >= 0"
                ));
            }
            if t <= previous {
                return bad(format!(
                    "waypoint #{i} has time_from_start {t}, not after the previous waypoint's {previous}"
                ));
            }
            previous = t;
        }
        Ok(())
    }
}

/// Position and velocity of the joints at one time.
#[derive(Clone, Debug, PartialEq)]
struct Knot {
    time: f64,
    positions: Vec<f64>,
    velocities: Vec<f64>,
}

/// A trajectory being executed by an armature.
#[derive(Clone, Debug)]
pub(crate) struct TrajectoryRun {
    idx_q: Vec<usize>,
    lower: Vec<f64>,
    upper: Vec<f64>,
    start: f64,
    hermite: bool,
    waypoints: Vec<Knot>,
    /// Knots actually followed: the state when execution began, then the waypoints on time.
    knots: Vec<Knot>,
    began: bool,
}

impl TrajectoryRun {
    /// Prepares `trajectory` (already validated) for joints at `idx_q` with limits `lower`/`upper`.
    pub fn new(
        trajectory: &Trajectory,
        now: f64,
        idx_q: Vec<usize>,
        lower: Vec<f64>,
        upper: Vec<f64>,
    ) -> Self {
        let start = trajectory.start_time.unwrap_or(now);
        let n = trajectory.points.first().map_or(0, |p| p.positions.len());
        let idx_q: Vec<usize> = idx_q.into_iter().take(n).collect();
        let hermite = trajectory.points.iter().all(|p| p.velocities.is_some());
        let waypoints = trajectory
            .points
            .iter()
            .map(|p| Knot {
                time: start + p.time_from_start,
                positions: p
                    .positions
                    .iter()
                    .enumerate()
                    .map(|(k, v)| v.max(lower[k]).min(upper[k]))
                    .collect(),
                velocities: p.velocities.clone().unwrap_or_else(|| vec![0.0; n]),
            })
            .collect();
        TrajectoryRun {
            idx_q,
            lower,
            upper,
            start,
            hermite,
            waypoints,
            knots: Vec::new(),
            began: false,
        }
    }

    /// Moves the joints to where the trajectory is at time `now` (the previous tick was at
    /// `previous`). Returns true when the trajectory is finished.
    pub fn step(
        &mut self,
        q: &mut [f64],
        previous: f64,
        now: f64,
        warnings: &mut Vec<String>,
    ) -> bool {
        if now < self.start {
            return false;
        }
        if !self.began {
            self.began = true;
            let begin = self.start.max(previous);
            self.knots.push(Knot {
                time: begin,
                positions: self.idx_q.iter().map(|&i| q[i]).collect(),
                velocities: vec![0.0; self.idx_q.len()],
            });
            for (i, w) in self.waypoints.drain(..).enumerate() {
                if w.time <= begin {
                    warnings.push(format!(
                        "trajectory waypoint #{i} (due at t = {:.6} s) is already late when execution starts at t = {:.6} s; skipped",
                        w.time, begin
                    ));
                } else {
                    self.knots.push(w);
                }
            }
        }
        let Some(last) = self.knots.last() else {
            return true;
        };
        // A nanosecond of slack absorbs rounding in clocks built from sums of time steps.
        if self.knots.len() == 1 || now >= last.time - 1e-9 {
            if self.knots.len() > 1 {
                for (k, &i) in self.idx_q.iter().enumerate() {
                    q[i] = last.positions[k];
                }
            }
            return true;
        }
        let b = self
            .knots
            .iter()
            .position(|k| k.time >= now)
            .unwrap_or(self.knots.len() - 1)
            .max(1);
        let (ka, kb) = (&self.knots[b - 1], &self.knots[b]);
        let h = kb.time - ka.time;
        let s = ((now - ka.time) / h).clamp(0.0, 1.0);
        for (k, &i) in self.idx_q.iter().enumerate() {
            let value = if self.hermite {
                let (s2, s3) = (s * s, s * s * s);
                (2.0 * s3 - 3.0 * s2 + 1.0) * ka.positions[k]
                    + (s3 - 2.0 * s2 + s) * h * ka.velocities[k]
                    + (-2.0 * s3 + 3.0 * s2) * kb.positions[k]
                    + (s3 - s2) * h * kb.velocities[k]
            } else {
                ka.positions[k] + s * (kb.positions[k] - ka.positions[k])
            };
            q[i] = value.max(self.lower[k]).min(self.upper[k]);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(positions: Vec<f64>, velocities: Option<Vec<f64>>, t: f64) -> TrajectoryPoint {
        TrajectoryPoint {
            positions,
            velocities,
            time_from_start: t,
        }
    }

    fn run(
        trajectory: &Trajectory,
        q0: f64,
        dt: f64,
        until: f64,
    ) -> (Vec<(f64, f64)>, Vec<String>) {
        trajectory.validate(1).expect("valid");
        let mut r = TrajectoryRun::new(trajectory, 0.0, vec![0], vec![-10.0], vec![10.0]);
        let mut q = [q0];
        let mut warnings = Vec::new();
        let mut samples = Vec::new();
        let mut t = 0.0;
        while t < until {
            let next = t + dt;
            let done = r.step(&mut q, t, next, &mut warnings);
            samples.push((next, q[0]));
            t = next;
            if done {
                break;
            }
        }
        (samples, warnings)
    }

    #[test]
    fn linear_segments_pass_through_waypoints_on_time() {
        let tr = Trajectory {
            start_time: None,
            points: vec![point(vec![1.0], None, 1.0), point(vec![0.0], None, 2.0)],
        };
        let (samples, warnings) = run(&tr, 0.0, 0.25, 5.0);
        assert!(warnings.is_empty());
        let at = |t: f64| {
            samples
                .iter()
                .find(|s| (s.0 - t).abs() < 1e-9)
                .map(|s| s.1)
                .expect("sample")
        };
        assert!((at(0.5) - 0.5).abs() < 1e-12);
        assert!((at(1.0) - 1.0).abs() < 1e-12);
        assert!((at(1.5) - 0.5).abs() < 1e-12);
        assert_eq!(samples.last().map(|s| s.1), Some(0.0));
    }

    #[test]
    fn hermite_segments_match_the_cubic() {
        // From rest at 0 to q = 1 with velocity 0 at t = 2: q(t) = 3 (t/2)² - 2 (t/2)³.
        let tr = Trajectory {
            start_time: None,
            points: vec![point(vec![1.0], Some(vec![0.0]), 2.0)],
        };
        let (samples, _) = run(&tr, 0.0, 0.1, 3.0);
        for &(t, q) in &samples {
            let s: f64 = (t / 2.0).min(1.0);
            assert!(
                (q - (3.0 * s * s - 2.0 * s * s * s)).abs() < 1e-12,
                "t = {t}"
            );
        }
    }

    #[test]
    fn late_waypoints_are_skipped_with_a_warning() {
        let tr = Trajectory {
            start_time: Some(-1.0),
            points: vec![point(vec![5.0], None, 0.5), point(vec![2.0], None, 3.0)],
        };
        let (samples, warnings) = run(&tr, 0.0, 0.5, 3.0);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        // The first waypoint is skipped: the joint heads straight for 2.0, due at t = 2.
        assert!((samples[0].1 - 0.5).abs() < 1e-12);
        assert_eq!(samples.last().map(|s| s.1), Some(2.0));
    }

    #[test]
    fn invalid_trajectories_are_rejected() {
        let empty = Trajectory::default();
        assert!(empty.validate(2).is_err());
        let backwards = Trajectory {
            start_time: None,
            points: vec![point(vec![1.0], None, 2.0), point(vec![1.0], None, 1.0)],
        };
        assert!(backwards.validate(2).is_err());
        let mixed = Trajectory {
            start_time: None,
            points: vec![
                point(vec![1.0], Some(vec![0.0]), 1.0),
                point(vec![1.0], None, 2.0),
            ],
        };
        assert!(mixed.validate(2).is_err());
        let too_long = Trajectory {
            start_time: None,
            points: vec![point(vec![1.0; 3], None, 1.0)],
        };
        assert!(too_long.validate(2).is_err());
    }
}
