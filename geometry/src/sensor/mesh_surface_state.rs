//! The remesher's working surface: vertex positions with where each lies on the input, the
//! current triangles and the input face each came from. Every step of the remesher edits it.

use nalgebra::Point3;

use super::mesh_surface_input::Support;

/// The working surface of the remesher.
pub(super) struct Surface {
    /// Vertex positions (never moved, only added).
    pub pos: Vec<Point3<f64>>,
    /// Where on the input surface each vertex lies.
    pub support: Vec<Support>,
    /// Current triangles.
    pub faces: Vec<[u32; 3]>,
    /// The input face each current triangle came from.
    pub origin: Vec<u32>,
}
