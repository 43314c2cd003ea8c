//! The crate's one LP layer: a dense revised simplex over a few equality rows, serving the
//! static-equilibrium polygon (four rows), the equilibrium robustness (six rows) and the robust
//! static polygon.

pub(crate) mod simplex;

pub(crate) use simplex::{Basis, DenseSimplex, SimplexOutcome};
