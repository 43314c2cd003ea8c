//! MIMo-style touch: sensors spread over bodies, fed by contacts.
//!
//! - **Point touch** ([`TouchKind::Points`], MIMo's `DiscreteTouch`): one group of sensor
//!   points per geom of each sensing body, in the geom frame. Searches use plain Euclidean
//!   distance.
//! - **Mesh touch** ([`TouchKind::Mesh`], MIMo's `TrimeshTouch`): one group per body, the active
//!   vertices of the body's merged sensor mesh ([`BodyMesh`]), in the body frame. The
//!   within-distance search follows the path rule (see `path_search`): a sensor counts only if
//!   a path of vertices all within the radius joins it to the vertex nearest the contact, per
//!   geom mesh.
//!
//! Per observation, each contact with a normal force of at least [`MIN_NORMAL_FORCE`] is
//! processed once per sensing side: the contact point is moved onto that body's surface (half
//! the depth along the normal), the [`TouchFunction`] gives the force **on** that body, and the
//! [`ResponseFunction`] hands it to the sensors. `spread_linear` conserves each contact's value
//! exactly; when no sensor is within reach (twice the scale) the value goes to the nearest
//! sensor instead of being lost.
//!
//! The flat output is ordered by group (bodies in scene order, then geoms in collider order for
//! point touch), then by sensor; [`TouchModel::sensor_positions`] and [`Touch::body_output`]
//! are aligned with it index by index.

mod body_mesh;
mod config;
mod data;
pub(crate) mod load;
mod mimo_active;
mod model;
mod mujoco_observe;
mod observe;
mod path_search;
pub(crate) mod search;

pub use body_mesh::{BodyMesh, FACING_STEP};
pub use config::{MeshLayout, ResponseFunction, TouchConfig, TouchFunction, TouchKind};
pub use data::TouchData;
pub use load::{BodyLoad, LOAD_MIN_FORCE, LoadOptions};
pub use model::{SensorGroup, TouchModel};
pub use observe::MIN_NORMAL_FORCE;

use nalgebra::Point3;
use ndarray::ArrayView2;

use crate::contact::Contact;
use crate::error::{Result, SensingError};
use crate::penalty::PenaltyLaw;
use crate::plot::PlotOptions;
use crate::scene::Scene;

/// A touch sensor: its model (sensor layout) and its data (outputs, scratch).
///
/// ```
/// use morsel_geometry::Shape;
/// use morsel_sensing::{Body, Scene, Touch, TouchConfig, TouchKind, PenaltyLaw};
/// use nalgebra::{Isometry3, Vector3};
///
/// let mut scene = Scene::new();
/// scene.add_body(Body::new("pad")
///     .with_collider(Shape::cuboid(Vector3::new(0.05, 0.05, 0.01))?, Isometry3::identity())?)?;
/// scene.add_body(Body::new("ball")
///     .with_collider(Shape::sphere(0.02)?, Isometry3::identity())?
///     .with_pose(Isometry3::translation(0.0, 0.0, 0.0295)))?;
/// // Morsel's fixes: MIMo's quirks would drop this straight press (its x component is 0).
/// let config = TouchConfig::new(TouchKind::Mesh).scale("pad", 0.01).mimo_quirks(false);
/// let mut touch = Touch::new(&scene, &config)?;
/// let out = touch.observe(&scene, &PenaltyLaw::default())?;
/// // The ball presses the pad down with 1e4 N/m × 0.5 mm = 5 N, spread over the sensors.
/// let fz: f64 = out.chunks(3).map(|f| f[2]).sum();
/// assert!((fz + 5.0).abs() < 1e-6);
/// # Ok::<(), morsel_sensing::SensingError>(())
/// ```
#[derive(Debug)]
pub struct Touch {
    model: TouchModel,
    data: TouchData,
    /// The id of the [`crate::MujocoScene`] whose structure was last checked against the
    /// model (see [`Touch::observe_mujoco`]).
    checked_mujoco: Option<u64>,
}

impl Touch {
    /// Builds the sensors (see [`TouchModel::new`] for the errors).
    pub fn new(scene: &Scene, config: &TouchConfig) -> Result<Self> {
        let model = TouchModel::new(scene, config)?;
        let data = TouchData::new(&model);
        Ok(Self {
            model,
            data,
            checked_mujoco: None,
        })
    }

    /// The sensor layout.
    pub fn model(&self) -> &TouchModel {
        &self.model
    }

    /// The outputs and scratch.
    pub fn data(&self) -> &TouchData {
        &self.data
    }

