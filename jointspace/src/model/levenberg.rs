//! Levenberg–Marquardt for the weighted least-squares fit of an [`Mlp`].
//!
//! The loss `Σ_s w_s r_s²` (`r_s` the network's output minus the standardised target) is a
//! sum of squares, and the networks of joint-space models are small (tens to a few hundred
//! parameters), so the Gauss–Newton matrix `JᵀWJ` (parameters × parameters) is cheap to hold
//! and to factor. Each iteration accumulates `JᵀWJ` and `JᵀWr` over fixed chunks of samples
//! (in parallel, summed in chunk order, so that the result does not depend on the number of
//! threads), then tries damped steps `(JᵀWJ + λ D) δ = −JᵀWr` (`D` the diagonal of `JᵀWJ`,
//! Marquardt's scaling) solved by Cholesky (nalgebra), shrinking `λ` after a step that lowers
//! the loss and growing it after one that does not. On such problems it reaches a far lower
//! loss than first-order methods or L-BFGS in a few hundred iterations.
//!
//! The normal equations are accumulated here rather than handed to a general solver crate:
//! those hold the whole `n × p` Jacobian (hundreds of megabytes for a million samples) and
//! factor it by QR on one thread, where the `p × p` sums take one matrix product per block
//! of samples (nalgebra's, backed by matrixmultiply) and run on every core.

use std::time::{Duration, Instant};

use nalgebra::{DMatrix, DVector};
use rayon::prelude::*;

use super::batch::{Samples, weighted_sse};
use super::mlp::Mlp;
use crate::error::Result;

/// Samples per parallel task of the normal equations (fixed, so the sums do not depend on the
/// number of threads).
const CHUNK: usize = 4096;
/// Samples per matrix product inside a task.
const BLOCK: usize = 256;
/// Starting damping, and the bounds of the damping beyond which the fit stops (no step
/// lowers the loss any more).
const LAMBDA_START: f64 = 1e-3;
const LAMBDA_MIN: f64 = 1e-12;
const LAMBDA_MAX: f64 = 1e10;

/// How [`levenberg_marquardt`] went.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LmOutcome {
    /// The parameters with the lowest loss reached.
    pub params: Vec<f64>,
    /// Iterations (normal-equation builds) run.
    pub iterations: u64,
    /// Why it stopped.
    pub stopped_by: String,
}

/// `JᵀWJ` (column-major, `p × p`), `JᵀWr` and `Σ w r²` of `mlp` on the samples `rows`.
fn normal_block(
    mlp: &Mlp,
    data: &Samples,
    rows: std::ops::Range<usize>,
    (shift, scale): (f64, f64),
) -> (DMatrix<f64>, DVector<f64>, f64) {
    let p = mlp.param_count();
    let mut jtj = DMatrix::<f64>::zeros(p, p);
    let mut jtr = DVector::<f64>::zeros(p);
    let mut sse = 0.0;
    let mut s = mlp.scratch();
    let mut jt = DMatrix::<f64>::zeros(p, BLOCK);
    let mut row = vec![0.0; p];
    let mut at = rows.start;
    while at < rows.end {
        let len = BLOCK.min(rows.end - at);
        if len != jt.ncols() {
            jt = DMatrix::zeros(p, len);
        }
        for c in 0..len {
            let i = at + c;
            data.input(i, &mut s.acts[0]);
            let r = mlp.forward(&mut s) - (data.targets[i] - shift) / scale;
            let w = data.weights[i];
            sse += w * r * r;
            row.fill(0.0);
            mlp.backward(&mut s, 1.0, Some(&mut row));
            let sw = w.sqrt();
            let col = &mut jt.as_mut_slice()[c * p..(c + 1) * p];
            for ((o, j), g) in col.iter_mut().zip(&row).zip(jtr.iter_mut()) {
                *o = sw * j;
                *g += w * r * j;
            }
        }
        jtj.gemm(1.0, &jt, &jt.transpose(), 1.0);
        at += len;
    }
    (jtj, jtr, sse)
}

/// The normal equations over all of `data`, in parallel over fixed chunks summed in order.
fn normal_equations(
    mlp: &Mlp,
    data: &Samples,
    standard: (f64, f64),
) -> (DMatrix<f64>, DVector<f64>, f64) {
    let n = data.len();
    let parts: Vec<_> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| normal_block(mlp, data, c * CHUNK..((c + 1) * CHUNK).min(n), standard))
        .collect();
    let p = mlp.param_count();
    let mut jtj = DMatrix::<f64>::zeros(p, p);
    let mut jtr = DVector::<f64>::zeros(p);
    let mut sse = 0.0;
    for (a, g, e) in parts {
        jtj += a;
        jtr += g;
        sse += e;
    }
    (jtj, jtr, sse)
}

