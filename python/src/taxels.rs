//! `Taxels`: Genesis-style kinematic taxels on a scene body, as in the script API.
//!
//! `taxels({...})` takes Genesis's option names and defaults (checked at once by
//! `TaxelConfig::validate`); the sensor is built for a scene at its first `read(scene)` and
//! rebuilt, with its history cleared, when it reads another scene. Readings are float64
//! arrays: `(probes, 3)` (or `(history, probes, 3)`), with an `envs` axis first for
//! `read_batch`.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_sensing::taxel::ContactDepthQuery;
use morsel_sensing::{Scene, TaxelConfig, TaxelReading, TaxelSensor};
use ndarray::{ArrayD, Axis};
use numpy::PyArrayDyn;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{
    COUNT, NON_NEGATIVE_INT, Options, array2_arg, count_arg, f64_arg, points_out, seed_arg,
    type_name, v3_out, vector3_arg, vectors_out,
};
use crate::errors::{Kind, ToPy, error, type_error, value_error};
use crate::sensing::{PyScene, scene_arg};

#[derive(Debug)]
pub(crate) struct Built {
    scene: PyScene,
    sensor: TaxelSensor,
    /// The last reading (measured or ground truth), for plot_forces and save("x.glb", taxels).
    pub(crate) last: Option<TaxelReading>,
}

/// Kinematic taxels: probes on a link that read a spring-damper force where they sink into
/// other bodies of a scene.
#[pyclass(frozen, name = "Taxels", module = "morsel")]
#[derive(Debug)]
pub struct PyTaxels {
    pub(crate) config: TaxelConfig,
    built: Mutex<Option<Built>>,
}

impl PyTaxels {
    pub(crate) fn lock(&self) -> PyResult<MutexGuard<'_, Option<Built>>> {
        crate::locking::lock(
            &self.built,
            "this taxel sensor was left broken by an earlier failure; rebuild it",
        )
    }

    /// The sensor built for `first` (rebuilt, with its state cleared, when the scene changes).
    pub(crate) fn sensor<'a>(
        built: &'a mut Option<Built>,
        config: &TaxelConfig,
        first: &PyScene,
        scene: &Scene,
    ) -> PyResult<&'a mut TaxelSensor> {
        if built
            .as_ref()
            .is_none_or(|b| !Arc::ptr_eq(&b.scene.0, &first.0))
        {
            let sensor = TaxelSensor::new(config.clone(), scene).py()?;
            *built = Some(Built {
                scene: first.clone(),
                sensor,
                last: None,
            });
        }
        match built.as_mut() {
            Some(b) => Ok(&mut b.sensor),
            None => Err(error(Kind::Other, "a taxel sensor was not built")),
        }
    }

    fn step<'py>(
        &self,
        py: Python<'py>,
        scene: &Bound<'py, PyAny>,
        truth: bool,
        function: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let sc = scene_arg(scene, &format!("`scene` of {function}()"))?;
        let reading = py.detach(|| self.read_scene(&sc, truth))?;
        reading_dict(py, reading, true)
    }

    /// One step on `sc` (the measured branch, or the ground truth), kept as the last reading.
    pub(crate) fn read_scene(&self, sc: &PyScene, truth: bool) -> PyResult<TaxelReading> {
        let state = sc.fresh()?;
        let mut built = self.lock()?;
        let sensor = Self::sensor(&mut built, &self.config, sc, &state.scene)?;
        let reading = if truth {
            sensor.read_ground_truth(&state.scene)
        } else {
            sensor.read(&state.scene)
        }
        .py()?;
        if let Some(b) = built.as_mut() {
            b.last = Some(reading.clone());
        }
        Ok(reading)
    }

    /// Runs `f` on the configuration and, once read, the scene last read and the last reading.
    pub fn with_last<T>(
        &self,
        f: impl FnOnce(&TaxelConfig, Option<(&Scene, &TaxelReading)>) -> T,
    ) -> PyResult<T> {
        // Scene before sensor, as `step` locks them.
        let last = self
            .lock()?
            .as_ref()
            .and_then(|b| b.last.clone().map(|r| (b.scene.clone(), r)));
        match last {
            Some((scene, reading)) => {
                let state = scene.fresh()?;
                Ok(f(&self.config, Some((&state.scene, &reading))))
            }
            None => Ok(f(&self.config, None)),
        }
    }
}

