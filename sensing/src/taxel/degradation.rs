//! The measured branch's degradations, applied after the probe law (which already used the
//! noisy radius and the probe gain): crosstalk, hysteresis, delay and jitter, additive noise
//! and bias, quantisation, dead taxels. The torque follows the degraded force:
//! `T = p × F_measured + T_twist`, where `T_twist = −twist·(ω·n)·n` is the law's twist term
//! (delayed with the force, zero for a dead taxel).

use nalgebra::Vector3;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::error::{Result, SensingError};
use crate::taxel::config::TaxelConfig;
use crate::touch::search::SensorTree;

/// Stream of the additive-noise generator (stream 0 draws the radii).
const NOISE_STREAM: u64 = 1;
/// Stream of the jitter generator.
const JITTER_STREAM: u64 = 2;

/// The degradation stage of one sensor: its options, its probes, and its state per environment
/// (hysteresis outputs, the delay line, the generators).
#[derive(Debug, Clone)]
pub(crate) struct Degradation {
    crosstalk: f64,
    /// Neighbours of probe `i`: `neighbours[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<usize>,
    neighbours: Vec<usize>,
    hysteresis: f64,
    delay: usize,
    jitter: usize,
    noise: f64,
    bias: f64,
    resolution: f64,
    dead: Vec<bool>,
    positions: Vec<Vector3<f64>>,
    normals: Vec<Vector3<f64>>,
    seed: u64,
    /// Environments of the state (0: not started).
    envs: usize,
    /// Hysteresis outputs, `envs × probes × 3`.
    play: Vec<f64>,
    /// Delay line: `slots × envs × probes × 6` (force then twist torque).
    line: Vec<f64>,
    /// Steps recorded in the delay line.
    steps: usize,
    noise_rng: ChaCha8Rng,
    jitter_rng: ChaCha8Rng,
    scratch: Vec<f64>,
    twist: Vec<f64>,
}

fn stream(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(stream);
    rng
}

/// A pair of independent standard normal draws by Marsaglia's polar method (no sine nor
/// cosine; about 1.27 uniform pairs per normal pair).
fn normal_pair(rng: &mut ChaCha8Rng) -> (f64, f64) {
    loop {
        let u = 2.0 * rng.random::<f64>() - 1.0;
        let v = 2.0 * rng.random::<f64>() - 1.0;
        let s = u * u + v * v;
        if s > 0.0 && s < 1.0 {
            let f = (-2.0 * s.ln() / s).sqrt();
            return (u * f, v * f);
        }
    }
}

/// Above this many quanta an `f64` holds only whole numbers (2^52), so rounding changes
/// nothing.
const WHOLE: f64 = 4_503_599_627_370_496.0;

/// `x` rounded to the nearest multiple of `resolution`. A force of more than 2^52 quanta is
/// already a multiple at `f64` precision and is kept as it is: dividing it by a tiny quantum
/// (a force of 10 N by `1e-320`) would overflow to infinity.
fn quantise(x: f64, resolution: f64) -> f64 {
    let quanta = x / resolution;
    if quanta.abs() < WHOLE {
        quanta.round() * resolution
    } else {
        x
    }
}

impl Degradation {
    /// The stage for a validated configuration whose probes have the given unit normals.
    pub fn new(config: &TaxelConfig, normals: Vec<Vector3<f64>>) -> Self {
        let positions: Vec<Vector3<f64>> =
            config.probe_local_pos.iter().map(|p| p.coords).collect();
        let n = positions.len();
        let mut offsets = vec![0];
        let mut neighbours = Vec::new();
        if config.crosstalk > 0.0 {
            let tree = SensorTree::new(&config.probe_local_pos);
            let mut found = Vec::new();
            for (i, p) in config.probe_local_pos.iter().enumerate() {
                tree.within(p, config.crosstalk_radius, &mut found);
                let mut near: Vec<usize> = found.iter().map(|f| f.0).filter(|&j| j != i).collect();
                near.sort_unstable();
                neighbours.extend(near);
                offsets.push(neighbours.len());
            }
        } else {
            offsets.resize(n + 1, 0);
        }
        let mut dead = vec![false; n];
        for &i in &config.dead_taxels {
            if let Some(d) = dead.get_mut(i) {
                *d = true;
            }
        }
        Self {
            crosstalk: config.crosstalk,
            offsets,
            neighbours,
            hysteresis: config.hysteresis,
            delay: config.delay,
            jitter: config.jitter,
            noise: config.noise,
            bias: config.bias,
            resolution: config.resolution,
            dead,
            positions,
            normals,
            seed: config.seed,
            envs: 0,
            play: Vec::new(),
            line: Vec::new(),
            steps: 0,
            noise_rng: stream(config.seed, NOISE_STREAM),
            jitter_rng: stream(config.seed, JITTER_STREAM),
            scratch: Vec::new(),
            twist: Vec::new(),
        }
    }

    /// Whether the stage changes nothing (every option off).
    pub fn is_identity(&self) -> bool {
        self.crosstalk == 0.0
            && self.hysteresis == 0.0
            && self.delay == 0
            && self.jitter == 0
            && self.noise == 0.0
            && self.bias == 0.0
            && self.resolution == 0.0
            && !self.dead.iter().any(|&d| d)
    }

    /// The neighbours of probe `i` for crosstalk.
    pub fn neighbours(&self, i: usize) -> &[usize] {
        &self.neighbours[self.offsets[i]..self.offsets[i + 1]]
    }

    /// Forgets the state and restarts the generators from the seed.
    pub fn reset(&mut self) {
        self.envs = 0;
        self.play.clear();
        self.line.clear();
        self.steps = 0;
        self.noise_rng = stream(self.seed, NOISE_STREAM);
        self.jitter_rng = stream(self.seed, JITTER_STREAM);
    }

