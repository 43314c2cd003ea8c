//! The training loss of an [`Mlp`] over many samples at once: a weighted sum of squared
//! errors and its gradient with respect to every parameter.
//!
//! The samples are stored unit-major ([`Samples`]: one contiguous column of values per
//! network input), and each layer is evaluated for a block of samples at a time, so that the
//! innermost loops run over samples: independent, contiguous, and vectorised by the compiler.
//! Each sample's forward sums are in the order of [`Mlp::forward`] (bias, then the inputs in
//! order), so a sample's value equals the per-sample evaluation bit for bit. The work is split
//! into fixed tasks of [`SAMPLES_PER_TASK`] samples whose results are summed in task order,
//! so the loss and the gradient do not depend on the number of threads.

use rayon::prelude::*;

use super::mlp::{Mlp, activation};

/// Samples per parallel task (fixed, so the sum does not depend on the number of threads).
pub(crate) const SAMPLES_PER_TASK: usize = 2048;

/// Samples per block inside a task: every layer's values for a block stay in cache.
const BLOCK: usize = 128;

/// Training samples, encoded, unit-major.
#[derive(Clone, Debug, Default)]
pub(crate) struct Samples {
    /// Network inputs per sample.
    pub width: usize,
    /// `inputs[j * len + s]`: input `j` of sample `s`.
    pub inputs: Vec<f64>,
    /// Target per sample.
    pub targets: Vec<f64>,
    /// Loss weight per sample.
    pub weights: Vec<f64>,
}

impl Samples {
    /// Number of samples.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Sample `s`'s network inputs.
    pub fn input(&self, s: usize, out: &mut [f64]) {
        let n = self.len();
        for (j, o) in out.iter_mut().enumerate() {
            *o = self.inputs[j * n + s];
        }
    }

    /// The samples `rows` (in that order) as a new set.
    pub fn select(&self, rows: &[usize]) -> Samples {
        let n = self.len();
        let mut inputs = Vec::with_capacity(rows.len() * self.width);
        for j in 0..self.width {
            inputs.extend(rows.iter().map(|&r| self.inputs[j * n + r]));
        }
        Samples {
            width: self.width,
            inputs,
            targets: rows.iter().map(|&r| self.targets[r]).collect(),
            weights: rows.iter().map(|&r| self.weights[r]).collect(),
        }
    }
}

/// Per-task buffers.
struct Work {
    /// `acts[l]`: the output of layer `l - 1` (`acts[0]` the inputs), unit-major per block.
    acts: Vec<Vec<f64>>,
    /// `slopes[l]`: the activation's slopes of hidden layer `l`.
    slopes: Vec<Vec<f64>>,
    g: Vec<f64>,
    g_in: Vec<f64>,
}

impl Work {
    fn new(mlp: &Mlp) -> Work {
        let mut acts = vec![vec![0.0; mlp.inputs() * BLOCK]];
        acts.extend(mlp.layers.iter().map(|l| vec![0.0; l.outputs * BLOCK]));
        let widest = mlp
            .layers
            .iter()
            .map(|l| l.inputs.max(l.outputs))
            .max()
            .unwrap_or(1);
        Work {
            acts,
            slopes: mlp
                .layers
                .iter()
                .map(|l| vec![0.0; l.outputs * BLOCK])
                .collect(),
            g: vec![0.0; widest * BLOCK],
            g_in: vec![0.0; widest * BLOCK],
        }
    }
}

/// `Σ_s w_s (mlp(x_s) − (t_s − shift) / scale)²` over `data`, and, when `grad_scale` is
/// given, its gradient with respect to the parameters (layout of [`Mlp::params`]) times
/// `grad_scale`.
pub(crate) fn weighted_sse(
    mlp: &Mlp,
    data: &Samples,
    shift: f64,
    scale: f64,
    grad_scale: Option<f64>,
) -> (f64, Vec<f64>) {
    weighted_sse_range(
        mlp,
        data,
        0..data.len(),
        SAMPLES_PER_TASK,
        (shift, scale),
        grad_scale,
    )
}

