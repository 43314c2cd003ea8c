//! Joints: kinds, limits, mimic relations and the placement each one produces.

use nalgebra::{Isometry3, Quaternion, Translation3, Unit, UnitQuaternion, Vector3};

use crate::link::LinkId;

/// Index of a joint in its [`Model`](crate::Model).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JointId(pub(crate) usize);

impl JointId {
    /// The position of the joint in [`Model::joints`](crate::Model::joints).
    pub fn index(self) -> usize {
        self.0
    }
}

/// The kind of a joint, which fixes how many configuration values it takes.
///
/// | kind | configuration values (`nq`) | velocity values (`nv`) |
/// | --- | --- | --- |
/// | `Revolute`, `Continuous`, `Prismatic` | 1 (angle in rad, or offset in m) | 1 |
/// | `Fixed` | 0 | 0 |
/// | `Floating` | 7: position x, y, z then unit quaternion w, x, y, z (MuJoCo's `qpos`) | 6: linear velocity in the joint's origin frame (the time derivative of x, y, z), then angular velocity in the moving frame (MuJoCo's `qvel`) |
/// | `Ball` | 4: unit quaternion w, x, y, z (MuJoCo's `qpos`) | 3: angular velocity in the moving frame |
///
/// A continuous joint takes a single unbounded angle (Pinocchio uses cos/sin instead).
/// A joint that mimics another takes no configuration value of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JointKind {
    /// Rotation about an axis, within limits.
    Revolute,
    /// Rotation about an axis, without limits.
    Continuous,
    /// Translation along an axis, within limits.
    Prismatic,
    /// No motion.
    Fixed,
    /// Free motion in space (a free-flyer).
    Floating,
    /// Free rotation about the joint frame's origin (a spherical joint, MuJoCo's `ball`).
    Ball,
}

impl JointKind {
    /// Whether the joint turns about its axis by one angle (revolute or continuous).
    #[inline]
    pub fn is_revolute(self) -> bool {
        matches!(self, JointKind::Revolute | JointKind::Continuous)
    }

    /// Number of configuration values of a joint of this kind that mimics nothing.
    pub fn nq(self) -> usize {
        match self {
            JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic => 1,
            JointKind::Fixed => 0,
            JointKind::Floating => 7,
            JointKind::Ball => 4,
        }
    }

    /// Number of velocity values of a joint of this kind that mimics nothing.
    pub fn nv(self) -> usize {
        match self {
            JointKind::Floating => 6,
            JointKind::Ball => 3,
            other => other.nq(),
        }
    }

    /// The lower-case name used in URDF and in messages.
    pub fn name(self) -> &'static str {
        match self {
            JointKind::Revolute => "revolute",
            JointKind::Continuous => "continuous",
            JointKind::Prismatic => "prismatic",
            JointKind::Fixed => "fixed",
            JointKind::Floating => "floating",
            JointKind::Ball => "ball",
        }
    }

    /// True for revolute and continuous joints.
    pub fn is_rotational(self) -> bool {
        matches!(self, JointKind::Revolute | JointKind::Continuous)
    }
}

/// Position, velocity and effort limits of a one-degree-of-freedom joint (SI units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointLimits {
    /// Lowest position (rad or m); may be `-inf`.
    pub lower: f64,
    /// Highest position (rad or m); may be `+inf`.
    pub upper: f64,
    /// Largest speed (rad/s or m/s); `inf` when unknown.
    pub velocity: f64,
    /// Largest effort (N·m or N); `inf` when unknown.
    pub effort: f64,
}

impl JointLimits {
    /// Position limits with unknown velocity and effort limits.
    pub fn position(lower: f64, upper: f64) -> Self {
        JointLimits {
            lower,
            upper,
            velocity: f64::INFINITY,
            effort: f64::INFINITY,
        }
    }

    /// No limit at all.
    pub fn unlimited() -> Self {
        JointLimits::position(f64::NEG_INFINITY, f64::INFINITY)
    }

