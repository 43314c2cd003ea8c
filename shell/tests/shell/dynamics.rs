//! The dynamics script API: a scripted pendulum against its closed forms, the identities that
//! tie rnea, aba, mass_matrix and the energies together on Solo-12, velocity_names of a free
//! joint, external wrenches, and one test per bad input.

use crate::{Bench, assert_fails_at, workspace_root};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

#[test]
fn a_scripted_pendulum_matches_its_closed_forms() {
    // A 2 kg point 0.7 m out along x on a hinge about y: a positive turn lowers it.
    let (m, l, theta, omega) = (2.0, 0.7, 0.4_f64, 1.3);
    let mut b = Bench::new();
    let out = b.run(&format!(
        "let arm = armature(\"base\")
            .revolute(\"hinge\", #{{ axis: [0, 1, 0], limits: [-3, 3] }})
            .fixed(\"bob\", #{{ origin: [{l}, 0, 0], mass: {m} }});
        print(velocity_names(arm));
        print(gravity_torques(arm, [{theta}]));
        print(mass_matrix(arm, [{theta}]));
        print(aba(arm, [{theta}], [{omega}], [0.0]));
        print(kinetic_energy(arm, [{theta}], [{omega}]));
        print(centroidal_momentum(arm, [{theta}], [{omega}]).linear);
        print(rnea(arm, [{theta}], [0.0], [0.0], #{{ external: [#{{ link: \"bob\", force: [0, 0, 19.62] }}] }}));"
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "[\"hinge\"]", "{out}");
    // Printed with 10 significant digits.
    let near = |a: f64, b: f64| (a - b).abs() <= 1e-8 * b.abs().max(1.0);
    let g = -m * 9.81 * l * theta.cos();
    assert!(near(numbers(lines[1])[0], g), "{out}");
    assert!(near(numbers(lines[2])[0], m * l * l), "{out}");
    assert!(near(numbers(lines[3])[0], -g / (m * l * l)), "{out}");
    assert!(
        near(numbers(lines[4])[0], 0.5 * m * l * l * omega * omega),
        "{out}"
    );
    let p = numbers(lines[5]);
    assert!(
        near((p[0] * p[0] + p[2] * p[2]).sqrt(), m * l * omega),
        "{out}"
    );
    // An upward push of m g on the bob holds it: no torque needed.
    assert!(numbers(lines[6])[0].abs() < 1e-9, "{out}");
}

#[test]
fn solo12_rnea_aba_and_the_mass_matrix_agree() {
    let mut b = Bench::new();
    let urdf = std::fs::read_to_string(workspace_root().join("assets/robots/solo12/solo12.urdf"))
        .expect("solo12 urdf");
    b.write("solo12.urdf", &urdf);
    let out = b.run(
        "let solo = urdf(\"solo12.urdf\", #{ floating: true, geometry: false });
        let q = solo.q;
        q[2] = 0.3; q[8] = 0.7; q[9] = -1.4;
        let v = []; let tau = [];
        for i in 0..18 { v.push(0.1 * i - 0.8); tau.push(0.2 - 0.03 * i); }
        let a = aba(solo, q, v, tau);
        let back = rnea(solo, q, v, a);
        let worst = 0.0;
        for i in 0..18 { let d = back[i] - tau[i]; if d < 0.0 { d = -d; } if d > worst { worst = d; } }
        print(worst);
        let m = mass_matrix(solo, q);
        let h = nonlinear_effects(solo, q, v);
        let t = 0.0;
        for i in 0..18 { for j in 0..18 { t += 0.5 * v[i] * m[i][j] * v[j]; } }
        let dt = t - kinetic_energy(solo, q, v); if dt < 0.0 { dt = -dt; } print(dt);
        print(velocity_names(solo).extract(0, 6));
        print(inverse_mass_matrix(solo, q).len());
        print(centroidal_map(solo, q).len());
        print(potential_energy(solo, q) > 0.0);",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(numbers(lines[0])[0] < 1e-9, "{out}");
    assert!(numbers(lines[1])[0] < 1e-9, "{out}");
    assert_eq!(
        lines[2],
        "[\"root_joint.vx\", \"root_joint.vy\", \"root_joint.vz\", \"root_joint.wx\", \"root_joint.wy\", \"root_joint.wz\"]",
        "{out}"
    );
    assert_eq!(lines[3], "18", "{out}");
    assert_eq!(lines[4], "6", "{out}");
    assert_eq!(lines[5], "true", "{out}");
}

#[test]
fn bad_dynamics_input_is_an_error_naming_the_argument() {
    let mut b = Bench::new();
    let arm = "let arm = armature(\"base\").revolute(\"j\", #{ axis: [0, 0, 1], limits: [-3, 3] }).fixed(\"tip\", #{ origin: [0.5, 0, 0], mass: 1.0 });\n";
    let d = b.fail(&format!("{arm}rnea(arm, [0.0], [0.0, 1.0], [0.0]);"));
    assert_fails_at(&d, "velocity v", 2);
    let d = b.fail(&format!("{arm}aba(arm, [0.0], [0.0], [\"x\"]);"));
    assert_fails_at(&d, "tau", 2);
    let d = b.fail(&format!(
        "{arm}rnea(arm, [0.0], [0.0], [0.0], #{{ external: [#{{ link: \"nope\" }}] }});"
    ));
    assert_fails_at(&d, "nope", 2);
    let d = b.fail(&format!(
        "{arm}rnea(arm, [0.0], [0.0], [0.0], #{{ extrnal: [] }});"
    ));
    assert_fails_at(&d, "extrnal", 2);
    let massless =
        "let arm = armature(\"base\").revolute(\"j\", #{ axis: [0, 0, 1], limits: [-3, 3] });\n";
    let d = b.fail(&format!("{massless}aba(arm, [0.0], [0.0], [0.0]);"));
    assert_fails_at(&d, "nothing to move", 2);
}

/// `stance_torques` on a floating robot standing on four feet (gymnasium's MuJoCo ant): the
/// free joint's six values are what the distribution leaves unbalanced (zero to the solver's
/// tolerance, by Newton–Euler: the stance carries the robot's own mass and CoM), and the leg
/// torques equal `g(q) − Σ Jᵀ f` computed a second way, from each foot link's Jacobian.
#[test]
fn stance_torques_balance_a_floating_ant_and_match_the_jacobian_transpose() {
    let mut b = Bench::new();
    let ant = std::fs::read_to_string(workspace_root().join("assets/robots/gymnasium/ant.xml"))
        .expect("ant.xml");
    b.write("ant.xml", &ant);
    let out = b.run(
        r#"
        let r = mjcf("ant.xml");
        let feet = ["body4", "body7", "body10", "body13"];
        let contacts = feet.map(|f| contact(#{ shape: [0.02, 0.02], friction: 0.7, link: f,
                                              orientation: "world" }));
        let st = stance(r, #{ contacts: contacts });
        let t = stance_torques(st);
        print(t.distribution.status);
        print(t.torques.len() == velocity_names(r).len());
        print(t.within_limits);
        let weight = st.mass * st.gravity;
        let base = 0.0;
        for k in 0..6 { base = max(base, abs(t.torques[k])); }
        print(base / weight);
        let q = r.q;
        let tau = gravity_torques(r, q);
        for w in t.distribution.wrenches {
            let link = feet[w.index];
            let j = jacobian(r, link, q, "local_world_aligned");
            // The wrench is at the contact point, which is the link's origin here.
            for c in 0..tau.len() {
                for k in 0..6 { tau[c] -= j[k][c] * w.world[k]; }
            }
        }
        let gap = 0.0;
        for c in 6..tau.len() { gap = max(gap, abs(tau[c] - t.torques[c])); }
        print(gap);
        let g = t.gravity_torques;
        let same = true;
        for c in 0..g.len() { same = same && g[c] == gravity_torques(r, q)[c]; }
        print(same);
        "#,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..3], ["solved", "true", "true"], "{out}");
    let base: f64 = lines[3].parse().expect("base residual");
    assert!(base < 1e-6, "base residual {base} of the weight\n{out}");
    let gap: f64 = lines[4].parse().expect("gap");
    assert!(gap < 1e-9, "RNEA vs Jacobian transpose {gap}\n{out}");
    assert_eq!(lines[5], "true", "{out}");
}

/// A fixed arm holding a load at its tip: the torques against closed forms, the effort limit
/// check, and the errors (a contact on no robot, an infeasible stance).
#[test]
fn stance_torques_of_an_arm_check_effort_limits() {
    let mut b = Bench::new();
    // A horizontal 1 m link of 2 kg (CoM at 0.5 m) on a hinge about y, and a contact at its
    // tip pushing up. Gravity's moment about y is (0.5, 0, 0) x (0, 0, -m g) = +m g 0.5, so the
    // torque that holds the bar is -m g 0.5; the contact's up force f at (1, 0, 0) has moment
    // -f, which the joint no longer has to give: tau = -m g 0.5 + f.
    b.write(
        "arm.urdf",
        r#"<robot name="arm">
          <link name="base"/>
          <link name="bar"><inertial><origin xyz="0.5 0 0"/><mass value="2"/>
            <inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
          <joint name="shoulder" type="revolute"><parent link="base"/><child link="bar"/>
            <axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="5" velocity="1"/></joint>
          <link name="tip"/>
          <joint name="tip_joint" type="fixed"><parent link="bar"/><child link="tip"/>
            <origin xyz="1 0 0"/></joint>
        </robot>"#,
    );
    let out = b.run(
        r#"
        let r = urdf("arm.urdf");
        let c = contact(#{ shape: [0.01, 0.01], friction: 0.5, link: "tip" });
        // The stance's CoM right above the tip: the whole weight goes through the tip contact.
        let st = stance(r, #{ contacts: [c], com: [1.0, 0.0, 0.0], mass: 3.0 });
        let t = stance_torques(st);
        print(t.names);
        print(t.gravity_torques[0]);
        print(t.torques[0]);
        print(t.limits[0]);
        print(t.exceeded);
        print(t.utilisation);
        "#,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "[\"shoulder\"]", "{out}");
    let g: f64 = lines[1].parse().expect("g");
    assert!((g + 2.0 * 9.81 * 0.5).abs() < 1e-12, "{out}");
    let tau: f64 = lines[2].parse().expect("tau");
    // 3 kg x 9.81 through the tip, 1 m from the axis.
    assert!(
        (tau - (-2.0 * 9.81 * 0.5 + 3.0 * 9.81)).abs() < 1e-6,
        "{out}"
    );
    assert_eq!(lines[3], "5.0", "{out}");
    assert_eq!(lines[4], "[\"shoulder\"]", "{out}");
    let u: f64 = lines[5].parse().expect("utilisation");
    assert!((u - tau.abs() / 5.0).abs() < 1e-9, "{out}");

    let d = b.fail(
        r#"let r = urdf("arm.urdf");
let free = contact(#{ shape: [0.01, 0.01], friction: 0.5, pos: [1, 0, 0] });
stance_torques(stance(#{ contacts: [free], com: [1.0, 0.0, 0.2], mass: 1.0 }));"#,
    );
    assert_fails_at(&d, "contact 0 is not bound", 3);
    let d = b.fail(
        r#"let r = urdf("arm.urdf");
let c = contact(#{ shape: [0.01, 0.01], friction: 0.5, link: "tip" });
stance_torques(stance(r, #{ contacts: [c], com: [3.0, 0.0, 0.0], mass: 1.0 }));"#,
    );
    assert_fails_at(&d, "cannot be held", 3);
}
