//! `<hfield>` assets (height fields) as MuJoCo's compiler reads them, and the solid each
//! `hfield` geom becomes.
//!
//! The elevations come from `elevation` (with `nrow`, `ncol`), from a PNG file (the first
//! channel of every pixel, as MuJoCo's 8-bit grey conversion takes it), from MuJoCo's binary
//! format (`int32 nrow, int32 ncol`, then `nrow * ncol` float32 values), or are all zero (only
//! `nrow`, `ncol`: a terrain a simulation fills in later). MuJoCo stores them normalised to
//! [0, 1] (all zero when they are all equal), its row 0 at -y: `elevation` and PNG rows are
//! written top (+y) first and turned over, binary rows are taken as stored.
//!
//! `size = "rx ry top base"`: the field spans [-rx, rx] x [-ry, ry], a normalised elevation e
//! stands at e * top, and the solid reaches down to -base. For mass and inertia MuJoCo takes a
//! box of half-sizes (rx, ry, top / 4 + base / 2) centred on the geom.

use std::collections::HashMap;
use std::sync::Arc;

use morsel_geometry::{FileAccess, TriangleMesh};
use nalgebra::Point3;

use super::compiler::Compiler;
use super::error::{MjcfError, MjcfResult};
use super::mesh::{asset_name, asset_path};
use super::reader::Node;

/// The most samples (`nrow * ncol`) a height field may have: 1024 x 1024 (its solid then holds
/// about a million vertices and two million triangles, about 100 MB). A flat field (only
/// `nrow` and `ncol`, or equal elevations) becomes a box whatever its sample count, so a short
/// attribute never asks for a large solid.
pub const MAX_HFIELD_SAMPLES: usize = 1 << 20;

/// A processed height field.
#[derive(Clone, Debug)]
pub(crate) struct HeightField {
    /// MuJoCo's `size`: half-extents in x and y, the elevation scale, the base depth.
    pub size: [f64; 4],
    /// The closed solid: the surface, its four sides and a bottom at -base.
    pub solid: Arc<TriangleMesh>,
}

impl HeightField {
    /// MuJoCo's geom `size` for an `hfield` geom, which also gives its mass and inertia (as a
    /// box of these half-sizes).
    pub fn geom_size(&self) -> [f64; 3] {
        let [rx, ry, top, base] = self.size;
        [rx, ry, 0.25 * top + 0.5 * base]
    }
}

/// Height fields by name.
pub(crate) type HeightFields = HashMap<String, HeightField>;

/// Reads every `<asset><hfield>`; the files read are added to `files`.
pub(crate) fn read_height_fields(
    root: &Node,
    compiler: &Compiler,
    files: &mut Vec<std::path::PathBuf>,
    access: &FileAccess,
) -> MjcfResult<HeightFields> {
    let mut out = HeightFields::new();
    for asset in root.children.iter().filter(|n| n.tag == "asset") {
        for node in asset.children.iter().filter(|n| n.tag == "hfield") {
            let file = node.attr("file");
            let name = asset_name(node, file);
            let (nrow, ncol, raw) = match file {
                Some(file) => {
                    let (path, canonical) = asset_path(node, file, compiler, access)?;
                    let bytes = access.read(&path).map_err(|source| MjcfError::File {
                        at: Some(node.location()),
                        source,
                    })?;
                    files.push(canonical);
                    let is_png = node.attr("content_type") == Some("image/png")
                        || path
                            .extension()
                            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
                    if is_png {
                        decode_png(node, &bytes)?
                    } else {
                        decode_binary(node, &bytes)?
                    }
                }
                None => from_attributes(node)?,
            };
            let size = read_size(node)?;
            let data = normalised(&raw);
            let solid = build_solid(nrow, ncol, &data, &size).map_err(|e| MjcfError::Invalid {
                at: node.location(),
                problem: format!("cannot build the height field's solid: {e}"),
            })?;
            out.insert(
                name,
                HeightField {
                    size,
                    solid: Arc::new(solid),
                },
            );
        }
    }
    Ok(out)
}

