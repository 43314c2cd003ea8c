//! # morsel-lab
//!
//! What Morsel's front ends (the Rhai shell and the Python module) share, so that neither holds
//! logic the other would have to copy. It depends on the domain crates and on neither rhai nor
//! pyo3.
//!
//! - [`simulation`]: shared robot handles, the fixed-step kinematic loop and its recorders.
//! - [`value`] and [`save`]: plain data and its formats (JSON, CSV, NPY).
//! - [`bound_contact`] and [`live_stance`]: contacts that follow robot links, and stances over
//!   them whose CoM and mass may come from the robot.
//! - [`distributor`]: the per-tick wrench distributor with its stability check and log;
//!   [`stance_distributor`] is the shared one over a live stance that simulations tick.
//! - [`point_contacts`]: a stance's distributed wrenches as point contacts of a sensing scene.
//! - [`gltf`]: glTF 2.0 files (`.glb`, `.gltf`) of scenes, robots, touch sensors, taxels,
//!   stances and simulations (animated), with a legend.
//! - [`html`]: offline HTML views of those drawings (three.js and the glb in one page).
//! - [`view`]: glTF or HTML by the file's extension, the one dispatch both front ends call.
//! - [`manifest`]: the run manifest (`<out>/manifest.json`, SHA-256 of inputs and outputs).
//! - [`sharding`] and [`slurm`]: a script's workloads split over shards, merged, and submitted
//!   to a Slurm cluster.
//! - [`stop`]: the check that stops long loops (Ctrl-C, time limits).
//! - [`batch_limit`]: the size limit of batch results (`fk_batch`, `read_batch`, ...).
//! - [`api`]: the description of the script API (names, signatures, one doc line each), from
//!   which both front ends are checked and `docs/scripting.md` and `docs/python.md` are
//!   generated.

pub mod api;
pub mod batch_limit;
pub mod bound_contact;
pub mod distributor;
pub mod error;
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

pub use error::LabError;
pub use value::Value;