#[pymethods]
impl PyTaxels {
    /// The contact load on the link from the last reading (environment 0, newest step) at the
    /// link's pose in the scene last read (world frame): {force, moment (about option `point`,
    /// default the origin), cop (on the plane z = point[2]; None when |force[2]| <
    /// option `min_force`, default 1e-6 N)}.
    #[pyo3(signature = (options=None, **kwargs))]
    fn body_load<'py>(
        &self,
        py: Python<'py>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let options = crate::body_load::load_options(options, kwargs, "body_load")?;
        let load = self.with_last(|config, last| {
            let Some((scene, reading)) = last else {
                return Err(value_error(
                    "body_load(): the taxels were not read yet; call read(scene) first",
                ));
            };
            reading
                .link_load_in(scene, &config.link_name, 0, &options)
                .py()
        })??;
        crate::body_load::load_dict(py, &load)
    }
    /// `read(scene)`: one step of the measured branch: {force, torque, raw}, (probes, 3) (or
    /// (history, probes, 3)), link frame; raw is force.
    fn read<'py>(
        &self,
        py: Python<'py>,
        scene: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.step(py, scene, false, "read")
    }

    /// `read_ground_truth(scene)`: one step of the ground truth (nominal radius, no gain nor
    /// degradation), with its own history; shapes as read().
    fn read_ground_truth<'py>(
        &self,
        py: Python<'py>,
        scene: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.step(py, scene, true, "read_ground_truth")
    }

    /// `read_batch(scenes)`: the measured branch on several scenes of the same structure at
    /// once: {force, torque, raw} with an envs axis first.
    fn read_batch<'py>(
        &self,
        py: Python<'py>,
        scenes: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (handles, copies) = scenes_arg(scenes, &self.config, 6)?;
        let first = &handles[0];
        let mut built = self.lock()?;
        let sensor = Self::sensor(&mut built, &self.config, first, &copies[0])?;
        let reading = py.detach(|| sensor.read_batch(&copies)).py()?;
        if let Some(b) = built.as_mut() {
            b.last = Some(reading.clone());
        }
        reading_dict(py, reading, false)
    }

    /// `reset()`: clears both histories and the measured state (hysteresis, delay line); the
    /// noise streams restart.
    fn reset(&self) -> PyResult<()> {
        if let Some(b) = self.lock()?.as_mut() {
            b.sensor.reset();
        }
        Ok(())
    }

    /// The number of probes.
    #[getter]
    fn num_probes(&self) -> usize {
        self.config.probe_local_pos.len()
    }

    /// The probe centres in the link frame, (probes, 3).
    #[getter]
    fn probes<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray2<f64>> {
        points_out(py, &self.config.probe_local_pos)
    }

    /// The configuration as a dict (Genesis's option names).
    #[allow(clippy::wrong_self_convention)] // a pymethod: `self` is borrowed from Python
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = &self.config;
        let d = PyDict::new(py);
        d.set_item("link_name", &c.link_name)?;
        d.set_item("probe_local_pos", points_out(py, &c.probe_local_pos))?;
        d.set_item("probe_local_normal", v3_out(py, &c.probe_local_normal))?;
        d.set_item("probe_normals", vectors_out(py, &c.probe_normals))?;
        d.set_item("contact_depth_query", c.contact_depth_query.name())?;
        for (k, v) in [
            ("probe_radius", c.probe_radius),
            ("probe_radius_noise", c.probe_radius_noise),
            ("normal_stiffness", c.normal_stiffness),
            ("normal_damping", c.normal_damping),
            ("normal_exponent", c.normal_exponent),
            ("shear_scalar", c.shear_scalar),
            ("twist_scalar", c.twist_scalar),
            ("probe_gain", c.probe_gain),
            ("noise", c.noise),
            ("bias", c.bias),
            ("resolution", c.resolution),
            ("crosstalk", c.crosstalk),
            ("crosstalk_radius", c.crosstalk_radius),
            ("hysteresis", c.hysteresis),
        ] {
            d.set_item(k, v)?;
        }
        d.set_item("history_length", c.history_length)?;
        d.set_item("seed", c.seed)?;
        d.set_item("delay", c.delay)?;
        d.set_item("jitter", c.jitter)?;
        d.set_item("dead_taxels", c.dead_taxels.clone())?;
        Ok(d)
    }

    fn __len__(&self) -> usize {
        self.config.probe_local_pos.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Taxels({} probes on {}, stiffness {})",
            self.config.probe_local_pos.len(),
            self.config.link_name,
            self.config.normal_stiffness
        )
    }
}

