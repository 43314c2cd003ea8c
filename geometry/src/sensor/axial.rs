//! Sensor points on pipes, cylinders and capsules (axis z, centred at the origin), following
//! MIMo's `spread_points_pipe`, `spread_points_cylinder` and `spread_points_capsule`. `len` is
//! the full length `L` of the straight section (twice Morsel's half-length).
//!
//! Pipe rule: `ceil(L/res) + 1` rings at `z_i = i·L/(n − 1) − L/2` (bottom first), each with
//! `ceil(2π r/res)` points at `φ_j = 2π j/n`; radial normals. No single-point rule.
//!
//! Cylinder rule: one point at the centre when `ceil(2π r/res) < 3` or `ceil(L/res) < 2`.
//! Otherwise the pipe points, the two end rings' normals tilted to 45° (`(cos φ, sin φ, ±1)/√2`),
//! then the caps: radii `linspace(0, r, round(r/res) + 1)` without the last; radius 0 is the
//! centre point, any other radius `ρ` a ring of `floor(2π ρ/res)` points at `2π (j + ½)/n`. Each
//! cap position is emitted twice in a row: bottom (`z = −L/2`, normal −z), then top (`+L/2`, +z).
//!
//! Capsule rule: one point at the centre when `ceil(2π r/res) < 3`. Otherwise the pipe points
//! (radial normals), then the two half-balls: `n_θ = round(π r/(2 res))` rings at
//! `θ_i = i·π/(2 n_θ)` (`θ = 0` at the pole, the equator left to the pipe), ring `i` with
//! `n_φ = round(2π sin θ_i · r/res)` points at `2π j/n_φ`; a ring with `n_φ < 2` is a single
//! pole point at `z = ±(L/2 + r)`. Each position is emitted twice in a row: upper
//! (`z = r cos θ + L/2`) then lower (`z = −(r cos θ + L/2)`), with normals `∝ (x, y, ±r cos θ)`.

use std::f64::consts::{PI, TAU};

use nalgebra::{Point3, Vector3};

use super::numeric::{ceil_count, floor_count, linspace_at, round_half_even};
use super::rings::{Ring, stitch_sequence};
use super::{Layout, SensorPoints};

/// An upper bound on the number of points of a pipe, cylinder or capsule.
pub(super) fn count_bound(r: f64, len: f64, res: f64) -> f64 {
    (len / res + 2.0 + 4.0 * (r / res + 1.0)) * (TAU * r / res + 1.0)
}

/// Points around the circumference of the pipe rule (at least one).
fn circumference_count(r: f64, res: f64) -> usize {
    ceil_count(TAU * r / res).max(1)
}

/// Appends the pipe points (bottom ring first) with `normal(ring, x, y)`; returns the rings.
fn push_pipe(
    points: &mut SensorPoints,
    r: f64,
    len: f64,
    res: f64,
    normal: impl Fn(usize, f64, f64) -> Vector3<f64>,
) -> Vec<Ring> {
    let n_len = ceil_count(len / res) + 1;
    let n_circ = circumference_count(r, res);
    let mut rings = Vec::with_capacity(n_len);
    for i in 0..n_len {
        let z = if n_len == 1 {
            0.0
        } else {
            i as f64 * len / (n_len - 1) as f64 - len / 2.0
        };
        rings.push(Ring::contiguous(points.len(), n_circ));
        for j in 0..n_circ {
            let phi = TAU * j as f64 / n_circ as f64;
            let (x, y) = (r * phi.cos(), r * phi.sin());
            points.push(Point3::new(x, y, z), normal(i, x, y));
        }
    }
    rings
}

/// The pipe's points, and its side triangles when `with_faces` (open at both ends).
pub(super) fn pipe_layout(r: f64, len: f64, res: f64, with_faces: bool) -> Layout {
    let mut points =
        SensorPoints::with_capacity((ceil_count(len / res) + 1) * circumference_count(r, res));
    let rings = push_pipe(&mut points, r, len, res, |_, x, y| Vector3::new(x, y, 0.0));
    let mut layout = Layout {
        points,
        ..Layout::default()
    };
    if !with_faces {
        return layout;
    }
    let n_circ = rings[0].count;
    if n_circ >= 3 {
        let top_down: Vec<Ring> = rings.iter().rev().copied().collect();
        stitch_sequence(&top_down, false, &mut layout.faces);
    } else {
        // Rings of one or two points span no surface: link each point to its ring and axial
        // neighbours instead.
        for (i, ring) in rings.iter().enumerate() {
            if n_circ == 2 {
                layout.extra_edges.push([ring.first, ring.first + 1]);
            }
            if let Some(next) = rings.get(i + 1) {
                for j in 0..n_circ {
                    layout.extra_edges.push([ring.first + j, next.first + j]);
                }
            }
        }
    }
    layout
}

