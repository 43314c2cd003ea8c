//! The drawing of taxels: the scene's bodies, the probes as small markers on their link
//! coloured by the magnitude of their last force, and a force arrow per probe with a nonzero
//! force.

use morsel_sensing::{Scene, TaxelConfig, TaxelReading};
use nalgebra::{Isometry3, Vector3};

use super::drawing::{Drawing, Part, SURFACE_COLOUR, Surface};
use super::glyphs::{marker, ramp};
use super::legend::LegendEntry;
use super::touch_view::{LONGEST_ARROW, force_arrow, ramp_legend};

/// Colour of a material whose vertex colours carry the colour.
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

/// The newest force of every probe of environment 0, link frame, from a reading of shape
/// `(envs, probes, 3)` or `(envs, history, probes, 3)`.
fn newest_forces(reading: &TaxelReading, probes: usize) -> Result<Vec<Vector3<f64>>, String> {
    let f = &reading.force;
    let shape = f.shape();
    let fits = matches!(shape.len(), 3 | 4)
        && shape[0] > 0
        && shape[shape.len() - 2] == probes
        && shape[shape.len() - 1] == 3
        && (shape.len() == 3 || shape[1] > 0);
    if !fits {
        return Err(format!(
            "a taxel reading of shape {shape:?} does not fit {probes} probes \
             ((envs, [history,] probes, 3) expected)"
        ));
    }
    Ok((0..probes)
        .map(|p| {
            let at = |k: usize| {
                if shape.len() == 4 {
                    f[[0, 0, p, k]]
                } else {
                    f[[0, p, k]]
                }
            };
            Vector3::new(at(0), at(1), at(2))
        })
        .collect())
}

impl Drawing {
    /// Taxels of `config` with their last reading, on the scene it was read on (see
    /// [`Drawing::from_taxels`]); an error when the sensor was never read, as there is then no
    /// scene to draw it on.
    pub fn from_last_reading(
        name: &str,
        config: &TaxelConfig,
        last: Option<(&Scene, &TaxelReading)>,
    ) -> Result<Self, String> {
        match last {
            Some((scene, reading)) => Self::from_taxels(name, scene, config, Some(reading)),
            None => Err("taxels are drawn on the scene they read: call read(scene) first".into()),
        }
    }

    /// Taxels of `config` on their link in `scene`, with the forces of `reading` (the newest
    /// step of environment 0; `None` draws the probes uncoloured and no arrows). Node names:
    /// the scene's bodies, `<link> taxels` for the probes, `<link> taxel force <i>` per probe
    /// `i` with a nonzero force.
    pub fn from_taxels(
        name: &str,
        scene: &Scene,
        config: &TaxelConfig,
        reading: Option<&TaxelReading>,
    ) -> Result<Self, String> {
        let link = scene
            .body_index(&config.link_name)
            .and_then(|i| scene.body(i))
            .map_err(|e| e.to_string())?;
        let probes = config.probe_local_pos.len();
        let forces = match reading {
            Some(r) => newest_forces(r, probes)?,
            None => vec![Vector3::zeros(); probes],
        };
        let largest = forces.iter().map(|f| f.norm()).fold(0.0, f64::max);
        if !largest.is_finite() {
            return Err("the taxel forces are not finite".into());
        }
        let radius = if config.probe_radius.is_finite() && config.probe_radius > 0.0 {
            config.probe_radius.min(0.01)
        } else {
            0.002
        };
        let mut probes_surface = Surface::new(WHITE);
        let mut colours = Vec::new();
        for (p, f) in config.probe_local_pos.iter().zip(&forces) {
            let m = marker(p, radius, WHITE);
            let t = if largest > 0.0 {
                f.norm() / largest
            } else {
                0.0
            };
            colours.extend(std::iter::repeat_n(ramp(t), m.vertices.len()));
            probes_surface.append(m);
        }
        probes_surface.vertex_colours = Some(colours);
        let mut drawing = Drawing::from_scene(name, scene);
        drawing.parts.push(Part::with_surfaces(
            format!("{} taxels", config.link_name),
            link.pose,
            vec![probes_surface],
        ));
        for (i, (p, f)) in config.probe_local_pos.iter().zip(&forces).enumerate() {
            if f.norm() == 0.0 {
                continue;
            }
            let world = link.pose.rotation * f;
            if let Some(a) = force_arrow(&(link.pose * p), &world, None, largest, LONGEST_ARROW) {
                drawing.parts.push(Part::with_surfaces(
                    format!("{} taxel force {i}", config.link_name),
                    Isometry3::identity(),
                    vec![a],
                ));
            }
        }
        drawing.legend = vec![LegendEntry::new("bodies", SURFACE_COLOUR)];
        drawing
            .legend
            .extend(ramp_legend("taxel force", largest, "N", LONGEST_ARROW));
        Ok(drawing)
    }
}
