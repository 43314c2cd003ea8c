//! The contact interface: what every source of contacts (geometry with a penalty law, a
//! simulator, a stance's wrench distribution) hands to the sensors.

use nalgebra::{Point3, Unit, Vector3};

use crate::direction::direction;
use crate::error::{Result, SensingError};
use crate::scene::Scene;

/// The largest force component a contact may carry, in newtons.
///
/// Chosen so that what the sensors compute from a force stays finite: normal forces, norms and
/// the sums of many contacts' forces on one sensor stay far below `f64::MAX ≈ 1.8e308` (a force
/// of `1e308` has an infinite norm), and moments about points within geometry's length range
/// (`morsel_geometry::MAX_LENGTH = 1e10` m) stay below about `1e31` N·m. Far above any robot or
/// simulator (a rocket engine's thrust is about 1e7 N).
pub const MAX_FORCE: f64 = 1e20;

/// Why a finite contact is out of range: a position beyond ±`MAX_LENGTH`, a depth above it,
/// or a force component beyond ±[`MAX_FORCE`].
fn out_of_range(position: &Point3<f64>, depth: f64, force: &Vector3<f64>) -> Option<String> {
    let max = morsel_geometry::MAX_LENGTH;
    if let Err(e) =
        morsel_geometry::range::check_coordinates("position", position.coords.as_slice())
    {
        return Some(e.to_string());
    }
    if depth > max {
        return Some(format!(
            "depth is {depth:e}, outside the accepted range [0, {max:e}] (lengths in metres)"
        ));
    }
    force.iter().position(|f| f.abs() > MAX_FORCE).map(|i| {
        format!(
            "force[{i}] is {:e}, outside the accepted range [-{MAX_FORCE:e}, {MAX_FORCE:e}] (newtons)",
            force[i]
        )
    })
}

/// One side of a contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first body (`body_a`); the normal points away from it.
    A,
    /// The second body (`body_b`); the force acts on it.
    B,
}

/// A point contact between two bodies, in the world frame.
///
/// Conventions: `normal` points from body A towards body B; `force` is the force that A
/// exerts on B (B receives `force`, A receives `-force`), so a repulsive contact has
/// `force · normal > 0`. `position` lies midway between the two surfaces; when the bodies
/// interpenetrate by `depth`, A's surface is at `position + depth/2 · normal` and B's at
/// `position - depth/2 · normal`. This is MuJoCo's convention (contact frame normal from
/// geom 1 to geom 2, force on geom 2).
///
/// Morsel has three `Contact` types, one per question: `morsel_geometry::query::Contact` is
/// how deep two shapes interpenetrate (a query's answer), `morsel_sensing::Contact` (this one) is a
/// point contact between two bodies with the force one exerts on the other (what touch sensors
/// read), and `morsel_stability::Contact` is a rectangular support surface with friction
/// (what the polygon and the wrench distribution reason about).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// Index of body A in the scene.
    pub body_a: usize,
    /// Index of body B in the scene.
    pub body_b: usize,
    /// Collider (geom) of A involved, when known.
    pub collider_a: Option<usize>,
    /// Collider (geom) of B involved, when known.
    pub collider_b: Option<usize>,
    /// World point midway between the two surfaces.
    pub position: Point3<f64>,
    /// Unit normal from A to B, world frame.
    pub normal: Unit<Vector3<f64>>,
    /// Penetration depth (>= 0, metres).
    pub depth: f64,
    /// Force exerted by A on B, world frame (newtons).
    pub force: Vector3<f64>,
    /// The first tangent of the simulator's contact frame, when the contact came with one
    /// ([`Contact::from_contact_frame`]); MIMo's `normal_force` reads the frame's first column,
    /// so [`TouchConfig::mimo_quirks`](crate::TouchConfig::mimo_quirks) needs it.
    pub tangent: Option<Unit<Vector3<f64>>>,
}

