//! JSON encoding of plain script values.

use rhai::Dynamic;
use serde_json::{Map as JsonMap, Number, Value};

use crate::convert::describe;

use super::MAX_DEPTH;

/// Converts a plain value to JSON: `()` is `null`, strings and characters are strings, maps are
/// objects (keys sorted), arrays and blobs are arrays. NaN and infinities are errors, as JSON
/// cannot hold them.
pub fn to_json(value: &Dynamic) -> Result<Value, String> {
    convert(value, &mut String::from("value"), 0)
}

/// Pretty JSON text with sorted keys and a final newline.
pub fn encode(value: &Dynamic) -> Result<Vec<u8>, String> {
    let json = to_json(value)?;
    let mut text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
    text.push('\n');
    Ok(text.into_bytes())
}

fn convert(value: &Dynamic, at: &mut String, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} is nested deeper than {MAX_DEPTH} levels"));
    }
    if value.is_unit() {
        return Ok(Value::Null);
    }
    if let Ok(b) = value.as_bool() {
        return Ok(Value::Bool(b));
    }
    if let Ok(i) = value.as_int() {
        return Ok(Value::Number(i.into()));
    }
    if let Ok(x) = value.as_float() {
        return Number::from_f64(x).map(Value::Number).ok_or_else(|| {
            format!("{at} is {x}, which JSON cannot hold; replace it before saving")
        });
    }
    if let Ok(c) = value.as_char() {
        return Ok(Value::String(c.to_string()));
    }
    if value.is_string() {
        return Ok(Value::String(value.to_string()));
    }
    if let Ok(blob) = value.as_blob_ref() {
        return Ok(Value::Array(blob.iter().map(|&b| Value::from(b)).collect()));
    }
    if let Ok(array) = value.as_array_ref() {
        let mut out = Vec::with_capacity(array.len());
        for (i, item) in array.iter().enumerate() {
            let len = at.len();
            at.push_str(&format!("[{i}]"));
            out.push(convert(item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::Array(out));
    }
    if let Ok(map) = value.as_map_ref() {
        let mut out = JsonMap::new();
        for (key, item) in map.iter() {
            let len = at.len();
            at.push('.');
            at.push_str(key);
            out.insert(key.to_string(), convert(item, at, depth + 1)?);
            at.truncate(len);
        }
        return Ok(Value::Object(out));
    }
    Err(format!(
        "{at} is {}, which cannot be written as JSON",
        describe(value)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Map;

    #[test]
    fn nested_values_become_sorted_json() {
        let mut inner = Map::new();
        inner.insert("b".into(), Dynamic::from_float(0.1));
        inner.insert("a".into(), Dynamic::from_int(2));
        let mut top = Map::new();
        top.insert(
            "z".into(),
            Dynamic::from_array(vec![Dynamic::UNIT, true.into(), "s".into()]),
        );
        top.insert("m".into(), Dynamic::from_map(inner));
        let bytes = encode(&Dynamic::from_map(top)).expect("encodes");
        let text = String::from_utf8(bytes).expect("utf8");
        let back: Value = serde_json::from_str(&text).expect("parses");
        assert_eq!(back["m"]["a"], Value::from(2));
        assert_eq!(back["m"]["b"].as_f64(), Some(0.1));
        assert_eq!(back["z"][0], Value::Null);
        assert!(
            text.find("\"m\"") < text.find("\"z\""),
            "keys sorted: {text}"
        );
        assert!(
            text.find("\"a\"") < text.find("\"b\""),
            "keys sorted: {text}"
        );
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn nan_is_an_error_with_its_location() {
        let mut m = Map::new();
        m.insert(
            "xs".into(),
            Dynamic::from_array(vec![1.into(), Dynamic::from_float(f64::NAN)]),
        );
        let err = encode(&Dynamic::from_map(m)).unwrap_err();
        assert_eq!(
            err,
            "value.xs[1] is NaN, which JSON cannot hold; replace it before saving"
        );
    }
}
