//! Levenberg–Marquardt inverse kinematics with joint limits and random restarts.

use std::time::Instant;

use nalgebra::{DVector, Isometry3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::chain::FoldedKinematics;
use super::dense::solve_damped;
use super::problem::Problem;
use super::target::{IkOptions, IkResult, IkStatus, IkTarget, IkTargetKind, TargetError};
use crate::error::check_all_finite;
use crate::forward_kinematics::update_path_placements;
use crate::joint::{ball_rotation, floating_placement, write_ball, write_floating};
use crate::spatial::{exp3, log3};
use crate::{Data, FrameId, JointId, KinematicsError, Model, Result};

/// Target frames and kinds, and active joints, of a prepared problem.
type PreparedFor = (Vec<(FrameId, IkTargetKind)>, Option<Vec<JointId>>);

/// Damping multiplier at the start of an attempt, its bounds, and how it changes.
const MU_START: f64 = 1.0;
const MU_MIN: f64 = 1e-3;
const MU_MAX: f64 = 1e8;
const MU_SHRINK: f64 = 0.3;
const MU_GROW: f64 = 4.0;
/// An accepted step that lowers the error by less than this fraction counts as a stall.
const STALL_FRACTION: f64 = 1e-2;
/// Consecutive stalls after which an attempt is abandoned.
const MAX_STALLS: usize = 3;
/// Rounds of freezing joints that a step pushes past their limits.
const LIMIT_ROUNDS: usize = 4;

/// A reusable inverse-kinematics solver for one [`Model`].
///
/// It keeps its buffers between calls, so repeated solves allocate only their result.
///
/// # Method
/// Each iteration linearises the weighted residual `e` of all targets (position difference,
/// and the rotation vector `log(R_target R_frameᵀ)` for pose targets, in world axes) with the
/// analytic local-world-aligned Jacobian `J` of the active joints and solves
/// `(JᵀJ + λ I) Δq = Jᵀe` with `λ = μ (½|e|² + damping)` (Sugihara's damping), freezing
/// joints that sit at a limit the step would cross. The new configuration is clamped into
/// the limits and accepted if it lowers the error (then `μ` shrinks), else `μ` grows and the
/// step is retried. An attempt that stalls (rejected steps pile up, the error stops falling,
/// or [`IkOptions::iterations_per_attempt`] runs out) restarts from a random configuration
/// within the limits, drawn from a generator seeded with [`IkOptions::random_seed`]. The
/// best configuration seen is returned when nothing converges. A converged answer is checked
/// again with plain forward kinematics before it is reported.
#[derive(Clone, Debug)]
pub struct IkSolver {
    data: Data,
    check: Data,
    model_id: u64,
    kinematics: FoldedKinematics,
    problem: Problem,
    /// Frames and kinds of the targets, and active joints, that `problem` was set up for.
    prepared: Option<PreparedFor>,
    poses: Vec<Isometry3<f64>>,
    blocked: Vec<bool>,
    jac: Vec<f64>,
    err: Vec<f64>,
    jtj: Vec<f64>,
    jte: Vec<f64>,
    step: Vec<f64>,
    scratch: Vec<f64>,
    q: Vec<f64>,
    trial: Vec<f64>,
    best: Vec<f64>,
    errors: Vec<TargetError>,
}

impl IkSolver {
    /// A solver with buffers sized for `model`.
    pub fn new(model: &Model) -> Self {
        IkSolver {
            data: Data::new(model),
            check: Data::new(model),
            model_id: model.id(),
            kinematics: FoldedKinematics::default(),
            problem: Problem::default(),
            prepared: None,
            poses: Vec::new(),
            blocked: Vec::new(),
            jac: Vec::new(),
            err: Vec::new(),
            jtj: Vec::new(),
            jte: Vec::new(),
            step: Vec::new(),
            scratch: Vec::new(),
            q: vec![0.0; model.nq()],
            trial: vec![0.0; model.nq()],
            best: vec![0.0; model.nq()],
            errors: Vec::new(),
        }
    }

    /// Finds a configuration that brings every target's frame to its target, starting from `seed`.
    ///
    /// The seed is first clamped into the joint limits; joints that are not active keep their
    /// seed values. Errors only for invalid input (wrong sizes, NaN, unknown frames, no
    /// targets, negative weights, tolerances that are not positive); a solve that does not
    /// converge returns `Ok` with a status other than [`IkStatus::Converged`].
    ///
    /// ```
    /// use morsel_kinematics::nalgebra::Point3;
    /// use morsel_kinematics::{ChainBuilder, IkOptions, IkSolver, IkTarget};
    /// // A planar arm with links of 0.5 m and 0.4 m reaching for (0.3, 0.5): the law of
    /// // cosines gives the elbow angle, cos q2 = (x² + y² − l1² − l2²) / (2 l1 l2).
    /// let arm = ChainBuilder::new("arm")
    ///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [-3.0, 3.0])
    ///     .revolute("elbow", [0.0, 0.0, 1.0], [0.5, 0.0, 0.0], [-3.0, 3.0])
    ///     .fixed("tip", [0.4, 0.0, 0.0])
    ///     .build()?;
    /// let target = IkTarget::position(&arm, "tip", Point3::new(0.3, 0.5, 0.0))?;
    /// let result = IkSolver::new(&arm).solve(&arm, &[target], &[0.1, 0.1], &IkOptions::default())?;
    /// assert!(result.converged());
    /// let elbow = ((0.3f64.powi(2) + 0.5f64.powi(2) - 0.25 - 0.16) / (2.0 * 0.5 * 0.4)).acos();
    /// assert!((result.q[1].abs() - elbow).abs() < 1e-3);
    /// # Ok::<(), morsel_kinematics::KinematicsError>(())
    /// ```
    pub fn solve(
        &mut self,
        model: &Model,
        targets: &[IkTarget],
        seed: &[f64],
        options: &IkOptions,
    ) -> Result<IkResult> {
        let start = Instant::now();
        self.check_input(model, targets, seed, options)?;
        self.setup(model, targets, options)?;
        let mut rng = ChaCha8Rng::seed_from_u64(options.random_seed);
        self.q.copy_from_slice(seed);
        model.clamp_configuration(&mut self.q);
        let mut best_cost = f64::INFINITY;
        let (mut iterations, mut restarts) = (0, 0);
        let status = 'solve: loop {
            // One attempt, from self.q.
            let mut cost = self.evaluate(model, targets, false);
            let mut mu = MU_START;
            let (mut attempt_iterations, mut stalls) = (0, 0);
            loop {
                if cost < best_cost {
                    best_cost = cost;
                    self.best.copy_from_slice(&self.q);
                }
                if self.targets_met(targets, options) && self.verify(model, targets, options) {
                    break 'solve IkStatus::Converged;
                }
                // No active joint moves a target: the seed is the only candidate.
                if self.problem.n == 0 {
                    break 'solve IkStatus::MaxIterations;
                }
                if iterations >= options.max_iterations {
                    break 'solve IkStatus::MaxIterations;
                }
                if options
                    .time_budget
                    .is_some_and(|budget| start.elapsed() >= budget)
                {
                    break 'solve IkStatus::TimeBudget;
                }
                if attempt_iterations >= options.iterations_per_attempt || stalls >= MAX_STALLS {
                    break;
                }
                self.linearize(targets);
                // Retry with growing damping until the error drops or the attempt stalls.
                let mut accepted = false;
                while !accepted && mu <= MU_MAX && iterations < options.max_iterations {
                    iterations += 1;
                    attempt_iterations += 1;
                    if !self.damped_step(mu * (cost + options.damping)) {
                        mu *= 10.0;
                        continue;
                    }
                    // Evaluating the trial leaves its kinematics and errors in the buffers,
                    // which is what the next iteration needs when the step is accepted.
                    let trial_cost = self.evaluate(model, targets, true);
                    if trial_cost < cost {
                        std::mem::swap(&mut self.q, &mut self.trial);
                        stalls = if trial_cost > (1.0 - STALL_FRACTION) * cost {
                            stalls + 1
                        } else {
                            0
                        };
                        cost = trial_cost;
                        mu = (mu * MU_SHRINK).max(MU_MIN);
                        accepted = true;
                    } else {
                        mu *= MU_GROW;
                    }
                }
                if !accepted {
                    break;
                }
            }
            if restarts >= options.max_restarts {
                break 'solve IkStatus::MaxIterations;
            }
            restarts += 1;
            self.randomize(model, seed, &mut rng);
        };
        if status != IkStatus::Converged {
            self.q.copy_from_slice(&self.best);
            // Report the errors of the returned configuration (`verify` did it when converged).
            self.fresh_errors(model, targets);
        }
        Ok(IkResult {
            q: DVector::from_column_slice(&self.q),
            status,
            iterations,
            restarts,
            errors: self.errors.clone(),
            elapsed: start.elapsed(),
        })
    }

    fn check_input(
        &self,
        model: &Model,
        targets: &[IkTarget],
        seed: &[f64],
        options: &IkOptions,
    ) -> Result<()> {
        if self.model_id != model.id() {
            return Err(KinematicsError::invalid(
                "IK solver",
                "it was made for another model; use IkSolver::new(&model)",
            ));
        }
        model.check_configuration(seed)?;
        if targets.is_empty() {
            return Err(KinematicsError::invalid(
                "IK targets",
                "give at least one target",
            ));
        }
        for (i, t) in targets.iter().enumerate() {
            if t.frame.index() >= model.frames().len() {
                return Err(KinematicsError::invalid(
                    format!("IK target #{i}"),
                    "its frame is not in this model",
                ));
            }
            if !t
                .pose
                .translation
                .vector
                .iter()
                .chain(t.pose.rotation.coords.iter())
                .all(|v| v.is_finite())
            {
                check_all_finite(
                    &format!("IK target #{i} translation"),
                    t.pose.translation.vector.as_slice(),
                )?;
                check_all_finite(
                    &format!("IK target #{i} rotation"),
                    t.pose.rotation.coords.as_slice(),
                )?;
            }
            for (name, w) in [
                ("position weight", t.position_weight),
                ("orientation weight", t.orientation_weight),
            ] {
                if !(w.is_finite() && w >= 0.0) {
                    return Err(KinematicsError::invalid(
                        format!("IK target #{i} {name}"),
                        format!("{w} must be finite and >= 0"),
                    ));
                }
            }
        }
        for (name, v) in [
            ("position tolerance", options.position_tolerance),
            ("orientation tolerance", options.orientation_tolerance),
            ("damping", options.damping),
        ] {
            if !(v.is_finite() && v > 0.0) {
                return Err(KinematicsError::invalid(
                    format!("IK {name}"),
                    format!("{v} must be finite and > 0"),
                ));
            }
        }
        Ok(())
    }

    fn setup(&mut self, model: &Model, targets: &[IkTarget], options: &IkOptions) -> Result<()> {
        // Repeated solves for the same frames and joints (the common case) reuse the setup.
        let same = self.prepared.as_ref().is_some_and(|(frames, active)| {
            active.as_deref() == options.active_joints.as_deref()
                && frames.len() == targets.len()
                && frames
                    .iter()
                    .zip(targets)
                    .all(|(&(f, k), t)| f == t.frame && k == t.kind)
        });
        if !same {
            self.prepared = None;
            self.problem
                .setup(model, targets, options.active_joints.as_deref())?;
            self.kinematics
                .setup(model, targets.iter().map(|t| t.frame));
            self.prepared = Some((
                targets.iter().map(|t| (t.frame, t.kind)).collect(),
                options.active_joints.clone(),
            ));
        }
        let (n, m) = (self.problem.n, self.problem.m);
        self.poses.resize(targets.len(), Isometry3::identity());
        self.errors.resize(
            targets.len(),
            TargetError {
                position: 0.0,
                orientation: 0.0,
            },
        );
        self.jac.resize(m * n, 0.0);
        self.err.resize(m, 0.0);
        self.jtj.resize(n * n, 0.0);
        self.jte.resize(n, 0.0);
        self.step.resize(n, 0.0);
        self.blocked.resize(n, false);
        Ok(())
    }

    /// Residuals and per-target errors at `self.q` (or the trial); returns ½|e|².
    fn evaluate(&mut self, model: &Model, targets: &[IkTarget], trial: bool) -> f64 {
        let q = if trial { &self.trial } else { &self.q };
        self.kinematics
            .run(model, q, &mut self.data.world_from_link);
        for (i, pose) in self.poses.iter_mut().enumerate() {
            *pose = self.kinematics.frame_pose(i, &self.data.world_from_link);
        }
        residuals(targets, &self.poses, &mut self.err, &mut self.errors)
    }

    fn targets_met(&self, targets: &[IkTarget], options: &IkOptions) -> bool {
        targets.iter().zip(&self.errors).all(|(t, e)| {
            e.position <= options.position_tolerance
                && (t.kind == IkTargetKind::Position
                    || e.orientation <= options.orientation_tolerance)
        })
    }

    /// Checks a candidate with plain forward kinematics (not the folded chain the iterations
    /// use) and the limits; leaves the errors of that check in `self.errors`.
    fn verify(&mut self, model: &Model, targets: &[IkTarget], options: &IkOptions) -> bool {
        if !model.within_limits(&self.q, 0.0) || model.check_configuration(&self.q).is_err() {
            return false;
        }
        self.fresh_errors(model, targets);
        self.targets_met(targets, options)
    }

    /// Errors at `self.q` from plain forward kinematics of each target's path.
    fn fresh_errors(&mut self, model: &Model, targets: &[IkTarget]) {
        for (pose, t) in self.poses.iter_mut().zip(targets) {
            let frame = model.frame(t.frame);
            update_path_placements(model, &mut self.check, &self.q, frame.link());
            *pose = self.check.world_from_link[frame.link().index()] * frame.link_from_frame();
        }
        residuals(targets, &self.poses, &mut self.err, &mut self.errors);
    }

    /// Jacobian at `self.q` (whose kinematics are in `self.data`), then JᵀJ and Jᵀe.
    fn linearize(&mut self, targets: &[IkTarget]) {
        let n = self.problem.n;
        self.problem.jacobian(
            targets,
            &self.poses,
            &self.data.world_from_link,
            &mut self.jac,
        );
        normal_equations(&self.jac, &self.err, n, &mut self.jtj, &mut self.jte);
    }

    /// Solves the damped system and writes the clamped trial configuration. False if singular.
    ///
    /// Joints that sit at a limit the step would cross are frozen and the system is solved
    /// again without them, so that the other joints take up the motion.
    fn damped_step(&mut self, lambda: f64) -> bool {
        self.blocked.fill(false);
        for _ in 0..LIMIT_ROUNDS {
            if !solve_damped(
                &self.jtj,
                &self.jte,
                lambda,
                &self.blocked,
                &mut self.step,
                &mut self.scratch,
            ) {
                return false;
            }
            let mut newly_blocked = false;
            for s in &self.problem.scalars {
                let dq = self.step[s.col];
                let v = self.q[s.idx_q];
                if !self.blocked[s.col]
                    && ((v <= s.lower && dq < 0.0) || (v >= s.upper && dq > 0.0))
                {
                    self.blocked[s.col] = true;
                    newly_blocked = true;
                }
            }
            if !newly_blocked {
                break;
            }
        }
        self.trial.copy_from_slice(&self.q);
        for s in &self.problem.scalars {
            self.trial[s.idx_q] = (self.q[s.idx_q] + self.step[s.col])
                .max(s.lower)
                .min(s.upper);
        }
        for &(col, iq) in &self.problem.floating {
            let pose = floating_placement(&self.q[iq..iq + 7]);
            let d = &self.step[col..col + 6];
            let mut next = pose;
            next.translation.vector += Vector3::new(d[0], d[1], d[2]);
            next.rotation = pose.rotation * exp3(&Vector3::new(d[3], d[4], d[5]));
            write_floating(&next, &mut self.trial[iq..iq + 7]);
        }
        for &(col, iq) in &self.problem.balls {
            let rotation = ball_rotation(&self.q[iq..iq + 4]);
            let d = &self.step[col..col + 3];
            let next = rotation * exp3(&Vector3::new(d[0], d[1], d[2]));
            write_ball(&next, &mut self.trial[iq..iq + 4]);
        }
        true
    }

    /// A random configuration for the active one-value joints; everything else from the seed.
    fn randomize(&mut self, model: &Model, seed: &[f64], rng: &mut ChaCha8Rng) {
        self.q.copy_from_slice(seed);
        model.clamp_configuration(&mut self.q);
        for s in &self.problem.scalars {
            let (lo, hi) = s.sample;
            self.q[s.idx_q] = if hi > lo {
                rng.random_range(lo..=hi)
            } else {
                lo
            };
        }
    }
}

