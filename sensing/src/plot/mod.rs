//! Pictures of sensors as SVG: sensor points, and sensor outputs as points coloured and sized
//! by magnitude, with optional force arrows, in orthographic views or an isometric projection.
//!
//! The functions return the SVG text; [`save_svg`] writes it to a file.
//!
//! ```
//! use morsel_sensing::plot::{PlotOptions, View, sensor_points_svg};
//! use nalgebra::Point3;
//! let points = [Point3::new(0.0, 0.0, 0.0), Point3::new(0.01, 0.0, 0.01)];
//! let svg = sensor_points_svg(&points, &PlotOptions::new("two sensors").views(&[View::Top, View::Isometric]));
//! assert!(svg.starts_with("<svg") && svg.matches("<circle").count() == 4);
//! ```

mod svg;
mod taxel_plots;
mod touch_plots;

pub use taxel_plots::taxel_forces_svg;
pub use touch_plots::{touch_outputs_svg, touch_sensors_svg};

use std::path::Path;

use nalgebra::{Point3, Vector3};

use crate::error::{Result, SensingError};
use svg::{Svg, colour};

/// A direction of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Orthographic, looking down the z axis: x right, y up.
    Top,
    /// Orthographic, looking along +y: x right, z up.
    Front,
    /// Orthographic, looking along −x: y right, z up.
    Side,
    /// Isometric, looking from the (1, 1, 1) direction with z up.
    Isometric,
}

impl View {
    /// Screen coordinates `(right, up)` and depth (larger is nearer the viewer) of `p`.
    pub fn project(self, p: &Point3<f64>) -> (f64, f64, f64) {
        match self {
            View::Top => (p.x, p.y, p.z),
            View::Front => (p.x, p.z, -p.y),
            View::Side => (p.y, p.z, p.x),
            View::Isometric => {
                let s2 = std::f64::consts::SQRT_2;
                let s6 = 6f64.sqrt();
                let s3 = 3f64.sqrt();
                (
                    (p.y - p.x) / s2,
                    (2.0 * p.z - p.x - p.y) / s6,
                    (p.x + p.y + p.z) / s3,
                )
            }
        }
    }

    fn label(self) -> &'static str {
        match self {
            View::Top => "top (x right, y up)",
            View::Front => "front (x right, z up)",
            View::Side => "side (y right, z up)",
            View::Isometric => "isometric",
        }
    }
}

/// How to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct PlotOptions {
    /// Title at the top.
    pub title: String,
    /// One panel per view, side by side. Default: isometric only.
    pub views: Vec<View>,
    /// Draw force arrows for vector outputs. Default false.
    pub arrows: bool,
    /// Panel side in pixels. Default 420.
    pub panel_size: f64,
    /// For plots of several bodies' outputs: one panel per body (per view), each zoomed on its
    /// body and labelled with its name, sharing the colour scale and the arrow scale. Default
    /// false (all bodies in one panel).
    pub per_body: bool,
}

impl Default for PlotOptions {
    fn default() -> Self {
        Self {
            title: String::new(),
            views: vec![View::Isometric],
            arrows: false,
            panel_size: 420.0,
            per_body: false,
        }
    }
}

impl PlotOptions {
    /// Default options with a title.
    pub fn new(title: impl Into<String>) -> Self {
        Self {
            title: title.into(),
            ..Self::default()
        }
    }

    /// Sets the views.
    pub fn views(mut self, views: &[View]) -> Self {
        self.views = views.to_vec();
        self
    }

    /// The three orthographic views plus the isometric one.
    pub fn all_views(self) -> Self {
        self.views(&[View::Top, View::Front, View::Side, View::Isometric])
    }

    /// Turns force arrows on or off.
    pub fn arrows(mut self, on: bool) -> Self {
        self.arrows = on;
        self
    }

    /// One panel per body (see [`PlotOptions::per_body`]).
    pub fn per_body(mut self, on: bool) -> Self {
        self.per_body = on;
        self
    }
}

/// One group of points drawn in panels of its own (one per view): a label, the points, and
/// their magnitudes and vectors when there are values.
pub(crate) struct PanelData<'a> {
    pub label: Option<String>,
    pub points: &'a [Point3<f64>],
    pub magnitudes: Option<Vec<f64>>,
    pub vectors: Option<Vec<Vector3<f64>>>,
}

/// Magnitudes and vectors of `values` (`size` numbers per point).
fn split_values(values: &[f64], size: usize) -> (Vec<f64>, Option<Vec<Vector3<f64>>>) {
    let magnitudes = values
        .chunks(size)
        .map(|v| v.iter().map(|x| x * x).sum::<f64>().sqrt())
        .collect();
    let vectors = (size == 3).then(|| {
        values
            .chunks(3)
            .map(|v| Vector3::new(v[0], v[1], v[2]))
            .collect()
    });
    (magnitudes, vectors)
}

