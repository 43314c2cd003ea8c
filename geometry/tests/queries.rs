//! Proximity queries checked against closed forms and an independent brute-force method.

use std::path::PathBuf;
use std::sync::Arc;

use morsel_geometry::{FileAccessError, GeometryError, Shape, ShapeKind, TriangleMesh, query};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn solo_mesh(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl")
        .join(name)
}

fn random_pose(rng: &mut ChaCha8Rng, spread: f64) -> Isometry3<f64> {
    let t = Vector3::new(
        rng.random_range(-spread..spread),
        rng.random_range(-spread..spread),
        rng.random_range(-spread..spread),
    );
    let axis = Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    Isometry3::new(t, axis * 2.0)
}

#[test]
fn sphere_sphere_distance_and_contact_are_closed_form() {
    let a = Shape::sphere(0.3).unwrap();
    let b = Shape::sphere(0.2).unwrap();
    let pa = Isometry3::translation(0.0, 0.0, 0.0);
    let pb = Isometry3::translation(1.0, 0.0, 0.0);
    let d = query::distance(&a, &pa, &b, &pb).unwrap();
    assert!((d - 0.5).abs() < 1e-12);
    let cp = query::closest_points(&a, &pa, &b, &pb).unwrap().unwrap();
    assert!((cp.point_a - Point3::new(0.3, 0.0, 0.0)).norm() < 1e-12);
    assert!((cp.point_b - Point3::new(0.8, 0.0, 0.0)).norm() < 1e-12);
    assert!(query::contact(&a, &pa, &b, &pb).unwrap().is_none());

    let pb = Isometry3::translation(0.0, 0.4, 0.0);
    let c = query::contact(&a, &pa, &b, &pb).unwrap().unwrap();
    assert!((c.depth - 0.1).abs() < 1e-12);
    assert!((c.normal.into_inner() - Vector3::y()).norm() < 1e-12);
    assert!(query::intersects(&a, &pa, &b, &pb).unwrap());
    assert_eq!(query::distance(&a, &pa, &b, &pb).unwrap(), 0.0);
}

#[test]
fn cylinder_axis_is_z() {
    let cyl = Shape::cylinder(0.1, 0.5).unwrap();
    let ball = Shape::sphere(0.05).unwrap();
    let id = Isometry3::identity();
    // Above the top cap: distance along z is 1.0 - 0.5 - 0.05.
    let d = query::distance(&cyl, &id, &ball, &Isometry3::translation(0.0, 0.0, 1.0)).unwrap();
    assert!((d - 0.45).abs() < 1e-9, "{d}");
    // Beside the side: 1.0 - 0.1 - 0.05.
    let d = query::distance(&cyl, &id, &ball, &Isometry3::translation(1.0, 0.0, 0.0)).unwrap();
    assert!((d - 0.85).abs() < 1e-9, "{d}");
}

#[test]
fn capsule_and_box_distances_are_closed_form() {
    let cap = Shape::capsule(0.1, 0.5).unwrap();
    let bx = Shape::cuboid(Vector3::new(0.2, 0.3, 0.4)).unwrap();
    let id = Isometry3::identity();
    let d = query::distance(&cap, &id, &bx, &Isometry3::translation(0.0, 0.0, 2.0)).unwrap();
    assert!((d - (2.0 - 0.4 - 0.6)).abs() < 1e-9);
    // Box rotated 90 degrees about z: its y half-extent now lies along x.
    let rot = Isometry3::from_parts(
        Translation3::new(2.0, 0.0, 0.0),
        UnitQuaternion::from_euler_angles(0.0, 0.0, std::f64::consts::FRAC_PI_2),
    );
    let d = query::distance(&cap, &id, &bx, &rot).unwrap();
    assert!((d - (2.0 - 0.3 - 0.1)).abs() < 1e-9);
}