impl Contact {
    /// A contact with its force, given directly (for instance read from a simulator).
    ///
    /// `normal` need not be unit length (it is normalised, whatever its finite size) but must
    /// be non-zero. Errors: a
    /// non-finite value, a zero normal, a negative depth, the same body on both sides, and a
    /// position, depth or force out of range (beyond `morsel_geometry::MAX_LENGTH` or
    /// [`MAX_FORCE`]).
    pub fn new(
        body_a: usize,
        body_b: usize,
        position: Point3<f64>,
        normal: Vector3<f64>,
        depth: f64,
        force: Vector3<f64>,
    ) -> Result<Self> {
        let invalid = |reason: String| SensingError::InvalidContact { index: 0, reason };
        if body_a == body_b {
            return Err(invalid(format!(
                "both sides are body {body_a}; a contact joins two different bodies"
            )));
        }
        if !(position
            .iter()
            .chain(normal.iter())
            .chain(force.iter())
            .all(|x| x.is_finite())
            && depth.is_finite())
        {
            return Err(invalid(format!(
                "non-finite value: position {position:?}, normal {normal:?}, depth {depth}, force {force:?}"
            )));
        }
        if depth < 0.0 {
            return Err(invalid(format!(
                "depth must be >= 0 (the penetration), got {depth}; for a MuJoCo contact use max(0, -dist)"
            )));
        }
        if let Some(reason) = out_of_range(&position, depth, &force) {
            return Err(invalid(reason));
        }
        let normal = direction(&normal).map(Unit::new_unchecked).ok_or_else(|| {
            invalid(
                "the normal is the zero vector; give the direction from body A to body B".into(),
            )
        })?;
        Ok(Self {
            body_a,
            body_b,
            collider_a: None,
            collider_b: None,
            position,
            normal,
            depth,
            force,
            tangent: None,
        })
    }

    /// A contact given in a simulator's contact frame, as MuJoCo stores it: `frame` holds the
    /// normal (from A to B) and the two tangents as rows, `local_force` is
    /// `[normal, tangent 1, tangent 2]` (the force on B), and `distance` is the signed
    /// distance between the surfaces (negative when they penetrate).
    pub fn from_contact_frame(
        body_a: usize,
        body_b: usize,
        position: Point3<f64>,
        frame: [[f64; 3]; 3],
        local_force: [f64; 3],
        distance: f64,
    ) -> Result<Self> {
        let row = |i: usize| Vector3::new(frame[i][0], frame[i][1], frame[i][2]);
        let force = row(0) * local_force[0] + row(1) * local_force[1] + row(2) * local_force[2];
        let mut contact = Self::new(
            body_a,
            body_b,
            position,
            row(0),
            (-distance).max(0.0),
            force,
        )?;
        contact.tangent = direction(&row(1)).map(Unit::new_unchecked);
        Ok(contact)
    }

    /// Names the colliders (geoms) involved, when known.
    pub fn with_colliders(mut self, collider_a: Option<usize>, collider_b: Option<usize>) -> Self {
        self.collider_a = collider_a;
        self.collider_b = collider_b;
        self
    }

    /// The scalar normal force, positive when the bodies press on each other.
    #[inline]
    pub fn normal_force(&self) -> f64 {
        self.force.dot(&self.normal)
    }

    /// The body on `side`.
    #[inline]
    pub fn body(&self, side: Side) -> usize {
        match side {
            Side::A => self.body_a,
            Side::B => self.body_b,
        }
    }

    /// The collider on `side`, when known.
    #[inline]
    pub fn collider(&self, side: Side) -> Option<usize> {
        match side {
            Side::A => self.collider_a,
            Side::B => self.collider_b,
        }
    }

    /// The world force acting on the body on `side`.
    #[inline]
    pub fn force_on(&self, side: Side) -> Vector3<f64> {
        match side {
            Side::A => -self.force,
            Side::B => self.force,
        }
    }

