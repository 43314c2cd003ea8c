//! Contacts, stances and static-equilibrium polygons of morsel-stability.
//!
//! Contacts here are world-placed; contacts bound to robot links (`robot`/`link` options,
//! `attach`) are not bound in Python yet and raise a clear error. Contacts and stances are
//! mutable (`set_wrench`, `unset_wrench`); a stance holds copies of the contacts it was given.

use morsel_stability::contact::{pose_from_pos_quaternion, pose_from_pos_rpy};
use morsel_stability::{
    Contact, ContactSet, ConvexPolygon, PolygonMethod, STANDARD_GRAVITY, Stance, StaticPolygon,
};
use morsel_stability::{DistributionWeights, DistributionWorkspace, WrenchDistribution};
use nalgebra::{Isometry3, Point3};
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::convert::{
    Options, array2_arg, f64s_arg, point3_arg, points_out, rows_out, type_name, v3_out,
};
use crate::errors::{Kind, ToPy, error, type_error, value_error};
use crate::geometry::{PyPose, pose_arg};

/// A rectangular contact (normal = its local z), world-placed.
#[pyclass(name = "Contact", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyContact(pub Contact);

#[pymethods]
impl PyContact {
    /// [half_length, half_width] (m).
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &self.0.shape())
    }
    /// The contact point (world).
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        v3_out(py, &self.0.position().coords)
    }
    /// The contact normal (world).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        v3_out(py, &self.0.normal())
    }
    /// The friction coefficient.
    #[getter]
    fn friction(&self) -> f64 {
        self.0.friction()
    }
    /// The contact's world pose.
    #[getter]
    fn pose(&self) -> PyPose {
        PyPose(*self.0.pose())
    }
    /// `set_wrench(wrench)`: makes the contact managed: its wrench [fx, fy, fz, tx, ty, tz] is
    /// given (contact frame, at the contact point) and subtracted from distributions.
    fn set_wrench(&mut self, wrench: &Bound<'_, PyAny>) -> PyResult<()> {
        let w = crate::contact_wrench::wrench_arg(wrench, "`wrench` of set_wrench()")?;
        self.0.set_wrench(&w).py()
    }
    /// `unset_wrench()`: makes the contact supporting again.
    fn unset_wrench(&mut self) {
        self.0.unset_wrench();
    }
    /// `wrench_at(point)`: the contact's known wrench moved to `point` (world frame), (6,), or
    /// None when it has none.
    fn wrench_at<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyArray1<f64>>>> {
        let p = point3_arg(point, "`point` of wrench_at()")?;
        Ok(self
            .0
            .wrench_at(&p)
            .py()?
            .map(|w| PyArray1::from_slice(py, w.as_slice())))
    }
    /// Whether the contact's wrench is given (`set_wrench`).
    #[getter]
    fn managed(&self) -> bool {
        self.0.is_managed()
    }
    /// The rectangle's four corners (world), pymanoid's order, (4, 3).
    fn vertices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        points_out(py, &self.0.vertices())
    }
    fn __repr__(&self) -> String {
        let p = self.0.position();
        format!(
            "Contact(shape={:?}, position=[{}, {}, {}], friction={})",
            self.0.shape(),
            p.x,
            p.y,
            p.z,
            self.0.friction()
        )
    }
}

fn three(v: Option<Bound<'_, PyAny>>, what: &str) -> PyResult<[f64; 3]> {
    match v {
        None => Ok([0.0; 3]),
        Some(v) => {
            let x = f64s_arg(&v, what)?;
            <[f64; 3]>::try_from(x.as_slice()).map_err(|_| {
                value_error(format!(
                    "{what}: expected [x, y, z], got {} numbers",
                    x.len()
                ))
            })
        }
    }
}

