//! MORSE-style armatures: kinematic chains driven by services over simulation time.
//!
//! An [`Armature`] wraps a [`Model`] and drives its revolute, continuous and prismatic joints
//! (mimic joints follow their leader; floating and ball joints hold their values), and offers the services of MORSE's armature
//! actuator: properties, instantaneous `set_*` services, non-blocking `rotate`/`translate`
//! motions, trajectories and IK targets. Nothing moves until [`Armature::tick`] advances the
//! armature's clock; a simulation loop calls it once per step.
//!
//! ## Where it differs from MORSE (on purpose)
//! - A step never overshoots: a joint closer to its target than `speed * dt` lands on it.
//! - Motions complete, as in MORSE, when every joint is within tolerance; the joints still
//!   cover the remaining sub-tolerance distance on the next tick instead of stopping short.
//! - Speeds can be set per joint ([`Armature::set_joint_speed`], [`Armature::move_joints`]).
//! - Trajectory waypoints with velocities are joined by cubic Hermite segments (MORSE ignores
//!   velocities); without velocities segments are linear. Late waypoints are skipped with a
//!   warning, as in MORSE.
//! - IK targets can be moved at speed; IK is re-solved on each tick from the previous solution.
//!
//! ## Placement and joint motion
//! Where the armature sits in the scene is its *placement* ([`Armature::set_placement`]), kept
//! apart from joint motion (`rotate`, `translate`). MORSE's Builder uses `translate`/`rotate`
//! for placement too; here those names only ever move joints.

mod ik_targets;
mod joint_motion;
mod pose_sensor;
mod properties;
mod services;
mod torque_drive;
mod trajectory;

use std::sync::Arc;

use nalgebra::{DVector, Isometry3};

use crate::forward_kinematics::{update_frame_placements, update_link_placements};
use crate::{Data, FrameKey, IkSolver, JointId, JointKind, KinematicsError, Model, Result};
use ik_targets::{IkMotion, IkTargetState};
use joint_motion::JointMotion;
use trajectory::TrajectoryRun;

pub use pose_sensor::{ArmaturePose, ArmaturePoseSensor};
pub use properties::{ArmatureProperties, PROPERTY_NAMES};
pub use services::{ArmatureConfiguration, ArmatureJointInfo, JointMove};
pub use torque_drive::TorqueLaw;
pub use trajectory::{Trajectory, TrajectoryPoint};

/// Which kind of motion an armature is running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MotionKind {
    /// `rotate`, `translate`, `rotate_joints`, `translate_joints` or `move_joints`.
    Joints,
    /// `trajectory`.
    Trajectory,
    /// `move_IK_target` of the named target.
    IkTarget(String),
    /// `drive_torques`: forward dynamics under a torque law.
    Torques,
}

/// What happened during one [`Armature::tick`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TickReport {
    /// Armature time after the tick (s).
    pub time: f64,
    /// The motion that completed on this tick, if any.
    pub completed: Option<MotionKind>,
    /// Warnings raised on this tick (e.g. skipped late waypoints, an IK target out of reach).
    pub warnings: Vec<String>,
}

#[derive(Clone, Debug)]
enum Motion {
    Joints(JointMotion),
    Trajectory(TrajectoryRun),
    Ik(IkMotion),
    Torques(Box<torque_drive::TorqueDrive>),
}

/// A kinematic chain with MORSE's armature-actuator behaviour over simulation time.
#[derive(Clone, Debug)]
pub struct Armature {
    name: String,
    model: Arc<Model>,
    data: Data,
    q: DVector<f64>,
    joints: Vec<JointId>,
    joint_speeds: Vec<Option<f64>>,
    properties: ArmatureProperties,
    placement: Isometry3<f64>,
    time: f64,
    motion: Option<Motion>,
    ik_targets: Vec<IkTargetState>,
    ik_solver: IkSolver,
}

impl Armature {
    /// An armature called `name` driving `model`, at its reference configuration (the
    /// neutral one, or MuJoCo's `qpos0` for MJCF models), clamped into the limits unless the
    /// model has a floating base, placed at the scene origin, with MORSE's default properties.
    ///
    /// A floating (free) or ball joint is held in the configuration: its values change only
    /// through [`set_configuration`](Armature::set_configuration) (and IK), never through the
    /// joint services, which drive revolute, continuous and prismatic joints.
    pub fn new(name: impl Into<String>, model: impl Into<Arc<Model>>) -> Result<Self> {
        let model: Arc<Model> = model.into();
        let joints: Vec<JointId> = (0..model.joints().len())
            .map(JointId)
            .filter(|&j| model.joint(j).nq() == 1)
            .collect();
        let mut q = model.reference_configuration().clone();
        // A floating-base model starts exactly at its reference configuration (MuJoCo's qpos0,
        // which may lie outside a joint's range, as the ant's hips); a fixed-base one clamped.
        let floating = model
            .joints()
            .iter()
            .any(|j| j.kind() == JointKind::Floating);
        if !floating {
            model.clamp_configuration(q.as_mut_slice());
        }
        let mut armature = Armature {
            name: name.into(),
            data: Data::new(&model),
            ik_solver: IkSolver::new(&model),
            joint_speeds: vec![None; joints.len()],
            joints,
            q,
            model,
            properties: ArmatureProperties::default(),
            placement: Isometry3::identity(),
            time: 0.0,
            motion: None,
            ik_targets: Vec::new(),
        };
        armature.update_kinematics();
        Ok(armature)
    }

