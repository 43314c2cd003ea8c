//! The torque-limited feasible region (Orsolino et al., RA-L 2020): the CoM positions `(x, y)` at
//! which contact forces exist within the friction cones *and* the joint torques they need stay
//! within the actuators' limits.
//!
//! What is posed, exactly. The robot's joint configuration `q` is fixed, so the contact
//! Jacobians `J_k` (one per contact) and the gravity torques `g(q)` are constants. The CoM
//! `(x, y)` is the free variable of the centroidal static equilibrium, as in the static polygon:
//! the contact forces `f` (point forces at each contact's four vertices, in the inner friction
//! pyramid, weights `λ >= 0` of [`crate::Contact::force_rays`]) balance the weight `m g` acting
//! at the CoM. On top of that, for every value `i` whose limit is finite,
//! `−τ̄_i <= g_i(q) − (Σ_k J_kᵀ w_k)_i <= τ̄_i`, with `w_k` the wrench of contact `k`'s forces
//! about its origin. Values with an infinite limit (a free or ball joint, a joint without an
//! effort limit) are not constrained: in particular the floating base's six rows, which at the
//! fixed `q` would pin the CoM to the robot's actual one, are replaced by the centroidal
//! equilibrium with the CoM free. So the region answers: with the robot posed at `q`, over which
//! CoM positions could its weight be carried by the contacts without exceeding a motor's limit
//! (the joints' own gravity load `g(q)` counted as at `q`). With every limit infinite it is the
//! static-equilibrium polygon (the same LP, the same columns).
//! Like the static polygon it ignores maximum pressures and the stance's CoM acceleration and
//! height, and every contact takes part; unlike it, the mass and gravity matter (limits are
//! torques, not ratios).
//!
//! The polytope in `(CoM, λ, slacks)` is projected to `(x, y)` by Bretl's method on an LP with
//! `4 + 2k` rows (`k` the torque-limited values), solved by the run-time-rows simplex.

use nalgebra::{DMatrix, Vector3, Vector6};

use super::bretl;
use super::support_lp::{LpOutcome, SupportOracle, convert};
use super::{PolygonStatus, StaticPolygon, finish};
use crate::error::StabilityError;
use crate::lp::{DynamicSimplex, SimplexOutcome};
use crate::stance::Stance;

/// The joint-torque map of a robot-bound stance at a fixed configuration: per contact a
/// Jacobian, the gravity torques `g(q)` and the effort limits (one per velocity value, `nv`).
#[derive(Debug, Clone, PartialEq)]
pub struct TorqueMap {
    jacobians: Vec<DMatrix<f64>>,
    gravity_torques: Vec<f64>,
    limits: Vec<f64>,
    names: Vec<String>,
}

impl TorqueMap {
    /// The map for `jacobians` (one per contact of the stance, in its order; each `6 × nv`:
    /// rows 0-2 the linear velocity of the contact's origin, rows 3-5 the angular velocity, both
    /// in world axes, so that a wrench `[f; m]` about the origin loads the joints by `Jᵀ [f; m]`),
    /// `gravity_torques` `g(q)` and `limits` (`inf` for none; `>= 0`).
    pub fn new(
        jacobians: Vec<DMatrix<f64>>,
        gravity_torques: Vec<f64>,
        limits: Vec<f64>,
    ) -> Result<Self, StabilityError> {
        let nv = gravity_torques.len();
        if limits.len() != nv {
            return Err(StabilityError::LengthMismatch {
                what: "torque limits (one per gravity torque)",
                expected: nv,
                got: limits.len(),
            });
        }
        crate::error::check_finite("gravity torques", &gravity_torques)?;
        for (index, &value) in limits.iter().enumerate() {
            if value.is_nan() || value < 0.0 {
                return Err(StabilityError::InvalidTorqueLimit { index, value });
            }
        }
        for jacobian in &jacobians {
            if jacobian.ncols() != nv {
                return Err(StabilityError::LengthMismatch {
                    what: "contact Jacobian columns (one per gravity torque)",
                    expected: nv,
                    got: jacobian.ncols(),
                });
            }
            if jacobian.nrows() != 6 {
                return Err(StabilityError::LengthMismatch {
                    what: "contact Jacobian rows",
                    expected: 6,
                    got: jacobian.nrows(),
                });
            }
            crate::error::check_finite("contact Jacobian", jacobian.as_slice())?;
        }
        Ok(Self {
            jacobians,
            gravity_torques,
            limits,
            names: (0..nv).map(|i| format!("value {i}")).collect(),
        })
    }

