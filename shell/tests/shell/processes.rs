//! The wrench distributor as a simulation process (`sim.add(distributor)`), checked against
//! closed forms: a slider of 3 kg on a 1 kg foot moves at a known speed, so the CoM is
//! x = 3 s / 4 at every tick, its second difference is known, the net contact force is
//! m (a + g z) and the CoM margin in a square of feet is the distance to the square's edge.

use crate::{Bench, assert_fails_at};

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

fn assert_close(got: &[f64], want: &[f64], tol: f64, context: &str) {
    assert_eq!(got.len(), want.len(), "{context}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() <= tol, "{g} vs {w}\n{context}");
    }
}

/// A foot (1 kg at the origin) carrying a slider (3 kg, 0.5 m up, along x) and four small
/// contacts on the foot at (+-0.1, +-0.1): the polygon is the square [-0.11, 0.11]^2.
const SLIDER: &str = r#"
let arm = armature("base")
    .fixed("foot", #{ mass: 1.0 })
    .prismatic("slider", #{ axis: [1, 0, 0], origin: [0.0, 0.0, 0.5], limits: [-1.0, 1.0], mass: 3.0 });
let corners = [[0.1, 0.1], [-0.1, 0.1], [-0.1, -0.1], [0.1, -0.1]];
let cs = corners.map(|c| contact(#{ shape: [0.01, 0.01], pos: [c[0], c[1], 0.0], friction: 0.7, link: "foot" }));
let st = stance(arm, #{ contacts: cs });
fn net(d, cs) {
    let f = [0.0, 0.0, 0.0];
    let m = [0.0, 0.0, 0.0];
    let com = d.records[-1].com;
    for w in d.last.wrenches {
        let p = cs[w.index].position;
        let r = [p[0] - com[0], p[1] - com[1], p[2] - com[2]];
        let v = w.world;
        for k in 0..3 { f[k] += v[k]; m[k] += v[k + 3]; }
        m[0] += r[1] * v[2] - r[2] * v[1];
        m[1] += r[2] * v[0] - r[0] * v[2];
        m[2] += r[0] * v[1] - r[1] * v[0];
    }
    f + m
}
"#;

/// Added before the robot, the distributor still ticks after it: each record holds the CoM of
/// the step it belongs to, x = 0.75 min(0.2 t, 0.08), stamped t = k dt, one per step.
#[test]
fn the_distributor_ticks_after_the_armature_and_records_every_step() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{SLIDER}
        let sim = simulation(#{{ dt: 0.1 }});
        let d = wrench_distributor(st);
        sim.add(d);
        sim.add(arm);
        arm.translate(\"slider\", 0.08, 0.2);
        sim.run(0.6);
        print(d.ticks);
        for r in d.records {{ print([r.time, r.com[0], r.com[2]]); }}
        print(d.records.filter(|r| r.status != \"solved\").len());
        "
    ));
    let v = numbers(&out);
    let mut want = vec![6.0];
    for k in 1..=6 {
        let t = 0.1 * f64::from(k);
        want.extend([t, 0.75 * (0.2 * t).min(0.08), 0.375]);
    }
    want.push(0.0);
    assert_close(&v, &want, 1e-9, &out);
}

/// With `com_acceleration: "estimated"`, a CoM moving at constant speed has no acceleration;
/// when it stops between ticks 2 and 3 the second difference is -v / dt = -0.15 / 0.1 =
/// -1.5 m/s^2, and the contact forces sum to m (a + g z) = 4 (-1.5, 0, 9.81) N with no moment
/// about the CoM (the ZMP, 0.03 + 0.375 x 1.5 / 9.81 = 0.087 m, stays within the feet).
#[test]
fn the_distributed_forces_sum_to_mass_times_gravity_plus_acceleration() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{SLIDER}
        let sim = simulation(#{{ dt: 0.1 }});
        sim.add(arm);
        let d = wrench_distributor(st, #{{ com_acceleration: \"estimated\" }});
        sim.add(d);
        arm.translate(\"slider\", 0.04, 0.2);
        sim.run(0.3);
        print(d.records.map(|r| r.com_acceleration[0]));
        print(net(d, cs));
        sim.step();
        print(net(d, cs));
        let t = d.table();
        print([t.acc_x[2], t.solved[2], t.normal_force_total[2], t.tick[3]]);
        "
    ));
    let v = numbers(&out);
    let g = 9.81;
    let want = [
        0.0,
        0.0,
        -1.5, // accelerations of ticks 1..3
        -6.0,
        0.0,
        4.0 * g,
        0.0,
        0.0,
        0.0, // net force and moment at tick 3
        0.0,
        0.0,
        4.0 * g,
        0.0,
        0.0,
        0.0, // tick 4: at rest again
        -1.5,
        1.0,
        4.0 * g,
        4.0, // the table's columns
    ];
    assert_close(&v, &want, 1e-6, &out);
}

/// The slider carries the CoM out of the square: the margin is 0.11 - 0.015 k at tick k, the
/// CoM leaves at tick 8 (x = 0.12 > 0.11) and the simulation logs it with the distribution's
/// failure, once each.
#[test]
fn leaving_the_polygon_is_logged_once_and_the_margin_follows_the_edge() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{SLIDER}
        let sim = simulation(#{{ dt: 0.1 }});
        sim.add(arm);
        let d = wrench_distributor(st);
        sim.add(d);
        arm.translate(\"slider\", 0.4, 0.2);
        sim.run(1.0);
        print(d.records.map(|r| r.margin));
        print(d.records.map(|r| if r.inside {{ 1 }} else {{ 0 }}));
        for e in sim.events {{ if e.kind == \"stability\" {{ print(`${{e.time}} ${{e.detail}}`); }} }}
        print(d.records[-1].status);
        "
    ));
    let lines: Vec<&str> = out.lines().collect();
    let margins = numbers(lines[0]);
    let want: Vec<f64> = (1..=10).map(|k| 0.11 - 0.015 * f64::from(k)).collect();
    assert_close(&margins, &want, 1e-6, &out);
    let inside = numbers(lines[1]);
    assert_close(
        &inside,
        &[1., 1., 1., 1., 1., 1., 1., 0., 0., 0.],
        0.0,
        &out,
    );
    let stability: Vec<&&str> = lines.iter().filter(|l| l.starts_with("0.8")).collect();
    assert_eq!(stability.len(), 2, "{out}");
    assert!(stability[0].contains("left the support polygon"), "{out}");
    assert!(stability[1].contains("wrench distribution failed"), "{out}");
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[4], "infeasible", "{out}");
}

/// `set_stance` swaps the contacts from the next tick on; records go on.
#[test]
fn a_new_stance_takes_over_at_the_next_tick() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{SLIDER}
        let sim = simulation(#{{ dt: 0.1 }});
        sim.add(arm);
        let d = wrench_distributor(st);
        sim.add(d);
        sim.step();
        d.set_stance(stance(arm, #{{ contacts: [cs[0], cs[2]] }}));
        sim.step();
        print(d.records.map(|r| r.normal_forces.len()));
        print(d.last.wrenches.map(|w| w.normal_force));
        "
    ));
    let v = numbers(&out);
    // Two diagonal feet through the CoM share the weight equally: 4 g / 2 each.
    assert_close(&v, &[4.0, 2.0, 2.0 * 9.81, 2.0 * 9.81], 1e-6, &out);
}

#[test]
fn a_distributor_is_added_once() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{SLIDER}let sim = simulation(#{{ dt: 0.1 }});\nlet d = wrench_distributor(st);\nsim.add(d);\nsim.add(d);\n"
    ));
    assert_fails_at(&d, "already added", SLIDER.lines().count() + 4);
}

#[test]
fn an_unknown_acceleration_source_is_refused() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{SLIDER}let d = wrench_distributor(st, #{{ com_acceleration: \"guessed\" }});\n"
    ));
    assert_fails_at(&d, "\"estimated\"", SLIDER.lines().count() + 1);
}

#[test]
fn an_estimated_acceleration_needs_simulation_ticks() {
    let mut b = Bench::new();
    let d = b.fail(&format!(
        "{SLIDER}let d = wrench_distributor(st, #{{ com_acceleration: \"estimated\" }});\nd.step();\n"
    ));
    assert_fails_at(&d, "sim.add(d)", SLIDER.lines().count() + 2);
}

/// `sim.record(taxels, scene)`: a press tip (probe radius 1 cm at its origin, 2 cm above a block)
/// moves down at 0.1 m/s; at tick k the probe sinks by 0.002 k - 0.01 m when positive, so
/// F_z = 1000 N/m x that. Recorded after the robot moved even though it was added first.
#[test]
fn taxel_recordings_follow_the_robot_every_step() {
    let mut b = Bench::new();
    let out = b.run(
        r#"
        let press = armature("frame").prismatic("tip", #{ axis: [0, 0, -1], origin: [0, 0, 0.02], limits: [0.0, 0.05] });
        let bench = scene().add_robot(press);
        bench.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0, 0, -0.05])]] });
        let pad = taxels(#{ link_name: "tip", probe_local_pos: [[0.0, 0.0, 0.0]],
                            normal_stiffness: 1000.0, normal_damping: 0.0 });
        let sim = simulation(#{ dt: 0.02 });
        let rec = sim.record(pad, bench);
        sim.add(press);
        press.translate("tip", 0.02, 0.1);
        sim.run(0.2);
        print(rec.columns);
        for r in rec.rows { print(r); }
        rec.save("pad.csv");
        "#,
    );
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(r#"["time", "probe0.fx", "probe0.fy", "probe0.fz"]"#),
        "{out}"
    );
    let rows: Vec<Vec<f64>> = lines.map(numbers).collect();
    assert_eq!(rows.len(), 11, "{out}");
    for (k, row) in rows.iter().enumerate() {
        let k = k as f64;
        let s = (0.002 * k).min(0.02);
        let want = [0.02 * k, 0.0, 0.0, 1000.0 * (s - 0.01).max(0.0)];
        assert_close(row, &want, 1e-9, &out);
    }
    let csv = std::fs::read_to_string(b.out().join("pad.csv")).expect("csv");
    assert!(
        csv.starts_with("time,probe0.fx,probe0.fy,probe0.fz\n0.0,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 12, "{csv}");
}
