//! `save(path, value)`: encodes plain data in the format named by the file extension.
//!
//! | extension | accepts | writes |
//! |-----------|---------|--------|
//! | `.json` | any value | pretty JSON, keys sorted, shortest round-trip floats |
//! | `.csv`  | rows of numbers, a map of equal-length columns (header = keys, sorted), or one column | RFC 4180 text, shortest round-trip floats |
//! | `.npy`  | a number or nested rectangular arrays of numbers | an N-d little-endian `f64` array |
//!
//! Every format is encoded in memory first, so a value that cannot be saved creates no file.
//! Outputs are deterministic: the same value always gives the same bytes. Where the file goes
//! (a script's sandbox, a Python caller's working folder) is the front end's business: it
//! resolves the path and calls [`write`].

pub mod csv;
pub mod json;
pub mod npy;
mod table;

pub use table::encode_table;

use std::path::{Path, PathBuf};

use crate::error::LabError;
use crate::value::Value;

/// The file formats `save` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `.json`
    Json,
    /// `.csv`
    Csv,
    /// `.npy`
    Npy,
}

/// The extensions `save` understands, for messages.
pub const EXTENSIONS: &str = ".json, .csv or .npy";

/// Deepest nesting of arrays and maps that `save` accepts.
pub const MAX_DEPTH: usize = 64;

impl Format {
    /// The format named by a path's extension (case-insensitive).
    pub fn from_path(path: &str) -> Result<Self, LabError> {
        let extension = Path::new(path)
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase());
        match extension.as_deref() {
            Some("json") => Ok(Format::Json),
            Some("csv") => Ok(Format::Csv),
            Some("npy") => Ok(Format::Npy),
            Some(other) => Err(LabError::Save {
                path: path.to_string(),
                reason: format!("unknown extension `.{other}`; use {EXTENSIONS}"),
            }),
            None => Err(LabError::Save {
                path: path.to_string(),
                reason: format!("the file name has no extension; use {EXTENSIONS}"),
            }),
        }
    }

    /// Encodes a value in this format.
    pub fn encode(self, value: &Value) -> Result<Vec<u8>, String> {
        match self {
            Format::Json => json::encode(value),
            Format::Csv => csv::encode(value),
            Format::Npy => npy::encode(value),
        }
    }
}

/// Encodes `value` in the format of `name`'s extension (`name` is the path as the user wrote
/// it, for messages).
///
/// ```
/// use morsel_lab::{Value, save};
/// // A list of rows as CSV, the same as an NPY array (magic bytes, then a header).
/// let rows = Value::List(vec![Value::floats([1.0, 2.0]), Value::floats([3.0, 4.5])]);
/// let npy = save::encode("table.npy", &rows)?;
/// assert!(npy.starts_with(b"\x93NUMPY"));
/// // An unknown extension is a typed error that names the file.
/// let err = save::encode("table.xlsx", &rows).unwrap_err();
/// assert!(err.to_string().contains("table.xlsx"), "{err}");
/// # Ok::<(), morsel_lab::LabError>(())
/// ```
pub fn encode(name: &str, value: &Value) -> Result<Vec<u8>, LabError> {
    let format = Format::from_path(name)?;
    format.encode(value).map_err(|reason| LabError::Save {
        path: name.to_string(),
        reason,
    })
}

/// Encodes `value` by the extension of `name`, then writes it to `target` (the resolved path of
/// `name`). Nothing is written when the value cannot be encoded. Returns `target`.
pub fn write(name: &str, target: &Path, value: &Value) -> Result<PathBuf, LabError> {
    let bytes = encode(name, value)?;
    std::fs::write(target, bytes).map_err(LabError::io("cannot write", target))?;
    Ok(target.to_path_buf())
}

/// Formats a float so that it reads back to the same `f64`: plain decimals for moderate
/// magnitudes, scientific notation (`1.5e-7`) for very small or large ones.
///
/// ```
/// use morsel_lab::save::format_float;
/// assert_eq!(format_float(0.25), "0.25");
/// // Every float reads back to itself, including those with no short decimal.
/// for x in [0.1 + 0.2, 1.5e-7, -2.0e12, f64::MIN_POSITIVE] {
///     assert_eq!(format_float(x).parse::<f64>(), Ok(x));
/// }
/// ```
pub fn format_float(x: f64) -> String {
    let magnitude = x.abs();
    if x == 0.0 || (1e-5..1e16).contains(&magnitude) {
        let text = format!("{x}");
        if text.contains('.') || !x.is_finite() {
            text
        } else {
            format!("{text}.0")
        }
    } else {
        format!("{x:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extension_picks_the_format() {
        assert_eq!(Format::from_path("a/b.JSON").expect("json"), Format::Json);
        assert_eq!(Format::from_path("x.csv").expect("csv"), Format::Csv);
        assert_eq!(Format::from_path("x.npy").expect("npy"), Format::Npy);
        let err = Format::from_path("x.txt").unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot save x.txt: unknown extension `.txt`; use .json, .csv or .npy"
        );
        let err = Format::from_path("noext").unwrap_err();
        assert!(err.to_string().contains("no extension"), "{err}");
    }

    #[test]
    fn a_value_that_cannot_be_encoded_writes_no_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let target = dir.path().join("x.json");
        let err = write("x.json", &target, &Value::Float(f64::NAN)).unwrap_err();
        assert!(err.to_string().contains("JSON cannot hold"), "{err}");
        assert!(!target.exists());
        write("x.json", &target, &Value::Int(1)).expect("writes");
        assert_eq!(std::fs::read_to_string(&target).expect("reads"), "1\n");
    }

    #[test]
    fn floats_round_trip() {
        for x in [
            0.0,
            -0.0,
            1.0,
            0.1,
            1.0 / 3.0,
            -2.5e-7,
            6.02e23,
            1e-5,
            123456.789,
            1e300,
            5e-324,
        ] {
            let text = format_float(x);
            let back: f64 = text.parse().expect("parses");
            assert_eq!(back.to_bits(), x.to_bits(), "{x} -> {text}");
        }
        assert_eq!(format_float(2.0), "2.0");
        assert_eq!(format_float(0.25), "0.25");
        assert_eq!(format_float(1.5e-7), "1.5e-7");
    }
}
