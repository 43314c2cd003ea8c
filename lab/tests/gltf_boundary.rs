//! glTF of a joint-space collision boundary: one marker per point in joint coordinates. The
//! file is read back with the `gltf` crate: every marker's centre (the mean of its 6 vertices)
//! must be a boundary point to float32 precision, in the given order; dimensions other than 2
//! or 3 and empty boundaries are refused.

#![allow(clippy::unwrap_used)]

mod common;

use common::{Glb, out_dir, validate};
use morsel_jointspace::Boundary;
use morsel_lab::gltf::{self as mgltf, Drawing};
use ndarray::Array2;

fn boundary(points: Array2<f64>) -> Boundary {
    let k = points.ncols();
    let joints = (0..k).map(|i| format!("j{i}")).collect();
    Boundary::new(joints, vec![[-4.0, 4.0]; k], points, vec![None; k], 1e-6).unwrap()
}

#[test]
fn boundary_points_become_markers_at_their_joint_coordinates() {
    // Points on a circle of radius 1.5 rad (2 joints) and on a helix (3 joints).
    let n = 40;
    let circle = Array2::from_shape_fn((n, 2), |(i, a)| {
        let t = std::f64::consts::TAU * i as f64 / n as f64;
        1.5 * if a == 0 { t.cos() } else { t.sin() }
    });
    let helix = Array2::from_shape_fn((n, 3), |(i, a)| {
        let t = std::f64::consts::TAU * i as f64 / n as f64;
        [t.cos(), t.sin(), t / 4.0][a]
    });
    let mut files = Vec::new();
    for (name, points) in [("circle", circle), ("helix", helix)] {
        let b = boundary(points.clone());
        let drawing = Drawing::from_boundary(name, &b).unwrap();
        let bytes = mgltf::encode("b.glb", &drawing).unwrap();
        let path = out_dir("gltf-boundary").join(format!("{name}.glb"));
        std::fs::write(&path, &bytes).unwrap();
        files.push(path);
        let glb = Glb::parse(&bytes);
        let vertices = glb.world_positions(&glb.node("boundary"));
        assert_eq!(vertices.len(), 6 * n, "{name}: 6 vertices per marker");
        for (i, marker) in vertices.chunks(6).enumerate() {
            for a in 0..3 {
                let centre = marker.iter().map(|v| v[a]).sum::<f64>() / 6.0;
                let expected = if a < points.ncols() {
                    points[[i, a]]
                } else {
                    0.0
                };
                assert!(
                    (centre - expected).abs() < 1e-6,
                    "{name}: marker {i} axis {a} at {centre}, point {expected}"
                );
            }
        }
        let legend = glb.legend();
        assert!(legend[0].0.contains(&format!("{n} points")), "{legend:?}");
        assert!(legend[0].0.contains("x = j0, y = j1"), "{legend:?}");
    }
    validate(&files);
}

#[test]
fn boundaries_that_do_not_fit_in_3d_are_refused() {
    let one = boundary(Array2::zeros((3, 1)));
    let four = boundary(Array2::zeros((3, 4)));
    let empty = boundary(Array2::zeros((0, 2)));
    assert!(
        Drawing::from_boundary("b", &one)
            .unwrap_err()
            .contains("1 joints cannot be drawn")
    );
    assert!(
        Drawing::from_boundary("b", &four)
            .unwrap_err()
            .contains("4 joints cannot be drawn")
    );
    assert!(
        Drawing::from_boundary("b", &empty)
            .unwrap_err()
            .contains("no points")
    );
}
