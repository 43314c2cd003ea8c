//! Bad MJCF input: each problem is a typed error naming the file, line and element.

use std::path::Path;

use morsel_kinematics::mjcf::{MjcfError, load_file};
use tempfile::TempDir;

/// Writes `files` (name, text) into a fresh folder and loads the first one.
fn load(files: &[(&str, &str)]) -> (TempDir, MjcfError) {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    let err = load_file(dir.path().join(files[0].0)).expect_err("the model must be rejected");
    (dir, err)
}

fn model(body: &str) -> String {
    format!(
        "<mujoco model=\"bad\">\n<worldbody>\n<body name=\"b\">\n{body}\n</body>\n</worldbody>\n</mujoco>\n"
    )
}

/// The error names `file`, line `line` and an element starting with `element`.
pub(crate) fn assert_at(err: &MjcfError, dir: &Path, file: &str, line: u32, element: &str) {
    let at = err
        .location()
        .unwrap_or_else(|| panic!("no location in {err}"));
    assert_eq!(at.file.as_ref(), dir.join(file).as_path(), "{err}");
    assert_eq!(at.line, line, "{err}");
    assert!(at.element.starts_with(element), "{err}");
    let text = err.to_string();
    assert!(
        text.contains(file) && text.contains(&format!(":{line}:")),
        "{text}"
    );
}

#[test]
fn malformed_xml_names_file_and_line() {
    let (dir, err) = load(&[(
        "m.xml",
        "<mujoco>\n<worldbody>\n<body name=\"b\">\n</worldbody>\n</mujoco>\n",
    )]);
    match &err {
        MjcfError::Xml { file, line, .. } => {
            assert_eq!(file, &dir.path().join("m.xml"));
            assert_eq!(*line, 4, "{err}");
        }
        other => panic!("expected an XML error, got {other}"),
    }
}

#[test]
fn invalid_utf8_and_truncated_files_name_their_line() {
    // Found by the mutation test: invalid UTF-8 gave no line, a truncated file line 1.
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("m.xml");
    std::fs::write(
        &path,
        b"<mujoco>\n<worldbody>\n<body name=\"b\xff\"/>\n</worldbody>\n</mujoco>\n",
    )
    .expect("write");
    match load_file(&path).expect_err("invalid UTF-8") {
        MjcfError::Xml { line, message, .. } => {
            assert_eq!(line, 3);
            assert!(message.contains("UTF-8"), "{message}");
        }
        other => panic!("expected an XML error, got {other}"),
    }
    let (_dir, err) = load(&[("m.xml", "<mujoco>\n<worldbody>\n<body name=\"b\">\n")]);
    match &err {
        MjcfError::Xml { line, .. } => assert_eq!(*line, 3, "{err}"),
        other => panic!("expected an XML error, got {other}"),
    }
}