/// [`weighted_sse`] over the samples `rows` only, in tasks of `per_task` samples.
pub(crate) fn weighted_sse_range(
    mlp: &Mlp,
    data: &Samples,
    rows: std::ops::Range<usize>,
    per_task: usize,
    (shift, scale): (f64, f64),
    grad_scale: Option<f64>,
) -> (f64, Vec<f64>) {
    let n = rows.end;
    let tasks = rows.len().div_ceil(per_task);
    let with_grad = grad_scale.is_some();
    let parts: Vec<(f64, Vec<f64>)> = (0..tasks)
        .into_par_iter()
        .map_init(
            || Work::new(mlp),
            |work, t| {
                let mut grad = vec![0.0; if with_grad { mlp.param_count() } else { 0 }];
                let start = rows.start + t * per_task;
                let end = (start + per_task).min(n);
                let mut sse = 0.0;
                let mut b = start;
                while b < end {
                    let len = BLOCK.min(end - b);
                    sse += block(
                        mlp,
                        data,
                        b,
                        len,
                        (shift, scale),
                        grad_scale.map(|g| (g, grad.as_mut_slice())),
                        work,
                    );
                    b += len;
                }
                (sse, grad)
            },
        )
        .collect();
    let mut total = 0.0;
    let mut grad = vec![0.0; if with_grad { mlp.param_count() } else { 0 }];
    for (sse, g) in parts {
        total += sse;
        grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
    }
    (total, grad)
}

/// The loss of samples `start .. start + len` (`len <= BLOCK`), adding the gradient into
/// `grad` when given.
fn block(
    mlp: &Mlp,
    data: &Samples,
    start: usize,
    len: usize,
    (shift, scale): (f64, f64),
    grad: Option<(f64, &mut [f64])>,
    work: &mut Work,
) -> f64 {
    let n = data.len();
    let last = mlp.layers.len() - 1;
    for j in 0..data.width {
        work.acts[0][j * len..(j + 1) * len]
            .copy_from_slice(&data.inputs[j * n + start..j * n + start + len]);
    }
    // Forward, unit by unit, the loop over samples innermost.
    for (l, layer) in mlp.layers.iter().enumerate() {
        let (before, after) = work.acts.split_at_mut(l + 1);
        let (x, y) = (&before[l], &mut after[0]);
        for i in 0..layer.outputs {
            let y_i = &mut y[i * len..(i + 1) * len];
            y_i.fill(layer.bias[i]);
            for j in 0..layer.inputs {
                let w = layer.weights[i * layer.inputs + j];
                for (y_s, x_s) in y_i.iter_mut().zip(&x[j * len..(j + 1) * len]) {
                    *y_s += w * x_s;
                }
            }
            if l < last {
                let slopes = &mut work.slopes[l][i * len..(i + 1) * len];
                for (y_s, d_s) in y_i.iter_mut().zip(slopes) {
                    (*y_s, *d_s) = activation(*y_s);
                }
            }
        }
    }
    let out = &work.acts[last + 1][..len];
    let targets = &data.targets[start..start + len];
    let weights = &data.weights[start..start + len];
    let mut sse = 0.0;
    let Some((g_scale, grad)) = grad else {
        for ((o, t), w) in out.iter().zip(targets).zip(weights) {
            let r = o - (t - shift) / scale;
            sse += w * r * r;
        }
        return sse;
    };
    for (((o, t), w), g) in out.iter().zip(targets).zip(weights).zip(&mut work.g) {
        let r = o - (t - shift) / scale;
        sse += w * r * r;
        *g = 2.0 * w * r * g_scale;
    }
    // Backward: `work.g` holds the loss's gradient with respect to layer l's output.
    let mut offset = mlp.param_count();
    for (l, layer) in mlp.layers.iter().enumerate().rev() {
        let (n_in, n_out) = (layer.inputs, layer.outputs);
        if l < last {
            for (g_s, d_s) in work.g[..n_out * len].iter_mut().zip(&work.slopes[l]) {
                *g_s *= d_s;
            }
        }
        offset -= n_in * n_out + n_out;
        let (pw, pb) = grad[offset..offset + n_in * n_out + n_out].split_at_mut(n_in * n_out);
        let x = &work.acts[l];
        for i in 0..n_out {
            let g_i = &work.g[i * len..(i + 1) * len];
            for j in 0..n_in {
                pw[i * n_in + j] += dot(g_i, &x[j * len..(j + 1) * len]);
            }
            pb[i] += g_i.iter().sum::<f64>();
        }
        if l > 0 {
            let g_in = &mut work.g_in[..n_in * len];
            g_in.fill(0.0);
            for i in 0..n_out {
                let g_i = &work.g[i * len..(i + 1) * len];
                for j in 0..n_in {
                    let w = layer.weights[i * n_in + j];
                    for (a, b) in g_in[j * len..(j + 1) * len].iter_mut().zip(g_i) {
                        *a += w * b;
                    }
                }
            }
            std::mem::swap(&mut work.g, &mut work.g_in);
        }
    }
    sse
}

