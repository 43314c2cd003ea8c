//! Coherence between successive queries on the same mesh pair: the front of node pairs at
//! which the last query stopped, each with a certified lower bound on its distance, and a
//! bound on how far the second mesh can have moved since.
//!
//! A query that finds the meshes apart (or the answer) leaves a cut of the pair tree: node
//! pairs it pruned or leaf pairs it tested, every triangle pair lying under exactly one of
//! them, each with a lower bound on the distance between its contents at the query's relative
//! placement. When the second mesh moves from placement `x -> R0 x + t0` to `x -> R1 x + t1`
//! (in the first mesh's frame), a point `x` of a node held in a sphere of centre `c` and radius
//! `r` moves by `|(R1 - R0) x + (t1 - t0)| <= |(R1 - R0) c + (t1 - t0)| + |R1 - R0| r`; this
//! bound on the root sphere decides whether the mesh jumped too far to resume. Each pair's
//! bound moves by less, along its separating direction (see
//! [`super::front_pairs::CarryKernel::carry`]; pairs without one are kept at a bound of at
//! most 0). Pairs whose moved bound still clears the pruning limit are skipped without a box
//! test; the others are tested afresh and refined. The answers are those of a traversal from
//! the roots.

use nalgebra::Matrix3;

use super::bvh::Sphere;
use super::front_library::FrontLibrary;
use super::front_pairs::FrontPairs;
pub(crate) use super::front_pairs::{FrontPair, Motion};
use super::triangle::V3;

/// What a front belongs to: the identities of the two hierarchies and the caller's channel
/// (see [`super::ProximityScratch::set_channel`]).
pub(crate) type PairKey = (u64, u64, u64);

/// A front of node pairs with lower bounds, valid at one relative placement of a mesh pair.
#[derive(Debug, Clone, Default)]
pub(crate) struct Front {
    /// The mesh pair (hierarchy identities) the front belongs to, when it is complete.
    pub key: Option<PairKey>,
    /// Whether a later query may resume the front: not when it has grown so far beyond a
    /// fresh one that re-testing it would cost more than starting from the roots. A grown
    /// front still serves another kind of query at its own placement ([`Front::adopt`]).
    resumable: bool,
    /// Rotation of the placement the bounds hold at (second mesh into the first's frame).
    pub rotation: Matrix3<f64>,
    /// Translation of that placement.
    pub translation: V3,
    /// The node pairs and their lower bounds.
    pub pairs: FrontPairs,
    /// The bounds of `pairs` carried to the running query's placement.
    pub carried: Vec<f64>,
    /// The indices of the pairs of `pairs` the running query re-tested, in increasing order.
    pub dropped: Vec<u32>,
    /// The pairs the running query found (from the roots, or re-testing dropped pairs).
    pub next: Vec<FrontPair>,
    /// The order in which the running query goes through an adopted front's pairs.
    pub order: Vec<u32>,
    /// Size of the front right after the last query started from the roots.
    pub fresh_len: usize,
    /// Whether the last query on the pair found contact (until it ends, the running one).
    in_contact: bool,
    /// Whether the running query follows one that found contact.
    pub after_contact: bool,
    /// Queries started since the front was last brought up to date.
    pub age: u32,
    /// The mesh pair whose slot this is (in the scratch space's `Fronts`).
    pub owner: Option<PairKey>,
    /// When the slot was last used (a query counter).
    pub last_used: u64,
    /// Complete fronts of the same mesh pair kept at earlier placements.
    pub library: FrontLibrary,
    /// The placement of the last query on this slot's pair, when there was one.
    pub last_placement: Option<(Matrix3<f64>, V3)>,
    /// Whether the running query is near the last one (within the jump a front may be
    /// resumed across): a coherent sequence, whose fronts are worth keeping.
    pub coherent: bool,
}

/// Queries after which a front that was not brought up to date (the queries in between found
/// contact early) is dropped: the placement has usually moved so far that re-testing it costs
/// more than starting from the roots.
const MAX_AGE: u32 = 3;

