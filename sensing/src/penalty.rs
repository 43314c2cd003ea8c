//! Contacts from geometry: the scene's colliders are tested pair by pair and each penetration
//! gets a force from a penalty law.
//!
//! See [`PenaltyLaw`] for the law.

use morsel_geometry::{ShapeKind, query};
use nalgebra::Vector3;

use crate::bounds::bounding_sphere;
use crate::contact::{Contact, MAX_FORCE};
use crate::error::{Result, SensingError, check_param};
use crate::limits::first_beyond;
use crate::scene::Scene;

/// A penalty contact law with Coulomb friction.
///
/// # Law
/// For a contact of depth `δ`, normal `n` (from A to B) and relative velocity
/// `v = v_B − v_A` of the two bodies' material points at the contact:
///
/// - approach speed `δ̇ = −v·n` (positive while the bodies close in);
/// - normal force (Hunt–Crossley) `f_n = max(0, k·δ^p·(1 + d·δ̇))`, with `k` the normal
///   stiffness (N/m^p), `p` the exponent (1 linear, 1.5 Hertzian) and `d` the damping (s/m);
///   the damping vanishes with the depth, so the force is continuous at first touch;
/// - tangential slip `v_t = v − (v·n)·n` and friction on B
///   `f_t = −μ·f_n·min(1, |v_t|/v_s)·v_t/|v_t|`: Coulomb's law regularised below the slip
///   speed `v_s`, so `|f_t| <= μ·f_n` always;
/// - the force on B is `f_n·n + f_t`; A receives the opposite.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PenaltyLaw {
    /// Normal stiffness `k` (N/m^p, > 0). Default 1e4.
    pub stiffness: f64,
    /// Depth exponent `p` (>= 1). Default 1.
    pub exponent: f64,
    /// Hunt–Crossley damping `d` (s/m, >= 0). Default 0.5.
    pub damping: f64,
    /// Coulomb friction coefficient `μ` (>= 0). Default 0.7.
    pub friction: f64,
    /// Slip speed `v_s` below which friction grows linearly (m/s, > 0). Default 1e-3.
    pub slip_speed: f64,
}

impl Default for PenaltyLaw {
    fn default() -> Self {
        Self {
            stiffness: 1e4,
            exponent: 1.0,
            damping: 0.5,
            friction: 0.7,
            slip_speed: 1e-3,
        }
    }
}

impl PenaltyLaw {
    /// Checks every parameter; the error names the parameter and its valid range.
    pub fn validate(&self) -> Result<()> {
        let s = self;
        check_param(
            "stiffness",
            s.stiffness,
            s.stiffness.is_finite() && s.stiffness > 0.0,
            "must be a finite number > 0 (N/m^p)",
        )?;
        check_param(
            "exponent",
            s.exponent,
            s.exponent.is_finite() && s.exponent >= 1.0,
            "must be a finite number >= 1 (1 linear, 1.5 Hertzian)",
        )?;
        check_param(
            "damping",
            s.damping,
            s.damping.is_finite() && s.damping >= 0.0,
            "must be a finite number >= 0 (s/m)",
        )?;
        check_param(
            "friction",
            s.friction,
            s.friction.is_finite() && s.friction >= 0.0,
            "must be a finite number >= 0",
        )?;
        check_param(
            "slip_speed",
            s.slip_speed,
            s.slip_speed.is_finite() && s.slip_speed > 0.0,
            "must be a finite number > 0 (m/s)",
        )?;
        Ok(())
    }

    /// The force on body B for a contact of `depth` along unit `normal` (from A to B), with
    /// `relative_velocity = v_B − v_A` at the contact.
    pub fn force(
        &self,
        depth: f64,
        normal: &Vector3<f64>,
        relative_velocity: &Vector3<f64>,
    ) -> Vector3<f64> {
        if depth <= 0.0 {
            return Vector3::zeros();
        }
        let vn = relative_velocity.dot(normal);
        let approach = -vn;
        let f_n =
            (self.stiffness * depth.powf(self.exponent) * (1.0 + self.damping * approach)).max(0.0);
        let v_t = relative_velocity - normal * vn;
        let slip = v_t.norm();
        let mut f = normal * f_n;
        if slip > 0.0 && self.friction > 0.0 {
            let magnitude = self.friction * f_n * (slip / self.slip_speed).min(1.0);
            f -= v_t * (magnitude / slip);
        }
        f
    }

