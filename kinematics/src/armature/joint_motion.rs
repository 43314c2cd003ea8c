//! Joints moving toward targets at bounded speeds.

/// One joint's goal in a [`JointMotion`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct JointGoal {
    /// Index of the joint's value in the configuration.
    pub idx_q: usize,
    /// Target position (already clamped to the limits).
    pub target: f64,
    /// Speed (rad/s or m/s), > 0.
    pub speed: f64,
    /// Distance at which the joint counts as arrived (MORSE's tolerance).
    pub tolerance: f64,
}

/// What one tick of a [`JointMotion`] achieved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JointProgress {
    /// Every joint got within tolerance for the first time on this tick: the service is done.
    pub completed: bool,
    /// Every joint is exactly on its target: nothing is left to move.
    pub settled: bool,
}

/// Joints moving toward their targets, each at its own speed.
///
/// Each tick a joint moves by `speed * dt` toward its target, or lands exactly on it when it
/// is closer than that, so it never overshoots. As in MORSE the motion counts as complete when
/// every joint is within its tolerance; unlike MORSE the joints then still cover the last
/// sub-tolerance distance (on the next tick) instead of stopping short.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct JointMotion {
    goals: Vec<JointGoal>,
    completed: bool,
}

impl JointMotion {
    pub fn new(goals: Vec<JointGoal>) -> Self {
        JointMotion {
            goals,
            completed: false,
        }
    }

    /// Advances every joint by `dt` seconds.
    pub fn step(&mut self, q: &mut [f64], dt: f64) -> JointProgress {
        for goal in &self.goals {
            let value = &mut q[goal.idx_q];
            let remaining = goal.target - *value;
            let reach = goal.speed * dt;
            // A relative slack absorbs rounding in sums of equal steps.
            if remaining.abs() <= reach * (1.0 + 1e-9) {
                *value = goal.target;
            } else {
                *value += reach.copysign(remaining);
            }
        }
        let within = self
            .goals
            .iter()
            .all(|g| (g.target - q[g.idx_q]).abs() <= g.tolerance);
        let settled = self.goals.iter().all(|g| q[g.idx_q] == g.target);
        let completed = within && !self.completed;
        self.completed |= within;
        JointProgress { completed, settled }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_overshoots_and_lands_exactly() {
        let mut motion = JointMotion::new(vec![JointGoal {
            idx_q: 0,
            target: 0.1,
            speed: 1.0,
            tolerance: 0.01,
        }]);
        let mut q = [0.0];
        let mut ticks = 0;
        loop {
            ticks += 1;
            let p = motion.step(&mut q, 0.03);
            assert!(q[0] <= 0.1);
            if p.settled {
                break;
            }
        }
        // 0.03, 0.06, 0.09, then 0.1 exactly.
        assert_eq!(ticks, 4);
        assert_eq!(q[0], 0.1);
    }

    #[test]
    fn completion_is_reported_once_within_tolerance() {
        let mut motion = JointMotion::new(vec![JointGoal {
            idx_q: 0,
            target: -1.0,
            speed: 0.5,
            tolerance: 0.3,
        }]);
        let mut q = [0.0];
        let reports: Vec<JointProgress> = (0..4).map(|_| motion.step(&mut q, 0.8)).collect();
        // -0.4 (no), -0.8 (within 0.3: completed), -1.0 (settled).
        assert!(!reports[0].completed);
        assert!(reports[1].completed && !reports[1].settled);
        assert!(!reports[2].completed && reports[2].settled);
    }
}