/// How far, as a share of its root sphere's radius, the second mesh may have moved since the
/// front was left for the next query to resume from it. Tuned on the bisections of the
/// Solo-12 shoulder's boundary sampling, where resuming after longer jumps cost more than
/// starting from the roots.
const MAX_JUMP: f64 = 0.25;

/// Fronts are compared with a fresh one of at least this many pairs when deciding whether they
/// grew past resuming: carrying a few hundred pairs costs less than a search from the roots
/// near contact (on the Solo-12 shoulder grid, 128 instead of 32 took the slowest front right
/// upper-leg cells from 173–182 to 134–144 us).
const MIN_FRESH_LEN: usize = 128;

/// A front is not kept when a kept one lies within this share of the resumable jump of it.
const KEEP_SPACING: f64 = 0.125;

/// Where a query that found the meshes apart started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Began {
    /// From the front the last query on the pair left.
    OwnFront,
    /// From a front kept in the library.
    KeptFront,
    /// From the roots.
    Roots,
}

impl Began {
    /// From whether the query resumed its own front, and whether it resumed any front.
    pub fn of(own: bool, resumed: bool) -> Self {
        match (own, resumed) {
            (true, _) => Self::OwnFront,
            (false, true) => Self::KeptFront,
            (false, false) => Self::Roots,
        }
    }
}

impl Front {
    /// Drops what the front knows (its slot keeps its owner).
    pub fn forget(&mut self) {
        self.key = None;
        self.in_contact = false;
        self.age = 0;
        self.library.clear();
        self.last_placement = None;
    }

    /// Keeps a copy of the front in its library, when it is complete, the running query is
    /// part of a coherent sequence (fronts left by scattered queries, such as the first steps
    /// of a bisection, are seldom resumed) and no kept front is already near its placement.
    /// `root` is the second mesh's root sphere.
    pub fn keep(&mut self, root: &Sphere) {
        let near = KEEP_SPACING * MAX_JUMP * root.radius;
        if self.key.is_some()
            && self.resumable
            && self.coherent
            && !self
                .library
                .has_near(root, &self.rotation, &self.translation, near)
        {
            self.library.keep(
                &self.pairs,
                self.fresh_len,
                &self.rotation,
                &self.translation,
            );
        }
    }

    /// Notes that the running query found contact. When a run of contacts begins there and
    /// the query could resume its own front (`own_resumed`), that front, left just before the
    /// run and still valid at its own placement, is kept (see [`Front::keep`]). `root` is the
    /// second mesh's root sphere.
    pub fn contact_found(&mut self, own_resumed: bool, root: &Sphere) {
        if !self.after_contact && own_resumed {
            self.keep(root);
        }
    }

    /// Notes that another kind of query on the pair (a distance query, for a separation
    /// front) just found contact, so that the next query here starts as one after contact.
    pub fn note_contact(&mut self) {
        self.in_contact = true;
    }

    /// Starts a query on the mesh pair `key`, whose second mesh is now placed by
    /// `(rotation, translation)` and has root sphere `root`: the motion since the front was
    /// left when the query is to resume from it, `None` to start from the roots. The front
    /// must hold for that pair, be recent enough, and have been left at a placement near
    /// enough: after a jump, nearly every pair of the front would fail and be re-tested one by
    /// one, which costs more than a search from the roots, where whole subtrees are pruned at
    /// once. It also notes whether this query is near the last one on the pair (see
    /// [`Front::keep`]) and whether that one found contact ([`Front::after_contact`]).
    #[inline]
    pub fn start(
        &mut self,
        key: PairKey,
        root: &Sphere,
        rotation: &Matrix3<f64>,
        translation: &V3,
    ) -> Option<Motion> {
        self.age = self.age.saturating_add(1);
        self.after_contact = self.in_contact;
        self.in_contact = true;
        let reach = MAX_JUMP * root.radius;
        self.coherent = self
            .last_placement
            .is_some_and(|(r, t)| Motion::between(&r, &t, rotation, translation).of(root) <= reach);
        self.last_placement = Some((*rotation, *translation));
        if self.key == Some(key) && self.resumable && self.age <= MAX_AGE {
            let motion = Motion::between(&self.rotation, &self.translation, rotation, translation);
            if motion.of(root) <= reach {
                return Some(motion);
            }
        }
        None
    }

