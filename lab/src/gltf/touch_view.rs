//! The drawing of a touch sensor: the scene's bodies, every sensor group's sensors coloured
//! by the magnitude of its last output (the sensor mesh for mesh touch, a small marker per
//! sensor for point touch), and a force arrow per sensor with a nonzero output.

use morsel_sensing::{Scene, Touch, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Point3, Vector3};

use super::drawing::{Drawing, Part, SURFACE_COLOUR, Surface};
use super::glyphs::{ARROW_COLOUR, arrow, marker, ramp};
use super::legend::LegendEntry;

/// Length (m) of the arrow of the largest force where no sensor spacing sets it (taxels).
pub const LONGEST_ARROW: f64 = 0.1;

/// Length of the arrow of the largest touch output, in sensor spacings (of the group holding
/// that output): arrows stay in proportion to the sensors, whatever the body's size.
pub const ARROW_SPACINGS: f64 = 5.0;

/// Colour of mesh vertices that are not sensors.
pub const INACTIVE_COLOUR: [f32; 4] = [0.45, 0.45, 0.45, 1.0];

/// Colour of a material whose vertex colours carry the colour.
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

/// The legend of a colour ramp from 0 to `largest` (in `unit`) and of arrows scaled to it
/// (the largest `longest` metres long).
pub(crate) fn ramp_legend(what: &str, largest: f64, unit: &str, longest: f64) -> Vec<LegendEntry> {
    let mut legend = vec![
        LegendEntry::new(format!("{what}: 0 {unit}"), ramp(0.0)),
        LegendEntry::new(format!("{what}: {:.4} {unit}", largest / 2.0), ramp(0.5)),
        LegendEntry::new(format!("{what}: {largest:.4} {unit}"), ramp(1.0)),
    ];
    if largest > 0.0 {
        legend.push(LegendEntry::new(
            format!("force arrows ({longest:.4} m = {largest:.4} N)"),
            ARROW_COLOUR,
        ));
    }
    legend
}

/// The arrow of `force` at `point`, scaled so that a force of `largest` is `longest` metres
/// long, drawn on the outer side of the surface whose outward normal at `point` is `outward`
/// (when known): a force pressing into the surface ends at the point (its base outside), a
/// force pointing out of it starts at the point, so that no arrow runs through the body.
/// Without a normal, the arrow ends at the point.
pub(crate) fn force_arrow(
    point: &Point3<f64>,
    force: &Vector3<f64>,
    outward: Option<&Vector3<f64>>,
    largest: f64,
    longest: f64,
) -> Option<Surface> {
    if largest.is_nan() || largest <= 0.0 || !(longest.is_finite() && longest > 0.0) {
        return None;
    }
    let vector = force * (longest / largest);
    let base = match outward {
        Some(n) if vector.dot(n) > 0.0 => *point,
        _ => point - vector,
    };
    arrow(&base, &vector, 0.03 * longest, ARROW_COLOUR)
}

impl Drawing {
    /// A touch sensor over `scene` after its last observation (see the module docs). Node
    /// names: the scene's bodies, `<group> sensors` per sensor group (`<body>` for mesh touch,
    /// `<body>/geom<i>` for point touch), `<group> force <i>` per nonzero sensor `i` of a
    /// group.
    pub fn from_touch(name: &str, scene: &Scene, touch: &Touch) -> Result<Self, String> {
        let model = touch.model();
        let output = touch.output();
        let size = model.values_per_sensor();
        if output.len() != model.sensor_count() * size {
            return Err(format!(
                "the touch output holds {} values for {} sensors of {size}",
                output.len(),
                model.sensor_count()
            ));
        }
        let function = model.touch_function();
        let magnitude = |s: usize| -> f64 {
            let v = &output[s * size..(s + 1) * size];
            v.iter().map(|x| x * x).sum::<f64>().sqrt()
        };
        let largest = (0..model.sensor_count()).map(magnitude).fold(0.0, f64::max);
        if !largest.is_finite() {
            return Err("the touch output is not finite".into());
        }
        let colour_of = |s: usize| {
            ramp(if largest > 0.0 {
                magnitude(s) / largest
            } else {
                0.0
            })
        };
        // Arrows in proportion to the sensors: the largest is ARROW_SPACINGS spacings of the
        // group that holds it.
        let spacing = model
            .groups()
            .iter()
            .find(|g| (g.offset()..g.offset() + g.len()).any(|s| magnitude(s) == largest))
            .map_or(LONGEST_ARROW / ARROW_SPACINGS, |g| g.scale());
        let longest = ARROW_SPACINGS * spacing;
        let mut drawing = Drawing::from_scene(name, scene);
        let mut arrows = Vec::new();
        for group in model.groups() {
            let body = scene.body(group.body()).map_err(|e| e.to_string())?;
            let frame: Isometry3<f64> = body.pose * group.local_pose();
            let mut surface = Surface::new(WHITE);
            let mut colours = Vec::new();
            match group.mesh() {
                Some(mesh) => {
                    surface.vertices = mesh.vertices().to_vec();
                    surface.faces = mesh.faces().to_vec();
                    colours.extend((0..mesh.len()).map(|v| {
                        mesh.sensor_of_vertex(v)
                            .map_or(INACTIVE_COLOUR, |i| colour_of(group.offset() + i))
                    }));
                }
                None => {
                    let radius = (0.25 * group.scale()).clamp(5e-4, 5e-3);
                    for (i, p) in group.positions().iter().enumerate() {
                        let m = marker(p, radius, WHITE);
                        colours.extend(std::iter::repeat_n(
                            colour_of(group.offset() + i),
                            m.vertices.len(),
                        ));
                        surface.append(m);
                    }
                }
            }
            surface.vertex_colours = Some(colours);
            drawing.parts.push(Part::with_surfaces(
                format!("{} sensors", group.name()),
                frame,
                vec![surface],
            ));
            for (i, (p, n)) in group.positions().iter().zip(group.normals()).enumerate() {
                let s = group.offset() + i;
                if magnitude(s) == 0.0 {
                    continue;
                }
                let v = &output[s * size..(s + 1) * size];
                let force = match function {
                    TouchFunction::Normal => -(frame.rotation * n) * v[0],
                    TouchFunction::ForceVectorGlobal => Vector3::new(v[0], v[1], v[2]),
                    TouchFunction::ForceVector | TouchFunction::NormalForce => {
                        frame.rotation * Vector3::new(v[0], v[1], v[2])
                    }
                };
                let outward = frame.rotation * n;
                if let Some(a) = force_arrow(&(frame * p), &force, Some(&outward), largest, longest)
                {
                    arrows.push(Part::with_surfaces(
                        format!("{} force {i}", group.name()),
                        Isometry3::identity(),
                        vec![a],
                    ));
                }
            }
        }
        drawing.parts.extend(arrows);
        drawing.legend = vec![LegendEntry::new("bodies", SURFACE_COLOUR)];
        drawing.legend.extend(ramp_legend(
            &format!("touch output ({})", function.name()),
            largest,
            "N",
            longest,
        ));
        if model.kind() == TouchKind::Mesh {
            drawing.legend.push(LegendEntry::new(
                "no sensor (covered vertex)",
                INACTIVE_COLOUR,
            ));
        }
        Ok(drawing)
    }
}
