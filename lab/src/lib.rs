#![doc = include_str!("../README.md")]

// Internal to Morsel's front ends: their home is `__private`.
#[doc(hidden)]
pub mod api;
pub mod balance_map;
pub mod balance_map_output;
pub mod balance_plot;
#[doc(hidden)]
pub mod batch_limit;
pub mod bound_contact;
pub mod distributor;
pub mod error;
pub mod feasible_region;
pub mod gltf;
pub mod html;
pub mod ik;
pub mod live_stance;
pub mod manifest;
pub mod point_contacts;
pub mod save;
pub mod sharding;
pub mod simulation;
#[doc(hidden)]
pub mod slurm;
pub mod stance_distributor;
pub mod stance_torques;
pub mod stop;
pub mod taxel_table;
pub mod value;
pub mod view;

/// What Morsel's two front ends (the shell and the Python module) share and no one else
/// should use: the script API description ([`api`](crate::__private::api)), the batch size
/// limit and the Slurm submission. Not part of the public API: may change in any release.
#[doc(hidden)]
pub mod __private {
    pub use crate::{api, batch_limit, slurm};
}

pub use morsel_geometry;
pub use morsel_jointspace;
pub use morsel_kinematics;
pub use morsel_sensing;
pub use morsel_stability;
pub use nalgebra;

#[doc(inline)]
pub use error::LabError;
#[doc(inline)]
pub use value::Value;
