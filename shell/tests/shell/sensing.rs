//! The sensing script API: taxels against k·depth, touch outputs against the contact forces
//! they must conserve, scenes that follow robots, stance wrenches as point contacts, and one
//! test per bad input.

use crate::{Bench, assert_fails_at};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

const FINGERTIP: &str = r#"
let sc = scene();
sc.add_body("fingertip", #{ pose: pose([0, 0, 0]) });
sc.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0, 0, -0.05])]] });
"#;

/// Genesis's worked example: probes of radius 0.01 m centred on the surface sink 0.01 m, so
/// with k = 1000 N/m each reads [0, 0, 10] N; 4 mm higher they read k·0.006 = 6 N.
#[test]
fn taxel_force_is_stiffness_times_depth() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{FINGERTIP}
        let t = taxels(#{{ link_name: \"fingertip\", normal_stiffness: 1000.0,
                          probe_local_pos: [[0, 0, 0], [0.005, 0, 0], [-0.005, 0, 0]] }});
        print(t.read(sc).force);
        sc.set_pose(\"fingertip\", pose([0, 0, 0.004]));
        print(t.read(sc).force);"
    ));
    let v = numbers(&out);
    assert_eq!(v.len(), 18, "{out}");
    for (i, x) in v.iter().enumerate() {
        let want = match (i / 9, i % 3) {
            (0, 2) => 10.0,
            (1, 2) => 6.0,
            _ => 0.0,
        };
        assert!((x - want).abs() < 1e-9, "{i}: {x} vs {want}\n{out}");
    }
}

/// Genesis's measured-branch case through the script API: gain 1.5, α 1.5, R 0.01, the block
/// 6 mm below the probe (sd = 0.006): measured pen 1.5 × 0.004 = 0.006, F_z = 1000 × 0.006^1.5
/// = 0.464758 N; ground truth 1000 × 0.004^1.5 = 0.252982 N; `raw` is the force. With
/// `delay: 1` the first measured read is zero and the second is the first's value.
#[test]
fn measured_and_ground_truth_branches() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{FINGERTIP}
        sc.set_pose(\"fingertip\", pose([0, 0, 0.006]));
        let t = taxels(#{{ link_name: \"fingertip\", probe_gain: 1.5, normal_exponent: 1.5 }});
        let m = t.read(sc);
        print(m.force);
        print(m.raw);
        print(t.read_ground_truth(sc).force);
        let d = taxels(#{{ link_name: \"fingertip\", probe_gain: 1.5, normal_exponent: 1.5,
                          delay: 1, dead_taxels: [], noise: 0.0 }});
        print(d.read(sc).force);
        print(d.read(sc).force);"
    ));
    let v = numbers(&out);
    assert_eq!(v.len(), 15, "{out}");
    let want = [0.464758, 0.464758, 0.252982, 0.0, 0.464758];
    for (i, w) in want.iter().enumerate() {
        assert!(v[i * 3].abs() + v[i * 3 + 1].abs() < 1e-12, "{out}");
        assert!((v[i * 3 + 2] - w).abs() < 1e-6, "{i}: {out}");
    }
}

/// The sibling sensors: the fingertip 4 mm above the block, the block sliding at
/// (0.1, 0.2, 0) m/s: probes at x = 0 and 0.005 touch (depth 0.01 − 0.004 = 0.006 m,
/// slip (0.1, 0.2) along x, y); a probe 2 cm up does not (false, depth 0, slip 0).
#[test]
fn contact_flags_depths_and_slip() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{FINGERTIP}
        sc.set_pose(\"fingertip\", pose([0, 0, 0.004]));
        sc.set_velocity(\"block\", [0.1, 0.2, 0], [0, 0, 0]);
        let opts = #{{ link_name: \"fingertip\", probe_local_pos: [[0, 0, 0], [0.005, 0, 0], [0, 0, 0.02]] }};
        print(taxel_contacts(opts).read(sc));
        let d = taxel_depths(opts).read(sc);
        print(d.depth);
        print(d.slip);"
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "[true, true, false]", "{out}");
    let depth = numbers(lines[1]);
    let slip = numbers(lines[2]);
    for (got, want) in depth.iter().zip([0.006, 0.006, 0.0]) {
        assert!((got - want).abs() < 1e-12, "{out}");
    }
    for (got, want) in slip.iter().zip([0.1, 0.2, 0.1, 0.2, 0.0, 0.0]) {
        assert!((got - want).abs() < 1e-12, "{out}");
    }
}

