//! The kind of model [`super::fit`] fits, and how front ends name it: `kind` ("network" or
//! "spline"), `hidden` for a network, `cells` and `smoothing` for a spline.

use crate::error::{JointspaceError, Result};

/// Cells per joint of a spline when the options give none.
pub const DEFAULT_SPLINE_CELLS: usize = 32;

/// Relative weight of a spline's smoothing penalty when the options give none.
pub const DEFAULT_SMOOTHING: f64 = 1e-3;

/// Most cells per joint that [`ModelKind::Auto`] picks.
pub const AUTO_MAX_CELLS: usize = 256;

/// Training samples per spline coefficient that [`ModelKind::Auto`] aims at.
pub const AUTO_SAMPLES_PER_COEFFICIENT: f64 = 4.0;

/// The kind of model [`super::fit`] fits.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelKind {
    /// What fits best for the map's joint count (what front ends fit when the options name no
    /// kind): for 1 to 4 joints a spline with [`DEFAULT_SMOOTHING`] and as many cells per
    /// joint as give about [`AUTO_SAMPLES_PER_COEFFICIENT`] training samples per coefficient
    /// (4 to [`AUTO_MAX_CELLS`]); a network beyond.
    Auto,
    /// A `tanh` network with the hidden layers [`super::FitOptions::hidden`] (the Solo-12
    /// project's model).
    Network,
    /// A cubic B-spline ([`super::SplineGrid`]) with `cells` cells per joint (one count for
    /// every joint, or one per joint), fitted by least squares with a second-difference
    /// penalty of relative weight `smoothing` (0 for none).
    Spline {
        /// Cells per joint.
        cells: Vec<usize>,
        /// Relative weight of the smoothing penalty.
        smoothing: f64,
    },
}

impl ModelKind {
    /// The kind that a front end's options ask for: `name` "network" or "spline" (none: a
    /// spline when `cells` or `smoothing` is given, a network when `hidden` is, else
    /// [`ModelKind::Auto`]). `hidden_given` says
    /// whether the options set `hidden`. Errors on an unknown name and on options of the
    /// other kind (`hidden` for a spline, `cells` or `smoothing` for a network).
    pub fn from_options(
        name: Option<&str>,
        hidden_given: bool,
        cells: Option<Vec<usize>>,
        smoothing: Option<f64>,
    ) -> Result<ModelKind> {
        let spline_given = cells.is_some() || smoothing.is_some();
        if name.is_none() && hidden_given && spline_given {
            return Err(JointspaceError::invalid(
                "kind",
                "both `hidden` (a network's) and `cells` or `smoothing` (a spline's) are given; give one kind's options, or name the kind",
            ));
        }
        let spline = match name {
            Some("network") => false,
            Some("spline") => true,
            Some(other) => {
                return Err(JointspaceError::invalid(
                    "kind",
                    format!("\"{other}\" is not a model kind; use \"network\" or \"spline\""),
                ));
            }
            None => spline_given,
        };
        if spline && hidden_given {
            return Err(JointspaceError::invalid(
                "hidden",
                "a spline has no hidden layers; give `cells` (per joint) instead, or kind \"network\"",
            ));
        }
        if !spline && spline_given {
            return Err(JointspaceError::invalid(
                "cells",
                "`cells` and `smoothing` belong to kind \"spline\"; a network takes `hidden`",
            ));
        }
        if name.is_none() && !hidden_given && !spline_given {
            return Ok(ModelKind::Auto);
        }
        Ok(if spline {
            ModelKind::Spline {
                cells: cells.unwrap_or_else(|| vec![DEFAULT_SPLINE_CELLS]),
                smoothing: smoothing.unwrap_or(DEFAULT_SMOOTHING),
            }
        } else {
            ModelKind::Network
        })
    }
}

impl ModelKind {
    /// The kind [`ModelKind::Auto`] stands for, for `joints` joints of which `periodic` are
    /// periodic and `samples` training samples (other kinds are themselves).
    pub fn resolve(&self, joints: usize, periodic: usize, samples: usize) -> ModelKind {
        if *self != ModelKind::Auto {
            return self.clone();
        }
        if joints == 0 || joints > super::MAX_SPLINE_JOINTS {
            return ModelKind::Network;
        }
        let per_joint = (samples as f64 / AUTO_SAMPLES_PER_COEFFICIENT).powf(1.0 / joints as f64);
        // An open joint has 3 more coefficients than cells.
        let open_extra = if periodic < joints { 3.0 } else { 0.0 };
        let cells = ((per_joint - open_extra).floor() as usize).clamp(4, AUTO_MAX_CELLS);
        ModelKind::Spline {
            cells: vec![cells],
            smoothing: DEFAULT_SMOOTHING,
        }
    }
}
