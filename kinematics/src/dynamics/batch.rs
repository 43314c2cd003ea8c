//! The dynamics of many states at once: rows of configurations (and velocities,
//! accelerations or torques) in, rows of results out, shared over rayon's threads with one
//! [`DynamicsData`] per thread and nothing allocated per row.

#[cfg(feature = "parallel")]
use rayon::prelude::*;

use super::aba::aba;
use super::crba::crba_into;
use super::data::DynamicsData;
use super::rnea::{gravity_torques, rnea};
use crate::{KinematicsError, Model, Result};

/// Rows per task: enough work to amortise the scheduling, small enough to balance.
#[cfg(feature = "parallel")]
const CHUNK: usize = 64;

/// `rnea` of `n` states: `q` holds `n` rows of `nq` values, `v`, `a` and `out` `n` rows of
/// `nv` values (row-major). An error names the first bad row.
pub fn rnea_batch(model: &Model, q: &[f64], v: &[f64], a: &[f64], out: &mut [f64]) -> Result<()> {
    let n = rows(
        model,
        q,
        &[("velocities V", v), ("accelerations A", a)],
        out,
        model.nv(),
    )?;
    let (nq, nv) = (model.nq(), model.nv());
    run(model, n, nv, out, |data, i, row| {
        let tau = rnea(
            model,
            data,
            &q[i * nq..(i + 1) * nq],
            &v[i * nv..(i + 1) * nv],
            &a[i * nv..(i + 1) * nv],
            &[],
        )?;
        row.copy_from_slice(tau);
        Ok(())
    })
}

/// `aba` of `n` states, laid out as [`rnea_batch`]'s with torques in place of accelerations.
pub fn aba_batch(model: &Model, q: &[f64], v: &[f64], tau: &[f64], out: &mut [f64]) -> Result<()> {
    let n = rows(
        model,
        q,
        &[("velocities V", v), ("torques TAU", tau)],
        out,
        model.nv(),
    )?;
    let (nq, nv) = (model.nq(), model.nv());
    run(model, n, nv, out, |data, i, row| {
        let qdd = aba(
            model,
            data,
            &q[i * nq..(i + 1) * nq],
            &v[i * nv..(i + 1) * nv],
            &tau[i * nv..(i + 1) * nv],
            &[],
        )?;
        row.copy_from_slice(qdd);
        Ok(())
    })
}

/// `gravity_torques` of `n` configurations into `n` rows of `nv` values.
pub fn gravity_torques_batch(model: &Model, q: &[f64], out: &mut [f64]) -> Result<()> {
    let n = rows(model, q, &[], out, model.nv())?;
    let nq = model.nq();
    run(model, n, model.nv(), out, |data, i, row| {
        row.copy_from_slice(gravity_torques(model, data, &q[i * nq..(i + 1) * nq])?);
        Ok(())
    })
}

/// `mass_matrix` of `n` configurations into `n` row-major `nv × nv` blocks (the matrix is
/// symmetric, so row- and column-major agree), each written straight into its block.
pub fn mass_matrix_batch(model: &Model, q: &[f64], out: &mut [f64]) -> Result<()> {
    let nv = model.nv();
    let n = rows(model, q, &[], out, nv * nv)?;
    let nq = model.nq();
    run(model, n, nv * nv, out, |data, i, block| {
        data.load_configuration(model, &q[i * nq..(i + 1) * nq])?;
        data.update_placements();
        crba_into(data, block);
        Ok(())
    })
}

/// The number of rows, after checking every buffer's length against it.
fn rows(
    model: &Model,
    q: &[f64],
    others: &[(&'static str, &[f64])],
    out: &[f64],
    out_width: usize,
) -> Result<usize> {
    let (nq, nv) = (model.nq(), model.nv());
    if nq == 0 || !q.len().is_multiple_of(nq) {
        return Err(KinematicsError::invalid(
            "configurations Q",
            format!("{} values are no whole rows of nq = {nq}", q.len()),
        ));
    }
    let n = q.len() / nq;
    for (what, values) in others {
        if values.len() != n * nv {
            return Err(KinematicsError::invalid(
                *what,
                format!(
                    "{} values, but {n} rows of nv = {nv} ({}) are expected",
                    values.len(),
                    n * nv
                ),
            ));
        }
    }
    if out.len() != n * out_width {
        return Err(KinematicsError::WrongLength {
            what: "batch output",
            expected: n * out_width,
            got: out.len(),
        });
    }
    Ok(n)
}

/// Runs `f(data, row index, output row)` over every row, in parallel chunks; the first failing
/// row (lowest index) is reported.
fn run<F>(model: &Model, n: usize, width: usize, out: &mut [f64], f: F) -> Result<()>
where
    F: Fn(&mut DynamicsData, usize, &mut [f64]) -> Result<()> + Sync,
{
    if n == 0 {
        return Ok(());
    }
    let template = DynamicsData::new(model);
    #[cfg(feature = "parallel")]
    let first_error = out
        .par_chunks_mut(CHUNK * width)
        .enumerate()
        .map_init(
            || template.clone(),
            |data, (c, chunk)| {
                for (k, row) in chunk.chunks_mut(width).enumerate() {
                    let i = c * CHUNK + k;
                    if let Err(e) = f(data, i, row) {
                        return Some((i, e));
                    }
                }
                None
            },
        )
        .flatten()
        .min_by_key(|(i, _)| *i);
    // Without the `parallel` feature the rows run in order on the caller's thread.
    #[cfg(not(feature = "parallel"))]
    let first_error = {
        let mut data = template;
        out.chunks_mut(width)
            .enumerate()
            .find_map(|(i, row)| f(&mut data, i, row).err().map(|e| (i, e)))
    };
    match first_error {
        Some((row, e)) => Err(KinematicsError::BatchRow {
            row,
            source: Box::new(e),
        }),
        None => Ok(()),
    }
}
