//! [`DynamicsData`]: the bodies of one model and the buffers of one dynamics evaluation.

use std::sync::Arc;

use nalgebra::{DMatrix, Matrix3, Matrix6, Vector3};

use super::spatial::{Force, Inertia, Motion, Placement};
use super::tree::{Body, Tree, WORLD, axis_angle_matrix, quaternion_matrix};
use crate::error::check_all_finite;
use crate::{KinematicsError, Model, Result};

/// How far from 1 the norm of a configuration's quaternion may be before the dynamics refuse
/// it (within it, the quaternion is normalised, as MuJoCo does).
pub const QUATERNION_NORM_TOLERANCE: f64 = 1e-6;

/// The state and scratch buffers of the dynamics algorithms for one [`Model`].
///
/// Make one per model (and one per thread for parallel work) with [`DynamicsData::new`]; the
/// algorithms ([`rnea`](super::rnea), [`mass_matrix`](super::mass_matrix),
/// [`aba`](super::aba), ...) fill it without allocating.
#[derive(Clone, Debug)]
pub struct DynamicsData {
    pub(crate) tree: Arc<Tree>,
    model_id: u64,
    /// Gravity in the world frame (m/s²).
    pub(crate) gravity: Vector3<f64>,
    /// Each body's placement in its parent (or the world).
    pub(crate) placement: Vec<Placement>,
    /// Each body's pose in the world.
    pub(crate) world: Vec<Placement>,
    /// A floating or ball joint's rotation (its quaternion as a matrix).
    pub(crate) joint_rotation: Vec<Matrix3<f64>>,
    pub(crate) velocity: Vec<Motion>,
    /// Each joint's own velocity `S q̇` (child frame), as RNEA left it.
    pub(crate) joint_velocity: Vec<Motion>,
    pub(crate) acceleration: Vec<Motion>,
    pub(crate) force: Vec<Force>,
    /// Velocity-product accelerations `c = c_J + v × v_J` (ABA).
    pub(crate) bias: Vec<Motion>,
    pub(crate) composite: Vec<Inertia>,
    /// Composite inertias in the world frame (CRBA).
    pub(crate) world_composite: Vec<Inertia>,
    /// Each body's joint motion columns `S` in the world frame (CRBA; up to 6).
    pub(crate) world_columns: Vec<[Motion; 6]>,
    pub(crate) articulated: Vec<Matrix6<f64>>,
    pub(crate) articulated_bias: Vec<Force>,
    /// `U = I^A S` per body, up to 6 columns.
    pub(crate) u: Vec<[[f64; 6]; 6]>,
    /// `D⁻¹` per body (up to 6 × 6, row-major in the first nv × nv entries).
    pub(crate) d_inv: Vec<[[f64; 6]; 6]>,
    /// `u = τ − Sᵀ p^A` per body.
    pub(crate) u_bias: Vec<[f64; 6]>,
    /// External forces on the bodies, in body frames.
    pub(crate) external: Vec<Force>,
    /// The joint torques of the last [`rnea`](super::rnea) (length nv).
    pub(crate) tau: Vec<f64>,
    /// The accelerations of the last [`aba`](super::aba) (length nv).
    pub(crate) qdd: Vec<f64>,
    /// The mass matrix of the last [`mass_matrix`](super::mass_matrix) (nv × nv).
    pub(crate) mass: DMatrix<f64>,
    pub(crate) scratch: Vec<f64>,
    /// The configuration with its quaternions normalised.
    pub(crate) q: Vec<f64>,
}

impl DynamicsData {
    /// The bodies of `model` and buffers sized for it; gravity is the model's
    /// ([`Model::gravity`]: an MJCF `<option gravity>`, otherwise `[0, 0, −9.81]`).
    pub fn new(model: &Model) -> DynamicsData {
        let tree = Tree::new(model);
        let n = tree.bodies.len();
        let nv = tree.nv;
        DynamicsData {
            model_id: model.id(),
            gravity: model.gravity(),
            placement: vec![Placement::IDENTITY; n],
            world: vec![Placement::IDENTITY; n],
            joint_rotation: vec![Matrix3::identity(); n],
            velocity: vec![Motion::ZERO; n],
            joint_velocity: vec![Motion::ZERO; n],
            acceleration: vec![Motion::ZERO; n],
            force: vec![Force::ZERO; n],
            bias: vec![Motion::ZERO; n],
            composite: vec![Inertia::ZERO; n],
            world_composite: vec![Inertia::ZERO; n],
            world_columns: vec![[Motion::ZERO; 6]; n],
            articulated: vec![Matrix6::zeros(); n],
            articulated_bias: vec![Force::ZERO; n],
            u: vec![[[0.0; 6]; 6]; n],
            d_inv: vec![[[0.0; 6]; 6]; n],
            u_bias: vec![[0.0; 6]; n],
            external: vec![Force::ZERO; n],
            tau: vec![0.0; nv],
            qdd: vec![0.0; nv],
            mass: DMatrix::zeros(nv, nv),
            scratch: vec![0.0; nv],
            q: vec![0.0; tree.nq],
            tree: Arc::new(tree),
        }
    }

    /// Gravity in the world frame (m/s²).
    pub fn gravity(&self) -> Vector3<f64> {
        self.gravity
    }

