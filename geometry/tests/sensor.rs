//! Sensor points and sensor meshes, checked against the rules of MIMo's `sensorpoints` module
//! (counts from the closed-form rules, recomputed here), the surfaces' implicit equations and
//! gradients, and the topology of closed surfaces.

use std::collections::HashMap;
use std::f64::consts::{PI, TAU};
use std::path::PathBuf;
use std::sync::Arc;

use morsel_geometry::sensor::mesh_surface::SPLIT_ABOVE;
use morsel_geometry::{GeometryError, SensorMesh, SensorPoints, Shape, TriangleMesh, query};
use nalgebra::{Isometry3, Point3, Vector3};
use proptest::prelude::*;

// ---------------------------------------------------------------- helpers

/// Python's `round` (ties to even), written out without `round_ties_even`.
fn py_round(x: f64) -> usize {
    let f = x.floor();
    let d = x - f;
    let up = d > 0.5 || (d == 0.5 && f % 2.0 != 0.0);
    let r = if up { f + 1.0 } else { f };
    r.max(0.0) as usize
}

fn ceil(x: f64) -> usize {
    x.ceil().max(0.0) as usize
}

fn cuboid(x: f64, y: f64, z: f64) -> Shape {
    Shape::cuboid(Vector3::new(x, y, z)).expect("valid box")
}

fn assert_unit_normals(sp: &SensorPoints) {
    assert_eq!(sp.points.len(), sp.normals.len());
    for n in &sp.normals {
        assert!((n.norm() - 1.0).abs() < 1e-12, "normal {n:?} is not unit");
    }
}

fn assert_close(a: &Vector3<f64>, b: &Vector3<f64>, tol: f64, what: &str) {
    assert!((a - b).norm() < tol, "{what}: {a:?} != {b:?}");
}

/// Checks closedness (every directed edge once, its reverse once), Euler characteristic,
/// outward faces agreeing with vertex normals, and symmetric adjacency equal to the edges.
fn check_closed_mesh(mesh: &SensorMesh, convex_about_origin: bool) {
    let faces = mesh.faces();
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    for f in faces {
        assert!(
            f[0] != f[1] && f[1] != f[2] && f[0] != f[2],
            "degenerate face {f:?}"
        );
        for k in 0..3 {
            *directed.entry((f[k], f[(k + 1) % 3])).or_default() += 1;
        }
    }
    for (&(a, b), &count) in &directed {
        assert_eq!(
            count, 1,
            "edge ({a}, {b}) used {count} times in one direction"
        );
        assert_eq!(
            directed.get(&(b, a)),
            Some(&1),
            "edge ({a}, {b}) has no twin"
        );
    }
    let v = mesh.len() as i64;
    let e = directed.len() as i64 / 2;
    let f = faces.len() as i64;
    assert_eq!(v - e + f, 2, "Euler characteristic V − E + F");
    check_faces_and_adjacency(mesh, convex_about_origin);
}

fn check_faces_and_adjacency(mesh: &SensorMesh, convex_about_origin: bool) {
    let vs = mesh.vertices();
    let ns = mesh.normals();
    for f in mesh.faces() {
        let [a, b, c] = f.map(|i| vs[i as usize]);
        let n = (b - a).cross(&(c - a));
        assert!(n.norm() > 0.0, "zero-area face {f:?}");
        for &i in f {
            assert!(
                n.dot(&ns[i as usize]) > 0.0,
                "face {f:?} disagrees with vertex {i}"
            );
        }
        if convex_about_origin {
            let centroid = (a.coords + b.coords + c.coords) / 3.0;
            assert!(n.dot(&centroid) > 0.0, "face {f:?} points inwards");
        }
    }
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for f in mesh.faces() {
        for k in 0..3 {
            let (a, b) = (f[k], f[(k + 1) % 3]);
            edges.push((a.min(b), a.max(b)));
        }
    }
    edges.sort_unstable();
    edges.dedup();
    let mut from_adjacency = Vec::new();
    for i in 0..mesh.len() {
        let nb = mesh.neighbours(i);
        assert!(nb.windows(2).all(|w| w[0] < w[1]), "neighbours not sorted");
        for &j in nb {
            assert!(
                mesh.neighbours(j as usize).contains(&(i as u32)),
                "asymmetric"
            );
            if (i as u32) < j {
                from_adjacency.push((i as u32, j));
            }
        }
    }
    assert_eq!(
        from_adjacency, edges,
        "adjacency differs from the triangle edges"
    );
}

