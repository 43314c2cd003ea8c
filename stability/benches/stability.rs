//! Criterion benchmarks: wrench span, static-equilibrium polygon (each method) and supporting
//! wrenches, for two feet and for two feet plus two hands on a wall.
//!
//! Run with `cargo bench -p morsel-stability`.

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_stability::{
    Contact, ContactSet, DistributionWeights, DistributionWorkspace, PolygonMethod, Stance,
};
use nalgebra::{Point3, Vector3};
use std::hint::black_box;
use std::time::Duration;

fn foot(y: f64) -> Contact {
    Contact::from_pos_rpy([0.11, 0.05], [0.0, y, 0.0], [0.0; 3], 0.7).expect("valid foot")
}

fn hand(y: f64) -> Contact {
    Contact::from_pos_rpy(
        [0.04, 0.04],
        [0.45, y, 1.1],
        [0.0, -std::f64::consts::FRAC_PI_2, 0.0],
        0.7,
    )
    .expect("valid hand")
}

/// (name, stance at rest, stance whose distribution has active inequalities)
fn scenarios() -> Vec<(&'static str, Stance, Stance)> {
    let feet = ContactSet::new(vec![foot(0.15), foot(-0.15)]).expect("contacts");
    let all =
        ContactSet::new(vec![foot(0.15), foot(-0.15), hand(0.3), hand(-0.3)]).expect("contacts");
    let rest = |set: &ContactSet| {
        Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, set.clone()).expect("stance")
    };
    // CoM near the toes, accelerating sideways: centre-of-pressure and friction faces bind.
    let mut busy_feet =
        Stance::new(Point3::new(0.1, 0.05, 0.8), 38.0, feet.clone()).expect("stance");
    busy_feet
        .set_com_acceleration(Vector3::new(0.5, -0.3, 0.0))
        .expect("finite");
    // CoM leaning towards the wall: the hands must push.
    let mut busy_all = Stance::new(Point3::new(0.3, 0.1, 0.9), 38.0, all.clone()).expect("stance");
    busy_all
        .set_com_acceleration(Vector3::new(-1.0, 0.0, 0.5))
        .expect("finite");
    vec![
        ("two_feet", rest(&feet), busy_feet),
        ("feet_and_hands", rest(&all), busy_all),
    ]
}

fn benches(c: &mut Criterion) {
    let weights = DistributionWeights::default();
    for (name, stance, busy) in scenarios() {
        let mut group = c.benchmark_group(name);
        let contacts = stance.contacts();
        let com = stance.com();
        group.bench_function("wrench_span", |b| {
            b.iter(|| black_box(contacts.wrench_span(black_box(&com))))
        });
        for method in PolygonMethod::ALL {
            group.bench_function(format!("polygon_{method}"), |b| {
                b.iter(|| black_box(contacts.static_equilibrium_polygon(black_box(method))))
            });
        }
        for (label, s) in [("at_rest", &stance), ("active_constraints", &busy)] {
            let target = s.gravity_wrench();
            let point = s.com();
            let check = s
                .contacts()
                .find_supporting_wrenches(&target, &point, &weights)
                .expect("valid");
            assert!(check.is_solved(), "{name} {label}: {:?}", check.status);
            if label == "active_constraints" {
                assert!(
                    check.iterations > 0,
                    "{name}: expected an interior-point solve"
                );
            }
            group.bench_function(format!("supporting_wrenches_{label}"), |b| {
                b.iter(|| {
                    black_box(s.contacts().find_supporting_wrenches(
                        &target,
                        black_box(&point),
                        &weights,
                    ))
                })
            });
            let mut workspace = DistributionWorkspace::new();
            group.bench_function(format!("supporting_wrenches_{label}_reused"), |b| {
                b.iter(|| {
                    black_box(s.contacts().find_supporting_wrenches_with(
                        &target,
                        black_box(&point),
                        &weights,
                        &mut workspace,
                    ))
                })
            });
        }
        group.finish();
    }
    // A tilted, shifted foot: the net wrench cone has many more faces than for flat feet.
    let tilted = Contact::from_pos_rpy([0.11, 0.05], [0.05, 0.15, 0.02], [0.1, -0.05, 0.3], 0.7)
        .expect("valid");
    let set = ContactSet::new(vec![tilted, foot(-0.15)]).expect("contacts");
    let mut group = c.benchmark_group("tilted_feet");
    for method in PolygonMethod::ALL {
        group.bench_function(format!("polygon_{method}"), |b| {
            b.iter(|| black_box(set.static_equilibrium_polygon(black_box(method))))
        });
    }
    group.finish();
}

criterion_group! {
    name = stability;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(stability);
