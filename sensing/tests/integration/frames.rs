//! Frames: moving the whole scene rigidly leaves body-frame outputs unchanged and rotates world
//! outputs; contact points are put on each sensing body's own surface.

use morsel_geometry::query;
use morsel_sensing::{PenaltyLaw, Scene, Side, Touch, TouchConfig, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};

use crate::common::pad_scene;

/// The pad pressed off-centre by the ball, which slides and spins (so friction adds a
/// tangential force), all moved rigidly by `world`.
fn pressed(world: &Isometry3<f64>) -> Scene {
    let mut scene = pad_scene(*world);
    let ball = scene.body_mut(1).unwrap();
    ball.pose = world * Isometry3::translation(0.012, -0.03, 0.01 + 0.02 - 0.0008);
    ball.linear_velocity = world.rotation * Vector3::new(0.05, 0.02, -0.01);
    ball.angular_velocity = world.rotation * Vector3::new(0.0, 0.0, 3.0);
    scene
}

fn observe(scene: &Scene, kind: TouchKind, f: TouchFunction) -> Vec<f64> {
    let config = TouchConfig::new(kind)
        .scale("pad", 0.005)
        .scale("ball", 0.004)
        .touch_function(f)
        // Morsel's fixes: MIMo drops contacts whose x component is zero.
        .mimo_quirks(false);
    let mut touch = Touch::new(scene, &config).unwrap();
    touch
        .observe(scene, &PenaltyLaw::default())
        .unwrap()
        .to_vec()
}

#[test]
fn a_rotated_body_reports_the_same_body_frame_force() {
    let moved = Isometry3::from_parts(
        Translation3::new(0.3, -1.2, 0.7),
        UnitQuaternion::from_euler_angles(0.9, -0.4, 2.2),
    );
    let (a, b) = (pressed(&Isometry3::identity()), pressed(&moved));
    for kind in [TouchKind::Mesh, TouchKind::Points] {
        for f in [
            TouchFunction::ForceVector,
            TouchFunction::NormalForce,
            TouchFunction::Normal,
        ] {
            let (oa, ob) = (observe(&a, kind, f), observe(&b, kind, f));
            let scale = oa.iter().fold(0.0f64, |m, x| m.max(x.abs()));
            assert!(scale > 0.1, "the press must load the sensors");
            for (x, y) in oa.iter().zip(&ob) {
                assert!((x - y).abs() < 1e-7 * scale, "{kind:?} {f:?}: {x} vs {y}");
            }
        }
        // World-frame outputs turn with the scene.
        let (ga, gb) = (
            observe(&a, kind, TouchFunction::ForceVectorGlobal),
            observe(&b, kind, TouchFunction::ForceVectorGlobal),
        );
        for (x, y) in ga.chunks(3).zip(gb.chunks(3)) {
            let turned = moved.rotation * Vector3::new(x[0], x[1], x[2]);
            assert!((turned - Vector3::new(y[0], y[1], y[2])).norm() < 1e-7);
        }
        // Friction is present: the pad feels a tangential pull along the ball's slip.
        let fv = observe(&a, kind, TouchFunction::ForceVector);
        let pad = 0..Touch::new(
            &a,
            &TouchConfig::new(kind)
                .scale("pad", 0.005)
                .scale("ball", 0.004)
                .mimo_quirks(false),
        )
        .unwrap()
        .model()
        .body_sensor_range("pad")
        .unwrap()
        .end;
        let fx: f64 = fv[pad.start * 3..pad.end * 3].chunks(3).map(|f| f[0]).sum();
        assert!(fx > 0.0, "the sliding ball drags the pad along +x");
        // normal_force is the true normal component: along the contact normal only.
        let nf = observe(&a, kind, TouchFunction::NormalForce);
        let total = nf[..pad.end * 3]
            .chunks(3)
            .fold(Vector3::zeros(), |s, f| s + Vector3::new(f[0], f[1], f[2]));
        assert!(
            total.x.abs() < 1e-9 && total.y.abs() < 1e-9 && total.z < -1.0,
            "{total}"
        );
    }
}

/// When both bodies sense, each gets the contact point on its own surface (MIMo moves the
/// point for the first side and then flips the normal in place, leaving the second inside).
#[test]
fn both_sensing_sides_get_points_on_their_own_surface() {
    let scene = pressed(&Isometry3::identity());
    let contacts = PenaltyLaw::default().contacts(&scene).unwrap();
    assert!(!contacts.is_empty());
    for c in &contacts {
        assert!(c.depth > 1e-4);
        for side in [Side::A, Side::B] {
            let body = scene.body(c.body(side)).unwrap();
            let collider = &body.colliders[c.collider(side).unwrap()];
            let p = c.surface_point(side);
            let sd = query::project_point(&collider.shape, &(body.pose * collider.local_pose), &p)
                .unwrap();
            assert!(
                sd.signed_distance.abs() < 1e-9,
                "{side:?}: {}",
                sd.signed_distance
            );
        }
        // The two surface points straddle the midpoint, one depth apart along the normal.
        let gap: Vector3<f64> = c.surface_point(Side::A) - c.surface_point(Side::B);
        assert!((gap - c.normal.into_inner() * c.depth).norm() < 1e-15);
        assert!(
            (nalgebra::center(&c.surface_point(Side::A), &c.surface_point(Side::B)) - c.position)
                .norm()
                < 1e-15
        );
    }
}
