//! Reusable buffers of the traversals, so that repeated queries allocate nothing.

use nalgebra::Matrix3;

use super::bvh::MeshBvh;
use super::obb::Obb;
use super::triangle::{PreparedTriangle, V3};

/// A node pair waiting in the traversal, with a lower bound on its distance.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pending {
    pub a: u32,
    pub b: u32,
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

    /// The box of node `i` of `b`, moved.
    #[inline]
    pub fn node(&self, b: &MeshBvh, i: u32) -> Obb {
        b.nodes[i as usize]
            .obb
            .transformed(&self.rotation, &self.translation)
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

/// Scratch space for mesh queries: a traversal stack and a cache of the second mesh moved
/// into the first mesh's frame. Create one per thread and reuse it: after the first queries on
/// the largest meshes it is used, a query allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct ProximityScratch {
    pub(crate) stack: Vec<Pending>,
    pub(crate) moved: MovedCache,
    pub(crate) stats: QueryStats,
    pub(crate) front: SeparationFront,
}

/// The node pairs at which the last intersection query of a mesh pair found the meshes apart
/// (disjoint boxes, or leaf triangles that do not meet): a cut of the pair tree that the next
/// query on the same pair starts from instead of the roots.
#[derive(Debug, Clone, Default)]
pub(crate) struct SeparationFront {
    /// The mesh pair (hierarchy identities) the front belongs to, when it is complete.
    pub key: Option<(u64, u64)>,
    pub pairs: Vec<(u32, u32)>,
    pub next: Vec<(u32, u32)>,
    /// Size of the front right after the last query started from the roots.
    pub fresh_len: usize,
}

impl ProximityScratch {
    /// An empty scratch space (buffers grow on first use).
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets what the last queries left to speed up the next ones (the separation front of
    /// the last intersection query). Answers never depend on it; use it to time cold queries.
    pub fn forget(&mut self) {
        self.front.key = None;
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
}
