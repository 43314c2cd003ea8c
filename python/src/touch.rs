//! MIMo-style touch over a scene's bodies, and contacts given as NumPy batches or lists.

use std::sync::{Mutex, MutexGuard};

use morsel_sensing::{Contact, MeshLayout, Touch, TouchConfig};
use nalgebra::{Point3, Unit, Vector3};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::convert::{
    Options, array2_arg, f64_arg, f64s_arg, sequence_arg, string_arg, type_name, vector3_arg,
};
use crate::errors::{ToPy, name_error, type_error, value_error};

use crate::mimo::write_sparse;
use crate::sensing::{PyScene, SceneState, contact_dict, scene_arg};

/// MIMo-style touch sensors over a scene's bodies.
#[pyclass(frozen, name = "Touch", module = "morsel")]
#[derive(Debug)]
pub struct PyTouch {
    pub(crate) scene: PyScene,
    touch: Mutex<Touch>,
}

impl PyTouch {
    /// Runs `f` on the (refreshed) scene and the sensor.
    pub fn with_scene<T>(
        &self,
        f: impl FnOnce(&morsel_sensing::Scene, &Touch) -> T,
    ) -> PyResult<T> {
        // Scene before sensor (src/locking.rs).
        let s = self.scene.fresh()?;
        let touch = self.lock()?;
        Ok(f(&s.scene, &touch))
    }

    pub(crate) fn lock(&self) -> PyResult<MutexGuard<'_, Touch>> {
        crate::locking::lock(
            &self.touch,
            "this touch sensor was left broken by an earlier failure; rebuild it",
        )
    }
}

const CONTACT_KEYS: [&str; 6] = ["body_a", "body_b", "position", "normal", "depth", "force"];
/// Keys that `morsel.mujoco.contacts` adds and observe does not need.
const IGNORED_KEYS: [&str; 3] = ["geom_a", "geom_b", "count"];
/// The optional contact frame (n, 3, 3) or (n, 9): rows normal, tangent 1, tangent 2, as
/// MuJoCo gives it; its first tangent is the contact's [`Contact::tangent`].
const FRAME_KEY: &str = "frame";

fn names_arg(s: &SceneState, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<usize>> {
    sequence_arg(obj, what, "body names")?
        .iter()
        .enumerate()
        .map(|(i, x)| {
            // A known name is looked up without building the error's text (this runs for
            // every contact of every step).
            if let Ok(name) = x.cast::<PyString>()
                && let Some(b) = s.known_body(name.to_cow()?.as_ref())
            {
                return Ok(b);
            }
            s.body_index(x, &format!("{what}[{i}]"))
        })
        .collect()
}

fn batch_contacts(s: &SceneState, d: &Bound<'_, PyDict>) -> PyResult<Vec<Contact>> {
    for (k, _) in d.iter() {
        let key: String = k
            .extract()
            .map_err(|_| type_error("contacts: keys must be strings"))?;
        if !CONTACT_KEYS.contains(&key.as_str())
            && !IGNORED_KEYS.contains(&key.as_str())
            && key != FRAME_KEY
        {
            return Err(name_error(format!(
                "contacts: unknown key `{key}`; expected {} (and optionally {FRAME_KEY})",
                CONTACT_KEYS.join(", ")
            )));
        }
    }
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> {
        d.get_item(k)?.ok_or_else(|| {
            value_error(format!(
                "contacts: missing key `{k}` (a batch needs {})",
                CONTACT_KEYS.join(", ")
            ))
        })
    };
    let a = names_arg(s, &get("body_a")?, "contacts[\"body_a\"]")?;
    let b = names_arg(s, &get("body_b")?, "contacts[\"body_b\"]")?;
    let n = a.len();
    let position = array2_arg(&get("position")?, "contacts[\"position\"]", Some(3))?;
    let normal = array2_arg(&get("normal")?, "contacts[\"normal\"]", Some(3))?;
    let force = array2_arg(&get("force")?, "contacts[\"force\"]", Some(3))?;
    let depth = match d.get_item("depth")? {
        Some(x) if !x.is_none() => f64s_arg(&x, "contacts[\"depth\"]")?,
        _ => vec![0.0; n],
    };
    let frame = match d.get_item(FRAME_KEY)? {
        Some(x) if !x.is_none() => Some(frame_arg(&x)?),
        _ => None,
    };
    let (p, nm, f) = (position.as_array(), normal.as_array(), force.as_array());
    for (what, len) in [
        ("body_b", b.len()),
        ("position", p.nrows()),
        ("normal", nm.nrows()),
        ("force", f.nrows()),
        ("depth", depth.len()),
        ("frame", frame.as_ref().map_or(n, Vec::len)),
    ] {
        if len != n {
            return Err(value_error(format!(
                "contacts[\"{what}\"] has {len} rows but body_a has {n}: every entry needs one row per contact"
            )));
        }
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let mut c = Contact::new(
            a[i],
            b[i],
            Point3::new(p[(i, 0)], p[(i, 1)], p[(i, 2)]),
            Vector3::new(nm[(i, 0)], nm[(i, 1)], nm[(i, 2)]),
            depth[i],
            Vector3::new(f[(i, 0)], f[(i, 1)], f[(i, 2)]),
        )
        .map_err(|e| e.for_contact(i))
        .py()?;
        if let Some(frames) = &frame {
            c.tangent = Some(tangent_of(&frames[i], i)?);
        }
        c.validate(i, &s.scene).py()?;
        out.push(c);
    }
    Ok(out)
}

/// The output of `touch`'s last observation as a new array: zeros (allocated lazily by the
/// system) with the sensors the observation wrote copied in, instead of a copy of every
/// sensor (a step reaches a few dozen of thousands of sensors).
fn sparse_output<'py>(py: Python<'py>, touch: &Touch) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let out = PyArray1::<f64>::zeros(py, touch.output().len(), false);
    write_sparse(touch, out.as_any())?;
    Ok(out)
}

