//! The kinematic simulation behind the script API: shared robots, a fixed-step loop that runs
//! its processes in order, and recorders.
//!
//! Script variables and the simulation share objects, so [`Robot`], [`Simulation`] and
//! [`Recorder`] are handles (`Arc<Mutex<..>>`); cloning a handle shares the object.
//!
//! Each [`Simulation::step`] advances the clock by `dt` and runs the processes in the order
//! they were added: an armature process places the armature where its mount says (see
//! [`Robot::append`]) and ticks it (joint motions, trajectories, moving IK targets); a recorder
//! process samples its robot. Then the [`TickProcess`]es added with
//! [`Simulation::add_process`] (a wrench distributor, for instance) run, in the order they were
//! added, so they see every robot where this step left it. Completed motions, warnings and the
//! tick processes' notices are kept as [`SimEvent`]s. A simulation made with pose recording on
//! ([`Simulation::with_pose_record`], the `record_poses: true` option of both front ends) also
//! records the world pose of every link of every added robot when the robot is added and after
//! every step ([`Motion`], at most [`MAX_MOTION_KEYS`] keys), for animations; by default it
//! records nothing, and saving it as an animation is an error.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_kinematics::{KinematicsError, MotionKind};

mod joint_spec;
mod motion;
mod recorder;
mod robot;
mod tick;

pub use motion::{MAX_MOTION_KEYS, Motion, RobotMotion};

pub use tick::{ProcessNotice, TickProcess};

pub use joint_spec::JointSpec;
pub use recorder::{RecordKind, Recorder};
pub use robot::Robot;

