//! A scene: rigid bodies, each a set of colliders with a pose and a velocity.

use morsel_geometry::{Collider, Shape};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::error::{Result, SensingError, finite_pose, finite3};
use crate::limits::check_velocity;

/// A rigid body: a name, colliders placed in its frame, its world pose and its velocity.
///
/// Velocities are in the world frame: `linear_velocity` is the velocity of the body frame's
/// origin, `angular_velocity` the body's angular velocity, so that a point `p` of the body
/// moves at `linear_velocity + angular_velocity × (p − origin)`.
#[derive(Debug, Clone)]
pub struct Body {
    /// Unique, non-empty name.
    pub name: String,
    /// Colliders, each placed by a local pose in the body frame (this order is the geom order).
    pub colliders: Vec<Collider>,
    /// World pose of the body frame.
    pub pose: Isometry3<f64>,
    /// World velocity of the body frame's origin (m/s).
    pub linear_velocity: Vector3<f64>,
    /// World angular velocity (rad/s).
    pub angular_velocity: Vector3<f64>,
    /// MuJoCo's `(contype, conaffinity)` bit masks per collider, by collider index; a collider
    /// without an entry has `(1, 1)`, MuJoCo's default (see [`Body::contact_bits`]).
    pub contact_bits: Vec<(u32, u32)>,
}

impl Body {
    /// A body at the world origin, at rest, without colliders.
    pub fn new(name: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            colliders: Vec::new(),
            pose: Isometry3::identity(),
            linear_velocity: Vector3::zeros(),
            angular_velocity: Vector3::zeros(),
            contact_bits: Vec::new(),
        }
    }

    /// Sets collider `c`'s MuJoCo `contype` and `conaffinity` bit masks: two colliders of
    /// different bodies touch only when `(contype_a & conaffinity_b) | (contype_b &
    /// conaffinity_a)` is not zero, as in MuJoCo. Errors when `c` is not a collider index.
    pub fn with_contact_bits(mut self, c: usize, contype: u32, conaffinity: u32) -> Result<Self> {
        if c >= self.colliders.len() {
            return Err(SensingError::ColliderIndexOutOfRange {
                body: self.name.clone(),
                index: c,
                count: self.colliders.len(),
            });
        }
        if self.contact_bits.len() <= c {
            self.contact_bits.resize(c + 1, (1, 1));
        }
        self.contact_bits[c] = (contype, conaffinity);
        Ok(self)
    }

    /// Collider `c`'s `(contype, conaffinity)`: `(1, 1)` unless set.
    #[inline]
    pub fn contact_bits(&self, c: usize) -> (u32, u32) {
        self.contact_bits.get(c).copied().unwrap_or((1, 1))
    }

    /// Whether collider `ca` of this body and collider `cb` of `other` may touch under
    /// MuJoCo's `contype`/`conaffinity` rule.
    #[inline]
    pub fn colliders_may_touch(&self, ca: usize, other: &Body, cb: usize) -> bool {
        let (ta, aa) = self.contact_bits(ca);
        let (tb, ab) = other.contact_bits(cb);
        (ta & ab) | (tb & aa) != 0
    }

    /// Adds a collider: `shape` placed at `local_pose` in the body frame.
    pub fn with_collider(mut self, shape: Shape, local_pose: Isometry3<f64>) -> Result<Self> {
        self.colliders.push(Collider::new(shape, local_pose)?);
        Ok(self)
    }

    /// Sets the world pose.
    pub fn with_pose(mut self, pose: Isometry3<f64>) -> Self {
        self.pose = pose;
        self
    }

    /// Sets the world linear velocity (of the frame origin) and angular velocity.
    pub fn with_velocity(mut self, linear: Vector3<f64>, angular: Vector3<f64>) -> Self {
        self.linear_velocity = linear;
        self.angular_velocity = angular;
        self
    }

    /// World velocity of the body point that is at `world_point` now.
    #[inline]
    pub fn point_velocity(&self, world_point: &Point3<f64>) -> Vector3<f64> {
        let r = world_point - Point3::from(self.pose.translation.vector);
        self.linear_velocity + self.angular_velocity.cross(&r)
    }

    /// Checks that the pose and velocities are finite, the translation within
    /// ±`morsel_geometry::MAX_LENGTH` and the velocities within ±[`MAX_SPEED`] and
    /// ±[`MAX_ANGULAR_SPEED`].
    ///
    /// [`MAX_SPEED`]: crate::limits::MAX_SPEED
    /// [`MAX_ANGULAR_SPEED`]: crate::limits::MAX_ANGULAR_SPEED
    pub(crate) fn validate_state(&self) -> Result<()> {
        finite_pose("body pose", &self.pose)?;
        check_translation(&self.name, &self.pose)?;
        finite3("body linear velocity", self.linear_velocity.as_slice())?;
        finite3("body angular velocity", self.angular_velocity.as_slice())?;
        check_velocity(&self.name, &self.linear_velocity, &self.angular_velocity)
    }
}

