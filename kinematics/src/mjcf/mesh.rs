//! `<mesh>` assets as MuJoCo's compiler processes them: vertices as float32, `refpos`,
//! `refquat` and `scale` applied, volume and centre of mass from the faces (pyramids to the
//! face centroid, `legacy` taking each one's absolute volume, MuJoCo's default), inertia about
//! the centre of mass, and the mesh re-centred and turned onto its principal axes (MuJoCo's
//! Jacobi eigen-decomposition, so that the axes match MuJoCo's). A mesh geom sits at its
//! placement times that frame; its inertia is that of MuJoCo's equivalent inertia box.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use morsel_geometry::obj_mujoco::load_obj_as_mujoco_with;
use morsel_geometry::{FileAccess, FileAccessError, GeometryError, TriangleMesh};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};

use super::attrs::Attrs;
use super::compiler::Compiler;
use super::defaults::{Defaults, MAIN};
use super::eig3::eig3;
use super::error::{MjcfError, MjcfResult};
use super::reader::Node;

/// A processed mesh asset.
#[derive(Clone, Debug)]
pub(crate) struct MeshAsset {
    /// Vertices in the mesh's inertial frame.
    pub mesh: Arc<TriangleMesh>,
    /// The inertial frame in the file's mesh frame (MuJoCo's mesh pos and quat).
    pub frame: Isometry3<f64>,
    /// Volume (or surface area for `inertia="shell"`).
    pub volume: f64,
    /// Half-sizes of the box with the same inertia (MuJoCo's inertia box).
    pub inertia_box: [f64; 3],
    /// MuJoCo's mesh geom `size`: per axis, the largest |coordinate| of the processed
    /// vertices (in the inertial frame, so not the half-extent of an off-centre box).
    pub half_extents: [f64; 3],
    /// The processed vertices' bounding box (lowest, highest corner) in the inertial frame.
    pub aabb: (Vector3<f64>, Vector3<f64>),
}

/// Mesh assets by name.
pub(crate) type Meshes = HashMap<String, MeshAsset>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum InertiaKind {
    Legacy,
    Exact,
    Shell,
}

/// Reads and processes every `<asset><mesh>`; the files read are added to `files`.
pub(crate) fn read_meshes(
    root: &Node,
    defaults: &Defaults,
    compiler: &Compiler,
    files: &mut Vec<std::path::PathBuf>,
    access: &FileAccess,
) -> MjcfResult<Meshes> {
    let mut meshes = Meshes::new();
    for asset in root.children.iter().filter(|n| n.tag == "asset") {
        for node in asset.children.iter().filter(|n| n.tag == "mesh") {
            let class = defaults.class_of(node, MAIN)?;
            let a = Attrs::new(node, defaults.values(class, "mesh"));
            let Some(file) = a.str("file") else {
                return Err(MjcfError::Unsupported {
                    at: node.location(),
                    what: "meshes without a file (vertex lists, SDF plugins)".into(),
                });
            };
            let name = asset_name(node, Some(file));
            let (path, canonical) = asset_path(node, file, compiler, access)?;
            files.push(canonical);
            let asset = process(&a, &path, access)?;
            meshes.insert(name, asset);
        }
    }
    Ok(meshes)
}

/// An asset's name as MuJoCo gives it: its `name`, else the stem of its `file`, else empty.
pub(crate) fn asset_name(node: &Node, file: Option<&str>) -> String {
    match (node.attr("name"), file) {
        (Some(n), _) => n.to_owned(),
        (None, Some(f)) => Path::new(f)
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
        (None, None) => String::new(),
    }
}