fn invalid(node: &Node, problem: impl Into<String>) -> MjcfError {
    MjcfError::Invalid {
        at: node.location(),
        problem: problem.into(),
    }
}

/// Checks a grid's dimensions: at least 2 x 2 (as MuJoCo asks) and at most
/// [`MAX_HFIELD_SAMPLES`] samples.
fn check_dimensions(node: &Node, nrow: usize, ncol: usize) -> MjcfResult<()> {
    if nrow < 2 || ncol < 2 {
        return Err(invalid(
            node,
            format!("a height field needs at least 2 rows and 2 columns (got {nrow} x {ncol})"),
        ));
    }
    if nrow.saturating_mul(ncol) > MAX_HFIELD_SAMPLES {
        return Err(invalid(
            node,
            format!(
                "a height field of {nrow} x {ncol} samples is over the limit of \
                 {MAX_HFIELD_SAMPLES} samples"
            ),
        ));
    }
    Ok(())
}

/// `nrow`, `ncol` and the optional `elevation`, rows turned over (row 0 at -y).
fn from_attributes(node: &Node) -> MjcfResult<(usize, usize, Vec<f64>)> {
    let count = |name: &str| -> MjcfResult<usize> {
        match node.attr(name) {
            None => Ok(0),
            Some(text) => text.trim().parse::<usize>().map_err(|_| {
                invalid(
                    node,
                    format!("{name}=\"{text}\" is not a count (a whole number >= 0)"),
                )
            }),
        }
    };
    let (nrow, ncol) = (count("nrow")?, count("ncol")?);
    if nrow == 0 && ncol == 0 {
        return Err(invalid(
            node,
            "a height field needs a file, or nrow and ncol (with or without elevation)",
        ));
    }
    check_dimensions(node, nrow, ncol)?;
    let Some(text) = node.attr("elevation") else {
        return Ok((nrow, ncol, vec![0.0; nrow * ncol]));
    };
    let mut values = Vec::with_capacity(nrow * ncol);
    for word in text.split_whitespace() {
        match word.parse::<f64>() {
            Ok(v) if v.is_finite() => values.push(v),
            _ => {
                return Err(invalid(
                    node,
                    format!("elevation holds \"{word}\", not a finite number"),
                ));
            }
        }
        if values.len() > nrow * ncol {
            break;
        }
    }
    if values.len() != nrow * ncol {
        return Err(invalid(
            node,
            format!(
                "elevation holds {} values where nrow x ncol = {nrow} x {ncol} asks for {}",
                if values.len() > nrow * ncol {
                    "more".to_owned()
                } else {
                    values.len().to_string()
                },
                nrow * ncol
            ),
        ));
    }
    Ok((nrow, ncol, turned_over(&values, nrow, ncol)))
}

/// Without the `png` feature a PNG height field is refused with a message naming the feature.
#[cfg(not(feature = "png"))]
fn decode_png(node: &Node, _bytes: &[u8]) -> MjcfResult<(usize, usize, Vec<f64>)> {
    Err(MjcfError::Unsupported {
        at: node.location(),
        what: "PNG height fields without morsel-kinematics' `png` feature".to_string(),
    })
}

/// A PNG's first channel (8 bits), rows turned over.
#[cfg(feature = "png")]
fn decode_png(node: &Node, bytes: &[u8]) -> MjcfResult<(usize, usize, Vec<f64>)> {
    let bad = |e: png::DecodingError| invalid(node, format!("cannot read the PNG: {e}"));
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(bad)?;
    let (ncol, nrow) = {
        let info = reader.info();
        (info.width as usize, info.height as usize)
    };
    check_dimensions(node, nrow, ncol)?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).map_err(bad)?;
    let channels = frame.color_type.samples();
    let line = frame.line_size;
    let mut values = Vec::with_capacity(nrow * ncol);
    for r in 0..nrow {
        let row = &buffer[r * line..];
        values.extend((0..ncol).map(|c| f64::from(row[c * channels])));
    }
    Ok((nrow, ncol, turned_over(&values, nrow, ncol)))
}

