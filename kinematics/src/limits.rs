//! The ranges of values a model and its configurations accept. Lengths follow geometry's
//! range ([`morsel_geometry::MAX_LENGTH`], MuJoCo's `mjMAXVAL`); each limit keeps everything
//! computed from it finite.

/// The largest magnitude of a configuration value: metres for prismatic joints and floating
/// translations (geometry's [`morsel_geometry::MAX_LENGTH`]: a link moved farther gives world
/// poses that every geometry query refuses), radians for revolute joints (beyond it an angle's
/// float spacing exceeds 1e-6 rad, so its sine and cosine mean nothing).
pub const MAX_JOINT_VALUE: f64 = morsel_geometry::MAX_LENGTH;

/// The largest mass of a link, in kilograms (MuJoCo's `mjMAXVAL`, as stability's limit on a
/// robot's mass). Far above any robot; with centres of mass up to
/// [`morsel_geometry::MAX_LENGTH`] from the origin, mass moments stay within 1e20, where a
/// mass of 1e300 would overflow the centre of mass to infinity.
pub const MAX_MASS: f64 = 1e10;

/// The largest magnitude of a link's inertia tensor entry, in kg·m²: [`MAX_MASS`] times the
/// square of [`morsel_geometry::MAX_LENGTH`].
pub const MAX_INERTIA: f64 = 1e30;
