//! Splitting an OBJ polygon into triangles exactly as MuJoCo's OBJ reader does.
//!
//! MuJoCo reads OBJ files through tinyobjloader with triangulation on and its built-in ear
//! clipping (not earcut), in 32-bit floats. The rule, learned from that reader's source and
//! checked face by face against MuJoCo 4.0.0:
//!
//! - a triangle is kept as written;
//! - a quad is split along its shorter diagonal (`0-2` when strictly shorter than `1-3`, else
//!   `1-3`);
//! - a larger polygon is projected on two coordinate axes, chosen at its first corner whose
//!   edge cross product has a component above the 32-bit epsilon (`y,z` when the `x` component
//!   is the strict largest, `x,y` when `z` is, else `x,z`). Ears are then cut from a running
//!   cursor: the corner `a,b,c` at the cursor is skipped when the turn `ab × bc` has the sign
//!   opposite to `a × b` (the reader's per-triangle "area", a quirk kept here since it decides
//!   the triangles) or when a later corner lies inside `a,b,c` (crossing-number test); otherwise
//!   `a,b,c` is a triangle and `b` leaves the polygon. After as many skips in a row as corners
//!   remain the reader gives up, and the corners left are dropped unless exactly three remain.
//!
//! So a concave or non-planar polygon may lose part of its area, as in MuJoCo; the mass
//! properties then follow MuJoCo's (a test compares them with MuJoCo's output).

use nalgebra::Point3;

/// The triangles MuJoCo's OBJ reader makes of one polygon (indices into `vertices`, which
/// must all be in range); a polygon of fewer than three corners gives none.
pub fn triangulate_as_mujoco(polygon: &[u32], vertices: &[Point3<f64>]) -> Vec<[u32; 3]> {
    // The reader keeps coordinates in 32-bit floats.
    let at = |k: u32| -> [f32; 3] {
        let p = &vertices[k as usize];
        [p.x as f32, p.y as f32, p.z as f32]
    };
    match polygon.len() {
        0..=2 => Vec::new(),
        3 => vec![[polygon[0], polygon[1], polygon[2]]],
        4 => split_quad(polygon, at),
        _ => clip_ears(polygon, at),
    }
}

/// A quad's two triangles along its shorter diagonal (ties go along `1-3`).
fn split_quad(p: &[u32], at: impl Fn(u32) -> [f32; 3]) -> Vec<[u32; 3]> {
    let squared = |a: u32, b: u32| {
        let (a, b) = (at(a), at(b));
        let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
    };
    if squared(p[0], p[2]) < squared(p[1], p[3]) {
        vec![[p[0], p[1], p[2]], [p[0], p[2], p[3]]]
    } else {
        vec![[p[0], p[1], p[3]], [p[1], p[2], p[3]]]
    }
}

/// The two coordinate axes the reader projects a polygon on.
fn projection_axes(p: &[u32], at: &impl Fn(u32) -> [f32; 3]) -> [usize; 2] {
    let n = p.len();
    for k in 0..n {
        let (a, b, c) = (at(p[k]), at(p[(k + 1) % n]), at(p[(k + 2) % n]));
        let e0 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let e1 = [c[0] - b[0], c[1] - b[1], c[2] - b[2]];
        let cx = (e0[1] * e1[2] - e0[2] * e1[1]).abs();
        let cy = (e0[2] * e1[0] - e0[0] * e1[2]).abs();
        let cz = (e0[0] * e1[1] - e0[1] * e1[0]).abs();
        if cx > f32::EPSILON || cy > f32::EPSILON || cz > f32::EPSILON {
            return if cx > cy && cx > cz {
                [1, 2]
            } else if cz > cx && cz > cy {
                [0, 1]
            } else {
                [0, 2]
            };
        }
    }
    [1, 2]
}

/// Whether `(x, y)` is inside the triangle `(xs[i], ys[i])` by the crossing-number rule.
fn inside_triangle(xs: [f32; 3], ys: [f32; 3], x: f32, y: f32) -> bool {
    let mut inside = false;
    let mut j = 2;
    for i in 0..3 {
        if (ys[i] > y) != (ys[j] > y) && x < (xs[j] - xs[i]) * (y - ys[i]) / (ys[j] - ys[i]) + xs[i]
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The reader's ear clipping of a polygon of five or more corners.
fn clip_ears(p: &[u32], at: impl Fn(u32) -> [f32; 3]) -> Vec<[u32; 3]> {
    let [u, v] = projection_axes(p, &at);
    let flat = |k: u32| {
        let c = at(k);
        (c[u], c[v])
    };
    let mut left: Vec<u32> = p.to_vec();
    let mut triangles = Vec::with_capacity(p.len() - 2);
    let mut cursor = 0usize;
    let mut tries = left.len();
    let mut last_count = left.len();
    while left.len() > 3 && tries > 0 {
        let n = left.len();
        if cursor >= n {
            cursor -= n;
        }
        if last_count == n {
            tries -= 1;
        } else {
            last_count = n;
            tries = n;
        }
        let corner = [
            left[cursor % n],
            left[(cursor + 1) % n],
            left[(cursor + 2) % n],
        ];
        let pts = corner.map(flat);
        let xs = pts.map(|q| q.0);
        let ys = pts.map(|q| q.1);
        let turn = (xs[1] - xs[0]) * (ys[2] - ys[1]) - (ys[1] - ys[0]) * (xs[2] - xs[1]);
        let area = (xs[0] * ys[1] - ys[0] * xs[1]) * 0.5;
        if turn * area < 0.0 {
            cursor += 1;
            continue;
        }
        let covers_another = (3..n).any(|k| {
            let (x, y) = flat(left[(cursor + k) % n]);
            inside_triangle(xs, ys, x, y)
        });
        if covers_another {
            cursor += 1;
            continue;
        }
        triangles.push(corner);
        left.remove((cursor + 1) % n);
    }
    if left.len() == 3 {
        triangles.push([left[0], left[1], left[2]]);
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(c: &[[f64; 3]]) -> Vec<Point3<f64>> {
        c.iter().map(|p| Point3::new(p[0], p[1], p[2])).collect()
    }

    #[test]
    fn a_convex_pentagon_is_fanned_from_its_first_corner() {
        let v = points(&[
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.5, 0.5, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
        ]);
        assert_eq!(
            triangulate_as_mujoco(&[0, 1, 2, 3, 4], &v),
            vec![[0, 1, 2], [0, 2, 3], [0, 3, 4]]
        );
    }

    #[test]
    fn a_corner_covering_another_is_skipped() {
        // Corner 4,0,1 (the first tried after reordering) holds corner 2 inside.
        let v = points(&[
            [0.0, 0.0, 0.0],
            [4.0, 0.0, 0.0],
            [1.0, 0.5, 0.0],
            [4.0, 4.0, 0.0],
            [0.0, 4.0, 0.0],
        ]);
        assert_eq!(
            triangulate_as_mujoco(&[4, 0, 1, 2, 3], &v),
            vec![[0, 1, 2], [0, 2, 3], [4, 0, 3]]
        );
    }

    #[test]
    fn a_collinear_polygon_still_gives_triangles_of_no_area() {
        let v = points(&[
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [2.0, 0.0, 0.0],
            [3.0, 0.0, 0.0],
            [4.0, 0.0, 0.0],
        ]);
        assert_eq!(triangulate_as_mujoco(&[0, 1, 2, 3, 4], &v).len(), 3);
        assert!(triangulate_as_mujoco(&[0, 1], &v).is_empty());
    }
}
