//! The joint-space sampling functions on the real Solo-12, checked against independent truths:
//! the grid formula, the notebook's first row (the shoulder collides at [-pi, -pi]), brute-force
//! nearest boundary points and unit Jacobians; and one case per malformed input.

use std::f64::consts::PI;

use morsel_shell::{Diagnostic, Session, SessionOptions};
use ndarray::Array2;
use ndarray_npy::ReadNpyExt;
use tempfile::TempDir;

use crate::{assert_fails_at, workspace_root};

/// A session whose scripts live in `scripts/` of the workspace (so that
/// `../assets/robots/solo12/solo12.urdf` resolves), writing to a temporary folder.
struct SoloBench {
    out: TempDir,
    session: Session,
}

const SOLO: &str = "let solo = urdf(\"../assets/robots/solo12/solo12.urdf\");\n";

impl SoloBench {
    fn new() -> Self {
        let root = workspace_root();
        let out = tempfile::tempdir().expect("temp dir");
        let options = SessionOptions::new(root.join("scripts"), out.path())
            .read_root(root)
            .capture_output();
        let session = Session::new(options).expect("session");
        Self { out, session }
    }

    fn run(&mut self, source: &str) -> String {
        match self
            .session
            .run_source("test.rhai", &format!("{SOLO}{source}"))
        {
            Ok(_) => self.session.take_output(),
            Err(d) => panic!("script failed:\n{d}"),
        }
    }

    fn fail(&mut self, source: &str) -> Diagnostic {
        match self
            .session
            .run_source("test.rhai", &format!("{SOLO}{source}"))
        {
            Ok(v) => panic!("script should have failed, returned {v}"),
            Err(d) => d,
        }
    }
}

fn numbers(text: &str) -> Vec<f64> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("number"))
        .collect()
}

const SHOULDER: &str = "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\"], \
     ranges: [[-1.0, 1.0], [0.0, 1.5]], pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] });\n";

/// The shoulder over a full turn of both joints (it collides in places).
const FULL_TURN: &str = "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\"], \
     ranges: [-PI(), PI()], pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] });\n";

