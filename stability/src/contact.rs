//! A rectangular contact surface: its shape, pose, friction and (optionally) a managed wrench.

use nalgebra::{
    Isometry3, Matrix3, Matrix6, Point3, Quaternion, Rotation3, Translation3, UnitQuaternion,
    Vector3, Vector6,
};

use crate::error::{StabilityError, check_finite};
use crate::limits;
use crate::transport::{grasp_matrix, transport_wrench};

/// A rectangular contact surface between the robot and its environment.
///
/// The rectangle is centred on the contact point `p` (the pose's translation); its local x axis
/// carries the half-length `X`, its local y axis the half-width `Y`, and its local z axis is the
/// contact normal, pointing from the environment into the robot. Friction is Coulomb friction with
/// the static coefficient `μ`, always linearised with the inner pyramid (`μ/√2`).
///
/// A contact is *supporting* by default: its wrench is found by the wrench distribution. After
/// [`Contact::set_wrench`] it is *managed*: its wrench is given by the user and subtracted from the
/// target of the distribution.
///
/// Morsel has three `Contact` types, one per question: `morsel_geometry::query::Contact` is
/// how deep two shapes interpenetrate (a query's answer), `morsel_sensing::Contact` is a
/// point contact between two bodies with the force one exerts on the other (what touch sensors
/// read), and `morsel_stability::Contact` (this one) is a rectangular support surface with friction
/// (what the polygon and the wrench distribution reason about).
#[derive(Debug, Clone, PartialEq)]
pub struct Contact {
    half_length: f64,
    half_width: f64,
    pose: Isometry3<f64>,
    friction: f64,
    max_pressure: Option<f64>,
    link: Option<String>,
    /// Last known contact wrench, world frame, at the contact point.
    wrench: Option<Vector6<f64>>,
    managed: bool,
}

impl Contact {
    /// A contact from its shape `[half_length, half_width]` (metres), its pose (world from contact)
    /// and its static friction coefficient.
    ///
    /// Errors on non-positive or non-finite shapes, non-positive or non-finite friction, and poses
    /// with NaN or infinite values; on half-sizes outside geometry's length range, friction
    /// outside [`limits::MIN_FRICTION`] to [`limits::MAX_FRICTION`], and positions beyond
    /// ±[`limits::MAX_LENGTH`] ([`StabilityError::OutOfRange`]).
    pub fn new(
        shape: [f64; 2],
        pose: Isometry3<f64>,
        friction: f64,
    ) -> Result<Self, StabilityError> {
        let [half_length, half_width] = shape;
        let valid = |v: f64| v.is_finite() && v > 0.0;
        if !valid(half_length) || !valid(half_width) {
            return Err(StabilityError::InvalidShape {
                half_length,
                half_width,
            });
        }
        limits::size("contact half-length", half_length)?;
        limits::size("contact half-width", half_width)?;
        if !valid(friction) {
            return Err(StabilityError::InvalidFriction { value: friction });
        }
        limits::friction(friction)?;
        check_pose(&pose)?;
        Ok(Self {
            half_length,
            half_width,
            pose,
            friction,
            max_pressure: None,
            link: None,
            wrench: None,
            managed: false,
        })
    }

