//! Python values in and out: numbers, 3-vectors, float64 arrays, dicts.

use std::path::PathBuf;

use nalgebra::{Point3, Vector3, Vector6};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyComplex, PyDict, PyFloat, PyFrozenSet, PyInt, PyMapping, PySet,
    PyString,
};

use morsel_geometry::FileAccess;

use crate::errors::{ToPy, type_error, value_error};

/// A short description of a Python value's type, for error messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// Whether `obj` is a NumPy scalar or array of booleans or complex numbers (dtype kind "b" or
/// "c"): `float()` would turn them into numbers, dropping an imaginary part without an error.
fn bool_or_complex_numpy(obj: &Bound<'_, PyAny>) -> bool {
    obj.getattr("dtype")
        .and_then(|d| d.getattr("kind"))
        .and_then(|k| k.extract::<String>())
        .is_ok_and(|k| k == "b" || k == "c")
}

/// A string argument (a `str`; a name, a method, a convention): `what` names the argument and
/// the function, as in "`frame` of fk()".
pub fn string_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    match obj.cast::<PyString>() {
        Ok(s) => Ok(s.to_cow()?.into_owned()),
        Err(_) => Err(type_error(format!(
            "{what}: expected a string, got {}",
            type_name(obj)
        ))),
    }
}

/// An optional string argument (None when absent or None).
pub fn optional_string_arg(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<String>> {
    match obj {
        Some(o) if !o.is_none() => string_arg(o, what).map(Some),
        _ => Ok(None),
    }
}

/// What an iterable that is not an ordered sequence of values is, if `obj` is one: bytes
/// (whose items are byte values, not numbers a user meant), a set (no order) or a dict (its
/// keys). Sequence arguments refuse them rather than read something else than was meant.
pub fn not_a_sequence(obj: &Bound<'_, PyAny>) -> Option<&'static str> {
    if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
        Some("bytes")
    } else if obj.is_instance_of::<PySet>() || obj.is_instance_of::<PyFrozenSet>() {
        Some("a set (which has no order)")
    } else if obj.is_instance_of::<PyDict>() {
        Some("a dict")
    } else {
        None
    }
}

/// The items of a sequence argument (list, tuple, any iterable but a `str`, which would
/// iterate over its characters): `what` names the argument, `items` what it should hold (as
/// in "expected a sequence of link names").
pub fn sequence_arg<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    items: &str,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let refused =
        |got: String| type_error(format!("{what}: expected a sequence of {items}, got {got}"));
    if obj.is_instance_of::<PyString>() {
        return Err(refused("one str".into()));
    }
    if let Some(kind) = not_a_sequence(obj) {
        return Err(refused(kind.into()));
    }
    obj.try_iter()
        .map_err(|_| refused(type_name(obj)))?
        .collect()
}

/// Refuses a batch result of `bytes` above [`BATCH_RESULT_LIMIT`](morsel_lab::__private::batch_limit::BATCH_RESULT_LIMIT) (the shell's limit too);
/// `shape` says what it holds.
pub fn check_batch_result(function: &str, shape: &str, bytes: u128) -> PyResult<()> {
    morsel_lab::__private::batch_limit::check_batch_result(function, shape, bytes)
        .map_err(|e| value_error(e.to_string()))
}

/// The file-access policy of a loader's `root` argument: None reads anywhere (Python has no
/// sandbox by default); a folder confines the model and every file it names (includes,
/// meshes) to that folder, after resolving `..` and links, as the shell's `--root` does.
pub fn root_arg(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<FileAccess> {
    match obj {
        None => Ok(FileAccess::anywhere()),
        Some(o) if o.is_none() => Ok(FileAccess::anywhere()),
        Some(o) => {
            let folder = path_arg(o, what)?;
            if !folder.is_dir() {
                return Err(value_error(format!(
                    "{what}: {} is not a folder",
                    folder.display()
                )));
            }
            FileAccess::within([folder]).py()
        }
    }
}

/// How error messages name a count.
pub const COUNT: &str = "a count (int >= 0)";
/// How error messages name an index or a seed.
pub const NON_NEGATIVE_INT: &str = "an integer >= 0";

/// A seed (see [`count_arg`]; `what` names it), an integer >= 0 as the shell's `--seed` flag.
pub fn seed_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    count_arg(obj, what, NON_NEGATIVE_INT).map(|s| s as u64)
}