/// Checks that a body's translation is within geometry's range: a body placed farther out
/// would have colliders every geometry query refuses, and sensors far from their contacts.
fn check_translation(body: &str, pose: &Isometry3<f64>) -> Result<()> {
    let t = pose.translation.vector.as_slice();
    // The common case without building the error's text (this runs for every body on every
    // observation).
    if morsel_geometry::range::check_coordinates("", t).is_ok() {
        return Ok(());
    }
    let what = format!("body `{body}` translation");
    morsel_geometry::range::check_coordinates(&what, t)?;
    Ok(())
}

/// A set of uniquely named bodies, plus pairs of bodies whose contacts are ignored (for
/// instance neighbouring links of a chain that overlap at their joint).
#[derive(Debug, Clone, Default)]
pub struct Scene {
    bodies: Vec<Body>,
    ignored_pairs: Vec<(usize, usize)>,
}

impl Scene {
    /// An empty scene.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a body and returns its index. Errors: an empty or duplicate name, a non-finite
    /// pose or velocity, a translation or velocity out of range (see [`crate::limits`]).
    pub fn add_body(&mut self, body: Body) -> Result<usize> {
        if body.name.is_empty() {
            return Err(SensingError::InvalidBodyName {
                name: body.name,
                reason: "body names must not be empty",
            });
        }
        if self.bodies.iter().any(|b| b.name == body.name) {
            return Err(SensingError::InvalidBodyName {
                name: body.name,
                reason: "another body already has this name; names must be unique",
            });
        }
        body.validate_state()?;
        self.bodies.push(body);
        Ok(self.bodies.len() - 1)
    }

    /// The bodies, in index order.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// The number of bodies.
    pub fn len(&self) -> usize {
        self.bodies.len()
    }

    /// Whether the scene has no body.
    pub fn is_empty(&self) -> bool {
        self.bodies.is_empty()
    }

    /// The body with this index.
    pub fn body(&self, index: usize) -> Result<&Body> {
        self.bodies
            .get(index)
            .ok_or(SensingError::BodyIndexOutOfRange {
                index,
                count: self.bodies.len(),
            })
    }

    /// The body with this index, mutably (to move it or change its velocity; keep its name).
    pub fn body_mut(&mut self, index: usize) -> Result<&mut Body> {
        let count = self.bodies.len();
        self.bodies
            .get_mut(index)
            .ok_or(SensingError::BodyIndexOutOfRange { index, count })
    }

