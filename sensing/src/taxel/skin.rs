//! Taxel skins: probes laid over every collider of a body with MIMo's sensor-point rules (the
//! geometry crate's `Shape::sensor_points`), or over the body's MIMo sensor mesh (its active
//! vertices), each probe with its own outward normal.

use nalgebra::{Point3, Vector3};

use crate::error::{Result, SensingError, check_param};
use crate::scene::Scene;
use crate::taxel::config::TaxelConfig;
use crate::touch::{BodyMesh, MeshLayout};

impl TaxelConfig {
    /// A skin over `body` of `scene`: one probe per MIMo sensor point of each of the body's
    /// colliders at `spacing` (m), in collider order, placed in the body frame with the
    /// surface's unit outward normal (`probe_normals`). The other fields keep `self`'s values
    /// (`link_name` becomes `body`).
    ///
    /// Errors: unknown body (the error lists the bodies), a body without colliders, a spacing
    /// that is not a finite positive distance, a collider without a finite surface (a
    /// half-space) or a spacing so fine that a collider would get too many points.
    ///
    /// ```
    /// use morsel_geometry::Shape;
    /// use morsel_sensing::{Body, Scene, TaxelConfig};
    /// use nalgebra::{Isometry3, Vector3};
    ///
    /// let mut scene = Scene::new();
    /// scene.add_body(Body::new("cube").with_collider(
    ///     Shape::cuboid(Vector3::new(0.1, 0.1, 0.1))?, Isometry3::identity())?)?;
    /// let skin = TaxelConfig::default().skin(&scene, "cube", 0.08)?;
    /// assert_eq!(skin.probe_local_pos.len(), 26); // MIMo's count for this cube
    /// # Ok::<(), morsel_sensing::SensingError>(())
    /// ```
    pub fn skin(&self, scene: &Scene, body: &str, spacing: f64) -> Result<TaxelConfig> {
        let b = skin_body(scene, body, spacing)?;
        let mut positions: Vec<Point3<f64>> = Vec::new();
        let mut normals: Vec<Vector3<f64>> = Vec::new();
        for collider in &b.colliders {
            let points = collider.shape.sensor_points(spacing)?;
            let pose = collider.local_pose;
            positions.extend(points.points.iter().map(|p| pose * p));
            normals.extend(points.normals.iter().map(|n| pose.rotation * n));
        }
        Ok(TaxelConfig {
            link_name: body.to_string(),
            probe_local_pos: positions,
            probe_normals: normals,
            ..self.clone()
        })
    }

    /// A skin over `body`'s MIMo sensor mesh (the default layout of `touch` with kind "mesh",
    /// MIMo's TrimeshTouch, [`MeshLayout::Mimo`](crate::MeshLayout::Mimo)): one probe per
    /// *active* vertex, in vertex order, with the vertex's unit outward normal (the mean of its
    /// faces' normals), in the body frame. Vertices inside or on another geom's sensor mesh get
    /// no probe, so the probe count is the mesh touch's sensor count for the same body and
    /// spacing. Errors as for [`TaxelConfig::skin`].
    pub fn mesh_skin(&self, scene: &Scene, body: &str, spacing: f64) -> Result<TaxelConfig> {
        let b = skin_body(scene, body, spacing)?;
        let mesh = BodyMesh::build_with(b, spacing, MeshLayout::Mimo)?;
        let active = (0..mesh.len()).filter(|&i| mesh.is_active(i));
        let (positions, normals) = active
            .map(|i| (mesh.vertices()[i], mesh.normals()[i]))
            .unzip();
        Ok(TaxelConfig {
            link_name: body.to_string(),
            probe_local_pos: positions,
            probe_normals: normals,
            ..self.clone()
        })
    }
}

/// The body a skin goes on, after checking the spacing and that it has colliders.
fn skin_body<'a>(scene: &'a Scene, body: &str, spacing: f64) -> Result<&'a crate::scene::Body> {
    check_param(
        "spacing",
        spacing,
        spacing.is_finite() && spacing > 0.0,
        "must be a finite distance > 0 (the probe spacing in metres)",
    )?;
    let index = scene.body_index(body)?;
    let b = &scene.bodies()[index];
    if b.colliders.is_empty() {
        return Err(SensingError::InvalidParameter {
            parameter: "body",
            requirement: "must have colliders to lay a skin over",
            value: format!("`{body}` without colliders"),
        });
    }
    Ok(b)
}
