//! The taxel sensor: probes on a link, read against the colliders of the other bodies, over
//! one scene or a batch of scenes.

use morsel_geometry::Shape;
use nalgebra::{Matrix3, Point3, Vector3};
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::bounds::{BoundingSphere, bounding_sphere};
use crate::error::{Result, SensingError};
use crate::scene::{Scene, SceneStructure};
use crate::surface_distance::{ClosedForm, nearest_triangle, projected};
use crate::taxel::config::{ContactDepthQuery, ProbeTouch, TaxelConfig};
use crate::taxel::degradation::Degradation;
use crate::taxel::history::History;
use crate::taxel::output_check::{ProbeSite, check_degraded, check_law};
use crate::taxel::probe_state::{ProbeState, StateHistories, probe_state, tangent_frame};

/// A collider another body carries, with its bound.
#[derive(Debug, Clone)]
struct Target {
    body: usize,
    collider: usize,
    bound: Option<BoundingSphere>,
}

/// A target placed for one read, everything in the link frame.
struct PlacedTarget<'a> {
    closed: ClosedForm,
    shape: &'a Shape,
    /// Rotation and origin of the collider frame in the link frame.
    rotation: Matrix3<f64>,
    origin: Vector3<f64>,
    /// Bounding sphere centre (link frame) and radius.
    bound: Option<(Vector3<f64>, f64)>,
    /// The touched body's velocity, angular velocity and origin, in the link frame.
    velocity: Vector3<f64>,
    angular_velocity: Vector3<f64>,
    body_origin: Vector3<f64>,
}

/// Force and torque of every probe, in the link frame.
///
/// Both arrays have shape `(num_envs, num_probes, 3)`, or `(num_envs, history_length,
/// num_probes, 3)` when the sensor keeps a history (index 0 the newest step).
#[derive(Debug, Clone, PartialEq)]
pub struct TaxelReading {
    /// Spring-damper force on each probe (N), link frame.
    pub force: ArrayD<f64>,
    /// Torque of each probe about the link origin (N·m), link frame.
    pub torque: ArrayD<f64>,
}

impl TaxelReading {
    /// The force, under the name reward code uses (`raw`).
    pub fn raw(&self) -> &ArrayD<f64> {
        &self.force
    }
}

/// Kinematic taxels: point probes rigidly attached to a link, each reading a spring-damper
/// force from its penetration into the nearest geometry of the other bodies and from the
/// relative motion (see [`TaxelConfig::probe_law`]).
///
/// Per probe: the signed distance `sd` to every collider of the other bodies whose bounding
/// sphere comes within the probe radius (a broad phase on the whole probe cloud first, then
/// per probe), the deepest one wins; `pen = R − sd`; the normal is the touched surface's
/// outward normal at the closest point; velocities are the rigid-body velocities of the two
/// bodies at the probe centre.
///
/// ```
/// use morsel_geometry::Shape;
/// use morsel_sensing::{Body, Scene, TaxelConfig, TaxelSensor};
/// use nalgebra::{Isometry3, Vector3};
///
/// let mut scene = Scene::new();
/// scene.add_body(Body::new("fingertip"))?;
/// // A block whose top face passes through the probe centre: the probe (radius 1 cm) is
/// // 1 cm deep, so the default stiffness (1000 N/m) gives 10 N along the face normal.
/// scene.add_body(Body::new("block")
///     .with_collider(Shape::cuboid(Vector3::new(0.1, 0.1, 0.05))?, Isometry3::identity())?
///     .with_pose(Isometry3::translation(0.0, 0.0, -0.05)))?;
/// let mut taxels = TaxelSensor::new(TaxelConfig::new("fingertip"), &scene)?;
/// let reading = taxels.read(&scene)?;
/// assert_eq!(reading.force.shape(), &[1, 1, 3]);
/// assert!((reading.force[[0, 0, 2]] - 10.0).abs() < 1e-9);
/// # Ok::<(), morsel_sensing::SensingError>(())
/// ```
#[derive(Debug, Clone)]
pub struct TaxelSensor {
    config: TaxelConfig,
    normal: Vector3<f64>,
    link: usize,
    structure: SceneStructure,
    targets: Vec<Target>,
    /// Bounding sphere of the probe centres, link frame.
    cloud_centre: Point3<f64>,
    cloud_radius: f64,
    rng: ChaCha8Rng,
    degradation: Degradation,
    force_history: History,
    torque_history: History,
    truth_force_history: History,
    truth_torque_history: History,
    state_histories: StateHistories,
}

