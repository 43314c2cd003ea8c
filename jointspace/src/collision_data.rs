//! [`CollisionData`]: placements and scratch space of one evaluation of a
//! [`CollisionModel`], and [`update_placements`].

use morsel_geometry::proximity::{ProximityScratch, QueryStats, TrianglePair};
use morsel_kinematics::{Data, Model, forward_kinematics, frame_placement};
use nalgebra::Isometry3;

use crate::collision_model::{CollisionModel, ObjectId};
use crate::error::{JointspaceError, Result};

/// The state of one evaluation of a [`CollisionModel`]: kinematic data, world placements of
/// the objects, warm starts of the mesh queries (one per active pair) and scratch buffers.
///
/// Create one per thread with [`CollisionData::new`]; queries reuse its buffers and allocate
/// nothing once warm.
#[derive(Clone, Debug)]
pub struct CollisionData {
    pub(crate) kinematics: Data,
    pub(crate) world_from_object: Vec<Isometry3<f64>>,
    /// Per active pair: the proximity engine's scratch space (its separation front stays valid
    /// from one query of the pair to the next).
    pub(crate) scratch: Vec<ProximityScratch>,
    /// Per active pair: the triangle pair of its last answer, tried first by the next query.
    pub(crate) warm: Vec<Option<TrianglePair>>,
    /// Per active pair: whether its last mesh query found the surfaces touching (the next
    /// distance query then first looks for contact around that pair).
    pub(crate) touching: Vec<bool>,
    /// Per active pair: the engine's work for its last query (see
    /// [`CollisionData::last_query_stats`]).
    pub(crate) work: Vec<QueryStats>,
    /// Penetration candidates: (upper bound of the depth, vertex index, certainly inside).
    pub(crate) depth_candidates: Vec<(f64, u32, bool)>,
    nq: usize,
}

impl CollisionData {
    /// Buffers for `model` and its collision model `collision`.
    pub fn new(model: &Model, collision: &CollisionModel) -> CollisionData {
        CollisionData {
            kinematics: Data::new(model),
            world_from_object: vec![Isometry3::identity(); collision.objects().len()],
            scratch: vec![ProximityScratch::new(); collision.pairs().len()],
            warm: vec![None; collision.pairs().len()],
            touching: vec![false; collision.pairs().len()],
            work: vec![QueryStats::default(); collision.pairs().len()],
            depth_candidates: Vec::new(),
            nq: model.nq(),
        }
    }

    /// World pose of every collision object (its shape's frame), indexed like
    /// [`CollisionModel::objects`], as left by the last [`update_placements`].
    pub fn world_from_objects(&self) -> &[Isometry3<f64>] {
        &self.world_from_object
    }

    /// The proximity engine's work for the last [`compute_distance`](crate::compute_distance)
    /// or [`compute_collision`](crate::compute_collision) of active pair `pair` (`None` out of
    /// range), to understand and tune performance: the sum over the mesh–mesh queries it ran
    /// (right after contact, an intersection test then, when that finds none, a distance
    /// query); zero when it ran none (a pair with a primitive, or a mesh found nested in a
    /// closed one by the voxel look-up).
    pub fn last_query_stats(&self, pair: usize) -> Option<QueryStats> {
        self.work.get(pair).copied()
    }

    /// The kinematic data of the last [`update_placements`].
    pub fn kinematics(&self) -> &Data {
        &self.kinematics
    }

    /// Forgets the warm starts, so that the next queries start cold (their answers are the
    /// same; only their cost changes).
    pub fn reset_warm_starts(&mut self) {
        self.warm.iter_mut().for_each(|w| *w = None);
        self.touching.iter_mut().for_each(|t| *t = false);
        self.scratch.iter_mut().for_each(ProximityScratch::forget);
    }

    /// Checks that this data was made for `collision` (and grows the warm starts when pairs
    /// were added since).
    pub(crate) fn check(&mut self, model: &Model, collision: &CollisionModel) -> Result<()> {
        if self.world_from_object.len() != collision.objects().len() || self.nq != model.nq() {
            return Err(JointspaceError::invalid(
                "collision data",
                "it was made for another model; create it with CollisionData::new(&model, &collision_model)",
            ));
        }
        if self.warm.len() < collision.pairs().len() {
            self.warm.resize(collision.pairs().len(), None);
            self.touching.resize(collision.pairs().len(), false);
            self.work
                .resize(collision.pairs().len(), QueryStats::default());
        }
        if self.scratch.len() < collision.pairs().len() {
            self.scratch
                .resize(collision.pairs().len(), ProximityScratch::new());
        }
        Ok(())
    }
}

/// Places every collision object of `collision` for configuration `q` (forward kinematics,
/// then each object's pose in its link).
///
/// Errors when `q` has the wrong length or is not finite, or when the data was made for
/// another model.
pub fn update_placements(
    model: &Model,
    collision: &CollisionModel,
    data: &mut CollisionData,
    q: &[f64],
) -> Result<()> {
    data.check(model, collision)?;
    forward_kinematics(model, &mut data.kinematics, q)?;
    place_objects(collision, data);
    Ok(())
}

/// Fills the object placements from the link placements already in `data`.
/// Places the two objects of active pair `pair` for configuration `q` (full length), evaluating
/// only the moving joints between the root and their links; other objects keep the
/// placements they had. Cheaper than [`update_placements`] when a query needs one pair.
///
/// Errors when `data` was made for another model, when `pair` is out of range, or when `q`
/// has the wrong length or is not finite.
pub fn update_pair_placements(
    model: &Model,
    collision: &CollisionModel,
    data: &mut CollisionData,
    q: &[f64],
    pair: usize,
) -> Result<()> {
    place_pair(model, collision, data, q, pair, |_| true)
}

/// [`update_pair_placements`] for the objects of the pair that `wanted` accepts.
pub(crate) fn place_pair(
    model: &Model,
    collision: &CollisionModel,
    data: &mut CollisionData,
    q: &[f64],
    pair: usize,
    mut wanted: impl FnMut(ObjectId) -> bool,
) -> Result<()> {
    data.check(model, collision)?;
    let Some(p) = collision.pairs().get(pair) else {
        return Err(JointspaceError::invalid(
            "pair index",
            format!(
                "{pair} is beyond the {} active pairs",
                collision.pairs().len()
            ),
        ));
    };
    for id in [p.first, p.second] {
        if !wanted(id) {
            continue;
        }
        let object = &collision.objects()[id.index()];
        let link = frame_placement(model, &mut data.kinematics, q, object.link())?;
        data.world_from_object[id.index()] = link * object.collider().local_pose;
    }
    Ok(())
}

pub(crate) fn place_objects(collision: &CollisionModel, data: &mut CollisionData) {
    for (pose, object) in data.world_from_object.iter_mut().zip(collision.objects()) {
        *pose = data.kinematics.world_from_link(object.link()) * object.collider().local_pose;
    }
}
