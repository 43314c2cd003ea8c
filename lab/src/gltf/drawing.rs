//! [`Drawing`]: what a glTF file shows, as named parts placed in the world, each with the
//! colliders and coloured surfaces it draws, a legend and an optional animation. Built from a
//! sensing scene (here), or from a robot's links, a touch sensor, taxels, a stance or a
//! simulation (the sibling `*_view` modules).

use morsel_geometry::Collider;
use morsel_sensing::Scene;
use nalgebra::{Isometry3, Point3};

use super::legend::LegendEntry;

/// Colour of scene bodies and robot links (RGBA, linear).
pub const SURFACE_COLOUR: [f32; 4] = [0.72, 0.74, 0.78, 1.0];

/// Triangles in a part's frame with one colour, or one colour per vertex (glTF `COLOR_0`).
#[derive(Debug, Clone, Default)]
pub struct Surface {
    /// Vertices, part frame (m).
    pub vertices: Vec<Point3<f64>>,
    /// Triangles, counter-clockwise seen from outside, indices into `vertices`.
    pub faces: Vec<[u32; 3]>,
    /// The material colour (multiplies the vertex colours when there are some).
    pub colour: [f32; 4],
    /// One colour per vertex, or `None`.
    pub vertex_colours: Option<Vec<[f32; 4]>>,
}

impl Surface {
    /// An empty surface of one colour.
    pub fn new(colour: [f32; 4]) -> Self {
        Surface {
            colour,
            ..Default::default()
        }
    }

    /// Appends `other`'s triangles (its vertices are renumbered after this surface's). Vertex
    /// colours are kept when both surfaces have them.
    pub fn append(&mut self, other: Surface) {
        let base = self.vertices.len() as u32;
        self.vertices.extend(other.vertices);
        self.faces
            .extend(other.faces.iter().map(|f| f.map(|i| i + base)));
        if let (Some(mine), Some(theirs)) = (self.vertex_colours.as_mut(), other.vertex_colours) {
            mine.extend(theirs);
        }
    }
}

/// One part: a scene body, a robot link, a sensor layer, an arrow, a contact...
#[derive(Debug, Clone)]
pub struct Part {
    /// The node's name (body, link or sensor name).
    pub name: String,
    /// World pose of the part's frame (the node's transform).
    pub pose: Isometry3<f64>,
    /// Shapes placed in the part's frame, tessellated when written.
    pub colliders: Vec<Collider>,
    /// The colliders' colour ([`SURFACE_COLOUR`] by default).
    pub colour: [f32; 4],
    /// Ready-made triangles in the part's frame (markers, arrows, cones, sensor meshes).
    pub surfaces: Vec<Surface>,
}

impl Part {
    /// A part drawing `colliders` in the surface colour.
    pub fn new(name: impl Into<String>, pose: Isometry3<f64>, colliders: Vec<Collider>) -> Self {
        Part {
            name: name.into(),
            pose,
            colliders,
            colour: SURFACE_COLOUR,
            surfaces: Vec::new(),
        }
    }

    /// A part drawing `surfaces` only.
    pub fn with_surfaces(
        name: impl Into<String>,
        pose: Isometry3<f64>,
        surfaces: Vec<Surface>,
    ) -> Self {
        Part {
            surfaces,
            ..Part::new(name, pose, Vec::new())
        }
    }

    /// Whether the part draws anything (then it has a mesh).
    pub fn has_geometry(&self) -> bool {
        !self.colliders.is_empty() || self.surfaces.iter().any(|s| !s.faces.is_empty())
    }
}

/// Key frames of the parts that move: glTF node translation/rotation channels, linear.
#[derive(Debug, Clone)]
pub struct Animation {
    /// The animation's name.
    pub name: String,
    /// Key times (s), strictly increasing.
    pub times: Vec<f64>,
    /// One track per animated part.
    pub tracks: Vec<Track>,
}

/// The world poses of one part at every key time.
#[derive(Debug, Clone)]
pub struct Track {
    /// Index of the part in [`Drawing::parts`].
    pub part: usize,
    /// One pose per key time.
    pub poses: Vec<Isometry3<f64>>,
}

/// Named parts to draw, a legend for their colours and an optional animation.
#[derive(Debug, Clone)]
pub struct Drawing {
    /// The glTF scene's name.
    pub name: String,
    /// The parts, in order (node `i` is part `i`).
    pub parts: Vec<Part>,
    /// What the colours mean (also written into the scene's `extras`).
    pub legend: Vec<LegendEntry>,
    /// Key frames, for a simulation.
    pub animation: Option<Animation>,
    /// Why there is nothing to draw, when the builder knows more than "no parts" (a simulation
    /// without robots); read by [`Drawing::nothing_to_draw`].
    pub empty_because: Option<String>,
}

impl Drawing {
    /// A drawing of `parts` without legend or animation.
    pub fn new(name: &str, parts: Vec<Part>) -> Self {
        Drawing {
            name: name.to_string(),
            parts,
            legend: Vec::new(),
            animation: None,
            empty_because: None,
        }
    }

    /// A drawing of nothing, and why (`because`: a whole sentence, "a simulation without
    /// robots ... has nothing to draw"). Saving it is an error with that sentence; a notebook
    /// view shows the sentence in an empty page (see [`crate::html::view`]).
    pub fn nothing(name: &str, because: impl Into<String>) -> Self {
        let mut drawing = Drawing::new(name, Vec::new());
        drawing.empty_because = Some(because.into());
        drawing
    }

    /// `Some(why)` when the drawing has no parts (a file of it would show nothing): the
    /// builder's reason, else that the named drawing has no bodies or links.
    pub fn nothing_to_draw(&self) -> Option<String> {
        if !self.parts.is_empty() {
            return None;
        }
        Some(self.empty_because.clone().unwrap_or_else(|| {
            format!("\"{}\" has nothing to draw (no bodies or links)", self.name)
        }))
    }

    /// Every body of a scene: its name, world pose and colliders (legend: "bodies").
    pub fn from_scene(name: &str, scene: &Scene) -> Self {
        let parts = scene
            .bodies()
            .iter()
            .map(|body| Part::new(body.name.clone(), body.pose, body.colliders.clone()))
            .collect();
        let mut drawing = Drawing::new(name, parts);
        drawing.legend = vec![LegendEntry::new("bodies", SURFACE_COLOUR)];
        drawing
    }

    /// How many parts have geometry (the glTF file's mesh count).
    pub fn parts_with_geometry(&self) -> usize {
        self.parts.iter().filter(|p| p.has_geometry()).count()
    }
}
