//! The native half of `morsel.mimo` (MIMo's touch classes as a drop-in): a touch sensor over a
//! scene mirroring a MuJoCo model, fed in one call per step with MuJoCo's body poses and
//! contact arrays (NumPy views of MuJoCo's own memory, read in place).

use std::sync::{Mutex, MutexGuard};

use morsel_sensing::touch::{SensorGroup, TouchModel};
use morsel_sensing::{MujocoCone, MujocoContacts, MujocoModel, MujocoScene, Touch, TouchConfig};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::convert::{f64_arg, points_out, type_name, vectors_out};
use crate::errors::{Kind, ToPy, error, type_error, value_error};

/// What one `_MimoTouch` holds.
#[derive(Debug)]
struct State {
    mujoco: MujocoScene,
    touch: Touch,
}

/// A MIMo-style touch sensor over a MuJoCo model (`morsel.mimo.TrimeshTouch` and
/// `DiscreteTouch` wrap it).
#[pyclass(frozen, name = "_MimoTouch", module = "morsel._morsel")]
#[derive(Debug)]
pub struct PyMimoTouch {
    state: Mutex<State>,
}

fn item<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    d.get_item(key)?
        .ok_or_else(|| value_error(format!("_MimoTouch: the model dict lacks `{key}`")))
}

fn ints<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<PyReadonlyArray1<'py, i32>> {
    let x = item(d, key)?;
    x.extract().map_err(|_| {
        type_error(format!(
            "_MimoTouch: `{key}` must be a 1-D int32 array, got {}",
            type_name(&x)
        ))
    })
}

fn floats<'py>(d: &Bound<'py, PyDict>, key: &str) -> PyResult<PyReadonlyArray2<'py, f64>> {
    let x = item(d, key)?;
    x.extract().map_err(|_| {
        type_error(format!(
            "_MimoTouch: `{key}` must be a 2-D float64 array, got {}",
            type_name(&x)
        ))
    })
}

impl PyMimoTouch {
    fn lock(&self) -> PyResult<MutexGuard<'_, State>> {
        self.state.lock().map_err(|_| {
            error(
                Kind::Other,
                "this touch sensor was left broken by an earlier failure; rebuild it",
            )
        })
    }
}

#[pymethods]
impl PyMimoTouch {
    /// `_MimoTouch(model, scales, kind, touch_function, response_function, mimo_quirks)`:
    /// `model` a dict of MuJoCo's arrays (`body_names`, `geom_type`, `geom_bodyid`,
    /// `geom_size`, `geom_pos`, `geom_quat`, `geom_contype`, `geom_conaffinity`,
    /// `geom_dataid`, `mesh_vert`, `mesh_face`, `mesh_vertadr`, `mesh_vertnum`,
    /// `mesh_faceadr`, `mesh_facenum`; ints int32, floats float64), `scales` {body name:
    /// spacing}.
    #[new]
    fn new(
        py: Python<'_>,
        model: &Bound<'_, PyDict>,
        scales: &Bound<'_, PyDict>,
        kind: &str,
        touch_function: &str,
        response_function: &str,
        mimo_quirks: bool,
    ) -> PyResult<Self> {
        let names: Vec<String> = item(model, "body_names")?
            .extract()
            .map_err(|_| type_error("_MimoTouch: `body_names` must be a list of str"))?;
        let (gt, gb, gc, ga, gd) = (
            ints(model, "geom_type")?,
            ints(model, "geom_bodyid")?,
            ints(model, "geom_contype")?,
            ints(model, "geom_conaffinity")?,
            ints(model, "geom_dataid")?,
        );
        let (size, pos, quat, vert) = (
            floats(model, "geom_size")?,
            floats(model, "geom_pos")?,
            floats(model, "geom_quat")?,
            floats(model, "mesh_vert")?,
        );
        let face_obj = item(model, "mesh_face")?;
        let face: PyReadonlyArray2<'_, i32> = face_obj
            .extract()
            .map_err(|_| type_error("_MimoTouch: `mesh_face` must be a 2-D int32 array"))?;
        let ranges = [
            ints(model, "mesh_vertadr")?,
            ints(model, "mesh_vertnum")?,
            ints(model, "mesh_faceadr")?,
            ints(model, "mesh_facenum")?,
        ];
        let mut config =
            TouchConfig::from_names(Some(kind), Some(touch_function), Some(response_function))
                .py()?
                .mimo_quirks(mimo_quirks);
        let mut sensing = Vec::new();
        for (body, spacing) in scales.iter() {
            let body: String = body
                .extract()
                .map_err(|_| type_error("touch_params[\"scales\"]: body names must be strings"))?;
            let s = f64_arg(&spacing, &format!("touch_params[\"scales\"][\"{body}\"]"))?;
            if let Some(i) = names.iter().position(|n| *n == body) {
                sensing.push(i);
            }
            config = config.scale(body, s);
        }
        let m = MujocoModel {
            body_names: &names,
            geom_type: gt.as_array(),
            geom_body: gb.as_array(),
            geom_size: size.as_array(),
            geom_pos: pos.as_array(),
            geom_quat: quat.as_array(),
            geom_contype: gc.as_array(),
            geom_conaffinity: ga.as_array(),
            geom_mesh: gd.as_array(),
            mesh_vert: vert.as_array(),
            mesh_face: face.as_array(),
            mesh_ranges: [
                ranges[0].as_array(),
                ranges[1].as_array(),
                ranges[2].as_array(),
                ranges[3].as_array(),
            ],
        };
        let mujoco = MujocoScene::new(&m, &sensing).py()?;
        let touch = py.detach(|| Touch::new(mujoco.scene(), &config)).py()?;
        Ok(Self {
            state: Mutex::new(State { mujoco, touch }),
        })
    }

