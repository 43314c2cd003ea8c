//! The kinematics inverse kinematics needs: the moving joints above some frames, with the
//! model's folded fixed joints.

use nalgebra::Isometry3;

use crate::{FrameId, JointId, Model};

/// Forward kinematics restricted to the moving joints between the root and some frames.
#[derive(Clone, Debug, Default)]
pub(crate) struct FoldedKinematics {
    joints: Vec<JointId>,
    on_path: Vec<bool>,
    /// Per frame given to `setup`: evaluated link and the frame's pose in it.
    frames: Vec<(usize, Isometry3<f64>)>,
}

impl FoldedKinematics {
    /// Prepares the evaluation of `frames` (any number, repeated frames allowed).
    pub fn setup(&mut self, model: &Model, frames: impl Iterator<Item = FrameId>) {
        self.on_path.clear();
        self.on_path.resize(model.joints().len(), false);
        self.frames.clear();
        for f in frames {
            let frame = model.frame(f);
            for j in model.moving_joints_upward(frame.link()) {
                self.on_path[j.index()] = true;
            }
            let (anchor, anchor_from_link) = model.anchor(frame.link());
            self.frames
                .push((*anchor, anchor_from_link * frame.link_from_frame()));
        }
        // Joint order is depth first, so parents come before children.
        self.joints.clear();
        self.joints.extend(
            (0..model.joints().len())
                .filter(|&j| self.on_path[j])
                .map(JointId),
        );
    }

    /// Fills `world[child]` for every moving joint on the paths (`world[0]` must be the identity).
    #[inline]
    pub fn run(&self, model: &Model, q: &[f64], world: &mut [Isometry3<f64>]) {
        for &j in &self.joints {
            let joint = model.joint(j);
            let (base, origin) = model.folded_origin(j);
            world[joint.child_link().index()] = world[*base] * joint.placement_after(origin, q);
        }
    }

    /// World pose of the `i`-th frame given to `setup`, after `run`.
    #[inline]
    pub fn frame_pose(&self, i: usize, world: &[Isometry3<f64>]) -> Isometry3<f64> {
        let (link, offset) = &self.frames[i];
        world[*link] * offset
    }
}