/// What the simulation layer can reject.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SimulationError {
    /// The kinematics crate refused an operation.
    #[error(transparent)]
    Kinematics(#[from] KinematicsError),
    /// An operation does not fit the robot's state.
    #[error("robot \"{robot}\": {reason}")]
    Robot {
        /// The robot's name.
        robot: String,
        /// What is wrong and what to do instead.
        reason: String,
    },
    /// A simulation setting or call is invalid.
    #[error("simulation: {0}")]
    Invalid(String),
    /// A tick process (see [`TickProcess`]) failed during a step.
    #[error("process \"{process}\" at t = {time} s: {reason}")]
    Process {
        /// The process's label.
        process: String,
        /// The simulation time of the step (s).
        time: f64,
        /// What went wrong.
        reason: String,
    },
    /// A shared object was left inconsistent by an earlier failure.
    #[error("a shared {0} is unusable after an earlier internal failure; rebuild it")]
    Poisoned(&'static str),
}

/// Result of this module's operations.
pub type SimResult<T> = Result<T, SimulationError>;

pub(crate) fn lock<'a, T>(m: &'a Mutex<T>, what: &'static str) -> SimResult<MutexGuard<'a, T>> {
    m.lock().map_err(|_| SimulationError::Poisoned(what))
}

/// A completed motion or a warning during a step.
#[derive(Clone, Debug, PartialEq)]
pub struct SimEvent {
    /// Simulation time at the end of the step (s).
    pub time: f64,
    /// The robot concerned.
    pub robot: String,
    /// `"completed"`, `"warning"`, or the kind of a tick process's notice.
    pub kind: &'static str,
    /// The motion that completed (`joints`, `trajectory`, `ik_target <name>`) or the warning.
    pub detail: String,
}

#[derive(Clone, Debug)]
enum Process {
    Armature(Robot),
    Recorder(Recorder),
    Tick(Arc<dyn TickProcess>),
}

#[derive(Debug)]
struct SimState {
    dt: f64,
    time: f64,
    steps: u64,
    processes: Vec<Process>,
    events: Vec<SimEvent>,
    /// `None` when link poses are not recorded.
    motion: Option<Motion>,
}

/// A shared fixed-step kinematic simulation.
///
/// ```
/// use morsel_lab::morsel_kinematics::ChainBuilder;
/// use morsel_lab::simulation::{RecordKind, Recorder, Robot, Simulation};
///
/// // A one-joint arm with a tip 0.5 m out, and a recorder of its joint.
/// let arm = ChainBuilder::new("arm")
///     .revolute("j", [0.0, 0.0, 1.0], [0.0; 3], [-3.0, 3.0])
///     .fixed("tip", [0.5, 0.0, 0.0]);
/// let robot = Robot::building(arm)?;
/// let sim = Simulation::new(0.01)?;
/// sim.add(&robot)?;
/// let joints = Recorder::new(robot.clone(), RecordKind::Pose)?;
/// sim.add_recorder(&joints)?;
///
/// // MORSE's `rotate` service: towards 0.4 rad at 0.8 rad/s, so 0.2 rad after 0.25 s.
/// robot.with(|a| a.rotate("j", 0.4, Some(0.8)))?;
/// assert_eq!(sim.run(0.25)?, 25);
/// let (columns, rows) = joints.table()?;
/// assert_eq!(columns, ["time", "j"]);
/// let last = rows.last().expect("one row a step");
/// assert!((last[0] - 0.25).abs() < 1e-12 && (last[1] - 0.2).abs() < 1e-9, "{last:?}");
/// let tip = robot.frame_poses(&["tip".to_string()])?[0].translation.vector;
/// assert!((tip.x - 0.5 * 0.2f64.cos()).abs() < 1e-9 && (tip.y - 0.5 * 0.2f64.sin()).abs() < 1e-9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Simulation(Arc<Mutex<SimState>>);

impl Simulation {
    /// A simulation at time 0 with step `dt` (s) that does not record link poses.
    pub fn new(dt: f64) -> SimResult<Self> {
        Self::with_pose_record(dt, false)
    }

    /// A simulation at time 0 with step `dt` (s); with `record_poses` it records every link's
    /// world pose when a robot is added and after every step (what animations are made of).
    pub fn with_pose_record(dt: f64, record_poses: bool) -> SimResult<Self> {
        if !(dt.is_finite() && dt > 0.0) {
            return Err(SimulationError::Invalid(format!(
                "the time step dt must be a number > 0, got {dt}"
            )));
        }
        Ok(Simulation(Arc::new(Mutex::new(SimState {
            dt,
            time: 0.0,
            steps: 0,
            processes: Vec::new(),
            events: Vec::new(),
            motion: record_poses.then(Motion::default),
        }))))
    }

    fn state(&self) -> SimResult<MutexGuard<'_, SimState>> {
        lock(&self.0, "simulation")
    }

    /// The step (s).
    pub fn dt(&self) -> SimResult<f64> {
        Ok(self.state()?.dt)
    }

    /// The simulation time (s).
    pub fn time(&self) -> SimResult<f64> {
        Ok(self.state()?.time)
    }

    /// The link poses of every added robot, when added and after every step; an error when
    /// the simulation does not record them.
    pub fn motion(&self) -> SimResult<Motion> {
        self.state()?.motion.clone().ok_or_else(|| {
            SimulationError::Invalid(
                "this simulation did not record link poses, so it has no motion to animate; \
                 make it with the option record_poses: true (simulation(#{ dt, record_poses: \
                 true }) in Rhai, simulation(dt=..., record_poses=True) in Python)"
                    .into(),
            )
        })
    }

    /// Whether link poses are recorded (the `record_poses` option).
    pub fn records_poses(&self) -> SimResult<bool> {
        Ok(self.state()?.motion.is_some())
    }

    /// The number of robots added.
    pub fn robot_count(&self) -> SimResult<usize> {
        Ok(self
            .state()?
            .processes
            .iter()
            .filter(|p| matches!(p, Process::Armature(_)))
            .count())
    }

    /// Completed motions and warnings so far.
    pub fn events(&self) -> SimResult<Vec<SimEvent>> {
        Ok(self.state()?.events.clone())
    }

    /// Adds an armature process; its clock is set to the simulation's. Adding it twice is an error.
    pub fn add(&self, robot: &Robot) -> SimResult<()> {
        let mut s = self.state()?;
        let already = s
            .processes
            .iter()
            .any(|p| matches!(p, Process::Armature(r) if r.same(robot)));
        if already {
            return Err(SimulationError::Invalid(format!(
                "robot \"{}\" was already added",
                robot.name()
            )));
        }
        let time = s.time;
        robot.with(|a| a.set_time(time))?;
        if let Some(motion) = s.motion.as_mut() {
            motion.add(robot, time)?;
        }
        s.processes.push(Process::Armature(robot.clone()));
        Ok(())
    }

    /// Adds a recorder process, which samples once now and after every step.
    pub fn add_recorder(&self, recorder: &Recorder) -> SimResult<()> {
        let mut s = self.state()?;
        recorder.sample(s.time)?;
        s.processes.push(Process::Recorder(recorder.clone()));
        Ok(())
    }

    /// Adds a tick process, run after the armatures and recorders of every step, in the order
    /// tick processes were added. Adding the same shared process twice is an error.
    pub fn add_process(&self, process: Arc<dyn TickProcess>) -> SimResult<()> {
        let mut s = self.state()?;
        let already = s
            .processes
            .iter()
            .any(|p| matches!(p, Process::Tick(t) if t.identity() == process.identity()));
        if already {
            return Err(SimulationError::Invalid(format!(
                "this {} was already added",
                process.label()
            )));
        }
        s.processes.push(Process::Tick(process));
        Ok(())
    }

    /// Advances by one step: armatures and recorders in the order added, then tick processes.
    pub fn step(&self) -> SimResult<()> {
        let mut s = self.state()?;
        s.steps += 1;
        let (dt, time) = (s.dt, s.steps as f64 * s.dt);
        s.time = time;
        for process in s.processes.clone() {
            match process {
                Process::Armature(robot) => {
                    let report = robot.with(|a| a.tick(dt))?;
                    let name = robot.name();
                    if let Some(kind) = report.completed {
                        let detail = match kind {
                            MotionKind::Joints => "joints".to_string(),
                            MotionKind::Trajectory => "trajectory".to_string(),
                            MotionKind::IkTarget(t) => format!("ik_target {t}"),
                            MotionKind::Torques => "torques".to_string(),
                        };
                        s.events.push(SimEvent {
                            time,
                            robot: name.clone(),
                            kind: "completed",
                            detail,
                        });
                    }
                    for warning in report.warnings {
                        s.events.push(SimEvent {
                            time,
                            robot: name.clone(),
                            kind: "warning",
                            detail: warning,
                        });
                    }
                }
                Process::Recorder(recorder) => recorder.sample(time)?,
                Process::Tick(_) => {}
            }
        }
        let mut filled = false;
        if let Some(motion) = s.motion.as_mut() {
            let was_full = motion.is_full();
            motion.sample(time)?;
            filled = motion.is_full() && !was_full;
        }
        if filled {
            s.events.push(SimEvent {
                time,
                robot: String::new(),
                kind: "warning",
                detail: format!(
                    "the motion record is full ({MAX_MOTION_KEYS} keys): later steps are not \
                     animated"
                ),
            });
        }
        for process in s.processes.clone() {
            let Process::Tick(p) = process else { continue };
            let notices = p
                .tick(time, dt)
                .map_err(|reason| SimulationError::Process {
                    process: p.label(),
                    time,
                    reason,
                })?;
            for (kind, detail) in notices {
                s.events.push(SimEvent {
                    time,
                    robot: p.label(),
                    kind,
                    detail,
                });
            }
        }
        Ok(())
    }

    /// Runs whole steps covering `seconds` (rounded to the nearest number of steps).
    pub fn run(&self, seconds: f64) -> SimResult<u64> {
        let dt = self.dt()?;
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err(SimulationError::Invalid(format!(
                "run() needs a duration >= 0 s, got {seconds}"
            )));
        }
        let steps = (seconds / dt).round();
        if steps > 1e8 {
            return Err(SimulationError::Invalid(format!(
                "run({seconds}) would take {steps} steps of {dt} s; use a larger dt"
            )));
        }
        let steps = steps as u64;
        for _ in 0..steps {
            if crate::stop::requested() {
                // Stop between steps: everything recorded so far stays consistent.
                return Err(SimulationError::Invalid(format!(
                    "run() interrupted at t = {} s",
                    self.time()?
                )));
            }
            self.step()?;
        }
        Ok(steps)
    }
}