/// A skin over a 0.2 m cube at spacing 0.08: MIMo's rule gives 26 points (coordinates −0.1,
/// 0, 0.1 per axis, the centre left out). A slab whose bottom face is 6 mm above the top face
/// presses the 9 probes at z = 0.1 by R − 0.006 = 0.004 m each: −4 N along z each, −36 N in
/// all; the others lie at z <= 0, out of reach.
#[test]
fn skins_cover_a_body() {
    let mut b = Bench::new();
    let out = b.run(
        "let sc = scene();
        sc.add_body(\"cube\", #{ colliders: [[box(0.1, 0.1, 0.1), pose([0, 0, 0])]] });
        sc.add_body(\"slab\", #{ colliders: [[box(0.3, 0.3, 0.01), pose([0, 0, 0.116])]] });
        let skin = taxel_skin(sc, #{ body: \"cube\", spacing: 0.08 });
        print(skin.num_probes);
        let f = skin.read(sc).force;
        let total = 0.0;
        for p in f { total += p[2]; }
        print(total);",
    );
    let v = numbers(&out);
    assert_eq!(v[0], 26.0, "{out}");
    assert!((v[1] + 36.0).abs() < 1e-9, "{out}");
    let d =
        b.fail("let sc = scene();\nlet s = taxel_skin(sc, #{ body: \"cube\", spacing: 0.08 });");
    assert_fails_at(&d, "cube", 2);
    let d = b.fail(
        "let sc = scene();\nsc.add_body(\"cube\", #{ colliders: [[box(0.1, 0.1, 0.1), pose([0, 0, 0])]] });\nlet s = taxel_skin(sc, #{ body: \"cube\", spacing: -1.0 });",
    );
    assert_fails_at(&d, "spacing", 3);
    // kind "mesh": the active vertices of the sensor mesh; one cube has no other geom, so all
    // 26 sensor points are probes. An unknown kind names the two valid ones.
    let cube = "let sc = scene();\nsc.add_body(\"cube\", #{ colliders: [[box(0.1, 0.1, 0.1), pose([0, 0, 0])]] });\n";
    let out = b.run(&format!(
        "{cube}print(taxel_skin(sc, #{{ body: \"cube\", spacing: 0.08, kind: \"mesh\" }}).num_probes);"
    ));
    assert_eq!(numbers(&out), vec![26.0], "{out}");
    let d = b.fail(&format!(
        "{cube}let s = taxel_skin(sc, #{{ body: \"cube\", spacing: 0.08, kind: \"grid\" }});"
    ));
    assert_fails_at(&d, "\"points\"", 3);
}

const FINGER: &str = r#"
let sc = scene();
sc.add_body("ball", sphere(0.03), pose([0, 0, 0]));
sc.add_body("pad", capsule(0.008, 0.015), pose([0.0, 0, 0.036], [0.0, PI() / 2, 0.0]));
"#;

/// `spread_linear` hands each contact's force to the sensors without loss: the pad's sensors
/// sum to the penalty force k·depth = 1e4 × 2 mm = 20 N, for both kinds; `normal` (a scalar)
/// with `nearest` puts it all on one sensor. (Morsel's fixes, `mimo_quirks: false`: MIMo drops
/// a press whose x component is zero.)
#[test]
fn touch_conserves_the_contact_force() {
    for kind in ["mesh", "points"] {
        let mut b = Bench::new();
        let out = b.run(&format!(
            "{FINGER}
            let c = sc.contacts();
            print(c[0].force);
            let t = touch(sc, #{{ scales: #{{ pad: 0.004 }}, kind: \"{kind}\", touch_function: \"force_vector_global\", mimo_quirks: false }});
            let out = t.observe();
            let total = [0.0, 0.0, 0.0];
            for r in t.body_output(\"pad\") {{ for k in 0..3 {{ total[k] += r[k]; }} }}
            print(total);
            print(t.sensor_positions(\"pad\").len() * 3 == out.len());
            let n = touch(sc, #{{ scales: #{{ pad: 0.004 }}, kind: \"{kind}\", touch_function: \"normal\", response_function: \"nearest\", mimo_quirks: false }});
            print(n.observe().filter(|x| x != 0.0));"
        ));
        let v = numbers(&out);
        assert!((v[2] - 20.0).abs() < 1e-9, "{kind}: {out}");
        for k in 0..3 {
            assert!((v[3 + k] - v[k]).abs() < 1e-9, "{kind}: {out}");
        }
        assert!(out.contains("true"), "{kind}: {out}");
        assert_eq!(v.len(), 7, "{kind}: one pressed sensor expected\n{out}");
        assert!((v[6] - 20.0).abs() < 1e-9, "{kind}: {out}");
    }
}

/// A contact given by the caller (as read from another simulator) reaches the sensors as given,
/// and a body rotated by 90 degrees about z reports the same force in its own frame as an
/// unrotated one reports for the correspondingly rotated force.
#[test]
fn given_contacts_and_body_frames() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{FINGER}
        let t = touch(sc, #{{ scales: #{{ pad: 0.004 }}, touch_function: \"force_vector_global\" }});
        t.observe([#{{ body_a: \"ball\", body_b: \"pad\", position: [0.0, 0.0, 0.029],
                      normal: [0, 0, 1], depth: 0.0, force: [1.0, 2.0, 3.0] }}]);
        let total = [0.0, 0.0, 0.0];
        for r in t.body_output(\"pad\") {{ for k in 0..3 {{ total[k] += r[k]; }} }}
        print(total);
        let local = touch(sc, #{{ scales: #{{ pad: 0.004 }}, touch_function: \"force_vector\" }});
        local.observe([#{{ body_a: \"ball\", body_b: \"pad\", position: [0.0, 0.0, 0.029],
                          normal: [0, 0, 1], depth: 0.0, force: [1.0, 2.0, 3.0] }}]);
        let body = [0.0, 0.0, 0.0];
        for r in local.body_output(\"pad\") {{ for k in 0..3 {{ body[k] += r[k]; }} }}
        print(body);"
    ));
    let v = numbers(&out);
    for (got, want) in v[..3].iter().zip([1.0, 2.0, 3.0]) {
        assert!((got - want).abs() < 1e-9, "{out}");
    }
    // The pad is turned by +90° about y: body = Ry(90°)ᵀ·world = (−3, 2, 1).
    for (got, want) in v[3..6].iter().zip([-3.0, 2.0, 1.0]) {
        assert!((got - want).abs() < 1e-9, "{out}");
    }
}

/// A scene built from a robot follows its joints: a prismatic press lowered onto a block.
#[test]
fn robot_scenes_follow_the_robot() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let press = armature("frame").prismatic("tip", #{ axis: [0, 0, -1], origin: [0, 0, 0.02], limits: [0.0, 0.05] });
        let sc = scene().add_robot(press);
        sc.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0, 0, -0.05])]] });
        let t = taxels(#{ link_name: "tip", normal_stiffness: 500.0 });
        print(t.read(sc).force);
        press.set_translation("tip", 0.017);
        print(t.read(sc).force);
        print(sc.body_pose("tip").position);
        "#,
    );
    let v = numbers(&out);
    // At z = 0.02 the probe (radius 0.01) is clear; at z = 0.003 it sinks 7 mm: 500 × 0.007.
    assert!(v[..3].iter().all(|x| x.abs() < 1e-12), "{out}");
    assert!((v[5] - 3.5).abs() < 1e-9, "{out}");
    assert!((v[8] - 0.003).abs() < 1e-12, "{out}");
}

