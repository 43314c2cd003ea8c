//! Where the slow cells of the Solo-12 shoulder grid come from: a diagnostic for the proximity
//! engine, one mesh pair (`base_link` against a leg link) at a time.
//!
//! Run with `cargo run --release -p morsel-jointspace --example slow_cells -- LINK MODE ...`,
//! `LINK` being a leg's upper or lower leg (`FL_LOWER_LEG`, `HR_UPPER_LEG`, ...; the grid is
//! that leg's shoulder, `*_HAA` and `*_HFE`), and `MODE` one of:
//! - `scan [THRESHOLD_US] [SHOWN]`: every cell of the 200 x 200 grid in the notebook's order,
//!   warm; prints the distribution of query times, the slow cells by kind (far, 1-10 mm,
//!   below 1 mm, contact, right after a contact) and the first `SHOWN` slow cells with their
//!   work (default threshold 100 us, none shown).
//! - `range FIRST LAST`: the cells `FIRST..=LAST` (warm, after all cells before them), one line
//!   each.
//! - `cold CELL,CELL,...`: each cell from scratch, the least of 20 timings.
//! - `replay CELL,CELL,... [TIMES]`: each cell warm (after all cells before it, in order),
//!   re-run `TIMES` times (default 200) from the same state; the least timing.
//! - `bound CELL,CELL,...`: what each cell's work is made of: warm as in `replay`, then warm
//!   again with its own answer as the starting bound (a cap just above it, so that only the
//!   proof is left to do), then from scratch with that bound and without (work counts only,
//!   of the distance query: right after contact, the intersection test run first is not
//!   counted).
//!
//! Times are the thread's CPU time (`cpu-time`), so that work the system does on the thread's
//! behalf counts less; single timings of a few microseconds still vary by about 10 %.

use std::f64::consts::PI;

use morsel_jointspace::{
    CollisionData, CollisionModel, DistanceOptions, InCollision, PairSelector, compute_distance,
    update_pair_placements,
};
use morsel_kinematics::Model;
use morsel_kinematics::urdf::{UrdfOptions, load_file};

/// Cells per grid side.
const N: usize = 200;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = run(&args) {
        eprintln!("slow_cells: {message}");
        eprintln!(
            "usage: slow_cells LINK (scan [THRESHOLD_US] [SHOWN] | range FIRST LAST | cold CELLS | replay CELLS [TIMES] | bound CELLS)"
        );
        std::process::exit(2);
    }
}

/// The grid and its mesh pair, with the collision data the queries run on.
struct Grid {
    /// The leg's shoulder joints: `*_HAA` (fastest along the grid), then `*_HFE`.
    joints: [String; 2],
    model: Model,
    collision: CollisionModel,
    options: DistanceOptions,
}

