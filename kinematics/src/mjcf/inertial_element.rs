//! The `<inertial>` element: a body's mass, centre of mass and inertia as the file gives them,
//! read into the body's frame.

use nalgebra::{Isometry3, Matrix3, Point3, Vector3};

use super::attrs::Attrs;
use super::compiler::Compiler;
use super::error::{MjcfError, MjcfResult};
use super::orientation::orientation;

/// An `<inertial>` element in its body's frame.
#[derive(Clone, Debug)]
pub(crate) struct InertialDef {
    pub mass: f64,
    pub com: Point3<f64>,
    /// Inertia about the centre of mass, body axes.
    pub inertia: Matrix3<f64>,
}

/// Reads an `<inertial>` inside a frame placed at `body_from_frame`.
pub(crate) fn read_inertial(
    a: &Attrs,
    compiler: &Compiler,
    body_from_frame: &Isometry3<f64>,
) -> MjcfResult<InertialDef> {
    let missing = |what: &str| MjcfError::Invalid {
        at: a.node.location(),
        problem: format!("<inertial> needs {what}"),
    };
    let mass = a.number("mass")?.ok_or_else(|| missing("a mass"))?;
    if mass < 0.0 {
        return Err(a.invalid("mass", a.str("mass").unwrap_or_default(), "a mass >= 0"));
    }
    let pos = a.array::<3>("pos")?.ok_or_else(|| missing("a pos"))?;
    let rotation = body_from_frame.rotation * orientation(a, compiler)?;
    let local = match (a.array::<3>("diaginertia")?, a.array::<6>("fullinertia")?) {
        (Some(d), None) => {
            if d.iter().any(|v| *v < 0.0) {
                return Err(a.invalid(
                    "diaginertia",
                    a.str("diaginertia").unwrap_or_default(),
                    "three values >= 0",
                ));
            }
            Matrix3::from_diagonal(&Vector3::new(d[0], d[1], d[2]))
        }
        (None, Some(f)) => {
            if a.node.attr("quat").is_some() || a.node.attr("euler").is_some() {
                return Err(MjcfError::Invalid {
                    at: a.node.location(),
                    problem: "fullinertia cannot be combined with an orientation".into(),
                });
            }
            Matrix3::new(f[0], f[3], f[4], f[3], f[1], f[5], f[4], f[5], f[2])
        }
        // A massless <inertial> may leave its inertia out: zero, as MuJoCo reads it.
        (None, None) if mass == 0.0 => Matrix3::zeros(),
        (None, None) => return Err(missing("diaginertia or fullinertia")),
        (Some(_), Some(_)) => {
            return Err(MjcfError::Invalid {
                at: a.node.location(),
                problem: "give diaginertia or fullinertia, not both".into(),
            });
        }
    };
    let r = rotation.to_rotation_matrix().into_inner();
    Ok(InertialDef {
        mass,
        com: body_from_frame * Point3::new(pos[0], pos[1], pos[2]),
        inertia: r * local * r.transpose(),
    })
}
