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
use crate::file_access::FileAccess;
use crate::mesh::TriangleMesh;
#[cfg(feature = "obj-collada")]
use crate::xml_depth::{MAX_XML_DEPTH, too_deep};

impl TriangleMesh {
    /// Loads a mesh from an STL (binary or ASCII), OBJ or DAE file, scaling every vertex by
    /// `scale` component-wise, and welds shared vertices (the same as [`load_mesh`]).
    pub fn load(path: impl AsRef<Path>, scale: Vector3<f64>) -> Result<Self> {
        load_mesh(path, scale)
    }

    /// [`TriangleMesh::load`] under a file-access policy (see [`load_mesh_with`]).
    pub fn load_with(
        path: impl AsRef<Path>,
        scale: Vector3<f64>,
        access: &FileAccess,
    ) -> Result<Self> {
        load_mesh_with(path, scale, access)
    }
}

/// Loads a mesh file, scaling its vertices component-wise. Any folder may be read
/// ([`FileAccess::anywhere`]); [`load_mesh_with`] restricts where.
///
/// ```
/// use morsel_geometry::mesh_io::load_mesh;
/// use morsel_geometry::nalgebra::Vector3;
/// // The corner tetrahedron of the unit cube as ASCII STL, written to a temporary file.
/// let facet = |a: &str, b: &str, c: &str| {
///     format!("facet normal 0 0 0\nouter loop\nvertex {a}\nvertex {b}\nvertex {c}\nendloop\nendfacet\n")
/// };
/// let (o, x, y, z) = ("0 0 0", "1 0 0", "0 1 0", "0 0 1");
/// let stl = format!(
///     "solid t\n{}{}{}{}endsolid t\n",
///     facet(o, y, x), facet(o, x, z), facet(o, z, y), facet(x, y, z)
/// );
/// let path = std::env::temp_dir().join(format!("morsel_doc_tetra_{}.stl", std::process::id()));
/// std::fs::write(&path, stl).expect("temporary file");
/// // Scaled by 2: the twelve corners weld into four vertices, volume 2³/6.
/// let mesh = load_mesh(&path, Vector3::repeat(2.0))?;
/// std::fs::remove_file(&path).ok();
/// assert_eq!((mesh.vertices().len(), mesh.faces().len()), (4, 4));
/// assert!(mesh.is_closed());
/// assert!((mesh.signed_volume().abs() - 8.0 / 6.0).abs() < 1e-12);
/// # Ok::<(), morsel_geometry::GeometryError>(())
/// ```
pub fn load_mesh(path: impl AsRef<Path>, scale: Vector3<f64>) -> Result<TriangleMesh> {
    load_mesh_with(path, scale, &FileAccess::anywhere())
}

/// Loads a mesh file if `access` allows it (regular files inside its roots, within its size
/// limit), scaling its vertices component-wise. The file is the only one opened: OBJ material
/// libraries are not read.
pub fn load_mesh_with(
    path: impl AsRef<Path>,
    scale: Vector3<f64>,
    access: &FileAccess,
) -> Result<TriangleMesh> {
    let path = path.as_ref();
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
    let bytes = access.read(path)?;
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
        corners_or_mesh.scaled_from(scale, Some(path))
    }
}

/// Without the `obj-collada` feature: a typed error that names the feature.
#[cfg(not(feature = "obj-collada"))]
fn load_with_mesh_loader(path: &Path, _bytes: &[u8], extension: &str) -> Result<TriangleMesh> {
    Err(GeometryError::MeshFormat {
        path: path.to_path_buf(),
        reason: format!(
            "{extension} files need morsel-geometry's `obj-collada` feature (this build has only STL)"
        ),
    })
}

