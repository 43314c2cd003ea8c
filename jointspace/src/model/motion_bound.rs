//! How fast the exact distance of each pair of a [`CollisionSampler`] can change with the
//! sampled joints: the Lipschitz bound on which the sound certificate ([`super::certify`])
//! rests.
//!
//! Take a pair of objects A (on link `la`) and B (on link `lb`), and the joints that lie on
//! exactly one of the two paths from the root (the joints on both paths move A and B together
//! and leave their distance alone). Seen from the last link the two paths share, a point `x`
//! of A moves, when the sampled joints move, at the speed
//! `|ẋ| ≤ Σ_i |μ_i| ρ_i |q̇_{a(i)}|` over the joints `i` of A's side: joint `i` is sampled (or
//! mimics sampled joint `a(i)` with multiplier `μ_i`), and `ρ_i` bounds the distance of every
//! point of A from joint `i`'s axis (a revolute joint), or is 1 (a prismatic one). So along any
//! path inside a box of half-widths `h`, every point of A moves by at most
//! `Σ_a L^A_a h_a` with `L^A_a = Σ_{i: a(i) = a} |μ_i| ρ_i`, and the same for B; for any two
//! points the distance between them changes by at most the sum, and so does the distance
//! between the two solids: `|d(q) − d(c)| ≤ Σ_a (L^A_a + L^B_a) |q_a − c_a|`.
//!
//! `ρ_i`, the largest distance of A's points from joint `i`'s axis, depends on the joints
//! between `i` and A (upstream joints move the axis and A together). It is computed from the
//! geometry as the largest value over a grid of those downstream joints over the sampler's
//! ranges, plus what the grid can miss: from a grid point to any configuration within half a
//! grid step, the points move (relative to joint `i`) by at most `Σ_{j > i} |μ_j| ρ_j s_j / 2`,
//! and so does their distance from the axis. The joints are visited from A upward, so the
//! downstream `ρ_j` are known. The points of A: a mesh's convex hull vertices (the distance
//! from a line is convex, so its largest value over a solid is at a hull vertex); a primitive
//! as a few balls that contain it (a box's corners, a sphere's centre and radius, a
//! cylinder's or capsule's end centres and radius). A moving half-space has no bound and is
//! refused.

use morsel_geometry::{Shape, ShapeKind};
use morsel_kinematics::{Data, JointId, forward_kinematics};
use nalgebra::Point3;

use crate::collision_model::CollisionObject;
use crate::error::{JointspaceError, Result};
use crate::sampler::CollisionSampler;

/// Relative safety factor on every `ρ` (rounding in the kinematics and the geometry).
const SAFETY: f64 = 1e-9;

/// Most configurations in the grid over the downstream joints of one joint.
const GRID_POINTS: usize = 4096;

/// Per active pair of a sampler, per sampled joint: `L_a` (m per unit of the joint), so that
/// the pair's exact distance changes by at most `Σ_a L_a |Δq_a|` inside the sampler's box.
#[derive(Clone, Debug, PartialEq)]
pub struct MotionBound {
    /// `rates[pair][axis]`.
    pub rates: Vec<Vec<f64>>,
}

impl MotionBound {
    /// The bound of every active pair of `sampler` (see the module documentation).
    ///
    /// Errors when a moving object is a half-space (its points move without bound).
    pub fn of(sampler: &CollisionSampler) -> Result<MotionBound> {
        let model = sampler.model();
        let collision = sampler.collision_model();
        let k = sampler.subspace().dim();
        let mut rates = Vec::with_capacity(collision.pairs().len());
        for p in collision.pairs() {
            let (a, b) = (collision.object(p.first), collision.object(p.second));
            let path_a = model.moving_joint_path(a.link());
            let path_b = model.moving_joint_path(b.link());
            let mut pair = vec![0.0; k];
            for (object, own, other) in [(a, &path_a, &path_b), (b, &path_b, &path_a)] {
                let chain: Vec<JointId> =
                    own.iter().filter(|j| !other.contains(j)).copied().collect();
                for (axis, rate) in side_rates(sampler, object, &chain)? {
                    pair[axis] += rate;
                }
            }
            rates.push(pair);
        }
        Ok(MotionBound { rates })
    }

    /// A bound `factor` times this one (a test of the certificate with a wrong bound).
    pub fn scaled(&self, factor: f64) -> MotionBound {
        MotionBound {
            rates: self
                .rates
                .iter()
                .map(|r| r.iter().map(|v| v * factor).collect())
                .collect(),
        }
    }

    /// How far pair `pair`'s distance can fall inside a box of half-widths `half`.
    #[inline]
    pub(crate) fn reach(&self, pair: usize, half: &[f64]) -> f64 {
        self.rates[pair].iter().zip(half).map(|(r, h)| r * h).sum()
    }
}

/// A sampled joint on one side's chain: its position in the chain, the joint, the sampled axis
/// that drives it and `|multiplier|`.
struct Driven {
    position: usize,
    joint: JointId,
    axis: usize,
    gain: f64,
}

