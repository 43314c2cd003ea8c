//! The input of [`equilibrium_robustness`](super::equilibrium_robustness): point contacts, a
//! mass and a CoM state.

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::error::{StabilityError, check_finite};
use crate::limits;
use crate::stance::STANDARD_GRAVITY;

/// Normals must have a norm within this of 1.
pub const NORMAL_TOLERANCE: f64 = 1e-6;

/// The most generators per contact accepted.
pub const MAX_GENERATORS: usize = 1024;

/// Point contacts with a common friction coefficient, a robot's mass and its CoM state.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct RobustnessOptions {
    /// Contact points `[x, y, z]`, world frame, metres.
    pub points: Vec<[f64; 3]>,
    /// Unit contact normals (pointing into the robot), one per point.
    pub normals: Vec<[f64; 3]>,
    /// Friction coefficient of every contact (> 0).
    pub friction: f64,
    /// Mass in kilograms.
    pub mass: f64,
    /// CoM position, world frame.
    pub com: [f64; 3],
    /// Friction-cone generators per contact (>= 3; 4 by default).
    pub generators: usize,
    /// CoM acceleration, world frame (zero by default).
    pub acceleration: [f64; 3],
    /// Gravity magnitude in m/s², along −z (9.81 by default).
    pub gravity: f64,
}

impl RobustnessOptions {
    /// Options with the defaults: 4 generators, no acceleration, standard gravity.
    pub fn new(
        points: Vec<[f64; 3]>,
        normals: Vec<[f64; 3]>,
        friction: f64,
        mass: f64,
        com: [f64; 3],
    ) -> Self {
        Self {
            points,
            normals,
            friction,
            mass,
            com,
            generators: 4,
            acceleration: [0.0; 3],
            gravity: STANDARD_GRAVITY,
        }
    }

    /// Checks every field (the CoM and acceleration are checked when queried).
    pub(crate) fn validate(&self) -> Result<(), StabilityError> {
        if self.points.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        if self.points.len() != self.normals.len() {
            return Err(StabilityError::LengthMismatch {
                what: "normals (one per contact point)",
                expected: self.points.len(),
                got: self.normals.len(),
            });
        }
        for point in &self.points {
            check_finite("contact point", point)?;
            limits::coordinates("contact point", point)?;
        }
        for (index, normal) in self.normals.iter().enumerate() {
            check_finite("contact normal", normal)?;
            let norm = normal.iter().map(|v| v * v).sum::<f64>().sqrt();
            if (norm - 1.0).abs() > NORMAL_TOLERANCE {
                return Err(StabilityError::InvalidNormal { index, norm });
            }
        }
        if !(self.friction.is_finite() && self.friction > 0.0) {
            return Err(StabilityError::InvalidFriction {
                value: self.friction,
            });
        }
        limits::friction(self.friction)?;
        if !(self.mass.is_finite() && self.mass > 0.0) {
            return Err(StabilityError::InvalidMass { value: self.mass });
        }
        limits::mass(self.mass)?;
        if !(self.gravity.is_finite() && self.gravity > 0.0) {
            return Err(StabilityError::InvalidGravity {
                value: self.gravity,
            });
        }
        check_generators(self.generators)
    }
}

/// Checks a number of generators per contact.
pub(crate) fn check_generators(count: usize) -> Result<(), StabilityError> {
    if (3..=MAX_GENERATORS).contains(&count) {
        Ok(())
    } else {
        Err(StabilityError::InvalidGeneratorCount { value: count })
    }
}
