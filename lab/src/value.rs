//! [`Value`]: plain data as both front ends hand it to the lab (a Rhai value or a Python object,
//! converted once at the boundary), so that save formats and reports are written once.

use std::collections::BTreeMap;

/// Plain data: what `save` writes and what records are made of.
///
/// Maps keep their keys sorted, so every encoding of a value is deterministic.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// Nothing (`()` in Rhai, `None` in Python); JSON `null`.
    Unit,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A floating-point number (may be NaN or infinite; formats that cannot hold those refuse).
    Float(f64),
    /// A text.
    Str(String),
    /// An ordered list.
    List(Vec<Value>),
    /// Named fields, sorted by name.
    Map(BTreeMap<String, Value>),
}

impl Value {
    /// A list of floats.
    pub fn floats(values: impl IntoIterator<Item = f64>) -> Self {
        Value::List(values.into_iter().map(Value::Float).collect())
    }

    /// The number this value holds, if it is one (integers widen to `f64`).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Float(x) => Some(*x),
            Value::Int(i) => Some(*i as f64),
            _ => None,
        }
    }

    /// Whether this is an integer or a float.
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Int(_) | Value::Float(_))
    }

    /// A short description for error messages ("the integer 3", "an array of 2 elements").
    pub fn describe(&self) -> String {
        match self {
            Value::Unit => "nothing (`()`)".into(),
            Value::Bool(b) => format!("the boolean {b}"),
            Value::Int(i) => format!("the integer {i}"),
            Value::Float(x) => format!("the number {x}"),
            Value::Str(text) => {
                let short: String = text.chars().take(40).collect();
                let ellipsis = if short.len() < text.len() { "..." } else { "" };
                format!("the string {short:?}{ellipsis}")
            }
            Value::List(items) => match items.len() {
                0 => "an empty array".into(),
                1 => "an array of 1 element".into(),
                n => format!("an array of {n} elements"),
            },
            Value::Map(map) => {
                let keys: Vec<&str> = map.keys().map(String::as_str).take(6).collect();
                if keys.is_empty() {
                    "an empty map".into()
                } else {
                    format!("a map with keys {}", keys.join(", "))
                }
            }
        }
    }
}

impl From<f64> for Value {
    fn from(x: f64) -> Self {
        Value::Float(x)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Int(i)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Self {
        Value::List(items)
    }
}

impl From<BTreeMap<String, Value>> for Value {
    fn from(map: BTreeMap<String, Value>) -> Self {
        Value::Map(map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_name_the_kind_and_the_content() {
        assert_eq!(Value::Int(3).describe(), "the integer 3");
        assert_eq!(
            Value::floats([1.0, 2.0]).describe(),
            "an array of 2 elements"
        );
        let long = "x".repeat(50);
        assert!(Value::from(long.as_str()).describe().ends_with("\"..."));
        let mut map = BTreeMap::new();
        map.insert("b".to_string(), Value::Unit);
        map.insert("a".to_string(), Value::Unit);
        assert_eq!(Value::Map(map).describe(), "a map with keys a, b");
    }
}
