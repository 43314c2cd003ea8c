//! The dynamics of `morsel_kinematics::dynamics` from Python: `velocity_names`, `rnea`,
//! `gravity_torques`, `nonlinear_effects`, `mass_matrix`, `inverse_mass_matrix`, `aba`,
//! `centroidal_momentum`, `centroidal_map`, `kinetic_energy`, `potential_energy`, and the
//! batches `rnea_batch`, `aba_batch`, `mass_matrix_batch`, `gravity_torques_batch` (NumPy rows
//! in, NumPy arrays out, shared over threads with the GIL released).
//!
//! `q` as `fk` takes it; `v`, `a`, `tau` in `velocity_names` order. Single calls reuse the
//! robot's own buffers.

use morsel_kinematics::dynamics::{
    aba_batch, gravity_torques_batch, mass_matrix_batch, rnea_batch,
};
use morsel_kinematics::{
    LinkWrench, Model, aba, aba_derivatives, centroidal_map, centroidal_momentum, gravity_torques,
    inverse_mass_matrix, kinetic_energy, mass_matrix, nonlinear_effects, potential_energy, rnea,
    rnea_derivatives,
};
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{
    Options, array2_arg, f64s_arg, matrix_out, string_arg, type_name, vector3_arg,
};
use crate::errors::{ToPy, kinematics_error_in, type_error};
use crate::kinematics::{PyRobot, configuration_arg, robot_arg};

/// The robot and its configuration argument in the model's layout.
fn robot_and_q(
    robot: &Bound<'_, PyAny>,
    q: &Bound<'_, PyAny>,
    function: &str,
) -> PyResult<(PyRobot, Vec<f64>)> {
    let r = robot_arg(robot, "`robot`")
        .or_else(|_| robot_arg(robot, &format!("`robot` of {function}()")))?;
    let model = r.model()?;
    let q = configuration_arg(&model, q, function)?;
    Ok((r, q.as_slice().to_vec()))
}

/// A tangent-space argument; its error message, which names the argument and the function, is
/// only formatted when the argument is refused (per-call cost of the single calls).
fn tangent(obj: &Bound<'_, PyAny>, name: &str, function: &str) -> PyResult<Vec<f64>> {
    f64s_arg(obj, name).or_else(|_| f64s_arg(obj, &format!("`{name}` of {function}()")))
}

/// `velocity_names(robot)`: the names of the velocity values in MuJoCo's qvel order.
#[pyfunction]
fn velocity_names(robot: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    Ok(robot_arg(robot, "`robot` of velocity_names()")?
        .model()?
        .velocity_names())
}

/// `rnea(robot, q, v, a, options=None)`: joint torques M a + C v + g − Σ Jᵀ f_ext; option
/// `external`: [{link, force, torque}] in base-frame axes, torque about the link origin.
#[pyfunction]
#[pyo3(name = "rnea", signature = (robot, q, v, a, options=None, **kwargs))]
fn py_rnea<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    if options.is_none()
        && kwargs.is_none_or(|k| k.is_empty())
        && let Some(tau) = rnea_borrowed(py, robot, q, v, a)
    {
        return Ok(tau);
    }
    let (r, q) = robot_and_q(robot, q, "rnea")?;
    let (v, a) = (tangent(v, "v", "rnea")?, tangent(a, "a", "rnea")?);
    let model = r.model()?;
    let external = external_option(&model, options, kwargs, "rnea")?;
    r.with_dynamics(|model, data| {
        let tau = rnea(model, data, &q, &v, &a, &external).py()?;
        Ok(PyArray1::from_slice(py, tau))
    })
}