/// The contact frames of a batch: (n, 3, 3) or (n, 9), rows normal, tangent 1, tangent 2.
fn frame_arg(x: &Bound<'_, PyAny>) -> PyResult<Vec<[f64; 9]>> {
    let what = "contacts[\"frame\"]";
    // The (n, 3, 3) float64 array `morsel.mujoco.contacts` gives, read as it is.
    if let Ok(a) = x.cast::<PyArray3<f64>>()
        && let Ok(r) = a.try_readonly()
        && r.shape()[1..] == [3, 3]
    {
        let v = r.as_array();
        return Ok(v
            .outer_iter()
            .map(|m| std::array::from_fn(|k| m[(k / 3, k % 3)]))
            .collect());
    }
    let flat = x
        .py()
        .import("numpy")?
        .call_method1("asarray", (x,))
        .and_then(|a| a.call_method1("reshape", ((-1_i64, 9_i64),)))
        .map_err(|_| {
            value_error(format!(
                "{what}: expected an (n, 3, 3) or (n, 9) array of contact frames"
            ))
        })?;
    let rows = array2_arg(&flat, what, Some(9))?;
    Ok(rows
        .as_array()
        .rows()
        .into_iter()
        .map(|r| std::array::from_fn(|k| r[k]))
        .collect())
}

/// The first tangent of contact `i`'s frame (its second row), as a unit vector.
fn tangent_of(frame: &[f64; 9], i: usize) -> PyResult<Unit<Vector3<f64>>> {
    let t = Vector3::new(frame[3], frame[4], frame[5]);
    let norm = t.norm();
    if !(norm.is_finite() && norm > 0.0) {
        return Err(value_error(format!(
            "contacts[\"frame\"][{i}]: the first tangent (second row) must be a finite non-zero vector, got {t:?}"
        )));
    }
    Ok(Unit::new_unchecked(t / norm))
}

