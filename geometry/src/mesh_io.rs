//! Loading triangle meshes from STL, OBJ and DAE files.
//!
//! STL is parsed here: a file is binary exactly when its size is `84 + 50·n` with `n` the
//! triangle count in its header, whatever its first bytes say (many binary STL files, the
//! Solo-12 meshes among them, begin their 80-byte header with `solid`). OBJ and DAE go through
//! the `mesh-loader` crate, whose meshes are merged into one. Every format is welded so that
//! corners at the same coordinates share one vertex.

use std::path::Path;

use nalgebra::{Point3, Vector3};

use crate::error::{GeometryError, Result};
use crate::mesh::TriangleMesh;

/// Loads a mesh file, scaling its vertices component-wise.
pub fn load_mesh(path: &Path, scale: Vector3<f64>) -> Result<TriangleMesh> {
    crate::error::finite_vector("mesh scale", &scale)?;
    if scale.iter().any(|s| *s == 0.0) {
        return Err(GeometryError::InvalidMesh {
            source_path: Some(path.to_path_buf()),
            reason: format!("scale {scale:?} has a zero component"),
        });
    }
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if !matches!(extension.as_str(), "stl" | "obj" | "dae") {
        return Err(GeometryError::UnsupportedFormat {
            path: path.to_path_buf(),
            extension,
        });
    }
    let bytes = std::fs::read(path).map_err(|source| GeometryError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let corners_or_mesh = match extension.as_str() {
        "stl" => {
            let corners = parse_stl(&bytes).map_err(|reason| GeometryError::MeshFormat {
                path: path.to_path_buf(),
                reason,
            })?;
            TriangleMesh::from_soup_with_source(&corners, Some(path))?
        }
        "obj" | "dae" => load_with_mesh_loader(path, &bytes, &extension)?,
        _ => {
            return Err(GeometryError::UnsupportedFormat {
                path: path.to_path_buf(),
                extension,
            });
        }
    };
    if scale == Vector3::new(1.0, 1.0, 1.0) {
        Ok(corners_or_mesh)
    } else {
        corners_or_mesh.scaled(scale)
    }
}

fn load_with_mesh_loader(path: &Path, bytes: &[u8], extension: &str) -> Result<TriangleMesh> {
    let loader = mesh_loader::Loader::default().merge_meshes(true);
    let scene = if extension == "obj" {
        loader.load_obj_from_slice(bytes, path)
    } else {
        loader.load_collada_from_slice(bytes, path)
    }
    .map_err(|e| GeometryError::MeshFormat {
        path: path.to_path_buf(),
        reason: e.to_string(),
    })?;
    let mut corners = Vec::new();
    for mesh in &scene.meshes {
        for face in &mesh.faces {
            for &k in face {
                let v = mesh
                    .vertices
                    .get(k as usize)
                    .ok_or_else(|| GeometryError::MeshFormat {
                        path: path.to_path_buf(),
                        reason: format!("a face refers to missing vertex {k}"),
                    })?;
                corners.push(Point3::new(v[0] as f64, v[1] as f64, v[2] as f64));
            }
        }
    }
    TriangleMesh::from_soup_with_source(&corners, Some(path))
}

/// Parses STL bytes into triangle corners (three per triangle).
pub fn parse_stl(bytes: &[u8]) -> std::result::Result<Vec<Point3<f64>>, String> {
    if bytes.len() >= 84 {
        let n = u32::from_le_bytes([bytes[80], bytes[81], bytes[82], bytes[83]]) as usize;
        if n.checked_mul(50).and_then(|x| x.checked_add(84)) == Some(bytes.len()) {
            return Ok(parse_binary_stl(bytes, n));
        }
    }
    if bytes.trim_ascii_start().starts_with(b"solid") {
        parse_ascii_stl(bytes)
    } else {
        Err(format!(
            "neither binary STL (size {} is not 84 + 50 x the header's triangle count) nor ASCII STL (no leading `solid`)",
            bytes.len()
        ))
    }
}

fn parse_binary_stl(bytes: &[u8], n: usize) -> Vec<Point3<f64>> {
    let f =
        |o: usize| f32::from_le_bytes([bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]]) as f64;
    let mut corners = Vec::with_capacity(3 * n);
    for t in 0..n {
        let base = 84 + 50 * t + 12; // skip the facet normal
        for k in 0..3 {
            let o = base + 12 * k;
            corners.push(Point3::new(f(o), f(o + 4), f(o + 8)));
        }
    }
    corners
}

fn parse_ascii_stl(bytes: &[u8]) -> std::result::Result<Vec<Point3<f64>>, String> {
    let text =
        std::str::from_utf8(bytes).map_err(|_| "ASCII STL is not valid UTF-8".to_string())?;
    let mut corners = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() == Some("vertex") {
            let mut coords = [0.0; 3];
            for c in &mut coords {
                *c = words
                    .next()
                    .and_then(|w| w.parse::<f64>().ok())
                    .ok_or_else(|| format!("line {}: a vertex needs three numbers", line_no + 1))?;
            }
            corners.push(Point3::from(coords));
        }
    }
    if corners.len() % 3 != 0 {
        return Err(format!(
            "ASCII STL has {} vertices, not a multiple of three",
            corners.len()
        ));
    }
    Ok(corners)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binary_stl(header: &[u8], tris: &[[[f32; 3]; 3]]) -> Vec<u8> {
        let mut out = vec![0u8; 80];
        out[..header.len()].copy_from_slice(header);
        out.extend_from_slice(&(tris.len() as u32).to_le_bytes());
        for t in tris {
            out.extend_from_slice(&[0u8; 12]);
            for v in t {
                for c in v {
                    out.extend_from_slice(&c.to_le_bytes());
                }
            }
            out.extend_from_slice(&[0u8; 2]);
        }
        out
    }

    #[test]
    fn binary_stl_with_solid_header_is_read_as_binary() {
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
        let bytes = binary_stl(b"solid looks like ascii", &[tri, tri]);
        let corners = parse_stl(&bytes).unwrap();
        assert_eq!(corners.len(), 6);
        assert_eq!(corners[1], Point3::new(1.0, 0.0, 0.0));
    }

    #[test]
    fn ascii_stl_is_read() {
        let text = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n";
        let corners = parse_stl(text.as_bytes()).unwrap();
        assert_eq!(corners.len(), 3);
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(parse_stl(b"hello").is_err());
        assert!(parse_stl(b"solid x\nvertex 1 2\n").is_err());
    }
}