/// Minimises the weighted squared error of `template`'s network (parameters from `init`) on
/// `train`, with standardised targets `(t − shift) / scale`, for at most `iterations`
/// normal-equation builds or until `deadline`. Returns the best parameters found.
pub(crate) fn levenberg_marquardt(
    template: &Mlp,
    train: &Samples,
    standard: (f64, f64),
    init: Vec<f64>,
    iterations: u64,
    deadline: Option<(Instant, Duration)>,
) -> Result<LmOutcome> {
    let mut mlp = template.clone();
    let mut params = init;
    mlp.set_params(&params);
    let mut loss = weighted_sse(&mlp, train, standard.0, standard.1, None).0;
    let mut lambda = LAMBDA_START;
    let mut done = 0;
    let out_of_time = || deadline.is_some_and(|(start, budget)| start.elapsed() >= budget);
    let stopped_by = loop {
        if done >= iterations {
            break "the iteration limit".to_string();
        }
        if out_of_time() {
            break "the time budget".to_string();
        }
        crate::stop::check()?;
        mlp.set_params(&params);
        let (jtj, jtr, _) = normal_equations(&mlp, train, standard);
        done += 1;
        let diag: Vec<f64> = (0..jtj.nrows())
            .map(|i| jtj[(i, i)].max(1e-12 * (1.0 + jtj[(i, i)])))
            .collect();
        let mut improved = false;
        while lambda <= LAMBDA_MAX {
            let mut m = jtj.clone();
            for (i, d) in diag.iter().enumerate() {
                m[(i, i)] += lambda * d.max(1e-9);
            }
            let Some(chol) = m.cholesky() else {
                lambda *= 10.0;
                continue;
            };
            let step = chol.solve(&(-&jtr));
            let trial: Vec<f64> = params.iter().zip(step.iter()).map(|(a, b)| a + b).collect();
            mlp.set_params(&trial);
            let trial_loss = weighted_sse(&mlp, train, standard.0, standard.1, None).0;
            if trial_loss.is_finite() && trial_loss < loss {
                params = trial;
                loss = trial_loss;
                lambda = (lambda / 3.0).max(LAMBDA_MIN);
                improved = true;
                break;
            }
            lambda *= 4.0;
            if out_of_time() {
                break;
            }
        }
        if !improved {
            break if out_of_time() {
                "the time budget".to_string()
            } else {
                "no damped step lowers the loss".to_string()
            };
        }
    };
    Ok(LmOutcome {
        params,
        iterations: done,
        stopped_by,
    })
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The Gauss–Newton sums against a second method: `JᵀWr` equals half the gradient of
    /// the batched loss ([`weighted_sse`], back-propagated independently), and `JᵀWJ`
    /// against central differences of that gradient at a point where the residuals are
    /// zero (there the Hessian of the loss is exactly `2 JᵀWJ`).
    #[test]
    fn the_normal_equations_match_the_loss_derivatives() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mlp = Mlp::random(3, &[4, 3], &mut rng);
        let n = 700;
        let mut inputs = vec![0.0; 3 * n];
        inputs
            .iter_mut()
            .for_each(|v| *v = rng.random_range(-1.0..1.0));
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(0.5..3.0)).collect();
        let mut data = Samples {
            width: 3,
            inputs,
            targets: vec![0.0; n],
            weights,
        };
        let (shift, scale) = (0.2, 1.5);
        // Targets equal to the network's own output: zero residuals.
        let mut s = mlp.scratch();
        for i in 0..n {
            data.input(i, &mut s.acts[0]);
            data.targets[i] = mlp.forward(&mut s) * scale + shift;
        }
        let (jtj, jtr, sse) = normal_equations(&mlp, &data, (shift, scale));
        assert!(sse < 1e-20, "{sse}");
        assert!(jtr.norm() < 1e-10, "{}", jtr.norm());
        let params = mlp.params();
        let h = 1e-5;
        let mut probe = mlp.clone();
        for k in [0, 5, 13, params.len() - 1] {
            let grad_at = |delta: f64, probe: &mut Mlp| {
                let mut p = params.clone();
                p[k] += delta;
                probe.set_params(&p);
                weighted_sse(probe, &data, shift, scale, Some(1.0)).1
            };
            let (gp, gm) = (grad_at(h, &mut probe), grad_at(-h, &mut probe));
            for (i, (a, b)) in gp.iter().zip(&gm).enumerate() {
                let hess = (a - b) / (2.0 * h);
                let want = 2.0 * jtj[(i, k)];
                assert!(
                    (hess - want).abs() <= 1e-5 * (1.0 + want.abs()),
                    "({i}, {k}): {hess} vs {want}"
                );
            }
        }
        // Away from the fit, JᵀWr is half the loss gradient.
        data.targets.iter_mut().for_each(|t| *t += 0.3);
        let (_, jtr, sse) = normal_equations(&mlp, &data, (shift, scale));
        let (want_sse, grad) = weighted_sse(&mlp, &data, shift, scale, Some(1.0));
        assert!((sse - want_sse).abs() <= 1e-10 * want_sse);
        for (a, b) in jtr.iter().zip(&grad) {
            assert!((2.0 * a - b).abs() <= 1e-10 * (1.0 + b.abs()), "{a} {b}");
        }
    }

    /// On a target the network can represent exactly (another network of the same shape),
    /// Levenberg–Marquardt drives the loss to (near) zero from a random start.
    #[test]
    fn it_recovers_a_network_of_its_own_shape() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let truth = Mlp::random(2, &[5], &mut rng);
        let n = 2000;
        let mut inputs = vec![0.0; 2 * n];
        inputs
            .iter_mut()
            .for_each(|v| *v = rng.random_range(-1.0..1.0));
        let mut data = Samples {
            width: 2,
            inputs,
            targets: vec![0.0; n],
            weights: vec![1.0; n],
        };
        let mut s = truth.scratch();
        for i in 0..n {
            data.input(i, &mut s.acts[0]);
            data.targets[i] = truth.forward(&mut s);
        }
        let start = Mlp::random(2, &[5], &mut rng);
        let (before, _) = weighted_sse(&start, &data, 0.0, 1.0, None);
        let out = levenberg_marquardt(&start, &data, (0.0, 1.0), start.params(), 300, None)
            .expect("no stop flag in tests");
        let mut fitted = start.clone();
        fitted.set_params(&out.params);
        let (after, _) = weighted_sse(&fitted, &data, 0.0, 1.0, None);
        assert!(
            after < 1e-8 * before,
            "{before} -> {after} ({})",
            out.stopped_by
        );
    }
}
