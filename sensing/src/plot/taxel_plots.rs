//! Per-probe force maps of taxel sensors on their link.

use crate::error::{Result, SensingError};
use crate::plot::{PlotOptions, sensor_values_svg};
use crate::taxel::{TaxelConfig, TaxelReading};

/// The force of every probe of environment `env` (the newest step when the reading keeps a
/// history), drawn at the probe positions in the link frame: points coloured and sized by the
/// force magnitude, with arrows when `options.arrows`.
///
/// Errors: `env` out of range, or a reading whose probe count is not the configuration's.
pub fn taxel_forces_svg(
    config: &TaxelConfig,
    reading: &TaxelReading,
    env: usize,
    options: &PlotOptions,
) -> Result<String> {
    let shape = reading.force.shape();
    let probes = config.probe_local_pos.len();
    let fits = matches!(shape.len(), 3 | 4)
        && shape[shape.len() - 2] == probes
        && shape[shape.len() - 1] == 3;
    if !fits {
        return Err(SensingError::InvalidParameter {
            parameter: "reading",
            requirement: "must be a reading of this taxel configuration (num_envs, [history,] num_probes, 3)",
            value: format!("shape {shape:?} for {probes} probes"),
        });
    }
    if env >= shape[0] {
        return Err(SensingError::InvalidParameter {
            parameter: "env",
            requirement: "must be below the number of environments of the reading",
            value: format!("{env} of {}", shape[0]),
        });
    }
    let mut values = Vec::with_capacity(probes * 3);
    for p in 0..probes {
        for k in 0..3 {
            values.push(if shape.len() == 4 {
                reading.force[[env, 0, p, k]]
            } else {
                reading.force[[env, p, k]]
            });
        }
    }
    sensor_values_svg(&config.probe_local_pos, &values, 3, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{ArrayD, IxDyn};

    #[test]
    fn draws_the_newest_forces_and_refuses_other_shapes() {
        let config = TaxelConfig::new("pad");
        let force = ArrayD::from_shape_vec(IxDyn(&[1, 2, 1, 3]), vec![0., 0., 5., 0., 0., 1.])
            .expect("shape");
        let reading = TaxelReading {
            torque: force.clone(),
            force,
        };
        let svg = taxel_forces_svg(&config, &reading, 0, &PlotOptions::new("pad")).expect("svg");
        assert!(svg.starts_with("<svg") && svg.contains("pad"));
        assert!(taxel_forces_svg(&config, &reading, 1, &PlotOptions::new("pad")).is_err());
        let two = TaxelConfig {
            probe_local_pos: vec![nalgebra::Point3::origin(); 2],
            ..TaxelConfig::new("pad")
        };
        assert!(taxel_forces_svg(&two, &reading, 0, &PlotOptions::new("pad")).is_err());
    }
}
