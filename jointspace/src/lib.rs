//! # morsel-jointspace
//!
//! Joint-space collision sampling for robots: sample the distance between chosen pairs of
//! collision objects over a few joints, find the collision boundary in joint space, and
//! recompute the distance to that boundary in joint space, with its Jacobian. This is the
//! workflow of the Solo-12 shoulder notebook, made fast.
//!
//! - **Geometry model and data** ([`CollisionModel`], [`CollisionData`]), in Pinocchio's style:
//!   a robot's collision objects named `<link>_<k>` and the active pairs; per thread, a data
//!   that [`update_placements`] fills from a configuration, then [`compute_distance`],
//!   [`compute_collision`], [`compute_min_distance`], [`compute_any_collision`]. Mesh pairs use
//!   morsel-geometry's proximity engine with warm starts.
//! - **Sampler** ([`CollisionSampler`] from a [`SamplerSpec`]): joints by name or configuration
//!   index, their ranges, the pairs, a reference configuration. [`CollisionSampler::grid`] and
//!   [`CollisionSampler::random`] return a [`SampleMap`] (rows `[q_1 .. q_k, value]`, and a
//!   grid-shaped array for grids); [`SampleOptions`] chooses distances (negative penetration
//!   depth or 0 in collision, optional cap) or binary checks.
//! - **Boundary** ([`CollisionSampler::boundary`] → [`Boundary`]): bisection between free and
//!   colliding configurations, optionally periodic.
//! - **Joint-space distance** ([`jointspace_field`], [`SampleMap::to_jointspace`],
//!   [`SampleMap::jacobian`]): nearest boundary point by k-d tree, periodic-aware.
//! - **Sharding** ([`CollisionSampler::grid_shard`], [`merge_shards`]) for batch schedulers.
//! - **Plots** ([`plot`]): SVG heat maps, boundary scatter, slices of 3D maps; PNG rasters.
//!
//! Runs are parallel (rayon) and reproducible: the same inputs give the same bytes for any
//! number of threads. Conventions: f64, SI units; joint values in rad (revolute) or m.
//!
//! ```no_run
//! use morsel_jointspace::{BoundaryOptions, CollisionSampler, SampleOptions, SamplerSpec};
//! use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};
//! use std::f64::consts::PI;
//! let options = UrdfOptions { root_joint: RootJoint::Floating, ..UrdfOptions::default() };
//! let solo = load_file("assets/robots/solo12/solo12.urdf", &options)?;
//! let spec = SamplerSpec::new(["FL_HAA", "FL_HFE"], [[-PI, PI]; 2], [("base_link", "FL_UPPER_LEG")]);
//! let sampler = CollisionSampler::new(solo, &spec)?;
//! let map = sampler.grid(&[200, 200], &SampleOptions::distance().with_zero_in_collision())?;
//! let boundary = sampler.boundary(&BoundaryOptions::new(2000, 1e-9, 1).with_periodic(true))?;
//! let field = morsel_jointspace::jointspace_field(&map, &boundary)?;
//! morsel_jointspace::plot::heat_map_svg("solo_js.svg", &field.distance)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod boundary;
pub mod boundary_shard;
mod collision_data;
mod collision_model;
mod collision_query;
mod error;
mod evaluator;
pub mod grid;
mod jointspace_distance;
pub mod memory;
pub mod model;
mod nearest;
#[cfg(test)]
mod nested_tests;
mod occupancy;
mod options;
mod penetration;
pub mod plot;
mod progress;
mod pseudo_normals;
mod sample_map;
mod sampler;
pub mod sampling;
pub mod shard;
pub mod stop;
mod subspace;
mod surface_projector;
#[cfg(test)]
mod test_meshes;

pub use boundary::{Boundary, BoundaryOptions, FULL_TURN_TOLERANCE, spans_full_turn};
pub use boundary_shard::{BOUNDARY_SHARD_FORMAT, BoundaryManifest, BoundaryShard};
pub use collision_data::{CollisionData, update_pair_placements, update_placements};
pub use collision_model::{
    CollisionModel, CollisionObject, CollisionPair, ObjectId, PairSelector, PairSide,
};
pub use collision_query::{
    compute_any_collision, compute_collision, compute_distance, compute_min_distance,
};
pub use error::{JointspaceError, Result};
pub use jointspace_distance::{
    JointspaceField, jointspace_distance, jointspace_field, jointspace_jacobian,
};
pub use model::{
    Certificate, FitOptions, FitReport, JointspaceModel, ModelKind, Validation, certify, fit,
};
pub use morsel_geometry;
pub use morsel_kinematics;
pub use nalgebra;
pub use nearest::{BoundaryIndex, Nearest};
pub use options::{DEFAULT_MEMORY_LIMIT, DistanceOptions, InCollision, Measure, SampleOptions};
pub use sample_map::{Quantity, SampleMap, source_label};
pub use sampler::{CollisionSampler, SamplerSpec};
pub use sampling::Sampling;
pub use shard::{Manifest, SampleShard, Shard, merge_shards};
pub use subspace::{JointSelector, SampledJoint, Subspace};

/// The README's examples, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
