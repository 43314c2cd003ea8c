//! Fitting a [`SplineGrid`] to weighted samples: penalised least squares (a P-spline), solved
//! by the conjugate-gradient method with a Jacobi preconditioner.
//!
//! The coefficients `c` minimise `Σ_s w_s (B_s · c − y_s)² + λ Σ_joints ‖D c‖²`, where `B_s`
//! holds the sample's `4^k` B-spline weights and `D` takes second differences of the
//! coefficients along one joint (wrapping around periodic joints). The penalty fills cells
//! that no sample reaches and damps wiggles between samples; `λ` is `smoothing` times the mean
//! diagonal of the data term, so that the option does not depend on the sample count or the
//! grid. The normal equations `(BᵀWB + λ DᵀD) c = BᵀWy` are never formed: each iteration
//! applies them in one pass over the samples, in fixed chunks whose sums are added in chunk
//! order, so that the result does not depend on the number of threads.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::spline::{AxisBasis, MAX_SPLINE_JOINTS, SplineGrid};
use crate::error::Result;

/// Sample chunks of one pass (fixed, for results independent of the thread count).
const CHUNKS: usize = 8;

/// Relative residual at which the conjugate gradients stop.
const TOLERANCE: f64 = 1e-10;

/// Training samples of a spline: configurations (`k` per sample), targets and weights.
pub(crate) struct SplineSamples {
    pub configurations: Vec<f64>,
    pub targets: Vec<f64>,
    pub weights: Vec<f64>,
}

/// How a spline fit ended.
pub(crate) struct SplineOutcome {
    pub iterations: u64,
    pub stopped_by: String,
}

/// The `4^k` coefficient indices and products of B-spline weights of one sample.
struct Stencil {
    index: [usize; 1 << (2 * MAX_SPLINE_JOINTS)],
    weight: [f64; 1 << (2 * MAX_SPLINE_JOINTS)],
    len: usize,
}

impl Stencil {
    fn new() -> Self {
        Stencil {
            index: [0; 1 << (2 * MAX_SPLINE_JOINTS)],
            weight: [0.0; 1 << (2 * MAX_SPLINE_JOINTS)],
            len: 0,
        }
    }

    /// Expands the joints' bases into their tensor product, in place.
    fn fill(&mut self, bases: &[AxisBasis], k: usize) {
        self.index[0] = 0;
        self.weight[0] = 1.0;
        let mut len = 1;
        for b in &bases[..k] {
            // Backwards, so that entry m is read before entries 4m.. overwrite it.
            for m in (0..len).rev() {
                let (i, w) = (self.index[m], self.weight[m]);
                for j in (0..4).rev() {
                    self.index[4 * m + j] = i + b.offset[j];
                    self.weight[4 * m + j] = w * b.weight[j];
                }
            }
            len *= 4;
        }
        self.len = len;
    }
}

/// Applies `f(stencil, sample)` to every sample of chunk `c` of `CHUNKS`.
fn for_chunk(
    spline: &SplineGrid,
    samples: &SplineSamples,
    c: usize,
    mut f: impl FnMut(&Stencil, usize),
) {
    let k = spline.dim();
    let n = samples.targets.len();
    let (start, end) = (c * n / CHUNKS, (c + 1) * n / CHUNKS);
    let mut stencil = Stencil::new();
    for s in start..end {
        let bases = spline.bases(&samples.configurations[s * k..(s + 1) * k]);
        stencil.fill(&bases, k);
        f(&stencil, s);
    }
}

/// `out = Σ_chunks part_c`, the parts filled by `fill(chunk, part)` in parallel and added in
/// chunk order.
fn chunked_sum(parts: &mut [Vec<f64>], out: &mut [f64], fill: impl Fn(usize, &mut [f64]) + Sync) {
    parts.par_iter_mut().enumerate().for_each(|(c, part)| {
        part.iter_mut().for_each(|x| *x = 0.0);
        fill(c, part);
    });
    let parts = &*parts;
    out.par_chunks_mut(4096).enumerate().for_each(|(t, o)| {
        for (i, x) in o.iter_mut().enumerate() {
            let at = t * 4096 + i;
            *x = parts.iter().map(|p| p[at]).sum();
        }
    });
}

