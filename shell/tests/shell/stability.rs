//! The stability script API: polygons against the convex hull of the feet, distributions against
//! the gravity wrench (summed here, not by the bindings), cone matrices against each other,
//! contacts that follow a robot's links, the SVG plot, and one test per bad input.

use crate::{Bench, assert_fails_at};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

const TWO_FEET: &str = r#"
let left  = contact(#{ shape: [0.11, 0.05], pos: [0.0,  0.15, 0.0], friction: 0.7 });
let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], friction: 0.7 });
let st = stance(#{ com: [0.0, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
"#;

/// The flat two-foot polygon is the convex hull of the feet's corners: x in [-0.11, 0.11],
/// y in [-0.2, 0.2], whatever the method.
#[test]
fn flat_two_foot_polygon_is_the_hull_of_the_feet_corners() {
    for method in ["hull", "bretl", "cdd"] {
        let mut b = Bench::new();
        let out = b.run(&format!(
            "{TWO_FEET}
            let p = st.static_polygon(\"{method}\");
            print(p.status);
            for v in p.vertices {{ print(v); }}"
        ));
        assert!(out.starts_with("bounded"), "{out}");
        let v = numbers(&out);
        assert_eq!(v.len(), 8, "{method}: four vertices expected:\n{out}");
        let mut corners: Vec<(f64, f64)> = v.chunks(2).map(|c| (c[0], c[1])).collect();
        // Sorted by the quadrant, not by the raw values: x = -0.11 may come out as
        // -0.1100000000000595 on one foot and -0.11 on the other.
        corners.sort_by_key(|&(x, y)| (x > 0.0, y > 0.0));
        let expected = [(-0.11, -0.2), (-0.11, 0.2), (0.11, -0.2), (0.11, 0.2)];
        for (got, want) in corners.iter().zip(expected) {
            assert!(
                (got.0 - want.0).abs() < 1e-6 && (got.1 - want.1).abs() < 1e-6,
                "{method}: {got:?} vs {want:?}"
            );
        }
    }
}

/// Sums the distributed contact wrenches at the CoM in the script (plain arithmetic on the
/// returned arrays) and compares with [0, 0, m g, 0, 0, 0].
#[test]
fn distributed_wrenches_sum_to_the_gravity_wrench() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let cs = [
            contact(#{ shape: [0.11, 0.05], pos: [0.0, 0.15, 0.0], rpy: [0.0, 0.2, 0.0], friction: 0.5 }),
            contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], rpy: [0.0, 0.2, 0.0], friction: 0.5 }),
            contact(#{ shape: [0.04, 0.04], pos: [0.45, 0.3, 1.1], rpy: [0.0, -PI() / 2, 0.0], friction: 0.7 }),
            contact(#{ shape: [0.04, 0.04], pos: [0.45, -0.3, 1.1], rpy: [0.0, -PI() / 2, 0.0], friction: 0.7 }),
        ];
        let com = [0.1, 0.02, 0.8];
        let st = stance(#{ com: com, mass: 38.0, contacts: cs });
        let d = st.distribute();
        print(d.status);
        let net = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0];
        for w in d.wrenches {
            let p = cs[w.index].position;
            let f = w.world.extract(0, 3);
            let r = [p[0] - com[0], p[1] - com[1], p[2] - com[2]];
            let m = [r[1] * f[2] - r[2] * f[1], r[2] * f[0] - r[0] * f[2], r[0] * f[1] - r[1] * f[0]];
            for k in 0..3 { net[k] += f[k]; net[k + 3] += w.world[k + 3] + m[k]; }
        }
        print(net);
        "#,
    );
    assert!(out.starts_with("solved"), "{out}");
    let v = numbers(&out);
    let expected = [0.0, 0.0, 38.0 * 9.81, 0.0, 0.0, 0.0];
    for (got, want) in v.iter().zip(expected) {
        assert!((got - want).abs() < 1e-6, "{got} vs {want}\n{out}");
    }
}

