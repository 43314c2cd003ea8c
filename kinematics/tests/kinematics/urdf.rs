//! URDF loading: the three robots against poses derived by hand from their URDF origins,
//! geometry and mesh resolution, and errors for malformed files.

use std::f64::consts::{FRAC_PI_2, PI};
use std::sync::Arc;

use morsel_kinematics::morsel_geometry::ShapeKind;
use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file, load_str};
use morsel_kinematics::{Data, JointKind, KinematicsError, Model, forward_kinematics};
use nalgebra::{DVector, Isometry3, UnitQuaternion, Vector3};

use crate::common::{panda, robot, solo12, ur5};

fn pose_at(model: &Model, values: &[(&str, f64)], frame: &str) -> Isometry3<f64> {
    let q = model
        .configuration_from_names(values)
        .expect("configuration");
    pose_at_q(model, &q, frame)
}

fn pose_at_q(model: &Model, q: &DVector<f64>, frame: &str) -> Isometry3<f64> {
    let mut data = Data::new(model);
    forward_kinematics(model, &mut data, q.as_slice()).expect("fk");
    *data.world_from_frame(model.frame_id(frame).expect("frame"))
}

fn assert_position(pose: &Isometry3<f64>, expected: [f64; 3]) {
    let error = (pose.translation.vector - Vector3::from(expected)).norm();
    assert!(
        error < 1e-9,
        "position {:?}, expected {expected:?}",
        pose.translation.vector
    );
}

#[test]
fn panda_loads_with_its_structure() {
    let model = panda();
    assert_eq!(model.name(), "panda");
    assert_eq!(
        model.nq(),
        8,
        "7 arm joints + finger 1 (finger 2 mimics it)"
    );
    let j4 = model.joint(model.joint_id("panda_joint4").expect("j4"));
    assert_eq!((j4.limits().lower, j4.limits().upper), (-3.0718, -0.0698));
    assert_eq!(j4.limits().velocity, 2.175);
    let finger2 = model.joint(model.joint_id("panda_finger_joint2").expect("f2"));
    assert!(finger2.mimic().is_some() && finger2.nq() == 0);
    let link1 = model.link(model.link_id("panda_link1").expect("link1"));
    assert_eq!(link1.inertial().mass, 4.970684);
    assert!(
        (link1.inertial().com.coords - Vector3::new(0.003875, 0.002081, -0.04762)).norm() < 1e-15
    );
}

