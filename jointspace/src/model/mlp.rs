//! The network of a joint-space model: dense layers, `tanh` on the hidden ones, one linear
//! output. Forward pass, gradient with respect to the inputs (for the model's Jacobian) and
//! with respect to the parameters (for training), written out by hand: the network is small
//! and the exported C header repeats the same arithmetic in the same order, so that both
//! evaluations agree to rounding.
//!
//! The hidden units use [`activation`]: a rational (Padé) approximation of `tanh`, within 1e-4 of
//! it, that costs a few multiplications and one division instead of a library call. Training,
//! evaluation and every export use this same function and its exact derivative, so the model
//! is the function the C header computes, not an approximation of it.

use rand::Rng;
use serde::{Deserialize, Serialize};

/// Where [`activation`] saturates: inputs are clamped to `[-ACTIVATION_CLAMP, ACTIVATION_CLAMP]`. The rational
/// function reaches 1 at 4.9718; at the clamp it is `1 − 6e-7`, and its slope there `3.5e-4`.
pub const ACTIVATION_CLAMP: f64 = 4.97;

/// The hidden units' activation and its derivative: the `[7/6]` Padé approximant of `tanh`,
/// `x (135135 + 17325 x² + 378 x⁴ + x⁶) / (135135 + 62370 x² + 3150 x⁴ + 28 x⁶)`, on `x`
/// clamped to `±ACTIVATION_CLAMP` (slope 0 outside). It differs from `tanh` by less than 1e-4. The
/// C header evaluates the same operations in the same order.
#[inline(always)]
pub fn activation(x: f64) -> (f64, f64) {
    // Branch-free (so that the C loops over units vectorise): `inside` is 1 for
    // |x| < ACTIVATION_CLAMP and 0 outside, `c` is x clamped.
    let inside = 0.5 * (1f64.copysign(x + ACTIVATION_CLAMP) - 1f64.copysign(x - ACTIVATION_CLAMP));
    let c = inside * x + (1.0 - inside) * ACTIVATION_CLAMP.copysign(x);
    let x2 = c * c;
    let p = c * (((x2 + 378.0) * x2 + 17325.0) * x2 + 135135.0);
    let q = ((28.0 * x2 + 3150.0) * x2 + 62370.0) * x2 + 135135.0;
    let dp = ((7.0 * x2 + 1890.0) * x2 + 51975.0) * x2 + 135135.0;
    let dq = c * ((168.0 * x2 + 12600.0) * x2 + 124740.0);
    let inv = 1.0 / q;
    let y = p * inv;
    (y, (dp - y * dq) * inv * inside)
}

/// One dense layer: `y = W x + b`, followed by [`activation`] unless it is the output layer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Layer {
    /// Input width.
    pub inputs: usize,
    /// Output width.
    pub outputs: usize,
    /// `outputs × inputs`, row-major: `weights[i * inputs + j]` multiplies input `j` of
    /// output `i`.
    pub weights: Vec<f64>,
    /// One bias per output.
    pub bias: Vec<f64>,
}

/// A multilayer perceptron with `tanh` hidden layers and one linear output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mlp {
    /// The layers, input first; the last one has a single output and no `tanh`.
    pub layers: Vec<Layer>,
}

/// Per-thread buffers for evaluating an [`Mlp`].
#[derive(Clone, Debug)]
pub struct Scratch {
    /// `acts[0]` is the input, `acts[l + 1]` the output of layer `l`.
    pub acts: Vec<Vec<f64>>,
    /// `slopes[l]`: the activation's derivative at each unit of hidden layer `l`.
    slopes: Vec<Vec<f64>>,
    /// Gradient with respect to the current layer's output, then its input.
    back: [Vec<f64>; 2],
}

impl Mlp {
    /// A network with `inputs` inputs, hidden layers of widths `hidden` and one output;
    /// weights drawn uniformly in `±sqrt(6 / (fan_in + fan_out))` (Glorot), biases 0.
    pub fn random(inputs: usize, hidden: &[usize], rng: &mut impl Rng) -> Mlp {
        let mut widths = vec![inputs];
        widths.extend_from_slice(hidden);
        widths.push(1);
        let layers = widths
            .windows(2)
            .map(|w| {
                let limit = (6.0 / (w[0] + w[1]) as f64).sqrt();
                Layer {
                    inputs: w[0],
                    outputs: w[1],
                    weights: (0..w[0] * w[1])
                        .map(|_| rng.random_range(-limit..limit))
                        .collect(),
                    bias: vec![0.0; w[1]],
                }
            })
            .collect();
        Mlp { layers }
    }