/// `Σ a_s b_s` with four interleaved partial sums (vectorises; the order is fixed).
#[inline]
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut acc = [0.0; 4];
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..4 {
            acc[k] += x[k] * y[k];
        }
    }
    let mut tail = 0.0;
    for (x, y) in ra.iter().zip(rb) {
        tail += x * y;
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    /// The batched loss and gradient against a second method: the per-sample forward and
    /// backward passes of [`Mlp`], summed; with blocks and tasks cut mid-way (300 samples,
    /// two layers) and uneven weights.
    #[test]
    fn the_batched_loss_equals_the_per_sample_sum() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mlp = Mlp::random(3, &[5, 4], &mut rng);
        let n = 300;
        let rows: Vec<[f64; 3]> = (0..n)
            .map(|_| std::array::from_fn(|_| rng.random_range(-1.0..1.0)))
            .collect();
        let targets: Vec<f64> = (0..n).map(|_| rng.random_range(-2.0..2.0)).collect();
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(0.5..3.0)).collect();
        let mut inputs = vec![0.0; 3 * n];
        for (s, r) in rows.iter().enumerate() {
            for j in 0..3 {
                inputs[j * n + s] = r[j];
            }
        }
        let data = Samples {
            width: 3,
            inputs,
            targets: targets.clone(),
            weights: weights.clone(),
        };
        let (shift, scale, g_scale) = (0.3, 1.7, 0.01);
        let (sse, grad) = weighted_sse_range(&mlp, &data, 0..n, 128, (shift, scale), Some(g_scale));
        let mut s = mlp.scratch();
        let (mut want_sse, mut want_grad) = (0.0, vec![0.0; mlp.param_count()]);
        for ((r, t), w) in rows.iter().zip(&targets).zip(&weights) {
            s.acts[0].copy_from_slice(r);
            let e = mlp.forward(&mut s) - (t - shift) / scale;
            want_sse += w * e * e;
            mlp.backward(&mut s, 2.0 * w * e * g_scale, Some(&mut want_grad));
        }
        assert!(
            (sse - want_sse).abs() <= 1e-12 * want_sse,
            "{sse} {want_sse}"
        );
        for (a, b) in grad.iter().zip(&want_grad) {
            assert!((a - b).abs() <= 1e-12 * (1.0 + b.abs()), "{a} {b}");
        }
        // The task size changes the summation's grouping only, not the result beyond rounding.
        let (sse2, _) = weighted_sse(&mlp, &data, shift, scale, None);
        assert!((sse2 - sse).abs() <= 1e-12 * sse);
    }
}