/// The common case of one `rnea` call, without copies: a Robot, q, v and a as contiguous
/// float64 NumPy vectors, no options. The robot is borrowed (not cloned), the arrays' memory
/// is read in place and the model is looked up once. `None` for any other argument, and for
/// any refused value, so that the general path answers it with its own error.
fn rnea_borrowed<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
) -> Option<Bound<'py, PyArray1<f64>>> {
    let robot = robot.cast::<PyRobot>().ok()?.get();
    let q = q.cast::<PyArray1<f64>>().ok()?.try_readonly().ok()?;
    let v = v.cast::<PyArray1<f64>>().ok()?.try_readonly().ok()?;
    let a = a.cast::<PyArray1<f64>>().ok()?.try_readonly().ok()?;
    let (q, v, a) = (q.as_slice().ok()?, v.as_slice().ok()?, a.as_slice().ok()?);
    robot
        .with_dynamics(|model, data| {
            if model.check_configuration(q).is_err() {
                return Ok(None);
            }
            Ok(rnea(model, data, q, v, a, &[])
                .ok()
                .map(|tau| PyArray1::from_slice(py, tau)))
        })
        .ok()
        .flatten()
}

/// `aba(robot, q, v, tau, options=None)`: accelerations M⁻¹ (τ − C v − g + Σ Jᵀ f_ext).
#[pyfunction]
#[pyo3(name = "aba", signature = (robot, q, v, tau, options=None, **kwargs))]
fn py_aba<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
    tau: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let (r, q) = robot_and_q(robot, q, "aba")?;
    let (v, tau) = (tangent(v, "v", "aba")?, tangent(tau, "tau", "aba")?);
    let model = r.model()?;
    let external = external_option(&model, options, kwargs, "aba")?;
    r.with_dynamics(|model, data| {
        let qdd = aba(model, data, &q, &v, &tau, &external).py()?;
        Ok(PyArray1::from_slice(py, qdd))
    })
}

/// `gravity_torques(robot, q)`: the torques that hold q at rest against gravity.
#[pyfunction(name = "gravity_torques")]
fn py_gravity_torques<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let (r, q) = robot_and_q(robot, q, "gravity_torques")?;
    r.with_dynamics(|model, data| {
        Ok(PyArray1::from_slice(
            py,
            gravity_torques(model, data, &q).py()?,
        ))
    })
}

/// `nonlinear_effects(robot, q, v)`: C(q, v) v + g(q) (MuJoCo's qfrc_bias).
#[pyfunction(name = "nonlinear_effects")]
fn py_nonlinear_effects<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let (r, q) = robot_and_q(robot, q, "nonlinear_effects")?;
    let v = tangent(v, "v", "nonlinear_effects")?;
    r.with_dynamics(|model, data| {
        Ok(PyArray1::from_slice(
            py,
            nonlinear_effects(model, data, &q, &v).py()?,
        ))
    })
}

/// `mass_matrix(robot, q)`: M(q), (nv, nv), armature on the diagonal.
#[pyfunction(name = "mass_matrix")]
fn py_mass_matrix<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (r, q) = robot_and_q(robot, q, "mass_matrix")?;
    r.with_dynamics(|model, data| matrix_out(py, mass_matrix(model, data, &q).py()?))
}

/// `inverse_mass_matrix(robot, q)`: M(q)⁻¹.
#[pyfunction(name = "inverse_mass_matrix")]
fn py_inverse_mass_matrix<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (r, q) = robot_and_q(robot, q, "inverse_mass_matrix")?;
    r.with_dynamics(|model, data| matrix_out(py, &inverse_mass_matrix(model, data, &q).py()?))
}

/// `centroidal_momentum(robot, q, v)`: {linear, angular, com} about the centre of mass.
#[pyfunction(name = "centroidal_momentum")]
fn py_centroidal_momentum<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (r, q) = robot_and_q(robot, q, "centroidal_momentum")?;
    let v = tangent(v, "v", "centroidal_momentum")?;
    let h = r.with_dynamics(|model, data| centroidal_momentum(model, data, &q, &v).py())?;
    let d = PyDict::new(py);
    d.set_item("linear", PyArray1::from_slice(py, h.linear.as_slice()))?;
    d.set_item("angular", PyArray1::from_slice(py, h.angular.as_slice()))?;
    d.set_item("com", PyArray1::from_slice(py, h.com.as_slice()))?;
    Ok(d)
}

/// `centroidal_map(robot, q)`: the (6, nv) centroidal momentum matrix, rows [linear; angular].
#[pyfunction(name = "centroidal_map")]
fn py_centroidal_map<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (r, q) = robot_and_q(robot, q, "centroidal_map")?;
    r.with_dynamics(|model, data| matrix_out(py, &centroidal_map(model, data, &q).py()?))
}

