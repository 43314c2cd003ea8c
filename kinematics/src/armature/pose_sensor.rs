//! The armature pose sensor: joint positions of an armature, read each tick.

use super::Armature;

/// One reading of an [`ArmaturePoseSensor`].
#[derive(Clone, Debug, PartialEq)]
pub struct ArmaturePose {
    /// Armature time of the reading (s).
    pub time: f64,
    /// `(joint, position)` for every joint, root to tip (rad or m).
    pub joints: Vec<(String, f64)>,
}

impl ArmaturePose {
    /// The position of one joint, if the reading has it.
    pub fn get(&self, joint: &str) -> Option<f64> {
        self.joints
            .iter()
            .find(|(name, _)| name == joint)
            .map(|(_, v)| *v)
    }
}

/// MORSE's armature pose sensor: reports `{joint: position}` of an armature.
///
/// It keeps the readings it took, so a simulation can call [`sample`](ArmaturePoseSensor::sample)
/// after every tick and save [`readings`](ArmaturePoseSensor::readings) at the end.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArmaturePoseSensor {
    readings: Vec<ArmaturePose>,
}

impl ArmaturePoseSensor {
    /// A sensor with no readings.
    pub fn new() -> Self {
        ArmaturePoseSensor::default()
    }

    /// Reads `armature` now, without storing the reading.
    pub fn read(armature: &Armature) -> ArmaturePose {
        ArmaturePose {
            time: armature.time(),
            joints: armature.joint_positions(),
        }
    }

    /// Reads `armature`, stores the reading and returns it.
    pub fn sample(&mut self, armature: &Armature) -> &ArmaturePose {
        self.readings.push(Self::read(armature));
        &self.readings[self.readings.len() - 1]
    }

    /// All stored readings, oldest first.
    pub fn readings(&self) -> &[ArmaturePose] {
        &self.readings
    }

    /// Forgets the stored readings.
    pub fn clear(&mut self) {
        self.readings.clear();
    }
}
