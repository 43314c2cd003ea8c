//! `morsel._morsel`: the PyO3 extension module behind `import morsel`.
//!
//! Thin bindings over the domain crates: arguments are checked and converted here, every
//! algorithm runs in the crates. Errors become `morsel.MorselError` subclasses
//! (`morsel/_errors.py`); nothing panics across the FFI boundary.

#![forbid(unsafe_code)]

mod api_docs;
mod armature;
mod balance_map;
mod body_load;
mod contact_wrench;
mod contacts;
mod convert;
mod distributor;
mod dynamics;
mod errors;
mod feasible_region;
mod fk_batch;
mod geometry;
mod gltf_save;
mod interrupt;
mod jointspace;
mod jointspace_certificate;
mod jointspace_model;
mod kinematics;
mod locking;
mod mimo;
mod motions;
mod mujoco;
mod plots;
mod polygon_values;
mod robustness;
mod run_env;
mod sample_maps;
mod sensing;
mod sensors;
mod shell;
mod simulation;
mod stability;
mod stance_contacts;
mod stance_torques;
mod table_save;
mod taxel_probes;
mod taxel_recorder;
mod taxels;
mod torque_drive;
mod touch;

use pyo3::prelude::*;

/// The native module; `morsel/__init__.py` re-exports it.
#[pymodule]
fn _morsel(m: &Bound<'_, PyModule>) -> PyResult<()> {
    interrupt::install();
    geometry::register(m)?;
    sensors::register(m)?;
    kinematics::register(m)?;
    fk_batch::register(m)?;
    dynamics::register(m)?;
    sensing::register(m)?;
    touch::register(m)?;
    mujoco::register(m)?;
    mimo::register(m)?;
    contacts::register(m)?;
    stability::register(m)?;
    stance_torques::register(m)?;
    feasible_region::register(m)?;
    balance_map::register(m)?;
    robustness::register(m)?;
    jointspace::register(m)?;
    jointspace_model::register(m)?;
    shell::register(m)?;
    taxels::register(m)?;
    stance_contacts::register(m)?;
    armature::register(m)?;
    motions::register(m)?;
    simulation::register(m)?;
    taxel_recorder::register(m)?;
    // stability, sensing and plots (issue 17)
    contact_wrench::register(m)?;
    distributor::register(m)?;
    taxel_probes::register(m)?;
    plots::register(m)?;
    torque_drive::register(m)?;
    api_docs::register(m)?;
    Ok(())
}