    /// The index of the body called `name`; the error lists the valid names.
    pub fn body_index(&self, name: &str) -> Result<usize> {
        self.bodies
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| SensingError::UnknownBody {
                name: name.to_string(),
                valid: self.body_names().join(", "),
            })
    }

    /// The body names, in index order.
    pub fn body_names(&self) -> Vec<&str> {
        self.bodies.iter().map(|b| b.name.as_str()).collect()
    }

    /// Sets a body's world pose. Errors: unknown body, non-finite pose, a translation beyond
    /// ±`morsel_geometry::MAX_LENGTH`.
    pub fn set_pose(&mut self, name: &str, pose: Isometry3<f64>) -> Result<()> {
        finite_pose("body pose", &pose)?;
        let i = self.body_index(name)?;
        check_translation(name, &pose)?;
        self.bodies[i].pose = pose;
        Ok(())
    }

    /// Sets a body's world velocities. Errors: unknown body, non-finite velocity, a component
    /// beyond ±[`MAX_SPEED`] (m/s) or ±[`MAX_ANGULAR_SPEED`] (rad/s).
    ///
    /// [`MAX_SPEED`]: crate::limits::MAX_SPEED
    /// [`MAX_ANGULAR_SPEED`]: crate::limits::MAX_ANGULAR_SPEED
    pub fn set_velocity(
        &mut self,
        name: &str,
        linear: Vector3<f64>,
        angular: Vector3<f64>,
    ) -> Result<()> {
        finite3("body linear velocity", linear.as_slice())?;
        finite3("body angular velocity", angular.as_slice())?;
        let i = self.body_index(name)?;
        check_velocity(name, &linear, &angular)?;
        self.bodies[i].linear_velocity = linear;
        self.bodies[i].angular_velocity = angular;
        Ok(())
    }

    /// Ignores contacts between two bodies (in either order).
    pub fn ignore_pair(&mut self, a: &str, b: &str) -> Result<()> {
        let (ia, ib) = (self.body_index(a)?, self.body_index(b)?);
        let pair = (ia.min(ib), ia.max(ib));
        if !self.ignored_pairs.contains(&pair) {
            self.ignored_pairs.push(pair);
        }
        Ok(())
    }

    /// Whether contacts between bodies `a` and `b` are ignored.
    pub fn is_ignored(&self, a: usize, b: usize) -> bool {
        self.ignored_pairs.contains(&(a.min(b), a.max(b)))
    }

    /// World pose of collider `collider` of body `body`.
    pub fn collider_pose(&self, body: usize, collider: usize) -> Result<Isometry3<f64>> {
        let b = self.body(body)?;
        let c = b
            .colliders
            .get(collider)
            .ok_or_else(|| SensingError::ColliderIndexOutOfRange {
                body: b.name.clone(),
                index: collider,
                count: b.colliders.len(),
            })?;
        Ok(b.pose * c.local_pose)
    }

    /// Checks that every body's pose and velocity is finite and in range (see
    /// [`crate::limits`]).
    pub fn validate_state(&self) -> Result<()> {
        self.bodies.iter().try_for_each(Body::validate_state)
    }

    /// Checks that `other` has the same bodies (names, order) and collider counts as this
    /// scene, so that a sensor built on this scene can read `other`.
    pub fn check_same_structure(&self, other: &Scene) -> Result<()> {
        match SceneStructure::of(self).mismatch(other) {
            Some(reason) => Err(SensingError::SceneMismatch { reason }),
            None => Ok(()),
        }
    }
}

/// The bodies of a scene, in order, by name with their collider counts: what a sensor built on
/// the scene needs every scene it later reads to have.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SceneStructure(Vec<(String, usize)>);

impl SceneStructure {
    /// The structure of `scene`.
    pub fn of(scene: &Scene) -> Self {
        Self(
            scene
                .bodies
                .iter()
                .map(|b| (b.name.clone(), b.colliders.len()))
                .collect(),
        )
    }

    /// The name of body `i`.
    pub fn body_name(&self, i: usize) -> &str {
        &self.0[i].0
    }

    /// The index of the body called `name`.
    pub fn position(&self, name: &str) -> Option<usize> {
        self.0.iter().position(|(n, _)| n == name)
    }