/// `jtj = JᵀJ` and `jte = Jᵀe` for a row-major `J` with `n` columns.
fn normal_equations(jac: &[f64], err: &[f64], n: usize, jtj: &mut [f64], jte: &mut [f64]) {
    macro_rules! fixed {
        ($($n:literal)*) => {
            match n {
                $($n => normal_equations_fixed::<$n>(jac, err, jtj, jte),)*
                _ => normal_equations_dynamic(jac, err, n, jtj, jte),
            }
        };
    }
    fixed!(1 2 3 4 5 6 7 8 9 10 11 12)
}

// Index loops mirror the formulas (a is symmetric).
#[allow(clippy::needless_range_loop)]
fn normal_equations_fixed<const N: usize>(
    jac: &[f64],
    err: &[f64],
    jtj: &mut [f64],
    jte: &mut [f64],
) {
    let mut a = [[0.0; N]; N];
    let mut b = [0.0; N];
    for (row, &e) in jac.chunks_exact(N).zip(err) {
        let mut r = [0.0; N];
        r.copy_from_slice(row);
        for i in 0..N {
            b[i] += r[i] * e;
            for k in i..N {
                a[i][k] += r[i] * r[k];
            }
        }
    }
    for i in 0..N {
        for k in 0..i {
            a[i][k] = a[k][i];
        }
        jtj[i * N..(i + 1) * N].copy_from_slice(&a[i]);
    }
    jte[..N].copy_from_slice(&b);
}

