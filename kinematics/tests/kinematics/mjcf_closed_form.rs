//! The MJCF loader against closed forms derived by hand.

use std::f64::consts::{FRAC_PI_2, PI};

use approx::assert_relative_eq;
use morsel_kinematics::mjcf::{configuration_from_joint_values, load_str};
use morsel_kinematics::{
    Data, JacobianConvention, JointKind, LinkId, Model, center_of_mass, forward_kinematics,
    frame_jacobian, integrate,
};
use nalgebra::{DVector, Matrix6xX, UnitQuaternion, Vector3};

fn load(text: &str) -> Model {
    load_str(text, std::env::temp_dir()).unwrap_or_else(|e| panic!("{e}"))
}

fn q_of(model: &Model, values: &[(&str, &[f64])]) -> DVector<f64> {
    configuration_from_joint_values(model, values.iter().copied()).expect("configuration")
}

#[test]
fn capsule_mass_is_density_times_volume() {
    let model = load(
        r#"<mujoco><worldbody><body name="b" pos="0 0 1">
             <joint type="slide"/>
             <geom type="capsule" size="0.05 0.2" density="500" pos="0.1 0 0"/>
             <geom type="box" size="0.1 0.2 0.3" mass="2" pos="-0.1 0 0"/>
           </body></worldbody></mujoco>"#,
    );
    let (r, half) = (0.05, 0.2);
    let capsule = 500.0 * (PI * r * r * 2.0 * half + 4.0 / 3.0 * PI * r * r * r);
    assert_relative_eq!(model.total_mass(), capsule + 2.0, max_relative = 1e-12);
    let mut data = Data::new(&model);
    let q = model.reference_configuration().clone();
    let com = center_of_mass(&model, &mut data, q.as_slice()).expect("com");
    let expected_x = (capsule * 0.1 - 2.0 * 0.1) / (capsule + 2.0);
    assert_relative_eq!(
        com.coords,
        Vector3::new(expected_x, 0.0, 1.0),
        epsilon = 1e-12
    );
}

#[test]
fn hinge_with_pos_rotates_the_body_about_its_anchor() {
    // Body at (1, 0, 0); hinge about z through (1.5, 0, 0) in the world. At 90 degrees the
    // body origin swings to anchor + Rz(90) (-0.5, 0, 0) = (1.5, -0.5, 0).
    let model = load(
        r#"<mujoco><worldbody><body name="b" pos="1 0 0">
             <joint name="j" axis="0 0 1" pos="0.5 0 0"/>
             <site name="s" pos="0 1 0"/>
           </body></worldbody></mujoco>"#,
    );
    let mut data = Data::new(&model);
    let q = q_of(&model, &[("j", &[FRAC_PI_2])]);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    let body = data.world_from_link(model.link_id("b").expect("b"));
    assert_relative_eq!(
        body.translation.vector,
        Vector3::new(1.5, -0.5, 0.0),
        epsilon = 1e-12
    );
    let rz = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), FRAC_PI_2);
    assert!(body.rotation.angle_to(&rz) < 1e-12);
    // The site at (0, 1, 0) in the body: body + Rz(90) (0, 1, 0) = (0.5, -0.5, 0).
    let site = data.world_from_frame(model.frame_id("s").expect("s"));
    assert_relative_eq!(
        site.translation.vector,
        Vector3::new(0.5, -0.5, 0.0),
        epsilon = 1e-12
    );
}

