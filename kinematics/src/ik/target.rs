//! What inverse kinematics aims for: targets, options, and the result it reports.

use std::time::Duration;

use nalgebra::{DVector, Isometry3, Point3, Translation3, UnitQuaternion};

use crate::{FrameId, FrameKey, JointId, Model, Result};

/// Whether a target constrains a frame's whole pose or only its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IkTargetKind {
    /// Position and orientation.
    Pose,
    /// Position of the frame origin only.
    Position,
}

/// A desired world pose (or position) of a frame, with weights.
#[derive(Clone, Debug, PartialEq)]
pub struct IkTarget {
    /// The frame that should reach the target.
    pub frame: FrameId,
    /// Desired world pose of the frame (only the translation matters for position targets).
    pub pose: Isometry3<f64>,
    /// Pose or position target.
    pub kind: IkTargetKind,
    /// Weight of the position error (per metre).
    pub position_weight: f64,
    /// Weight of the orientation error (per radian).
    pub orientation_weight: f64,
}

impl IkTarget {
    /// A full-pose target for `frame`, with unit weights.
    pub fn pose(model: &Model, frame: impl FrameKey, pose: Isometry3<f64>) -> Result<Self> {
        Ok(IkTarget {
            frame: frame.frame_id(model)?,
            pose,
            kind: IkTargetKind::Pose,
            position_weight: 1.0,
            orientation_weight: 1.0,
        })
    }

    /// A position-only target for the origin of `frame`, with unit weight.
    pub fn position(model: &Model, frame: impl FrameKey, position: Point3<f64>) -> Result<Self> {
        Ok(IkTarget {
            frame: frame.frame_id(model)?,
            pose: Isometry3::from_parts(
                Translation3::from(position.coords),
                UnitQuaternion::identity(),
            ),
            kind: IkTargetKind::Position,
            position_weight: 1.0,
            orientation_weight: 0.0,
        })
    }

    /// The same target with other weights (both must be non-negative and finite).
    pub fn with_weights(mut self, position_weight: f64, orientation_weight: f64) -> Self {
        self.position_weight = position_weight;
        self.orientation_weight = orientation_weight;
        self
    }

    /// Number of residual rows: 6 for a pose target, 3 for a position target.
    pub(crate) fn rows(&self) -> usize {
        match self.kind {
            IkTargetKind::Pose => 6,
            IkTargetKind::Position => 3,
        }
    }
}

/// Settings of [`IkSolver::solve`](crate::IkSolver::solve).
#[derive(Clone, Debug, PartialEq)]
pub struct IkOptions {
    /// Largest position error (m) of a converged solution, for every target.
    pub position_tolerance: f64,
    /// Largest orientation error (rad) of a converged solution, for every pose target.
    pub orientation_tolerance: f64,
    /// Largest number of iterations, all attempts together.
    pub max_iterations: usize,
    /// Iterations one attempt may take before it is abandoned for a random restart.
    pub iterations_per_attempt: usize,
    /// Largest number of random restarts after the seeded attempt (0: only the seed).
    pub max_restarts: usize,
    /// Wall-clock budget; `None` (the default) for no limit, which keeps results independent
    /// of the machine's speed and load (iterations and restarts still bound the work).
    pub time_budget: Option<Duration>,
    /// Seed of the random restarts (the same seed gives the same restarts).
    pub random_seed: u64,
    /// Joints the solver may move; `None` moves every joint on the paths from the root to the targets.
    pub active_joints: Option<Vec<JointId>>,
    /// Constant part of the Levenberg–Marquardt damping (added to the current squared error).
    pub damping: f64,
}

impl Default for IkOptions {
    fn default() -> Self {
        IkOptions {
            position_tolerance: 1e-6,
            orientation_tolerance: 1e-5,
            max_iterations: 2000,
            iterations_per_attempt: 60,
            max_restarts: 200,
            time_budget: None,
            random_seed: 0,
            active_joints: None,
            damping: 1e-6,
        }
    }
}

impl IkOptions {
    /// Options for tracking a slowly moving target from the current configuration: no random
    /// restarts (so the joints never jump to another solution) and few iterations.
    pub fn tracking() -> Self {
        IkOptions {
            max_iterations: 50,
            iterations_per_attempt: 50,
            max_restarts: 0,
            ..IkOptions::default()
        }
    }
}

/// How an inverse-kinematics solve ended. Not converging is a normal outcome, not an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IkStatus {
    /// Every target is met within tolerance and the joints are within limits (checked again
    /// with a fresh forward-kinematics pass before this is reported).
    Converged,
    /// The iteration limit (or the restart limit) was reached first.
    MaxIterations,
    /// The time budget ran out first.
    TimeBudget,
}

impl IkStatus {
    /// Lower-case name (`converged`, `max_iterations`, `time_budget`).
    pub fn name(self) -> &'static str {
        match self {
            IkStatus::Converged => "converged",
            IkStatus::MaxIterations => "max_iterations",
            IkStatus::TimeBudget => "time_budget",
        }
    }
}

/// The remaining error of one target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TargetError {
    /// Distance between the frame origin and the target position (m).
    pub position: f64,
    /// Angle between the frame and target orientations (rad); 0 for position targets.
    pub orientation: f64,
}

/// What [`IkSolver::solve`](crate::IkSolver::solve) found.
#[derive(Clone, Debug, PartialEq)]
pub struct IkResult {
    /// The configuration: the solution when converged, else the best one seen.
    pub q: DVector<f64>,
    /// How the solve ended.
    pub status: IkStatus,
    /// Iterations run, all attempts together.
    pub iterations: usize,
    /// Random restarts used.
    pub restarts: usize,
    /// Remaining error of each target at `q`, in target order.
    pub errors: Vec<TargetError>,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

impl IkResult {
    /// True when the status is [`IkStatus::Converged`].
    pub fn converged(&self) -> bool {
        self.status == IkStatus::Converged
    }
    /// Largest position error over the targets (m).
    pub fn max_position_error(&self) -> f64 {
        self.errors.iter().map(|e| e.position).fold(0.0, f64::max)
    }
    /// Largest orientation error over the targets (rad).
    pub fn max_orientation_error(&self) -> f64 {
        self.errors
            .iter()
            .map(|e| e.orientation)
            .fold(0.0, f64::max)
    }
}
