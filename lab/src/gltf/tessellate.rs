//! Triangle meshes of shapes: primitives tessellated, meshes as loaded, a half-space as a large
//! finite square. Triangles wind counter-clockwise seen from outside (outward normals).

use morsel_geometry::{Shape, ShapeKind};
use nalgebra::{Point3, Unit, Vector3};

/// Segments around the axis of revolved shapes (spheres, cylinders, capsules, pipes).
pub const AROUND: usize = 24;
/// Segments from pole to pole of a sphere or ellipsoid (even, so capsules split at the equator).
pub const POLE_TO_POLE: usize = 12;
/// Half of the side of the square that stands for a half-space (m).
pub const HALF_SPACE_HALF_SIDE: f64 = 5.0;

/// Vertices and triangles (indices into the vertices) in the shape's frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Triangles {
    /// Vertex positions.
    pub vertices: Vec<Point3<f64>>,
    /// Triangles, counter-clockwise seen from outside.
    pub faces: Vec<[u32; 3]>,
}

/// The triangles that draw `shape`, or the shape's name when it is of a kind this module does
/// not know how to draw.
pub fn tessellate(shape: &Shape) -> Result<Triangles, &'static str> {
    Ok(match shape.kind() {
        ShapeKind::Cuboid { half_extents } => cuboid(half_extents),
        ShapeKind::Sphere { radius } => ellipsoid(&Vector3::new(*radius, *radius, *radius)),
        ShapeKind::Ellipsoid { semi_axes } => ellipsoid(semi_axes),
        ShapeKind::Cylinder {
            radius,
            half_length,
        } => revolve(&[
            (0.0, *half_length),
            (*radius, *half_length),
            (*radius, -*half_length),
            (0.0, -*half_length),
        ]),
        ShapeKind::Pipe {
            radius,
            half_length,
        } => revolve(&[(*radius, *half_length), (*radius, -*half_length)]),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => {
            let half = POLE_TO_POLE / 2;
            let mut profile = Vec::with_capacity(POLE_TO_POLE + 2);
            for i in 0..=half {
                let (r, z) = meridian(i);
                profile.push((radius * r, half_length + radius * z));
            }
            for i in half..=POLE_TO_POLE {
                let (r, z) = meridian(i);
                profile.push((radius * r, -half_length + radius * z));
            }
            revolve(&profile)
        }
        ShapeKind::HalfSpace { normal } => half_space(normal),
        ShapeKind::Mesh(mesh) | ShapeKind::ConvexHull(mesh) => Triangles {
            vertices: mesh.vertices().to_vec(),
            faces: mesh.faces().to_vec(),
        },
        _ => return Err(shape.name()),
    })
}

/// A box: 4 vertices per face (so that each face can be shaded flat), 12 triangles.
fn cuboid(h: &Vector3<f64>) -> Triangles {
    let mut out = Triangles::default();
    for k in 0..3 {
        for sign in [1.0, -1.0] {
            let (u, v) = ((k + 1) % 3, (k + 2) % 3);
            let corner = |a: f64, b: f64| {
                let mut p = Point3::origin();
                p[k] = sign * h[k];
                p[u] = a * h[u];
                p[v] = b * h[v];
                p
            };
            let base = out.vertices.len() as u32;
            out.vertices.extend([
                corner(-1.0, -1.0),
                corner(1.0, -1.0),
                corner(1.0, 1.0),
                corner(-1.0, 1.0),
            ]);
            // e_u × e_v = e_k: counter-clockwise in (u, v) faces +k.
            if sign > 0.0 {
                out.faces.push([base, base + 1, base + 2]);
                out.faces.push([base, base + 2, base + 3]);
            } else {
                out.faces.push([base, base + 2, base + 1]);
                out.faces.push([base, base + 3, base + 2]);
            }
        }
    }
    out
}

/// Point `i` of [`POLE_TO_POLE`] steps on the unit circle's right half, as `(radius, z)` from
/// the top pole; the poles have radius exactly 0.
fn meridian(i: usize) -> (f64, f64) {
    if i == 0 {
        return (0.0, 1.0);
    }
    if i == POLE_TO_POLE {
        return (0.0, -1.0);
    }
    let polar = std::f64::consts::PI * i as f64 / POLE_TO_POLE as f64;
    (polar.sin(), polar.cos())
}

/// An ellipsoid: a unit sphere revolved from pole to pole, scaled by the semi-axes.
fn ellipsoid(semi_axes: &Vector3<f64>) -> Triangles {
    let profile: Vec<(f64, f64)> = (0..=POLE_TO_POLE).map(meridian).collect();
    let mut out = revolve(&profile);
    for p in &mut out.vertices {
        *p = Point3::from(p.coords.component_mul(semi_axes));
    }
    out
}

/// The surface swept by a profile of `(radius, z)` points, from top to bottom, turned about
/// the z axis in [`AROUND`] steps. A point of radius 0 is one vertex (a pole or a cap centre).
fn revolve(profile: &[(f64, f64)]) -> Triangles {
    let mut out = Triangles::default();
    // First vertex of each profile point's ring, and whether the ring is a single vertex.
    let mut rings = Vec::with_capacity(profile.len());
    for &(r, z) in profile {
        let start = out.vertices.len() as u32;
        if r == 0.0 {
            out.vertices.push(Point3::new(0.0, 0.0, z));
            rings.push((start, true));
        } else {
            for j in 0..AROUND {
                let angle = std::f64::consts::TAU * j as f64 / AROUND as f64;
                out.vertices
                    .push(Point3::new(r * angle.cos(), r * angle.sin(), z));
            }
            rings.push((start, false));
        }
    }
    let at = |(start, single): (u32, bool), j: usize| {
        if single {
            start
        } else {
            start + (j % AROUND) as u32
        }
    };
    for pair in rings.windows(2) {
        let (upper, lower) = (pair[0], pair[1]);
        for j in 0..AROUND {
            let (a, b) = (at(upper, j), at(upper, j + 1));
            let (c, d) = (at(lower, j), at(lower, j + 1));
            if !upper.1 {
                out.faces.push([a, c, b]);
            }
            if !lower.1 {
                out.faces.push([b, c, d]);
            }
        }
    }
    out
}

