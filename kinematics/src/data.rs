//! [`Data`]: the state and scratch space of one evaluation of a [`Model`].

use nalgebra::{Isometry3, Point3, Vector3};

use crate::link_placements::PlacementScratch;
use crate::{FrameId, JointId, KinematicsError, LinkId, Model, Result};

/// Results and scratch buffers of kinematic algorithms for one [`Model`].
///
/// Create one per model (and per thread for parallel work) with [`Data::new`]; algorithms
/// fill it without allocating. Field names say which frame is expressed in which:
/// `world_from_link[i]` maps coordinates in link `i`'s frame to world coordinates.
#[derive(Clone, Debug)]
pub struct Data {
    pub(crate) world_from_link: Vec<Isometry3<f64>>,
    pub(crate) world_from_frame: Vec<Isometry3<f64>>,
    pub(crate) subtree_mass: Vec<f64>,
    pub(crate) subtree_moment: Vec<Vector3<f64>>,
    pub(crate) com: Point3<f64>,
    /// Scratch: the joints between the root and one link (sized once, reused).
    pub(crate) path: Vec<JointId>,
    /// Scratch for the link placements.
    pub(crate) placement: PlacementScratch,
    model_id: u64,
}

impl Data {
    /// Buffers sized for `model`, with every link and frame at the identity.
    pub fn new(model: &Model) -> Data {
        Data {
            world_from_link: vec![Isometry3::identity(); model.links().len()],
            world_from_frame: vec![Isometry3::identity(); model.frames().len()],
            subtree_mass: vec![0.0; model.links().len()],
            subtree_moment: vec![Vector3::zeros(); model.links().len()],
            com: Point3::origin(),
            path: Vec::with_capacity(model.joints().len()),
            placement: PlacementScratch::new(model),
            model_id: model.id(),
        }
    }

    /// Pose of every link in the world frame, indexed like [`Model::links`], as left by the
    /// last call to [`forward_kinematics`](crate::forward_kinematics).
    pub fn world_from_links(&self) -> &[Isometry3<f64>] {
        &self.world_from_link
    }

    /// Pose of one link in the world frame.
    pub fn world_from_link(&self, link: LinkId) -> &Isometry3<f64> {
        &self.world_from_link[link.index()]
    }

    /// Pose of every frame in the world frame, indexed like [`Model::frames`].
    pub fn world_from_frames(&self) -> &[Isometry3<f64>] {
        &self.world_from_frame
    }

    /// Pose of one frame in the world frame.
    pub fn world_from_frame(&self, frame: FrameId) -> &Isometry3<f64> {
        &self.world_from_frame[frame.index()]
    }

    /// Centre of mass left by the last [`center_of_mass`](crate::center_of_mass) call.
    pub fn com(&self) -> &Point3<f64> {
        &self.com
    }

    /// Checks that this data was made for `model`.
    pub(crate) fn check_model(&self, model: &Model) -> Result<()> {
        if self.model_id != model.id() {
            return Err(KinematicsError::invalid(
                "data",
                "it was made for another model; create it with Data::new(&model)",
            ));
        }
        Ok(())
    }
}
