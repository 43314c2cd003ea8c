#![doc = include_str!("../README.md")]

mod armature;
mod chain_builder;
mod com;
mod configuration;
mod coordinates;
mod data;
pub mod dynamics;
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
    ArmatureProperties, JointMove, MotionKind, PROPERTY_NAMES, TickReport, TorqueLaw, Trajectory,
    TrajectoryPoint,
};
pub use chain_builder::ChainBuilder;
pub use com::{center_of_mass, com_jacobian};
pub use configuration::{difference, integrate, normalize_configuration, random_configuration};
pub use coordinates::{
    BALL_COMPONENTS, BALL_VELOCITY_COMPONENTS, Coordinate, FLOATING_COMPONENTS,
    FLOATING_VELOCITY_COMPONENTS,
};
pub use data::Data;
pub use dynamics::{
    AbaDerivatives, CentroidalMomentum, DynamicsData, LinkWrench, RneaDerivatives, aba,
    aba_derivatives, centroidal_map, centroidal_momentum, gravity_torques, inverse_mass_matrix,
    kinetic_energy, mass_matrix, nonlinear_effects, potential_energy, rnea, rnea_derivatives,
};
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
pub use morsel_geometry::{FileAccess, FileAccessError};
pub use nalgebra;
