//! Reading a Wavefront OBJ file as MuJoCo's compiler reads it (for MJCF meshes).
//!
//! MuJoCo keeps every vertex of the file but only the faces of its first shape: a shape ends
//! where an `o` or `g` line follows faces (an `o` or `g` before any face starts nothing, and
//! `usemtl` does not end a shape). Its OBJ reader splits a quad along its shorter diagonal
//! (`0-2` when strictly shorter than `1-3`, else `1-3`), the split that decides the mesh's mass
//! when the quad is not planar. Larger polygons are read when they are planar and convex (then
//! every triangulation has the same mass properties); any other is an error, never a guess.
//! Coordinates are kept at the reader's 32-bit float precision.

use std::path::Path;

use nalgebra::{Point3, Vector3};

use crate::error::{GeometryError, Result};
use crate::file_access::FileAccess;
use crate::mesh::TriangleMesh;

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
    let v = |k: u32| vertices[k as usize].coords;
    match p.len() {
        0..=2 => Err(format!(
            "a face has {} vertices; faces need at least three",
            p.len()
        )),
        3 => {
            faces.push([p[0], p[1], p[2]]);
            Ok(())
        }
        4 => {
            // The reader's 32-bit lengths of the two diagonals.
            let length = |a: u32, b: u32| {
                let d = v(a) - v(b);
                let d = [d.x as f32, d.y as f32, d.z as f32];
                d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
            };
            if length(p[0], p[2]) < length(p[1], p[3]) {
                faces.push([p[0], p[1], p[2]]);
                faces.push([p[0], p[2], p[3]]);
            } else {
                faces.push([p[0], p[1], p[3]]);
                faces.push([p[1], p[2], p[3]]);
            }
            Ok(())
        }
        n => {
            if !planar_convex(p, vertices) {
                return Err(format!(
                    "a face has {n} vertices and is not planar and convex; Morsel splits such faces only when every split gives the same mass (split it into triangles or quads)"
                ));
            }
            for k in 1..n - 1 {
                faces.push([p[0], p[k], p[k + 1]]);
            }
            Ok(())
        }
    }
}

/// Whether a polygon lies in one plane (to 1e-6 of its size) and turns the same way at every
/// corner.
fn planar_convex(p: &[u32], vertices: &[Point3<f64>]) -> bool {
    let v = |i: usize| vertices[p[i % p.len()] as usize].coords;
    let n = p.len();
    // Newell's normal.
    let mut normal = Vector3::zeros();
    for i in 0..n {
        let (a, b) = (v(i), v(i + 1));
        normal += Vector3::new(
            (a.y - b.y) * (a.z + b.z),
            (a.z - b.z) * (a.x + b.x),
            (a.x - b.x) * (a.y + b.y),
        );
    }
    let Some(normal) = normal.try_normalize(0.0) else {
        return false;
    };
    let size = (0..n).map(|i| (v(i) - v(0)).norm()).fold(0.0, f64::max);
    let plane = normal.dot(&v(0));
    if (0..n).any(|i| (normal.dot(&v(i)) - plane).abs() > 1e-6 * size) {
        return false;
    }
    (0..n).all(|i| (v(i + 1) - v(i)).cross(&(v(i + 2) - v(i + 1))).dot(&normal) > 0.0)
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
        let cases: [&[u8]; 4] = [
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n",
            b"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n",
            b"v 0 0 0\nv 1 0 0\nf 1 2\n",
            b"v 0 0 0\nv 1 0 0\nv 1 1 1\nv 0 1 0\nv -1 0.5 0\nf 1 2 3 4 5\n",
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