/// `find_supporting_wrenches` with a CoM shifted towards the left foot, on feet so narrow
/// (half-width 1e-5 m) that their moments about x are at most 1e-5 times their normal forces:
/// the lever rule then holds within (100 N x 1e-5 m) / 0.3 m = 3.3e-3 N, the left foot carrying
/// (0.15 + 0.05) / 0.3 of the weight.
#[test]
fn supporting_wrenches_follow_the_lever_rule() {
    let mut b = Bench::new();
    let out = b.run(
        "let left  = contact(#{ shape: [0.11, 1e-5], pos: [0.0,  0.15, 0.0], friction: 0.7 });
        let right = contact(#{ shape: [0.11, 1e-5], pos: [0.0, -0.15, 0.0], friction: 0.7 });
        let d = find_supporting_wrenches([left, right], [0, 0, 100.0, 0, 0, 0], [0.0, 0.05, 0.8]);
        print(d.wrenches.map(|w| w.normal_force));",
    );
    let v = numbers(&out);
    let bound = 100.0 * 1e-5 / 0.3;
    assert!((v[0] - 100.0 * 0.2 / 0.3).abs() <= bound, "{out}");
    assert!((v[1] - 100.0 * 0.1 / 0.3).abs() <= bound, "{out}");
    assert!((v[0] + v[1] - 100.0).abs() < 1e-6, "{out}");
}

/// Every column of the wrench span satisfies the face inequalities (F S <= 0), and the H-rep
/// with a maximum pressure adds its row.
#[test]
fn wrench_span_columns_satisfy_the_faces() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let c = contact(#{ shape: [0.1, 0.05], pos: [0.2, -0.1, 0.3], rpy: [0.3, -0.2, 0.5], friction: 0.6, max_pressure: 500.0 });
        let s = c.wrench_span();
        let f = c.wrench_inequalities();
        let worst = -1e9;
        for i in 0..16 { for j in 0..16 {
            let dot = 0.0;
            for k in 0..6 { dot += f[i][k] * s[k][j]; }
            if dot > worst { worst = dot; }
        } }
        print(worst);
        let h = c.wrench_hrep();
        print(h.F.len());
        print(h.g[16]);
        print(c.grasp_matrix(c.position)[0][0]);
        "#,
    );
    let v = numbers(&out);
    assert!(v[0] <= 1e-12, "{out}");
    assert_eq!(v[1], 17.0, "{out}");
    assert_eq!(v[2], 500.0, "{out}");
    assert_eq!(v[3], 1.0, "{out}");
}

/// Contacts bound to a prismatic link move with it; the stance's CoM and mass come from the
/// robot: two point masses, 1 kg on the base at the origin and 3 kg on the slider.
#[test]
fn bound_contacts_and_robot_com_follow_the_robot() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let arm = armature("base")
            .fixed("foot", #{ origin: [0.0, 0.0, 0.0], mass: 1.0 })
            .prismatic("slider", #{ axis: [1, 0, 0], origin: [0.0, 0.0, 0.5], limits: [-1.0, 1.0], mass: 3.0 });
        let a = contact(#{ shape: [0.05, 0.05], friction: 0.7, link: "foot", pos: [0.0, 0.2, 0.0] });
        let c = contact(#{ shape: [0.05, 0.05], friction: 0.7, robot: arm, link: "slider", pos: [0.1, 0.0, 0.0] });
        print(c.position);
        arm.set_translation("slider", 0.4);
        print(c.position);
        let st = stance(arm, #{ contacts: [a, c] });
        print(st.com);
        print(st.mass);
        "#,
    );
    let v = numbers(&out);
    let expected = [
        0.1, 0.0, 0.5, // slider at 0: offset 0.1 along x
        0.5, 0.0, 0.5, // slider at 0.4
        0.3, 0.0, 0.375, // (1·0 + 3·0.4) / 4, (3·0.5) / 4
        4.0,
    ];
    assert_eq!(v.len(), expected.len(), "{out}");
    for (got, want) in v.iter().zip(expected) {
        assert!((got - want).abs() < 1e-12, "{got} vs {want}\n{out}");
    }
}

#[test]
fn too_little_friction_on_a_slope_is_a_status_not_an_error() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let cs = [
            contact(#{ shape: [0.11, 0.05], pos: [0.0, 0.15, 0.0], rpy: [0.0, 0.4, 0.0], friction: 0.1 }),
            contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], rpy: [0.0, 0.4, 0.0], friction: 0.1 }),
        ];
        let st = stance(#{ com: [0.0, 0.0, 0.8], mass: 38.0, contacts: cs });
        let p = st.static_polygon("cdd");
        print(p.status);
        print(p.reason != ());
        print(st.distribute().status);
        print(st.com_inside(p));
        "#,
    );
    assert_eq!(out.trim(), "empty\ntrue\ninfeasible\nfalse", "{out}");
}