    /// `value` moved into `[lower, upper]`.
    pub fn clamp(&self, value: f64) -> f64 {
        value.max(self.lower).min(self.upper)
    }
}

/// A joint whose value is `multiplier * value(joint) + offset`, as URDF's `<mimic>`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mimic {
    /// The joint that is followed (always one with its own configuration value).
    pub joint: JointId,
    /// Factor applied to the followed joint's value.
    pub multiplier: f64,
    /// Offset added afterwards (rad or m).
    pub offset: f64,
}

/// Where a one-degree-of-freedom joint reads its value in a configuration vector.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct ValueSource {
    /// Index in the configuration vector.
    pub idx_q: usize,
    /// Index in the velocity vector.
    pub idx_v: usize,
    /// 1 for a joint with its own value, the mimic multiplier otherwise.
    pub multiplier: f64,
    /// 0 for a joint with its own value, the mimic offset otherwise.
    pub offset: f64,
}

/// One joint of a [`Model`](crate::Model): it places `child_link` relative to `parent_link`.
#[derive(Clone, Debug)]
pub struct Joint {
    pub(crate) name: String,
    pub(crate) kind: JointKind,
    pub(crate) parent_link: LinkId,
    pub(crate) child_link: LinkId,
    pub(crate) parent_from_joint: Isometry3<f64>,
    pub(crate) axis: Unit<Vector3<f64>>,
    pub(crate) limits: JointLimits,
    pub(crate) mimic: Option<Mimic>,
    pub(crate) idx_q: usize,
    pub(crate) idx_v: usize,
    pub(crate) source: Option<ValueSource>,
    pub(crate) armature: f64,
}

impl Joint {
    /// The joint's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The joint's kind.
    pub fn kind(&self) -> JointKind {
        self.kind
    }
    /// The link the joint hangs from.
    pub fn parent_link(&self) -> LinkId {
        self.parent_link
    }
    /// The link the joint moves.
    pub fn child_link(&self) -> LinkId {
        self.child_link
    }
    /// Pose of the joint frame (at zero motion) in the parent link frame: URDF's `<origin>`.
    pub fn parent_from_joint(&self) -> &Isometry3<f64> {
        &self.parent_from_joint
    }
    /// Unit axis of rotation or translation, in the joint frame.
    pub fn axis(&self) -> &Unit<Vector3<f64>> {
        &self.axis
    }
    /// Limits (unlimited for continuous, fixed, floating and ball joints).
    pub fn limits(&self) -> &JointLimits {
        &self.limits
    }
    /// Armature (kg·m² or kg) on each of the joint's velocity values: it adds to the mass
    /// matrix's diagonal.
    pub fn armature(&self) -> f64 {
        self.armature
    }
    /// The joint this one mimics, if any.
    pub fn mimic(&self) -> Option<&Mimic> {
        self.mimic.as_ref()
    }
    /// First index of this joint's values in a configuration vector.
    pub fn idx_q(&self) -> usize {
        self.idx_q
    }
    /// First index of this joint's values in a velocity vector.
    pub fn idx_v(&self) -> usize {
        self.idx_v
    }
    /// Number of configuration values this joint owns (0 for fixed and mimic joints).
    pub fn nq(&self) -> usize {
        if self.mimic.is_some() {
            0
        } else {
            self.kind.nq()
        }
    }
    /// Number of velocity values this joint owns (0 for fixed and mimic joints).
    pub fn nv(&self) -> usize {
        if self.mimic.is_some() {
            0
        } else {
            self.kind.nv()
        }
    }
    /// Index in a configuration vector of the `w` value of this joint's quaternion (floating
    /// and ball joints; the quaternion's x, y, z follow it), `None` for other joints.
    pub fn quaternion_w_index(&self) -> Option<usize> {
        match self.kind {
            JointKind::Floating if self.nq() == 7 => Some(self.idx_q + 3),
            JointKind::Ball => Some(self.idx_q),
            _ => None,
        }
    }