/// A stance's distributed wrenches as point contacts: their forces sum to m g, they act on the
/// feet bodies, and a touch sensor on a foot receives exactly its contact's force.
#[test]
fn stance_wrenches_become_point_contacts() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let sc = scene();
        sc.add_body("floor", halfspace([0, 0, 1]), pose([0, 0, 0]));
        sc.add_body("left", box(0.11, 0.05, 0.02), pose([0, 0.15, 0.02]));
        sc.add_body("right", box(0.11, 0.05, 0.02), pose([0, -0.15, 0.02]));
        let st = stance(#{ com: [0.0, 0.05, 0.8], mass: 10.0, contacts: [
            contact(#{ shape: [0.11, 0.05], pos: [0, 0.15, 0], friction: 0.7, link: "left" }),
            contact(#{ shape: [0.11, 0.05], pos: [0, -0.15, 0], friction: 0.7, link: "right" }),
        ] });
        let pc = st.point_contacts(sc, "floor");
        let fz = 0.0;
        for c in pc { fz += c.force[2]; }
        print(fz);
        print(pc.map(|c| c.body_b));
        print(pc[0].force[2]);
        let t = touch(sc, #{ scales: #{ left: 0.02 }, kind: "points", touch_function: "force_vector_global", mimo_quirks: false });
        t.observe(pc);
        let left = 0.0;
        for r in t.body_output("left") { left += r[2]; }
        print(left);
        "#,
    );
    let v = numbers(&out);
    assert!((v[0] - 98.1).abs() < 1e-6, "{out}");
    assert!(out.contains("[\"left\", \"right\"]"), "{out}");
    // The left foot carries more than half of the weight (CoM 5 cm to the left), and its
    // sensors receive all of it.
    assert!(v[1] > 98.1 / 2.0, "{out}");
    assert!((v[2] - v[1]).abs() < 1e-9, "{out}");
}

