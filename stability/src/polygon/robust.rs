//! The robust static polygon: the CoM positions `(x, y)` at which a static equilibrium holds with
//! a robustness of at least a given force margin (see [`crate::robustness`]).
//!
//! With every generator weight `b_j = s_j + β`, `s_j >= 0` and `β` the margin in weights, the
//! equilibrium is the static polygon's LP with part of the force fixed: the right-hand side loses
//! `β Σ_j [g_j; p_j × g_j]` and the CoM gains that part's moment. Bretl's projection then runs on
//! that LP. At a margin of zero it is the static polygon of the same point contacts (their four
//! generators are the inner friction pyramid that the static polygon uses, turned about the normal
//! as hpp-centroidal-dynamics turns it).

use nalgebra::{Point3, Vector3};

use super::bretl;
use super::support_lp::SupportLp;
use super::{StaticPolygon, finish};
use crate::error::StabilityError;
use crate::robustness::generators::{cone_generators, margin_per_weight};
use crate::stance::Stance;

impl Stance {
    /// The CoM region `(x, y)` where the static robustness ([`Stance::equilibrium_robustness`]
    /// with `generators` rays per contact vertex, at zero acceleration) is at least `margin`
    /// newtons. At `margin` 0 it is the static-equilibrium polygon of the contacts' vertices;
    /// above the largest robustness any CoM reaches it is [`StaticPolygon::Empty`]. The CoM
    /// height does not change it; the mass and gravity do (the margin is a force).
    pub fn robust_static_polygon(
        &self,
        margin: f64,
        generators: usize,
    ) -> Result<StaticPolygon, StabilityError> {
        if !(margin.is_finite() && margin >= 0.0) {
            return Err(StabilityError::InvalidMargin { value: margin });
        }
        crate::robustness::check_generators(generators)?;
        let contacts = self.contacts();
        if contacts.is_empty() {
            return Err(StabilityError::EmptyContactSet);
        }
        let vertices: Vec<(Point3<f64>, Vector3<f64>, f64)> = contacts
            .contacts()
            .iter()
            .flat_map(|c| c.vertices().map(|v| (v, c.normal(), c.friction())))
            .collect();
        let origin = Point3::from(
            vertices
                .iter()
                .fold(Vector3::zeros(), |acc, v| acc + v.0.coords)
                / vertices.len() as f64,
        );
        let length = vertices
            .iter()
            .map(|v| (v.0 - origin).norm())
            .fold(0.0, f64::max)
            .max(f64::MIN_POSITIVE);
        // Columns in units of the weight m g and of `length` about `origin`.
        let mut columns = Vec::with_capacity(vertices.len() * generators);
        let mut per_weight = f64::INFINITY;
        for (point, normal, friction) in &vertices {
            let rays = cone_generators(normal, *friction, generators);
            per_weight = per_weight.min(margin_per_weight(&rays));
            let arm = (point - origin) / length;
            for ray in rays {
                let moment = arm.cross(&ray);
                columns.push([ray.x, ray.y, ray.z, moment.x, moment.y, moment.z]);
            }
        }
        let beta = margin / (self.mass() * self.gravity() * per_weight);
        let mut fixed = [0.0; 6];
        for column in &columns {
            for (f, c) in fixed.iter_mut().zip(column) {
                *f += beta * c;
            }
        }
        let rhs = [-fixed[0], -fixed[1], 1.0 - fixed[2], -fixed[5]];
        let lp = SupportLp::shifted(&columns, rhs, [-fixed[4], fixed[3]]);
        let relative = bretl::project_lp(lp, bretl::AREA_GAP_TOLERANCE);
        finish(relative, &origin, length)
    }
}
