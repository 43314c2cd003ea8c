//! JSON encoding of plain values.

use serde_json::{Map as JsonMap, Number, Value as Json};

use super::MAX_DEPTH;
use crate::value::Value;

/// Converts a plain value to JSON: [`Value::Unit`] is `null`, maps are objects (keys sorted),
/// lists are arrays. NaN and infinities are errors, as JSON cannot hold them.
pub fn to_json(value: &Value) -> Result<Json, String> {
    convert(value, &mut String::from("value"), 0)
}

/// Pretty JSON text with sorted keys and a final newline.
pub fn encode(value: &Value) -> Result<Vec<u8>, String> {
    let json = to_json(value)?;
    let mut text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
    text.push('\n');
    Ok(text.into_bytes())
}

fn convert(value: &Value, at: &mut String, depth: usize) -> Result<Json, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} is nested deeper than {MAX_DEPTH} levels"));
    }
    Ok(match value {
        Value::Unit => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(i) => Json::Number((*i).into()),
        Value::Float(x) => Number::from_f64(*x).map(Json::Number).ok_or_else(|| {
            format!("{at} is {x}, which JSON cannot hold; replace it before saving")
        })?,
        Value::Str(text) => Json::String(text.clone()),
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let len = at.len();
                at.push_str(&format!("[{i}]"));
                out.push(convert(item, at, depth + 1)?);
                at.truncate(len);
            }
            Json::Array(out)
        }
        Value::Map(map) => {
            let mut out = JsonMap::new();
            for (key, item) in map {
                let len = at.len();
                at.push('.');
                at.push_str(key);
                out.insert(key.clone(), convert(item, at, depth + 1)?);
                at.truncate(len);
            }
            Json::Object(out)
        }
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn nested_values_become_sorted_json() {
        let mut inner = BTreeMap::new();
        inner.insert("b".to_string(), Value::Float(0.1));
        inner.insert("a".to_string(), Value::Int(2));
        let mut top = BTreeMap::new();
        top.insert(
            "z".to_string(),
            Value::List(vec![Value::Unit, true.into(), "s".into()]),
        );
        top.insert("m".to_string(), Value::Map(inner));
        let bytes = encode(&Value::Map(top)).expect("encodes");
        let text = String::from_utf8(bytes).expect("utf8");
        let back: Json = serde_json::from_str(&text).expect("parses");
        assert_eq!(back["m"]["a"], Json::from(2));
        assert_eq!(back["m"]["b"].as_f64(), Some(0.1));
        assert_eq!(back["z"][0], Json::Null);
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
        let mut m = BTreeMap::new();
        m.insert(
            "xs".to_string(),
            Value::List(vec![1i64.into(), Value::Float(f64::NAN)]),
        );
        let err = encode(&Value::Map(m)).unwrap_err();
        assert_eq!(
            err,
            "value.xs[1] is NaN, which JSON cannot hold; replace it before saving"
        );
    }
}