/// MuJoCo's binary height field: `int32 nrow, int32 ncol` (little-endian), then the values as
/// float32, row 0 first.
fn decode_binary(node: &Node, bytes: &[u8]) -> MjcfResult<(usize, usize, Vec<f64>)> {
    let int = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let (Some(nrow), Some(ncol)) = (int(0), int(4)) else {
        return Err(invalid(
            node,
            "a binary height field starts with two int32 (nrow, ncol); the file is shorter",
        ));
    };
    let (Ok(nrow), Ok(ncol)) = (usize::try_from(nrow), usize::try_from(ncol)) else {
        return Err(invalid(
            node,
            format!("the binary height field says {nrow} x {ncol} samples"),
        ));
    };
    check_dimensions(node, nrow, ncol)?;
    let expected = 8 + 4 * nrow * ncol;
    if bytes.len() != expected {
        return Err(invalid(
            node,
            format!(
                "a binary height field of {nrow} x {ncol} samples has {expected} bytes; \
                 the file has {}",
                bytes.len()
            ),
        ));
    }
    let mut values = Vec::with_capacity(nrow * ncol);
    for chunk in bytes[8..].chunks_exact(4) {
        let v = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        if !v.is_finite() {
            return Err(invalid(
                node,
                "the binary height field holds a NaN or infinity",
            ));
        }
        values.push(f64::from(v));
    }
    Ok((nrow, ncol, values))
}

/// Rows in reverse order.
fn turned_over(values: &[f64], nrow: usize, ncol: usize) -> Vec<f64> {
    (0..nrow)
        .rev()
        .flat_map(|r| values[r * ncol..(r + 1) * ncol].iter().copied())
        .collect()
}

/// `size`: four positive numbers.
fn read_size(node: &Node) -> MjcfResult<[f64; 4]> {
    let text = node.attr("size").unwrap_or_default();
    let values: Vec<f64> = text
        .split_whitespace()
        .map(|w| w.parse::<f64>().ok().filter(|v| v.is_finite() && *v > 0.0))
        .collect::<Option<_>>()
        .unwrap_or_default();
    values
        .as_slice()
        .try_into()
        .map_err(|_| MjcfError::InvalidValue {
            at: node.location(),
            attribute: "size".into(),
            value: text.to_owned(),
            expected: "4 positive numbers (x and y half-extents, elevation scale, base depth)"
                .into(),
        })
}

/// MuJoCo's normalisation to [0, 1], kept at float32 as MuJoCo stores it; all zero when every
/// value is the same.
fn normalised(values: &[f64]) -> Vec<f64> {
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    if hi - lo <= 0.0 {
        return vec![0.0; values.len()];
    }
    values
        .iter()
        .map(|&v| f64::from(((v - lo) / (hi - lo)) as f32))
        .collect()
}

/// The closed solid of a height field: the surface (each cell split along its diagonal from
/// (row, col) to (row + 1, col + 1)), walls down from the border, and a bottom fanned from its
/// centre, every face turned outwards.
fn build_solid(
    nrow: usize,
    ncol: usize,
    data: &[f64],
    size: &[f64; 4],
) -> Result<TriangleMesh, morsel_geometry::GeometryError> {
    let [rx, ry, top, base] = *size;
    if data.iter().all(|&e| e == 0.0) {
        return flat_solid(rx, ry, base);
    }
    let x = |c: usize| -rx + 2.0 * rx * c as f64 / (ncol - 1) as f64;
    let y = |r: usize| -ry + 2.0 * ry * r as f64 / (nrow - 1) as f64;
    let index = |r: usize, c: usize| (r * ncol + c) as u32;
    let border = 2 * (nrow - 1) + 2 * (ncol - 1);
    let mut vertices = Vec::with_capacity(nrow * ncol + border + 1);
    for r in 0..nrow {
        for c in 0..ncol {
            vertices.push(Point3::new(x(c), y(r), data[r * ncol + c] * top));
        }
    }
    let mut faces = Vec::with_capacity(2 * (nrow - 1) * (ncol - 1) + 3 * border);
    for r in 0..nrow - 1 {
        for c in 0..ncol - 1 {
            let (a, b) = (index(r, c), index(r, c + 1));
            let (d, e) = (index(r + 1, c), index(r + 1, c + 1));
            faces.push([a, b, e]);
            faces.push([a, e, d]);
        }
    }
    // The border, counter-clockwise seen from above, starting at the (-x, -y) corner.
    let mut ring = Vec::with_capacity(border);
    ring.extend((0..ncol - 1).map(|c| (0, c)));
    ring.extend((0..nrow - 1).map(|r| (r, ncol - 1)));
    ring.extend((1..ncol).rev().map(|c| (nrow - 1, c)));
    ring.extend((1..nrow).rev().map(|r| (r, 0)));
    let first_bottom = vertices.len() as u32;
    for &(r, c) in &ring {
        vertices.push(Point3::new(x(c), y(r), -base));
    }
    let centre = vertices.len() as u32;
    vertices.push(Point3::new(0.0, 0.0, -base));
    for i in 0..border {
        let j = (i + 1) % border;
        let (t0, t1) = (index(ring[i].0, ring[i].1), index(ring[j].0, ring[j].1));
        let (b0, b1) = (first_bottom + i as u32, first_bottom + j as u32);
        faces.push([t0, b0, b1]);
        faces.push([t0, b1, t1]);
        faces.push([centre, b1, b0]);
    }
    TriangleMesh::new(vertices, faces)
}

