//! Plots of a touch sensor's layout and outputs.

use crate::error::{Result, SensingError};
use crate::plot::{PlotOptions, grouped_values_svg, sensor_points_svg, sensor_values_svg};
use crate::scene::Scene;
use crate::touch::{TouchFunction, TouchModel};

/// The sensor points of body `body`, in its frame (as MIMo's `plot_sensors_body`).
pub fn touch_sensors_svg(model: &TouchModel, body: &str, options: &PlotOptions) -> Result<String> {
    Ok(sensor_points_svg(&model.sensor_positions(body)?, options))
}

/// The outputs of the sensors of `bodies` at their poses in `scene`, in the world frame (as
/// MIMo's `plot_force_bodies` with `focus = "world"`). Vector outputs are rotated into the world
/// frame; a scalar `normal` output is drawn as a push into the surface along the sensor's
/// normal. `output` is the flat output of an observation of `model`. With
/// [`PlotOptions::per_body`], each body has panels of its own.
pub fn touch_outputs_svg(
    model: &TouchModel,
    output: &[f64],
    scene: &Scene,
    bodies: &[&str],
    options: &PlotOptions,
) -> Result<String> {
    let size = model.values_per_sensor();
    if output.len() != model.sensor_count() * size {
        return Err(SensingError::InvalidParameter {
            parameter: "output",
            requirement: "must be the flat output of this touch sensor",
            value: format!(
                "{} values for {} sensors × {size}",
                output.len(),
                model.sensor_count()
            ),
        });
    }
    let mut groups = Vec::new();
    let mut points = Vec::new();
    let mut values = Vec::new();
    for name in bodies {
        let b = model.sensing_body_index(name)?;
        let body_pose = scene.body(b)?.pose;
        for group in model.groups_of_body(b) {
            let pose = body_pose * group.local_pose();
            for (i, (p, n)) in group.positions().iter().zip(group.normals()).enumerate() {
                points.push(pose * p);
                let at = (group.offset() + i) * size;
                let v = match model.touch_function() {
                    TouchFunction::Normal => -(pose.rotation * n) * output[at],
                    TouchFunction::ForceVectorGlobal => {
                        nalgebra::Vector3::new(output[at], output[at + 1], output[at + 2])
                    }
                    TouchFunction::ForceVector | TouchFunction::NormalForce => {
                        pose.rotation
                            * nalgebra::Vector3::new(output[at], output[at + 1], output[at + 2])
                    }
                };
                values.extend_from_slice(v.as_slice());
            }
        }
        if options.per_body {
            groups.push((
                (*name).to_string(),
                std::mem::take(&mut points),
                std::mem::take(&mut values),
            ));
        }
    }
    if options.per_body {
        return grouped_values_svg(&groups, 3, options);
    }
    sensor_values_svg(&points, &values, 3, options)
}