#[test]
fn plot_polygon_writes_an_svg() {
    let mut b = Bench::new();
    b.run(&format!(
        "{TWO_FEET}
        plot_polygon(\"plots/feet.svg\", st, st.static_polygon(\"hull\"));
        plot_polygon(\"plots/feet_bretl.svg\", st);"
    ));
    let svg = std::fs::read_to_string(b.out().join("plots/feet.svg")).expect("svg");
    assert!(svg.starts_with("<svg"), "{svg}");
    assert_eq!(svg.matches("<polygon").count(), 3, "{svg}");
    assert!(svg.contains("CoM"), "{svg}");
    assert!(b.out().join("plots/feet_bretl.svg").exists());
}

#[test]
fn an_unknown_polygon_method_names_the_valid_ones() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{TWO_FEET}\nlet p = st.static_polygon(\"qhull\");"
    ));
    assert_fails_at(&d, "\"hull\", \"bretl\" or \"cdd\"", 6);
}

#[test]
fn negative_friction_is_refused() {
    let mut b = Bench::new();
    let d = b.fail("let x = 1;\nlet c = contact(#{ shape: [0.1, 0.1], friction: -0.5 });");
    assert_fails_at(&d, "friction", 2);
}

#[test]
fn a_zero_shape_is_refused() {
    let mut b = Bench::new();
    let d = b.fail("let c = contact(#{ shape: [0.0, 0.1], friction: 0.5 });");
    assert_fails_at(&d, "0", 1);
}

#[test]
fn a_nan_pose_is_refused() {
    let mut b = Bench::new();
    let d = b.fail("let nan = 0.0 / 0.0;\nlet c = contact(#{ shape: [0.1, 0.1], pos: [nan, 0, 0], friction: 0.5 });");
    assert_fails_at(&d, "NaN", 2);
}

#[test]
fn an_empty_contact_set_is_refused() {
    let mut b = Bench::new();
    let d = b.fail("let s = contact_set([]);");
    assert_fails_at(&d, "", 1);
    let d = b.fail("let s = stance(#{ com: [0, 0, 1], mass: 1.0, contacts: [] });");
    assert_eq!(d.line, Some(1), "{d}");
}

#[test]
fn a_nan_target_wrench_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{TWO_FEET}\nlet d = find_supporting_wrenches(st.contacts, [0, 0, 0.0 / 0.0, 0, 0, 0], [0, 0, 0]);"
    ));
    assert_fails_at(&d, "NaN", 6);
}

#[test]
fn a_stance_without_mass_or_with_unknown_options_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(
        "let c = contact(#{ shape: [0.1, 0.1], friction: 0.5 });\nlet st = stance(#{ com: [0, 0, 1], contacts: [c] });",
    );
    assert_fails_at(&d, "mass", 2);
    let d = b.fail("let c = contact(#{ shape: [0.1, 0.1], friction: 0.5, colour: 1 });");
    assert_fails_at(&d, "colour", 1);
    let d = b.fail(
        "let c = contact(#{ shape: [0.1, 0.1], friction: 0.5 });\nlet st = stance(#{ com: [0, 0, 1], mass: 1, contacts: [1] });",
    );
    assert_fails_at(&d, "Contact", 2);
}

