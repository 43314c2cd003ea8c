//! Contacts, stances and static-equilibrium polygons of morsel-stability.
//!
//! Stances are morsel-lab's `LiveStance`: their contacts may follow robot links (see
//! `contacts.rs`) and their CoM may be a robot's; both are read from the robot at every use.
//! Stances are mutable (`set_wrench`, `unset_wrench`); a stance holds copies of the contacts
//! it was given.

use morsel_lab::bound_contact::{BoundContact, refreshed_set};
use morsel_lab::live_stance::{ComSource, LiveStance};
use morsel_stability::{ConvexPolygon, PolygonMethod, Stance};
use morsel_stability::{DistributionWeights, DistributionWorkspace, WrenchDistribution};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::contact_wrench::contacts_arg;
use crate::contacts::{PyContact, contact_arg};
use crate::convert::{
    NON_NEGATIVE_INT, Options, array2_arg, count_arg, f64s_arg, matrix_out, optional_string_arg,
    point3_arg, points_out, type_name, v3_out,
};
use crate::errors::{ToPy, type_error, value_error};
use crate::kinematics::{PyRobot, robot_arg};
use crate::polygon_values::{method_arg, polygon_dict};

/// A stance: a CoM (a point or a robot's), a mass and contacts (which may follow robot
/// links); read again from the robot at every use.
#[pyclass(name = "Stance", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyStance(pub LiveStance);

#[pymethods]
impl PyStance {
    /// The CoM (world).
    #[getter]
    fn com<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(v3_out(py, &self.0.current().py()?.com().coords))
    }
    /// The mass (kg).
    #[getter]
    fn mass(&self) -> PyResult<f64> {
        Ok(self.0.current().py()?.mass())
    }
    /// Gravity (m/s^2).
    #[getter]
    fn gravity(&self) -> f64 {
        self.0.gravity()
    }
    /// The contacts (copies that keep their links).
    #[getter]
    fn contacts(&self) -> Vec<PyContact> {
        self.0.contacts().iter().cloned().map(PyContact).collect()
    }
    /// {com, mass, gravity, contacts: [each contact's to_map()]}.
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("com", self.com(py)?)?;
        d.set_item("mass", self.mass()?)?;
        d.set_item("gravity", self.gravity())?;
        let list = PyList::empty(py);
        for c in self.contacts() {
            list.append(Bound::new(py, c)?.call_method0("to_map")?)?;
        }
        d.set_item("contacts", list)?;
        Ok(d)
    }
    /// `set_wrench(index, wrench)`: makes contact `index` managed with this wrench (contact
    /// frame, at the contact point).
    fn set_wrench(&mut self, index: &Bound<'_, PyAny>, wrench: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = count_arg(index, "`index` of set_wrench()", NON_NEGATIVE_INT)?;
        let w = crate::convert::wrench_arg(wrench, "`wrench` of set_wrench()")?;
        let c = contact_at(&mut self.0, i)?;
        c.refresh().py()?;
        c.contact_mut().set_wrench(&w).py()
    }
    /// `unset_wrench(index)`: makes contact `index` supporting again.
    fn unset_wrench(&mut self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = count_arg(index, "`index` of unset_wrench()", NON_NEGATIVE_INT)?;
        contact_at(&mut self.0, i)?.contact_mut().unset_wrench();
        Ok(())
    }
    fn __repr__(&self) -> String {
        match self.0.current() {
            Ok(s) => format!("Stance({} contacts, mass {})", s.contacts().len(), s.mass()),
            Err(e) => format!("Stance(unusable: {e})"),
        }
    }
}

fn contact_at(s: &mut LiveStance, index: usize) -> PyResult<&mut BoundContact> {
    let len = s.contacts().len();
    s.contacts_mut().get_mut(index).ok_or_else(|| {
        value_error(format!(
            "contact index {index} is out of range (the stance has {len} contacts)"
        ))
    })
}

fn robot_or_none(obj: &Bound<'_, PyAny>) -> Option<morsel_lab::simulation::Robot> {
    obj.cast::<PyRobot>().ok().map(|r| r.get().lab.clone())
}