    /// Names the values (for the reasons of an empty region); `names.len()` must be `nv`.
    pub fn with_names(mut self, names: Vec<String>) -> Result<Self, StabilityError> {
        if names.len() != self.limits.len() {
            return Err(StabilityError::LengthMismatch {
                what: "value names",
                expected: self.limits.len(),
                got: names.len(),
            });
        }
        self.names = names;
        Ok(self)
    }

    /// The same map with every limit infinite (its region is the static polygon).
    pub fn unlimited(&self) -> Self {
        let mut out = self.clone();
        out.limits.iter_mut().for_each(|l| *l = f64::INFINITY);
        out
    }

    /// The contact Jacobians, one per contact.
    pub fn jacobians(&self) -> &[DMatrix<f64>] {
        &self.jacobians
    }

    /// The names of the values (`value k` unless [`with_names`](Self::with_names) gave them).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The effort limits.
    pub fn limits(&self) -> &[f64] {
        &self.limits
    }

    /// The gravity torques `g(q)`.
    pub fn gravity_torques(&self) -> &[f64] {
        &self.gravity_torques
    }
}

impl Stance {
    /// The torque-limited feasible region (see the module documentation for what is posed): the
    /// CoM `(x, y)` positions where the contacts' forces can hold the stance's weight within the
    /// friction cones with every joint torque `g(q) − Σ Jᵀ f` within its limit.
    /// [`StaticPolygon::Empty`] (with a reason) when no CoM position qualifies, for instance
    /// when a joint that no contact force reaches already exceeds its limit under `g(q)`.
    pub fn feasible_region(&self, map: &TorqueMap) -> Result<StaticPolygon, StabilityError> {
        let contacts = self.contacts();
        if contacts.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        if map.jacobians.len() != contacts.len() {
            return Err(StabilityError::LengthMismatch {
                what: "contact Jacobians (one per contact)",
                expected: contacts.len(),
                got: map.jacobians.len(),
            });
        }
        let origin = contacts.centroid();
        let length = contacts.extent_about(&origin);
        let weight = self.mass() * self.gravity();
        // Equilibrium rows (f_x, f_y, f_z, τ_z) and CoM offsets per column in units of the
        // weight and of `length` about `origin`, as the static polygon; torque loads in N·m.
        let mut equilibrium = Vec::new();
        let mut offset_of = Vec::new();
        let mut loads: Vec<Vec<f64>> = Vec::new();
        for (contact, jacobian) in contacts.contacts().iter().zip(&map.jacobians) {
            let p = contact.position();
            for v in contact.vertices() {
                for ray in contact.force_rays() {
                    let moment = ((v - origin) / length).cross(&ray);
                    equilibrium.push([ray.x, ray.y, ray.z, moment.z]);
                    offset_of.push([-moment.y, moment.x]);
                    loads.push(joint_load(jacobian, &ray, &(v - p), weight));
                }
            }
        }
        // Two rows per torque-limited value that a contact force reaches; the others are
        // checked against g(q) alone.
        let mut limited = Vec::new();
        for (i, (&limit, &g)) in map.limits.iter().zip(&map.gravity_torques).enumerate() {
            if !limit.is_finite() {
                continue;
            }
            let scale = loads.iter().map(|a| a[i].abs()).fold(0.0, f64::max);
            if scale <= 1e-12 * limit.max(g.abs()).max(1.0) {
                if g.abs() > limit {
                    return Ok(StaticPolygon::Empty {
                        reason: format!(
                            "{} needs {g:.6} N·m against gravity at this configuration, beyond \
                             its limit {limit:.6}, and no contact force can relieve it",
                            map.names[i]
                        ),
                    });
                }
                continue;
            }
            limited.push((i, scale, g, limit));
        }
        let rows = 4 + 2 * limited.len();
        let mut columns: Vec<Vec<f64>> = Vec::with_capacity(loads.len() + 2 * limited.len());
        for (e, a) in equilibrium.iter().zip(&loads) {
            let mut column = e.to_vec();
            for &(i, scale, _, _) in &limited {
                column.push(a[i] / scale);
                column.push(a[i] / scale);
            }
            columns.push(column);
        }
        let mut rhs = vec![0.0, 0.0, 1.0, 0.0];
        for (r, &(_, scale, g, limit)) in limited.iter().enumerate() {
            // Σ λ a + s = g + τ̄ and Σ λ a − t = g − τ̄.
            rhs.push((g + limit) / scale);
            rhs.push((g - limit) / scale);
            for (slot, sign) in [(4 + 2 * r, 1.0), (5 + 2 * r, -1.0)] {
                let mut column = vec![0.0; rows];
                column[slot] = sign;
                columns.push(column);
                offset_of.push([0.0, 0.0]);
            }
        }
        let lp = FeasibleLp {
            simplex: DynamicSimplex::new(&columns, &rhs),
            costs: vec![0.0; offset_of.len()],
            offset_of,
        };
        let relative = match bretl::project_lp(lp, bretl::AREA_GAP_TOLERANCE) {
            Err(PolygonStatus::Empty { reason }) if !limited.is_empty() => {
                let detail = reason.find("(the LP").map_or(&reason[..], |i| &reason[i..]);
                Err(PolygonStatus::Empty {
                    reason: format!(
                        "no CoM position has contact forces within the friction cones with every \
                         joint torque within its limit {detail}"
                    ),
                })
            }
            other => other,
        };
        finish(relative, &origin, length)
    }
}