/// The boundary plane of a half-space as a square of side `2 · HALF_SPACE_HALF_SIDE` centred
/// on the origin, facing the outward normal.
fn half_space(normal: &Unit<Vector3<f64>>) -> Triangles {
    let n = normal.into_inner();
    let helper = if n.x.abs() < 0.9 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let u = (helper - n * n.dot(&helper)).normalize() * HALF_SPACE_HALF_SIDE;
    let v = n.cross(&u);
    let corner = |a: f64, b: f64| Point3::from(u * a + v * b);
    Triangles {
        vertices: vec![
            corner(-1.0, -1.0),
            corner(1.0, -1.0),
            corner(1.0, 1.0),
            corner(-1.0, 1.0),
        ],
        faces: vec![[0, 1, 2], [0, 2, 3]],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sum of the face area vectors: zero for a closed surface.
    fn area_vector(t: &Triangles) -> Vector3<f64> {
        t.faces
            .iter()
            .map(|f| {
                let [a, b, c] = f.map(|i| t.vertices[i as usize]);
                (b - a).cross(&(c - a)) / 2.0
            })
            .sum()
    }

    /// Volume by the divergence theorem (positive when faces point outward).
    fn volume(t: &Triangles) -> f64 {
        t.faces
            .iter()
            .map(|f| {
                let [a, b, c] = f.map(|i| t.vertices[i as usize].coords);
                a.dot(&b.cross(&c)) / 6.0
            })
            .sum()
    }

    #[test]
    fn triangle_counts_of_primitives() {
        let n = AROUND;
        let m = POLE_TO_POLE;
        let cases = [
            (Shape::cuboid(Vector3::new(1.0, 2.0, 3.0)).unwrap(), 12),
            (Shape::sphere(0.5).unwrap(), 2 * n * (m - 1)),
            (
                Shape::ellipsoid(Vector3::new(1.0, 2.0, 3.0)).unwrap(),
                2 * n * (m - 1),
            ),
            (Shape::cylinder(0.5, 1.0).unwrap(), 4 * n),
            (Shape::pipe(0.5, 1.0).unwrap(), 2 * n),
            // Two half-spheres (m/2 bands each) and the straight band.
            (Shape::capsule(0.5, 1.0).unwrap(), 2 * n * (m - 1) + 2 * n),
            (Shape::halfspace(Vector3::new(0.0, 0.0, 1.0)).unwrap(), 2),
        ];
        for (shape, expected) in cases {
            let t = tessellate(&shape).expect("drawable");
            assert_eq!(t.faces.len(), expected, "{}", shape.name());
            let count = t.vertices.len() as u32;
            assert!(
                t.faces.iter().flatten().all(|&i| i < count),
                "{}",
                shape.name()
            );
        }
    }

    #[test]
    fn closed_primitives_enclose_their_volume_with_outward_faces() {
        // Box: exact. Polyhedra inscribed in round shapes: the exact volume of the inscribed
        // solid is known in closed form for the cylinder (a prism over a regular polygon).
        let b = tessellate(&Shape::cuboid(Vector3::new(1.0, 2.0, 3.0)).unwrap()).unwrap();
        assert!((volume(&b) - 48.0).abs() < 1e-12);
        assert!(area_vector(&b).norm() < 1e-12);
        let (r, h) = (0.5, 1.0);
        let c = tessellate(&Shape::cylinder(r, h).unwrap()).unwrap();
        let polygon = 0.5 * AROUND as f64 * r * r * (std::f64::consts::TAU / AROUND as f64).sin();
        assert!(
            (volume(&c) - polygon * 2.0 * h).abs() < 1e-12,
            "{}",
            volume(&c)
        );
        assert!(area_vector(&c).norm() < 1e-12);
        // Sphere: inscribed, so a little less than 4/3 π r³, and within 5 % of it.
        let s = tessellate(&Shape::sphere(r).unwrap()).unwrap();
        let ball = 4.0 / 3.0 * std::f64::consts::PI * r.powi(3);
        assert!(
            volume(&s) < ball && volume(&s) > 0.95 * ball,
            "{}",
            volume(&s)
        );
        assert!(area_vector(&s).norm() < 1e-12);
        let cap = tessellate(&Shape::capsule(r, h).unwrap()).unwrap();
        let exact = ball + std::f64::consts::PI * r * r * 2.0 * h;
        assert!(volume(&cap) < exact && volume(&cap) > 0.95 * exact);
    }

    #[test]
    fn a_half_space_is_a_square_facing_its_normal() {
        let n = Vector3::new(1.0, 1.0, 0.0).normalize();
        let t = tessellate(&Shape::halfspace(n).unwrap()).unwrap();
        let side = 2.0 * HALF_SPACE_HALF_SIDE;
        let area = area_vector(&t);
        assert!((area - n * side * side).norm() < 1e-9, "{area}");
        assert!(t.vertices.iter().all(|p| p.coords.dot(&n).abs() < 1e-12));
    }
}