#[cfg(feature = "obj-collada")]
fn load_with_mesh_loader(path: &Path, bytes: &[u8], extension: &str) -> Result<TriangleMesh> {
    // COLLADA is XML: text, whose encoding errors get a line here (the reader gives an offset).
    if extension == "dae"
        && let Err(e) = std::str::from_utf8(bytes)
    {
        return Err(GeometryError::MeshFormat {
            path: path.to_path_buf(),
            reason: format!(
                "line {}: the file is not valid UTF-8",
                line_of(bytes, e.valid_up_to())
            ),
        });
    }
    if extension == "dae" {
        check_collada_depth(path, bytes)?;
    }
    let loader = mesh_loader::Loader::default().merge_meshes(true);
    let scene = crate::contain::contained(|| {
        if extension == "obj" {
            // Materials are not used: open no other file (`mtllib` may name any path).
            let no_files = |_: &Path| -> std::io::Result<Vec<u8>> {
                Err(std::io::Error::other("material libraries are not read"))
            };
            loader.load_obj_from_slice_with_reader(bytes, path, no_files)
        } else {
            loader.load_collada_from_slice(bytes, path)
        }
    })
    .map_err(|panic| GeometryError::MeshFormat {
        path: path.to_path_buf(),
        reason: if panic.contains("index out of bounds") {
            format!(
                "the {extension} reader failed on this file: an index in it refers to an entry that does not exist (a face, input or source index beyond its list)"
            )
        } else {
            format!("the {extension} reader failed on this file ({panic})")
        },
    })?
    .map_err(|e| GeometryError::MeshFormat {
        path: path.to_path_buf(),
        reason: with_end_line(e.to_string(), bytes),
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
                        reason: if extension == "obj" && k == u32::MAX {
                            "a face uses vertex index 0; OBJ vertex indices start at 1".into()
                        } else {
                            format!(
                                "a face refers to vertex {} but the file has {} vertices",
                                k as u64 + u64::from(extension == "obj"),
                                mesh.vertices.len()
                            )
                        },
                    })?;
                if !v.iter().all(|c| c.is_finite()) {
                    // The reader keeps no positions: name the line of the first number that
                    // is not finite as 32-bit float (inf, nan, or too large), as STL does.
                    let line = first_non_finite_line(bytes)
                        .map_or_else(String::new, |l| format!("line {l}: "));
                    return Err(GeometryError::MeshFormat {
                        path: path.to_path_buf(),
                        reason: format!("{line}vertex {k} is not finite: {v:?}"),
                    });
                }
                corners.push(Point3::new(v[0] as f64, v[1] as f64, v[2] as f64));
            }
        }
    }
    TriangleMesh::from_soup_with_source(&corners, Some(path))
}

#[cfg(feature = "obj-collada")]
/// Refuses COLLADA files nested deeper than [`MAX_XML_DEPTH`] (the XML parser and the reader
/// walking `<node>`s recurse once per level). Malformed XML is left to the reader.
fn check_collada_depth(path: &Path, bytes: &[u8]) -> Result<()> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(());
    };
    match too_deep(text, MAX_XML_DEPTH) {
        None => Ok(()),
        Some(line) => Err(GeometryError::MeshFormat {
            path: path.to_path_buf(),
            reason: format!(
                "line {line}: elements are nested more than {MAX_XML_DEPTH} deep (the limit of Morsel's XML readers)"
            ),
        }),
    }
}

#[cfg(feature = "obj-collada")]
/// The 1-based line of the first token of a text file that reads as a number but is not a
/// finite 32-bit float (the precision the OBJ and COLLADA reader keeps).
fn first_non_finite_line(bytes: &[u8]) -> Option<usize> {
    let text = String::from_utf8_lossy(bytes);
    text.lines().enumerate().find_map(|(i, line)| {
        line.split(|c: char| c.is_whitespace() || "<>\"'=/".contains(c))
            .filter_map(|token| token.parse::<f32>().ok())
            .any(|v| !v.is_finite())
            .then_some(i + 1)
    })
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
            "line 1: neither binary STL (size {} is not 84 + 50 x the header's triangle count) nor ASCII STL (no leading `solid`)",
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
    let text = std::str::from_utf8(bytes).map_err(|e| {
        format!(
            "line {}: ASCII STL is not valid UTF-8",
            line_of(bytes, e.valid_up_to())
        )
    })?;
    let mut corners = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() == Some("vertex") {
            let mut coords = [0.0; 3];
            for c in &mut coords {
                *c = words
                    .next()
                    .and_then(|w| w.parse::<f64>().ok())
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| {
                        format!("line {}: a vertex needs three finite numbers", line_no + 1)
                    })?;
            }
            corners.push(Point3::from(coords));
        }
    }
    if corners.len() % 3 != 0 {
        return Err(format!(
            "line {}: ASCII STL ends with {} vertices, not a multiple of three",
            text.lines().count().max(1),
            corners.len()
        ));
    }
    Ok(corners)
}

