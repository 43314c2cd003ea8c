//! Taxel skins: MIMo's point count, probes on the surface with unit outward normals, and a flat
//! press against the per-probe closed form.

use std::f64::consts::FRAC_PI_2;

use morsel_geometry::Shape;
use morsel_sensing::{
    Body, Scene, TaxelConfig, TaxelSensor, Touch, TouchConfig, TouchKind, signed_distance_local,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// A hand-like body: a box, a capsule along x and a sphere, at different poses.
fn finger() -> Scene {
    let mut scene = Scene::new();
    let body = Body::new("finger")
        .with_collider(
            Shape::cuboid(Vector3::new(0.02, 0.015, 0.006)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_collider(
            Shape::capsule(0.008, 0.012).unwrap(),
            Isometry3::new(
                Vector3::new(0.035, 0.0, 0.0),
                Vector3::new(0.0, FRAC_PI_2, 0.0),
            ),
        )
        .unwrap()
        .with_collider(
            Shape::sphere(0.009).unwrap(),
            Isometry3::translation(0.06, 0.0, 0.002),
        )
        .unwrap()
        .with_pose(Isometry3::new(
            Vector3::new(0.1, -0.2, 0.3),
            Vector3::new(0.3, 0.2, -0.4),
        ));
    scene.add_body(body).unwrap();
    scene
}

/// The probe count is MIMo's point count for the same body and spacing (the `touch` sensor
/// of kind "points"), and the doc's hand count for a cube (26 at 0.08 on a 0.2 m cube).
#[test]
fn probe_count_is_mimos() {
    let scene = finger();
    for spacing in [0.003, 0.005, 0.01] {
        let skin = TaxelConfig::default()
            .skin(&scene, "finger", spacing)
            .unwrap();
        let touch = Touch::new(
            &scene,
            &TouchConfig::new(TouchKind::Points).scale("finger", spacing),
        )
        .unwrap();
        assert_eq!(
            skin.probe_local_pos.len(),
            touch.model().sensor_count(),
            "{spacing}"
        );
        assert_eq!(skin.probe_normals.len(), skin.probe_local_pos.len());
    }
}

/// Every probe lies on its collider's surface (|sd| < 1e-9 m) with a unit normal pointing out
/// (a step of 0.1 mm along it leaves the collider, one against it enters).
#[test]
fn probes_lie_on_the_surface_with_outward_normals() {
    let scene = finger();
    let body = &scene.bodies()[0];
    let skin = TaxelConfig::default()
        .skin(&scene, "finger", 0.004)
        .unwrap();
    let mut k = 0;
    for collider in &body.colliders {
        let n_points = collider.shape.sensor_points(0.004).unwrap().len();
        let inverse = collider.local_pose.inverse();
        for _ in 0..n_points {
            let p = inverse * skin.probe_local_pos[k];
            let n = inverse.rotation * skin.probe_normals[k];
            assert!((n.norm() - 1.0).abs() < 1e-12, "probe {k}");
            let sd = |q: Point3<f64>| signed_distance_local(&collider.shape, &q).unwrap();
            assert!(sd(p).signed_distance.abs() < 1e-9, "probe {k}: {:?}", sd(p));
            assert!(
                sd(p + n * 1e-4).signed_distance > 0.0,
                "probe {k} normal points in"
            );
            assert!(
                sd(p - n * 1e-4).signed_distance < 0.0,
                "probe {k} normal points in"
            );
            k += 1;
        }
    }
    assert_eq!(k, skin.probe_local_pos.len());
}

/// A pad (a 40 × 40 × 10 mm box) under a wide slab whose bottom face is 6 mm above the pad's
/// top (z = 0.011 in the pad frame). Every probe lies beneath the slab, so its signed distance
/// is 0.011 − z_i and, with R = 0.01 and k = 1000, its force is
/// F_i = (0, 0, −1000 · max(0, z_i − 0.001)) (the slab's face normal points down, towards the
/// probe): the top face reads 4 N per probe, side probes above z = 1 mm read less.
#[test]
fn flat_press_sums_the_per_probe_closed_forms() {
    let mut scene = Scene::new();
    let pad = Body::new("pad")
        .with_collider(
            Shape::cuboid(Vector3::new(0.02, 0.02, 0.005)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap();
    scene.add_body(pad).unwrap();
    let slab = Body::new("slab")
        .with_collider(
            Shape::cuboid(Vector3::new(0.05, 0.05, 0.01)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_pose(Isometry3::translation(0.0, 0.0, 0.021));
    scene.add_body(slab).unwrap();
    let skin = TaxelConfig::default().skin(&scene, "pad", 0.005).unwrap();
    let mut sensor = TaxelSensor::new(skin.clone(), &scene).unwrap();
    let r = sensor.read(&scene).unwrap();
    let mut total = 0.0;
    let mut want_total = 0.0;
    let mut pressed = 0;
    for (i, p) in skin.probe_local_pos.iter().enumerate() {
        let want = -1000.0 * (p.z - 0.001).max(0.0);
        assert!(r.force[[0, i, 0]].abs() < 1e-12 && r.force[[0, i, 1]].abs() < 1e-12);
        assert!(
            (r.force[[0, i, 2]] - want).abs() < 1e-9,
            "probe {i} at {p:?}"
        );
        total += r.force[[0, i, 2]];
        want_total += want;
        pressed += usize::from(want != 0.0);
    }
    assert!((total - want_total).abs() < 1e-9);
    assert!(pressed > 20 && total < -80.0, "{pressed} probes, {total} N");
}

/// Per-probe normals orient the bias: out of contact a probe reads `bias · n_i`.
#[test]
fn bias_follows_each_probe_normal() {
    let scene = finger();
    let skin = TaxelConfig {
        bias: 0.1,
        ..TaxelConfig::default()
    }
    .skin(&scene, "finger", 0.006)
    .unwrap();
    let r = TaxelSensor::new(skin.clone(), &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    for (i, n) in skin.probe_normals.iter().enumerate() {
        for k in 0..3 {
            assert!((r.force[[0, i, k]] - 0.1 * n[k]).abs() < 1e-12);
        }
    }
}

#[test]
fn bad_skins_are_refused() {
    let scene = finger();
    let err = |r: Result<TaxelConfig, morsel_sensing::SensingError>| r.unwrap_err().to_string();
    assert!(err(TaxelConfig::default().skin(&scene, "palm", 0.01)).contains("finger"));
    assert!(err(TaxelConfig::default().skin(&scene, "finger", 0.0)).contains("spacing"));
    assert!(err(TaxelConfig::default().skin(&scene, "finger", f64::NAN)).contains("spacing"));
    let mut bare = Scene::new();
    bare.add_body(Body::new("ghost")).unwrap();
    assert!(err(TaxelConfig::default().skin(&bare, "ghost", 0.01)).contains("colliders"));
}

/// A skin over the sensor mesh: one probe per active vertex of the mesh touch layout (so the
/// mesh touch's sensor count), each on its collider's surface with a unit outward normal.
#[test]
fn mesh_skin_probes_are_the_active_sensor_mesh_vertices() {
    let scene = finger();
    for spacing in [0.003, 0.005] {
        let skin = TaxelConfig::default()
            .mesh_skin(&scene, "finger", spacing)
            .unwrap();
        let touch = Touch::new(
            &scene,
            &TouchConfig::new(TouchKind::Mesh).scale("finger", spacing),
        )
        .unwrap();
        assert_eq!(skin.probe_local_pos.len(), touch.model().sensor_count());
        let body = &scene.bodies()[0];
        for (p, n) in skin.probe_local_pos.iter().zip(&skin.probe_normals) {
            assert!((n.norm() - 1.0).abs() < 1e-12);
            let on_some_surface = body.colliders.iter().any(|c| {
                let local = c.local_pose.inverse() * p;
                signed_distance_local(&c.shape, &local)
                    .unwrap()
                    .signed_distance
                    .abs()
                    < 1e-9
            });
            assert!(on_some_surface, "{p:?}");
        }
    }
    // Fewer probes than sensor points: the capsule and sphere overlap the box.
    let points = TaxelConfig::default()
        .skin(&scene, "finger", 0.005)
        .unwrap();
    let mesh = TaxelConfig::default()
        .mesh_skin(&scene, "finger", 0.005)
        .unwrap();
    assert!(mesh.probe_local_pos.len() < points.probe_local_pos.len());
}