#[test]
fn ref_is_qpos0_and_angles_default_to_degrees() {
    let model = load(
        r#"<mujoco><worldbody><body name="b" euler="90 0 0">
             <joint name="j" axis="1 0 0" ref="30"/>
             <body name="c" pos="0 0 1"><joint name="k" type="slide" axis="0 0 1" ref="0.25"/></body>
           </body></worldbody></mujoco>"#,
    );
    let reference = model.reference_configuration();
    assert_relative_eq!(reference[0], PI / 6.0, epsilon = 1e-15);
    assert_relative_eq!(reference[1], 0.25, epsilon = 1e-15);
    // At qpos0 every body sits where the file puts it: b turned 90 degrees about x, so c's
    // offset (0, 0, 1) points along world -y.
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, reference.as_slice()).expect("fk");
    let c = data.world_from_link(model.link_id("c").expect("c"));
    assert_relative_eq!(
        c.translation.vector,
        Vector3::new(0.0, -1.0, 0.0),
        epsilon = 1e-12
    );
    // Moving j to ref + 90 degrees turns c's offset onto -z; k at ref + 0.5 slides 0.5 further.
    let q = q_of(&model, &[("j", &[PI / 6.0 + FRAC_PI_2]), ("k", &[0.75])]);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    let c = data.world_from_link(model.link_id("c").expect("c"));
    assert_relative_eq!(
        c.translation.vector,
        Vector3::new(0.0, 0.0, -1.5),
        epsilon = 1e-12
    );
}

#[test]
fn several_joints_on_one_body_compose_in_order() {
    // slide along x by s, then hinge about z through the body point (0, 1, 0):
    // body = T(s, 0, 0) T(0, 1, 0) Rz(t) T(0, -1, 0).
    let model = load(
        r#"<mujoco><worldbody><body name="b">
             <joint name="s" type="slide" axis="1 0 0"/>
             <joint name="t" axis="0 0 1" pos="0 1 0"/>
           </body></worldbody></mujoco>"#,
    );
    assert_eq!(model.bodies().len(), 2, "a helper link is not a body");
    // b's parent body is the world, not the helper link carrying its first joint.
    let b = model.link_id("b").expect("b");
    assert_ne!(
        model
            .link(b)
            .parent_joint()
            .map(|j| model.joint(j).parent_link()),
        Some(model.root_link())
    );
    assert_eq!(model.parent_body(b), Some(model.root_link()));
    assert_eq!(model.parent_body(model.root_link()), None);
    let (s, t) = (0.3, 0.7_f64);
    let q = q_of(&model, &[("s", &[s]), ("t", &[t])]);
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    let body = data.world_from_link(model.link_id("b").expect("b"));
    let expected = Vector3::new(s + t.sin(), 1.0 - t.cos(), 0.0);
    assert_relative_eq!(body.translation.vector, expected, epsilon = 1e-12);
}

#[test]
fn ball_and_free_joints_take_mujoco_quaternions() {
    let model = load(
        r#"<mujoco><worldbody>
             <body name="base" pos="0 0 1"><freejoint name="root"/>
               <body name="arm" pos="0 0 -0.5"><joint name="ball" type="ball" pos="0 0 0.5"/>
                 <geom size="0.1"/></body>
             </body>
           </worldbody></mujoco>"#,
    );
    let kinds: Vec<JointKind> = model
        .configuration_layout()
        .iter()
        .map(|e| e.kind)
        .collect();
    assert_eq!(kinds, vec![JointKind::Floating, JointKind::Ball]);
    assert_eq!((model.nq(), model.nv()), (11, 9));
    // qpos0: the free body where the file puts it, the ball at identity.
    let r = model.reference_configuration();
    assert_eq!(
        r.as_slice(),
        &[0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    );
    // Base at (1, 2, 3) turned 90 degrees about z; ball turned 90 degrees about x about its
    // anchor 0.5 above the arm, which is the base origin: arm = base + Rz Rx (0, 0, -0.5).
    let h = FRAC_PI_2 / 2.0;
    let q = q_of(
        &model,
        &[
            ("root", &[1.0, 2.0, 3.0, h.cos(), 0.0, 0.0, h.sin()]),
            ("ball", &[h.cos(), h.sin(), 0.0, 0.0]),
        ],
    );
    let mut data = Data::new(&model);
    forward_kinematics(&model, &mut data, q.as_slice()).expect("fk");
    let arm = data.world_from_link(model.link_id("arm").expect("arm"));
    // Rz Rx (0, 0, -0.5) = Rz (0, 0.5, 0) = (-0.5, 0, 0).
    assert_relative_eq!(
        arm.translation.vector,
        Vector3::new(0.5, 2.0, 3.0),
        epsilon = 1e-12
    );
    let expected = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), FRAC_PI_2)
        * UnitQuaternion::from_axis_angle(&Vector3::x_axis(), FRAC_PI_2);
    assert!(arm.rotation.angle_to(&expected) < 1e-12);
}

