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
//! tick processes' notices are kept as [`SimEvent`]s.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_kinematics::{
    Armature, ArmaturePoseSensor, ChainBuilder, Data, Inertial, JointKind, JointLimits,
    KinematicsError, Model, MotionKind, forward_kinematics,
};
use nalgebra::{Isometry3, Vector3};

mod tick;

pub use tick::{ProcessNotice, TickProcess};

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

fn lock<'a, T>(m: &'a Mutex<T>, what: &'static str) -> SimResult<MutexGuard<'a, T>> {
    m.lock().map_err(|_| SimulationError::Poisoned(what))
}

/// Where a robot is mounted: on another robot's link (or its base), at an offset.
#[derive(Clone, Debug)]
struct Mount {
    parent: Robot,
    link: Option<String>,
    offset: Isometry3<f64>,
}

#[derive(Debug)]
struct RobotState {
    name: String,
    /// A chain still being built (`armature(name).revolute(...)`), until its first use.
    builder: Option<ChainBuilder>,
    /// Per-joint speeds given while building.
    speeds: Vec<(String, f64)>,
    model: Option<Arc<Model>>,
    /// `None` for a floating-base model, which has no armature services.
    armature: Option<Armature>,
    placement: Isometry3<f64>,
    mount: Option<Mount>,
}

/// A shared robot: a model, its armature (joint state and MORSE services) and its placement.
#[derive(Clone, Debug)]
pub struct Robot(Arc<Mutex<RobotState>>);

impl Robot {
    fn new(name: String, builder: Option<ChainBuilder>, model: Option<Model>) -> SimResult<Self> {
        let mut state = RobotState {
            name,
            builder,
            speeds: Vec::new(),
            model: None,
            armature: None,
            placement: Isometry3::identity(),
            mount: None,
        };
        if let Some(model) = model {
            state.install(model)?;
        }
        Ok(Robot(Arc::new(Mutex::new(state))))
    }

    /// A chain under construction; it is built at its first use.
    pub fn building(builder: ChainBuilder) -> SimResult<Self> {
        let name = builder.base_link().to_string();
        Self::new(name, Some(builder), None)
    }

    /// A robot over a finished model.
    pub fn from_model(name: String, model: Model) -> SimResult<Self> {
        Self::new(name, None, Some(model))
    }

    fn state(&self) -> SimResult<MutexGuard<'_, RobotState>> {
        lock(&self.0, "robot")
    }

    /// The robot's name.
    pub fn name(&self) -> String {
        self.state().map(|s| s.name.clone()).unwrap_or_default()
    }

    /// True when both handles share one robot.
    pub fn same(&self, other: &Robot) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// Appends a joint to a chain under construction, checking the chain at once.
    #[allow(clippy::too_many_arguments)]
    pub fn add_joint(
        &self,
        kind: JointKind,
        joint: &str,
        origin: Isometry3<f64>,
        axis: Vector3<f64>,
        limits: Option<JointLimits>,
        inertial: Option<Inertial>,
        speed: Option<f64>,
    ) -> SimResult<()> {
        let mut s = self.state()?;
        let Some(builder) = s.builder.clone() else {
            return Err(s.refuse(format!(
                "cannot add joint \"{joint}\": the robot is already built (add every joint \
                 before using the robot, or make a new armature())"
            )));
        };
        let mut next = builder.joint(kind, joint, origin, axis, limits);
        if let Some(inertial) = inertial {
            next = next.inertial(inertial);
        }
        next.clone().build()?;
        if let Some(speed) = speed {
            if !(speed.is_finite() && speed > 0.0) {
                return Err(s.refuse(format!(
                    "the speed of joint \"{joint}\" must be > 0, got {speed}"
                )));
            }
            s.speeds.push((joint.to_string(), speed));
        }
        s.builder = Some(next);
        Ok(())
    }

    /// The model (building a chain under construction).
    pub fn model(&self) -> SimResult<Arc<Model>> {
        let mut s = self.state()?;
        s.finish()?;
        s.model
            .clone()
            .ok_or_else(|| s.refuse("has no model".into()))
    }

    /// Runs `f` on the armature, after placing it where its mount says.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Armature) -> Result<T, KinematicsError>,
    ) -> SimResult<T> {
        let placement = self.world_placement()?;
        let mut s = self.state()?;
        s.finish()?;
        let name = s.name.clone();
        let Some(armature) = s.armature.as_mut() else {
            return Err(SimulationError::Robot {
                robot: name,
                reason: "a floating-base robot has no armature services; load it without \
                         `floating: true`"
                    .into(),
            });
        };
        armature.set_placement(placement)?;
        Ok(f(armature)?)
    }

    /// World poses of the named links or frames: from the armature's joint state, or for a
    /// floating-base robot (no armature) at the model's reference configuration (MuJoCo's
    /// `qpos0` for MJCF robots), both after the robot's placement.
    pub fn frame_poses(&self, frames: &[String]) -> SimResult<Vec<Isometry3<f64>>> {
        let has_armature = {
            let mut s = self.state()?;
            s.finish()?;
            s.armature.is_some()
        };
        if has_armature {
            return self.with(|a| frames.iter().map(|f| a.frame_pose(f.as_str())).collect());
        }
        let placement = self.world_placement()?;
        let model = self.model()?;
        let mut data = Data::new(&model);
        forward_kinematics(
            &model,
            &mut data,
            model.reference_configuration().as_slice(),
        )?;
        frames
            .iter()
            .map(|f| Ok(placement * data.world_from_frame(model.frame_id(f.as_str())?)))
            .collect()
    }

    /// Sets where the robot's base sits (relative to its mount, if it is mounted).
    pub fn place(&self, pose: Isometry3<f64>) -> SimResult<()> {
        let mut s = self.state()?;
        let finite = pose.translation.vector.iter().all(|x| x.is_finite())
            && pose.rotation.coords.iter().all(|x| x.is_finite());
        if !finite {
            return Err(s.refuse("a placement must be finite".into()));
        }
        match s.mount.as_mut() {
            Some(m) => m.offset = pose,
            None => s.placement = pose,
        }
        Ok(())
    }

    /// Mounts `child` on this robot's `link` (its base when `None`) at `offset`.
    pub fn append(
        &self,
        child: &Robot,
        link: Option<String>,
        offset: Isometry3<f64>,
    ) -> SimResult<()> {
        let mut ancestor = Some(self.clone());
        while let Some(r) = ancestor {
            if r.same(child) {
                return Err(SimulationError::Robot {
                    robot: child.name(),
                    reason: "cannot be mounted on itself or on a robot mounted on it".into(),
                });
            }
            ancestor = r.state()?.mount.as_ref().map(|m| m.parent.clone());
        }
        if let Some(link) = &link {
            self.model()?.frame_id(link)?;
        }
        let mut c = child.state()?;
        c.mount = Some(Mount {
            parent: self.clone(),
            link,
            offset,
        });
        Ok(())
    }

    /// Where the base sits in the scene: its placement, or its mount's pose times its offset.
    pub fn world_placement(&self) -> SimResult<Isometry3<f64>> {
        let (mount, placement) = {
            let s = self.state()?;
            (s.mount.clone(), s.placement)
        };
        let Some(m) = mount else {
            return Ok(placement);
        };
        let base = m.parent.world_placement()?;
        let link = match &m.link {
            None => Isometry3::identity(),
            Some(link) => {
                let model = m.parent.model()?;
                let frame = model.frame_id(link)?;
                let s = m.parent.state()?;
                match &s.armature {
                    Some(a) => a.placement().inverse() * a.frame_pose(frame)?,
                    None => Isometry3::identity(),
                }
            }
        };
        Ok(base * link * m.offset)
    }
}

