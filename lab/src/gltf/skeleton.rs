//! Skeletons of links without geometry: the link frame's axes, the axes of the joints that
//! hang from the link, and rods from the link's origin to those joints, so that a
//! kinematics-only robot (no visual or collision shapes) is still visible in a view.

use morsel_kinematics::{Joint, JointKind, Model};
use nalgebra::{Point3, Vector3};

use super::drawing::Surface;
use super::glyphs::{arrow, marker, rod};
use super::legend::LegendEntry;

/// Colours of a link frame's x, y and z axes (red, green, blue).
pub const FRAME_COLOURS: [[f32; 4]; 3] = [
    [0.85, 0.15, 0.15, 1.0],
    [0.15, 0.7, 0.2, 1.0],
    [0.15, 0.3, 0.9, 1.0],
];
/// Colour of a joint's axis and of its origin marker.
pub const JOINT_AXIS_COLOUR: [f32; 4] = [0.95, 0.6, 0.05, 1.0];
/// Colour of the rods from a link's origin to its child joints.
pub const BONE_COLOUR: [f32; 4] = [0.45, 0.47, 0.52, 1.0];

/// The legend entries of the skeleton colours.
pub fn legend() -> Vec<LegendEntry> {
    vec![
        LegendEntry::new("skeleton: link frame x", FRAME_COLOURS[0]),
        LegendEntry::new("skeleton: link frame y", FRAME_COLOURS[1]),
        LegendEntry::new("skeleton: link frame z", FRAME_COLOURS[2]),
        LegendEntry::new("skeleton: joint axes", JOINT_AXIS_COLOUR),
        LegendEntry::new("skeleton: links to child joints", BONE_COLOUR),
    ]
}

/// The size of a model's skeleton glyphs: a third of the median distance from a link to its
/// child joints, kept within 2 cm to 20 cm (10 cm when no joint is offset).
pub fn glyph_length(model: &Model) -> f64 {
    let mut lengths: Vec<f64> = model
        .joints()
        .iter()
        .map(|j| j.parent_from_joint().translation.vector.norm())
        .filter(|l| l.is_finite() && *l > 1e-9)
        .collect();
    if lengths.is_empty() {
        return 0.1;
    }
    lengths.sort_by(f64::total_cmp);
    (lengths[lengths.len() / 2] / 3.0).clamp(0.02, 0.2)
}

/// For each link of `model`, the joints that hang from it (model order).
pub fn child_joints(model: &Model) -> Vec<Vec<&Joint>> {
    let mut children = vec![Vec::new(); model.links().len()];
    for joint in model.joints() {
        children[joint.parent_link().index()].push(joint);
    }
    children
}

/// The skeleton of a link whose child joints are `children`, in the link's frame, with axes
/// `length` long.
pub fn skeleton(children: &[&Joint], length: f64) -> Vec<Surface> {
    let radius = length / 30.0;
    let origin = Point3::origin();
    let mut surfaces: Vec<Surface> = [Vector3::x(), Vector3::y(), Vector3::z()]
        .iter()
        .zip(FRAME_COLOURS)
        .filter_map(|(axis, colour)| arrow(&origin, &(axis * length), radius, colour))
        .collect();
    for joint in children {
        let at = joint.parent_from_joint();
        let place = Point3::from(at.translation.vector);
        if let Some(bone) = rod(&origin, &place, 0.6 * radius, BONE_COLOUR) {
            surfaces.push(bone);
        }
        if joint.kind() == JointKind::Fixed {
            continue;
        }
        surfaces.push(marker(&place, 2.0 * radius, JOINT_AXIS_COLOUR));
        if matches!(
            joint.kind(),
            JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic
        ) {
            let axis = at.rotation * joint.axis().into_inner() * (0.8 * length);
            // Centred on the joint: the axis is a line, not a direction away from it.
            let tail = place - 0.5 * axis;
            if let Some(a) = arrow(&tail, &axis, 1.2 * radius, JOINT_AXIS_COLOUR) {
                surfaces.push(a);
            }
        }
    }
    surfaces
}