/// `kinetic_energy(robot, q, v)`: ½ vᵀ M v (J).
#[pyfunction(name = "kinetic_energy")]
fn py_kinetic_energy(
    robot: &Bound<'_, PyAny>,
    q: &Bound<'_, PyAny>,
    v: &Bound<'_, PyAny>,
) -> PyResult<f64> {
    let (r, q) = robot_and_q(robot, q, "kinetic_energy")?;
    let v = tangent(v, "v", "kinetic_energy")?;
    r.with_dynamics(|model, data| kinetic_energy(model, data, &q, &v).py())
}

/// `potential_energy(robot, q)`: the potential energy of gravity (J).
#[pyfunction(name = "potential_energy")]
fn py_potential_energy(robot: &Bound<'_, PyAny>, q: &Bound<'_, PyAny>) -> PyResult<f64> {
    let (r, q) = robot_and_q(robot, q, "potential_energy")?;
    r.with_dynamics(|model, data| potential_energy(model, data, &q).py())
}

/// `rnea_derivatives(robot, q, v, a)`: {dtau_dq, dtau_dv, dtau_da}, (nv, nv) each.
#[pyfunction(name = "rnea_derivatives")]
fn py_rnea_derivatives<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
    a: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (r, q) = robot_and_q(robot, q, "rnea_derivatives")?;
    let (v, a) = (
        tangent(v, "v", "rnea_derivatives")?,
        tangent(a, "a", "rnea_derivatives")?,
    );
    let d = r.with_dynamics(|model, data| rnea_derivatives(model, data, &q, &v, &a).py())?;
    let out = PyDict::new(py);
    out.set_item("dtau_dq", matrix_out(py, &d.dtau_dq)?)?;
    out.set_item("dtau_dv", matrix_out(py, &d.dtau_dv)?)?;
    out.set_item("dtau_da", matrix_out(py, &d.dtau_da)?)?;
    Ok(out)
}

/// `aba_derivatives(robot, q, v, tau)`: {dqdd_dq, dqdd_dv, dqdd_dtau}, (nv, nv) each.
#[pyfunction(name = "aba_derivatives")]
fn py_aba_derivatives<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    q: &Bound<'py, PyAny>,
    v: &Bound<'py, PyAny>,
    tau: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (r, q) = robot_and_q(robot, q, "aba_derivatives")?;
    let (v, tau) = (
        tangent(v, "v", "aba_derivatives")?,
        tangent(tau, "tau", "aba_derivatives")?,
    );
    let d = r.with_dynamics(|model, data| aba_derivatives(model, data, &q, &v, &tau).py())?;
    let out = PyDict::new(py);
    out.set_item("dqdd_dq", matrix_out(py, &d.dqdd_dq)?)?;
    out.set_item("dqdd_dv", matrix_out(py, &d.dqdd_dv)?)?;
    out.set_item("dqdd_dtau", matrix_out(py, &d.dqdd_dtau)?)?;
    Ok(out)
}

/// The `external` option: a list of {link, force, torque} dicts.
fn external_option(
    model: &Model,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
    function: &'static str,
) -> PyResult<Vec<LinkWrench>> {
    let mut o = Options::new(function, options)?.merge(kwargs)?;
    let list = o.take("external");
    o.finish()?;
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    let what = format!("option `external` of {function}()");
    let items = list.try_iter().map_err(|_| {
        type_error(format!(
            "{what}: expected a list of {{link, force, torque}} dicts, got {}",
            type_name(&list)
        ))
    })?;
    let mut out = Vec::new();
    for (k, item) in items.enumerate() {
        let item = item?;
        let what = format!("{what}[{k}]");
        let d = item.cast::<PyDict>().map_err(|_| {
            type_error(format!(
                "{what}: expected a dict {{link, force, torque}}, got {}",
                type_name(&item)
            ))
        })?;
        for key in d.keys() {
            let key = string_arg(&key, &format!("{what}, a key"))?;
            if !matches!(key.as_str(), "link" | "force" | "torque") {
                return Err(crate::errors::error(
                    crate::errors::Kind::Value,
                    format!("{what}: unknown key `{key}`; the keys are link, force, torque"),
                ));
            }
        }
        let link = match d.get_item("link")? {
            Some(l) => string_arg(&l, &format!("{what}.link"))?,
            None => {
                return Err(crate::errors::error(
                    crate::errors::Kind::Value,
                    format!("{what}: `link` is required"),
                ));
            }
        };
        let link = model.link_id(link.as_str()).py()?;
        let vector = |key: &str| -> PyResult<nalgebra::Vector3<f64>> {
            match d.get_item(key)? {
                Some(v) => vector3_arg(&v, &format!("{what}.{key}")),
                None => Ok(nalgebra::Vector3::zeros()),
            }
        };
        out.push(LinkWrench {
            link,
            force: vector("force")?,
            torque: vector("torque")?,
        });
    }
    Ok(out)
}

