//! Joint-space collision sampling of morsel-jointspace: `collision_sampler` and `grid`.

use std::sync::Arc;

use morsel_jointspace::{
    CollisionSampler, JointSelector, PairSelector, SampleMap, SampleOptions, SamplerSpec,
};
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::convert::{Options, f64s_arg, type_name};
use crate::errors::{ToPy, type_error, value_error};
use crate::kinematics::robot_arg;

/// Samples collisions of link or object pairs over a few joints.
#[pyclass(frozen, name = "CollisionSampler", module = "morsel")]
pub struct PySampler(Arc<CollisionSampler>);

#[pymethods]
impl PySampler {
    /// The sampled joints.
    #[getter]
    fn joints(&self) -> Vec<String> {
        self.0.subspace().names()
    }
    /// The sampled pairs.
    #[getter]
    fn pairs(&self) -> Vec<[String; 2]> {
        self.0.pair_names()
    }
    fn __repr__(&self) -> String {
        format!("CollisionSampler(joints={:?})", self.0.subspace().names())
    }
}

/// Sampled configurations, one value each.
#[pyclass(frozen, name = "SampleMap", module = "morsel")]
pub struct PySampleMap(SampleMap);

#[pymethods]
impl PySampleMap {
    /// Rows [q_1 .. q_k, value], (n, k + 1).
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        PyArray2::from_owned_array(py, self.0.rows().clone())
    }
    /// The sampled joints.
    #[getter]
    fn joints(&self) -> Vec<String> {
        self.0.joints().to_vec()
    }
    /// What the values are.
    #[getter]
    fn quantity(&self) -> String {
        self.0.quantity().label()
    }
    /// Steps per joint for grids (None for random maps).
    #[getter]
    fn steps(&self) -> Option<Vec<usize>> {
        self.0.steps().map(<[usize]>::to_vec)
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __repr__(&self) -> String {
        format!(
            "SampleMap({} samples of {})",
            self.0.len(),
            self.0.quantity().label()
        )
    }
}

fn strings<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(type_error(format!("{what}: expected a list, got a str")));
    }
    obj.try_iter()
        .map_err(|_| type_error(format!("{what}: expected a list, got {}", type_name(obj))))?
        .collect()
}

/// `collision_sampler(robot, spec)`: spec {joints: [name | index], ranges: [[lo, hi], ...] (or
/// one [lo, hi] for all), pairs: [[a, b], ...], reference: [q...]}.
#[pyfunction]
#[pyo3(signature = (robot, spec=None, **kwargs))]
fn collision_sampler(
    py: Python<'_>,
    robot: &Bound<'_, PyAny>,
    spec: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PySampler> {
    let model = robot_arg(robot, "`robot` of collision_sampler()")?.model()?;
    let mut o = Options::new("collision_sampler", spec)?.merge(kwargs)?;
    let joints_obj = o.required("joints")?;
    let mut joints = Vec::new();
    for (i, j) in strings(&joints_obj, "option `joints` of collision_sampler()")?
        .iter()
        .enumerate()
    {
        if let Ok(s) = j.extract::<String>() {
            joints.push(JointSelector::Name(s));
        } else if let Ok(k) = j.extract::<usize>() {
            joints.push(JointSelector::Index(k));
        } else {
            return Err(type_error(format!(
                "option `joints` of collision_sampler()[{i}]: expected a joint name or index, got {}",
                type_name(j)
            )));
        }
    }
    let ranges_obj = o.required("ranges")?;
    let what = "option `ranges` of collision_sampler()";
    let ranges: Vec<[f64; 2]> = match f64s_arg(&ranges_obj, what) {
        Ok(v) if v.len() == 2 => vec![[v[0], v[1]]; joints.len()],
        _ => strings(&ranges_obj, what)?
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let v = f64s_arg(r, &format!("{what}[{i}]"))?;
                <[f64; 2]>::try_from(v.as_slice()).map_err(|_| {
                    value_error(format!(
                        "{what}[{i}]: expected [lo, hi], got {} numbers",
                        v.len()
                    ))
                })
            })
            .collect::<PyResult<_>>()?,
    };
    let pairs_obj = o.required("pairs")?;
    let mut pairs = Vec::new();
    for (i, p) in strings(&pairs_obj, "option `pairs` of collision_sampler()")?
        .iter()
        .enumerate()
    {
        let names: Vec<String> = p.extract().map_err(|_| {
            type_error(format!(
                "option `pairs` of collision_sampler()[{i}]: expected a pair of names"
            ))
        })?;
        match &names[..] {
            [a, b] => pairs.push(PairSelector::new(a.clone(), b.clone())),
            _ => {
                return Err(value_error(format!(
                    "option `pairs` of collision_sampler()[{i}]: expected two names, got {}",
                    names.len()
                )));
            }
        }
    }
    let reference = o
        .take("reference")
        .map(|r| f64s_arg(&r, "option `reference` of collision_sampler()"))
        .transpose()?;
    o.finish()?;
    let mut spec = SamplerSpec::new(joints, ranges, pairs);
    spec.reference = reference;
    let sampler = py
        .detach(|| CollisionSampler::new(model, &spec).map_err(Box::new))
        .map_err(|e| *e)
        .py()?;
    Ok(PySampler(Arc::new(sampler)))
}

/// `grid(sampler, steps, options=None)`: a grid map, per joint lo + i (hi - lo) / n, i < n
/// (first joint fastest); options distance (default true: signed distances; false: 1 free /
/// 0 colliding), zero_in_collision.
#[pyfunction]
#[pyo3(signature = (sampler, steps, options=None, **kwargs))]
fn grid(
    py: Python<'_>,
    sampler: &Bound<'_, PyAny>,
    steps: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PySampleMap> {
    let s = sampler
        .cast::<PySampler>()
        .map_err(|_| {
            type_error(format!(
                "`sampler` of grid(): expected a CollisionSampler, got {}",
                type_name(sampler)
            ))
        })?
        .get()
        .0
        .clone();
    let dim = s.subspace().dim();
    let steps: Vec<usize> = match steps.extract::<usize>() {
        Ok(n) => vec![n; dim],
        Err(_) => steps
            .extract::<Vec<usize>>()
            .map_err(|_| type_error("`steps` of grid(): expected a count or a list of counts"))?,
    };
    let mut o = Options::new("grid", options)?.merge(kwargs)?;
    let flag = |o: &mut Options<'_>, k: &str, default: bool| -> PyResult<bool> {
        o.take(k).map_or(Ok(default), |v| {
            v.extract::<bool>()
                .map_err(|_| type_error(format!("option `{k}` of grid(): expected a bool")))
        })
    };
    let distance = flag(&mut o, "distance", true)?;
    let zero = flag(&mut o, "zero_in_collision", false)?;
    o.finish()?;
    let options = match (distance, zero) {
        (true, false) => SampleOptions::distance(),
        (true, true) => SampleOptions::distance().with_zero_in_collision(),
        (false, _) => SampleOptions::binary(),
    };
    let map = py
        .detach(|| s.grid(&steps, &options).map_err(Box::new))
        .map_err(|e| *e)
        .py()?;
    Ok(PySampleMap(map))
}

/// Registers the jointspace classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySampler>()?;
    m.add_class::<PySampleMap>()?;
    m.add_function(wrap_pyfunction!(collision_sampler, m)?)?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    Ok(())
}
