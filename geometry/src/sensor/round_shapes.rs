//! Sensor points on spheres and ellipsoids, following MIMo's `spread_points_sphere` and
//! `spread_points_ellipsoid`.
//!
//! Sphere rule (radius `r`): when `res > r`, one point at the centre. Otherwise
//! `n_θ = ceil(π r/res)` latitude rings at `θ_i = (i + ½)·π/n_θ` (ring 0 next to the +z pole),
//! ring `i` holding `n_φ = round(2π sin θ_i · r/res)` points at `φ_j = 2π j/n_φ`, at
//! `(r sin θ cos φ, r sin θ sin φ, r cos θ)`. Normal: the normalised position.
//!
//! Ellipsoid rule (semi-axes `a, b, c`): the sphere rule with `r = max(a, b, c)` for the counts
//! and the single-point test, points at `(a sin θ cos φ, b sin θ sin φ, c cos θ)`, normals
//! `∝ (x/a², y/b², z/c²)`.

use std::f64::consts::{PI, TAU};

use nalgebra::{Point3, Vector3};

use super::numeric::{ceil_count, round_half_even};
use super::rings::{Ring, stitch_sequence};
use super::{Layout, SensorPoints};

/// The latitude rings `(θ_i, n_φ)` of the sphere rule for a radius `r`, or `None` for the
/// single-point case.
fn latitude_rings(r: f64, res: f64) -> Option<Vec<(f64, usize)>> {
    if res > r {
        return None;
    }
    let n_theta = ceil_count(PI * r / res);
    Some(
        (0..n_theta)
            .map(|i| {
                let theta = (i as f64 + 0.5) * PI / n_theta as f64;
                (theta, round_half_even(TAU * theta.sin() * r / res))
            })
            .collect(),
    )
}

/// An upper bound on the number of points for the counting radius `r`.
pub(super) fn count_bound(r: f64, res: f64) -> f64 {
    (PI * r / res).ceil() * (TAU * r / res + 1.0)
}

/// Points on the latitude rings with `place(θ, φ) -> (point, normal)`, and the stitched rings.
fn layout_on_rings(
    rings: &[(f64, usize)],
    with_faces: bool,
    place: impl Fn(f64, f64) -> (Point3<f64>, Vector3<f64>),
) -> Layout {
    let total = rings.iter().map(|&(_, n)| n).sum();
    let mut points = SensorPoints::with_capacity(total);
    let mut sequence = Vec::with_capacity(rings.len());
    for &(theta, n_phi) in rings {
        sequence.push(Ring::contiguous(points.len(), n_phi));
        for j in 0..n_phi {
            let phi = TAU * j as f64 / n_phi as f64;
            let (p, n) = place(theta, phi);
            points.push(p, n);
        }
    }
    let mut faces = Vec::new();
    if with_faces {
        stitch_sequence(&sequence, true, &mut faces);
    }
    Layout {
        points,
        faces,
        extra_edges: Vec::new(),
    }
}

/// The sphere's sensor points, and their rings stitched into triangles when `with_faces`.
pub(super) fn sphere_layout(r: f64, res: f64, with_faces: bool) -> Layout {
    let Some(rings) = latitude_rings(r, res) else {
        return Layout {
            points: SensorPoints::single_centre(),
            ..Layout::default()
        };
    };
    layout_on_rings(&rings, with_faces, |theta, phi| {
        let p = Point3::new(
            r * theta.sin() * phi.cos(),
            r * theta.sin() * phi.sin(),
            r * theta.cos(),
        );
        (p, p.coords)
    })
}

/// The ellipsoid's sensor points, and their rings stitched into triangles when `with_faces`.
pub(super) fn ellipsoid_layout(semi: &Vector3<f64>, res: f64, with_faces: bool) -> Layout {
    let Some(rings) = latitude_rings(semi.max(), res) else {
        return Layout {
            points: SensorPoints::single_centre(),
            ..Layout::default()
        };
    };
    let (a, b, c) = (semi.x, semi.y, semi.z);
    layout_on_rings(&rings, with_faces, |theta, phi| {
        let p = Point3::new(
            a * theta.sin() * phi.cos(),
            b * theta.sin() * phi.sin(),
            c * theta.cos(),
        );
        (p, Vector3::new(p.x / (a * a), p.y / (b * b), p.z / (c * c)))
    })
}
