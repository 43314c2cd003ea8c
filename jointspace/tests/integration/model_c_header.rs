//! The exported C header, compiled with the system's C compiler (`cc -O2`) and called from a
//! small C program: its values and gradients equal Morsel's evaluation to 1e-12 relative, and
//! its gradient equals central differences of the C function itself to 1e-6.

use std::f64::consts::PI;
use std::process::Command;

use morsel_jointspace::model::{CHeaderOptions, c_header};
use morsel_jointspace::{
    FitOptions, JointspaceModel, ModelKind, Quantity, SampleMap, certify_empirical, fit,
};

/// A spline over `k` joints of a few cells each (4 are the fewest on a periodic joint).
fn spline_kind(k: usize) -> ModelKind {
    ModelKind::Spline {
        cells: [7, 5, 4][..k].to_vec(),
        smoothing: 1e-3,
    }
}
use ndarray::Array2;

/// A fitted model (a network or a spline) over one periodic and one or two scaled joints,
/// certified on a finer map so that the header carries a non-zero offset.
fn fitted(k: usize, kind: ModelKind) -> JointspaceModel {
    let ranges: Vec<[f64; 2]> = [[-PI, PI], [-0.7, 1.9], [-2.0, 0.5]][..k].to_vec();
    let f = |q: &[f64]| {
        q[0].cos() * 0.6 + q.get(1).map_or(0.0, |v| v * 0.3) - q.get(2).map_or(0.0, |v| v * v) * 0.2
    };
    let grid = |n: usize| {
        let total = n.pow(k as u32);
        let rows = Array2::from_shape_fn((total, k + 1), |(c, a)| {
            let mut q = vec![0.0; k];
            let mut rest = c;
            for (b, v) in q.iter_mut().enumerate() {
                let [lo, hi] = ranges[b];
                *v = lo + (hi - lo) * (rest % n) as f64 / (n - 1) as f64;
                rest /= n;
            }
            if a < k { q[a] } else { f(&q) }
        });
        let names = ["j_a", "j_b", "j_c"][..k]
            .iter()
            .map(|s| s.to_string())
            .collect();
        SampleMap::new(
            names,
            ranges.clone(),
            rows,
            None,
            Quantity::JointSpaceDistance,
        )
        .unwrap()
    };
    let options = FitOptions {
        kind,
        hidden: vec![9, 6],
        epochs: 60,
        ..FitOptions::default()
    };
    let (mut model, _) = fit(&grid(12), &options).unwrap();
    let c = certify_empirical(&mut model, &grid(17)).unwrap();
    assert_eq!(c.false_free, 0);
    // Levenberg–Marquardt fits this function so closely that the certified offset can be 0;
    // a non-zero one checks that the header carries it at full precision.
    if model.offset() == 0.0 {
        model.set_offset(0.012_345_678_901_234_5).unwrap();
    }
    model
}

/// Compiles `header` with a C program that prints, per configuration of `qs`, the value, the
/// gradient and central differences of the C value; returns the numbers, one row per line.
fn run_c(header: &str, prefix: &str, k: usize, qs: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(format!("{prefix}.h")), header).unwrap();
    let list: Vec<String> = qs
        .iter()
        .flat_map(|q| q.iter().map(|v| format!("{v:?}")))
        .collect();
    let up = prefix.to_ascii_uppercase();
    let program = format!(
        r#"#include <stdio.h>
#include "{prefix}.h"
static const double qs[] = {{{list}}};
int main(void) {{
    double grad[{up}_JOINTS], q[{up}_JOINTS];
    printf("%d %.17g\n", {up}_JOINTS, {up}_OFFSET);
    for (int n = 0; n < {rows}; ++n) {{
        for (int a = 0; a < {up}_JOINTS; ++a) q[a] = qs[n * {up}_JOINTS + a];
        printf("%.17g", {prefix}_distance(q));
        {prefix}_gradient(q, grad);
        for (int a = 0; a < {up}_JOINTS; ++a) printf(" %.17g", grad[a]);
        for (int a = 0; a < {up}_JOINTS; ++a) {{
            const double h = 1e-6, v = q[a];
            q[a] = v + h; double up = {prefix}_distance(q);
            q[a] = v - h; double down = {prefix}_distance(q);
            q[a] = v;
            printf(" %.17g", (up - down) / (2.0 * h));
        }}
        printf("\n");
    }}
    return 0;
}}
"#,
        list = list.join(", "),
        rows = qs.len(),
    );
    let source = dir.path().join("main.c");
    std::fs::write(&source, program).unwrap();
    let exe = dir.path().join("main");
    let out = Command::new("cc")
        .args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-o"])
        .arg(&exe)
        .arg(&source)
        .arg("-lm")
        .output()
        .expect("a C compiler `cc` on the PATH");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    let first: Vec<f64> = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(first[0], k as f64);
    let mut rows = vec![first];
    rows.extend(lines.map(|l| {
        l.split(' ')
            .map(|v| v.parse().unwrap())
            .collect::<Vec<f64>>()
    }));
    assert_eq!(rows.len(), qs.len() + 1);
    rows
}

