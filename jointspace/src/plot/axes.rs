//! Plot frames: data-to-pixel mapping, ticks, labels and colour bars.

use std::f64::consts::PI;

use super::colour::{Rgb, Scale};
use super::svg::{Anchor, Svg};
use crate::error::Result;

pub(crate) const INK: Rgb = Rgb(40, 40, 40);
const GRID: Rgb = Rgb(200, 200, 200);

/// A rectangle of the page showing `[x_range] × [y_range]`, y upwards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub x_range: [f64; 2],
    pub y_range: [f64; 2],
}

impl Frame {
    pub fn px(&self, v: f64) -> f64 {
        self.x + (v - self.x_range[0]) / (self.x_range[1] - self.x_range[0]) * self.w
    }
    pub fn py(&self, v: f64) -> f64 {
        self.y + self.h - (v - self.y_range[0]) / (self.y_range[1] - self.y_range[0]) * self.h
    }

    /// Border, five ticks per axis with labels, and the axis titles.
    pub fn draw_axes(&self, svg: &mut Svg, x_label: &str, y_label: &str, font: f64) {
        svg.frame(self.x, self.y, self.w, self.h, INK);
        for v in ticks(self.x_range) {
            let x = self.px(v);
            svg.line(x, self.y + self.h, x, self.y + self.h + 4.0, INK);
            svg.text(
                x,
                self.y + self.h + 4.0 + font,
                font,
                Anchor::Middle,
                &tick_label(v),
            );
        }
        for v in ticks(self.y_range) {
            let y = self.py(v);
            svg.line(self.x - 4.0, y, self.x, y, INK);
            svg.text(
                self.x - 6.0,
                y + font / 3.0,
                font,
                Anchor::End,
                &tick_label(v),
            );
        }
        if !x_label.is_empty() {
            svg.text(
                self.x + self.w / 2.0,
                self.y + self.h + 2.5 * font + 6.0,
                font,
                Anchor::Middle,
                x_label,
            );
        }
        if !y_label.is_empty() {
            svg.vertical_text(
                self.x - 3.2 * font - 8.0,
                self.y + self.h / 2.0,
                font,
                y_label,
            );
        }
    }

    /// Light lines at the ticks (drawn under scatter points).
    pub fn draw_grid_lines(&self, svg: &mut Svg) {
        for v in ticks(self.x_range) {
            svg.line(self.px(v), self.y, self.px(v), self.y + self.h, GRID);
        }
        for v in ticks(self.y_range) {
            svg.line(self.x, self.py(v), self.x + self.w, self.py(v), GRID);
        }
    }
}

/// Five evenly spaced ticks from one end of the range to the other.
fn ticks(range: [f64; 2]) -> impl Iterator<Item = f64> {
    (0..5).map(move |i| range[0] + (range[1] - range[0]) * i as f64 / 4.0)
}

/// A tick label: multiples of π/4 as such, other values with up to three decimals.
pub(crate) fn tick_label(v: f64) -> String {
    let quarters = v / (PI / 4.0);
    if v != 0.0 && (quarters - quarters.round()).abs() < 1e-9 && quarters.round().abs() <= 16.0 {
        let q = quarters.round() as i64;
        let sign = if q < 0 { "−" } else { "" };
        let (num, den) = reduce(q.abs(), 4);
        let num = if num == 1 {
            String::new()
        } else {
            num.to_string()
        };
        return if den == 1 {
            format!("{sign}{num}π")
        } else {
            format!("{sign}{num}π/{den}")
        };
    }
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    let s = if s == "-0" { "0" } else { s };
    s.replace('-', "−")
}

fn reduce(n: i64, d: i64) -> (i64, i64) {
    let (mut a, mut b) = (n, d);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    (n / a.max(1), d / a.max(1))
}

/// A vertical colour bar at (x, y) of height h, with its extreme (and zero) labels.
pub(crate) fn colour_bar(
    svg: &mut Svg,
    scale: &Scale,
    x: f64,
    y: f64,
    h: f64,
    font: f64,
    label: &str,
) -> Result<()> {
    let w = 14.0;
    match scale {
        Scale::Binary => {
            svg.rect(x, y, w, h / 2.0, scale.colour(1.0), Some(INK));
            svg.rect(x, y + h / 2.0, w, h / 2.0, scale.colour(0.0), Some(INK));
            svg.text(
                x + w + 4.0,
                y + h / 4.0 + font / 3.0,
                font,
                Anchor::Start,
                "free",
            );
            svg.text(
                x + w + 4.0,
                y + 3.0 * h / 4.0 + font / 3.0,
                font,
                Anchor::Start,
                "colliding",
            );
        }
        _ => {
            let n = 256;
            let (lo, hi) = scale.extent();
            let mut rgb = Vec::with_capacity(3 * n);
            for i in 0..n {
                let v = hi - (hi - lo) * (i as f64 + 0.5) / n as f64;
                let c = scale.colour(v);
                rgb.extend_from_slice(&[c.0, c.1, c.2]);
            }
            svg.raster([x, y, w, h], (1, n), &rgb)?;
            svg.frame(x, y, w, h, INK);
            let mut label_at = |v: f64| {
                let yy = y + (hi - v) / (hi - lo) * h;
                svg.line(x + w, yy, x + w + 3.0, yy, INK);
                svg.text(
                    x + w + 5.0,
                    yy + font / 3.0,
                    font,
                    Anchor::Start,
                    &tick_label(v),
                );
            };
            label_at(hi);
            label_at(lo);
            if lo < 0.0 && hi > 0.0 {
                label_at(0.0);
            }
        }
    }
    if !label.is_empty() {
        svg.vertical_text(x + w + 5.0 * font, y + h / 2.0, font, label);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::tick_label;
    use std::f64::consts::PI;

    #[test]
    fn tick_labels() {
        assert_eq!(tick_label(-PI), "−π");
        assert_eq!(tick_label(PI / 2.0), "π/2");
        assert_eq!(tick_label(3.0 * PI / 4.0), "3π/4");
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(0.125), "0.125");
        assert_eq!(tick_label(-1.5), "−1.5");
    }
}
