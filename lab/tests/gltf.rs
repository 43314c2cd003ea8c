//! glTF files of scenes and robots: read back (GLB container parsed by hand, JSON by
//! `gltf-json`) and checked against the scene, forward kinematics and closed-form triangle
//! counts. Every file written here is also kept in `target/tmp/gltf-tests/` for the Khronos
//! validator (see `gltf_validator.rs` and `.ci/gltf.sh`).

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::sync::Arc;

use gltf_json as json;
use morsel_geometry::{Shape, ShapeKind, TriangleMesh};
use morsel_kinematics::{Data, forward_kinematics};
use morsel_lab::gltf::{self, Drawing, tessellate};
use morsel_sensing::{Body, Scene};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../assets/robots")
}

/// Where the tests leave their files for the validator.
fn out_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gltf-tests");
    std::fs::create_dir_all(&dir).expect("creates the output folder");
    dir
}

/// Splits a GLB into its JSON document and BIN chunk, checking the container's framing.
fn read_glb(bytes: &[u8]) -> (json::Root, Vec<u8>) {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    assert_eq!(&bytes[0..4], b"glTF");
    assert_eq!(word(4), 2, "version");
    assert_eq!(word(8), bytes.len(), "total length");
    let json_len = word(12);
    assert_eq!(&bytes[16..20], b"JSON");
    assert_eq!(json_len % 4, 0);
    let root = json::Root::from_slice(&bytes[20..20 + json_len]).expect("valid glTF JSON");
    let at = 20 + json_len;
    if at == bytes.len() {
        return (root, Vec::new());
    }
    let bin_len = word(at);
    assert_eq!(&bytes[at + 4..at + 8], b"BIN\0");
    assert_eq!(at + 8 + bin_len, bytes.len());
    (root, bytes[at + 8..].to_vec())
}

/// Triangles drawn by each mesh of the document, from the index accessors' counts.
fn triangles_per_mesh(root: &json::Root) -> Vec<usize> {
    root.meshes
        .iter()
        .map(|mesh| {
            mesh.primitives
                .iter()
                .map(|p| {
                    let accessor = &root.accessors[p.indices.expect("indexed").value()];
                    accessor.count.0 as usize / 3
                })
                .sum()
        })
        .collect()
}

/// Closed-form triangle count of a shape's drawing (independent of the tessellation code):
/// revolved shapes have `n` segments around and `m` from pole to pole.
fn expected_triangles(shape: &Shape) -> usize {
    let (n, m) = (tessellate::AROUND, tessellate::POLE_TO_POLE);
    match shape.kind() {
        ShapeKind::Cuboid { .. } => 12,
        ShapeKind::Sphere { .. } | ShapeKind::Ellipsoid { .. } => 2 * n * (m - 1),
        ShapeKind::Capsule { .. } => 2 * n * m,
        ShapeKind::Cylinder { .. } => 4 * n,
        ShapeKind::Pipe { .. } => 2 * n,
        ShapeKind::HalfSpace { .. } => 2,
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => mesh.faces().len(),
        other => panic!("unexpected shape {other:?}"),
    }
}

/// Asserts that node `i` carries `pose` to 1e-6 (translation) and 1e-6 rad (rotation).
fn assert_node_pose(node: &json::Node, pose: &Isometry3<f64>) {
    let t = node.translation.expect("translation");
    let expected = pose.translation.vector;
    for k in 0..3 {
        assert!(
            (f64::from(t[k]) - expected[k]).abs() < 1e-6,
            "{:?}: {t:?} vs {expected}",
            node.name
        );
    }
    let [x, y, z, w] = node.rotation.expect("rotation").0.map(f64::from);
    let q = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z));
    let angle = q.angle_to(&pose.rotation);
    assert!(angle < 1e-6, "{:?}: rotation off by {angle} rad", node.name);
}

fn pose(x: f64, y: f64, z: f64, axis: Vector3<f64>, angle: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(x, y, z),
        UnitQuaternion::from_scaled_axis(axis.normalize() * angle),
    )
}

