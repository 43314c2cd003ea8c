//! Models shared by the tests: the real Solo-12, and a planar arm whose distances have
//! closed forms.

use std::f64::consts::PI;
use std::sync::{Arc, OnceLock};

use morsel_geometry::{Collider, Shape};
use morsel_jointspace::{CollisionSampler, SamplerSpec};
use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};
use morsel_kinematics::{JointKind, JointSpec, LinkSpec, Model, ModelBuilder};
use nalgebra::{Isometry3, Vector3};

pub const SOLO_URDF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../assets/robots/solo12/solo12.urdf"
);

/// Solo-12 with a free-flyer first, as the notebook's `loadSolo` (loaded once).
pub fn solo() -> Arc<Model> {
    static SOLO: OnceLock<Arc<Model>> = OnceLock::new();
    SOLO.get_or_init(|| {
        let options = UrdfOptions {
            root_joint: RootJoint::Floating,
            ..UrdfOptions::default()
        };
        Arc::new(load_file(SOLO_URDF, &options).expect("Solo-12 loads"))
    })
    .clone()
}

/// The notebook's shoulder sampler: FL_HAA, FL_HFE over [−π, π]², base_link_0 / FL_UPPER_LEG_0
/// (built once; clones share its mesh hierarchies).
pub fn shoulder() -> CollisionSampler {
    static SHOULDER: OnceLock<CollisionSampler> = OnceLock::new();
    SHOULDER
        .get_or_init(|| {
            let spec = SamplerSpec::new(
                ["FL_HAA", "FL_HFE"],
                [[-PI, PI]; 2],
                [("base_link_0", "FL_UPPER_LEG_0")],
            );
            CollisionSampler::new(solo(), &spec).expect("shoulder sampler")
        })
        .clone()
}

/// Link lengths and radii of the planar arm.
pub const UPPER: f64 = 1.0;
pub const FORE: f64 = 0.5;
pub const TIP_RADIUS: f64 = 0.1;
pub const OBSTACLE_RADIUS: f64 = 0.2;
pub const OBSTACLE: [f64; 2] = [1.2, 0.0];

/// A planar two-joint arm (both joints about z) with a ball of radius 0.1 at the end of its
/// forearm, and a fixed ball of radius 0.2 at (1.2, 0, 0) on its base.
pub fn planar_arm() -> Arc<Model> {
    let mut b = ModelBuilder::new("planar_arm");
    let mut base = LinkSpec::new("base");
    base.collisions.push(
        Collider::new(
            Shape::sphere(OBSTACLE_RADIUS).unwrap(),
            Isometry3::translation(OBSTACLE[0], OBSTACLE[1], 0.0),
        )
        .unwrap(),
    );
    let mut fore = LinkSpec::new("fore");
    fore.collisions.push(
        Collider::new(
            Shape::sphere(TIP_RADIUS).unwrap(),
            Isometry3::translation(FORE, 0.0, 0.0),
        )
        .unwrap(),
    );
    b.add_link(base)
        .add_link(LinkSpec::new("upper"))
        .add_link(fore);
    b.add_joint(JointSpec::new(
        "shoulder",
        JointKind::Revolute,
        "base",
        "upper",
        Isometry3::identity(),
        Vector3::z(),
    ));
    b.add_joint(JointSpec::new(
        "elbow",
        JointKind::Revolute,
        "upper",
        "fore",
        Isometry3::translation(UPPER, 0.0, 0.0),
        Vector3::z(),
    ));
    Arc::new(b.build().unwrap())
}

/// Centre distance of the two balls of the planar arm at joint angles `q`.
pub fn arm_centre_distance(q: &[f64]) -> f64 {
    let x = UPPER * q[0].cos() + FORE * (q[0] + q[1]).cos();
    let y = UPPER * q[0].sin() + FORE * (q[0] + q[1]).sin();
    ((x - OBSTACLE[0]).powi(2) + (y - OBSTACLE[1]).powi(2)).sqrt()
}

/// Closed-form signed distance of the planar arm's balls (negative: penetration depth).
pub fn arm_signed_distance(q: &[f64]) -> f64 {
    arm_centre_distance(q) - TIP_RADIUS - OBSTACLE_RADIUS
}

/// The planar arm sampler over [−π, π]².
pub fn arm_sampler() -> CollisionSampler {
    let spec = SamplerSpec::new(["shoulder", "elbow"], [[-PI, PI]; 2], [("base", "fore")]);
    CollisionSampler::new(planar_arm(), &spec).expect("arm sampler")
}

/// Runs `f` on a rayon pool of `threads` threads.
pub fn with_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
        .install(f)
}

/// The bit patterns of a slice of floats (for byte-for-byte comparisons).
pub fn bits<'a>(values: impl IntoIterator<Item = &'a f64>) -> Vec<u64> {
    values.into_iter().map(|v| v.to_bits()).collect()
}
