//! CSV encoding of numeric tables.

use super::format_float;
use crate::value::Value;

const ACCEPTS: &str = "CSV takes rows of numbers (an array of arrays), a map of equal-length \
                       columns of numbers, or an array of numbers (one column)";

/// Encodes a table:
/// - an array of arrays of numbers: one line per inner array, all of the same length, no header;
/// - a map of arrays of numbers of equal length: a header line with the keys (sorted), then rows;
/// - an array of numbers: one column, no header.
///
/// Integers are written as integers, floats by [`format_float`]; lines end with `\n`; the `csv`
/// crate quotes header cells as RFC 4180 asks.
pub fn encode(value: &Value) -> Result<Vec<u8>, String> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    if let Value::Map(map) = value {
        let mut header = Vec::with_capacity(map.len());
        let mut columns = Vec::with_capacity(map.len());
        for (key, column) in map.iter() {
            let cells = cells(column, &format!("column `{key}`"))?;
            if let Some(first) = columns.first().map(Vec::len)
                && cells.len() != first
            {
                return Err(format!(
                    "column `{key}` has {} values but column `{}` has {first}; columns must have equal lengths",
                    cells.len(),
                    header.first().map_or("", |h: &String| h.as_str()),
                ));
            }
            header.push(key.clone());
            columns.push(cells);
        }
        let height = columns.first().map_or(0, Vec::len);
        rows.push(header);
        rows.extend((0..height).map(|r| columns.iter().map(|c| c[r].clone()).collect()));
        return write(&rows);
    }
    let Value::List(array) = value else {
        return Err(format!("{ACCEPTS}; got {}", value.describe()));
    };
    if array.iter().all(|row| matches!(row, Value::List(_))) {
        for (i, row) in array.iter().enumerate() {
            let cells = cells(row, &format!("row {i}"))?;
            if let Some(w) = rows.first().map(Vec::len)
                && w != cells.len()
            {
                return Err(format!(
                    "row {i} has {} values but row 0 has {w}; rows must have equal lengths",
                    cells.len()
                ));
            }
            rows.push(cells);
        }
    } else {
        rows.extend(cells(value, "the column")?.into_iter().map(|c| vec![c]));
    }
    write(&rows)
}

/// Writes records with the `csv` crate, `\n` line ends.
fn write(rows: &[Vec<String>]) -> Result<Vec<u8>, String> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .flexible(true)
        .from_writer(Vec::new());
    for row in rows {
        writer
            .write_record(row)
            .map_err(|e| format!("cannot encode CSV: {e}"))?;
    }
    writer
        .into_inner()
        .map_err(|e| format!("cannot encode CSV: {e}"))
}

/// The text of each number in an array.
fn cells(value: &Value, what: &str) -> Result<Vec<String>, String> {
    let Value::List(array) = value else {
        return Err(format!("{ACCEPTS}; {what} is {}", value.describe()));
    };
    array
        .iter()
        .enumerate()
        .map(|(i, x)| match x {
            Value::Int(n) => Ok(n.to_string()),
            Value::Float(f) => Ok(format_float(*f)),
            other => Err(format!(
                "{ACCEPTS}; element {i} of {what} is {}",
                other.describe()
            )),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn arr(values: Vec<Value>) -> Value {
        Value::List(values)
    }

    fn int(i: i64) -> Value {
        Value::Int(i)
    }

    fn text(value: &Value) -> String {
        String::from_utf8(encode(value).expect("encodes")).expect("utf8")
    }

    #[test]
    fn rows_are_lines() {
        let v = arr(vec![
            arr(vec![int(1), Value::Float(0.5)]),
            arr(vec![int(-2), Value::Float(1e-7)]),
        ]);
        assert_eq!(text(&v), "1,0.5\n-2,1e-7\n");
        let back: Vec<Vec<f64>> = text(&v)
            .lines()
            .map(|l| l.split(',').map(|c| c.parse().expect("number")).collect())
            .collect();
        assert_eq!(back, vec![vec![1.0, 0.5], vec![-2.0, 1e-7]]);
    }

    #[test]
    fn maps_are_columns_with_a_sorted_header() {
        let mut m = BTreeMap::new();
        m.insert("y".to_string(), arr(vec![int(3), int(4)]));
        m.insert(
            "x, m".to_string(),
            arr(vec![Value::Float(1.0), Value::Float(2.25)]),
        );
        m.insert("q\"".to_string(), arr(vec![int(5), int(6)]));
        assert_eq!(
            text(&Value::Map(m)),
            "\"q\"\"\",\"x, m\",y\n5,1.0,3\n6,2.25,4\n"
        );
    }

    #[test]
    fn a_flat_array_is_one_column() {
        assert_eq!(text(&arr(vec![int(1), Value::Float(2.5)])), "1\n2.5\n");
        assert_eq!(text(&arr(vec![])), "");
    }

    #[test]
    fn ragged_and_non_numeric_tables_are_errors() {
        let ragged = arr(vec![arr(vec![int(1), int(2)]), arr(vec![int(3)])]);
        let err = encode(&ragged).unwrap_err();
        assert!(err.contains("row 1 has 1 values but row 0 has 2"), "{err}");
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), arr(vec![int(1)]));
        m.insert("b".to_string(), arr(vec![int(1), int(2)]));
        let err = encode(&Value::Map(m)).unwrap_err();
        assert!(
            err.contains("column `b` has 2 values but column `a` has 1"),
            "{err}"
        );
        let err = encode(&arr(vec![arr(vec![Value::from("x")])])).unwrap_err();
        assert!(
            err.contains("element 0 of row 0 is the string \"x\""),
            "{err}"
        );
        let err = encode(&int(3)).unwrap_err();
        assert!(err.starts_with("CSV takes"), "{err}");
    }
}
