//! Sample maps drawn as heat maps (2D grids), scatter plots (2D random maps) and grids of
//! slices (3D grids).

use super::axes::{Frame, colour_bar};
use super::colour::Scale;
use super::svg::{Anchor, Svg};
use crate::error::{JointspaceError, Result};
use crate::sample_map::{Quantity, SampleMap};

/// Font size of plots.
pub(crate) const FONT: f64 = 12.0;
/// Side of a single plot's data area (px).
const SIDE: f64 = 420.0;
/// Side of one slice's data area (px).
const SLICE_SIDE: f64 = 170.0;

/// The colour scale of a map.
pub(crate) fn scale_of(map: &SampleMap) -> Scale {
    Scale::for_values(
        map.values().iter().copied(),
        map.quantity().is_signed(),
        *map.quantity() == Quantity::Binary,
    )
}

/// The RGB raster of a 2D slice of a grid map: column `i` is the `i`-th value of axis `x`,
/// row 0 (top) the last value of axis `y`; `fixed` gives the offset of the other axes.
pub(crate) fn slice_raster(
    map: &SampleMap,
    scale: &Scale,
    steps: &[usize],
    fixed_offset: usize,
) -> Vec<u8> {
    let (nx, ny) = (steps[0], steps[1]);
    let values = map.values();
    let mut rgb = Vec::with_capacity(3 * nx * ny);
    for row in 0..ny {
        let j = ny - 1 - row;
        for i in 0..nx {
            let c = scale.colour(values[fixed_offset + i + nx * j]);
            rgb.extend_from_slice(&[c.0, c.1, c.2]);
        }
    }
    rgb
}

/// Repeats each pixel `f × f` times, so that viewers that smooth rasters (ignoring
/// `image-rendering`) still show sharp cells.
pub(crate) fn upsample(rgb: &[u8], width: usize, height: usize, f: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(rgb.len() * f * f);
    for row in 0..height {
        for _ in 0..f {
            for col in 0..width {
                let k = 3 * (row * width + col);
                for _ in 0..f {
                    out.extend_from_slice(&rgb[k..k + 3]);
                }
            }
        }
    }
    out
}

/// Pixels per cell so that the raster's shorter side reaches about `side` pixels.
fn factor(steps: &[usize], side: f64) -> usize {
    let n = steps[0].min(steps[1]).max(1) as f64;
    (side / n).ceil().clamp(1.0, 16.0) as usize
}

fn title(map: &SampleMap) -> String {
    format!(
        "{} over {}",
        map.quantity().label(),
        map.joints().join(", ")
    )
}

/// A heat map of a 2D grid map.
pub(crate) fn heat_map(map: &SampleMap) -> Result<Svg> {
    let steps = match map.steps() {
        Some(s) if s.len() == 2 => s.to_vec(),
        _ => return Err(wrong_map("a heat map", "a 2D grid map", map)),
    };
    single_panel(map, |svg, frame, scale| {
        let f = factor(&steps, 240.0);
        let raster = upsample(&slice_raster(map, scale, &steps, 0), steps[0], steps[1], f);
        svg.raster(
            [frame.x, frame.y, frame.w, frame.h],
            (steps[0] * f, steps[1] * f),
            &raster,
        )
    })
}

/// A scatter plot of a 2D map, points coloured by value.
pub(crate) fn scatter(map: &SampleMap) -> Result<Svg> {
    if map.dim() != 2 {
        return Err(wrong_map("a scatter plot", "a 2D map", map));
    }
    single_panel(map, |svg, frame, scale| {
        frame.draw_grid_lines(svg);
        let radius = (SIDE / (map.len() as f64).sqrt() / 2.5).clamp(0.8, 4.0);
        for r in map.rows().rows() {
            svg.circle(frame.px(r[0]), frame.py(r[1]), radius, scale.colour(r[2]));
        }
        Ok(())
    })
}

/// One plot of a 2D map: title, the panel `draw` fills, axes and colour bar.
fn single_panel(
    map: &SampleMap,
    draw: impl FnOnce(&mut Svg, &Frame, &Scale) -> Result<()>,
) -> Result<Svg> {
    let scale = scale_of(map);
    let frame = Frame {
        x: 80.0,
        y: 40.0,
        w: SIDE,
        h: SIDE,
        x_range: map.ranges()[0],
        y_range: map.ranges()[1],
    };
    let mut svg = Svg::new(frame.x + frame.w + 130.0, frame.y + frame.h + 60.0);
    svg.text(
        frame.x + frame.w / 2.0,
        24.0,
        FONT + 2.0,
        Anchor::Middle,
        &title(map),
    );
    draw(&mut svg, &frame, &scale)?;
    frame.draw_axes(&mut svg, &map.joints()[0], &map.joints()[1], FONT);
    colour_bar(
        &mut svg,
        &scale,
        frame.x + frame.w + 20.0,
        frame.y,
        frame.h,
        FONT,
        "",
    )?;
    Ok(svg)
}

/// A 3D grid map as a grid of 2D heat maps, one per value of the third joint.
pub(crate) fn slices(map: &SampleMap) -> Result<Svg> {
    let steps = match map.steps() {
        Some(s) if s.len() == 3 => s.to_vec(),
        _ => return Err(wrong_map("a grid of slices", "a 3D grid map", map)),
    };
    let scale = scale_of(map);
    let n = steps[2];
    let columns = (n as f64).sqrt().ceil().max(1.0) as usize;
    let rows = n.div_ceil(columns);
    let (cell_w, cell_h) = (SLICE_SIDE + 90.0, SLICE_SIDE + 80.0);
    let mut svg = Svg::new(columns as f64 * cell_w + 130.0, rows as f64 * cell_h + 50.0);
    svg.text(
        columns as f64 * cell_w / 2.0,
        24.0,
        FONT + 2.0,
        Anchor::Middle,
        &title(map),
    );
    let third = map.ranges()[2];
    let step3 = (third[1] - third[0]) / n as f64;
    for s in 0..n {
        let (c, r) = (s % columns, s / columns);
        let frame = Frame {
            x: c as f64 * cell_w + 70.0,
            y: r as f64 * cell_h + 60.0,
            w: SLICE_SIDE,
            h: SLICE_SIDE,
            x_range: map.ranges()[0],
            y_range: map.ranges()[1],
        };
        let f = factor(&steps, 120.0);
        let raster = upsample(
            &slice_raster(map, &scale, &steps, s * steps[0] * steps[1]),
            steps[0],
            steps[1],
            f,
        );
        svg.raster(
            [frame.x, frame.y, frame.w, frame.h],
            (steps[0] * f, steps[1] * f),
            &raster,
        )?;
        let label = format!(
            "{} = {}",
            map.joints()[2],
            super::axes::tick_label(third[0] + s as f64 * step3)
        );
        svg.text(
            frame.x + frame.w / 2.0,
            frame.y - 6.0,
            FONT,
            Anchor::Middle,
            &label,
        );
        frame.draw_axes(&mut svg, &map.joints()[0], &map.joints()[1], FONT - 2.0);
    }
    colour_bar(
        &mut svg,
        &scale,
        columns as f64 * cell_w + 20.0,
        60.0,
        SLICE_SIDE,
        FONT,
        "",
    )?;
    Ok(svg)
}

fn wrong_map(plot: &str, needs: &str, map: &SampleMap) -> JointspaceError {
    let kind = if map.steps().is_some() {
        "grid"
    } else {
        "random"
    };
    JointspaceError::invalid(
        "plot",
        format!("{plot} needs {needs}, got a {}D {kind} map", map.dim()),
    )
}
