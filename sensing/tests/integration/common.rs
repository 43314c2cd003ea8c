//! Scenes shared by the integration tests.

use morsel_geometry::Shape;
use morsel_sensing::{Body, Scene};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::Rng;

/// A pad made of a box with a capsule lying across its top face (so that some capsule
/// vertices are inside the box and inactive), and a ball above it, not touching.
pub fn pad_scene(pad_pose: Isometry3<f64>) -> Scene {
    let mut scene = Scene::new();
    let pad = Body::new("pad")
        .with_collider(
            Shape::cuboid(Vector3::new(0.05, 0.04, 0.01)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_collider(
            Shape::capsule(0.012, 0.03).unwrap(),
            Isometry3::new(
                Vector3::new(0.0, 0.0, 0.01),
                Vector3::new(0.0, std::f64::consts::FRAC_PI_2, 0.0),
            ),
        )
        .unwrap()
        .with_pose(pad_pose);
    scene.add_body(pad).unwrap();
    let ball = Body::new("ball")
        .with_collider(Shape::sphere(0.02).unwrap(), Isometry3::identity())
        .unwrap()
        .with_pose(Isometry3::translation(0.0, 0.0, 1.0));
    scene.add_body(ball).unwrap();
    scene
}

/// A uniformly random rotation.
pub fn random_rotation(rng: &mut impl Rng) -> UnitQuaternion<f64> {
    let v = Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    UnitQuaternion::from_scaled_axis(v * std::f64::consts::PI)
}

/// A random unit vector.
pub fn random_unit(rng: &mut impl Rng) -> Vector3<f64> {
    loop {
        let v = Vector3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

/// A random point in the box `[-h, h]`.
pub fn random_point(rng: &mut impl Rng, h: &Vector3<f64>) -> Point3<f64> {
    Point3::new(
        rng.random_range(-h.x..h.x),
        rng.random_range(-h.y..h.y),
        rng.random_range(-h.z..h.z),
    )
}
