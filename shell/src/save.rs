//! `save(path, value)` for scripts: Morsel objects become maps through their `to_map()`, the
//! result becomes plain data ([`morsel_lab::Value`]), and the lab encodes it
//! ([`morsel_lab::save`]: JSON, CSV or NPY by extension) into the sandbox's output folder.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use morsel_lab::Value;
use morsel_lab::save::MAX_DEPTH;
use rhai::{Dynamic, EvalAltResult, Map, NativeCallContext};

pub use morsel_lab::save::{EXTENSIONS, Format, format_float};

use crate::convert::describe;
use crate::error::{ScriptResult, ShellError, script_error};
use crate::sandbox::Sandbox;

/// Encodes `value` by the extension of `path`, then writes it under the sandbox's output folder.
/// Returns the file written.
pub fn save_plain(sandbox: &Sandbox, path: &str, value: &Dynamic) -> Result<PathBuf, ShellError> {
    let plain = to_value(value).map_err(|reason| ShellError::Save {
        path: path.to_string(),
        reason,
    })?;
    let bytes = morsel_lab::save::encode(path, &plain)?;
    let target = sandbox.write_path(path)?;
    std::fs::write(&target, bytes).map_err(|source| ShellError::Io {
        action: "cannot write",
        path: target.clone(),
        source,
    })?;
    Ok(target)
}

/// The data side of the `save(path, value)` script function (views are drawn by
/// `crate::save_gltf`): Morsel objects are first replaced by their `to_map()` (see
/// [`plain_value`]), then the value is written as JSON, CSV or NPY by the extension.
pub fn save_data(
    context: &NativeCallContext,
    sandbox: &Sandbox,
    path: &str,
    value: Dynamic,
) -> ScriptResult<()> {
    let plain = plain_value(context, value, &mut String::from("value"), 0)?;
    save_plain(sandbox, path, &plain).map_err(script_error)?;
    Ok(())
}

/// A plain script value (no Morsel objects; see [`plain_value`]) as the lab's [`Value`]:
/// `()` is [`Value::Unit`], characters are strings, blobs are lists of integers. A function
/// pointer or a Morsel object is an error naming where it was found.
pub fn to_value(value: &Dynamic) -> Result<Value, String> {
    convert(value, &mut String::from("value"), 0)
}

fn convert(value: &Dynamic, at: &mut String, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} is nested deeper than {MAX_DEPTH} levels"));
    }
    if value.is_unit() {
        return Ok(Value::Unit);
    }
    if let Ok(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Ok(i) = value.as_int() {
        return Ok(Value::Int(i));
    }
    if let Ok(x) = value.as_float() {
        return Ok(Value::Float(x));
    }
    if let Ok(c) = value.as_char() {
        return Ok(Value::Str(c.to_string()));
    }
    if value.is_string() {
        return Ok(Value::Str(value.to_string()));
    }
    if let Ok(blob) = value.as_blob_ref() {
        return Ok(Value::List(
            blob.iter().map(|&b| Value::Int(i64::from(b))).collect(),
        ));
    }
    if let Ok(array) = value.as_array_ref() {
        let mut out = Vec::with_capacity(array.len());
        for (i, item) in array.iter().enumerate() {
            let len = at.len();
            let _ = write!(at, "[{i}]");
            out.push(convert(item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::List(out));
    }
    if let Ok(map) = value.as_map_ref() {
        let mut out = BTreeMap::new();
        for (key, item) in map.iter() {
            let len = at.len();
            let _ = write!(at, ".{key}");
            out.insert(key.to_string(), convert(item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::Map(out));
    }
    Err(format!(
        "{at} is {}, which cannot be saved",
        describe(value)
    ))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_values_become_plain_data() {
        let mut map = Map::new();
        map.insert("b".into(), Dynamic::from_array(vec![1.into(), 0.5.into()]));
        map.insert("a".into(), 'x'.into());
        let value = to_value(&Dynamic::from_map(map)).expect("converts");
        let Value::Map(fields) = value else {
            panic!("a map")
        };
        assert_eq!(fields["a"], Value::from("x"));
        assert_eq!(
            fields["b"],
            Value::List(vec![Value::Int(1), Value::Float(0.5)])
        );
        let blob = to_value(&Dynamic::from_blob(vec![7u8])).expect("blob");
        assert_eq!(blob, Value::List(vec![Value::Int(7)]));
    }
}
