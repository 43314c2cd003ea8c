//! [`CollisionSampler`]: a robot, a subspace of its configurations and the pairs to check.

use std::sync::Arc;

use morsel_kinematics::{JointId, Model};

use crate::collision_data::CollisionData;
use crate::collision_model::{CollisionModel, PairSelector};
use crate::error::{JointspaceError, Result};
use crate::subspace::{JointSelector, Subspace};

/// What a [`CollisionSampler`] samples: joints, their ranges, the pairs, the reference
/// configuration.
///
/// ```
/// use morsel_jointspace::SamplerSpec;
/// use std::f64::consts::PI;
/// // The notebook's shoulder case (with a floating base, FL_HAA and FL_HFE are q[7], q[8]).
/// let by_name = SamplerSpec::new(["FL_HAA", "FL_HFE"], [[-PI, PI], [-PI, PI]], [("base_link", "FL_UPPER_LEG")]);
/// let by_index = SamplerSpec::new([7usize, 8], [[-PI, PI], [-PI, PI]], [("base_link_0", "FL_UPPER_LEG_0")]);
/// assert_eq!(by_name.joints.len(), by_index.joints.len());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SamplerSpec {
    /// The sampled joints, by name or configuration index.
    pub joints: Vec<JointSelector>,
    /// One `[lo, hi]` per sampled joint (rad or m). They need not lie within the joint
    /// limits: the model's limits are not applied.
    pub ranges: Vec<[f64; 2]>,
    /// The pairs to check, by object (`base_link_0`) or link (`base_link`) names.
    pub pairs: Vec<PairSelector>,
    /// Values of every joint (full configuration); the model's neutral configuration when
    /// `None`. Its sampled entries are ignored.
    pub reference: Option<Vec<f64>>,
    /// Whether closed meshes are solids (see [`CollisionModel::solid_meshes`]); default true.
    pub solid_meshes: bool,
}

impl SamplerSpec {
    /// A specification with the neutral reference configuration and solid meshes.
    pub fn new<J, P>(
        joints: impl IntoIterator<Item = J>,
        ranges: impl IntoIterator<Item = [f64; 2]>,
        pairs: impl IntoIterator<Item = P>,
    ) -> Self
    where
        J: Into<JointSelector>,
        P: Into<PairSelector>,
    {
        SamplerSpec {
            joints: joints.into_iter().map(Into::into).collect(),
            ranges: ranges.into_iter().collect(),
            pairs: pairs.into_iter().map(Into::into).collect(),
            reference: None,
            solid_meshes: true,
        }
    }

    /// The same specification with a reference configuration.
    pub fn with_reference(mut self, reference: Vec<f64>) -> Self {
        self.reference = Some(reference);
        self
    }

    /// The same specification with mesh pairs compared as surfaces only (as FCL does).
    pub fn surfaces_only(mut self) -> Self {
        self.solid_meshes = false;
        self
    }
}

/// Samples collisions of chosen pairs of a robot over a subspace of its configurations.
///
/// Holds the kinematic model, the collision model with the chosen pairs active, and the
/// [`Subspace`]. Sampling runs ([`grid`](Self::grid), [`random`](Self::random),
/// [`boundary`](Self::boundary)) spread over rayon's threads, one [`CollisionData`] each, and
/// give the same bytes whatever the number of threads.
#[derive(Clone, Debug)]
pub struct CollisionSampler {
    model: Arc<Model>,
    collision: CollisionModel,
    subspace: Subspace,
    pair_axes: Vec<Vec<usize>>,
}

impl CollisionSampler {
    /// Builds the collision model of `model`, activates the pairs and resolves the subspace.
    ///
    /// Errors on unknown joints or objects, joints that do not own one value, repeated
    /// joints, empty, inverted or non-finite ranges, a robot without collision geometry, an
    /// empty pair list, and a reference configuration of the wrong length.
    pub fn new(model: impl Into<Arc<Model>>, spec: &SamplerSpec) -> Result<Self> {
        let model = model.into();
        let subspace = Subspace::new(
            &model,
            &spec.joints,
            &spec.ranges,
            spec.reference.as_deref(),
        )?;
        let mut collision = CollisionModel::from_model(&model)?;
        collision.set_solid_meshes(spec.solid_meshes);
        if spec.pairs.is_empty() {
            return Err(JointspaceError::invalid(
                "collision pairs",
                "the list is empty; give at least one pair such as (\"base_link\", \"FL_UPPER_LEG\")",
            ));
        }
        for selector in &spec.pairs {
            collision.add_pairs(selector)?;
        }
        let pair_axes = collision
            .pairs()
            .iter()
            .map(|p| {
                let la = collision.object(p.first).link();
                let lb = collision.object(p.second).link();
                relevant_axes(
                    &model,
                    &subspace,
                    &model.moving_joint_path(la),
                    &model.moving_joint_path(lb),
                )
            })
            .collect();
        Ok(CollisionSampler {
            model,
            collision,
            subspace,
            pair_axes,
        })
    }

    /// The kinematic model.
    pub fn model(&self) -> &Model {
        &self.model
    }
    /// The kinematic model, shared.
    pub fn model_arc(&self) -> &Arc<Model> {
        &self.model
    }
    /// The collision model, with the sampler's pairs active.
    pub fn collision_model(&self) -> &CollisionModel {
        &self.collision
    }
    /// The sampled subspace.
    pub fn subspace(&self) -> &Subspace {
        &self.subspace
    }
    /// Names of the active pairs' objects.
    pub fn pair_names(&self) -> Vec<[String; 2]> {
        self.collision
            .pairs()
            .iter()
            .map(|p| {
                [
                    self.collision.object(p.first).name().to_owned(),
                    self.collision.object(p.second).name().to_owned(),
                ]
            })
            .collect()
    }
    /// For each active pair, the sampled axes (indices in the subspace) that move its two
    /// objects relative to each other; the pair's answer depends on these only.
    pub fn pair_axes(&self) -> &[Vec<usize>] {
        &self.pair_axes
    }

    /// Fresh collision data for this sampler (one per thread).
    pub fn new_data(&self) -> CollisionData {
        CollisionData::new(&self.model, &self.collision)
    }

    /// The axes in grid visiting order, fastest first: axes that move fewer pairs vary
    /// faster, so that the answers of the other pairs are reused along them (ties keep the
    /// given order, first joint fastest).
    pub(crate) fn visit_axes(&self) -> Vec<usize> {
        let mut axes: Vec<usize> = (0..self.subspace.dim()).collect();
        let count = |a: usize| self.pair_axes.iter().filter(|p| p.contains(&a)).count();
        axes.sort_by_key(|&a| (count(a), a));
        axes
    }
}

/// The sampled axes whose joints (or joints mimicking them) lie on exactly one of two root
/// paths.
fn relevant_axes(
    model: &Model,
    subspace: &Subspace,
    path_a: &[JointId],
    path_b: &[JointId],
) -> Vec<usize> {
    let source = |j: JointId| model.joint(j).mimic().map_or(j, |m| m.joint);
    let moving: Vec<JointId> = path_a
        .iter()
        .filter(|j| !path_b.contains(j))
        .chain(path_b.iter().filter(|j| !path_a.contains(j)))
        .map(|&j| source(j))
        .collect();
    (0..subspace.dim())
        .filter(|&a| moving.contains(&subspace.joints()[a].joint))
        .collect()
}
