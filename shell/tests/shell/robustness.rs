//! The robustness and pendular script API: closed forms on two flat feet, the stance form
//! against the options form, and bad input.

use crate::{Bench, assert_fails_at};

const TWO_FEET: &str = r#"
let left  = contact(#{ shape: [0.11, 0.05], pos: [0.0,  0.15, 0.0], friction: 0.7 });
let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.0], friction: 0.7 });
let st = stance(#{ com: [0.0, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
"#;

/// Centred over eight flat corners every generator weight is m g √(1 + μ²) / 32 and the
/// margin per weight 4 μ / (1 + μ²): robustness m g μ / (8 √(1 + μ²)).
#[test]
fn centred_robustness_has_its_closed_form_in_both_forms() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{TWO_FEET}
        print(st.equilibrium_robustness());
        let pts = [];
        for c in [left, right] {{ for v in c.vertices() {{ pts.push(v); }} }}
        print(equilibrium_robustness(#{{ points: pts, normals: [[0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0]], friction: 0.7, mass: 38.0, com: [0.0, 0.0, 0.8] }}));"
    ));
    let values: Vec<f64> = out
        .lines()
        .map(|l| l.trim().parse().expect("number"))
        .collect();
    let expected = 38.0 * 9.81 * 0.7 / (8.0 * (1.0f64 + 0.49).sqrt());
    for v in values {
        assert!((v - expected).abs() < 1e-9 * expected, "{v} vs {expected}");
    }
}

#[test]
fn robust_polygon_zmp_area_and_cone() {
    let mut b = Bench::new();
    let out = b.run(&format!(
        "{TWO_FEET}
        let full = st.robust_static_polygon(0.0);
        print(full.area);
        print(st.robust_static_polygon(10.0).area < full.area);
        print(st.zmp_support_area(0.0).area);
        let cone = st.com_acceleration_cone();
        print(cone.status);
        print(cone.cone.len());"
    ));
    let lines: Vec<&str> = out.lines().collect();
    let area: f64 = lines[0].parse().unwrap();
    assert!((area - 0.22 * 0.4).abs() < 1e-9, "{out}");
    assert_eq!(lines[1], "true");
    let zmp: f64 = lines[2].parse().unwrap();
    assert!((zmp - 0.22 * 0.4).abs() < 1e-9, "{out}");
    assert_eq!(lines[3], "bounded");
    assert_eq!(lines[4], "5");
}

#[test]
fn bad_robustness_input_fails_at_its_line() {
    let mut b = Bench::new();
    let d = b.fail(
        "let x = 1;\nlet r = equilibrium_robustness(#{ points: [[0.0, 0.0, 0.0]], normals: [[0.0, 0.0, 2.0]], friction: 0.5, mass: 1.0, com: [0.0, 0.0, 1.0] });",
    );
    assert_fails_at(&d, "norm 2", 2);
    let d = b.fail(&format!(
        "{TWO_FEET}\nlet p = st.robust_static_polygon(-1.0);"
    ));
    assert_fails_at(&d, "margin", 6);
}
