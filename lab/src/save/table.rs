//! Tables of named float columns (a recording, a distributor's log) as files: the one encoding
//! that both front ends write, so that a script's and a Python caller's files are the same bytes.

use super::{Format, encode, format_float};
use crate::error::LabError;
use crate::value::Value;

/// Encodes a table by `name`'s extension: `.csv` is a header with the columns in the given
/// order, then one line per row (floats by [`format_float`]); `.json` (and any other format
/// `save` knows) is a map {column: values}. Rows shorter than the header read NaN.
pub fn encode_table(
    name: &str,
    columns: &[String],
    rows: &[Vec<f64>],
) -> Result<Vec<u8>, LabError> {
    if Format::from_path(name)? == Format::Csv {
        let mut text = columns.join(",");
        text.push('\n');
        for row in rows {
            let cells: Vec<String> = row.iter().map(|&x| format_float(x)).collect();
            text.push_str(&cells.join(","));
            text.push('\n');
        }
        return Ok(text.into_bytes());
    }
    let map = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let column = rows.iter().map(|r| r.get(i).copied().unwrap_or(f64::NAN));
            (c.clone(), Value::floats(column))
        })
        .collect();
    encode(name, &Value::Map(map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_keeps_the_column_order_and_json_maps_the_columns() {
        let columns = vec!["time".to_string(), "a".to_string()];
        let rows = vec![vec![0.0, 1.5], vec![0.01, -2.0]];
        let csv = String::from_utf8(encode_table("t.csv", &columns, &rows).unwrap()).unwrap();
        assert_eq!(csv, "time,a\n0.0,1.5\n0.01,-2.0\n");
        let json = String::from_utf8(encode_table("t.json", &columns, &rows).unwrap()).unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["a"], serde_json::json!([1.5, -2.0]));
        assert_eq!(parsed["time"], serde_json::json!([0.0, 0.01]));
        assert!(encode_table("t.txt", &columns, &rows).is_err());
    }
}
