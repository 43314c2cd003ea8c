//! Names MuJoCo's MJCF schema does not know are refused with file, line and name, and a close
//! known name when there is one; MuJoCo's lenient spots stay accepted (each case was checked
//! with MuJoCo 4.0.0: `kinematics/tests/mjcf_reference/test_schema.py` runs the same models
//! through it).

use morsel_kinematics::mjcf::{IGNORED_ELEMENTS, MjcfError, NameKind, load_file, load_str};

fn world(inside: &str) -> String {
    format!(
        "<mujoco>\n<worldbody>\n<body name=\"b\">\n{inside}\n</body>\n</worldbody>\n</mujoco>\n"
    )
}

/// The unknown name, its kind, the element it is in, the suggestion and the line.
fn refused(text: &str) -> (String, NameKind, String, Option<String>, u32) {
    match load_str(text, ".") {
        Err(MjcfError::UnknownName {
            at,
            kind,
            name,
            parent,
            suggestion,
        }) => (
            name,
            kind,
            parent.into(),
            suggestion.map(String::from),
            at.line,
        ),
        other => panic!("expected an unknown name, got {other:?}"),
    }
}

#[test]
fn a_misspelt_element_is_refused_with_its_line_and_the_name_meant() {
    let (name, kind, parent, suggestion, line) =
        refused(&world("<geom size=\"0.1\"/>\n<jiont type=\"hinge\"/>"));
    assert_eq!(
        (name.as_str(), kind, parent.as_str()),
        ("jiont", NameKind::Element, "body")
    );
    assert_eq!(suggestion.as_deref(), Some("joint"));
    assert_eq!(line, 5);
}

#[test]
fn an_unknown_element_far_from_every_name_has_no_suggestion() {
    let text = "<mujoco>\n<frobnicate/>\n<worldbody/>\n</mujoco>\n";
    let (name, _, parent, suggestion, line) = refused(text);
    assert_eq!(
        (name.as_str(), parent.as_str(), line),
        ("frobnicate", "mujoco", 2)
    );
    assert_eq!(suggestion, None);
}

#[test]
fn an_unknown_attribute_is_refused_with_its_element_and_line() {
    let (name, kind, parent, suggestion, line) =
        refused(&world("<geom size=\"0.1\" bogus=\"2\"/>"));
    assert_eq!(
        (name.as_str(), kind, parent.as_str(), line),
        ("bogus", NameKind::Attribute, "geom", 4)
    );
    assert_eq!(suggestion, None);
    let (name, _, parent, suggestion, _) = refused(&world("<geom size=\"0.1\" densty=\"2\"/>"));
    assert_eq!((name.as_str(), parent.as_str()), ("densty", "geom"));
    assert_eq!(suggestion.as_deref(), Some("density"));
}

#[test]
fn the_message_names_file_line_and_suggestion() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("typo.xml");
    std::fs::write(&path, world("<geom size=\"0.1\"/>\n<stie name=\"s\"/>")).expect("write");
    let text = load_file(&path).expect_err("refused").to_string();
    assert!(text.contains("typo.xml:5:"), "{text}");
    assert!(text.contains("unknown element `stie` in <body>"), "{text}");
    assert!(text.contains("did you mean `site`?"), "{text}");
}

#[test]
fn names_in_defaults_assets_and_sections_are_checked() {
    let cases = [
        (
            "<mujoco><default class=\"a\" bogus=\"1\"/><worldbody/></mujoco>",
            "bogus",
        ),
        (
            "<mujoco><default><jiont/></default><worldbody/></mujoco>",
            "jiont",
        ),
        (
            "<mujoco><default><default class=\"a\"><geom sise=\"1\"/></default></default><worldbody/></mujoco>",
            "sise",
        ),
        (
            "<mujoco><asset><mesh name=\"m\" fil=\"a.stl\"/></asset><worldbody/></mujoco>",
            "fil",
        ),
        (
            "<mujoco><custom><frob/></custom><worldbody/></mujoco>",
            "frob",
        ),
        (
            "<mujoco><worldbody/><keyframe><key qpos=\"\" bogus=\"1\"/></keyframe></mujoco>",
            "bogus",
        ),
        (
            "<mujoco><worldbody/><sensor><jointpos joint=\"j\" nosie=\"1\"/></sensor></mujoco>",
            "nosie",
        ),
        ("<mujoco bogus=\"1\"><worldbody/></mujoco>", "bogus"),
        (
            "<mujoco><worldbody><body><composite/></body></worldbody></mujoco>",
            "composite",
        ),
        (
            "<mujoco><worldbody><body><worldbody/></body></worldbody></mujoco>",
            "worldbody",
        ),
        (
            "<mujoco><worldbody><frame><body><jiont/></body></frame></worldbody></mujoco>",
            "jiont",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(refused(text).0, expected, "{text}");
    }
}

#[test]
fn mujocos_lenient_spots_still_load() {
    let cases = [
        // A frame's subtree: MuJoCo checks element names only.
        "<mujoco><worldbody><frame bogus=\"1\"><body name=\"x\" bogus=\"1\"><geom size=\"0.1\" bogus=\"1\"><frob/></geom></body></frame></worldbody></mujoco>",
        // Namespace declarations on the root.
        "<mujoco xmlns:xi=\"http://www.w3.org/2001/XInclude\"><worldbody/></mujoco>",
        // Nested default classes, a <body> directly in <mujoco> (MuJoCo takes it as the world).
        "<mujoco><default><default class=\"a\"><geom size=\"1\"/></default></default><worldbody/></mujoco>",
        "<mujoco><body/></mujoco>",
    ];
    for text in cases {
        load_str(text, ".").unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn a_second_unique_element_and_attributes_on_the_world_are_refused() {
    let two = world(
        "<inertial mass=\"1\" pos=\"0 0 0\" diaginertia=\"1 1 1\"/>\n<inertial mass=\"1\" pos=\"0 0 0\" diaginertia=\"1 1 1\"/>",
    );
    match load_str(&two, ".") {
        Err(MjcfError::Invalid { at, problem }) => {
            assert_eq!(at.line, 3);
            assert!(problem.contains("second <inertial> (line 5)"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
    let named = "<mujoco><worldbody name=\"w\"/></mujoco>";
    assert!(matches!(
        load_str(named, "."),
        Err(MjcfError::Invalid { .. })
    ));
}

#[test]
fn attributes_on_include_and_the_included_root_are_not_checked() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("part.xml"),
        "<mujoco bogus=\"1\"><geom size=\"0.1\"/></mujoco>",
    )
    .expect("write");
    let main = world("<include file=\"part.xml\" bogus=\"1\"/>");
    std::fs::write(dir.path().join("main.xml"), main).expect("write");
    let model = load_file(dir.path().join("main.xml")).expect("loads as in MuJoCo");
    assert!(model.total_mass() > 0.0);
}

#[test]
fn the_ignored_list_names_visual_and_dynamics_elements() {
    for name in [
        "material", "texture", "camera", "light", "actuator", "sensor",
    ] {
        assert!(IGNORED_ELEMENTS.contains(&name), "{name}");
    }
}