/// `stance(options)` or `stance(robot, options)`: options com ([x, y, z] or a Robot), mass
/// (kg; defaults to the robot's), contacts ([Contact] or ContactSet), robot, gravity. With a
/// robot, contacts that name a link follow it and the CoM defaults to the robot's.
#[pyfunction]
#[pyo3(signature = (first=None, /, options=None, **kwargs))]
fn stance(
    first: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyStance> {
    let (robot, options) = match first.map(|f| (robot_or_none(f), f)) {
        Some((Some(r), _)) => (Some(r), options),
        Some((None, f)) if options.is_none() => (None, Some(f)),
        Some((None, f)) => {
            return Err(type_error(format!(
                "stance() takes (options) or (robot, options); the first of two arguments must be a morsel.Robot, got {}",
                type_name(f)
            )));
        }
        None => (None, options),
    };
    let mut o = Options::new("stance", options)?.merge(kwargs)?;
    let contacts = o
        .take("contacts")
        .ok_or_else(|| value_error("stance(): option `contacts` is required"))?;
    let contacts = contacts_arg(&contacts, "option `contacts` of stance()")?;
    let robot = match (robot, o.take("robot")) {
        (Some(r), None) => Some(r),
        (None, Some(r)) => Some(robot_arg(&r, "option `robot` of stance()")?.lab),
        (None, None) => None,
        (Some(_), Some(_)) => {
            return Err(value_error(
                "stance(robot, ...): give no `robot` option (the robot is the first argument)",
            ));
        }
    };
    let com = match o.take("com") {
        Some(c) => match robot_or_none(&c) {
            Some(r) => ComSource::Robot(r),
            None => ComSource::Point(point3_arg(&c, "option `com` of stance()")?),
        },
        None => match &robot {
            Some(r) => ComSource::Robot(r.clone()),
            None => {
                return Err(value_error(
                    "stance(): option `com` [x, y, z] or a Robot is required without `robot`",
                ));
            }
        },
    };
    let mass = o.f64("mass")?;
    let gravity = o.f64("gravity")?;
    o.finish()?;
    LiveStance::new(contacts, robot.as_ref(), com, mass, gravity)
        .map(PyStance)
        .py()
}

/// A `Stance` argument, built at the robot's current state.
pub fn stance_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Stance> {
    live_stance_arg(obj, what)?.current().py()
}

/// A `Stance` argument as it is held (a copy that still follows its robot).
pub fn live_stance_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<LiveStance> {
    obj.cast::<PyStance>()
        .map(|s| s.borrow().0.clone())
        .map_err(|_| {
            type_error(format!(
                "{what}: expected a morsel Stance, got {}",
                type_name(obj)
            ))
        })
}

/// `static_polygon(stance, method="bretl")`: the static-equilibrium polygon {method, status,
/// vertices (k, 2) ccw world x-y, area, reason}; method "hull" | "bretl" | "cdd".
#[pyfunction]
#[pyo3(signature = (stance, method=None))]
fn static_polygon<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    method: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let method = optional_string_arg(method, "`method` of static_polygon()")?;
    if let Ok(set) = stance.cast::<crate::contact_wrench::PyContactSet>() {
        let m = method.ok_or_else(|| {
            type_error("static_polygon(set, method): a ContactSet needs a method (\"hull\" | \"bretl\" | \"cdd\")")
        })?;
        return set
            .call_method1("static_polygon", (m,))?
            .cast_into::<PyDict>()
            .map_err(Into::into);
    }
    let st = stance_arg(stance, "`stance` of static_polygon()")?;
    let method = method_arg(method.as_deref())?;
    let p = py.detach(|| st.static_equilibrium_polygon(method)).py()?;
    polygon_dict(py, method, &p)
}

pub(crate) fn polygon_arg(
    st: &Stance,
    polygon: Option<&Bound<'_, PyAny>>,
    py: Python<'_>,
) -> PyResult<Option<ConvexPolygon>> {
    match polygon {
        None => {
            let p = py
                .detach(|| st.static_equilibrium_polygon(PolygonMethod::Bretl))
                .py()?;
            Ok(p.polygon().cloned())
        }
        Some(d) => {
            let d = d
                .cast::<PyDict>()
                .map_err(|_| type_error("`polygon`: expected a dict made by static_polygon()"))?;
            let v = d
                .get_item("vertices")?
                .ok_or_else(|| value_error("`polygon`: a dict with `vertices`"))?;
            let a = array2_arg(&v, "`vertices` of the polygon", Some(2))?;
            let pts: Vec<[f64; 2]> = a
                .as_array()
                .rows()
                .into_iter()
                .map(|r| [r[0], r[1]])
                .collect();
            Ok(ConvexPolygon::convex_hull(&pts))
        }
    }
}

/// `com_margin(stance, polygon=None)`: signed distance (m) from the CoM's x-y to the polygon's
/// edges, > 0 inside; None when the polygon is not bounded (default polygon: Bretl's).
#[pyfunction]
#[pyo3(signature = (stance, polygon=None))]
fn com_margin(
    py: Python<'_>,
    stance: &Bound<'_, PyAny>,
    polygon: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<f64>> {
    let st = stance_arg(stance, "`stance` of com_margin()")?;
    let c = st.com();
    Ok(polygon_arg(&st, polygon, py)?.map(|p| p.signed_distance([c.x, c.y])))
}

/// `com_inside(stance, polygon=None)`: whether the CoM's x-y is inside (or on) the polygon.
#[pyfunction]
#[pyo3(signature = (stance, polygon=None))]
fn com_inside(
    py: Python<'_>,
    stance: &Bound<'_, PyAny>,
    polygon: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    Ok(com_margin(py, stance, polygon)?.is_some_and(|d| d >= 0.0))
}

/// `gravity_wrench(stance)`: [m g; 0] at the CoM, world frame.
#[pyfunction]
fn gravity_wrench<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let st = stance_arg(stance, "`stance` of gravity_wrench()")?;
    Ok(PyArray1::from_slice(py, st.gravity_wrench().as_slice()))
}