/// The scenes of `read_batch(scenes)` (a non-empty list) and copies of their current state.
/// The scenes of a `read_batch`, refused when the result (`values` f64 per probe of `config`,
/// per scene and history step) would be above the batch limit.
pub(crate) fn scenes_arg(
    scenes: &Bound<'_, PyAny>,
    config: &TaxelConfig,
    values: usize,
) -> PyResult<(Vec<PyScene>, Vec<Scene>)> {
    let what = "`scenes` of read_batch()";
    let list = scenes.cast::<PyList>().map_err(|_| {
        type_error(format!(
            "{what}: expected a list of Scene, got {}",
            type_name(scenes)
        ))
    })?;
    morsel_lab::__private::batch_limit::check_taxel_batch(
        "read_batch()",
        list.len(),
        config.probe_local_pos.len(),
        config.history_length,
        values,
    )
    .map_err(|e| value_error(e.to_string()))?;
    let mut handles = Vec::with_capacity(list.len());
    for (i, s) in list.iter().enumerate() {
        handles.push(scene_arg(&s, &format!("{what}, element {i}"))?);
    }
    if handles.is_empty() {
        return Err(value_error(format!(
            "{what}: expected at least one Scene, got an empty list"
        )));
    }
    let mut copies = Vec::with_capacity(handles.len());
    for h in &handles {
        copies.push(h.fresh()?.scene.clone());
    }
    Ok((handles, copies))
}

