//! A robot's drawing: one part per link at a configuration, drawing the link's visual or
//! collision shapes, or its skeleton when it has none.

use morsel_kinematics::Model;
use nalgebra::Isometry3;

use super::drawing::{Drawing, Part, SURFACE_COLOUR};
use super::legend::LegendEntry;
use super::skeleton;

impl Drawing {
    /// Every link of a robot placed at `world_from_links` (one pose per link, model order, as
    /// forward kinematics gives them). A link draws its visual geometry, or its collision
    /// geometry when it has no visuals, or else its skeleton (legend: "robot links", and the
    /// skeleton's colours when a link has one).
    pub fn from_robot(
        name: &str,
        model: &Model,
        world_from_links: &[Isometry3<f64>],
    ) -> Result<Self, String> {
        let mut drawing = Drawing::new(name, robot_parts(model, world_from_links)?);
        drawing.legend = robot_legend(model);
        Ok(drawing)
    }
}

/// The legend of a robot's drawing: its links' colour, and the skeleton's colours when a link
/// has no geometry.
pub fn robot_legend(model: &Model) -> Vec<LegendEntry> {
    let mut legend = vec![LegendEntry::new("robot links", SURFACE_COLOUR)];
    if model
        .links()
        .iter()
        .any(|l| l.visuals().is_empty() && l.collisions().is_empty())
    {
        legend.extend(skeleton::legend());
    }
    legend
}

/// One part per link of `model` at `world_from_links` (see [`Drawing::from_robot`]).
pub fn robot_parts(
    model: &Model,
    world_from_links: &[Isometry3<f64>],
) -> Result<Vec<Part>, String> {
    if world_from_links.len() != model.links().len() {
        return Err(format!(
            "{} link poses for a robot of {} links",
            world_from_links.len(),
            model.links().len()
        ));
    }
    let length = skeleton::glyph_length(model);
    let children = skeleton::child_joints(model);
    Ok(model
        .links()
        .iter()
        .zip(world_from_links)
        .enumerate()
        .map(|(i, (link, pose))| {
            let shapes = if link.visuals().is_empty() {
                link.collisions()
            } else {
                link.visuals()
            };
            if shapes.is_empty() {
                let bones = skeleton::skeleton(&children[i], length);
                return Part::with_surfaces(link.name(), *pose, bones);
            }
            Part::new(link.name(), *pose, shapes.to_vec())
        })
        .collect())
}
