//! URDF files from the robot corpus (`kinematics/tests/corpus`) that Pinocchio loads and Morsel
//! once refused: each oddity in a small file, with its kinematics checked in closed form.

use morsel_kinematics::urdf::{UrdfOptions, load_str};
use morsel_kinematics::{Data, forward_kinematics};
use nalgebra::Vector3;

/// A prismatic joint along x moving link `b` by q from a 0.5 m offset along z.
fn slider(limit: &str, declaration_prefix: &str) -> String {
    format!(
        r#"{declaration_prefix}<?xml version="1.0" ?>
<robot name="slider">
  <link name="a"/>
  <link name="b"><inertial><mass value="2"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="x" type="prismatic"><parent link="a"/><child link="b"/>
    <origin xyz="0 0 0.5"/><axis xyz="1 0 0"/>{limit}</joint>
</robot>"#
    )
}

fn b_position(model: &morsel_kinematics::Model, q: f64) -> Vector3<f64> {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, &[q]).expect("fk");
    data.world_from_frame(model.frame_id("b").expect("b"))
        .translation
        .vector
}

/// pybullet's `differential/diff_ring.urdf` starts with a blank line before its declaration:
/// XML allows the declaration only first, Pinocchio reads the file anyway, and so does Morsel,
/// with the lines of later errors unchanged.
#[test]
fn a_declaration_after_blank_lines_loads_and_keeps_line_numbers() {
    let limit = r#"<limit lower="-1" upper="1" effort="1" velocity="1"/>"#;
    let model = load_str(&slider(limit, "\n\n"), &UrdfOptions::default()).expect("loads");
    assert!((b_position(&model, 0.25) - Vector3::new(0.25, 0.0, 0.5)).norm() < 1e-15);
    let broken = slider(
        r#"<limit lower="x" upper="1" effort="1" velocity="1"/>"#,
        "\n\n",
    );
    let error = load_str(&broken, &UrdfOptions::default()).expect_err("bad lower");
    // The <limit> stands on line 9: two blank lines, the declaration, then six lines.
    assert!(error.to_string().contains("(line 9)"), "{error}");
}

/// pybullet's `cube_no_rotation.urdf` writes lower 1, upper -1: its convention for "no limit".
/// Pinocchio loads it; Morsel takes the joint as unlimited and says so in the load warnings.
#[test]
fn a_lower_limit_above_the_upper_one_means_unlimited_with_a_warning() {
    let limit = r#"<limit lower="1" upper="-1" effort="1" velocity="1"/>"#;
    let model = load_str(&slider(limit, ""), &UrdfOptions::default()).expect("loads");
    let joint = model.joint(model.joint_id("x").expect("x"));
    assert_eq!(joint.limits().lower, f64::NEG_INFINITY);
    assert_eq!(joint.limits().upper, f64::INFINITY);
    let warnings = model.load_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("line 6") && warnings[0].contains("unlimited"),
        "{warnings:?}"
    );
    assert!((b_position(&model, 3.0) - Vector3::new(3.0, 0.0, 0.5)).norm() < 1e-15);
}

/// Shapes Morsel cannot read (pybullet's `<plane>` and `<cdf>`, a four-number mesh scale, an
/// empty `<geometry>`) stop a load that reads geometry, naming the element; a kinematics-only
/// load reads no geometry, as Pinocchio's `buildModelFromUrdf`, and loads the file.
#[test]
fn unreadable_shapes_stop_only_loads_that_read_geometry() {
    for shape in [
        r#"<plane normal="0 0 1"/>"#,
        r#"<cdf filename="concave_box.cdf"/>"#,
        r#"<mesh filename="chassis.stl" scale="1 1 1 1"/>"#,
        "",
    ] {
        let text = format!(
            r#"<robot name="odd">
  <link name="a"><inertial><mass value="1.5"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    <visual><geometry>{shape}</geometry></visual>
    <collision><geometry>{shape}</geometry></collision></link>
</robot>"#
        );
        let error = load_str(&text, &UrdfOptions::default()).expect_err(shape);
        assert!(
            error.to_string().contains("visual #1 > geometry"),
            "{error}"
        );
        let model = load_str(&text, &UrdfOptions::kinematics_only()).expect(shape);
        assert_eq!(model.total_mass(), 1.5);
    }
}
