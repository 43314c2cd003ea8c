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