/// Where a `<mesh file>` is read from, as MuJoCo 4 finds it: `meshdir` (or `assetdir`)
/// relative to the main file's folder, then, when no file is there, the folder of the file that
/// names the mesh (an included file in another folder). A path the policy refuses counts as
/// absent for the first try, so the choice reveals nothing about it.
pub(crate) fn asset_path(
    node: &Node,
    file: &str,
    compiler: &Compiler,
    access: &FileAccess,
) -> MjcfResult<(std::path::PathBuf, std::path::PathBuf)> {
    let first = compiler.meshdir.join(file);
    let first_error = match access.resolve(&first) {
        Ok(canonical) => return Ok((first, canonical)),
        Err(e) => e,
    };
    let own_dir = node.file.parent().unwrap_or(Path::new(""));
    let second = own_dir.join(file);
    let second_result = if second == first {
        Err(first_error)
    } else {
        access
            .resolve(&second)
            .map_err(|second_error| match (first_error, second_error) {
                (FileAccessError::NotFound { .. }, e) | (e, _) => e,
            })
    };
    match second_result {
        Ok(canonical) => Ok((second, canonical)),
        Err(FileAccessError::NotFound { .. }) => Err(MjcfError::MissingFile {
            at: node.location(),
            name: file.to_owned(),
            path: first,
        }),
        Err(source) => Err(MjcfError::File {
            at: Some(node.location()),
            source,
        }),
    }
}