/// Sensor points drawn uniformly.
pub fn sensor_points_svg(points: &[Point3<f64>], options: &PlotOptions) -> String {
    render(
        &[PanelData {
            label: None,
            points,
            magnitudes: None,
            vectors: None,
        }],
        options,
    )
}

/// Sensor outputs: `values` holds `size` numbers per point (1: a scalar, 3: a vector in the
/// same frame as the points). Points are coloured and sized by magnitude; with
/// `options.arrows` and vector values, arrows show the vectors (the longest is 15% of the
/// scene's size). Errors: `size` not 1 or 3, or `values` not `size` per point.
pub fn sensor_values_svg(
    points: &[Point3<f64>],
    values: &[f64],
    size: usize,
    options: &PlotOptions,
) -> Result<String> {
    if !(size == 1 || size == 3) || values.len() != points.len() * size {
        return Err(SensingError::InvalidParameter {
            parameter: "values",
            requirement: "must hold 1 or 3 numbers per point",
            value: format!(
                "{} numbers for {} points with size {size}",
                values.len(),
                points.len()
            ),
        });
    }
    let (magnitudes, vectors) = split_values(values, size);
    Ok(render(
        &[PanelData {
            label: None,
            points,
            magnitudes: Some(magnitudes),
            vectors,
        }],
        options,
    ))
}

/// A labelled group of points and their values (`size` numbers per point).
pub(crate) type ValueGroup = (String, Vec<Point3<f64>>, Vec<f64>);

/// [`sensor_values_svg`] of several labelled groups of points (bodies), each in panels of its
/// own, sharing the colour and arrow scales. Errors as [`sensor_values_svg`] for any group.
pub(crate) fn grouped_values_svg(
    groups: &[ValueGroup],
    size: usize,
    options: &PlotOptions,
) -> Result<String> {
    let mut panels = Vec::with_capacity(groups.len());
    for (label, points, values) in groups {
        if !(size == 1 || size == 3) || values.len() != points.len() * size {
            return Err(SensingError::InvalidParameter {
                parameter: "values",
                requirement: "must hold 1 or 3 numbers per point",
                value: format!(
                    "{} numbers for {} points of `{label}` with size {size}",
                    values.len(),
                    points.len()
                ),
            });
        }
        let (magnitudes, vectors) = split_values(values, size);
        panels.push(PanelData {
            label: Some(label.clone()),
            points,
            magnitudes: Some(magnitudes),
            vectors,
        });
    }
    Ok(render(&panels, options))
}

/// Writes SVG text to `path`.
pub fn save_svg(path: impl AsRef<Path>, svg: &str) -> Result<()> {
    let path = path.as_ref();
    std::fs::write(path, svg).map_err(|source| SensingError::Io {
        path: path.to_path_buf(),
        source,
    })
}

const TITLE_HEIGHT: f64 = 28.0;
const MARGIN: f64 = 24.0;
const BAR_WIDTH: f64 = 80.0;

