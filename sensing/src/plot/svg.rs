//! A minimal SVG writer and the colour map used for sensor values.

use std::fmt::Write;

/// An SVG document under construction.
pub(crate) struct Svg {
    body: String,
    width: f64,
    height: f64,
}

impl Svg {
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            body: String::with_capacity(64 * 1024),
            width,
            height,
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{x:.2}" y="{y:.2}" width="{w:.2}" height="{h:.2}" fill="{fill}" stroke="{stroke}"/>"#
        );
    }

    pub fn circle(&mut self, x: f64, y: f64, r: f64, fill: &str, opacity: f64) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{x:.2}" cy="{y:.2}" r="{r:.2}" fill="{fill}" fill-opacity="{opacity:.2}"/>"#
        );
    }

    /// A segment from `a` to `b`, with an arrow head at `b` when `arrow`.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: &str, width: f64, arrow: bool) {
        let marker = if arrow {
            r#" marker-end="url(#arrow)""#
        } else {
            ""
        };
        let _ = writeln!(
            self.body,
            r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{stroke}" stroke-width="{width:.2}"{marker}/>"#,
            a.0, a.1, b.0, b.1
        );
    }

    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, content: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{x:.2}" y="{y:.2}" font-family="sans-serif" font-size="{size:.1}" text-anchor="{anchor}">{}</text>"#,
            escape(content)
        );
    }

    /// A vertical colour bar from `lo` (bottom) to `hi` (top) labelled with the value range.
    pub fn colour_bar(&mut self, x: f64, y: f64, w: f64, h: f64, max: f64, label: &str) {
        let steps = 32;
        for i in 0..steps {
            let t = (i as f64 + 0.5) / steps as f64;
            let y0 = y + h * (1.0 - (i + 1) as f64 / steps as f64);
            self.rect(x, y0, w, h / steps as f64 + 0.5, &colour(t), "none");
        }
        self.rect(x, y, w, h, "none", "#444");
        self.text(x + w + 4.0, y + 10.0, 10.0, "start", &format!("{max:.3}"));
        self.text(x + w + 4.0, y + h, 10.0, "start", "0");
        self.text(x, y - 6.0, 10.0, "start", label);
    }

    pub fn finish(self) -> String {
        format!(
            concat!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"#,
                "\n",
                r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#222"/></marker></defs>"##,
                "\n",
                r#"<rect width="100%" height="100%" fill="white"/>"#,
                "\n{body}</svg>\n"
            ),
            w = self.width,
            h = self.height,
            body = self.body
        )
    }
}

/// Escapes text for XML.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A perceptually ordered colour for `t` in [0, 1] (dark violet through teal to yellow), as
/// `#rrggbb`.
pub(crate) fn colour(t: f64) -> String {
    const STOPS: [[f64; 3]; 5] = [
        [68.0, 1.0, 84.0],
        [59.0, 82.0, 139.0],
        [33.0, 145.0, 140.0],
        [94.0, 201.0, 98.0],
        [253.0, 231.0, 37.0],
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let x = t * (STOPS.len() - 1) as f64;
    let i = (x.floor() as usize).min(STOPS.len() - 2);
    let f = x - i as f64;
    let c: Vec<u8> = (0..3)
        .map(|k| (STOPS[i][k] + (STOPS[i + 1][k] - STOPS[i][k]) * f).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_ends_and_escape() {
        assert_eq!(colour(0.0), "#440154");
        assert_eq!(colour(1.0), "#fde725");
        assert_eq!(colour(f64::NAN), "#440154");
        assert_eq!(escape("a<b & c"), "a&lt;b &amp; c");
    }
}
