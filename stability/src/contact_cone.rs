//! The friction cone and the contact wrench cone of one contact, in span (V) and face (H) form.
//!
//! Orders follow pymanoid so that matrices can be compared entry by entry:
//! force rays `(+μ, +μ)`, `(+μ, −μ)`, `(−μ, +μ)`, `(−μ, −μ)` (local tangential components, with
//! `μ` the inner-pyramid coefficient and a unit normal component); span columns vertex-major,
//! ray-minor; inequality rows Coulomb, centre of pressure, then yaw moment.

use nalgebra::{DMatrix, DVector, Matrix3x4, Matrix4x3, Point3, SMatrix, Vector3};

use crate::contact::Contact;
use crate::error::StabilityError;

/// Number of generators (columns) of a single contact's wrench span: 4 vertices × 4 rays.
pub const CONTACT_SPAN_COLUMNS: usize = 16;

/// Number of faces (rows) of a single contact's wrench inequalities.
pub const CONTACT_FACES: usize = 16;

/// A 6×16 wrench-span matrix.
pub type WrenchSpan = SMatrix<f64, 6, CONTACT_SPAN_COLUMNS>;

/// A 16×6 wrench-inequality matrix.
pub type WrenchFaces = SMatrix<f64, CONTACT_FACES, 6>;

impl Contact {
    /// Rays of the linearised friction cone in the world frame (not normalised):
    /// `R(+μ, +μ, 1)`, `R(+μ, −μ, 1)`, `R(−μ, +μ, 1)`, `R(−μ, −μ, 1)` with `μ` the inner coefficient.
    pub fn force_rays(&self) -> [Vector3<f64>; 4] {
        let mu = self.inner_friction();
        let r = self.rotation();
        [(mu, mu), (mu, -mu), (-mu, mu), (-mu, -mu)].map(|(a, b)| r * Vector3::new(a, b, 1.0))
    }

    /// Span matrix `S` of the force cone in the world frame: every valid contact force is `S λ`
    /// with `λ >= 0`. Its columns are [`Contact::force_rays`].
    pub fn force_span(&self) -> Matrix3x4<f64> {
        Matrix3x4::from_columns(&self.force_rays())
    }

    /// Matrix `F` of the force cone's faces in the world frame: valid forces satisfy `F f <= 0`.
    /// Local rows `(−1, 0, −μ)`, `(1, 0, −μ)`, `(0, −1, −μ)`, `(0, 1, −μ)`, times `Rᵀ`.
    pub fn force_inequalities(&self) -> Matrix4x3<f64> {
        let mu = self.inner_friction();
        #[rustfmt::skip]
        let local = Matrix4x3::new(
            -1.0, 0.0, -mu,
            1.0, 0.0, -mu,
            0.0, -1.0, -mu,
            0.0, 1.0, -mu,
        );
        local * self.rotation().transpose()
    }

    /// Span matrix of the contact wrench cone: every valid contact wrench, taken at the contact
    /// point in the world frame, is `S λ` with `λ >= 0`. Column `4i + j` is `[f_j; (v_i − p) × f_j]`
    /// for vertex `v_i` ([`Contact::vertices`]) and ray `f_j` ([`Contact::force_rays`]).
    pub fn wrench_span(&self) -> WrenchSpan {
        self.span_at(&self.position())
    }

    /// The wrench span with wrenches taken at `point` instead of the contact point (world frame):
    /// column `4i + j` is `[f_j; (v_i − point) × f_j]`. A non-finite `point` is an error.
    pub fn wrench_span_at(&self, point: &Point3<f64>) -> Result<WrenchSpan, StabilityError> {
        crate::limits::point("point", point)?;
        Ok(self.span_at(point))
    }

    /// [`Contact::wrench_span_at`] for a point already known to be finite.
    pub(crate) fn span_at(&self, point: &Point3<f64>) -> WrenchSpan {
        let rays = self.force_rays();
        let mut span = WrenchSpan::zeros();
        for (i, vertex) in self.vertices().iter().enumerate() {
            let arm = vertex - point;
            for (j, ray) in rays.iter().enumerate() {
                let moment = arm.cross(ray);
                let mut column = span.column_mut(4 * i + j);
                column.fixed_rows_mut::<3>(0).copy_from(ray);
                column.fixed_rows_mut::<3>(3).copy_from(&moment);
            }
        }
        span
    }

    /// The local (contact-frame) wrench inequalities: the closed form of the wrench cone of a
    /// rectangular contact with 4-sided friction pyramids at its corners (Caron et al., 2015).
    ///
    /// With `X`, `Y` the half-sizes and `μ` the inner friction coefficient, a local wrench
    /// `[f; τ]` at the centre is valid iff
    /// `|f_x| <= μ f_z`, `|f_y| <= μ f_z` (rows 1–4), `|τ_x| <= Y f_z`, `|τ_y| <= X f_z` (rows 5–8),
    /// and `τ_min <= τ_z <= τ_max` (rows 9–16) with
    /// `τ_min = −μ(X+Y) f_z + |Y f_x − μ τ_x| + |X f_y − μ τ_y|` and
    /// `τ_max = μ(X+Y) f_z − |Y f_x + μ τ_x| − |X f_y + μ τ_y|`, each absolute value expanded into
    /// its two signs.
    pub fn local_wrench_inequalities(&self) -> WrenchFaces {
        let ([x, y], mu) = (self.shape(), self.inner_friction());
        let yaw = -(x + y) * mu;
        #[rustfmt::skip]
        let rows: [[f64; 6]; CONTACT_FACES] = [
            [-1.0, 0.0, -mu, 0.0, 0.0, 0.0],
            [1.0, 0.0, -mu, 0.0, 0.0, 0.0],
            [0.0, -1.0, -mu, 0.0, 0.0, 0.0],
            [0.0, 1.0, -mu, 0.0, 0.0, 0.0],
            [0.0, 0.0, -y, -1.0, 0.0, 0.0],
            [0.0, 0.0, -y, 1.0, 0.0, 0.0],
            [0.0, 0.0, -x, 0.0, -1.0, 0.0],
            [0.0, 0.0, -x, 0.0, 1.0, 0.0],
            [-y, -x, yaw, mu, mu, -1.0],
            [-y, x, yaw, mu, -mu, -1.0],
            [y, -x, yaw, -mu, mu, -1.0],
            [y, x, yaw, -mu, -mu, -1.0],
            [y, x, yaw, mu, mu, 1.0],
            [y, -x, yaw, mu, -mu, 1.0],
            [-y, x, yaw, -mu, mu, 1.0],
            [-y, -x, yaw, -mu, -mu, 1.0],
        ];
        WrenchFaces::from_fn(|i, j| rows[i][j])
    }