fn normal_equations_dynamic(jac: &[f64], err: &[f64], n: usize, jtj: &mut [f64], jte: &mut [f64]) {
    jtj.fill(0.0);
    jte.fill(0.0);
    for (row, &e) in jac.chunks_exact(n).zip(err) {
        for (i, &ji) in row.iter().enumerate() {
            jte[i] += ji * e;
            for (o, &jk) in jtj[i * n + i..(i + 1) * n].iter_mut().zip(&row[i..]) {
                *o += ji * jk;
            }
        }
    }
    for i in 0..n {
        for k in 0..i {
            jtj[i * n + k] = jtj[k * n + i];
        }
    }
}

/// Weighted residuals of all targets at frame poses `poses`; returns ½|e|².
fn residuals(
    targets: &[IkTarget],
    poses: &[Isometry3<f64>],
    err: &mut [f64],
    errors: &mut [TargetError],
) -> f64 {
    let mut row = 0;
    for ((t, pose), e) in targets.iter().zip(poses).zip(errors.iter_mut()) {
        let dp = t.pose.translation.vector - pose.translation.vector;
        let wp = t.position_weight.sqrt();
        for k in 0..3 {
            err[row + k] = wp * dp[k];
        }
        e.position = dp.norm();
        e.orientation = 0.0;
        if t.kind == IkTargetKind::Pose {
            let dr = log3(&(t.pose.rotation * pose.rotation.inverse()));
            let wo = t.orientation_weight.sqrt();
            for k in 0..3 {
                err[row + 3 + k] = wo * dr[k];
            }
            e.orientation = dr.norm();
        }
        row += t.rows();
    }
    0.5 * err.iter().map(|v| v * v).sum::<f64>()
}
