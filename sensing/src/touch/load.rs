//! A body's contact load as its touch sensors feel it: the total force, its moment about a
//! point and the centre of pressure, summed from the sensor outputs of the last observation.
//!
//! Each sensor's output is a force (world frame, or the group frame turned into the world
//! frame) applied at the sensor's world position. The total force equals the sum of the
//! contact forces the sensors received (the response functions conserve it); the moment
//! differs from the contacts' own by where the response put each force: `nearest` moves a
//! contact's force to its nearest sensor, `spread_linear` to sensors within twice the scale,
//! so the moment is off by at most `Σ |fₖ| · dₖ`, with `dₖ` that distance.

use nalgebra::{Point3, Vector3};

use crate::error::{Result, SensingError};
use crate::scene::Scene;
use crate::touch::Touch;
use crate::touch::config::TouchFunction;

/// Default [`LoadOptions::min_force`] (N).
pub const LOAD_MIN_FORCE: f64 = 1e-6;

/// Where [`Touch::body_load`] takes moments and when it gives a centre of pressure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadOptions {
    /// The point (world frame) the moment is taken about; the centre of pressure lies on the
    /// horizontal plane through it (`z = point.z`). Default the origin.
    pub point: Point3<f64>,
    /// No centre of pressure when the vertical force `|f_z|` is below this (N). Default
    /// [`LOAD_MIN_FORCE`].
    pub min_force: f64,
}

impl Default for LoadOptions {
    fn default() -> Self {
        Self {
            point: Point3::origin(),
            min_force: LOAD_MIN_FORCE,
        }
    }
}

/// A body's contact load, in the world frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyLoad {
    /// The total contact force on the body (N).
    pub force: Vector3<f64>,
    /// Its moment about [`LoadOptions::point`] (N·m).
    pub moment: Vector3<f64>,
    /// The point of the plane `z = point.z` about which the load has no horizontal moment;
    /// `None` when `|force.z| < min_force`.
    pub cop: Option<Point3<f64>>,
}

impl BodyLoad {
    /// Sums forces `f` applied at points `p` into a load about `options.point`.
    pub fn from_point_forces(
        forces: impl IntoIterator<Item = (Point3<f64>, Vector3<f64>)>,
        options: &LoadOptions,
    ) -> Result<Self> {
        check_options(options)?;
        let mut force = Vector3::zeros();
        let mut moment = Vector3::zeros();
        for (p, f) in forces {
            force += f;
            moment += (p - options.point).cross(&f);
        }
        Ok(Self::from_wrench(force, moment, options))
    }

    /// The load of a net `force` and `moment` about `options.point`, with its centre of
    /// pressure.
    pub fn from_wrench(force: Vector3<f64>, moment: Vector3<f64>, options: &LoadOptions) -> Self {
        let cop = (force.z.abs() >= options.min_force && force.z != 0.0).then(|| {
            // Moment about c = o + (dx, dy, 0): τ − (c − o) × f, horizontal parts zero.
            let o = options.point;
            Point3::new(o.x - moment.y / force.z, o.y + moment.x / force.z, o.z)
        });
        Self { force, moment, cop }
    }
}

pub(crate) fn check_options(options: &LoadOptions) -> Result<()> {
    let p = options.point;
    if !(p.x.is_finite() && p.y.is_finite() && p.z.is_finite()) {
        return Err(SensingError::NonFinite {
            what: "the load's reference point",
            value: format!("{:?}", [p.x, p.y, p.z]),
        });
    }
    if !(options.min_force.is_finite() && options.min_force >= 0.0) {
        return Err(SensingError::InvalidParameter {
            parameter: "min_force",
            requirement: "must be a finite force of at least 0 N",
            value: options.min_force.to_string(),
        });
    }
    Ok(())
}

