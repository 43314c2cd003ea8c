//! Joint-space models from Python (issue 38): `jointspace_model(samples, options)` fits one;
//! `model.distance(q)` / `model.gradient(q)` evaluate it at one configuration `(k,)` or a batch
//! `(n, k)`; `certify`, `predict`, `lost_motion`, `to_map` and `save(.h | .json | .npz)`. The
//! domain logic is `morsel_jointspace::model`, as for the Rhai front end.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use morsel_jointspace::model::{
    CHeaderOptions, Repulsion, c_header, lost_motion_map, predicted_map, repulsive_velocity,
    save_npz, to_json,
};
use morsel_jointspace::{FitOptions, FitReport, JointspaceModel, ModelKind, Validation, fit};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::convert::{
    Options, array2_arg, count_arg, f64_arg, f64s_arg, path_arg, seed_arg, type_name,
};
use crate::errors::{Kind, ToPy, error, type_error, value_error};
use crate::jointspace::PySampleMap;

/// A fitted model of the joint-space distance (a tanh network; periodic joints as cos/sin).
/// `certify` stores its offset in the model, so that a later `save` carries it.
#[pyclass(frozen, name = "JointspaceModel", module = "morsel")]
pub struct PyModel {
    model: Arc<Mutex<JointspaceModel>>,
    report: Option<FitReport>,
}

impl PyModel {
    fn lock(&self) -> PyResult<MutexGuard<'_, JointspaceModel>> {
        self.model
            .lock()
            .map_err(|_| value_error("the model is unusable (poisoned by an earlier panic)"))
    }
}

fn map_arg<'a>(obj: &'a Bound<'_, PyAny>, what: &str) -> PyResult<&'a PySampleMap> {
    obj.cast::<PySampleMap>().map(|m| m.get()).map_err(|_| {
        type_error(format!(
            "{what}: expected a SampleMap, got {}",
            type_name(obj)
        ))
    })
}

/// Whether `q` is a batch: a 2-D array, or a sequence whose first element is a sequence.
fn is_batch(q: &Bound<'_, PyAny>) -> PyResult<bool> {
    if q.is_instance_of::<PyString>() {
        return Ok(false);
    }
    if let Ok(ndim) = q.getattr("ndim") {
        return Ok(ndim.extract::<usize>().unwrap_or(0) == 2);
    }
    match q.get_item(0) {
        Ok(first) => Ok(!first.is_instance_of::<PyString>() && first.try_iter().is_ok()),
        Err(_) => Ok(false),
    }
}

fn single(q: &Bound<'_, PyAny>, function: &str) -> PyResult<Vec<f64>> {
    f64s_arg(q, &format!("`q` of {function}()"))
}

