//! Finite but absurd inputs give typed errors naming what drove them, never NaN, infinity, a
//! panic or a silently wrong number; values at the limits give the closed-form readings.
//!
//! Before: taxels with `probe_gain = 1e200` and `normal_exponent = 2` read `[NaN, NaN, NaN]`
//! (with hysteresis on, the read panicked in `f64::clamp`); `normal_stiffness = 1e300` read
//! 1e298 N; `shear_scalar` or `twist_scalar = 1e300` read infinite forces or NaN torques; a
//! resolution of 1e-320 turned a 10 N reading into infinity; crosstalk pushed forces beyond
//! `MAX_FORCE`; velocities of 1e300 m/s were accepted; MuJoCo's elliptic and single-row
//! contacts passed NaN and 1e300 through; a contact normal of `(1e200, 0, 0)` became the zero
//! vector and one of `(0, 0, 1e-300)` was refused as "the zero vector" (both the norm's square
//! leaving the `f64` range), as were probe normals; a contact whose surface point left the
//! length range failed with a geometry error about a "query point".

use morsel_sensing::{
    Body, Contact, MujocoCone, PenaltyLaw, Scene, SensingError, TaxelConfig, TaxelSensor, Touch,
    TouchConfig, TouchKind, mujoco_contact_force,
};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::common::pad_scene;
use crate::taxels::fingertip_scene;

/// A probe at the link origin, 1 cm into the block (the default radius is 1 cm).
fn one_probe(cfg: TaxelConfig) -> TaxelConfig {
    TaxelConfig {
        probe_local_pos: vec![Point3::origin()],
        ..cfg
    }
}

fn pressed() -> Scene {
    fingertip_scene(&Isometry3::identity(), 0.0, 0.0)
}

/// The message of the error of `r`, which must be one.
fn message<T: std::fmt::Debug>(r: morsel_sensing::Result<T>) -> String {
    match r {
        Err(e) => e.to_string(),
        Ok(v) => panic!("expected an error, got {v:?}"),
    }
}

fn assert_names(text: &str, names: &[&str]) {
    for name in names {
        assert!(text.contains(name), "`{name}` not in: {text}");
    }
}

#[test]
fn overflowing_taxel_forces_are_errors_naming_the_probe_and_the_parameters() {
    let scene = pressed();
    // (0.01 m × 1e200)^2 overflows to infinity, and infinity times the zero approach speed is
    // NaN: the old reading was [NaN, NaN, NaN].
    let gain = one_probe(TaxelConfig {
        probe_gain: 1e200,
        normal_exponent: 2.0,
        ..TaxelConfig::new("fingertip")
    });
    let mut taxels = TaxelSensor::new(gain, &scene).unwrap();
    match taxels.read(&scene) {
        Err(SensingError::TaxelOutOfRange {
            link,
            probe: 0,
            env: None,
            ..
        }) => assert_eq!(link, "fingertip"),
        other => panic!("expected TaxelOutOfRange, got {other:?}"),
    }
    let text = message(taxels.read(&scene));
    assert_names(
        &text,
        &[
            "probe 0",
            "`fingertip`",
            "not finite",
            "probe_gain",
            "normal_exponent",
        ],
    );
    // The ground truth (no gain) of the same sensor is 1000 N/m · (0.01 m)^2 = 0.1 N.
    let truth = taxels.read_ground_truth(&scene).unwrap();
    assert!((truth.force[[0, 0, 2]] - 0.1).abs() < 1e-12);

    // 1e300 N/m × 0.01 m = 1e298 N: finite, far beyond MAX_FORCE = 1e20 N.
    let stiff = one_probe(TaxelConfig {
        normal_stiffness: 1e300,
        ..TaxelConfig::new("fingertip")
    });
    let mut taxels = TaxelSensor::new(stiff, &scene).unwrap();
    for text in [
        message(taxels.read(&scene)),
        message(taxels.read_ground_truth(&scene)),
    ] {
        assert_names(&text, &["probe 0", "1e20", "normal_stiffness"]);
    }
}