fn process(a: &Attrs, path: &Path, access: &FileAccess) -> MjcfResult<MeshAsset> {
    let at = || a.node.location();
    let invalid = |problem: String| MjcfError::Invalid { at: at(), problem };
    let kind = match a.keyword("inertia", &["legacy", "exact", "convex", "shell"])? {
        "legacy" => InertiaKind::Legacy,
        "exact" => InertiaKind::Exact,
        "shell" => InertiaKind::Shell,
        _ => {
            return Err(MjcfError::Unsupported {
                at: at(),
                what: "mesh inertia=\"convex\"".into(),
            });
        }
    };
    let scale = a.array::<3>("scale")?.unwrap_or([1.0; 3]);
    let refpos = a.array::<3>("refpos")?.unwrap_or([0.0; 3]);
    let refquat = a.array::<4>("refquat")?.unwrap_or([1.0, 0.0, 0.0, 0.0]);
    let is_obj = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("obj"));
    let loaded = if is_obj {
        // MuJoCo's reading: every vertex, the first shape's faces, its quad split.
        load_obj_as_mujoco_with(path, access)
    } else {
        TriangleMesh::load_with(path, Vector3::repeat(1.0), access)
    };
    let loaded = match loaded {
        Ok(mesh) => mesh,
        Err(GeometryError::FileAccess(source)) => {
            return Err(MjcfError::File {
                at: Some(at()),
                source,
            });
        }
        Err(e) => return Err(invalid(format!("cannot read mesh {}: {e}", path.display()))),
    };
    let rotation = UnitQuaternion::new_normalize(Quaternion::new(
        refquat[0], refquat[1], refquat[2], refquat[3],
    ));
    let mut vertices: Vec<Vector3<f64>> = loaded
        .vertices()
        .iter()
        .map(|v| {
            let f = Vector3::new(v.x as f32 as f64, v.y as f32 as f64, v.z as f32 as f64);
            let f = rotation.inverse() * (f - Vector3::from(refpos));
            Vector3::new(f.x * scale[0], f.y * scale[1], f.z * scale[2])
        })
        .collect();
    let mut faces: Vec<[u32; 3]> = loaded.faces().to_vec();
    if scale[0] * scale[1] * scale[2] < 0.0 {
        faces.iter_mut().for_each(|f| f.swap(1, 2));
    }
    let tri = |f: &[u32; 3], v: &[Vector3<f64>]| {
        let (p, q, r) = (v[f[0] as usize], v[f[1] as usize], v[f[2] as usize]);
        triangle(&p, &q, &r)
    };
    // Area-weighted centroid of the faces.
    let (mut facecen, mut area_sum) = (Vector3::zeros(), 0.0);
    for f in &faces {
        let (area, _, center) = tri(f, &vertices);
        facecen += center * area;
        area_sum += area;
    }
    if area_sum < 1e-15 {
        return Err(invalid("the mesh's surface area is too small".into()));
    }
    facecen /= area_sum;
    // Volume (or area) and centre of mass: pyramids from each face to the face centroid.
    let (mut total, mut com) = (0.0, Vector3::zeros());
    for f in &faces {
        let (area, normal, center) = tri(f, &vertices);
        let mut volume = match kind {
            InertiaKind::Shell => area,
            _ => (center - facecen).dot(&normal) * area / 3.0,
        };
        if kind == InertiaKind::Legacy {
            volume = volume.abs();
        }
        total += volume;
        com += volume * (center * 0.75 + facecen * 0.25);
    }
    if total < 1e-15 {
        return Err(invalid(if total < 0.0 {
            "the mesh volume is negative (misoriented triangles)".into()
        } else {
            "the mesh volume is too small; try inertia=\"shell\"".into()
        }));
    }
    com /= total;
    // Inertia about the centre of mass (products of inertia summed over pyramids from it).
    for v in &mut vertices {
        *v -= com;
    }
    let pairs = [(0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2)];
    let mut p = [0.0; 6];
    let mut volume_sum = 0.0;
    for f in &faces {
        let (d, e, g) = (
            vertices[f[0] as usize],
            vertices[f[1] as usize],
            vertices[f[2] as usize],
        );
        let (area, normal, center) = triangle(&d, &e, &g);
        let mut volume = match kind {
            InertiaKind::Shell => area,
            _ => center.dot(&normal) * area / 3.0,
        };
        if kind == InertiaKind::Legacy {
            volume = volume.abs();
        }
        volume_sum += volume;
        let c = if kind == InertiaKind::Shell {
            12.0
        } else {
            20.0
        };
        for (j, &(k0, k1)) in pairs.iter().enumerate() {
            p[j] += volume / c
                * (2.0 * (d[k0] * d[k1] + e[k0] * e[k1] + g[k0] * g[k1])
                    + d[k0] * e[k1]
                    + d[k1] * e[k0]
                    + d[k0] * g[k1]
                    + d[k1] * g[k0]
                    + e[k0] * g[k1]
                    + e[k1] * g[k0]);
        }
    }
    let inertia = [
        p[1] + p[2],
        -p[3],
        -p[4],
        -p[3],
        p[0] + p[2],
        -p[5],
        -p[4],
        -p[5],
        p[0] + p[1],
    ];
    let (eigval, q) = eig3(&inertia);
    if eigval[2] <= 0.0 {
        return Err(invalid(
            "an eigenvalue of the mesh inertia is not positive".into(),
        ));
    }
    let boxsz = |a: f64, b: f64, c: f64| 0.5 * (6.0 * (a + b - c) / volume_sum).max(0.0).sqrt();
    let inertia_box = [
        boxsz(eigval[1], eigval[2], eigval[0]),
        boxsz(eigval[0], eigval[2], eigval[1]),
        boxsz(eigval[0], eigval[1], eigval[2]),
    ];
    let frame_rotation = UnitQuaternion::new_normalize(Quaternion::new(q[0], q[1], q[2], q[3]));
    let inverse = frame_rotation.inverse();
    let points: Vec<Point3<f64>> = vertices.iter().map(|v| Point3::from(inverse * v)).collect();
    let mut lo = Vector3::repeat(f64::INFINITY);
    let mut hi = Vector3::repeat(f64::NEG_INFINITY);
    for v in &points {
        lo = lo.inf(&v.coords);
        hi = hi.sup(&v.coords);
    }
    let half = lo.abs().sup(&hi.abs());
    let mesh = TriangleMesh::new(points, faces)
        .map_err(|e| invalid(format!("cannot build the processed mesh: {e}")))?;
    Ok(MeshAsset {
        mesh: Arc::new(mesh),
        frame: Isometry3::from_parts(Translation3::from(com), frame_rotation),
        volume: volume_sum,
        inertia_box,
        half_extents: [half.x, half.y, half.z],
        aabb: (lo, hi),
    })
}

/// Area, unit normal and centre of a triangle (zero area and normal for a degenerate one).
fn triangle(
    a: &Vector3<f64>,
    b: &Vector3<f64>,
    c: &Vector3<f64>,
) -> (f64, Vector3<f64>, Vector3<f64>) {
    let center = (a + b + c) / 3.0;
    let n = (b - a).cross(&(c - a));
    let len = n.norm();
    if len < 1e-15 {
        return (0.0, Vector3::zeros(), center);
    }
    (0.5 * len, n / len, center)
}
