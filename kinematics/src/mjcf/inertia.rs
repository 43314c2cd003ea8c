//! Body mass and inertia as MuJoCo's compiler computes them: from `<inertial>`, or summed over
//! the body's geoms (`inertiafromgeom`), then `boundmass`, `boundinertia`, `balanceinertia`
//! and `settotalmass`.

use nalgebra::{Isometry3, Matrix3, Point3, SymmetricEigen, Vector3};

use super::attrs::Attrs;
use super::bodies::BodyDef;
use super::compiler::{Compiler, InertiaFromGeom};
use super::error::{MjcfError, MjcfResult};
use super::orientation::orientation;
use crate::Inertial;

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

/// The mass properties of every body (world first, always massless).
pub(crate) fn body_inertials(bodies: &[BodyDef], compiler: &Compiler) -> Vec<Inertial> {
    let mut out: Vec<Inertial> = bodies
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if i == 0 {
                return Inertial::zero();
            }
            let mut inertial = own_inertial(b, compiler);
            bound(&mut inertial, compiler);
            inertial
        })
        .collect();
    if compiler.settotalmass > 0.0 {
        let total: f64 = out.iter().map(|i| i.mass).sum();
        if total > 0.0 {
            let scale = compiler.settotalmass / total;
            for i in &mut out {
                i.mass *= scale;
                i.inertia *= scale;
            }
        }
    }
    out
}

fn own_inertial(body: &BodyDef, compiler: &Compiler) -> Inertial {
    let from_geoms = match compiler.inertiafromgeom {
        InertiaFromGeom::True => true,
        InertiaFromGeom::False => false,
        InertiaFromGeom::Auto => body.inertial.is_none(),
    };
    if !from_geoms {
        return body
            .inertial
            .as_ref()
            .map_or_else(Inertial::zero, |i| Inertial {
                mass: i.mass,
                com: i.com,
                inertia: i.inertia,
            });
    }
    let [lo, hi] = compiler.inertiagrouprange;
    let geoms: Vec<_> = body
        .geoms
        .iter()
        .filter(|g| g.group >= lo && g.group <= hi)
        .collect();
    let mass: f64 = geoms.iter().map(|g| g.mass).sum();
    if mass <= 0.0 {
        return Inertial::zero();
    }
    let com = geoms
        .iter()
        .map(|g| g.body_from_geom.translation.vector * g.mass)
        .sum::<Vector3<f64>>()
        / mass;
    let mut inertia = Matrix3::zeros();
    for g in &geoms {
        let r = g.body_from_geom.rotation.to_rotation_matrix().into_inner();
        inertia += r * Matrix3::from_diagonal(&g.inertia) * r.transpose();
        let d = g.body_from_geom.translation.vector - com;
        inertia += (Matrix3::identity() * d.norm_squared() - d * d.transpose()) * g.mass;
    }
    Inertial {
        mass,
        com: Point3::from(com),
        inertia,
    }
}

/// Applies `boundmass`, `boundinertia` and `balanceinertia` to one body.
fn bound(inertial: &mut Inertial, compiler: &Compiler) {
    if compiler.boundmass > 0.0 && inertial.mass < compiler.boundmass {
        inertial.mass = compiler.boundmass;
    }
    if compiler.boundinertia <= 0.0 && !compiler.balanceinertia {
        return;
    }
    let eig = SymmetricEigen::new(inertial.inertia);
    let mut values = eig.eigenvalues;
    let mut changed = false;
    if compiler.boundinertia > 0.0 {
        for v in values.iter_mut() {
            if *v < compiler.boundinertia {
                *v = compiler.boundinertia;
                changed = true;
            }
        }
    }
    if compiler.balanceinertia {
        let (a, b, c) = (values[0], values[1], values[2]);
        if a + b < c || a + c < b || b + c < a {
            values = Vector3::repeat((a + b + c) / 3.0);
            changed = true;
        }
    }
    if changed {
        let v = eig.eigenvectors;
        inertial.inertia = v * Matrix3::from_diagonal(&values) * v.transpose();
    }
}
