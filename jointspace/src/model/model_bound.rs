//! Upper (and lower) bounds of a [`JointspaceModel`] over a box of configurations, for the
//! sound certificate ([`super::certify`]): a spline's Bézier control points
//! ([`super::spline_bound`]), a network's interval arithmetic.
//!
//! A network's interval bound: each periodic joint's `(cos q, sin q)` over the joint's interval
//! (the extremes at the ends or where the interval crosses a multiple of π/2), each scaled
//! joint's affine input, then per layer `W x + b` in centre–radius form (`c' = W c + b`,
//! `r' = |W| r`), and the activation, which increases monotonically (its `[7/6]` Padé form on
//! the clamped input), at both ends. Every step widens by a rounding margin.

use super::encoding::JointEncoding;
use super::mlp::{Mlp, activation};
use super::{Approximator, JointspaceModel};

/// Relative rounding margin of the network's interval steps.
const ROUNDING: f64 = 1e-12;

/// Bounds of `model` over the box `[lo, hi]`. For a spline the box must lie in one cell per
/// joint (see [`initial_cuts`]).
pub(crate) fn model_bounds(model: &JointspaceModel, lo: &[f64], hi: &[f64]) -> (f64, f64) {
    match &model.approximator {
        Approximator::Spline(s) => s.bounds_in_cell(lo, hi),
        Approximator::Network(mlp) => network_bounds(mlp, &model.encoding, lo, hi),
    }
}

/// Per joint, where the box `[lo, hi]` must be cut before certification: a spline's cell
/// boundaries (a network needs no cut).
pub(crate) fn initial_cuts(model: &JointspaceModel, ranges: &[[f64; 2]]) -> Vec<Vec<f64>> {
    ranges
        .iter()
        .enumerate()
        .map(|(a, r)| match &model.approximator {
            Approximator::Spline(s) => s.cell_cuts(a, r[0], r[1]),
            Approximator::Network(_) => vec![r[0], r[1]],
        })
        .collect()
}

/// The range of `cos` and `sin` over `[lo, hi]`.
fn cos_sin_range(lo: f64, hi: f64) -> ([f64; 2], [f64; 2]) {
    let half_pi = std::f64::consts::FRAC_PI_2;
    let mut c = [lo.cos().min(hi.cos()), lo.cos().max(hi.cos())];
    let mut s = [lo.sin().min(hi.sin()), lo.sin().max(hi.sin())];
    if hi - lo >= std::f64::consts::TAU {
        return ([-1.0, 1.0], [-1.0, 1.0]);
    }
    let mut m = (lo / half_pi).ceil();
    while m * half_pi <= hi {
        match (m as i64).rem_euclid(4) {
            0 => c[1] = 1.0,
            1 => s[1] = 1.0,
            2 => c[0] = -1.0,
            _ => s[0] = -1.0,
        }
        m += 1.0;
    }
    let pad = 1e-12;
    (
        [c[0] - pad, (c[1] + pad).min(1.0 + pad)],
        [s[0] - pad, (s[1] + pad).min(1.0 + pad)],
    )
}

/// Interval bounds of a network over a box (see the module documentation).
fn network_bounds(mlp: &Mlp, encoding: &[JointEncoding], lo: &[f64], hi: &[f64]) -> (f64, f64) {
    let mut centre = Vec::new();
    let mut radius = Vec::new();
    let mut push = |r: [f64; 2]| {
        centre.push(0.5 * (r[0] + r[1]));
        radius.push(0.5 * (r[1] - r[0]));
    };
    for (a, e) in encoding.iter().enumerate() {
        match *e {
            JointEncoding::Periodic => {
                let (c, s) = cos_sin_range(lo[a], hi[a]);
                push(c);
                push(s);
            }
            JointEncoding::Scaled { lo: l, hi: h } => {
                let f = |v: f64| 2.0 * (v - l) / (h - l) - 1.0;
                let (x0, x1) = (f(lo[a]), f(hi[a]));
                let pad = ROUNDING * (x0.abs() + x1.abs() + 1.0);
                push([x0.min(x1) - pad, x0.max(x1) + pad]);
            }
        }
    }
    let last = mlp.layers.len() - 1;
    for (l, layer) in mlp.layers.iter().enumerate() {
        let mut next_c = Vec::with_capacity(layer.outputs);
        let mut next_r = Vec::with_capacity(layer.outputs);
        for i in 0..layer.outputs {
            let row = &layer.weights[i * layer.inputs..(i + 1) * layer.inputs];
            let mut c = layer.bias[i];
            let mut r = 0.0;
            let mut size = layer.bias[i].abs();
            for ((w, x), rx) in row.iter().zip(&centre).zip(&radius) {
                c += w * x;
                r += w.abs() * rx;
                size += (w * x).abs();
            }
            let r = r * (1.0 + ROUNDING) + ROUNDING * (size + r);
            if l < last {
                let (y0, y1) = (activation(c - r).0, activation(c + r).0);
                let pad = ROUNDING * (y0.abs() + y1.abs() + 1.0);
                next_c.push(0.5 * (y0 + y1));
                next_r.push(0.5 * (y1 - y0) + pad);
            } else {
                next_c.push(c);
                next_r.push(r);
            }
        }
        centre = next_c;
        radius = next_r;
    }
    (centre[0] - radius[0], centre[0] + radius[0])
}

#[cfg(test)]
mod tests {
    use super::super::mlp::{Mlp, activation};
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The activation increases monotonically (the network bound relies on it).
    #[test]
    fn activation_is_monotone() {
        let mut last = f64::NEG_INFINITY;
        for i in 0..=200_000 {
            let x = -6.0 + 12.0 * i as f64 / 200_000.0;
            let y = activation(x).0;
            assert!(y >= last, "activation falls at {x}");
            last = y;
        }
    }

    /// A random network's interval bounds hold at random points of random boxes.
    #[test]
    fn network_bounds_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let encoding = vec![
            JointEncoding::Periodic,
            JointEncoding::Scaled { lo: -1.0, hi: 2.0 },
        ];
        let mlp = Mlp::random(3, &[8, 8], &mut rng);
        let mut s = mlp.scratch();
        for _ in 0..300 {
            let w = rng.random_range(0.001..1.0);
            let lo = [rng.random_range(-4.0..4.0), rng.random_range(-1.0..1.0)];
            let hi = [lo[0] + w, lo[1] + w];
            let (bl, bh) = network_bounds(&mlp, &encoding, &lo, &hi);
            for _ in 0..30 {
                let q = [
                    rng.random_range(lo[0]..=hi[0]),
                    rng.random_range(lo[1]..=hi[1]),
                ];
                super::super::encoding::encode(&encoding, &q, &mut s.acts[0]);
                let v = mlp.forward(&mut s);
                assert!(v >= bl && v <= bh, "{v} outside [{bl}, {bh}]");
            }
        }
    }
}