/// The second-difference penalty `Σ_joints DᵀD`: `out += lambda · DᵀD p` for every joint.
fn add_penalty(spline: &SplineGrid, lambda: f64, p: &[f64], diff: &mut [f64], out: &mut [f64]) {
    for a in 0..spline.dim() {
        let (len, stride, periodic) = (spline.axis_len(a), spline.stride(a), spline.periodic[a]);
        let neighbour = |f: usize, step: isize| -> Option<usize> {
            let pos = (f / stride) % len;
            let next = pos as isize + step;
            if periodic {
                let wrapped = next.rem_euclid(len as isize) as usize;
                Some(f - pos * stride + wrapped * stride)
            } else if next < 0 || next >= len as isize {
                None
            } else {
                Some(f - pos * stride + next as usize * stride)
            }
        };
        // diff[f]: the second difference centred at f (0 where it does not exist).
        diff.par_iter_mut().enumerate().for_each(|(f, d)| {
            *d = match (neighbour(f, -1), neighbour(f, 1)) {
                (Some(before), Some(after)) => p[before] - 2.0 * p[f] + p[after],
                _ => 0.0,
            };
        });
        let diff = &*diff;
        out.par_iter_mut().enumerate().for_each(|(f, o)| {
            let around = |step| neighbour(f, step).map_or(0.0, |g| diff[g]);
            *o += lambda * (around(-1) - 2.0 * diff[f] + around(1));
        });
    }
}

/// The diagonal of `Σ_joints DᵀD`.
fn penalty_diagonal(spline: &SplineGrid) -> Vec<f64> {
    let n = spline.coefficients.len();
    let mut diag = vec![0.0; n];
    for a in 0..spline.dim() {
        let (len, stride, periodic) = (spline.axis_len(a), spline.stride(a), spline.periodic[a]);
        for (f, d) in diag.iter_mut().enumerate() {
            if periodic {
                *d += 6.0;
            } else {
                let pos = (f / stride) % len;
                // Centres pos-1, pos, pos+1 that exist (1..len-1) weigh 1, 4 and 1.
                let centre = |c: isize| c >= 1 && c < len as isize - 1;
                let p = pos as isize;
                *d += [(p - 1, 1.0), (p, 4.0), (p + 1, 1.0)]
                    .iter()
                    .filter(|(c, _)| centre(*c))
                    .map(|(_, w)| w)
                    .sum::<f64>();
            }
        }
    }
    diag
}