/// A scene with every kind of shape, a two-shape body and a body without geometry.
fn mixed_scene() -> Scene {
    let tetrahedron = TriangleMesh::new(
        vec![
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
            Point3::new(0.0, 0.0, 1.0),
        ],
        vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]],
    )
    .expect("tetrahedron");
    let mut scene = Scene::new();
    let id = Isometry3::identity();
    let bodies = [
        Body::new("floor").with_collider(Shape::halfspace(Vector3::z()).unwrap(), id),
        Body::new("box")
            .with_collider(Shape::cuboid(Vector3::new(0.1, 0.2, 0.3)).unwrap(), id)
            .and_then(|b| {
                b.with_collider(
                    Shape::sphere(0.05).unwrap(),
                    pose(0.0, 0.0, 0.4, Vector3::x(), 0.3),
                )
            })
            .map(|b| b.with_pose(pose(0.5, -0.2, 0.3, Vector3::new(1.0, 2.0, 3.0), 0.7))),
        Body::new("capsule")
            .with_collider(Shape::capsule(0.05, 0.1).unwrap(), id)
            .map(|b| b.with_pose(pose(-0.5, 0.1, 0.2, Vector3::y(), 1.2))),
        Body::new("cylinder")
            .with_collider(Shape::cylinder(0.05, 0.1).unwrap(), id)
            .and_then(|b| b.with_collider(Shape::pipe(0.1, 0.1).unwrap(), id)),
        Body::new("ellipsoid")
            .with_collider(Shape::ellipsoid(Vector3::new(0.1, 0.2, 0.05)).unwrap(), id),
        Body::new("mesh").with_collider(Shape::mesh(Arc::new(tetrahedron.clone())).unwrap(), id),
        Body::new("hull")
            .with_collider(Shape::convex_hull_of(&tetrahedron).unwrap(), id)
            .map(|b| b.with_pose(pose(0.0, 1.0, 0.0, Vector3::z(), 2.0))),
        Ok(Body::new("marker").with_pose(pose(0.0, 0.0, 1.0, Vector3::z(), 0.1))),
    ];
    for body in bodies {
        scene.add_body(body.expect("body")).expect("adds");
    }
    scene
}

#[test]
fn a_scene_becomes_one_node_per_body_and_one_mesh_per_body_with_geometry() {
    let scene = mixed_scene();
    let drawing = Drawing::from_scene("mixed", &scene);
    let bytes = gltf::encode("mixed.glb", &drawing).expect("encodes");
    std::fs::write(out_dir().join("scene_mixed.glb"), &bytes).expect("writes");
    let (root, bin) = read_glb(&bytes);
    assert_eq!(root.nodes.len(), scene.len());
    // 7 bodies have shapes, "marker" has none.
    assert_eq!(root.meshes.len(), 7);
    assert_eq!(root.buffers.len(), 1);
    assert_eq!(root.buffers[0].byte_length.0 as usize, bin.len());
    assert!(root.buffers[0].uri.is_none());
    let mut meshes = triangles_per_mesh(&root).into_iter();
    for (node, body) in root.nodes.iter().zip(scene.bodies()) {
        assert_eq!(node.name.as_deref(), Some(body.name.as_str()));
        assert_node_pose(node, &body.pose);
        assert_eq!(
            node.mesh.is_some(),
            !body.colliders.is_empty(),
            "{}",
            body.name
        );
        if node.mesh.is_some() {
            let expected: usize = body
                .colliders
                .iter()
                .map(|c| expected_triangles(&c.shape))
                .sum();
            assert_eq!(meshes.next(), Some(expected), "{}", body.name);
        }
    }
    // Every index addresses a vertex of its primitive, and positions bound by min/max hold.
    for mesh in &root.meshes {
        for p in &mesh.primitives {
            let positions = &root.accessors[p.attributes.values().next().unwrap().value()];
            let indices = &root.accessors[p.indices.unwrap().value()];
            let view = &root.buffer_views[indices.buffer_view.unwrap().value()];
            let start = view.byte_offset.unwrap().0 as usize;
            let len = view.byte_length.0 as usize;
            let largest = bin[start..start + len]
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .max()
                .unwrap();
            assert!((largest as u64) < positions.count.0);
        }
    }
}

#[test]
fn the_box_vertices_sit_where_the_collider_pose_puts_them() {
    // One box, offset in its body: the node carries the body pose, the vertices the collider
    // pose. The farthest vertex from the body origin is a corner at |offset| + half-diagonal
    // along the offset when the offset is along a diagonal.
    let offset = pose(0.3, 0.4, 1.2, Vector3::z(), 0.0);
    let body = Body::new("b")
        .with_collider(Shape::cuboid(Vector3::new(0.3, 0.4, 1.2)).unwrap(), offset)
        .unwrap();
    let mut scene = Scene::new();
    scene.add_body(body).unwrap();
    let (root, bin) = read_glb(&gltf::encode("b.glb", &Drawing::from_scene("b", &scene)).unwrap());
    let positions = &root.accessors[root.meshes[0].primitives[0]
        .attributes
        .values()
        .next()
        .unwrap()
        .value()];
    let min: Vec<f64> = serde_json::from_value(positions.min.clone().unwrap()).unwrap();
    let max: Vec<f64> = serde_json::from_value(positions.max.clone().unwrap()).unwrap();
    assert_eq!(min, vec![0.0, 0.0, 0.0]);
    let expected = [0.6, 0.8, 2.4];
    for k in 0..3 {
        assert!((max[k] - expected[k]).abs() < 1e-6, "{max:?}");
    }
    assert_eq!(bin.len(), 24 * 12 + 36 * 4);
}

