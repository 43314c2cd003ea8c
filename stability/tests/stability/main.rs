//! Integration tests of morsel-stability against independent truths: closed forms, a second
//! method, physical conservation laws and hand-derived expectations.

// Fixture helpers outside `#[test]` functions unwrap too (clippy.toml only covers test bodies).
#![allow(clippy::unwrap_used)]

use morsel_stability::transport::{grasp_matrix, transport_wrench};
use morsel_stability::{
    Contact, ContactSet, ConvexPolygon, DistributionStatus, DistributionWeights,
    DistributionWorkspace, PolygonMethod, QpSolver, StabilityError, Stance, StaticPolygon,
    WrenchDistribution, WrenchDistributor,
};
use nalgebra::{DMatrix, Isometry3, Point3, Vector3, Vector6};
use proptest::prelude::*;

const FRAC_PI_2: f64 = std::f64::consts::FRAC_PI_2;

fn foot(y: f64) -> Contact {
    Contact::from_pos_rpy([0.11, 0.05], [0.0, y, 0.0], [0.0; 3], 0.7).unwrap()
}

/// JVRC-1-like stance: flat feet 0.3 m apart.
fn two_feet() -> ContactSet {
    ContactSet::new(vec![foot(0.15), foot(-0.15)]).unwrap()
}

/// Two flat feet and two hands on a wall in front (the wall normal points along −x).
fn feet_and_hands() -> ContactSet {
    let hand = |y: f64| {
        Contact::from_pos_rpy([0.04, 0.04], [0.45, y, 1.1], [0.0, -FRAC_PI_2, 0.0], 0.7)
            .unwrap()
            .with_link(if y > 0.0 { "left_hand" } else { "right_hand" })
    };
    ContactSet::new(vec![foot(0.15), foot(-0.15), hand(0.3), hand(-0.3)]).unwrap()
}

/// One foot tilted and shifted: friction and geometry both matter.
fn tilted_feet() -> ContactSet {
    let left =
        Contact::from_pos_rpy([0.11, 0.05], [0.05, 0.15, 0.02], [0.1, -0.05, 0.3], 0.7).unwrap();
    ContactSet::new(vec![left, foot(-0.15)]).unwrap()
}

/// The notes' robustness stance: μ = 0.1 feet on slabs, feasible up to pitch 0.0534 rad.
fn slab_feet(pitch: f64) -> ContactSet {
    ContactSet::new(vec![
        Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.05], [0.25, pitch, 0.1], 0.1).unwrap(),
        Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.05], [-0.25, pitch, -0.1], 0.1).unwrap(),
    ])
    .unwrap()
}

fn bounded(polygon: &StaticPolygon) -> &ConvexPolygon {
    polygon
        .polygon()
        .unwrap_or_else(|| panic!("expected a bounded polygon, got {polygon:?}"))
}

fn contact_strategy() -> impl Strategy<Value = Contact> {
    (
        0.01..0.3f64,
        0.01..0.3f64,
        prop::array::uniform3(-1.0..1.0f64),
        prop::array::uniform3(-3.0..3.0f64),
        0.05..1.5f64,
    )
        .prop_map(|(x, y, pos, rpy, mu)| Contact::from_pos_rpy([x, y], pos, rpy, mu).unwrap())
}

mod bad_input;
mod cones;
mod distribution;
mod feasible_region;
mod pendular;
mod polygon;
mod range;
mod robustness;
mod stance;
mod upstream_bugs;
