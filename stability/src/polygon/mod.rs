//! The static-equilibrium polygon: the CoM positions `(x, y)` at which the contacts can hold the
//! robot's weight without acceleration.
//!
//! Mass and gravity do not change it (gravity points along −z), nor does the CoM height. Three
//! independent methods compute it and agree: [`PolygonMethod::Hull`] (half-planes from the faces
//! of the net contact wrench cone), [`PolygonMethod::Cdd`] (double description of the lifted
//! cone) and [`PolygonMethod::Bretl`] (Bretl and Lall's incremental projection with LPs). Every
//! method returns a clean counter-clockwise polygon, or a status saying why there is none.

mod bretl;
mod cdd;
mod feasible;
mod hull;
mod pendular;
pub(crate) mod planar;
mod robust;
mod support_lp;

use std::fmt;
use std::str::FromStr;

use nalgebra::Point3;
#[cfg(feature = "serde")]
use serde::Serialize;

pub use feasible::TorqueMap;
pub use pendular::AccelerationCone;

use crate::contact_set::ContactSet;
use crate::error::StabilityError;

/// How to compute the static-equilibrium polygon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PolygonMethod {
    /// Intersect the half-planes given by the faces of the net contact wrench cone (computed by
    /// double description). pymanoid's `hull`.
    Hull,
    /// Bretl and Lall's incremental projection: one small LP per direction, stopping on the area
    /// gap between inner and outer approximations. pymanoid's `bretl`.
    Bretl,
    /// Double description of the lifted (homogenised) polygon cone, projected back. pymanoid's
    /// `cdd`.
    Cdd,
}

impl PolygonMethod {
    /// All methods, in a fixed order.
    pub const ALL: [PolygonMethod; 3] = [
        PolygonMethod::Hull,
        PolygonMethod::Bretl,
        PolygonMethod::Cdd,
    ];

    /// The method's name: `"hull"`, `"bretl"` or `"cdd"`.
    pub fn name(self) -> &'static str {
        match self {
            PolygonMethod::Hull => "hull",
            PolygonMethod::Bretl => "bretl",
            PolygonMethod::Cdd => "cdd",
        }
    }
}

impl fmt::Display for PolygonMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for PolygonMethod {
    type Err = StabilityError;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name.trim().to_ascii_lowercase().as_str() {
            "hull" => Ok(PolygonMethod::Hull),
            "bretl" => Ok(PolygonMethod::Bretl),
            "cdd" => Ok(PolygonMethod::Cdd),
            _ => Err(StabilityError::UnknownPolygonMethod {
                name: name.to_string(),
            }),
        }
    }
}

/// A convex polygon in the world's horizontal plane: counter-clockwise, starting at the vertex
/// with the lowest x (then lowest y), without duplicate or collinear vertices, at least three
/// vertices.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
pub struct ConvexPolygon {
    vertices: Vec<[f64; 2]>,
}

impl ConvexPolygon {
    /// The convex hull of `points` (`None` when they do not span an area).
    pub fn convex_hull(points: &[[f64; 2]]) -> Option<Self> {
        let vertices = planar::convex_hull(points);
        (vertices.len() >= 3).then_some(Self { vertices })
    }

    /// The vertices `[x, y]`, counter-clockwise.
    pub fn vertices(&self) -> &[[f64; 2]] {
        &self.vertices
    }

    /// The vertices, consuming the polygon.
    pub fn into_vertices(self) -> Vec<[f64; 2]> {
        self.vertices
    }

    /// Area in m².
    pub fn area(&self) -> f64 {
        planar::area(&self.vertices)
    }

    /// Signed distance from `point` to the polygon's boundary: positive inside (the distance to
    /// the nearest edge, a stability margin), negative outside (minus the distance to the
    /// polygon).
    pub fn signed_distance(&self, point: [f64; 2]) -> f64 {
        planar::signed_distance(&self.vertices, point)
    }

    /// Whether `point` is inside or on the boundary.
    pub fn contains(&self, point: [f64; 2]) -> bool {
        self.signed_distance(point) >= 0.0
    }

    /// Hausdorff distance to another convex polygon (as regions), in metres.
    pub fn hausdorff_distance(&self, other: &ConvexPolygon) -> f64 {
        planar::hausdorff_distance(&self.vertices, &other.vertices)
    }
}

