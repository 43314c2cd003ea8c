//! `save(path, value)`: writes a script value under the output folder, in the format named by the
//! file extension.
//!
//! | extension | accepts | writes |
//! |-----------|---------|--------|
//! | `.json` | any value; Morsel objects through their `to_map()` | pretty JSON, keys sorted, shortest round-trip floats |
//! | `.csv`  | rows of numbers, a map of equal-length columns (header = keys, sorted), or one column | RFC 4180 text, shortest round-trip floats |
//! | `.npy`  | a number or nested rectangular arrays of numbers | an N-d little-endian `f64` array |
//!
//! Every format is encoded in memory first, so a value that cannot be saved creates no file.
//! Outputs are deterministic: the same value always gives the same bytes.

pub mod csv;
pub mod json;
pub mod npy;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rhai::{Dynamic, EvalAltResult, Map, NativeCallContext};

use crate::convert::describe;
use crate::error::{ScriptResult, ShellError, script_error};
use crate::sandbox::Sandbox;

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
    pub fn from_path(path: &str) -> Result<Self, ShellError> {
        let extension = Path::new(path)
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase());
        match extension.as_deref() {
            Some("json") => Ok(Format::Json),
            Some("csv") => Ok(Format::Csv),
            Some("npy") => Ok(Format::Npy),
            Some(other) => Err(ShellError::Save {
                path: path.to_string(),
                reason: format!("unknown extension `.{other}`; use {EXTENSIONS}"),
            }),
            None => Err(ShellError::Save {
                path: path.to_string(),
                reason: format!("the file name has no extension; use {EXTENSIONS}"),
            }),
        }
    }

    /// Encodes a plain value (see [`plain_value`]) in this format.
    pub fn encode(self, value: &Dynamic) -> Result<Vec<u8>, String> {
        match self {
            Format::Json => json::encode(value),
            Format::Csv => csv::encode(value),
            Format::Npy => npy::encode(value),
        }
    }
}

/// Encodes `value` by the extension of `path`, then writes it under the sandbox's output folder.
/// Returns the file written.
pub fn save_plain(sandbox: &Sandbox, path: &str, value: &Dynamic) -> Result<PathBuf, ShellError> {
    let format = Format::from_path(path)?;
    let bytes = format.encode(value).map_err(|reason| ShellError::Save {
        path: path.to_string(),
        reason,
    })?;
    let target = sandbox.write_path(path)?;
    std::fs::write(&target, bytes).map_err(|source| ShellError::Io {
        action: "cannot write",
        path: target.clone(),
        source,
    })?;
    Ok(target)
}

/// The `save(path, value)` script function: Morsel objects are first replaced by their
/// `to_map()` (see [`plain_value`]).
pub fn save(
    context: &NativeCallContext,
    sandbox: &Sandbox,
    path: &str,
    value: Dynamic,
) -> ScriptResult<()> {
    let plain = plain_value(context, value, &mut String::from("value"), 0)?;
    save_plain(sandbox, path, &plain).map_err(script_error)?;
    Ok(())
}

/// True for the values the encoders understand directly (everything but custom types).
fn is_builtin(value: &Dynamic) -> bool {
    value.is_unit()
        || value.is_bool()
        || value.is_int()
        || value.is_float()
        || value.is_char()
        || value.is_string()
        || value.is_array()
        || value.is_map()
        || value.is_blob()
        || value.is_fnptr()
}

/// Returns `value` with every Morsel object (a custom type) replaced by the map its
/// `to_map()` function returns, recursively. A type without `to_map()` is an error naming it
/// and where it was found (`at` is the location, e.g. `value.points[2]`).
pub fn plain_value(
    context: &NativeCallContext,
    value: Dynamic,
    at: &mut String,
    depth: usize,
) -> ScriptResult<Dynamic> {
    if depth > MAX_DEPTH {
        return Err(script_error(ShellError::Save {
            path: at.clone(),
            reason: format!("the value is nested deeper than {MAX_DEPTH} levels"),
        }));
    }
    let value = value.flatten();
    if value.is_array() {
        let array = value.into_array().unwrap_or_default();
        let mut out = Vec::with_capacity(array.len());
        for (i, item) in array.into_iter().enumerate() {
            let len = at.len();
            let _ = write!(at, "[{i}]");
            out.push(plain_value(context, item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Dynamic::from_array(out));
    }
    if value.is_map() {
        let map = value.try_cast::<Map>().unwrap_or_default();
        let mut out = Map::new();
        for (key, item) in map {
            let len = at.len();
            let _ = write!(at, ".{key}");
            let plain = plain_value(context, item, at, depth + 1)?;
            at.truncate(len);
            out.insert(key, plain);
        }
        return Ok(Dynamic::from_map(out));
    }
    if is_builtin(&value) {
        return Ok(value);
    }
    let description = describe(&value);
    match context.call_fn::<Map>("to_map", (value,)) {
        Ok(map) => plain_value(context, Dynamic::from_map(map), at, depth + 1),
        Err(err) if matches!(*err, EvalAltResult::ErrorFunctionNotFound(..)) => {
            Err(script_error(ShellError::Save {
                path: at.clone(),
                reason: format!("{description} cannot be saved: it has no to_map()"),
            }))
        }
        Err(err) => Err(err),
    }
}

/// Formats a float so that it reads back to the same `f64`: plain decimals for moderate
/// magnitudes, scientific notation (`1.5e-7`) for very small or large ones.
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