impl Touch {
    /// The contact load on body `name` felt by its sensors in the last observation, at the
    /// poses of `scene` (the scene that observation read).
    ///
    /// Needs a force-valued touch function: `force_vector_global`, `force_vector`, or
    /// `normal_force` (the normal part of each contact force only); otherwise
    /// [`SensingError::NotForce`]. A sensor that follows
    /// [`mimo_quirks`](crate::TouchConfig::mimo_quirks) gives [`SensingError::MimoQuirks`] (its
    /// outputs lose or misplace forces). Other errors: a body without sensors, a scene of
    /// another structure, a non-finite point, a negative `min_force`.
    ///
    /// ```
    /// use morsel_geometry::Shape;
    /// use morsel_sensing::touch::LoadOptions;
    /// use morsel_sensing::{
    ///     Body, Contact, ResponseFunction, Scene, Touch, TouchConfig, TouchFunction, TouchKind,
    /// };
    /// use nalgebra::{Isometry3, Point3, Vector3};
    ///
    /// let mut scene = Scene::new();
    /// let ground = scene.add_body(Body::new("ground")
    ///     .with_collider(Shape::cuboid(Vector3::new(1.0, 1.0, 0.1))?,
    ///                    Isometry3::translation(0.0, 0.0, -0.1))?)?;
    /// let foot = scene.add_body(Body::new("foot")
    ///     .with_collider(Shape::cuboid(Vector3::new(0.1, 0.05, 0.02))?, Isometry3::identity())?
    ///     .with_pose(Isometry3::translation(0.0, 0.0, 0.02)))?;
    /// let config = TouchConfig::new(TouchKind::Points)
    ///     .scale("foot", 0.01)
    ///     .touch_function(TouchFunction::ForceVectorGlobal)
    ///     .response_function(ResponseFunction::Nearest) // the corners are sensors: exact
    ///     .mimo_quirks(false);
    /// let mut touch = Touch::new(&scene, &config)?;
    /// // 30 N under the heel corners, 10 N under the toe corners: the CoP is 5 cm behind.
    /// let up = Vector3::z();
    /// let contacts: Vec<Contact> = [(-0.1, -0.05, 15.0), (-0.1, 0.05, 15.0),
    ///                               (0.1, -0.05, 5.0), (0.1, 0.05, 5.0)]
    ///     .iter()
    ///     .map(|&(x, y, f)| Contact::new(ground, foot, Point3::new(x, y, 0.0), up, 0.0, up * f))
    ///     .collect::<Result<_, _>>()?;
    /// touch.observe_contacts(&scene, &contacts)?;
    /// let load = touch.body_load(&scene, "foot", &LoadOptions::default())?;
    /// assert!((load.force.z - 40.0).abs() < 1e-9);
    /// let cop = load.cop.unwrap();
    /// assert!((cop.x + 0.05).abs() < 1e-9 && cop.y.abs() < 1e-9);
    /// # Ok::<(), morsel_sensing::SensingError>(())
    /// ```
    pub fn body_load(&self, scene: &Scene, name: &str, options: &LoadOptions) -> Result<BodyLoad> {
        check_options(options)?;
        let model = self.model();
        let function = model.touch_function();
        let global = match function {
            TouchFunction::ForceVectorGlobal => true,
            TouchFunction::ForceVector | TouchFunction::NormalForce => false,
            TouchFunction::Normal => {
                return Err(SensingError::NotForce {
                    function: function.name(),
                    reason: "it gives a scalar without a direction; use force_vector_global, \
                             force_vector or normal_force",
                });
            }
        };
        if model.mimo_quirks() {
            return Err(SensingError::MimoQuirks { what: "body_load" });
        }
        model.check_scene(scene)?;
        let body = model.sensing_body_index(name)?;
        let pose = scene.bodies()[body].pose;
        let out = self.output();
        let mut forces = Vec::new();
        for group in model.groups_of_body(body) {
            let frame = pose * group.local_pose();
            for (i, p) in group.positions().iter().enumerate() {
                let at = (group.offset() + i) * 3;
                let v = Vector3::new(out[at], out[at + 1], out[at + 2]);
                if v == Vector3::zeros() {
                    continue;
                }
                let f = if global { v } else { frame.rotation * v };
                forces.push((frame * p, f));
            }
        }
        BodyLoad::from_point_forces(forces, options)
    }
}
