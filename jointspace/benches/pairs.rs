//! Every mesh pair the Solo-12 notebook samples, query by query: for each leg (FL, FR, HL, HR)
//! the body against its upper and its lower leg over the 200 x 200 shoulder grid (`*_HAA`,
//! `*_HFE` over [-pi, pi), `lo + i (hi - lo) / n`, HAA fastest as in the notebook, the other
//! joints at zero), and the lower leg against the upper leg over 200 knee angles (`*_KFE`; the
//! only joint between them). Signed distance with 0 in collision (`zero_in_collision`).
//!
//! Warm: each pair's queries in grid order with its warm start and scratch space, as a grid
//! run keeps them, from the second query on (the first has nothing to start from and is
//! reported apart). Cold: every 16th cell with both forgotten first. Each query is timed by
//! the wall clock and by the thread's CPU clock: on a shared machine a query can be preempted
//! for a whole time slice (milliseconds), which the CPU clock does not count; read the CPU
//! figures for the engine's own worst case. Placements are computed outside the timed region.
//!
//! `cargo bench -p morsel-jointspace --bench pairs` (`PAIRS_STRIDE=k` keeps every k-th grid
//! row, `PAIRS_LEGS=FL` one leg).

use std::f64::consts::PI;
use std::time::Instant;

use cpu_time::ThreadTime;

use morsel_jointspace::{
    CollisionData, CollisionModel, DistanceOptions, InCollision, PairSelector, compute_distance,
    update_pair_placements,
};
use morsel_kinematics::Model;
use morsel_kinematics::urdf::{UrdfOptions, load_file};

const N: usize = 200;
const COLD_EVERY: usize = 16;
/// How many of the slowest warm cells are re-timed, and how many runs each. With 12, the
/// first timing of the 13th slowest cell (inflated by the system's noise to about 1.5 times
/// its re-timed cost) bounded the lower legs' slowest cell above the re-timed ones.
const RETIMED: usize = 48;
const RETIME_RUNS: usize = 5;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(default)
}

/// Wall and CPU time of `f`, with its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, f64, T) {
    let (wall, cpu) = (Instant::now(), ThreadTime::now());
    let out = f();
    let cpu = cpu.elapsed().as_secs_f64();
    (wall.elapsed().as_secs_f64(), cpu, out)
}

/// Quantiles and extremes of per-query times, in microseconds.
fn summary(times: &mut [f64]) -> String {
    if times.is_empty() {
        return "no query".into();
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize] * 1e6;
    let mean = times.iter().sum::<f64>() / times.len() as f64 * 1e6;
    format!(
        "median {:>8.2}  p90 {:>8.2}  p99 {:>8.2}  max {:>9.2}  mean {:>8.2} us  (max/median {:>5.1})",
        q(0.5),
        q(0.9),
        q(0.99),
        q(1.0),
        mean,
        q(1.0) / q(0.5)
    )
}

/// Where the warm queries' time goes: the certified and the traversed queries' medians and
/// shares of the total, and the slowest cells with their work.
fn where_time_goes(cells: &mut [(f64, usize, f64, bool, u64, u64)]) -> String {
    let total: f64 = cells.iter().map(|c| c.0).sum();
    let mut out = String::new();
    for (label, flag) in [("certified", true), ("traversed", false)] {
        let mut t: Vec<f64> = cells.iter().filter(|c| c.3 == flag).map(|c| c.0).collect();
        if t.is_empty() {
            continue;
        }
        let share = t.iter().sum::<f64>() / total.max(f64::MIN_POSITIVE);
        out.push_str(&format!(
            "\n  {label}: {} queries, {:.0}% of the warm time; {}",
            t.len(),
            share * 100.0,
            summary(&mut t)
        ));
    }
    cells.sort_by(|x, y| y.0.total_cmp(&x.0));
    for c in cells.iter().take(3) {
        out.push_str(&format!(
            "\n  slow cell {} ({:.1} us): value {:.5} m, {} volume and {} triangle tests",
            c.1,
            c.0 * 1e6,
            c.2,
            c.4,
            c.5
        ));
    }
    out
}

struct Pair<'m> {
    model: &'m Model,
    collision: CollisionModel,
    data: CollisionData,
}

impl<'m> Pair<'m> {
    fn new(model: &'m Model, first: &str, second: &str) -> Self {
        let mut collision = CollisionModel::from_model(model).expect("collision model");
        collision
            .add_pairs(&PairSelector::new(first, second))
            .expect("pair");
        let data = CollisionData::new(model, &collision);
        Pair {
            model,
            collision,
            data,
        }
    }

