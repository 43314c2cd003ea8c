//! Results and options of the wrench distribution (`find_supporting_wrenches`).

use nalgebra::{Point3, Vector6};
#[cfg(feature = "serde")]
use serde::Serialize;

use crate::contact::Contact;
use crate::error::StabilityError;

/// Weights of the wrench-distribution cost (pymanoid's defaults).
///
/// Per contact, in its own frame, the cost is `½ (fw (f_x² + f_y²) + ε f_z² + cw (τ_x² + τ_y²) +
/// yw τ_z²)` with `ε = min(fw, cw, yw) · 10⁻³`: small tangential forces, a centre of pressure near
/// the middle of the contact, and little yaw moment.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct DistributionWeights {
    /// Weight `fw` on tangential (friction) forces.
    pub friction: f64,
    /// Weight `cw` on the tilting moments (centre of pressure away from the middle).
    pub cop: f64,
    /// Weight `yw` on the yaw moment.
    pub yaw: f64,
}

impl Default for DistributionWeights {
    fn default() -> Self {
        Self {
            friction: 1e-2,
            cop: 1.0,
            yaw: 1e-4,
        }
    }
}

impl DistributionWeights {
    /// Checks that every weight is finite and greater than zero.
    pub fn validate(&self) -> Result<(), StabilityError> {
        for (name, value) in [
            ("friction", self.friction),
            ("cop", self.cop),
            ("yaw", self.yaw),
        ] {
            if !(value.is_finite() && value > 0.0) {
                return Err(StabilityError::InvalidWeight { name, value });
            }
        }
        Ok(())
    }

    /// The weight `ε` on the normal force: `min(fw, cw, yw) · 10⁻³`.
    pub fn normal_force_weight(&self) -> f64 {
        self.friction.min(self.cop).min(self.yaw) * 1e-3
    }

    /// The diagonal `D = (fw, fw, ε, cw, cw, yw)` of the cost `½ uᵀ D u` of one contact's local
    /// wrench `u = (f_x, f_y, f_z, τ_x, τ_y, τ_z)`.
    pub fn local_cost_diagonal(&self) -> Vector6<f64> {
        let eps = self.normal_force_weight();
        Vector6::new(
            self.friction,
            self.friction,
            eps,
            self.cop,
            self.cop,
            self.yaw,
        )
    }
}

/// Outcome of a wrench distribution.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "status", rename_all = "lowercase"))]
#[non_exhaustive]
pub enum DistributionStatus {
    /// Wrenches were found that satisfy every contact's constraints and sum to the target.
    Solved,
    /// No such wrenches exist.
    Infeasible {
        /// Why.
        reason: String,
    },
    /// The solver stopped without an answer (iteration limit, numerical trouble).
    Failed {
        /// Why.
        reason: String,
    },
}

impl DistributionStatus {
    /// The status's name, as serialised: "solved", "infeasible" or "failed".
    pub fn name(&self) -> &'static str {
        match self {
            DistributionStatus::Solved => "solved",
            DistributionStatus::Infeasible { .. } => "infeasible",
            DistributionStatus::Failed { .. } => "failed",
        }
    }

    /// Why there is no solution (`None` when solved).
    pub fn reason(&self) -> Option<&str> {
        match self {
            DistributionStatus::Solved => None,
            DistributionStatus::Infeasible { reason } | DistributionStatus::Failed { reason } => {
                Some(reason)
            }
        }
    }
}

/// The wrench of one contact in a distribution.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ContactWrench {
    /// Index of the contact in its contact set.
    pub index: usize,
    /// The contact's link name, if any.
    pub link: Option<String>,
    /// Whether the wrench was given by the user (managed contact) rather than distributed.
    pub managed: bool,
    /// The wrench at the contact point, in the world frame.
    pub world: Vector6<f64>,
    /// The same wrench in the contact frame (at the contact point).
    pub local: Vector6<f64>,
    /// Normal force in newtons (`f_z` in the contact frame).
    pub normal_force: f64,
    /// Centre of pressure in the world frame; `None` when the normal force is negligible (below a
    /// millionth of the distributed force, where round-off dominates).
    pub cop: Option<Point3<f64>>,
}

