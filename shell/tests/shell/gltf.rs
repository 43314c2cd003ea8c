//! `save("x.glb" | "x.gltf", scene_or_robot)`: glTF files read back and checked against the
//! script's own view of the scene and of the robot's forward kinematics.

use gltf_json as json;
use morsel_shell::{Session, SessionOptions};
use nalgebra::{Quaternion, UnitQuaternion, Vector3};

use crate::{Bench, assert_fails_at, workspace_root};

/// The JSON document of a GLB file (header and chunk framing checked).
fn glb_document(bytes: &[u8]) -> json::Root {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    assert_eq!(&bytes[0..4], b"glTF");
    assert_eq!(word(8) as usize, bytes.len());
    let len = word(12) as usize;
    assert_eq!(&bytes[16..20], b"JSON");
    json::Root::from_slice(&bytes[20..20 + len]).expect("glTF JSON")
}

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || "-.e".contains(c)))
        .filter_map(|t| t.parse().ok())
        .collect()
}

#[test]
fn a_scene_is_saved_as_glb_and_gltf_with_one_node_per_body() {
    let mut b = Bench::new();
    b.run(
        "let sc = scene();
        sc.add_body(\"ball\", sphere(0.1), pose([0, 0, 0.5]));
        sc.add_body(\"pad\", capsule(0.01, 0.02), pose([0.1, 0.2, 0.3], [0.0, PI() / 2, 0.0]));
        sc.add_body(\"floor\", halfspace([0, 0, 1]), pose([0, 0, 0]));
        save(\"views/scene.glb\", sc);
        save(\"views/scene.gltf\", sc);",
    );
    let bytes = std::fs::read(b.out().join("views/scene.glb")).expect("glb written");
    let root = glb_document(&bytes);
    let names: Vec<_> = root.nodes.iter().filter_map(|n| n.name.clone()).collect();
    assert_eq!(names, ["ball", "pad", "floor"]);
    assert_eq!(root.meshes.len(), 3);
    let pad = &root.nodes[1];
    assert_eq!(pad.translation, Some([0.1, 0.2, 0.3]));
    let [x, y, z, w] = pad.rotation.expect("rotation").0.map(f64::from);
    let q = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z));
    let expected = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), std::f64::consts::FRAC_PI_2);
    assert!(q.angle_to(&expected) < 1e-6);
    let text = std::fs::read(b.out().join("views/scene.gltf")).expect("gltf written");
    let root = json::Root::from_slice(&text).expect("glTF JSON");
    assert_eq!(root.nodes.len(), 3);
    assert!(
        root.buffers[0]
            .uri
            .as_deref()
            .is_some_and(|u| u.starts_with("data:application/octet-stream;base64,"))
    );
}

#[test]
fn a_robot_is_saved_with_its_links_where_frame_pose_puts_them() {
    let root_dir = workspace_root();
    let out = tempfile::tempdir().expect("temp dir");
    let options = SessionOptions::new(root_dir.join("scripts"), out.path())
        .read_root(root_dir)
        .capture_output();
    let mut session = Session::new(options).expect("session");
    let mut run = |source: &str| match session.run_source("test.rhai", source) {
        Ok(_) => session.take_output(),
        Err(d) => panic!("script failed:\n{d}"),
    };
    run("let solo = urdf(\"../assets/robots/solo12/solo12.urdf\");
        let n = solo.get_joints().len();
        let q = [];
        for i in 0..n { q.push(0.1 * i - 0.5); }
        solo.set_rotations(q);
        save(\"solo.glb\", solo);");
    let root = glb_document(&std::fs::read(out.path().join("solo.glb")).expect("written"));
    assert!(root.nodes.len() > 10, "{}", root.nodes.len());
    assert!(!root.meshes.is_empty());
    for node in &root.nodes {
        let name = node.name.as_deref().expect("named");
        let printed = run(&format!(
            "let p = solo.frame_pose(\"{name}\"); print(p.position); print(p.rpy);"
        ));
        let v = numbers(&printed);
        assert_eq!(v.len(), 6, "{printed}");
        let t = node.translation.expect("translation");
        for k in 0..3 {
            assert!(
                (f64::from(t[k]) - v[k]).abs() < 1e-6,
                "{name}: {t:?} vs {printed}"
            );
        }
        let [x, y, z, w] = node.rotation.expect("rotation").0.map(f64::from);
        let q = UnitQuaternion::from_quaternion(Quaternion::new(w, x, y, z));
        let fk = UnitQuaternion::from_euler_angles(v[3], v[4], v[5]);
        assert!(q.angle_to(&fk) < 1e-6, "{name}: {q:?} vs {printed}");
    }
}

#[test]
fn saving_glb_refuses_what_it_cannot_draw_and_bad_paths() {
    let mut b = Bench::new();
    let cases = [
        (
            "save(\"x.glb\", 1);",
            "a glTF file draws a Scene, a Robot, a Touch, Taxels, a Stance, a Simulation or a Boundary (2 or 3 joints), not the integer 1",
        ),
        (
            "save(\"x.gltf\", box(1, 1, 1));",
            "a glTF file draws a Scene, a Robot",
        ),
        ("save(\"x.glb\", scene());", "nothing to draw"),
        (
            "save(\"x.glb\", simulation(#{ dt: 0.1 }));",
            "a simulation without robots",
        ),
        (
            "let s = simulation(#{ dt: 0.1 }); s.add(armature(\"a\").revolute(\"j\", #{ axis: [0, 0, 1], limits: [-1, 1] })); s.run(0.2); save(\"x.glb\", s);",
            "did not record link poses",
        ),
        (
            "let t = taxels(#{ link_name: \"f\" }); save(\"x.glb\", t);",
            "call read(scene) first",
        ),
        (
            "let sc = scene(); sc.add_body(\"b\", sphere(1.0), pose([0, 0, 0])); save(\"../x.glb\", sc);",
            "leaves the output folder",
        ),
    ];
    for (source, needle) in cases {
        let d = b.fail(source);
        assert_fails_at(&d, needle, 1);
    }
    assert!(!b.out().exists(), "nothing was written");
}

#[test]
fn touch_stance_and_simulation_views_are_saved_with_their_nodes_and_legends() {
    let mut b = Bench::new();
    b.run(
        "let sc = scene();
        sc.add_body(\"pad\", box(0.05, 0.05, 0.01), pose([0, 0, 0]));
        sc.add_body(\"ball\", sphere(0.02), pose([0, 0, 0.0295]));
        let t = touch(sc, #{ scales: #{ pad: 0.01 }, kind: \"mesh\", mimo_quirks: false });
        t.observe();
        save(\"views/touch.glb\", t);
        let left  = contact(#{ shape: [0.11, 0.05], pos: [0.0,  0.15, 0.0], friction: 0.7 });
        let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], friction: 0.7 });
        save(\"views/stance.glb\", stance(#{ com: [0.0, 0.0, 0.8], mass: 38.0, contacts: [left, right] }));
        let arm = armature(\"arm\").revolute(\"shoulder\", #{ axis: [0, 0, 1], origin: [0, 0, 0.3], limits: [-2.9, 2.9] });
        let sim = simulation(#{ dt: 0.1, record_poses: true });
        sim.add(arm);
        arm.rotate(\"shoulder\", 1.0);
        sim.run(0.5);
        save(\"views/sim.gltf\", sim);",
    );
    let touch = glb_document(&std::fs::read(b.out().join("views/touch.glb")).expect("touch"));
    let names: Vec<_> = touch.nodes.iter().filter_map(|n| n.name.clone()).collect();
    assert_eq!(&names[..3], ["pad", "ball", "pad sensors"]);
    assert!(
        names[3..].iter().all(|n| n.starts_with("pad force ")),
        "{names:?}"
    );
    assert!(names.len() > 3, "the ball presses the pad");
    assert!(touch.scenes[0].extras.is_some(), "a legend");
    let stance = glb_document(&std::fs::read(b.out().join("views/stance.glb")).expect("stance"));
    let names: Vec<_> = stance.nodes.iter().filter_map(|n| n.name.clone()).collect();
    assert_eq!(
        names,
        [
            "contact 0",
            "friction cone 0",
            "contact 1",
            "friction cone 1",
            "com",
            "static polygon"
        ]
    );
    let text = std::fs::read(b.out().join("views/sim.gltf")).expect("sim");
    let sim = json::Root::from_slice(&text).expect("glTF JSON");
    assert_eq!(sim.animations.len(), 1);
    // Keys at t = 0 and after each of the 5 steps.
    let input = sim.animations[0].samplers[0].input.value();
    assert_eq!(sim.accessors[input].count.0, 6);
}

#[test]
fn a_joint_space_boundary_is_saved_as_a_cloud_of_markers() {
    let root_dir = workspace_root();
    let out = tempfile::tempdir().expect("temp dir");
    let options = SessionOptions::new(root_dir.join("scripts"), out.path())
        .read_root(root_dir)
        .capture_output();
    let mut session = Session::new(options).expect("session");
    if let Err(d) = session.run_source(
        "test.rhai",
        "let solo = urdf(\"../assets/robots/solo12/solo12.urdf\");
        let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\"],
            ranges: [[-PI(), PI()], [-PI(), PI()]], pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] });
        let bd = cs.boundary(25, #{ seed: 3 });
        save(\"boundary.glb\", bd);
        save(\"boundary.json\", bd.points);",
    ) {
        panic!("script failed:\n{d}");
    }
    let bytes = std::fs::read(out.path().join("boundary.glb")).expect("glb written");
    let root = glb_document(&bytes);
    let names: Vec<_> = root.nodes.iter().filter_map(|n| n.name.clone()).collect();
    assert_eq!(names, ["boundary"]);
    // One octahedron (6 vertices) per boundary point.
    let points = std::fs::read_to_string(out.path().join("boundary.json")).expect("json");
    let rows = numbers(&points).len() / 2;
    assert_eq!(rows, 25);
    let position = root.meshes[0].primitives[0]
        .attributes
        .values()
        .next()
        .expect("positions")
        .value();
    assert_eq!(root.accessors[position].count.0 as usize, 6 * rows);
}
