//! Convex primitives for mesh–primitive queries, in their own frames: support functions,
//! bounding boxes and the exact or iterative triangle–primitive tests at the leaves.
//!
//! Precision of the triangle–primitive distance, for the given floating-point coordinates:
//! - sphere, capsule, box: closed forms (point–triangle, segment–triangle, and for the box the
//!   smallest of corner–box, corner–triangle and edge–edge distances after an exact-arithmetic
//!   free separating-axis overlap test), exact up to rounding (about 1e-15 of the sizes);
//! - cylinder, ellipsoid: GJK on the triangle and the primitive's support function, stopped
//!   when the gap between its upper and lower bounds is below 1e-13 of the scene's size
//!   (about 1e-14 m for robot parts), or after 128 iterations.

use nalgebra::Vector3;

use super::box_triangle::{box_triangle_distance, box_triangle_intersect};
use super::closest::{point_triangle, segment_triangle};
use super::gjk::{GjkResult, gjk_triangle};
use super::triangle::{PreparedTriangle, V3};
use crate::error::Result;
use crate::range::size;

/// A convex primitive in its own frame. Capsules and cylinders have their axis along z.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Primitive {
    /// A box centred at the origin with the given half extents along x, y and z.
    Box {
        /// Half extents (> 0).
        half_extents: Vector3<f64>,
    },
    /// A ball centred at the origin.
    Sphere {
        /// Radius (> 0).
        radius: f64,
    },
    /// The points within `radius` of the segment from `(0, 0, -half_length)` to
    /// `(0, 0, half_length)`.
    Capsule {
        /// Radius (> 0).
        radius: f64,
        /// Half length of the axis segment (> 0).
        half_length: f64,
    },
    /// A solid cylinder of the given radius spanning z in `[-half_length, half_length]`.
    Cylinder {
        /// Radius (> 0).
        radius: f64,
        /// Half length along z (> 0).
        half_length: f64,
    },
    /// A solid ellipsoid centred at the origin with the given semi-axes along x, y and z.
    Ellipsoid {
        /// Semi-axes (> 0).
        radii: Vector3<f64>,
    },
}

impl Primitive {
    /// Checks that every size is finite, positive and within
    /// [`MIN_LENGTH`](crate::MIN_LENGTH) to [`MAX_LENGTH`](crate::MAX_LENGTH).
    pub fn validate(&self) -> Result<()> {
        match *self {
            Primitive::Box { half_extents: h } => {
                size("box", "half_extents.x", h.x)?;
                size("box", "half_extents.y", h.y)?;
                size("box", "half_extents.z", h.z)?;
            }
            Primitive::Sphere { radius } => {
                size("sphere", "radius", radius)?;
            }
            Primitive::Capsule {
                radius,
                half_length,
            } => {
                size("capsule", "radius", radius)?;
                size("capsule", "half_length", half_length)?;
            }
            Primitive::Cylinder {
                radius,
                half_length,
            } => {
                size("cylinder", "radius", radius)?;
                size("cylinder", "half_length", half_length)?;
            }
            Primitive::Ellipsoid { radii } => {
                size("ellipsoid", "radii.x", radii.x)?;
                size("ellipsoid", "radii.y", radii.y)?;
                size("ellipsoid", "radii.z", radii.z)?;
            }
        }
        Ok(())
    }

    /// Half extents of the axis-aligned box bounding the primitive in its frame.
    pub(crate) fn half_extents(&self) -> V3 {
        match *self {
            Primitive::Box { half_extents } => half_extents,
            Primitive::Sphere { radius } => V3::repeat(radius),
            Primitive::Capsule {
                radius,
                half_length,
            } => V3::new(radius, radius, half_length + radius),
            Primitive::Cylinder {
                radius,
                half_length,
            } => V3::new(radius, radius, half_length),
            Primitive::Ellipsoid { radii } => radii,
        }
    }

