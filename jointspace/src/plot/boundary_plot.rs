//! The boundary points of a 2D subspace as a scatter plot.

use super::axes::{Frame, INK};
use super::colour::Rgb;
use super::maps::FONT;
use super::svg::{Anchor, Svg};
use crate::boundary::Boundary;
use crate::error::{JointspaceError, Result};

/// Colour of the sampled points and of their periodic copies.
const POINT: Rgb = Rgb(30, 70, 150);
const COPY: Rgb = Rgb(170, 180, 200);

/// Scatter of a 2D boundary; with periodic joints the view spans one period more on each
/// side and shows the copies in a lighter colour, the sampled window framed.
pub(crate) fn boundary_scatter(boundary: &Boundary) -> Result<Svg> {
    if boundary.dim() != 2 {
        return Err(JointspaceError::invalid(
            "plot",
            format!(
                "a boundary scatter needs a 2D boundary, got {} joints",
                boundary.dim()
            ),
        ));
    }
    let ranges = boundary.ranges();
    let view = |a: usize| match boundary.periods()[a] {
        Some(p) => [ranges[a][0] - p, ranges[a][1] + p],
        None => ranges[a],
    };
    let frame = Frame {
        x: 80.0,
        y: 40.0,
        w: 420.0,
        h: 420.0,
        x_range: view(0),
        y_range: view(1),
    };
    let mut svg = Svg::new(frame.x + frame.w + 40.0, frame.y + frame.h + 60.0);
    let title = format!(
        "collision boundary ({} points, precision {:e})",
        boundary.len(),
        boundary.precision()
    );
    svg.text(
        frame.x + frame.w / 2.0,
        24.0,
        FONT + 2.0,
        Anchor::Middle,
        &title,
    );
    frame.draw_grid_lines(&mut svg);
    let n = boundary.len();
    for (i, p) in boundary.extended_points().rows().into_iter().enumerate() {
        svg.circle(
            frame.px(p[0]),
            frame.py(p[1]),
            1.4,
            if i < n { POINT } else { COPY },
        );
    }
    let (x0, x1) = (frame.px(ranges[0][0]), frame.px(ranges[0][1]));
    let (y0, y1) = (frame.py(ranges[1][1]), frame.py(ranges[1][0]));
    svg.frame(x0, y0, x1 - x0, y1 - y0, INK);
    frame.draw_axes(&mut svg, &boundary.joints()[0], &boundary.joints()[1], FONT);
    Ok(svg)
}
