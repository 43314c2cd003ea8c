//! Malformed touch configurations and inputs: one test per case, each error naming the fix.

use morsel_geometry::Shape;
use morsel_sensing::{
    Body, Contact, PenaltyLaw, ResponseFunction, Scene, SensingError, Touch, TouchConfig,
    TouchFunction, TouchKind,
};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::common::pad_scene;

fn message(r: Result<Touch, SensingError>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn unknown_names_list_the_valid_choices() {
    let e = TouchFunction::from_name("force").unwrap_err().to_string();
    assert!(
        e.contains("`force`")
            && e.contains("normal, force_vector, force_vector_global, normal_force"),
        "{e}"
    );
    let e = ResponseFunction::from_name("gaussian")
        .unwrap_err()
        .to_string();
    assert!(e.contains("nearest, spread_linear"), "{e}");
    let e = TouchKind::from_name("trimesh").unwrap_err().to_string();
    assert!(e.contains("points, mesh"), "{e}");
}

#[test]
fn unknown_body_lists_the_bodies() {
    let scene = pad_scene(Isometry3::identity());
    let e = message(Touch::new(
        &scene,
        &TouchConfig::new(TouchKind::Mesh).scale("hand", 0.01),
    ));
    assert!(e.contains("`hand`") && e.contains("pad, ball"), "{e}");
}

#[test]
fn non_positive_scales_are_refused() {
    let scene = pad_scene(Isometry3::identity());
    for bad in [0.0, -0.01, f64::NAN, f64::INFINITY] {
        let e = message(Touch::new(
            &scene,
            &TouchConfig::new(TouchKind::Points).scale("pad", bad),
        ));
        assert!(
            e.contains("scale of body `pad`") && e.contains("greater than zero"),
            "{e}"
        );
    }
}

#[test]
fn empty_or_repeated_scales_are_refused() {
    let scene = pad_scene(Isometry3::identity());
    assert!(
        message(Touch::new(&scene, &TouchConfig::new(TouchKind::Mesh))).contains("at least one")
    );
    let twice = TouchConfig::new(TouchKind::Mesh)
        .scale("pad", 0.01)
        .scale("pad", 0.02);
    assert!(message(Touch::new(&scene, &twice)).contains("once"));
}

#[test]
fn a_body_without_colliders_or_with_a_half_space_cannot_sense() {
    let mut scene = Scene::new();
    scene.add_body(Body::new("ghost")).unwrap();
    scene
        .add_body(
            Body::new("floor")
                .with_collider(
                    Shape::halfspace(Vector3::z()).unwrap(),
                    Isometry3::identity(),
                )
                .unwrap(),
        )
        .unwrap();
    assert!(
        message(Touch::new(
            &scene,
            &TouchConfig::new(TouchKind::Mesh).scale("ghost", 0.01)
        ))
        .contains("colliders")
    );
    assert!(
        message(Touch::new(
            &scene,
            &TouchConfig::new(TouchKind::Mesh).scale("floor", 0.01)
        ))
        .contains("half-space")
    );
}

#[test]
fn bad_inputs_at_observation() {
    let scene = pad_scene(Isometry3::identity());
    let mut touch = Touch::new(
        &scene,
        &TouchConfig::new(TouchKind::Mesh).scale("pad", 0.01),
    )
    .unwrap();
    // A contact naming a body the scene lacks.
    let c = Contact::new(0, 7, Point3::origin(), Vector3::z(), 0.0, Vector3::z()).unwrap();
    let e = touch
        .observe_contacts(&scene, &[c])
        .unwrap_err()
        .to_string();
    assert!(e.contains("contact 0") && e.contains("pad, ball"), "{e}");
    // A collider out of range.
    let c = Contact::new(0, 1, Point3::origin(), Vector3::z(), 0.0, Vector3::z())
        .unwrap()
        .with_colliders(Some(5), None);
    assert!(touch.observe_contacts(&scene, &[c]).is_err());
    // Another scene.
    let mut other = Scene::new();
    other.add_body(Body::new("pad")).unwrap();
    assert!(matches!(
        touch.observe_contacts(&other, &[]),
        Err(SensingError::SceneMismatch { .. })
    ));
    // A NaN pose.
    let mut nan = scene.clone();
    nan.body_mut(1).unwrap().pose.translation.vector.x = f64::NAN;
    assert!(touch.observe(&nan, &PenaltyLaw::default()).is_err());
    // A bad law.
    let law = PenaltyLaw {
        exponent: 0.5,
        ..PenaltyLaw::default()
    };
    assert!(
        touch
            .observe(&scene, &law)
            .unwrap_err()
            .to_string()
            .contains("exponent")
    );
    // Asking for a body that does not sense.
    let e = touch.body_output("ball").unwrap_err().to_string();
    assert!(e.contains("sensing bodies: pad"), "{e}");
}