fn same_points(mesh: &SensorMesh, sp: &SensorPoints) {
    assert_eq!(mesh.vertices(), &sp.points[..]);
    assert_eq!(mesh.normals(), &sp.normals[..]);
}

// ---------------------------------------------------------------- box

fn box_axis_count(s: f64, res: f64) -> usize {
    ceil(2.0 * s / res).max(2)
}

fn expected_box_count(s: [f64; 3], res: f64) -> usize {
    if res > s[0].max(s[1]).max(s[2]) {
        return 1;
    }
    let [nx, ny, nz] = s.map(|v| box_axis_count(v, res));
    2 * ny * nz + 2 * (nx - 2) * nz + 2 * (nx - 2) * (ny - 2)
}

/// The normal a box point should have: the normalised sum of the normals of the faces it is on.
fn box_normal_from_position(p: &Point3<f64>, s: [f64; 3]) -> Vector3<f64> {
    let mut n = Vector3::zeros();
    for k in 0..3 {
        if (p[k] - s[k]).abs() < 1e-12 {
            n[k] = 1.0;
        } else if (p[k] + s[k]).abs() < 1e-12 {
            n[k] = -1.0;
        }
    }
    n.normalize()
}

// ---------------------------------------------------------------- sphere and ellipsoid

fn sphere_ring_counts(r: f64, res: f64) -> Vec<usize> {
    let n = ceil(PI * r / res);
    (0..n)
        .map(|i| {
            let theta = (i as f64 + 0.5) * PI / n as f64;
            py_round(TAU * theta.sin() * r / res)
        })
        .collect()
}

fn expected_sphere(r: f64, res: f64) -> usize {
    sphere_ring_counts(r, res).iter().sum()
}

// ---------------------------------------------------------------- pipe, cylinder, capsule

fn pipe_counts(len: f64, r: f64, res: f64) -> (usize, usize) {
    (ceil(len / res) + 1, ceil(TAU * r / res))
}

fn expected_cylinder(len: f64, r: f64, res: f64) -> usize {
    let (n_len, n_circ) = pipe_counts(len, r, res);
    if n_circ < 3 || ceil(len / res) < 2 {
        return 1;
    }
    let n_caps = py_round(r / res) + 1;
    let mut caps = 0;
    if n_caps > 1 {
        caps += 1; // the centre
        for k in 1..n_caps - 1 {
            let rho = k as f64 * r / (n_caps - 1) as f64;
            caps += (TAU * rho / res).floor() as usize;
        }
    }
    n_len * n_circ + 2 * caps
}

fn capsule_half_ball_rings(r: f64, res: f64) -> Vec<usize> {
    let n_theta = py_round(PI * r / (2.0 * res));
    (0..n_theta)
        .map(|i| {
            let theta = i as f64 * PI / (2 * n_theta) as f64;
            let n_phi = py_round(TAU * theta.sin() * r / res);
            if n_phi < 2 { 1 } else { n_phi }
        })
        .collect()
}

fn expected_capsule(len: f64, r: f64, res: f64) -> usize {
    let (n_len, n_circ) = pipe_counts(len, r, res);
    if n_circ < 3 {
        return 1;
    }
    n_len * n_circ + 2 * capsule_half_ball_rings(r, res).iter().sum::<usize>()
}

// ---------------------------------------------------------------- meshes

fn unit_cube_mesh(side: f64) -> TriangleMesh {
    let c = |x: f64, y: f64, z: f64| Point3::new(x * side, y * side, z * side);
    let quads = [
        [c(0., 0., 0.), c(0., 1., 0.), c(1., 1., 0.), c(1., 0., 0.)],
        [c(0., 0., 1.), c(1., 0., 1.), c(1., 1., 1.), c(0., 1., 1.)],
        [c(0., 0., 0.), c(1., 0., 0.), c(1., 0., 1.), c(0., 0., 1.)],
        [c(0., 1., 0.), c(0., 1., 1.), c(1., 1., 1.), c(1., 1., 0.)],
        [c(0., 0., 0.), c(0., 0., 1.), c(0., 1., 1.), c(0., 1., 0.)],
        [c(1., 0., 0.), c(1., 1., 0.), c(1., 1., 1.), c(1., 0., 1.)],
    ];
    let soup: Vec<Point3<f64>> = quads
        .iter()
        .flat_map(|q| [q[0], q[1], q[2], q[0], q[2], q[3]])
        .collect();
    TriangleMesh::from_triangle_soup(&soup).expect("valid cube")
}

