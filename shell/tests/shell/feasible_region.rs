//! `feasible_region` in scripts, on gymnasium's MuJoCo ant standing on its four foot tips: the
//! model gives no effort limits (the region is the static polygon), weak hips and ankles shrink
//! it, and bad options are errors at their line.

use crate::ant_stance::{ANT, bench};
use crate::assert_fails_at;

#[test]
fn weak_joints_shrink_the_ants_region() {
    let mut b = bench();
    let out = b.run(&format!(
        "{ANT}
        let p = static_polygon(st);
        let own = feasible_region(st);
        let weak = #{{}};
        for i in 1..5 {{ weak[`hip_${{i}}`] = 2.0; weak[`ankle_${{i}}`] = 2.0; }}
        let small = feasible_region(st, #{{ torque_limits: weak }});
        print(p.area);
        print(own.area);
        print(small.status);
        print(small.area);
        print(own.limits.len() == velocity_names(r).len());
        for i in 1..5 {{ weak[`hip_${{i}}`] = 0.0; weak[`ankle_${{i}}`] = 0.0; }}
        let none = feasible_region(st, #{{ torque_limits: weak }});
        print(none.status);
        plot_polygon(\"ant.svg\", st, p, small);"
    ));
    let lines: Vec<&str> = out.lines().collect();
    let area = |i: usize| -> f64 { lines[i].parse().expect("area") };
    assert!((area(0) - area(1)).abs() < 1e-12 * area(0), "{out}");
    assert_eq!(lines[2], "bounded", "{out}");
    assert!(area(3) < 0.5 * area(0) && area(3) > 0.1 * area(0), "{out}");
    assert_eq!(lines[4], "true", "{out}");
    assert_eq!(lines[5], "empty", "{out}");
}

#[test]
fn bad_feasible_region_options_fail_at_their_line() {
    let mut b = bench();
    let d = b.fail(&format!(
        "{ANT}feasible_region(st, #{{ torque_limits: #{{ nope: 1.0 }} }});"
    ));
    assert_fails_at(&d, "nope", 8);
    let d = b.fail(&format!(
        "{ANT}feasible_region(st, #{{ torque_limits: #{{ hip_1: -1.0 }} }});"
    ));
    assert_fails_at(&d, "torque limit", 8);
    let d = b.fail(&format!(
        "{ANT}feasible_region(st, #{{ torque_limits: 3 }});"
    ));
    assert_fails_at(&d, "torque_limits", 8);
    let d = b.fail(&format!(
        "{ANT}feasible_region(st, #{{ torqe_limits: #{{}} }});"
    ));
    assert_fails_at(&d, "torqe_limits", 8);
    let d = b.fail(
        r#"let free = contact(#{ shape: [0.01, 0.01], friction: 0.5, pos: [1, 0, 0] });
feasible_region(stance(#{ contacts: [free], com: [1.0, 0.0, 0.2], mass: 1.0 }));"#,
    );
    assert_fails_at(&d, "not bound", 2);
}