    /// A contact placed at `pos` with the roll-pitch-yaw orientation `rpy` (radians,
    /// `R = Rz(yaw)·Ry(pitch)·Rx(roll)`, local to world).
    ///
    /// ```
    /// use morsel_stability::Contact;
    ///
    /// // A 22 × 10 cm foot 0.15 m left of the origin, turned 90° about z (yaw), friction 0.7.
    /// let foot = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0, 0.0, std::f64::consts::FRAC_PI_2], 0.7)?;
    /// assert!((foot.normal() - morsel_stability::nalgebra::Vector3::z()).norm() < 1e-15);
    /// // Turned by 90°, the foot's length lies along y: its vertices span y = 0.15 ± 0.11.
    /// let ys: Vec<f64> = foot.vertices().iter().map(|v| v.y).collect();
    /// let (lo, hi) = ys.iter().fold((f64::MAX, f64::MIN), |(a, b), &y| (a.min(y), b.max(y)));
    /// assert!((lo - 0.04).abs() < 1e-12 && (hi - 0.26).abs() < 1e-12);
    /// // Friction must be positive and finite: a typed error otherwise.
    /// assert!(Contact::from_pos_rpy([0.11, 0.05], [0.0; 3], [0.0; 3], -1.0).is_err());
    /// # Ok::<(), morsel_stability::StabilityError>(())
    /// ```
    pub fn from_pos_rpy(
        shape: [f64; 2],
        pos: [f64; 3],
        rpy: [f64; 3],
        friction: f64,
    ) -> Result<Self, StabilityError> {
        Self::new(shape, pose_from_pos_rpy(pos, rpy)?, friction)
    }

    /// A contact placed at `pos` with the orientation given by the quaternion `[w, x, y, z]`
    /// (normalised before use).
    pub fn from_pos_quaternion(
        shape: [f64; 2],
        pos: [f64; 3],
        quaternion: [f64; 4],
        friction: f64,
    ) -> Result<Self, StabilityError> {
        Self::new(shape, pose_from_pos_quaternion(pos, quaternion)?, friction)
    }

    /// The same contact with a maximum normal force (newtons).
    pub fn with_max_pressure(mut self, max_pressure: f64) -> Result<Self, StabilityError> {
        self.set_max_pressure(Some(max_pressure))?;
        Ok(self)
    }

    /// The same contact, attached to the named robot link (the binding layer moves it with the link).
    pub fn with_link(mut self, link: impl Into<String>) -> Self {
        self.link = Some(link.into());
        self
    }

    /// Shape `[half_length, half_width]` in metres.
    pub fn shape(&self) -> [f64; 2] {
        [self.half_length, self.half_width]
    }

    /// Pose of the contact frame in the world frame (world from contact).
    pub fn pose(&self) -> &Isometry3<f64> {
        &self.pose
    }

    /// Contact point `p`, the centre of the rectangle, in the world frame.
    pub fn position(&self) -> Point3<f64> {
        Point3::from(self.pose.translation.vector)
    }

    /// Rotation matrix `R` of the contact frame (local to world).
    pub fn rotation(&self) -> Matrix3<f64> {
        self.pose.rotation.to_rotation_matrix().into_inner()
    }

    /// Contact normal `n = R[:, 2]` in the world frame (pointing into the robot).
    pub fn normal(&self) -> Vector3<f64> {
        self.pose.rotation * Vector3::z()
    }

    /// Static friction coefficient `μ`.
    pub fn friction(&self) -> f64 {
        self.friction
    }

    /// Friction coefficient of the inner linearised pyramid, `μ/√2`.
    pub fn inner_friction(&self) -> f64 {
        self.friction / std::f64::consts::SQRT_2
    }

    /// Maximum normal force in newtons, if any.
    pub fn max_pressure(&self) -> Option<f64> {
        self.max_pressure
    }

    /// Name of the robot link this contact is attached to, if any.
    pub fn link(&self) -> Option<&str> {
        self.link.as_deref()
    }

    /// Moves the contact (for instance to follow its link's forward kinematics).
    pub fn set_pose(&mut self, pose: Isometry3<f64>) -> Result<(), StabilityError> {
        check_pose(&pose)?;
        self.pose = pose;
        Ok(())
    }

    /// Changes the friction coefficient.
    pub fn set_friction(&mut self, friction: f64) -> Result<(), StabilityError> {
        if !(friction.is_finite() && friction > 0.0) {
            return Err(StabilityError::InvalidFriction { value: friction });
        }
        limits::friction(friction)?;
        self.friction = friction;
        Ok(())
    }

