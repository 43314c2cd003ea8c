//! A small SVG writer: rectangles, lines, circles, text and embedded rasters.

use std::fmt::Write;

use super::colour::Rgb;
use super::png::{base64, encode_png};
use crate::error::Result;

/// An SVG document being written.
pub(crate) struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Text anchor.
#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn name(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Self {
        let mut svg = Svg {
            width,
            height,
            body: String::new(),
        };
        svg.rect(0.0, 0.0, width, height, Rgb(255, 255, 255), None);
        svg
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: Rgb, stroke: Option<Rgb>) {
        let stroke = stroke.map_or_else(|| "none".to_owned(), |s| s.hex());
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{}" stroke="{stroke}"/>"#,
            fill.hex()
        );
    }

    pub fn frame(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: Rgb) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="none" stroke="{}"/>"#,
            stroke.hex()
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, stroke: Rgb) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{x1:.2}" y1="{y1:.2}" x2="{x2:.2}" y2="{y2:.2}" stroke="{}"/>"#,
            stroke.hex()
        );
    }

    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: Rgb) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{x:.2}" cy="{y:.2}" r="{r:.2}" fill="{}"/>"#,
            fill.hex()
        );
    }

    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-family="sans-serif" font-size="{size}" text-anchor="{}">{}</text>"#,
            anchor.name(),
            escape(text)
        );
    }

    /// Text rotated by −90° (reading upwards), centred at (x, y).
    pub fn vertical_text(&mut self, x: f64, y: f64, size: f64, text: &str) {
        let _ = writeln!(
            self.body,
            r#"<text transform="translate({x:.2},{y:.2}) rotate(-90)" font-family="sans-serif" font-size="{size}" text-anchor="middle">{}</text>"#,
            escape(text)
        );
    }

    /// An RGB raster (`width × height` pixels, rows top to bottom) stretched over a rectangle,
    /// without smoothing.
    /// `place` is `[x, y, w, h]` on the page, `size` the raster's `(width, height)`.
    pub fn raster(&mut self, place: [f64; 4], size: (usize, usize), rgb: &[u8]) -> Result<()> {
        let [x, y, w, h] = place;
        let (width, height) = size;
        let png = encode_png(width, height, rgb)?;
        let _ = writeln!(
            self.body,
            r#"<image x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" preserveAspectRatio="none" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
            base64(&png)
        );
        Ok(())
    }

    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}</svg>\n",
            self.body,
            w = self.width,
            h = self.height
        )
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
