//! A joint added to an armature under construction (`armature("arm").revolute("j", options)`),
//! with the script API's defaults, so that every front end builds the same chain.

use morsel_kinematics::{Inertial, JointKind, JointLimits};
use nalgebra::{Isometry3, Matrix3, Point3, UnitQuaternion, Vector3};

use super::{Robot, SimResult, SimulationError};

/// The options of `revolute`, `continuous`, `prismatic` and `fixed`, as a front end read them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct JointSpec {
    /// The joint axis in the joint frame (default z).
    pub axis: Option<Vector3<f64>>,
    /// The joint frame relative to the previous link (default identity).
    pub origin: Option<Isometry3<f64>>,
    /// Roll-pitch-yaw turned onto the origin's rotation (fixed axes x, then y, then z).
    pub rpy: Option<Vector3<f64>>,
    /// `[lower, upper]` (rad or m); defaults: [-π, π] revolute, [0, 1] prismatic, none otherwise.
    pub limits: Option<Vec<f64>>,
    /// The joint's default speed (rad/s or m/s) for motions that give none.
    pub speed: Option<f64>,
    /// The mass (kg) of the link after the joint.
    pub mass: Option<f64>,
    /// The centre of mass of that link in its frame (default its origin); used with `mass`.
    pub com: Option<Vector3<f64>>,
}

impl JointSpec {
    /// The joint frame: `origin`, turned by `rpy` when given.
    pub fn frame(&self) -> Isometry3<f64> {
        let origin = self.origin.unwrap_or_else(Isometry3::identity);
        match self.rpy {
            Some(a) => Isometry3::from_parts(
                origin.translation,
                UnitQuaternion::from_euler_angles(a.x, a.y, a.z) * origin.rotation,
            ),
            None => origin,
        }
    }

    /// The limits of a joint of `kind`, with the defaults; `function` names the caller in errors.
    pub fn limits_for(&self, kind: JointKind, function: &str) -> SimResult<Option<JointLimits>> {
        let given = match &self.limits {
            None => None,
            Some(l) if l.len() == 2 => Some(JointLimits::position(l[0], l[1])),
            Some(l) => {
                return Err(SimulationError::Invalid(format!(
                    "option `limits` of {function}(): expected [lower, upper], got {} numbers",
                    l.len()
                )));
            }
        };
        Ok(match (kind, given) {
            (JointKind::Revolute, None) => Some(JointLimits::position(
                -std::f64::consts::PI,
                std::f64::consts::PI,
            )),
            (JointKind::Prismatic, None) => Some(JointLimits::position(0.0, 1.0)),
            (JointKind::Continuous | JointKind::Fixed, _) => None,
            (_, l) => l,
        })
    }

    /// The inertial of the link after the joint, when a mass is given (zero inertia tensor).
    pub fn inertial(&self) -> Option<Inertial> {
        self.mass.map(|m| Inertial {
            mass: m,
            com: Point3::from(self.com.unwrap_or_else(Vector3::zeros)),
            inertia: Matrix3::zeros(),
        })
    }
}

impl Robot {
    /// Appends joint `joint` of `kind` with `spec`'s options and defaults to a chain under
    /// construction; `function` (`revolute`, ...) names the caller in errors.
    pub fn add_joint_spec(
        &self,
        kind: JointKind,
        joint: &str,
        spec: &JointSpec,
        function: &str,
    ) -> SimResult<()> {
        let limits = spec.limits_for(kind, function)?;
        self.add_joint(
            kind,
            joint,
            spec.frame(),
            spec.axis.unwrap_or_else(Vector3::z),
            limits,
            spec.inertial(),
            spec.speed,
        )
    }
}

#[cfg(test)]
mod tests {
    use morsel_kinematics::ChainBuilder;

    use super::*;

    #[test]
    fn defaults_follow_the_joint_kind() {
        let spec = JointSpec::default();
        let rev = spec
            .limits_for(JointKind::Revolute, "revolute")
            .expect("ok");
        assert_eq!(
            rev.map(|l| (l.lower, l.upper)),
            Some((-std::f64::consts::PI, std::f64::consts::PI))
        );
        let pri = spec
            .limits_for(JointKind::Prismatic, "prismatic")
            .expect("ok");
        assert_eq!(pri.map(|l| (l.lower, l.upper)), Some((0.0, 1.0)));
        let bad = JointSpec {
            limits: Some(vec![1.0]),
            ..JointSpec::default()
        };
        assert!(bad.limits_for(JointKind::Revolute, "revolute").is_err());
        assert!(spec.inertial().is_none());
    }

    #[test]
    fn rpy_turns_the_origin() {
        let spec = JointSpec {
            origin: Some(Isometry3::translation(0.0, 0.0, 0.3)),
            rpy: Some(Vector3::new(0.0, 0.0, std::f64::consts::FRAC_PI_2)),
            ..JointSpec::default()
        };
        let f = spec.frame();
        let x = f.rotation * Vector3::x();
        assert!((x - Vector3::y()).norm() < 1e-15);
        assert_eq!(f.translation.vector, Vector3::new(0.0, 0.0, 0.3));
    }

    #[test]
    fn a_chain_built_from_specs_has_its_joints() {
        let arm = Robot::building(ChainBuilder::new("arm")).expect("arm");
        let spec = JointSpec {
            axis: Some(Vector3::y()),
            speed: Some(0.5),
            ..JointSpec::default()
        };
        arm.add_joint_spec(JointKind::Revolute, "a", &spec, "revolute")
            .expect("a");
        arm.add_joint_spec(JointKind::Fixed, "tool", &JointSpec::default(), "fixed")
            .expect("tool");
        let joints = arm.with(|a| Ok(a.get_joints())).expect("joints");
        assert_eq!(joints, vec!["a".to_string()]);
        let limits = arm.with(|a| a.get_ik_limits("a")).expect("limits");
        assert_eq!(limits, (-std::f64::consts::PI, std::f64::consts::PI));
    }
}
