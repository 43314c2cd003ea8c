//! Sensor points of the primitives against MIMo's rules: counts, order, positions, normals.

use super::*;

#[test]
fn box_counts_follow_the_rule_for_a_sweep() {
    for &s in &[
        [0.1, 0.2, 0.3],
        [0.05, 0.05, 0.05],
        [0.3, 0.01, 0.12],
        [1.0, 0.5, 0.25],
    ] {
        for &res in &[0.007, 0.01, 0.02, 0.033, 0.05, 0.1, 0.2, 0.25, 0.5] {
            let sp = cuboid(s[0], s[1], s[2]).sensor_points(res).unwrap();
            assert_eq!(sp.len(), expected_box_count(s, res), "box {s:?} at {res}");
        }
    }
}

#[test]
fn box_points_lie_on_faces_in_mimo_order_with_summed_normals() {
    let s = [0.1, 0.2, 0.3];
    let res = 0.05;
    let sp = cuboid(s[0], s[1], s[2]).sensor_points(res).unwrap();
    let [nx, ny, nz] = s.map(|v| box_axis_count(v, res));
    assert_eq!([nx, ny, nz], [4, 8, 12]);
    assert_unit_normals(&sp);
    let coord = |k: usize, i: usize, n: usize| -s[k] + 2.0 * s[k] * i as f64 / (n - 1) as f64;
    // The order written out from the rule: x−, x+ (y outer, z inner), y−, y+ (x outer, z inner),
    // z−, z+ (x outer, y inner).
    let mut expected = Vec::new();
    for ix in [0, nx - 1] {
        for iy in 0..ny {
            for iz in 0..nz {
                expected.push([ix, iy, iz]);
            }
        }
    }
    for iy in [0, ny - 1] {
        for ix in 1..nx - 1 {
            for iz in 0..nz {
                expected.push([ix, iy, iz]);
            }
        }
    }
    for iz in [0, nz - 1] {
        for ix in 1..nx - 1 {
            for iy in 1..ny - 1 {
                expected.push([ix, iy, iz]);
            }
        }
    }
    assert_eq!(sp.len(), expected.len());
    for (k, (p, g)) in sp.points.iter().zip(&expected).enumerate() {
        let q = Point3::new(coord(0, g[0], nx), coord(1, g[1], ny), coord(2, g[2], nz));
        assert!((p - q).norm() < 1e-15, "point {k}: {p:?} vs {q:?}");
        // On the surface: the largest |coordinate|/half-size is exactly 1.
        let m = (0..3).map(|a| p[a].abs() / s[a]).fold(0.0, f64::max);
        assert!((m - 1.0).abs() < 1e-12);
        assert_close(
            &sp.normals[k],
            &box_normal_from_position(p, s),
            1e-12,
            "box normal",
        );
    }
    // Corners get (±1, ±1, ±1)/√3.
    let r3 = 1.0 / 3f64.sqrt();
    assert_close(
        &sp.normals[0],
        &Vector3::new(-r3, -r3, -r3),
        1e-15,
        "first corner",
    );
}

#[test]
fn box_single_point_when_the_resolution_exceeds_the_largest_half_size() {
    let b = cuboid(0.1, 0.2, 0.05);
    let sp = b.sensor_points(0.2000001).unwrap();
    assert_eq!(sp.points, vec![Point3::origin()]);
    assert_eq!(sp.normals, vec![Vector3::z()]);
    // Equal is not larger: the grid rule applies (2 coordinates on x and z, 2 on y).
    assert_eq!(b.sensor_points(0.2).unwrap().len(), 8);
    let m = b.sensor_mesh(0.3).unwrap();
    assert_eq!((m.len(), m.faces().len()), (1, 0));
    assert!(m.neighbours(0).is_empty());
}