#[test]
fn ellipsoid_with_equal_axes_behaves_as_a_sphere() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let r = 0.25;
    let ell = Shape::ellipsoid(Vector3::new(r, r, r)).unwrap();
    let sph = Shape::sphere(r).unwrap();
    let others = [
        Shape::cuboid(Vector3::new(0.1, 0.2, 0.15)).unwrap(),
        Shape::capsule(0.05, 0.2).unwrap(),
        Shape::cylinder(0.1, 0.1).unwrap(),
        Shape::sphere(0.1).unwrap(),
    ];
    for _ in 0..50 {
        let pe = random_pose(&mut rng, 1.0);
        for other in &others {
            let po = random_pose(&mut rng, 1.0);
            let de = query::distance(&ell, &pe, other, &po).unwrap();
            let ds = query::distance(&sph, &pe, other, &po).unwrap();
            assert!((de - ds).abs() < 1e-6, "{de} vs {ds} for {}", other.name());
            assert_eq!(
                query::intersects(&ell, &pe, other, &po).unwrap(),
                query::intersects(&sph, &pe, other, &po).unwrap()
            );
        }
    }
}

#[test]
fn ellipsoid_above_a_floor_has_its_support_distance() {
    // Distance from a rotated ellipsoid centred at height h to the floor z = 0 is
    // h - sqrt(n^T R A^2 R^T n) with n = z.
    let axes = Vector3::new(0.3, 0.1, 0.2);
    let ell = Shape::ellipsoid(axes).unwrap();
    let floor = Shape::halfspace(Vector3::z()).unwrap();
    let rot = UnitQuaternion::from_euler_angles(0.4, -0.3, 1.1);
    let h = 1.0;
    let pose = Isometry3::from_parts(Translation3::new(0.2, -0.1, h), rot);
    let rt_n = rot.inverse() * Vector3::z();
    let extent = (rt_n.component_mul(&axes)).norm();
    let d = query::distance(&ell, &pose, &floor, &Isometry3::identity()).unwrap();
    assert!((d - (h - extent)).abs() < 1e-9, "{d} vs {}", h - extent);
    // Push it into the floor: the contact depth is the overlap.
    let sunk = Isometry3::from_parts(Translation3::new(0.0, 0.0, extent - 0.05), rot);
    let c = query::contact(&ell, &sunk, &floor, &Isometry3::identity())
        .unwrap()
        .unwrap();
    assert!((c.depth - 0.05).abs() < 1e-6, "{}", c.depth);
}

#[test]
fn point_projection_and_containment() {
    let bx = Shape::cuboid(Vector3::new(0.5, 0.5, 0.5)).unwrap();
    let pose = Isometry3::translation(1.0, 0.0, 0.0);
    let p = query::project_point(&bx, &pose, &Point3::new(1.1, 0.0, 0.0)).unwrap();
    assert!(p.inside);
    assert!((p.signed_distance + 0.4).abs() < 1e-12);
    assert!(query::contains_point(&bx, &pose, &Point3::new(1.4, 0.4, -0.4)).unwrap());
    assert!(!query::contains_point(&bx, &pose, &Point3::new(1.6, 0.0, 0.0)).unwrap());

    let pipe = Shape::pipe(0.2, 0.5).unwrap();
    let p =
        query::project_point(&pipe, &Isometry3::identity(), &Point3::new(0.0, 0.05, 0.7)).unwrap();
    assert!((p.point - Point3::new(0.0, 0.2, 0.5)).norm() < 1e-12);
    assert!(!p.inside);
    assert!(query::contains_point(&pipe, &Isometry3::identity(), &Point3::origin()).is_err());

    let ell = Shape::ellipsoid(Vector3::new(0.3, 0.2, 0.1)).unwrap();
    let p =
        query::project_point(&ell, &Isometry3::identity(), &Point3::new(0.0, 0.0, 0.5)).unwrap();
    assert!((p.point - Point3::new(0.0, 0.0, 0.1)).norm() < 1e-12);
    assert!((p.signed_distance - 0.4).abs() < 1e-12);
}

#[test]
fn solo12_binary_stl_with_solid_header_loads_and_welds() {
    let mesh =
        TriangleMesh::load(solo_mesh("solo12/solo_12_base.stl"), Vector3::repeat(1.0)).unwrap();
    assert_eq!(mesh.faces().len(), 5472);
    // A welded closed mesh of genus g has V = F/2 + 2 - 2g: far fewer vertices than 3F corners.
    assert!(mesh.vertices().len() < mesh.faces().len());
    let leg = TriangleMesh::load(
        solo_mesh("with_foot/solo_upper_leg_left_side.stl"),
        Vector3::repeat(1.0),
    )
    .unwrap();
    assert_eq!(leg.faces().len(), 3114);
    let (lo, hi) = mesh.bounds();
    assert!(
        (hi - lo).norm() > 0.1 && (hi - lo).norm() < 1.0,
        "base extent in metres"
    );
}