    fn slots(&self) -> usize {
        self.delay + self.jitter + 1
    }

    /// Degrades one step of `envs` environments in place: `force` and `torque` hold the probe
    /// law's output, `envs × probes × 3` each.
    pub fn apply(&mut self, envs: usize, force: &mut [f64], torque: &mut [f64]) -> Result<()> {
        let probes = self.positions.len();
        let per_env = probes * 3;
        if self.envs == 0 {
            self.envs = envs;
            self.play = vec![0.0; envs * per_env];
            let slots = self.slots();
            if slots > 1 {
                self.line = vec![0.0; slots * envs * probes * 6];
            }
            self.steps = 0;
        } else if envs != self.envs {
            return Err(SensingError::EnvironmentCount {
                expected: self.envs,
                got: envs,
            });
        }
        // The law's twist term, so that the torque can follow the degraded force.
        let mut twist = std::mem::take(&mut self.twist);
        twist.clear();
        twist.resize(envs * per_env, 0.0);
        for e in 0..envs {
            for (i, p) in self.positions.iter().enumerate() {
                let k = (e * probes + i) * 3;
                let f = Vector3::new(force[k], force[k + 1], force[k + 2]);
                let t = Vector3::new(torque[k], torque[k + 1], torque[k + 2]);
                twist[k..k + 3].copy_from_slice((t - p.cross(&f)).as_slice());
            }
        }
        if self.crosstalk > 0.0 {
            self.cross(envs, force);
        }
        if self.hysteresis > 0.0 {
            let h = self.hysteresis;
            for (x, y) in force.iter_mut().zip(self.play.iter_mut()) {
                *y = y.clamp(*x - h, *x + h);
                *x = *y;
            }
        }
        if self.slots() > 1 {
            self.delay_line(envs, force, &mut twist);
        }
        self.steps += 1;
        self.finish(envs, force, &twist, torque);
        self.twist = twist;
        Ok(())
    }

    /// `F_i + crosstalk·Σ_j F_j` over the neighbours `j` of `i`, from the undisturbed forces.
    fn cross(&mut self, envs: usize, force: &mut [f64]) {
        let probes = self.positions.len();
        self.scratch.clear();
        self.scratch.extend_from_slice(force);
        for e in 0..envs {
            let base = e * probes * 3;
            for i in 0..probes {
                let mut sum = [0.0; 3];
                for &j in self.neighbours(i) {
                    for (s, v) in sum.iter_mut().zip(&self.scratch[base + j * 3..][..3]) {
                        *s += v;
                    }
                }
                for (f, s) in force[base + i * 3..][..3].iter_mut().zip(sum) {
                    *f += self.crosstalk * s;
                }
            }
        }
    }

    /// Records this step and replaces `force` and `twist` by the step `delay + U{0..=jitter}`
    /// back (zero before the first recorded step).
    fn delay_line(&mut self, envs: usize, force: &mut [f64], twist: &mut [f64]) {
        let probes = self.positions.len();
        let slots = self.slots();
        let size = probes * 6;
        let slot = self.steps % slots;
        for e in 0..envs {
            let at = (slot * envs + e) * size;
            let line = &mut self.line[at..at + size];
            line[..probes * 3].copy_from_slice(&force[e * probes * 3..][..probes * 3]);
            line[probes * 3..].copy_from_slice(&twist[e * probes * 3..][..probes * 3]);
        }
        for e in 0..envs {
            let lag = self.delay
                + if self.jitter > 0 {
                    self.jitter_rng.random_range(0..=self.jitter)
                } else {
                    0
                };
            let out_f = &mut force[e * probes * 3..][..probes * 3];
            let out_t = &mut twist[e * probes * 3..][..probes * 3];
            if lag > self.steps {
                out_f.fill(0.0);
                out_t.fill(0.0);
                continue;
            }
            let from = (self.steps - lag) % slots;
            let at = (from * envs + e) * size;
            out_f.copy_from_slice(&self.line[at..at + probes * 3]);
            out_t.copy_from_slice(&self.line[at + probes * 3..at + size]);
        }
    }

    /// Noise, bias, quantisation, dead taxels, then the torque from the degraded force.
    fn finish(&mut self, envs: usize, force: &mut [f64], twist: &[f64], torque: &mut [f64]) {
        let probes = self.positions.len();
        if self.noise > 0.0 {
            let sd = self.noise;
            let mut chunks = force.chunks_exact_mut(2);
            for pair in &mut chunks {
                let (a, b) = normal_pair(&mut self.noise_rng);
                pair[0] += sd * a;
                pair[1] += sd * b;
            }
            if let [last] = chunks.into_remainder() {
                *last += sd * normal_pair(&mut self.noise_rng).0;
            }
        }
        for e in 0..envs {
            for i in 0..probes {
                let k = (e * probes + i) * 3;
                let mut f = Vector3::new(force[k], force[k + 1], force[k + 2]);
                let mut t = Vector3::new(twist[k], twist[k + 1], twist[k + 2]);
                if self.dead[i] {
                    f = Vector3::zeros();
                    t = Vector3::zeros();
                } else {
                    f += self.normals[i] * self.bias;
                    if self.resolution > 0.0 {
                        f = f.map(|x| quantise(x, self.resolution));
                    }
                }
                force[k..k + 3].copy_from_slice(f.as_slice());
                let torque_i = self.positions[i].cross(&f) + t;
                torque[k..k + 3].copy_from_slice(torque_i.as_slice());
            }
        }
    }
}