#[test]
fn panda_forward_kinematics_matches_hand_computation() {
    let model = panda();
    // q = 0. Joint origins, in order: z+0.333 (link1); rpy x-90° (link2); (0,-0.316,0) which
    // Rx(-90°) maps to z+0.316, then rpy x+90° cancels it (link3 at z 0.649, R = I);
    // (0.0825,0,0) and Rx(90°) (link4); (-0.0825,0.384,0) mapped by Rx(90°) to
    // (-0.0825,0,0.384), rpy x-90° (link5 at (0,0,1.033), R = I); rpy x+90° (link6);
    // (0.088,0,0), rpy x+90° (link7 at (0.088,0,1.033), R = Rx(180°)); z+0.107 mapped by
    // Rx(180°) to z-0.107 (link8 at z 0.926); hand turns -45° about z; the TCP is z+0.1034
    // in the hand frame, i.e. z-0.1034 in the world: (0.088, 0, 0.8226).
    let zero = pose_at(&model, &[], "panda_hand_tcp");
    assert_position(&zero, [0.088, 0.0, 0.8226]);
    assert_position(&pose_at(&model, &[], "panda_link8"), [0.088, 0.0, 0.926]);
    let expected = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), PI)
        * UnitQuaternion::from_axis_angle(&Vector3::z_axis(), -PI / 4.0);
    assert!(zero.rotation.angle_to(&expected) < 1e-12);
    // q1 = 90°: everything turns about the base z axis: (0, 0.088, 0.8226).
    assert_position(
        &pose_at(&model, &[("panda_joint1", FRAC_PI_2)], "panda_hand_tcp"),
        [0.0, 0.088, 0.8226],
    );
    // q4 = -90°: link4 at (0.0825, 0, 0.649) with R4 = Rx(90°) Rz(-90°). The joint-5 origin
    // (-0.0825, 0.384, 0) becomes (0.384, 0.0825, 0) under Rz(-90°) and (0.384, 0, 0.0825)
    // under Rx(90°): link5 at (0.4665, 0, 0.7315) with R5 = R4 Rx(-90°) = Ry(90°). Link7 is
    // 0.088 along R6 x = R5 x = -z: (0.4665, 0, 0.6435), R7 = R5 Rx(180°), whose z axis is
    // -x. Then 0.107 + 0.1034 along -x: TCP at (0.2561, 0, 0.6435), pointing along -x.
    let bent = pose_at(&model, &[("panda_joint4", -FRAC_PI_2)], "panda_hand_tcp");
    assert_position(&bent, [0.2561, 0.0, 0.6435]);
    assert!((bent.rotation * Vector3::z() - Vector3::new(-1.0, 0.0, 0.0)).norm() < 1e-12);
    // The fingers: joint at z+0.0584 in the hand frame; finger 1 slides along hand +y and
    // finger 2 along -y by the same amount (mimic), so they move apart symmetrically.
    let left = pose_at(&model, &[("panda_finger_joint1", 0.03)], "panda_leftfinger");
    let right = pose_at(
        &model,
        &[("panda_finger_joint1", 0.03)],
        "panda_rightfinger",
    );
    assert!(((left.translation.vector - right.translation.vector).norm() - 0.06).abs() < 1e-12);
    assert_position(
        &Isometry3::from_parts(
            ((left.translation.vector + right.translation.vector) / 2.0).into(),
            left.rotation,
        ),
        [0.088, 0.0, 0.926 - 0.0584],
    );
}

#[test]
fn ur5_forward_kinematics_matches_hand_computation() {
    let model = ur5();
    assert_eq!(model.nq(), 6);
    // q = 0: shoulder at z 0.089159; shoulder_lift origin (0, 0.13585, 0) with Ry(90°);
    // elbow origin (0, -0.1197, 0.425) maps under Ry(90°) to (0.425, -0.1197, 0); wrist_1
    // origin z+0.39225 maps to x+0.39225, then Ry(90°) again (R = Ry(180°)); wrist_2
    // y+0.093; wrist_3 z+0.09465 maps to z-0.09465; tool0 y+0.0823.
    // tool0 at (0.81725, 0.19145, -0.005491), R = Ry(180°) Rx(-90°).
    let zero = pose_at(&model, &[], "tool0");
    assert_position(&zero, [0.81725, 0.19145, -0.005491]);
    let expected = UnitQuaternion::from_axis_angle(&Vector3::y_axis(), PI)
        * UnitQuaternion::from_axis_angle(&Vector3::x_axis(), -FRAC_PI_2);
    assert!(zero.rotation.angle_to(&expected) < 1e-9);
    // shoulder_lift = -90°: the upper arm points up (R = I), the forearm too; the wrist
    // frames are then Ry(90°): tool0 at (0.09465, 0.19145, 0.089159 + 0.425 + 0.39225).
    let up = pose_at(&model, &[("shoulder_lift_joint", -FRAC_PI_2)], "tool0");
    assert_position(&up, [0.09465, 0.19145, 0.906409]);
    // shoulder_pan = 90° turns the zero pose about z: (x, y) -> (-y, x).
    assert_position(
        &pose_at(&model, &[("shoulder_pan_joint", FRAC_PI_2)], "tool0"),
        [-0.19145, 0.81725, -0.005491],
    );
}