/// Rows of a (n, cols) float64 argument: the array's own memory when it is C-contiguous,
/// otherwise a C-ordered copy.
struct Rows<'py> {
    n: usize,
    array: PyReadonlyArray2<'py, f64>,
    copy: Option<Vec<f64>>,
}

impl Rows<'_> {
    fn values(&self) -> &[f64] {
        match (&self.copy, self.array.as_slice()) {
            (Some(c), _) => c,
            (None, Ok(s)) => s,
            (None, Err(_)) => &[],
        }
    }
}

fn rows_arg<'py>(obj: &Bound<'py, PyAny>, what: &str, cols: usize) -> PyResult<Rows<'py>> {
    let array = array2_arg(obj, what, Some(cols))?;
    let n = array.shape()[0];
    let copy = match array.as_slice() {
        Ok(_) if array.is_c_contiguous() => None,
        _ => Some(array.as_array().iter().copied().collect()),
    };
    Ok(Rows { n, array, copy })
}

/// Runs `fill` on the memory of `array`, a batch's freshly made result, so that the batch
/// writes straight into it (no result vector copied afterwards).
fn fill_result<D: numpy::ndarray::Dimension>(
    array: &Bound<'_, numpy::PyArray<f64, D>>,
    fill: impl FnOnce(&mut [f64]) -> PyResult<()>,
) -> PyResult<()> {
    let mut out = array
        .try_readwrite()
        .map_err(|e| crate::errors::error(crate::errors::Kind::Other, format!("{e}")))?;
    fill(out.as_slice_mut().map_err(|e| type_error(format!("{e}")))?)
}

fn same_rows(n: usize, m: usize, what: &str, function: &str) -> PyResult<()> {
    if n == m {
        Ok(())
    } else {
        Err(crate::errors::error(
            crate::errors::Kind::Value,
            format!("`{what}` of {function}(): expected {n} rows (as Q), got {m}"),
        ))
    }
}

/// `rnea_batch(robot, Q, V, A)`: (n, nv) torques for n states, in parallel.
#[pyfunction]
#[pyo3(name = "rnea_batch", signature = (robot, Q, V, A))]
#[allow(non_snake_case)]
fn py_rnea_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
    V: &Bound<'py, PyAny>,
    A: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    tangent_batch(py, robot, Q, V, A, "rnea_batch", ["V", "A"], rnea_batch)
}

/// `aba_batch(robot, Q, V, TAU)`: (n, nv) accelerations for n states, in parallel.
#[pyfunction]
#[pyo3(name = "aba_batch", signature = (robot, Q, V, TAU))]
#[allow(non_snake_case)]
fn py_aba_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
    V: &Bound<'py, PyAny>,
    TAU: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    tangent_batch(py, robot, Q, V, TAU, "aba_batch", ["V", "TAU"], aba_batch)
}

type TangentBatch = fn(&Model, &[f64], &[f64], &[f64], &mut [f64]) -> morsel_kinematics::Result<()>;

