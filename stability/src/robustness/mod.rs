//! The robustness of an equilibrium (Del Prete, Tonneau and Mansard, ICRA 2016), as
//! hpp-centroidal-dynamics' `Equilibrium.computeEquilibriumRobustness` defines it.
//!
//! Each point contact's friction cone is spanned by `k` unit generators
//! ([`generators`]); the contact forces are `Σ_j b_j g_j`. The LP
//!
//! ```text
//! maximise b₀  subject to  Σ_j b_j [g_j; p_j × g_j] = [m (c̈ − g); c × m (c̈ − g)],  b_j >= b₀
//! ```
//!
//! gives the largest common weight `b₀`, and the robustness is `b₀ |(Σ_j g_j) × g₀|`: how far
//! (in newtons) every contact force can be kept from the boundary of its friction cone. It is
//! negative when no equilibrium exists (some generator weight must be negative), `−∞` when no
//! combination of the generators balances the gravito-inertial wrench, `+∞` when internal forces
//! between contacts make it unbounded.
//!
//! The LP is solved in standard form by the crate's dense simplex ([`crate::lp`]) with six rows:
//! `b_j = s_j + b₀`, `b₀ = b⁺ − b⁻`, `s, b⁺, b⁻ >= 0`. Rows are scaled (forces by the weight,
//! lengths by the contacts' extent about their centroid) so that the simplex's tolerances hold at
//! any size.

pub(crate) mod generators;
mod options;

pub(crate) use options::check_generators;
pub use options::{MAX_GENERATORS, NORMAL_TOLERANCE, RobustnessOptions};

use nalgebra::{Point3, Vector3};

use crate::error::StabilityError;
use crate::lp::{Basis, DenseSimplex, SimplexOutcome};
use crate::stance::Stance;

/// Number of equality rows: net force and moment.
const ROWS: usize = 6;

/// Point contacts prepared for repeated robustness queries (one per CoM position and
/// acceleration), each warm-started from the previous optimal basis.
#[derive(Debug, Clone)]
pub struct RobustnessLp {
    simplex: DenseSimplex<ROWS>,
    /// Generator weights' scale: the contacts' centroid and extent.
    origin: Point3<f64>,
    length: f64,
    mass: f64,
    gravity: f64,
    /// Force margin per unit of `b₀`.
    margin_per_weight: f64,
    /// The 6-D columns `[g_j; ((p_j − o) / L) × g_j]` (before the simplex's row signs).
    columns: Vec<[f64; 6]>,
    costs: Vec<f64>,
    warm: Option<Basis<ROWS>>,
}

impl RobustnessLp {
    /// The LP for the validated point contacts of `options` (its CoM and acceleration are not
    /// used: pass them to [`Self::robustness`]).
    pub fn new(options: &RobustnessOptions) -> Result<Self, StabilityError> {
        options.validate()?;
        let frictions = vec![options.friction; options.points.len()];
        Ok(Self::from_points(
            &options.points,
            &options.normals,
            &frictions,
            options.generators,
            options.mass,
            options.gravity,
        ))
    }

    /// Builds the LP from already validated input (unit normals, positive frictions).
    fn from_points(
        points: &[[f64; 3]],
        normals: &[[f64; 3]],
        frictions: &[f64],
        count: usize,
        mass: f64,
        gravity: f64,
    ) -> Self {
        let n = points.len() as f64;
        let origin = Point3::from(
            points
                .iter()
                .fold(Vector3::zeros(), |acc, p| acc + Vector3::from(*p))
                / n,
        );
        let extent = points
            .iter()
            .map(|p| (Point3::from(*p) - origin).norm())
            .fold(0.0, f64::max);
        let length = if extent > 0.0 { extent } else { 1.0 };
        let mut columns = Vec::with_capacity(points.len() * count);
        let mut margin = f64::INFINITY;
        for ((point, normal), &friction) in points.iter().zip(normals).zip(frictions) {
            let rays = generators::cone_generators(&Vector3::from(*normal), friction, count);
            margin = margin.min(generators::margin_per_weight(&rays));
            let arm = (Point3::from(*point) - origin) / length;
            for ray in rays {
                let moment = arm.cross(&ray);
                columns.push([ray.x, ray.y, ray.z, moment.x, moment.y, moment.z]);
            }
        }
        let mut sum = [0.0; 6];
        for column in &columns {
            for (s, c) in sum.iter_mut().zip(column) {
                *s += c;
            }
        }
        let mut standard: Vec<[f64; ROWS]> = columns.clone();
        standard.push(sum);
        standard.push(sum.map(|v| -v));
        let width = standard.len();
        let mut costs = vec![0.0; width];
        costs[width - 2] = -1.0;
        costs[width - 1] = 1.0;
        Self {
            simplex: DenseSimplex::new(standard, [0.0; ROWS]),
            origin,
            length,
            mass,
            gravity,
            margin_per_weight: margin,
            columns,
            costs,
            warm: None,
        }
    }

