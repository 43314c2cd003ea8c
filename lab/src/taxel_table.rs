//! The table a taxel recorder keeps: one row per reading, the time then every probe's newest
//! force (link frame) as `probe<i>.fx`, `probe<i>.fy`, `probe<i>.fz`. Shared by the script's and
//! Python's `TaxelRecorder`, which differ only in how they hold the sensor and the scene.

use morsel_sensing::TaxelReading;
use ndarray::Axis;

/// Column names and rows of recorded taxel forces.
#[derive(Clone, Debug, Default)]
pub struct TaxelTable {
    /// "time", then `probe<i>.fx`, `probe<i>.fy`, `probe<i>.fz` for every probe.
    pub columns: Vec<String>,
    /// One row per reading, as long as `columns`.
    pub rows: Vec<Vec<f64>>,
}

impl TaxelTable {
    /// An empty table for `probes` probes.
    pub fn new(probes: usize) -> Self {
        let mut columns = vec!["time".to_string()];
        for i in 0..probes {
            columns.extend(["fx", "fy", "fz"].map(|c| format!("probe{i}.{c}")));
        }
        TaxelTable {
            columns,
            rows: Vec::new(),
        }
    }

    /// Appends the row of one reading taken at `time`.
    pub fn push(&mut self, time: f64, reading: &TaxelReading) {
        let mut row = vec![time];
        row.extend(newest_forces(reading));
        self.rows.push(row);
    }
}

/// The newest force of every probe of the first environment, flattened: [fx0, fy0, fz0, ...].
fn newest_forces(reading: &TaxelReading) -> Vec<f64> {
    let mut force = reading.force.view();
    // [envs]([history])[probes][3]: keep the first environment and the newest reading.
    while force.ndim() > 2 {
        force = force.index_axis_move(Axis(0), 0);
    }
    force.iter().copied().collect()
}
