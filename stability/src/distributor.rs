//! The wrench distributor: a per-tick process for a simulation loop.

use nalgebra::{Point3, Vector3};

use crate::distribution::{DistributionStatus, DistributionWeights, WrenchDistribution};
use crate::error::StabilityError;
use crate::stance::Stance;
use crate::wrench_qp::DistributionWorkspace;

/// Distributes a stance's gravity wrench over its contacts on every tick, like pymanoid's
/// `StanceWrenchDistributor`.
///
/// It owns the stance (move contacts through [`WrenchDistributor::stance_mut`] when their links
/// move) and the QP solver's memory, so a tick allocates little. After each solved tick the
/// supporting contacts' wrenches are stored in the stance's contacts ([`crate::Contact::wrench`]);
/// after an unsolved tick they are cleared.
#[derive(Debug, Clone)]
pub struct WrenchDistributor {
    stance: Stance,
    weights: DistributionWeights,
    workspace: DistributionWorkspace,
    last: Option<WrenchDistribution>,
}

impl WrenchDistributor {
    /// A distributor for `stance` with pymanoid's default weights.
    pub fn new(stance: Stance) -> Self {
        Self {
            stance,
            weights: DistributionWeights::default(),
            workspace: DistributionWorkspace::new(),
            last: None,
        }
    }

    /// The same distributor with other cost weights.
    pub fn with_weights(mut self, weights: DistributionWeights) -> Result<Self, StabilityError> {
        weights.validate()?;
        self.weights = weights;
        Ok(self)
    }

    /// The stance being distributed.
    pub fn stance(&self) -> &Stance {
        &self.stance
    }

    /// Mutable access to the stance (move contacts, change mass or gravity).
    pub fn stance_mut(&mut self) -> &mut Stance {
        &mut self.stance
    }

    /// The cost weights.
    pub fn weights(&self) -> &DistributionWeights {
        &self.weights
    }

    /// One tick: sets the CoM position and acceleration, distributes the resulting wrench and
    /// stores it in the contacts. Errors only on invalid input (NaN); an infeasible tick is a
    /// status in the returned distribution.
    pub fn step(
        &mut self,
        com: &Point3<f64>,
        com_acceleration: &Vector3<f64>,
    ) -> Result<&WrenchDistribution, StabilityError> {
        self.stance.set_com(*com)?;
        self.stance.set_com_acceleration(*com_acceleration)?;
        let distribution = self
            .stance
            .distribute_with(&self.weights, &mut self.workspace)?;
        let solved = distribution.status == DistributionStatus::Solved;
        let contacts = self.stance.contacts_mut();
        for index in contacts.supporting_indices() {
            if let Ok(contact) = contacts.contact_mut(index) {
                contact.store_supporting_wrench(None);
            }
        }
        if solved {
            for w in distribution.wrenches.iter().filter(|w| !w.managed) {
                if let Ok(contact) = contacts.contact_mut(w.index) {
                    contact.store_supporting_wrench(Some(w.world));
                }
            }
        }
        Ok(self.last.insert(distribution))
    }

    /// The distribution of the last tick, if any.
    pub fn last(&self) -> Option<&WrenchDistribution> {
        self.last.as_ref()
    }
}
