//! Model files open only what their file-access policy allows, and bounded inputs stay
//! bounded: every escape vector (MJCF `<include>`, `meshdir`, `<mesh file>`; URDF mesh
//! filenames written absolute, with `..`, as `file://` or `package://a/../..`), links out,
//! devices and FIFOs, nesting depth and include fan-out.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use morsel_geometry::FileAccessError;
use morsel_geometry::MAX_XML_DEPTH;
use morsel_kinematics::KinematicsError;
use morsel_kinematics::mjcf::{self, MjcfError};
use morsel_kinematics::urdf::{self, UrdfOptions};
use morsel_kinematics::{FileAccess, Model};

/// A unit tetrahedron as ASCII STL (outward normals, positive volume).
const TETRA: &str = "solid t
facet normal 0 0 -1
outer loop
vertex 0 0 0
vertex 0 1 0
vertex 1 0 0
endloop
endfacet
facet normal 0 -1 0
outer loop
vertex 0 0 0
vertex 1 0 0
vertex 0 0 1
endloop
endfacet
facet normal -1 0 0
outer loop
vertex 0 0 0
vertex 0 0 1
vertex 0 1 0
endloop
endfacet
facet normal 1 1 1
outer loop
vertex 1 0 0
vertex 0 1 0
vertex 0 0 1
endloop
endfacet
endsolid t
";

/// `top/root/` (the allowed folder, holding `t.stl` and `part.xml`) and `top/outside/`
/// (holding `secret.xml` and `t.stl`).
struct Tree {
    _dir: tempfile::TempDir,
    root: PathBuf,
    outside: PathBuf,
    access: FileAccess,
}

fn tree() -> Tree {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dir.path().join("root");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(root.join("meshes")).expect("mkdir");
    std::fs::create_dir_all(&outside).expect("mkdir");
    std::fs::write(root.join("meshes/t.stl"), TETRA).expect("write");
    std::fs::write(outside.join("t.stl"), TETRA).expect("write");
    let part = "<mujoco><worldbody><body name=\"inside\"/></worldbody></mujoco>";
    std::fs::write(root.join("part.xml"), part).expect("write");
    let secret = "<mujoco><worldbody><body name=\"secret\"/></worldbody></mujoco>";
    std::fs::write(outside.join("secret.xml"), secret).expect("write");
    let access = FileAccess::within([&root]).expect("policy");
    Tree {
        _dir: dir,
        root,
        outside,
        access,
    }
}

fn mjcf_text(inner: &str) -> String {
    format!("<mujoco model=\"m\">\n{inner}\n</mujoco>\n")
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
}

fn load_mjcf(t: &Tree, inner: &str) -> Result<Model, MjcfError> {
    let path = t.root.join("m.xml");
    write(&path, &mjcf_text(inner));
    mjcf::load_file_with_access(&path, &t.access).map(|(m, _)| m)
}

/// The error is an `Outside` refusal; returns its message.
fn outside_mjcf(err: MjcfError) -> String {
    assert!(
        matches!(
            &err,
            MjcfError::File {
                source: FileAccessError::Outside { .. },
                ..
            }
        ),
        "expected an outside refusal, got {err}"
    );
    err.to_string()
}

#[test]
fn mjcf_includes_inside_load_and_outside_ones_are_refused_alike() {
    let t = tree();
    let model = load_mjcf(&t, "<include file=\"part.xml\"/>").expect("include inside");
    assert!(model.link_id("inside").is_ok());
    let secret = t.outside.join("secret.xml");
    let missing = t.outside.join("missing.xml");
    let mut messages = Vec::new();
    for (file, name) in [
        (secret.display().to_string(), "secret.xml"),
        (missing.display().to_string(), "missing.xml"),
        ("../outside/secret.xml".to_owned(), "secret.xml"),
        ("../outside/missing.xml".to_owned(), "missing.xml"),
    ] {
        let err = load_mjcf(&t, &format!("<include file=\"{file}\"/>")).expect_err(&file);
        messages.push(outside_mjcf(err).replace(name, "X"));
    }
    // The same answer for an existing and a missing outside file.
    assert_eq!(messages[0], messages[1]);
    assert_eq!(messages[2], messages[3]);
    let err = load_mjcf(&t, "<include file=\"/etc/passwd\"/>").expect_err("passwd");
    let text = outside_mjcf(err);
    assert!(!text.contains("malformed"), "{text}");
}