fn stability_contact(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyContact> {
    let mut o = Options::new("contact", options)?.merge(kwargs)?;
    for bound in ["robot", "orientation"] {
        if o.take(bound).is_some() {
            return Err(error(
                Kind::Other,
                format!(
                    "contact(): option `{bound}` (contacts that follow a robot link) is not available from Python yet; place the contact in the world with pos/rpy/quat/pose"
                ),
            ));
        }
    }
    let shape = o.take("shape").ok_or_else(|| {
        value_error("contact(): option `shape` [half_length, half_width] is required")
    })?;
    let shape = f64s_arg(&shape, "option `shape` of contact()")?;
    let shape = <[f64; 2]>::try_from(shape.as_slice()).map_err(|_| {
        value_error(format!(
            "option `shape` of contact(): expected [half_length, half_width], got {} numbers",
            shape.len()
        ))
    })?;
    let pose = o.take("pose");
    let pos = o.take("pos");
    let rpy = o.take("rpy");
    let quat = o.take("quat");
    let given: Isometry3<f64> = match (pose, rpy, quat) {
        (Some(p), None, None) if pos.is_none() => pose_arg(&p, "option `pose` of contact()")?,
        (Some(_), _, _) => {
            return Err(value_error(
                "contact(): give either `pose` or `pos` with `rpy`/`quat`, not both",
            ));
        }
        (None, Some(_), Some(_)) => {
            return Err(value_error(
                "contact(): give either `rpy` or `quat`, not both",
            ));
        }
        (None, None, Some(q)) => {
            let q = f64s_arg(&q, "option `quat` of contact()")?;
            let q = <[f64; 4]>::try_from(q.as_slice())
                .map_err(|_| value_error("option `quat` of contact(): expected [w, x, y, z]"))?;
            pose_from_pos_quaternion(three(pos, "option `pos` of contact()")?, q).py()?
        }
        (None, rpy, None) => pose_from_pos_rpy(
            three(pos, "option `pos` of contact()")?,
            three(rpy, "option `rpy` of contact()")?,
        )
        .py()?,
    };
    let friction = o
        .f64("friction")?
        .ok_or_else(|| value_error("contact(): option `friction` is required"))?;
    let max_pressure = o.f64("max_pressure")?;
    // A link name alone only names the body the contact belongs to (point_contacts); the
    // contact does not follow it.
    let link = o.string("link")?;
    o.finish()?;
    let mut c = Contact::new(shape, given, friction).py()?;
    if let Some(p) = max_pressure {
        c = c.with_max_pressure(p).py()?;
    }
    if let Some(l) = link {
        c = c.with_link(l);
    }
    Ok(PyContact(c))
}

/// `contact(options)` (stability: a rectangular contact, options shape, pos, rpy | quat | pose,
/// friction, max_pressure, link: the name of the scene body it belongs to) or `contact(a, pose_a, b, pose_b)` (geometry: the penetration of two
/// placed shapes, {depth, points, normal} or None).
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
fn contact<'py>(
    py: Python<'py>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if args.len() == 4 {
        let a: Vec<Bound<'py, PyAny>> = args.iter().collect();
        let r = crate::geometry::shape_contact(py, &a[0], &a[1], &a[2], &a[3])?;
        return Ok(match r {
            Some(d) => d.into_any(),
            None => py.None().into_bound(py),
        });
    }
    if args.len() > 1 {
        return Err(type_error(format!(
            "contact() takes (options) or (a, pose_a, b, pose_b), got {} arguments",
            args.len()
        )));
    }
    let first = args.iter().next();
    Ok(Bound::new(py, stability_contact(first.as_ref(), kwargs)?)?.into_any())
}

/// A stance: a CoM, a mass and contacts.
#[pyclass(name = "Stance", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyStance(pub Stance);

#[pymethods]
impl PyStance {
    /// The CoM (world).
    #[getter]
    fn com<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        v3_out(py, &self.0.com().coords)
    }
    /// The mass (kg).
    #[getter]
    fn mass(&self) -> f64 {
        self.0.mass()
    }
    /// Gravity (m/s^2).
    #[getter]
    fn gravity(&self) -> f64 {
        self.0.gravity()
    }
    /// The contacts.
    #[getter]
    fn contacts(&self) -> Vec<PyContact> {
        self.0
            .contacts()
            .contacts()
            .iter()
            .cloned()
            .map(PyContact)
            .collect()
    }
    /// `set_wrench(index, wrench)`: makes contact `index` managed with this wrench (contact
    /// frame, at the contact point).
    fn set_wrench(&mut self, index: &Bound<'_, PyAny>, wrench: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = crate::contact_wrench::index_arg(index, "`index` of set_wrench()")?;
        let w = crate::contact_wrench::wrench_arg(wrench, "`wrench` of set_wrench()")?;
        self.0
            .contacts_mut()
            .contact_mut(i)
            .py()?
            .set_wrench(&w)
            .py()
    }
    /// `unset_wrench(index)`: makes contact `index` supporting again.
    fn unset_wrench(&mut self, index: &Bound<'_, PyAny>) -> PyResult<()> {
        let i = crate::contact_wrench::index_arg(index, "`index` of unset_wrench()")?;
        self.0.contacts_mut().contact_mut(i).py()?.unset_wrench();
        Ok(())
    }
    /// `plot_polygon(path, polygon=None)`: see `morsel.plot_polygon` (the stance second there).
    #[pyo3(signature = (path, polygon=None))]
    fn plot_polygon(
        slf: &Bound<'_, Self>,
        path: &Bound<'_, PyAny>,
        polygon: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        crate::plots::plot_polygon(slf.py(), path, slf.as_any(), polygon)
    }
    /// `wrench_distributor(options=None)`: see `morsel.wrench_distributor`.
    #[pyo3(signature = (options=None, **kwargs))]
    fn wrench_distributor(
        slf: &Bound<'_, Self>,
        options: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<crate::distributor::PyWrenchDistributor> {
        crate::distributor::wrench_distributor(slf.as_any(), options, kwargs)
    }
    fn __repr__(&self) -> String {
        format!(
            "Stance({} contacts, mass {})",
            self.0.contacts().len(),
            self.0.mass()
        )
    }
}