fn list_contacts(s: &SceneState, list: &Bound<'_, PyAny>) -> PyResult<Vec<Contact>> {
    let mut out = Vec::new();
    for (i, item) in list
        .try_iter()
        .map_err(|_| {
            type_error(format!(
                "contacts: expected a dict of arrays or a list of dicts, got {}",
                type_name(list)
            ))
        })?
        .enumerate()
    {
        let item = item?;
        let w = format!("contacts[{i}]");
        let mut o = Options::new("observe", Some(&item))
            .map_err(|_| type_error(format!("{w}: expected a dict, got {}", type_name(&item))))?;
        fn req<'py>(o: &mut Options<'py>, w: &str, k: &str) -> PyResult<Bound<'py, PyAny>> {
            o.take(k)
                .ok_or_else(|| value_error(format!("{w}: missing key `{k}`")))
        }
        let a = s.body_index(&req(&mut o, &w, "body_a")?, &format!("{w}[\"body_a\"]"))?;
        let b = s.body_index(&req(&mut o, &w, "body_b")?, &format!("{w}[\"body_b\"]"))?;
        let p = vector3_arg(&req(&mut o, &w, "position")?, &format!("{w}[\"position\"]"))?;
        let n = vector3_arg(&req(&mut o, &w, "normal")?, &format!("{w}[\"normal\"]"))?;
        let f = vector3_arg(&req(&mut o, &w, "force")?, &format!("{w}[\"force\"]"))?;
        let depth = o
            .take("depth")
            .map(|x| f64_arg(&x, &format!("{w}[\"depth\"]")))
            .transpose()?
            .unwrap_or(0.0);
        o.finish()?;
        let c = Contact::new(a, b, Point3::from(p), n, depth, f)
            .map_err(|e| e.for_contact(i))
            .py()?;
        c.validate(i, &s.scene).py()?;
        out.push(c);
    }
    Ok(out)
}

#[pymethods]
impl PyTouch {
    /// One observation. Without contacts: from the scene's geometry (penalty contacts). With
    /// contacts (normal from a to b, force on b, world frame): a dict of arrays
    /// {body_a, body_b: names (n,), position, normal, force: (n, 3), depth: (n,)} and
    /// optionally frame (n, 3, 3) (rows normal, tangents: MuJoCo's contact frame, which
    /// MIMo's `normal_force` reads) as `morsel.mujoco.contacts` returns, or a list of dicts.
    /// Returns the flat output.
    #[pyo3(signature = (contacts=None))]
    fn observe<'py>(
        &self,
        py: Python<'py>,
        contacts: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let s = self.scene.fresh()?;
        let mut guard = self.lock()?;
        let touch: &mut Touch = &mut guard;
        let out = match contacts {
            None => {
                let (scene, law) = (&s.scene, &s.law);
                py.detach(|| touch.observe(scene, law).map(<[f64]>::to_vec))
                    .py()?
            }
            Some(c) => {
                let list = if let Ok(d) = c.cast::<PyDict>() {
                    batch_contacts(&s, d)?
                } else {
                    list_contacts(&s, c)?
                };
                let scene = &s.scene;
                py.detach(|| touch.observe_contacts(scene, &list).map(|_| ()))
                    .py()?;
                return sparse_output(py, touch);
            }
        };
        Ok(PyArray1::from_vec(py, out))
    }

    /// The last output of a body's sensors: (n_sensors, 3), or (n_sensors,) for scalar touch
    /// functions.
    fn body_output<'py>(
        &self,
        py: Python<'py>,
        body: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let body = string_arg(body, "`body` of Touch.body_output()")?;
        let touch = self.lock()?;
        let view = touch.body_output(&body).py()?;
        if view.ncols() == 1 {
            return Ok(PyArray1::from_iter(py, view.iter().copied()).into_any());
        }
        Ok(PyArray2::from_owned_array(py, view.to_owned()).into_any())
    }

    /// The contact load on `body` felt by its sensors in the last observation (world frame):
    /// {force, moment (about option `point`, default the origin), cop (on the plane
    /// z = point[2]; None when |force[2]| < option `min_force`, default 1e-6 N)}. Needs a
    /// force-valued touch function.
    #[pyo3(signature = (body, options=None, **kwargs))]
    fn body_load<'py>(
        &self,
        py: Python<'py>,
        body: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let body = string_arg(body, "`body` of Touch.body_load()")?;
        let options = crate::body_load::load_options(options, kwargs, "body_load")?;
        let load = self
            .with_scene(|scene, touch| touch.body_load(scene, &body, &options))?
            .py()?;
        crate::body_load::load_dict(py, &load)
    }

    /// A body's sensor positions in its frame, (n_sensors, 3), aligned with body_output.
    fn sensor_positions<'py>(
        &self,
        py: Python<'py>,
        body: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let body = string_arg(body, "`body` of Touch.sensor_positions()")?;
        Ok(crate::convert::points_out(
            py,
            &self.lock()?.sensor_positions(&body).py()?,
        ))
    }

    /// {body: {vertices, active}}.
    fn sensor_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let touch = self.lock()?;
        let out = PyDict::new(py);
        for (body, vertices, active) in touch.model().sensor_counts() {
            let d = PyDict::new(py);
            d.set_item("vertices", vertices)?;
            d.set_item("active", active)?;
            out.set_item(body, d)?;
        }
        Ok(out)
    }

    /// The contacts of the last observation.
    fn contacts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        // Scene before sensor (src/locking.rs).
        let s = self.scene.lock()?;
        let touch = self.lock()?;
        let out = PyList::empty(py);
        for c in touch.contacts() {
            out.append(contact_dict(py, &s.scene, c)?)?;
        }
        Ok(out)
    }

    /// The flat output of the last observation.
    #[getter]
    fn output<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(PyArray1::from_slice(py, self.lock()?.output()))
    }

    /// The number of sensors.
    #[getter]
    fn sensor_count(&self) -> PyResult<usize> {
        Ok(self.lock()?.model().sensor_count())
    }

    /// Values per sensor (1 or 3).
    #[getter]
    fn values_per_sensor(&self) -> PyResult<usize> {
        Ok(self.lock()?.model().values_per_sensor())
    }

    /// The sensing bodies.
    #[getter]
    fn bodies(&self) -> PyResult<Vec<String>> {
        Ok(self
            .lock()?
            .model()
            .sensing_bodies()
            .into_iter()
            .map(str::to_string)
            .collect())
    }

    /// {kind, touch_function, response_function, bodies, sensor_count, output}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let touch = self.lock()?;
        let m = touch.model();
        let d = PyDict::new(py);
        d.set_item("kind", m.kind().name())?;
        d.set_item("touch_function", m.touch_function().name())?;
        d.set_item("response_function", m.response_function().name())?;
        d.set_item("bodies", m.sensing_bodies())?;
        d.set_item("sensor_count", m.sensor_count())?;
        d.set_item("output", PyArray1::from_slice(py, touch.output()))?;
        Ok(d)
    }

    fn __repr__(&self) -> PyResult<String> {
        let t = self.lock()?;
        let m = t.model();
        Ok(format!(
            "Touch({} {} sensors, {}, {})",
            m.sensor_count(),
            m.kind().name(),
            m.touch_function().name(),
            m.response_function().name()
        ))
    }
}

