//! Reading a Wavefront OBJ file as MuJoCo's compiler reads it (for MJCF meshes).
//!
//! MuJoCo keeps every vertex of the file but only the faces of its first shape: a shape ends
//! where an `o` or `g` line follows faces (an `o` or `g` before any face starts nothing, and
//! `usemtl` does not end a shape). Polygons are split into triangles by the reader's rule
//! ([`crate::obj_triangulate`]): quads along their shorter diagonal, larger polygons by its ear
//! clipping, which may drop part of a concave or non-planar polygon as MuJoCo does. A face of
//! fewer than three corners is an error. Coordinates are kept at the reader's 32-bit float precision.

use std::path::Path;

use nalgebra::Point3;

use crate::error::{GeometryError, Result};
use crate::file_access::FileAccess;
use crate::mesh::TriangleMesh;
use crate::obj_triangulate::triangulate_as_mujoco;

/// Loads an OBJ file through `access` as MuJoCo reads it (see the module documentation).
pub fn load_obj_as_mujoco_with(
    path: impl AsRef<Path>,
    access: &FileAccess,
) -> Result<TriangleMesh> {
    let path = path.as_ref();
    let bytes = access.read(path)?;
    let (vertices, faces) =
        parse_obj_as_mujoco(&bytes).map_err(|reason| GeometryError::MeshFormat {
            path: path.to_path_buf(),
            reason,
        })?;
    TriangleMesh::new_from(vertices, faces, Some(path))
}

/// Vertices and triangles (indices into the vertices).
pub type ObjMesh = (Vec<Point3<f64>>, Vec<[u32; 3]>);

/// Every vertex of the OBJ text and the triangles of its first shape, or a message naming the
/// line at fault.
pub fn parse_obj_as_mujoco(bytes: &[u8]) -> std::result::Result<ObjMesh, String> {
    let text = String::from_utf8_lossy(bytes);
    let mut vertices: Vec<Point3<f64>> = Vec::new();
    let mut faces: Vec<[u32; 3]> = Vec::new();
    // Faces of the first shape are taken until a shape boundary follows them.
    let mut first_shape_done = false;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let at = |problem: String| format!("line {line_no}: {problem}");
        let mut words = raw.split_whitespace();
        let Some(keyword) = words.next() else {
            continue;
        };
        match keyword {
            "v" => {
                let mut c = [0.0f64; 3];
                for slot in &mut c {
                    let word = words
                        .next()
                        .ok_or_else(|| at("a vertex needs three coordinates".into()))?;
                    let value: f32 = word
                        .parse()
                        .map_err(|_| at(format!("\"{word}\" is not a number")))?;
                    if !value.is_finite() {
                        return Err(at(format!(
                            "vertex coordinate \"{word}\" is not finite as a 32-bit float"
                        )));
                    }
                    *slot = f64::from(value);
                }
                vertices.push(Point3::new(c[0], c[1], c[2]));
            }
            "o" | "g" if !faces.is_empty() => first_shape_done = true,
            "f" if !first_shape_done => {
                let mut polygon = Vec::new();
                for word in words {
                    polygon.push(vertex_index(word, vertices.len()).map_err(&at)?);
                }
                triangulate(&polygon, &vertices, &mut faces).map_err(at)?;
            }
            _ => {}
        }
    }
    if faces.is_empty() {
        return Err("the file has no face".into());
    }
    Ok((vertices, faces))
}

/// The zero-based vertex index of one face corner (`v`, `v/t`, `v//n`, `v/t/n`; negative
/// indices count back from the last vertex read).
fn vertex_index(word: &str, count: usize) -> std::result::Result<u32, String> {
    let first = word.split('/').next().unwrap_or_default();
    let k: i64 = first
        .parse()
        .map_err(|_| format!("\"{word}\" is not a face vertex index"))?;
    let index = match k {
        0 => return Err("a face uses vertex index 0; OBJ vertex indices start at 1".into()),
        k if k > 0 => k - 1,
        k => count as i64 + k,
    };
    if index < 0 || index >= count as i64 {
        return Err(format!(
            "a face refers to vertex {k} but {count} vertices are defined before it"
        ));
    }
    u32::try_from(index).map_err(|_| format!("vertex index {k} is too large"))
}

/// Splits one polygon into triangles as MuJoCo's reader does.
fn triangulate(
    p: &[u32],
    vertices: &[Point3<f64>],
    faces: &mut Vec<[u32; 3]>,
) -> std::result::Result<(), String> {
    if p.len() < 3 {
        return Err(format!(
            "a face has {} vertices; faces need at least three",
            p.len()
        ));
    }
    faces.extend(triangulate_as_mujoco(p, vertices));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_shape_has_faces_but_every_vertex_is_kept() {
        let text = b"o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\ng b\nv 0 0 1\nf 1 2 4\n";
        let (v, f) = parse_obj_as_mujoco(text).unwrap();
        assert_eq!(v.len(), 4);
        assert_eq!(f, vec![[0, 1, 2]]);
    }

    #[test]
    fn a_leading_empty_object_and_usemtl_end_no_shape() {
        let text = b"o empty\nv 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nusemtl m\nf -4 -3 -1\n";
        let (_, f) = parse_obj_as_mujoco(text).unwrap();
        assert_eq!(f, vec![[0, 1, 2], [0, 1, 3]]);
    }

    #[test]
    fn quads_split_along_the_shorter_diagonal_and_ties_along_1_3() {
        // 0-2 shorter than 1-3.
        let text = b"v 0 0 0\nv 2 0 0\nv 0.5 0.5 0.2\nv 0 2 0\nf 1 2 3 4\n";
        assert_eq!(
            parse_obj_as_mujoco(text).unwrap().1,
            vec![[0, 1, 2], [0, 2, 3]]
        );
        // A tie (a square saddle) goes along 1-3.
        let text = b"v 0 0 1\nv 1 0 1.2\nv 1 1 1\nv 0 1 1.2\nf 1 2 3 4\n";
        assert_eq!(
            parse_obj_as_mujoco(text).unwrap().1,
            vec![[0, 1, 3], [1, 2, 3]]
        );
    }

    #[test]
    fn bad_faces_are_errors_naming_the_line() {
        let cases: [&[u8]; 3] = [
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n",
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n",
            b"v 0 0 0\nv 1 0 0\nf 1 2\n",
        ];
        for text in cases {
            let e = parse_obj_as_mujoco(text).unwrap_err();
            assert!(e.starts_with("line "), "{e}");
        }
        assert!(parse_obj_as_mujoco(b"v 0 0 0\n").is_err());
        assert!(parse_obj_as_mujoco(b"v 0 0 nan\n").is_err());
    }

    #[test]
    fn a_planar_convex_pentagon_is_fanned() {
        let text = b"v 0 0 0\nv 1 0 0\nv 1.5 0.5 0\nv 1 1 0\nv 0 1 0\nf 1 2 3 4 5\n";
        assert_eq!(parse_obj_as_mujoco(text).unwrap().1.len(), 3);
    }
}