    /// Sets (`Some`) or removes (`None`) the maximum normal force.
    pub fn set_max_pressure(&mut self, max_pressure: Option<f64>) -> Result<(), StabilityError> {
        if let Some(value) = max_pressure
            && !(value.is_finite() && value > 0.0)
        {
            return Err(StabilityError::InvalidMaxPressure { value });
        }
        if let Some(value) = max_pressure {
            limits::force("maximum pressure", &[value])?;
        }
        self.max_pressure = max_pressure;
        Ok(())
    }

    /// Attaches the contact to a link, or detaches it (`None`).
    pub fn set_link(&mut self, link: Option<String>) {
        self.link = link;
    }

    /// Vertices of the rectangle in the world frame, in the order
    /// `(+X, +Y)`, `(+X, −Y)`, `(−X, −Y)`, `(−X, +Y)` (local coordinates).
    pub fn vertices(&self) -> [Point3<f64>; 4] {
        let (x, y) = (self.half_length, self.half_width);
        [(x, y), (x, -y), (-x, -y), (-x, y)].map(|(a, b)| self.pose * Point3::new(a, b, 0.0))
    }

    /// Switches the contact to managed mode with the wrench `local_wrench`, given in the contact
    /// frame at the contact point. It is stored in the world frame at the contact point.
    pub fn set_wrench(&mut self, local_wrench: &Vector6<f64>) -> Result<(), StabilityError> {
        check_finite("managed contact wrench", local_wrench.as_slice())?;
        limits::wrench("managed contact wrench", local_wrench)?;
        let r = self.rotation();
        let force = r * local_wrench.fixed_rows::<3>(0);
        let moment = r * local_wrench.fixed_rows::<3>(3);
        self.wrench = Some(Vector6::new(
            force.x, force.y, force.z, moment.x, moment.y, moment.z,
        ));
        self.managed = true;
        Ok(())
    }

    /// Returns the contact to supporting mode and forgets its wrench.
    pub fn unset_wrench(&mut self) {
        self.wrench = None;
        self.managed = false;
    }

    /// Whether the contact is managed (its wrench set by the user) rather than supporting.
    pub fn is_managed(&self) -> bool {
        self.managed
    }

    /// The last known contact wrench in the world frame at the contact point: the managed wrench,
    /// or the wrench last stored by a [`crate::WrenchDistributor`]; `None` when unknown.
    pub fn wrench(&self) -> Option<Vector6<f64>> {
        self.wrench
    }

    /// The last known contact wrench moved to `point`: `[f; τ + (p − point) × f]`, world frame.
    pub fn wrench_at(&self, point: &Point3<f64>) -> Result<Option<Vector6<f64>>, StabilityError> {
        crate::limits::point("point", point)?;
        Ok(self
            .wrench
            .map(|w| transport_wrench(&w, &self.position(), point)))
    }

    /// Stores (or clears, with `None`) a distributed wrench, world frame at the contact point.
    /// Managed contacts keep their own wrench and ignore this.
    pub(crate) fn store_supporting_wrench(&mut self, wrench: Option<Vector6<f64>>) {
        if !self.managed {
            self.wrench = wrench;
        }
    }

    /// This contact seen in units of `length` from `origin`: position `(p − origin) / length`,
    /// half-sizes divided by `length`, same orientation and friction, supporting and without a
    /// link or wrench. Its cones are this contact's with every length divided by `length`.
    pub(crate) fn normalised(&self, origin: &Point3<f64>, length: f64) -> Self {
        let mut pose = self.pose;
        pose.translation.vector = (self.position() - origin) / length;
        Self {
            half_length: self.half_length / length,
            half_width: self.half_width / length,
            pose,
            friction: self.friction,
            max_pressure: None,
            link: None,
            wrench: None,
            managed: false,
        }
    }

    /// The grasp matrix `[[I, 0], [[p − point]×, I]]` moving this contact's wrench (world frame, at
    /// the contact point) to `point`.
    pub fn grasp_matrix(&self, point: &Point3<f64>) -> Result<Matrix6<f64>, StabilityError> {
        crate::limits::point("point", point)?;
        Ok(grasp_matrix(&self.position(), point))
    }
}

