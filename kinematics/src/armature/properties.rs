//! The armature actuator's properties, with MORSE's names and defaults.

use crate::{KinematicsError, Result};

/// Tunable properties of an [`Armature`](crate::Armature). Defaults are MORSE's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArmatureProperties {
    /// `DistanceTolerance`: a prismatic joint closer than this to its target counts as there (m).
    pub distance_tolerance: f64,
    /// `AngleTolerance`: a rotational joint closer than this to its target counts as there (rad).
    pub angle_tolerance: f64,
    /// `RotationSpeed`: default speed of rotational joints (rad/s).
    pub rotation_speed: f64,
    /// `LinearSpeed`: default speed of prismatic joints (m/s).
    pub linear_speed: f64,
    /// `IKRotationSpeed`: default rotation speed of a moving IK target (rad/s).
    pub ik_rotation_speed: f64,
    /// `IKLinearSpeed`: default speed of a moving IK target (m/s).
    pub ik_linear_speed: f64,
}

impl Default for ArmatureProperties {
    fn default() -> Self {
        ArmatureProperties {
            distance_tolerance: 0.005,
            angle_tolerance: 0.01,
            rotation_speed: 0.8,
            linear_speed: 0.05,
            ik_rotation_speed: 0.5,
            ik_linear_speed: 0.5,
        }
    }
}

/// The property names, as MORSE spells them.
pub const PROPERTY_NAMES: [&str; 6] = [
    "DistanceTolerance",
    "AngleTolerance",
    "RotationSpeed",
    "LinearSpeed",
    "IKRotationSpeed",
    "IKLinearSpeed",
];

impl ArmatureProperties {
    /// Every property as `(MORSE name, value)`, in [`PROPERTY_NAMES`] order.
    pub fn to_list(&self) -> Vec<(&'static str, f64)> {
        PROPERTY_NAMES
            .iter()
            .map(|&n| (n, self.value(n).unwrap_or(f64::NAN)))
            .collect()
    }

    /// The value of the property called `name` (MORSE spelling).
    pub fn value(&self, name: &str) -> Result<f64> {
        Ok(match name {
            "DistanceTolerance" => self.distance_tolerance,
            "AngleTolerance" => self.angle_tolerance,
            "RotationSpeed" => self.rotation_speed,
            "LinearSpeed" => self.linear_speed,
            "IKRotationSpeed" => self.ik_rotation_speed,
            "IKLinearSpeed" => self.ik_linear_speed,
            _ => {
                return Err(KinematicsError::unknown(
                    "property",
                    name,
                    PROPERTY_NAMES.iter().copied(),
                ));
            }
        })
    }

    /// Sets the property called `name`. Values must be finite and greater than zero.
    pub fn set(&mut self, name: &str, value: f64) -> Result<()> {
        if !(value.is_finite() && value > 0.0) {
            return Err(KinematicsError::invalid(
                format!("property {name}"),
                format!("{value} must be a finite number greater than zero"),
            ));
        }
        let slot = match name {
            "DistanceTolerance" => &mut self.distance_tolerance,
            "AngleTolerance" => &mut self.angle_tolerance,
            "RotationSpeed" => &mut self.rotation_speed,
            "LinearSpeed" => &mut self.linear_speed,
            "IKRotationSpeed" => &mut self.ik_rotation_speed,
            "IKLinearSpeed" => &mut self.ik_linear_speed,
            _ => {
                return Err(KinematicsError::unknown(
                    "property",
                    name,
                    PROPERTY_NAMES.iter().copied(),
                ));
            }
        };
        *slot = value;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_morse_defaults() {
        let p = ArmatureProperties::default();
        let expected = [0.005, 0.01, 0.8, 0.05, 0.5, 0.5];
        for ((name, value), want) in p.to_list().into_iter().zip(expected) {
            assert_eq!(value, want, "{name}");
        }
    }

    #[test]
    fn set_checks_names_and_values() {
        let mut p = ArmatureProperties::default();
        p.set("RotationSpeed", 1.5).expect("valid");
        assert_eq!(p.rotation_speed, 1.5);
        assert!(p.set("RotationSpeed", -1.0).is_err());
        assert!(p.set("RotationSpeed", f64::NAN).is_err());
        assert!(p.set("Speed", 1.0).is_err());
    }
}
