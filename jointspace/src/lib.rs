#![doc = include_str!("../README.md")]

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
    Certificate, Certification, CertifyOptions, FitOptions, FitReport, JointspaceModel, ModelKind,
    MotionBound, SoundCertificate, Validation, certify, certify_empirical, fit,
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
