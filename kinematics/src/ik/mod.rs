//! Inverse kinematics: targets, options, the solver and its result.

mod chain;
mod dense;
mod problem;
mod solver;
mod target;

pub use solver::IkSolver;
pub use target::{IkOptions, IkResult, IkStatus, IkTarget, IkTargetKind, TargetError};
