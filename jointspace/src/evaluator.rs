//! Evaluation of one configuration against the sampler's pairs, with a per-pair cache for
//! grids.

use crate::collision_data::{CollisionData, place_pair};
use crate::collision_query::{compute_collision, compute_distance};
use crate::error::Result;
use crate::options::{DistanceOptions, InCollision, Measure};
use crate::sampler::CollisionSampler;

impl CollisionSampler {
    /// The value of one subspace point: the smallest signed distance over the pairs, or the
    /// collision check (1 free, 0 in collision).
    pub fn evaluate(&self, point: &[f64], measure: &Measure) -> Result<f64> {
        self.subspace().check_point(point)?;
        if let Measure::Distance(d) = measure {
            d.check()?;
        }
        Evaluator::new(self).evaluate(point, measure, None)
    }

    /// Whether one subspace point is in collision (pairs checked in order, stopping at the
    /// first colliding one).
    pub fn collides(&self, point: &[f64]) -> Result<bool> {
        self.subspace().check_point(point)?;
        Evaluator::new(self).collides(point)
    }
}

/// One thread's evaluation state: collision data, a full configuration buffer, and per pair
/// the last value computed with the key of the grid indices it depends on.
pub(crate) struct Evaluator<'s> {
    sampler: &'s CollisionSampler,
    pub data: CollisionData,
    q: Vec<f64>,
    cache: Vec<Option<(usize, f64)>>,
    /// Per pair, the proximity channel of the next evaluation (see
    /// [`morsel_geometry::proximity::ProximityScratch::set_channel`]).
    pub channels: Vec<u64>,
    /// Per collision object: whether no sampled joint moves it (it is placed once).
    fixed: Vec<bool>,
    /// Per collision object: whether it has been placed.
    placed: Vec<bool>,
}

impl<'s> Evaluator<'s> {
    pub fn new(sampler: &'s CollisionSampler) -> Self {
        Evaluator {
            sampler,
            data: sampler.new_data(),
            q: sampler.subspace().reference().to_vec(),
            cache: vec![None; sampler.collision_model().pairs().len()],
            channels: vec![0; sampler.collision_model().pairs().len()],
            fixed: fixed_objects(sampler),
            placed: vec![false; sampler.collision_model().objects().len()],
        }
    }

    /// Forgets warm starts and cached values: what follows is computed as from a fresh state.
    pub fn reset(&mut self) {
        self.data.reset_warm_starts();
        self.cache.iter_mut().for_each(|c| *c = None);
    }

    /// The value of subspace point `point`. With `keys` (one per pair: a number that changes
    /// whenever a joint the pair depends on changes), a pair whose key matches its last
    /// evaluation reuses that value instead of querying again.
    pub fn evaluate(
        &mut self,
        point: &[f64],
        measure: &Measure,
        keys: Option<&[usize]>,
    ) -> Result<f64> {
        let mut written = false;
        let pairs = self.cache.len();
        match measure {
            Measure::Binary => {
                for p in 0..pairs {
                    let value = match self.cached(p, keys) {
                        Some(v) => v,
                        None => {
                            self.prepare_pair(point, p, &mut written)?;
                            let hit = compute_collision(
                                self.sampler.collision_model(),
                                &mut self.data,
                                p,
                            )?;
                            let v = if hit { 0.0 } else { 1.0 };
                            self.store(p, keys, v);
                            v
                        }
                    };
                    if value <= 0.0 {
                        return Ok(0.0);
                    }
                }
                Ok(1.0)
            }
            Measure::Distance(options) => {
                let mut best = f64::INFINITY;
                for p in 0..pairs {
                    if best <= 0.0 && options.in_collision == InCollision::Zero {
                        // No pair reports less than 0: the value is known.
                        break;
                    }
                    let value = match self.cached(p, keys) {
                        Some(v) => v,
                        None => {
                            self.prepare_pair(point, p, &mut written)?;
                            // Only the smallest value counts: a pair farther than the best so
                            // far is measured only up to it (its query stops once it knows it
                            // is farther, and reports the bound, which is not its own value
                            // and is not cached).
                            let bounded = best > 0.0 && options.cap.is_none_or(|c| best < c);
                            let pair_options = if bounded {
                                DistanceOptions {
                                    cap: Some(best),
                                    ..*options
                                }
                            } else {
                                *options
                            };
                            let v = compute_distance(
                                self.sampler.collision_model(),
                                &mut self.data,
                                p,
                                &pair_options,
                            )?;
                            if !bounded || v < best {
                                self.store(p, keys, v);
                            } else {
                                self.cache[p] = None;
                            }
                            v
                        }
                    };
                    best = best.min(value);
                }
                Ok(best)
            }
        }
    }

    /// Whether `point` is in collision (pairs checked in order, stopping at the first hit).
    pub fn collides(&mut self, point: &[f64]) -> Result<bool> {
        Ok(self.evaluate(point, &Measure::Binary, None)? <= 0.0)
    }

    #[inline]
    fn cached(&self, p: usize, keys: Option<&[usize]>) -> Option<f64> {
        match (keys, self.cache[p]) {
            (Some(k), Some((key, v))) if k[p] == key => Some(v),
            _ => None,
        }
    }

    #[inline]
    fn store(&mut self, p: usize, keys: Option<&[usize]>, v: f64) {
        self.cache[p] = keys.map(|k| (k[p], v));
    }

    /// Readies pair `p` for a query at subspace point `point`: places its objects (the
    /// configuration is written once per point) and sets its proximity channel.
    fn prepare_pair(&mut self, point: &[f64], p: usize, written: &mut bool) -> Result<()> {
        if !*written {
            self.sampler.subspace().write(point, &mut self.q);
            *written = true;
        }
        let (fixed, placed) = (&self.fixed, &mut self.placed);
        place_pair(
            self.sampler.model(),
            self.sampler.collision_model(),
            &mut self.data,
            &self.q,
            p,
            |id| {
                let i = id.index();
                let wanted = !(fixed[i] && placed[i]);
                placed[i] = true;
                wanted
            },
        )?;
        self.data.scratch[p].set_channel(self.channels[p]);
        Ok(())
    }
}

/// Per collision object of `sampler`: whether none of the sampled joints (nor a joint that
/// mimics one) lies between the root and its link, so that its placement never changes.
fn fixed_objects(sampler: &CollisionSampler) -> Vec<bool> {
    let model = sampler.model();
    let source = |j| model.joint(j).mimic().map_or(j, |m| m.joint);
    let sampled: Vec<_> = sampler
        .subspace()
        .joints()
        .iter()
        .map(|j| j.joint)
        .collect();
    sampler
        .collision_model()
        .objects()
        .iter()
        .map(|o| {
            !model
                .joints_upward(o.link())
                .any(|j| sampled.contains(&source(j)))
        })
        .collect()
}
