//! A shape placed in a body's frame.

use nalgebra::Isometry3;

use crate::error::Result;
use crate::range;
use crate::shape::Shape;

/// A shape placed by a local pose in the frame of the body (link) that carries it.
#[derive(Debug, Clone, PartialEq)]
pub struct Collider {
    /// The shape.
    pub shape: Shape,
    /// Pose of the shape's frame in the body frame.
    pub local_pose: Isometry3<f64>,
}

impl Collider {
    /// Places `shape` at `local_pose` in the body frame. A non-finite pose, or a translation
    /// beyond ±[`MAX_LENGTH`](crate::MAX_LENGTH), is an error.
    pub fn new(shape: Shape, local_pose: Isometry3<f64>) -> Result<Self> {
        range::pose("collider pose", &local_pose)?;
        Ok(Self { shape, local_pose })
    }

    /// The shape's world pose when the body is at `body_pose`.
    pub fn world_pose(&self, body_pose: &Isometry3<f64>) -> Isometry3<f64> {
        body_pose * self.local_pose
    }
}
