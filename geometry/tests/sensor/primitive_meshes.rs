//! Sensor meshes of the primitives, single-point cases and bad input.

use super::*;

// ---------------------------------------------------------------- sensor meshes of primitives

fn primitives() -> Vec<(Shape, f64)> {
    vec![
        (cuboid(0.1, 0.2, 0.3), 0.05),
        (cuboid(0.1, 0.1, 0.1), 0.1),
        (cuboid(0.02, 0.3, 0.05), 0.013),
        (Shape::sphere(0.05).expect("valid shape"), 0.01),
        (Shape::sphere(0.05).expect("valid shape"), 0.05),
        (Shape::sphere(0.3).expect("valid shape"), 0.017),
        (
            Shape::ellipsoid(Vector3::new(0.1, 0.05, 0.2)).expect("valid shape"),
            0.01,
        ),
        (
            Shape::ellipsoid(Vector3::new(0.1, 0.12, 0.08)).expect("valid shape"),
            0.03,
        ),
        (Shape::cylinder(0.04, 0.06).expect("valid shape"), 0.01),
        (Shape::cylinder(0.04, 0.06).expect("valid shape"), 0.03),
        (Shape::cylinder(0.01, 0.1).expect("valid shape"), 0.025),
        (Shape::cylinder(0.2, 0.01).expect("valid shape"), 0.007),
        (Shape::capsule(0.05, 0.08).expect("valid shape"), 0.01),
        (Shape::capsule(0.05, 0.08).expect("valid shape"), 0.04),
        (Shape::capsule(0.02, 0.2).expect("valid shape"), 0.011),
        // Three points around, no cap rings (round(r/res) = 0) and a pole-only half-ball.
        (Shape::cylinder(0.004, 0.02).expect("valid shape"), 0.01),
        (Shape::capsule(0.004, 0.02).expect("valid shape"), 0.01),
    ]
}

#[test]
fn primitive_sensor_meshes_are_closed_outward_and_use_the_sensor_points() {
    for (shape, res) in primitives() {
        let sp = shape.sensor_points(res).unwrap();
        let mesh = shape.sensor_mesh(res).unwrap();
        same_points(&mesh, &sp);
        assert!(!mesh.faces().is_empty(), "{shape:?} at {res} has no faces");
        check_closed_mesh(&mesh, true);
    }
}

#[test]
fn pipe_sensor_mesh_is_an_open_tube() {
    let pipe = Shape::pipe(0.03, 0.1).unwrap();
    let mesh = pipe.sensor_mesh(0.01).unwrap();
    same_points(&mesh, &pipe.sensor_points(0.01).unwrap());
    let (n_len, n_circ) = pipe_counts(0.2, 0.03, 0.01);
    assert_eq!(mesh.faces().len(), 2 * n_circ * (n_len - 1));
    let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
    for f in mesh.faces() {
        for k in 0..3 {
            *directed.entry((f[k], f[(k + 1) % 3])).or_default() += 1;
        }
    }
    let boundary: Vec<_> = directed
        .keys()
        .filter(|(a, b)| !directed.contains_key(&(*b, *a)))
        .collect();
    // Two end rings are the boundary; every other edge has its twin.
    assert_eq!(boundary.len(), 2 * n_circ);
    assert!(directed.values().all(|&c| c == 1));
    let (v, e, f) = (
        mesh.len() as i64,
        (directed.len() + boundary.len()) as i64 / 2,
        mesh.faces().len() as i64,
    );
    assert_eq!(
        v - e + f,
        0,
        "an open tube (annulus) has Euler characteristic 0"
    );
    check_faces_and_adjacency(&mesh, true);
}

#[test]
fn thin_pipes_link_their_points_without_triangles() {
    // ceil(2π·0.001/0.005) = 2 points per ring.
    let pipe = Shape::pipe(0.001, 0.01).unwrap();
    let mesh = pipe.sensor_mesh(0.005).unwrap();
    assert_eq!(mesh.len(), 5 * 2);
    assert!(mesh.faces().is_empty());
    assert_eq!(mesh.neighbours(0), &[1, 2]);
    assert_eq!(mesh.neighbours(3), &[1, 2, 5]);
    // One point per ring: a chain.
    let mesh = Shape::pipe(0.0005, 0.01)
        .unwrap()
        .sensor_mesh(0.005)
        .unwrap();
    assert_eq!(mesh.len(), 5);
    assert_eq!(mesh.neighbours(2), &[1, 3]);
}

#[test]
fn single_point_shapes_give_one_vertex() {
    for shape in [
        Shape::sphere(0.01).unwrap(),
        Shape::ellipsoid(Vector3::new(0.01, 0.02, 0.01)).unwrap(),
        Shape::cylinder(0.001, 0.1).unwrap(),
        Shape::capsule(0.001, 0.1).unwrap(),
        cuboid(0.01, 0.01, 0.01),
    ] {
        let sp = shape.sensor_points(0.05).unwrap();
        assert_eq!(sp.points, vec![Point3::origin()]);
        assert_eq!(sp.normals, vec![Vector3::z()]);
        let mesh = shape.sensor_mesh(0.05).unwrap();
        assert_eq!((mesh.len(), mesh.faces().len()), (1, 0));
        assert_eq!(mesh.adjacency().0, &[0, 0]);
    }
}

// ---------------------------------------------------------------- bad input

#[test]
fn bad_resolutions_and_half_spaces_are_errors() {
    let s = Shape::sphere(0.1).unwrap();
    for res in [0.0, -0.01, f64::NAN, f64::INFINITY] {
        assert!(
            matches!(
                s.sensor_points(res),
                Err(GeometryError::NonPositiveSize { .. })
            ),
            "resolution {res}"
        );
        assert!(s.sensor_mesh(res).is_err());
    }
    let floor = Shape::halfspace(Vector3::z()).unwrap();
    let err = floor.sensor_points(0.1).unwrap_err().to_string();
    assert!(err.contains("no finite surface"), "{err}");
    assert!(floor.sensor_mesh(0.1).is_err());
    // Absurdly fine resolutions are refused rather than exhausting memory.
    assert!(s.sensor_points(1e-6).is_err());
    assert!(cuboid(1.0, 1.0, 1.0).sensor_mesh(1e-5).is_err());
    assert!(
        Shape::capsule(morsel_geometry::MIN_LENGTH, morsel_geometry::MAX_LENGTH)
            .unwrap()
            .sensor_points(1e-3)
            .is_err()
    );
    let cube = Shape::mesh(Arc::new(unit_cube_mesh(1.0))).unwrap();
    assert!(cube.sensor_points(1e-6).is_err());
}

#[test]
fn neighbours_of_a_missing_vertex_are_empty() {
    let mesh = Shape::sphere(0.05).unwrap().sensor_mesh(0.01).unwrap();
    assert!(mesh.neighbours(mesh.len()).is_empty());
    assert!(mesh.neighbours(usize::MAX).is_empty());
    let (offsets, indices) = mesh.adjacency();
    assert_eq!(offsets.len(), mesh.len() + 1);
    assert_eq!(*offsets.last().unwrap() as usize, indices.len());
}
