#![doc = include_str!("../README.md")]

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