#[allow(clippy::too_many_arguments, non_snake_case)]
fn tangent_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
    X: &Bound<'py, PyAny>,
    Y: &Bound<'py, PyAny>,
    function: &str,
    names: [&str; 2],
    run: TangentBatch,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let model = robot_arg(robot, &format!("`robot` of {function}()"))?.model()?;
    let (nq, nv) = (model.nq(), model.nv());
    let q = rows_arg(Q, &format!("`Q` of {function}()"), nq)?;
    let n = q.n;
    let x = rows_arg(X, &format!("`{}` of {function}()", names[0]), nv)?;
    same_rows(n, x.n, names[0], function)?;
    let y = rows_arg(Y, &format!("`{}` of {function}()", names[1]), nv)?;
    same_rows(n, y.n, names[1], function)?;
    let result = PyArray2::<f64>::zeros(py, [n, nv], false);
    fill_result(&result, |out| {
        let (q, x, y) = (q.values(), x.values(), y.values());
        py.detach(|| run(&model, q, x, y, out))
            .map_err(|e| kinematics_error_in(&format!("{function}()"), e))
    })?;
    Ok(result)
}

/// `gravity_torques_batch(robot, Q)`: (n, nv) gravity torques, in parallel.
#[pyfunction]
#[pyo3(name = "gravity_torques_batch", signature = (robot, Q))]
#[allow(non_snake_case)]
fn py_gravity_torques_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let model = robot_arg(robot, "`robot` of gravity_torques_batch()")?.model()?;
    let q = rows_arg(Q, "`Q` of gravity_torques_batch()", model.nq())?;
    let result = PyArray2::<f64>::zeros(py, [q.n, model.nv()], false);
    fill_result(&result, |out| {
        let q = q.values();
        py.detach(|| gravity_torques_batch(&model, q, out))
            .map_err(|e| kinematics_error_in("gravity_torques_batch()", e))
    })?;
    Ok(result)
}

/// `mass_matrix_batch(robot, Q)`: (n, nv, nv) mass matrices, in parallel.
#[pyfunction]
#[pyo3(name = "mass_matrix_batch", signature = (robot, Q))]
#[allow(non_snake_case)]
fn py_mass_matrix_batch<'py>(
    py: Python<'py>,
    robot: &Bound<'py, PyAny>,
    Q: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray3<f64>>> {
    let model = robot_arg(robot, "`robot` of mass_matrix_batch()")?.model()?;
    let nv = model.nv();
    let q = rows_arg(Q, "`Q` of mass_matrix_batch()", model.nq())?;
    let n = q.n;
    crate::convert::check_batch_result(
        "mass_matrix_batch()",
        &format!("{n} x {nv} x {nv} floats"),
        morsel_lab::batch_limit::result_bytes(&[n, nv, nv], 8),
    )?;
    let result = PyArray3::<f64>::zeros(py, [n, nv, nv], false);
    fill_result(&result, |out| {
        let q = q.values();
        py.detach(|| mass_matrix_batch(&model, q, out))
            .map_err(|e| kinematics_error_in("mass_matrix_batch()", e))
    })?;
    Ok(result)
}

/// Registers the dynamics functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(velocity_names, m)?)?;
    m.add_function(wrap_pyfunction!(py_rnea, m)?)?;
    m.add_function(wrap_pyfunction!(py_aba, m)?)?;
    m.add_function(wrap_pyfunction!(py_gravity_torques, m)?)?;
    m.add_function(wrap_pyfunction!(py_nonlinear_effects, m)?)?;
    m.add_function(wrap_pyfunction!(py_mass_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(py_inverse_mass_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(py_centroidal_momentum, m)?)?;
    m.add_function(wrap_pyfunction!(py_centroidal_map, m)?)?;
    m.add_function(wrap_pyfunction!(py_kinetic_energy, m)?)?;
    m.add_function(wrap_pyfunction!(py_potential_energy, m)?)?;
    m.add_function(wrap_pyfunction!(py_rnea_derivatives, m)?)?;
    m.add_function(wrap_pyfunction!(py_aba_derivatives, m)?)?;
    m.add_function(wrap_pyfunction!(py_rnea_batch, m)?)?;
    m.add_function(wrap_pyfunction!(py_aba_batch, m)?)?;
    m.add_function(wrap_pyfunction!(py_gravity_torques_batch, m)?)?;
    m.add_function(wrap_pyfunction!(py_mass_matrix_batch, m)?)?;
    Ok(())
}
