//! The range policy (`MIN_LENGTH`, `MAX_LENGTH`): finite but absurd sizes, coordinates and
//! translations are refused with `GeometryError::OutOfRange`, and values at the limits give
//! finite results that match closed forms.
//!
//! Before the policy, the inputs refused here gave (found by fuzzing, reproduced by hand):
//! two unit spheres 1e300 apart at distance 0; a sphere of radius 1e300 projecting a point at
//! signed distance -inf; two boxes of half-extent 1e300 panicking inside parry's EPA; an
//! ellipsoid with semi-axes (1e-300, 1, 1) projecting to NaN, with NaN contact points and all
//! its sensor normals NaN; a sphere of radius 1e-300 with inf/NaN sensor normals; a mesh with
//! coordinates 1e300 of area and volume NaN; a mesh of extent 1e-300 at distance 1.0 from a
//! sphere 2.0 away.

mod common;

use std::sync::Arc;

use morsel_geometry::proximity::{MeshBvh, Primitive, ProximityScratch, mesh_primitive_distance};
use morsel_geometry::{
    Collider, GeometryError, MAX_LENGTH, MIN_LENGTH, Shape, TriangleMesh, query,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// Just beyond the largest accepted length.
const ABOVE: f64 = MAX_LENGTH * (1.0 + 1e-9);
/// Just below the smallest accepted size.
const BELOW: f64 = MIN_LENGTH * (1.0 - 1e-9);

fn assert_out_of_range<T: std::fmt::Debug>(result: Result<T, GeometryError>, names: &str) {
    match result {
        Err(e @ GeometryError::OutOfRange { .. }) => {
            let text = e.to_string();
            assert!(text.contains(names), "{names} not in: {text}");
            assert!(text.contains("outside the accepted range"), "{text}");
        }
        other => panic!("expected OutOfRange naming {names}, got {other:?}"),
    }
}

fn close(got: f64, expected: f64, relative: f64) -> bool {
    (got - expected).abs() <= relative * expected.abs().max(1.0)
}

fn at(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::translation(x, y, z)
}

fn turned(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(x, y, z),
        UnitQuaternion::from_euler_angles(0.3, -0.7, 1.1),
    )
}

/// The closed cube `[-h, h]³` as a triangle mesh (outward faces).
fn cube(h: f64) -> TriangleMesh {
    let c = common::cube(Vector3::zeros(), h);
    TriangleMesh::new(c.vertices, c.faces).expect("a cube")
}

#[test]
fn every_constructor_refuses_sizes_beyond_the_limits_and_accepts_the_limits() {
    type Build = fn(f64) -> Result<Shape, GeometryError>;
    let builders: [(&str, Build); 9] = [
        ("box: `half_extent_y`", |s| {
            Shape::cuboid(Vector3::new(1.0, s, 1.0))
        }),
        ("sphere: `radius`", Shape::sphere),
        ("ellipsoid: `c`", |s| {
            Shape::ellipsoid(Vector3::new(1.0, 1.0, s))
        }),
        ("cylinder: `radius`", |s| Shape::cylinder(s, 1.0)),
        ("cylinder: `half_length`", |s| Shape::cylinder(1.0, s)),
        ("capsule: `radius`", |s| Shape::capsule(s, 1.0)),
        ("capsule: `half_length`", |s| Shape::capsule(1.0, s)),
        ("pipe: `radius`", |s| Shape::pipe(s, 1.0)),
        ("pipe: `half_length`", |s| Shape::pipe(1.0, s)),
    ];
    for (name, build) in builders {
        for bad in [ABOVE, BELOW, 1e300, 1e-300] {
            assert_out_of_range(build(bad), name);
        }
        for good in [MIN_LENGTH, MAX_LENGTH] {
            assert!(build(good).is_ok(), "{name} = {good}");
        }
        // NaN and non-positive sizes keep their own error.
        assert!(matches!(
            build(0.0),
            Err(GeometryError::NonPositiveSize { .. })
        ));
    }
}