#[test]
fn solo12_forward_kinematics_matches_hand_computation() {
    let model = solo12(RootJoint::Fixed, false);
    assert_eq!(model.nq(), 12);
    // FL leg: HAA at (0.1946, 0.0875, 0) about x, HFE at (0, 0.014, 0) about y, KFE at
    // (0, 0.03745, -0.16) about y, foot at (0, 0.008, -0.16).
    assert_position(&pose_at(&model, &[], "FL_FOOT"), [0.1946, 0.14695, -0.32]);
    // HFE = 90°: Ry(90°) maps (x, y, z) to (z, y, -x); the leg below the hip points along -x.
    assert_position(
        &pose_at(&model, &[("FL_HFE", FRAC_PI_2)], "FL_FOOT"),
        [0.1946 - 0.32, 0.14695, 0.0],
    );
    // HAA = 90°: Rx(90°) maps (0, 0.05945, -0.32) to (0, 0.32, 0.05945).
    assert_position(
        &pose_at(&model, &[("FL_HAA", FRAC_PI_2)], "FL_FOOT"),
        [0.1946, 0.4075, 0.05945],
    );
    // KFE = -90° with the upper leg straight: the lower leg (0, 0.008, -0.16) turns to
    // (0.16, 0.008, 0) from the knee at (0.1946, 0.13895, -0.16).
    assert_position(
        &pose_at(&model, &[("FL_KFE", -FRAC_PI_2)], "FL_FOOT"),
        [0.3546, 0.14695, -0.16],
    );
}

#[test]
fn solo12_floating_base_puts_seven_values_first() {
    let model = solo12(RootJoint::Floating, false);
    assert_eq!((model.nq(), model.nv()), (19, 18));
    let layout = model.configuration_layout();
    assert_eq!(layout[0].joint, "root_joint");
    assert_eq!(
        (layout[0].kind, layout[0].nq, layout[0].nv),
        (JointKind::Floating, 7, 6)
    );
    assert_eq!(
        model.joint(model.joint_id("FL_HAA").expect("haa")).idx_q(),
        7
    );
    // Base at (1, 2, 3), turned 90° about z (quaternion w, x, y, z = cos 45°, 0, 0, sin 45°):
    // the FL foot (0.1946, 0.14695, -0.32) maps to (1 - 0.14695, 2 + 0.1946, 3 - 0.32).
    let mut q = model.neutral_configuration();
    let s = FRAC_PI_2.sin() / 2f64.sqrt();
    q.as_mut_slice()[..7].copy_from_slice(&[1.0, 2.0, 3.0, s, 0.0, 0.0, s]);
    assert_position(&pose_at_q(&model, &q, "FL_FOOT"), [0.85305, 2.1946, 2.68]);
}

#[test]
fn solo12_meshes_load_once_per_file_and_scale() {
    let model = solo12(RootJoint::Fixed, true);
    let mut files = Vec::new();
    for link in model.links() {
        assert_eq!(link.visuals().len(), link.collisions().len());
        for (visual, collision) in link.visuals().iter().zip(link.collisions()) {
            let (ShapeKind::Mesh(v), ShapeKind::Mesh(c)) =
                (visual.shape.kind(), collision.shape.kind())
            else {
                panic!("{}: expected meshes", link.name());
            };
            assert!(
                Arc::ptr_eq(v, c),
                "{}: visual and collision share one mesh",
                link.name()
            );
            if !files.iter().any(|f| Arc::ptr_eq(f, v)) {
                files.push(Arc::clone(v));
            }
        }
    }
    assert_eq!(files.len(), 10, "10 distinct mesh files");
    let shoulder = model.link(model.link_id("FL_SHOULDER").expect("shoulder"));
    assert!(
        (shoulder.visuals()[0].local_pose.translation.vector - Vector3::new(0.0195, 0.0, 0.0))
            .norm()
            < 1e-15
    );
}