#[test]
fn mesh_loading_errors_are_clear() {
    let err = TriangleMesh::load(solo_mesh("missing.stl"), Vector3::repeat(1.0)).unwrap_err();
    assert!(
        matches!(
            err,
            GeometryError::FileAccess(FileAccessError::NotFound { .. })
        ),
        "{err}"
    );
    let err = TriangleMesh::load(solo_mesh("x.ply"), Vector3::repeat(1.0)).unwrap_err();
    assert!(
        matches!(err, GeometryError::UnsupportedFormat { .. }),
        "{err}"
    );
    let dir = std::env::temp_dir().join("morsel_geometry_bad_mesh");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.stl");
    std::fs::write(&bad, b"not a mesh at all").unwrap();
    let err = TriangleMesh::load(&bad, Vector3::repeat(1.0)).unwrap_err();
    assert!(matches!(err, GeometryError::MeshFormat { .. }), "{err}");
    let obj = dir.join("tri.obj");
    std::fs::write(&obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n").unwrap();
    let m = TriangleMesh::load(&obj, Vector3::new(2.0, 2.0, 2.0)).unwrap();
    assert!((m.area() - 2.0).abs() < 1e-12);
}

#[test]
fn huge_halfspace_normals_are_normalised() {
    let floor = Shape::halfspace(Vector3::new(0.0, 0.0, 1e300)).unwrap();
    let slope = Shape::halfspace(Vector3::new(1e300, 1e300, 1e300)).unwrap();
    for (shape, expected) in [
        (floor, Vector3::z()),
        (slope, Vector3::repeat(1.0 / 3f64.sqrt())),
    ] {
        let ShapeKind::HalfSpace { normal } = shape.kind() else {
            panic!("not a halfspace: {shape:?}");
        };
        assert!(
            (normal.into_inner() - expected).norm() < 1e-12,
            "{normal:?}"
        );
    }
}

#[test]
fn degenerate_shapes_are_errors() {
    assert!(Shape::sphere(0.0).is_err());
    assert!(Shape::sphere(-1.0).is_err());
    assert!(Shape::sphere(f64::NAN).is_err());
    assert!(Shape::cuboid(Vector3::new(1.0, -1.0, 1.0)).is_err());
    assert!(Shape::ellipsoid(Vector3::new(1.0, 1.0, f64::INFINITY)).is_err());
    assert!(Shape::cylinder(0.1, 0.0).is_err());
    assert!(Shape::capsule(-0.1, 0.1).is_err());
    assert!(Shape::pipe(0.1, -0.1).is_err());
    assert!(Shape::halfspace(Vector3::zeros()).is_err());
    assert!(Shape::halfspace(Vector3::new(f64::NAN, 0.0, 1.0)).is_err());
    let flat = [
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(1.0, 1.0, 0.0),
    ];
    assert!(Shape::convex_hull(&flat).is_err());
    let s = Shape::sphere(1.0).unwrap();
    let nan_pose = Isometry3::translation(f64::NAN, 0.0, 0.0);
    assert!(query::distance(&s, &nan_pose, &s, &Isometry3::identity()).is_err());
}

// ----- brute force triangle-triangle distance, written independently of parry -----

fn closest_on_segment(p: Point3<f64>, a: Point3<f64>, b: Point3<f64>) -> Point3<f64> {
    let ab = b - a;
    let t = ((p - a).dot(&ab) / ab.norm_squared()).clamp(0.0, 1.0);
    a + ab * t
}

fn point_triangle(p: Point3<f64>, t: &[Point3<f64>; 3]) -> f64 {
    let n = (t[1] - t[0]).cross(&(t[2] - t[0]));
    let n2 = n.norm_squared();
    // Project into the plane; inside test by barycentric signs.
    let q = p - n * ((p - t[0]).dot(&n) / n2);
    let inside = (0..3).all(|k| {
        let e = t[(k + 1) % 3] - t[k];
        e.cross(&(q - t[k])).dot(&n) >= 0.0
    });
    if inside {
        return (p - q).norm();
    }
    (0..3)
        .map(|k| (p - closest_on_segment(p, t[k], t[(k + 1) % 3])).norm())
        .fold(f64::INFINITY, f64::min)
}

/// Segment-segment distance by minimising over a fine parameter search refined by projection.
fn segment_segment(a0: Point3<f64>, a1: Point3<f64>, b0: Point3<f64>, b1: Point3<f64>) -> f64 {
    // Solve the 2x2 normal equations, then clamp and re-project (exact for segments).
    let d1 = a1 - a0;
    let d2 = b1 - b0;
    let r = a0 - b0;
    let (a, e, f) = (d1.dot(&d1), d2.dot(&d2), d2.dot(&r));
    let c = d1.dot(&r);
    let b = d1.dot(&d2);
    let denom = a * e - b * b;
    let mut s = if denom > 1e-300 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    ((a0 + d1 * s) - (b0 + d2 * t)).norm()
}

/// Whether segment [p, q] crosses triangle t (Möller–Trumbore on the segment's parameter).
fn segment_hits_triangle(p: Point3<f64>, q: Point3<f64>, t: &[Point3<f64>; 3]) -> bool {
    let d = q - p;
    let e1 = t[1] - t[0];
    let e2 = t[2] - t[0];
    let h = d.cross(&e2);
    let det = e1.dot(&h);
    if det.abs() < 1e-300 {
        return false;
    }
    let s = p - t[0];
    let u = s.dot(&h) / det;
    let qv = s.cross(&e1);
    let v = d.dot(&qv) / det;
    let w = e2.dot(&qv) / det;
    (0.0..=1.0).contains(&u) && v >= 0.0 && u + v <= 1.0 && (0.0..=1.0).contains(&w)
}

fn triangle_triangle(t: &[Point3<f64>; 3], u: &[Point3<f64>; 3]) -> f64 {
    // Two triangles meet exactly when an edge of one crosses the other.
    for k in 0..3 {
        if segment_hits_triangle(t[k], t[(k + 1) % 3], u)
            || segment_hits_triangle(u[k], u[(k + 1) % 3], t)
        {
            return 0.0;
        }
    }
    let mut best = f64::INFINITY;
    for k in 0..3 {
        best = best
            .min(point_triangle(t[k], u))
            .min(point_triangle(u[k], t));
        for l in 0..3 {
            best = best.min(segment_segment(t[k], t[(k + 1) % 3], u[l], u[(l + 1) % 3]));
        }
    }
    best
}

fn icosphere_like(radius: f64, rings: usize, segments: usize) -> TriangleMesh {
    // A UV sphere: poles plus rings; closed and outward.
    let mut v = vec![Point3::new(0.0, 0.0, radius)];
    for i in 1..rings {
        let th = std::f64::consts::PI * i as f64 / rings as f64;
        for j in 0..segments {
            let ph = std::f64::consts::TAU * j as f64 / segments as f64;
            v.push(Point3::new(
                radius * th.sin() * ph.cos(),
                radius * th.sin() * ph.sin(),
                radius * th.cos(),
            ));
        }
    }
    v.push(Point3::new(0.0, 0.0, -radius));
    let s = segments as u32;
    let ring = |i: u32, j: u32| 1 + (i - 1) * s + (j % s);
    let south = v.len() as u32 - 1;
    let mut f = Vec::new();
    for j in 0..s {
        f.push([0, ring(1, j), ring(1, j + 1)]);
        f.push([
            south,
            ring(rings as u32 - 1, j + 1),
            ring(rings as u32 - 1, j),
        ]);
    }
    for i in 1..rings as u32 - 1 {
        for j in 0..s {
            f.push([ring(i, j), ring(i + 1, j), ring(i + 1, j + 1)]);
            f.push([ring(i, j), ring(i + 1, j + 1), ring(i, j + 1)]);
        }
    }
    TriangleMesh::new(v, f).expect("a UV sphere is a valid mesh")
}

#[test]
fn mesh_mesh_distance_equals_brute_force_on_random_poses() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let ma = Arc::new(icosphere_like(0.2, 6, 9));
    let mb = Arc::new(icosphere_like(0.15, 5, 7));
    assert!(ma.is_closed() && mb.is_closed());
    let a = Shape::mesh(ma.clone()).unwrap();
    let b = Shape::mesh(mb.clone()).unwrap();
    let mut checked = 0;
    for _ in 0..40 {
        let pa = random_pose(&mut rng, 0.4);
        let pb = random_pose(&mut rng, 0.4);
        let ta: Vec<[Point3<f64>; 3]> = (0..ma.faces().len())
            .map(|i| ma.triangle(i).map(|p| pa * p))
            .collect();
        let tb: Vec<[Point3<f64>; 3]> = (0..mb.faces().len())
            .map(|i| mb.triangle(i).map(|p| pb * p))
            .collect();
        let brute = ta
            .iter()
            .flat_map(|t| tb.iter().map(move |u| triangle_triangle(t, u)))
            .fold(f64::INFINITY, f64::min);
        let d = query::distance(&a, &pa, &b, &pb).unwrap();
        if brute > 1e-9 {
            // Separated surfaces: either apart, or one nested in the other (distance 0).
            let nested = query::contains_point(&a, &pa, &(pb * mb.vertices()[0])).unwrap()
                || query::contains_point(&b, &pb, &(pa * ma.vertices()[0])).unwrap();
            if nested {
                assert_eq!(d, 0.0);
            } else {
                let engine = morsel_geometry::proximity::mesh_pair_distance(
                    a.mesh_bvh().unwrap().unwrap(),
                    &pa,
                    b.mesh_bvh().unwrap().unwrap(),
                    &pb,
                )
                .unwrap();
                assert!(
                    (d - brute).abs() < 1e-12,
                    "{d} vs brute {brute}, engine {engine:?}"
                );
                checked += 1;
            }
        } else {
            assert!(d < 1e-9);
        }
    }
    assert!(checked > 10, "too few separated samples: {checked}");
}