#[test]
fn overflowing_velocity_terms_name_shear_damping_and_twist() {
    let mut scene = pressed();
    // The block slides at 1 m/s along x, sinks at 1 m/s and spins at 1 rad/s about z.
    scene
        .set_velocity("block", Vector3::new(1.0, 0.0, -1.0), Vector3::z())
        .unwrap();
    let cases = [
        (
            TaxelConfig {
                shear_scalar: 1e300,
                ..TaxelConfig::new("fingertip")
            },
            "shear_scalar",
        ),
        (
            TaxelConfig {
                normal_damping: 1e300,
                ..TaxelConfig::new("fingertip")
            },
            "normal_damping",
        ),
        (
            TaxelConfig {
                twist_scalar: 1e300,
                ..TaxelConfig::new("fingertip")
            },
            "twist_scalar",
        ),
    ];
    for (cfg, field) in cases {
        let mut taxels = TaxelSensor::new(one_probe(cfg), &scene).unwrap();
        let text = message(taxels.read(&scene));
        assert_names(&text, &["probe 0", field]);
    }
    // twist 1e300 N·m·s × 1 rad/s: the torque is beyond the moment limit, not the force.
    let twist = one_probe(TaxelConfig {
        twist_scalar: 1e300,
        ..TaxelConfig::new("fingertip")
    });
    let text = message(TaxelSensor::new(twist, &scene).unwrap().read(&scene));
    assert_names(&text, &["torque", "1e31"]);
}

#[test]
fn a_batch_names_the_environment() {
    let calm = pressed();
    let mut fast = pressed();
    fast.set_velocity("block", Vector3::new(1.0, 0.0, 0.0), Vector3::zeros())
        .unwrap();
    let cfg = one_probe(TaxelConfig {
        shear_scalar: 1e300,
        ..TaxelConfig::new("fingertip")
    });
    let mut taxels = TaxelSensor::new(cfg, &calm).unwrap();
    let text = message(taxels.read_batch(&[calm.clone(), fast]));
    assert_names(
        &text,
        &[
            "probe 0 on link `fingertip` (environment 1)",
            "shear_scalar",
        ],
    );
    // The calm scene alone reads k·pen = 10 N: the shear term is zero without sliding.
    let r = taxels.read(&calm).unwrap();
    assert!((r.force[[0, 0, 2]] - 10.0).abs() < 1e-9);
}

#[test]
fn a_nan_force_with_hysteresis_is_an_error_not_a_panic() {
    let scene = pressed();
    let cfg = one_probe(TaxelConfig {
        probe_gain: 1e200,
        normal_exponent: 2.0,
        hysteresis: 1.0,
        ..TaxelConfig::new("fingertip")
    });
    let mut taxels = TaxelSensor::new(cfg, &scene).unwrap();
    assert_names(&message(taxels.read(&scene)), &["probe 0", "probe_gain"]);
}

#[test]
fn forces_and_torques_below_the_limits_read_their_closed_forms() {
    let scene = pressed();
    // k = 1e21 N/m at 1 cm: F = 1e19 N along +z; the probe at x = 3 cm (the block's top face
    // spans ±5 cm) gives T = p × F = (0.03, 0, 0) × (0, 0, 1e19) = (0, −3e17, 0).
    let cfg = TaxelConfig {
        probe_local_pos: vec![Point3::new(0.03, 0.0, 0.0)],
        normal_stiffness: 1e21,
        ..TaxelConfig::new("fingertip")
    };
    let mut taxels = TaxelSensor::new(cfg, &scene).unwrap();
    for r in [
        taxels.read(&scene).unwrap(),
        taxels.read_ground_truth(&scene).unwrap(),
    ] {
        assert!((r.force[[0, 0, 2]] / 1e19 - 1.0).abs() < 1e-12, "{r:?}");
        assert!((r.torque[[0, 0, 1]] / -3e17 - 1.0).abs() < 1e-12, "{r:?}");
        assert_eq!((r.force[[0, 0, 0]], r.torque[[0, 0, 2]]), (0.0, 0.0));
    }
}