    /// One step: reads MuJoCo's contacts (the force of each decoded from `efc_force` as
    /// `mj_contactForce` does; `elliptic` is `opt.cone == 1`), poses the sensing bodies they
    /// press at their rows of `xpos`/`xquat` (no other row is read, see
    /// `Touch::observe_mujoco`) and writes the flat sensor output into `out` (float64 or float32,
    /// `sensor_count × values_per_sensor` values), which must hold zeros: only the sensors
    /// the contacts reach are written (a step touches a few dozen of thousands of sensors, and
    /// converting all of them was most of the cost of a call).
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (xpos, xquat, geom1, geom2, pos, frame, dist, dim, efc_address, friction, efc_force, elliptic, out))]
    fn observe(
        &self,
        xpos: PyReadonlyArray2<'_, f64>,
        xquat: PyReadonlyArray2<'_, f64>,
        geom1: PyReadonlyArray1<'_, i32>,
        geom2: PyReadonlyArray1<'_, i32>,
        pos: PyReadonlyArray2<'_, f64>,
        frame: PyReadonlyArray2<'_, f64>,
        dist: PyReadonlyArray1<'_, f64>,
        dim: PyReadonlyArray1<'_, i32>,
        efc_address: PyReadonlyArray1<'_, i32>,
        friction: PyReadonlyArray2<'_, f64>,
        efc_force: PyReadonlyArray1<'_, f64>,
        elliptic: bool,
        out: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let mut guard = self.lock()?;
        let state: &mut State = &mut guard;
        let efc = efc_force.as_array();
        let efc = efc
            .as_slice()
            .ok_or_else(|| value_error("efc_force must be a contiguous float64 array"))?;
        let batch = MujocoContacts {
            geom1: geom1.as_array(),
            geom2: geom2.as_array(),
            pos: pos.as_array(),
            frame: frame.as_array(),
            dist: dist.as_array(),
            dim: dim.as_array(),
            efc_address: efc_address.as_array(),
            friction: friction.as_array(),
            efc_force: efc,
            cone: if elliptic {
                MujocoCone::Elliptic
            } else {
                MujocoCone::Pyramidal
            },
        };
        state
            .touch
            .observe_mujoco(&mut state.mujoco, xpos.as_array(), xquat.as_array(), &batch)
            .py()?;
        write_sparse(&state.touch, out)
    }

    /// The sensor groups in output order: a list of (body id, geom id or None, offset,
    /// count); point touch has one group per geom, mesh touch one per body.
    fn groups<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let s = self.lock()?;
        let out = PyList::empty(py);
        for g in s.touch.model().groups() {
            let geom = g
                .collider()
                .and_then(|c| s.mujoco.geom_of_collider(g.body(), c));
            out.append(PyTuple::new(
                py,
                [
                    g.body().into_pyobject(py)?.into_any(),
                    geom.into_pyobject(py)?.into_any(),
                    g.offset().into_pyobject(py)?.into_any(),
                    g.len().into_pyobject(py)?.into_any(),
                ],
            )?)?;
        }
        Ok(out)
    }

    /// Group `g`'s sensor positions in its frame (the geom's for point touch, the body's for
    /// mesh touch), (count, 3).
    fn positions<'py>(&self, py: Python<'py>, g: usize) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let s = self.lock()?;
        let group = sensor_group(s.touch.model(), g)?;
        Ok(points_out(py, group.positions()))
    }

    /// Group `g`'s sensor mesh (mesh touch): (vertices (n, 3), faces (m, 3), active (n,) bool,
    /// vertex normals (n, 3)), body frame; None for point touch.
    fn mesh<'py>(&self, py: Python<'py>, g: usize) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let s = self.lock()?;
        let group = sensor_group(s.touch.model(), g)?;
        let Some(mesh) = group.mesh() else {
            return Ok(None);
        };
        let faces: Vec<i64> = mesh
            .faces()
            .iter()
            .flat_map(|f| f.iter().map(|&i| i64::from(i)))
            .collect();
        let faces = numpy::ndarray::Array2::from_shape_vec((mesh.faces().len(), 3), faces)
            .map_err(|e| value_error(e.to_string()))?;
        let active: Vec<bool> = (0..mesh.len()).map(|i| mesh.is_active(i)).collect();
        Ok(Some(PyTuple::new(
            py,
            [
                points_out(py, mesh.vertices()).into_any(),
                PyArray2::from_owned_array(py, faces).into_any(),
                PyArray1::from_vec(py, active).into_any(),
                vectors_out(py, mesh.normals()).into_any(),
            ],
        )?))
    }

    /// The contact load on body `body` (a name, or a MuJoCo body id) felt by its sensors in
    /// the last `observe` (see `Touch.body_load`).
    #[pyo3(signature = (body, options=None, **kwargs))]
    fn body_load<'py>(
        &self,
        py: Python<'py>,
        body: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let options = crate::body_load::load_options(options, kwargs, "body_load")?;
        let s = self.lock()?;
        let scene = s.mujoco.scene();
        let name = match body.extract::<usize>() {
            Ok(i) => scene
                .bodies()
                .get(i)
                .map(|b| b.name.clone())
                .ok_or_else(|| {
                    value_error(format!(
                        "body_load(): body id {i} out of range (the model has {} bodies)",
                        scene.len()
                    ))
                })?,
            Err(_) => crate::convert::string_arg(body, "`body` of body_load()")?,
        };
        let load = s.touch.body_load(scene, &name, &options).py()?;
        crate::body_load::load_dict(py, &load)
    }

    /// The number of sensors.
    #[getter]
    fn sensor_count(&self) -> PyResult<usize> {
        Ok(self.lock()?.touch.model().sensor_count())
    }

    /// Values per sensor (1 or 3).
    #[getter]
    fn values_per_sensor(&self) -> PyResult<usize> {
        Ok(self.lock()?.touch.model().values_per_sensor())
    }
}