#[cfg(test)]
mod tests {
    use morsel_kinematics::{ChainBuilder, JointKind};
    use nalgebra::{Isometry3, Vector3};

    use super::*;

    fn chain(name: &str) -> Robot {
        let builder = ChainBuilder::new(name).revolute("j", [0.0, 0.0, 1.0], [0.0; 3], [-1.0, 1.0]);
        Robot::building(builder).expect("robot")
    }

    #[test]
    fn run_takes_the_nearest_whole_number_of_steps() {
        let sim = Simulation::new(0.1).expect("sim");
        assert_eq!(sim.run(0.25).expect("run"), 3);
        assert!((sim.time().expect("time") - 0.3).abs() < 1e-12);
        assert!(sim.run(-1.0).is_err());
        assert!(Simulation::new(0.0).is_err());
    }

    #[test]
    fn link_poses_are_recorded_only_when_asked() {
        let quiet = Simulation::new(0.1).expect("sim");
        quiet.add(&chain("a")).expect("add");
        quiet.run(0.3).expect("run");
        assert!(!quiet.records_poses().expect("flag"));
        let err = quiet.motion().expect_err("no record");
        assert!(err.to_string().contains("record_poses"), "{err}");
        let loud = Simulation::with_pose_record(0.1, true).expect("sim");
        loud.add(&chain("b")).expect("add");
        loud.run(0.3).expect("run");
        let motion = loud.motion().expect("record");
        assert_eq!(motion.times.len(), 4);
        assert_eq!(motion.robots[0].poses.len(), 4);
    }

    #[test]
    fn mounting_refuses_cycles() {
        let (a, b) = (chain("a"), chain("b"));
        a.append(&b, None, Isometry3::identity()).expect("mount");
        assert!(b.append(&a, None, Isometry3::identity()).is_err());
        assert!(a.append(&a, None, Isometry3::identity()).is_err());
    }

    #[test]
    fn a_built_chain_takes_no_more_joints() {
        let a = chain("a");
        a.model().expect("model");
        let err = a
            .add_joint(
                JointKind::Revolute,
                "k",
                Isometry3::identity(),
                Vector3::z(),
                None,
                None,
                None,
            )
            .expect_err("built");
        assert!(err.to_string().contains("already built"), "{err}");
    }
}