/// A reading as {force, torque, raw}; `drop_env` removes the single-environment axis.
fn reading_dict(py: Python<'_>, r: TaxelReading, drop_env: bool) -> PyResult<Bound<'_, PyDict>> {
    let shape = |a: ArrayD<f64>| -> ArrayD<f64> {
        if drop_env && a.shape().first() == Some(&1) {
            a.index_axis_move(Axis(0), 0)
        } else {
            a
        }
    };
    let force = PyArrayDyn::from_owned_array(py, shape(r.force));
    let d = PyDict::new(py);
    d.set_item("raw", force.clone())?;
    d.set_item("force", force)?;
    d.set_item("torque", PyArrayDyn::from_owned_array(py, shape(r.torque)))?;
    Ok(d)
}

/// A count option (an int >= 0), 0 when absent.
fn count(o: &mut Options<'_>, function: &str, key: &str) -> PyResult<usize> {
    match o.take(key) {
        None => Ok(0),
        Some(v) => count_arg(&v, &format!("option `{key}` of {function}()"), COUNT),
    }
}

/// The options every taxel function shares: the law, the history, the measured branch and the
/// seed (default `seed()`).
fn law_options(o: &mut Options<'_>, function: &str) -> PyResult<TaxelConfig> {
    let d = TaxelConfig::default();
    let history_length = count(o, function, "history_length")?;
    let delay = count(o, function, "delay")?;
    let jitter = count(o, function, "jitter")?;
    let dead_taxels = match o.take("dead_taxels") {
        None => Vec::new(),
        Some(v) => {
            let what = format!("option `dead_taxels` of {function}()");
            let items = v.try_iter().map_err(|_| {
                type_error(format!(
                    "{what}: expected a list of probe indices, got {}",
                    type_name(&v)
                ))
            })?;
            let mut out = Vec::new();
            for (i, item) in items.enumerate() {
                out.push(count_arg(
                    &item?,
                    &format!("{what}, element {i}"),
                    NON_NEGATIVE_INT,
                )?);
            }
            out
        }
    };
    let seed = match o.take("seed") {
        None => crate::run_env::default_seed()?,
        Some(v) => seed_arg(&v, &format!("option `seed` of {function}()"))?,
    };
    let contact_depth_query = match o.string("contact_depth_query")? {
        None => d.contact_depth_query,
        Some(name) => ContactDepthQuery::from_name(&name).py()?,
    };
    let mut f = |key: &str, default: f64| -> PyResult<f64> { Ok(o.f64(key)?.unwrap_or(default)) };
    Ok(TaxelConfig {
        contact_depth_query,
        probe_radius: f("probe_radius", d.probe_radius)?,
        probe_radius_noise: f("probe_radius_noise", d.probe_radius_noise)?,
        normal_stiffness: f("normal_stiffness", d.normal_stiffness)?,
        normal_damping: f("normal_damping", d.normal_damping)?,
        normal_exponent: f("normal_exponent", d.normal_exponent)?,
        shear_scalar: f("shear_scalar", d.shear_scalar)?,
        twist_scalar: f("twist_scalar", d.twist_scalar)?,
        probe_gain: f("probe_gain", d.probe_gain)?,
        noise: f("noise", d.noise)?,
        bias: f("bias", d.bias)?,
        resolution: f("resolution", d.resolution)?,
        crosstalk: f("crosstalk", d.crosstalk)?,
        crosstalk_radius: f("crosstalk_radius", d.crosstalk_radius)?,
        hysteresis: f("hysteresis", d.hysteresis)?,
        history_length,
        seed,
        delay,
        jitter,
        dead_taxels,
        ..d
    })
}

fn built(config: TaxelConfig) -> PyResult<PyTaxels> {
    config.validate().py()?;
    Ok(PyTaxels {
        config,
        built: Mutex::new(None),
    })
}

/// `taxels(options)`: kinematic taxels on a body (Genesis's options and defaults; the
/// measured-branch options default to off; seed defaults to seed()).
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn taxels(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTaxels> {
    make_taxels("taxels", options, kwargs)
}

/// Taxels from the options of `taxels()`, for `function` (taxels, taxel_contacts,
/// taxel_depths).
pub(crate) fn make_taxels(
    function: &'static str,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTaxels> {
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let d = TaxelConfig::default();
    let link_name = o
        .string("link_name")?
        .ok_or_else(|| value_error(format!("{function}(): option `link_name` is required")))?;
    let probe_local_pos = match o.take("probe_local_pos") {
        None => d.probe_local_pos.clone(),
        Some(p) => {
            let a = array2_arg(
                &p,
                &format!("option `probe_local_pos` of {function}()"),
                Some(3),
            )?;
            a.as_array()
                .rows()
                .into_iter()
                .map(|r| nalgebra::Point3::new(r[0], r[1], r[2]))
                .collect()
        }
    };
    let probe_local_normal = match o.take("probe_local_normal") {
        None => d.probe_local_normal,
        Some(n) => vector3_arg(&n, &format!("option `probe_local_normal` of {function}()"))?,
    };
    let config = TaxelConfig {
        link_name,
        probe_local_pos,
        probe_local_normal,
        ..law_options(&mut o, function)?
    };
    o.finish()?;
    built(config)
}

/// `taxel_skin(scene, options)`: probes `spacing` apart over every collider of `body`, with
/// the surface's outward normals; the other options as taxels() (but link_name and probes).
#[pyfunction]
#[pyo3(signature = (scene, options=None, **kwargs))]
fn taxel_skin(
    scene: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTaxels> {
    let function = "taxel_skin";
    let sc = scene_arg(scene, "`scene` of taxel_skin()")?;
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let body = o
        .string("body")?
        .ok_or_else(|| value_error("taxel_skin(): option `body` is required"))?;
    let spacing = o.required("spacing")?;
    let spacing = f64_arg(&spacing, "option `spacing` of taxel_skin()")?;
    let base = law_options(&mut o, function)?;
    o.finish()?;
    let state = sc.fresh()?;
    built(base.skin(&state.scene, &body, spacing).py()?)
}

/// Registers `Taxels`, `taxels` and `taxel_skin`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTaxels>()?;
    m.add_function(wrap_pyfunction!(taxels, m)?)?;
    m.add_function(wrap_pyfunction!(taxel_skin, m)?)?;
    Ok(())
}