/// `(axis, L)` contributions of one side of a pair: its object and the joints of its chain.
fn side_rates(
    sampler: &CollisionSampler,
    object: &CollisionObject,
    chain: &[JointId],
) -> Result<Vec<(usize, f64)>> {
    let model = sampler.model();
    let sub = sampler.subspace();
    let driven: Vec<Driven> = chain
        .iter()
        .enumerate()
        .filter_map(|(position, &joint)| {
            let (source, gain) = match model.joint(joint).mimic() {
                Some(m) => (m.joint, m.multiplier.abs()),
                None => (joint, 1.0),
            };
            let axis = sub.joints().iter().position(|s| s.joint == source)?;
            Some(Driven {
                position,
                joint,
                axis,
                gain,
            })
        })
        .collect();
    if driven.is_empty() {
        return Ok(Vec::new());
    }
    let balls = object_balls(object)?;
    let ranges = sub.ranges();
    let mut rho = vec![0.0; driven.len()];
    let mut data = Data::new(model);
    let mut q = sub.reference().to_vec();
    let centre: Vec<f64> = ranges.iter().map(|r| 0.5 * (r[0] + r[1])).collect();
    for e in (0..driven.len()).rev() {
        let joint = model.joint(driven[e].joint);
        if !joint.kind().is_revolute() {
            rho[e] = 1.0;
            continue;
        }
        // The sampled axes that drive joints below this one.
        let mut down: Vec<usize> = driven[e + 1..]
            .iter()
            .filter(|d| d.position > driven[e].position)
            .map(|d| d.axis)
            .collect();
        down.sort_unstable();
        down.dedup();
        let per_axis = if down.is_empty() {
            1
        } else {
            let n = (GRID_POINTS as f64).powf(1.0 / down.len() as f64).floor() as usize;
            n.max(2)
        };
        let steps: Vec<f64> = down
            .iter()
            .map(|&a| (ranges[a][1] - ranges[a][0]) / per_axis as f64)
            .collect();
        let mut point = centre.clone();
        let mut largest = 0.0_f64;
        let total = per_axis.pow(down.len() as u32);
        for g in 0..total {
            let mut rest = g;
            for (i, &a) in down.iter().enumerate() {
                let t = rest % per_axis;
                rest /= per_axis;
                point[a] = ranges[a][0] + (t as f64 + 0.5) * steps[i];
            }
            sub.write(&point, &mut q);
            forward_kinematics(model, &mut data, &q)?;
            let frame = data.world_from_link(joint.parent_link()) * joint.parent_from_joint();
            let origin = Point3::from(frame.translation.vector);
            let direction = frame.rotation * joint.axis().into_inner();
            let world_from_shape =
                data.world_from_link(object.link()) * object.collider().local_pose;
            for (c, r) in &balls {
                let x = world_from_shape * c - origin;
                let across = x - direction * x.dot(&direction);
                largest = largest.max(across.norm() + r);
            }
        }
        // What the grid can miss: the joints below move the points by at most this much
        // within half a grid step.
        let missed: f64 = down
            .iter()
            .zip(&steps)
            .map(|(&a, s)| {
                let rate: f64 = (e + 1..driven.len())
                    .filter(|&d| driven[d].axis == a && driven[d].position > driven[e].position)
                    .map(|d| driven[d].gain * rho[d])
                    .sum();
                rate * 0.5 * s
            })
            .sum();
        rho[e] = (largest + missed) * (1.0 + SAFETY) + 1e-12;
    }
    Ok(driven
        .iter()
        .zip(&rho)
        .map(|(d, r)| (d.axis, d.gain * r))
        .collect())
}

/// Balls (centre in the shape's frame, radius) whose convex hull contains the object's shape.
fn object_balls(object: &CollisionObject) -> Result<Vec<(Point3<f64>, f64)>> {
    let shape = &object.collider().shape;
    let ends = |r: f64, h: f64| {
        vec![
            (Point3::new(0.0, 0.0, -h), r),
            (Point3::new(0.0, 0.0, h), r),
        ]
    };
    Ok(match shape.kind() {
        ShapeKind::Cuboid { half_extents: e } => (0..8)
            .map(|i| {
                let s = |bit: usize| if i & bit == 0 { -1.0 } else { 1.0 };
                (Point3::new(s(1) * e.x, s(2) * e.y, s(4) * e.z), 0.0)
            })
            .collect(),
        ShapeKind::Sphere { radius } => vec![(Point3::origin(), *radius)],
        ShapeKind::Ellipsoid { semi_axes } => vec![(Point3::origin(), semi_axes.max())],
        ShapeKind::Cylinder {
            radius,
            half_length,
        }
        | ShapeKind::Capsule {
            radius,
            half_length,
        }
        | ShapeKind::Pipe {
            radius,
            half_length,
        } => ends(*radius, *half_length),
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
            let hull = Shape::convex_hull(mesh.vertices()).ok();
            let points = match hull.as_ref().map(Shape::kind) {
                Some(ShapeKind::ConvexHull(h)) => h.vertices().to_vec(),
                _ => mesh.vertices().to_vec(),
            };
            points.into_iter().map(|p| (p, 0.0)).collect()
        }
        ShapeKind::HalfSpace { .. } => {
            return Err(JointspaceError::invalid(
                "certified pair",
                format!(
                    "object \"{}\" is a half-space moved by the sampled joints: its points move without bound, so no certificate holds; fix it to the base or give it a bounded shape",
                    object.name()
                ),
            ));
        }
        _ => {
            return Err(JointspaceError::invalid(
                "certified pair",
                format!(
                    "object \"{}\" has a shape ({}) the certificate cannot bound",
                    object.name(),
                    shape.name()
                ),
            ));
        }
    })
}