#[test]
fn spheres_at_the_limits_match_the_closed_form() {
    // Two spheres of the largest radius, centred as far out as translations go.
    let big = Shape::sphere(MAX_LENGTH).expect("largest sphere");
    let (pa, pb) = (
        turned(-MAX_LENGTH, 0.0, 0.0),
        turned(MAX_LENGTH, MAX_LENGTH, 0.0),
    );
    let expected = (5f64.sqrt() - 2.0) * MAX_LENGTH;
    let d = query::distance(&big, &pa, &big, &pb).expect("distance");
    assert!(close(d, expected, 1e-12), "{d} vs {expected}");
    let cp = query::closest_points(&big, &pa, &big, &pb)
        .expect("closest points")
        .expect("apart");
    for (p, centre) in [(cp.point_a, pa), (cp.point_b, pb)] {
        let r = (p.coords - centre.translation.vector).norm();
        assert!(close(r, MAX_LENGTH, 1e-12), "{r}");
    }
    // Overlapping by half of each other: depth equals the radius.
    let c = query::contact(&big, &at(0.0, 0.0, 0.0), &big, &at(MAX_LENGTH, 0.0, 0.0))
        .expect("contact")
        .expect("touching");
    assert!(close(c.depth, MAX_LENGTH, 1e-12), "{}", c.depth);
    // Unit spheres 2·MAX_LENGTH apart: the gap is resolved to the spacing of f64 there.
    let one = Shape::sphere(1.0).expect("unit sphere");
    let d = query::distance(
        &one,
        &at(-MAX_LENGTH, 0.0, 0.0),
        &one,
        &at(MAX_LENGTH, 0.0, 0.0),
    )
    .expect("distance");
    assert_eq!(d, 2.0 * MAX_LENGTH - 2.0);
    // The smallest spheres, far apart.
    let tiny = Shape::sphere(MIN_LENGTH).expect("smallest sphere");
    let d = query::distance(&tiny, &pa, &tiny, &pb).expect("distance");
    assert!(close(d, 5f64.sqrt() * MAX_LENGTH, 1e-12), "{d}");
}

#[test]
fn poses_and_points_beyond_the_limit_are_refused_by_every_query() {
    let s = Shape::sphere(1.0).expect("sphere");
    let id = Isometry3::identity();
    let far = at(0.0, -ABOVE, 0.0);
    let name = "translation y";
    assert_out_of_range(query::distance(&s, &id, &s, &far), name);
    assert_out_of_range(query::distance(&s, &far, &s, &id), name);
    assert_out_of_range(query::closest_points(&s, &id, &s, &far), name);
    assert_out_of_range(query::contact(&s, &id, &s, &far), name);
    assert_out_of_range(query::intersects(&s, &id, &s, &far), name);
    assert_out_of_range(query::project_point(&s, &far, &Point3::origin()), name);
    assert_out_of_range(query::contains_point(&s, &far, &Point3::origin()), name);
    let floor = Shape::halfspace(Vector3::z()).expect("floor");
    assert_out_of_range(query::distance(&s, &far, &floor, &id), name);
    let mesh = Shape::mesh(Arc::new(cube(1.0))).expect("mesh");
    assert_out_of_range(query::distance(&mesh, &id, &mesh, &far), name);
    assert_out_of_range(query::intersects(&mesh, &far, &mesh, &id), name);
    assert_out_of_range(Collider::new(s.clone(), far), "collider pose");
    // A query point beyond the limit, and the fuzzed 1e300.
    let point = Point3::new(ABOVE, 0.0, 0.0);
    assert_out_of_range(query::project_point(&s, &id, &point), "query point: x");
    assert_out_of_range(query::contains_point(&s, &id, &point), "query point: x");
    let fuzzed = at(1e300, 0.0, 0.0);
    assert_out_of_range(query::distance(&s, &id, &s, &fuzzed), "translation x");
    // At the limit, everything answers.
    let edge = at(0.0, -MAX_LENGTH, 0.0);
    assert!(Collider::new(s.clone(), edge).is_ok());
    assert!(query::intersects(&s, &edge, &s, &id).is_ok_and(|hit| !hit));
    let p = query::project_point(&s, &id, &Point3::new(MAX_LENGTH, 0.0, 0.0)).expect("project");
    assert!(close(p.signed_distance, MAX_LENGTH - 1.0, 1e-15));
}