#[pymethods]
impl PyModel {
    /// The model's value (without its offset): a float at one configuration `q` of shape
    /// `(k,)`, or a float64 array `(n,)` for a batch `(n, k)`.
    fn distance<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if is_batch(q)? {
            let qs = array2_arg(q, "`q` of distance()", Some(self.lock()?.dim()))?;
            let view = qs.as_array();
            let guard = self.lock()?;
            let model: &JointspaceModel = &guard;
            let d = py
                .detach(|| model.distances(view).map_err(Box::new))
                .map_err(|e| *e)
                .py()?;
            return Ok(PyArray1::from_vec(py, d).into_any());
        }
        let q = single(q, "distance")?;
        Ok(self
            .lock()?
            .distance(&q)
            .py()?
            .into_pyobject(py)?
            .into_any())
    }

    /// The analytic gradient of the model's value with respect to q: `(k,)` at one
    /// configuration, `(n, k)` for a batch `(n, k)`.
    fn gradient<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if is_batch(q)? {
            let qs = array2_arg(q, "`q` of gradient()", Some(self.lock()?.dim()))?;
            let view = qs.as_array();
            let guard = self.lock()?;
            let model: &JointspaceModel = &guard;
            let g = py
                .detach(|| model.gradients(view).map_err(Box::new))
                .map_err(|e| *e)
                .py()?;
            return Ok(PyArray2::from_owned_array(py, g).into_any());
        }
        let q = single(q, "gradient")?;
        Ok(PyArray1::from_vec(py, self.lock()?.gradient(&q).py()?).into_any())
    }

    /// A controller's repulsive joint velocity at `q` `(k,)`: `gain·(threshold − m)` along the
    /// unit gradient of `m = distance − offset` where `m` is below `threshold`, zeros elsewhere.
    /// Options `threshold` (default 0.2) and `gain` (default 10.0).
    #[pyo3(signature = (q, options=None, **kwargs))]
    fn repulsion<'py>(
        &self,
        py: Python<'py>,
        q: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let mut o = Options::new("repulsion", options)?.merge(kwargs)?;
        let threshold = o.f64("threshold")?.unwrap_or(0.2);
        let gain = o.f64("gain")?.unwrap_or(10.0);
        o.finish()?;
        let q = single(q, "repulsion")?;
        let r = Repulsion { threshold, gain };
        let v = repulsive_velocity(&*self.lock()?, &q, &r).py()?;
        Ok(PyArray1::from_vec(py, v))
    }

    /// Certifies the model and stores the offset in it: on a `CollisionSampler`, a sound
    /// certificate over its whole box (options min_width, max_cells, time_budget,
    /// lost_samples, seed); on a `SampleMap`, an empirical check of its samples. The result
    /// says which (`certificate`: "sound" or "empirical").
    #[pyo3(signature = (map, options=None, **kwargs))]
    fn certify<'py>(
        &self,
        py: Python<'py>,
        map: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut guard = self.lock()?;
        let model: &mut JointspaceModel = &mut guard;
        crate::jointspace_certificate::certify_any(py, model, map, options, kwargs)
    }

    /// The map's samples valued by the model (without its offset).
    fn predict(&self, map: &Bound<'_, PyAny>) -> PyResult<PySampleMap> {
        let m = &map_arg(map, "`map` of predict()")?.0;
        Ok(PySampleMap(predicted_map(&*self.lock()?, m).py()?))
    }

    /// The map's samples valued 1 where model − offset keeps them free, 0 where they are free
    /// but lost to the offset, −1 where the map collides.
    fn lost_motion(&self, map: &Bound<'_, PyAny>) -> PyResult<PySampleMap> {
        let m = &map_arg(map, "`map` of lost_motion()")?.0;
        Ok(PySampleMap(lost_motion_map(&*self.lock()?, m).py()?))
    }

    /// {joints, ranges, kind, hidden, cells, parameters, offset, quantity}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let model = self.lock()?;
        let d = PyDict::new(py);
        d.set_item("joints", model.joints().to_vec())?;
        d.set_item("ranges", model.ranges().to_vec())?;
        d.set_item("kind", model.kind())?;
        d.set_item("hidden", model.hidden())?;
        d.set_item("cells", model.cells())?;
        d.set_item("parameters", model.param_count())?;
        d.set_item("offset", model.offset())?;
        d.set_item(
            "certificate",
            model.certification().map_or("none", |c| c.kind()),
        )?;
        d.set_item("quantity", model.quantity().label())?;
        Ok(d)
    }

    /// Writes the model: `.h` a self-contained C99 header (names prefixed by the file stem or
    /// the `prefix` option), `.json` or `.npz` its weights and encoding.
    #[pyo3(signature = (path, options=None, **kwargs))]
    fn save(
        &self,
        path: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let target = path_arg(path, "`path` of save()")?;
        let mut o = Options::new("save", options)?.merge(kwargs)?;
        let prefix = o.string("prefix")?;
        o.finish()?;
        let name = target.to_string_lossy().into_owned();
        let extension = target
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .unwrap_or_default();
        if prefix.is_some() && extension != "h" {
            return Err(value_error(format!(
                "cannot save {name}: the prefix option applies to C headers (.h) only"
            )));
        }
        let model = self.lock()?;
        let write = |text: String| {
            std::fs::write(&target, text).map_err(|e| {
                let kind = if e.kind() == std::io::ErrorKind::NotFound {
                    Kind::File
                } else {
                    Kind::Other
                };
                error(kind, format!("cannot write {name}: {e}"))
            })
        };
        match extension.as_str() {
            "h" => {
                let stem = target
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or("model");
                let prefix = prefix.unwrap_or_else(|| stem.to_string());
                write(c_header(&model, &CHeaderOptions { prefix }))
            }
            "json" => write(to_json(&model).py()?),
            "npz" => save_npz(&model, &target).py(),
            _ => Err(value_error(format!(
                "cannot save {name}: a joint-space model is saved as .h (C99 header), .json or .npz"
            ))),
        }
    }

    /// The joint names, in the model's order.
    #[getter]
    fn joints(&self) -> PyResult<Vec<String>> {
        Ok(self.lock()?.joints().to_vec())
    }
    /// The certified offset δ (0 until `certify`).
    #[getter]
    fn offset(&self) -> PyResult<f64> {
        Ok(self.lock()?.offset())
    }
    /// The number of weights and biases.
    #[getter]
    fn parameters(&self) -> PyResult<usize> {
        Ok(self.lock()?.param_count())
    }
    /// How the fit went: {train_samples, validation_samples, iterations, seconds, train_rmse,
    /// validation_rmse, validation_max, stopped_by}, or None.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.report.as_ref().map(|r| report_dict(py, r)).transpose()
    }
    fn __repr__(&self) -> String {
        match self.model.lock() {
            Ok(m) => m.to_string(),
            Err(_) => "JointspaceModel(poisoned)".into(),
        }
    }
}

