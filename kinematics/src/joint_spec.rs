//! Descriptions of joints (and mimic relations between them) given to a [`ModelBuilder`](crate::ModelBuilder).

use nalgebra::{Isometry3, Vector3};

use crate::{JointKind, JointLimits};

/// Description of a joint given to [`ModelBuilder::add_joint`](crate::ModelBuilder::add_joint).
#[derive(Clone, Debug)]
pub struct JointSpec {
    /// Unique joint name.
    pub name: String,
    /// Joint kind.
    pub kind: JointKind,
    /// Name of the link the joint hangs from.
    pub parent: String,
    /// Name of the link the joint moves.
    pub child: String,
    /// Pose of the joint frame in the parent link frame (URDF `<origin>`).
    pub origin: Isometry3<f64>,
    /// Axis in the joint frame; any non-zero length (normalised on build). Ignored for fixed and floating joints.
    pub axis: Vector3<f64>,
    /// Limits; `None` means unlimited.
    pub limits: Option<JointLimits>,
    /// The joint this one follows, if any.
    pub mimic: Option<MimicSpec>,
    /// Armature: rotor inertia reflected through the joint (kg·m² or kg), added to the mass
    /// matrix's diagonal for each of the joint's velocity values (MJCF `armature`).
    pub armature: f64,
}

/// A mimic relation by joint name: `value = multiplier * value(joint) + offset`.
#[derive(Clone, Debug, PartialEq)]
pub struct MimicSpec {
    /// Name of the followed joint.
    pub joint: String,
    /// Factor applied to the followed joint's value.
    pub multiplier: f64,
    /// Offset added afterwards.
    pub offset: f64,
}

impl JointSpec {
    /// A joint of `kind` between `parent` and `child` at `origin`, about or along `axis`.
    pub fn new(
        name: impl Into<String>,
        kind: JointKind,
        parent: impl Into<String>,
        child: impl Into<String>,
        origin: Isometry3<f64>,
        axis: Vector3<f64>,
    ) -> Self {
        JointSpec {
            name: name.into(),
            kind,
            parent: parent.into(),
            child: child.into(),
            origin,
            axis,
            limits: None,
            mimic: None,
            armature: 0.0,
        }
    }

    /// The same joint with limits.
    pub fn with_limits(mut self, limits: JointLimits) -> Self {
        self.limits = Some(limits);
        self
    }

    /// The same joint with armature (kg·m² or kg, finite and not negative).
    pub fn with_armature(mut self, armature: f64) -> Self {
        self.armature = armature;
        self
    }

    /// The same joint following another one.
    pub fn with_mimic(mut self, joint: impl Into<String>, multiplier: f64, offset: f64) -> Self {
        self.mimic = Some(MimicSpec {
            joint: joint.into(),
            multiplier,
            offset,
        });
        self
    }
}