fn solo_mesh(name: &str) -> TriangleMesh {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl")
        .join(name);
    TriangleMesh::load(&path, Vector3::new(1.0, 1.0, 1.0)).expect("the Solo-12 meshes load")
}

/// Nearest-neighbour distance of every point (brute force with a coarse grid).
fn nearest_neighbour_distances(points: &[Point3<f64>], cell: f64) -> Vec<f64> {
    let key = |p: &Point3<f64>| [p.x, p.y, p.z].map(|c| (c / cell).floor() as i64);
    let mut grid: HashMap<[i64; 3], Vec<usize>> = HashMap::new();
    for (i, p) in points.iter().enumerate() {
        grid.entry(key(p)).or_default().push(i);
    }
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let k = key(p);
            let mut best = f64::INFINITY;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    for dz in -1..=1 {
                        if let Some(list) = grid.get(&[k[0] + dx, k[1] + dy, k[2] + dz]) {
                            for &j in list {
                                if j != i {
                                    best = best.min((points[j] - p).norm());
                                }
                            }
                        }
                    }
                }
            }
            best
        })
        .collect()
}

fn euler_characteristic(n_vertices: usize, faces: &[[u32; 3]]) -> i64 {
    let mut edges: Vec<(u32, u32)> = faces
        .iter()
        .flat_map(|f| (0..3).map(move |k| (f[k].min(f[(k + 1) % 3]), f[k].max(f[(k + 1) % 3]))))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    n_vertices as i64 - edges.len() as i64 + faces.len() as i64
}

fn check_closed_mesh_with_euler(mesh: &SensorMesh, euler: i64) {
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    for f in mesh.faces() {
        for k in 0..3 {
            *directed.entry((f[k], f[(k + 1) % 3])).or_default() += 1;
        }
    }
    for (&(a, b), &count) in &directed {
        assert_eq!(count, 1);
        assert_eq!(
            directed.get(&(b, a)),
            Some(&1),
            "edge ({a}, {b}) has no twin"
        );
    }
    assert_eq!(euler_characteristic(mesh.len(), mesh.faces()), euler);
}

/// The closest point to `p` on triangle `(a, b, c)` (Voronoi regions of the vertices, edges
/// and face, as in Ericson's "Real-Time Collision Detection", section 5.1.5).
fn closest_on_triangle(
    p: &Point3<f64>,
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
) -> Point3<f64> {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return *a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= 0.0 && d4 <= d3 {
        return *b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= 0.0 && d5 <= d6 {
        return *c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && d4 - d3 >= 0.0 && d5 - d6 >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

/// Distance from each point to the mesh and the faces within 1e-9 of it, looking only at
/// triangles whose bounding box (grown by `margin`) holds the point: exact for distances below
/// `margin`, infinite above.
fn distances_to_mesh(
    mesh: &TriangleMesh,
    points: &[Point3<f64>],
    margin: f64,
) -> Vec<(f64, Vec<usize>)> {
    let cell = 0.01;
    let key = |x: f64, y: f64| ((x / cell).floor() as i64, (y / cell).floor() as i64);
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let boxes: Vec<(Point3<f64>, Point3<f64>)> = (0..mesh.faces().len())
        .map(|i| {
            let [a, b, c] = mesh.triangle(i);
            let m = Vector3::repeat(margin);
            (a.inf(&b).inf(&c) - m, a.sup(&b).sup(&c) + m)
        })
        .collect();
    for (i, (lo, hi)) in boxes.iter().enumerate() {
        let (k0, k1) = (key(lo.x, lo.y), key(hi.x, hi.y));
        for kx in k0.0..=k1.0 {
            for ky in k0.1..=k1.1 {
                grid.entry((kx, ky)).or_default().push(i);
            }
        }
    }
    points
        .iter()
        .map(|p| {
            let mut best = f64::INFINITY;
            let mut on = Vec::new();
            for &i in grid.get(&key(p.x, p.y)).into_iter().flatten() {
                let (lo, hi) = boxes[i];
                if (0..3).all(|k| p[k] >= lo[k] && p[k] <= hi[k]) {
                    let [a, b, c] = mesh.triangle(i);
                    let d = (closest_on_triangle(p, &a, &b, &c) - p).norm();
                    best = best.min(d);
                    if d < 1e-9 {
                        on.push(i);
                    }
                }
            }
            (best, on)
        })
        .collect()
}

#[path = "sensor/meshes.rs"]
mod meshes;
#[path = "sensor/primitive_meshes.rs"]
mod primitive_meshes;
#[path = "sensor/primitives.rs"]
mod primitives;
#[path = "sensor/properties.rs"]
mod properties;