#[test]
fn mjcf_meshdir_assetdir_and_mesh_files_outside_are_refused() {
    let t = tree();
    let mesh = "<asset><mesh name=\"t\" file=\"t.stl\"/></asset>";
    let inside = format!("<compiler meshdir=\"meshes\"/>{mesh}");
    load_mjcf(&t, &inside).expect("mesh inside");
    for compiler in [
        "<compiler meshdir=\"../outside\"/>".to_owned(),
        "<compiler assetdir=\"../outside\"/>".to_owned(),
        format!("<compiler meshdir=\"{}\"/>", t.outside.display()),
    ] {
        let err = load_mjcf(&t, &format!("{compiler}{mesh}")).expect_err(&compiler);
        outside_mjcf(err);
    }
    let absolute = format!(
        "<asset><mesh name=\"t\" file=\"{}\"/></asset>",
        t.outside.join("t.stl").display()
    );
    outside_mjcf(load_mjcf(&t, &absolute).expect_err("absolute mesh"));
}

#[cfg(unix)]
#[test]
fn mjcf_links_out_and_devices_are_refused() {
    let t = tree();
    std::os::unix::fs::symlink(t.outside.join("secret.xml"), t.root.join("link.xml"))
        .expect("symlink");
    outside_mjcf(load_mjcf(&t, "<include file=\"link.xml\"/>").expect_err("link out"));
    outside_mjcf(load_mjcf(&t, "<include file=\"/dev/zero\"/>").expect_err("device"));
    // With no roots, a device is still not a regular file: nothing is read from it.
    let path = t.root.join("dev.xml");
    write(&path, &mjcf_text("<include file=\"/dev/zero\"/>"));
    let err = mjcf::load_file_with_access(&path, &FileAccess::anywhere()).expect_err("device");
    assert!(
        matches!(
            err,
            MjcfError::File {
                source: FileAccessError::NotRegular { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn an_mjcf_include_of_a_fifo_does_not_block() {
    let t = tree();
    let fifo = t.root.join("pipe.xml");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(status.success());
    let path = t.root.join("m.xml");
    write(&path, &mjcf_text("<include file=\"pipe.xml\"/>"));
    let (send, receive) = mpsc::channel();
    let access = t.access.clone();
    std::thread::spawn(move || {
        let _ = send.send(mjcf::load_file_with_access(&path, &access).map(|_| ()));
    });
    let result = receive
        .recv_timeout(Duration::from_secs(10))
        .expect("the loader must not block on a FIFO");
    let err = result.expect_err("a FIFO is refused");
    assert!(err.to_string().contains("FIFO"), "{err}");
}

#[test]
fn an_include_fan_out_stops_at_the_include_limit() {
    let t = tree();
    // Each file includes the next twice: 2^40 includes if nothing stopped it.
    for i in 0..40 {
        let next = format!("<include file=\"f{}.xml\"/>", i + 1);
        write(
            &t.root.join(format!("f{i}.xml")),
            &mjcf_text(&format!("{next}{next}")),
        );
    }
    write(&t.root.join("f40.xml"), &mjcf_text(""));
    let start = std::time::Instant::now();
    let err = mjcf::load_file_with_access(t.root.join("f0.xml"), &t.access).expect_err("fan-out");
    assert!(matches!(err, MjcfError::TooLarge { .. }), "{err}");
    assert!(
        err.to_string().contains(&format!("{}", mjcf::MAX_INCLUDES)),
        "{err}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

/// `depth` nested copies of `open`/`close` around `inner`.
fn nested(open: &str, close: &str, depth: usize, inner: &str) -> String {
    let mut s = String::with_capacity(depth * (open.len() + close.len()) + inner.len());
    for _ in 0..depth {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..depth {
        s.push_str(close);
    }
    s
}

fn too_deep_mjcf(inner: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("deep.xml");
    write(&path, &mjcf_text(inner));
    let err = mjcf::load_file(&path).expect_err("too deep");
    assert!(matches!(err, MjcfError::TooLarge { .. }), "{err}");
    assert!(
        err.to_string()
            .contains(&format!("nested more than {MAX_XML_DEPTH} deep")),
        "{err}"
    );
}

#[test]
fn deep_mjcf_nesting_is_a_typed_error() {
    let body = nested("<body><geom size=\"0.1\"/>", "</body>", 8000, "");
    too_deep_mjcf(&format!("<worldbody>{body}</worldbody>"));
    let defaults = nested("<default class=\"c\">", "</default>", 20_000, "");
    too_deep_mjcf(&defaults);
    too_deep_mjcf(&nested("<unknown>", "</unknown>", 50_000, ""));
}

#[test]
fn mjcf_bodies_just_within_the_depth_limit_load_on_a_small_stack() {
    // <mujoco> is depth 1, <worldbody> 2, the deepest body's joint and geom the last level.
    let depth = MAX_XML_DEPTH - 3;
    let body = nested(
        "<body pos=\"0 0 0.01\"><joint type=\"hinge\"/><geom size=\"0.01\"/>",
        "</body>",
        depth,
        "",
    );
    let text = mjcf_text(&format!("<worldbody>{body}</worldbody>"));
    // Rust's default stack for spawned threads (a debug build's frames are the largest).
    let handle = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || mjcf::load_str(&text, ".").map(|m| m.nq()))
        .expect("thread");
    let nq = handle.join().expect("no stack overflow").expect("loads");
    assert_eq!(nq, depth);
    // Default classes as deep as allowed load; unknown elements as deep are refused (by
    // MuJoCo's schema), without overflowing the stack either.
    let mut classes = String::new();
    for i in 0..MAX_XML_DEPTH - 1 {
        classes.push_str(&format!("<default class=\"c{i}\">"));
    }
    classes.push_str(&"</default>".repeat(MAX_XML_DEPTH - 1));
    let unknown = nested("<unknown>", "</unknown>", MAX_XML_DEPTH - 1, "");
    let body = "<worldbody><body childclass=\"c400\"><geom size=\"0.1\"/></body></worldbody>";
    for (extra, loads) in [("", true), (unknown.as_str(), false)] {
        let text = mjcf_text(&format!("{classes}{extra}{body}"));
        let handle = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || mjcf::load_str(&text, ".").map(|m| m.geoms().len()))
            .expect("thread");
        match handle.join().expect("no stack overflow") {
            Ok(geoms) => assert!(loads && geoms == 1),
            Err(e) => assert!(!loads && matches!(e, MjcfError::UnknownName { .. }), "{e}"),
        }
    }
}

fn urdf_with_mesh(filename: &str) -> String {
    format!(
        "<robot name=\"r\"><link name=\"a\"><collision><geometry><mesh filename=\"{filename}\"/></geometry></collision></link></robot>"
    )
}

fn load_urdf(t: &Tree, filename: &str) -> Result<Model, KinematicsError> {
    let path = t.root.join("r.urdf");
    write(&path, &urdf_with_mesh(filename));
    let options = UrdfOptions {
        package_paths: vec![t.root.clone()],
        file_access: t.access.clone(),
        ..UrdfOptions::default()
    };
    urdf::load_file(&path, &options)
}

#[test]
fn urdf_meshes_outside_the_roots_are_refused_alike() {
    let t = tree();
    load_urdf(&t, "meshes/t.stl").expect("relative mesh inside");
    let root_name = t.root.file_name().expect("name").to_string_lossy();
    load_urdf(&t, &format!("package://{root_name}/meshes/t.stl")).expect("package inside");
    let outside = t.outside.join("t.stl");
    let missing = t.outside.join("none.stl");
    let cases = [
        outside.display().to_string(),
        missing.display().to_string(),
        "../outside/t.stl".to_owned(),
        "../outside/none.stl".to_owned(),
        format!("file://{}", outside.display()),
        format!("file://{}", missing.display()),
        "package://meshes/../../outside/t.stl".to_owned(),
        "package://meshes/../../outside/none.stl".to_owned(),
    ];
    let mut messages = Vec::new();
    for filename in &cases {
        let err = load_urdf(&t, filename).expect_err(filename);
        assert!(
            matches!(
                &err,
                KinematicsError::File {
                    source: FileAccessError::Outside { .. },
                    ..
                }
            ),
            "{filename}: {err}"
        );
        messages.push(err.to_string().replace("none", "t"));
    }
    for pair in messages.chunks(2) {
        assert_eq!(
            pair[0], pair[1],
            "existing and missing outside files differ"
        );
    }
    // The URDF file itself goes through the policy too.
    let path = t.outside.join("r.urdf");
    write(&path, &urdf_with_mesh("t.stl"));
    let options = UrdfOptions {
        file_access: t.access.clone(),
        ..UrdfOptions::default()
    };
    let err = urdf::load_file(&path, &options).expect_err("outside URDF");
    assert!(
        matches!(
            err,
            KinematicsError::File {
                source: FileAccessError::Outside { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn deep_urdf_nesting_is_a_typed_error() {
    let deep = nested("<unknown>", "</unknown>", 50_000, "");
    let text = format!("<robot name=\"r\"><link name=\"a\"/>{deep}</robot>");
    let err = urdf::load_str(&text, &UrdfOptions::default()).expect_err("too deep");
    assert!(matches!(err, KinematicsError::UrdfParse { .. }), "{err}");
    assert!(
        err.to_string()
            .contains(&format!("nested more than {MAX_XML_DEPTH} deep")),
        "{err}"
    );
}