    /// The armature's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The model it drives.
    pub fn model(&self) -> &Arc<Model> {
        &self.model
    }
    /// The current configuration (model layout).
    pub fn configuration(&self) -> &DVector<f64> {
        &self.q
    }
    /// The armature's clock (s): the sum of all `dt` given to [`tick`](Armature::tick).
    pub fn time(&self) -> f64 {
        self.time
    }
    /// Sets the armature's clock, e.g. to align it with a simulation that started earlier.
    pub fn set_time(&mut self, time: f64) -> Result<()> {
        crate::error::check_finite(|| "armature time".into(), time)?;
        self.time = time;
        Ok(())
    }
    /// Current properties.
    pub fn properties(&self) -> &ArmatureProperties {
        &self.properties
    }
    /// Where the armature's base sits in the scene.
    pub fn placement(&self) -> &Isometry3<f64> {
        &self.placement
    }
    /// Places the armature's base in the scene (not a joint motion). IK targets keep their
    /// scene poses.
    pub fn set_placement(&mut self, placement: Isometry3<f64>) -> Result<()> {
        crate::error::check_all_finite(
            "placement translation",
            placement.translation.vector.as_slice(),
        )?;
        crate::error::check_all_finite("placement rotation", placement.rotation.coords.as_slice())?;
        self.placement = placement;
        Ok(())
    }
    /// Scene pose of a link or frame at the current configuration.
    pub fn frame_pose(&self, frame: impl FrameKey) -> Result<Isometry3<f64>> {
        let id = frame.frame_id(&self.model)?;
        Ok(self.placement * self.data.world_from_frame(id))
    }
    /// The motion in progress, if any.
    pub fn current_motion(&self) -> Option<MotionKind> {
        match &self.motion {
            None => None,
            Some(Motion::Joints(_)) => Some(MotionKind::Joints),
            Some(Motion::Trajectory(_)) => Some(MotionKind::Trajectory),
            Some(Motion::Ik(m)) => {
                Some(MotionKind::IkTarget(self.ik_targets[m.target].name.clone()))
            }
            Some(Motion::Torques(_)) => Some(MotionKind::Torques),
        }
    }
    /// True while a motion is in progress.
    pub fn is_moving(&self) -> bool {
        self.motion.is_some()
    }
    /// Sets the whole configuration at once (model layout, checked for length and finiteness,
    /// not clamped), as a mirror of an outside simulation does; the motion in progress goes on
    /// from there.
    pub fn set_configuration(&mut self, q: &[f64]) -> Result<()> {
        self.model.check_configuration(q)?;
        self.q.as_mut_slice().copy_from_slice(q);
        self.update_kinematics();
        Ok(())
    }
    /// Stops the motion in progress, leaving the joints where they are.
    pub fn stop(&mut self) {
        self.motion = None;
    }

    /// Advances the armature's clock by `dt` seconds and moves its joints accordingly.
    pub fn tick(&mut self, dt: f64) -> Result<TickReport> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(KinematicsError::invalid(
                "time step",
                format!("{dt} must be finite and > 0"),
            ));
        }
        let previous = self.time;
        self.time += dt;
        let mut report = TickReport {
            time: self.time,
            ..TickReport::default()
        };
        match self.motion.take() {
            None => {}
            Some(Motion::Joints(mut m)) => {
                let progress = m.step(self.q.as_mut_slice(), dt);
                if progress.completed {
                    report.completed = Some(MotionKind::Joints);
                }
                if !progress.settled {
                    self.motion = Some(Motion::Joints(m));
                }
            }
            Some(Motion::Trajectory(mut run)) => {
                let finished = run.step(
                    self.q.as_mut_slice(),
                    previous,
                    self.time,
                    &mut report.warnings,
                );
                if finished {
                    report.completed = Some(MotionKind::Trajectory);
                } else {
                    self.motion = Some(Motion::Trajectory(run));
                }
            }
            Some(Motion::Ik(mut m)) => {
                let done = self.step_ik_motion(&mut m, dt, &mut report.warnings)?;
                if done {
                    report.completed =
                        Some(MotionKind::IkTarget(self.ik_targets[m.target].name.clone()));
                } else {
                    self.motion = Some(Motion::Ik(m));
                }
            }
            Some(Motion::Torques(mut drive)) => {
                let model = Arc::clone(&self.model);
                let stepped = drive.step(&model, self.q.as_mut_slice(), dt);
                self.motion = Some(Motion::Torques(drive));
                stepped?;
            }
        }
        self.update_kinematics();
        Ok(report)
    }

    /// Recomputes link and frame poses after the configuration changed.
    fn update_kinematics(&mut self) {
        update_link_placements(&self.model, &mut self.data, self.q.as_slice());
        update_frame_placements(&self.model, &mut self.data);
    }

    /// Position in `joints` of a joint given by name, checking it is one of the armature's.
    fn joint_slot(&self, name: &str) -> Result<usize> {
        let id = self.model.joint_id(name)?;
        self.joints
            .iter()
            .position(|&j| j == id)
            .ok_or_else(|| KinematicsError::WrongJointType {
                joint: name.to_owned(),
                expected: "revolute, continuous or prismatic (not mimic)",
                actual: if self.model.joint(id).mimic().is_some() {
                    "a mimic joint"
                } else {
                    self.model.joint(id).kind().name()
                },
                operation: "an armature service",
            })
    }
}