pub(crate) fn contacts_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<ContactSet> {
    let mut out = Vec::new();
    for (i, c) in obj
        .try_iter()
        .map_err(|_| type_error(format!("{what}: expected a list of Contact")))?
        .enumerate()
    {
        let c = c?;
        let c = c.cast::<PyContact>().map_err(|_| {
            type_error(format!(
                "{what}[{i}]: expected a morsel Contact, got {}",
                type_name(&c)
            ))
        })?;
        out.push(c.borrow().0.clone());
    }
    ContactSet::new(out).py()
}

/// `stance(options)`: options com [x, y, z], mass (kg), contacts [Contact], gravity.
#[pyfunction]
#[pyo3(signature = (options=None, **kwargs))]
fn stance(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyStance> {
    if let Some(o) = options
        && o.cast::<crate::kinematics::PyRobot>().is_ok()
    {
        return Err(error(
            Kind::Other,
            "stance(robot, ...): stances on a robot are not available from Python yet; give com and mass",
        ));
    }
    let mut o = Options::new("stance", options)?.merge(kwargs)?;
    if o.take("robot").is_some() {
        return Err(error(
            Kind::Other,
            "stance(): option `robot` is not available from Python yet; give com and mass",
        ));
    }
    let contacts = o
        .take("contacts")
        .ok_or_else(|| value_error("stance(): option `contacts` is required"))?;
    let contacts = contacts_arg(&contacts, "option `contacts` of stance()")?;
    let com = o
        .take("com")
        .ok_or_else(|| value_error("stance(): option `com` [x, y, z] is required"))?;
    let com: Point3<f64> = point3_arg(&com, "option `com` of stance()")?;
    let mass = o
        .f64("mass")?
        .ok_or_else(|| value_error("stance(): option `mass` (kg) is required"))?;
    let gravity = o.f64("gravity")?.unwrap_or(STANDARD_GRAVITY);
    o.finish()?;
    Ok(PyStance(
        Stance::new(com, mass, contacts)
            .py()?
            .with_gravity(gravity)
            .py()?,
    ))
}

/// A `Stance` argument (cloned).
pub fn stance_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Stance> {
    obj.cast::<PyStance>()
        .map(|s| s.borrow().0.clone())
        .map_err(|_| {
            type_error(format!(
                "{what}: expected a morsel Stance, got {}",
                type_name(obj)
            ))
        })
}

pub(crate) fn method_arg(method: Option<&str>) -> PyResult<PolygonMethod> {
    match method {
        None => Ok(PolygonMethod::Bretl),
        Some(m) => m.parse::<PolygonMethod>().py(),
    }
}

pub(crate) fn polygon_dict<'py>(
    py: Python<'py>,
    method: PolygonMethod,
    p: &StaticPolygon,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("method", method.name())?;
    d.set_item("status", p.status())?;
    let v = p.vertices();
    d.set_item(
        "vertices",
        rows_out(py, v.len(), 2, v.iter().flatten().copied().collect())?,
    )?;
    d.set_item("area", p.polygon().map_or(0.0, ConvexPolygon::area))?;
    d.set_item("reason", p.reason())?;
    Ok(d)
}

/// `static_polygon(stance, method="bretl")`: the static-equilibrium polygon {method, status,
/// vertices (k, 2) ccw world x-y, area, reason}; method "hull" | "bretl" | "cdd".
#[pyfunction]
#[pyo3(signature = (stance, method=None))]
fn static_polygon<'py>(
    py: Python<'py>,
    stance: &Bound<'py, PyAny>,
    method: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
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
    let method = method_arg(method)?;
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
    let c = contact.cast::<PyContact>().map_err(|_| {
        type_error(format!(
            "`contact` of vertices(): expected a morsel Contact, got {}",
            type_name(contact)
        ))
    })?;
    Ok(c.borrow().vertices(py))
}

pub(crate) fn matrix_out<
    'py,
    R: nalgebra::Dim,
    C: nalgebra::Dim,
    S: nalgebra::RawStorage<f64, R, C>,
>(
    py: Python<'py>,
    m: &nalgebra::Matrix<f64, R, C, S>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (r, c) = m.shape();
    let flat: Vec<f64> = (0..r)
        .flat_map(|i| (0..c).map(move |j| (i, j)))
        .map(|(i, j)| m[(i, j)])
        .collect();
    rows_out(py, r, c, flat)
}

pub(crate) fn contact_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Contact> {
    obj.cast::<PyContact>()
        .map(|c| c.borrow().0.clone())
        .map_err(|_| {
            type_error(format!(
                "{what}: expected a morsel Contact, got {}",
                type_name(obj)
            ))
        })
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
            &c.wrench_span_at(&point3_arg(p, "`point` of wrench_span()")?),
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
        Ok(s) => s.borrow().0.contacts().clone(),
        Err(_) => contacts_arg(contacts, "`contacts` of find_supporting_wrenches()")?,
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
    m.add_class::<PyContact>()?;
    m.add_class::<PyStance>()?;
    m.add_function(wrap_pyfunction!(contact, m)?)?;
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
