//! Sensor points and meshes on triangle meshes: a cube and the Solo-12 meshes.

use super::*;

#[test]
fn cube_mesh_sampling_is_on_the_surface_uniform_and_closed() {
    for &res in &[0.07, 0.1, 0.13, 0.2, 0.35] {
        let mesh = unit_cube_mesh(1.0);
        let shape = Shape::mesh(Arc::new(mesh)).unwrap();
        let sp = shape.sensor_points(res).unwrap();
        assert_unit_normals(&sp);
        let half = [0.5; 3];
        for (p, n) in sp.points.iter().zip(&sp.normals) {
            let centred = p - Vector3::new(0.5, 0.5, 0.5);
            let m = centred.iter().map(|c| c.abs()).fold(0.0, f64::max);
            assert!((m - 0.5).abs() < 1e-12, "{p:?} is off the cube");
            let expected = box_normal_from_position(&Point3::from(centred), half);
            assert_close(n, &expected, 1e-12, "cube normal");
        }
        // All 8 corners are kept.
        let corners = sp
            .points
            .iter()
            .filter(|p| p.iter().all(|c| *c == 0.0 || *c == 1.0));
        assert_eq!(corners.count(), 8);
        // Count: refinement halves edges, so the spacing s on a face is quantised (between
        // 0.64·res and 1.27·res for a square face split along its diagonals): the count
        // 6/s² is between 0.6 and 2.5 points per res².
        let per_area = sp.len() as f64 * res * res / 6.0;
        assert!(
            (0.6..=2.5).contains(&per_area),
            "{} points at {res}: {per_area}",
            sp.len()
        );
        // Spacing: every nearest neighbour between 0.5·res and 1.4·res.
        for d in nearest_neighbour_distances(&sp.points, 1.5 * res) {
            assert!(d >= 0.5 * res && d <= 1.4 * res, "spacing {d} at {res}");
        }
        let sm = shape.sensor_mesh(res).unwrap();
        same_points(&sm, &sp);
        check_closed_mesh(&sm, false);
        for f in sm.faces() {
            for k in 0..3 {
                let l =
                    (sm.vertices()[f[k] as usize] - sm.vertices()[f[(k + 1) % 3] as usize]).norm();
                assert!(l <= SPLIT_ABOVE * res + 1e-12, "edge {l} too long at {res}");
            }
        }
    }
}

#[test]
fn solo_base_sampling_is_on_the_surface_and_keeps_the_topology() {
    let mesh = Arc::new(solo_mesh("solo12/solo_12_base.stl"));
    assert!(mesh.is_closed());
    let input_euler = euler_characteristic(mesh.vertices().len(), mesh.faces());
    let area = mesh.area();
    let shape = Shape::mesh(mesh.clone()).unwrap();
    let res = 0.005;
    let sm = shape.sensor_mesh(res).unwrap();
    let sp = sm.to_points();
    assert_unit_normals(&sp);
    let nearest = distances_to_mesh(&mesh, &sp.points, 1e-6);
    for ((p, n), (d, faces)) in sp.points.iter().zip(&sp.normals).zip(&nearest) {
        assert!(*d < 1e-9, "{p:?} is {d} off the surface");
        // Normals come from the faces: each is on the outer side of every face it lies on.
        for &f in faces {
            assert!(
                mesh.face_area_vector(f).dot(n) > 0.0,
                "normal {n:?} at {p:?}"
            );
        }
    }
    check_closed_mesh_with_euler(&sm, input_euler);
    // Roughly one point per res² (MIMo's primitives have about one), and most points have a
    // nearest neighbour between 0.5·res and 1.5·res.
    let per_area = sp.len() as f64 * res * res / area;
    assert!(
        (0.6..=1.5).contains(&per_area),
        "{} points: {per_area} per res²",
        sp.len()
    );
    let nn = nearest_neighbour_distances(&sp.points, 1.5 * res);
    let in_band = nn
        .iter()
        .filter(|&&d| d >= 0.5 * res && d <= 1.5 * res)
        .count();
    assert!(
        in_band as f64 >= 0.85 * nn.len() as f64,
        "{in_band} of {} in band",
        nn.len()
    );
}

#[test]
fn mesh_sampling_is_deterministic_and_agrees_with_the_sensor_mesh() {
    let shape = Shape::mesh(Arc::new(solo_mesh("solo12/solo12_hip_fe_fl.stl"))).unwrap();
    let a = shape.sensor_points(0.01).unwrap();
    let b = shape.sensor_mesh(0.01).unwrap();
    same_points(&b, &a);
    assert_eq!(shape.sensor_points(0.01).unwrap(), a);
    let hull = Shape::convex_hull_of(&solo_mesh("solo12/solo12_hip_fe_fl.stl")).unwrap();
    let h = hull.sensor_mesh(0.01).unwrap();
    check_closed_mesh(&h, false);
}

