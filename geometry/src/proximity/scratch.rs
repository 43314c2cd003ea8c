//! Reusable buffers of the traversals, so that repeated queries allocate nothing.

use nalgebra::Matrix3;

use super::bvh::MeshBvh;
use super::front::{Front, FrontPair, PairKey};
use super::obb::Obb;
use super::triangle::{PreparedTriangle, V3};

/// A node waiting in a mesh–primitive traversal, with a lower bound on its distance.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pending {
    pub a: u32,
    pub bound: f64,
}

/// The second mesh's triangles moved into the first mesh's frame, computed on first use in a
/// query and stamped with the query number, and the motion itself.
#[derive(Debug, Clone, Default)]
pub(crate) struct MovedCache {
    triangles: Vec<PreparedTriangle>,
    triangle_stamp: Vec<u32>,
    stamp: u32,
    /// Rotation from the second mesh's frame to the first's.
    pub rotation: Matrix3<f64>,
    /// Translation from the second mesh's frame to the first's.
    pub translation: V3,
}

impl MovedCache {
    /// Starts a query against `b` placed by `x -> rotation * x + translation`.
    pub fn begin(&mut self, b: &MeshBvh, rotation: Matrix3<f64>, translation: V3) {
        if self.triangles.len() < b.triangles.len() {
            self.triangles
                .resize(b.triangles.len(), PreparedTriangle::default());
            self.triangle_stamp.resize(b.triangles.len(), 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.triangle_stamp.fill(0);
            self.stamp = 1;
        }
        self.rotation = rotation;
        self.translation = translation;
    }

    /// The box of node `i` of `b`, moved, given its moved centre.
    #[inline]
    pub fn node_about(&self, b: &MeshBvh, i: u32, center: V3) -> Obb {
        let axes = &b.nodes[i as usize].obb.axes;
        Obb {
            axes: [
                self.rotation * axes[0],
                self.rotation * axes[1],
                self.rotation * axes[2],
            ],
            center,
            half: b.nodes[i as usize].obb.half,
        }
    }

    /// Triangle `slot` of `b`, moved.
    #[inline]
    pub fn triangle(&mut self, b: &MeshBvh, slot: u32) -> &PreparedTriangle {
        let i = slot as usize;
        if self.triangle_stamp[i] != self.stamp {
            self.triangle_stamp[i] = self.stamp;
            self.triangles[i] =
                PreparedTriangle::transformed(&b.triangles[i].v, &self.rotation, &self.translation);
        }
        &self.triangles[i]
    }
}

/// Scratch space for mesh queries: a traversal stack, a cache of the second mesh moved into
/// the first mesh's frame, and what the last distance and intersection queries on each of the
/// last few mesh pairs left to speed up the next ones on the same pair (see
/// [`ProximityScratch::forget`]). Create
/// one per thread and reuse it: after the first queries on the largest meshes it is used, a
/// query allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct ProximityScratch {
    /// The traversal stack of mesh–primitive queries.
    pub(crate) stack: Vec<Pending>,
    /// The traversal stack of mesh–mesh intersection queries.
    pub(crate) pair_stack: Vec<FrontPair>,
    /// The traversal stack of mesh–mesh distance queries, with the side each pair's bound
    /// found meeting the other at a single corner and the direction that bound was taken
    /// along (where the pair's children's hull bounds start).
    pub(crate) distance_stack: Vec<(FrontPair, super::gjk::Corner, V3)>,
    pub(crate) moved: MovedCache,
    pub(crate) stats: QueryStats,
    /// The fronts of the last mesh–mesh distance queries, one per mesh pair.
    pub(crate) distance_fronts: Fronts,
    /// The fronts of the last mesh–mesh intersection queries, one per mesh pair.
    pub(crate) separation_fronts: Fronts,
    /// The caller's channel, part of the key of fronts.
    pub(crate) channel: u64,
}

/// How many mesh pairs a scratch space keeps fronts for (the least recently used is dropped).
const FRONT_SLOTS: usize = 32;

/// The fronts of the last few mesh pairs queried, so that a caller cycling through the link
/// pairs of a robot keeps each pair's coherence.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fronts {
    slots: Vec<Front>,
    clock: u64,
}

impl Fronts {
    /// The front of mesh pair `key`: its own slot, or the least recently used one, emptied.
    pub fn for_pair(&mut self, key: PairKey) -> &mut Front {
        self.clock += 1;
        let index = match self.slots.iter().position(|f| f.owner == Some(key)) {
            Some(i) => i,
            None if self.slots.len() < FRONT_SLOTS => {
                self.slots.push(Front::default());
                self.slots.len() - 1
            }
            None => {
                let i = (0..self.slots.len())
                    .min_by_key(|&i| self.slots[i].last_used)
                    .unwrap_or(0);
                self.slots[i].forget();
                i
            }
        };
        let front = &mut self.slots[index];
        front.owner = Some(key);
        front.last_used = self.clock;
        front
    }

    /// The front of mesh pair `key` when it has a slot (no slot is taken, none evicted).
    pub fn existing(&self, key: PairKey) -> Option<&Front> {
        self.slots.iter().find(|f| f.owner == Some(key))
    }

    /// Empties every front.
    fn forget(&mut self) {
        self.slots.iter_mut().for_each(Front::forget);
    }
}

impl ProximityScratch {
    /// An empty scratch space (buffers grow on first use).
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets what the last queries left to speed up the next ones on the same mesh pair:
    /// the node pairs where the last distance and intersection queries stopped, with lower
    /// bounds on their distances, which the next query moves to its placement and re-tests
    /// only where needed. Answers never depend on it; use it to time cold queries.
    pub fn forget(&mut self) {
        self.distance_fronts.forget();
        self.separation_fronts.forget();
    }

    /// Sets the channel of the following queries (0 at first). Fronts are kept per mesh pair
    /// and channel: a caller that interleaves several coherent sequences of queries on the
    /// same mesh pair (say, a link pair at each of a few values of a third joint, visited in
    /// turn) gives each sequence its own channel, so that each query starts from the front the
    /// previous query of its own sequence left. Fronts of up to 32 (mesh pair, channel) keys
    /// are kept. Answers never depend on the channel.
    pub fn set_channel(&mut self, channel: u64) {
        self.channel = channel;
    }

    /// The channel of the following queries (see [`ProximityScratch::set_channel`]).
    pub fn channel(&self) -> u64 {
        self.channel
    }

    /// Work done by the last query run with this scratch space.
    pub fn last_query_stats(&self) -> QueryStats {
        self.stats
    }
}

/// Work counters of one query, to understand and tune performance.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QueryStats {
    /// Bounding-volume pairs tested.
    pub volume_tests: u64,
    /// Triangle pairs (or triangle–primitive pairs) tested exactly.
    pub triangle_tests: u64,
    /// Node pairs of a previous query's front skipped without any test, their bound moved
    /// to the new placement still clearing the pruning limit.
    pub front_skips: u64,
    /// Whether a distance query's answer was proved closest by the slabs of the whole meshes
    /// along its direction, without a traversal.
    pub certified: bool,
}

impl std::ops::AddAssign for QueryStats {
    /// Adds the work of another query (run for the same answer): counts summed, `certified`
    /// when either was.
    fn add_assign(&mut self, other: Self) {
        self.volume_tests += other.volume_tests;
        self.triangle_tests += other.triangle_tests;
        self.front_skips += other.front_skips;
        self.certified |= other.certified;
    }
}
