//! # morsel-sensing
//!
//! Touch and taxel sensors for Morsel, fed by contacts.
//!
//! - [`Scene`] / [`Body`]: rigid bodies with colliders, poses and velocities.
//! - [`Contact`]: the one interface every contact source fills (bodies, world point, normal,
//!   depth, force); [`PenaltyLaw`] makes contacts with forces from a scene's geometry.
//! - [`Touch`]: MIMo-style touch (point or mesh sensors, `normal` / `force_vector` /
//!   `force_vector_global` / `normal_force`, `nearest` / `spread_linear`).
//! - [`TaxelSensor`]: Genesis-style kinematic taxels (spring-damper probes on a link),
//!   evaluated over many scenes at once.
//! - [`mujoco_contact_force`]: a MuJoCo contact's force decoded from `efc_force`, as
//!   `mj_contactForce` does (for batches of simulator contacts).
//! - [`MujocoScene`]: a scene mirroring MuJoCo's compiled model, posed from `xpos`/`xquat`,
//!   and MuJoCo's contacts read in one batch (what `morsel.mimo` runs every step).
//! - [`plot`]: SVG pictures of sensor points and sensor outputs.
//!
//! Conventions: f64, SI units, world frame z up; a contact's normal points from body A to body
//! B and its force is the force on B.

mod bounds;
mod contact;
mod direction;
mod error;
pub mod limits;
mod mujoco_force;
mod mujoco_scene;
mod penalty;
pub mod plot;
mod scene;
mod surface_distance;
pub mod taxel;
pub mod touch;

pub use contact::{Contact, MAX_FORCE, Side};
pub use error::{Result, SensingError};
pub use limits::{MAX_ANGULAR_SPEED, MAX_MOMENT, MAX_SPEED};
pub use morsel_geometry;
pub use mujoco_force::{MujocoCone, mujoco_contact_force};
pub use mujoco_scene::{MujocoContacts, MujocoModel, MujocoScene};
pub use nalgebra;
pub use penalty::PenaltyLaw;
pub use scene::{Body, Scene};
pub use surface_distance::{SurfaceDistance, signed_distance_local};
pub use taxel::{ProbeState, TaxelConfig, TaxelReading, TaxelSensor};
pub use touch::{MeshLayout, ResponseFunction, Touch, TouchConfig, TouchFunction, TouchKind};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
