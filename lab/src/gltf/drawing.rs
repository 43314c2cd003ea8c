//! [`Drawing`]: what a glTF file shows, as named parts placed in the world, each with the
//! colliders it draws. Built from a sensing scene or from a robot's links at a configuration.

use morsel_geometry::Collider;
use morsel_kinematics::Model;
use morsel_sensing::Scene;
use nalgebra::Isometry3;

use super::legend::LegendEntry;

/// One part: a scene body or a robot link.
#[derive(Debug, Clone)]
pub struct Part {
    /// The node's name (body or link name).
    pub name: String,
    /// World pose of the part's frame (the node's transform).
    pub pose: Isometry3<f64>,
    /// Shapes placed in the part's frame; a part without any is a node without a mesh.
    pub colliders: Vec<Collider>,
}

/// Named parts to draw.
#[derive(Debug, Clone)]
pub struct Drawing {
    /// The glTF scene's name.
    pub name: String,
    /// The parts, in order (node `i` is part `i`).
    pub parts: Vec<Part>,
    /// What the drawing's colours mean (empty: the HTML view lists its materials).
    pub legend: Vec<LegendEntry>,
}

impl Drawing {
    /// Every body of a scene: its name, world pose and colliders.
    pub fn from_scene(name: &str, scene: &Scene) -> Self {
        Drawing {
            name: name.to_string(),
            parts: scene
                .bodies()
                .iter()
                .map(|body| Part {
                    name: body.name.clone(),
                    pose: body.pose,
                    colliders: body.colliders.clone(),
                })
                .collect(),
            legend: Vec::new(),
        }
    }

    /// Every link of a robot placed at `world_from_links` (one pose per link, model order, as
    /// forward kinematics gives them). A link draws its visual geometry, or its collision
    /// geometry when it has no visuals.
    pub fn from_robot(
        name: &str,
        model: &Model,
        world_from_links: &[Isometry3<f64>],
    ) -> Result<Self, String> {
        if world_from_links.len() != model.links().len() {
            return Err(format!(
                "{} link poses for a robot of {} links",
                world_from_links.len(),
                model.links().len()
            ));
        }
        let parts = model
            .links()
            .iter()
            .zip(world_from_links)
            .map(|(link, pose)| Part {
                name: link.name().to_string(),
                pose: *pose,
                colliders: if link.visuals().is_empty() {
                    link.collisions().to_vec()
                } else {
                    link.visuals().to_vec()
                },
            })
            .collect();
        Ok(Drawing {
            name: name.to_string(),
            parts,
            legend: Vec::new(),
        })
    }

    /// How many parts have geometry (the glTF file's mesh count).
    pub fn parts_with_geometry(&self) -> usize {
        self.parts
            .iter()
            .filter(|p| !p.colliders.is_empty())
            .count()
    }
}
