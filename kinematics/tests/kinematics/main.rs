//! Integration tests of morsel-kinematics (one binary, one module per area).

mod armature;
mod common;
mod dynamics_fuzz;
mod file_access;
mod fk_batch;
mod forward;
mod ik;
mod jacobians;
mod load_stop;
mod mjcf_attach;
mod mjcf_closed_form;
mod mjcf_errors;
mod mjcf_height_fields;
mod mjcf_reference;
mod mjcf_scale;
mod mjcf_schema;
mod torque_drive;
mod urdf;
mod urdf_oddities;