#[test]
fn sphere_points_follow_the_latitude_rule() {
    for &r in &[0.02, 0.05, 0.1, 0.37] {
        for &res in &[0.004, 0.01, 0.013, 0.02, 0.05, 0.1] {
            let sp = Shape::sphere(r).unwrap().sensor_points(res).unwrap();
            if res > r {
                assert_eq!(sp.points, vec![Point3::origin()]);
                continue;
            }
            let rings = sphere_ring_counts(r, res);
            assert_eq!(sp.len(), rings.iter().sum::<usize>(), "sphere {r} at {res}");
            assert_unit_normals(&sp);
            let n_theta = rings.len() as f64;
            let mut k = 0;
            for (i, &n_phi) in rings.iter().enumerate() {
                let z = r * ((i as f64 + 0.5) * PI / n_theta).cos();
                for j in 0..n_phi {
                    let p = sp.points[k];
                    assert!((p.coords.norm() - r).abs() < 1e-12, "off the sphere");
                    assert!((p.z - z).abs() < 1e-12, "ring {i} at the wrong height");
                    let phi = p.y.atan2(p.x).rem_euclid(TAU);
                    let expected_phi = TAU * j as f64 / n_phi as f64;
                    let dphi = (phi - expected_phi).abs();
                    assert!(dphi < 1e-9 || (TAU - dphi) < 1e-9, "wrong angle");
                    assert_close(&sp.normals[k], &(p.coords / r), 1e-12, "sphere normal");
                    k += 1;
                }
            }
        }
    }
}

#[test]
fn ellipsoid_points_lie_on_the_surface_with_gradient_normals() {
    let (a, b, c) = (0.1, 0.05, 0.2);
    let e = Shape::ellipsoid(Vector3::new(a, b, c)).unwrap();
    for &res in &[0.005, 0.01, 0.03, 0.15] {
        let sp = e.sensor_points(res).unwrap();
        let expected: usize = sphere_ring_counts(0.2, res).iter().sum();
        assert_eq!(sp.len(), expected);
        assert_unit_normals(&sp);
        for (p, n) in sp.points.iter().zip(&sp.normals) {
            let f = (p.x / a).powi(2) + (p.y / b).powi(2) + (p.z / c).powi(2) - 1.0;
            assert!(f.abs() < 1e-12, "off the ellipsoid by {f}");
            let grad = Vector3::new(
                2.0 * p.x / (a * a),
                2.0 * p.y / (b * b),
                2.0 * p.z / (c * c),
            );
            assert_close(n, &grad.normalize(), 1e-12, "ellipsoid normal");
        }
    }
    // Too small for the resolution: one point.
    assert_eq!(e.sensor_points(0.21).unwrap().len(), 1);
    assert_eq!(
        e.sensor_points(0.2).unwrap().len(),
        expected_sphere(0.2, 0.2)
    );
}

#[test]
fn pipe_rings_are_radial_and_span_the_full_length() {
    let (r, h) = (0.03, 0.1);
    let pipe = Shape::pipe(r, h).unwrap();
    for &res in &[0.005, 0.01, 0.02, 0.07, 0.3] {
        let sp = pipe.sensor_points(res).unwrap();
        let (n_len, n_circ) = pipe_counts(2.0 * h, r, res);
        assert_eq!(sp.len(), n_len * n_circ, "pipe at {res}");
        assert_unit_normals(&sp);
        for (k, (p, n)) in sp.points.iter().zip(&sp.normals).enumerate() {
            let ring = k / n_circ;
            let z = -h + 2.0 * h * ring as f64 / (n_len - 1) as f64;
            assert!((p.z - z).abs() < 1e-12, "ring {ring} height");
            assert!((p.x.hypot(p.y) - r).abs() < 1e-12);
            assert_close(
                n,
                &Vector3::new(p.x, p.y, 0.0).normalize(),
                1e-12,
                "pipe normal",
            );
        }
        let proj = |p: &Point3<f64>| {
            query::project_point(&pipe, &Isometry3::identity(), p)
                .unwrap()
                .signed_distance
        };
        assert!(sp.points.iter().all(|p| proj(p).abs() < 1e-9));
    }
}