const PACKAGE_URDF: &str = r#"<robot name="meshy">
  <link name="base">
    <visual><geometry><mesh filename="package://my_pkg/meshes/foot.stl" scale="2 2 2"/></geometry></visual>
    <collision><origin xyz="0 0 0.5"/><geometry><mesh filename="package://my_pkg/meshes/foot.stl" scale="2 2 2"/></geometry></collision>
    <collision><geometry><mesh filename="package://my_pkg/meshes/foot.stl"/></geometry></collision>
    <collision><geometry><cylinder radius="0.1" length="0.4"/></geometry></collision>
    <collision><geometry><box size="0.2 0.4 0.6"/></geometry></collision>
    <collision><geometry><sphere radius="0.3"/></geometry></collision>
  </link>
</robot>"#;

#[test]
fn package_meshes_resolve_through_the_search_path_with_scale() {
    let dir = tempfile::tempdir().expect("temp dir");
    let meshes = dir.path().join("my_pkg").join("meshes");
    std::fs::create_dir_all(&meshes).expect("mkdir");
    std::fs::copy(
        robot("solo12/meshes/stl/with_foot/solo_foot.stl"),
        meshes.join("foot.stl"),
    )
    .expect("copy");
    // Without a search path the package cannot be found, and the error names the link.
    let err = load_str(PACKAGE_URDF, &UrdfOptions::default()).expect_err("no search path");
    assert!(
        matches!(err, KinematicsError::MeshNotFound { .. })
            && err.to_string().contains("link \"base\""),
        "{err}"
    );
    let options = UrdfOptions {
        package_paths: vec![dir.path().to_path_buf()],
        ..UrdfOptions::default()
    };
    let model = load_str(PACKAGE_URDF, &options).expect("loads");
    let link = model.link(model.root_link());
    let mesh = |shape: &ShapeKind| match shape {
        ShapeKind::Mesh(m) => Arc::clone(m),
        other => panic!("expected a mesh, got {}", other.name()),
    };
    let scaled = mesh(link.visuals()[0].shape.kind());
    assert!(Arc::ptr_eq(
        &scaled,
        &mesh(link.collisions()[0].shape.kind())
    ));
    let unscaled = mesh(link.collisions()[1].shape.kind());
    assert!(!Arc::ptr_eq(&scaled, &unscaled));
    let (lo, hi) = unscaled.bounds();
    let (slo, shi) = scaled.bounds();
    assert!(
        (slo.coords - lo.coords * 2.0).norm() < 1e-12
            && (shi.coords - hi.coords * 2.0).norm() < 1e-12
    );
    assert!((link.collisions()[0].local_pose.translation.vector.z - 0.5).abs() < 1e-15);
    match link.collisions()[2].shape.kind() {
        ShapeKind::Cylinder {
            radius,
            half_length,
        } => assert_eq!((*radius, *half_length), (0.1, 0.2)),
        other => panic!("expected a cylinder, got {}", other.name()),
    }
    match link.collisions()[3].shape.kind() {
        ShapeKind::Cuboid { half_extents } => {
            assert_eq!(*half_extents, Vector3::new(0.1, 0.2, 0.3))
        }
        other => panic!("expected a box, got {}", other.name()),
    }
    match link.collisions()[4].shape.kind() {
        ShapeKind::Sphere { radius } => assert_eq!(*radius, 0.3),
        other => panic!("expected a sphere, got {}", other.name()),
    }
}

fn load_error(text: &str) -> String {
    load_str(text, &UrdfOptions::default())
        .expect_err("malformed URDF must fail")
        .to_string()
}

