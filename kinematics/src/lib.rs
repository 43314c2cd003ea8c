//! # morsel-kinematics
//!
//! Kinematic models of robots and the algorithms that run on them, plus MORSE-style armatures
//! driven over simulation time.
//!
//! - **Model and data** ([`Model`], [`Data`]): an immutable tree of links and joints
//!   (revolute, continuous, prismatic, fixed, floating, mimic) with limits, inertials,
//!   visual and collision geometry ([`morsel_geometry::Collider`]) and named frames; a `Data`
//!   holds one evaluation's results and scratch space. See [`Model`] for the configuration
//!   layout. Build models with [`ModelBuilder`], [`ChainBuilder`] or [`urdf::load_file`].
//! - **Algorithms** over `(&Model, &mut Data)`: [`forward_kinematics`], [`frame_placement`],
//!   [`FkBatch`] (many configurations at once, into one buffer),
//!   [`frame_jacobian`] in three [`JacobianConvention`]s, [`center_of_mass`] and
//!   [`com_jacobian`], [`integrate`] and [`difference`] of configurations.
//! - **Inverse kinematics** ([`IkSolver`]): Levenberg–Marquardt with joint limits, several
//!   weighted targets (pose or position), seeded random restarts, and a verified result
//!   whose [`IkStatus`] says whether it converged.
//! - **Armatures** ([`Armature`]): MORSE's armature actuator services over simulation time
//!   (`tick(dt)`), with trajectories, IK targets and an [`ArmaturePoseSensor`].
//!
//! Conventions: f64, SI units, nalgebra `Isometry3` poses; field and function names say which
//! frame maps to which (`world_from_link`).

mod armature;
mod chain_builder;
mod com;
mod configuration;
mod coordinates;
mod data;
mod error;
mod fk_batch;
mod forward_kinematics;
mod frame;
mod geom_info;
mod ik;
mod jacobian;
mod joint;
mod joint_spec;
mod limits;
mod line_index;
mod link;
mod link_placements;
mod load_stop;
mod mimic_chains;
pub mod mjcf;
mod model;
mod model_builder;
pub mod spatial;
pub mod urdf;

pub use armature::{
    Armature, ArmatureConfiguration, ArmatureJointInfo, ArmaturePose, ArmaturePoseSensor,
    ArmatureProperties, JointMove, MotionKind, PROPERTY_NAMES, TickReport, Trajectory,
    TrajectoryPoint,
};
pub use chain_builder::ChainBuilder;
pub use com::{center_of_mass, com_jacobian};
pub use configuration::{difference, integrate, normalize_configuration, random_configuration};
pub use coordinates::{BALL_COMPONENTS, Coordinate, FLOATING_COMPONENTS};
pub use data::Data;
pub use error::{KinematicsError, Result};
pub use fk_batch::{FkBatch, POSE_FLOATS};
pub use forward_kinematics::{forward_kinematics, frame_placement};
pub use frame::{Frame, FrameId, FrameKey, JointKey};
pub use geom_info::{CollisionFilter, GeomInfo, geom_aabb};
pub use ik::{IkOptions, IkResult, IkSolver, IkStatus, IkTarget, IkTargetKind, TargetError};
pub use jacobian::{JacobianConvention, frame_jacobian, frame_jacobian_at};
pub use joint::{Joint, JointId, JointKind, JointLimits, Mimic};
pub use joint_spec::{JointSpec, MimicSpec};
pub use limits::{MAX_INERTIA, MAX_JOINT_VALUE, MAX_MASS};
pub use link::{Inertial, Link, LinkId, LinkSpec};
pub use model::{LayoutEntry, Model};
pub use model_builder::ModelBuilder;

pub use morsel_geometry;
pub use nalgebra;
pub use morsel_geometry::{FileAccess, FileAccessError};

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
