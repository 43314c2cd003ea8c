//! `balance_map(stance, options=None, **kwargs)` (and `Stance.balance_map`): a static, robust or
//! torque-limited margin over a CoM grid, a list of CoMs or a list of robot configurations
//! (morsel-lab's `balance_map`), as a `BalanceMap` with `save(path)`; `plot_map` draws it.

use std::path::Path;

use morsel_lab::Value;
use morsel_lab::balance_map::{BalanceMap, BalancePoints, BalanceRequest, balance_map as map_of};
use morsel_lab::balance_map_output::{balance_map_value, save_balance_map};
use morsel_stability::{ComGrid, GridAxis, MarginKind, PolygonMethod};
use numpy::{PyArray1, PyArray2, PyArrayDyn};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{Options, array2_arg, f64s_arg, path_arg, torque_limits_option};
use crate::errors::{ToPy, save_error, value_error};
use crate::polygon_values::polygon_dict;
use crate::stability::live_stance_arg;

/// A balance map: one margin per CoM position or configuration.
#[pyclass(name = "BalanceMap", module = "morsel", frozen)]
pub struct PyBalanceMap(pub BalanceMap);

fn axis(o: &mut Options<'_>, key: &'static str) -> PyResult<Option<GridAxis>> {
    let Some(v) = o.take(key) else {
        return Ok(None);
    };
    let what = format!("option `{key}` of balance_map() ([min, max, steps])");
    let values = f64s_arg(&v, &what)?;
    let [min, max, steps] = values[..] else {
        return Err(value_error(format!(
            "{what}: expected [min, max, steps], got {} values",
            values.len()
        )));
    };
    if steps.fract() != 0.0 || steps < 1.0 || steps > usize::MAX as f64 {
        return Err(value_error(format!(
            "{what}: steps must be a whole number >= 1, got {steps}"
        )));
    }
    GridAxis::new(key, min, max, steps as usize).py().map(Some)
}

