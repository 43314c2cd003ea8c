//! The notebook's workloads on the real Solo-12 (release, all cores of rayon's pool):
//! - the 200 x 200 shoulder distance grid (0 in collision, as the notebook);
//! - the 100 x 100 x 9 leg grid, binary, both pairs;
//! - 2,000 periodic boundary points, at precision 1e-9 (true length) and at the notebook's
//!   threshold (1e-9 on the squared length, i.e. sqrt(1e-9) on the length);
//! - the joint-space distance and Jacobian of the 200 x 200 grid;
//! - a script's first step: Solo-12 loaded with its meshes and the leg sampler made (every
//!   structure its queries need built: hierarchies with their node hulls, vertex trees).

use std::f64::consts::PI;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, SampleOptions, SamplerSpec, jointspace_field,
};
use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};

fn load_solo() -> Arc<morsel_kinematics::Model> {
    let urdf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/solo12/solo12.urdf"
    );
    let options = UrdfOptions {
        root_joint: RootJoint::Floating,
        ..UrdfOptions::default()
    };
    Arc::new(load_file(urdf, &options).expect("Solo-12 loads"))
}

fn notebook(c: &mut Criterion) {
    let solo = load_solo();
    let shoulder = SamplerSpec::new(
        ["FL_HAA", "FL_HFE"],
        [[-PI, PI]; 2],
        [("base_link_0", "FL_UPPER_LEG_0")],
    );
    let shoulder = CollisionSampler::new(solo.clone(), &shoulder).expect("shoulder sampler");
    let leg = SamplerSpec::new(
        ["FL_HAA", "FL_HFE", "FL_KFE"],
        [[-PI, PI]; 3],
        [
            ("base_link_0", "FL_UPPER_LEG_0"),
            ("base_link_0", "FL_LOWER_LEG_0"),
        ],
    );
    let leg_spec = leg;
    let leg = CollisionSampler::new(solo, &leg_spec).expect("leg sampler");
    let distance = SampleOptions::distance()
        .with_zero_in_collision()
        .without_progress();
    let binary = SampleOptions::binary().without_progress();

    let mut g = c.benchmark_group("solo12_notebook");
    g.sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5));
    g.bench_function("load_and_leg_sampler", |b| {
        b.iter(|| CollisionSampler::new(load_solo(), &leg_spec).expect("leg sampler"))
    });
    g.bench_function("grid_2d_distance_200x200", |b| {
        b.iter(|| shoulder.grid(&[200, 200], &distance).expect("grid"))
    });
    g.bench_function("grid_3d_binary_100x100x9", |b| {
        b.iter(|| leg.grid(&[100, 100, 9], &binary).expect("grid"))
    });
    let boundary = |precision: f64| {
        BoundaryOptions::new(2000, precision, 1)
            .with_periodic(true)
            .without_progress()
    };
    g.bench_function("boundary_2000_precision_1e-9", |b| {
        b.iter(|| shoulder.boundary(&boundary(1e-9)).expect("boundary"))
    });
    g.bench_function("boundary_2000_notebook_threshold", |b| {
        b.iter(|| {
            shoulder
                .boundary(&boundary(1e-9f64.sqrt()))
                .expect("boundary")
        })
    });
    let map = shoulder.grid(&[200, 200], &distance).expect("grid");
    let surface = shoulder.boundary(&boundary(1e-9)).expect("boundary");
    g.bench_function("jointspace_distance_and_jacobian_200x200", |b| {
        b.iter(|| jointspace_field(&map, &surface).expect("field"))
    });
    g.finish();
}

criterion_group!(benches, notebook);
criterion_main!(benches);
