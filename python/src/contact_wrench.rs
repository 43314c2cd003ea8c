//! Contact sets and given ("managed") contact wrenches: `contact_set(contacts)`,
//! `set_wrench`, `unset_wrench` and `wrench_at` (module functions that call the method of
//! their first argument, a Contact or a Stance, as in Rhai).

use morsel_stability::ContactSet;
use numpy::PyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::contacts::{PyContact, contact_dict};
use crate::convert::matrix_out;
use crate::convert::{point3_arg, string_arg, type_name};
use crate::errors::{ToPy, type_error};
use crate::polygon_values::{method_arg, polygon_dict};
use morsel_lab::bound_contact::{BoundContact, refreshed_set};

/// An ordered, non-empty set of contacts (copies of the contacts given; bound ones follow
/// their links).
#[pyclass(frozen, name = "ContactSet", module = "morsel")]
#[derive(Clone, Debug)]
pub struct PyContactSet(pub Vec<BoundContact>);

impl PyContactSet {
    /// The crate's set with every bound contact at its link's current pose.
    fn set(&self) -> PyResult<ContactSet> {
        refreshed_set(&mut self.0.clone()).py()
    }
}

#[pymethods]
impl PyContactSet {
    /// The contacts (copies).
    #[getter]
    fn contacts(&self) -> Vec<PyContact> {
        self.0.iter().cloned().map(PyContact).collect()
    }
    /// `grasp_matrix(point)`: 6 x 6n matrix mapping the stacked contact wrenches (each at its
    /// contact point) to the net wrench at `point`.
    fn grasp_matrix<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let p = point3_arg(point, "`point` of grasp_matrix()")?;
        matrix_out(py, &self.set()?.grasp_matrix(&p).py()?)
    }
    /// `wrench_span(point)`: 6 x 16n span of the net contact wrench cone at `point` (world).
    fn wrench_span<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let p = point3_arg(point, "`point` of wrench_span()")?;
        matrix_out(py, &self.set()?.wrench_span(&p).py()?)
    }
    /// `wrench_inequalities(point)`: faces F of the net contact wrench cone at `point` (double
    /// description): achievable net wrenches satisfy F w <= 0.
    fn wrench_inequalities<'py>(
        &self,
        py: Python<'py>,
        point: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let p = point3_arg(point, "`point` of wrench_inequalities()")?;
        let set = self.set()?;
        let f = py
            .detach(|| set.wrench_inequalities(&p).map_err(Box::new))
            .map_err(|e| *e)
            .py()?;
        matrix_out(py, &f)
    }
    /// `static_polygon(method)`: the static-equilibrium polygon {method, status, vertices,
    /// area, reason}; method "hull" | "bretl" | "cdd".
    fn static_polygon<'py>(
        &self,
        py: Python<'py>,
        method: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let method = string_arg(method, "`method` of ContactSet.static_polygon()")?;
        let m = method_arg(Some(&method))?;
        let set = self.set()?;
        let p = py
            .detach(|| set.static_equilibrium_polygon(m).map_err(Box::new))
            .map_err(|e| *e)
            .py()?;
        polygon_dict(py, m, &p)
    }
    /// {contacts: [...]} (each contact as its fields).
    #[allow(clippy::wrong_self_convention)] // a pymethod: `self` is borrowed from Python
    fn to_map<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let list = PyList::empty(py);
        for c in &self.0 {
            list.append(contact_dict(py, c)?)?;
        }
        let d = PyDict::new(py);
        d.set_item("contacts", list)?;
        Ok(d)
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.contacts())?.try_iter()?.into_any())
    }
    fn __repr__(&self) -> String {
        format!("ContactSet({} contacts)", self.0.len())
    }
}

/// `contact_set(contacts)`: an ordered, non-empty set of contacts.
#[pyfunction]
fn contact_set(contacts: &Bound<'_, PyAny>) -> PyResult<PyContactSet> {
    Ok(PyContactSet(contacts_arg(
        contacts,
        "`contacts` of contact_set()",
    )?))
}

/// When `obj` is a ContactSet, its method `name` at `point` (a matrix); else `None`.
pub fn set_method<'py>(
    obj: &Bound<'py, PyAny>,
    name: &str,
    point: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyArray2<f64>>>> {
    match obj.cast::<PyContactSet>() {
        Ok(set) => Ok(Some(
            set.call_method1(name, (point,))?
                .cast_into::<PyArray2<f64>>()?,
        )),
        Err(_) => Ok(None),
    }
}

/// Calls method `name` of `obj` with the other arguments (`f(x, a) == x.f(a)`).
pub fn call_method_of<'py>(
    name: &str,
    what: &str,
    obj: &Bound<'py, PyAny>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if !obj.hasattr(name)? || obj.is_instance_of::<pyo3::types::PyType>() {
        return Err(type_error(format!(
            "{name}(): the first argument must be {what}, got {}",
            type_name(obj)
        )));
    }
    obj.call_method(name, args, kwargs)
}

/// `set_wrench(contact, wrench)` or `set_wrench(stance, index, wrench)`: makes a contact
/// managed: its wrench is given (contact frame, at the contact point) and subtracted from
/// distributions.
#[pyfunction]
#[pyo3(signature = (target, /, *args, **kwargs))]
fn set_wrench<'py>(
    target: &Bound<'py, PyAny>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<()> {
    call_method_of("set_wrench", "a Contact or a Stance", target, args, kwargs).map(|_| ())
}

/// `unset_wrench(contact)` or `unset_wrench(stance, index)`: makes the contact supporting
/// again (its wrench is found by distributions).
#[pyfunction]
#[pyo3(signature = (target, /, *args, **kwargs))]
fn unset_wrench<'py>(
    target: &Bound<'py, PyAny>,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<()> {
    call_method_of(
        "unset_wrench",
        "a Contact or a Stance",
        target,
        args,
        kwargs,
    )
    .map(|_| ())
}

/// `wrench_at(contact, point)`: the contact's known wrench moved to `point` (world frame),
/// (6,), or None when it has none.
#[pyfunction]
fn wrench_at<'py>(
    contact: &Bound<'py, PyAny>,
    point: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let c = contact.cast::<PyContact>().map_err(|_| {
        type_error(format!(
            "`contact` of wrench_at(): expected a morsel Contact, got {}",
            type_name(contact)
        ))
    })?;
    c.call_method1("wrench_at", (point,))
}

/// Registers `ContactSet`, `contact_set`, `set_wrench`, `unset_wrench` and `wrench_at`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyContactSet>()?;
    m.add_function(wrap_pyfunction!(contact_set, m)?)?;
    m.add_function(wrap_pyfunction!(set_wrench, m)?)?;
    m.add_function(wrap_pyfunction!(unset_wrench, m)?)?;
    m.add_function(wrap_pyfunction!(wrench_at, m)?)?;
    Ok(())
}

/// Contacts given as a list of Contact or a ContactSet (copies, bindings kept).
pub(crate) fn contacts_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<BoundContact>> {
    if let Ok(set) = obj.cast::<PyContactSet>() {
        return Ok(set.get().0.clone());
    }
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
    morsel_stability::ContactSet::new(out.iter().map(|c| c.contact().clone()).collect()).py()?;
    Ok(out)
}