/// A non-negative integer (a count or an index; Python's or NumPy's integers, not a bool):
/// `expected` says what it is, as in "a count (int >= 0)". A bool or a non-integer is a type
/// error; a negative or oversized integer a value error that shows it.
pub fn count_arg(obj: &Bound<'_, PyAny>, what: &str, expected: &str) -> PyResult<usize> {
    if obj.is_instance_of::<PyBool>() {
        return Err(type_error(format!("{what}: expected {expected}, got bool")));
    }
    obj.extract::<usize>().map_err(|_| {
        // Anything with `__index__` is an integer (Python's int, NumPy's integers).
        if !obj.hasattr("__index__").unwrap_or(false) {
            return type_error(format!(
                "{what}: expected {expected}, got {}",
                type_name(obj)
            ));
        }
        // An integer, but negative or beyond the machine's counts.
        let got = match obj.extract::<i64>() {
            Ok(v) => v.to_string(),
            Err(_) if obj.lt(0).unwrap_or(false) => "a negative int too large to hold".into(),
            Err(_) => "an int too large to hold".into(),
        };
        value_error(format!("{what}: expected {expected}, got {got}"))
    })
}

/// A sequence of strings (see [`sequence_arg`]; `items` says what they are, as in "link
/// names"), element `i` named "`what`, element i".
pub fn strings_arg(obj: &Bound<'_, PyAny>, what: &str, items: &str) -> PyResult<Vec<String>> {
    sequence_arg(obj, what, items)?
        .iter()
        .enumerate()
        .map(|(i, item)| string_arg(item, &format!("{what}, element {i}")))
        .collect()
}

/// A number (int or float, not bool, complex nor str).
pub fn f64_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    if obj.is_exact_instance_of::<PyFloat>() {
        return obj
            .extract::<f64>()
            .map_err(|_| type_error(format!("{what}: expected a number, got {}", type_name(obj))));
    }
    if obj.is_exact_instance_of::<PyInt>() {
        // The only int a float cannot hold is one beyond its range (about 1.8e308).
        return obj.extract::<f64>().map_err(|_| {
            value_error(format!(
                "{what}: the int is too large for a float (beyond ±1.8e308)"
            ))
        });
    }
    if obj.is_instance_of::<PyBool>()
        || obj.is_instance_of::<PyString>()
        || obj.is_instance_of::<PyComplex>()
        || bool_or_complex_numpy(obj)
    {
        return Err(type_error(format!(
            "{what}: expected a number, got {} {}",
            type_name(obj),
            obj.repr().map(|r| r.to_string()).unwrap_or_default()
        )));
    }
    obj.extract::<f64>()
        .map_err(|_| type_error(format!("{what}: expected a number, got {}", type_name(obj))))
}

/// A finite number.
pub fn finite_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    let x = f64_arg(obj, what)?;
    if x.is_finite() {
        Ok(x)
    } else {
        Err(value_error(format!("{what} must be finite, got {x}")))
    }
}

/// A sequence (list, tuple, 1-D array) of numbers.
pub fn f64s_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<f64>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!(
            "{what}: expected a sequence of numbers, got str"
        )));
    }
    if let Some(kind) = not_a_sequence(obj) {
        return Err(type_error(format!(
            "{what}: expected a sequence of numbers, got {kind}"
        )));
    }
    if let Ok(a) = obj.cast::<PyArray1<f64>>() {
        let r = a
            .try_readonly()
            .map_err(|e| value_error(format!("{what}: the array cannot be read ({e})")))?;
        return Ok(r.as_array().iter().copied().collect());
    }
    let items = obj.try_iter().map_err(|_| {
        type_error(format!(
            "{what}: expected a sequence of numbers, got {}",
            type_name(obj)
        ))
    })?;
    let mut out = Vec::new();
    for (i, item) in items.enumerate() {
        out.push(f64_arg(&item?, &format!("{what}[{i}]"))?);
    }
    Ok(out)
}

/// Exactly three numbers.
pub fn vector3_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vector3<f64>> {
    let v = f64s_arg(obj, what)?;
    if v.len() != 3 {
        return Err(value_error(format!(
            "{what}: expected 3 numbers [x, y, z], got {}",
            v.len()
        )));
    }
    Ok(Vector3::new(v[0], v[1], v[2]))
}

/// A point [x, y, z].
pub fn point3_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Point3<f64>> {
    Ok(Point3::from(vector3_arg(obj, what)?))
}

/// A point [x, y, z] of finite numbers.
pub fn finite_point3_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Point3<f64>> {
    let p = point3_arg(obj, what)?;
    if p.iter().all(|x| x.is_finite()) {
        Ok(p)
    } else {
        Err(value_error(format!(
            "{what} must be finite, got [{}, {}, {}]",
            p.x, p.y, p.z
        )))
    }
}

