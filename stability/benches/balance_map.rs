//! Criterion benchmark of balance maps: CoM positions per second on one core for each margin
//! (static, robust, torque), a 100 × 100 grid per map, the polygon, region or LP built inside
//! the timed call. The torque map is the "binding" case of the HiGHS reference data (four feet
//! of a 12-joint robot, limits that bind).
//!
//! Run with `cargo bench --workspace --bench balance_map`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use morsel_stability::{
    ComGrid, Contact, ContactSet, GridAxis, MarginKind, Stance, TorqueMap,
    nalgebra::{DMatrix, Point3},
};

fn numbers(value: &serde_json::Value) -> Vec<f64> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| match v.as_str() {
            Some("inf") => f64::INFINITY,
            _ => v.as_f64().expect("number"),
        })
        .collect()
}

/// The four-foot stance and torque map of the reference data's "binding" case.
fn four_feet() -> (Stance, TorqueMap) {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../tests/data/highs_feasible_region.json"))
            .expect("JSON");
    let case = data["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .find(|c| c["name"] == "binding")
        .expect("binding case");
    let problem = &case["problem"];
    let contacts = problem["contacts"]
        .as_array()
        .expect("contacts")
        .iter()
        .map(|c| {
            let shape = numbers(&c["shape"]);
            let pos = numbers(&c["pos"]);
            Contact::from_pos_rpy(
                [shape[0], shape[1]],
                [pos[0], pos[1], pos[2]],
                [0.0, 0.0, c["yaw"].as_f64().expect("yaw")],
                c["friction"].as_f64().expect("friction"),
            )
            .expect("contact")
        })
        .collect();
    let stance = Stance::new(
        Point3::new(0.0, 0.0, 0.3),
        problem["mass"].as_f64().expect("mass"),
        ContactSet::new(contacts).expect("set"),
    )
    .expect("stance");
    let jacobians = problem["jacobians"]
        .as_array()
        .expect("jacobians")
        .iter()
        .map(|j| {
            let rows: Vec<Vec<f64>> = j.as_array().expect("rows").iter().map(numbers).collect();
            DMatrix::from_fn(rows.len(), rows[0].len(), |r, c| rows[r][c])
        })
        .collect();
    let map = TorqueMap::new(
        jacobians,
        numbers(&problem["gravity_torques"]),
        numbers(&problem["limits"]),
    )
    .expect("map");
    (stance, map)
}

fn balance_maps(c: &mut Criterion) {
    let (stance, map) = four_feet();
    let n = 100;
    let grid = ComGrid::new(
        GridAxis::new("x", -0.3, 0.3, n).expect("x"),
        GridAxis::new("y", -0.25, 0.25, n).expect("y"),
        None,
    )
    .expect("grid");
    let coms = grid.points(0..grid.len(), 0.3);
    let one_core = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    let mut group = c.benchmark_group("balance_map_one_core");
    group.throughput(Throughput::Elements(coms.len() as u64));
    group.measurement_time(Duration::from_secs(6));
    group.sample_size(10);
    for kind in [MarginKind::Static, MarginKind::Robust, MarginKind::Torque] {
        group.bench_function(kind.name(), |b| {
            b.iter(|| {
                one_core.install(|| {
                    black_box(
                        stance
                            .balance_margins(kind, black_box(&coms), Some(&map), 4)
                            .expect("margins"),
                    )
                })
            })
        });
    }
    group.finish();
}

criterion_group!(benches, balance_maps);
criterion_main!(benches);
