//! Criterion benchmarks of what issue 5 asks for, single thread: for two feet and for two feet
//! plus two hands on a wall, the wrench span, the static-equilibrium polygon by each method and
//! the supporting wrenches. The polygon is also timed with a tilted foot (and a tilted hand),
//! where the net wrench cone has many more faces than with flat contacts.
//!
//! Supporting wrenches are timed at rest (the closed form applies), with active inequalities
//! (the dense active-set solver, its workspace reused and warm-started as in the distributor),
//! and with clarabel for comparison.
//!
//! Run with `cargo bench -p morsel-stability`.

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_stability::{
    Contact, ContactSet, DistributionWeights, DistributionWorkspace, PolygonMethod, QpSolver,
    Stance,
};
use nalgebra::{Point3, Vector3};
use std::hint::black_box;
use std::time::Duration;

fn foot(y: f64) -> Contact {
    Contact::from_pos_rpy([0.11, 0.05], [0.0, y, 0.0], [0.0; 3], 0.7).expect("valid foot")
}

fn hand(y: f64, rpy: [f64; 3]) -> Contact {
    Contact::from_pos_rpy([0.04, 0.04], [0.45, y, 1.1], rpy, 0.7).expect("valid hand")
}

const WALL: [f64; 3] = [0.0, -std::f64::consts::FRAC_PI_2, 0.0];

fn tilted_foot() -> Contact {
    Contact::from_pos_rpy([0.11, 0.05], [0.05, 0.15, 0.02], [0.1, -0.05, 0.3], 0.7)
        .expect("valid foot")
}

/// (name, stance at rest, stance whose distribution has active inequalities)
fn scenarios() -> Vec<(&'static str, Stance, Stance)> {
    let feet = ContactSet::new(vec![foot(0.15), foot(-0.15)]).expect("contacts");
    let all = ContactSet::new(vec![
        foot(0.15),
        foot(-0.15),
        hand(0.3, WALL),
        hand(-0.3, WALL),
    ])
    .expect("contacts");
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

fn polygons(c: &mut Criterion, name: &str, set: &ContactSet) {
    let mut group = c.benchmark_group(name);
    for method in PolygonMethod::ALL {
        group.bench_function(format!("polygon_{method}"), |b| {
            b.iter(|| black_box(set.static_equilibrium_polygon(black_box(method))))
        });
    }
    group.finish();
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
        let cases = [
            (
                "supporting_wrenches_at_rest",
                &stance,
                QpSolver::ActiveSet,
                false,
            ),
            (
                "supporting_wrenches_active",
                &busy,
                QpSolver::ActiveSet,
                true,
            ),
            (
                "supporting_wrenches_active_clarabel",
                &busy,
                QpSolver::InteriorPoint,
                true,
            ),
        ];
        for (label, s, solver, needs_solver) in cases {
            let target = s.gravity_wrench();
            let point = s.com();
            let mut workspace = DistributionWorkspace::with_solver(solver);
            let check = s
                .contacts()
                .find_supporting_wrenches_with(&target, &point, &weights, &mut workspace)
                .expect("valid");
            assert!(check.is_solved(), "{name} {label}: {:?}", check.status);
            if needs_solver {
                assert!(check.iterations > 0, "{name}: expected a solver call");
            }
            group.bench_function(label, |b| {
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
        // A fresh workspace per call: no warm start, solver memory allocated every time.
        let (target, point) = (busy.gravity_wrench(), busy.com());
        group.bench_function("supporting_wrenches_active_cold", |b| {
            b.iter(|| {
                black_box(busy.contacts().find_supporting_wrenches(
                    &target,
                    black_box(&point),
                    &weights,
                ))
            })
        });
        group.finish();
    }
    let tilted = ContactSet::new(vec![tilted_foot(), foot(-0.15)]).expect("contacts");
    polygons(c, "tilted_feet", &tilted);
    let tilted_all = ContactSet::new(vec![
        tilted_foot(),
        foot(-0.15),
        hand(0.3, [0.05, -1.4, 0.1]),
        hand(-0.3, WALL),
    ])
    .expect("contacts");
    polygons(c, "tilted_feet_and_hands", &tilted_all);
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
