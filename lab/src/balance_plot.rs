//! `plot_map(path, balance_map)`: an SVG top view of a balance map. Grid maps are a heat map
//! of cells (a grid with a z axis shows, per `(x, y)`, the smallest margin over its heights);
//! CoM lists and configuration maps are dots at each CoM's `(x, y)`. Colours diverge about 0
//! (blue: margin > 0, red: < 0, white: 0; scaled by the largest finite |margin|; infinities
//! saturate, NaN is grey). The static-equilibrium polygon (green) and, for torque maps, the
//! feasible region (orange, dashed) are drawn over it.

use std::fmt::Write as _;
use std::path::Path;

use crate::balance_map::BalanceMap;
use crate::error::LabError;

const SIZE: f64 = 560.0;
const MARGIN: f64 = 50.0;

/// Linear map from world `(x, y)` to pixels (y up), keeping aspect ratio.
struct Frame {
    x0: f64,
    y0: f64,
    scale: f64,
    height: f64,
}

impl Frame {
    fn fit(points: &[[f64; 2]]) -> Self {
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for p in points
            .iter()
            .filter(|p| p[0].is_finite() && p[1].is_finite())
        {
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        if !lo[0].is_finite() {
            (lo, hi) = ([-1.0; 2], [1.0; 2]);
        }
        let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-9);
        let scale = (SIZE - 2.0 * MARGIN) / span;
        Self {
            x0: lo[0],
            y0: lo[1],
            scale,
            height: (hi[1] - lo[1]) * scale + 2.0 * MARGIN,
        }
    }

    fn px(&self, p: [f64; 2]) -> (f64, f64) {
        (
            MARGIN + (p[0] - self.x0) * self.scale,
            self.height - MARGIN - (p[1] - self.y0) * self.scale,
        )
    }

    fn path(&self, points: &[[f64; 2]]) -> String {
        points
            .iter()
            .map(|&p| {
                let (x, y) = self.px(p);
                format!("{x:.2},{y:.2}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Diverging colour of `v` for the scale `extent` (> 0).
fn colour(v: f64, extent: f64) -> String {
    if v.is_nan() {
        return "#999999".into();
    }
    let t = (v / extent).clamp(-1.0, 1.0);
    let fade = |full: f64| (255.0 - (255.0 - full) * t.abs()).round() as u8;
    let (r, g, b) = if t >= 0.0 {
        (fade(33.0), fade(102.0), fade(172.0))
    } else {
        (fade(178.0), fade(24.0), fade(43.0))
    };
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The cells or dots to draw: `(x, y, value)`, and the cell size for grids.
fn marks(map: &BalanceMap) -> (Vec<[f64; 3]>, Option<[f64; 2]>) {
    match map.steps.as_deref() {
        Some([nx, ny, rest @ ..]) => {
            let nz = rest.first().copied().unwrap_or(1);
            let mut out = Vec::with_capacity(nx * ny);
            for cell in 0..nx * ny {
                let rows = cell * nz..(cell + 1) * nz;
                let worst = rows
                    .clone()
                    .map(|i| map.values[i])
                    .fold(f64::INFINITY, |a, b| {
                        if b.is_nan() || a.is_nan() {
                            f64::NAN
                        } else {
                            a.min(b)
                        }
                    });
                let first = rows.start * map.columns.len();
                out.push([map.coordinates[first], map.coordinates[first + 1], worst]);
            }
            let pitch = |n: usize, k: usize| {
                if n < 2 {
                    0.01
                } else {
                    let (a, b) = (out[0][k], out[if k == 0 { *ny } else { 1 }][k]);
                    (b - a).abs().max(1e-9)
                }
            };
            let size = [pitch(*nx, 0), pitch(*ny, 1)];
            (out, Some(size))
        }
        _ => (
            map.coms
                .iter()
                .zip(&map.values)
                .map(|(c, &v)| [c[0], c[1], v])
                .collect(),
            None,
        ),
    }
}

/// The SVG text of a balance map's plot.
pub fn balance_map_svg(map: &BalanceMap) -> String {
    let (marks, cell) = marks(map);
    let mut all: Vec<[f64; 2]> = marks.iter().map(|m| [m[0], m[1]]).collect();
    all.extend_from_slice(map.polygon.vertices());
    let frame = Frame::fit(&all);
    let extent = marks
        .iter()
        .map(|m| m[2].abs())
        .filter(|v| v.is_finite())
        .fold(0.0, f64::max)
        .max(1e-12);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{SIZE:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {SIZE:.0} {h:.0}\">",
        h = frame.height + 30.0
    );
    let _ = writeln!(svg, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        svg,
        "<text x=\"{:.0}\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\">{} margin ({}) over {} points</text>",
        SIZE / 2.0,
        map.kind,
        map.kind.unit(),
        map.len()
    );
    for m in &marks {
        let fill = colour(m[2], extent);
        let (x, y) = frame.px([m[0], m[1]]);
        match cell {
            Some([dx, dy]) => {
                let (w, h) = (dx * frame.scale, dy * frame.scale);
                let _ = writeln!(
                    svg,
                    "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" fill=\"{fill}\"/>",
                    x - w / 2.0,
                    y - h / 2.0,
                    w,
                    h
                );
            }
            None => {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"3\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.3\"/>"
                );
            }
        }
    }
    if let Some(p) = map.polygon.polygon() {
        let _ = writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"none\" stroke=\"#272\" stroke-width=\"2\"><title>static-equilibrium polygon</title></polygon>",
            frame.path(p.vertices())
        );
    }
    if let Some(r) = map.region.as_ref().and_then(|r| r.polygon())
        && map.kind == morsel_stability::MarginKind::Torque
    {
        let _ = writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"none\" stroke=\"#e80\" stroke-width=\"2\" stroke-dasharray=\"6 3\"><title>feasible region</title></polygon>",
            frame.path(r.vertices())
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.0}\" y=\"{:.0}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">red −{e:.4} … white 0 … blue +{e:.4} {}</text>",
        SIZE / 2.0,
        frame.height + 15.0,
        map.kind.unit(),
        e = extent
    );
    svg.push_str("</svg>\n");
    svg
}

/// Writes [`balance_map_svg`] to `target` (`.svg` only).
pub fn plot_balance_map(target: &Path, map: &BalanceMap) -> Result<(), LabError> {
    let name = target.display().to_string();
    if !name.to_ascii_lowercase().ends_with(".svg") {
        return Err(LabError::Save {
            path: name,
            reason: "balance maps are drawn as SVG only; use a .svg path".into(),
        });
    }
    std::fs::write(target, balance_map_svg(map)).map_err(LabError::io("cannot write", target))
}
