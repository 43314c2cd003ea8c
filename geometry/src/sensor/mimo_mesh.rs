//! The sensor meshes of MIMo's `TrimeshTouch` (its `sensormeshes` module), rebuilt so that the
//! vertices are MIMo's vertices, in MIMo's order.
//!
//! These differ from [`Shape::sensor_mesh`](crate::Shape::sensor_mesh) (which joins the
//! `DiscreteTouch` points): MIMo meshes each primitive with its own rules. Sizes are MIMo's
//! (half-sizes for a box, the full length `L` of a capsule's or cylinder's straight part).
//!
//! - **Box**: one centre point if `0.75·res > max(s)`; otherwise the surface grid of the point
//!   rule (`n = max(2, ceil(2s/res))` per axis), each face cut into two triangles per cell.
//! - **Sphere, ellipsoid**: the points of the point rule, joined by their convex hull.
//! - **Mesh geom**: a sphere of the geom's bounding radius (MIMo's `rbound`).
//! - **Capsule**: one point if `ceil(2π r/res) < 3`. Otherwise a pipe of `ceil(L/res) + 1`
//!   rings of `ceil(2π r/res)` points, and two half-balls: `n_θ = ceil(π r/(2 res))`,
//!   `θ_i = i·π/(2 n_θ)` for `i = 0..=n_θ` (the last ring is the pipe's end ring), ring `i` with
//!   `ceil(2π sin θ_i r/res)` points, or the pole alone when that is below 2; each half-ball is
//!   joined by its convex hull without the flat base.
//! - **Cylinder**: one point if `ceil(2π r/res) < 3`, `ceil(L/res) < 2` or `round(r/res) = 0`.
//!   Otherwise the same pipe, and two caps of rings at radii `linspace(0, r, round(r/res) + 1)`
//!   (`ceil(2π ρ/res)` points each, the centre alone at radius 0), joined by their Delaunay
//!   triangulation.
//!
//! Then, as trimesh does when it builds the mesh, vertices that share a position rounded to
//! 1e-8 m are merged (the first one is kept, in order) and vertices used by no triangle are
//! dropped. Normals are the area-weighted means of the faces' normals (`+z` for a lone
//! point). Every mesh is convex, and faces are oriented outward.

use std::collections::HashMap;
use std::f64::consts::PI;

use nalgebra::{Point3, Vector3};

use super::numeric::{ceil_count, linspace_at, round_half_even};
use super::{Layout, MAX_SENSOR_POINTS, SensorPoints, box_points, round_shapes};
use crate::convert::{from_parry_point, to_parry_point};
use crate::shape::{Shape, ShapeKind};

/// Points and the triangles joining them (indices into the points), before merging.
type Raw = (Vec<Point3<f64>>, Vec<[u32; 3]>);

/// MIMo's `EPS` (its tolerance for the half-ball faces' orientation and the cap centre).
const EPS: f64 = 1e-10;

/// trimesh's vertex-merging precision: positions are compared rounded to 1e-8 m.
const MERGE_SCALE: f64 = 1e8;

