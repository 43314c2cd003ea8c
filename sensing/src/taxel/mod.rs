//! Genesis-style kinematic taxels: point probes rigidly attached to a link, each reading a
//! spring-damper force and torque from its penetration into the geometry it touches and from
//! the relative motion. A geometric estimate, not a solver impulse nor a deformable skin.
//!
//! See [`TaxelConfig`] for the configuration (Genesis's names and defaults) and the law, and
//! [`TaxelSensor`] for how probes find what they touch and how batches are read.

mod config;
mod degradation;
mod history;
mod load;
mod output_check;
mod probe_state;
mod sensor;
mod skin;

pub use config::{
    ContactDepthQuery, MAX_HISTORY_STEPS, MAX_HISTORY_VALUES, ProbeTouch, TaxelConfig,
};
pub use probe_state::{ProbeState, tangent_frame};
pub use sensor::{TaxelReading, TaxelSensor};