#[test]
fn unknown_attribute_value_is_invalid_value() {
    let (dir, err) = load(&[("m.xml", &model("<joint name=\"j\" type=\"hinj\"/>"))]);
    assert!(
        matches!(&err, MjcfError::InvalidValue { attribute, value, .. } if attribute == "type" && value == "hinj"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 4, "joint \"j\"");
}

#[test]
fn missing_include_is_missing_file() {
    let text = "<mujoco>\n  <include file=\"nowhere.xml\"/>\n</mujoco>\n";
    let (dir, err) = load(&[("m.xml", text)]);
    assert!(
        matches!(&err, MjcfError::MissingFile { name, .. } if name == "nowhere.xml"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 2, "include");
}

#[test]
fn cyclic_include_is_an_error() {
    let a = "<mujoco>\n<include file=\"b.xml\"/>\n</mujoco>\n";
    let b = "<mujoco>\n\n<include file=\"a.xml\"/>\n</mujoco>\n";
    let (dir, err) = load(&[("a.xml", a), ("b.xml", b)]);
    match &err {
        MjcfError::IncludeCycle { chain, .. } => assert_eq!(chain.len(), 3, "{err}"),
        other => panic!("expected an include cycle, got {other}"),
    }
    assert_at(&err, dir.path(), "b.xml", 3, "include");
}

#[test]
fn nan_and_negative_sizes_are_invalid_values() {
    for size in ["nan 0.1", "0.1 -0.2", "inf 1"] {
        let body = format!("<geom name=\"g\" type=\"capsule\" size=\"{size}\"/>");
        let (dir, err) = load(&[("m.xml", &model(&body))]);
        assert!(
            matches!(&err, MjcfError::InvalidValue { attribute, .. } if attribute == "size"),
            "{size}: {err}"
        );
        assert_at(&err, dir.path(), "m.xml", 4, "geom \"g\"");
    }
}

#[test]
fn zero_length_fromto_is_an_invalid_value() {
    let body = "<geom name=\"g\" type=\"capsule\" size=\"0.1\" fromto=\"0 0 1 0 0 1\"/>";
    let (dir, err) = load(&[("m.xml", &model(body))]);
    assert!(
        matches!(&err, MjcfError::InvalidValue { attribute, .. } if attribute == "fromto"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 4, "geom \"g\"");
}

#[test]
fn unknown_class_is_named() {
    let body = "<geom name=\"g\" class=\"nope\" size=\"0.1\"/>";
    let (dir, err) = load(&[("m.xml", &model(body))]);
    assert!(
        matches!(&err, MjcfError::UnknownClass { class, .. } if class == "nope"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 4, "geom \"g\"");
    let text =
        "<mujoco>\n<worldbody>\n<body childclass=\"missing\">\n</body>\n</worldbody>\n</mujoco>\n";
    let (dir, err) = load(&[("m.xml", text)]);
    assert!(matches!(&err, MjcfError::UnknownClass { .. }), "{err}");
    assert_at(&err, dir.path(), "m.xml", 3, "body");
}

#[test]
fn zero_joint_axis_is_an_invalid_value() {
    let (dir, err) = load(&[("m.xml", &model("<joint name=\"j\" axis=\"0 0 0\"/>"))]);
    assert!(
        matches!(&err, MjcfError::InvalidValue { attribute, .. } if attribute == "axis"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 4, "joint \"j\"");
}

#[test]
fn error_inside_an_included_file_names_that_file() {
    let main = "<mujoco>\n<worldbody>\n<include file=\"part.xml\"/>\n</worldbody>\n</mujoco>\n";
    let part = "<mujoco>\n<body name=\"b\">\n<geom name=\"g\" size=\"-1\"/>\n</body>\n</mujoco>\n";
    let (dir, err) = load(&[("main.xml", main), ("part.xml", part)]);
    assert_at(&err, dir.path(), "part.xml", 3, "geom \"g\"");
}

#[test]
fn misplaced_free_joint_and_unsupported_geoms_are_errors() {
    let text = "<mujoco>\n<worldbody>\n<body name=\"a\">\n<body name=\"b\">\n<freejoint/>\n</body>\n</body>\n</worldbody>\n</mujoco>\n";
    let (dir, err) = load(&[("m.xml", text)]);
    assert!(matches!(&err, MjcfError::Invalid { .. }), "{err}");
    assert_at(&err, dir.path(), "m.xml", 4, "body \"b\"");
    let (dir, err) = load(&[("m.xml", &model("<geom name=\"h\" type=\"sdf\"/>"))]);
    assert!(matches!(&err, MjcfError::Unsupported { .. }), "{err}");
    assert_at(&err, dir.path(), "m.xml", 4, "geom \"h\"");
}

#[test]
fn actuators_sensors_and_missing_textures_never_block_loading() {
    let text = r#"<mujoco>
  <asset>
    <texture name="t" type="2d" file="does_not_exist.png"/>
    <material name="m" texture="t"/>
  </asset>
  <worldbody>
    <body name="b"><joint name="j"/><geom size="0.1" material="m"/></body>
  </worldbody>
  <actuator><motor joint="j"/><position joint="j" kp="10"/></actuator>
  <tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>
  <equality><joint joint1="j"/></equality>
  <sensor><jointpos joint="j"/></sensor>
  <keyframe><key qpos="0.5"/></keyframe>
</mujoco>"#;
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("m.xml"), text).expect("write");
    let model = load_file(dir.path().join("m.xml")).expect("loads");
    assert_eq!(model.nq(), 1);
}

#[test]
fn missing_mesh_file_is_missing_file() {
    let text = "<mujoco>\n<asset>\n<mesh name=\"m\" file=\"gone.stl\"/>\n</asset>\n</mujoco>\n";
    let (dir, err) = load(&[("m.xml", text)]);
    assert!(
        matches!(&err, MjcfError::MissingFile { name, .. } if name == "gone.stl"),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 3, "mesh \"m\"");
}

#[test]
fn unknown_mesh_reference_is_named() {
    let (dir, err) = load(&[(
        "m.xml",
        &model("<geom name=\"g\" type=\"mesh\" mesh=\"nope\"/>"),
    )]);
    assert!(
        matches!(&err, MjcfError::UnknownReference { kind: "mesh", .. }),
        "{err}"
    );
    assert_at(&err, dir.path(), "m.xml", 4, "geom \"g\"");
}

mod fuzz {
    use std::path::PathBuf;

    use morsel_kinematics::mjcf::load_str;
    use proptest::prelude::*;

    const PIECES: [&str; 16] = [
        "<", ">", "\"", "=", " ", "0", "-1", "nan", "/", "x", "1e308", ".", "inf", "&amp;", "",
        "<body>",
    ];

    fn models_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/mjcf_models")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Random edits of a feature-rich model (includes, classes, meshes, every joint kind):
        /// loading gives a model or a typed error, never a panic, and a model's numbers are finite.
        #[test]
        fn edited_mjcf_loads_or_fails_cleanly(
            at in 0.0f64..1.0,
            piece in 0usize..PIECES.len(),
            truncate in any::<bool>(),
        ) {
            let text = std::fs::read_to_string(models_dir().join("features_b.xml")).unwrap();
            let mut cut = ((text.len() as f64) * at) as usize;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            let edited = if truncate {
                text[..cut].to_owned()
            } else {
                format!("{}{}{}", &text[..cut], PIECES[piece], &text[cut..])
            };
            if let Ok(model) = load_str(&edited, models_dir()) {
                prop_assert!(model.total_mass().is_finite());
                for g in model.geoms() {
                    prop_assert!(g.size.iter().all(|s| s.is_finite()));
                    prop_assert!(g.link_from_geom.translation.vector.iter().all(|v| v.is_finite()));
                }
            }
        }
    }
}

#[test]
fn generated_bodies_and_moved_frames_are_unsupported_errors_never_dropped() {
    let cases: [(&str, u32, &str); 3] = [
        (
            "<mujoco>\n<worldbody>\n<replicate count=\"3\" offset=\"0.1 0 0\">\n<body><geom size=\"0.1\"/></body>\n</replicate>\n</worldbody>\n</mujoco>\n",
            3,
            "replicate",
        ),
        (
            "<mujoco>\n<compiler alignfree=\"true\"/>\n<worldbody/>\n</mujoco>\n",
            2,
            "compiler",
        ),
        (
            "<mujoco>\n<worldbody>\n<body>\n<freejoint align=\"true\"/>\n<geom size=\"0.1\"/>\n</body>\n</worldbody>\n</mujoco>\n",
            4,
            "freejoint",
        ),
    ];
    for (text, line, element) in cases {
        let (dir, err) = load(&[("m.xml", text)]);
        assert!(matches!(&err, MjcfError::Unsupported { .. }), "{err}");
        assert_at(&err, dir.path(), "m.xml", line, element);
    }
    // The same compiler options set to false change nothing and load.
    let text = "<mujoco>\n<compiler fusestatic=\"false\" discardvisual=\"false\"/>\n<worldbody><body><geom size=\"0.1\"/></body></worldbody>\n</mujoco>\n";
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("m.xml"), text).expect("write");
    assert!(load_file(dir.path().join("m.xml")).is_ok());
}

#[test]
fn fitted_geoms_with_fromto_or_an_unknown_mesh_are_errors() {
    let (dir, err) = load(&[(
        "m.xml",
        &model("<geom name=\"c\" type=\"capsule\" mesh=\"nothing\"/>"),
    )]);
    assert!(matches!(&err, MjcfError::UnknownReference { .. }), "{err}");
    assert_at(&err, dir.path(), "m.xml", 4, "geom \"c\"");
    let obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";
    let text = "<mujoco>\n<asset><mesh name=\"t\" file=\"t.obj\"/></asset>\n<worldbody>\n<body>\n<geom name=\"c\" type=\"capsule\" mesh=\"t\" fromto=\"0 0 0 1 0 0\"/>\n</body>\n</worldbody>\n</mujoco>\n";
    let (dir, err) = load(&[("m.xml", text), ("t.obj", obj)]);
    assert!(matches!(&err, MjcfError::Invalid { .. }), "{err}");
    assert_at(&err, dir.path(), "m.xml", 5, "geom \"c\"");
}

#[test]
fn an_obj_face_of_two_corners_is_an_error_naming_its_line() {
    let obj = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2\nf 1 2 4\n";
    let text = "<mujoco>\n<asset><mesh name=\"p\" file=\"p.obj\"/></asset>\n<worldbody><body><geom type=\"mesh\" mesh=\"p\"/></body></worldbody>\n</mujoco>\n";
    let (_dir, err) = load(&[("m.xml", text), ("p.obj", obj)]);
    let message = err.to_string();
    assert!(
        message.contains("line 6") && message.contains("p.obj"),
        "{message}"
    );
}