    /// Matrix `F` (16×6) of the wrench cone's faces in the world frame: the wrench `w` taken at the
    /// contact point in the world frame is valid iff `F w <= 0`. Equal to
    /// [`Contact::local_wrench_inequalities`] times `blockdiag(Rᵀ, Rᵀ)`.
    pub fn wrench_inequalities(&self) -> WrenchFaces {
        let local = self.local_wrench_inequalities();
        let rt = self.rotation().transpose();
        let mut world = WrenchFaces::zeros();
        world
            .fixed_view_mut::<CONTACT_FACES, 3>(0, 0)
            .copy_from(&(local.fixed_view::<CONTACT_FACES, 3>(0, 0) * rt));
        world
            .fixed_view_mut::<CONTACT_FACES, 3>(0, 3)
            .copy_from(&(local.fixed_view::<CONTACT_FACES, 3>(0, 3) * rt));
        world
    }

    /// H-representation `(F, g)` of the contact's valid wrenches (world frame, at the contact
    /// point): `F w <= g`. The 16 rows of [`Contact::wrench_inequalities`] with `g = 0`, plus, when
    /// the contact has a maximum pressure, the row `[nᵀ, 0, 0, 0] <= max_pressure`.
    pub fn wrench_hrep(&self) -> (DMatrix<f64>, DVector<f64>) {
        let faces = self.wrench_inequalities();
        let rows = CONTACT_FACES + usize::from(self.max_pressure().is_some());
        let mut f = DMatrix::zeros(rows, 6);
        let mut g = DVector::zeros(rows);
        f.view_mut((0, 0), (CONTACT_FACES, 6)).copy_from(&faces);
        if let Some(limit) = self.max_pressure() {
            let n = self.normal();
            f.view_mut((CONTACT_FACES, 0), (1, 3))
                .copy_from(&n.transpose());
            g[CONTACT_FACES] = limit;
        }
        (f, g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::{Vector4, Vector6};

    fn tilted() -> Contact {
        Contact::from_pos_rpy([0.11, 0.07], [0.3, -0.2, 0.4], [0.3, -0.2, 0.9], 0.6).unwrap()
    }

    #[test]
    fn wrench_span_at_a_non_finite_point_is_an_error() {
        let c = tilted();
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let err = c.wrench_span_at(&Point3::new(bad, 0.0, 0.0)).unwrap_err();
            assert!(
                matches!(err, StabilityError::NonFinite { what: "point", .. }),
                "{err}"
            );
        }
        let at_contact = c.wrench_span_at(&c.position()).unwrap();
        assert_eq!(at_contact, c.wrench_span());
    }

    #[test]
    fn rays_lie_on_the_faces_of_the_force_cone() {
        let c = tilted();
        let f = c.force_inequalities();
        for ray in c.force_rays() {
            let v: Vector4<f64> = f * ray;
            // Each ray is on exactly two faces and strictly inside the other two.
            let on = v.iter().filter(|x| x.abs() < 1e-14).count();
            assert_eq!(on, 2, "{v}");
            assert!(v.iter().all(|x| *x <= 1e-14));
        }
    }

    #[test]
    fn span_columns_are_point_forces_at_the_vertices() {
        let c = tilted();
        let s = c.wrench_span();
        let p = c.position();
        let rays = c.force_rays();
        for (i, v) in c.vertices().iter().enumerate() {
            for (j, f) in rays.iter().enumerate() {
                let col = s.column(4 * i + j);
                let tau = (v - p).cross(f);
                let expected = Vector6::new(f.x, f.y, f.z, tau.x, tau.y, tau.z);
                assert!((col - expected).norm() < 1e-15);
            }
        }
    }

    #[test]
    fn span_columns_satisfy_the_closed_form_faces() {
        let c = tilted();
        let product = c.wrench_inequalities() * c.wrench_span();
        assert!(product.max() <= 1e-12, "max F s = {}", product.max());
        // Every face is tight on at least five generators (it is a facet of a 6-D cone).
        for row in product.row_iter() {
            let tight = row.iter().filter(|v| v.abs() < 1e-12).count();
            assert!(tight >= 5, "{row}");
        }
    }

    #[test]
    fn max_pressure_adds_one_row() {
        let c = tilted().with_max_pressure(250.0).unwrap();
        let (f, g) = c.wrench_hrep();
        assert_eq!((f.nrows(), g.len()), (17, 17));
        let n = c.normal();
        let w = Vector6::new(n.x * 100.0, n.y * 100.0, n.z * 100.0, 0.0, 0.0, 0.0);
        assert!(((&f * w)[16] - 100.0).abs() < 1e-12);
        assert_eq!(g[16], 250.0);
    }
}
