//! The geometry script API: values against closed forms, and one test per malformed input.

use crate::{Bench, assert_fails_at, workspace_root};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("number"))
        .collect()
}

#[test]
fn distances_and_contacts_match_closed_forms() {
    let mut b = Bench::new();
    // Two spheres, centres 1 m apart on a diagonal: distance = 1 - 0.2 - 0.3.
    let out = b.run(
        "let a = sphere(0.2); let b = sphere(0.3);\n\
         print(distance(a, pose([0, 0, 0]), b, pose([0.6, 0.8, 0])));\n\
         print(distance(a, pose([0, 0, 1.5]), halfspace([0, 0, 1]), pose()));\n\
         let c = contact(a, pose([0, 0, 0.05]), halfspace([0, 0, 1]), pose());\n\
         print(c.depth); print(c.normal); print(c.points);\n\
         print(contact(a, pose([0, 0, 1]), b, pose([0, 0, 2])) == ());\n\
         print(intersects(a, pose(), b, pose([0.45, 0, 0])));\n\
         print(intersects(a, pose(), b, pose([0.55, 0, 0])));",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!((numbers(lines[0])[0] - 0.5).abs() < 1e-9, "{out}");
    assert!((numbers(lines[1])[0] - 1.3).abs() < 1e-9, "{out}");
    assert!((numbers(lines[2])[0] - 0.15).abs() < 1e-9, "{out}");
    let n = numbers(lines[3]);
    assert!(
        n[0].abs() < 1e-12 && n[1].abs() < 1e-12 && (n[2] + 1.0).abs() < 1e-12,
        "{out}"
    );
    // Deepest point of the ball (z = 0.05 - 0.2) and of the floor (z = 0).
    let p = numbers(lines[4]);
    assert!((p[2] + 0.15).abs() < 1e-9 && p[5].abs() < 1e-9, "{out}");
    assert_eq!(&lines[5..], &["true", "true", "false"]);
}

#[test]
fn poses_rotate_about_x_then_y_then_z_in_the_fixed_frame() {
    let mut b = Bench::new();
    // R = Rz(0)·Ry(π/2)·Rx(π/2): y -> z (by Rx) -> x (by Ry).
    let out = b.run(
        "let p = pose([1, 2, 3], [PI() / 2, PI() / 2, 0]);\n\
         print(p.transform_point([0, 1, 0]));\n\
         print(p.rpy); print(p.position);\n\
         let q = pose([0, 0, 0], [0, 0, PI() / 2]);\n\
         print(q.transform_point([1, 0, 0]));\n\
         print((q * q.inverse()).quaternion);",
    );
    let lines: Vec<&str> = out.lines().collect();
    let t = numbers(lines[0]);
    for (got, want) in t.iter().zip([2.0, 2.0, 3.0]) {
        assert!((got - want).abs() < 1e-12, "{out}");
    }
    let q = numbers(lines[3]);
    for (got, want) in q.iter().zip([0.0, 1.0, 0.0]) {
        assert!((got - want).abs() < 1e-12, "{out}");
    }
    let id = numbers(lines[4]);
    assert!(
        (id[0] - 1.0).abs() < 1e-12 && id[1..].iter().all(|x| x.abs() < 1e-12),
        "{out}"
    );
}

#[test]
fn sensor_points_lie_on_the_sphere_with_radial_normals() {
    let mut b = Bench::new();
    let out = b.run(
        "let r = 0.05; let s = sphere(r).sensor_points(0.01);\n\
         let worst = 0.0; let pts = s.points; let ns = s.normals;\n\
         for i in 0..s.len() {\n\
           let p = pts[i]; let n = ns[i];\n\
           let d = sqrt(p[0]*p[0] + p[1]*p[1] + p[2]*p[2]);\n\
           worst = max(worst, abs(d - r));\n\
           worst = max(worst, abs(n[0] - p[0] / d) + abs(n[1] - p[1] / d) + abs(n[2] - p[2] / d));\n\
         }\n\
         print(worst); print(s.len() == pts.len());\n\
         let m = sphere(r).sensor_mesh(0.01);\n\
         print(m.len() == s.len()); print(m.vertices == pts);\n\
         let nb = m.neighbours(0); print(nb.len() >= 3); print(m.faces[0].len());",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(numbers(lines[0])[0] < 1e-12, "{out}");
    assert_eq!(&lines[1..], &["true", "true", "true", "true", "3"]);
}

#[test]
fn integers_are_accepted_where_floats_are_expected() {
    let mut b = Bench::new();
    let out = b.run(
        "print(box(1, 2, 3)); print(sphere(1)); print(ellipsoid(1, 2.5, 3));\n\
         print(cylinder(1, 2)); print(capsule(1, 2)); print(pipe(1, 2));\n\
         print(halfspace([0, 0, 2]).to_map().normal); print(pose([1, 2, 3], [0, 0, 0]).position);",
    );
    assert_eq!(
        out,
        "box(1, 2, 3)\nsphere(1)\nellipsoid(1, 2.5, 3)\ncylinder(1, 2)\ncapsule(1, 2)\npipe(1, 2)\n\
         [0.0, 0.0, 1.0]\n[1.0, 2.0, 3.0]\n"
    );
}

#[test]
fn convex_hulls_contain_their_inside_and_project_points() {
    let mut b = Bench::new();
    let out = b.run(
        "let corners = [];\n\
         for x in [-1, 1] { for y in [-1, 1] { for z in [-1, 1] { corners.push([x, y, z]); } } }\n\
         let h = convex_hull(corners);\n\
         print(contains(h, pose(), [0.5, 0.5, 0.5])); print(contains(h, pose(), [1.5, 0, 0]));\n\
         let p = project(sphere(1), pose([0, 0, 1]), [0, 0, 4]);\n\
         print(p.point); print(p.inside); print(p.signed_distance);",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..2], &["true", "false"]);
    let p = numbers(lines[2]);
    assert!(
        p[0].abs() < 1e-12 && p[1].abs() < 1e-12 && (p[2] - 2.0).abs() < 1e-12,
        "{out}"
    );
    assert_eq!(lines[3], "false");
    assert!((numbers(lines[4])[0] - 2.0).abs() < 1e-12, "{out}");
}

const TETRAHEDRON: &str =
    "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

#[test]
fn meshes_load_relative_to_the_script_and_scale() {
    let mut b = Bench::new();
    b.write("models/tet.obj", TETRAHEDRON);
    let out = b.run(
        "let m = mesh(\"models/tet.obj\"); let info = m.to_map();\n\
         print(info.vertex_count); print(info.face_count); print(info.closed);\n\
         print(mesh(\"models/./tet.obj\", 2).to_map().bounds[1]);\n\
         print(mesh(\"models/tet.obj\", [1, 2, 3]).to_map().bounds[1]);\n\
         print(distance(m, pose(), sphere(0.5), pose([0, 0, 2])));\n\
         print(convex_hull(m).kind);",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..3], &["4", "4", "true"]);
    assert_eq!(numbers(lines[3]), vec![2.0, 2.0, 2.0]);
    assert_eq!(numbers(lines[4]), vec![1.0, 2.0, 3.0]);
    assert!((numbers(lines[5])[0] - 0.5).abs() < 1e-9, "{out}");
    assert_eq!(lines[6], "convex hull");
}