    /// True when the joint moves (not fixed), whether it owns a value or mimics one.
    pub fn is_moving(&self) -> bool {
        self.kind != JointKind::Fixed
    }

    /// The joint's scalar position read from `q` (for one-degree-of-freedom joints, mimic applied).
    ///
    /// Returns `None` for fixed, floating and ball joints.
    pub fn position(&self, q: &[f64]) -> Option<f64> {
        self.source.map(|s| s.multiplier * q[s.idx_q] + s.offset)
    }

    /// Pose of the child link in the parent link frame for configuration `q`.
    ///
    /// `q` must have the model's length; the model checks this before calling.
    #[inline]
    pub(crate) fn parent_from_child(&self, q: &[f64]) -> Isometry3<f64> {
        self.placement_after(&self.parent_from_joint, q)
    }

    /// The sine and cosine of half of this joint's angle at `q` (of 0 for a joint without
    /// one): the rotation a revolute joint makes is their quaternion.
    #[inline(always)]
    pub(crate) fn half_angle_sin_cos(&self, q: &[f64]) -> (f64, f64) {
        morsel_geometry::trig::sin_cos(0.5 * self.position(q).unwrap_or(0.0))
    }

    /// `origin` followed by this joint's motion at `q`: the child's pose in whatever frame
    /// `origin` (the joint frame at zero motion) is expressed in.
    #[inline]
    pub(crate) fn placement_after(&self, origin: &Isometry3<f64>, q: &[f64]) -> Isometry3<f64> {
        match self.kind {
            JointKind::Revolute | JointKind::Continuous => {
                let (s, c) = self.half_angle_sin_cos(q);
                let axis = self.axis.into_inner() * s;
                let rotation = UnitQuaternion::new_unchecked(Quaternion::from_parts(c, axis));
                Isometry3::from_parts(origin.translation, origin.rotation * rotation)
            }
            JointKind::Prismatic => {
                let offset = self.position(q).unwrap_or(0.0);
                let shift = origin.rotation * (self.axis.into_inner() * offset);
                Isometry3::from_parts(
                    Translation3::from(origin.translation.vector + shift),
                    origin.rotation,
                )
            }
            JointKind::Fixed => *origin,
            JointKind::Floating => origin * floating_placement(&q[self.idx_q..self.idx_q + 7]),
            JointKind::Ball => {
                let rotation = ball_rotation(&q[self.idx_q..self.idx_q + 4]);
                Isometry3::from_parts(origin.translation, origin.rotation * rotation)
            }
        }
    }
}

/// The pose stored in the 7 configuration values of a floating joint (x, y, z, w, qx, qy, qz;
/// quaternion normalised).
pub(crate) fn floating_placement(values: &[f64]) -> Isometry3<f64> {
    let rotation =
        UnitQuaternion::new_normalize(Quaternion::new(values[3], values[4], values[5], values[6]));
    Isometry3::from_parts(Translation3::new(values[0], values[1], values[2]), rotation)
}

/// The rotation stored in the 4 configuration values of a ball joint (w, x, y, z; normalised).
pub(crate) fn ball_rotation(values: &[f64]) -> UnitQuaternion<f64> {
    UnitQuaternion::new_normalize(Quaternion::new(values[0], values[1], values[2], values[3]))
}

/// Writes `rotation` into the 4 configuration values of a ball joint.
pub(crate) fn write_ball(rotation: &UnitQuaternion<f64>, values: &mut [f64]) {
    let r = rotation.quaternion();
    values[..4].copy_from_slice(&[r.w, r.i, r.j, r.k]);
}

/// Writes `pose` into the 7 configuration values of a floating joint.
pub(crate) fn write_floating(pose: &Isometry3<f64>, values: &mut [f64]) {
    let t = pose.translation.vector;
    let r = pose.rotation.quaternion();
    values[..7].copy_from_slice(&[t.x, t.y, t.z, r.w, r.i, r.j, r.k]);
}
