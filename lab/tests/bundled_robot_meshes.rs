//! The bundled Panda and UR5 carry the collision meshes of `example-robot-data` (see their
//! READMEs): loaded with geometry, every link that names an STL file is drawn with that mesh.
//! The STL files are read here by a few lines of independent code (binary STL: an 80-byte
//! header, a count, 50 bytes per facet), and each link's drawn mesh is compared with its file:
//! the triangle count and the bounding box of the vertices in the link's frame.

#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};

use common::Glb;
use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{Data, forward_kinematics};
use morsel_lab::gltf::{self, Drawing};

fn robot_dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots")
        .join(name)
}

/// The facets of a binary STL file, as triangles of f32 vertices.
fn read_binary_stl(path: &Path) -> Vec<[[f32; 3]; 3]> {
    let bytes = std::fs::read(path).unwrap();
    let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 84 + 50 * count, "{}", path.display());
    (0..count)
        .map(|i| {
            let at = 84 + 50 * i + 12;
            let f = |k: usize| {
                f32::from_le_bytes(bytes[at + 4 * k..at + 4 * k + 4].try_into().unwrap())
            };
            [0, 1, 2].map(|v| [f(3 * v), f(3 * v + 1), f(3 * v + 2)])
        })
        .collect()
}

/// `(link, STL file)` pairs named by the URDF's `<collision>` meshes, read from its text.
fn meshed_links(urdf: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut link = String::new();
    for line in urdf.lines() {
        if let Some(rest) = line.trim().strip_prefix("<link name=\"") {
            link = rest.split('"').next().unwrap().to_owned();
        }
        if let Some(at) = line.find("filename=\"meshes/collision/") {
            let file = line[at + 10..].split('"').next().unwrap().to_owned();
            out.push((link.clone(), file));
        }
    }
    out
}

fn check_robot(name: &str, urdf_file: &str, expected_meshes: usize) {
    let dir = robot_dir(name);
    let urdf = dir.join(urdf_file);
    let model = load_file(&urdf, &UrdfOptions::default()).expect("loads with its meshes");
    let kinematic = load_file(&urdf, &UrdfOptions::kinematics_only()).expect("loads");
    let mut data = Data::new(&model);
    let mut kinematic_data = Data::new(&kinematic);
    let q = model.mid_configuration();
    forward_kinematics(&model, &mut data, q.as_slice()).unwrap();
    forward_kinematics(&kinematic, &mut kinematic_data, q.as_slice()).unwrap();
    // Loading the meshes moves no frame.
    assert_eq!(data.world_from_links(), kinematic_data.world_from_links());

    let drawing = Drawing::from_robot(name, &model, data.world_from_links()).unwrap();
    let bytes = gltf::encode(&format!("{name}.glb"), &drawing).unwrap();
    std::fs::write(
        common::out_dir("bundled_robot_meshes").join(format!("{name}.glb")),
        &bytes,
    )
    .unwrap();
    let glb = Glb::parse(&bytes);
    let pairs = meshed_links(&std::fs::read_to_string(&urdf).unwrap());
    assert_eq!(pairs.len(), expected_meshes, "{pairs:?}");
    for (link, file) in pairs {
        let facets = read_binary_stl(&dir.join(&file));
        let node = glb.node(&link);
        let mesh = node.mesh().unwrap_or_else(|| panic!("{link} has no mesh"));
        let mut triangles = 0;
        let (mut low, mut high) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        for p in mesh.primitives() {
            let reader = p.reader(|_| Some(&glb.blob));
            triangles += reader.read_indices().unwrap().into_u32().count() / 3;
            for v in reader.read_positions().unwrap() {
                for k in 0..3 {
                    low[k] = low[k].min(f64::from(v[k]));
                    high[k] = high[k].max(f64::from(v[k]));
                }
            }
        }
        assert_eq!(triangles, facets.len(), "{link}: {file}");
        for k in 0..3 {
            let file_low = facets
                .iter()
                .flatten()
                .map(|v| v[k])
                .fold(f32::INFINITY, f32::min);
            let file_high = facets
                .iter()
                .flatten()
                .map(|v| v[k])
                .fold(f32::NEG_INFINITY, f32::max);
            assert!((low[k] - f64::from(file_low)).abs() < 1e-6, "{link} {k}");
            assert!((high[k] - f64::from(file_high)).abs() < 1e-6, "{link} {k}");
        }
    }
}

#[test]
fn the_bundled_panda_is_drawn_with_its_collision_meshes() {
    check_robot("panda", "panda.urdf", 9);
}

#[test]
fn the_bundled_ur5_is_drawn_with_its_collision_meshes() {
    check_robot("ur5", "ur5_robot.urdf", 7);
}
