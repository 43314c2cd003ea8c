//! A few complete fronts of a mesh pair kept at the placements where they were left, so that a
//! query whose own front is stale (after a run of contacts, or after a jump) can resume from
//! the nearest kept one instead of starting from the roots.
//!
//! Coherent sequences often come back near where they have been: the rows of a grid sweep
//! cross the same contact boundary one step apart, and the bisections of a boundary search
//! return to the same region. A front is kept when a run of contacts begins (the last front
//! before it) and when one ends (the first front after it), which are exactly the places where
//! the next query would otherwise start from the roots.

use nalgebra::Matrix3;

use super::bvh::Sphere;
use super::front_pairs::FrontPairs;
use super::front_pairs::Motion;
use super::triangle::V3;

/// How many fronts a library keeps (the oldest is replaced).
const LIBRARY_SIZE: usize = 16;

/// A front kept with the placement its bounds hold at.
#[derive(Debug, Clone, Default)]
pub(crate) struct KeptFront {
    /// Rotation of the placement (second mesh into the first's frame).
    pub rotation: Matrix3<f64>,
    /// Translation of the placement.
    pub translation: V3,
    /// The node pairs and their lower bounds.
    pub pairs: FrontPairs,
    /// Size of the fresh front it grew from.
    pub fresh_len: usize,
}

/// The kept fronts of one mesh pair (and channel).
#[derive(Debug, Clone, Default)]
pub(crate) struct FrontLibrary {
    kept: Vec<KeptFront>,
    /// How many entries of `kept` hold a front (the buffers of the others are reused).
    len: usize,
    /// The entry the next front replaces once the library is full.
    next: usize,
}

impl FrontLibrary {
    /// Drops every kept front (their buffers stay for reuse).
    pub fn clear(&mut self) {
        self.len = 0;
        self.next = 0;
    }

    /// How many fronts are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Keeps a copy of `pairs`, valid at placement `(rotation, translation)`.
    pub fn keep(
        &mut self,
        pairs: &FrontPairs,
        fresh_len: usize,
        rotation: &Matrix3<f64>,
        translation: &V3,
    ) {
        let index = if self.len < LIBRARY_SIZE {
            self.len += 1;
            self.len - 1
        } else {
            let i = self.next;
            self.next = (self.next + 1) % LIBRARY_SIZE;
            i
        };
        if index == self.kept.len() {
            self.kept.push(KeptFront::default());
        }
        let entry = &mut self.kept[index];
        entry.pairs.clone_from(pairs);
        entry.fresh_len = fresh_len;
        entry.rotation = *rotation;
        entry.translation = *translation;
    }

    /// Whether a kept front lies within `within` of placement `(rotation, translation)` (by
    /// the displacement bound of the root sphere `root`).
    pub fn has_near(
        &self,
        root: &Sphere,
        rotation: &Matrix3<f64>,
        translation: &V3,
        within: f64,
    ) -> bool {
        self.nearest(root, rotation, translation, within).is_some()
    }

