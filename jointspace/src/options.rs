//! What a sample measures and how a run behaves.

use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result};

/// The value reported for a configuration in collision by a distance query.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum InCollision {
    /// Minus the penetration depth (see [`compute_distance`](crate::compute_distance) for how
    /// it is measured on meshes).
    #[default]
    PenetrationDepth,
    /// Zero, as FCL's distance for meshes and the notebook report it.
    Zero,
}

/// How a distance query reports its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DistanceOptions {
    /// What a configuration in collision reports.
    pub in_collision: InCollision,
    /// A security margin: distances above it are reported as the cap itself, and mesh queries
    /// stop as soon as they know the distance exceeds it (far configurations cost a few box
    /// tests). `None` computes every distance exactly.
    pub cap: Option<f64>,
}

impl DistanceOptions {
    /// Checks the cap (finite and not negative).
    pub(crate) fn check(&self) -> Result<()> {
        match self.cap {
            Some(c) if !(c.is_finite() && c >= 0.0) => Err(JointspaceError::invalid(
                "distance cap",
                format!("{c} must be finite and >= 0 (m)"),
            )),
            _ => Ok(()),
        }
    }
}

/// What is measured at each configuration.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Measure {
    /// The smallest signed distance over the pairs (m): positive when free, zero or negative
    /// in collision.
    Distance(DistanceOptions),
    /// A collision check: 1 when every pair is free, 0 as soon as one pair collides (the
    /// remaining pairs are not checked).
    Binary,
}

impl Default for Measure {
    fn default() -> Self {
        Measure::Distance(DistanceOptions::default())
    }
}

/// Default upper bound on the memory a sampling run may use (4 GiB).
pub const DEFAULT_MEMORY_LIMIT: u64 = 4 << 30;

/// Options of a sampling run ([`CollisionSampler::grid`](crate::CollisionSampler::grid),
/// [`random`](crate::CollisionSampler::random)).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleOptions {
    /// What each configuration reports.
    pub measure: Measure,
    /// Show a progress bar on standard error when it is a terminal (never in tests or CI,
    /// whose standard error is not a terminal).
    pub progress: bool,
    /// Refuse runs whose estimated memory exceeds this many bytes.
    pub memory_limit: u64,
}

impl Default for SampleOptions {
    fn default() -> Self {
        SampleOptions {
            measure: Measure::default(),
            progress: true,
            memory_limit: DEFAULT_MEMORY_LIMIT,
        }
    }
}

impl SampleOptions {
    /// Signed distances, minus the penetration depth in collision.
    pub fn distance() -> Self {
        SampleOptions::default()
    }
    /// Collision checks: 1 free, 0 in collision.
    pub fn binary() -> Self {
        SampleOptions {
            measure: Measure::Binary,
            ..SampleOptions::default()
        }
    }
    /// The same options, reporting 0 in collision as the notebook does (distance runs only).
    pub fn with_zero_in_collision(mut self) -> Self {
        if let Measure::Distance(d) = &mut self.measure {
            d.in_collision = InCollision::Zero;
        }
        self
    }
    /// The same options with a distance cap (distance runs only).
    pub fn with_cap(mut self, cap: f64) -> Self {
        if let Measure::Distance(d) = &mut self.measure {
            d.cap = Some(cap);
        }
        self
    }
    /// The same options without a progress bar.
    pub fn without_progress(mut self) -> Self {
        self.progress = false;
        self
    }
    /// The same options with another memory limit (bytes).
    pub fn with_memory_limit(mut self, bytes: u64) -> Self {
        self.memory_limit = bytes;
        self
    }
    /// Checks the options.
    pub(crate) fn check(&self) -> Result<()> {
        if let Measure::Distance(d) = &self.measure {
            d.check()?;
        }
        Ok(())
    }
}
