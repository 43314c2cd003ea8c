//! A stance: a point-mass robot (CoM, mass) on a set of contacts, under gravity.

use nalgebra::{Point3, Vector3, Vector6};

use crate::contact_set::ContactSet;
use crate::distribution::{DistributionWeights, WrenchDistribution};
use crate::error::{StabilityError, check_finite};
use crate::limits;
use crate::polygon::{PolygonMethod, StaticPolygon};
use crate::transport::transport_wrench;
use crate::wrench_qp::DistributionWorkspace;

/// Standard gravity in m/s².
pub const STANDARD_GRAVITY: f64 = 9.81;

/// A robot reduced to its centre of mass, standing on contacts.
///
/// Gravity points along −z with a configurable magnitude (9.81 m/s² by default). The CoM may
/// accelerate; the static-equilibrium polygon ignores the acceleration, the wrench distribution
/// accounts for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stance {
    com: Point3<f64>,
    mass: f64,
    gravity: f64,
    com_acceleration: Vector3<f64>,
    contacts: ContactSet,
}

impl Stance {
    /// A stance with its CoM at `com` (world frame), a mass in kilograms and its contacts, at rest
    /// under standard gravity.
    pub fn new(com: Point3<f64>, mass: f64, contacts: ContactSet) -> Result<Self, StabilityError> {
        limits::point("CoM position", &com)?;
        check_mass(mass)?;
        check_net_force(mass, STANDARD_GRAVITY, &Vector3::zeros())?;
        Ok(Self {
            com,
            mass,
            gravity: STANDARD_GRAVITY,
            com_acceleration: Vector3::zeros(),
            contacts,
        })
    }

    /// The same stance under another gravity magnitude (m/s², along −z).
    pub fn with_gravity(mut self, gravity: f64) -> Result<Self, StabilityError> {
        self.set_gravity(gravity)?;
        Ok(self)
    }

    /// CoM position, world frame.
    pub fn com(&self) -> Point3<f64> {
        self.com
    }

    /// Moves the CoM.
    pub fn set_com(&mut self, com: Point3<f64>) -> Result<(), StabilityError> {
        limits::point("CoM position", &com)?;
        self.com = com;
        Ok(())
    }

    /// Mass in kilograms.
    pub fn mass(&self) -> f64 {
        self.mass
    }

    /// Changes the mass.
    pub fn set_mass(&mut self, mass: f64) -> Result<(), StabilityError> {
        check_mass(mass)?;
        check_net_force(mass, self.gravity, &self.com_acceleration)?;
        self.mass = mass;
        Ok(())
    }

    /// Gravity magnitude in m/s² (gravity is `(0, 0, −g)`).
    pub fn gravity(&self) -> f64 {
        self.gravity
    }

    /// Changes the gravity magnitude.
    pub fn set_gravity(&mut self, gravity: f64) -> Result<(), StabilityError> {
        if !(gravity.is_finite() && gravity > 0.0) {
            return Err(StabilityError::InvalidGravity { value: gravity });
        }
        check_net_force(self.mass, gravity, &self.com_acceleration)?;
        self.gravity = gravity;
        Ok(())
    }

    /// CoM acceleration, world frame (zero by default).
    pub fn com_acceleration(&self) -> Vector3<f64> {
        self.com_acceleration
    }

    /// Changes the CoM acceleration.
    pub fn set_com_acceleration(
        &mut self,
        acceleration: Vector3<f64>,
    ) -> Result<(), StabilityError> {
        check_finite("CoM acceleration", acceleration.as_slice())?;
        check_net_force(self.mass, self.gravity, &acceleration)?;
        self.com_acceleration = acceleration;
        Ok(())
    }

    /// The contacts.
    pub fn contacts(&self) -> &ContactSet {
        &self.contacts
    }

    /// Mutable access to the contacts (to move them with their links, or manage their wrenches).
    pub fn contacts_mut(&mut self) -> &mut ContactSet {
        &mut self.contacts
    }

    /// The net contact wrench needed to move the CoM as prescribed, taken at the CoM in the world
    /// frame: `[m (p̈ − g); 0]` with `g = (0, 0, −gravity)`.
    pub fn gravity_wrench(&self) -> Vector6<f64> {
        let force = self.mass * (self.com_acceleration + Vector3::new(0.0, 0.0, self.gravity));
        Vector6::new(force.x, force.y, force.z, 0.0, 0.0, 0.0)
    }

    /// [`Stance::gravity_wrench`] moved to `point` (world frame).
    pub fn gravity_wrench_at(&self, point: &Point3<f64>) -> Result<Vector6<f64>, StabilityError> {
        crate::limits::point("point", point)?;
        Ok(transport_wrench(&self.gravity_wrench(), &self.com, point))
    }