    /// Sets gravity in the world frame (m/s²; finite).
    pub fn set_gravity(&mut self, gravity: Vector3<f64>) -> Result<()> {
        check_all_finite("gravity", gravity.as_slice())?;
        self.gravity = gravity;
        Ok(())
    }

    /// The joint torques left by the last [`rnea`](super::rnea) call.
    pub fn tau(&self) -> &[f64] {
        &self.tau
    }

    /// The accelerations left by the last [`aba`](super::aba) call.
    pub fn qdd(&self) -> &[f64] {
        &self.qdd
    }

    /// The mass matrix left by the last [`mass_matrix`](super::mass_matrix) call.
    pub fn mass(&self) -> &DMatrix<f64> {
        &self.mass
    }

    /// Checks that this data was made for `model`.
    pub(crate) fn check_model(&self, model: &Model) -> Result<()> {
        if self.model_id != model.id() {
            return Err(KinematicsError::invalid(
                "dynamics data",
                "it was made for another model; create it with DynamicsData::new(&model)",
            ));
        }
        Ok(())
    }

    /// Checks `q` (length, finite, unit quaternions within [`QUATERNION_NORM_TOLERANCE`]) and
    /// keeps it with its quaternions normalised.
    pub(crate) fn load_configuration(&mut self, model: &Model, q: &[f64]) -> Result<()> {
        self.check_model(model)?;
        if q.len() != self.tree.nq {
            return Err(KinematicsError::WrongLength {
                what: "configuration q",
                expected: self.tree.nq,
                got: q.len(),
            });
        }
        check_all_finite("configuration q", q)?;
        self.q.copy_from_slice(q);
        for &(id, w) in &self.tree.quaternions {
            let joint = model.joint(id);
            let quat = &mut self.q[w..w + 4];
            let norm = quat.iter().map(|x| x * x).sum::<f64>().sqrt();
            if (norm - 1.0).abs() > QUATERNION_NORM_TOLERANCE {
                return Err(KinematicsError::invalid(
                    format!(
                        "configuration q[{w}..{}], the quaternion w, x, y, z of {} joint \"{}\"",
                        w + 4,
                        joint.kind().name(),
                        joint.name()
                    ),
                    format!(
                        "its norm is {norm}, not 1 within {QUATERNION_NORM_TOLERANCE}; normalise it"
                    ),
                ));
            }
            quat.iter_mut().for_each(|x| *x /= norm);
        }
        Ok(())
    }

    /// Fills each body's placement in its parent and in the world from the loaded
    /// configuration (no checks).
    pub(crate) fn update_placements(&mut self) {
        let tree = Arc::clone(&self.tree);
        for (i, body) in tree.bodies.iter().enumerate() {
            let (p, rotation) = joint_placement(body, &self.q);
            self.joint_rotation[i] = rotation;
            self.placement[i] = p;
            self.world[i] = if body.parent == WORLD {
                p
            } else {
                self.world[body.parent].compose(&p)
            };
        }
    }
}

/// Checks the length and finiteness of a velocity-layout vector.
pub(crate) fn check_tangent(what: &'static str, values: &[f64], nv: usize) -> Result<()> {
    if values.len() != nv {
        return Err(KinematicsError::WrongLength {
            what,
            expected: nv,
            got: values.len(),
        });
    }
    check_all_finite(what, values)
}

/// The body's placement in its parent at `q` (its joint's origin composed with the joint's
/// motion) and, for ball and floating joints, the rotation their quaternion holds. A revolute
/// joint about a frame axis turns two columns of the origin's rotation; one-value joints skip
/// the products with a zero translation or an identity rotation.
#[inline(always)]
fn joint_placement(body: &Body, q: &[f64]) -> (Placement, Matrix3<f64>) {
    use super::tree::Motion as J;
    let origin = &body.origin;
    match body.motion {
        J::Revolute(axis) => {
            let angle = body.multiplier * q[body.idx_q] + body.offset;
            let r = match body.aligned {
                Some((k, sign)) => {
                    let (s, c) = angle.sin_cos();
                    let s = sign * s;
                    let (a, b) = ((k + 1) % 3, (k + 2) % 3);
                    let (ca, cb) = (
                        origin.r.column(a).into_owned(),
                        origin.r.column(b).into_owned(),
                    );
                    let mut r = origin.r;
                    r.set_column(a, &(ca * c + cb * s));
                    r.set_column(b, &(cb * c - ca * s));
                    r
                }
                None => origin.r * axis_angle_matrix(&axis, angle),
            };
            (Placement { r, t: origin.t }, Matrix3::identity())
        }
        J::Prismatic(axis) => {
            let d = body.multiplier * q[body.idx_q] + body.offset;
            (
                Placement {
                    r: origin.r,
                    t: origin.r * (axis * d) + origin.t,
                },
                Matrix3::identity(),
            )
        }
        J::Ball => {
            let rotation = quaternion_matrix(&q[body.idx_q..body.idx_q + 4]);
            (
                Placement {
                    r: origin.r * rotation,
                    t: origin.t,
                },
                rotation,
            )
        }
        J::Floating => {
            let i = body.idx_q;
            let rotation = quaternion_matrix(&q[i + 3..i + 7]);
            let local = Placement {
                r: rotation,
                t: Vector3::new(q[i], q[i + 1], q[i + 2]),
            };
            (origin.compose(&local), rotation)
        }
    }
}