#[test]
fn a_tiny_resolution_keeps_large_forces_instead_of_overflowing() {
    let scene = pressed();
    // 10 N / 1e-320 N overflowed to infinity; a quantum below the force's own precision
    // leaves it unchanged: 1000 N/m × 0.01 m = 10 N, and k = 1e12 gives 1e10 N.
    for (resolution, stiffness, want) in [(1e-320, 1000.0, 10.0), (1e-300, 1e12, 1e10)] {
        let cfg = one_probe(TaxelConfig {
            resolution,
            normal_stiffness: stiffness,
            ..TaxelConfig::new("fingertip")
        });
        let r = TaxelSensor::new(cfg, &scene).unwrap().read(&scene).unwrap();
        assert!((r.force[[0, 0, 2]] / want - 1.0).abs() < 1e-12, "{r:?}");
        assert!(r.torque.iter().all(|t| *t == 0.0), "{r:?}");
    }
}

#[test]
fn crosstalk_beyond_max_force_is_an_error_naming_the_degradations() {
    let scene = pressed();
    // Two neighbouring probes of 6e19 N each: with full crosstalk each reads 1.2e20 N.
    let cfg = TaxelConfig {
        probe_local_pos: vec![Point3::origin(), Point3::new(0.001, 0.0, 0.0)],
        normal_stiffness: 6e21,
        crosstalk: 1.0,
        crosstalk_radius: 0.01,
        ..TaxelConfig::new("fingertip")
    };
    let mut taxels = TaxelSensor::new(cfg, &scene).unwrap();
    assert_names(
        &message(taxels.read(&scene)),
        &["probe 0", "crosstalk", "1e20"],
    );
    let truth = taxels.read_ground_truth(&scene).unwrap();
    assert!((truth.force[[0, 1, 2]] / 6e19 - 1.0).abs() < 1e-12);
}

#[test]
fn absurd_velocities_are_refused_naming_the_body() {
    let mut scene = pressed();
    let text = message(scene.set_velocity(
        "fingertip",
        Vector3::new(0.0, 0.0, -1e300),
        Vector3::zeros(),
    ));
    assert_names(
        &text,
        &[
            "body `fingertip` linear velocity[2]",
            "-1e300",
            "[-1e10, 1e10]",
            "m/s",
        ],
    );
    match scene.set_velocity("block", Vector3::zeros(), Vector3::new(2e10, 0.0, 0.0)) {
        Err(SensingError::OutOfRange {
            value, min, max, ..
        }) => assert_eq!((value, min, max), (2e10, -1e10, 1e10)),
        other => panic!("expected OutOfRange, got {other:?}"),
    }
    let text = message(scene.set_velocity("block", Vector3::zeros(), Vector3::new(2e10, 0.0, 0.0)));
    assert_names(&text, &["body `block` angular velocity[0]", "rad/s"]);
    assert!(
        scene
            .set_velocity(
                "block",
                Vector3::new(1e10, -1e10, 0.0),
                Vector3::new(0.0, 0.0, -1e10)
            )
            .is_ok()
    );
    // At the limits the probe reads finite values: the block at 1e10 m/s and 1e10 rad/s.
    let mut taxels = TaxelSensor::new(TaxelConfig::new("fingertip"), &scene).unwrap();
    // Probe at the origin, block origin 1 cm below: ω × r = 0, so v_t = (1e10, −1e10, 0),
    // F = k·pen·z − shear·v_t = (−1e10, 1e10, 10) and
    // T = −twist·(ω·z)·z = (0, 0, 1e10).
    let r = taxels.read(&scene).unwrap();
    let f: Vec<f64> = r.force.iter().copied().collect();
    let t: Vec<f64> = r.torque.iter().copied().collect();
    assert_eq!((f[0], f[1], t[2]), (-1e10, 1e10, 1e10), "{r:?}");
    assert!(
        (f[2] - 10.0).abs() < 1e-9 && t[0] == 0.0 && t[1] == 0.0,
        "{r:?}"
    );
    // A body built with an absurd velocity is refused when added; one given it through
    // body_mut is refused when read.
    let fast = Body::new("fast").with_velocity(Vector3::new(1e300, 0.0, 0.0), Vector3::zeros());
    assert_names(
        &message(Scene::new().add_body(fast)),
        &["body `fast` linear velocity[0]"],
    );
    let mut scene = pressed();
    let mut taxels = TaxelSensor::new(TaxelConfig::new("fingertip"), &scene).unwrap();
    scene.body_mut(1).unwrap().angular_velocity = Vector3::new(0.0, 1e300, 0.0);
    assert_names(
        &message(taxels.read(&scene)),
        &["body `block` angular velocity[1]"],
    );
    assert_names(
        &message(PenaltyLaw::default().contacts(&scene)),
        &["body `block` angular velocity[1]"],
    );
}