/// Draws each panel group (points, optionally coloured by magnitude and with vectors as
/// arrows) in one panel per view, side by side; the colour scale and the arrow scale are
/// shared by all groups.
fn render(groups: &[PanelData<'_>], options: &PlotOptions) -> String {
    let views = if options.views.is_empty() {
        vec![View::Isometric]
    } else {
        options.views.clone()
    };
    let panel = options.panel_size.max(80.0);
    let valued = groups.iter().any(|g| g.magnitudes.is_some());
    let bar = if valued { BAR_WIDTH } else { 0.0 };
    let columns = (views.len() * groups.len().max(1)) as f64;
    let mut svg = Svg::new(panel * columns + bar, panel + TITLE_HEIGHT);
    svg.text(
        (panel * columns + bar) / 2.0,
        18.0,
        14.0,
        "middle",
        &options.title,
    );
    let max = groups
        .iter()
        .filter_map(|g| g.magnitudes.as_ref())
        .flat_map(|m| m.iter().copied())
        .filter(|x| x.is_finite())
        .fold(0.0, f64::max);
    // World length of the longest arrow: 15% of the largest group's bounding box diagonal.
    let size = groups
        .iter()
        .map(|g| {
            let (lo, hi) = bounds(g.points);
            (hi - lo).norm()
        })
        .fold(0.0, f64::max);
    let arrow_scale = if max > 0.0 {
        0.15 * size.max(1e-9) / max
    } else {
        0.0
    };
    let mut column = 0;
    for group in groups {
        let points = group.points;
        let magnitudes = group.magnitudes.as_deref();
        let arrows: Option<&[Vector3<f64>]> = group
            .vectors
            .as_deref()
            .filter(|_| options.arrows && max > 0.0);
        for view in &views {
            let x0 = column as f64 * panel;
            column += 1;
            let mut projected: Vec<(usize, f64, f64, f64)> = points
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let (u, v, d) = view.project(p);
                    (i, u, v, d)
                })
                .collect();
            // Fit the points and arrow tips into the panel, same scale on both axes.
            let mut ext = [
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
            ];
            let mut grow = |u: f64, v: f64| {
                ext = [ext[0].min(u), ext[1].max(u), ext[2].min(v), ext[3].max(v)];
            };
            for &(i, u, v, _) in &projected {
                grow(u, v);
                if let Some(a) = arrows {
                    let (tu, tv, _) = view.project(&(points[i] + a[i] * arrow_scale));
                    grow(tu, tv);
                }
            }
            if projected.is_empty() {
                ext = [-1.0, 1.0, -1.0, 1.0];
            }
            let span = (ext[1] - ext[0]).max(ext[3] - ext[2]).max(1e-12);
            let scale = (panel - 2.0 * MARGIN) / span;
            let (cu, cv) = ((ext[0] + ext[1]) / 2.0, (ext[2] + ext[3]) / 2.0);
            let to_screen = |u: f64, v: f64| {
                (
                    x0 + panel / 2.0 + (u - cu) * scale,
                    TITLE_HEIGHT + panel / 2.0 - (v - cv) * scale,
                )
            };
            svg.rect(
                x0 + 4.0,
                TITLE_HEIGHT,
                panel - 8.0,
                panel - 4.0,
                "none",
                "#ccc",
            );
            let label = match &group.label {
                Some(l) => format!("{l}: {}", view.label()),
                None => view.label().to_string(),
            };
            svg.text(
                x0 + panel / 2.0,
                TITLE_HEIGHT + panel - 10.0,
                10.0,
                "middle",
                &label,
            );
            projected.sort_by(|a, b| a.3.total_cmp(&b.3));
            for &(i, u, v, _) in &projected {
                let (x, y) = to_screen(u, v);
                match magnitudes {
                    None => svg.circle(x, y, 2.5, "#3b528b", 0.8),
                    Some(m) if m[i] > 0.0 && max > 0.0 => {
                        let t = m[i] / max;
                        svg.circle(x, y, 2.0 + 5.0 * t.sqrt(), &colour(t), 0.9);
                    }
                    Some(_) => svg.circle(x, y, 1.5, "#bbbbbb", 0.6),
                }
            }
            if let (Some(a), Some(m)) = (arrows, magnitudes) {
                for &(i, u, v, _) in &projected {
                    if m[i] > 0.0 {
                        let (x, y) = to_screen(u, v);
                        let (tu, tv, _) = view.project(&(points[i] + a[i] * arrow_scale));
                        let (tx, ty) = to_screen(tu, tv);
                        svg.line((x, y), (tx, ty), "#222", 1.2, true);
                    }
                }
            }
        }
    }
    if valued {
        let x = panel * columns + 12.0;
        svg.colour_bar(x, TITLE_HEIGHT + 30.0, 16.0, panel - 80.0, max, "magnitude");
    }
    svg.finish()
}

fn bounds(points: &[Point3<f64>]) -> (Point3<f64>, Point3<f64>) {
    if points.is_empty() {
        return (Point3::origin(), Point3::origin());
    }
    points
        .iter()
        .fold((points[0], points[0]), |(lo, hi), p| (lo.inf(p), hi.sup(p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_are_orthonormal_projections() {
        let p = Point3::new(0.3, -0.2, 0.5);
        for view in [View::Top, View::Front, View::Side, View::Isometric] {
            let (u, v, d) = view.project(&p);
            assert!(
                ((u * u + v * v + d * d).sqrt() - p.coords.norm()).abs() < 1e-12,
                "{view:?}"
            );
        }
    }

    #[test]
    fn values_plot_has_arrows_and_a_colour_bar() {
        let points = [
            Point3::origin(),
            Point3::new(0.1, 0.0, 0.0),
            Point3::new(0.0, 0.1, 0.0),
        ];
        let values = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0];
        let opts = PlotOptions::new("forces").all_views().arrows(true);
        let svg = sensor_values_svg(&points, &values, 3, &opts).unwrap();
        assert_eq!(svg.matches("<circle").count(), 12);
        assert_eq!(
            svg.matches("<line").count(),
            8,
            "two loaded sensors in four views"
        );
        assert!(svg.contains("2.000"));
        assert!(sensor_values_svg(&points, &values[..8], 3, &opts).is_err());
    }
}
