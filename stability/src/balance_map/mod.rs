//! Balance margins over many CoM positions: one stance, one margin per position, computed in
//! parallel.
//!
//! Three margins, each a number per CoM position `c = (x, y, z)`:
//!
//! - [`MarginKind::Static`]: the signed distance (m) from `(x, y)` to the static-equilibrium
//!   polygon of the stance's contacts (Bretl's method): positive inside (the distance to the
//!   nearest edge), negative outside (minus the distance to the polygon). `−∞` everywhere when
//!   the polygon is empty, `+∞` when it is unbounded. The height `z` does not matter.
//! - [`MarginKind::Robust`]: the equilibrium robustness (N) of hpp-centroidal-dynamics at `c`
//!   ([`crate::RobustnessLp::robustness`]), with the stance's CoM acceleration, mass and
//!   gravity and the contacts' vertices as point contacts: how far every contact force can stay
//!   from its friction cone's boundary; negative when no equilibrium exists.
//! - [`MarginKind::Torque`]: the signed distance (m) from `(x, y)` to the torque-limited
//!   feasible region of a [`TorqueMap`] ([`Stance::feasible_region`]), signs and infinities as
//!   for the static margin.
//!
//! Positions are cut into chunks of [`BALANCE_CHUNK`] consecutive positions; each chunk starts
//! from a fresh LP and warm-starts from one position to the next inside it, so the margins do
//! not depend on the number of threads nor on where a run is split at chunk boundaries (what
//! makes sharded runs merge byte for byte). Nothing is allocated per position: one LP per
//! chunk.

mod grid;

pub use grid::{ComGrid, GridAxis, MAX_MAP_POINTS};

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "parallel")]
use rayon::prelude::*;
#[cfg(feature = "serde")]
use serde::Serialize;

use crate::error::StabilityError;
use crate::polygon::{PolygonMethod, StaticPolygon, TorqueMap};
use crate::robustness::RobustnessLp;
use crate::stance::Stance;

/// Positions per chunk: the unit of work, of warm starts and of shard boundaries.
pub const BALANCE_CHUNK: usize = 256;

/// Which balance margin a map evaluates (see [the module](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum MarginKind {
    /// Signed distance to the static-equilibrium polygon (m).
    Static,
    /// Equilibrium robustness (N).
    Robust,
    /// Signed distance to the torque-limited feasible region (m).
    Torque,
}

impl MarginKind {
    /// `"static"`, `"robust"` or `"torque"`.
    pub fn name(self) -> &'static str {
        match self {
            MarginKind::Static => "static",
            MarginKind::Robust => "robust",
            MarginKind::Torque => "torque",
        }
    }

    /// The margin's unit: `"m"` or `"N"`.
    pub fn unit(self) -> &'static str {
        match self {
            MarginKind::Robust => "N",
            MarginKind::Static | MarginKind::Torque => "m",
        }
    }
}

impl fmt::Display for MarginKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for MarginKind {
    type Err = StabilityError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name.trim().to_ascii_lowercase().as_str() {
            "static" => Ok(MarginKind::Static),
            "robust" => Ok(MarginKind::Robust),
            "torque" => Ok(MarginKind::Torque),
            _ => Err(StabilityError::BalanceMap {
                reason: format!(
                    "unknown margin kind `{name}`: use \"static\", \"robust\" or \"torque\""
                ),
            }),
        }
    }
}

/// One stance prepared for margins at many CoM positions (the polygon or region computed once,
/// or the robustness LP built once).
#[derive(Debug, Clone)]
pub struct BalanceMargins {
    kind: MarginKind,
    region: Option<StaticPolygon>,
    lp: Option<RobustnessLp>,
    acceleration: [f64; 3],
}

impl BalanceMargins {
    /// Signed distances to the stance's static-equilibrium polygon.
    pub fn static_margins(stance: &Stance) -> Result<Self, StabilityError> {
        let region = stance
            .contacts()
            .static_equilibrium_polygon(PolygonMethod::Bretl)?;
        Ok(Self::of_region(MarginKind::Static, region))
    }

    /// Equilibrium robustness with `generators` rays per contact vertex (4 as
    /// hpp-centroidal-dynamics), at the stance's CoM acceleration.
    pub fn robust_margins(stance: &Stance, generators: usize) -> Result<Self, StabilityError> {
        let a = stance.com_acceleration();
        Ok(Self {
            kind: MarginKind::Robust,
            region: None,
            lp: Some(stance.robustness_lp(generators)?),
            acceleration: [a.x, a.y, a.z],
        })
    }

