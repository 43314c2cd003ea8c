//! A stance that follows its robot: contacts that may be bound to links ([`BoundContact`]), a
//! CoM that is a point or a robot's centre of mass, an optional explicit mass and gravity.
//!
//! [`LiveStance::build`] gives morsel-stability's [`Stance`] as the robot is now: bound contacts
//! move to their links, a robot CoM is recomputed at the robot's configuration and placement,
//! and the mass defaults to the robot's total mass. Both front ends' `stance(...)` hold one.

use morsel_kinematics::{Data, center_of_mass};
use morsel_stability::{STANDARD_GRAVITY, Stance};
use nalgebra::Point3;

use crate::bound_contact::{BindingError, BindingResult, BoundContact, bind_links, refreshed_set};
use crate::simulation::Robot;

/// Where a stance's CoM comes from.
#[derive(Clone, Debug)]
pub enum ComSource {
    /// A fixed world point.
    Point(Point3<f64>),
    /// The robot's centre of mass at its current configuration and placement.
    Robot(Robot),
}

/// A stance over (possibly bound) contacts, rebuilt from the robot's state on every use.
#[derive(Clone, Debug)]
pub struct LiveStance {
    contacts: Vec<BoundContact>,
    com: ComSource,
    mass: Option<f64>,
    gravity: f64,
}

/// The robot's centre of mass (world frame, at its placement and configuration) and its mass.
pub fn robot_com(robot: &Robot) -> BindingResult<(Point3<f64>, f64)> {
    let model = robot.model()?;
    let (q, placement) = robot.configuration_and_placement()?;
    let mut data = Data::new(&model);
    let com = center_of_mass(&model, &mut data, q.as_slice())?;
    Ok((placement * com, model.total_mass()))
}

impl LiveStance {
    /// A stance over `contacts` (binding those that name a link to `robot`, if given), checked
    /// by building it once. Gravity defaults to [`STANDARD_GRAVITY`] when `None`.
    pub fn new(
        mut contacts: Vec<BoundContact>,
        robot: Option<&Robot>,
        com: ComSource,
        mass: Option<f64>,
        gravity: Option<f64>,
    ) -> BindingResult<Self> {
        if let Some(r) = robot {
            bind_links(&mut contacts, r)?;
        }
        let mut s = Self {
            contacts,
            com,
            mass,
            gravity: gravity.unwrap_or(STANDARD_GRAVITY),
        };
        s.build()?;
        Ok(s)
    }

    /// The crate's stance at the robot's current state (bound contacts moved to their links).
    pub fn build(&mut self) -> BindingResult<Stance> {
        let set = refreshed_set(&mut self.contacts)?;
        let (com, robot_mass) = match &self.com {
            ComSource::Point(p) => (*p, None),
            ComSource::Robot(r) => {
                let (com, mass) = robot_com(r)?;
                (com, Some(mass))
            }
        };
        let mass = self.mass.or(robot_mass).ok_or(BindingError::MissingMass)?;
        Ok(Stance::new(com, mass, set)?.with_gravity(self.gravity)?)
    }

    /// The stance now, without touching this one (for callers that only read).
    pub fn current(&self) -> BindingResult<Stance> {
        self.clone().build()
    }

    /// The contacts, in order (as of their last refresh).
    pub fn contacts(&self) -> &[BoundContact] {
        &self.contacts
    }

    /// The contacts, mutably (wrenches).
    pub fn contacts_mut(&mut self) -> &mut [BoundContact] {
        &mut self.contacts
    }

    /// Gravity (m/s^2).
    pub fn gravity(&self) -> f64 {
        self.gravity
    }

    /// Sets where the CoM comes from, then checks the stance (it keeps the new source even
    /// when the check fails, as the Rhai setter always did).
    pub fn set_com(&mut self, com: ComSource) -> BindingResult<()> {
        self.com = com;
        self.build().map(|_| ())
    }

    /// Sets an explicit mass (kg); restores the old one when the stance refuses it.
    pub fn set_mass(&mut self, mass: f64) -> BindingResult<()> {
        let old = self.mass.replace(mass);
        if let Err(e) = self.build() {
            self.mass = old;
            return Err(e);
        }
        Ok(())
    }
}
