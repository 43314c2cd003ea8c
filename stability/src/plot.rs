//! A stance drawn from above as SVG: the contact rectangles, the static-equilibrium polygon
//! and the CoM (world x right, y up), the picture of the script API's `plot_polygon`.

use std::fmt::Write as _;

use crate::polygon::ConvexPolygon;
use crate::stance::Stance;

const SIZE: f64 = 480.0;
const MARGIN: f64 = 40.0;

/// Maps world x-y to SVG pixels, keeping the aspect ratio.
struct Frame {
    min: [f64; 2],
    scale: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn fit(points: &[[f64; 2]]) -> Self {
        let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for p in points {
            for k in 0..2 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        if !lo[0].is_finite() {
            (lo, hi) = ([-1.0; 2], [1.0; 2]);
        }
        let span = (hi[0] - lo[0]).max(hi[1] - lo[1]).max(1e-3);
        let pad = 0.08 * span;
        let scale = (SIZE - 2.0 * MARGIN) / (span + 2.0 * pad);
        let width = ((hi[0] - lo[0] + 2.0 * pad) * scale + 2.0 * MARGIN).max(SIZE / 2.0);
        let height = (hi[1] - lo[1] + 2.0 * pad) * scale + 2.0 * MARGIN;
        // Centre the drawing horizontally when the minimum width leaves room.
        let extra = (width - 2.0 * MARGIN) / scale - (hi[0] - lo[0] + 2.0 * pad);
        Self {
            min: [lo[0] - pad - extra / 2.0, lo[1] - pad],
            scale,
            width,
            height,
        }
    }

    fn px(&self, p: [f64; 2]) -> (f64, f64) {
        (
            MARGIN + (p[0] - self.min[0]) * self.scale,
            self.height - MARGIN - (p[1] - self.min[1]) * self.scale,
        )
    }

    fn path(&self, points: &[[f64; 2]]) -> String {
        points
            .iter()
            .map(|p| {
                let (x, y) = self.px(*p);
                format!("{x:.2},{y:.2}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The SVG text of a stance's top view with its polygon (if bounded).
pub fn polygon_svg(stance: &Stance, polygon: Option<&ConvexPolygon>, title: &str) -> String {
    layered_svg(stance, polygon, None, title)
}

/// [`polygon_svg`] with a second region drawn over the polygon (orange), for instance the
/// torque-limited feasible region inside the static-equilibrium polygon, with a legend.
pub fn region_svg(
    stance: &Stance,
    polygon: Option<&ConvexPolygon>,
    region: Option<&ConvexPolygon>,
    region_label: &str,
    title: &str,
) -> String {
    layered_svg(stance, polygon, Some((region, region_label)), title)
}

fn layered_svg(
    stance: &Stance,
    polygon: Option<&ConvexPolygon>,
    region: Option<(Option<&ConvexPolygon>, &str)>,
    title: &str,
) -> String {
    let rectangles: Vec<Vec<[f64; 2]>> = stance
        .contacts()
        .contacts()
        .iter()
        .map(|c| {
            let corners: Vec<[f64; 2]> = c.vertices().iter().map(|v| [v.x, v.y]).collect();
            ConvexPolygon::convex_hull(&corners).map_or(corners, |h| h.vertices().to_vec())
        })
        .collect();
    let com = stance.com();
    let mut all: Vec<[f64; 2]> = rectangles.iter().flatten().copied().collect();
    all.extend(polygon.map_or(&[][..], |p| p.vertices()).iter().copied());
    all.push([com.x, com.y]);
    let frame = Frame::fit(&all);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\">",
        w = frame.width,
        h = frame.height
    );
    let _ = writeln!(
        svg,
        "<rect x=\"0\" y=\"0\" width=\"{:.0}\" height=\"{:.0}\" fill=\"white\"/>",
        frame.width, frame.height
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.0}\" y=\"22\" font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\">{}</text>",
        frame.width / 2.0,
        escape(title)
    );
    for (i, r) in rectangles.iter().enumerate() {
        let _ = writeln!(
            svg,
            "<polygon points=\"{}\" fill=\"#9ab\" fill-opacity=\"0.5\" stroke=\"#345\" stroke-width=\"1\"><title>contact {i}</title></polygon>",
            frame.path(r)
        );
    }
    match polygon {
        Some(p) => {
            let _ = writeln!(
                svg,
                "<polygon points=\"{}\" fill=\"#3a3\" fill-opacity=\"0.25\" stroke=\"#272\" stroke-width=\"2\"><title>static-equilibrium polygon</title></polygon>",
                frame.path(p.vertices())
            );
        }
        None => {
            let _ = writeln!(
                svg,
                "<text x=\"{:.0}\" y=\"40\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\" fill=\"#a22\">no bounded polygon</text>",
                frame.width / 2.0
            );
        }
    }
    if let Some((region, label)) = region {
        if let Some(r) = region {
            let _ = writeln!(
                svg,
                "<polygon points=\"{}\" fill=\"#f80\" fill-opacity=\"0.35\" stroke=\"#c60\" stroke-width=\"2\"><title>{}</title></polygon>",
                frame.path(r.vertices()),
                escape(label)
            );
        }
        let status = if region.is_some() { "" } else { " (empty)" };
        let _ = writeln!(
            svg,
            "<rect x=\"8\" y=\"32\" width=\"12\" height=\"12\" fill=\"#3a3\" fill-opacity=\"0.25\" stroke=\"#272\"/><text x=\"24\" y=\"42\" font-family=\"sans-serif\" font-size=\"11\">static-equilibrium polygon</text>"
        );
        let _ = writeln!(
            svg,
            "<rect x=\"8\" y=\"50\" width=\"12\" height=\"12\" fill=\"#f80\" fill-opacity=\"0.35\" stroke=\"#c60\"/><text x=\"24\" y=\"60\" font-family=\"sans-serif\" font-size=\"11\">{}{status}</text>",
            escape(label)
        );
    }
    let (x, y) = frame.px([com.x, com.y]);
    let inside = polygon.is_some_and(|p| p.contains([com.x, com.y]));
    let colour = if inside { "#c22" } else { "#f80" };
    let _ = writeln!(
        svg,
        "<circle cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"5\" fill=\"{colour}\"><title>CoM</title></circle>"
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.2}\" y=\"{:.2}\" font-family=\"sans-serif\" font-size=\"11\">CoM</text>",
        x + 7.0,
        y - 7.0
    );
    let _ = writeln!(
        svg,
        "<text x=\"{MARGIN:.0}\" y=\"{:.0}\" font-family=\"sans-serif\" font-size=\"10\" fill=\"#555\">top view: x right, y up (m)</text>",
        frame.height - 12.0
    );
    scale_bar(&mut svg, &frame);
    svg.push_str("</svg>\n");
    svg
}

/// A horizontal bar of a round length (1, 2 or 5 times a power of ten, about a quarter of the
/// drawing) at the bottom right.
fn scale_bar(svg: &mut String, frame: &Frame) {
    let span = (frame.width - 2.0 * MARGIN) / frame.scale;
    let rough = span / 4.0;
    let power = 10f64.powf(rough.log10().floor());
    let length = [5.0, 2.0, 1.0]
        .into_iter()
        .map(|k| k * power)
        .find(|&l| l <= rough)
        .unwrap_or(power);
    let pixels = length * frame.scale;
    let (x1, y) = (frame.width - MARGIN, frame.height - 16.0);
    let _ = writeln!(
        svg,
        "<line x1=\"{:.2}\" y1=\"{y:.0}\" x2=\"{x1:.2}\" y2=\"{y:.0}\" stroke=\"#333\" stroke-width=\"2\"/>",
        x1 - pixels
    );
    let _ = writeln!(
        svg,
        "<text x=\"{:.2}\" y=\"{:.0}\" font-family=\"sans-serif\" font-size=\"10\" text-anchor=\"middle\">{length} m</text>",
        x1 - pixels / 2.0,
        y - 5.0
    );
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_keeps_every_point_inside_the_margins() {
        let points = [[-0.3, 0.1], [0.5, -0.2], [0.0, 0.4]];
        let frame = Frame::fit(&points);
        for p in points {
            let (x, y) = frame.px(p);
            assert!(x >= MARGIN && x <= frame.width - MARGIN, "{x}");
            assert!(y >= MARGIN && y <= frame.height - MARGIN, "{y}");
        }
        // y up in the world is up on the page.
        assert!(frame.px([0.0, 0.4]).1 < frame.px([0.0, -0.2]).1);
    }

    #[test]
    fn the_scale_bar_has_a_round_length() {
        let frame = Frame::fit(&[[0.0, 0.0], [0.37, 0.2]]);
        let mut svg = String::new();
        scale_bar(&mut svg, &frame);
        assert!(svg.contains(">0.1 m<"), "{svg}");
    }
}