/// Fits `spline`'s coefficients to `samples` (see the module documentation), in at most
/// `max_iterations` conjugate-gradient steps or until `deadline` (start, budget).
pub(crate) fn fit_spline(
    spline: &mut SplineGrid,
    samples: &SplineSamples,
    smoothing: f64,
    max_iterations: u64,
    deadline: Option<(Instant, Duration)>,
) -> Result<SplineOutcome> {
    let n_c = spline.coefficients.len();
    let total_weight: f64 = samples.weights.iter().sum();
    let mean = samples
        .targets
        .iter()
        .zip(&samples.weights)
        .map(|(t, w)| t * w)
        .sum::<f64>()
        / total_weight;
    let mut parts = vec![vec![0.0; n_c]; CHUNKS];
    let shape = &*spline;

    // Right-hand side BᵀW(y − mean) and the data term's diagonal.
    let mut rhs = vec![0.0; n_c];
    chunked_sum(&mut parts, &mut rhs, |c, part| {
        for_chunk(shape, samples, c, |st, s| {
            let r = samples.weights[s] * (samples.targets[s] - mean);
            for m in 0..st.len {
                part[st.index[m]] += st.weight[m] * r;
            }
        })
    });
    let mut diag = vec![0.0; n_c];
    chunked_sum(&mut parts, &mut diag, |c, part| {
        for_chunk(shape, samples, c, |st, s| {
            let w = samples.weights[s];
            for m in 0..st.len {
                part[st.index[m]] += w * st.weight[m] * st.weight[m];
            }
        })
    });
    let reached = diag.iter().filter(|d| **d > 0.0).count().max(1);
    let lambda = smoothing * diag.iter().sum::<f64>() / reached as f64;
    let pen = penalty_diagonal(shape);
    let inverse_diag: Vec<f64> = diag
        .iter()
        .zip(&pen)
        .map(|(d, p)| 1.0 / (d + lambda * p).max(f64::MIN_POSITIVE))
        .collect();

    // A p = BᵀWB p + λ DᵀD p.
    let mut diff = vec![0.0; n_c];
    let mut apply = |p: &[f64], out: &mut [f64], parts: &mut [Vec<f64>]| {
        chunked_sum(parts, out, |c, part| {
            for_chunk(shape, samples, c, |st, s| {
                let mut v = 0.0;
                for m in 0..st.len {
                    v += st.weight[m] * p[st.index[m]];
                }
                let r = samples.weights[s] * v;
                for m in 0..st.len {
                    part[st.index[m]] += st.weight[m] * r;
                }
            })
        });
        add_penalty(shape, lambda, p, &mut diff, out);
    };

    let dot = |a: &[f64], b: &[f64]| -> f64 {
        a.par_chunks(4096)
            .zip(b.par_chunks(4096))
            .map(|(x, y)| x.iter().zip(y).map(|(p, q)| p * q).sum::<f64>())
            .collect::<Vec<f64>>()
            .iter()
            .sum()
    };
    let mut x = vec![0.0; n_c];
    let mut r = rhs.clone();
    let mut z: Vec<f64> = r.iter().zip(&inverse_diag).map(|(a, b)| a * b).collect();
    let mut p = z.clone();
    let mut ap = vec![0.0; n_c];
    let mut rz = dot(&r, &z);
    let norm0 = dot(&rhs, &rhs).sqrt();
    let mut iterations = 0;
    let mut stopped_by = "the iteration limit".to_string();
    if norm0 == 0.0 {
        stopped_by = "convergence".into();
    }
    while norm0 > 0.0 && iterations < max_iterations {
        crate::stop::check()?;
        if deadline.is_some_and(|(start, budget)| start.elapsed() > budget) {
            stopped_by = "the time budget".into();
            break;
        }
        apply(&p, &mut ap, &mut parts);
        let pap = dot(&p, &ap);
        if pap.is_nan() || pap <= 0.0 {
            stopped_by = "convergence".into();
            break;
        }
        let alpha = rz / pap;
        x.par_iter_mut()
            .zip(&p)
            .for_each(|(xi, pi)| *xi += alpha * pi);
        r.par_iter_mut()
            .zip(&ap)
            .for_each(|(ri, ai)| *ri -= alpha * ai);
        iterations += 1;
        if dot(&r, &r).sqrt() <= TOLERANCE * norm0 {
            stopped_by = "convergence".into();
            break;
        }
        z.par_iter_mut()
            .zip(r.par_iter().zip(&inverse_diag))
            .for_each(|(zi, (ri, di))| *zi = ri * di);
        let rz_next = dot(&r, &z);
        let beta = rz_next / rz;
        rz = rz_next;
        p.par_iter_mut()
            .zip(&z)
            .for_each(|(pi, zi)| *pi = zi + beta * *pi);
    }
    // B-spline weights sum to 1: adding the mean to every coefficient adds it to the value.
    for (c, xi) in spline.coefficients.iter_mut().zip(&x) {
        *c = xi + mean;
    }
    Ok(SplineOutcome {
        iterations,
        stopped_by,
    })
}
