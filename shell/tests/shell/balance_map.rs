//! `balance_map` in scripts on gymnasium's MuJoCo ant standing on its four foot tips: a map over
//! configurations equals CoM maps taken after setting each configuration by hand (the stance
//! re-bound), leaves the robot where it was, and bad options are errors at their line.

use crate::ant_stance::{ANT, bench};
use crate::assert_fails_at;

#[test]
fn a_configuration_map_equals_com_maps_at_each_configuration_set_by_hand() {
    let mut b = bench();
    let out = b.run(&format!(
        "{ANT}
        let q0 = r.q;
        let qs = [];
        for i in 0..5 {{
            let q = q0;
            q[7] = -0.4 + 0.2 * i;   // hip_1
            q[8] = 0.3 + 0.2 * i;    // ankle_1
            q[11] = 0.5 - 0.25 * i;  // hip_3
            qs.push(q);
        }}
        let weak = #{{}};
        for i in 1..5 {{ weak[`hip_${{i}}`] = 3.0; weak[`ankle_${{i}}`] = 3.0; }}
        for kind in [\"static\", \"robust\", \"torque\"] {{
            let m = balance_map(st, #{{ kind: kind, configurations: qs, torque_limits: weak }});
            for i in 0..5 {{
                set_q(r, qs[i]);
                let one = balance_map(st, #{{ kind: kind, coms: [st.com], torque_limits: weak }});
                print(`${{kind}} ${{m.values[i]}} ${{one.values[0]}} ${{m.coms[i] == st.com}}`);
            }}
            set_q(r, q0);
        }}
        let m = balance_map(st, #{{ configurations: qs }});
        print(r.q == q0);
        print(m.columns.len() == q0.len());
        print(m.len());"
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 18, "{out}");
    let mut signs = [0usize; 2];
    for line in &lines[..15] {
        let f: Vec<&str> = line.split(' ').collect();
        let (a, b): (f64, f64) = (f[1].parse().expect("map"), f[2].parse().expect("one"));
        assert!((a - b).abs() <= 1e-9 * a.abs().max(1.0), "{line}");
        assert_eq!(f[3], "true", "{line}");
        signs[usize::from(a > 0.0)] += 1;
    }
    assert!(signs[1] > 0, "some configurations hold: {out}");
    assert_eq!(&lines[15..], ["true", "true", "5"], "{out}");
}

#[test]
fn bad_balance_map_options_fail_at_their_line() {
    let mut b = bench();
    let d = b.fail(&format!(
        "{ANT}balance_map(st, #{{ kind: \"tilt\", x: [0, 1, 3], y: [0, 1, 3] }});"
    ));
    assert_fails_at(&d, "tilt", 8);
    let d = b.fail(&format!(
        "{ANT}balance_map(st, #{{ x: [0, 1, 3], coms: [[0, 0, 0]] }});"
    ));
    assert_fails_at(&d, "exactly one", 8);
    let d = b.fail(&format!(
        "{ANT}balance_map(st, #{{ x: [1, 0, 3], y: [0, 1, 3] }});"
    ));
    assert_fails_at(&d, "min <= max", 8);
    let d = b.fail(&format!("{ANT}balance_map(st, #{{ x: [0, 1, 3] }});"));
    assert_fails_at(&d, "both", 8);
    let d = b.fail(&format!(
        "{ANT}balance_map(st, #{{ configurations: [[0.0, 1.0]] }});"
    ));
    assert_fails_at(&d, "configuration 0", 8);
    let d = b.fail(&format!("{ANT}balance_map(st, #{{ coms: [[0, 0]] }});"));
    assert_fails_at(&d, "CoM 0", 8);
    let d = b.fail(&format!(
        "{ANT}balance_map(st, #{{ x: [0, 1, 3], y: [0, 1, 3], stride: 2 }});"
    ));
    assert_fails_at(&d, "stride", 8);
    let d = b.fail(&format!(
        "{ANT}plot_map(\"m.png\", balance_map(st, #{{ x: [0, 1, 3], y: [0, 1, 3] }}));"
    ));
    assert_fails_at(&d, "SVG", 8);
}
