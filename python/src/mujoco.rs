//! The native half of `morsel.mujoco`: MuJoCo's contact forces for a whole batch of contacts
//! in one call (decoded by morsel-sensing as `mj_contactForce` does, turned into the world
//! frame here).

use morsel_sensing::{MujocoCone, mujoco_contact_force};
use numpy::{PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::convert::rows_out;
use crate::errors::{ToPy, value_error};

/// `_mujoco_forces(elliptic, efc_force, dim, efc_address, friction, frame)`: (n, 3) world
/// forces on geom 2 of each contact (`frame` rows: normal, tangent 1, tangent 2).
#[pyfunction]
#[pyo3(name = "_mujoco_forces")]
fn mujoco_forces<'py>(
    py: Python<'py>,
    elliptic: bool,
    efc_force: PyReadonlyArray1<'py, f64>,
    dim: PyReadonlyArray1<'py, i32>,
    efc_address: PyReadonlyArray1<'py, i32>,
    friction: PyReadonlyArray2<'py, f64>,
    frame: PyReadonlyArray2<'py, f64>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let cone = if elliptic {
        MujocoCone::Elliptic
    } else {
        MujocoCone::Pyramidal
    };
    let efc = efc_force.as_array();
    let efc = efc
        .as_slice()
        .ok_or_else(|| value_error("efc_force must be contiguous"))?;
    let (dim, adr, mu, frame) = (
        dim.as_array(),
        efc_address.as_array(),
        friction.as_array(),
        frame.as_array(),
    );
    let n = dim.len();
    if adr.len() != n || mu.nrows() != n || frame.nrows() != n || frame.ncols() != 9 {
        return Err(value_error(format!(
            "_mujoco_forces: {n} contacts need {n} addresses, {n} friction rows and an ({n}, 9) frame; got {}, {} and {:?}",
            adr.len(),
            mu.nrows(),
            frame.shape()
        )));
    }
    let mut out = Vec::with_capacity(3 * n);
    for i in 0..n {
        // MuJoCo's 5 friction coefficients, copied without allocating.
        let row = mu.row(i);
        let mut friction = [0.0; 5];
        let k = row.len().min(5);
        for (f, &v) in friction.iter_mut().zip(row.iter()) {
            *f = v;
        }
        let d = usize::try_from(dim[i]).unwrap_or(0);
        let local = mujoco_contact_force(cone, efc, i64::from(adr[i]), d, &friction[..k])
            .map_err(|e| e.for_contact(i))
            .py()?;
        let r = frame.row(i);
        for c in 0..3 {
            out.push(local[0] * r[c] + local[1] * r[3 + c] + local[2] * r[6 + c]);
        }
    }
    rows_out(py, n, 3, out)
}

/// Registers the MuJoCo helpers.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(mujoco_forces, m)?)?;
    Ok(())
}
