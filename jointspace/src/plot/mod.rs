//! Plots written by hand as SVG (no plotting dependency), and PNG rasters from a small
//! built-in encoder.
//!
//! - [`map_svg`]: a 2D grid map as a heat map, a 3D grid map as a grid of 2D slices along the
//!   third joint, a 2D random map as a scatter plot. Signed distances use a diverging scale
//!   centred on 0 (red in collision, blue free); collision checks two colours; other values
//!   a sequential scale, or the diverging one when they take both signs (Jacobian
//!   components).
//! - [`boundary_svg`]: the boundary points of a 2D subspace, with their periodic copies.
//! - [`heat_map_png`], [`write_png`]: rasters as PNG files (uncompressed, so about three
//!   bytes per pixel).

mod axes;
mod boundary_plot;
mod colour;
mod maps;
mod png;
mod svg;

use std::path::Path;

pub use png::{encode_png, write_png};

use crate::boundary::Boundary;
use crate::error::{JointspaceError, Result};
use crate::sample_map::SampleMap;

/// The SVG text of a map: heat map (2D grid), slices (3D grid) or scatter (2D random).
pub fn map_svg_string(map: &SampleMap) -> Result<String> {
    let svg = match (map.steps().map(<[usize]>::len), map.dim()) {
        (Some(2), _) => maps::heat_map(map)?,
        (Some(3), _) => maps::slices(map)?,
        (None, 2) => maps::scatter(map)?,
        _ => {
            return Err(JointspaceError::invalid(
                "plot",
                format!(
                    "maps of {} joints cannot be drawn: give a 2D or 3D grid map, or a 2D random map",
                    map.dim()
                ),
            ));
        }
    };
    Ok(svg.finish())
}

/// Writes [`map_svg_string`] to `path`.
pub fn map_svg(path: impl AsRef<Path>, map: &SampleMap) -> Result<()> {
    write_text(path.as_ref(), &map_svg_string(map)?)
}

/// Writes the heat map of a 2D grid map to `path` (errors for other maps).
pub fn heat_map_svg(path: impl AsRef<Path>, map: &SampleMap) -> Result<()> {
    write_text(path.as_ref(), &maps::heat_map(map)?.finish())
}

/// Writes the slices of a 3D grid map to `path` (errors for other maps).
pub fn slices_svg(path: impl AsRef<Path>, map: &SampleMap) -> Result<()> {
    write_text(path.as_ref(), &maps::slices(map)?.finish())
}

/// The SVG text of a 2D boundary scatter.
pub fn boundary_svg_string(boundary: &Boundary) -> Result<String> {
    Ok(boundary_plot::boundary_scatter(boundary)?.finish())
}

/// Writes [`boundary_svg_string`] to `path`.
pub fn boundary_svg(path: impl AsRef<Path>, boundary: &Boundary) -> Result<()> {
    write_text(path.as_ref(), &boundary_svg_string(boundary)?)
}

/// Writes a map as the script API's `plot_map(path, map)` does: a PNG heat map of about 400
/// pixels a side when `path` ends in `.png` (2D grids only), else [`map_svg`].
pub fn plot_map_file(path: impl AsRef<Path>, map: &SampleMap) -> Result<()> {
    let path = path.as_ref();
    let png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if png {
        let cells = map
            .steps()
            .map_or(1, |s| s.iter().copied().max().unwrap_or(1));
        heat_map_png(path, map, (400 / cells.max(1)).max(1))
    } else {
        map_svg(path, map)
    }
}

/// Writes a 2D grid map as a PNG of `pixels_per_cell × pixels_per_cell` pixels per cell, in
/// the heat map's colours (first joint to the right, second upwards; no axes).
pub fn heat_map_png(path: impl AsRef<Path>, map: &SampleMap, pixels_per_cell: usize) -> Result<()> {
    let steps = match map.steps() {
        Some(s) if s.len() == 2 => s.to_vec(),
        _ => {
            return Err(JointspaceError::invalid(
                "plot",
                "a PNG heat map needs a 2D grid map",
            ));
        }
    };
    let s = pixels_per_cell.max(1);
    let scale = maps::scale_of(map);
    let cells = maps::slice_raster(map, &scale, &steps, 0);
    write_png(
        path,
        steps[0] * s,
        steps[1] * s,
        &maps::upsample(&cells, steps[0], steps[1], s),
    )
}

fn write_text(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).map_err(|source| JointspaceError::Io {
        path: path.to_path_buf(),
        source,
    })
}