fn report_dict<'py>(py: Python<'py>, r: &FitReport) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("train_samples", r.train_samples)?;
    d.set_item("validation_samples", r.validation_samples)?;
    d.set_item("iterations", r.iterations)?;
    d.set_item("seconds", r.seconds)?;
    d.set_item("train_rmse", r.train_rmse)?;
    d.set_item("validation_rmse", r.validation_rmse)?;
    d.set_item("validation_max", r.validation_max)?;
    d.set_item("stopped_by", r.stopped_by.clone())?;
    Ok(d)
}

/// The counts of option `key` (`hidden` or `cells`): one int or a list of them.
fn counts(value: Option<Bound<'_, PyAny>>, key: &str, one: &str) -> PyResult<Option<Vec<usize>>> {
    let what = format!("option `{key}` of jointspace_model()");
    Ok(Some(match value {
        None => return Ok(None),
        Some(v) if v.try_iter().is_ok() && !v.is_instance_of::<PyString>() => v
            .try_iter()?
            .enumerate()
            .map(|(i, w)| count_arg(&w?, &format!("{what}, element {i}"), one))
            .collect::<PyResult<_>>()?,
        Some(v) => vec![count_arg(&v, &what, &format!("{one} or a list of them"))?],
    }))
}

/// `jointspace_model(samples, options=None)`: fits a model of a map's distances: a tanh
/// network (kind "network", the default) by Levenberg–Marquardt (L-BFGS above 1500
/// parameters), or a cubic B-spline over a grid (kind "spline", up to 4 joints) by penalised
/// least squares; options kind, hidden ([16, 16]), cells (32 per joint), smoothing (1e-3),
/// seed (0), epochs (200 iterations), time_budget (None, seconds), validation (0.1, or a
/// SampleMap).
#[pyfunction]
#[pyo3(signature = (samples, options=None, **kwargs))]
fn jointspace_model(
    py: Python<'_>,
    samples: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyModel> {
    let map = &map_arg(samples, "`samples` of jointspace_model()")?.0;
    let mut o = Options::new("jointspace_model", options)?.merge(kwargs)?;
    let defaults = FitOptions::default();
    let hidden = counts(o.take("hidden"), "hidden", "a layer width (int >= 1)")?;
    let cells = counts(o.take("cells"), "cells", "a cell count (int >= 1)")?;
    let kind_name = o
        .take("kind")
        .map(|k| {
            k.extract::<String>().map_err(|_| {
                value_error(
                    "option `kind` of jointspace_model(): expected \"network\" or \"spline\"",
                )
            })
        })
        .transpose()?;
    let smoothing = o.f64("smoothing")?;
    let kind =
        ModelKind::from_options(kind_name.as_deref(), hidden.is_some(), cells, smoothing).py()?;
    let hidden = hidden.unwrap_or_else(|| defaults.hidden.clone());
    let seed = o
        .take("seed")
        .map(|s| seed_arg(&s, "option `seed` of jointspace_model()"))
        .transpose()?
        .unwrap_or(0);
    let epochs = o
        .take("epochs")
        .map(|e| {
            count_arg(
                &e,
                "option `epochs` of jointspace_model()",
                "an iteration count (int >= 0)",
            )
        })
        .transpose()?
        .map_or(defaults.epochs, |e| e as u64);
    let budget = o.f64("time_budget")?;
    let validation = match o.take("validation") {
        None => defaults.validation.clone(),
        Some(v) => match v.cast::<PySampleMap>() {
            Ok(m) => Validation::Map(m.get().0.clone()),
            Err(_) => Validation::Fraction(f64_arg(
                &v,
                "option `validation` of jointspace_model() (a fraction or a SampleMap)",
            )?),
        },
    };
    o.finish()?;
    let time_budget = match budget {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(value_error(format!(
                "option `time_budget` of jointspace_model(): expected a positive number of seconds, got {s}"
            )));
        }
        None => None,
    };
    let options = FitOptions {
        kind,
        hidden,
        seed,
        epochs,
        time_budget,
        validation,
        ..defaults
    };
    let (model, report) = crate::interrupt::detached(py, || fit(map, &options).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    Ok(PyModel {
        model: Arc::new(Mutex::new(model)),
        report: Some(report),
    })
}

/// Registers `JointspaceModel` and `jointspace_model`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyModel>()?;
    m.add_function(wrap_pyfunction!(jointspace_model, m)?)?;
    Ok(())
}