    /// Replaces the front by the kept one the second mesh (now placed by `(rotation,
    /// translation)`, root sphere `root`) moved the least from, when that is near enough, and
    /// returns the motion since; for a query whose own front could not be resumed
    /// ([`Front::start`] gave `None`). Called only once the query knows it needs a front, as
    /// the copy costs about as much as a few box tests.
    pub fn restore(
        &mut self,
        key: PairKey,
        root: &Sphere,
        rotation: &Matrix3<f64>,
        translation: &V3,
    ) -> Option<Motion> {
        // Out of the front while one of its fronts is copied in.
        let library = std::mem::take(&mut self.library);
        let found = library
            .nearest(root, rotation, translation, MAX_JUMP * root.radius)
            .map(|(kept, motion)| {
                let (r, t) = (kept.rotation, kept.translation);
                self.take(key, &kept.pairs, r, t, kept.fresh_len);
                motion
            });
        self.library = library;
        found
    }

    /// Becomes the front `pairs` of pair `key`, left at placement `(rotation, translation)`
    /// and grown from a fresh front of `fresh_len` pairs.
    fn take(
        &mut self,
        key: PairKey,
        pairs: &FrontPairs,
        rotation: Matrix3<f64>,
        translation: V3,
        fresh_len: usize,
    ) {
        self.pairs.clone_from(pairs);
        self.rotation = rotation;
        self.translation = translation;
        self.fresh_len = fresh_len;
        self.key = Some(key);
        self.resumable = true;
        self.age = 0;
    }

    /// Takes over `other`, a front of another kind of query on the same pair (a separation
    /// front, for a distance front), when it is complete and was left at exactly the placement
    /// `(rotation, translation)`: its pairs cover the pair tree with lower bounds on their
    /// distances, as a distance front's do, so the running query can resume from it with no
    /// motion to carry. Returns that (zero) motion, or `None` when `other` does not qualify.
    pub fn adopt(
        &mut self,
        other: &Front,
        key: PairKey,
        rotation: &Matrix3<f64>,
        translation: &V3,
    ) -> Option<Motion> {
        let here = other.rotation == *rotation && other.translation == *translation;
        if other.key != Some(key) || other.in_contact || !here {
            return None;
        }
        // A front grown past resuming is, at its own placement, where this query starts
        // afresh: its size is the measure of the growth that follows.
        let fresh_len = if other.resumable {
            other.fresh_len
        } else {
            other.pairs.len()
        };
        self.take(key, &other.pairs, *rotation, *translation, fresh_len);
        Some(Motion::between(
            rotation,
            translation,
            rotation,
            translation,
        ))
    }

    /// Ends a query that found its answer without the front: the front stays as it was, valid
    /// at its own placement.
    pub fn left_unchanged(&mut self) {
        self.in_contact = false;
    }