    /// Runs the configurations in order, then every 16th cold.
    fn run(&mut self, configurations: &[Vec<f64>]) -> Timings {
        let options = DistanceOptions {
            in_collision: InCollision::Zero,
            cap: None,
        };
        let mut t = Timings::default();
        let (mut certified, mut volume_tests, mut triangle_tests) = (0, 0, 0);
        // Per warm query: (CPU time, cell, value, certified, volume tests, triangle tests).
        let mut cells: Vec<(f64, usize, f64, bool, u64, u64)> = Vec::new();
        for (cell, q) in configurations.iter().enumerate() {
            update_pair_placements(self.model, &self.collision, &mut self.data, q, 0)
                .expect("placement");
            let (wall, cpu, d) = timed(|| {
                compute_distance(&self.collision, &mut self.data, 0, &options).expect("distance")
            });
            t.values.push(d);
            if cell == 0 {
                t.first = (wall, cpu);
                continue;
            }
            t.warm_wall.push(wall);
            t.warm_cpu.push(cpu);
            if let Some(stats) = self.data.last_query_stats(0) {
                certified += usize::from(stats.certified);
                volume_tests += stats.volume_tests;
                triangle_tests += stats.triangle_tests;
                cells.push((
                    cpu,
                    cell,
                    d,
                    stats.certified,
                    stats.volume_tests,
                    stats.triangle_tests,
                ));
            }
        }
        let n = cells.len().max(1) as f64;
        t.work = format!(
            "  warm work: {certified} answers certified by the slabs of the meshes, {:.1} volume \
             and {:.1} triangle tests per query (CPU times below)",
            volume_tests as f64 / n,
            triangle_tests as f64 / n
        );
        // Cells sorted by decreasing CPU time (where_time_goes sorts them).
        t.work.push_str(&where_time_goes(&mut cells));
        t.work
            .push_str(&self.retime_slowest(configurations, &cells, &t.values, &options));
        let mut cold_data = CollisionData::new(self.model, &self.collision);
        for (i, q) in configurations.iter().enumerate().step_by(COLD_EVERY) {
            update_pair_placements(self.model, &self.collision, &mut cold_data, q, 0)
                .expect("placement");
            cold_data.reset_warm_starts();
            let (wall, cpu, d) = timed(|| {
                compute_distance(&self.collision, &mut cold_data, 0, &options).expect("distance")
            });
            t.cold_wall.push(wall);
            t.cold_cpu.push(cpu);
            // Equal to rounding (ties between triangle pairs may be settled by either).
            assert!(
                (d - t.values[i]).abs() <= 1e-12,
                "cold {d} and warm {} answers differ at cell {i}",
                t.values[i]
            );
        }
        t
    }
}

impl Pair<'_> {
    /// Re-times the slowest warm cells (`cells`, slowest first): the grid is replayed in order
    /// from fresh data (the engine is deterministic, so each query meets the same warm state),
    /// and at each of those cells the query runs `RETIME_RUNS` times, each on a copy of the
    /// state before it, keeping the least CPU time. A single timing can include work the
    /// system did on the thread's behalf (interrupts, page faults); the least of several is
    /// the engine's own cost. Every other cell took at most the CPU time of the first cell not
    /// re-timed, which bounds the engine's slowest cell from above with the re-timed ones.
    fn retime_slowest(
        &self,
        configurations: &[Vec<f64>],
        cells: &[(f64, usize, f64, bool, u64, u64)],
        values: &[f64],
        options: &DistanceOptions,
    ) -> String {
        let chosen: Vec<usize> = cells.iter().take(RETIMED).map(|c| c.1).collect();
        let mut data = CollisionData::new(self.model, &self.collision);
        let mut retimed = Vec::new();
        for (cell, q) in configurations.iter().enumerate() {
            update_pair_placements(self.model, &self.collision, &mut data, q, 0)
                .expect("placement");
            if chosen.contains(&cell) {
                let least = (0..RETIME_RUNS)
                    .map(|_| {
                        let mut copy = data.clone();
                        let (_, cpu, d) = timed(|| {
                            compute_distance(&self.collision, &mut copy, 0, options)
                                .expect("distance")
                        });
                        assert_eq!(d.to_bits(), values[cell].to_bits(), "replay of cell {cell}");
                        cpu
                    })
                    .fold(f64::INFINITY, f64::min);
                retimed.push((cell, least));
            }
            compute_distance(&self.collision, &mut data, 0, options).expect("distance");
        }
        let median = {
            let mut t: Vec<f64> = cells.iter().map(|c| c.0).collect();
            t.sort_by(f64::total_cmp);
            t.get(t.len() / 2).copied().unwrap_or(0.0)
        };
        let rest = cells.get(RETIMED).map_or(0.0, |c| c.0);
        let slowest = retimed.iter().map(|r| r.1).fold(rest, f64::max);
        let mut out = format!(
            "\n  engine's slowest cell (the {RETIMED} slowest re-timed, least of {RETIME_RUNS} \
             runs from the same state): at most {:.2} us CPU, {:.1} x the median",
            slowest * 1e6,
            slowest / median.max(f64::MIN_POSITIVE)
        );
        retimed.sort_by(|x, y| y.1.total_cmp(&x.1));
        for (cell, least) in retimed.iter().take(3) {
            let first = cells.iter().find(|c| c.1 == *cell).map_or(0.0, |c| c.0);
            out.push_str(&format!(
                "\n    cell {cell}: {:.1} us re-timed (first timing {:.1} us)",
                least * 1e6,
                first * 1e6
            ));
        }
        out
    }
}