#[test]
fn an_unknown_touch_function_lists_the_valid_ones() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}\nlet t = touch(sc, #{{ scales: #{{ pad: 0.004 }}, touch_function: \"pressure\" }});"
    ));
    assert_fails_at(&d, "force_vector_global", 6);
}

#[test]
fn an_unknown_sensing_body_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}\nlet t = touch(sc, #{{ scales: #{{ thumb: 0.004 }} }});"
    ));
    assert_fails_at(&d, "thumb", 6);
}

#[test]
fn a_non_positive_scale_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}\nlet t = touch(sc, #{{ scales: #{{ pad: 0.0 }} }});"
    ));
    assert_fails_at(&d, "pad", 6);
}

#[test]
fn an_unknown_touch_kind_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}\nlet t = touch(sc, #{{ scales: #{{ pad: 0.004 }}, kind: \"voxels\" }});"
    ));
    assert_fails_at(&d, "mesh", 6);
}

#[test]
fn bad_taxel_options_are_refused() {
    let mut b = Bench::new();
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", normal_exponent: 0.5 });");
    assert_fails_at(&d, "normal_exponent", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", probe_radius: -0.01 });");
    assert_fails_at(&d, "probe_radius", 1);
    let d = b.fail(&format!(
        "{FINGERTIP}\nlet t = taxels(#{{ link_name: \"thumb\" }});\nprint(t.read(sc));"
    ));
    assert_fails_at(&d, "thumb", 7);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", normal_stiffness: -1.0 });");
    assert_fails_at(&d, "normal_stiffness", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", noise: -0.1 });");
    assert_fails_at(&d, "noise", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", history_length: 1000000000000 });");
    assert_fails_at(&d, "history_length", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", delay: -1 });");
    assert_fails_at(&d, "delay", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", dead_taxels: [2] });");
    assert_fails_at(&d, "dead_taxels", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", contact_depth_query: \"ray\" });");
    assert_fails_at(&d, "raycast", 1);
    let d = b.fail("let t = taxels(#{ link_name: \"tip\", probe_gian: 1.5 });");
    assert_fails_at(&d, "probe_gian", 1);
}

#[test]
fn given_contacts_with_unknown_bodies_are_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}
let t = touch(sc, #{{ scales: #{{ pad: 0.004 }} }});
t.observe([#{{ body_a: \"table\", body_b: \"pad\", position: [0, 0, 0], normal: [0, 0, 1], force: [0, 0, 1] }}]);"
    ));
    assert_fails_at(&d, "table", 7);
}

#[test]
fn a_malformed_given_contact_is_named_by_its_position() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{FINGER}
let t = touch(sc, #{{ scales: #{{ pad: 0.004 }} }});
let good = #{{ body_a: \"ball\", body_b: \"pad\", position: [0, 0, 0], normal: [0, 0, 1], force: [0, 0, 1] }};
let bad = good; bad.normal = [0.0, 0.0, 0.0];
t.observe([good, bad]);"
    ));
    assert_fails_at(&d, "contact 1: the normal is the zero vector", 9);
}

/// `read_batch` results above the 1 GiB batch limit (here 40 scenes × 1 probe × 2^20 history
/// steps × 4 or 6 values of f64, 1.25 or 1.9 GiB) are refused before anything is read or allocated, for
/// every taxel sensor; without the long history, the same 40 scenes are read.
#[test]
fn read_batch_refuses_results_above_the_batch_limit() {
    let mut b = Bench::new();
    let setup = format!(
        "{FINGERTIP}
        let opts = #{{ link_name: \"fingertip\", probe_local_pos: [[0, 0, 0]], history_length: 1048576 }};
        let many = []; for i in 0..40 {{ many.push(sc); }}"
    );
    for sensor in ["taxels(opts)", "taxel_contacts(opts)", "taxel_depths(opts)"] {
        let d = b.fail(&format!("{setup}\nlet t = {sensor};\nt.read_batch(many);"));
        let text = d.to_string();
        assert!(
            text.contains("above the 1 GiB limit of a batch result"),
            "{sensor}: {text}"
        );
        assert!(
            text.contains("40 scenes × 1 probes × 1048576 steps"),
            "{text}"
        );
    }
    let out = b.run(&format!(
        "{setup}\nlet t = taxels(#{{ link_name: \"fingertip\", probe_local_pos: [[0, 0, 0]] }});\nprint(t.read_batch(many).force.len());"
    ));
    assert_eq!(out.trim(), "40", "{out}");
}
