//! Pendular sets of a stance (zero angular momentum about the CoM, pymanoid's
//! `Stance.compute_zmp_support_area` and `compute_pendular_accel_cone`).
//!
//! With the CoM `c` fixed and the net contact wrench `Σ λ_j s_j` (span columns at a reference
//! point, `λ >= 0`) producing no moment about the CoM, the net force per unit of `m (g + z̈)` is
//! `(a, b, 1)`: the feasible horizontal accelerations `c̈_xy = (g + z̈) (a, b)`. The LP has four
//! equality rows, `f_z = 1` and `τ − c × f = 0`, and two projections of the same polytope:
//!
//! - the reduced acceleration polygon `(a, b) = (f_x, f_y)`, from which the CoM acceleration cone
//!   is the cone with apex `g = (0, 0, −g)` through `((g + z̈) a, (g + z̈) b, z̈)`;
//! - the ZMP support area at height `h`, `c_xy + (h − c_z) (a, b)`: the ZMPs on the plane
//!   `z = h` of the pendular motions the contacts can hold.
//!
//! Both go through Bretl's projection. Maximum pressures are ignored, as in the static polygon.

use nalgebra::{Point3, Vector3};

use super::bretl;
use super::support_lp::SupportLp;
use super::{StaticPolygon, finish};
use crate::error::{StabilityError, check_finite};
use crate::stance::Stance;

/// The CoM acceleration cone of a stance.
#[derive(Debug, Clone, PartialEq)]
pub struct AccelerationCone {
    /// The reduced form: the horizontal accelerations per unit of `g + z̈`, `(a, b)`.
    pub reduced: StaticPolygon,
    /// The cone's apex (gravity, `[0, 0, −g]`) followed by its section at the top vertical
    /// acceleration, pymanoid's vertex list; empty when the reduced form is not bounded.
    pub vertices: Vec<[f64; 3]>,
}

impl Stance {
    /// The pendular LP projected to the reduced accelerations `(a, b)` (no height) or to the ZMP
    /// on the plane `z = height`.
    fn pendular_lp(&self, zmp_height: Option<f64>) -> Result<StaticPolygon, StabilityError> {
        let contacts = self.contacts();
        if contacts.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        let origin = contacts.centroid();
        let length = contacts.extent_about(&origin);
        let unit = contacts.normalised(&origin, length);
        let com = (self.com() - origin) / length;
        let columns = unit.span_columns(&Point3::origin());
        let rows_of = columns
            .iter()
            .map(|s| {
                let f = Vector3::new(s[0], s[1], s[2]);
                let moment = Vector3::new(s[3], s[4], s[5]) - com.cross(&f);
                [f.z, moment.x, moment.y, moment.z]
            })
            .collect();
        let (lever, offset, origin_xy, unit_length) = match zmp_height {
            Some(h) => {
                let lever = (h - origin.z) / length - com.z;
                (lever, [com.x, com.y], origin, length)
            }
            None => (1.0, [0.0, 0.0], Point3::origin(), 1.0),
        };
        let offset_of = columns
            .iter()
            .map(|s| [lever * s[0], lever * s[1]])
            .collect();
        let lp = SupportLp::from_rows(rows_of, [1.0, 0.0, 0.0, 0.0], offset_of, offset);
        let relative = bretl::project_lp(lp, bretl::AREA_GAP_TOLERANCE);
        finish(relative, &origin_xy, unit_length)
    }

    /// The ZMP support area at height `height` (world z, metres): the ZMPs on that plane of the
    /// motions with zero angular momentum about the CoM that the contacts can hold (pymanoid's
    /// `Stance.compute_zmp_support_area`). At the CoM's own height it is a single point and
    /// reported [`StaticPolygon::Empty`].
    pub fn zmp_support_area(&self, height: f64) -> Result<StaticPolygon, StabilityError> {
        check_finite("ZMP plane height", &[height])?;
        crate::limits::coordinates("ZMP plane height", &[height])?;
        self.pendular_lp(Some(height))
    }

    /// The pendular CoM acceleration cone (pymanoid's `Stance.compute_pendular_accel_cone` at
    /// the stance's CoM): the reduced polygon and the cone's vertices, its section taken at the
    /// vertical acceleration `zdd_max` (the gravity magnitude when `None`).
    pub fn com_acceleration_cone(
        &self,
        zdd_max: Option<f64>,
    ) -> Result<AccelerationCone, StabilityError> {
        let g = self.gravity();
        let zdd = zdd_max.unwrap_or(g);
        if !(zdd.is_finite() && zdd > -g) {
            return Err(StabilityError::OutOfRange {
                what: "top vertical acceleration of the CoM acceleration cone".to_string(),
                value: zdd,
                min: -g,
                max: f64::MAX,
                unit: "m/s², above minus the gravity",
            });
        }
        let reduced = self.pendular_lp(None)?;
        let mut vertices = Vec::new();
        if let Some(polygon) = reduced.polygon() {
            vertices.push([0.0, 0.0, -g]);
            vertices.extend(
                polygon
                    .vertices()
                    .iter()
                    .map(|&[a, b]| [a * (g + zdd), b * (g + zdd), zdd]),
            );
        }
        Ok(AccelerationCone { reduced, vertices })
    }
}