/// The solid of a flat field: a box from -base to 0, its faces turned outwards.
fn flat_solid(rx: f64, ry: f64, base: f64) -> Result<TriangleMesh, morsel_geometry::GeometryError> {
    let corner = |i: u32| {
        let x = if i & 1 == 0 { -rx } else { rx };
        let y = if i & 2 == 0 { -ry } else { ry };
        let z = if i & 4 == 0 { -base } else { 0.0 };
        Point3::new(x, y, z)
    };
    let vertices = (0..8).map(corner).collect();
    let faces = vec![
        [0, 2, 3],
        [0, 3, 1], // bottom (-z)
        [4, 5, 7],
        [4, 7, 6], // top (+z)
        [0, 1, 5],
        [0, 5, 4], // -y
        [2, 6, 7],
        [2, 7, 3], // +y
        [0, 4, 6],
        [0, 6, 2], // -x
        [1, 3, 7],
        [1, 7, 5], // +x
    ];
    TriangleMesh::new(vertices, faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The volume a closed mesh encloses (divergence theorem); negative if its faces point in.
    fn signed_volume(solid: &TriangleMesh) -> f64 {
        let v = solid.vertices();
        solid
            .faces()
            .iter()
            .map(|f| {
                let (a, b, c) = (v[f[0] as usize], v[f[1] as usize], v[f[2] as usize]);
                a.coords.dot(&b.coords.cross(&c.coords)) / 6.0
            })
            .sum()
    }

    #[test]
    fn the_solid_of_a_flat_field_is_a_closed_box() {
        let size = [2.0, 1.0, 0.5, 0.1];
        let solid = build_solid(3, 4, &[0.0; 12], &size).expect("solid");
        // Volume by the divergence theorem: a box of 4 x 2 x 0.1.
        let volume = signed_volume(&solid);
        assert!((volume - 0.8).abs() < 1e-12, "volume {volume}");
    }

    #[test]
    fn a_ramp_has_the_volume_of_its_prisms() {
        // Elevation rising linearly in x from 0 to 1 (times top 0.5): volume = area * (base +
        // mean height) = 8 * (0.1 + 0.25), whatever the diagonals.
        let data: Vec<f64> = (0..3)
            .flat_map(|_| (0..4).map(|c| c as f64 / 3.0))
            .collect();
        let solid = build_solid(3, 4, &data, &[2.0, 1.0, 0.5, 0.1]).expect("solid");
        let volume = signed_volume(&solid);
        assert!((volume - 8.0 * 0.35).abs() < 1e-12, "volume {volume}");
    }

    #[test]
    fn normalisation_maps_to_the_unit_interval() {
        assert_eq!(normalised(&[3.0, 3.0]), vec![0.0, 0.0]);
        assert_eq!(normalised(&[-1.0, 3.0, 1.0]), vec![0.0, 1.0, 0.5]);
    }
}