    /// The contact point moved onto the surface of the body on `side` (half the depth along
    /// the normal, outward from the midpoint towards that body's surface).
    #[inline]
    pub fn surface_point(&self, side: Side) -> Point3<f64> {
        let half = 0.5 * self.depth * self.normal.into_inner();
        match side {
            Side::A => self.position + half,
            Side::B => self.position - half,
        }
    }

    /// Checks this contact against `scene` (bodies and colliders exist, values finite),
    /// reporting `index` as its position in the caller's list.
    pub fn validate(&self, index: usize, scene: &Scene) -> Result<()> {
        let invalid = |reason: String| SensingError::InvalidContact { index, reason };
        for (side, body, collider) in [
            ("A", self.body_a, self.collider_a),
            ("B", self.body_b, self.collider_b),
        ] {
            let b = scene.bodies().get(body).ok_or_else(|| {
                invalid(format!(
                    "body {side} has index {body} but the scene has {} bodies ({})",
                    scene.len(),
                    scene.body_names().join(", ")
                ))
            })?;
            if let Some(c) = collider
                && c >= b.colliders.len()
            {
                return Err(invalid(format!(
                    "collider {c} of body `{}` does not exist (it has {})",
                    b.name,
                    b.colliders.len()
                )));
            }
        }
        if self.body_a == self.body_b {
            return Err(invalid("both sides are the same body".into()));
        }
        let n = self.normal.into_inner();
        let finite = self
            .position
            .iter()
            .chain(n.iter())
            .chain(self.force.iter())
            .all(|x| x.is_finite())
            && self.depth.is_finite();
        if !finite || self.depth < 0.0 || (n.norm() - 1.0).abs() > 1e-9 {
            return Err(invalid(format!(
                "needs finite values, a unit normal and depth >= 0: position {:?}, normal {:?}, depth {}, force {:?}",
                self.position, n, self.depth, self.force
            )));
        }
        if let Some(reason) = out_of_range(&self.position, self.depth, &self.force) {
            return Err(invalid(reason));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surface_points_straddle_the_midpoint() {
        let c = Contact::new(
            0,
            1,
            Point3::new(0.0, 0.0, 1.0),
            Vector3::new(0.0, 0.0, 2.0),
            0.2,
            Vector3::new(0.0, 0.0, 5.0),
        )
        .unwrap();
        // A below B: A's top surface is above the midpoint, B's bottom below it.
        assert_eq!(c.surface_point(Side::A), Point3::new(0.0, 0.0, 1.1));
        assert_eq!(c.surface_point(Side::B), Point3::new(0.0, 0.0, 0.9));
        assert_eq!(c.normal_force(), 5.0);
        assert_eq!(c.force_on(Side::A), Vector3::new(0.0, 0.0, -5.0));
    }

    #[test]
    fn contact_frame_rows_give_the_world_force() {
        let frame = [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let c = Contact::from_contact_frame(0, 1, Point3::origin(), frame, [3.0, 1.0, -2.0], -0.01)
            .unwrap();
        assert_eq!(c.force, Vector3::new(1.0, -2.0, 3.0));
        assert_eq!(c.depth, 0.01);
    }

    #[test]
    fn malformed_contacts_are_refused() {
        let p = Point3::origin();
        let z = Vector3::z();
        assert!(Contact::new(0, 0, p, z, 0.0, z).is_err());
        assert!(Contact::new(0, 1, p, Vector3::zeros(), 0.0, z).is_err());
        assert!(Contact::new(0, 1, p, z, -1.0, z).is_err());
        assert!(Contact::new(0, 1, p, z, f64::NAN, z).is_err());
        // In a list, the error names the contact's position.
        let zero_normal = Contact::new(0, 1, p, Vector3::zeros(), 0.0, z).unwrap_err();
        let message = zero_normal.for_contact(7).to_string();
        assert!(message.starts_with("contact 7: the normal"), "{message}");
    }
}
