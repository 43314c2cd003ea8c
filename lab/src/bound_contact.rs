//! Contacts that follow robot links: what both front ends' `contact(#{robot, link,
//! orientation})`, `attach(contact, robot, link)` and `stance(robot, ...)` rest on.
//!
//! A [`BoundContact`] is a morsel-stability contact, the pose it was given, and optionally a
//! binding to a robot link. While bound, the given pose is an offset in the link frame and the
//! contact's world pose is the link's forward kinematics (at the robot's current configuration
//! and placement) composed with it; with `world_orientation` the attachment is translation-only:
//! the contact sits at the link's origin plus the given position along world axes and keeps the
//! given world rotation (a sole stays flat whatever the knee angles). An unbound contact's given
//! pose is its world pose. [`BoundContact::refresh`] moves the contact to its link; every use
//! of a bound contact (a stance built from it, a distributor tick) refreshes it first.

use morsel_kinematics::KinematicsError;
use morsel_stability::{Contact, ContactSet, StabilityError};
use nalgebra::{Isometry3, Translation3};

use crate::simulation::{Robot, SimulationError};

/// Why a contact cannot be bound or moved to its link, or a stance over such contacts built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BindingError {
    /// The robot cannot give its model or link poses (an unusable armature, a bad chain).
    #[error(transparent)]
    Simulation(#[from] SimulationError),
    /// The robot has no link or frame of that name.
    #[error(transparent)]
    Kinematics(#[from] KinematicsError),
    /// The contact or stance refused its new pose or values (boxed: the error is large).
    #[error(transparent)]
    Stability(Box<StabilityError>),
    /// A stance whose CoM is a point needs an explicit mass.
    #[error(
        "expected a mass in kg (required unless the CoM comes from a robot) for option `mass` of stance(), got nothing"
    )]
    MissingMass,
    /// An operation on the robot's joints met a contact that no robot carries.
    #[error(
        "stance_torques() and feasible_region() need every contact bound to the robot (a link or frame of it), but contact {contact} is not bound"
    )]
    NotBound {
        /// The contact's index in the stance.
        contact: usize,
    },
    /// The stance's contacts are bound to more than one robot.
    #[error(
        "stance_torques() and feasible_region() need the contacts on one robot, but contact {contact} is bound to another robot than contact 0"
    )]
    TwoRobots {
        /// The first contact on another robot.
        contact: usize,
    },
    /// A `torque_limits` entry of `feasible_region` names no velocity value of the robot.
    #[error(
        "feasible_region(): torque_limits names \"{name}\", which is not a joint (velocity value) of the robot; its values are {known}"
    )]
    UnknownJoint {
        /// The name given.
        name: String,
        /// The robot's velocity names.
        known: String,
    },
    /// The stance has no wrench distribution, so no torques hold it.
    #[error("the stance cannot be held: its wrench distribution found none ({reason})")]
    Unbalanced {
        /// The distribution's status and reason.
        reason: String,
    },
}

impl From<StabilityError> for BindingError {
    fn from(e: StabilityError) -> Self {
        BindingError::Stability(Box::new(e))
    }
}

/// Result of the binding operations.
pub type BindingResult<T> = Result<T, BindingError>;

/// Where a bound contact's pose comes from: a robot's link (or frame).
#[derive(Clone, Debug)]
pub struct LinkBinding {
    /// The robot whose link carries the contact.
    pub robot: Robot,
    /// The link (or frame) name.
    pub link: String,
}

/// A contact with the pose it was given and an optional binding to a robot link.
#[derive(Clone, Debug)]
pub struct BoundContact {
    contact: Contact,
    given: Isometry3<f64>,
    world_orientation: bool,
    binding: Option<LinkBinding>,
}

impl BoundContact {
    /// An unbound contact at its own pose; `world_orientation` is the translation-only rule
    /// used once it is bound.
    pub fn new(contact: Contact, world_orientation: bool) -> Self {
        Self {
            given: *contact.pose(),
            contact,
            world_orientation,
            binding: None,
        }
    }

    /// The contact, at its world pose as of the last [`refresh`](Self::refresh).
    pub fn contact(&self) -> &Contact {
        &self.contact
    }

    /// The contact, mutably (wrenches; its pose is overwritten by the next refresh if bound).
    pub fn contact_mut(&mut self) -> &mut Contact {
        &mut self.contact
    }

    /// The given pose: the world pose of an unbound contact, the link offset of a bound one.
    pub fn given(&self) -> &Isometry3<f64> {
        &self.given
    }

    /// Whether the attachment is translation-only (`orientation: "world"`).
    pub fn world_orientation(&self) -> bool {
        self.world_orientation
    }

    /// The link the contact follows, if bound.
    pub fn binding(&self) -> Option<&LinkBinding> {
        self.binding.as_ref()
    }

    /// Whether the contact follows a robot link.
    pub fn is_bound(&self) -> bool {
        self.binding.is_some()
    }

    /// Binds the contact to `robot`'s `link` (which must exist) and moves it there.
    pub fn bind(&mut self, robot: Robot, link: String) -> BindingResult<()> {
        robot.model()?.frame_id(&link)?;
        self.contact.set_link(Some(link.clone()));
        self.binding = Some(LinkBinding { robot, link });
        self.refresh()
    }

    /// A copy bound to `robot`'s `link` (the `attach` of both front ends).
    pub fn attached(&self, robot: Robot, link: String) -> BindingResult<Self> {
        let mut bound = self.clone();
        bound.bind(robot, link)?;
        Ok(bound)
    }

    /// The contact's world pose now: the given pose, or the link's pose composed with it.
    pub fn world_pose(&self) -> BindingResult<Isometry3<f64>> {
        let Some(b) = &self.binding else {
            return Ok(self.given);
        };
        let link_pose = b
            .robot
            .frame_poses(std::slice::from_ref(&b.link))?
            .into_iter()
            .next()
            .unwrap_or_else(Isometry3::identity);
        Ok(if self.world_orientation {
            Isometry3::from_parts(
                Translation3::from(link_pose.translation.vector + self.given.translation.vector),
                self.given.rotation,
            )
        } else {
            link_pose * self.given
        })
    }

    /// Moves a bound contact to its link's current pose (nothing to do when unbound).
    pub fn refresh(&mut self) -> BindingResult<()> {
        if self.binding.is_none() {
            return Ok(());
        }
        let pose = self.world_pose()?;
        Ok(self.contact.set_pose(pose)?)
    }

    /// A copy of the contact at its link's current pose (for callers that only read).
    pub fn current(&self) -> BindingResult<Contact> {
        let mut c = self.contact.clone();
        if self.binding.is_some() {
            c.set_pose(self.world_pose()?)?;
        }
        Ok(c)
    }
}

/// Binds every contact that names a link and is not bound yet to `robot` (what a stance on a
/// robot does to its contacts).
pub fn bind_links(contacts: &mut [BoundContact], robot: &Robot) -> BindingResult<()> {
    for c in contacts {
        if c.binding.is_none()
            && let Some(link) = c.contact.link().map(str::to_string)
        {
            c.bind(robot.clone(), link)?;
        }
    }
    Ok(())
}

/// The contact set of `contacts` with every bound one moved to its link first.
pub fn refreshed_set(contacts: &mut [BoundContact]) -> BindingResult<ContactSet> {
    for c in contacts.iter_mut() {
        c.refresh()?;
    }
    Ok(ContactSet::new(
        contacts.iter().map(|c| c.contact.clone()).collect(),
    )?)
}