#[test]
#[ignore = "prints timings; run with --release --ignored --nocapture"]
fn report_primitive_sensor_mesh_timing() {
    // A MIMo-sized body: about 6,000 sensors on 90 primitives.
    let mut shapes = Vec::new();
    for i in 0..30 {
        let k = 1.0 + 0.01 * i as f64;
        shapes.push((Shape::capsule(0.02 * k, 0.05 * k).unwrap(), 0.008));
        shapes.push((cuboid(0.03 * k, 0.02 * k, 0.01 * k), 0.008));
        shapes.push((Shape::sphere(0.03 * k).unwrap(), 0.008));
    }
    let mut best = std::time::Duration::MAX;
    let mut sensors = 0;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        sensors = shapes
            .iter()
            .map(|(s, res)| s.sensor_mesh(*res).unwrap().len())
            .sum::<usize>();
        best = best.min(t.elapsed());
    }
    println!(
        "{} primitives, {sensors} sensors: sensor meshes in {best:?}",
        shapes.len()
    );
}

#[test]
#[ignore = "prints timings and statistics; run with --release --ignored --nocapture"]
fn report_mesh_sampling_statistics() {
    for name in [
        "solo12/solo_12_base.stl",
        "solo12/solo12_hip_fe_fl.stl",
        "with_foot/solo_upper_leg_left_side.stl",
        "with_foot/solo_lower_leg_left_side.stl",
        "with_foot/solo_foot.stl",
    ] {
        let mesh = Arc::new(solo_mesh(name));
        let area = mesh.area();
        let shape = Shape::mesh(mesh.clone()).unwrap();
        for res in [0.0025, 0.005, 0.01] {
            // The fastest of five runs (the machine may be shared).
            let mut dt = std::time::Duration::MAX;
            let mut sm = shape.sensor_mesh(res).unwrap();
            for _ in 0..5 {
                let t = std::time::Instant::now();
                sm = shape.sensor_mesh(res).unwrap();
                dt = dt.min(t.elapsed());
            }
            let mut nn = nearest_neighbour_distances(sm.vertices(), 1.5 * res);
            nn.sort_by(f64::total_cmp);
            let q = |f: f64| nn[((nn.len() - 1) as f64 * f) as usize] / res;
            println!(
                "{name} ({} tris, closed {}) res {res}: {} points ({:.2}/res²·area) in {:?}; nn/res p1 {:.2} p10 {:.2} p50 {:.2} p90 {:.2} p99 {:.2}",
                mesh.faces().len(),
                mesh.is_closed(),
                sm.len(),
                sm.len() as f64 * res * res / area,
                dt,
                q(0.01),
                q(0.1),
                q(0.5),
                q(0.9),
                q(0.99)
            );
        }
    }
}

#[test]
fn awkward_meshes_are_sampled_without_panicking() {
    let p = |x: f64, y: f64, z: f64| Point3::new(x, y, z);
    type Case = (Vec<Point3<f64>>, Vec<[u32; 3]>);
    let cases: Vec<Case> = vec![
        // One open triangle.
        (
            vec![p(0., 0., 0.), p(1., 0., 0.), p(0., 1., 0.)],
            vec![[0, 1, 2]],
        ),
        // Three triangles on one edge (non-manifold), one of them facing the other way.
        (
            vec![
                p(0., 0., 0.),
                p(1., 0., 0.),
                p(0.5, 1., 0.),
                p(0.5, -1., 0.),
                p(0.5, 0., 1.),
            ],
            vec![[0, 1, 2], [1, 0, 3], [0, 1, 4]],
        ),
        // Two triangles meeting at one vertex only (a bow tie), and a zero-area triangle.
        (
            vec![
                p(0., 0., 0.),
                p(1., 0., 0.),
                p(0., 1., 0.),
                p(-1., 0., 0.),
                p(0., -1., 0.),
                p(2., 0., 0.),
            ],
            vec![[0, 1, 2], [0, 3, 4], [0, 1, 5]],
        ),
        // The same triangle twice, in both orientations.
        (
            vec![p(0., 0., 0.), p(1., 0., 0.), p(0., 1., 0.)],
            vec![[0, 1, 2], [0, 2, 1]],
        ),
    ];
    for (vertices, faces) in cases {
        let mesh = TriangleMesh::new(vertices, faces).unwrap();
        let shape = Shape::mesh(Arc::new(mesh.clone())).unwrap();
        for res in [0.05, 0.3, 5.0] {
            let sm = shape.sensor_mesh(res).unwrap();
            assert!(!sm.is_empty());
            same_points(&sm, &shape.sensor_points(res).unwrap());
            for (d, _) in distances_to_mesh(&mesh, sm.vertices(), 1e-6) {
                assert!(d < 1e-9, "a point is {d} off the surface");
            }
            for n in sm.normals() {
                assert!((n.norm() - 1.0).abs() < 1e-12);
            }
        }
    }
}
