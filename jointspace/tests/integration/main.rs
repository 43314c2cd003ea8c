//! Integration tests of morsel-jointspace (one test binary; one module per topic).

// Helpers outside #[test] functions unwrap too: a failure there is a failed test.
#![allow(clippy::unwrap_used)]

mod analytic;
mod coal_reference;
mod common;
mod contact_bits;
mod errors;
mod model_avoidance;
mod model_c_header;
mod model_certificate;
mod nearest;
mod sharding;
mod solo12;
