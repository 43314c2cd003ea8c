//! Signed distance from a point to a shape's surface, with the outward surface normal at the
//! closest point, in the shape's own frame.
//!
//! Boxes, spheres, capsules, cylinders and half-spaces use closed forms (a few flops, and a
//! normal that stays defined when the point lies exactly on the surface). Other shapes go
//! through [`morsel_geometry::query::project_point`].

use morsel_geometry::{Shape, ShapeKind, query};
use nalgebra::{Isometry3, Point3, Vector3};

use crate::error::Result;

/// The signed distance of a point to a surface and the surface normal there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SurfaceDistance {
    /// Distance to the surface; negative inside a solid.
    pub signed_distance: f64,
    /// Unit outward normal of the surface at the closest point. Outside a solid it points
    /// from the closest point towards the query point.
    pub normal: Vector3<f64>,
}

#[inline]
fn sign(x: f64) -> f64 {
    if x < 0.0 { -1.0 } else { 1.0 }
}

/// Signed distance and normal of `p` (in the shape's frame) to `shape`.
pub fn signed_distance_local(shape: &Shape, p: &Point3<f64>) -> Result<SurfaceDistance> {
    match ClosedForm::of(shape).distance(p) {
        Some(d) => Ok(d),
        None => projected(shape, p),
    }
}

/// A shape with a closed-form signed distance, copied out of the [`Shape`] so that hot loops
/// skip the indirection; `General` shapes go through the geometry crate's projection.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ClosedForm {
    Sphere(f64),
    Cuboid(Vector3<f64>),
    Capsule(f64, f64),
    Cylinder(f64, f64),
    HalfSpace(Vector3<f64>),
    General,
}

impl ClosedForm {
    /// The closed form of `shape`, when it has one.
    pub fn of(shape: &Shape) -> Self {
        match shape.kind() {
            ShapeKind::Sphere { radius } => Self::Sphere(*radius),
            ShapeKind::Cuboid { half_extents } => Self::Cuboid(*half_extents),
            ShapeKind::Capsule {
                radius,
                half_length,
            } => Self::Capsule(*radius, *half_length),
            ShapeKind::Cylinder {
                radius,
                half_length,
            } => Self::Cylinder(*radius, *half_length),
            ShapeKind::HalfSpace { normal } => Self::HalfSpace(normal.into_inner()),
            _ => Self::General,
        }
    }

    /// The signed distance and normal of `p`, or `None` for a `General` shape.
    #[inline]
    pub fn distance(&self, p: &Point3<f64>) -> Option<SurfaceDistance> {
        Some(match *self {
            Self::Sphere(radius) => {
                let l = p.coords.norm();
                let normal = if l > 0.0 { p.coords / l } else { Vector3::z() };
                SurfaceDistance {
                    signed_distance: l - radius,
                    normal,
                }
            }
            Self::Cuboid(h) => cuboid(&h, p),
            Self::Capsule(radius, half_length) => {
                let d = p - Point3::new(0.0, 0.0, p.z.clamp(-half_length, half_length));
                let l = d.norm();
                let normal = if l > 0.0 { d / l } else { Vector3::x() };
                SurfaceDistance {
                    signed_distance: l - radius,
                    normal,
                }
            }
            Self::Cylinder(radius, half_length) => cylinder(radius, half_length, p),
            Self::HalfSpace(normal) => SurfaceDistance {
                signed_distance: normal.dot(&p.coords),
                normal,
            },
            Self::General => return None,
        })
    }
}

/// Closed form for a box of half-extents `h`.
#[inline]
fn cuboid(h: &Vector3<f64>, p: &Point3<f64>) -> SurfaceDistance {
    let q = p.coords.abs() - h;
    if q.iter().any(|&x| x > 0.0) {
        let e = q.map(|x| x.max(0.0));
        let d = e.norm();
        let normal = Vector3::new(sign(p.x) * e.x, sign(p.y) * e.y, sign(p.z) * e.z) / d;
        SurfaceDistance {
            signed_distance: d,
            normal,
        }
    } else {
        let i = q.imax();
        let mut normal = Vector3::zeros();
        normal[i] = sign(p[i]);
        SurfaceDistance {
            signed_distance: q[i],
            normal,
        }
    }
}

/// Closed form for a solid cylinder along z.
#[inline]
fn cylinder(radius: f64, half_length: f64, p: &Point3<f64>) -> SurfaceDistance {
    let rho = (p.x * p.x + p.y * p.y).sqrt();
    let u = if rho > 0.0 {
        Vector3::new(p.x / rho, p.y / rho, 0.0)
    } else {
        Vector3::x()
    };
    let (dr, dz, sz) = (rho - radius, p.z.abs() - half_length, sign(p.z));
    if dr > 0.0 || dz > 0.0 {
        let (er, ez) = (dr.max(0.0), dz.max(0.0));
        let d = (er * er + ez * ez).sqrt();
        SurfaceDistance {
            signed_distance: d,
            normal: (u * er + Vector3::z() * (sz * ez)) / d,
        }
    } else if dr >= dz {
        SurfaceDistance {
            signed_distance: dr,
            normal: u,
        }
    } else {
        SurfaceDistance {
            signed_distance: dz,
            normal: Vector3::z() * sz,
        }
    }
}