    /// Ends a query that found the meshes apart, having gone through the whole front (or
    /// started from the roots): the pairs it kept (with their carried bounds) and found become
    /// the front, at the given placement. A later query resumes it only when it has not grown
    /// so far beyond a fresh one that re-testing it would cost more than starting from the
    /// roots (more than `growth` times a fresh front); at this placement, it serves the other
    /// kind of query whatever its size ([`Front::adopt`]). `spheres` are the second mesh's
    /// node spheres. A front built afresh or from a kept one (typically where a run of
    /// contacts ends) is kept in the library.
    pub fn finish(
        &mut self,
        key: PairKey,
        began: Began,
        growth: f64,
        spheres: &[Sphere],
        rotation: &Matrix3<f64>,
        translation: &V3,
    ) {
        if began != Began::Roots {
            self.pairs
                .renew(&mut self.carried, &self.dropped, &self.next, spheres);
        } else {
            self.pairs.clear();
            for p in &self.next {
                self.pairs.push(p, &spheres[p.b as usize]);
            }
            self.fresh_len = self.pairs.len();
        }
        self.key = Some(key);
        self.resumable =
            self.pairs.len() as f64 <= growth * self.fresh_len.max(MIN_FRESH_LEN) as f64;
        self.rotation = *rotation;
        self.translation = *translation;
        self.age = 0;
        if began != Began::OwnFront {
            self.keep(&spheres[0]);
        }
        self.in_contact = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::test_random::uniform_stream;
    use nalgebra::{Rotation3, Vector3};

    /// A front that grew past `growth` times a fresh one is not resumed by the next query of
    /// its kind, but another kind of query at its placement adopts it, measuring its own
    /// growth from there.
    #[test]
    fn a_grown_front_is_adopted_at_its_placement_but_not_resumed() {
        let key = (1, 2, 0);
        let spheres = vec![
            Sphere {
                center: V3::zeros(),
                radius: 1.0,
            };
            400
        ];
        let (r, t) = (Matrix3::identity(), V3::zeros());
        let pairs = |range: std::ops::Range<u32>| -> Vec<FrontPair> {
            range.map(|i| FrontPair::pending(i, i, 1.0)).collect()
        };
        let mut front = Front::default();
        assert!(front.start(key, &spheres[0], &r, &t).is_none());
        front.next = pairs(0..40);
        front.finish(key, Began::Roots, 1.5, &spheres, &r, &t);
        assert!(front.start(key, &spheres[0], &r, &t).is_some(), "fresh");
        // That query keeps the 40 pairs and finds 110 more: within 1.5 times a fresh front of
        // `MIN_FRESH_LEN` pairs, still resumed.
        front.carried = vec![1.0; 40];
        front.dropped.clear();
        front.next = pairs(40..150);
        front.finish(key, Began::OwnFront, 1.5, &spheres, &r, &t);
        assert!(front.start(key, &spheres[0], &r, &t).is_some(), "small");
        // The next keeps those and finds 150 more: past resuming.
        front.carried = vec![1.0; 150];
        front.dropped.clear();
        front.next = pairs(150..300);
        front.finish(key, Began::OwnFront, 1.5, &spheres, &r, &t);
        assert_eq!(front.pairs.len(), 300);
        let mut other = Front::default();
        assert!(other.adopt(&front, key, &r, &t).is_some());
        assert_eq!((other.pairs.len(), other.fresh_len), (300, 300));
        assert!(
            other.adopt(&front, (1, 3, 0), &r, &t).is_none(),
            "another pair"
        );
        let moved = V3::new(1e-3, 0.0, 0.0);
        assert!(other.adopt(&front, key, &r, &moved).is_none(), "elsewhere");
        assert!(front.start(key, &spheres[0], &r, &t).is_none(), "grown");
    }

    #[test]
    fn displacement_bound_covers_every_point_of_the_sphere() {
        let mut rnd = uniform_stream(7);
        for _ in 0..500 {
            let r0 = *Rotation3::new(Vector3::new(rnd(), rnd(), rnd()) * 3.0).matrix();
            let scale = if rnd() > 0.0 { 1e-3 } else { 1.0 };
            let r1 = *(Rotation3::new(Vector3::new(rnd(), rnd(), rnd()) * scale)
                * Rotation3::from_matrix_unchecked(r0))
            .matrix();
            let (t0, t1) = (
                V3::new(rnd(), rnd(), rnd()),
                V3::new(rnd(), rnd(), rnd()) * scale,
            );
            let node = Sphere {
                center: V3::new(rnd(), rnd(), rnd()),
                radius: rnd().abs(),
            };
            let bound = Motion::between(&r0, &t0, &r1, &t1).of(&node);
            for _ in 0..20 {
                let dir = V3::new(rnd(), rnd(), rnd());
                let Some(dir) = dir.try_normalize(1e-6) else {
                    continue;
                };
                let x = node.center + dir * node.radius * rnd().abs();
                let moved = (r1 * x + t1 - (r0 * x + t0)).norm();
                assert!(moved <= bound, "a point moved {moved} > bound {bound}");
            }
            // The bound is attained up to the sphere's extent: not looser than twice it.
            let centre_move = (r1 * node.center + t1 - (r0 * node.center + t0)).norm();
            let spin = (r1 - r0).norm() / 2f64.sqrt();
            assert!(bound <= centre_move + spin * node.radius + 1e-9);
        }
    }
}