/// The result of a static-equilibrium polygon computation.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "status", rename_all = "lowercase"))]
#[non_exhaustive]
pub enum StaticPolygon {
    /// The CoM positions that can be held form this bounded polygon.
    Bounded(ConvexPolygon),
    /// No CoM position can be held (or the set has no area: the stance is at the very edge of
    /// feasibility).
    Empty {
        /// Why.
        reason: String,
    },
    /// The region is unbounded (internal forces between contacts can balance any lever arm).
    Unbounded {
        /// Why.
        reason: String,
    },
}

impl StaticPolygon {
    /// The polygon, when bounded.
    pub fn polygon(&self) -> Option<&ConvexPolygon> {
        match self {
            StaticPolygon::Bounded(polygon) => Some(polygon),
            _ => None,
        }
    }

    /// The vertices when bounded, an empty slice otherwise.
    pub fn vertices(&self) -> &[[f64; 2]] {
        self.polygon().map_or(&[], |p| p.vertices())
    }

    /// `"bounded"`, `"empty"` or `"unbounded"`.
    pub fn status(&self) -> &'static str {
        match self {
            StaticPolygon::Bounded(_) => "bounded",
            StaticPolygon::Empty { .. } => "empty",
            StaticPolygon::Unbounded { .. } => "unbounded",
        }
    }

    /// Why there is no bounded polygon (`None` when there is one).
    pub fn reason(&self) -> Option<&str> {
        match self {
            StaticPolygon::Bounded(_) => None,
            StaticPolygon::Empty { reason } | StaticPolygon::Unbounded { reason } => Some(reason),
        }
    }
}

/// Why a method produced no polygon (internal; numerical failures become errors).
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum PolygonStatus {
    Empty { reason: String },
    Unbounded { reason: String },
    NumericalFailure { reason: String },
}

impl ContactSet {
    /// The static-equilibrium polygon of this contact set, by `method` (pymanoid's
    /// `compute_static_equilibrium_polygon`).
    ///
    /// All contacts take part, managed or not (the polygon is a property of the contact
    /// geometry); maximum pressures are ignored (without a mass they do not bound the CoM).
    /// Vertices are `[x, y]` in the world frame.
    pub fn static_equilibrium_polygon(
        &self,
        method: PolygonMethod,
    ) -> Result<StaticPolygon, StabilityError> {
        // Work relative to the contacts' centroid, in units of the contacts' extent about it:
        // the polygon scales with the contacts (forces and friction do not change), and the
        // methods' tolerances are made for contacts about a unit apart. Without this, feet 1e6
        // times larger gave "unbounded" and feet 1e9 times smaller gave "empty".
        let origin = self.centroid();
        let length = self.extent_about(&origin);
        let unit = self.normalised(&origin, length);
        let centre = Point3::origin();
        let relative = match method {
            PolygonMethod::Bretl => {
                bretl::project(&unit.span_columns(&centre), bretl::AREA_GAP_TOLERANCE)
            }
            PolygonMethod::Hull => hull::intersect_faces(&unit.raw_faces_at(&centre)?),
            PolygonMethod::Cdd => cdd::project_lifted_cone(&unit.raw_faces_at(&centre)?),
        };
        finish(relative, &origin, length)
    }
}

/// The polygon from a method's vertices relative to `origin` in units of `length`, or its status.
pub(crate) fn finish(
    relative: Result<Vec<[f64; 2]>, PolygonStatus>,
    origin: &Point3<f64>,
    length: f64,
) -> Result<StaticPolygon, StabilityError> {
    match relative {
        Ok(points) => {
            let shifted: Vec<[f64; 2]> = points
                .iter()
                .map(|p| [p[0] * length + origin.x, p[1] * length + origin.y])
                .collect();
            if shifted.iter().flatten().any(|v| !v.is_finite()) {
                return Err(StabilityError::Numerical {
                    what: "static-equilibrium polygon",
                    reason: "a vertex is not finite".to_string(),
                });
            }
            Ok(match ConvexPolygon::convex_hull(&shifted) {
                Some(polygon) => StaticPolygon::Bounded(polygon),
                None => StaticPolygon::Empty {
                    reason: format!(
                        "the CoM positions that can be held have no area ({} distinct points): \
                         the stance is at the edge of feasibility",
                        planar::convex_hull(&shifted).len()
                    ),
                },
            })
        }
        Err(PolygonStatus::Empty { reason }) => Ok(StaticPolygon::Empty { reason }),
        Err(PolygonStatus::Unbounded { reason }) => Ok(StaticPolygon::Unbounded { reason }),
        Err(PolygonStatus::NumericalFailure { reason }) => Err(StabilityError::Numerical {
            what: "static-equilibrium polygon",
            reason,
        }),
    }
}