/// A pose from a position and roll-pitch-yaw angles (`R = Rz(yaw)·Ry(pitch)·Rx(roll)`).
pub fn pose_from_pos_rpy(pos: [f64; 3], rpy: [f64; 3]) -> Result<Isometry3<f64>, StabilityError> {
    check_finite("contact position", &pos)?;
    check_finite("roll-pitch-yaw angles", &rpy)?;
    let rotation = Rotation3::from_euler_angles(rpy[0], rpy[1], rpy[2]);
    Ok(Isometry3::from_parts(
        Translation3::new(pos[0], pos[1], pos[2]),
        UnitQuaternion::from_rotation_matrix(&rotation),
    ))
}

/// A pose from a position and a quaternion `[w, x, y, z]` (normalised; errors when its norm is ~0).
pub fn pose_from_pos_quaternion(
    pos: [f64; 3],
    quaternion: [f64; 4],
) -> Result<Isometry3<f64>, StabilityError> {
    check_finite("contact position", &pos)?;
    check_finite("quaternion", &quaternion)?;
    let [w, x, y, z] = quaternion;
    let q = Quaternion::new(w, x, y, z);
    let norm = q.norm();
    if norm < 1e-9 {
        return Err(StabilityError::DegenerateQuaternion {
            value: quaternion,
            norm,
        });
    }
    Ok(Isometry3::from_parts(
        Translation3::new(pos[0], pos[1], pos[2]),
        UnitQuaternion::from_quaternion(q),
    ))
}

