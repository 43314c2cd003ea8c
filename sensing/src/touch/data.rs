//! The mutable part of a touch sensor: outputs and scratch buffers, so that an observation
//! allocates nothing once warm.

use crate::contact::Contact;
use crate::touch::model::TouchModel;
use crate::touch::path_search::PathScratch;

/// Outputs and scratch space of one touch evaluation (one per thread when evaluating in
/// parallel; the [`TouchModel`] is shared).
#[derive(Debug, Clone, Default)]
pub struct TouchData {
    pub(crate) output: Vec<f64>,
    /// Sensors written since the output was last zeroed (so that zeroing is sparse).
    pub(crate) dirty: Vec<u32>,
    pub(crate) contacts: Vec<Contact>,
    pub(crate) hits: Vec<(usize, f64)>,
    pub(crate) path: PathScratch,
}

impl TouchData {
    /// Buffers sized for `model`.
    pub fn new(model: &TouchModel) -> Self {
        let vertices = model.scratch_size();
        Self {
            output: vec![0.0; model.sensor_count() * model.values_per_sensor()],
            dirty: Vec::with_capacity(256),
            contacts: Vec::new(),
            hits: Vec::with_capacity(64),
            path: PathScratch::new(vertices),
        }
    }

    /// The flat output: sensor `i`'s values are `output[i*m .. (i+1)*m]` with `m` the values
    /// per sensor.
    pub fn output(&self) -> &[f64] {
        &self.output
    }

    /// The contacts of the last observation made from geometry.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// Sizes and zeroes the output for `model`: only the sensors written last time are
    /// cleared, unless the size changed.
    pub(crate) fn prepare(&mut self, model: &TouchModel) {
        let size = model.values_per_sensor();
        let len = model.sensor_count() * size;
        if self.output.len() == len {
            for s in self.dirty.drain(..) {
                let at = s as usize * size;
                for k in 0..size {
                    self.output[at + k] = 0.0;
                }
            }
        } else {
            self.output.clear();
            self.output.resize(len, 0.0);
            self.dirty.clear();
        }
    }

    /// Adds `weight · value` to sensor `sensor`'s output.
    #[inline]
    pub(crate) fn add(&mut self, sensor: usize, size: usize, value: &[f64; 3], weight: f64) {
        let at = sensor * size;
        for (o, v) in self.output[at..at + size].iter_mut().zip(value) {
            *o += v * weight;
        }
        self.dirty.push(sensor as u32);
    }
}