/// `vertices(contact)`: the rectangle's four corners (world), (4, 3).
#[pyfunction]
fn vertices<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let c = contact_arg(contact, "`contact` of vertices()")?;
    Ok(points_out(py, &c.vertices()))
}

/// `force_span(contact)`: 3 x 4 span of the linearised friction cone (world frame): valid
/// forces are S l, l >= 0.
#[pyfunction]
fn force_span<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    matrix_out(
        py,
        &contact_arg(contact, "`contact` of force_span()")?.force_span(),
    )
}

/// `force_inequalities(contact)`: 4 x 3 faces of the linearised friction cone (world frame):
/// valid forces satisfy F f <= 0.
#[pyfunction]
fn force_inequalities<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    matrix_out(
        py,
        &contact_arg(contact, "`contact` of force_inequalities()")?.force_inequalities(),
    )
}

/// `wrench_span(contact, point=None)`: 6 x 16 span of the contact wrench cone, wrenches at the
/// contact point (or at `point`), world frame.
#[pyfunction]
#[pyo3(signature = (contact, point=None))]
fn wrench_span<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
    point: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if let Some(p) = point
        && let Some(m) = crate::contact_wrench::set_method(contact, "wrench_span", p)?
    {
        return Ok(m);
    }
    let c = contact_arg(contact, "`contact` of wrench_span()")?;
    match point {
        None => matrix_out(py, &c.wrench_span()),
        Some(p) => matrix_out(
            py,
            &c.wrench_span_at(&point3_arg(p, "`point` of wrench_span()")?)
                .py()?,
        ),
    }
}

/// `wrench_inequalities(contact)`: 16 x 6 faces of the contact wrench cone (world frame, at
/// the contact point): valid wrenches satisfy F w <= 0.
/// With a ContactSet and a point: the faces of the net contact wrench cone at `point`.
#[pyfunction]
#[pyo3(signature = (contact, point=None))]
fn wrench_inequalities<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
    point: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if let Some(p) = point
        && let Some(m) = crate::contact_wrench::set_method(contact, "wrench_inequalities", p)?
    {
        return Ok(m);
    }
    if point.is_some() {
        return Err(type_error(
            "wrench_inequalities(contact) takes no point; wrench_inequalities(set, point) takes a ContactSet",
        ));
    }
    matrix_out(
        py,
        &contact_arg(contact, "`contact` of wrench_inequalities()")?.wrench_inequalities(),
    )
}

/// `local_wrench_inequalities(contact)`: 16 x 6 faces of the contact wrench cone in the
/// contact frame (pymanoid's closed form).
#[pyfunction]
fn local_wrench_inequalities<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    matrix_out(
        py,
        &contact_arg(contact, "`contact` of local_wrench_inequalities()")?
            .local_wrench_inequalities(),
    )
}

/// `wrench_hrep(contact)`: {F, g}, F w <= g of the valid wrenches (world frame, contact
/// point), with the max-pressure row if set.
#[pyfunction]
fn wrench_hrep<'py>(py: Python<'py>, contact: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let (f, g) = contact_arg(contact, "`contact` of wrench_hrep()")?.wrench_hrep();
    let d = PyDict::new(py);
    d.set_item("F", matrix_out(py, &f)?)?;
    d.set_item("g", PyArray1::from_slice(py, g.as_slice()))?;
    Ok(d)
}

/// `grasp_matrix(contact, point)`: 6 x 6 matrix that moves the contact's wrench (at its point)
/// to `point`, world frame.
#[pyfunction]
fn grasp_matrix<'py>(
    py: Python<'py>,
    contact: &Bound<'py, PyAny>,
    point: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if let Some(m) = crate::contact_wrench::set_method(contact, "grasp_matrix", point)? {
        return Ok(m);
    }
    let c = contact_arg(contact, "`contact` of grasp_matrix()")?;
    let p = point3_arg(point, "`point` of grasp_matrix()")?;
    matrix_out(py, &c.grasp_matrix(&p).py()?)
}

pub(crate) fn weights_arg(
    options: Option<&Bound<'_, PyAny>>,
    function: &'static str,
) -> PyResult<DistributionWeights> {
    let mut o = Options::new(function, options)?;
    let d = DistributionWeights::default();
    let w = DistributionWeights {
        friction: o.f64("friction")?.unwrap_or(d.friction),
        cop: o.f64("cop")?.unwrap_or(d.cop),
        yaw: o.f64("yaw")?.unwrap_or(d.yaw),
    };
    o.finish()?;
    w.validate().py()?;
    Ok(w)
}

