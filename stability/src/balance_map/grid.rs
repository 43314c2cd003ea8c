//! Regular grids of CoM positions for balance maps.

#[cfg(feature = "serde")]
use serde::Serialize;

use crate::error::StabilityError;

/// Most positions a balance map may hold (a grid beyond it is refused before allocating).
pub const MAX_MAP_POINTS: usize = 10_000_000;

/// `steps` evenly spaced values from `min` to `max` (both included; `min` alone for one step).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct GridAxis {
    min: f64,
    max: f64,
    steps: usize,
}

impl GridAxis {
    /// A checked axis: finite bounds, `min <= max`, at least one step (two when `min < max`).
    pub fn new(name: &str, min: f64, max: f64, steps: usize) -> Result<Self, StabilityError> {
        let bad = |why: String| StabilityError::BalanceMap {
            reason: format!("axis {name} [{min}, {max}, {steps}]: {why}"),
        };
        if !(min.is_finite() && max.is_finite()) {
            return Err(bad("the bounds must be finite".into()));
        }
        if min > max {
            return Err(bad("give min <= max".into()));
        }
        if steps == 0 || (steps == 1 && min < max) {
            return Err(bad(
                "give at least 2 steps (1 only when min equals max)".into()
            ));
        }
        Ok(Self { min, max, steps })
    }

    /// First value.
    pub fn min(&self) -> f64 {
        self.min
    }

    /// Last value.
    pub fn max(&self) -> f64 {
        self.max
    }

    /// Number of values, at least 1.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// Value `i` (`0 <= i < steps`).
    pub fn value(&self, i: usize) -> f64 {
        if self.steps == 1 {
            return self.min;
        }
        let t = i as f64 / (self.steps - 1) as f64;
        // Exact at both ends.
        if i + 1 == self.steps {
            self.max
        } else {
            self.min + (self.max - self.min) * t
        }
    }
}

/// A grid of CoM positions: x and y axes, an optional z axis (otherwise one height).
/// Positions are ordered with x slowest and z fastest (C order over `steps()`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ComGrid {
    x: GridAxis,
    y: GridAxis,
    z: Option<GridAxis>,
}

impl ComGrid {
    /// A grid over `x`, `y` and optionally `z`, refused beyond [`MAX_MAP_POINTS`] positions.
    pub fn new(x: GridAxis, y: GridAxis, z: Option<GridAxis>) -> Result<Self, StabilityError> {
        let grid = Self { x, y, z };
        let count = grid
            .steps()
            .iter()
            .try_fold(1usize, |n, &s| n.checked_mul(s));
        match count {
            Some(n) if n <= MAX_MAP_POINTS => Ok(grid),
            _ => Err(StabilityError::BalanceMap {
                reason: format!(
                    "the grid {:?} has more than {MAX_MAP_POINTS} positions: split it",
                    grid.steps()
                ),
            }),
        }
    }

    /// The x, y and (if any) z axes (m).
    pub fn axes(&self) -> (GridAxis, GridAxis, Option<GridAxis>) {
        (self.x, self.y, self.z)
    }

    /// Steps per axis: `[nx, ny]` or `[nx, ny, nz]`.
    pub fn steps(&self) -> Vec<usize> {
        let mut s = vec![self.x.steps, self.y.steps];
        s.extend(self.z.map(|z| z.steps));
        s
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.steps().iter().product()
    }

    /// Whether the grid has no position (never: every axis has a step).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Position `index` (C order), at height `height` when the grid has no z axis.
    pub fn point(&self, index: usize, height: f64) -> [f64; 3] {
        let nz = self.z.map_or(1, |z| z.steps);
        let iz = index % nz;
        let iy = (index / nz) % self.y.steps;
        let ix = index / (nz * self.y.steps);
        let z = self.z.map_or(height, |axis| axis.value(iz));
        [self.x.value(ix), self.y.value(iy), z]
    }

    /// The positions `range` of the grid, at `height` when it has no z axis.
    pub fn points(&self, range: std::ops::Range<usize>, height: f64) -> Vec<[f64; 3]> {
        range.map(|i| self.point(i, height)).collect()
    }
}
