//! Malformed inputs: each is an error that names the problem, never a panic.

use std::f64::consts::PI;

use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, JointspaceError, SampleOptions, SamplerSpec,
};
use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};

use crate::common::{SOLO_URDF, arm_sampler, planar_arm, solo};

fn spec(joints: &[&str], ranges: &[[f64; 2]], pairs: &[(&str, &str)]) -> SamplerSpec {
    SamplerSpec::new(
        joints.iter().copied(),
        ranges.iter().copied(),
        pairs.iter().copied(),
    )
}

fn arm_error(s: &SamplerSpec) -> JointspaceError {
    CollisionSampler::new(planar_arm(), s).unwrap_err()
}

#[test]
fn unknown_joints_and_objects_are_named() {
    let e = arm_error(&spec(
        &["shoulder", "wrist"],
        &[[-1.0, 1.0]; 2],
        &[("base", "fore")],
    ));
    assert!(
        matches!(&e, JointspaceError::UnknownJoint { name, .. } if name == "wrist"),
        "{e}"
    );
    assert!(
        e.to_string().contains("shoulder"),
        "the message lists the joints: {e}"
    );
    let e = arm_error(&spec(&["shoulder"], &[[-1.0, 1.0]], &[("base", "hand")]));
    assert!(
        matches!(&e, JointspaceError::UnknownObject { name, .. } if name == "hand"),
        "{e}"
    );
    assert!(
        e.to_string().contains("fore_0"),
        "the message lists the objects: {e}"
    );
}

#[test]
fn bad_pairs_are_rejected() {
    let e = arm_error(&spec(&["shoulder"], &[[-1.0, 1.0]], &[("fore", "fore_0")]));
    assert!(matches!(e, JointspaceError::InvalidPair { .. }), "{e}");
    let e = arm_error(&spec(&["shoulder"], &[[-1.0, 1.0]], &[]));
    assert!(matches!(e, JointspaceError::InvalidArgument { .. }), "{e}");
}