/// A 2-D float64 array (anything `numpy.asarray` turns into one) with `cols` columns when given.
pub fn array2_arg<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    cols: Option<usize>,
) -> PyResult<PyReadonlyArray2<'py, f64>> {
    let array = match obj.cast::<PyArray2<f64>>() {
        Ok(a) => a.clone(),
        Err(_) => {
            let np = obj.py().import("numpy")?;
            // Booleans and complex numbers would convert to float64 (the imaginary part dropped).
            if let Ok(a) = np.call_method1("asarray", (obj,))
                && bool_or_complex_numpy(&a)
            {
                return Err(type_error(format!(
                    "{what}: expected a 2-D array of real numbers, got {} of dtype {}",
                    type_name(obj),
                    a.getattr("dtype")?
                )));
            }
            let converted = np.call_method1("asarray", (obj, "float64")).map_err(|e| {
                type_error(format!(
                    "{what}: expected a 2-D array of numbers, got {} ({e})",
                    type_name(obj)
                ))
            })?;
            converted.cast_into::<PyArray2<f64>>().map_err(|_| {
                value_error(format!(
                    "{what}: expected a 2-D array of numbers, got {}",
                    obj.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?
        }
    };
    if let Some(c) = cols
        && array.shape()[1] != c
    {
        return Err(value_error(format!(
            "{what}: expected {c} columns, got shape ({}, {})",
            array.shape()[0],
            array.shape()[1]
        )));
    }
    array
        .try_readonly()
        .map_err(|e| value_error(format!("{what}: the array cannot be read ({e})")))
}

/// A 3-vector as a NumPy array.
pub fn v3_out<'py>(py: Python<'py>, v: &Vector3<f64>) -> Bound<'py, PyArray1<f64>> {
    PyArray1::from_slice(py, v.as_slice())
}

/// Points as an (n, 3) NumPy array.
pub fn points_out<'py>(py: Python<'py>, points: &[Point3<f64>]) -> Bound<'py, PyArray2<f64>> {
    let flat: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.z]).collect();
    let a = ndarray::Array2::from_shape_vec((points.len(), 3), flat)
        .unwrap_or_else(|_| ndarray::Array2::zeros((0, 3)));
    PyArray2::from_owned_array(py, a)
}

/// Vectors as an (n, 3) NumPy array.
pub fn vectors_out<'py>(py: Python<'py>, v: &[Vector3<f64>]) -> Bound<'py, PyArray2<f64>> {
    let p: Vec<Point3<f64>> = v.iter().map(|v| Point3::from(*v)).collect();
    points_out(py, &p)
}

/// Rows of equal length as a 2-D NumPy array.
pub fn rows_out<'py>(
    py: Python<'py>,
    rows: usize,
    cols: usize,
    flat: Vec<f64>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let a = ndarray::Array2::from_shape_vec((rows, cols), flat)
        .map_err(|e| value_error(format!("internal shape error: {e}")))?;
    Ok(PyArray2::from_owned_array(py, a))
}

/// An options dict (None is an empty one); keys must be strings.
pub struct Options<'py> {
    function: &'static str,
    entries: Vec<(String, Bound<'py, PyAny>)>,
}

impl<'py> Options<'py> {
    /// Reads `obj` (a dict or None) as the options of `function`.
    pub fn new(function: &'static str, obj: Option<&Bound<'py, PyAny>>) -> PyResult<Self> {
        let mut entries = Vec::new();
        if let Some(obj) = obj
            && !obj.is_none()
        {
            let dict = obj.cast::<PyDict>().map_err(|_| {
                type_error(format!(
                    "options of {function}(): expected a dict, got {}",
                    type_name(obj)
                ))
            })?;
            for (k, v) in dict.iter() {
                let key: String = k.extract().map_err(|_| {
                    type_error(format!(
                        "options of {function}(): keys must be strings, got {}",
                        type_name(&k)
                    ))
                })?;
                entries.push((key, v));
            }
        }
        Ok(Self { function, entries })
    }

    /// Adds keyword arguments (they win over dict entries of the same name).
    pub fn merge(mut self, kwargs: Option<&Bound<'py, PyDict>>) -> PyResult<Self> {
        if let Some(kw) = kwargs {
            for (k, v) in kw.iter() {
                let key: String = k.extract()?;
                self.entries.retain(|(n, _)| n != &key);
                self.entries.push((key, v));
            }
        }
        Ok(self)
    }

