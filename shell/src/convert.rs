//! Conversions between Rhai values and Rust/nalgebra values for bindings.
//!
//! Reading arguments (`*_arg`): each takes the [`Dynamic`] a script passed and a description of
//! the argument (by convention "`name` of function()", e.g. "`pos` of pose()"), accepts integers
//! wherever floats are expected, rejects NaN and infinities, and fails with a
//! [`ShellError::Argument`] that names the argument, the element when inside an array, what was
//! expected and what was given.
//!
//! Returning values (`from_*`): numbers become `FLOAT`, indices become `INT`, vectors and points
//! become arrays `[x, y, z]`, lists of them arrays of arrays.

use nalgebra::{Point3, Vector3};
use rhai::{Array, Dynamic, FLOAT, INT};

use crate::error::ShellError;

/// A short human description of a value, for error messages: "the string \"a\"", "an array of 2
/// elements", "a Shape", ...
pub fn describe(value: &Dynamic) -> String {
    if value.is_unit() {
        return "nothing (`()`)".into();
    }
    if let Ok(b) = value.as_bool() {
        return format!("the boolean {b}");
    }
    if let Ok(i) = value.as_int() {
        return format!("the integer {i}");
    }
    if let Ok(x) = value.as_float() {
        return format!("the number {x}");
    }
    if let Ok(c) = value.as_char() {
        return format!("the character {c:?}");
    }
    if value.is_string() {
        let text = value.to_string();
        let short: String = text.chars().take(40).collect();
        let ellipsis = if short.len() < text.len() { "..." } else { "" };
        return format!("the string {short:?}{ellipsis}");
    }
    if let Ok(array) = value.as_array_ref() {
        return match array.len() {
            0 => "an empty array".into(),
            1 => "an array of 1 element".into(),
            n => format!("an array of {n} elements"),
        };
    }
    if let Ok(map) = value.as_map_ref() {
        let keys: Vec<&str> = map.keys().map(|k| k.as_str()).take(6).collect();
        return if keys.is_empty() {
            "an empty map".into()
        } else {
            format!("a map with keys {}", keys.join(", "))
        };
    }
    if value.is_fnptr() {
        return "a function pointer".into();
    }
    let name = value.type_name();
    let short = name.rsplit("::").next().unwrap_or(name);
    format!("a {short}")
}

/// "1 number", "3 numbers".
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A finite number (an `INT` or a `FLOAT`).
pub fn f64_arg(value: &Dynamic, what: &str) -> Result<f64, ShellError> {
    let x = if let Ok(x) = value.as_float() {
        x
    } else if let Ok(i) = value.as_int() {
        i as f64
    } else {
        return Err(ShellError::argument(what, "a number", describe(value)));
    };
    if x.is_finite() {
        Ok(x)
    } else {
        Err(ShellError::argument(
            what,
            "a finite number",
            format!("{x}"),
        ))
    }
}

/// An integer (floats are refused, so that a fractional count is never silently truncated).
pub fn int_arg(value: &Dynamic, what: &str) -> Result<INT, ShellError> {
    value
        .as_int()
        .map_err(|_| ShellError::argument(what, "an integer", describe(value)))
}

/// A non-negative integer usable as a count or an index.
pub fn usize_arg(value: &Dynamic, what: &str) -> Result<usize, ShellError> {
    let i = int_arg(value, what)?;
    usize::try_from(i)
        .map_err(|_| ShellError::argument(what, "a non-negative integer", format!("{i}")))
}

/// A boolean.
pub fn bool_arg(value: &Dynamic, what: &str) -> Result<bool, ShellError> {
    value
        .as_bool()
        .map_err(|_| ShellError::argument(what, "true or false", describe(value)))
}

/// A string.
pub fn string_arg(value: &Dynamic, what: &str) -> Result<String, ShellError> {
    if value.is_string() {
        Ok(value.to_string())
    } else {
        Err(ShellError::argument(what, "a string", describe(value)))
    }
}