impl RobotState {
    fn refuse(&self, reason: String) -> SimulationError {
        SimulationError::Robot {
            robot: self.name.clone(),
            reason,
        }
    }

    fn install(&mut self, model: Model) -> SimResult<()> {
        let model = Arc::new(model);
        let floating = model
            .joints()
            .iter()
            .any(|j| j.kind() == JointKind::Floating);
        if !floating {
            let mut armature = Armature::new(self.name.clone(), Arc::clone(&model))?;
            for (joint, speed) in &self.speeds {
                armature.set_joint_speed(joint, Some(*speed))?;
            }
            armature.set_placement(self.placement)?;
            self.armature = Some(armature);
        }
        self.model = Some(model);
        Ok(())
    }

    fn finish(&mut self) -> SimResult<()> {
        if let Some(builder) = self.builder.take() {
            let model = builder.build()?;
            self.install(model)?;
        }
        Ok(())
    }
}

/// What a recorder samples.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordKind {
    /// The armature pose sensor: every joint's value.
    Pose,
    /// A link's or frame's scene position (x, y, z).
    Frame(String),
}

#[derive(Debug)]
struct RecorderState {
    robot: Robot,
    kind: RecordKind,
    columns: Vec<String>,
    rows: Vec<Vec<f64>>,
}

/// A shared recorder: one row per simulation step, the time first.
#[derive(Clone, Debug)]
pub struct Recorder(Arc<Mutex<RecorderState>>);

impl Recorder {
    /// A recorder of `kind` on `robot`; checks a frame name at once.
    pub fn new(robot: Robot, kind: RecordKind) -> SimResult<Self> {
        let mut columns = vec!["time".to_string()];
        match &kind {
            RecordKind::Pose => columns.extend(robot.with(|a| Ok(a.get_joints()))?),
            RecordKind::Frame(frame) => {
                robot.model()?.frame_id(frame)?;
                columns.extend(["x", "y", "z"].map(|c| format!("{frame}.{c}")));
            }
        }
        Ok(Recorder(Arc::new(Mutex::new(RecorderState {
            robot,
            kind,
            columns,
            rows: Vec::new(),
        }))))
    }

    /// Samples the robot now, stamping the row with `time`.
    pub fn sample(&self, time: f64) -> SimResult<()> {
        let mut r = lock(&self.0, "recorder")?;
        let mut row = vec![time];
        match &r.kind {
            RecordKind::Pose => {
                let pose = r.robot.with(|a| Ok(ArmaturePoseSensor::read(a)))?;
                row.extend(pose.joints.iter().map(|(_, v)| *v));
            }
            RecordKind::Frame(frame) => {
                let frame = frame.clone();
                let p = r.robot.with(|a| a.frame_pose(frame.as_str()))?;
                row.extend(p.translation.vector.iter().copied());
            }
        }
        r.rows.push(row);
        Ok(())
    }

    /// Column names (`time` first) and the rows recorded so far.
    pub fn table(&self) -> SimResult<(Vec<String>, Vec<Vec<f64>>)> {
        let r = lock(&self.0, "recorder")?;
        Ok((r.columns.clone(), r.rows.clone()))
    }
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
}

/// A shared fixed-step kinematic simulation.
#[derive(Clone, Debug)]
pub struct Simulation(Arc<Mutex<SimState>>);

impl Simulation {
    /// A simulation at time 0 with step `dt` (s).
    pub fn new(dt: f64) -> SimResult<Self> {
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
            if crate::interrupt::requested() {
                // Stop between steps: everything recorded so far stays consistent.
                return Err(SimulationError::Invalid(format!(
                    "run() interrupted (Ctrl-C) at t = {} s",
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