    /// Signed distances to the stance's torque-limited feasible region under `map`.
    pub fn torque_margins(stance: &Stance, map: &TorqueMap) -> Result<Self, StabilityError> {
        Ok(Self::of_region(
            MarginKind::Torque,
            stance.feasible_region(map)?,
        ))
    }

    fn of_region(kind: MarginKind, region: StaticPolygon) -> Self {
        Self {
            kind,
            region: Some(region),
            lp: None,
            acceleration: [0.0; 3],
        }
    }

    /// The margin these give.
    pub fn kind(&self) -> MarginKind {
        self.kind
    }

    /// The polygon (static) or region (torque) the distances are to; `None` for robustness.
    pub fn region(&self) -> Option<&StaticPolygon> {
        self.region.as_ref()
    }

    /// The margin at one CoM position.
    pub fn margin(&self, com: [f64; 3]) -> Result<f64, StabilityError> {
        let mut lp = self.lp.clone();
        self.margin_with(&mut lp, com)
    }

    fn margin_with(
        &self,
        lp: &mut Option<RobustnessLp>,
        com: [f64; 3],
    ) -> Result<f64, StabilityError> {
        crate::error::check_finite("CoM position", &com)?;
        if let Some(lp) = lp {
            return lp.robustness(com, self.acceleration);
        }
        Ok(match &self.region {
            Some(StaticPolygon::Bounded(polygon)) => polygon.signed_distance([com[0], com[1]]),
            Some(StaticPolygon::Unbounded { .. }) => f64::INFINITY,
            _ => f64::NEG_INFINITY,
        })
    }

    /// The margins at `coms`, in order, computed in parallel by chunks of [`BALANCE_CHUNK`]
    /// (the first position starts a chunk).
    pub fn margins(&self, coms: &[[f64; 3]]) -> Result<Vec<f64>, StabilityError> {
        let mut out = vec![0.0; coms.len()];
        self.margins_into(coms, &mut out)?;
        Ok(out)
    }

    /// [`margins`](Self::margins) written into `out` (`out.len() == coms.len()`).
    pub fn margins_into(&self, coms: &[[f64; 3]], out: &mut [f64]) -> Result<(), StabilityError> {
        if out.len() != coms.len() {
            return Err(StabilityError::LengthMismatch {
                what: "margins (one per CoM position)",
                expected: coms.len(),
                got: out.len(),
            });
        }
        // A fresh LP per chunk: the warm starts never cross a chunk boundary, so the values do
        // not depend on the threads.
        let chunk = |(coms, values): (&[[f64; 3]], &mut [f64])| {
            let mut lp = self.lp.clone();
            for (com, value) in coms.iter().zip(values.iter_mut()) {
                *value = self.margin_with(&mut lp, *com)?;
            }
            Ok(())
        };
        #[cfg(feature = "parallel")]
        return coms
            .par_chunks(BALANCE_CHUNK)
            .zip(out.par_chunks_mut(BALANCE_CHUNK))
            .try_for_each(chunk);
        #[cfg(not(feature = "parallel"))]
        return coms
            .chunks(BALANCE_CHUNK)
            .zip(out.chunks_mut(BALANCE_CHUNK))
            .try_for_each(chunk);
    }
}

impl Stance {
    /// The static, robust or torque margin (see [`crate::balance_map`]) at each CoM position
    /// of `coms`; `map` is needed for [`MarginKind::Torque`], `generators` for
    /// [`MarginKind::Robust`].
    pub fn balance_margins(
        &self,
        kind: MarginKind,
        coms: &[[f64; 3]],
        map: Option<&TorqueMap>,
        generators: usize,
    ) -> Result<Vec<f64>, StabilityError> {
        let margins = match (kind, map) {
            (MarginKind::Static, _) => BalanceMargins::static_margins(self)?,
            (MarginKind::Robust, _) => BalanceMargins::robust_margins(self, generators)?,
            (MarginKind::Torque, Some(map)) => BalanceMargins::torque_margins(self, map)?,
            (MarginKind::Torque, None) => {
                return Err(StabilityError::BalanceMap {
                    reason: "the torque margin needs a torque map (a robot-bound stance)".into(),
                });
            }
        };
        margins.margins(coms)
    }
}

#[cfg(test)]
mod tests;