/// Registers `_MimoTouch`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMimoTouch>()?;
    Ok(())
}

/// Writes the sensors of `touch`'s last observation into `out` (a zeroed 1-D float64 or float32
/// array of the output's length); the other sensors are zero in both.
pub(crate) fn write_sparse(touch: &Touch, out: &Bound<'_, PyAny>) -> PyResult<()> {
    let values = touch.output();
    let size = touch.model().values_per_sensor();
    let wrong_size = |n: usize| {
        value_error(format!(
            "`out` holds {n} values; the sensors give {}",
            values.len()
        ))
    };
    if let Ok(a) = out.cast::<PyArray1<f64>>() {
        let mut w = a.try_readwrite()?;
        let s = w
            .as_slice_mut()
            .map_err(|_| value_error("`out` must be contiguous"))?;
        if s.len() != values.len() {
            return Err(wrong_size(s.len()));
        }
        for &sensor in touch.written_sensors() {
            let at = sensor as usize * size;
            s[at..at + size].copy_from_slice(&values[at..at + size]);
        }
    } else if let Ok(a) = out.cast::<PyArray1<f32>>() {
        let mut w = a.try_readwrite()?;
        let s = w
            .as_slice_mut()
            .map_err(|_| value_error("`out` must be contiguous"))?;
        if s.len() != values.len() {
            return Err(wrong_size(s.len()));
        }
        for &sensor in touch.written_sensors() {
            let at = sensor as usize * size;
            for (o, v) in s[at..at + size].iter_mut().zip(&values[at..at + size]) {
                *o = *v as f32;
            }
        }
    } else {
        return Err(type_error(format!(
            "`out` must be a 1-D float64 or float32 array, got {}",
            type_name(out)
        )));
    }
    Ok(())
}

/// Sensor group `g` of `model`, or an error naming the count.
fn sensor_group(model: &TouchModel, g: usize) -> PyResult<&SensorGroup> {
    let groups = model.groups();
    groups
        .get(g)
        .ok_or_else(|| value_error(format!("group {g} out of range ({})", groups.len())))
}