#[test]
fn ball_joint_jacobian_matches_finite_differences() {
    let model = load(
        r#"<mujoco><worldbody>
             <body name="a" pos="0.1 0.2 0.3" euler="10 20 30"><joint type="ball" pos="0 0.1 0"/>
               <geom size="0.1"/>
               <body name="b" pos="0.3 0 0"><joint axis="0 1 0"/><site name="tip" pos="0.2 0.1 0"/></body>
             </body>
           </worldbody></mujoco>"#,
    );
    let mut data = Data::new(&model);
    let q = q_of(
        &model,
        &[("joint0", &[0.8, 0.2, -0.3, 0.4]), ("joint1", &[0.5])],
    );
    let mut jac = Matrix6xX::zeros(model.nv());
    frame_jacobian(
        &model,
        &mut data,
        q.as_slice(),
        "tip",
        JacobianConvention::LocalWorldAligned,
        &mut jac,
    )
    .expect("jacobian");
    let tip = model.frame_id("tip").expect("tip");
    let eps = 1e-7;
    for k in 0..model.nv() {
        let mut v = DVector::zeros(model.nv());
        v[k] = eps;
        let mut plus = DVector::zeros(model.nq());
        integrate(&model, q.as_slice(), v.as_slice(), plus.as_mut_slice()).expect("integrate");
        v[k] = -eps;
        let mut minus = DVector::zeros(model.nq());
        integrate(&model, q.as_slice(), v.as_slice(), minus.as_mut_slice()).expect("integrate");
        forward_kinematics(&model, &mut data, plus.as_slice()).expect("fk");
        let p = *data.world_from_frame(tip);
        forward_kinematics(&model, &mut data, minus.as_slice()).expect("fk");
        let m = *data.world_from_frame(tip);
        let linear = (p.translation.vector - m.translation.vector) / (2.0 * eps);
        let angular = (p.rotation * m.rotation.inverse()).scaled_axis() / (2.0 * eps);
        for i in 0..3 {
            assert!(
                (jac[(i, k)] - linear[i]).abs() < 1e-6,
                "linear {i}, column {k}"
            );
            assert!(
                (jac[(3 + i, k)] - angular[i]).abs() < 1e-6,
                "angular {i}, column {k}"
            );
        }
    }
}

#[test]
fn unnamed_elements_take_mujoco_ids_and_filters_follow_contype() {
    let model = load(
        r#"<mujoco><worldbody>
             <geom type="plane" size="1 1 0.1"/>
             <body><joint/><geom size="0.1" contype="2" conaffinity="0"/><site/></body>
             <body name="named"><joint/><geom size="0.1" contype="1" conaffinity="2"/></body>
             <body name="other"><joint/><geom size="0.1"/></body>
           </worldbody>
           <contact><exclude body1="named" body2="other"/></contact></mujoco>"#,
    );
    let names: Vec<&str> = model
        .bodies()
        .iter()
        .map(|&l| model.link(l).name())
        .collect();
    assert_eq!(names, vec!["world", "body1", "named", "other"]);
    let geoms: Vec<&str> = model.geoms().iter().map(|g| g.name.as_str()).collect();
    assert_eq!(geoms, vec!["geom0", "geom1", "geom2", "geom3"]);
    assert!(model.joint_id("joint0").is_ok() && model.joint_id("joint2").is_ok());
    assert!(model.frame_id("site0").is_ok());
    let g = model.geoms();
    let filter = model.collision_filter();
    // body1 (contype 2) against named (conaffinity 2): allowed.
    assert!(filter.allows(&g[1], &g[2]));
    // body1 (conaffinity 0) against other (contype 1, conaffinity 1): 2 & 1 | 1 & 0 = 0.
    assert!(!filter.allows(&g[1], &g[3]));
    // named and other: excluded.
    assert!(!filter.allows(&g[2], &g[3]));
    assert_eq!(g[0].kind, "plane");
}