    /// All contacts of the scene (each pair of colliders of two different bodies, ignored
    /// pairs and pairs MuJoCo's `contype`/`conaffinity` rule rejects skipped), with forces
    /// from this law.
    pub fn contacts(&self, scene: &Scene) -> Result<Vec<Contact>> {
        let mut out = Vec::new();
        self.contacts_into(scene, |_, _| true, &mut out)?;
        Ok(out)
    }

    /// Like [`PenaltyLaw::contacts`], into `out` (cleared first), testing only the body pairs
    /// `(a, b)` (with `a < b`) for which `keep(a, b)` is true.
    pub fn contacts_into(
        &self,
        scene: &Scene,
        keep: impl Fn(usize, usize) -> bool,
        out: &mut Vec<Contact>,
    ) -> Result<()> {
        self.validate()?;
        scene.validate_state()?;
        out.clear();
        let bodies = scene.bodies();
        for ia in 0..bodies.len() {
            for ib in ia + 1..bodies.len() {
                if scene.is_ignored(ia, ib) || !keep(ia, ib) {
                    continue;
                }
                let (a, b) = (&bodies[ia], &bodies[ib]);
                for (ca, col_a) in a.colliders.iter().enumerate() {
                    let pose_a = a.pose * col_a.local_pose;
                    let bound_a = bounding_sphere(&col_a.shape);
                    for (cb, col_b) in b.colliders.iter().enumerate() {
                        if !a.colliders_may_touch(ca, b, cb) {
                            continue;
                        }
                        let half_a = matches!(col_a.shape.kind(), ShapeKind::HalfSpace { .. });
                        let half_b = matches!(col_b.shape.kind(), ShapeKind::HalfSpace { .. });
                        if half_a && half_b {
                            continue;
                        }
                        let pose_b = b.pose * col_b.local_pose;
                        if let (Some(sa), Some(sb)) = (bound_a, bounding_sphere(&col_b.shape)) {
                            let gap = (sa.world_centre(&pose_a) - sb.world_centre(&pose_b)).norm();
                            if gap > sa.radius + sb.radius {
                                continue;
                            }
                        }
                        let Some(c) = query::contact(&col_a.shape, &pose_a, &col_b.shape, &pose_b)?
                        else {
                            continue;
                        };
                        let position = nalgebra::center(&c.point_a, &c.point_b);
                        let v_rel = b.point_velocity(&position) - a.point_velocity(&position);
                        let force = self.force(c.depth, &c.normal, &v_rel);
                        // Per component, NaN included (`amax` skips a NaN after the first
                        // component).
                        if first_beyond(force.as_slice(), MAX_FORCE).is_some() {
                            return Err(SensingError::InvalidContact {
                                index: out.len(),
                                reason: format!(
                                    "the penalty law gives a force of {:e} N (bodies `{}` and \
                                     `{}`), beyond MAX_FORCE = 1e20 N: lower its stiffness, \
                                     exponent (depth {:e} m), damping or friction, or the \
                                     bodies' velocities",
                                    force.norm(),
                                    a.name,
                                    b.name,
                                    c.depth
                                ),
                            });
                        }
                        out.push(Contact {
                            body_a: ia,
                            body_b: ib,
                            collider_a: Some(ca),
                            collider_b: Some(cb),
                            position,
                            normal: c.normal,
                            depth: c.depth,
                            force,
                            tangent: None,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::Body;
    use morsel_geometry::Shape;
    use nalgebra::{Isometry3, Point3};

    #[test]
    fn contact_bits_follow_mujocos_rule() {
        // Two overlapping unit-radius spheres; (contype, conaffinity) pairs and whether MuJoCo
        // lets them collide: (t_a & c_b) | (t_b & c_a) != 0.
        let cases = [
            ((1, 1), (1, 1), true),
            ((2, 0), (0, 2), true),
            ((2, 0), (2, 0), false),
            ((0, 0), (1, 1), false),
            ((4, 1), (1, 4), true),
            ((4, 2), (1, 1), false),
        ];
        for (bits_a, bits_b, collide) in cases {
            let mut scene = Scene::new();
            for (name, x, (t, c)) in [("a", 0.0, bits_a), ("b", 0.5, bits_b)] {
                let body = Body::new(name)
                    .with_collider(Shape::sphere(1.0).unwrap(), Isometry3::identity())
                    .unwrap()
                    .with_contact_bits(0, t, c)
                    .unwrap()
                    .with_pose(Isometry3::translation(x, 0.0, 0.0));
                scene.add_body(body).unwrap();
            }
            let n = PenaltyLaw::default().contacts(&scene).unwrap().len();
            assert_eq!(n > 0, collide, "{bits_a:?} {bits_b:?}");
        }
        assert!(
            Body::new("c").with_contact_bits(0, 1, 1).is_err(),
            "no collider 0"
        );
    }

    #[test]
    fn static_linear_law_is_hookean() {
        let law = PenaltyLaw::default();
        let f = law.force(0.002, &Vector3::z(), &Vector3::zeros());
        assert!((f - Vector3::new(0.0, 0.0, 20.0)).norm() < 1e-12);
    }

    #[test]
    fn friction_is_bounded_by_mu_times_normal() {
        let law = PenaltyLaw::default();
        for speed in [1e-5, 1e-4, 1e-3, 1e-2, 1.0, 100.0] {
            let f = law.force(0.001, &Vector3::z(), &Vector3::new(speed, 0.0, 0.0));
            assert!(f.x <= 0.0, "friction opposes the slip of B");
            assert!(f.x.abs() <= law.friction * f.z * (1.0 + 1e-12));
        }
        let f = law.force(0.001, &Vector3::z(), &Vector3::new(1.0, 0.0, 0.0));
        assert!(
            (f.x + law.friction * f.z).abs() < 1e-12,
            "full sliding reaches μ f_n"
        );
    }

    #[test]
    fn separating_fast_gives_no_pull() {
        let law = PenaltyLaw::default();
        // B leaves A at 10 m/s: 1 + d·δ̇ = 1 − 5 < 0, clamped to no force.
        let f = law.force(0.001, &Vector3::z(), &Vector3::new(0.0, 0.0, 10.0));
        assert_eq!(f, Vector3::zeros());
    }

    #[test]
    fn sphere_on_box_gives_one_contact_with_the_expected_force() {
        let mut scene = Scene::new();
        let floor = Body::new("floor")
            .with_collider(
                Shape::cuboid(Vector3::new(1.0, 1.0, 0.1)).unwrap(),
                Isometry3::identity(),
            )
            .unwrap()
            .with_pose(Isometry3::translation(0.0, 0.0, -0.1));
        let ball = Body::new("ball")
            .with_collider(Shape::sphere(0.05).unwrap(), Isometry3::identity())
            .unwrap()
            .with_pose(Isometry3::translation(0.0, 0.0, 0.049));
        scene.add_body(floor).unwrap();
        scene.add_body(ball).unwrap();
        let contacts = PenaltyLaw::default().contacts(&scene).unwrap();
        assert_eq!(contacts.len(), 1);
        let c = contacts[0];
        assert!((c.depth - 0.001).abs() < 1e-9);
        assert!((c.normal.into_inner() - Vector3::z()).norm() < 1e-9);
        assert!((c.position - Point3::new(0.0, 0.0, -0.0005)).norm() < 1e-9);
        assert!((c.force - Vector3::new(0.0, 0.0, 10.0)).norm() < 1e-6);
    }
}