#[test]
fn the_mesh_primitive_engine_checks_poses_and_sizes() {
    let bvh = MeshBvh::new(cube(1.0).vertices(), cube(1.0).faces()).expect("bvh");
    let mut scratch = ProximityScratch::default();
    let id = Isometry3::identity();
    let ball = Primitive::Sphere { radius: 0.5 };
    let far = at(ABOVE, 0.0, 0.0);
    let d = mesh_primitive_distance(&bvh, &id, &ball, &far, None, &mut scratch);
    assert_out_of_range(d, "translation x");
    let huge = Primitive::Sphere { radius: 1e300 };
    let d = mesh_primitive_distance(&bvh, &id, &huge, &id, None, &mut scratch);
    assert_out_of_range(d, "sphere: `radius`");
    // At the limits: a box of the largest size 3·MAX_LENGTH/2 above the cube's top face.
    let slab = Primitive::Box {
        half_extents: Vector3::new(MAX_LENGTH, MAX_LENGTH, MAX_LENGTH / 2.0),
    };
    let d = mesh_primitive_distance(
        &bvh,
        &id,
        &slab,
        &at(0.0, 0.0, MAX_LENGTH),
        None,
        &mut scratch,
    )
    .expect("distance");
    assert!(
        close(d.distance, MAX_LENGTH / 2.0 - 1.0, 1e-12),
        "{}",
        d.distance
    );
}

#[test]
fn a_box_of_the_largest_size_matches_the_closed_form() {
    let slab = Shape::cuboid(Vector3::new(MAX_LENGTH, MAX_LENGTH, MAX_LENGTH)).expect("box");
    let one = Shape::sphere(1.0).expect("sphere");
    // The box's top face is at z = 0, the sphere's centre at z = MAX_LENGTH.
    let (pa, pb) = (at(0.0, 0.0, -MAX_LENGTH), at(0.0, 0.0, MAX_LENGTH));
    let d = query::distance(&slab, &pa, &one, &pb).expect("distance");
    assert!(close(d, MAX_LENGTH - 1.0, 1e-12), "{d}");
    // Overlapping by half: z in [-MAX_LENGTH, MAX_LENGTH] and [0, 2·MAX_LENGTH].
    let c = query::contact(
        &slab,
        &Isometry3::identity(),
        &slab,
        &at(0.0, 0.0, MAX_LENGTH),
    )
    .expect("contact")
    .expect("overlap");
    assert!(close(c.depth, MAX_LENGTH, 1e-12), "{}", c.depth);
    let floor = Shape::halfspace(Vector3::z()).expect("floor");
    let c = query::contact(&slab, &at(0.0, 0.0, MAX_LENGTH), &floor, &at(0.0, 0.0, 0.0))
        .expect("contact")
        .expect("resting on the floor");
    assert_eq!(c.depth, 0.0);
}

