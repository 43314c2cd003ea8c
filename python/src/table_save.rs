//! `save(path)` of the objects that hold a table of named float columns (the wrench
//! distributor's log, the taxel recorder): morsel-lab's table encoding, the bytes a script's
//! `save` writes.

use pyo3::prelude::*;

use crate::errors::save_error;

/// Writes a table of named float columns to `path` (a `save(path)` method's argument, relative
/// to the working folder) by its extension: morsel-lab's table encoding, the bytes a script's
/// `save` writes (`.csv` a header in column order, `.json` a map of columns). Nothing is
/// written when the table cannot be encoded.
pub fn save_table(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    columns: &[String],
    rows: &[Vec<f64>],
) -> PyResult<()> {
    let target = crate::convert::path_arg(path, "`path` of save()")?;
    let name = target.to_string_lossy().into_owned();
    let bytes = py
        .detach(|| morsel_lab::save::encode_table(&name, columns, rows))
        .map_err(|e| save_error(&name, e))?;
    std::fs::write(&target, bytes)
        .map_err(|e| save_error(&name, morsel_lab::LabError::io("cannot write", &target)(e)))
}