impl ContactWrench {
    /// Describes `world` (world frame, at the contact point) as the wrench of `contact`;
    /// `force_scale` is the magnitude of the distributed force, below a millionth of which a
    /// normal force is too small (solver round-off) to locate a centre of pressure.
    pub(crate) fn new(
        index: usize,
        contact: &Contact,
        world: Vector6<f64>,
        force_scale: f64,
    ) -> Self {
        let rt = contact.rotation().transpose();
        let force = rt * world.fixed_rows::<3>(0);
        let moment = rt * world.fixed_rows::<3>(3);
        let local = Vector6::new(force.x, force.y, force.z, moment.x, moment.y, moment.z);
        let negligible = 1e-6 * force_scale.max(world.fixed_rows::<3>(0).norm());
        let cop = (force.z > negligible && force.z > 0.0).then(|| {
            // A point force f at (x, y, 0) gives τ_x = y f_z and τ_y = −x f_z.
            contact.pose() * Point3::new(-moment.y / force.z, moment.x / force.z, 0.0)
        });
        Self {
            index,
            link: contact.link().map(str::to_string),
            managed: contact.is_managed(),
            world,
            local,
            normal_force: force.z,
            cop,
        }
    }
}

/// The result of `find_supporting_wrenches`: a status and, when solved, every contact's wrench.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct WrenchDistribution {
    /// Whether wrenches were found.
    pub status: DistributionStatus,
    /// When solved: one entry per contact of the set, in order (managed contacts with their own
    /// wrench). Empty otherwise.
    pub wrenches: Vec<ContactWrench>,
    /// Solver iterations: active-set changes of the dual active-set method, or interior-point
    /// iterations of clarabel; 0 when no solver call was needed (the closed-form optimum had no
    /// active inequality, or a single contact was simply checked).
    pub iterations: u32,
}

impl WrenchDistribution {
    /// Whether the distribution was solved.
    pub fn is_solved(&self) -> bool {
        self.status == DistributionStatus::Solved
    }

    /// This distribution, or a [`StabilityError::Numerical`] error when a wrench or centre of
    /// pressure is not finite (a solver failure that valid input should not produce).
    pub(crate) fn checked(self) -> Result<Self, StabilityError> {
        let finite = self.wrenches.iter().all(|w| {
            w.world.iter().chain(w.local.iter()).all(|v| v.is_finite())
                && w.cop.is_none_or(|p| p.iter().all(|v| v.is_finite()))
        });
        if finite {
            Ok(self)
        } else {
            Err(StabilityError::Numerical {
                what: "wrench distribution",
                reason: "the solver returned a non-finite contact wrench".to_string(),
            })
        }
    }

    /// The sum of all contact wrenches (managed included) moved to `point`, world frame.
    pub fn net_wrench_at(&self, contacts: &[Contact], point: &Point3<f64>) -> Vector6<f64> {
        self.wrenches
            .iter()
            .filter_map(|w| {
                contacts
                    .get(w.index)
                    .map(|c| crate::transport::transport_wrench(&w.world, &c.position(), point))
            })
            .sum()
    }
}

#[cfg(test)]
mod status_tests {
    use super::DistributionStatus;

    #[test]
    fn status_names_and_reasons() {
        let solved = DistributionStatus::Solved;
        let infeasible = DistributionStatus::Infeasible {
            reason: "no cone".into(),
        };
        let failed = DistributionStatus::Failed {
            reason: "iterations".into(),
        };
        assert_eq!((solved.name(), solved.reason()), ("solved", None));
        assert_eq!(
            (infeasible.name(), infeasible.reason()),
            ("infeasible", Some("no cone"))
        );
        assert_eq!(
            (failed.name(), failed.reason()),
            ("failed", Some("iterations"))
        );
    }
}