impl TaxelSensor {
    /// Builds the sensor for `scene` (later reads take scenes with the same bodies and
    /// collider counts). Errors: invalid configuration, unknown link (the error lists the
    /// bodies).
    pub fn new(config: TaxelConfig, scene: &Scene) -> Result<Self> {
        config.validate()?;
        let link = scene.body_index(&config.link_name)?;
        let normal = config.unit_normal();
        let mut targets = Vec::new();
        for (b, body) in scene.bodies().iter().enumerate() {
            if b == link {
                continue;
            }
            for (c, collider) in body.colliders.iter().enumerate() {
                targets.push(Target {
                    body: b,
                    collider: c,
                    bound: bounding_sphere(&collider.shape),
                });
            }
        }
        let probes = &config.probe_local_pos;
        let cloud_centre = probes.iter().fold(Point3::origin(), |acc, p| {
            acc + p.coords / probes.len() as f64
        });
        let cloud_radius = probes
            .iter()
            .map(|p| (p - cloud_centre).norm())
            .fold(0.0, f64::max);
        let per_env = probes.len() * 3;
        Ok(Self {
            normal,
            link,
            structure: SceneStructure::of(scene),
            targets,
            cloud_centre,
            cloud_radius,
            rng: ChaCha8Rng::seed_from_u64(config.seed),
            degradation: Degradation::new(&config, config.unit_normals()),
            force_history: History::new(config.history_length, per_env),
            torque_history: History::new(config.history_length, per_env),
            truth_force_history: History::new(config.history_length, per_env),
            truth_torque_history: History::new(config.history_length, per_env),
            state_histories: StateHistories::new(config.history_length, probes.len()),
            config,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &TaxelConfig {
        &self.config
    }

    /// The shared probe normal, unit, link frame.
    pub fn probe_normal(&self) -> Vector3<f64> {
        self.normal
    }

    /// The number of probes.
    pub fn num_probes(&self) -> usize {
        self.config.probe_local_pos.len()
    }

    /// Index of the link body in the scene.
    pub fn link(&self) -> usize {
        self.link
    }

    /// Clears both branches' histories and the measured branch's state (hysteresis, delay
    /// line), and restarts the generators from the seed.
    pub fn reset(&mut self) {
        self.force_history.clear();
        self.torque_history.clear();
        self.truth_force_history.clear();
        self.truth_torque_history.clear();
        self.state_histories.clear();
        self.degradation.reset();
        self.rng = ChaCha8Rng::seed_from_u64(self.config.seed);
    }

    /// One step of the measured branch on one scene: arrays with `num_envs = 1`.
    pub fn read(&mut self, scene: &Scene) -> Result<TaxelReading> {
        self.read_batch(std::slice::from_ref(scene))
    }

    /// One step of the ground-truth branch on one scene: arrays with `num_envs = 1`.
    pub fn read_ground_truth(&mut self, scene: &Scene) -> Result<TaxelReading> {
        self.read_ground_truth_batch(std::slice::from_ref(scene))
    }

    /// One step of the measured branch on `scenes` (one per environment), evaluated in
    /// parallel: the probe law with each probe's radius redrawn (`probe_radius_noise`) and the
    /// penetration scaled by `probe_gain`, then the degradations in this order: crosstalk,
    /// hysteresis, delay and jitter, additive noise, bias, quantisation, dead taxels; the
    /// torque is `p × F + T_twist` from the degraded force. Each call is one step (it draws
    /// noise and advances the delay line and the history).
    ///
    /// Errors: a scene whose structure differs from the one the sensor was built for, a
    /// non-finite or out-of-range pose or velocity, a number of environments different from the
    /// state's, and a probe's force or torque that is not finite or beyond
    /// [`MAX_FORCE`](crate::MAX_FORCE) or [`MAX_MOMENT`](crate::MAX_MOMENT), after the law or
    /// after the degradations ([`SensingError::TaxelOutOfRange`], naming the probe, the law's
    /// terms and the parameters to lower). After such an error, [`reset`](Self::reset) before
    /// relying on the measured branch's state again.
    pub fn read_batch(&mut self, scenes: &[Scene]) -> Result<TaxelReading> {
        let envs = scenes.len();
        self.check_scenes(scenes)?;
        let radii = self.draw_radii(envs);
        let (mut force, mut torque) =
            self.evaluate_all(scenes, radii.as_deref(), Some(self.config.probe_gain))?;
        if !self.degradation.is_identity() {
            self.degradation.apply(envs, &mut force, &mut torque)?;
            check_degraded(&self.config.link_name, envs, &force, &torque)?;
        }
        let length = self.config.history_length;
        let probes = self.num_probes();
        output(
            (&mut self.force_history, &mut self.torque_history),
            length,
            (envs, probes),
            (force, torque),
        )
    }

    /// One step of the ground-truth branch on `scenes`: the probe law with the nominal radius
    /// and no gain nor degradation. It keeps its own history (index 0 the newest), separate
    /// from the measured branch's. Errors as [`read_batch`](Self::read_batch).
    pub fn read_ground_truth_batch(&mut self, scenes: &[Scene]) -> Result<TaxelReading> {
        let envs = scenes.len();
        self.check_scenes(scenes)?;
        let (force, torque) = self.evaluate_all(scenes, None, None)?;
        let length = self.config.history_length;
        let probes = self.num_probes();
        output(
            (
                &mut self.truth_force_history,
                &mut self.truth_torque_history,
            ),
            length,
            (envs, probes),
            (force, torque),
        )
    }

    /// One step of the per-probe contact flag, raw depth and slip on one scene.
    pub fn read_probe_state(&mut self, scene: &Scene) -> Result<ProbeState> {
        self.read_probe_state_batch(std::slice::from_ref(scene))
    }

    /// One step of the per-probe contact flag, raw penetration depth and slip (see
    /// [`ProbeState`]) on `scenes`, from the ground-truth geometry, with its own history.
    /// Errors as [`read_batch`](Self::read_batch).
    pub fn read_probe_state_batch(&mut self, scenes: &[Scene]) -> Result<ProbeState> {
        self.check_scenes(scenes)?;
        let probes = self.num_probes();
        let envs = scenes.len();
        let mut contact = vec![0.0; envs * probes];
        let mut depth = vec![0.0; envs * probes];
        let mut slip = vec![0.0; envs * probes * 2];
        let tangents: Vec<_> = self
            .config
            .unit_normals()
            .iter()
            .map(tangent_frame)
            .collect();
        contact
            .par_chunks_mut(probes.max(1))
            .zip(depth.par_chunks_mut(probes.max(1)))
            .zip(slip.par_chunks_mut((probes * 2).max(1)))
            .zip(scenes.par_iter())
            .try_for_each(|(((c, d), v), scene)| {
                self.visit(scene, None, 1.0, |i, _, touch| {
                    probe_state(
                        touch,
                        &tangents[i],
                        &mut c[i],
                        &mut d[i],
                        &mut v[i * 2..i * 2 + 2],
                    );
                })
            })?;
        self.state_histories
            .output((envs, probes), (contact, depth, slip))
    }

    fn check_scenes(&self, scenes: &[Scene]) -> Result<()> {
        for scene in scenes {
            self.check_scene(scene)?;
            scene.validate_state()?;
        }
        Ok(())
    }

    /// The probe law over every scene, in parallel: `(force, torque)`, `envs × probes × 3`
    /// each. `gain` is the measured branch's probe gain, `None` for the ground truth.
    fn evaluate_all(
        &self,
        scenes: &[Scene],
        radii: Option<&[f64]>,
        gain: Option<f64>,
    ) -> Result<(Vec<f64>, Vec<f64>)> {
        let envs = scenes.len();
        let probes = self.num_probes();
        let per_env = probes * 3;
        let mut force = vec![0.0; scenes.len() * per_env];
        let mut torque = vec![0.0; scenes.len() * per_env];
        force
            .par_chunks_mut(per_env.max(1))
            .zip(torque.par_chunks_mut(per_env.max(1)))
            .zip(scenes.par_iter())
            .enumerate()
            .try_for_each(|(e, ((f, t), scene))| {
                let r = radii.map(|r| &r[e * probes..(e + 1) * probes]);
                self.evaluate(scene, (envs > 1).then_some(e), r, gain, f, t)
            })?;
        Ok((force, torque))
    }

    /// Radii per environment and probe when noise is on (drawn serially, so that the result
    /// does not depend on the thread schedule).
    fn draw_radii(&mut self, envs: usize) -> Option<Vec<f64>> {
        let noise = self.config.probe_radius_noise;
        if noise <= 0.0 {
            return None;
        }
        let r = self.config.probe_radius;
        Some(
            (0..envs * self.num_probes())
                .map(|_| (r + self.rng.random_range(-1.0..=1.0) * noise).max(0.0))
                .collect(),
        )
    }

    pub(crate) fn check_scene(&self, scene: &Scene) -> Result<()> {
        self.structure.check(scene, "taxel")
    }

    /// Evaluates every probe in one scene (environment `env` of a batch of several) into
    /// `force` and `torque` (`num_probes × 3` each); the first probe whose reading is out of
    /// range is an error.
    fn evaluate(
        &self,
        scene: &Scene,
        env: Option<usize>,
        radii: Option<&[f64]>,
        gain: Option<f64>,
        force: &mut [f64],
        torque: &mut [f64],
    ) -> Result<()> {
        let mut first_error = None;
        self.visit(scene, radii, gain.unwrap_or(1.0), |i, p, touch| {
            let out = i * 3..i * 3 + 3;
            match touch {
                None => {
                    force[out.clone()].fill(0.0);
                    torque[out].fill(0.0);
                }
                Some(touch) => {
                    let (f, t) = self.config.probe_law(&Point3::from(*p), touch);
                    if first_error.is_none() {
                        let site = ProbeSite {
                            link: &self.config.link_name,
                            env,
                            probe: i,
                        };
                        first_error =
                            check_law(&self.config, site, touch, gain.is_some(), &f, &t).err();
                    }
                    force[out.clone()].copy_from_slice(f.as_slice());
                    torque[out].copy_from_slice(t.as_slice());
                }
            }
        })?;
        first_error.map_or(Ok(()), Err)
    }

    /// Finds what every probe touches in one scene and calls `visit(probe, position, touch)`
    /// with everything in the link frame (`None` when the probe touches nothing; the
    /// penetration is multiplied by `gain`).
    ///
    /// Everything is expressed in the link frame once per scene, so that a probe costs a
    /// squared-distance test per nearby target, and a closed-form distance only when it may
    /// touch.
    pub(super) fn visit(
        &self,
        scene: &Scene,
        radii: Option<&[f64]>,
        gain: f64,
        mut visit: impl FnMut(usize, &Vector3<f64>, Option<&ProbeTouch>),
    ) -> Result<()> {
        let bodies = scene.bodies();
        let link = &bodies[self.link];
        let to_link = link.pose.inverse();
        let link_rotation = to_link.rotation.to_rotation_matrix().into_inner();
        let link_velocity = link_rotation * link.linear_velocity;
        let link_angular = link_rotation * link.angular_velocity;
        let reach = self.cloud_radius + self.config.probe_radius + self.config.probe_radius_noise;
        // Broad phase on the whole probe cloud.
        let mut placed: Vec<PlacedTarget<'_>> = Vec::new();
        for t in &self.targets {
            let body = &bodies[t.body];
            let collider = &body.colliders[t.collider];
            let pose = to_link * body.pose * collider.local_pose;
            let bound = t.bound.map(|b| ((pose * b.centre).coords, b.radius));
            if let Some((centre, radius)) = bound
                && (centre - self.cloud_centre.coords).norm() - radius > reach
            {
                continue;
            }
            placed.push(PlacedTarget {
                closed: ClosedForm::of(&collider.shape),
                shape: &collider.shape,
                rotation: pose.rotation.to_rotation_matrix().into_inner(),
                origin: pose.translation.vector,
                bound,
                velocity: link_rotation * body.linear_velocity,
                angular_velocity: link_rotation * body.angular_velocity,
                body_origin: (to_link * body.pose).translation.vector,
            });
        }
        let raycast = self.config.contact_depth_query == ContactDepthQuery::Raycast;
        for (i, p) in self.config.probe_local_pos.iter().enumerate() {
            let radius = radii.map_or(self.config.probe_radius, |r| r[i]);
            let p = p.coords;
            // The deepest touch: (signed distance, normal in the link frame, target).
            let mut best: Option<(f64, Vector3<f64>, usize)> = None;
            for (k, t) in placed.iter().enumerate() {
                let limit = best.map_or(radius, |b| b.0);
                if let Some((centre, r)) = t.bound {
                    let gap = r + limit;
                    if gap <= 0.0 || (p - centre).norm_squared() >= gap * gap {
                        continue;
                    }
                }
                let local = Point3::from(t.rotation.tr_mul(&(p - t.origin)));
                let sd = match t.closed.distance(&local) {
                    Some(sd) => sd,
                    // Genesis's raycast: the nearest triangle within the probe radius.
                    None if raycast && is_mesh(t.shape) => {
                        match nearest_triangle(t.shape, &local, radius) {
                            Some(sd) => sd,
                            None => continue,
                        }
                    }
                    None => projected(t.shape, &local)?,
                };
                if sd.signed_distance < limit {
                    best = Some((sd.signed_distance, t.rotation * sd.normal, k));
                }
            }
            let Some((sd, normal, k)) = best else {
                visit(i, &p, None);
                continue;
            };
            let t = &placed[k];
            let touched = t.velocity + t.angular_velocity.cross(&(p - t.body_origin));
            let probe = link_velocity + link_angular.cross(&p);
            let touch = ProbeTouch {
                penetration: gain * (radius - sd),
                normal,
                relative_velocity: touched - probe,
                relative_angular_velocity: t.angular_velocity - link_angular,
            };
            visit(i, &p, Some(&touch));
        }
        Ok(())
    }
}

/// Whether a shape is a triangle mesh or a convex hull (the shapes `raycast` applies to).
fn is_mesh(shape: &Shape) -> bool {
    matches!(
        shape.kind(),
        morsel_geometry::ShapeKind::Mesh(_) | morsel_geometry::ShapeKind::ConvexHull(_)
    )
}

/// The reading of one branch: this step's arrays, or the branch's history with this step
/// pushed.
fn output(
    histories: (&mut History, &mut History),
    length: usize,
    (envs, probes): (usize, usize),
    (force, torque): (Vec<f64>, Vec<f64>),
) -> Result<TaxelReading> {
    if length == 0 {
        let shape = IxDyn(&[envs, probes, 3]);
        return Ok(TaxelReading {
            force: ArrayD::from_shape_vec(shape.clone(), force).map_err(shape_error)?,
            torque: ArrayD::from_shape_vec(shape, torque).map_err(shape_error)?,
        });
    }
    histories.0.push(envs, &force)?;
    histories.1.push(envs, &torque)?;
    let shape = IxDyn(&[envs, length, probes, 3]);
    Ok(TaxelReading {
        force: ArrayD::from_shape_vec(shape.clone(), histories.0.ordered()).map_err(shape_error)?,
        torque: ArrayD::from_shape_vec(shape, histories.1.ordered()).map_err(shape_error)?,
    })
}

fn shape_error(e: ndarray::ShapeError) -> SensingError {
    SensingError::InvalidParameter {
        parameter: "taxel output",
        requirement: "must match (num_envs, [history,] num_probes, 3)",
        value: e.to_string(),
    }
}
