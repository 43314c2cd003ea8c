//! The motion record of a simulation: the world pose of every link of every robot added to
//! it, once when it is added and after every step, for animations (see
//! [`crate::gltf::Drawing::from_simulation`]).

use morsel_kinematics::{Data, forward_kinematics};
use nalgebra::Isometry3;

use super::{Robot, SimResult};

/// The most keys a simulation records; later steps are not recorded (a warning says so).
pub const MAX_MOTION_KEYS: usize = 100_000;

/// The recorded poses of one robot's links.
#[derive(Clone, Debug)]
pub struct RobotMotion {
    /// The robot.
    pub robot: Robot,
    /// The index in [`Motion::times`] of this robot's first key (the time it was added).
    pub first_key: usize,
    /// Per key from `first_key` on: the world pose of every link, in model order.
    pub poses: Vec<Vec<Isometry3<f64>>>,
    data: Option<Data>,
}

/// Key times and, per robot, the link poses at those times.
#[derive(Clone, Debug, Default)]
pub struct Motion {
    /// Key times (s), increasing.
    pub times: Vec<f64>,
    /// One entry per robot, in the order they were added.
    pub robots: Vec<RobotMotion>,
}

/// The world poses of every link of `robot` now (its placement times forward kinematics of
/// its configuration), reusing `data`.
pub fn link_poses(robot: &Robot, data: &mut Option<Data>) -> SimResult<Vec<Isometry3<f64>>> {
    let model = robot.model()?;
    let (q, placement) = robot.configuration_and_placement()?;
    let data = data.get_or_insert_with(|| Data::new(&model));
    forward_kinematics(&model, data, q.as_slice())?;
    Ok(data
        .world_from_links()
        .iter()
        .map(|pose| placement * pose)
        .collect())
}

impl Motion {
    /// Whether the record is full ([`MAX_MOTION_KEYS`]).
    pub fn is_full(&self) -> bool {
        self.times.len() >= MAX_MOTION_KEYS
    }

    /// Records every robot's links at `time` (nothing when `time` is already the last key or
    /// the record is full).
    pub fn sample(&mut self, time: f64) -> SimResult<()> {
        if self.times.last() == Some(&time) || self.is_full() {
            return Ok(());
        }
        for r in &mut self.robots {
            let poses = link_poses(&r.robot, &mut r.data)?;
            r.poses.push(poses);
        }
        self.times.push(time);
        Ok(())
    }

    /// Starts recording `robot` at `time`.
    pub fn add(&mut self, robot: &Robot, time: f64) -> SimResult<()> {
        self.sample(time)?;
        if self.is_full() && self.times.last() != Some(&time) {
            return Ok(());
        }
        let mut data = None;
        let poses = link_poses(robot, &mut data)?;
        self.robots.push(RobotMotion {
            robot: robot.clone(),
            first_key: self.times.len() - 1,
            poses: vec![poses],
            data,
        });
        Ok(())
    }
}
