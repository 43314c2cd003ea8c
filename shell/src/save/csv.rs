//! CSV encoding of numeric tables.

use rhai::Dynamic;

use crate::convert::describe;

use super::format_float;

const ACCEPTS: &str = "CSV takes rows of numbers (an array of arrays), a map of equal-length \
                       columns of numbers, or an array of numbers (one column)";

/// Encodes a table:
/// - an array of arrays of numbers: one line per inner array, all of the same length, no header;
/// - a map of arrays of numbers of equal length: a header line with the keys (sorted), then rows;
/// - an array of numbers: one column, no header.
///
/// Integers are written as integers, floats by [`format_float`]; lines end with `\n`; the `csv`
/// crate quotes header cells as RFC 4180 asks.
pub fn encode(value: &Dynamic) -> Result<Vec<u8>, String> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    if let Ok(map) = value.as_map_ref() {
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
            header.push(key.to_string());
            columns.push(cells);
        }
        let height = columns.first().map_or(0, Vec::len);
        rows.push(header);
        rows.extend((0..height).map(|r| columns.iter().map(|c| c[r].clone()).collect()));
        return write(&rows);
    }
    let Ok(array) = value.as_array_ref() else {
        return Err(format!("{ACCEPTS}; got {}", describe(value)));
    };
    if array.iter().all(|row| row.is_array()) {
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
fn cells(value: &Dynamic, what: &str) -> Result<Vec<String>, String> {
    let array = value
        .as_array_ref()
        .map_err(|_| format!("{ACCEPTS}; {what} is {}", describe(value)))?;
    array
        .iter()
        .enumerate()
        .map(|(i, x)| {
            if let Ok(n) = x.as_int() {
                Ok(n.to_string())
            } else if let Ok(f) = x.as_float() {
                Ok(format_float(f))
            } else {
                Err(format!(
                    "{ACCEPTS}; element {i} of {what} is {}",
                    describe(x)
                ))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rhai::Map;

    fn arr(values: Vec<Dynamic>) -> Dynamic {
        Dynamic::from_array(values)
    }

    fn text(value: &Dynamic) -> String {
        String::from_utf8(encode(value).expect("encodes")).expect("utf8")
    }

    #[test]
    fn rows_are_lines() {
        let v = arr(vec![
            arr(vec![1.into(), 0.5.into()]),
            arr(vec![(-2).into(), 1e-7.into()]),
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
        let mut m = Map::new();
        m.insert("y".into(), arr(vec![3.into(), 4.into()]));
        m.insert("x, m".into(), arr(vec![1.0.into(), 2.25.into()]));
        m.insert("q\"".into(), arr(vec![5.into(), 6.into()]));
        assert_eq!(
            text(&Dynamic::from_map(m)),
            "\"q\"\"\",\"x, m\",y\n5,1.0,3\n6,2.25,4\n"
        );
    }

    #[test]
    fn a_flat_array_is_one_column() {
        assert_eq!(text(&arr(vec![1.into(), 2.5.into()])), "1\n2.5\n");
        assert_eq!(text(&arr(vec![])), "");
    }

    #[test]
    fn ragged_and_non_numeric_tables_are_errors() {
        let ragged = arr(vec![arr(vec![1.into(), 2.into()]), arr(vec![3.into()])]);
        let err = encode(&ragged).unwrap_err();
        assert!(err.contains("row 1 has 1 values but row 0 has 2"), "{err}");
        let mut m = Map::new();
        m.insert("a".into(), arr(vec![1.into()]));
        m.insert("b".into(), arr(vec![1.into(), 2.into()]));
        let err = encode(&Dynamic::from_map(m)).unwrap_err();
        assert!(
            err.contains("column `b` has 2 values but column `a` has 1"),
            "{err}"
        );
        let err = encode(&arr(vec![arr(vec!["x".into()])])).unwrap_err();
        assert!(
            err.contains("element 0 of row 0 is the string \"x\""),
            "{err}"
        );
        let err = encode(&Dynamic::from(3)).unwrap_err();
        assert!(err.starts_with("CSV takes"), "{err}");
    }
}