#[test]
fn mujoco_forces_beyond_the_range_are_refused() {
    let friction = [1.0, 1.0, 0.0, 0.0, 0.0];
    let cases: [(MujocoCone, &[f64], usize, &[f64]); 5] = [
        (MujocoCone::Elliptic, &[f64::NAN, 0.0, 0.0], 3, &friction),
        (MujocoCone::Elliptic, &[1e300, 0.0, 0.0], 3, &friction),
        (MujocoCone::Elliptic, &[f64::INFINITY], 1, &friction),
        (MujocoCone::Pyramidal, &[1e300], 1, &friction),
        // Edges 1 and 0 with friction 1e300: a tangential force of 1e300 N.
        (
            MujocoCone::Pyramidal,
            &[1.0, 0.0, 0.0, 0.0],
            3,
            &[1e300, 1.0],
        ),
    ];
    for (cone, efc, dim, mu) in cases {
        let text = message(mujoco_contact_force(cone, efc, 0, dim, mu));
        assert_names(&text, &["contact 0", "efc_force"]);
    }
    // At the limit: elliptic values are the force itself.
    let f = mujoco_contact_force(MujocoCone::Elliptic, &[1e20, -1e20, 0.5], 0, 3, &friction);
    assert_eq!(f.unwrap(), [1e20, -1e20, 0.5]);
}

#[test]
fn normals_of_any_finite_size_give_their_direction() {
    let p = Point3::new(0.0, 0.0, 0.01);
    for (normal, want) in [
        (Vector3::new(1e200, 0.0, 0.0), Vector3::x()),
        (Vector3::new(0.0, 0.0, 1e-300), Vector3::z()),
        (
            Vector3::new(3e-200, 4e-200, 0.0),
            Vector3::new(0.6, 0.8, 0.0),
        ),
        (
            Vector3::new(3e200, -4e200, 0.0),
            Vector3::new(0.6, -0.8, 0.0),
        ),
    ] {
        let c = Contact::new(0, 1, p, normal, 0.0, Vector3::z()).unwrap();
        assert!(
            (c.normal.into_inner() - want).norm() < 1e-15,
            "{normal:?}: {c:?}"
        );
        let cfg = TaxelConfig {
            probe_local_normal: normal,
            probe_normals: vec![normal],
            ..TaxelConfig::new("fingertip")
        };
        let taxels = TaxelSensor::new(cfg.clone(), &pressed()).unwrap();
        assert!((taxels.probe_normal() - want).norm() < 1e-15, "{normal:?}");
        assert!((cfg.unit_normals()[0] - want).norm() < 1e-15, "{normal:?}");
    }
    assert!(Contact::new(0, 1, p, Vector3::zeros(), 0.0, Vector3::z()).is_err());
}

#[test]
fn a_surface_point_beyond_the_range_names_the_contact() {
    let scene = pad_scene(Isometry3::identity());
    let config = TouchConfig::new(TouchKind::Points).scale("pad", 0.01);
    let mut touch = Touch::new(&scene, &config).unwrap();
    // Position and depth in range, but the surface point 0.5e10 m further out along x.
    let c = Contact::new(
        0,
        1,
        Point3::new(1e10, 0.0, 0.0),
        Vector3::x(),
        1e10,
        Vector3::x(),
    )
    .unwrap();
    let e = touch.observe_contacts(&scene, &[c]).unwrap_err();
    assert!(
        matches!(e, SensingError::InvalidContact { index: 0, .. }),
        "{e:?}"
    );
    assert_names(&e.to_string(), &["contact 0", "body `pad`"]);
}