#[test]
fn nested_mesh_and_sphere_intersect() {
    let m = Shape::mesh(Arc::new(icosphere_like(0.5, 8, 12))).unwrap();
    let s = Shape::sphere(0.1).unwrap();
    let id = Isometry3::identity();
    assert!(query::intersects(&m, &id, &s, &id).unwrap());
    assert_eq!(query::distance(&m, &id, &s, &id).unwrap(), 0.0);
    assert!(query::distance(&m, &id, &s, &Isometry3::translation(2.0, 0.0, 0.0)).unwrap() > 1.0);
}

/// Signed height of a placed primitive's lowest point above a plane through `origin` with unit
/// normal `n`, from the support-function closed forms (`m` is `n` in the shape's frame).
fn primitive_height(
    shape: &Shape,
    pose: &Isometry3<f64>,
    n: &Vector3<f64>,
    origin: &Point3<f64>,
) -> f64 {
    use morsel_geometry::ShapeKind;
    let m = pose.rotation.inverse() * n;
    let reach = match shape.kind() {
        ShapeKind::Sphere { radius } => *radius,
        ShapeKind::Cuboid { half_extents } => half_extents.dot(&m.abs()),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => half_length * m.z.abs() + radius,
        ShapeKind::Cylinder {
            radius,
            half_length,
        } => half_length * m.z.abs() + radius * m.x.hypot(m.y),
        ShapeKind::Ellipsoid { semi_axes } => semi_axes.component_mul(&m).norm(),
        other => panic!("no closed form for {other:?}"),
    };
    n.dot(&(pose.translation.vector - origin.coords)) - reach
}