    /// How `scene` differs from this structure, if it does.
    fn mismatch(&self, scene: &Scene) -> Option<String> {
        if scene.bodies.len() != self.0.len() {
            return Some(format!(
                "it has {} bodies, the sensor was built for {}",
                scene.bodies.len(),
                self.0.len()
            ));
        }
        self.0
            .iter()
            .zip(&scene.bodies)
            .find(|((name, n), b)| &b.name != name || b.colliders.len() != *n)
            .map(|((name, n), b)| {
                format!(
                    "body `{}` with {} colliders stands where `{name}` with {n} colliders was",
                    b.name,
                    b.colliders.len()
                )
            })
    }

    /// Checks that `scene` has these bodies and collider counts; `sensor` names the sensor in
    /// the error ("touch", "taxel").
    pub fn check(&self, scene: &Scene, sensor: &str) -> Result<()> {
        let Some(detail) = self.mismatch(scene) else {
            return Ok(());
        };
        let built: Vec<&str> = self.0.iter().map(|s| s.0.as_str()).collect();
        Err(SensingError::SceneMismatch {
            reason: format!(
                "the {sensor} sensor was built for bodies [{}]; the scene has [{}]: {detail}",
                built.join(", "),
                scene.body_names().join(", ")
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_listed() {
        let mut scene = Scene::new();
        scene.add_body(Body::new("a")).unwrap();
        scene.add_body(Body::new("b")).unwrap();
        assert!(scene.add_body(Body::new("a")).is_err());
        assert!(scene.add_body(Body::new("")).is_err());
        let err = scene.body_index("c").unwrap_err().to_string();
        assert!(err.contains("a, b"), "{err}");
    }

    #[test]
    fn point_velocity_is_rigid_motion() {
        let body = Body::new("b")
            .with_pose(Isometry3::translation(1.0, 0.0, 0.0))
            .with_velocity(Vector3::new(0.0, 0.0, 1.0), Vector3::new(0.0, 0.0, 2.0));
        // Point one metre along x from the origin of the body: ω × r = 2 ez × ex = 2 ey.
        let v = body.point_velocity(&Point3::new(2.0, 0.0, 0.0));
        assert_eq!(v, Vector3::new(0.0, 2.0, 1.0));
    }

    #[test]
    fn nan_velocity_is_refused() {
        let mut scene = Scene::new();
        let body = Body::new("b").with_velocity(Vector3::new(f64::NAN, 0.0, 0.0), Vector3::zeros());
        assert!(scene.add_body(body).is_err());
    }

    fn scene(bodies: &[(&str, usize)]) -> Scene {
        let mut scene = Scene::new();
        for &(name, colliders) in bodies {
            let mut body = Body::new(name);
            for _ in 0..colliders {
                let ball = Shape::sphere(0.1).expect("ball");
                body = body
                    .with_collider(ball, Isometry3::identity())
                    .expect("collider");
            }
            scene.add_body(body).expect("body");
        }
        scene
    }

    #[test]
    fn scenes_must_have_the_same_bodies_and_collider_counts() {
        let built = SceneStructure::of(&scene(&[("pad", 1), ("ball", 2)]));
        assert_eq!(
            (built.body_name(1), built.position("ball")),
            ("ball", Some(1))
        );
        assert_eq!(built.position("hand"), None);
        let same = scene(&[("pad", 1), ("ball", 2)]);
        assert!(
            same.check_same_structure(&scene(&[("pad", 1), ("ball", 2)]))
                .is_ok()
        );
        assert!(
            built
                .check(&scene(&[("pad", 1), ("ball", 2)]), "taxel")
                .is_ok()
        );
        for other in [
            scene(&[("pad", 1)]),
            scene(&[("pad", 1), ("hand", 2)]),
            scene(&[("pad", 1), ("ball", 1)]),
            scene(&[("ball", 2), ("pad", 1)]),
        ] {
            let reference = scene(&[("pad", 1), ("ball", 2)]);
            assert!(reference.check_same_structure(&other).is_err());
            let e = built.check(&other, "taxel").unwrap_err().to_string();
            assert!(
                e.contains("taxel sensor was built for bodies [pad, ball]"),
                "{e}"
            );
        }
    }
}