#[test]
fn the_solo12_binary_stl_loads_through_a_read_root() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = workspace_root();
    let options = morsel_shell::SessionOptions::new(root.join("scripts"), dir.path())
        .read_root(root)
        .capture_output();
    let mut s = morsel_shell::Session::new(options).expect("session");
    let _ = s.run_source(
        "t",
        "print(mesh(\"../assets/robots/solo12/meshes/stl/with_foot/solo_foot.stl\").to_map().face_count > 100);",
    )
    .expect("loads");
    assert_eq!(s.take_output(), "true\n");
}

#[test]
fn malformed_shapes_and_arguments_give_clear_errors() {
    let mut b = Bench::new();
    b.write("notes.txt", "not a mesh");
    b.write(
        "broken.stl",
        "solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0\n",
    );
    let cases: &[(&str, &str)] = &[
        (
            "sphere(-1)",
            "`radius` must be a finite number greater than zero, got -1",
        ),
        ("sphere(0)", "greater than zero"),
        (
            "sphere(\"big\")",
            "expected a number for `r` of sphere(), got the string \"big\"",
        ),
        (
            "sphere(0.0 / 0.0)",
            "expected a finite number for `r` of sphere()",
        ),
        ("box(1, \"a\", 1)", "expected a number for `hy` of box()"),
        ("box(1, 1, -1)", "greater than zero"),
        ("ellipsoid(1, 0, 1)", "greater than zero"),
        ("cylinder(0.1, -1)", "greater than zero"),
        (
            "capsule([1], 1)",
            "expected a number for `r` of capsule(), got an array of 1 element",
        ),
        (
            "pipe(1, ())",
            "expected a number for `half_length` of pipe(), got nothing",
        ),
        ("halfspace([0, 0, 0])", "non-zero vector"),
        (
            "halfspace([0, 1])",
            "expected an array of 3 numbers for `normal` of halfspace()",
        ),
        ("mesh(\"missing.stl\")", "there is no file"),
        ("mesh(\"../outside.stl\")", "outside the read root"),
        ("mesh(\"/etc/hostname\")", "outside the read root"),
        ("mesh(\"notes.txt\")", "unsupported mesh format"),
        ("mesh(\"broken.stl\")", "broken.stl"),
        ("mesh(\"notes.txt\", [1, 1])", "`scale` of mesh()"),
        (
            "convex_hull([[0, 0, 0], [1, 0, 0], [0, 1, 0]])",
            "convex hull",
        ),
        (
            "convex_hull(sphere(1))",
            "expected an array of points or a mesh for `points` of convex_hull(), got a sphere",
        ),
        (
            "pose([1, 2], [0, 0, 0])",
            "expected an array of 3 numbers for `pos` of pose(), got an array of 2 elements",
        ),
        (
            "pose([1, 2, 3], [0, \"a\", 0])",
            "expected a number for `rpy` of pose(), element 1",
        ),
        ("sphere(1).sensor_points(0)", "resolution"),
        (
            "sphere(1).sensor_points(\"fine\")",
            "expected a number for `resolution` of sensor_points()",
        ),
        ("halfspace([0, 0, 1]).sensor_points(0.1)", "halfspace"),
        ("sphere(1).sensor_mesh(-0.1)", "resolution"),
        (
            "sphere(1).sensor_mesh(0.5).neighbours(-1)",
            "expected a non-negative integer for `i` of neighbours()",
        ),
        (
            "sphere(1).sensor_mesh(0.5).neighbours(100000)",
            "a vertex index below",
        ),
        (
            "distance(sphere(1), pose(), sphere(1), [0, 0, 0])",
            "Function not found",
        ),
        ("contains(pipe(1, 1), pose(), [0, 0, 0])", "open surface"),
        ("project(sphere(1), pose(), [0, 0])", "`point` of project()"),
    ];
    for (call, needle) in cases {
        let d = b.fail(&format!("let ok = 1;\nlet x = {call};"));
        assert_fails_at(&d, needle, 2);
    }
}
