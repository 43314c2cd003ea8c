//! Sensor points on a box, following MIMo's `spread_points_box`.
//!
//! Rule (half-sizes `s`): when `res > max(s)` (strictly), one point at the centre. Otherwise each
//! axis gets `n = max(2, ceil(2s/res))` coordinates `linspace(−s, s, n)`, and the points are the
//! grid points on the surface, emitted face by face: x− then x+ (every y and z; y outer loop,
//! z inner), y− then y+ (interior x only; x outer, z inner), z− then z+ (interior x and y; x
//! outer, y inner). Normals are the face normal; a point on an edge or a corner gets the
//! normalised sum of the normals of the faces it lies on.

use nalgebra::{Point3, Vector3};

use super::numeric::{ceil_count, linspace_at};
use super::{Layout, SensorPoints};

/// Per-axis coordinate counts, or `None` for the single-point case.
fn axis_counts(half: &Vector3<f64>, res: f64) -> Option<[usize; 3]> {
    if res > half.max() {
        return None;
    }
    Some([0, 1, 2].map(|k| ceil_count(2.0 * half[k] / res).max(2)))
}

/// An upper bound on the number of points, computed without overflow.
pub(super) fn count_bound(half: &Vector3<f64>, res: f64) -> f64 {
    let n = half.map(|s| (2.0 * s / res).ceil().max(2.0));
    2.0 * (n.x * n.y + n.y * n.z + n.x * n.z)
}

/// −1 on the first grid line, +1 on the last, 0 in between.
#[inline]
fn side(i: usize, n: usize) -> f64 {
    if i == 0 {
        -1.0
    } else if i + 1 == n {
        1.0
    } else {
        0.0
    }
}

/// The box's sensor points, and its grid triangles when `with_faces`.
pub(super) fn layout(half: &Vector3<f64>, res: f64, with_faces: bool) -> Layout {
    let Some(n) = axis_counts(half, res) else {
        return Layout {
            points: SensorPoints::single_centre(),
            ..Layout::default()
        };
    };
    grid(half, n, with_faces)
}

/// The surface grid with its triangles, whatever the box's size against `res` (MIMo's sensor
/// meshes use another single-point test, see `mimo_mesh`).
pub(super) fn grid_layout(half: &Vector3<f64>, res: f64) -> Layout {
    grid(
        half,
        [0, 1, 2].map(|k| ceil_count(2.0 * half[k] / res).max(2)),
        true,
    )
}

/// The surface grid points of `n` coordinates per axis, and their triangles when `with_faces`.
fn grid(half: &Vector3<f64>, n: [usize; 3], with_faces: bool) -> Layout {
    let [nx, ny, nz] = n;
    let at = |ix: usize, iy: usize, iz: usize| {
        let c = |k: usize, i: usize| linspace_at(-half[k], half[k], n[k], i);
        Point3::new(c(0, ix), c(1, iy), c(2, iz))
    };
    let total = 2 * ny * nz + 2 * (nx - 2) * nz + 2 * (nx - 2) * (ny - 2);
    let mut points = SensorPoints::with_capacity(total);
    for ix in [0, nx - 1] {
        for iy in 0..ny {
            for iz in 0..nz {
                let normal = Vector3::new(side(ix, nx), side(iy, ny), side(iz, nz));
                points.push(at(ix, iy, iz), normal);
            }
        }
    }
    for iy in [0, ny - 1] {
        for ix in 1..nx - 1 {
            for iz in 0..nz {
                points.push(
                    at(ix, iy, iz),
                    Vector3::new(0.0, side(iy, ny), side(iz, nz)),
                );
            }
        }
    }
    for iz in [0, nz - 1] {
        for ix in 1..nx - 1 {
            for iy in 1..ny - 1 {
                points.push(at(ix, iy, iz), Vector3::new(0.0, 0.0, side(iz, nz)));
            }
        }
    }
    let faces = if with_faces {
        grid_faces([nx, ny, nz])
    } else {
        Vec::new()
    };
    Layout {
        points,
        faces,
        extra_edges: Vec::new(),
    }
}

/// The index, in emission order, of the surface grid point `g = [ix, iy, iz]`.
fn surface_index(g: [usize; 3], n: [usize; 3]) -> u32 {
    let [ix, iy, iz] = g;
    let [nx, ny, nz] = n;
    let x_face = ny * nz;
    let y_face = (nx - 2) * nz;
    let z_face = (nx - 2) * (ny - 2);
    let i = if ix == 0 {
        iy * nz + iz
    } else if ix == nx - 1 {
        x_face + iy * nz + iz
    } else if iy == 0 {
        2 * x_face + (ix - 1) * nz + iz
    } else if iy == ny - 1 {
        2 * x_face + y_face + (ix - 1) * nz + iz
    } else if iz == 0 {
        2 * x_face + 2 * y_face + (ix - 1) * (ny - 2) + (iy - 1)
    } else {
        // iz == nz − 1: the only grid points left on the surface.
        2 * x_face + 2 * y_face + z_face + (ix - 1) * (ny - 2) + (iy - 1)
    };
    i as u32
}

/// Two triangles per grid cell on each of the six faces, counter-clockwise seen from outside.
fn grid_faces(n: [usize; 3]) -> Vec<[u32; 3]> {
    let cells = 2 * ((n[1] - 1) * (n[2] - 1) + (n[0] - 1) * (n[2] - 1) + (n[0] - 1) * (n[1] - 1));
    let mut faces = Vec::with_capacity(2 * cells);
    // For the face normal to axis `a`, the in-face axes (u, v) satisfy e_u × e_v = e_a.
    for (a, u, v) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
        for (fixed, outward_positive) in [(0, false), (n[a] - 1, true)] {
            for i in 0..n[u] - 1 {
                for j in 0..n[v] - 1 {
                    let at = |du: usize, dv: usize| {
                        let mut g = [0; 3];
                        g[a] = fixed;
                        g[u] = i + du;
                        g[v] = j + dv;
                        surface_index(g, n)
                    };
                    let (p00, p10, p11, p01) = (at(0, 0), at(1, 0), at(1, 1), at(0, 1));
                    if outward_positive {
                        faces.push([p00, p10, p11]);
                        faces.push([p00, p11, p01]);
                    } else {
                        faces.push([p00, p11, p10]);
                        faces.push([p00, p01, p11]);
                    }
                }
            }
        }
    }
    faces
}
