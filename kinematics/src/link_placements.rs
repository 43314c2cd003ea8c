//! The world pose of every link for one configuration: the arithmetic that single forward
//! kinematics calls and batches share, so that a batch's poses equal single calls' bit for bit.
//!
//! Revolute joints take their half-angle sines and cosines first, in a pass of their own, so
//! that the processor overlaps their polynomials (computed inside the chain of poses, each
//! waited on its own). Revolute and fixed joints then take short paths: an origin that does not
//! rotate skips a quaternion product, and a coordinate axis keeps only the nonzero terms of the
//! product with the joint's quaternion `(c, ±s e_k)` (the rotations are associated as
//! `(parent · origin) · joint`). Other joints use [`Joint::parent_from_child`].

use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion};

use crate::{Joint, JointKind, Model};

/// Buffers for [`update_placements`], sized for one model.
#[derive(Clone, Debug)]
pub(crate) struct PlacementScratch {
    /// Each joint's half-angle sine and cosine, indexed like [`Model::joints`] (used for
    /// revolute joints only).
    half_angle: Vec<(f64, f64)>,
}

impl PlacementScratch {
    pub fn new(model: &Model) -> Self {
        PlacementScratch {
            half_angle: vec![(0.0, 1.0); model.joints().len()],
        }
    }
}

/// The world pose of every link for configuration `q` (checked by the caller) into
/// `world_from_link` (indexed like [`Model::links`]).
#[inline(always)]
pub(crate) fn update_placements(
    model: &Model,
    scratch: &mut PlacementScratch,
    q: &[f64],
    world_from_link: &mut [Isometry3<f64>],
) {
    for (joint, sc) in model.joints().iter().zip(scratch.half_angle.iter_mut()) {
        if joint.kind().is_revolute() {
            *sc = joint.half_angle_sin_cos(q);
        }
    }
    world_from_link[0] = Isometry3::identity();
    // Joints are stored depth first, so a joint's parent is most often the link the previous
    // joint placed: that pose is taken from the registers it was computed in, not read back
    // from the array it was just stored to (a read that waits for the store to land, about a
    // quarter of the time when measured).
    let mut last = (0, Isometry3::identity());
    for (joint, &sc) in model.joints().iter().zip(&scratch.half_angle) {
        let parent_index = joint.parent_link().index();
        let parent = if parent_index == last.0 {
            last.1
        } else {
            world_from_link[parent_index]
        };
        let child = match joint.kind() {
            JointKind::Revolute | JointKind::Continuous => revolute_child(&parent, joint, sc),
            JointKind::Fixed => fixed_child(&parent, joint),
            _ => parent * joint.parent_from_child(q),
        };
        world_from_link[joint.child_link().index()] = child;
        last = (joint.child_link().index(), child);
    }
}

/// Whether `q` is exactly the identity quaternion.
#[inline(always)]
fn is_identity(q: &Quaternion<f64>) -> bool {
    q.w == 1.0 && q.i == 0.0 && q.j == 0.0 && q.k == 0.0
}

/// The child of a fixed joint: `parent`, then the joint's origin.
#[inline(always)]
fn fixed_child(parent: &Isometry3<f64>, joint: &Joint) -> Isometry3<f64> {
    let origin = &joint.parent_from_joint;
    if is_identity(origin.rotation.quaternion()) {
        let translation = parent.translation.vector + parent.rotation * origin.translation.vector;
        Isometry3::from_parts(Translation3::from(translation), parent.rotation)
    } else {
        parent * origin
    }
}

/// The child of a revolute joint: `parent`, then the joint's origin, then its rotation, whose
/// half angle has sine and cosine `(s, c)`.
#[inline(always)]
fn revolute_child(parent: &Isometry3<f64>, joint: &Joint, (s, c): (f64, f64)) -> Isometry3<f64> {
    let origin = &joint.parent_from_joint;
    let translation = parent.translation.vector + parent.rotation * origin.translation.vector;
    let o = origin.rotation.quaternion();
    let p = if is_identity(o) {
        *parent.rotation.quaternion()
    } else {
        parent.rotation.quaternion() * o
    };
    let a = joint.axis.into_inner();
    let (w, x, y, z) = (p.w, p.i, p.j, p.k);
    // (w, x, y, z) · (c, b e_k) with b = ±s, only the nonzero terms; in general the whole
    // product with (c, s a).
    let rotation = if a.y == 0.0 && a.z == 0.0 {
        let b = a.x * s;
        Quaternion::new(w * c - x * b, w * b + x * c, y * c + z * b, z * c - y * b)
    } else if a.x == 0.0 && a.z == 0.0 {
        let b = a.y * s;
        Quaternion::new(w * c - y * b, x * c - z * b, w * b + y * c, z * c + x * b)
    } else if a.x == 0.0 && a.y == 0.0 {
        let b = a.z * s;
        Quaternion::new(w * c - z * b, x * c + y * b, y * c - x * b, w * b + z * c)
    } else {
        p * Quaternion::from_parts(c, a * s)
    };
    Isometry3::from_parts(
        Translation3::from(translation),
        UnitQuaternion::new_unchecked(rotation),
    )
}
