//! Forward kinematics: world poses of links and frames.

use nalgebra::Isometry3;

use crate::link_placements::update_placements;
use crate::{Data, FrameKey, LinkId, Model, Result};

/// Computes the world pose of every link and every frame for configuration `q`.
///
/// Results are in [`Data::world_from_links`] and [`Data::world_from_frames`]. The root link
/// sits at the world origin. Errors when `q` has the wrong length or holds NaN or infinities,
/// or when `data` was made for another model.
///
/// ```
/// use morsel_kinematics::{ChainBuilder, Data, forward_kinematics};
/// let model = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-3.0, 3.0])
///     .fixed("tip", [0.5, 0.0, 0.0])
///     .build()?;
/// let mut data = Data::new(&model);
/// forward_kinematics(&model, &mut data, &[std::f64::consts::FRAC_PI_2])?;
/// let tip = data.world_from_link(model.link_id("tip")?).translation.vector;
/// assert!((tip - nalgebra::Vector3::new(0.0, 0.5, 0.3)).norm() < 1e-12);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
pub fn forward_kinematics(model: &Model, data: &mut Data, q: &[f64]) -> Result<()> {
    data.check_model(model)?;
    model.check_configuration(q)?;
    update_link_placements(model, data, q);
    update_frame_placements(model, data);
    Ok(())
}

/// Computes the world pose of one frame, evaluating only the moving joints between it and the
/// root (runs of fixed joints were composed when the model was built).
///
/// The frame's link and the links those moving joints place are also updated in `data`;
/// other links on the path (behind fixed joints) are not.
pub fn frame_placement(
    model: &Model,
    data: &mut Data,
    q: &[f64],
    frame: impl FrameKey,
) -> Result<Isometry3<f64>> {
    let frame = frame.frame_id(model)?;
    data.check_model(model)?;
    model.check_configuration(q)?;
    let f = model.frame(frame);
    let pose = update_moving_path_placements(model, data, q, f.link()) * f.link_from_frame();
    data.world_from_frame[frame.index()] = pose;
    Ok(pose)
}

/// Fills `world_from_link` for the links that the moving joints between the root and `link`
/// place, and for `link` itself, whose pose is returned (no checks).
#[inline]
pub(crate) fn update_moving_path_placements(
    model: &Model,
    data: &mut Data,
    q: &[f64],
    link: LinkId,
) -> Isometry3<f64> {
    data.world_from_link[0] = Isometry3::identity();
    let mut path = std::mem::take(&mut data.path);
    path.clear();
    path.extend(model.moving_joints_upward(link));
    for &j in path.iter().rev() {
        let joint = model.joint(j);
        let (base, origin) = model.folded_origin(j);
        let local = joint.placement_after(origin, q);
        data.world_from_link[joint.child_link().index()] = data.world_from_link[*base] * local;
    }
    data.path = path;
    let (anchor, anchor_from_link) = model.anchor(link);
    let pose = data.world_from_link[*anchor] * anchor_from_link;
    data.world_from_link[link.index()] = pose;
    pose
}

/// Fills `world_from_link` for all links (no checks), by the code a batch runs
/// ([`update_placements`]), so that a batch's poses equal single calls' bit for bit.
pub(crate) fn update_link_placements(model: &Model, data: &mut Data, q: &[f64]) {
    update_placements(model, &mut data.placement, q, &mut data.world_from_link);
}

/// Fills `world_from_link` for the links between the root and `link` (no checks).
#[inline]
pub(crate) fn update_path_placements(model: &Model, data: &mut Data, q: &[f64], link: LinkId) {
    data.world_from_link[0] = Isometry3::identity();
    let mut path = std::mem::take(&mut data.path);
    path.clear();
    path.extend(model.joints_upward(link));
    for &j in path.iter().rev() {
        let joint = model.joint(j);
        let parent = data.world_from_link[joint.parent_link().index()];
        data.world_from_link[joint.child_link().index()] = parent * joint.parent_from_child(q);
    }
    data.path = path;
}

/// Fills `world_from_frame` from `world_from_link` (no checks).
pub(crate) fn update_frame_placements(model: &Model, data: &mut Data) {
    let links = model.links().len();
    data.world_from_frame[..links].copy_from_slice(&data.world_from_link);
    for (i, frame) in model.frames().iter().enumerate().skip(links) {
        data.world_from_frame[i] =
            data.world_from_link[frame.link().index()] * frame.link_from_frame();
    }
}