/// Through the geometry crate's projection, for ellipsoids, pipes, meshes and hulls.
pub(crate) fn projected(shape: &Shape, p: &Point3<f64>) -> Result<SurfaceDistance> {
    let proj = query::project_point(shape, &Isometry3::identity(), p)?;
    let d = p - proj.point;
    let l = d.norm();
    let normal = if l > 1e-12 * (1.0 + p.coords.norm()) {
        if proj.inside { -d / l } else { d / l }
    } else {
        normal_on_surface(shape, &proj.point)
    };
    Ok(SurfaceDistance {
        signed_distance: proj.signed_distance,
        normal,
    })
}

/// Genesis's `raycast` depth query on a triangle mesh (or convex hull): the nearest triangle
/// whose closest point lies within `radius` of `p`, the distance signed by that triangle's face
/// normal (negative behind the face), the normal being the face normal. `None` when the shape
/// is not a mesh or no triangle comes within `radius`.
pub(crate) fn nearest_triangle(
    shape: &Shape,
    p: &Point3<f64>,
    radius: f64,
) -> Option<SurfaceDistance> {
    let (ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh)) = shape.kind() else {
        return None;
    };
    let mut best: Option<(f64, Point3<f64>, usize)> = None;
    for i in 0..mesh.faces().len() {
        let q = closest_on_triangle(p, &mesh.triangle(i));
        let d2 = (p - q).norm_squared();
        if d2 <= radius * radius && best.is_none_or(|b| d2 < b.0) {
            best = Some((d2, q, i));
        }
    }
    let (d2, q, i) = best?;
    let n = mesh.face_area_vector(i);
    let l = n.norm();
    if l == 0.0 {
        return None;
    }
    let n = n / l;
    let side = if (p - q).dot(&n) < 0.0 { -1.0 } else { 1.0 };
    Some(SurfaceDistance {
        signed_distance: side * d2.sqrt(),
        normal: n,
    })
}

/// The outward normal at a surface point `q`, when the query point lies on the surface.
fn normal_on_surface(shape: &Shape, q: &Point3<f64>) -> Vector3<f64> {
    let n = match shape.kind() {
        ShapeKind::Ellipsoid { semi_axes } => q.coords.component_div(&semi_axes.map(|a| a * a)),
        ShapeKind::Pipe { .. } => Vector3::new(q.x, q.y, 0.0),
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => {
            let mut best = (f64::INFINITY, Vector3::z());
            for i in 0..mesh.faces().len() {
                let t = mesh.triangle(i);
                let dist = (closest_on_triangle(q, &t) - q).norm_squared();
                if dist < best.0 {
                    best = (dist, mesh.face_area_vector(i));
                }
            }
            best.1
        }
        _ => Vector3::z(),
    };
    n.try_normalize(0.0).unwrap_or_else(Vector3::z)
}

/// The closest point of triangle `t` to `p` (Voronoi regions of the vertices, edges and face).
fn closest_on_triangle(p: &Point3<f64>, t: &[Point3<f64>; 3]) -> Point3<f64> {
    let (a, b, c) = (t[0], t[1], t[2]);
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn shapes() -> Vec<Shape> {
        vec![
            Shape::cuboid(Vector3::new(0.1, 0.2, 0.3)).unwrap(),
            Shape::sphere(0.2).unwrap(),
            Shape::capsule(0.1, 0.2).unwrap(),
            Shape::cylinder(0.15, 0.1).unwrap(),
            Shape::ellipsoid(Vector3::new(0.1, 0.2, 0.15)).unwrap(),
            Shape::halfspace(Vector3::new(0.0, 0.6, 0.8)).unwrap(),
        ]
    }

    /// The closed forms agree with the geometry crate's projection (a second method).
    #[test]
    fn closed_forms_match_projection() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for shape in shapes() {
            for _ in 0..2000 {
                let p = Point3::new(
                    rng.random_range(-0.5..0.5),
                    rng.random_range(-0.5..0.5),
                    rng.random_range(-0.5..0.5),
                );
                let sd = signed_distance_local(&shape, &p).unwrap();
                let proj = query::project_point(&shape, &Isometry3::identity(), &p).unwrap();
                assert!(
                    (sd.signed_distance - proj.signed_distance).abs() < 1e-7,
                    "{shape:?} at {p}: {} vs {}",
                    sd.signed_distance,
                    proj.signed_distance
                );
                let closest = p - sd.normal * sd.signed_distance;
                assert!((closest - proj.point).norm() < 1e-6, "{shape:?} at {p}");
                assert!((sd.normal.norm() - 1.0).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn normal_is_defined_on_the_surface() {
        let cube = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).unwrap();
        let sd = signed_distance_local(&cube, &Point3::new(0.02, -0.03, 0.1)).unwrap();
        assert_eq!(sd.signed_distance, 0.0);
        assert_eq!(sd.normal, Vector3::z());
        let hull = Shape::convex_hull_of(
            &morsel_geometry::TriangleMesh::new(
                vec![
                    Point3::new(0.0, 0.0, 0.0),
                    Point3::new(1.0, 0.0, 0.0),
                    Point3::new(0.0, 1.0, 0.0),
                    Point3::new(0.0, 0.0, 1.0),
                ],
                vec![[0, 2, 1], [0, 1, 3], [1, 2, 3], [2, 0, 3]],
            )
            .unwrap(),
        )
        .unwrap();
        let sd = signed_distance_local(&hull, &Point3::new(0.2, 0.2, 0.0)).unwrap();
        assert!(sd.signed_distance.abs() < 1e-12);
        assert!((sd.normal - Vector3::new(0.0, 0.0, -1.0)).norm() < 1e-9);
    }
}
