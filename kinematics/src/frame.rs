//! Named frames: every link has one, and more can be attached to links.

use nalgebra::Isometry3;

use crate::{JointId, KinematicsError, LinkId, Model, Result};

/// Index of a frame in its [`Model`](crate::Model).
///
/// Frame `i` for `i < model.links().len()` is the frame of link `i`; later frames are extra
/// frames added with [`ModelBuilder::add_frame`](crate::ModelBuilder::add_frame).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FrameId(pub(crate) usize);

impl FrameId {
    /// The position of the frame in [`Model::frames`](crate::Model::frames).
    pub fn index(self) -> usize {
        self.0
    }
}

/// A named frame fixed to a link.
#[derive(Clone, Debug)]
pub struct Frame {
    pub(crate) name: String,
    pub(crate) link: LinkId,
    pub(crate) link_from_frame: Isometry3<f64>,
}

impl Frame {
    /// The frame's name (a link's frame has the link's name).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The link the frame is attached to.
    pub fn link(&self) -> LinkId {
        self.link
    }
    /// Pose of the frame in its link's frame.
    pub fn link_from_frame(&self) -> &Isometry3<f64> {
        &self.link_from_frame
    }
}

/// Anything that names a frame: a [`FrameId`], a [`LinkId`] or a frame name.
///
/// Algorithms take `impl FrameKey`, so callers pass whichever they have.
pub trait FrameKey {
    /// Resolves the key in `model`.
    fn frame_id(&self, model: &Model) -> Result<FrameId>;
}

impl FrameKey for FrameId {
    fn frame_id(&self, model: &Model) -> Result<FrameId> {
        if self.0 < model.frames().len() {
            Ok(*self)
        } else {
            Err(KinematicsError::invalid(
                "frame id",
                format!(
                    "{} is out of range; the model has {} frames",
                    self.0,
                    model.frames().len()
                ),
            ))
        }
    }
}

impl FrameKey for LinkId {
    fn frame_id(&self, model: &Model) -> Result<FrameId> {
        FrameId(self.0).frame_id(model)
    }
}

impl FrameKey for &str {
    fn frame_id(&self, model: &Model) -> Result<FrameId> {
        model.frame_id(self)
    }
}

impl FrameKey for String {
    fn frame_id(&self, model: &Model) -> Result<FrameId> {
        model.frame_id(self)
    }
}

impl FrameKey for &String {
    fn frame_id(&self, model: &Model) -> Result<FrameId> {
        model.frame_id(self)
    }
}

/// Anything that names a joint: a [`JointId`] or a joint name.
pub trait JointKey {
    /// Resolves the key in `model`.
    fn joint_id(&self, model: &Model) -> Result<JointId>;
}

impl JointKey for JointId {
    fn joint_id(&self, model: &Model) -> Result<JointId> {
        if self.0 < model.joints().len() {
            Ok(*self)
        } else {
            Err(KinematicsError::invalid(
                "joint id",
                format!(
                    "{} is out of range; the model has {} joints",
                    self.0,
                    model.joints().len()
                ),
            ))
        }
    }
}

impl JointKey for &str {
    fn joint_id(&self, model: &Model) -> Result<JointId> {
        model.joint_id(self)
    }
}

impl JointKey for String {
    fn joint_id(&self, model: &Model) -> Result<JointId> {
        model.joint_id(self)
    }
}

impl JointKey for &String {
    fn joint_id(&self, model: &Model) -> Result<JointId> {
        model.joint_id(self)
    }
}