    /// Input width.
    pub fn inputs(&self) -> usize {
        self.layers.first().map_or(0, |l| l.inputs)
    }

    /// Hidden layer widths.
    pub fn hidden(&self) -> Vec<usize> {
        let n = self.layers.len();
        self.layers[..n.saturating_sub(1)]
            .iter()
            .map(|l| l.outputs)
            .collect()
    }

    /// Number of parameters (weights and biases).
    pub fn param_count(&self) -> usize {
        self.layers
            .iter()
            .map(|l| l.weights.len() + l.bias.len())
            .sum()
    }

    /// All parameters, layer by layer, weights then biases.
    pub fn params(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.param_count());
        for l in &self.layers {
            out.extend_from_slice(&l.weights);
            out.extend_from_slice(&l.bias);
        }
        out
    }

    /// Sets all parameters from the layout of [`params`](Self::params).
    pub fn set_params(&mut self, params: &[f64]) {
        let mut at = 0;
        for l in &mut self.layers {
            let (w, b) = (l.weights.len(), l.bias.len());
            l.weights.copy_from_slice(&params[at..at + w]);
            l.bias.copy_from_slice(&params[at + w..at + w + b]);
            at += w + b;
        }
    }

    /// Buffers sized for this network.
    pub fn scratch(&self) -> Scratch {
        let mut acts = vec![vec![0.0; self.inputs()]];
        acts.extend(self.layers.iter().map(|l| vec![0.0; l.outputs]));
        let widest = acts.iter().map(Vec::len).max().unwrap_or(1);
        let slopes = self.layers.iter().map(|l| vec![0.0; l.outputs]).collect();
        Scratch {
            acts,
            slopes,
            back: [vec![0.0; widest], vec![0.0; widest]],
        }
    }

    /// The output for the input already in `s.acts[0]`; keeps every layer's output in `s`.
    #[inline]
    pub fn forward(&self, s: &mut Scratch) -> f64 {
        let last = self.layers.len() - 1;
        for (l, layer) in self.layers.iter().enumerate() {
            let (before, after) = s.acts.split_at_mut(l + 1);
            let (x, y) = (&before[l], &mut after[0]);
            let slopes = &mut s.slopes[l];
            for (i, y_i) in y.iter_mut().enumerate() {
                let row = &layer.weights[i * layer.inputs..(i + 1) * layer.inputs];
                let mut sum = layer.bias[i];
                for (w, x_j) in row.iter().zip(x) {
                    sum += w * x_j;
                }
                if l < last {
                    (*y_i, slopes[i]) = activation(sum);
                } else {
                    *y_i = sum;
                }
            }
        }
        s.acts[self.layers.len()][0]
    }

    /// Back-propagates `d_out` (the derivative of some loss with respect to the output) after
    /// a [`forward`](Self::forward) pass: adds the parameter gradient into `param_grad` when
    /// given, and leaves the gradient with respect to the inputs in the returned slice.
    #[inline]
    pub fn backward<'s>(
        &self,
        s: &'s mut Scratch,
        d_out: f64,
        mut param_grad: Option<&mut [f64]>,
    ) -> &'s [f64] {
        let last = self.layers.len() - 1;
        let [g, g_in] = &mut s.back;
        g[0] = d_out;
        let mut offset = self.param_count();
        for (l, layer) in self.layers.iter().enumerate().rev() {
            let (n_in, n_out) = (layer.inputs, layer.outputs);
            if l < last {
                for (g_i, d_i) in g[..n_out].iter_mut().zip(&s.slopes[l]) {
                    *g_i *= d_i;
                }
            }
            offset -= layer.weights.len() + layer.bias.len();
            if let Some(pg) = param_grad.as_deref_mut() {
                let x = &s.acts[l];
                let (pw, pb) = pg[offset..offset + n_in * n_out + n_out].split_at_mut(n_in * n_out);
                for i in 0..n_out {
                    for (p, x_j) in pw[i * n_in..(i + 1) * n_in].iter_mut().zip(x) {
                        *p += g[i] * x_j;
                    }
                    pb[i] += g[i];
                }
            }
            for (j, g_in_j) in g_in[..n_in].iter_mut().enumerate() {
                let mut sum = 0.0;
                for (i, g_i) in g[..n_out].iter().enumerate() {
                    sum += layer.weights[i * n_in + j] * g_i;
                }
                *g_in_j = sum;
            }
            std::mem::swap(g, g_in);
        }
        &s.back[0][..self.inputs()]
    }
}
