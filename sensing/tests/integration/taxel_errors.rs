//! Issue 22's bad taxel input, matched on the error's variant and field (not only its text):
//! negative stiffness, exponent < 1, negative noise, an absurd history length, an unknown
//! link, an unknown depth-query name; each refused before anything is read or allocated.

use morsel_sensing::taxel::{ContactDepthQuery, MAX_HISTORY_STEPS, MAX_HISTORY_VALUES};
use morsel_sensing::{SensingError, TaxelConfig, TaxelSensor};
use nalgebra::{Isometry3, Point3};

use crate::taxels::{fingertip_scene, three_probes};

/// The field named by an `InvalidParameter` error of building a sensor with `config`.
fn refused_field(config: TaxelConfig) -> &'static str {
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    match TaxelSensor::new(config, &scene) {
        Err(SensingError::InvalidParameter { parameter, .. }) => parameter,
        other => panic!("expected InvalidParameter, got {other:?}"),
    }
}

#[test]
fn bad_numbers_are_invalid_parameters_naming_the_field() {
    let cases: [(TaxelConfig, &str); 9] = [
        (
            TaxelConfig {
                normal_stiffness: -1.0,
                ..three_probes()
            },
            "normal_stiffness",
        ),
        (
            TaxelConfig {
                normal_exponent: 0.999,
                ..three_probes()
            },
            "normal_exponent",
        ),
        (
            TaxelConfig {
                normal_exponent: f64::NAN,
                ..three_probes()
            },
            "normal_exponent",
        ),
        (
            TaxelConfig {
                noise: -1e-3,
                ..three_probes()
            },
            "noise",
        ),
        (
            TaxelConfig {
                probe_radius_noise: -1e-3,
                ..three_probes()
            },
            "probe_radius_noise",
        ),
        (
            TaxelConfig {
                history_length: usize::MAX,
                ..three_probes()
            },
            "history_length",
        ),
        (
            TaxelConfig {
                history_length: MAX_HISTORY_STEPS + 1,
                ..three_probes()
            },
            "history_length",
        ),
        // Under the step cap, but 5,000 steps × 10,000 probes × 3 values is over the value cap.
        (
            TaxelConfig {
                history_length: 5_000,
                probe_local_pos: vec![Point3::origin(); 10_000],
                ..three_probes()
            },
            "history_length",
        ),
        (
            TaxelConfig {
                delay: usize::MAX,
                jitter: 1,
                ..three_probes()
            },
            "delay + jitter",
        ),
    ];
    for (config, field) in cases {
        assert_eq!(refused_field(config), field);
    }
    // The caps are not off by one: the largest history they allow is accepted.
    let longest = TaxelConfig {
        history_length: MAX_HISTORY_STEPS,
        ..three_probes()
    };
    assert!(longest.validate().is_ok());
    let widest = TaxelConfig {
        history_length: MAX_HISTORY_VALUES / 30_000,
        probe_local_pos: vec![Point3::origin(); 10_000],
        ..three_probes()
    };
    assert!(widest.validate().is_ok());
}

#[test]
fn unknown_link_is_an_unknown_body_listing_the_scene() {
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    match TaxelSensor::new(TaxelConfig::new("thumb"), &scene) {
        Err(SensingError::UnknownBody { name, valid }) => {
            assert_eq!(name, "thumb");
            assert_eq!(valid, "fingertip, block");
        }
        other => panic!("expected UnknownBody, got {other:?}"),
    }
    match TaxelConfig::default().skin(&scene, "thumb", 0.01) {
        Err(SensingError::UnknownBody { name, .. }) => assert_eq!(name, "thumb"),
        other => panic!("expected UnknownBody, got {other:?}"),
    }
}

#[test]
fn unknown_depth_query_is_an_unknown_choice() {
    match ContactDepthQuery::from_name("ray") {
        Err(SensingError::UnknownChoice { what, name, valid }) => {
            assert_eq!((what, name.as_str()), ("contact_depth_query", "ray"));
            assert_eq!(valid, ["sdf", "raycast"]);
        }
        other => panic!("expected UnknownChoice, got {other:?}"),
    }
}
