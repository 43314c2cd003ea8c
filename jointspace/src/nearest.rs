//! Nearest boundary point: a k-d tree (kiddo) over the boundary points, searched through the
//! periodic images of the query when joints are periodic.
//!
//! With periodic joints the boundary is the set `B + 2π·Z^p` (shifts along the `p` periodic
//! axes). The nearest point of that set to `q` is the nearest point of `B` to one of the
//! images `q − 2π·s`, `s ∈ {−1, 0, 1}^p`, once `q` is wrapped into the sampled range (which
//! spans at most one turn, so farther shifts are never closer). Images are searched home first; an image is skipped when its
//! distance to the bounding box of `B` is already no better than the best found. This finds
//! diagonal images too, which copying `B` along each axis separately (the notebook's
//! extension) misses.

use kiddo::{ImmutableKdTree, SquaredEuclidean};

use crate::boundary::Boundary;
use crate::error::{JointspaceError, Result};

/// The nearest boundary point of a query.
#[derive(Clone, Debug, PartialEq)]
pub struct Nearest {
    /// Euclidean distance in joint space (>= 0).
    pub distance: f64,
    /// Index of the boundary point in [`Boundary::points`].
    pub index: usize,
    /// The nearest point of the periodic boundary: the boundary point shifted by the period
    /// along periodic joints when an image is nearer.
    pub point: Vec<f64>,
}

macro_rules! kd_trees {
    ($($variant:ident $k:literal),*) => {
        /// A k-d tree for one dimension, or brute force beyond.
        enum Tree {
            $($variant(ImmutableKdTree<f64, $k>),)*
            Brute,
        }

        impl Tree {
            fn build(points: &[f64], k: usize) -> Result<Tree> {
                match k {
                    $($k => {
                        let rows: Vec<[f64; $k]> = points
                            .chunks_exact($k)
                            .map(|c| {
                                let mut a = [0.0; $k];
                                a.copy_from_slice(c);
                                a
                            })
                            .collect();
                        let tree = ImmutableKdTree::new_from_slice(&rows).map_err(|e| {
                            JointspaceError::invalid("boundary points", format!("the k-d tree cannot be built: {e:?}"))
                        })?;
                        Ok(Tree::$variant(tree))
                    })*
                    _ => Ok(Tree::Brute),
                }
            }

            /// Index of the nearest point to `q`, or `None` for brute force.
            #[inline]
            fn nearest(&self, q: &[f64]) -> Option<usize> {
                match self {
                    $(Tree::$variant(tree) => {
                        let mut a = [0.0; $k];
                        a.copy_from_slice(q);
                        Some(tree.query(&a).nearest_one::<SquaredEuclidean<f64>>().execute().item as usize)
                    })*
                    Tree::Brute => None,
                }
            }
        }
    };
}

kd_trees!(K1 1, K2 2, K3 3, K4 4, K5 5, K6 6, K7 7, K8 8);

impl Boundary {
    /// A search structure for nearest boundary points.
    pub fn index(&self) -> Result<BoundaryIndex> {
        BoundaryIndex::new(self)
    }
}

/// A search structure over the points of a [`Boundary`] (k-d tree up to 8 joints, brute
/// force beyond), periodic along the boundary's periodic joints.
pub struct BoundaryIndex {
    tree: Tree,
    points: Vec<f64>,
    k: usize,
    /// Period of each axis (0 for non-periodic).
    periods: Vec<f64>,
    /// Start of the wrapping window of each periodic axis (the range's lower end).
    window: Vec<f64>,
    /// Axes with a period.
    periodic: Vec<usize>,
    lower: Vec<f64>,
    upper: Vec<f64>,
}