impl Grid {
    fn new(link: &str) -> Result<Self, String> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../assets/robots/solo12/solo12.urdf"
        );
        let model = load_file(path, &UrdfOptions::default()).map_err(|e| e.to_string())?;
        let mut collision = CollisionModel::from_model(&model).map_err(|e| e.to_string())?;
        collision
            .add_pairs(&PairSelector::new("base_link_0", link))
            .map_err(|e| e.to_string())?;
        let options = DistanceOptions {
            in_collision: InCollision::Zero,
            cap: None,
        };
        let leg = link.split('_').next().unwrap_or_default();
        let joints = ["HAA", "HFE"].map(|joint| format!("{leg}_{joint}"));
        let mut q = model.neutral_configuration();
        for joint in &joints {
            model
                .set_joint_position(q.as_mut_slice(), joint, 0.0)
                .map_err(|e| format!("{link} is not a leg link: {e}"))?;
        }
        Ok(Self {
            joints,
            model,
            collision,
            options,
        })
    }

    fn data(&self) -> CollisionData {
        CollisionData::new(&self.model, &self.collision)
    }

    /// The configuration of `cell` (the leg's HAA fastest, both over [-pi, pi)).
    fn configuration(&self, cell: usize) -> Vec<f64> {
        let value = |i: usize| -PI + i as f64 * (2.0 * PI) / N as f64;
        let mut q = self.model.neutral_configuration();
        for (joint, i) in self.joints.iter().zip([cell % N, cell / N]) {
            self.model
                .set_joint_position(q.as_mut_slice(), joint, value(i))
                .expect("the joints were found when the grid was made");
        }
        q.as_slice().to_vec()
    }

    /// Calls `at` with the warm state right before each of `cells` (in increasing order, each
    /// taken at most `N * N - 1`): every cell before it queried in grid order.
    fn at_warm_states(&self, mut cells: Vec<usize>, mut at: impl FnMut(&CollisionData, usize)) {
        cells.sort_unstable();
        let mut data = self.data();
        let mut next = 0;
        for cell in cells {
            let cell = cell.min(N * N - 1);
            while next < cell {
                self.query(&mut data, next);
                next += 1;
            }
            at(&data, cell);
        }
    }

    /// Runs the query of `cell` on `data`: its value, CPU time (us) and work.
    fn query(&self, data: &mut CollisionData, cell: usize) -> (f64, f64, String) {
        self.query_with(data, cell, &self.options)
    }

    /// [`Grid::query`] with other distance options.
    fn query_with(
        &self,
        data: &mut CollisionData,
        cell: usize,
        options: &DistanceOptions,
    ) -> (f64, f64, String) {
        let q = self.configuration(cell);
        update_pair_placements(&self.model, &self.collision, data, &q, 0).expect("placements");
        let clock = cpu_time::ThreadTime::now();
        let value = compute_distance(&self.collision, data, 0, options).expect("distance");
        let us = clock.elapsed().as_secs_f64() * 1e6;
        let work = data
            .last_query_stats(0)
            .map(|s| {
                format!(
                    "{} volume, {} triangle tests, {} front skips{}",
                    s.volume_tests,
                    s.triangle_tests,
                    s.front_skips,
                    if s.certified { ", certified" } else { "" }
                )
            })
            .unwrap_or_default();
        (value, us, work)
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [link, mode, rest @ ..] = args else {
        return Err("give a link and a mode".into());
    };
    let grid = Grid::new(link)?;
    let number = |i: usize, default: f64| -> Result<f64, String> {
        rest.get(i).map_or(Ok(default), |s| {
            s.parse().map_err(|e| format!("{s:?}: {e}"))
        })
    };
    match mode.as_str() {
        "scan" => scan(&grid, number(0, 100.0)?, number(1, 0.0)? as usize),
        "range" => {
            let (first, last) = (number(0, 0.0)? as usize, number(1, 0.0)? as usize);
            let mut data = grid.data();
            for cell in 0..=last.min(N * N - 1) {
                let (value, us, work) = grid.query(&mut data, cell);
                if cell >= first {
                    println!("cell {cell}: {us:.1} us, value {value:.3e} m, {work}");
                }
            }
            Ok(())
        }
        "cold" => {
            for cell in cells(rest.first())? {
                let timed = least_of(20, || grid.query(&mut grid.data(), cell % (N * N)));
                println!("cold cell {cell}: {timed}");
            }
            Ok(())
        }
        "replay" => {
            let times = number(1, 200.0)? as usize;
            grid.at_warm_states(cells(rest.first())?, |data, cell| {
                let timed = least_of(times, || grid.query(&mut data.clone(), cell));
                println!("warm cell {cell}: {timed}");
            });
            Ok(())
        }
        "bound" => {
            grid.at_warm_states(cells(rest.first())?, |data, cell| {
                let (value, _, warm) = grid.query(&mut data.clone(), cell);
                // A cap just above the answer: the query must still find and prove it.
                let bounded = DistanceOptions {
                    cap: Some(value * (1.0 + 1e-9) + 1e-12),
                    ..grid.options
                };
                let (_, _, warm_bounded) = grid.query_with(&mut data.clone(), cell, &bounded);
                let (_, _, cold_bounded) = grid.query_with(&mut grid.data(), cell, &bounded);
                let (_, _, cold) = grid.query(&mut grid.data(), cell);
                println!(
                    "cell {cell} (value {value:.3e} m): warm {warm} | warm, own answer as bound \
                     {warm_bounded} | cold, bound {cold_bounded} | cold {cold}"
                );
            });
            Ok(())
        }
        other => Err(format!("unknown mode {other:?}")),
    }
}

/// The cells of a comma-separated list.
fn cells(list: Option<&String>) -> Result<Vec<usize>, String> {
    list.ok_or("give the cells, comma separated")?
        .split(',')
        .map(|c| c.parse::<usize>().map_err(|e| format!("{c:?}: {e}")))
        .collect()
}

/// Runs a query `times` times (at least once): the least time, with the value and work of the
/// last run, as one line.
fn least_of(times: usize, mut query: impl FnMut() -> (f64, f64, String)) -> String {
    let mut least = f64::INFINITY;
    let mut last = (0.0, String::new());
    for _ in 0..times.max(1) {
        let (value, us, work) = query();
        least = least.min(us);
        last = (value, work);
    }
    format!("{least:.1} us, value {:.3e} m, {}", last.0, last.1)
}

fn scan(grid: &Grid, threshold: f64, shown: usize) -> Result<(), String> {
    let mut data = grid.data();
    let mut times = Vec::with_capacity(N * N);
    let mut kinds = std::collections::BTreeMap::new();
    let mut previous = f64::NAN;
    let mut slow = 0;
    for cell in 0..N * N {
        let (value, us, work) = grid.query(&mut data, cell);
        // The first query builds the scratch space: not a warm query.
        if cell > 0 {
            times.push(us);
            if us > threshold {
                let kind = if previous <= 0.0 {
                    "after contact"
                } else if value <= 0.0 {
                    "contact"
                } else if value < 0.001 {
                    "below 1 mm"
                } else if value < 0.01 {
                    "1-10 mm"
                } else {
                    "far"
                };
                *kinds.entry(kind).or_insert(0) += 1;
                slow += 1;
                if slow <= shown {
                    println!(
                        "cell {cell} ({}, {}): {us:.1} us, value {value:.5} m (previous {previous:.5}), {work}",
                        cell % N,
                        cell / N
                    );
                }
            }
        }
        previous = value;
    }
    times.sort_by(f64::total_cmp);
    let at = |share: f64| times[((times.len() - 1) as f64 * share) as usize];
    println!(
        "{slow} cells above {threshold} us: {kinds:?}; median {:.2} p99 {:.1} p99.9 {:.1} max {:.1} mean {:.2} us",
        at(0.5),
        at(0.99),
        at(0.999),
        at(1.0),
        times.iter().sum::<f64>() / times.len() as f64
    );
    Ok(())
}
