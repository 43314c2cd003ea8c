//! The shared robot handle: a model, its armature and where it is mounted.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_kinematics::{
    Armature, ChainBuilder, Inertial, JointKind, JointLimits, KinematicsError, Model,
};
use nalgebra::{DVector, Isometry3, Vector3};

use super::{SimResult, SimulationError, lock};

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
    /// The joint state and services; `None` only until the model is built.
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
                reason: "has no armature (its model is not built)".into(),
            });
        };
        armature.set_placement(placement)?;
        Ok(f(armature)?)
    }

    /// World poses of the named links or frames at the armature's configuration, after the
    /// robot's placement.
    pub fn frame_poses(&self, frames: &[String]) -> SimResult<Vec<Isometry3<f64>>> {
        self.with(|a| frames.iter().map(|f| a.frame_pose(f.as_str())).collect())
    }

    /// The robot's configuration (model layout) and the world pose of its base.
    pub fn configuration_and_placement(&self) -> SimResult<(DVector<f64>, Isometry3<f64>)> {
        self.with(|a| Ok((a.configuration().clone(), *a.placement())))
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
        let mut armature = Armature::new(self.name.clone(), Arc::clone(&model))?;
        for (joint, speed) in &self.speeds {
            armature.set_joint_speed(joint, Some(*speed))?;
        }
        armature.set_placement(self.placement)?;
        self.armature = Some(armature);
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
