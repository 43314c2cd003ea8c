//! `fk_batch`: forward kinematics of many configurations, NumPy rows in, one NumPy array out.
//! The work is `morsel_kinematics::FkBatch`'s; this file converts the arguments and the errors.

use morsel_kinematics::{FkBatch, POSE_FLOATS};
use numpy::{PyArray1, PyArray3, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

use crate::convert::{array2_arg, strings_arg};
use crate::errors::kinematics_error_in;
use crate::kinematics::robot_arg;

/// `fk_batch(robot, Q, joint_names)`: (n, len(robot.frames), 7) positions and quaternions
/// [w, x, y, z] for n configurations; row i of Q holds the values of `joint_names` (the others
/// keep their reference values). A result above `BATCH_RESULT_LIMIT` (1 GiB) is refused with an
/// `InvalidValueError` before it is allocated.
#[pyfunction]
#[pyo3(name = "fk_batch", signature = (robot, Q, joint_names))]
#[allow(non_snake_case)]
fn fk_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
    joint_names: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray3<f64>>> {
    let model = robot_arg(robot, "`robot` of fk_batch()")?.model()?;
    let joint_names = strings_arg(joint_names, "`joint_names` of fk_batch()", "strings")?;
    let batch = FkBatch::new(&model, &joint_names)
        .map_err(|e| kinematics_error_in("`joint_names` of fk_batch()", e))?;
    let q = array2_arg(Q, "`Q` of fk_batch()", Some(batch.width()))?;
    let (n, frames) = (q.shape()[0], model.frames().len());
    // The result is refused above the batch limit before anything is allocated.
    crate::convert::check_batch_result(
        "fk_batch()",
        &format!("{n} rows x {frames} frames x {POSE_FLOATS} floats"),
        morsel_lab::__private::batch_limit::result_bytes(&[n, frames, POSE_FLOATS], 8),
    )?;
    // C-ordered rows are read in place; others (Fortran order, strided views) are copied
    // once, row after row (`as_slice` alone would also accept Fortran order, column after
    // column). The result is a new vector that NumPy takes over without a copy.
    let in_place = if q.is_c_contiguous() {
        q.as_slice().ok()
    } else {
        None
    };
    let out = match in_place {
        Some(rows) => py.detach(|| batch.run_to_vec(rows)),
        None => {
            let rows: Vec<f64> = q.as_array().iter().copied().collect();
            py.detach(|| batch.run_to_vec(&rows))
        }
    }
    .map_err(|e| kinematics_error_in("`Q` of fk_batch()", e))?;
    PyArray1::from_vec(py, out).reshape([n, frames, POSE_FLOATS])
}

/// Registers `fk_batch`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fk_batch, m)?)
}