    /// Number of generators (`k` per contact point).
    pub fn generator_count(&self) -> usize {
        self.columns.len()
    }

    /// The robustness (newtons) at CoM `com` with CoM acceleration `acceleration` (world frame):
    /// negative when no equilibrium exists, `−∞` when no generator combination balances the
    /// gravito-inertial wrench, `+∞` when it is unbounded.
    pub fn robustness(
        &mut self,
        com: [f64; 3],
        acceleration: [f64; 3],
    ) -> Result<f64, StabilityError> {
        crate::error::check_finite("CoM position", &com)?;
        crate::error::check_finite("CoM acceleration", &acceleration)?;
        // Net contact force m (c̈ − g), g = (0, 0, −gravity); scaled by a force that is never
        // zero (free fall asks for no force at all).
        let net = self.mass
            * Vector3::new(
                acceleration[0],
                acceleration[1],
                acceleration[2] + self.gravity,
            );
        let scale = net.norm().max(self.mass * self.gravity);
        let force = net / scale;
        let arm = (Point3::from(com) - self.origin) / self.length;
        let moment = arm.cross(&force);
        self.simplex
            .set_rhs([force.x, force.y, force.z, moment.x, moment.y, moment.z]);
        let warm = self
            .warm
            .is_some_and(|basis| self.simplex.warm_start(&basis));
        if !warm {
            match self.simplex.find_feasible_basis() {
                SimplexOutcome::Optimal => {}
                SimplexOutcome::Infeasible(_) => {
                    self.warm = None;
                    return Ok(f64::NEG_INFINITY);
                }
                other => return Err(failure(other)),
            }
        }
        match self.simplex.minimise(&self.costs) {
            SimplexOutcome::Optimal => {}
            SimplexOutcome::Unbounded => {
                self.warm = None;
                return Ok(f64::INFINITY);
            }
            other => return Err(failure(other)),
        }
        self.warm = Some(self.simplex.basis());
        let width = self.simplex.width();
        let b0 = self.simplex.value_of(width - 2) - self.simplex.value_of(width - 1);
        Ok(b0 * scale * self.margin_per_weight)
    }
}

fn failure(outcome: SimplexOutcome) -> StabilityError {
    StabilityError::Numerical {
        what: "equilibrium robustness",
        reason: format!("the robustness LP ended with {outcome:?}"),
    }
}

/// The robustness of the equilibrium of point contacts (hpp-centroidal-dynamics'
/// `computeEquilibriumRobustness`): see [the module](self). Negative when no equilibrium exists.
pub fn equilibrium_robustness(options: &RobustnessOptions) -> Result<f64, StabilityError> {
    RobustnessLp::new(options)?.robustness(options.com, options.acceleration)
}

impl Stance {
    /// The point contacts of this stance for robustness queries: each contact's four vertices
    /// with its normal and friction, `generators` rays per vertex, the stance's mass and gravity.
    ///
    /// With different frictions per contact, the force margin per unit weight is the smallest
    /// over the contacts (each contact force then keeps at least that distance to its cone).
    pub fn robustness_lp(&self, generators: usize) -> Result<RobustnessLp, StabilityError> {
        options::check_generators(generators)?;
        let mut points = Vec::new();
        let mut normals = Vec::new();
        let mut frictions = Vec::new();
        for contact in self.contacts().contacts() {
            let normal = contact.normal();
            for vertex in contact.vertices() {
                points.push([vertex.x, vertex.y, vertex.z]);
                normals.push([normal.x, normal.y, normal.z]);
                frictions.push(contact.friction());
            }
        }
        if points.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        Ok(RobustnessLp::from_points(
            &points,
            &normals,
            &frictions,
            generators,
            self.mass(),
            self.gravity(),
        ))
    }

    /// The robustness of this stance's equilibrium (its CoM, CoM acceleration, mass and gravity;
    /// its contacts' vertices as point contacts with `generators` rays each, 4 in
    /// hpp-centroidal-dynamics' default). Negative when no equilibrium exists.
    pub fn equilibrium_robustness(&self, generators: usize) -> Result<f64, StabilityError> {
        let com = self.com();
        let acceleration = self.com_acceleration();
        self.robustness_lp(generators)?.robustness(
            [com.x, com.y, com.z],
            [acceleration.x, acceleration.y, acceleration.z],
        )
    }
}