    /// The whole pipeline: contacts of `scene` from geometry, forces from `law`, sensor outputs.
    /// Returns the flat output (see [`Touch::output`]).
    pub fn observe(&mut self, scene: &Scene, law: &PenaltyLaw) -> Result<&[f64]> {
        self.model.check_scene(scene)?;
        let mut contacts = std::mem::take(&mut self.data.contacts);
        let model = &self.model;
        let sensing = |a: usize, b: usize| {
            !model.groups_of_body(a).is_empty() || !model.groups_of_body(b).is_empty()
        };
        let result = law
            .contacts_into(scene, sensing, &mut contacts)
            .and_then(|()| self.model.observe(&mut self.data, scene, &contacts));
        self.data.contacts = contacts;
        result?;
        Ok(&self.data.output)
    }

    /// The pipeline on contacts given with their forces (for instance from a simulator).
    pub fn observe_contacts(&mut self, scene: &Scene, contacts: &[Contact]) -> Result<&[f64]> {
        self.model.observe(&mut self.data, scene, contacts)?;
        Ok(&self.data.output)
    }

    /// The flat output of the last observation: `sensor_count × values_per_sensor` values.
    pub fn output(&self) -> &[f64] {
        &self.data.output
    }

    /// The sensors the last observation wrote (in write order, a sensor once per write): every
    /// other sensor's output is zero, so that a caller can copy the output sparsely.
    pub fn written_sensors(&self) -> &[u32] {
        &self.data.dirty
    }

    /// The shape of the output: `[sensor_count, values_per_sensor]`.
    pub fn output_shape(&self) -> [usize; 2] {
        [self.model.sensor_count(), self.model.values_per_sensor()]
    }

    /// The outputs of body `name`, shape `(sensors of the body, values per sensor)`, aligned
    /// with [`Touch::sensor_positions`].
    pub fn body_output(&self, name: &str) -> Result<ArrayView2<'_, f64>> {
        let range = self.model.body_sensor_range(name)?;
        let m = self.model.values_per_sensor();
        let slice = &self.data.output[range.start * m..range.end * m];
        ArrayView2::from_shape((range.len(), m), slice).map_err(|e| {
            SensingError::InvalidParameter {
                parameter: "output",
                requirement: "must match the sensor layout",
                value: e.to_string(),
            }
        })
    }

    /// The outputs of sensor group `group` (a geom for point touch, a body for mesh touch),
    /// shape `(sensors of the group, values per sensor)`, aligned with the group's positions.
    pub fn group_output(&self, group: usize) -> Result<ArrayView2<'_, f64>> {
        let groups = self.model.groups();
        let g = groups
            .get(group)
            .ok_or_else(|| SensingError::InvalidParameter {
                parameter: "group",
                requirement: "must index a sensor group",
                value: format!("{group} (there are {})", groups.len()),
            })?;
        let m = self.model.values_per_sensor();
        let slice = &self.data.output[g.offset() * m..(g.offset() + g.len()) * m];
        ArrayView2::from_shape((g.len(), m), slice).map_err(|e| SensingError::InvalidParameter {
            parameter: "output",
            requirement: "must match the sensor layout",
            value: e.to_string(),
        })
    }

    /// Sensor positions of body `name` in the body frame.
    pub fn sensor_positions(&self, name: &str) -> Result<Vec<Point3<f64>>> {
        self.model.sensor_positions(name)
    }

    /// The contacts used by the last [`Touch::observe`] or [`Touch::observe_mujoco`].
    pub fn contacts(&self) -> &[Contact] {
        &self.data.contacts
    }

    /// SVG of the sensor points of body `name` (body frame).
    pub fn plot_sensors(&self, name: &str, options: &PlotOptions) -> Result<String> {
        crate::plot::touch_sensors_svg(&self.model, name, options)
    }

    /// SVG of the last outputs of `bodies`, in the world frame at their poses in `scene`.
    pub fn plot_outputs(
        &self,
        scene: &Scene,
        bodies: &[&str],
        options: &PlotOptions,
    ) -> Result<String> {
        crate::plot::touch_outputs_svg(&self.model, &self.data.output, scene, bodies, options)
    }

    /// [`Touch::plot_outputs`] of `bodies` when given, else of every sensing body.
    pub fn plot_outputs_of(
        &self,
        scene: &Scene,
        bodies: Option<&[String]>,
        options: &PlotOptions,
    ) -> Result<String> {
        let names: Vec<&str> = match bodies {
            Some(b) => b.iter().map(String::as_str).collect(),
            None => self.model.sensing_bodies(),
        };
        self.plot_outputs(scene, &names, options)
    }
}
