//! Rigid-body dynamics: inverse dynamics (RNEA), the mass matrix (CRBA), forward dynamics
//! (ABA), gravity and bias torques, centroidal momentum and energies.
//!
//! # Conventions
//! - Configurations `q` are in the model's layout, MuJoCo's `qpos` ([`Model::coordinates`]):
//!   a floating joint `x, y, z, qw, qx, qy, qz`, a ball joint `qw, qx, qy, qz`. Quaternions
//!   must be unit within [`QUATERNION_NORM_TOLERANCE`] and are normalised; further off, the
//!   call fails naming the joint.
//! - Velocities `v`, accelerations `a`, torques `τ` and matrix rows and columns are in
//!   MuJoCo's `qvel` layout ([`Model::velocity_names`]): a floating joint's linear velocity is
//!   the rate of its position (world axes for a free body), its angular velocity is in the
//!   body's own frame; a ball joint's angular velocity is in the body's frame. Pinocchio's
//!   free-flyer velocity is the body-frame linear velocity instead (`v_pin = Qᵀ v`): convert
//!   at the boundary.
//! - Gravity is `[0, 0, −9.81]` m/s² unless set on the [`DynamicsData`].
//! - Joint armature (MJCF `armature`) adds to the mass matrix's diagonal, as in MuJoCo.
//! - Each algorithm runs on a `(&Model, &mut DynamicsData)` pair; the data holds the moving
//!   bodies (fixed joints folded in) and every buffer, so a call allocates nothing but where it
//!   returns an owned matrix.
//!
//! The algorithms follow Featherstone, *Rigid Body Dynamics Algorithms* (2008), in body
//! coordinates.

mod aba;
mod batch;
mod centroidal;
mod crba;
mod data;
mod derivatives;
mod rnea;
mod spatial;
mod subspace;
mod tree;

pub use crate::model::STANDARD_GRAVITY;
pub use aba::aba;
pub use batch::{aba_batch, gravity_torques_batch, mass_matrix_batch, rnea_batch};
pub use centroidal::{
    CentroidalMomentum, centroidal_map, centroidal_momentum, kinetic_energy, potential_energy,
};
pub use crba::{inverse_mass_matrix, mass_matrix};
pub use data::{DynamicsData, QUATERNION_NORM_TOLERANCE};
pub use derivatives::{AbaDerivatives, RneaDerivatives, aba_derivatives, rnea_derivatives};
pub use rnea::{LinkWrench, gravity_torques, nonlinear_effects, rnea};

#[cfg(test)]
mod fast_path_tests;
#[cfg(test)]
mod tests;