    /// Radius of a sphere about the origin that holds the primitive.
    pub(crate) fn bounding_radius(&self) -> f64 {
        match *self {
            Primitive::Box { half_extents } => half_extents.norm(),
            Primitive::Sphere { radius } => radius,
            Primitive::Capsule {
                radius,
                half_length,
            } => half_length + radius,
            Primitive::Cylinder {
                radius,
                half_length,
            } => radius.hypot(half_length),
            Primitive::Ellipsoid { radii } => radii.amax(),
        }
    }

    /// The point of the primitive farthest along `d` (any one when several are).
    pub(crate) fn support(&self, d: &V3) -> V3 {
        match *self {
            Primitive::Box { half_extents: h } => V3::new(
                if d.x >= 0.0 { h.x } else { -h.x },
                if d.y >= 0.0 { h.y } else { -h.y },
                if d.z >= 0.0 { h.z } else { -h.z },
            ),
            Primitive::Sphere { radius } => {
                let n = d.norm();
                if n > 0.0 {
                    d * (radius / n)
                } else {
                    V3::new(radius, 0.0, 0.0)
                }
            }
            Primitive::Capsule {
                radius,
                half_length,
            } => {
                let n = d.norm();
                let z = if d.z >= 0.0 {
                    half_length
                } else {
                    -half_length
                };
                let base = V3::new(0.0, 0.0, z);
                if n > 0.0 {
                    base + d * (radius / n)
                } else {
                    base
                }
            }
            Primitive::Cylinder {
                radius,
                half_length,
            } => {
                let r = d.x.hypot(d.y);
                let z = if d.z >= 0.0 {
                    half_length
                } else {
                    -half_length
                };
                if r > 0.0 {
                    V3::new(d.x * radius / r, d.y * radius / r, z)
                } else {
                    V3::new(0.0, 0.0, z)
                }
            }
            Primitive::Ellipsoid { radii } => {
                let scaled = d.component_mul(&radii);
                let n = scaled.norm();
                if n > 0.0 {
                    scaled.component_mul(&radii) / n
                } else {
                    V3::new(radii.x, 0.0, 0.0)
                }
            }
        }
    }

    /// Distance between a triangle (in the primitive's frame) and the primitive, with the
    /// closest points `(distance, on triangle, on primitive)`; a common point twice when they
    /// intersect. `scale` sets the iterative tolerance.
    pub(crate) fn triangle_distance(&self, t: &PreparedTriangle, scale: f64) -> (f64, V3, V3) {
        match *self {
            Primitive::Sphere { radius } => {
                let c = point_triangle(&V3::zeros(), t);
                let d = c.norm();
                if d <= radius {
                    (0.0, c, c)
                } else {
                    (d - radius, c, c * (radius / d))
                }
            }
            Primitive::Capsule {
                radius,
                half_length,
            } => {
                let (a, b) = (
                    V3::new(0.0, 0.0, -half_length),
                    V3::new(0.0, 0.0, half_length),
                );
                let (d, on_axis, on_tri) = segment_triangle(&a, &b, t);
                if d <= radius {
                    (0.0, on_tri, on_tri)
                } else {
                    (
                        d - radius,
                        on_tri,
                        on_axis + (on_tri - on_axis) * (radius / d),
                    )
                }
            }
            Primitive::Box { half_extents } => box_triangle_distance(&half_extents, t),
            Primitive::Cylinder { .. } | Primitive::Ellipsoid { .. } => {
                match gjk_triangle(&t.v, |d| self.support(d), 1e-13 * scale) {
                    GjkResult::Intersecting(p) => (0.0, p, p),
                    GjkResult::Separated {
                        distance,
                        on_a,
                        on_b,
                    } => (distance, on_a, on_b),
                }
            }
        }
    }

    /// Whether a triangle (in the primitive's frame) meets the primitive.
    pub(crate) fn triangle_intersects(&self, t: &PreparedTriangle, scale: f64) -> bool {
        match *self {
            Primitive::Box { half_extents } => box_triangle_intersect(&half_extents, t),
            _ => self.triangle_distance(t, scale).0 <= 0.0,
        }
    }
}
