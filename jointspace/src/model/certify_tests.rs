//! The sound certificate on a case with a closed form: a ball on an arm turning about z
//! towards a block, the model a straight line whose zero is the exact contact angle, shifted.
//! Sampling with exact collision checks must find no configuration that `model − δ` calls
//! free in collision; with the Lipschitz bound halved, it must find some.

use std::sync::Arc;

use morsel_geometry::{Collider, Shape};
use morsel_kinematics::{JointKind, JointSpec, LinkSpec, Model, ModelBuilder};
use nalgebra::{Isometry3, Vector3};

use super::encoding::JointEncoding;
use super::*;
use crate::error::JointspaceError;
use crate::sample_map::Quantity;
use crate::{CollisionSampler, SampleOptions, SamplerSpec};

/// Radius of the ball's centre about the joint, the ball's radius, the block's near face.
const ARM: f64 = 0.5;
const BALL: f64 = 0.02;
const FACE: f64 = 0.2;
const RANGE: [f64; 2] = [-0.5, 1.0];

fn arm_and_block() -> Arc<Model> {
    let mut b = ModelBuilder::new("arm_and_block");
    let mut base = LinkSpec::new("base");
    let block = Shape::cuboid(Vector3::new(0.3, 0.2, 0.1)).unwrap();
    base.collisions
        .push(Collider::new(block, Isometry3::translation(ARM, FACE + 0.2, 0.0)).unwrap());
    let mut arm = LinkSpec::new("arm");
    let ball = Shape::sphere(BALL).unwrap();
    arm.collisions
        .push(Collider::new(ball, Isometry3::translation(ARM, 0.0, 0.0)).unwrap());
    b.add_link(base).add_link(arm);
    b.add_joint(JointSpec::new(
        "turn",
        JointKind::Continuous,
        "base",
        "arm",
        Isometry3::identity(),
        Vector3::z(),
    ));
    Arc::new(b.build().unwrap())
}

fn sampler() -> CollisionSampler {
    let spec = SamplerSpec::new(["turn"], [RANGE], [("base", "arm")]);
    CollisionSampler::new(arm_and_block(), &spec).unwrap()
}

/// The angle at which the ball touches the block.
fn contact() -> f64 {
    ((FACE - BALL) / ARM).asin()
}

/// A 1-joint spline equal to `contact − q + shift` (a cubic B-spline reproduces lines).
fn line_model(shift: f64) -> JointspaceModel {
    let cells = 3;
    let mut s = SplineGrid::zeros(&[RANGE], &[false], &[cells]).unwrap();
    for (j, c) in s.coefficients.iter_mut().enumerate() {
        let q = RANGE[0] + (j as f64 - 1.0) / s.scale[0];
        *c = contact() - q + shift;
    }
    JointspaceModel::from_spline(
        vec!["turn".into()],
        vec![RANGE],
        vec![JointEncoding::for_range(RANGE)],
        s,
        Quantity::JointSpaceDistance,
    )
    .unwrap()
}

/// Random configurations that `model − δ` calls free but that collide.
fn false_free(model: &JointspaceModel, sampler: &CollisionSampler, n: usize) -> usize {
    let map = sampler
        .random(n, 777, &SampleOptions::binary().without_progress())
        .unwrap();
    let predicted = model.distances(map.configurations()).unwrap();
    predicted
        .iter()
        .zip(map.values().iter())
        .filter(|(p, t)| **p - model.offset() > 0.0 && **t <= 0.0)
        .count()
}

fn quick() -> CertifyOptions {
    CertifyOptions {
        min_width: 1e-4,
        lost_samples: 2000,
        ..CertifyOptions::default()
    }
}

/// The bound of the ball: its farthest point from the axis, `ARM + BALL`.
#[test]
fn the_motion_bound_is_the_farthest_point_from_the_axis() {
    let b = MotionBound::of(&sampler()).unwrap();
    assert!((b.rates[0][0] - (ARM + BALL)).abs() < 1e-8, "{:?}", b.rates);
}