    /// The static-equilibrium polygon of the contacts (independent of mass, gravity and CoM).
    ///
    /// For flat contacts on level ground the polygon is the convex hull of the feet, whatever
    /// the friction: here two 22 × 10 cm feet 30 cm apart give the 0.22 m × 0.40 m rectangle.
    ///
    /// ```
    /// use morsel_stability::nalgebra::Point3;
    /// use morsel_stability::{Contact, ContactSet, PolygonMethod, Stance};
    ///
    /// let left = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7)?;
    /// let right = Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7)?;
    /// let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, ContactSet::new(vec![left, right])?)?;
    /// for method in [PolygonMethod::Bretl, PolygonMethod::Hull, PolygonMethod::Cdd] {
    ///     let polygon = stance.static_equilibrium_polygon(method)?;
    ///     let area = polygon.polygon().expect("bounded").area();
    ///     assert!((area - 0.22 * 0.40).abs() < 1e-6, "{method:?}: {area}");
    ///     // The CoM above the origin is 0.11 m from the nearest (front and back) edges.
    ///     assert!((stance.com_margin(&polygon).expect("bounded") - 0.11).abs() < 1e-6);
    /// }
    /// # Ok::<(), morsel_stability::StabilityError>(())
    /// ```
    pub fn static_equilibrium_polygon(
        &self,
        method: PolygonMethod,
    ) -> Result<StaticPolygon, StabilityError> {
        self.contacts.static_equilibrium_polygon(method)
    }

    /// Distributes [`Stance::gravity_wrench`] over the supporting contacts with the default
    /// weights.
    ///
    /// ```
    /// use morsel_stability::nalgebra::Point3;
    /// use morsel_stability::{Contact, ContactSet, Stance, STANDARD_GRAVITY};
    ///
    /// // The CoM 5 cm towards the left foot.
    /// let left = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7)?;
    /// let right = Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7)?;
    /// let stance = Stance::new(Point3::new(0.0, 0.05, 0.8), 38.0, ContactSet::new(vec![left, right])?)?;
    /// let d = stance.distribute()?;
    /// assert!(d.is_solved());
    /// let weight = 38.0 * STANDARD_GRAVITY;
    /// let total: f64 = d.wrenches.iter().map(|w| w.normal_force).sum();
    /// assert!((total - weight).abs() < 1e-6 * weight);
    /// // Moment balance about the x axis, the centres of pressure on the ground (z = 0):
    /// // Σ y_cop · f = y_com · m g.
    /// let moment: f64 = d.wrenches.iter().map(|w| w.cop.expect("pressing").y * w.normal_force).sum();
    /// assert!((moment - 0.05 * weight).abs() < 1e-6 * weight);
    /// # Ok::<(), morsel_stability::StabilityError>(())
    /// ```
    pub fn distribute(&self) -> Result<WrenchDistribution, StabilityError> {
        self.distribute_with(
            &DistributionWeights::default(),
            &mut DistributionWorkspace::new(),
        )
    }

    /// [`Stance::distribute`] with explicit weights and reusable solver memory.
    pub fn distribute_with(
        &self,
        weights: &DistributionWeights,
        workspace: &mut DistributionWorkspace,
    ) -> Result<WrenchDistribution, StabilityError> {
        self.contacts.find_supporting_wrenches_with(
            &self.gravity_wrench(),
            &self.com,
            weights,
            workspace,
        )
    }

    /// Signed distance from the CoM's horizontal position to the polygon's edges: positive inside
    /// (the stability margin), negative outside. `None` when the polygon is not bounded.
    pub fn com_margin(&self, polygon: &StaticPolygon) -> Option<f64> {
        polygon
            .polygon()
            .map(|p| p.signed_distance([self.com.x, self.com.y]))
    }

    /// Whether the CoM's horizontal position is inside (or on) the polygon. `false` when the
    /// polygon is empty or unbounded (check [`StaticPolygon::status`] for those).
    pub fn is_com_inside(&self, polygon: &StaticPolygon) -> bool {
        self.com_margin(polygon).is_some_and(|d| d >= 0.0)
    }
}

fn check_mass(mass: f64) -> Result<(), StabilityError> {
    if mass.is_finite() && mass > 0.0 {
        limits::mass(mass)
    } else {
        Err(StabilityError::InvalidMass { value: mass })
    }
}

/// Checks that the net force `m (p̈ − g)` of a valid mass, gravity and acceleration is within
/// ±[`limits::MAX_FORCE`] on every axis (a large gravity or acceleration times a large mass
/// would otherwise overflow the gravity wrench).
fn check_net_force(
    mass: f64,
    gravity: f64,
    acceleration: &Vector3<f64>,
) -> Result<(), StabilityError> {
    let force = mass * (acceleration + Vector3::new(0.0, 0.0, gravity));
    limits::force("the stance's net force m·(p̈ − g)", force.as_slice())
}
