//! A ring buffer of past readings: `length` slots of `(num_envs, num_probes, 3)` values, read
//! newest first.

use crate::error::{Result, SensingError};

/// The last `length` steps of one quantity (force or torque) for every environment.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    length: usize,
    envs: usize,
    per_env: usize,
    /// Slot-major storage: slot `s` holds `envs × per_env` values.
    slots: Vec<f64>,
    /// Slot of the newest step.
    head: usize,
    filled: bool,
}

impl History {
    /// A history of `length` steps of `per_env` values per environment (allocated on the
    /// first push).
    pub fn new(length: usize, per_env: usize) -> Self {
        Self {
            length,
            per_env,
            ..Self::default()
        }
    }

    /// Forgets everything (the next push may use another number of environments).
    pub fn clear(&mut self) {
        self.slots.clear();
        self.envs = 0;
        self.head = 0;
        self.filled = false;
    }

    /// Records one step: `current` holds `envs × per_env` values.
    pub fn push(&mut self, envs: usize, current: &[f64]) -> Result<()> {
        if !self.filled {
            self.envs = envs;
            self.slots = vec![0.0; self.length * envs * self.per_env];
            self.head = self.length - 1;
            self.filled = true;
        } else if envs != self.envs {
            return Err(SensingError::EnvironmentCount {
                expected: self.envs,
                got: envs,
            });
        }
        self.head = (self.head + 1) % self.length;
        let size = self.envs * self.per_env;
        self.slots[self.head * size..(self.head + 1) * size].copy_from_slice(current);
        Ok(())
    }

    /// The history as `(envs, length, per_env)` values, step 0 the newest (steps never
    /// recorded are zero).
    pub fn ordered(&self) -> Vec<f64> {
        let mut out = vec![0.0; self.envs * self.length * self.per_env];
        let size = self.envs * self.per_env;
        for h in 0..self.length {
            let slot = (self.head + self.length - h) % self.length;
            for e in 0..self.envs {
                let src = &self.slots[slot * size + e * self.per_env..][..self.per_env];
                let dst = (e * self.length + h) * self.per_env;
                out[dst..dst + self.per_env].copy_from_slice(src);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newest_first_and_zero_padded() {
        let mut h = History::new(3, 1);
        h.push(2, &[1.0, 10.0]).unwrap();
        assert_eq!(h.ordered(), vec![1.0, 0.0, 0.0, 10.0, 0.0, 0.0]);
        h.push(2, &[2.0, 20.0]).unwrap();
        h.push(2, &[3.0, 30.0]).unwrap();
        h.push(2, &[4.0, 40.0]).unwrap();
        assert_eq!(h.ordered(), vec![4.0, 3.0, 2.0, 40.0, 30.0, 20.0]);
        assert!(h.push(3, &[0.0; 3]).is_err());
        h.clear();
        assert!(h.push(3, &[0.0; 3]).is_ok());
    }
}
