//! The crate's one LP layer: a dense revised simplex over a few equality rows, serving the
//! static-equilibrium polygon (four rows), the equilibrium robustness (six rows), the robust
//! static polygon, and (with a row count chosen at run time) the torque-limited feasible region.

pub(crate) mod dynamic;
pub(crate) mod simplex;

pub(crate) use dynamic::DynamicSimplex;
pub(crate) use simplex::{Basis, DenseSimplex, SimplexOutcome};