/// MIMo's sensor mesh for `shape` at `res` (`None` for a half-space, and for a mesh geom whose
/// bounding sphere would get more than [`MAX_SENSOR_POINTS`] points).
pub(super) fn layout(shape: &Shape, res: f64) -> Option<Layout> {
    let (points, faces) = match shape.kind() {
        ShapeKind::Cuboid { half_extents } => {
            if 0.75 * res > half_extents.max() {
                return Some(single());
            }
            let grid = box_points::grid_layout(half_extents, res);
            (grid.points.points, grid.faces)
        }
        ShapeKind::Sphere { radius } => hull_of(round_shapes::sphere_layout(*radius, res, false)),
        ShapeKind::Ellipsoid { semi_axes } => {
            hull_of(round_shapes::ellipsoid_layout(semi_axes, res, false))
        }
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
            let rbound = mesh
                .vertices()
                .iter()
                .map(|v| v.coords.norm())
                .fold(0.0, f64::max);
            let estimate = round_shapes::count_bound(rbound, res);
            if !(estimate.is_finite() && estimate <= MAX_SENSOR_POINTS as f64) {
                return None;
            }
            hull_of(round_shapes::sphere_layout(rbound, res, false))
        }
        ShapeKind::Capsule {
            radius,
            half_length,
        } => match capsule(*radius, 2.0 * half_length, res) {
            Some(pf) => pf,
            None => return Some(single()),
        },
        ShapeKind::Cylinder {
            radius,
            half_length,
        } => match cylinder(*radius, 2.0 * half_length, res) {
            Some(pf) => pf,
            None => return Some(single()),
        },
        ShapeKind::Pipe {
            radius,
            half_length,
        } => pipe(*radius, 2.0 * half_length, res),
        ShapeKind::HalfSpace { .. } => return None,
    };
    if points.len() == 1 || faces.is_empty() {
        let mut out = SensorPoints::with_capacity(points.len());
        for p in points {
            out.push(p, Vector3::z());
        }
        return Some(Layout {
            points: out,
            ..Layout::default()
        });
    }
    let (points, faces) = merge(&points, &faces);
    let faces = orient_outward(&points, faces);
    let normals = vertex_normals(&points, &faces);
    let mut out = SensorPoints::with_capacity(points.len());
    for (p, n) in points.into_iter().zip(normals) {
        out.push(p, n);
    }
    Some(Layout {
        points: out,
        faces,
        extra_edges: Vec::new(),
    })
}

/// One point at the centre.
fn single() -> Layout {
    Layout {
        points: SensorPoints::single_centre(),
        ..Layout::default()
    }
}

/// A point layout joined by its convex hull (the points alone when there is no hull).
fn hull_of(layout: Layout) -> Raw {
    let points = layout.points.points;
    if points.len() < 4 {
        return (points, Vec::new());
    }
    let faces = convex_hull(&points).unwrap_or_default();
    (points, faces)
}

/// The convex hull's triangles, as indices into `points` (a point repeated maps to its first
/// copy). `None` when the hull is degenerate.
pub(crate) fn convex_hull(points: &[Point3<f64>]) -> Option<Vec<[u32; 3]>> {
    let pts: Vec<_> = points.iter().map(to_parry_point).collect();
    let (vertices, faces) = parry3d_f64::transformation::try_convex_hull(&pts).ok()?;
    let mut index: HashMap<[u64; 3], u32> = HashMap::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        index
            .entry([p.x.to_bits(), p.y.to_bits(), p.z.to_bits()])
            .or_insert(i as u32);
    }
    let map: Option<Vec<u32>> = vertices
        .into_iter()
        .map(|v| {
            let p = from_parry_point(v);
            index
                .get(&[p.x.to_bits(), p.y.to_bits(), p.z.to_bits()])
                .copied()
        })
        .collect();
    let map = map?;
    Some(faces.iter().map(|f| f.map(|i| map[i as usize])).collect())
}

/// MIMo's pipe: `ceil(L/res) + 1` rings of `ceil(2π r/res)` points, quads cut in two.
fn pipe(r: f64, len: f64, res: f64) -> Raw {
    let n_length = ceil_count(len / res) + 1;
    let n_circum = ceil_count(2.0 * PI * r / res);
    let mut points = Vec::with_capacity(n_length * n_circum);
    let mut faces = Vec::new();
    for i in 0..n_length {
        let z = if n_length == 1 {
            0.0
        } else {
            i as f64 * len / (n_length - 1) as f64 - len / 2.0
        };
        for j in 0..n_circum {
            let theta = 2.0 * PI * j as f64 / n_circum as f64;
            points.push(Point3::new(r * theta.cos(), r * theta.sin(), z));
            let cur = (i * n_circum + j) as u32;
            let n = n_circum as u32;
            if i > 0 && j > 0 {
                faces.push([cur, cur - 1, cur - 1 - n]);
                faces.push([cur, cur - 1 - n, cur - n]);
            } else if i > 0 {
                faces.push([cur, cur + n - 1, cur - 1]);
                faces.push([cur, cur - 1, cur - n]);
            }
        }
    }
    (points, faces)
}

