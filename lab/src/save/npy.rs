//! NPY encoding of numeric arrays.

use super::MAX_DEPTH;
use crate::value::Value;
use ndarray::{ArrayD, IxDyn};
use ndarray_npy::WriteNpyExt;

/// Encodes a number (0-d) or nested arrays of numbers (N-d) as a little-endian `f64` NPY array.
/// Every level must be rectangular: sibling arrays have the same shape. Integers are stored as
/// `f64`.
pub fn encode(value: &Value) -> Result<Vec<u8>, String> {
    let array = to_ndarray(value)?;
    let mut bytes = Vec::new();
    array.write_npy(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The N-d array a nested value describes.
pub fn to_ndarray(value: &Value) -> Result<ArrayD<f64>, String> {
    let shape = shape_of(value, &mut String::from("value"), 0)?;
    let mut data = Vec::with_capacity(shape.iter().product());
    flatten(value, &mut data);
    ArrayD::from_shape_vec(IxDyn(&shape), data).map_err(|e| e.to_string())
}

/// The shape of a rectangular nest of arrays of numbers, or an error saying where it is not.
fn shape_of(value: &Value, at: &mut String, depth: usize) -> Result<Vec<usize>, String> {
    if depth > MAX_DEPTH {
        return Err(format!("{at} is nested deeper than {MAX_DEPTH} levels"));
    }
    if value.is_number() {
        return Ok(Vec::new());
    }
    let Value::List(array) = value else {
        return Err(format!(
            "NPY holds numbers and rectangular arrays of numbers; {at} is {}",
            value.describe()
        ));
    };
    let mut inner: Option<Vec<usize>> = None;
    for (i, item) in array.iter().enumerate() {
        let len = at.len();
        at.push_str(&format!("[{i}]"));
        let shape = shape_of(item, at, depth + 1)?;
        match &inner {
            None => inner = Some(shape),
            Some(first) if *first != shape => {
                let err = format!(
                    "NPY needs a rectangular array, but {at} has shape {} while {}[0] has shape {}",
                    show(&shape),
                    &at[..len],
                    show(first)
                );
                return Err(err);
            }
            Some(_) => {}
        }
        at.truncate(len);
    }
    let mut shape = vec![array.len()];
    shape.extend(inner.unwrap_or_default());
    Ok(shape)
}

fn show(shape: &[usize]) -> String {
    if shape.is_empty() {
        "() (a number)".into()
    } else {
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        format!("({})", dims.join(", "))
    }
}

/// Appends the numbers of a value already checked by [`shape_of`], in row-major order.
fn flatten(value: &Value, data: &mut Vec<f64>) {
    match value {
        Value::List(items) => items.iter().for_each(|item| flatten(item, data)),
        other => data.extend(other.as_f64()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray_npy::ReadNpyExt;

    fn arr(values: Vec<Value>) -> Value {
        Value::List(values)
    }

    fn int(i: i64) -> Value {
        Value::Int(i)
    }

    #[test]
    fn nested_arrays_round_trip_through_npy() {
        let v = arr(vec![
            arr(vec![int(1), Value::Float(2.5), int(3)]),
            arr(vec![int(-1), int(0), Value::Float(1e-9)]),
        ]);
        let bytes = encode(&v).expect("encodes");
        let back = ArrayD::<f64>::read_npy(bytes.as_slice()).expect("reads");
        assert_eq!(back.shape(), &[2, 3]);
        assert_eq!(back[[0, 1]], 2.5);
        assert_eq!(back[[1, 2]], 1e-9);
        assert_eq!(back[[1, 0]], -1.0);
    }

    #[test]
    fn scalars_and_empty_arrays_have_shapes() {
        let back =
            ArrayD::<f64>::read_npy(encode(&int(4)).expect("0-d").as_slice()).expect("reads");
        assert_eq!(back.shape(), &[] as &[usize]);
        assert_eq!(back.sum(), 4.0);
        let empty = to_ndarray(&arr(vec![])).expect("empty");
        assert_eq!(empty.shape(), &[0]);
        let three_d = to_ndarray(&arr(vec![arr(vec![arr(vec![int(1)])]); 2])).expect("3-d");
        assert_eq!(three_d.shape(), &[2, 1, 1]);
    }

    #[test]
    fn ragged_and_non_numeric_arrays_are_errors() {
        let ragged = arr(vec![arr(vec![int(1), int(2)]), arr(vec![int(3)])]);
        let err = encode(&ragged).unwrap_err();
        assert_eq!(
            err,
            "NPY needs a rectangular array, but value[1] has shape (1) while value[0] has shape (2)"
        );
        let mixed = arr(vec![int(1), arr(vec![int(1)])]);
        assert!(encode(&mixed).unwrap_err().contains("rectangular"));
        let err = encode(&arr(vec![Value::from("a")])).unwrap_err();
        assert!(err.contains("value[0] is the string \"a\""), "{err}");
    }
}