#[test]
fn non_colliding_pairs_are_parents_helpers_and_exclusions() {
    // world > b (two joints: a helper link carries the first) > c; world > d; exclude c-d.
    let model = load(
        r#"<mujoco><worldbody>
             <body name="b">
               <joint name="s" type="slide" axis="1 0 0"/>
               <joint name="t" axis="0 0 1"/>
               <body name="c"><joint name="u" axis="0 1 0"/></body>
             </body>
             <body name="d"/>
           </worldbody>
           <contact><exclude body1="c" body2="d"/></contact></mujoco>"#,
    );
    let id = |n: &str| model.link_id(n).expect(n);
    let world = model.root_link();
    let (b, c, d) = (id("b"), id("c"), id("d"));
    let helper = model
        .link(b)
        .parent_joint()
        .map(|j| model.joint(j).parent_link())
        .expect("b hangs from a helper link");
    assert_ne!(helper, world);
    let ordered = |x: LinkId, y: LinkId| if x <= y { (x, y) } else { (y, x) };
    let mut expected = vec![
        ordered(world, helper), // joint s
        ordered(helper, b),     // joint t
        ordered(world, b),      // b's parent body is the world
        ordered(b, c),          // joint u, and c's parent body
        ordered(world, d),      // d is welded to the world
        ordered(c, d),          // <exclude>
    ];
    expected.sort_unstable();
    expected.dedup();
    assert_eq!(model.non_colliding_link_pairs(), expected);
}

/// A joint's limited `actuatorfrcrange` is its effort limit (the larger magnitude); without
/// one, or with `actuatorfrclimited="false"`, the limit is unknown (`inf`).
#[test]
fn actuator_force_ranges_are_effort_limits() {
    let model = load(
        r#"<mujoco><default><joint actuatorfrcrange="-3 2"/></default><worldbody>
             <body name="a"><joint name="ja" type="hinge"/><geom size="0.1"/>
               <body name="b"><joint name="jb" type="slide" actuatorfrcrange="-1 7" range="-1 1"/>
                 <geom size="0.1"/>
                 <body name="c"><joint name="jc" type="hinge" actuatorfrclimited="false"/>
                   <geom size="0.1"/></body></body></body>
           </worldbody></mujoco>"#,
    );
    let effort = |name: &str| {
        model
            .joint(model.joint_id(name).expect("joint"))
            .limits()
            .effort
    };
    assert_eq!(effort("ja"), 3.0);
    assert_eq!(effort("jb"), 7.0);
    assert_eq!(effort("jc"), f64::INFINITY);
    let ja = model.joint(model.joint_id("ja").expect("ja")).limits();
    assert_eq!((ja.lower, ja.upper), (f64::NEG_INFINITY, f64::INFINITY));
    let bad = load_str(
        r#"<mujoco><worldbody><body><joint type="hinge" actuatorfrcrange="2 1"/>
             <geom size="0.1"/></body></worldbody></mujoco>"#,
        std::env::temp_dir(),
    );
    assert!(bad.unwrap_err().to_string().contains("actuatorfrcrange"));
}

/// A massless `<inertial>` may leave its inertia out (MuJoCo reads it as zero, as the
/// Menagerie's Rainbow RB-Y1 neck does); a massive one may not.
#[test]
fn a_massless_inertial_needs_no_inertia() {
    let model = load(
        r#"<mujoco><worldbody><body name="a"><joint type="hinge"/>
             <inertial pos="0 0 0" mass="0"/>
             <body name="b" pos="1 0 0"><joint type="hinge"/><geom size="0.1" mass="1"/></body>
           </body></worldbody></mujoco>"#,
    );
    assert_relative_eq!(model.total_mass(), 1.0, epsilon = 1e-12);
    let bad = load_str(
        r#"<mujoco><worldbody><body><joint type="hinge"/><inertial pos="0 0 0" mass="2"/>
             </body></worldbody></mujoco>"#,
        std::env::temp_dir(),
    );
    assert!(
        bad.unwrap_err()
            .to_string()
            .contains("diaginertia or fullinertia")
    );
}
