//! `sim.record(taxels, scene)`: taxel readings recorded by the simulation after every step.
//!
//! The recorder is a tick process (see [`morsel_lab::simulation::TickProcess`]): it reads the scene
//! after the robots have moved, once when it is added and then once per step, and keeps one row
//! per reading: the time, then each probe's force (link frame, the newest reading when the
//! taxels keep a history) as `probe<i>.fx`, `probe<i>.fy`, `probe<i>.fz`.

use std::sync::{Arc, Mutex, MutexGuard};

use rhai::{Array, Dynamic, Engine, FLOAT, INT, ImmutableString, Map};

use crate::bindings::doc;
use crate::bindings::stability::save_table;
use crate::context::ShellContext;
use crate::convert::from_rows;
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use morsel_lab::simulation::{ProcessNotice, Simulation, TickProcess};
use morsel_lab::taxel_table::TaxelTable;

use super::{ScriptScene, ScriptTaxels};

#[derive(Debug)]
struct State {
    taxels: ScriptTaxels,
    scene: ScriptScene,
    table: TaxelTable,
}

/// A shared taxel recorder.
#[derive(Clone, Debug)]
pub struct TaxelRecorder(Arc<Mutex<State>>);

impl TaxelRecorder {
    fn lock(&self) -> ScriptResult<MutexGuard<'_, State>> {
        self.0.lock().map_err(|_| {
            script_error(ShellError::argument(
                "a taxel recorder",
                "a usable recorder",
                "one left broken by an earlier failure; record again",
            ))
        })
    }

    fn sample(&self, time: f64) -> ScriptResult<()> {
        let mut s = self.lock()?;
        let reading = s.taxels.read(&s.scene)?;
        s.table.push(time, &reading);
        Ok(())
    }

    fn table(&self) -> ScriptResult<(Vec<String>, Vec<Vec<f64>>)> {
        let s = self.lock()?;
        Ok((s.table.columns.clone(), s.table.rows.clone()))
    }
}

impl TickProcess for TaxelRecorder {
    fn label(&self) -> String {
        "taxel recorder".into()
    }

    fn identity(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    fn tick(&self, time: f64, _dt: f64) -> Result<Vec<ProcessNotice>, String> {
        self.sample(time).map_err(|e| e.to_string())?;
        Ok(Vec::new())
    }
}

fn record(
    sim: &Simulation,
    taxels: ScriptTaxels,
    scene: ScriptScene,
) -> ScriptResult<TaxelRecorder> {
    let probes = taxels.num_probes();
    let recorder = TaxelRecorder(Arc::new(Mutex::new(State {
        taxels,
        scene,
        table: TaxelTable::new(probes),
    })));
    recorder.sample(sim.time().or_script()?)?;
    sim.add_process(Arc::new(recorder.clone())).or_script()?;
    Ok(recorder)
}

/// Registers `sim.record(taxels, scene)` and the recorder's methods.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<TaxelRecorder>("TaxelRecorder");
    doc(
        "record",
        &[
            "sim: Simulation",
            "taxels: Taxels",
            "scene: Scene",
            "TaxelRecorder",
        ],
    )
    .register_into_engine(
        engine,
        |sim: &mut Simulation, t: ScriptTaxels, scene: ScriptScene| record(sim, t, scene),
    );
    engine.register_get("columns", |r: &mut TaxelRecorder| -> ScriptResult<Array> {
        Ok(r.table()?.0.into_iter().map(Dynamic::from).collect())
    });
    engine.register_get("rows", |r: &mut TaxelRecorder| -> ScriptResult<Array> {
        Ok(from_rows(r.table()?.1))
    });
    engine.register_get("len", |r: &mut TaxelRecorder| -> ScriptResult<INT> {
        Ok(r.table()?.1.len() as INT)
    });
    doc("to_map", &["recorder: TaxelRecorder", "Map"]).register_into_engine(
        engine,
        |r: &mut TaxelRecorder| -> ScriptResult<Map> {
            let (columns, rows) = r.table()?;
            Ok(columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let col: Array = rows
                        .iter()
                        .map(|row| Dynamic::from_float(row[i] as FLOAT))
                        .collect();
                    (c.as_str().into(), Dynamic::from_array(col))
                })
                .collect())
        },
    );
    let shared = Arc::clone(ctx);
    doc("save", &["recorder: TaxelRecorder", "path: string", "()"]).register_into_engine(
        engine,
        move |r: &mut TaxelRecorder, path: ImmutableString| -> ScriptResult<()> {
            let (columns, rows) = r.table()?;
            save_table(&shared, &path, &columns, &rows)
        },
    );
    let text = |r: &mut TaxelRecorder| match r.table() {
        Ok((c, rows)) => format!("TaxelRecorder({} columns, {} rows)", c.len(), rows.len()),
        Err(_) => "TaxelRecorder(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}