pub(crate) fn distribution_dict<'py>(
    py: Python<'py>,
    d: &WrenchDistribution,
) -> PyResult<Bound<'py, PyDict>> {
    let m = PyDict::new(py);
    m.set_item("status", d.status.name())?;
    m.set_item("reason", d.status.reason())?;
    m.set_item("iterations", d.iterations)?;
    let list = PyList::empty(py);
    for w in &d.wrenches {
        let e = PyDict::new(py);
        e.set_item("index", w.index)?;
        e.set_item("link", w.link.as_deref())?;
        e.set_item("managed", w.managed)?;
        e.set_item("world", PyArray1::from_slice(py, w.world.as_slice()))?;
        e.set_item("local", PyArray1::from_slice(py, w.local.as_slice()))?;
        e.set_item("normal_force", w.normal_force)?;
        e.set_item("cop", w.cop.map(|p| v3_out(py, &p.coords)))?;
        list.append(e)?;
    }
    m.set_item("wrenches", list)?;
    Ok(m)
}

/// `distribute(stance, weights=None)`: distributes the gravity wrench over the contacts
/// (pymanoid's weights {friction, cop, yaw}): {status, reason, iterations, wrenches}.
#[pyfunction]
#[pyo3(signature = (stance, weights=None))]
fn distribute<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    weights: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let st = stance_arg(stance, "`stance` of distribute()")?;
    let w = weights_arg(weights, "distribute")?;
    let d = py
        .detach(|| {
            st.distribute_with(&w, &mut DistributionWorkspace::new())
                .map_err(Box::new)
        })
        .map_err(|e| *e)
        .py()?;
    distribution_dict(py, &d)
}

/// `find_supporting_wrenches(contacts, wrench, point, weights=None)`: contact wrenches
/// realising the net wrench [f; tau] (world frame, at point), pymanoid's QP; `contacts` a list
/// of Contact or a Stance.
#[pyfunction]
#[pyo3(signature = (contacts, wrench, point, weights=None))]
fn find_supporting_wrenches<'py>(
    py: Python<'py>,
    contacts: &Bound<'py, PyAny>,
    wrench: &Bound<'py, PyAny>,
    point: &Bound<'py, PyAny>,
    weights: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let set = match contacts.cast::<PyStance>() {
        Ok(s) => s.borrow().0.current().py()?.contacts().clone(),
        Err(_) => refreshed_set(&mut contacts_arg(
            contacts,
            "`contacts` of find_supporting_wrenches()",
        )?)
        .py()?,
    };
    let w = f64s_arg(wrench, "`wrench` of find_supporting_wrenches()")?;
    if w.len() != 6 {
        return Err(value_error(format!(
            "`wrench` of find_supporting_wrenches(): expected [fx, fy, fz, tx, ty, tz], got {} numbers",
            w.len()
        )));
    }
    let w = nalgebra::Vector6::from_column_slice(&w);
    let p = point3_arg(point, "`point` of find_supporting_wrenches()")?;
    let weights = weights_arg(weights, "find_supporting_wrenches")?;
    let d = py
        .detach(|| {
            set.find_supporting_wrenches(&w, &p, &weights)
                .map_err(Box::new)
        })
        .map_err(|e| *e)
        .py()?;
    distribution_dict(py, &d)
}

/// Registers the stability classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyStance>()?;
    m.add_function(wrap_pyfunction!(stance, m)?)?;
    m.add_function(wrap_pyfunction!(static_polygon, m)?)?;
    m.add_function(wrap_pyfunction!(com_margin, m)?)?;
    m.add_function(wrap_pyfunction!(com_inside, m)?)?;
    m.add_function(wrap_pyfunction!(gravity_wrench, m)?)?;
    m.add_function(wrap_pyfunction!(vertices, m)?)?;
    m.add_function(wrap_pyfunction!(distribute, m)?)?;
    m.add_function(wrap_pyfunction!(find_supporting_wrenches, m)?)?;
    m.add_function(wrap_pyfunction!(force_span, m)?)?;
    m.add_function(wrap_pyfunction!(force_inequalities, m)?)?;
    m.add_function(wrap_pyfunction!(wrench_span, m)?)?;
    m.add_function(wrap_pyfunction!(wrench_inequalities, m)?)?;
    m.add_function(wrap_pyfunction!(local_wrench_inequalities, m)?)?;
    m.add_function(wrap_pyfunction!(wrench_hrep, m)?)?;
    m.add_function(wrap_pyfunction!(grasp_matrix, m)?)?;
    Ok(())
}