/// MIMo's capsule mesh before merging, or `None` for the single-point case.
fn capsule(r: f64, len: f64, res: f64) -> Option<Raw> {
    if ceil_count(2.0 * PI * r / res) < 3 {
        return None;
    }
    let (mut points, mut faces) = pipe(r, len, res);
    let n_theta = ceil_count(PI * r / (2.0 * res));
    let mut upper = Vec::new();
    for i in 0..=n_theta {
        let theta = i as f64 * PI / (2.0 * n_theta as f64);
        let n_phi = ceil_count(2.0 * PI * theta.sin() * r / res);
        if n_phi < 2 {
            upper.push(Point3::new(0.0, 0.0, len / 2.0 + r));
        } else {
            for j in 0..n_phi {
                let phi = 2.0 * PI * j as f64 / n_phi as f64;
                upper.push(Point3::new(
                    r * theta.sin() * phi.cos(),
                    r * theta.sin() * phi.sin(),
                    r * theta.cos() + len / 2.0,
                ));
            }
        }
    }
    let lower: Vec<Point3<f64>> = upper.iter().map(|p| Point3::new(p.x, p.y, -p.z)).collect();
    for (half, up) in [(upper, 1.0), (lower, -1.0)] {
        let hull = convex_hull(&half)?;
        let centre = centroid(&half);
        let offset = points.len() as u32;
        for f in hull {
            let f = orient_from(&half, f, &centre);
            let n = triangle_normal(&half, f);
            // The half-ball's faces, not its flat base.
            if n.z * up > -EPS {
                faces.push(f.map(|i| i + offset));
            }
        }
        points.extend(half);
    }
    Some((points, faces))
}

/// MIMo's cylinder mesh before merging, or `None` for the single-point case.
fn cylinder(r: f64, len: f64, res: f64) -> Option<Raw> {
    let n_length = ceil_count(len / res);
    let n_circum = ceil_count(2.0 * PI * r / res);
    let n_caps = round_half_even(r / res) + 1;
    if n_circum < 3 || n_length < 2 || n_caps == 1 {
        return None;
    }
    let (mut points, mut faces) = pipe(r, len, res);
    let mut cap = Vec::new();
    for k in 0..n_caps {
        let rho = linspace_at(0.0, r, n_caps, k);
        let n = if rho.abs() < EPS {
            1
        } else {
            ceil_count(2.0 * PI * rho / res)
        };
        for j in 0..n {
            let theta = 2.0 * PI * j as f64 / n as f64;
            cap.push((rho * theta.cos(), rho * theta.sin()));
        }
    }
    let triangles = delaunay(&cap)?;
    for z in [len / 2.0, -len / 2.0] {
        let offset = points.len() as u32;
        faces.extend(triangles.iter().map(|f| f.map(|i| i + offset)));
        points.extend(cap.iter().map(|&(x, y)| Point3::new(x, y, z)));
    }
    Some((points, faces))
}

/// The Delaunay triangles of 2-D points: the lower faces of their convex hull lifted onto the
/// paraboloid `z = x² + y²`.
fn delaunay(points: &[(f64, f64)]) -> Option<Vec<[u32; 3]>> {
    let lifted: Vec<Point3<f64>> = points
        .iter()
        .map(|&(x, y)| Point3::new(x, y, x * x + y * y))
        .collect();
    let hull = convex_hull(&lifted)?;
    let centre = centroid(&lifted);
    let scale = lifted.iter().map(|p| p.coords.norm()).fold(0.0, f64::max);
    Some(
        hull.into_iter()
            .map(|f| orient_from(&lifted, f, &centre))
            .filter(|&f| {
                let n = triangle_normal(&lifted, f);
                n.z < -1e-12 * scale
            })
            .collect(),
    )
}

/// trimesh's vertex merge: positions rounded to 1e-8 m (ties to even) identify vertices; the
/// first of each is kept, in order; vertices used by no face are dropped.
fn merge(points: &[Point3<f64>], faces: &[[u32; 3]]) -> Raw {
    let mut referenced = vec![false; points.len()];
    for f in faces {
        for &i in f {
            referenced[i as usize] = true;
        }
    }
    let key = |p: &Point3<f64>| p.coords.map(|c| (c * MERGE_SCALE).round_ties_even() as i64);
    let mut first: HashMap<[i64; 3], u32> = HashMap::with_capacity(points.len());
    let mut new_index = vec![u32::MAX; points.len()];
    let mut kept = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        if !referenced[i] {
            continue;
        }
        let k = key(p);
        let next = kept.len() as u32;
        let at = *first.entry([k.x, k.y, k.z]).or_insert(next);
        if at == next {
            kept.push(*p);
        }
        new_index[i] = at;
    }
    let faces = faces
        .iter()
        .map(|f| f.map(|i| new_index[i as usize]))
        .collect();
    (kept, faces)
}

