//! The range policy in sensing: finite but absurd lengths and forces are refused with a typed
//! error, and values at the limits give finite readings.
//!
//! Before: a body placed at x = 1e300 was accepted (its contacts silently vanished or a
//! geometry query failed naming a "query point"); contacts at 1e300 or with depth 1e300 failed
//! inside geometry without naming the contact; a force of 1e300 was accepted; a penalty law with
//! stiffness 1e300 gave a force of 1e297; a pyramidal MuJoCo contact with friction 1e300 decoded
//! to an infinite force; taxels with probes at 1e300, a radius of 1e300 (a force of 1e303), a
//! bias or noise of 1e300 were accepted.

use morsel_geometry::{GeometryError, MAX_LENGTH};
use morsel_sensing::{
    Body, Contact, MAX_FORCE, MujocoCone, PenaltyLaw, Scene, SensingError, TaxelConfig,
    TaxelSensor, Touch, TouchConfig, TouchKind, mujoco_contact_force,
};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::common::pad_scene;

fn out_of_range<T: std::fmt::Debug>(r: morsel_sensing::Result<T>, names: &str) {
    match r {
        Err(SensingError::Geometry(e @ GeometryError::OutOfRange { .. })) => {
            assert!(e.to_string().contains(names), "{names} not in {e}");
        }
        other => panic!("expected OutOfRange naming {names}, got {other:?}"),
    }
}

fn invalid_contact<T: std::fmt::Debug>(r: morsel_sensing::Result<T>, names: &str) {
    match r {
        Err(e @ SensingError::InvalidContact { .. }) => {
            let text = e.to_string();
            assert!(text.contains(names), "{names} not in {text}");
        }
        other => panic!("expected InvalidContact naming {names}, got {other:?}"),
    }
}

#[test]
fn far_bodies_are_refused() {
    let mut scene = Scene::new();
    let far = Body::new("far").with_pose(Isometry3::translation(1e300, 0.0, 0.0));
    out_of_range(scene.add_body(far), "body `far` translation[0]");
    let mut scene = pad_scene(Isometry3::identity());
    out_of_range(
        scene.set_pose("ball", Isometry3::translation(0.0, 0.0, -2e10)),
        "body `ball` translation[2]",
    );
    assert!(
        scene
            .set_pose("ball", Isometry3::translation(0.0, 0.0, MAX_LENGTH))
            .is_ok()
    );
}

#[test]
fn absurd_contacts_are_refused_and_forces_at_the_limit_read_finite() {
    let (p, z) = (Point3::new(0.0, 0.0, 0.01), Vector3::z());
    invalid_contact(
        Contact::new(0, 1, Point3::new(1e300, 0.0, 0.0), z, 0.0, z),
        "position[0]",
    );
    invalid_contact(Contact::new(0, 1, p, z, 1e300, z), "depth");
    invalid_contact(Contact::new(0, 1, p, z, 0.0, z * 1e300), "force[2]");
    let scene = pad_scene(Isometry3::identity());
    let config = TouchConfig::new(TouchKind::Points).scale("pad", 0.01);
    let mut touch = Touch::new(&scene, &config).unwrap();
    // A contact built field by field is checked when observed.
    let mut c = Contact::new(0, 1, p, z, 0.0, z).unwrap();
    c.force = Vector3::new(0.0, 0.0, 1e300);
    invalid_contact(touch.observe_contacts(&scene, &[c]), "contact 0: force[2]");
    c.force = Vector3::new(MAX_FORCE, -MAX_FORCE, MAX_FORCE);
    let out = touch.observe_contacts(&scene, &[c]).unwrap();
    assert!(out.iter().all(|v| v.is_finite()));
    assert!(out.iter().any(|v| v.abs() > 0.0));
}

#[test]
fn absurd_scales_laws_and_simulator_forces_are_refused() {
    let scene = pad_scene(Isometry3::identity());
    for bad in [1e300, 2e10] {
        let config = TouchConfig::new(TouchKind::Points).scale("pad", bad);
        out_of_range(Touch::new(&scene, &config), "scale of body `pad`");
    }
    // The ball resting 1 mm into the pad's capsule.
    let mut scene = pad_scene(Isometry3::identity());
    scene
        .set_pose("ball", Isometry3::translation(0.0, 0.0, 0.0405))
        .unwrap();
    let law = PenaltyLaw {
        stiffness: 1e300,
        ..PenaltyLaw::default()
    };
    invalid_contact(law.contacts(&scene), "beyond MAX_FORCE");
    assert!(!PenaltyLaw::default().contacts(&scene).unwrap().is_empty());
    let edges = [1e300, -1e300, 1.0, 1.0];
    invalid_contact(
        mujoco_contact_force(MujocoCone::Pyramidal, &edges, 0, 3, &[1e300, 1.0]),
        "non-finite force",
    );
}

#[test]
fn absurd_taxel_configurations_are_refused() {
    let mut scene = Scene::new();
    scene.add_body(Body::new("tip")).unwrap();
    let far = TaxelConfig {
        probe_local_pos: vec![Point3::origin(), Point3::new(0.0, 1e300, 0.0)],
        ..TaxelConfig::new("tip")
    };
    out_of_range(TaxelSensor::new(far, &scene), "probe_local_pos[1][1]");
    let cases: [(&str, TaxelConfig); 5] = [
        (
            "probe_radius",
            TaxelConfig {
                probe_radius: 1e300,
                ..TaxelConfig::new("tip")
            },
        ),
        (
            "probe_radius_noise",
            TaxelConfig {
                probe_radius_noise: 1e300,
                ..TaxelConfig::new("tip")
            },
        ),
        (
            "bias",
            TaxelConfig {
                bias: -1e300,
                ..TaxelConfig::new("tip")
            },
        ),
        (
            "noise",
            TaxelConfig {
                noise: 1e300,
                ..TaxelConfig::new("tip")
            },
        ),
        (
            "resolution",
            TaxelConfig {
                resolution: 1e300,
                ..TaxelConfig::new("tip")
            },
        ),
    ];
    for (field, config) in cases {
        match TaxelSensor::new(config, &scene) {
            Err(e @ SensingError::InvalidParameter { .. }) => {
                assert!(e.to_string().contains(field), "{e}");
            }
            other => panic!("{field}: expected InvalidParameter, got {other:?}"),
        }
    }
}