#[test]
fn primitives_against_a_tilted_halfspace_match_support_closed_forms() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let shapes = [
        Shape::sphere(0.2).unwrap(),
        Shape::cuboid(Vector3::new(0.3, 0.1, 0.05)).unwrap(),
        Shape::capsule(0.05, 0.2).unwrap(),
        Shape::cylinder(0.1, 0.25).unwrap(),
        Shape::ellipsoid(Vector3::new(0.3, 0.2, 0.1)).unwrap(),
    ];
    let local_normal = Vector3::new(0.2, -0.3, 1.0);
    let floor = Shape::halfspace(local_normal).unwrap();
    for _ in 0..100 {
        let hs_pose = random_pose(&mut rng, 0.2);
        let n = hs_pose.rotation * local_normal.normalize();
        let origin = Point3::from(hs_pose.translation.vector);
        for shape in &shapes {
            let pose = random_pose(&mut rng, 0.4);
            let h = primitive_height(shape, &pose, &n, &origin);
            let d = query::distance(shape, &pose, &floor, &hs_pose).unwrap();
            assert!((d - h.max(0.0)).abs() < 1e-12, "{shape:?}: {d} vs {h}");
            let d_swapped = query::distance(&floor, &hs_pose, shape, &pose).unwrap();
            assert_eq!(d, d_swapped);
            assert_eq!(
                query::intersects(shape, &pose, &floor, &hs_pose).unwrap(),
                h <= 0.0
            );
            match query::contact(shape, &pose, &floor, &hs_pose).unwrap() {
                Some(c) => {
                    assert!(h <= 0.0);
                    assert!((c.depth + h).abs() < 1e-12);
                    assert!((c.normal.into_inner() + n).norm() < 1e-12);
                    // The deepest point lies on the shape's surface and `depth` below the plane.
                    let on_surface = query::project_point(shape, &pose, &c.point_a).unwrap();
                    assert!(on_surface.signed_distance.abs() < 1e-9);
                    assert!((n.dot(&(c.point_a - origin)) - h).abs() < 1e-12);
                    assert!(n.dot(&(c.point_b - origin)).abs() < 1e-12);
                    let flipped = query::contact(&floor, &hs_pose, shape, &pose)
                        .unwrap()
                        .unwrap();
                    assert!((flipped.normal.into_inner() - n).norm() < 1e-12);
                    assert_eq!(flipped.point_b, c.point_a);
                }
                None => assert!(h > 0.0),
            }
            if let Some(cp) = query::closest_points(shape, &pose, &floor, &hs_pose).unwrap() {
                assert!((cp.distance - h).abs() < 1e-12);
                assert!(((cp.point_a - cp.point_b).norm() - h).abs() < 1e-12);
            } else {
                assert!(h <= 0.0);
            }
        }
    }
}