/// An array of numbers of any length.
pub fn vec_arg(value: &Dynamic, what: &str) -> Result<Vec<f64>, ShellError> {
    let array = value
        .as_array_ref()
        .map_err(|_| ShellError::argument(what, "an array of numbers", describe(value)))?;
    array
        .iter()
        .enumerate()
        .map(|(i, x)| f64_arg(x, &format!("{what}, element {i}")))
        .collect()
}

/// An array of exactly `N` numbers.
pub fn fixed_arg<const N: usize>(value: &Dynamic, what: &str) -> Result<[f64; N], ShellError> {
    let expected = || format!("an array of {N} numbers");
    let array = value
        .as_array_ref()
        .map_err(|_| ShellError::argument(what, expected(), describe(value)))?;
    if array.len() != N {
        return Err(ShellError::argument(what, expected(), describe(value)));
    }
    let mut out = [0.0; N];
    for (i, (slot, x)) in out.iter_mut().zip(array.iter()).enumerate() {
        *slot = f64_arg(x, &format!("{what}, element {i}"))?;
    }
    Ok(out)
}

/// A vector `[x, y, z]`.
pub fn vector3_arg(value: &Dynamic, what: &str) -> Result<Vector3<f64>, ShellError> {
    fixed_arg::<3>(value, what).map(Vector3::from)
}

/// A point `[x, y, z]`.
pub fn point3_arg(value: &Dynamic, what: &str) -> Result<Point3<f64>, ShellError> {
    fixed_arg::<3>(value, what).map(Point3::from)
}

/// An array of arrays of numbers (rows may differ in length; use [`matrix_arg`] when they may not).
pub fn rows_arg(value: &Dynamic, what: &str) -> Result<Vec<Vec<f64>>, ShellError> {
    let array = value.as_array_ref().map_err(|_| {
        ShellError::argument(what, "an array of arrays of numbers", describe(value))
    })?;
    array
        .iter()
        .enumerate()
        .map(|(i, row)| vec_arg(row, &format!("{what}, row {i}")))
        .collect()
}

/// An array of rows of equal length; returns the rows and their common length (0 when empty).
pub fn matrix_arg(value: &Dynamic, what: &str) -> Result<(Vec<Vec<f64>>, usize), ShellError> {
    let rows = rows_arg(value, what)?;
    let width = rows.first().map_or(0, Vec::len);
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
        return Err(ShellError::argument(
            format!("{what}, row {i}"),
            format!("{} like row 0", count(width, "number")),
            count(row.len(), "number"),
        ));
    }
    Ok((rows, width))
}

/// An array of points `[[x, y, z], ...]`.
pub fn points_arg(value: &Dynamic, what: &str) -> Result<Vec<Point3<f64>>, ShellError> {
    let array = value
        .as_array_ref()
        .map_err(|_| ShellError::argument(what, "an array of [x, y, z] points", describe(value)))?;
    array
        .iter()
        .enumerate()
        .map(|(i, p)| point3_arg(p, &format!("{what}, element {i}")))
        .collect()
}

/// Numbers as a Rhai array of `FLOAT`.
pub fn from_f64s(values: &[f64]) -> Array {
    values
        .iter()
        .map(|&x| Dynamic::from_float(x as FLOAT))
        .collect()
}

/// Indices or counts as a Rhai array of `INT` (saturating at `INT::MAX`).
pub fn from_indices(values: &[usize]) -> Array {
    values
        .iter()
        .map(|&i| Dynamic::from_int(INT::try_from(i).unwrap_or(INT::MAX)))
        .collect()
}

/// A vector as `[x, y, z]`.
pub fn from_vector3(v: &Vector3<f64>) -> Array {
    from_f64s(v.as_slice())
}

/// A point as `[x, y, z]`.
pub fn from_point3(p: &Point3<f64>) -> Array {
    from_f64s(p.coords.as_slice())
}

/// Points as `[[x, y, z], ...]`.
pub fn from_points(points: &[Point3<f64>]) -> Array {
    points
        .iter()
        .map(|p| Dynamic::from_array(from_point3(p)))
        .collect()
}

