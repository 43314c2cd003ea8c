//! Script bindings of morsel-stability: contacts (optionally bound to robot links), contact
//! sets, stances, the static-equilibrium polygon, the wrench distribution and `plot_polygon`.
//!
//! Types seen by scripts: `Contact` (`contact.rs`), `ContactSet` (`contact_set.rs`), `Stance`
//! (`stance.rs`) and `WrenchDistributor` (`distributor.rs`, a per-tick distributor for
//! simulation loops); `results.rs` turns polygons and distributions into maps.
//! Polygons and distributions are returned as maps, so that `save` writes them as they are:
//!
//! - polygon: `#{method, status: "bounded" | "empty" | "unbounded", vertices: [[x, y]], area,
//!   reason}` (vertices counter-clockwise, world frame; `reason` is `()` when bounded);
//! - distribution: `#{status: "solved" | "infeasible" | "failed", reason, iterations, wrenches:
//!   [#{index, link, managed, world, local, normal_force, cop}]}` where `world` is the wrench at
//!   the contact point in the world frame and `local` the same wrench in the contact frame.
//!
//! Contacts bound to a robot link are moved to the link's current pose before every
//! computation, so a stance follows its robot as the robot moves (see `contact.rs`).

use nalgebra::{Dim, Matrix, RawStorage, Vector6};
use rhai::{Array, Dynamic, Engine};

use crate::convert::{describe, from_f64s, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use morsel_lab::simulation::Robot;

mod balance_map;
mod contact;
mod contact_set;
mod distributor;
mod feasible_region;
mod plot;
mod results;
mod robustness;
mod stance;
mod stance_torques;

pub use contact::ScriptContact;
pub use contact_set::ScriptContactSet;
pub use distributor::ScriptDistributor;
pub use stance::ScriptStance;

/// Registers contacts, contact sets, stances and the polygon plot.
pub fn register(engine: &mut Engine, ctx: &std::sync::Arc<crate::context::ShellContext>) {
    contact::register(engine);
    contact_set::register(engine);
    stance::register(engine);
    stance_torques::register(engine);
    feasible_region::register(engine);
    robustness::register(engine);
    robustness::register_pendular(engine);
    distributor::register(engine, ctx);
    balance_map::register(engine, ctx);
    plot::register(engine, ctx);
}

/// Writes a table under `--out`: `.csv` with a header in column order, any other format (as
/// `save` understands it) as a map of columns.
pub fn save_table(
    ctx: &crate::context::ShellContext,
    path: &str,
    columns: &[String],
    rows: &[Vec<f64>],
) -> ScriptResult<()> {
    if path.to_lowercase().ends_with(".csv") {
        let mut text = columns.join(",");
        text.push('\n');
        for row in rows {
            let cells: Vec<String> = row.iter().map(|&x| crate::save::format_float(x)).collect();
            text.push_str(&cells.join(","));
            text.push('\n');
        }
        let target = ctx.sandbox.write_path(path).or_script()?;
        return std::fs::write(&target, text)
            .map_err(|source| ShellError::Io {
                action: "cannot write",
                path: target.clone(),
                source,
            })
            .or_script();
    }
    let map: rhai::Map = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let column: Vec<f64> = rows
                .iter()
                .map(|r| r.get(i).copied().unwrap_or(f64::NAN))
                .collect();
            (c.as_str().into(), Dynamic::from_array(from_f64s(&column)))
        })
        .collect();
    crate::save::save_plain(&ctx.sandbox, path, &Dynamic::from_map(map))
        .or_script()
        .map(|_| ())
}

/// A matrix as an array of rows.
pub fn matrix_rows<R: Dim, C: Dim, S: RawStorage<f64, R, C>>(m: &Matrix<f64, R, C, S>) -> Array {
    (0..m.nrows())
        .map(|i| {
            let row: Vec<f64> = (0..m.ncols()).map(|j| m[(i, j)]).collect();
            Dynamic::from_array(from_f64s(&row))
        })
        .collect()
}

/// A wrench `[fx, fy, fz, tx, ty, tz]`.
pub fn wrench_arg(value: &Dynamic, what: &str) -> ScriptResult<Vector6<f64>> {
    let v = vec_arg(value, what).or_script()?;
    if v.len() != 6 {
        return Err(script_error(ShellError::argument(
            what,
            "a wrench [fx, fy, fz, tx, ty, tz]",
            format!("{} numbers", v.len()),
        )));
    }
    Ok(Vector6::from_column_slice(&v))
}

/// A `Robot` argument.
pub fn robot_arg(value: &Dynamic, what: &str) -> ScriptResult<Robot> {
    value
        .clone()
        .try_cast::<Robot>()
        .ok_or_else(|| script_error(ShellError::argument(what, "a Robot", describe(value))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Matrix2x3;

    #[test]
    fn matrices_become_rows() {
        let m = Matrix2x3::new(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
        let rows = matrix_rows(&m);
        assert_eq!(rows.len(), 2);
        let second = rows[1].clone().into_typed_array::<f64>().expect("row");
        assert_eq!(second, vec![4.0, 5.0, 6.0]);
    }

    #[test]
    fn wrenches_need_six_numbers() {
        let five = Dynamic::from_array(from_f64s(&[1.0; 5]));
        assert!(wrench_arg(&five, "w").is_err());
        let six = Dynamic::from_array(from_f64s(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]));
        assert_eq!(wrench_arg(&six, "w").expect("wrench")[5], 6.0);
    }
}
