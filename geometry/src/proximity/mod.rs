//! Fast proximity queries between triangle meshes, and between meshes and convex primitives.
//!
//! - [`MeshBvh`]: a bounding-volume hierarchy built once per mesh, in the mesh's own frame,
//!   from the vertex and face slices of a [`crate::TriangleMesh`].
//! - [`mesh_distance`], [`mesh_distance_within`] (stops once the distance is known to exceed a
//!   security margin) and [`mesh_intersection`]: a dual traversal of two hierarchies, pruning
//!   node pairs by a lower bound on their distance and visiting the nearer ones first, with
//!   exact triangle tests at the leaves. The bound is the larger of the bounding spheres' gap
//!   and the boxes' gap along the separating-axis candidates and the centre line; when that
//!   does not prune, GJK refines it to the Euclidean distance between the convex hulls of the
//!   two nodes' corners (large nodes keep the corners on their hull, certified to hold every
//!   other corner). Hull bounds are what keep far-apart meshes cheap: there, many triangle
//!   pairs are nearly as close as the answer and box bounds cannot tell them apart. Where a
//!   hull bound finds one node meeting the other at a single corner (the shared corner of a
//!   fan of triangles), the other node is split next, so that the fan's triangles are not
//!   each refined against the same subtree. Each takes a warm start: the face pair of a previous
//!   answer, tried first; it speeds coherent sequences up and never changes the distance.
//!   Successive queries on the same mesh pair with the same [`ProximityScratch`] also start
//!   from where the last one stopped (its front of node pairs, with lower bounds carried to
//!   the new placement by a certified bound on the motion: along a separating direction, so
//!   that sliding costs nothing), which never changes an answer either. A caller that
//!   interleaves several coherent sequences on one mesh pair gives each a channel
//!   ([`ProximityScratch::set_channel`]) so that each keeps its own front; after a jump (the
//!   second mesh moved by more than a quarter of its bounding radius) a query starts from the
//!   nearest of a few fronts kept where earlier runs of contacts began and ended in coherent
//!   sequences (neighbouring grid rows cross the same contact boundary), or from the roots
//!   when none is near. Intersection tests right after a contact first try the triangles
//!   around the last contact pair.
//! - [`mesh_primitive_distance`], [`mesh_primitive_distance_within`] and
//!   [`mesh_primitive_intersection`]: the same for a mesh against a [`Primitive`] (box,
//!   sphere, capsule, cylinder, ellipsoid).
//! - [`triangle_distance`] and [`triangles_intersect`]: the leaf tests.
//! - [`mesh_pair_distance`] and [`mesh_pair_intersects`]: thin entry points with a per-thread
//!   scratch space.
//! - [`ProximityScratch`]: reusable buffers; once grown, a query allocates nothing.
//!
//! # Precision
//! Mesh–mesh distances equal the minimum over all triangle pairs of the exact
//! triangle–triangle distance to rounding (pruning trusts bounds only beyond a margin of about
//! `1.4e-14 x` the meshes' extent plus their offset, and ties within it are pruned), and to
//! within `1e-13 x` a triangle's extent where an edge pair settles a triangle pair's distance
//! early.
//! Intersection of two triangles is decided with exact orientation predicates, so coplanar,
//! touching and degenerate triangles get the exact answer for their (placed) coordinates.
//! Mesh–primitive precision is listed on [`Primitive`]. Witness points are returned in the
//! frame the poses are given in (the world).
//!
//! Meshes are surfaces: a mesh nested inside another without touching it is at a positive
//! distance and does not intersect it.

mod box_triangle;
mod bvh;
mod closest;
mod closest_feature;
mod distance_walk;
mod exact;
mod extreme_points;
mod far_pair;
mod front;
mod front_library;
mod front_pairs;
mod gjk;
mod hull_points;
mod intersection_walk;
mod mesh_mesh;
mod mesh_primitive;
mod moved_node;
mod node_points;
mod obb;
mod one_ring;
#[cfg(test)]
mod oracle_tests;
mod pair_query;
mod primitive;
mod scratch;
mod slab_gaps;
mod split_bins;
#[cfg(test)]
mod test_random;
mod thread_scratch;
mod triangle;
mod triangle_distance;
mod triangle_intersection;
mod triangle_pair;

pub use bvh::MeshBvh;
pub use mesh_mesh::{
    MeshDistance, TrianglePair, mesh_distance, mesh_distance_within, mesh_intersection,
};
pub use mesh_primitive::{
    MeshPrimitiveDistance, mesh_primitive_distance, mesh_primitive_distance_within,
    mesh_primitive_intersection,
};
pub use primitive::Primitive;
pub use scratch::{ProximityScratch, QueryStats};
pub use thread_scratch::{mesh_pair_distance, mesh_pair_intersects};
pub use triangle_pair::{TriangleDistance, triangle_distance, triangles_intersect};