/// The cylinder's points, and its closed triangle mesh when `with_faces`.
pub(super) fn cylinder_layout(r: f64, len: f64, res: f64, with_faces: bool) -> Layout {
    let n_circ = ceil_count(TAU * r / res);
    if n_circ < 3 || ceil_count(len / res) < 2 {
        return Layout {
            points: SensorPoints::single_centre(),
            ..Layout::default()
        };
    }
    let n_len = ceil_count(len / res) + 1;
    let mut points = SensorPoints::with_capacity(n_len * n_circ);
    let side_rings = push_pipe(&mut points, r, len, res, |ring, x, y| {
        let radial = Vector3::new(x, y, 0.0).normalize();
        let tilt = if ring == 0 {
            -1.0
        } else if ring + 1 == n_len {
            1.0
        } else {
            0.0
        };
        Vector3::new(radial.x, radial.y, tilt)
    });
    // Caps: (ring of bottom indices, ring of top indices) from the centre outwards.
    let n_caps = round_half_even(r / res) + 1;
    let mut cap_rings: Vec<(Ring, Ring)> = Vec::new();
    for k in 0..n_caps.saturating_sub(1) {
        let radius = linspace_at(0.0, r, n_caps, k);
        let count = if k == 0 {
            1
        } else {
            floor_count(TAU * radius / res)
        };
        let ring_at = |first: usize| Ring {
            first: first as u32,
            stride: 2,
            count: count as u32,
            half_offset: true,
        };
        cap_rings.push((ring_at(points.len()), ring_at(points.len() + 1)));
        for j in 0..count {
            let theta = TAU * (j as f64 + 0.5) / count as f64;
            let (x, y) = (radius * theta.cos(), radius * theta.sin());
            points.push(Point3::new(x, y, -len / 2.0), -Vector3::z());
            points.push(Point3::new(x, y, len / 2.0), Vector3::z());
        }
    }
    let mut layout = Layout {
        points,
        ..Layout::default()
    };
    if with_faces {
        let mut sequence: Vec<Ring> = cap_rings.iter().map(|&(_, top)| top).collect();
        sequence.extend(side_rings.iter().rev());
        sequence.extend(cap_rings.iter().rev().map(|&(bottom, _)| bottom));
        stitch_sequence(&sequence, true, &mut layout.faces);
    }
    layout
}

/// The capsule's points, and its closed triangle mesh when `with_faces`.
pub(super) fn capsule_layout(r: f64, len: f64, res: f64, with_faces: bool) -> Layout {
    if ceil_count(TAU * r / res) < 3 {
        return Layout {
            points: SensorPoints::single_centre(),
            ..Layout::default()
        };
    }
    let mut points = SensorPoints::default();
    let side_rings = push_pipe(&mut points, r, len, res, |_, x, y| Vector3::new(x, y, 0.0));
    // Half-ball rings: (upper ring, lower ring) from the poles towards the equator.
    let n_theta = round_half_even(PI * r / (2.0 * res));
    let mut ball_rings: Vec<(Ring, Ring)> = Vec::with_capacity(n_theta);
    for i in 0..n_theta {
        let theta = i as f64 * PI / (2 * n_theta) as f64;
        let n_phi = round_half_even(TAU * theta.sin() * r / res);
        let first = points.len() as u32;
        if n_phi < 2 {
            let pole = len / 2.0 + r;
            ball_rings.push((
                Ring::contiguous(first as usize, 1),
                Ring::contiguous(first as usize + 1, 1),
            ));
            points.push(Point3::new(0.0, 0.0, pole), Vector3::z());
            points.push(Point3::new(0.0, 0.0, -pole), -Vector3::z());
            continue;
        }
        let ring_at = |first: u32| Ring {
            first,
            stride: 2,
            count: n_phi as u32,
            half_offset: false,
        };
        ball_rings.push((ring_at(first), ring_at(first + 1)));
        for j in 0..n_phi {
            let phi = TAU * j as f64 / n_phi as f64;
            let x = r * theta.sin() * phi.cos();
            let y = r * theta.sin() * phi.sin();
            let z_normal = r * theta.cos();
            let z = z_normal + len / 2.0;
            points.push(Point3::new(x, y, z), Vector3::new(x, y, z_normal));
            points.push(Point3::new(x, y, -z), Vector3::new(x, y, -z_normal));
        }
    }
    let mut layout = Layout {
        points,
        ..Layout::default()
    };
    if with_faces {
        let mut sequence: Vec<Ring> = ball_rings.iter().map(|&(upper, _)| upper).collect();
        sequence.extend(side_rings.iter().rev());
        sequence.extend(ball_rings.iter().rev().map(|&(_, lower)| lower));
        stitch_sequence(&sequence, true, &mut layout.faces);
    }
    layout
}