/// The 1-based line of a byte offset.
fn line_of(bytes: &[u8], offset: usize) -> usize {
    bytes[..offset.min(bytes.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

#[cfg(feature = "obj-collada")]
/// An XML reader's message, located when the reader gives no position: a truncated or empty
/// file at its last line, a bad `version` at the line of the `<COLLADA` element.
fn with_end_line(message: String, bytes: &[u8]) -> String {
    if message.contains(" at ") {
        return message;
    }
    let truncated = ["end of stream", "never closed", "does not have a root node"]
        .iter()
        .any(|m| message.contains(m));
    if truncated {
        return format!(
            "{message} at line {} (the end of the file)",
            line_of(bytes, bytes.len())
        );
    }
    if message.contains("version")
        && let Some(at) = bytes.windows(8).position(|w| w == b"<COLLADA")
    {
        return format!("{message} at line {} (<COLLADA>)", line_of(bytes, at));
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collada_nodes_nested_too_deep_are_a_typed_error() {
        let depth = 20_000;
        let mut text = String::from(
            "<?xml version=\"1.0\"?>\n<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n<library_visual_scenes><visual_scene id=\"s\">\n",
        );
        text.push_str(&"<node>".repeat(depth));
        text.push_str(&"</node>".repeat(depth));
        text.push_str("</visual_scene></library_visual_scenes></COLLADA>\n");
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("deep.dae");
        std::fs::write(&path, text).expect("write");
        let err = load_mesh(&path, Vector3::repeat(1.0)).expect_err("too deep");
        assert!(matches!(err, GeometryError::MeshFormat { .. }), "{err}");
        assert!(
            err.to_string().contains(&format!(
                "line 4: elements are nested more than {MAX_XML_DEPTH} deep"
            )),
            "{err}"
        );
    }

    #[test]
    fn obj_material_libraries_are_never_opened() {
        // `mtllib` may name any file; with the reader's default file access, /dev/zero would be
        // read until memory ran out.
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("m.obj");
        let text =
            "mtllib /dev/zero\nmtllib ../../etc/passwd\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
        std::fs::write(&path, text).expect("write");
        let mesh = load_mesh(&path, Vector3::repeat(1.0)).expect("loads without materials");
        assert_eq!(mesh.faces().len(), 1);
    }

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

    /// A COLLADA file whose positions cannot be read (a bad `type` on a `<param>`) but whose
    /// triangles index them: mesh-loader 0.1.13 panics on it (found by the mutation test).
    #[test]
    fn a_non_finite_obj_vertex_names_its_line() {
        // Found by the mutation test (seed 7): an infinite COLLADA coordinate gave no line.
        // `1e39` overflows a 32-bit float, which is what the reader keeps.
        for (value, line) in [("-inf", 3), ("1e39", 3), ("nan", 3)] {
            let text = format!("v 0 0 0\nv 1 0 0\nv 0 {value} 0\nf 1 2 3\n");
            let path = std::env::temp_dir().join(format!("morsel-non-finite-{line}-{value}.obj"));
            std::fs::write(&path, text).expect("write");
            let err = load_mesh(&path, Vector3::new(1.0, 1.0, 1.0))
                .expect_err("non-finite vertex")
                .to_string();
            let _ = std::fs::remove_file(&path);
            assert!(err.contains(&format!("line {line}:")), "{value}: {err}");
        }
    }

    #[test]
    fn a_collada_file_that_crashes_the_reader_is_an_error() {
        let dae = br##"<?xml version="1.0" encoding="utf-8"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
  <library_geometries><geometry id="tet"><mesh>
    <source id="p"><float_array id="pa" count="9">0 0 0 1 0 0 0 1 0</float_array>
      <technique_common><accessor source="#pa" count="3" stride="3">
        <param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="floa[t"/>
      </accessor></technique_common></source>
    <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
    <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><p>0 1 2</p></triangles>
  </mesh></geometry></library_geometries>
  <library_visual_scenes><visual_scene id="s"><node id="n"><instance_geometry url="#tet"/></node></visual_scene></library_visual_scenes>
  <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>
"##;
        let dir = std::env::temp_dir().join(format!("morsel-dae-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("crash.dae");
        std::fs::write(&path, dae).unwrap();
        let err = load_mesh(&path, Vector3::new(1.0, 1.0, 1.0)).unwrap_err();
        let _ = std::fs::remove_dir_all(&dir);
        let text = err.to_string();
        assert!(text.contains("crash.dae"), "{text}");
        assert!(
            text.contains("the dae reader failed on this file"),
            "{text}"
        );
    }

    #[test]
    fn ascii_stl_errors_name_the_line() {
        let err = parse_stl(b"solid x\n vertex 0 nan 0\n").unwrap_err();
        assert_eq!(err, "line 2: a vertex needs three finite numbers");
        let err = parse_stl(b"solid x\nfacet\n vertex 0 0 0\n\xff\n").unwrap_err();
        assert_eq!(err, "line 4: ASCII STL is not valid UTF-8");
        let err = parse_stl(b"solid x\n vertex 0 0 0\n vertex 1 0 0\nendsolid\n").unwrap_err();
        assert_eq!(
            err,
            "line 4: ASCII STL ends with 2 vertices, not a multiple of three"
        );
        assert_eq!(
            with_end_line("unexpected end of stream".into(), b"<a>\n<b>"),
            "unexpected end of stream at line 2 (the end of the file)"
        );
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