/// The joint torques `Jᵀ [f; r × f]` of a force `weight · ray` at `r` from the contact's origin.
fn joint_load(
    jacobian: &DMatrix<f64>,
    ray: &Vector3<f64>,
    r: &Vector3<f64>,
    weight: f64,
) -> Vec<f64> {
    let force = ray * weight;
    let m = r.cross(&force);
    let wrench = Vector6::new(force.x, force.y, force.z, m.x, m.y, m.z);
    (jacobian.transpose() * wrench).as_slice().to_vec()
}

/// The feasible region's support LP.
struct FeasibleLp {
    simplex: DynamicSimplex,
    offset_of: Vec<[f64; 2]>,
    costs: Vec<f64>,
}

impl FeasibleLp {
    fn vertex(&self) -> [f64; 2] {
        let mut p = [0.0, 0.0];
        for (j, value) in self.simplex.solution() {
            p[0] += value * self.offset_of[j][0];
            p[1] += value * self.offset_of[j][1];
        }
        p
    }
}

impl SupportOracle for FeasibleLp {
    type Basis = Vec<usize>;

    fn find_feasible_basis(&mut self) -> LpOutcome {
        match self.simplex.find_feasible_basis() {
            SimplexOutcome::Optimal => LpOutcome::Optimal(self.vertex()),
            other => convert(other),
        }
    }

    fn basis(&self) -> Vec<usize> {
        self.simplex.basis()
    }

    fn support(&mut self, direction: [f64; 2], start: &Vec<usize>) -> LpOutcome {
        if !self.simplex.warm_start(start) {
            match self.simplex.find_feasible_basis() {
                SimplexOutcome::Optimal => {}
                other => return convert(other),
            }
        }
        for (cost, offset) in self.costs.iter_mut().zip(&self.offset_of) {
            *cost = -(direction[0] * offset[0] + direction[1] * offset[1]);
        }
        match self.simplex.minimise(&self.costs) {
            SimplexOutcome::Optimal => LpOutcome::Optimal(self.vertex()),
            other => convert(other),
        }
    }
}
