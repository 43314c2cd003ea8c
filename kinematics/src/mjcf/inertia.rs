//! Body mass and inertia as MuJoCo's compiler computes them: from `<inertial>`, or summed over
//! the body's geoms (`inertiafromgeom`), then `boundmass`, `boundinertia`, `balanceinertia`
//! and `settotalmass`
//! (after `fusestatic` has merged static bodies).

use nalgebra::{Matrix3, Point3, SymmetricEigen, Vector3};

use super::bodies::BodyDef;
use super::compiler::{Compiler, InertiaFromGeom};
use crate::Inertial;

/// The mass properties of every body (world first, always massless), each bounded, before
/// `settotalmass` ([`set_total_mass`]).
pub(crate) fn body_inertials(bodies: &[BodyDef], compiler: &Compiler) -> Vec<Inertial> {
    bodies
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
        .collect()
}

/// Scales every body's mass and inertia to `settotalmass` (when set), as MuJoCo does after
/// the bodies are compiled (and fused).
pub(crate) fn set_total_mass(inertials: &mut [Inertial], compiler: &Compiler) {
    if compiler.settotalmass > 0.0 {
        let total: f64 = inertials.iter().map(|i| i.mass).sum();
        if total > 0.0 {
            let scale = compiler.settotalmass / total;
            for i in inertials {
                i.mass *= scale;
                i.inertia *= scale;
            }
        }
    }
}

fn own_inertial(body: &BodyDef, compiler: &Compiler) -> Inertial {
    let from_geoms = match compiler.inertiafromgeom {
        InertiaFromGeom::True => true,
        InertiaFromGeom::False => false,
        InertiaFromGeom::Auto => body.inertial.is_none(),
    };
    if !from_geoms {
        return body.inertial.as_ref().map_or_else(
            || unplaced(body),
            |i| Inertial {
                mass: i.mass,
                com: i.com,
                inertia: i.inertia,
            },
        );
    }
    let [lo, hi] = compiler.inertiagrouprange;
    let geoms: Vec<_> = body
        .geoms
        .iter()
        .filter(|g| g.group >= lo && g.group <= hi)
        .collect();
    let mass: f64 = geoms.iter().map(|g| g.mass).sum();
    if mass <= 0.0 {
        return unplaced(body);
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

/// A body with no `<inertial>` and no geom mass: massless, its inertial frame MuJoCo's copy of
/// the body's own pose in its parent (`ipos = pos`), which `boundmass` and `fusestatic` make
/// visible.
fn unplaced(body: &BodyDef) -> Inertial {
    Inertial {
        com: Point3::from(body.parent_from_body.translation.vector),
        ..Inertial::zero()
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
