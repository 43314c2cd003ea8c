//! Joint-space models in scripts, on the real Solo-12 shoulder: fit, single and batched
//! evaluation, the gradient against central differences of the script's own distance,
//! certification storing its offset, the three exports, and one case per malformed input.

use morsel_shell::{Diagnostic, Session, SessionOptions};
use tempfile::TempDir;

use crate::workspace_root;

/// A session whose scripts live in `scripts/` (so the Solo-12 URDF resolves), with a small
/// shoulder model fitted and certified as `model` (and its training map `js`).
struct ModelBench {
    out: TempDir,
    session: Session,
}

const SETUP: &str = r#"
let solo = urdf("../assets/robots/solo12/solo12.urdf");
let cs = collision_sampler(solo, #{ joints: ["FL_HAA", "FL_HFE"], ranges: [-PI(), PI()],
    pairs: [["base_link", "FL_UPPER_LEG"], ["base_link", "FL_LOWER_LEG"]] });
let grid = cs.grid([20, 20], #{ distance: false });
let boundary = cs.boundary(150, #{ seed: 1 });
let js = grid.to_jointspace(boundary);
let model = jointspace_model(js, #{ hidden: [6], seed: 2, epochs: 40 });
"#;

impl ModelBench {
    fn new() -> Self {
        let root = workspace_root();
        let out = tempfile::tempdir().expect("temp dir");
        let options = SessionOptions::new(root.join("scripts"), out.path())
            .read_root(root)
            .capture_output();
        Self {
            out,
            session: Session::new(options).expect("session"),
        }
    }

    fn run(&mut self, source: &str) -> String {
        match self
            .session
            .run_source("test.rhai", &format!("{SETUP}{source}"))
        {
            Ok(_) => self.session.take_output(),
            Err(d) => panic!("script failed:\n{d}"),
        }
    }

    fn fail(&mut self, source: &str) -> Diagnostic {
        match self
            .session
            .run_source("test.rhai", &format!("{SETUP}{source}"))
        {
            Ok(v) => panic!("script should have failed, returned {v}"),
            Err(d) => d,
        }
    }
}

fn numbers(line: &str) -> Vec<f64> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "-" && *t != "e")
        .map(|t| t.parse().expect("number"))
        .collect()
}

#[test]
fn fit_evaluate_and_differentiate() {
    let mut b = ModelBench::new();
    let out = b.run(
        r#"
let q = [0.4, -1.1];
let h = 1e-6;
print(model.distance(q));
print(model.gradient(q));
print((model.distance([0.4 + h, -1.1]) - model.distance([0.4 - h, -1.1])) / (2.0 * h));
print((model.distance([0.4, -1.1 + h]) - model.distance([0.4, -1.1 - h])) / (2.0 * h));
print(model.distance([q, [2.0, 0.5]]));
print(model.distance([2.0, 0.5]));
print(model.gradient([q, [2.0, 0.5]]));
print(model.parameters);
print(model.report.train_samples + model.report.validation_samples);
"#,
    );
    let lines: Vec<Vec<f64>> = out.lines().map(numbers).collect();
    let (d, g) = (lines[0][0], &lines[1]);
    assert!(
        (lines[2][0] - g[0]).abs() < 1e-6 && (lines[3][0] - g[1]).abs() < 1e-6,
        "{out}"
    );
    assert_eq!(lines[4], vec![d, lines[5][0]]);
    assert_eq!(&lines[6][..2], &g[..]);
    // 4 inputs (two periodic joints) -> 6 tanh -> 1: 4·6 + 6 + 6 + 1.
    assert_eq!(lines[7], vec![37.0]);
    assert_eq!(lines[8], vec![400.0]);
}

#[test]
fn certify_stores_the_offset_and_exports_carry_it() {
    let mut b = ModelBench::new();
    let out = b.run(
        r#"
let check = cs.random(3000, #{ seed: 9, distance: false }).to_jointspace(boundary);
let c = certify(model, check);
print(`${c.offset} ${model.offset} ${c.false_free} ${c.samples} ${c.colliding} ${c.lost_free}`);
// Recount by hand: no colliding sample above the offset, and the lost free samples.
let lost = 0;
let above = 0;
let values = model.distance(check.rows.map(|r| [r[0], r[1]]));
for i in 0..check.len() {
    let truth = check.rows[i][2];
    if truth <= 0.0 && values[i] - model.offset > 0.0 { above += 1; }
    if truth > 0.0 && values[i] - model.offset <= 0.0 { lost += 1; }
}
print(`${above} ${lost}`);
save("shoulder.h", model);
save("other.h", model, #{ prefix: "solo_fl" });
save("shoulder.json", model);
save("shoulder.npz", model);
"#,
    );
    let lines: Vec<Vec<f64>> = out.lines().map(numbers).collect();
    let (offset, stored, false_free, samples, lost) = (
        lines[0][0],
        lines[0][1],
        lines[0][2],
        lines[0][3],
        lines[0][5],
    );
    assert!(offset > 0.0, "{out}");
    assert_eq!(offset, stored);
    // Printed with 10 significant digits; the files carry the offset at full precision.
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(b.out.path().join("shoulder.json")).expect("json"),
    )
    .expect("valid JSON");
    let exact = json["model"]["offset"].as_f64().expect("offset");
    assert!(
        (exact - offset).abs() <= 1e-9 * offset,
        "{exact} vs {offset}"
    );
    assert_eq!((false_free, samples), (0.0, 3000.0));
    assert_eq!(lines[1], vec![0.0, lost]);

    let header = std::fs::read_to_string(b.out.path().join("shoulder.h")).expect("header");
    assert!(header.contains("#define SHOULDER_JOINTS 2"));
    assert!(header.contains(&format!("#define SHOULDER_OFFSET {exact:?}")));
    assert!(header.contains("static inline double shoulder_distance(const double *q)"));
    assert!(header.contains("static inline void shoulder_gradient(const double *q, double *grad)"));
    assert!(
        header.contains("q[1] FL_HFE: range [-3.141592653589793, 3.141592653589793], periodic")
    );
    let other = std::fs::read_to_string(b.out.path().join("other.h")).expect("header");
    assert!(other.contains("#define SOLO_FL_JOINTS 2") && other.contains("solo_fl_gradient("));

    assert_eq!(json["model"]["joints"][0], "FL_HAA");
    let npz = std::fs::read(b.out.path().join("shoulder.npz")).expect("npz");
    assert_eq!(&npz[..2], b"PK");
}

/// A spline model in a script: its kind and cells, a gradient equal to central differences of
/// the script's own distance, and a C header holding its coefficients.
#[test]
fn a_spline_model_fits_and_exports() {
    let mut b = ModelBench::new();
    let out = b.run(
        r#"let s = jointspace_model(js, #{ cells: [12, 10], validation: 0.0 });
let m = s.to_map();
print(`${m.kind} ${m.cells} ${m.hidden.len()} ${s.parameters}`);
let q = [0.4, -1.1];
let h = 1e-6;
let g = s.gradient(q);
let fd0 = (s.distance([0.4 + h, -1.1]) - s.distance([0.4 - h, -1.1])) / (2.0 * h);
let fd1 = (s.distance([0.4, -1.1 + h]) - s.distance([0.4, -1.1 - h])) / (2.0 * h);
print(`${g[0] - fd0} ${g[1] - fd1}`);
print(`${s.report.train_rmse < model.report.train_rmse}`);
save("spline.h", s);"#,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "spline [12, 10] 0 120", "{out}");
    assert!(numbers(lines[1]).iter().all(|d| d.abs() < 1e-6), "{out}");
    assert_eq!(lines[2], "true", "{out}");
    let header = std::fs::read_to_string(b.out.path().join("spline.h")).expect("header");
    assert!(header.contains("static const double spline_coef[120]"));
}

#[test]
fn bad_input_names_what_is_wrong() {
    let mut b = ModelBench::new();
    let cases = [
        ("jointspace_model(grid)", "holds collision check (1 free, 0 colliding), not distances"),
        ("model.distance([0.1])", "has 1 entries but 2 are expected"),
        ("model.gradient([0.1, 0.0 / 0.0])", "expected a finite number for configuration, element 1"),
        ("model.distance([[0.1, 0.2], [0.3]])", "configuration 1"),
        ("jointspace_model(js, #{ hidden: [0] })", "has a layer of width 0"),
        ("jointspace_model(js, #{ validation: 1.5 })", "is not in [0, 1)"),
        ("jointspace_model(js, #{ layers: 3 })", "layers"),
        ("jointspace_model(js, #{ kind: \"tree\" })", "use \"network\" or \"spline\""),
        ("jointspace_model(js, #{ kind: \"spline\", hidden: [4] })", "a spline has no hidden layers"),
        ("jointspace_model(js, #{ hidden: [4], cells: 8 })", "give one kind's options"),
        ("jointspace_model(js, #{ kind: \"network\", cells: 8 })", "belong to kind \"spline\""),
        ("jointspace_model(js, #{ cells: [8, 8, 8] })", "one count, or one per joint"),
        ("jointspace_model(js, #{ cells: 3 })", "needs at least 4"),
        ("jointspace_model(js, #{ cells: 8, smoothing: -1.0 })", "finite number >= 0"),
        (
            "let leg = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_KFE\"], ranges: [-PI(), PI()], pairs: [[\"base_link\", \"FL_LOWER_LEG\"]] });
             certify(model, leg.grid([5, 5], #{ distance: false }).to_jointspace(leg.boundary(20, #{ seed: 1 })))",
            "but the model was fitted over [\"FL_HAA\", \"FL_HFE\"]",
        ),
        ("save(\"model.txt\", model)", "saved as .h (C99 header), .json or .npz"),
        ("save(\"model.json\", model, #{ prefix: \"x\" })", "C headers (.h) only"),
    ];
    for (source, needle) in cases {
        let d = b.fail(source);
        assert!(
            d.message.contains(needle),
            "`{source}`: expected `{needle}` in\n{d}"
        );
    }
}