/// MIMo's MJCF model, its configuration 30 % into every limited joint's range, and its FK.
fn mimo_at_a_configuration() -> (morsel_kinematics::Model, Data) {
    let model = morsel_kinematics::mjcf::load_file(assets().join("mimo/benchmark_scene.xml"))
        .expect("MIMo loads");
    let mut q = model.mid_configuration();
    // Move every scalar coordinate past the floating base a little further, within limits.
    let (lower, upper) = (model.lower_limits().to_vec(), model.upper_limits().to_vec());
    for i in 7..q.len().min(lower.len()) {
        if lower[i].is_finite() && upper[i].is_finite() {
            q[i] = lower[i] + 0.3 * (upper[i] - lower[i]);
        }
    }
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("FK");
    (model, data)
}

#[test]
fn a_robot_becomes_one_node_per_link_placed_by_forward_kinematics() {
    let (model, data) = mimo_at_a_configuration();
    let drawing = Drawing::from_robot("mimo", &model, data.world_from_links()).expect("drawing");
    let bytes = gltf::encode("mimo.glb", &drawing).expect("encodes");
    std::fs::write(out_dir().join("robot_mimo.glb"), &bytes).expect("writes");
    let (root, _) = read_glb(&bytes);
    assert_eq!(root.nodes.len(), model.links().len());
    let with_geometry = model
        .links()
        .iter()
        .filter(|l| !l.visuals().is_empty() || !l.collisions().is_empty())
        .count();
    assert!(with_geometry > 10, "{with_geometry}");
    // The links without geometry are drawn as skeletons: every link has a mesh.
    assert_eq!(root.meshes.len(), model.links().len());
    let mut meshes = triangles_per_mesh(&root).into_iter();
    for (i, (node, link)) in root.nodes.iter().zip(model.links()).enumerate() {
        assert_eq!(node.name.as_deref(), Some(link.name()));
        assert_node_pose(node, &data.world_from_links()[i]);
        let shapes = if link.visuals().is_empty() {
            link.collisions()
        } else {
            link.visuals()
        };
        let triangles = meshes.next();
        if !shapes.is_empty() {
            let expected: usize = shapes.iter().map(|c| expected_triangles(&c.shape)).sum();
            assert_eq!(triangles, Some(expected), "{}", link.name());
        }
    }
}

#[test]
fn gltf_embeds_the_same_buffer_as_base64() {
    use base64::Engine as _;
    let drawing = Drawing::from_scene("mixed", &mixed_scene());
    let glb = gltf::encode("m.glb", &drawing).unwrap();
    let text = gltf::encode("m.GLTF", &drawing).unwrap();
    std::fs::write(out_dir().join("scene_mixed.gltf"), &text).expect("writes");
    let (glb_root, bin) = read_glb(&glb);
    let root = json::Root::from_slice(&text).expect("valid JSON");
    let uri = root.buffers[0].uri.as_deref().expect("embedded");
    let data = uri
        .strip_prefix("data:application/octet-stream;base64,")
        .expect("data URI");
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    assert_eq!(decoded, bin);
    assert_eq!(root.nodes.len(), glb_root.nodes.len());
    assert_eq!(root.accessors.len(), glb_root.accessors.len());
}