    /// Takes an option out (None when absent or None).
    pub fn take(&mut self, name: &str) -> Option<Bound<'py, PyAny>> {
        let i = self.entries.iter().position(|(k, _)| k == name)?;
        let (_, v) = self.entries.remove(i);
        if v.is_none() { None } else { Some(v) }
    }

    /// Takes an option that must be there.
    pub fn required(&mut self, name: &str) -> PyResult<Bound<'py, PyAny>> {
        let function = self.function;
        self.take(name)
            .ok_or_else(|| value_error(format!("{function}(): option `{name}` is required")))
    }

    /// Takes a string option.
    pub fn string(&mut self, name: &str) -> PyResult<Option<String>> {
        match self.take(name) {
            None => Ok(None),
            Some(v) => v.extract::<String>().map(Some).map_err(|_| {
                type_error(format!(
                    "option `{name}` of {}(): expected a string, got {}",
                    self.function,
                    type_name(&v)
                ))
            }),
        }
    }

    /// Takes a bool option (a Python `bool`, not any truthy value).
    pub fn bool(&mut self, name: &str) -> PyResult<Option<bool>> {
        match self.take(name) {
            None => Ok(None),
            Some(v) => v.cast::<PyBool>().map(|b| Some(b.is_true())).map_err(|_| {
                type_error(format!(
                    "option `{name}` of {}(): expected a bool, got {}",
                    self.function,
                    type_name(&v)
                ))
            }),
        }
    }

    /// Takes a number option.
    pub fn f64(&mut self, name: &str) -> PyResult<Option<f64>> {
        let function = self.function;
        self.take(name)
            .map(|v| f64_arg(&v, &format!("option `{name}` of {function}()")))
            .transpose()
    }

    /// Fails on options that were not taken (unknown names).
    pub fn finish(self) -> PyResult<()> {
        if self.entries.is_empty() {
            return Ok(());
        }
        let names: Vec<&str> = self.entries.iter().map(|(k, _)| k.as_str()).collect();
        Err(crate::errors::name_error(format!(
            "unknown option(s) of {}(): {}",
            self.function,
            names.join(", ")
        )))
    }
}

/// The option `torque_limits` ({joint: N·m}) of `function` as (name, limit) pairs, or none.
pub fn torque_limits_option(o: &mut Options, function: &str) -> PyResult<Vec<(String, f64)>> {
    let mut out = Vec::new();
    if let Some(limits) = o.take("torque_limits") {
        let map = limits.cast::<PyMapping>().map_err(|_| {
            type_error(format!(
                "option `torque_limits` of {function}(): expected a dict {{joint: limit}}, got {}",
                type_name(&limits)
            ))
        })?;
        for item in map.items()?.iter() {
            let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
            let name = string_arg(
                &key,
                &format!("a joint name in option `torque_limits` of {function}()"),
            )?;
            let what = format!("limit of `{name}` in option `torque_limits` of {function}()");
            out.push((name, f64_arg(&value, &what)?));
        }
    }
    Ok(out)
}

/// A file path (str or os.PathLike).
pub fn path_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<PathBuf> {
    if obj.is_instance_of::<PyString>() {
        return Ok(PathBuf::from(obj.extract::<String>()?));
    }
    if obj.hasattr("__fspath__")? {
        let p = obj.call_method0("__fspath__")?;
        if let Ok(s) = p.extract::<String>() {
            return Ok(PathBuf::from(s));
        }
    }
    Err(type_error(format!(
        "{what}: expected a path (str or os.PathLike), got {}",
        type_name(obj)
    )))
}

/// A wrench [fx, fy, fz, tx, ty, tz] (finite).
pub fn wrench_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vector6<f64>> {
    let w = f64s_arg(obj, what)?;
    if w.len() != 6 {
        return Err(value_error(format!(
            "{what}: expected [fx, fy, fz, tx, ty, tz], got {} numbers",
            w.len()
        )));
    }
    if let Some(x) = w.iter().find(|x| !x.is_finite()) {
        return Err(value_error(format!(
            "{what}: expected finite numbers, got {x}"
        )));
    }
    Ok(Vector6::from_column_slice(&w))
}

/// A matrix as a (rows, columns) float64 array.
pub(crate) fn matrix_out<
    'py,
    R: nalgebra::Dim,
    C: nalgebra::Dim,
    S: nalgebra::RawStorage<f64, R, C>,
>(
    py: Python<'py>,
    m: &nalgebra::Matrix<f64, R, C, S>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (r, c) = m.shape();
    let flat: Vec<f64> = (0..r)
        .flat_map(|i| (0..c).map(move |j| (i, j)))
        .map(|(i, j)| m[(i, j)])
        .collect();
    rows_out(py, r, c, flat)
}
