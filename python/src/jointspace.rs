//! Joint-space collision sampling of morsel-jointspace: samplers, grid and random maps, the
//! collision boundary and the joint-space distance.

use std::sync::Arc;

use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, DistanceOptions, JointSelector, Measure, PairSelector,
    SampleOptions, SamplerSpec, jointspace_distance,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::convert::{COUNT, Options, count_arg, f64s_arg, seed_arg, sequence_arg, type_name};
use crate::errors::{ToPy, type_error, value_error};
use crate::kinematics::robot_arg;
pub use crate::sample_maps::{PyBoundary, PySampleMap};

/// Samples collisions of link or object pairs over a few joints.
#[pyclass(frozen, name = "CollisionSampler", module = "morsel")]
pub struct PySampler(Arc<CollisionSampler>);

impl PySampler {
    /// The sampler behind the Python object.
    pub(crate) fn sampler(&self) -> &CollisionSampler {
        &self.0
    }
}

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
    /// The sampled joints' ranges, [[lo, hi], ...].
    #[getter]
    fn ranges(&self) -> Vec<[f64; 2]> {
        self.0.subspace().ranges()
    }
    /// The exact signed mesh distance of the sampled pairs at one configuration `q` of the
    /// sampled joints, shape `(k,)` (negative: penetration depth).
    fn distance(&self, py: Python<'_>, q: &Bound<'_, PyAny>) -> PyResult<f64> {
        let q = f64s_arg(q, "`q` of distance()")?;
        let sampler = &self.0;
        py.detach(|| {
            sampler
                .evaluate(&q, &Measure::Distance(DistanceOptions::default()))
                .map_err(Box::new)
        })
        .map_err(|e| *e)
        .py()
    }
    /// {joints, ranges, q_indices (configuration indices), pairs}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let sub = self.0.subspace();
        let d = PyDict::new(py);
        d.set_item("joints", sub.names())?;
        d.set_item("ranges", sub.ranges())?;
        let indices: Vec<usize> = sub.joints().iter().map(|j| j.idx_q).collect();
        d.set_item("q_indices", indices)?;
        d.set_item("pairs", self.0.pair_names())?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        format!(
            "CollisionSampler(joints={:?}, pairs={:?})",
            self.0.subspace().names(),
            self.0.pair_names()
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
        } else if j.hasattr("__index__").unwrap_or(false) {
            let what = format!("option `joints` of collision_sampler()[{i}]");
            joints.push(JointSelector::Index(count_arg(
                j,
                &what,
                "a joint name or index",
            )?));
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

fn sample_options(o: &mut Options<'_>, function: &str) -> PyResult<SampleOptions> {
    let mut flag = |k: &str, default: bool| -> PyResult<bool> {
        o.take(k).map_or(Ok(default), |v| {
            v.extract::<bool>()
                .map_err(|_| type_error(format!("option `{k}` of {function}(): expected a bool")))
        })
    };
    let distance = flag("distance", true)?;
    let zero = flag("zero_in_collision", false)?;
    Ok(match (distance, zero) {
        (true, false) => SampleOptions::distance(),
        (true, true) => SampleOptions::distance().with_zero_in_collision(),
        (false, _) => SampleOptions::binary(),
    })
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
    // One count for every joint, or a sequence of counts, one per joint.
    let steps: Vec<usize> = if steps.try_iter().is_err() {
        vec![count_arg(steps, "`steps` of grid()", COUNT)?; dim]
    } else {
        sequence_arg(steps, "`steps` of grid()", "counts")?
            .iter()
            .enumerate()
            .map(|(i, x)| count_arg(x, &format!("`steps` of grid(), element {i}"), COUNT))
            .collect::<PyResult<_>>()?
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
    let map = crate::interrupt::detached(py, || s.grid(&steps, &options).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    Ok(PySampleMap(map))
}

fn sampler_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Arc<CollisionSampler>> {
    Ok(obj
        .cast::<PySampler>()
        .map_err(|_| {
            type_error(format!(
                "{what}: expected a CollisionSampler, got {}",
                type_name(obj)
            ))
        })?
        .get()
        .0
        .clone())
}

fn seed_of(o: &mut Options<'_>, function: &str) -> PyResult<u64> {
    match o.take("seed") {
        None => Ok(0),
        Some(s) => seed_arg(&s, &format!("option `seed` of {function}()")),
    }
}

/// `random(sampler, n, options=None)`: n configurations drawn uniformly in the ranges;
/// options seed (default 0, as the binary's default --seed), distance, zero_in_collision.
#[pyfunction]
#[pyo3(signature = (sampler, n, options=None, **kwargs))]
fn random(
    py: Python<'_>,
    sampler: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PySampleMap> {
    let s = sampler_arg(sampler, "`sampler` of random()")?;
    let n = count_arg(n, "`n` of random()", COUNT)?;
    let mut o = Options::new("random", options)?.merge(kwargs)?;
    let seed = seed_of(&mut o, "random")?;
    let options = sample_options(&mut o, "random")?;
    o.finish()?;
    let map = crate::interrupt::detached(py, || s.random(n, seed, &options).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    Ok(PySampleMap(map))
}

/// `boundary(sampler, n, options=None)`: n free configurations within `precision` (default
/// 1e-9) of a collision, by bisection; options precision, periodic, seed (default 0),
/// max_draws_per_point (default 10000).
#[pyfunction]
#[pyo3(signature = (sampler, n, options=None, **kwargs))]
fn boundary(
    py: Python<'_>,
    sampler: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyBoundary> {
    let s = sampler_arg(sampler, "`sampler` of boundary()")?;
    let n = count_arg(n, "`n` of boundary()", COUNT)?;
    let mut o = Options::new("boundary", options)?.merge(kwargs)?;
    let precision = o.f64("precision")?.unwrap_or(1e-9);
    let periodic = o
        .take("periodic")
        .map(|v| {
            v.extract::<bool>()
                .map_err(|_| type_error("option `periodic` of boundary(): expected a bool"))
        })
        .transpose()?;
    let seed = seed_of(&mut o, "boundary")?;
    let max_draws = o.take("max_draws_per_point").map(|v| {
        v.extract::<u64>().map_err(|_| {
            type_error("option `max_draws_per_point` of boundary(): expected a count >= 2")
        })
    });
    o.finish()?;
    let mut options = BoundaryOptions::new(n, precision, seed).without_progress();
    options.periodic = periodic;
    if let Some(draws) = max_draws.transpose()? {
        options.max_draws_per_point = draws;
    }
    let b = crate::interrupt::detached(py, || s.boundary(&options).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    Ok(PyBoundary(b))
}

/// `to_jointspace(map, boundary)`: the same samples valued by their signed joint-space
/// distance to the nearest boundary point (negative in collision).
#[pyfunction]
fn to_jointspace(
    py: Python<'_>,
    map: &Bound<'_, PyAny>,
    boundary: &Bound<'_, PyAny>,
) -> PyResult<PySampleMap> {
    let m = map.cast::<PySampleMap>().map_err(|_| {
        type_error(format!(
            "`map` of to_jointspace(): expected a SampleMap, got {}",
            type_name(map)
        ))
    })?;
    let b = boundary.cast::<PyBoundary>().map_err(|_| {
        type_error(format!(
            "`boundary` of to_jointspace(): expected a Boundary, got {}",
            type_name(boundary)
        ))
    })?;
    let (m, b) = (&m.get().0, &b.get().0);
    let out = crate::interrupt::detached(py, || jointspace_distance(m, b).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    Ok(PySampleMap(out))
}

/// Registers the jointspace classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySampler>()?;
    m.add_class::<PySampleMap>()?;
    m.add_function(wrap_pyfunction!(collision_sampler, m)?)?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    m.add_class::<PyBoundary>()?;
    m.add_function(wrap_pyfunction!(random, m)?)?;
    m.add_function(wrap_pyfunction!(boundary, m)?)?;
    m.add_function(wrap_pyfunction!(to_jointspace, m)?)?;
    Ok(())
}