#[test]
fn bad_requests_are_refused_with_clear_errors() {
    let drawing = Drawing::from_scene("mixed", &mixed_scene());
    let err = gltf::encode("x.obj", &drawing).unwrap_err().to_string();
    assert_eq!(
        err,
        "cannot save x.obj: a glTF file needs the extension .glb or .gltf"
    );
    let empty = Drawing::from_scene("empty", &Scene::new());
    let err = gltf::encode("x.glb", &empty).unwrap_err().to_string();
    assert!(err.contains("nothing to draw"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing/x.glb");
    let err = morsel_lab::view::write("x.glb", &target, &drawing)
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("cannot write") && err.contains("missing/x.glb"),
        "{err}"
    );
    let model = morsel_kinematics::mjcf::load_file(assets().join("mimo/benchmark_scene.xml"))
        .expect("MIMo loads");
    let err = Drawing::from_robot("mimo", &model, &[]).unwrap_err();
    assert!(err.contains("0 link poses"), "{err}");
}

/// Runs the Khronos glTF validator (`node $MORSEL_GLTF_VALIDATOR files...`, installed by
/// `.ci/gltf.sh`) on a scene (.glb and .gltf) and a robot (.glb); every file must have zero
/// errors. Skipped, with a note, when `MORSEL_GLTF_VALIDATOR` is unset.
#[test]
fn khronos_validator_finds_no_error() {
    let Some(script) = std::env::var_os("MORSEL_GLTF_VALIDATOR") else {
        eprintln!(
            "skipped: set MORSEL_GLTF_VALIDATOR (run .ci/gltf.sh) to check glTF files with the Khronos validator"
        );
        return;
    };
    let dir = out_dir().join("validator");
    std::fs::create_dir_all(&dir).unwrap();
    let scene = Drawing::from_scene("mixed", &mixed_scene());
    let (model, data) = mimo_at_a_configuration();
    let robot = Drawing::from_robot("mimo", &model, data.world_from_links()).unwrap();
    let panda = morsel_kinematics::urdf::load_file(
        assets().join("panda/panda.urdf"),
        &morsel_kinematics::urdf::UrdfOptions::kinematics_only(),
    )
    .unwrap();
    let mut panda_data = Data::new(&panda);
    forward_kinematics(
        &panda,
        &mut panda_data,
        panda.mid_configuration().as_slice(),
    )
    .unwrap();
    let skeleton = Drawing::from_robot("panda", &panda, panda_data.world_from_links()).unwrap();
    let mut files = Vec::new();
    for (name, drawing) in [
        ("scene.glb", &scene),
        ("scene.gltf", &scene),
        ("mimo.glb", &robot),
        ("panda_skeleton.glb", &skeleton),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, gltf::encode(name, drawing).unwrap()).unwrap();
        files.push(path);
    }
    let output = std::process::Command::new("node")
        .arg(&script)
        .args(&files)
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the validator found errors:\n{report}"
    );
    assert_eq!(
        report.matches(": 0 errors").count(),
        files.len(),
        "{report}"
    );
}

/// The bundled Panda loaded without geometry (`kinematics_only`) is drawn as a skeleton:
/// every link has a mesh of its frame's three axes, plus for each child joint a rod to it (when
/// it is away from the link's origin), a marker and an axis arrow (not for a fixed joint); the rod of `panda_link0` ends at
/// joint 1's origin, 0.333 m up its z axis.
#[test]
fn a_robot_without_geometry_is_drawn_as_a_skeleton() {
    let model = morsel_kinematics::urdf::load_file(
        assets().join("panda/panda.urdf"),
        &morsel_kinematics::urdf::UrdfOptions::kinematics_only(),
    )
    .expect("Panda loads");
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, model.mid_configuration().as_slice()).expect("FK");
    let drawing = Drawing::from_robot("panda", &model, data.world_from_links()).expect("drawing");
    assert!(drawing.legend.iter().any(|l| l.label.contains("skeleton")));
    for (i, (part, link)) in drawing.parts.iter().zip(model.links()).enumerate() {
        let joints: Vec<_> = model
            .joints()
            .iter()
            .filter(|j| j.parent_link().index() == i)
            .collect();
        // A rod only to a joint away from the link's origin.
        let expected: usize = 3 + joints
            .iter()
            .map(|j| {
                let rod = usize::from(j.parent_from_joint().translation.vector.norm() > 0.0);
                let fixed = j.kind() == morsel_kinematics::JointKind::Fixed;
                rod + if fixed { 0 } else { 2 }
            })
            .sum::<usize>();
        assert_eq!(part.surfaces.len(), expected, "{}", link.name());
    }
    let base = &drawing.parts[0];
    let top = base.surfaces[3]
        .vertices
        .iter()
        .map(|v| v.z)
        .fold(f64::NEG_INFINITY, f64::max);
    assert!((top - 0.333).abs() < 1e-12, "{top}");
    let bytes = gltf::encode("panda.glb", &drawing).expect("encodes");
    std::fs::write(out_dir().join("robot_panda_skeleton.glb"), &bytes).expect("writes");
    let (root, _) = read_glb(&bytes);
    assert_eq!(root.nodes.len(), model.links().len());
    assert_eq!(root.meshes.len(), model.links().len());
}