/// The mean of `points`.
fn centroid(points: &[Point3<f64>]) -> Point3<f64> {
    let sum = points
        .iter()
        .fold(Vector3::zeros(), |acc, p| acc + p.coords);
    Point3::from(sum / points.len().max(1) as f64)
}

/// The (unnormalised, area-weighted) normal of triangle `f`.
fn triangle_normal(points: &[Point3<f64>], f: [u32; 3]) -> Vector3<f64> {
    let [a, b, c] = f.map(|i| points[i as usize]);
    (b - a).cross(&(c - a))
}

/// `f` wound so that its normal points away from `centre` (the mesh is convex).
fn orient_from(points: &[Point3<f64>], f: [u32; 3], centre: &Point3<f64>) -> [u32; 3] {
    let n = triangle_normal(points, f);
    if n.dot(&(points[f[0] as usize] - centre)) < 0.0 {
        [f[0], f[2], f[1]]
    } else {
        f
    }
}

/// Every face wound outward (the meshes are convex: away from the vertex centroid).
fn orient_outward(points: &[Point3<f64>], faces: Vec<[u32; 3]>) -> Vec<[u32; 3]> {
    let centre = centroid(points);
    faces
        .into_iter()
        .map(|f| orient_from(points, f, &centre))
        .collect()
}

/// Area-weighted vertex normals (`+z` for a vertex on no face of non-zero area).
fn vertex_normals(points: &[Point3<f64>], faces: &[[u32; 3]]) -> Vec<Vector3<f64>> {
    let mut normals = vec![Vector3::zeros(); points.len()];
    for &f in faces {
        let n = triangle_normal(points, f);
        for i in f {
            normals[i as usize] += n;
        }
    }
    normals
        .into_iter()
        .map(|n| {
            let len = n.norm();
            if len > 0.0 && len.is_finite() {
                n / len
            } else {
                Vector3::z()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capsule_counts_follow_mimo_rules() {
        // r = 0.05, L = 0.1, res = 0.025: pipe of ceil(4)+1 = 5 rings of ceil(12.57) = 13;
        // half-ball n_θ = ceil(3.14) = 4 rings (pole, then ceil(2π sin θ_i · 2) points:
        // 5, 9, 12) plus the equator shared with the pipe. 65 + 2 (1 + 5 + 9 + 12) = 119.
        let shape = Shape::capsule(0.05, 0.05).unwrap();
        let l = layout(&shape, 0.025).unwrap();
        assert_eq!(l.points.len(), 119);
        // Convex and closed: every edge is shared by exactly two faces.
        let mut edges = HashMap::new();
        for f in &l.faces {
            for k in 0..3 {
                let (a, b) = (f[k].min(f[(k + 1) % 3]), f[k].max(f[(k + 1) % 3]));
                *edges.entry((a, b)).or_insert(0) += 1;
            }
        }
        assert!(edges.values().all(|&c| c == 2));
    }

    #[test]
    fn box_threshold_is_three_quarters_of_the_resolution() {
        let cube = Shape::cuboid(Vector3::new(0.01, 0.01, 0.01)).unwrap();
        // 0.75 · 0.012 = 0.009 < 0.01: a grid (2 per axis: the 8 corners), not one point.
        assert_eq!(layout(&cube, 0.012).unwrap().points.len(), 8);
        assert_eq!(layout(&cube, 0.014).unwrap().points.len(), 1);
    }

    #[test]
    fn merge_keeps_first_and_drops_unused() {
        let p = [
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(9.0, 9.0, 9.0),
            Point3::new(0.0, 1.0, 0.0),
            Point3::new(1.0 + 1e-10, 0.0, 0.0),
        ];
        let (v, f) = merge(&p, &[[0, 1, 3], [0, 4, 3]]);
        assert_eq!(v.len(), 3);
        assert_eq!(f, vec![[0, 1, 2], [0, 1, 2]]);
    }
}