#[test]
fn a_mesh_above_a_floor_is_apart_by_its_lowest_vertex() {
    // Regression: parry 0.31 reported a 0.316 m penetration for Solo-12's foot held 0.3 m up.
    let foot =
        TriangleMesh::load(solo_mesh("with_foot/solo_foot.stl"), Vector3::repeat(1.0)).unwrap();
    let lowest_z = foot
        .vertices()
        .iter()
        .map(|v| v.z)
        .fold(f64::INFINITY, f64::min);
    let shape = Shape::mesh(Arc::new(foot.clone())).unwrap();
    let floor = Shape::halfspace(Vector3::z()).unwrap();
    let id = Isometry3::identity();
    for height in [0.3, 0.015, 0.001, -0.002] {
        let pose = Isometry3::translation(0.01, -0.02, height);
        let h = height + lowest_z;
        let d = query::distance(&shape, &pose, &floor, &id).unwrap();
        assert!((d - h.max(0.0)).abs() < 1e-12, "at {height}: {d} vs {h}");
        assert_eq!(
            query::intersects(&shape, &pose, &floor, &id).unwrap(),
            h <= 0.0
        );
        match query::contact(&shape, &pose, &floor, &id).unwrap() {
            Some(c) => assert!((c.depth + h).abs() < 1e-12 && h <= 0.0),
            None => assert!(h > 0.0, "at {height}: missed a {h} m penetration"),
        }
    }
    // Tilted: the lowest vertex changes; compare with every vertex placed by hand.
    let pose = Isometry3::new(Vector3::new(0.0, 0.0, 0.02), Vector3::new(0.4, -0.3, 0.1));
    let brute = foot
        .vertices()
        .iter()
        .map(|v| (pose * v).z)
        .fold(f64::INFINITY, f64::min);
    let d = query::distance(&shape, &pose, &floor, &id).unwrap();
    assert!((d - brute.max(0.0)).abs() < 1e-12);
}