fn request(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<BalanceRequest> {
    let mut o = Options::new("balance_map", options)?.merge(kwargs)?;
    let kind: MarginKind = o
        .string("kind")?
        .unwrap_or_else(|| "static".into())
        .parse::<MarginKind>()
        .py()?;
    let (x, y, z) = (axis(&mut o, "x")?, axis(&mut o, "y")?, axis(&mut o, "z")?);
    let coms = o.take("coms");
    let configurations = o.take("configurations");
    let given = usize::from(x.is_some() || y.is_some() || z.is_some())
        + usize::from(coms.is_some())
        + usize::from(configurations.is_some());
    if given != 1 {
        return Err(value_error(format!(
            "balance_map(): give exactly one of a grid (x and y, optionally z), `coms` or `configurations`, got {given} of them"
        )));
    }
    let points = if let Some(c) = coms {
        let a = array2_arg(&c, "option `coms` of balance_map()", Some(3))?;
        let rows = a.as_array();
        BalancePoints::Coms(
            rows.rows()
                .into_iter()
                .map(|r| [r[0], r[1], r[2]])
                .collect(),
        )
    } else if let Some(q) = configurations {
        let a = array2_arg(&q, "option `configurations` of balance_map()", None)?;
        BalancePoints::Configurations(
            a.as_array()
                .rows()
                .into_iter()
                .map(|r| r.to_vec())
                .collect(),
        )
    } else {
        let (Some(x), Some(y)) = (x, y) else {
            return Err(value_error(
                "balance_map(): a grid needs both `x` and `y` ([min, max, steps])",
            ));
        };
        BalancePoints::Grid(ComGrid::new(x, y, z).py()?)
    };
    let mut request = BalanceRequest::new(kind, points);
    request.torque_limits = torque_limits_option(&mut o, "balance_map")?;
    if let Some(g) = o.take("generators") {
        request.generators = g.extract::<usize>().map_err(|_| {
            value_error(format!(
                "option `generators` of balance_map(): expected a whole number >= 3, got {}",
                g.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
    }
    o.finish()?;
    Ok(request)
}

/// `balance_map(stance, options=None, **kwargs)`: one margin over a CoM grid (`x`, `y`,
/// optional `z`: [min, max, steps]), `coms` ((n, 3)) or `configurations` ((n, nq)); `kind`
/// "static" (m), "robust" (N) or "torque" (m).
#[pyfunction]
#[pyo3(signature = (stance, options=None, **kwargs))]
fn balance_map(
    py: Python<'_>,
    stance: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyBalanceMap> {
    let s = live_stance_arg(stance, "`stance` of balance_map()")?;
    let request = request(options, kwargs)?;
    let map = py
        .detach(|| map_of(&s, &request).map_err(Box::new))
        .map_err(|e| *e)
        .py()?;
    Ok(PyBalanceMap(map))
}

fn py_of<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Unit => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Int(i) => i.into_pyobject(py)?.into_any(),
        Value::Float(x) => x.into_pyobject(py)?.into_any(),
        Value::Str(s) => s.into_pyobject(py)?.into_any(),
        Value::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(py_of(py, item)?)?;
            }
            list.into_any()
        }
        Value::Map(m) => {
            let d = PyDict::new(py);
            for (k, v) in m {
                d.set_item(k, py_of(py, v)?)?;
            }
            d.into_any()
        }
    })
}

#[pymethods]
impl PyBalanceMap {
    /// "static", "robust" or "torque".
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }
    /// "m" or "N".
    #[getter]
    fn unit(&self) -> &'static str {
        self.0.kind.unit()
    }
    /// The margins, float64 `(n,)`.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &self.0.values)
    }
    /// Rows [coordinates.., margin], float64 `(n, k + 1)`.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let rows = self.0.rows();
        let width = self.0.columns.len() + 1;
        crate::convert::rows_out(py, rows.len(), width, rows.concat())
    }
    /// The CoM of each point, float64 `(n, 3)`.
    #[getter]
    fn coms<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        crate::convert::rows_out(
            py,
            self.0.coms.len(),
            3,
            self.0.coms.as_flattened().to_vec(),
        )
    }
    /// The coordinates' names.
    #[getter]
    fn columns(&self) -> Vec<String> {
        self.0.columns.clone()
    }
    /// Steps per axis for grids (None otherwise).
    #[getter]
    fn steps(&self) -> Option<Vec<usize>> {
        self.0.steps.clone()
    }
    /// For grids, the margins as an array of shape `steps` (x first).
    #[getter]
    fn grid<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArrayDyn<f64>>>> {
        let Some(steps) = &self.0.steps else {
            return Ok(None);
        };
        let a = ndarray::ArrayD::from_shape_vec(steps.clone(), self.0.values.clone())
            .map_err(|e| value_error(format!("internal shape error: {e}")))?;
        Ok(Some(PyArrayDyn::from_owned_array(py, a)))
    }
    /// The static-equilibrium polygon, a dict like static_polygon's.
    #[getter]
    fn polygon<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        polygon_dict(py, PolygonMethod::Bretl, &self.0.polygon)
    }
    /// The polygon or feasible region the distances are to (None for robustness and
    /// configuration maps).
    #[getter]
    fn region<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.0
            .region
            .as_ref()
            .map(|r| polygon_dict(py, PolygonMethod::Bretl, r))
            .transpose()
    }
    /// {kind, unit, columns, steps, points, values, coms, polygon, region}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py_of(py, &balance_map_value(&self.0))
    }
    /// Writes the map: .npy and .csv the rows, .json to_map() (the bytes a script's save writes).
    fn save(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let target = path_arg(path, "`path` of save()")?;
        let name = target.to_string_lossy().into_owned();
        py.detach(|| save_balance_map(&name, Path::new(&target), &self.0).map(|_| ()))
            .map_err(|e| save_error(&name, e))
    }
    /// Draws the map as SVG (see plot_map).
    pub(crate) fn plot(&self, py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<()> {
        let target = path_arg(path, "`path` of plot_map()")?;
        py.detach(|| morsel_lab::balance_plot::plot_balance_map(&target, &self.0).map_err(Box::new))
            .map_err(|e| *e)
            .py()
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!(
            "BalanceMap({} margin, {} points over {})",
            self.0.kind,
            self.0.len(),
            self.0.columns.join(", ")
        )
    }
}

/// Registers `balance_map` and `BalanceMap`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBalanceMap>()?;
    m.add_function(wrap_pyfunction!(balance_map, m)?)
}
