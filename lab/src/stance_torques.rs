//! The joint torques that hold a robot's stance: `τ = g(q) − Σ Jᵀ f`, with `g` the gravity
//! torques at the robot's configuration and `f` the contact wrenches that the stance's wrench
//! distribution found, each acting on the link its contact is bound to; and each torque against
//! the joint's effort limit.
//!
//! Every contact of the stance must be bound to one and the same robot (a wrench on something
//! else does not load the robot's joints). Gravity is the stance's (its magnitude down the
//! world's −z), expressed in the robot's base frame through its placement. For a floating-base
//! robot whose stance carries the robot's own mass and CoM, the base's six values are what the
//! distribution leaves unbalanced: zero up to the solver's tolerance.

use std::sync::Arc;

use morsel_kinematics::{DynamicsData, LinkWrench, Model, gravity_torques, rnea};
use morsel_stability::{DistributionWeights, DistributionWorkspace, WrenchDistribution};
use nalgebra::{DVector, Isometry3, Vector3};

use crate::bound_contact::{BindingError, BindingResult};
use crate::live_stance::LiveStance;
use crate::simulation::Robot;

/// What [`stance_torques`] found.
#[derive(Clone, Debug)]
pub struct StanceTorques {
    /// The velocity names ([`Model::velocity_names`]): what each value below is for.
    pub names: Vec<String>,
    /// `g(q) − Σ Jᵀ f`: the joint torques (N·m, or N for slides) that hold the stance.
    pub torques: Vec<f64>,
    /// `g(q)`: the gravity torques alone.
    pub gravity_torques: Vec<f64>,
    /// The effort limit of each value (a URDF `<limit effort>`, the larger magnitude of an
    /// MJCF joint's limited `actuatorfrcrange`); `inf` where none is known, and for free and
    /// ball joints.
    pub limits: Vec<f64>,
    /// Names of the values whose `|τ|` exceeds the limit.
    pub exceeded: Vec<String>,
    /// The largest `|τ| / limit` over the values with a finite limit (0 when none has one).
    pub utilisation: f64,
    /// The distribution whose wrenches were used.
    pub distribution: WrenchDistribution,
}

impl StanceTorques {
    /// Whether every joint is within its effort limit.
    pub fn within_limits(&self) -> bool {
        self.exceeded.is_empty()
    }
}

/// The joint torques that hold `stance` with the wrenches it distributes under `weights`.
///
/// Errors when the stance has a contact not bound to a robot, contacts on two robots, or no
/// distribution ([`BindingError::Unbalanced`], with the solver's reason).
pub fn stance_torques(
    stance: &LiveStance,
    weights: &DistributionWeights,
) -> BindingResult<StanceTorques> {
    let mut at = StanceRobot::of(stance)?;
    let built = stance.current()?;
    let distribution = built.distribute_with(weights, &mut DistributionWorkspace::new())?;
    if !distribution.is_solved() {
        return Err(BindingError::Unbalanced {
            reason: format!("{:?}", distribution.status),
        });
    }
    let (model, robot) = (Arc::clone(&at.model), at.robot.clone());
    let to_base = at.placement.rotation.inverse();
    let mut wrenches = Vec::with_capacity(distribution.wrenches.len());
    let placed = built.contacts().contacts();
    for ((contact, w), at_pose) in stance
        .contacts()
        .iter()
        .zip(&distribution.wrenches)
        .zip(placed)
    {
        let Some(binding) = contact.binding() else {
            return Err(BindingError::NotBound { contact: w.index });
        };
        let link = model.frame(model.frame_id(&binding.link)?).link();
        let link_name = model.link(link).name().to_owned();
        let origin = robot
            .frame_poses(std::slice::from_ref(&link_name))?
            .first()
            .map_or_else(Vector3::zeros, |pose| pose.translation.vector);
        let point = at_pose.pose().translation.vector;
        let force = w.world.fixed_rows::<3>(0).into_owned();
        let torque = w.world.fixed_rows::<3>(3).into_owned() + (point - origin).cross(&force);
        wrenches.push(LinkWrench {
            link,
            force: to_base * force,
            torque: to_base * torque,
        });
    }
    let zero = vec![0.0; model.nv()];
    let torques = rnea(
        &model,
        &mut at.data,
        at.q.as_slice(),
        &zero,
        &zero,
        &wrenches,
    )?
    .to_vec();
    let gravity_torques = at.gravity_torques;
    let names = model.velocity_names();
    let limits = effort_limits(&model);
    let mut exceeded = Vec::new();
    let mut utilisation: f64 = 0.0;
    for ((name, tau), limit) in names.iter().zip(&torques).zip(&limits) {
        if limit.is_finite() {
            let ratio = if *limit > 0.0 {
                tau.abs() / limit
            } else if *tau == 0.0 {
                0.0
            } else {
                f64::INFINITY
            };
            utilisation = utilisation.max(ratio);
            if tau.abs() > *limit {
                exceeded.push(name.clone());
            }
        }
    }
    Ok(StanceTorques {
        names,
        torques,
        gravity_torques,
        limits,
        exceeded,
        utilisation,
        distribution,
    })
}

/// A robot-bound stance's robot as the dynamics sees it now: its model, configuration and base
/// placement, dynamics data holding the stance's gravity (its magnitude down the world's −z)
/// in the robot's base frame, and the gravity torques `g(q)` under that gravity. What
/// [`stance_torques`] and the feasible region's torque map both start from.
pub(crate) struct StanceRobot {
    pub robot: Robot,
    pub model: Arc<Model>,
    pub q: DVector<f64>,
    pub placement: Isometry3<f64>,
    pub data: DynamicsData,
    pub gravity_torques: Vec<f64>,
}

impl StanceRobot {
    /// The robot that every contact of `stance` is bound to, at its current state.
    pub(crate) fn of(stance: &LiveStance) -> BindingResult<Self> {
        let robot = stance_robot(stance)?;
        let model = robot.model()?;
        let (q, placement) = robot.configuration_and_placement()?;
        let mut data = DynamicsData::new(&model);
        data.set_gravity(placement.rotation.inverse() * Vector3::new(0.0, 0.0, -stance.gravity()))?;
        let gravity_torques = gravity_torques(&model, &mut data, q.as_slice())?.to_vec();
        Ok(Self {
            robot,
            model,
            q,
            placement,
            data,
            gravity_torques,
        })
    }
}

/// The one robot that every contact of `stance` is bound to.
fn stance_robot(stance: &LiveStance) -> BindingResult<Robot> {
    let mut robot: Option<Robot> = None;
    for (index, contact) in stance.contacts().iter().enumerate() {
        let Some(binding) = contact.binding() else {
            return Err(BindingError::NotBound { contact: index });
        };
        match &robot {
            None => robot = Some(binding.robot.clone()),
            Some(r) if r.same(&binding.robot) => {}
            Some(_) => return Err(BindingError::TwoRobots { contact: index }),
        }
    }
    robot.ok_or(BindingError::NotBound { contact: 0 })
}

/// Each velocity value's effort limit: a one-value joint's, `inf` for free and ball joints.
pub fn effort_limits(model: &Model) -> Vec<f64> {
    let mut out = vec![f64::INFINITY; model.nv()];
    for joint in model.joints() {
        if joint.nv() == 1 {
            out[joint.idx_v()] = joint.limits().effort;
        }
    }
    out
}