    /// The kept front from which the second mesh, now placed by `(rotation, translation)`
    /// with root sphere `root`, moved the least, when that is at most `reach`, with the
    /// motion since.
    pub fn nearest(
        &self,
        root: &Sphere,
        rotation: &Matrix3<f64>,
        translation: &V3,
        reach: f64,
    ) -> Option<(&KeptFront, Motion)> {
        self.kept[..self.len]
            .iter()
            .map(|k| {
                let m = Motion::between(&k.rotation, &k.translation, rotation, translation);
                (k, m, m.of(root))
            })
            .filter(|(_, _, moved)| *moved <= reach)
            .min_by(|x, y| x.2.total_cmp(&y.2))
            .map(|(k, m, _)| (k, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proximity::front_pairs::FrontPair;

    /// A front of `n` pairs whose first pair names `tag`, so that a restored copy can be told
    /// apart.
    fn front(tag: u32, n: u32) -> FrontPairs {
        let mut pairs = FrontPairs::default();
        let sphere = Sphere {
            center: V3::zeros(),
            radius: 1.0,
        };
        for i in 0..n {
            pairs.push(&FrontPair::pending(tag, i, 0.0), &sphere);
        }
        pairs
    }

    fn shifted(x: f64) -> V3 {
        V3::new(x, 0.0, 0.0)
    }

    /// The front kept nearest to a translation `x` along the first axis, when within `reach`:
    /// the tag of its first pair, its size and the motion's bound on the root less the
    /// translation since.
    fn nearest(library: &FrontLibrary, x: f64, reach: f64) -> Option<(u32, usize, f64)> {
        let root = Sphere {
            center: V3::zeros(),
            radius: 1.0,
        };
        let id = Matrix3::identity();
        let (kept, motion) = library.nearest(&root, &id, &shifted(x), reach)?;
        assert_eq!(kept.rotation, id);
        assert_eq!(kept.fresh_len, kept.pairs.len());
        Some((
            kept.pairs.get(0, 0.0).a,
            kept.pairs.len(),
            motion.of(&root) - (x - kept.translation.x).abs(),
        ))
    }

    #[test]
    fn the_nearest_front_within_reach_is_found() {
        let mut library = FrontLibrary::default();
        let id = Matrix3::identity();
        for (tag, x) in [(1u32, 0.0), (2, 1.0), (3, 2.0)] {
            library.keep(&front(tag, tag + 4), tag as usize + 4, &id, &shifted(x));
        }
        assert_eq!(library.len(), 3);
        let (tag, len, excess) = nearest(&library, 1.2, 0.5).expect("within reach");
        assert_eq!((tag, len), (2, 6));
        // The motion bound is the translation, up to its relative inflation.
        assert!((0.0..1e-9).contains(&excess), "{excess}");
        assert_eq!(nearest(&library, 1.8, 0.5).map(|r| r.0), Some(3));
        assert!(
            nearest(&library, 5.0, 0.5).is_none(),
            "nothing within reach"
        );
        library.clear();
        assert!(nearest(&library, 1.0, 0.5).is_none(), "nothing kept");
    }

    #[test]
    fn nearness_is_measured_on_the_root_sphere() {
        let mut library = FrontLibrary::default();
        let id = Matrix3::identity();
        let root = Sphere {
            center: V3::zeros(),
            radius: 1.0,
        };
        assert!(!library.has_near(&root, &id, &shifted(0.0), 1.0), "empty");
        library.keep(&front(1, 2), 2, &id, &shifted(0.0));
        assert!(library.has_near(&root, &id, &shifted(0.4), 0.5));
        assert!(!library.has_near(&root, &id, &shifted(0.6), 0.5));
        // A quarter turn about the centre moves the sphere's points by up to sqrt(2) r.
        let turn = *nalgebra::Rotation3::from_axis_angle(&V3::z_axis(), 0.5 * std::f64::consts::PI)
            .matrix();
        assert!(!library.has_near(&root, &turn, &shifted(0.0), 1.4));
        assert!(library.has_near(&root, &turn, &shifted(0.0), 1.5));
    }

    #[test]
    fn a_full_library_replaces_its_oldest_front() {
        let mut library = FrontLibrary::default();
        let id = Matrix3::identity();
        for k in 0..LIBRARY_SIZE as u32 + 2 {
            library.keep(&front(k, 3), 3, &id, &shifted(10.0 * k as f64));
        }
        assert_eq!(library.len(), LIBRARY_SIZE);
        assert!(nearest(&library, 0.0, 1.0).is_none(), "the oldest is gone");
        assert!(
            nearest(&library, 10.0, 1.0).is_none(),
            "the second oldest is gone"
        );
        for k in 2..LIBRARY_SIZE as u32 + 2 {
            let x = 10.0 * k as f64;
            assert_eq!(nearest(&library, x, 1.0).map(|r| r.0), Some(k));
        }
    }
}