/// The exact line needs almost no offset; shifted by 0.1 rad it needs 0.1 rad more, and
/// sampling finds no false free configuration either way.
#[test]
fn a_shifted_model_raises_the_offset_and_stays_sound() {
    let s = sampler();
    let mut exact = line_model(0.0);
    let c0 = certify(&mut exact, &s, &quick()).unwrap();
    assert!(c0.offset < 2e-3, "{c0:?}");
    assert_eq!(false_free(&exact, &s, 100_000), 0);
    let mut shifted = line_model(0.1);
    let c1 = certify(&mut shifted, &s, &quick()).unwrap();
    assert!(c1.offset >= 0.1 && c1.offset < 0.1 + 2e-3, "{c1:?}");
    assert_eq!(c1.sample_false_free, 0);
    assert_eq!(false_free(&shifted, &s, 100_000), 0);
    let total = c1.settled_free + c1.settled_below + c1.covered;
    assert!((total - 1.0).abs() < 1e-9, "{c1:?}");
    assert!(matches!(
        shifted.certification(),
        Some(Certification::Sound { .. })
    ));
    // The header and the JSON carry which certificate produced the offset.
    let header = c_header(&shifted, &CHeaderOptions { prefix: "m".into() });
    assert!(
        header.contains("M_OFFSET is a SOUND certificate"),
        "{header}"
    );
    let back = from_json(&to_json(&shifted).unwrap()).unwrap();
    assert_eq!(back.certification(), shifted.certification());
    let mut by_hand = shifted.clone();
    by_hand.set_offset(0.2).unwrap();
    assert!(by_hand.certification().is_none());
    // The shifted model minus its offset is the exact line again: almost nothing is lost.
    assert!(c1.lost_range_of_motion < 0.01, "{c1:?}");
}

/// With the Lipschitz bound halved, the certificate settles cells as free that reach into the
/// block, and sampling catches configurations that `model − δ` calls free in collision.
#[test]
fn a_halved_lipschitz_bound_is_caught_by_sampling() {
    let s = sampler();
    let half = MotionBound::of(&s).unwrap().scaled(0.5);
    let mut model = line_model(0.1);
    let c = certify_with_bound(&mut model, &s, &quick(), &half).unwrap();
    let caught = false_free(&model, &s, 100_000);
    assert!(caught > 0, "the halved bound went unnoticed: {c:?}");
    assert!(c.offset < 0.1, "{c:?}");
}

/// A budget of one cell covers the whole box: the offset becomes the model's largest bound,
/// still sound.
#[test]
fn a_tiny_budget_raises_the_offset_to_cover() {
    let s = sampler();
    let mut model = line_model(0.1);
    let options = CertifyOptions {
        max_cells: 1,
        ..quick()
    };
    let c = certify(&mut model, &s, &options).unwrap();
    assert!(
        c.budget_exhausted && c.settled_free == 0.0 && c.covered > 0.5,
        "{c:?}"
    );
    assert!(c.offset >= contact() - RANGE[0] + 0.1 - 1e-9, "{c:?}");
    assert_eq!(false_free(&model, &s, 10_000), 0);
}

/// Bad input: a sampler of other joints, pairs or ranges, NaN weights, bad options.
#[test]
fn bad_input_is_refused() {
    let s = sampler();
    let mut model = line_model(0.0).with_source("robot \"other\"");
    let e = certify(&mut model, &s, &quick()).unwrap_err();
    assert!(matches!(e, JointspaceError::ModelMismatch { .. }), "{e}");

    let wide = SamplerSpec::new(["turn"], [[-0.6, 1.0]], [("base", "arm")]);
    let wide = CollisionSampler::new(arm_and_block(), &wide).unwrap();
    let mut model = line_model(0.0);
    let e = certify(&mut model, &wide, &quick()).unwrap_err();
    assert!(matches!(e, JointspaceError::ModelMismatch { .. }), "{e}");

    let mut nan = line_model(0.0);
    if let Approximator::Spline(sp) = &mut nan.approximator {
        sp.coefficients[2] = f64::NAN;
    }
    let e = certify(&mut nan, &s, &quick()).unwrap_err();
    assert!(matches!(e, JointspaceError::NotFinite { .. }), "{e}");

    let mut model = line_model(0.0);
    for bad in [
        CertifyOptions {
            min_width: 0.0,
            ..quick()
        },
        CertifyOptions {
            max_cells: 0,
            ..quick()
        },
    ] {
        assert!(certify(&mut model, &s, &bad).is_err());
    }
    model.joints = vec!["other".into()];
    let e = certify(&mut model, &s, &quick()).unwrap_err();
    assert!(matches!(e, JointspaceError::JointSetMismatch { .. }), "{e}");
}