fn check_pose(pose: &Isometry3<f64>) -> Result<(), StabilityError> {
    let t = pose.translation.vector;
    let q = pose.rotation.quaternion().coords;
    let values = [t.x, t.y, t.z, q.w, q.x, q.y, q.z];
    check_finite("contact pose", &values)?;
    limits::coordinates("contact position", t.as_slice())?;
    let norm = q.norm();
    if (norm - 1.0).abs() > 1e-6 {
        return Err(StabilityError::DegenerateQuaternion {
            value: [q.w, q.x, q.y, q.z],
            norm,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rx(a: f64) -> Matrix3<f64> {
        Matrix3::new(1.0, 0.0, 0.0, 0.0, a.cos(), -a.sin(), 0.0, a.sin(), a.cos())
    }
    fn ry(a: f64) -> Matrix3<f64> {
        Matrix3::new(a.cos(), 0.0, a.sin(), 0.0, 1.0, 0.0, -a.sin(), 0.0, a.cos())
    }
    fn rz(a: f64) -> Matrix3<f64> {
        Matrix3::new(a.cos(), -a.sin(), 0.0, a.sin(), a.cos(), 0.0, 0.0, 0.0, 1.0)
    }

    #[test]
    fn rpy_is_rz_ry_rx() {
        let (r, p, y) = (0.3, -0.7, 1.9);
        let c = Contact::from_pos_rpy([0.1, 0.05], [1.0, 2.0, 3.0], [r, p, y], 0.5).unwrap();
        let expected = rz(y) * ry(p) * rx(r);
        assert!((c.rotation() - expected).norm() < 1e-14);
        assert!((c.normal() - expected.column(2)).norm() < 1e-14);
        assert_eq!(c.position(), Point3::new(1.0, 2.0, 3.0));
    }

    #[test]
    fn quaternion_and_rpy_agree() {
        // A rotation of 90 degrees about z: q = [cos 45°, 0, 0, sin 45°], given unnormalised.
        let h = std::f64::consts::FRAC_PI_4;
        let a = Contact::from_pos_quaternion(
            [0.1, 0.05],
            [0.0; 3],
            [2.0 * h.cos(), 0.0, 0.0, 2.0 * h.sin()],
            1.0,
        )
        .unwrap();
        let b = Contact::from_pos_rpy([0.1, 0.05], [0.0; 3], [0.0, 0.0, 2.0 * h], 1.0).unwrap();
        assert!((a.rotation() - b.rotation()).norm() < 1e-14);
    }

    #[test]
    fn vertices_follow_the_documented_order() {
        let c = Contact::from_pos_rpy([0.2, 0.1], [1.0, 0.0, 0.5], [0.0; 3], 0.7).unwrap();
        let v = c.vertices();
        let expected = [[1.2, 0.1], [1.2, -0.1], [0.8, -0.1], [0.8, 0.1]];
        for (v, e) in v.iter().zip(expected) {
            assert!(
                (v.x - e[0]).abs() < 1e-15
                    && (v.y - e[1]).abs() < 1e-15
                    && (v.z - 0.5).abs() < 1e-15
            );
        }
    }

    #[test]
    fn managed_wrench_is_stored_in_the_world_frame() {
        // Contact on a wall: local z (normal) is world -x after a pitch of -90 degrees.
        let mut c = Contact::from_pos_rpy(
            [0.1, 0.1],
            [0.5, 0.0, 1.0],
            [0.0, -std::f64::consts::FRAC_PI_2, 0.0],
            0.5,
        )
        .unwrap();
        assert!((c.normal() - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-15);
        c.set_wrench(&Vector6::new(0.0, 0.0, 10.0, 0.0, 0.0, 1.0))
            .unwrap();
        assert!(c.is_managed());
        let w = c.wrench().unwrap();
        assert!((w - Vector6::new(-10.0, 0.0, 0.0, -1.0, 0.0, 0.0)).norm() < 1e-13);
        c.unset_wrench();
        assert!(!c.is_managed() && c.wrench().is_none());
    }

    #[test]
    fn bad_inputs_are_typed_errors() {
        let pose = Isometry3::identity();
        assert!(matches!(
            Contact::new([0.0, 0.1], pose, 0.5),
            Err(StabilityError::InvalidShape { .. })
        ));
        assert!(matches!(
            Contact::new([0.1, -0.1], pose, 0.5),
            Err(StabilityError::InvalidShape { .. })
        ));
        assert!(matches!(
            Contact::new([f64::NAN, 0.1], pose, 0.5),
            Err(StabilityError::InvalidShape { .. })
        ));
        assert!(matches!(
            Contact::new([0.1, 0.1], pose, -0.5),
            Err(StabilityError::InvalidFriction { .. })
        ));
        assert!(matches!(
            Contact::new([0.1, 0.1], pose, 0.0),
            Err(StabilityError::InvalidFriction { .. })
        ));
        assert!(matches!(
            Contact::from_pos_rpy([0.1, 0.1], [f64::NAN, 0.0, 0.0], [0.0; 3], 0.5),
            Err(StabilityError::NonFinite { .. })
        ));
        assert!(matches!(
            Contact::from_pos_rpy([0.1, 0.1], [0.0; 3], [0.0, f64::INFINITY, 0.0], 0.5),
            Err(StabilityError::NonFinite { .. })
        ));
        assert!(matches!(
            Contact::from_pos_quaternion([0.1, 0.1], [0.0; 3], [0.0; 4], 0.5),
            Err(StabilityError::DegenerateQuaternion { .. })
        ));
        let c = Contact::new([0.1, 0.1], pose, 0.5).unwrap();
        assert!(matches!(
            c.clone().with_max_pressure(-1.0),
            Err(StabilityError::InvalidMaxPressure { .. })
        ));
        let mut c = c;
        let mut bad = Isometry3::identity();
        bad.translation.vector.x = f64::NAN;
        assert!(matches!(
            c.set_pose(bad),
            Err(StabilityError::NonFinite { .. })
        ));
        let nan_wrench = Vector6::new(0.0, f64::NAN, 0.0, 0.0, 0.0, 0.0);
        assert!(matches!(
            c.set_wrench(&nan_wrench),
            Err(StabilityError::NonFinite { .. })
        ));
    }
}