#[test]
fn ellipsoids_with_the_largest_axis_ratio_give_finite_results() {
    // The fuzzed ratio 1e300 is refused: a semi-axis of 1e-300 is below MIN_LENGTH.
    assert_out_of_range(
        Shape::ellipsoid(Vector3::new(1e-300, 1.0, 1.0)),
        "ellipsoid: `a`",
    );
    assert_out_of_range(
        Shape::ellipsoid(Vector3::new(1.0, 1e300, 1.0)),
        "ellipsoid: `b`",
    );
    let one = Shape::sphere(1.0).expect("sphere");
    let id = Isometry3::identity();
    // Two flat disks and a needle, and the distance from (0.5, 0.3, 0.2) to each: to the disk
    // x = 0 (within 1e-9), or to the z axis.
    for (axes, to_point) in [
        (Vector3::new(MIN_LENGTH, 1.0, MAX_LENGTH), 0.5),
        (
            Vector3::new(MIN_LENGTH, MIN_LENGTH, MAX_LENGTH),
            0.34f64.sqrt(),
        ),
        (Vector3::new(MIN_LENGTH, 1.0, 1.0), 0.5),
    ] {
        let e = Shape::ellipsoid(axes).expect("ellipsoid at the limits");
        let p = query::project_point(&e, &id, &Point3::new(0.5, 0.3, 0.2)).expect("project");
        assert!(p.point.iter().all(|c| c.is_finite()), "{axes:?}: {p:?}");
        assert!(close(p.signed_distance, to_point, 1e-8), "{axes:?}: {p:?}");
        let on = (p.point.coords.component_div(&axes)).norm_squared();
        assert!((on - 1.0).abs() < 1e-6, "{axes:?}: {on}");
        // A unit sphere centred at x = 3: the gap is 2 - a.
        let d = query::distance(&e, &id, &one, &at(3.0, 0.0, 0.0)).expect("distance");
        assert!(close(d, 2.0, 1e-8), "{axes:?}: {d}");
        let c = query::contact(&e, &id, &one, &at(0.5, 0.0, 0.0))
            .expect("contact")
            .expect("overlap");
        assert!(
            c.point_a
                .iter()
                .chain(c.point_b.iter())
                .all(|x| x.is_finite()),
            "{axes:?}: {c:?}"
        );
        assert!(close(c.depth, 0.5, 1e-8), "{axes:?}: {}", c.depth);
        let far = query::distance(
            &e,
            &turned(-MAX_LENGTH, 0.0, 0.0),
            &one,
            &turned(MAX_LENGTH, 0.0, 0.0),
        );
        assert!(far.is_ok_and(f64::is_finite), "{axes:?}");
        let sensors = e.sensor_points(axes.max() / 20.0).expect("sensor points");
        for (p, n) in sensors.points.iter().zip(&sensors.normals) {
            assert!(p.iter().all(|c| c.is_finite()), "{axes:?}: {p:?}");
            assert!((n.norm() - 1.0).abs() < 1e-12, "{axes:?}: {n:?}");
        }
    }
}