impl BoundaryIndex {
    /// Builds the index; errors when the boundary has no point.
    pub fn new(boundary: &Boundary) -> Result<Self> {
        let k = boundary.dim();
        let points: Vec<f64> = boundary.points().iter().copied().collect();
        if points.is_empty() {
            return Err(JointspaceError::invalid(
                "boundary",
                "it has no point; sample it with at least one point",
            ));
        }
        let mut lower = vec![f64::INFINITY; k];
        let mut upper = vec![f64::NEG_INFINITY; k];
        for p in points.chunks_exact(k) {
            for a in 0..k {
                lower[a] = lower[a].min(p[a]);
                upper[a] = upper[a].max(p[a]);
            }
        }
        let periods: Vec<f64> = boundary
            .periods()
            .iter()
            .map(|p| p.unwrap_or(0.0))
            .collect();
        let periodic = (0..k).filter(|&a| periods[a] > 0.0).collect();
        let window = boundary.ranges().iter().map(|r| r[0]).collect();
        Ok(BoundaryIndex {
            tree: Tree::build(&points, k)?,
            points,
            k,
            periods,
            window,
            periodic,
            lower,
            upper,
        })
    }

    /// Number of joints.
    pub fn dim(&self) -> usize {
        self.k
    }

    /// The nearest point of the (periodic) boundary to `q`; errors when `q` has the wrong
    /// length or is not finite.
    pub fn nearest(&self, q: &[f64]) -> Result<Nearest> {
        if q.len() != self.k {
            return Err(JointspaceError::WrongLength {
                what: "query point".into(),
                expected: self.k,
                got: q.len(),
            });
        }
        if let Some(v) = q.iter().find(|v| !v.is_finite()) {
            return Err(JointspaceError::NotFinite {
                what: "query point".into(),
                value: *v,
            });
        }
        let mut image = vec![0.0; self.k];
        let mut point = vec![0.0; self.k];
        let (distance, index) = self.nearest_into(q, &mut image, &mut point);
        Ok(Nearest {
            distance,
            index,
            point,
        })
    }

    /// The distance to and index of the nearest boundary point to `q`, writing the nearest
    /// point of the periodic boundary into `point` (`image` is scratch). No checks.
    pub(crate) fn nearest_into(
        &self,
        q: &[f64],
        image: &mut [f64],
        point: &mut [f64],
    ) -> (f64, usize) {
        let mut best = (f64::INFINITY, 0usize);
        let images = 3usize.pow(self.periodic.len() as u32);
        for code in 0..images {
            // Digit 0 is no shift, 1 is −period, 2 is +period; code 0 is the query itself.
            image.copy_from_slice(q);
            let mut rest = code;
            for &a in &self.periodic {
                let (lo, period) = (self.window[a], self.periods[a]);
                if image[a] < lo || image[a] >= lo + period {
                    image[a] = lo + (image[a] - lo).rem_euclid(period);
                }
                match rest % 3 {
                    1 => image[a] -= self.periods[a],
                    2 => image[a] += self.periods[a],
                    _ => {}
                }
                rest /= 3;
            }
            if code > 0 && self.box_distance2(image) >= best.0 {
                continue;
            }
            let index = match self.tree.nearest(image) {
                Some(i) => i,
                None => self.brute_nearest(image),
            };
            let d2 = self.distance2(image, index);
            if d2 < best.0 {
                best = (d2, index);
                // The boundary point moved back by the same shift: the nearest point to q.
                for a in 0..self.k {
                    point[a] = self.points[index * self.k + a] + (q[a] - image[a]);
                }
            }
        }
        (best.0.sqrt(), best.1)
    }

    #[inline]
    fn distance2(&self, q: &[f64], index: usize) -> f64 {
        let p = &self.points[index * self.k..(index + 1) * self.k];
        q.iter().zip(p).map(|(a, b)| (a - b) * (a - b)).sum()
    }

    fn brute_nearest(&self, q: &[f64]) -> usize {
        let n = self.points.len() / self.k;
        let mut best = (f64::INFINITY, 0);
        for i in 0..n {
            let d = self.distance2(q, i);
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1
    }

    /// Squared distance from `q` to the bounding box of the points.
    #[inline]
    fn box_distance2(&self, q: &[f64]) -> f64 {
        let mut d2 = 0.0;
        for ((v, lo), hi) in q.iter().zip(&self.lower).zip(&self.upper) {
            let gap = (lo - v).max(v - hi).max(0.0);
            d2 += gap * gap;
        }
        d2
    }
}