#[test]
fn cylinder_points_follow_the_rule_with_tilted_rims_and_interleaved_caps() {
    let (r, h) = (0.04, 0.06);
    let cyl = Shape::cylinder(r, h).unwrap();
    for &res in &[0.004, 0.01, 0.019, 0.03, 0.05] {
        let sp = cyl.sensor_points(res).unwrap();
        assert_eq!(
            sp.len(),
            expected_cylinder(2.0 * h, r, res),
            "cylinder at {res}"
        );
        assert_unit_normals(&sp);
        let (n_len, n_circ) = pipe_counts(2.0 * h, r, res);
        let side = n_len * n_circ;
        for (k, (p, n)) in sp.points.iter().zip(&sp.normals).enumerate() {
            let rho = p.x.hypot(p.y);
            if k < side {
                assert!((rho - r).abs() < 1e-12);
                let ring = k / n_circ;
                let tilt = if ring == 0 {
                    -1.0
                } else if ring == n_len - 1 {
                    1.0
                } else {
                    0.0
                };
                let radial = Vector3::new(p.x / rho, p.y / rho, 0.0);
                let expected = (radial + Vector3::new(0.0, 0.0, tilt)).normalize();
                assert_close(n, &expected, 1e-12, "side normal");
            } else {
                assert!(
                    rho <= r + 1e-12 && (p.z.abs() - h).abs() < 1e-12,
                    "off a cap"
                );
                // Bottom then top, at the same (x, y).
                let bottom = (k - side) % 2 == 0;
                assert_eq!(p.z < 0.0, bottom);
                assert_close(
                    n,
                    &Vector3::new(0.0, 0.0, p.z.signum()),
                    1e-15,
                    "cap normal",
                );
                if !bottom {
                    let q = sp.points[k - 1];
                    assert!(q.x == p.x && q.y == p.y);
                }
            }
        }
    }
    // Single-point rules: too thin around, or too short.
    assert_eq!(
        Shape::cylinder(0.003, 0.5)
            .unwrap()
            .sensor_points(0.01)
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        Shape::cylinder(0.5, 0.005)
            .unwrap()
            .sensor_points(0.01)
            .unwrap()
            .len(),
        1
    );
    assert!(
        Shape::cylinder(0.5, 0.0051)
            .unwrap()
            .sensor_points(0.01)
            .unwrap()
            .len()
            > 1
    );
}

#[test]
fn capsule_points_lie_on_the_capsule_with_interleaved_half_balls() {
    let (r, h) = (0.05, 0.08);
    let cap = Shape::capsule(r, h).unwrap();
    for &res in &[0.004, 0.01, 0.017, 0.03, 0.1] {
        let sp = cap.sensor_points(res).unwrap();
        assert_eq!(
            sp.len(),
            expected_capsule(2.0 * h, r, res),
            "capsule at {res}"
        );
        assert_unit_normals(&sp);
        let (n_len, n_circ) = pipe_counts(2.0 * h, r, res);
        let side = n_len * n_circ;
        for (k, (p, n)) in sp.points.iter().zip(&sp.normals).enumerate() {
            // Distance to the axis segment is r; the normal points away from the segment.
            let axis = Point3::new(0.0, 0.0, p.z.clamp(-h, h));
            let d = p - axis;
            assert!((d.norm() - r).abs() < 1e-12, "off the capsule");
            assert_close(n, &(d / r), 1e-12, "capsule normal");
            if k >= side && (k - side) % 2 == 1 {
                let q = sp.points[k - 1];
                assert!(
                    q.x == p.x && q.y == p.y && q.z == -p.z && p.z < 0.0,
                    "not interleaved"
                );
            }
        }
        // The first half-ball pair are the poles.
        assert_eq!(sp.points[side], Point3::new(0.0, 0.0, h + r));
        assert_eq!(sp.points[side + 1], Point3::new(0.0, 0.0, -(h + r)));
    }
    assert_eq!(
        Shape::capsule(0.001, 1.0)
            .unwrap()
            .sensor_points(0.01)
            .unwrap()
            .len(),
        1
    );
}
