//! The kinematics script API: FK and Jacobians of a scripted planar chain against closed forms,
//! armature timing in a simulation, IK round trips, recordings, and one test per bad input.

use crate::{Bench, assert_fails_at, workspace_root};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

const PLANAR: &str = r#"
let arm = armature("base")
    .revolute("a", #{ axis: [0, 0, 1], limits: [-3, 3] })
    .revolute("b", #{ axis: [0, 0, 1], origin: [0.5, 0, 0], limits: [-3, 3] })
    .fixed("tip", #{ origin: [0.3, 0, 0] });
"#;

#[test]
fn fk_of_a_scripted_planar_chain_matches_the_closed_form() {
    // Numbers are printed with 10 significant digits: compared to 1e-9.
    let (l1, l2) = (0.5, 0.3);
    for (q1, q2) in [(0.3, 0.7), (-1.2, 2.5), (0.0, 0.0), (2.9, -0.4)] {
        let mut b = Bench::new();
        let out = b.run(&format!(
            "{PLANAR}
            let poses = arm.fk([{q1}, {q2}]);
            print(poses.tip.position);
            print(poses.tip.rpy[2]);
            print(arm.fk(#{{ b: {q2}, a: {q1} }}, \"b\").position);"
        ));
        let v = numbers(&out);
        let x = l1 * f64::cos(q1) + l2 * f64::cos(q1 + q2);
        let y = l1 * f64::sin(q1) + l2 * f64::sin(q1 + q2);
        assert!((v[0] - x).abs() < 1e-9, "{out}");
        assert!((v[1] - y).abs() < 1e-9, "{out}");
        assert!(v[2].abs() < 1e-9, "{out}");
        let yaw = (q1 + q2 + std::f64::consts::PI).rem_euclid(2.0 * std::f64::consts::PI)
            - std::f64::consts::PI;
        assert!((v[3] - yaw).abs() < 1e-9, "{out}");
        assert!((v[4] - l1 * f64::cos(q1)).abs() < 1e-9, "{out}");
        assert!((v[5] - l1 * f64::sin(q1)).abs() < 1e-9, "{out}");
    }
}

#[test]
fn the_planar_jacobian_matches_the_closed_form() {
    let (l1, l2, q1, q2) = (0.5, 0.3, 0.4_f64, 0.9_f64);
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{PLANAR}
        for row in arm.jacobian(\"tip\", [{q1}, {q2}], \"local_world_aligned\") {{ print(row); }}"
    ));
    let v = numbers(&out);
    let expected = [
        [-l1 * q1.sin() - l2 * (q1 + q2).sin(), -l2 * (q1 + q2).sin()],
        [l1 * q1.cos() + l2 * (q1 + q2).cos(), l2 * (q1 + q2).cos()],
        [0.0, 0.0],
        [0.0, 0.0],
        [0.0, 0.0],
        [1.0, 1.0],
    ];
    for (r, row) in expected.iter().enumerate() {
        for (c, e) in row.iter().enumerate() {
            assert!((v[2 * r + c] - e).abs() < 1e-9, "row {r} col {c}: {out}");
        }
    }
}

#[test]
fn a_rotate_finishes_on_time_without_overshoot_and_is_recorded() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{PLANAR}
        let sim = simulation(#{{ dt: 0.01 }});
        sim.add(arm);
        let rec = sim.record(pose_sensor(arm));
        arm.rotate(\"a\", 1.0);
        let peak = 0.0;
        while arm.is_moving {{ sim.step(); if arm.joints.a > peak {{ peak = arm.joints.a; }} }}
        print(sim.time);
        print(peak);
        rec.save(\"rec.csv\");
        print(rec.len);"
    ));
    let v = numbers(&out);
    // 1 rad at the default 0.8 rad/s: 1.25 s, reached within one tick.
    assert!((v[0] - 1.25).abs() <= 0.01 + 1e-9, "{out}");
    assert!(v[1] <= 1.0 + 1e-12, "overshoot: {out}");
    let csv = std::fs::read_to_string(b.out().join("rec.csv")).expect("csv");
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("time,a,b"));
    assert_eq!(lines.count() as f64, v[2]);
    // A sample per step plus the one taken when the recorder was added.
    assert!((v[2] - (v[0] / 0.01 + 1.0)).abs() < 0.5, "{out}");
}

#[test]
fn set_rotations_applies_nothing_when_a_joint_has_the_wrong_type() {
    let mut b = Bench::new();
    let d = b.fail(
        "let arm = armature(\"base\")
            .revolute(\"a\", #{ limits: [-1, 1] })
            .prismatic(\"p\", #{ limits: [0, 0.2] });
        arm.set_rotations([0.5, 0.1]);",
    );
    assert_fails_at(&d, "\"p\"", 4);
    let out = b.run(
        "let arm = armature(\"base\")
            .revolute(\"a\", #{ limits: [-1, 1] })
            .prismatic(\"p\", #{ limits: [0, 0.2] })
            .revolute(\"c\", #{ limits: [-1, 1] });
        try { arm.set_rotations([0.5, 0.1]); } catch (e) { }
        print(arm.joints.a);
        arm.set_rotations([5.0]);
        print(arm.joints.a);",
    );
    assert_eq!(numbers(&out), vec![0.0, 1.0], "{out}");
}

#[test]
fn ik_round_trips_through_fk_on_the_panda() {
    let mut b = Bench::new();
    let urdf = std::fs::read_to_string(workspace_root().join("assets/robots/panda/panda.urdf"))
        .expect("panda urdf");
    b.write("robots/panda.urdf", &urdf);
    let out = b.run(
        "let panda = urdf(\"robots/panda.urdf\", #{ geometry: false });
        let goal = panda.fk(#{ panda_joint2: 0.3, panda_joint4: -1.8, panda_joint6: 1.6 }, \"panda_hand_tcp\");
        let r = panda.ik(\"panda_hand_tcp\", goal, #{ random_seed: 3 });
        print(r.status);
        let back = panda.fk(r.q, \"panda_hand_tcp\");
        print((back.inverse() * goal).position);
        print((back.inverse() * goal).rpy);",
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("converged"), "{out}");
    let v = numbers(&lines.collect::<Vec<_>>().join(" "));
    assert_eq!(v.len(), 6, "{out}");
    assert!(v.iter().all(|x| x.abs() < 1e-4), "{out}");
}

#[test]
fn an_ik_result_applies_with_set_q_whatever_joints_the_chain_holds() {
    // The Panda's chain holds a prismatic finger besides its seven revolute joints: the IK
    // solution's q (the whole configuration) sets the robot as it is.
    let mut b = Bench::new();
    let urdf = std::fs::read_to_string(workspace_root().join("assets/robots/panda/panda.urdf"))
        .expect("panda urdf");
    b.write("robots/panda.urdf", &urdf);
    let out = b.run(
        "let panda = urdf(\"robots/panda.urdf\", #{ geometry: false });
        let goal = panda.fk(#{ panda_joint2: 0.3, panda_joint4: -1.8, panda_joint6: 1.6 }, \"panda_hand_tcp\");
        let sol = panda.ik(\"panda_hand_tcp\", goal, #{ random_seed: 3 });
        print(sol.status);
        print(sol.q.len());
        panda.set_q(sol.q);
        let now = panda.frame_pose(\"panda_hand_tcp\");
        print(norm(sub(now.position, goal.position)));
        print(norm((now.inverse() * goal).rpy));
        panda.set_q(#{ panda_joint1: 0.25 });
        print(panda.get_configurations().joints[0].position);",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "converged", "{out}");
    assert!(lines[1].parse::<usize>().expect("nq") > 7, "{out}");
    let position_error: f64 = lines[2].parse().expect("number");
    let rotation_error: f64 = lines[3].parse().expect("number");
    assert!(position_error < 1e-5, "{out}");
    assert!(rotation_error < 1e-4, "{out}");
    assert_eq!(lines[4], "0.25", "{out}");
    // Wrong lengths and unknown joints are errors that say what set_q takes.
    let d = b.fail(
        "let panda = urdf(\"robots/panda.urdf\", #{ geometry: false });\npanda.set_q([0.1, 0.2]);",
    );
    assert_eq!(d.line, Some(2), "{d}");
    let d = b.fail("let panda = urdf(\"robots/panda.urdf\", #{ geometry: false });\npanda.set_q(#{ elbow: 1.0 });");
    assert!(d.message.contains("elbow"), "{d}");
}

#[test]
fn vector_helpers_match_their_definitions() {
    let mut b = Bench::new();
    let out = b.run(
        "print(norm([3, 4]));
        print(dot([1, 2, 3], [4, -5, 6]));
        print(cross([1, 0, 0], [0, 1, 0]));
        print(cross([2, 3, 4], [5, 6, 7]));
        print(add([1, 2], [0.5, 0.25]));
        print(sub([1, 2], [0.5, 0.25]));
        print(scale([1, -2], 1.5));
        print(round_to(3.14159, 2));
        print(round_to([[1.23456, -0.0004], [2.5]], 3));
        print([0.1 + 0.2, -0.0, 1.0 / 3.0]);
        let t = 6.7250000000000005;
        print(`t = ${t} s`);",
    );
    // Cross product by its determinant formula: (3*7 - 4*6, 4*5 - 2*7, 2*6 - 3*5).
    let expected = "5.0
12.0
[0.0, 0.0, 1.0]
[-3.0, 6.0, -3.0]
[1.5, 2.25]
[0.5, 1.75]
\
                    [1.5, -3.0]
3.14
[[1.235, 0.0], [2.5]]
[0.3, 0.0, 0.3333333333]
t = 6.725 s
";
    assert_eq!(out, expected);
    for (script, needle) in [
        ("dot([1, 2], [1, 2, 3]);", "as long as `a`"),
        ("cross([1, 2], [3, 4, 5]);", "`a` of cross()"),
        ("round_to(1.5, 40);", "0 to 15"),
        ("norm([1, \"x\"]);", "`v` of norm(), element 1"),
    ] {
        let d = b.fail(script);
        assert!(d.message.contains(needle), "{script}: {d}");
    }
}

#[test]
fn a_mounted_arm_follows_the_link_it_is_appended_to() {
    let mut b = Bench::new();
    let out = b.run(
        "let cart = armature(\"cart\").prismatic(\"rail\", #{ axis: [1, 0, 0], limits: [0, 1] });
        let arm = armature(\"arm\").revolute(\"j\", #{ limits: [-1, 1] }).fixed(\"tip\", #{ origin: [0.2, 0, 0] });
        cart.place(pose([1, 2, 0]));
        cart.append(arm, \"rail\", pose([0, 0, 0.5], [0, 0, 1.5707963267948966]));
        cart.set_translation(\"rail\", 0.25);
        print(arm.placement.position);
        print(arm.frame_pose(\"tip\").position);",
    );
    let v = numbers(&out);
    let expected = [1.25, 2.0, 0.5, 1.25, 2.2, 0.5];
    for (a, e) in v.iter().zip(expected) {
        assert!((a - e).abs() < 1e-12, "{out}");
    }
}

#[test]
fn bad_kinematics_input_names_the_problem_and_the_line() {
    let mut b = Bench::new();
    let cases: [(&str, &str, usize); 9] = [
        ("arm.set_rotation(\"nope\", 0.1);", "nope", 7),
        (
            "arm.rotate(\"b\", 0.1);\narm.translate(\"a\", 0.1);",
            "\"a\"",
            8,
        ),
        ("let p = arm.fk([1.0, 2.0, 3.0]);", "3", 7),
        ("arm.trajectory(#{ points: [] });", "waypoint", 7),
        (
            "let j = arm.jacobian(\"tip\", [0, 0], \"sideways\");",
            "sideways",
            7,
        ),
        ("let r = urdf(\"missing.urdf\");", "missing.urdf", 7),
        ("arm.revolute(\"late\");", "already built", 7),
        ("let s = simulation(#{ dt: -1 });", "dt", 7),
        ("arm.set_property(\"Speed\", 1.0);", "Speed", 7),
    ];
    for (code, needle, line) in cases {
        let d = b.fail(&format!("{PLANAR}\nlet q = arm.q;\n{code}"));
        // `PLANAR` starts with a blank line, then `let q` sits on line 7.
        assert_fails_at(&d, needle, line + 1);
    }
    b.write("bad.urdf", "<robot name=\"r\"><link name=\"a\"/><joint name=\"j\" type=\"revolute\"><parent link=\"a\"/><child link=\"b\"/></joint><link name=\"b\"/></robot>");
    let d = b.fail("\nlet r = urdf(\"bad.urdf\");");
    assert_fails_at(&d, "\"j\"", 2);
    let d = b.fail("let arm = armature(\"x\")\n    .revolute(\"a\", #{ limits: [1, -1] });");
    assert_fails_at(&d, "\"a\"", 2);
    let d = b.fail("let arm = armature(\"x\").revolute(\"a\", #{ axle: [1, 0, 0] });");
    assert_fails_at(&d, "axle", 1);
}

#[test]
fn the_centre_of_mass_of_a_scripted_chain_matches_the_closed_form() {
    let (q1, q2) = (0.6_f64, -0.9_f64);
    let mut b = Bench::new();
    let out = b.run(&format!(
        "let arm = armature(\"base\")
            .revolute(\"a\", #{{ limits: [-3, 3], mass: 2.0, com: [0.25, 0, 0] }})
            .revolute(\"b\", #{{ origin: [0.5, 0, 0], limits: [-3, 3], mass: 1.0, com: [0.15, 0, 0] }});
        print(arm.com([{q1}, {q2}]));"
    ));
    let v = numbers(&out);
    let x = (2.0 * 0.25 * q1.cos() + 0.5 * q1.cos() + 0.15 * (q1 + q2).cos()) / 3.0;
    let y = (2.0 * 0.25 * q1.sin() + 0.5 * q1.sin() + 0.15 * (q1 + q2).sin()) / 3.0;
    assert!((v[0] - x).abs() < 1e-9 && (v[1] - y).abs() < 1e-9, "{out}");
    assert!(v[2].abs() < 1e-9, "{out}");
}

#[test]
fn a_floating_base_adds_seven_named_values_in_mujocos_order() {
    let mut b = Bench::new();
    let urdf = std::fs::read_to_string(workspace_root().join("assets/robots/panda/panda.urdf"))
        .expect("panda urdf");
    b.write("panda.urdf", &urdf);
    let out = b.run(
        "let fixed = urdf(\"panda.urdf\", #{ geometry: false });
        let free = urdf(\"panda.urdf\", #{ floating: true, geometry: false, package_dirs: [\".\"] });
        print(free.nq - fixed.nq);
        print(free.fk(#{}, \"panda_link0\").position);
        print(free.get_joints());
        free.set_q(#{ \"root_joint.z\": 0.5, \"root_joint.qw\": 0.0, \"root_joint.qz\": 1.0 });
        print(free.joints[\"root_joint.z\"]);
        print(free.frame_pose(\"panda_link1\").position);
        print(free.q.extract(0, 7));",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(numbers(lines[0]), vec![7.0], "{out}");
    assert_eq!(numbers(lines[1]), vec![0.0, 0.0, 0.0], "{out}");
    assert!(
        lines[2].starts_with(
            "[\"root_joint.x\", \"root_joint.y\", \"root_joint.z\", \"root_joint.qw\", \
             \"root_joint.qx\", \"root_joint.qy\", \"root_joint.qz\", \"panda_joint1\""
        ),
        "{out}"
    );
    assert_eq!(numbers(lines[3]), vec![0.5], "{out}");
    // panda_link1 sits 0.333 m above panda_link0; half a turn about z keeps it there.
    let p = numbers(lines[4]);
    assert!(
        p[0].abs() < 1e-15 && p[1].abs() < 1e-15 && (p[2] - 0.833).abs() < 1e-12,
        "{out}"
    );
    // The model's own layout is MuJoCo's qpos, as get_joints names it: quaternion w first.
    assert_eq!(
        numbers(lines[5]),
        vec![0.0, 0.0, 0.5, 0.0, 0.0, 0.0, 1.0],
        "{out}"
    );
    let d = b.fail("let free = urdf(\"panda.urdf\", #{ floating: true, geometry: false });\nfree.set_q(#{ \"root_joint.w\": 1.0 });");
    assert_fails_at(&d, "qw, qx", 2);
    let d = b.fail("let r = urdf(\"panda.urdf\", #{ package_dirs: [\"nowhere\"] });");
    assert_fails_at(&d, "nowhere", 1);
}

#[test]
fn a_position_ik_target_moved_at_speed_is_followed_by_a_planar_arm() {
    // A planar 2-joint arm cannot hold a full pose while its tip moves along x, but it can
    // follow the position: 0.2 m at 0.1 m/s takes 2 s, and the tip ends on the goal.
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{PLANAR}
        arm.set_rotation(\"a\", 0.4);
        arm.set_rotation(\"b\", 0.9);
        let sim = simulation(#{{ dt: 0.01 }});
        sim.add(arm);
        let t = arm.create_ik_targets([\"tip\"], #{{ kind: \"position\" }})[0];
        let start = arm.frame_pose(\"tip\").position;
        arm.move_IK_target(t, [-0.2, 0.0, 0.0], [0.0, 0.0, 0.0], true, 0.1, ());
        while arm.is_moving {{ sim.step(); }}
        let end = arm.frame_pose(\"tip\").position;
        print(sim.time);
        print([end[0] - start[0], end[1] - start[1]]);"
    ));
    let v = numbers(&out);
    assert!((v[0] - 2.0).abs() < 0.011, "{out}");
    assert!((v[1] + 0.2).abs() < 1e-6 && v[2].abs() < 1e-6, "{out}");
}

#[test]
fn an_unknown_ik_target_kind_is_an_error_with_its_line() {
    let mut b = Bench::new();
    let d = b
        .session
        .run_source(
            "test.rhai",
            &format!("{PLANAR}\narm.create_ik_targets([\"tip\"], #{{ kind: \"orientation\" }});"),
        )
        .expect_err("an unknown kind fails");
    assert_fails_at(&d, "\"pose\" or \"position\"", 7);
}