#[test]
fn bad_joint_selections_are_rejected() {
    let e = arm_error(&spec(
        &["shoulder", "shoulder"],
        &[[-1.0, 1.0]; 2],
        &[("base", "fore")],
    ));
    assert!(matches!(e, JointspaceError::DuplicateJoint { .. }), "{e}");
    let e = arm_error(&spec(&["shoulder"], &[[-1.0, 1.0]; 2], &[("base", "fore")]));
    assert!(matches!(e, JointspaceError::WrongLength { .. }), "{e}");
    // Index 3 is inside Solo-12's free-flyer (values 0 to 6).
    let s = SamplerSpec::new([3usize], [[-1.0, 1.0]], [("base_link", "FL_UPPER_LEG")]);
    let e = CollisionSampler::new(solo(), &s).unwrap_err();
    assert!(
        matches!(e, JointspaceError::BadConfigurationIndex { index: 3, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("root_joint"), "{e}");
    let s = SamplerSpec::new([99usize], [[-1.0, 1.0]], [("base_link", "FL_UPPER_LEG")]);
    assert!(matches!(
        CollisionSampler::new(solo(), &s).unwrap_err(),
        JointspaceError::BadConfigurationIndex { .. }
    ));
    let s = SamplerSpec::new(
        ["root_joint"],
        [[-1.0, 1.0]],
        [("base_link", "FL_UPPER_LEG")],
    );
    assert!(matches!(
        CollisionSampler::new(solo(), &s).unwrap_err(),
        JointspaceError::InvalidArgument { .. }
    ));
}

#[test]
fn empty_inverted_nan_and_out_of_range_ranges_are_rejected() {
    for range in [
        [1.0, 1.0],
        [1.0, -1.0],
        [f64::NAN, 1.0],
        [0.0, f64::INFINITY],
        [-1e300, 1.0],
        [0.0, 2e10],
    ] {
        let e = arm_error(&spec(&["shoulder"], &[range], &[("base", "fore")]));
        assert!(
            matches!(e, JointspaceError::InvalidRange { .. }),
            "{range:?}: {e}"
        );
    }
}

#[test]
fn zero_steps_and_wrong_step_counts_are_rejected() {
    let sampler = arm_sampler();
    let e = sampler
        .grid(&[10, 0], &SampleOptions::distance())
        .unwrap_err();
    assert!(
        matches!(&e, JointspaceError::ZeroSteps { joint } if joint == "elbow"),
        "{e}"
    );
    assert!(matches!(
        sampler.grid(&[10], &SampleOptions::distance()).unwrap_err(),
        JointspaceError::WrongLength { .. }
    ));
    assert!(sampler.random(0, 1, &SampleOptions::distance()).is_err());
}

#[test]
fn robot_without_collision_geometry_is_rejected() {
    let options = UrdfOptions {
        root_joint: RootJoint::Floating,
        load_collisions: false,
        load_visuals: false,
        ..UrdfOptions::default()
    };
    let bare = load_file(SOLO_URDF, &options).unwrap();
    let s = SamplerSpec::new(["FL_HAA"], [[-PI, PI]], [("base_link", "FL_UPPER_LEG")]);
    let e = CollisionSampler::new(bare, &s).unwrap_err();
    assert!(
        matches!(e, JointspaceError::NoCollisionGeometry { .. }),
        "{e}"
    );
}

#[test]
fn grids_beyond_the_memory_limit_are_refused_before_running() {
    let sampler = arm_sampler();
    let e = sampler
        .grid(&[100_000, 100_000], &SampleOptions::distance())
        .unwrap_err();
    assert!(matches!(e, JointspaceError::TooLarge { .. }), "{e}");
    assert!(
        e.to_string().contains("shard"),
        "the message says how to proceed: {e}"
    );
    let small_limit = SampleOptions::binary().with_memory_limit(1000);
    assert!(matches!(
        sampler.grid(&[20, 20], &small_limit).unwrap_err(),
        JointspaceError::TooLarge { .. }
    ));
    assert!(sampler.grid_memory_estimate(&[200, 200]) >= 200 * 200 * 3 * 8);
    // Overflowing counts are refused too.
    assert!(
        sampler
            .grid(&[usize::MAX, 4], &SampleOptions::distance())
            .is_err()
    );
}

#[test]
fn bad_points_options_and_boundaries_are_rejected() {
    let sampler = arm_sampler();
    assert!(matches!(
        sampler.collides(&[0.0, f64::NAN]).unwrap_err(),
        JointspaceError::NotFinite { .. }
    ));
    assert!(matches!(
        sampler.collides(&[0.0]).unwrap_err(),
        JointspaceError::WrongLength { .. }
    ));
    assert!(
        sampler
            .grid(&[4, 4], &SampleOptions::distance().with_cap(f64::NAN))
            .is_err()
    );
    assert!(sampler.boundary(&BoundaryOptions::new(10, 0.0, 1)).is_err());
    assert!(sampler.boundary(&BoundaryOptions::new(0, 1e-6, 1)).is_err());
    // A range where the arm never collides has no boundary.
    let s = spec(
        &["shoulder", "elbow"],
        &[[2.0, 2.5], [0.0, 0.1]],
        &[("base", "fore")],
    );
    let far = CollisionSampler::new(planar_arm(), &s).unwrap();
    let options = BoundaryOptions {
        max_draws_per_point: 50,
        ..BoundaryOptions::new(4, 1e-6, 1)
    };
    let e = far.boundary(&options).unwrap_err();
    assert!(
        matches!(
            e,
            JointspaceError::NoBoundary {
                situation: "entirely free",
                ..
            }
        ),
        "{e}"
    );
    // A periodic joint may not span more than a turn.
    let s = spec(&["shoulder"], &[[-4.0, 4.0]], &[("base", "fore")]);
    let wide = CollisionSampler::new(planar_arm(), &s).unwrap();
    let e = wide
        .boundary(&BoundaryOptions::new(4, 1e-6, 1).with_periodic(true))
        .unwrap_err();
    assert!(matches!(e, JointspaceError::InvalidRange { .. }), "{e}");
    // A reference configuration of the wrong length.
    let s = spec(&["shoulder"], &[[-1.0, 1.0]], &[("base", "fore")]).with_reference(vec![0.0; 5]);
    assert!(CollisionSampler::new(planar_arm(), &s).is_err());
}