#[test]
fn mesh_coordinates_beyond_the_limit_are_refused_wherever_a_mesh_is_made() {
    let tri = |c: f64| {
        vec![
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(c, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
        ]
    };
    assert_out_of_range(
        TriangleMesh::new(tri(ABOVE), vec![[0, 1, 2]]),
        "mesh vertex 1: x",
    );
    assert_out_of_range(
        TriangleMesh::new(tri(-1e300), vec![[0, 1, 2]]),
        "mesh vertex 1: x",
    );
    assert_out_of_range(
        TriangleMesh::from_triangle_soup(&tri(ABOVE)),
        "mesh vertex 1: x",
    );
    assert_out_of_range(MeshBvh::new(&tri(ABOVE), &[[0, 1, 2]]), "mesh vertex 1: x");
    assert_out_of_range(Shape::convex_hull(&tri(ABOVE)), "convex hull point: x");
    // Scaling past the limit, or below the smallest size.
    let unit = cube(0.5);
    assert_out_of_range(
        unit.scaled(Vector3::new(1.0, 3e10, 1.0)),
        "mesh vertex 0: y",
    );
    assert_out_of_range(
        unit.scaled(Vector3::new(1e-10, 1e-10, 1e-10)),
        "largest side of the mesh's bounding box",
    );
    // A mesh smaller than MIN_LENGTH (the fuzzed 1e-300 scale).
    assert_out_of_range(
        TriangleMesh::new(
            tri(1.0).iter().map(|p| p * 1e-300).collect(),
            vec![[0, 1, 2]],
        ),
        "largest side of the mesh's bounding box",
    );
    // A non-finite vertex keeps its own error.
    assert!(matches!(
        TriangleMesh::new(tri(f64::NAN), vec![[0, 1, 2]]),
        Err(GeometryError::InvalidMesh { .. })
    ));
}

#[test]
fn a_mesh_file_with_a_huge_vertex_names_the_file_and_the_vertex() {
    let dir = std::env::temp_dir().join(format!("morsel-range-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("huge.stl");
    let stl = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 2e10 0 0\n\
               vertex 0 1 0\nendloop\nendfacet\nendsolid t\n";
    std::fs::write(&path, stl).expect("write");
    let loaded = TriangleMesh::load(&path, Vector3::new(1.0, 1.0, 1.0));
    let scaled = std::fs::write(&path, stl.replace("2e10", "1"))
        .map(|()| TriangleMesh::load(&path, Vector3::new(2e10, 1.0, 1.0)));
    let _ = std::fs::remove_dir_all(&dir);
    assert_out_of_range(loaded, "huge.stl: x");
    assert_out_of_range(scaled.expect("rewrite"), "huge.stl: x");
}

#[test]
fn meshes_at_the_limits_match_the_closed_forms() {
    // The largest cube: coordinates ±MAX_LENGTH/2, placed ±MAX_LENGTH apart.
    let h = MAX_LENGTH / 2.0;
    let big = cube(h);
    assert!(close(big.area(), 24.0 * h * h, 1e-15));
    assert!(close(big.signed_volume(), 8.0 * h * h * h, 1e-15));
    let shape = Shape::mesh(Arc::new(big)).expect("mesh");
    let one = Shape::sphere(1.0).expect("sphere");
    let id = Isometry3::identity();
    let d = query::distance(&shape, &id, &one, &at(0.0, 0.0, MAX_LENGTH)).expect("distance");
    assert!(close(d, h - 1.0, 1e-12), "{d}");
    let (pa, pb) = (at(-MAX_LENGTH, 0.0, 0.0), at(MAX_LENGTH, 0.0, 0.0));
    let d = query::distance(&shape, &pa, &shape, &pb).expect("mesh-mesh");
    assert!(close(d, MAX_LENGTH, 1e-12), "{d}");
    let d = query::distance(&shape, &turned(-MAX_LENGTH, 0.0, 0.0), &one, &pb).expect("turned");
    assert!(d.is_finite() && d > 0.0, "{d}");
    let hull = Shape::convex_hull_of(&cube(h)).expect("hull");
    let d = query::distance(&hull, &id, &one, &at(0.0, 0.0, MAX_LENGTH)).expect("hull");
    assert!(close(d, h - 1.0, 1e-9), "{d}");
    // The smallest cube: its largest side is MIN_LENGTH.
    let tiny = Shape::mesh(Arc::new(cube(MIN_LENGTH / 2.0))).expect("smallest mesh");
    let d = query::distance(&tiny, &id, &one, &at(0.0, 0.0, 3.0)).expect("distance");
    assert!(close(d, 2.0 - MIN_LENGTH / 2.0, 1e-12), "{d}");
    let d = query::distance(&tiny, &id, &tiny, &at(0.0, 0.0, 3.0 * MIN_LENGTH)).expect("pair");
    assert!((d - 2.0 * MIN_LENGTH).abs() < 1e-20, "{d}");
    let sensors = tiny.sensor_points(MIN_LENGTH).expect("sensors");
    assert!(
        sensors
            .normals
            .iter()
            .all(|n| (n.norm() - 1.0).abs() < 1e-12)
    );
}

#[test]
fn sensor_resolutions_are_lengths_in_the_same_range() {
    let s = Shape::sphere(1.0).expect("sphere");
    assert_out_of_range(s.sensor_points(BELOW), "sensor points: `resolution`");
    assert_out_of_range(s.sensor_mesh(ABOVE), "sensor points: `resolution`");
    assert_eq!(s.sensor_points(MAX_LENGTH).expect("coarsest").len(), 1);
    // The smallest sphere at the finest resolution (MIMo's rule: 4 rings).
    let tiny = Shape::sphere(MIN_LENGTH).expect("smallest sphere");
    let sensors = tiny.sensor_points(MIN_LENGTH).expect("finest");
    assert!(sensors.len() > 1);
    for (p, n) in sensors.points.iter().zip(&sensors.normals) {
        assert!(close(p.coords.norm(), MIN_LENGTH, 1e-12), "{p:?}");
        assert!((n - p.coords / MIN_LENGTH).norm() < 1e-9, "{n:?}");
    }
    // The largest sphere at a resolution it allows.
    let big = Shape::sphere(MAX_LENGTH).expect("largest sphere");
    let sensors = big.sensor_mesh(MAX_LENGTH / 10.0).expect("sensor mesh");
    assert!(
        sensors
            .vertices()
            .iter()
            .all(|p| close(p.coords.norm(), MAX_LENGTH, 1e-12))
    );
}
