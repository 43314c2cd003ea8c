//! Integration tests of morsel-sensing (one binary, one module per topic).

// Test helpers outside `#[test]` functions build fixed, valid scenes: a failure is a test bug.
#![allow(clippy::unwrap_used)]

mod absurd_inputs;
mod common;
mod conservation;
mod errors;
mod frames;
mod measured;
mod mimo_outputs;
mod mimo_reference;
mod mimo_touch;
mod nearest;
mod path_rule;
mod probe_state;
mod range;
mod raycast;
mod skin;
mod taxel_errors;
mod taxels;
mod touch_load;
