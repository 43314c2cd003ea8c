//! Property tests over random sizes and resolutions.

use super::*;

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_boxes_follow_the_count_rule_and_close(
        s in prop::array::uniform3(0.005f64..0.3), res in 0.004f64..0.4,
    ) {
        let b = cuboid(s[0], s[1], s[2]);
        let sp = b.sensor_points(res).unwrap();
        prop_assert_eq!(sp.len(), expected_box_count(s, res));
        assert_unit_normals(&sp);
        if sp.len() > 1 {
            for (p, n) in sp.points.iter().zip(&sp.normals) {
                let m = (0..3).map(|a| p[a].abs() / s[a]).fold(0.0, f64::max);
                prop_assert!((m - 1.0).abs() < 1e-12);
                assert_close(n, &box_normal_from_position(p, s), 1e-12, "box normal");
            }
            let mesh = b.sensor_mesh(res).unwrap();
            same_points(&mesh, &sp);
            check_closed_mesh(&mesh, true);
        }
    }

    #[test]
    fn random_spheres_and_ellipsoids_lie_on_their_surfaces(
        axes in prop::array::uniform3(0.01f64..0.3), res in 0.005f64..0.35, round in any::<bool>(),
    ) {
        let [a, b, c] = if round { [axes[0]; 3] } else { axes };
        let e = Shape::ellipsoid(Vector3::new(a, b, c)).unwrap();
        let sp = e.sensor_points(res).unwrap();
        let r = a.max(b).max(c);
        prop_assert_eq!(sp.len(), if res > r { 1 } else { expected_sphere(r, res) });
        assert_unit_normals(&sp);
        if sp.len() > 1 {
            for (p, n) in sp.points.iter().zip(&sp.normals) {
                let f = (p.x / a).powi(2) + (p.y / b).powi(2) + (p.z / c).powi(2) - 1.0;
                prop_assert!(f.abs() < 1e-12);
                let g = Vector3::new(p.x / (a * a), p.y / (b * b), p.z / (c * c)).normalize();
                assert_close(n, &g, 1e-12, "ellipsoid normal");
            }
            let mesh = e.sensor_mesh(res).unwrap();
            same_points(&mesh, &sp);
            // Face/vertex normal agreement is checked for moderate aspect ratios only.
            let ratio = r / a.min(b).min(c);
            if ratio < 3.0 {
                check_closed_mesh(&mesh, true);
            }
        }
        if round {
            let s = Shape::sphere(a).unwrap().sensor_points(res).unwrap();
            prop_assert_eq!(s.len(), sp.len());
        }
    }

    #[test]
    fn random_cylinders_and_capsules_follow_their_rules(
        r in 0.002f64..0.2, h in 0.002f64..0.3, res in 0.004f64..0.2,
    ) {
        let cyl = Shape::cylinder(r, h).unwrap();
        let sp = cyl.sensor_points(res).unwrap();
        prop_assert_eq!(sp.len(), expected_cylinder(2.0 * h, r, res));
        assert_unit_normals(&sp);
        if sp.len() > 1 {
            for p in &sp.points {
                let rho = p.x.hypot(p.y);
                let on_side = (rho - r).abs() < 1e-12 && p.z.abs() <= h + 1e-12;
                let on_cap = (p.z.abs() - h).abs() < 1e-12 && rho <= r + 1e-12;
                prop_assert!(on_side || on_cap, "{:?} off the cylinder", p);
            }
            let mesh = cyl.sensor_mesh(res).unwrap();
            same_points(&mesh, &sp);
            check_closed_mesh(&mesh, true);
        }
        let cap = Shape::capsule(r, h).unwrap();
        let sp = cap.sensor_points(res).unwrap();
        prop_assert_eq!(sp.len(), expected_capsule(2.0 * h, r, res));
        assert_unit_normals(&sp);
        if sp.len() > 1 {
            for (p, n) in sp.points.iter().zip(&sp.normals) {
                let d = p - Point3::new(0.0, 0.0, p.z.clamp(-h, h));
                prop_assert!((d.norm() - r).abs() < 1e-12);
                assert_close(n, &(d / r), 1e-12, "capsule normal");
            }
            let mesh = cap.sensor_mesh(res).unwrap();
            same_points(&mesh, &sp);
            check_closed_mesh(&mesh, true);
        }
        let pipe = Shape::pipe(r, h).unwrap();
        let (n_len, n_circ) = pipe_counts(2.0 * h, r, res);
        prop_assert_eq!(pipe.sensor_points(res).unwrap().len(), n_len * n_circ);
    }

    #[test]
    fn random_box_meshes_sample_their_surface(
        s in prop::array::uniform3(0.05f64..0.4), res in 0.03f64..0.2,
    ) {
        let m = unit_cube_mesh(1.0).scaled(Vector3::new(s[0], s[1], s[2])).unwrap();
        let area = m.area();
        let shape = Shape::mesh(Arc::new(m)).unwrap();
        let sm = shape.sensor_mesh(res).unwrap();
        for (p, n) in sm.vertices().iter().zip(sm.normals()) {
            let c = Point3::new(p.x - s[0] / 2.0, p.y - s[1] / 2.0, p.z - s[2] / 2.0);
            let half = [s[0] / 2.0, s[1] / 2.0, s[2] / 2.0];
            let m = (0..3).map(|a| c[a].abs() / half[a]).fold(0.0, f64::max);
            prop_assert!((m - 1.0).abs() < 1e-12);
            assert_close(n, &box_normal_from_position(&c, half), 1e-12, "normal");
        }
        check_closed_mesh(&sm, false);
        // Never sparser than one point per 2·res².
        prop_assert!(sm.len() as f64 >= 0.5 * area / (res * res));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// A curved closed input: the sensor mesh of an ellipsoid, sampled again at another
    /// resolution, stays closed with the same topology, on the input surface, with normals on
    /// the outer side of the input faces.
    #[test]
    fn curved_meshes_resample_onto_their_surface(
        axes in prop::array::uniform3(0.05f64..0.15), coarse in 0.015f64..0.03,
        ratio in 0.4f64..2.5,
    ) {
        let e = Shape::ellipsoid(Vector3::new(axes[0], axes[1], axes[2])).unwrap();
        let sm = e.sensor_mesh(coarse).unwrap();
        let input = TriangleMesh::new(sm.vertices().to_vec(), sm.faces().to_vec()).unwrap();
        prop_assert!(input.is_closed());
        let shape = Shape::mesh(Arc::new(input.clone())).unwrap();
        let res = coarse * ratio;
        let out = shape.sensor_mesh(res).unwrap();
        check_closed_mesh_with_euler(&out, 2);
        let on = distances_to_mesh(&input, out.vertices(), 1e-6);
        for ((p, n), (d, faces)) in out.vertices().iter().zip(out.normals()).zip(&on) {
            prop_assert!(*d < 1e-9, "{:?} is {} off", p, d);
            prop_assert!((n.norm() - 1.0).abs() < 1e-12);
            for &f in faces {
                prop_assert!(input.face_area_vector(f).dot(n) > 0.0);
            }
        }
    }
}
