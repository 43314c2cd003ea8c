//! Stability contacts: `contact(options)`, `attach(contact, robot, link)` and the `Contact`
//! class, over morsel-lab's `BoundContact` (the Rhai shell's contacts too).
//!
//! A contact made with `robot` and `link` (or by `attach`, or by a stance on a robot) follows
//! that link: its given pose is an offset in the link frame (with `orientation: "world"` only
//! the position follows, the rotation stays the given world one), and its world pose is read
//! from the robot's current state every time it is used. Without a robot, `link` only names
//! the body the contact belongs to. Contacts are mutable (`set_wrench`, `unset_wrench`); a
//! stance or a contact set holds copies.

use morsel_lab::bound_contact::BoundContact;
use morsel_stability::Contact;
use morsel_stability::contact::{pose_from_pos_quaternion, pose_from_pos_rpy};
use nalgebra::Isometry3;
use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::{Options, f64s_arg, point3_arg, points_out, string_arg, type_name, v3_out};
use crate::errors::{ToPy, type_error, value_error};
use crate::geometry::{PyPose, pose_arg};
use crate::kinematics::robot_arg;

/// A rectangular contact (normal = its local z), world-placed or following a robot link.
#[pyclass(name = "Contact", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyContact(pub BoundContact);

impl PyContact {
    /// The contact at its current world pose (moved to its link first when bound).
    pub fn current(&self) -> PyResult<Contact> {
        self.0.current().py()
    }

    /// A copy of this contact that follows `robot`'s `link` (`Contact.attach` and `attach`).
    fn attached(&self, robot: &Bound<'_, PyAny>, link: String) -> PyResult<PyContact> {
        let r = robot_arg(robot, "`robot` of attach()")?;
        self.0.attached(r.lab, link).map(PyContact).py()
    }
}

/// The contact's fields as a dict (the Rhai `to_map` of a contact).
pub fn contact_dict<'py>(py: Python<'py>, bound: &BoundContact) -> PyResult<Bound<'py, PyDict>> {
    let c = bound.current().py()?;
    let d = PyDict::new(py);
    d.set_item("shape", c.shape().to_vec())?;
    d.set_item("position", c.position().coords.as_slice().to_vec())?;
    d.set_item("normal", c.normal().as_slice().to_vec())?;
    let q = c.pose().rotation.quaternion();
    d.set_item("quat", vec![q.w, q.i, q.j, q.k])?;
    d.set_item("friction", c.friction())?;
    d.set_item("max_pressure", c.max_pressure())?;
    d.set_item("link", c.link())?;
    d.set_item("bound", bound.is_bound())?;
    d.set_item("managed", c.is_managed())?;
    Ok(d)
}