/// `touch(scene, options)`: MIMo-style touch; options scales {body: spacing}, kind
/// ("points" | "mesh"), touch_function, response_function, mesh_layout ("mimo" | "points"),
/// mimo_quirks (bool, default false: Morsel's fixes; the `morsel.mimo` drop-in keeps MIMo's).
#[pyfunction]
#[pyo3(signature = (scene, options=None, **kwargs))]
fn touch(
    py: Python<'_>,
    scene: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyTouch> {
    let sc = scene_arg(scene, "`scene` of touch()")?;
    let mut o = Options::new("touch", options)?.merge(kwargs)?;
    let scales = o.take("scales").ok_or_else(|| {
        value_error("touch(): option `scales` is required: a dict {body: sensor spacing (m)}")
    })?;
    let kind = o.string("kind")?;
    let function = o.string("touch_function")?;
    let response = o.string("response_function")?;
    let layout = o.string("mesh_layout")?;
    let quirks = o
        .bool("mimo_quirks")?
        .unwrap_or(morsel_lab::api::TOUCH_MIMO_QUIRKS);
    o.finish()?;
    let mut config =
        TouchConfig::from_names(kind.as_deref(), function.as_deref(), response.as_deref())
            .py()?
            .mimo_quirks(quirks);
    if let Some(layout) = layout {
        config = config.mesh_layout(MeshLayout::from_name(&layout).py()?);
    }
    let scales = scales.cast::<PyDict>().map_err(|_| {
        type_error(format!(
            "option `scales` of touch(): expected a dict {{body: spacing}}, got {}",
            type_name(&scales)
        ))
    })?;
    for (body, spacing) in scales.iter() {
        let body: String = body
            .extract()
            .map_err(|_| type_error("option `scales` of touch(): body names must be strings"))?;
        let s = f64_arg(&spacing, &format!("`scales[\"{body}\"]` of touch()"))?;
        config = config.scale(body, s);
    }
    let t = {
        let s = sc.fresh()?;
        let scene = &s.scene;
        py.detach(|| Touch::new(scene, &config)).py()?
    };
    Ok(PyTouch {
        scene: sc,
        touch: Mutex::new(t),
    })
}

/// Registers `Touch` and `touch`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTouch>()?;
    m.add_function(wrap_pyfunction!(touch, m)?)?;
    Ok(())
}