#[test]
fn c_header_equals_morsels_evaluation() {
    for (k, kind) in [
        (2, ModelKind::Network),
        (3, ModelKind::Network),
        (1, spline_kind(1)),
        (2, spline_kind(2)),
        (3, spline_kind(3)),
    ] {
        let is_spline = kind != ModelKind::Network;
        let model = fitted(k, kind);
        assert!(model.offset() > 0.0);
        let prefix = format!("solo_model_{k}d{}", if is_spline { "_spline" } else { "" });
        let header = c_header(
            &model,
            &CHeaderOptions {
                prefix: prefix.clone(),
            },
        );
        assert!(
            header.contains("q[0] j_a: range [-3.141592653589793, 3.141592653589793], periodic")
        );
        let mut qs: Vec<Vec<f64>> = (0..40)
            .map(|i| {
                (0..k)
                    .map(|a| ((i * 13 + a * 29) % 37) as f64 * 0.17 - 3.1)
                    .collect()
            })
            .collect();
        // The ends of the periodic range, a knot of the spline's 7 cells and a full turn away.
        for q0 in [PI, -PI, -PI + 2.0 * PI * 3.0 / 7.0, 0.4 + 2.0 * PI] {
            let mut q = vec![0.25; k];
            q[0] = q0;
            qs.push(q);
        }
        let rows = run_c(&header, &prefix, k, &qs);
        assert_eq!(rows[0][1], model.offset());
        let close = |c: f64, r: f64| (c - r).abs() <= 1e-12 * r.abs().max(1e-3);
        for (q, row) in qs.iter().zip(&rows[1..]) {
            let d = model.distance(q).unwrap();
            let g = model.gradient(q).unwrap();
            assert!(close(row[0], d), "{q:?}: C {} vs {d}", row[0]);
            for a in 0..k {
                assert!(
                    close(row[1 + a], g[a]),
                    "{q:?} joint {a}: C {} vs {}",
                    row[1 + a],
                    g[a]
                );
                let fd = row[1 + k + a];
                assert!(
                    (fd - row[1 + a]).abs() <= 1e-6,
                    "{q:?} joint {a}: fd {fd} vs {}",
                    row[1 + a]
                );
            }
        }
    }
}

/// Joint names and a source that would end the header's comment or break its lines (they come
/// from user files) are written so that the header still compiles and gives the model's values.
#[test]
fn names_that_would_end_a_comment_are_neutralised() {
    let model = fitted(2, ModelKind::Network);
    let odd = JointspaceModel::new(
        vec!["knee*/ #error broken".into(), "line\nbreak".into()],
        model.ranges().to_vec(),
        model.encoding().to_vec(),
        model.mlp().unwrap().clone(),
        model.quantity().clone(),
    )
    .unwrap()
    .with_source("robot \"a */ b\", pairs [(x, y)], reference configuration 00000000");
    let header = c_header(
        &odd,
        &CHeaderOptions {
            prefix: "odd_model".into(),
        },
    );
    assert!(header.contains("knee* / #error broken") && header.contains("Sampled from: robot"));
    let qs = vec![vec![0.3, -0.2], vec![-2.0, 1.5]];
    let rows = run_c(&header, "odd_model", 2, &qs);
    for (q, row) in qs.iter().zip(&rows[1..]) {
        let d = odd.distance(q).unwrap();
        assert!((row[0] - d).abs() <= 1e-12 * d.abs().max(1e-3), "{q:?}");
    }
}