#[pymethods]
impl PyContact {
    /// [half_length, half_width] (m).
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &self.0.contact().shape())
    }
    /// The contact point (world, at the link's current pose when bound).
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(v3_out(py, &self.current()?.position().coords))
    }
    /// The contact normal (world).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        Ok(v3_out(py, &self.current()?.normal()))
    }
    /// The friction coefficient.
    #[getter]
    fn friction(&self) -> f64 {
        self.0.contact().friction()
    }
    /// The contact's world pose.
    #[getter]
    fn pose(&self) -> PyResult<PyPose> {
        Ok(PyPose(*self.current()?.pose()))
    }
    /// The link the contact belongs to (or follows), or None.
    #[getter]
    fn link(&self) -> Option<String> {
        self.0.contact().link().map(str::to_string)
    }
    /// Whether the contact follows a robot link.
    #[getter]
    fn bound(&self) -> bool {
        self.0.is_bound()
    }
    /// `attach(robot, link)`: a copy of this contact that follows `robot`'s `link`; its given
    /// pose becomes the offset in the link frame.
    fn attach(&self, robot: &Bound<'_, PyAny>, link: &Bound<'_, PyAny>) -> PyResult<PyContact> {
        let link = string_arg(link, "`link` of Contact.attach()")?;
        self.attached(robot, link)
    }
    /// `set_wrench(wrench)`: makes the contact managed: its wrench [fx, fy, fz, tx, ty, tz] is
    /// given (contact frame, at the contact point) and subtracted from distributions.
    fn set_wrench(&mut self, wrench: &Bound<'_, PyAny>) -> PyResult<()> {
        let w = crate::convert::wrench_arg(wrench, "`wrench` of set_wrench()")?;
        self.0.refresh().py()?;
        self.0.contact_mut().set_wrench(&w).py()
    }
    /// `unset_wrench()`: makes the contact supporting again.
    fn unset_wrench(&mut self) {
        self.0.contact_mut().unset_wrench();
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
            .current()?
            .wrench_at(&p)
            .py()?
            .map(|w| PyArray1::from_slice(py, w.as_slice())))
    }
    /// Whether the contact's wrench is given (`set_wrench`).
    #[getter]
    fn managed(&self) -> bool {
        self.0.contact().is_managed()
    }
    /// The rectangle's four corners (world), pymanoid's order, (4, 3).
    fn vertices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        Ok(points_out(py, &self.current()?.vertices()))
    }
    /// {shape, position, normal, quat, friction, max_pressure, link, bound, managed}.
    #[allow(clippy::wrong_self_convention)] // a pymethod: `self` is borrowed from Python
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        contact_dict(py, &self.0)
    }
    fn __repr__(&self) -> String {
        let c = self
            .0
            .current()
            .unwrap_or_else(|_| self.0.contact().clone());
        let p = c.position();
        let link = c.link().map_or(String::new(), |l| format!(", link={l}"));
        format!(
            "Contact(shape={:?}, position=[{}, {}, {}], friction={}{link})",
            c.shape(),
            p.x,
            p.y,
            p.z,
            c.friction()
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

/// The pose of `contact(...)`: `pose`, or `pos` with `rpy` or `quat`.
fn given_pose(o: &mut Options<'_>) -> PyResult<Isometry3<f64>> {
    let pose = o.take("pose");
    let pos = o.take("pos");
    let rpy = o.take("rpy");
    let quat = o.take("quat");
    match (pose, rpy, quat) {
        (Some(p), None, None) if pos.is_none() => pose_arg(&p, "option `pose` of contact()"),
        (Some(_), _, _) => Err(value_error(
            "contact(): give either `pose` or `pos` with `rpy`/`quat`, not both",
        )),
        (None, Some(_), Some(_)) => Err(value_error(
            "contact(): give either `rpy` or `quat`, not both",
        )),
        (None, None, Some(q)) => {
            let q = f64s_arg(&q, "option `quat` of contact()")?;
            let q = <[f64; 4]>::try_from(q.as_slice())
                .map_err(|_| value_error("option `quat` of contact(): expected [w, x, y, z]"))?;
            pose_from_pos_quaternion(three(pos, "option `pos` of contact()")?, q).py()
        }
        (None, rpy, None) => pose_from_pos_rpy(
            three(pos, "option `pos` of contact()")?,
            three(rpy, "option `rpy` of contact()")?,
        )
        .py(),
    }
}

fn stability_contact(
    options: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyContact> {
    let mut o = Options::new("contact", options)?.merge(kwargs)?;
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
    let given = given_pose(&mut o)?;
    let friction = o
        .f64("friction")?
        .ok_or_else(|| value_error("contact(): option `friction` is required"))?;
    let max_pressure = o.f64("max_pressure")?;
    let link = o.string("link")?;
    let robot = o
        .take("robot")
        .map(|r| robot_arg(&r, "option `robot` of contact()"))
        .transpose()?;
    let world_orientation = match o.string("orientation")?.as_deref() {
        None | Some("link") => false,
        Some("world") => true,
        Some(other) => {
            return Err(value_error(format!(
                "option `orientation` of contact(): expected \"link\" or \"world\", got \"{other}\""
            )));
        }
    };
    o.finish()?;
    let mut c = Contact::new(shape, given, friction).py()?;
    if let Some(p) = max_pressure {
        c = c.with_max_pressure(p).py()?;
    }
    if let Some(l) = &link {
        c = c.with_link(l.clone());
    }
    let mut c = BoundContact::new(c, world_orientation);
    match (robot, link) {
        (Some(r), Some(l)) => c.bind(r.lab, l).py()?,
        (Some(_), None) => {
            return Err(value_error(
                "contact(): option `robot` needs a `link` name (the link the contact follows)",
            ));
        }
        _ => {}
    }
    Ok(PyContact(c))
}

/// `contact(options)` (stability: a rectangular contact, options shape, pos, rpy | quat | pose,
/// friction, max_pressure, link, robot, orientation "link" | "world"; with `robot` the contact
/// follows `link` and its pose is the offset in the link frame) or `contact(a, pose_a, b,
/// pose_b)` (geometry: the penetration of two placed shapes, {depth, points, normal} or None).
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

/// `attach(contact, robot, link)`: a copy of the contact that follows `robot`'s `link` (its
/// given pose becomes the offset in the link frame).
#[pyfunction]
fn attach(
    contact: &Bound<'_, PyAny>,
    robot: &Bound<'_, PyAny>,
    link: &Bound<'_, PyAny>,
) -> PyResult<PyContact> {
    let c = contact.cast::<PyContact>().map_err(|_| {
        type_error(format!(
            "`contact` of attach(): expected a morsel Contact, got {}",
            type_name(contact)
        ))
    })?;
    let link = string_arg(link, "`link` of attach()")?;
    c.borrow().attached(robot, link)
}

/// A `Contact` argument at its current world pose.
pub(crate) fn contact_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Contact> {
    let c = obj.cast::<PyContact>().map_err(|_| {
        type_error(format!(
            "{what}: expected a morsel Contact, got {}",
            type_name(obj)
        ))
    })?;
    c.borrow().current()
}

/// Registers `Contact`, `contact` and `attach`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyContact>()?;
    m.add_function(wrap_pyfunction!(contact, m)?)?;
    m.add_function(wrap_pyfunction!(attach, m)?)?;
    Ok(())
}