fn two_links(joint: &str) -> String {
    format!(r#"<robot name="r"><link name="a"/><link name="b"/>{joint}</robot>"#)
}

#[test]
fn malformed_urdfs_give_errors_that_name_the_element() {
    let cases: Vec<(String, &[&str])> = vec![
        ("<robot name=\"r\"><link name=\"a\"></robot>".into(), &["cannot parse URDF"]),
        ("<model/>".into(), &["<robot>"]),
        (two_links(r#"<joint name="j" type="revolute"><child link="b"/><limit lower="0" upper="1" velocity="1"/></joint>"#), &["joint \"j\"", "parent"]),
        (two_links(r#"<joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint>"#), &["joint \"j\"", "limit"]),
        (two_links(r#"<joint name="j" type="hinge"><parent link="a"/><child link="b"/></joint>"#), &["joint \"j\"", "hinge"]),
        (two_links(r#"<joint name="j" type="planar"><parent link="a"/><child link="b"/></joint>"#), &["joint \"j\"", "planar"]),
        (two_links(r#"<joint name="j" type="fixed"><origin xyz="0 zero 0"/><parent link="a"/><child link="b"/></joint>"#), &["joint \"j\" > origin", "xyz"]),
        (two_links(r#"<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 0"/><limit lower="0" upper="1" velocity="1"/></joint>"#), &["joint \"j\" > axis"]),
        (two_links(r#"<joint name="j" type="fixed"><parent link="a"/><child link="c"/></joint>"#), &["joint \"j\"", "\"c\""]),
        (two_links(""), &["root links", "a, b"]),
        (r#"<robot name="r"><link name="a"/><link name="a"/></robot>"#.into(), &["duplicate link", "\"a\""]),
        (r#"<robot name="r"><link name="a"><inertial><mass value="1"/></inertial></link></robot>"#.into(), &["link \"a\" > inertial", "inertia"]),
        (r#"<robot name="r"><link name="a"><collision><geometry><sphere radius="0"/></geometry></collision></link></robot>"#.into(), &["link \"a\" > collision #1", "radius"]),
        (r#"<robot name="r"><link name="a"><visual><geometry><cone radius="1"/></geometry></visual></link></robot>"#.into(), &["link \"a\" > visual #1", "cone"]),
        // Finite but absurd lengths are outside geometry's range (MAX_LENGTH = 1e10 m).
        (two_links(r#"<joint name="j" type="fixed"><origin xyz="0 0 1e300"/><parent link="a"/><child link="b"/></joint>"#), &["joint \"j\"", "origin translation[2] is 1e300", "outside the accepted range"]),
        (r#"<robot name="r"><link name="a"><collision><geometry><sphere radius="1e300"/></geometry></collision></link></robot>"#.into(), &["link \"a\" > collision #1", "radius", "outside the accepted range"]),
        (r#"<robot name="r"><link name="a"><collision><origin xyz="-2e10 0 0"/><geometry><sphere radius="1"/></geometry></collision></link></robot>"#.into(), &["link \"a\" > collision #1", "translation x is -2e10"]),
        (r#"<robot name="r"><link name="a"><visual><geometry><mesh filename="x.stl"/></geometry></visual></link></robot>"#.into(), &["link \"a\" > visual #1", "base_dir"]),
        (r#"<robot name="r"><link><visual/></link></robot>"#.into(), &["link", "name"]),
        // Found by the mutation test (seed 20261125, input #44): a colour of three numbers
        // reached urdf-rs, whose error names no line.
        (r#"<robot name="r"><material name="m"><color rgba="0.8 0.8 0.8"/></material><link name="a"/></robot>"#.into(), &["material > color", "rgba", "4 finite numbers", "line 1"]),
        (r#"<robot name="r"><link name="a"><visual><geometry><box size="1 1 1"/></geometry><material name="m"><color rgba="1 0 0 nan"/></material></visual></link></robot>"#.into(), &["material > color", "rgba"]),
        // Found by the mutation test (seed 20261125, input #32): a negative mass was refused
        // without a line.
        ("<robot name=\"r\">\n<link name=\"a\"><inertial>\n<mass value=\"-10.5\"/><inertia ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/></inertial></link></robot>".into(), &["link \"a\" > inertial > mass", "mass -10.5 is negative", "(line 3)"]),
    ];
    for (text, needles) in cases {
        let message = load_error(&text);
        for needle in needles {
            assert!(
                message.contains(needle),
                "error for {text}\n  was: {message}\n  lacks: {needle}"
            );
        }
    }
}

#[test]
fn lengths_at_the_geometry_range_limit_load() {
    let text = two_links(
        r#"<joint name="j" type="fixed"><origin xyz="0 0 1e10"/><parent link="a"/><child link="b"/></joint>"#,
    );
    let model = load_str(&text, &UrdfOptions::default()).expect("origin at the limit");
    assert_position(&pose_at(&model, &[], "b"), [0.0, 0.0, 1e10]);
}

#[test]
fn errors_give_the_line_of_the_element() {
    let text = "<robot name=\"r\">\n<link name=\"a\"/>\n<link name=\"b\"/>\n<joint name=\"j\" type=\"revolute\">\n<parent link=\"a\"/><child link=\"b\"/>\n</joint>\n</robot>";
    let message = load_error(text);
    assert!(message.contains("(line 4)"), "{message}");
}

#[test]
fn missing_files_are_file_errors() {
    let err =
        load_file("/nonexistent/robot.urdf", &UrdfOptions::default()).expect_err("missing file");
    assert!(
        matches!(
            err,
            KinematicsError::File {
                source: morsel_geometry::FileAccessError::NotFound { .. },
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn load_file_with_meshes_lists_each_mesh_the_urdf_names_once() {
    // Independent list: every `filename="..."` in the file, resolved against its folder.
    let path = robot("solo12/solo12.urdf");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut expected: Vec<std::path::PathBuf> = text
        .split("filename=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .map(|name| path.parent().unwrap().join(name).canonicalize().unwrap())
        .collect();
    expected.sort();
    expected.dedup();
    let options = UrdfOptions::default();
    let (model, meshes) = morsel_kinematics::urdf::load_file_with_meshes(&path, &options).unwrap();
    assert_eq!(meshes, expected);
    assert_eq!(model.nq(), load_file(&path, &options).unwrap().nq());
}

/// What Pinocchio tolerates, Morsel tolerates too: a `<mimic>` on a fixed joint or naming no
/// joint is ignored with a warning naming the line (the joint keeps its own value), and
/// visual-only oddities (an empty `<texture/>`, unknown material attributes) do not matter.
#[test]
fn mimics_pinocchio_ignores_and_visual_oddities_are_tolerated() {
    let text = r#"<robot name="r">
  <material name="shiny" gloss="0.4"><color rgba="1 0 0 1"/><texture/></material>
  <link name="a"><visual><geometry><box size="1 1 1"/></geometry>
    <material name="m" custom="yes"><texture/></material></visual></link>
  <link name="b"/><link name="c"/><link name="d"/>
  <joint name="lead" type="revolute"><parent link="a"/><child link="b"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
  <joint name="welded" type="fixed"><parent link="b"/><child link="c"/>
    <origin xyz="0 0 1"/><mimic joint="lead"/></joint>
  <joint name="orphan" type="revolute"><parent link="c"/><child link="d"/>
    <axis xyz="0 0 1"/><limit lower="-2" upper="2" effort="1" velocity="1"/>
    <mimic joint="nobody" multiplier="2"/></joint>
</robot>"#;
    let model = load_str(text, &UrdfOptions::default()).expect("loads as in Pinocchio");
    // lead and orphan each own a value; welded stays fixed.
    assert_eq!(model.nq(), 2);
    let orphan = model.joint(model.joint_id("orphan").expect("orphan"));
    assert!(orphan.mimic().is_none() && orphan.nq() == 1);
    let warnings = model.load_warnings();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(warnings[0].contains("line 8") && warnings[0].contains("\"welded\" is fixed"));
    assert!(warnings[1].contains("line 10") && warnings[1].contains("\"nobody\""));
    // The orphan turns on its own: at q = [0, pi/2] the d frame is turned a quarter about z.
    let d = pose_at(&model, &[("orphan", FRAC_PI_2)], "d");
    assert!((d.rotation.angle() - FRAC_PI_2).abs() < 1e-12);
    assert!((d.translation.vector - Vector3::new(0.0, 0.0, 1.0)).norm() < 1e-15);
    assert!(
        load_str(&two_links(""), &UrdfOptions::default())
            .is_err_and(|e| e.to_string().contains("root"))
    );
}