/// What [`Pair::run`] measured.
#[derive(Default)]
struct Timings {
    /// Wall and CPU time of the first query (nothing to start from).
    first: (f64, f64),
    warm_wall: Vec<f64>,
    warm_cpu: Vec<f64>,
    cold_wall: Vec<f64>,
    cold_cpu: Vec<f64>,
    /// Every query's value, in order.
    values: Vec<f64>,
    /// Lines on the warm queries' work.
    work: String,
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let urdf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/solo12/solo12.urdf"
    );
    let model = load_file(urdf, &UrdfOptions::default()).expect("Solo-12 loads");
    let stride = env_or("PAIRS_STRIDE", 1);
    let legs_filter = std::env::var("PAIRS_LEGS").unwrap_or_default();
    let value = |i: usize| -PI + i as f64 * (2.0 * PI) / N as f64;
    let neutral = model.neutral_configuration();
    for leg in ["FL", "FR", "HL", "HR"] {
        if !legs_filter.is_empty() && !legs_filter.split(',').any(|l| l == leg) {
            continue;
        }
        let (haa, hfe, kfe) = (
            format!("{leg}_HAA"),
            format!("{leg}_HFE"),
            format!("{leg}_KFE"),
        );
        let mut shoulder = Vec::new();
        for j in (0..N).step_by(stride) {
            for i in 0..N {
                let mut q = neutral.clone();
                model
                    .set_joint_position(q.as_mut_slice(), haa.as_str(), value(i))
                    .expect("joint");
                model
                    .set_joint_position(q.as_mut_slice(), hfe.as_str(), value(j))
                    .expect("joint");
                shoulder.push(q.as_slice().to_vec());
            }
        }
        let knee: Vec<Vec<f64>> = (0..N)
            .map(|k| {
                let mut q = neutral.clone();
                model
                    .set_joint_position(q.as_mut_slice(), kfe.as_str(), value(k))
                    .expect("joint");
                q.as_slice().to_vec()
            })
            .collect();
        let upper = format!("{leg}_UPPER_LEG_0");
        let lower = format!("{leg}_LOWER_LEG_0");
        for (first, second, grid, name) in [
            ("base_link_0", upper.as_str(), &shoulder, "shoulder grid"),
            ("base_link_0", lower.as_str(), &shoulder, "shoulder grid"),
            (upper.as_str(), lower.as_str(), &knee, "knee sweep"),
        ] {
            let mut pair = Pair::new(&model, first, second);
            let mut t = pair.run(grid);
            let zero = t.values.iter().filter(|v| **v <= 0.0).count();
            println!(
                "{first} vs {second} ({name}, {} queries, {zero} in collision)",
                t.values.len()
            );
            println!(
                "  first query: {:.2} us wall, {:.2} us CPU",
                t.first.0 * 1e6,
                t.first.1 * 1e6
            );
            println!("  warm CPU:  {}", summary(&mut t.warm_cpu));
            println!("  warm wall: {}", summary(&mut t.warm_wall));
            println!("  cold CPU:  {}", summary(&mut t.cold_cpu));
            println!("  cold wall: {}", summary(&mut t.cold_wall));
            println!("{}", t.work);
        }
    }
}