#[test]
fn grid_rows_follow_the_formula_first_joint_fastest() {
    let mut b = SoloBench::new();
    let out = b.run(&format!(
        "{SHOULDER}let map = cs.grid([4, 3], #{{ distance: false }});
        print(map.len());
        print(map.steps);
        for r in map.rows {{ print(r); }}
        save(\"grid.npy\", map);"
    ));
    let v = numbers(&out);
    assert_eq!(v[0], 12.0, "{out}");
    assert_eq!(&v[1..3], &[4.0, 3.0], "{out}");
    let rows = &v[3..];
    assert_eq!(rows.len(), 12 * 3, "{out}");
    for (n, row) in rows.chunks(3).enumerate() {
        let (i, j) = (n % 4, n / 4);
        assert!(
            (row[0] - (-1.0 + i as f64 * 2.0 / 4.0)).abs() < 1e-15,
            "{out}"
        );
        assert!((row[1] - (j as f64 * 1.5 / 3.0)).abs() < 1e-15, "{out}");
        assert!(row[2] == 0.0 || row[2] == 1.0, "{out}");
    }
    // The NPY file holds the same rows, n x (k + 1).
    let file = std::fs::File::open(b.out.path().join("grid.npy")).expect("grid.npy");
    let saved = Array2::<f64>::read_npy(file).expect("npy");
    assert_eq!(saved.dim(), (12, 3));
    for (n, row) in rows.chunks(3).enumerate() {
        assert_eq!(saved.row(n).to_vec(), row.to_vec());
    }
}

#[test]
fn the_shoulder_collides_at_minus_pi_minus_pi_as_in_the_notebook() {
    let mut b = SoloBench::new();
    let out = b.run(
        "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\"], ranges: [-PI(), PI()],
             pairs: [[\"base_link_0\", \"FL_UPPER_LEG_0\"]] });
        print(cs.grid(8, #{ distance: false }).rows[0]);
        print(cs.grid(8, #{ distance: true, zero_in_collision: true }).rows[0]);
        print(cs.grid(8).rows[0]);",
    );
    let v = numbers(&out);
    assert_eq!(v.len(), 9, "{out}");
    // Printed with 10 significant digits.
    for row in v.chunks(3) {
        assert!((row[0] + PI).abs() < 1e-9, "{out}");
        assert!((row[1] + PI).abs() < 1e-9, "{out}");
    }
    assert_eq!(v[2], 0.0, "binary: in collision\n{out}");
    assert_eq!(v[5], 0.0, "zero in collision, as the notebook\n{out}");
    assert!(v[8] < 0.0, "minus the penetration depth\n{out}");
}

#[test]
fn jointspace_distance_is_the_nearest_boundary_point_and_its_jacobian_a_unit_vector() {
    let mut b = SoloBench::new();
    let out = b.run(&format!(
        "{FULL_TURN}let map = cs.grid([6, 5], #{{ distance: false }});
        let boundary = cs.boundary(40, #{{ precision: 1e-6, periodic: false, seed: 3 }});
        let js = map.to_jointspace(boundary);
        let jac = map.jacobian(boundary);
        print(boundary.len());
        for p in boundary.points {{ print(p); }}
        for r in map.rows {{ print(r); }}
        for r in js.rows {{ print(r); }}
        for r in jac {{ print(r); }}"
    ));
    let v = numbers(&out);
    let nb = v[0] as usize;
    assert_eq!(nb, 40, "{out}");
    let (points, rest) = v[1..].split_at(2 * nb);
    let (map, rest) = rest.split_at(30 * 3);
    let (js, jac) = rest.split_at(30 * 3);
    assert_eq!(jac.len(), 30 * 4, "{out}");
    for n in 0..30 {
        let q = &map[3 * n..3 * n + 2];
        let (best, nearest) = points
            .chunks(2)
            .map(|p| ((q[0] - p[0]).hypot(q[1] - p[1]), p))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("points");
        let d = js[3 * n + 2];
        let sign = if map[3 * n + 2] <= 0.0 { -1.0 } else { 1.0 };
        // Every number was printed with 10 significant digits.
        assert!(
            (d - sign * best).abs() < 1e-8,
            "row {n}: {d} vs {best}\n{out}"
        );
        let j = &jac[4 * n..4 * n + 4];
        assert_eq!(&j[..2], q, "{out}");
        assert!((j[2].hypot(j[3]) - 1.0).abs() < 1e-9, "{out}");
        // q - d J is the nearest boundary point.
        assert!((q[0] - d * j[2] - nearest[0]).abs() < 1e-8, "{out}");
        assert!((q[1] - d * j[3] - nearest[1]).abs() < 1e-8, "{out}");
    }
}

/// The distance from `q` to the nearest of `points` (pairs), over the periodic images
/// `p + 2π·(i, j)`, i, j ∈ {-1, 0, 1}: the brute-force periodic answer.
fn periodic_brute_force(q: &[f64], points: &[f64]) -> f64 {
    let mut best = f64::INFINITY;
    for p in points.chunks(2) {
        for i in -1..=1 {
            for j in -1..=1 {
                let dx = q[0] - (p[0] + 2.0 * PI * f64::from(i));
                let dy = q[1] - (p[1] + 2.0 * PI * f64::from(j));
                best = best.min(dx.hypot(dy));
            }
        }
    }
    best
}

#[test]
fn a_full_turn_shoulder_is_periodic_by_default_across_the_seam() {
    let mut b = SoloBench::new();
    let out = b.run(&format!(
        "{FULL_TURN}let map = cs.random(200, #{{ distance: false, seed: 2 }});
        let by_default = cs.boundary(30, #{{ precision: 1e-6, seed: 4 }});
        let periodic = cs.boundary(30, #{{ precision: 1e-6, seed: 4, periodic: true }});
        let flat = cs.boundary(30, #{{ precision: 1e-6, seed: 4, periodic: false }});
        print(by_default.periodic);
        print(flat.periodic);
        for p in by_default.points {{ print(p); }}
        let rows = [map.to_jointspace(by_default).rows, map.to_jointspace(periodic).rows,
                    map.to_jointspace(flat).rows];
        for i in 0..200 {{ print([rows[0][i], rows[1][i], rows[2][i]]); }}"
    ));
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("true"), "{out}");
    assert_eq!(lines.next(), Some("false"), "{out}");
    let v = numbers(&lines.collect::<Vec<_>>().join("\n"));
    let (points, rows) = v.split_at(60);
    assert_eq!(rows.len(), 200 * 9, "{out}");
    let mut seam_mattered = 0;
    for row in rows.chunks(9) {
        let (q, default, periodic, flat) = (&row[..2], row[2], row[5], row[8]);
        assert_eq!((&row[3..5], &row[6..8]), (q, q));
        let truth = periodic_brute_force(q, points);
        // Printed with 10 significant digits.
        assert!(
            (default.abs() - truth).abs() < 1e-8,
            "{q:?}: {default} vs {truth}"
        );
        assert_eq!(default, periodic, "{q:?}");
        assert!(flat.abs() >= truth - 1e-8, "{q:?}: {flat} < {truth}");
        if flat.abs() > truth + 1e-3 {
            seam_mattered += 1;
        }
    }
    // Near the seam the non-periodic distance is too long: the default is not it.
    assert!(seam_mattered > 0, "no query crossed the seam\n{out}");
}

#[test]
fn a_boundary_saves_its_points_and_options() {
    let mut b = SoloBench::new();
    let out = b.run(&format!(
        "{FULL_TURN}let boundary = cs.boundary(12, #{{ precision: 1e-4, seed: 5 }});
        save(\"boundary.json\", boundary);
        save(\"boundary.npy\", boundary);
        print(boundary.len());"
    ));
    assert_eq!(numbers(&out), vec![12.0], "{out}");
    let text = std::fs::read_to_string(b.out.path().join("boundary.json")).expect("json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("json parses");
    assert_eq!(json["points"].as_array().map(Vec::len), Some(12), "{text}");
    assert_eq!(json["precision"].as_f64(), Some(1e-4), "{text}");
    // The ranges span a full turn: periodic by default.
    assert_eq!(json["periodic"], serde_json::Value::Bool(true), "{text}");
    let file = std::fs::File::open(b.out.path().join("boundary.npy")).expect("boundary.npy");
    let points = Array2::<f64>::read_npy(file).expect("npy");
    assert_eq!(points.dim(), (12, 2));
    // Within the ranges.
    for p in points.rows() {
        assert!(p.iter().all(|x| (-PI..=PI).contains(x)), "{p}");
    }
}

#[test]
fn the_leg_grid_is_binary_and_shaped_as_the_steps() {
    let mut b = SoloBench::new();
    let out = b.run(
        "let leg = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\", \"FL_KFE\"], ranges: [-PI(), PI()],
             pairs: [[\"base_link\", \"FL_UPPER_LEG\"], [\"base_link\", \"FL_LOWER_LEG\"]] });
        let map = leg.grid([3, 4, 2], #{ distance: false });
        let g = map.grid;
        print([g.len(), g[0].len(), g[0][0].len()]);
        // grid[i][j][k] is row i + 3 j + 12 k.
        let ok = true;
        for i in 0..3 { for j in 0..4 { for k in 0..2 {
            if g[i][j][k] != map.rows[i + 3 * j + 12 * k][3] { ok = false; }
        } } }
        print(ok);
        plot_map(\"leg.svg\", map);",
    );
    assert_eq!(
        numbers(out.lines().next().unwrap_or("")),
        vec![3.0, 4.0, 2.0],
        "{out}"
    );
    assert!(out.contains("true"), "{out}");
    let svg = std::fs::read_to_string(b.out.path().join("leg.svg")).expect("svg");
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..80.min(svg.len())]
    );
}

#[test]
fn bad_jointspace_input_names_the_problem_and_the_line() {
    let mut b = SoloBench::new();
    let spec = |joints: &str, ranges: &str, pairs: &str| {
        format!(
            "let cs = collision_sampler(solo, #{{ joints: {joints}, ranges: {ranges}, pairs: {pairs} }});"
        )
    };
    let good = spec(
        "[\"FL_HAA\", \"FL_HFE\"]",
        "[-1, 1]",
        "[[\"base_link\", \"FL_UPPER_LEG\"]]",
    );
    let cases: Vec<(String, &str)> = vec![
        (
            spec(
                "[\"FL_NOPE\"]",
                "[-1, 1]",
                "[[\"base_link\", \"FL_UPPER_LEG\"]]",
            ),
            "unknown joint \"FL_NOPE\"",
        ),
        (
            spec("[\"FL_HAA\"]", "[-1, 1]", "[[\"base_link\", \"NO_LINK\"]]"),
            "unknown collision object or link \"NO_LINK\"",
        ),
        (
            spec(
                "[\"FL_HAA\"]",
                "[[1, -1]]",
                "[[\"base_link\", \"FL_UPPER_LEG\"]]",
            ),
            "range [1, -1] of joint \"FL_HAA\" is invalid",
        ),
        (format!("{good}\nlet m = cs.grid([3, 0]);"), "is 0"),
        (
            format!("{good}\nlet m = cs.grid([100000, 100000], #{{ distance: false }});"),
            "more than the limit",
        ),
        (
            format!("{good}\nlet m = cs.grid(3, #{{ colour: 1 }});"),
            "colour",
        ),
        (
            format!("{good}\nlet m = cs.boundary(3, #{{ precision: -1 }});"),
            "precision",
        ),
        (
            "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\"], ranges: [-1, 1], \
             pairs: [[\"base_link\", \"FL_UPPER_LEG\"]], reference: [0.0, 1.0] });"
                .to_string(),
            "2 values but 12 are expected",
        ),
        (
            "let bare = urdf(\"../assets/robots/solo12/solo12.urdf\", #{ geometry: false });
let cs = collision_sampler(bare, #{ joints: [\"FL_HAA\"], ranges: [-1, 1], \
             pairs: [[\"base_link\", \"FL_UPPER_LEG\"]] });"
                .to_string(),
            "has no collision geometry",
        ),
        (
            "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\"], ranges: [-1, 1] });"
                .to_string(),
            "pairs",
        ),
    ];
    for (source, needle) in cases {
        let d = b.fail(&source);
        let line = source.lines().count() + 1;
        assert_fails_at(&d, needle, line);
    }
}

#[test]
fn the_no_boundary_hint_names_an_option_boundary_accepts() {
    // The front-right lower leg never meets the base while the front-left shoulder moves.
    let far = "let cs = collision_sampler(solo, #{ joints: [\"FL_HAA\", \"FL_HFE\"], \
         ranges: [[0.0, 0.1], [0.0, 0.1]], pairs: [[\"base_link\", \"FR_LOWER_LEG\"]] });\n";
    let mut b = SoloBench::new();
    let d = b.fail(&format!("{far}cs.boundary(4);"));
    assert!(d.message.contains("entirely free"), "{d}");
    let option = d
        .message
        .split("raise ")
        .nth(1)
        .and_then(|rest| {
            rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
        })
        .expect("the hint names what to raise");
    // The named option is accepted and does what it says: the search gives up after that many
    // draws instead of the default 10000.
    let d = b.fail(&format!("{far}cs.boundary(4, #{{ {option}: 40 }});"));
    assert!(d.message.contains("after 40 random configurations"), "{d}");
    let d = b.fail(&format!("{far}cs.boundary(4, #{{ {option}: -1 }});"));
    assert!(d.message.contains("a count >= 2"), "{d}");
}
