//! `contact_depth_query`: "sdf" against "raycast" on closed and open triangle meshes, by hand.

use std::sync::Arc;

use morsel_geometry::{Shape, TriangleMesh};
use morsel_sensing::taxel::ContactDepthQuery;
use morsel_sensing::{Body, Scene, TaxelConfig, TaxelSensor};
use nalgebra::{Isometry3, Point3};

/// A square of side 0.2 in the plane z = 0, normal +z (two triangles, open).
fn open_square() -> Shape {
    let v = vec![
        Point3::new(-0.1, -0.1, 0.0),
        Point3::new(0.1, -0.1, 0.0),
        Point3::new(0.1, 0.1, 0.0),
        Point3::new(-0.1, 0.1, 0.0),
    ];
    Shape::mesh(Arc::new(
        TriangleMesh::new(v, vec![[0, 1, 2], [0, 2, 3]]).unwrap(),
    ))
    .unwrap()
}

/// A closed cube mesh of half side 0.05 centred at the origin (outward faces).
fn closed_cube() -> Shape {
    let h = 0.05;
    let v: Vec<Point3<f64>> = (0..8)
        .map(|i| {
            let s = |b: usize| if i & b != 0 { h } else { -h };
            Point3::new(s(1), s(2), s(4))
        })
        .collect();
    let faces = vec![
        [0, 2, 1],
        [1, 2, 3], // z = −h
        [4, 5, 6],
        [5, 7, 6], // z = +h
        [0, 1, 4],
        [1, 5, 4], // y = −h
        [2, 6, 3],
        [3, 6, 7], // y = +h
        [0, 4, 2],
        [2, 4, 6], // x = −h
        [1, 3, 5],
        [3, 7, 5], // x = +h
    ];
    Shape::mesh(Arc::new(TriangleMesh::new(v, faces).unwrap())).unwrap()
}

fn scene_with(shape: Shape, probe_z: f64) -> Scene {
    let mut scene = Scene::new();
    scene
        .add_body(Body::new("tip").with_pose(Isometry3::translation(0.01, 0.02, probe_z)))
        .unwrap();
    scene
        .add_body(
            Body::new("surface")
                .with_collider(shape, Isometry3::identity())
                .unwrap(),
        )
        .unwrap();
    scene
}

fn force_z(scene: &Scene, query: ContactDepthQuery) -> f64 {
    let config = TaxelConfig {
        contact_depth_query: query,
        ..TaxelConfig::new("tip")
    };
    let r = TaxelSensor::new(config, scene)
        .unwrap()
        .read(scene)
        .unwrap();
    r.force[[0, 0, 2]]
}

/// Above an open square (z = 0.004): both queries give sd = 0.004, pen = 0.006, F_z = 6 N.
/// Below it (z = −0.003): the SDF of an open surface is unsigned, sd = +0.003, pen = 0.007,
/// and its normal points from the surface to the probe (−z): F_z = −7 N; raycast signs by the
/// face normal (+z): sd = −0.003, pen = 0.013, F_z = +13 N.
#[test]
fn raycast_signs_open_meshes_by_their_face_normal() {
    let above = scene_with(open_square(), 0.004);
    assert!((force_z(&above, ContactDepthQuery::Sdf) - 6.0).abs() < 1e-9);
    assert!((force_z(&above, ContactDepthQuery::Raycast) - 6.0).abs() < 1e-9);
    let below = scene_with(open_square(), -0.003);
    assert!((force_z(&below, ContactDepthQuery::Sdf) + 7.0).abs() < 1e-9);
    assert!((force_z(&below, ContactDepthQuery::Raycast) - 13.0).abs() < 1e-9);
    // Out of reach (z = 0.012 > R): nothing either way.
    let far = scene_with(open_square(), 0.012);
    assert_eq!(force_z(&far, ContactDepthQuery::Raycast), 0.0);
}

/// On a closed cube the two agree near a face: 3 mm inside the top face, sd = −0.003,
/// F_z = 1000 × 0.013 = 13 N; 4 mm above it, 6 N.
#[test]
fn both_queries_agree_on_a_closed_mesh() {
    for (z, want) in [(0.047, 13.0), (0.054, 6.0)] {
        let scene = scene_with(closed_cube(), z);
        for q in [ContactDepthQuery::Sdf, ContactDepthQuery::Raycast] {
            assert!((force_z(&scene, q) - want).abs() < 1e-9, "{q:?} at {z}");
        }
    }
}

#[test]
fn query_names() {
    assert_eq!(
        ContactDepthQuery::from_name("raycast").unwrap(),
        ContactDepthQuery::Raycast
    );
    let e = ContactDepthQuery::from_name("ray").unwrap_err().to_string();
    assert!(e.contains("sdf") && e.contains("raycast"), "{e}");
}