/// The per-tick distributor: with a CoM acceleration a the forces sum to m (a + g) (Newton),
/// and after the robot moves the recorded CoM is the robot's new one.
#[test]
fn the_distributor_follows_the_robot_and_the_acceleration() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let arm = armature("base")
            .fixed("foot", #{ mass: 1.0 })
            .prismatic("slider", #{ axis: [1, 0, 0], origin: [0.0, 0.0, 0.5], limits: [-1.0, 1.0], mass: 3.0 });
        let cs = [
            contact(#{ shape: [0.1, 0.05], pos: [0.0, 0.15, 0.0], friction: 0.7, link: "foot" }),
            contact(#{ shape: [0.1, 0.05], pos: [0.0, -0.15, 0.0], friction: 0.7, link: "foot" }),
        ];
        let d = wrench_distributor(stance(arm, #{ contacts: cs }));
        let r = d.step([0.5, 0.0, 0.0]);
        let f = [0.0, 0.0, 0.0];
        for w in r.wrenches { for k in 0..3 { f[k] += w.world[k]; } }
        print(f);
        arm.set_translation("slider", 0.08);
        d.step();
        print(d.records[1].com);
        print(d.ticks);
        "#,
    );
    let v = numbers(&out);
    let expected = [2.0, 0.0, 4.0 * 9.81, 0.06, 0.0, 0.375, 2.0];
    assert_eq!(v.len(), expected.len(), "{out}");
    for (got, want) in v.iter().zip(expected) {
        assert!((got - want).abs() < 1e-6, "{got} vs {want}\n{out}");
    }
}

/// `orientation: "world"`: on a link turned by a hinge, a contact keeps its world normal and
/// sits at the link origin plus its offset along world axes; the default ("link") turns with it.
#[test]
fn world_oriented_contacts_only_translate_with_their_link() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let arm = armature("base")
            .revolute("hinge", #{ axis: [0, 1, 0], origin: [0.0, 0.0, 0.5], limits: [-3, 3] })
            .fixed("ankle", #{ origin: [0.3, 0.0, 0.0] });
        arm.set_rotation("hinge", PI() / 2);
        let w = contact(#{ shape: [0.05, 0.05], friction: 0.7, robot: arm, link: "ankle", pos: [0, 0, -0.1], orientation: "world" });
        let l = contact(#{ shape: [0.05, 0.05], friction: 0.7, robot: arm, link: "ankle", pos: [0, 0, -0.1] });
        print(w.position); print(w.normal);
        print(l.position); print(l.normal);
        "#,
    );
    let v = numbers(&out);
    // Ry(90°) takes x to -z and z to x: the ankle is at (0, 0, 0.5 - 0.3) = (0, 0, 0.2).
    // world: ankle + (0, 0, -0.1), normal up; link: ankle + Ry(90°)(0, 0, -0.1), normal Ry(90°) z.
    let expected = [
        0.0, 0.0, 0.1, 0.0, 0.0, 1.0, //
        -0.1, 0.0, 0.2, 1.0, 0.0, 0.0,
    ];
    assert_eq!(v.len(), expected.len(), "{out}");
    for (got, want) in v.iter().zip(expected) {
        assert!((got - want).abs() < 1e-12, "{got} vs {want}\n{out}");
    }
}

/// A stance on an MJCF robot: Gymnasium's ant at qpos0, one small contact at each foot tip (the
/// far end of each unnamed foot body's capsule, fromto 0.4 along its diagonal), placed from the
/// foot body's `fk` pose and labelled with it. By hand from ant.xml: the tips are at (±0.8, ±0.8, 0.75), so the polygon is the
/// square |x|, |y| ≤ 0.82, the centred CoM lies inside, and by symmetry each foot carries a
/// quarter of the weight.
#[test]
fn stance_on_the_feet_of_an_mjcf_ant() {
    let mut b = Bench::new();
    let ant = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/gymnasium/ant.xml"),
    )
    .expect("ant.xml");
    b.write("ant.xml", &ant);
    let out = b.run(
        r#"
        let r = mjcf("ant.xml");
        let feet = [["body4", [0.4, 0.4, 0.0]], ["body7", [-0.4, 0.4, 0.0]],
                    ["body10", [-0.4, -0.4, 0.0]], ["body13", [0.4, -0.4, 0.0]]];
        let poses = fk(r, #{});
        let contacts = feet.map(|f| {
            let o = poses[f[0]].position;
            contact(#{ shape: [0.02, 0.02], friction: 0.7, link: f[0],
                       pos: [o[0] + f[1][0], o[1] + f[1][1], o[2] + f[1][2]] })
        });
        let st = stance(#{ com: com(r, #{}), mass: mass(r), contacts: contacts });
        let p = st.static_polygon("bretl");
        print(p.status);
        print(st.com_inside(p));
        print(mass(r));
        print(st.distribute().wrenches.map(|w| w.normal_force));
        for v in p.vertices { print(v); }
        "#,
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("bounded"), "{out}");
    assert_eq!(lines.next(), Some("true"), "{out}");
    let rest: Vec<&str> = lines.collect();
    let mass = numbers(rest[0])[0];
    let forces = numbers(rest[1]);
    assert_eq!(forces.len(), 4, "{out}");
    for f in &forces {
        assert!((f - mass * 9.81 / 4.0).abs() < 1e-6 * mass, "{out}");
    }
    let mut corners: Vec<(f64, f64)> = rest[2..]
        .iter()
        .map(|l| numbers(l))
        .map(|v| (v[0], v[1]))
        .collect();
    corners.sort_by_key(|&(x, y)| (x > 0.0, y > 0.0)); // by quadrant, as above
    let expected = [(-0.82, -0.82), (-0.82, 0.82), (0.82, -0.82), (0.82, 0.82)];
    assert_eq!(corners.len(), 4, "{out}");
    for (got, want) in corners.iter().zip(expected) {
        assert!(
            (got.0 - want.0).abs() < 1e-6 && (got.1 - want.1).abs() < 1e-6,
            "{got:?} vs {want:?}\n{out}"
        );
    }
}

/// The same ant stance with contacts bound to the foot bodies (`robot:` and `link:`, offsets in
/// the body frames, which ant.xml leaves aligned with the world) and the CoM and mass taken from
/// the robot: a floating-base robot's links sit at its reference configuration (MuJoCo's
/// qpos0). The polygon is again the square |x|, |y| <= 0.82 found by hand.
#[test]
fn stance_bound_to_the_feet_of_a_floating_mjcf_ant() {
    let mut b = Bench::new();
    let ant = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/robots/gymnasium/ant.xml"),
    )
    .expect("ant.xml");
    b.write("ant.xml", &ant);
    let out = b.run(
        r#"
        let r = mjcf("ant.xml");
        let feet = [["body4", [0.4, 0.4, 0.0]], ["body7", [-0.4, 0.4, 0.0]],
                    ["body10", [-0.4, -0.4, 0.0]], ["body13", [0.4, -0.4, 0.0]]];
        let contacts = feet.map(|f| contact(#{ shape: [0.02, 0.02], friction: 0.7,
                                              robot: r, link: f[0], pos: f[1] }));
        let st = stance(r, #{ contacts: contacts });
        let p = st.static_polygon("bretl");
        print(p.status);
        print(st.com_inside(p));
        for v in p.vertices { print(v); }
        "#,
    );
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("bounded"), "{out}");
    assert_eq!(lines.next(), Some("true"), "{out}");
    let mut corners: Vec<(f64, f64)> = lines.map(numbers).map(|v| (v[0], v[1])).collect();
    corners.sort_by_key(|&(x, y)| (x > 0.0, y > 0.0)); // by quadrant, as above
    let expected = [(-0.82, -0.82), (-0.82, 0.82), (0.82, -0.82), (0.82, 0.82)];
    assert_eq!(corners.len(), 4, "{out}");
    for (got, want) in corners.iter().zip(expected) {
        assert!(
            (got.0 - want.0).abs() < 1e-6 && (got.1 - want.1).abs() < 1e-6,
            "{got:?} vs {want:?}\n{out}"
        );
    }
}
