//! `equilibrium_robustness` and `robust_static_polygon` (morsel-stability's robustness module).

use morsel_stability::{PolygonMethod, RobustnessOptions, equilibrium_robustness as robustness};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{NON_NEGATIVE_INT, Options, array2_arg, count_arg, f64_arg, point3_arg};
use crate::errors::ToPy;
use crate::polygon_values::polygon_dict;
use crate::stability::{PyStance, stance_arg};

/// Generators per contact point when none are given (hpp-centroidal-dynamics' usual 4).
const GENERATORS: usize = 4;

fn triples(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<[f64; 3]>> {
    let a = array2_arg(obj, what, Some(3))?;
    Ok(a.as_array()
        .rows()
        .into_iter()
        .map(|r| [r[0], r[1], r[2]])
        .collect())
}

fn options_from<'py>(
    options: &Bound<'py, PyAny>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<RobustnessOptions> {
    let f = "equilibrium_robustness";
    let mut o = Options::new(f, Some(options))?.merge(kwargs)?;
    let points = triples(
        &o.required("points")?,
        "option `points` of equilibrium_robustness()",
    )?;
    let normals = triples(
        &o.required("normals")?,
        "option `normals` of equilibrium_robustness()",
    )?;
    let friction = f64_arg(
        &o.required("friction")?,
        "option `friction` of equilibrium_robustness()",
    )?;
    let mass = f64_arg(
        &o.required("mass")?,
        "option `mass` of equilibrium_robustness()",
    )?;
    let com = point3_arg(
        &o.required("com")?,
        "option `com` of equilibrium_robustness()",
    )?;
    let mut r = RobustnessOptions::new(points, normals, friction, mass, [com.x, com.y, com.z]);
    if let Some(g) = o.take("generators") {
        r.generators = count_arg(
            &g,
            "option `generators` of equilibrium_robustness()",
            NON_NEGATIVE_INT,
        )?;
    }
    if let Some(a) = o.take("acceleration") {
        let a = point3_arg(&a, "option `acceleration` of equilibrium_robustness()")?;
        r.acceleration = [a.x, a.y, a.z];
    }
    if let Some(g) = o.f64("gravity")? {
        r.gravity = g;
    }
    o.finish()?;
    Ok(r)
}

/// `equilibrium_robustness(stance_or_options, **options)`: the robustness (N) of an
/// equilibrium as hpp-centroidal-dynamics computes it, < 0 when none exists (-inf when no
/// contact forces balance the moment). A Stance (its contact vertices, CoM, mass, gravity, 4
/// generators per vertex) or options {points (n, 3), normals (n, 3) unit, friction, mass, com,
/// generators=4, acceleration=[0, 0, 0], gravity=9.81}.
#[pyfunction]
#[pyo3(signature = (stance, **kwargs))]
fn equilibrium_robustness<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<f64> {
    if stance.cast::<PyStance>().is_ok() {
        let st = stance_arg(stance, "`stance` of equilibrium_robustness()")?;
        return py.detach(|| st.equilibrium_robustness(GENERATORS)).py();
    }
    let options = options_from(stance, kwargs)?;
    py.detach(|| robustness(&options)).py()
}

/// `robust_static_polygon(stance, margin)`: the CoM x-y region where the static robustness is
/// at least `margin` (N), a dict like static_polygon's (method "bretl"); margin 0 is the static
/// polygon of the contact vertices; status "empty" above the largest robustness.
#[pyfunction]
fn robust_static_polygon<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    margin: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let st = stance_arg(stance, "`stance` of robust_static_polygon()")?;
    let margin = f64_arg(margin, "`margin` of robust_static_polygon()")?;
    let p = py
        .detach(|| st.robust_static_polygon(margin, GENERATORS))
        .py()?;
    polygon_dict(py, PolygonMethod::Bretl, &p)
}

/// `zmp_support_area(stance, height)`: pymanoid's ZMP support area on the plane z = height, a
/// dict like static_polygon's (method "bretl"; "unbounded" when internal forces make it so,
/// "empty" at the CoM's height).
#[pyfunction]
fn zmp_support_area<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    height: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let st = stance_arg(stance, "`stance` of zmp_support_area()")?;
    let height = f64_arg(height, "`height` of zmp_support_area()")?;
    let p = py.detach(|| st.zmp_support_area(height)).py()?;
    polygon_dict(py, PolygonMethod::Bretl, &p)
}

/// `com_acceleration_cone(stance)`: pymanoid's pendular CoM acceleration cone, a dict like
/// static_polygon's of the reduced form (a, b) plus `cone` (k + 1, 3): the apex [0, 0, -g] and
/// the section at zdd = g.
#[pyfunction]
fn com_acceleration_cone<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let st = stance_arg(stance, "`stance` of com_acceleration_cone()")?;
    let cone = py.detach(|| st.com_acceleration_cone(None)).py()?;
    let d = polygon_dict(py, PolygonMethod::Bretl, &cone.reduced)?;
    let n = cone.vertices.len();
    d.set_item(
        "cone",
        crate::convert::rows_out(py, n, 3, cone.vertices.iter().flatten().copied().collect())?,
    )?;
    Ok(d)
}

/// Registers the robustness functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equilibrium_robustness, m)?)?;
    m.add_function(wrap_pyfunction!(robust_static_polygon, m)?)?;
    m.add_function(wrap_pyfunction!(zmp_support_area, m)?)?;
    m.add_function(wrap_pyfunction!(com_acceleration_cone, m)?)?;
    Ok(())
}