/// Vectors as `[[x, y, z], ...]`.
pub fn from_vectors(vectors: &[Vector3<f64>]) -> Array {
    vectors
        .iter()
        .map(|v| Dynamic::from_array(from_vector3(v)))
        .collect()
}

/// Rows of numbers as an array of arrays.
pub fn from_rows<R: AsRef<[f64]>>(rows: impl IntoIterator<Item = R>) -> Array {
    rows.into_iter()
        .map(|r| Dynamic::from_array(from_f64s(r.as_ref())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(values: Vec<Dynamic>) -> Dynamic {
        Dynamic::from_array(values)
    }

    #[test]
    fn integers_and_floats_are_numbers() {
        assert_eq!(f64_arg(&Dynamic::from_int(3), "x").expect("int"), 3.0);
        assert_eq!(f64_arg(&Dynamic::from_float(0.5), "x").expect("float"), 0.5);
        let v = arr(vec![1.into(), 2.5.into(), (-3).into()]);
        assert_eq!(
            vector3_arg(&v, "v").expect("mixed"),
            Vector3::new(1.0, 2.5, -3.0)
        );
    }

    #[test]
    fn errors_name_the_argument_and_the_element() {
        let err = f64_arg(&Dynamic::from("a"), "`r` of sphere()").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected a number for `r` of sphere(), got the string \"a\""
        );
        let v = arr(vec![1.into(), "b".into(), 3.into()]);
        let err = vector3_arg(&v, "`pos` of pose()").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected a number for `pos` of pose(), element 1, got the string \"b\""
        );
        let err = vector3_arg(&arr(vec![1.into(), 2.into()]), "`pos` of pose()").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected an array of 3 numbers for `pos` of pose(), got an array of 2 elements"
        );
        let err = f64_arg(&Dynamic::from_float(f64::NAN), "`r`").unwrap_err();
        assert!(err.to_string().contains("a finite number"), "{err}");
        let err = int_arg(&Dynamic::from_float(1.5), "`n`").unwrap_err();
        assert!(err.to_string().contains("expected an integer"), "{err}");
        let err = usize_arg(&Dynamic::from_int(-1), "`i`").unwrap_err();
        assert!(err.to_string().contains("non-negative"), "{err}");
    }

    #[test]
    fn matrices_must_be_rectangular() {
        let m = arr(vec![
            arr(vec![1.into(), 2.into()]),
            arr(vec![3.into(), 4.5.into()]),
        ]);
        let (rows, width) = matrix_arg(&m, "m").expect("rectangular");
        assert_eq!(width, 2);
        assert_eq!(rows, vec![vec![1.0, 2.0], vec![3.0, 4.5]]);
        let ragged = arr(vec![arr(vec![1.into(), 2.into()]), arr(vec![3.into()])]);
        let err = matrix_arg(&ragged, "`m` of f()").unwrap_err();
        assert_eq!(
            err.to_string(),
            "expected 2 numbers like row 0 for `m` of f(), row 1, got 1 number"
        );
        assert!(rows_arg(&ragged, "m").is_ok());
    }

    #[test]
    fn conversions_back_round_trip() {
        let p = Point3::new(0.25, -1.0, 3.0);
        let back = point3_arg(&Dynamic::from_array(from_point3(&p)), "p").expect("round trip");
        assert_eq!(back, p);
        let pts = vec![p, Point3::origin()];
        let back = points_arg(&Dynamic::from_array(from_points(&pts)), "pts").expect("points");
        assert_eq!(back, pts);
        let idx = from_indices(&[0, 7]);
        assert_eq!(idx[1].as_int().expect("int"), 7);
    }

    #[test]
    fn descriptions_are_readable() {
        assert_eq!(describe(&Dynamic::UNIT), "nothing (`()`)");
        assert_eq!(describe(&Dynamic::from(true)), "the boolean true");
        assert_eq!(describe(&arr(vec![])), "an empty array");
        let mut map = rhai::Map::new();
        map.insert("a".into(), 1.into());
        assert_eq!(describe(&Dynamic::from_map(map)), "a map with keys a");
    }
}
