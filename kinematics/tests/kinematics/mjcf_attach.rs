//! `<model>`/`<attach>` composition: bad compositions are typed errors naming file and line;
//! the loaded compositions are compared with real MuJoCo in `mjcf_reference.rs`
//! (`attach.json`).

use morsel_kinematics::mjcf::{MjcfError, load_file};
use tempfile::TempDir;

use crate::mjcf_errors::assert_at;

const CHILD: &str = "<mujoco model=\"arm\">\n<worldbody>\n<body name=\"link\">\n<joint name=\"hinge\"/>\n<geom name=\"g\" size=\"0.1\"/>\n</body>\n</worldbody>\n</mujoco>\n";

/// Writes `files` (name, text) into a fresh folder and loads the first one.
fn load(files: &[(&str, &str)]) -> (TempDir, Result<morsel_kinematics::Model, MjcfError>) {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    let result = load_file(dir.path().join(files[0].0));
    (dir, result)
}

/// A main model attaching `attach` (an `<attach>` element) into body `b`, at line 6.
fn main_with(attach: &str) -> String {
    format!(
        "<mujoco>\n<asset>\n<model name=\"arm\" file=\"arm.xml\"/>\n</asset>\n<worldbody>\n<body name=\"b\">{attach}\n<geom size=\"0.1\"/>\n</body>\n</worldbody>\n</mujoco>\n"
    )
}

#[test]
fn an_attached_body_gets_the_prefix_and_its_pose() {
    let main = main_with("<attach model=\"arm\" body=\"link\" prefix=\"a_\"/>");
    let (_dir, model) = load(&[("main.xml", &main), ("arm.xml", CHILD)]);
    let model = model.expect("loads");
    let names: Vec<&str> = model
        .bodies()
        .iter()
        .map(|&l| model.link(l).name())
        .collect();
    assert_eq!(names, ["world", "b", "a_link"]);
    assert!(model.joints().iter().any(|j| j.name() == "a_hinge"));
    assert!(model.geoms().iter().any(|g| g.name == "a_g"));
}

#[test]
fn a_missing_model_file_names_the_model_element() {
    let main = main_with("");
    let (dir, result) = load(&[("main.xml", &main)]);
    let err = result.expect_err("no arm.xml");
    assert!(matches!(&err, MjcfError::MissingFile { .. }), "{err}");
    assert_at(&err, dir.path(), "main.xml", 3, "model \"arm\"");
}

#[test]
fn an_unknown_body_or_model_names_the_attach_element() {
    for (attach, kind) in [
        (
            "<attach model=\"arm\" body=\"nothing\" prefix=\"a_\"/>",
            "body",
        ),
        (
            "<attach model=\"leg\" body=\"link\" prefix=\"a_\"/>",
            "model",
        ),
    ] {
        let main = main_with(attach);
        let (dir, result) = load(&[("main.xml", &main), ("arm.xml", CHILD)]);
        let err = result.expect_err("unknown name");
        assert!(
            matches!(&err, MjcfError::UnknownReference { kind: k, .. } if k.starts_with(kind)),
            "{err}"
        );
        assert_at(&err, dir.path(), "main.xml", 6, "attach");
    }
}

#[test]
fn a_name_taken_after_prefixing_is_an_error() {
    // The same prefix twice: the second copy's body, joint and geom names are taken.
    let twice = "<attach model=\"arm\" body=\"link\" prefix=\"a_\"/>\n<attach model=\"arm\" body=\"link\" prefix=\"a_\"/>";
    // A prefix that makes the child's body name the parent's.
    let clash = "<attach model=\"arm\" body=\"link\" prefix=\"\"/>";
    for (attach, line) in [(twice, 7), (clash, 6)] {
        let main = main_with(attach).replace("name=\"b\"", "name=\"link\"");
        let (dir, result) = load(&[("main.xml", &main), ("arm.xml", CHILD)]);
        let err = result.expect_err("name clash");
        assert!(
            matches!(&err, MjcfError::Invalid { problem, .. } if problem.contains("\"a_link\"") || problem.contains("\"link\"")),
            "{err}"
        );
        assert_at(&err, dir.path(), "main.xml", line, "attach");
    }
}

#[test]
fn attach_without_prefix_or_with_a_frame_or_a_cycle_is_an_error() {
    let cases = [
        ("<attach model=\"arm\" body=\"link\"/>", "needs a prefix"),
        (
            "<attach model=\"arm\" frame=\"f\" prefix=\"a_\"/>",
            "not supported",
        ),
        ("<attach body=\"link\" prefix=\"a_\"/>", "not supported"),
    ];
    for (attach, message) in cases {
        let main = main_with(attach);
        let (dir, result) = load(&[("main.xml", &main), ("arm.xml", CHILD)]);
        let err = result.expect_err("bad attach");
        assert!(err.to_string().contains(message), "{err}");
        assert_at(&err, dir.path(), "main.xml", 6, "attach");
    }
    // A child model that names itself as a <model> asset.
    let selfish = "<mujoco model=\"arm\">\n<asset>\n<model name=\"again\" file=\"arm.xml\"/>\n</asset>\n<worldbody/>\n</mujoco>\n";
    let (dir, result) = load(&[("main.xml", &main_with("")), ("arm.xml", selfish)]);
    let err = result.expect_err("cycle");
    assert!(matches!(&err, MjcfError::IncludeCycle { .. }), "{err}");
    assert_at(&err, dir.path(), "arm.xml", 3, "model \"again\"");
}

#[test]
fn an_exclude_of_the_child_naming_an_attached_body_is_refused_not_dropped() {
    let child = CHILD.replace(
        "</worldbody>\n",
        "</worldbody>\n<contact>\n<exclude body1=\"link\" body2=\"world\"/>\n</contact>\n",
    );
    let main = main_with("<attach model=\"arm\" body=\"link\" prefix=\"a_\"/>");
    let (dir, result) = load(&[("main.xml", &main), ("arm.xml", &child)]);
    let err = result.expect_err("exclude in the child");
    assert!(matches!(&err, MjcfError::Unsupported { .. }), "{err}");
    assert_at(&err, dir.path(), "arm.xml", 9, "exclude");
}
