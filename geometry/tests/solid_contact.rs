//! `query::contact` on closed (solid) meshes: the penetration depth is the shortest separating
//! translation where it is exact, else the deepest vertex inside the other solid, checked
//! against closed forms (never a triangle-by-triangle depth); `None` whenever apart.

use std::collections::HashMap;
use std::sync::Arc;

use morsel_geometry::{Shape, TriangleMesh, query};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// The closed boundary mesh of a union of unit voxels (integer corners), scaled by `size`: one
/// pair of outward triangles per voxel face that borders an empty cell.
fn voxels(cells: &[[i32; 3]], size: f64) -> Shape {
    let filled: std::collections::HashSet<[i32; 3]> = cells.iter().copied().collect();
    let mut index: HashMap<[i32; 3], u32> = HashMap::new();
    let mut vertices = Vec::new();
    let mut faces = Vec::new();
    let mut vertex = |c: [i32; 3], vertices: &mut Vec<Point3<f64>>| -> u32 {
        *index.entry(c).or_insert_with(|| {
            vertices.push(Point3::new(c[0] as f64, c[1] as f64, c[2] as f64) * size);
            (vertices.len() - 1) as u32
        })
    };
    for c in cells {
        for axis in 0..3 {
            for side in [0, 1] {
                let mut n = *c;
                n[axis] += if side == 1 { 1 } else { -1 };
                if filled.contains(&n) {
                    continue;
                }
                // The face's four corners, counter-clockwise seen from outside.
                let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
                let corner = |du: i32, dv: i32| {
                    let mut p = *c;
                    p[axis] += side;
                    p[u] += du;
                    p[v] += dv;
                    p
                };
                let mut quad = [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
                if side == 0 {
                    quad.reverse();
                }
                let q = quad.map(|p| vertex(p, &mut vertices));
                faces.push([q[0], q[1], q[2]]);
                faces.push([q[0], q[2], q[3]]);
            }
        }
    }
    let mesh = TriangleMesh::new(vertices, faces).expect("a voxel mesh");
    assert!(mesh.is_closed());
    assert!(mesh.signed_volume() > 0.0, "outward faces");
    Shape::mesh(Arc::new(mesh)).expect("a mesh shape")
}

/// The corner tetrahedron `x, y, z >= 0, x + y + z <= 1` as a closed mesh.
fn tetrahedron() -> Shape {
    let v = vec![
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
    ];
    let f = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    let mesh = TriangleMesh::new(v, f).expect("a tetrahedron");
    assert!(mesh.is_closed());
    Shape::mesh(Arc::new(mesh)).expect("a mesh shape")
}

/// An L-shaped prism: unit cells (0,0,0), (1,0,0), (0,1,0) (non-convex, closed).
fn l_prism() -> Shape {
    voxels(&[[0, 0, 0], [1, 0, 0], [0, 1, 0]], 1.0)
}

fn at(x: f64, y: f64, z: f64) -> Isometry3<f64> {
    Isometry3::translation(x, y, z)
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn a_cube_mesh_in_a_cube_mesh_is_pushed_out_along_the_least_overlap() {
    // A cube of side 0.5 made of 2×2×2 cells of 0.25 (subdivided faces, still convex).
    let cells: Vec<[i32; 3]> = (0..8)
        .map(|i| [i & 1, (i >> 1) & 1, (i >> 2) & 1])
        .collect();
    let cube = voxels(&cells, 0.25);
    let side = 0.5;
    for (offset, axis) in [
        (Vector3::new(0.1, 0.0, 0.0), Vector3::x()),
        (Vector3::new(0.0, -0.3, 0.05), -Vector3::y()),
        (Vector3::new(0.02, 0.01, 0.45), Vector3::z()),
    ] {
        for rotation in [
            UnitQuaternion::identity(),
            UnitQuaternion::from_euler_angles(0.3, -0.7, 1.1),
        ] {
            let pa = Isometry3::from_parts(Translation3::new(0.2, -0.1, 0.4), rotation);
            let pb = pa * Isometry3::translation(offset.x, offset.y, offset.z);
            let d = offset.amax();
            let c = query::contact(&cube, &pa, &cube, &pb)
                .unwrap()
                .expect("overlapping cubes");
            assert!(close(c.depth, side - d, 1e-9), "{offset:?}: {}", c.depth);
            let normal = rotation * axis;
            assert!(close(c.normal.dot(&normal), 1.0, 1e-9), "{:?}", c.normal);
            assert!(query::intersects(&cube, &pa, &cube, &pb).unwrap());
        }
    }
    // Coincident with itself: the whole side.
    let c = query::contact(&cube, &at(0.0, 0.0, 0.0), &cube, &at(0.0, 0.0, 0.0))
        .unwrap()
        .expect("coincident");
    assert!(close(c.depth, side, 1e-9), "{}", c.depth);
    // Apart: none.
    assert!(
        query::contact(&cube, &at(0.0, 0.0, 0.0), &cube, &at(0.6, 0.0, 0.0))
            .unwrap()
            .is_none()
    );
}

#[test]
fn offset_tetrahedra_separate_across_the_slanted_face() {
    // Shifted by d along x, the least overlap is across the face x + y + z = 1:
    // (1 − d)/√3 along (1, 1, 1)/√3 (the other candidate axes give 1 − d, (1 − d)/√2, 1, ...).
    let t = tetrahedron();
    let diagonal = Vector3::new(1.0, 1.0, 1.0).normalize();
    for d in [0.0, 0.1, 0.35, 0.8] {
        let c = query::contact(&t, &at(0.0, 0.0, 0.0), &t, &at(d, 0.0, 0.0))
            .unwrap()
            .expect("overlapping tetrahedra");
        let expected = (1.0 - d) / 3f64.sqrt();
        assert!(close(c.depth, expected, 1e-9), "d = {d}: {}", c.depth);
        assert!(close(c.normal.dot(&diagonal), 1.0, 1e-9), "{:?}", c.normal);
    }
}

#[test]
fn a_sphere_inside_a_closed_mesh_is_in_contact_by_its_centres_depth() {
    let cube = voxels(&[[0, 0, 0]], 1.0);
    let ball = Shape::sphere(0.1).unwrap();
    let id = at(0.0, 0.0, 0.0);
    // Centre 0.3 inside the face x = 1 (nearest face): depth 0.3 + 0.1, normal +x.
    let pb = at(0.7, 0.5, 0.45);
    assert!(query::intersects(&cube, &id, &ball, &pb).unwrap());
    let c = query::contact(&cube, &id, &ball, &pb)
        .unwrap()
        .expect("inside");
    assert!(close(c.depth, 0.4, 1e-12), "{}", c.depth);
    assert!(close(c.normal.x, 1.0, 1e-12));
    assert!((c.point_a - Point3::new(1.0, 0.5, 0.45)).norm() < 1e-12);
    assert!((c.point_b - Point3::new(0.6, 0.5, 0.45)).norm() < 1e-12);
    // In the other order: the normal and points swap.
    let r = query::contact(&ball, &pb, &cube, &id)
        .unwrap()
        .expect("inside");
    assert!(close(r.depth, 0.4, 1e-12));
    assert!(close(r.normal.x, -1.0, 1e-12));
    assert_eq!((r.point_a, r.point_b), (c.point_b, c.point_a));

    // The non-convex L prism: inside its long arm, nearest the end face x = 2.
    let l = l_prism();
    let c = query::contact(&l, &id, &ball, &at(1.6, 0.45, 0.5))
        .unwrap()
        .expect("inside the L");
    assert!(close(c.depth, 0.5, 1e-12), "{}", c.depth);
    assert!(close(c.normal.x, 1.0, 1e-12));
    // Half out through that face: depth 0.1 − 0.05.
    let c = query::contact(&l, &id, &ball, &at(2.05, 0.5, 0.5))
        .unwrap()
        .expect("half out");
    assert!(close(c.depth, 0.05, 1e-12), "{}", c.depth);
    // Apart.
    assert!(
        query::contact(&l, &id, &ball, &at(2.2, 0.5, 0.5))
            .unwrap()
            .is_none()
    );
    // A posed L gives the same depth.
    let pose = Isometry3::from_parts(
        Translation3::new(-0.3, 2.0, 1.0),
        UnitQuaternion::from_euler_angles(0.5, 0.2, -0.9),
    );
    let c = query::contact(&ball, &(pose * at(1.6, 0.45, 0.5)), &l, &pose)
        .unwrap()
        .expect("inside the posed L");
    assert!(close(c.depth, 0.5, 1e-12), "{}", c.depth);
    assert!(close(
        c.normal.dot(&(pose.rotation * -Vector3::x())),
        1.0,
        1e-12
    ));
}

/// The contact's own consistency: `point_a = point_b + depth · normal`.
fn assert_consistent(c: &query::Contact) {
    let gap = c.point_a - (c.point_b + c.normal.into_inner() * c.depth);
    assert!(gap.norm() < 1e-12, "{c:?}");
}

/// The cube of side `side` as a closed (convex) mesh, its low corner at the origin.
fn cube_mesh(side: f64) -> Shape {
    voxels(&[[0, 0, 0]], side)
}

#[test]
fn meshes_apart_have_no_contact_whatever_their_kind() {
    // Two closed non-convex L prisms 0.268 apart (once a refusal), an L and a box, a cube mesh.
    let l = l_prism();
    let id = at(0.0, 0.0, 0.0);
    assert!((query::distance(&l, &id, &l, &at(2.268, 0.0, 0.0)).unwrap() - 0.268).abs() < 1e-12);
    assert!(
        query::contact(&l, &id, &l, &at(2.268, 0.0, 0.0))
            .unwrap()
            .is_none()
    );
    let cube = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).unwrap();
    assert!(
        query::contact(&l, &id, &cube, &at(9.0, 0.0, 0.0))
            .unwrap()
            .is_none()
    );
    assert!(
        query::contact(&cube, &at(9.0, 0.0, 0.0), &l, &id)
            .unwrap()
            .is_none()
    );
    assert!(
        query::contact(&l, &id, &cube_mesh(0.2), &at(0.0, 0.0, 1.01))
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_cube_pushed_into_a_non_convex_mesh_is_as_deep_as_its_deepest_corner() {
    // A cube mesh of side 0.2 on the L's long arm, its bottom face 0.03 below the top z = 1:
    // its bottom corners are the deepest vertices (0.03 from the top face, farther from every
    // other face), and 0.03 up separates the two exactly.
    let l = l_prism();
    let id = at(0.0, 0.0, 0.0);
    let cube = cube_mesh(0.2);
    let pose = at(1.3, 0.3, 0.97);
    let c = query::contact(&l, &id, &cube, &pose)
        .unwrap()
        .expect("in contact");
    assert!(close(c.depth, 0.03, 1e-12), "{}", c.depth);
    assert!(close(c.normal.z, 1.0, 1e-12), "{:?}", c.normal);
    assert!(
        close(c.point_b.z, 0.97, 1e-12) && close(c.point_a.z, 1.0, 1e-12),
        "{c:?}"
    );
    assert_consistent(&c);
    // The other order: normal and points swap.
    let r = query::contact(&cube, &pose, &l, &id)
        .unwrap()
        .expect("in contact");
    assert!(close(r.depth, 0.03, 1e-12) && close(r.normal.z, -1.0, 1e-12));
    assert_consistent(&r);
    // The same with a cuboid primitive (its corners count), and with the L posed.
    let cuboid = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).unwrap();
    let turn = Isometry3::from_parts(
        Translation3::new(-0.3, 2.0, 1.0),
        UnitQuaternion::from_euler_angles(0.5, 0.2, -0.9),
    );
    let c = query::contact(&l, &turn, &cuboid, &(turn * at(1.4, 0.4, 1.07)))
        .unwrap()
        .expect("in contact");
    assert!(close(c.depth, 0.03, 1e-12), "{}", c.depth);
    assert!(close(
        c.normal.dot(&(turn.rotation * Vector3::z())),
        1.0,
        1e-12
    ));
    assert_consistent(&c);
}

#[test]
fn a_box_nested_in_a_non_convex_mesh_is_as_deep_as_its_deepest_corner() {
    // A cuboid (half 0.1) inside the L's corner cell, centred at (0.5, 0.5, 0.45): its corner
    // (0.6, 0.6, 0.55) is deepest, 0.45 below the top face (0.6 from x = 0 and y = 0, 0.4·√2
    // from the inner edge x = y = 1). A lower bound: leaving takes 0.65 (up) at least.
    let l = l_prism();
    let id = at(0.0, 0.0, 0.0);
    let cuboid = Shape::cuboid(Vector3::new(0.1, 0.1, 0.1)).unwrap();
    let c = query::contact(&l, &id, &cuboid, &at(0.5, 0.5, 0.45))
        .unwrap()
        .expect("nested");
    assert!(close(c.depth, 0.45, 1e-12), "{}", c.depth);
    assert!(
        (c.point_b - Point3::new(0.6, 0.6, 0.55)).norm() < 1e-12,
        "{c:?}"
    );
    assert!(
        (c.point_a - Point3::new(0.6, 0.6, 1.0)).norm() < 1e-12,
        "{c:?}"
    );
    assert!(close(c.normal.z, 1.0, 1e-12));
}

#[test]
fn overlapping_non_convex_meshes_meet_at_their_deepest_vertex() {
    // The L and a copy shifted by (0.25, 0.25, 0.25): every vertex of either inside the other
    // lies 0.25 from the other's nearest face (the copy's corner at its origin, the L's corner
    // (2, 1, 1), ...), and none deeper.
    let l = l_prism();
    let c = query::contact(&l, &at(0.0, 0.0, 0.0), &l, &at(0.25, 0.25, 0.25))
        .unwrap()
        .expect("overlapping");
    assert!(close(c.depth, 0.25, 1e-12), "{}", c.depth);
    assert_consistent(&c);
}

#[test]
fn a_sphere_in_a_concave_corner_is_as_deep_as_its_centre_is_near() {
    // In the L's inner corner (once a refusal), 0.05 from the face x = 1 and 0.08 from y = 1:
    // the deepest point of the ball is 0.2 − 0.05 inside, pushed along +x. A lower bound: moved
    // by 0.15 along x, the ball still overlaps the face y = 1 by 0.12.
    let l = l_prism();
    let ball = Shape::sphere(0.2).unwrap();
    let centre = Point3::new(1.05, 1.08, 0.5);
    let c = query::contact(
        &l,
        &at(0.0, 0.0, 0.0),
        &ball,
        &at(centre.x, centre.y, centre.z),
    )
    .unwrap()
    .expect("in the corner");
    assert!(close(c.depth, 0.15, 1e-12), "{}", c.depth);
    assert!(close(c.normal.x, 1.0, 1e-12), "{:?}", c.normal);
    assert!(
        (c.point_a - Point3::new(1.0, 1.08, 0.5)).norm() < 1e-12,
        "{c:?}"
    );
    assert!(
        (c.point_b - Point3::new(0.85, 1.08, 0.5)).norm() < 1e-12,
        "{c:?}"
    );
    assert_consistent(&c);
}

#[test]
fn open_meshes_that_cross_touch_with_depth_zero() {
    let flat = TriangleMesh::new(
        vec![
            Point3::origin(),
            Point3::new(1.0, 0.0, 0.0),
            Point3::new(0.0, 1.0, 0.0),
        ],
        vec![[0, 1, 2]],
    )
    .unwrap();
    let upright = TriangleMesh::new(
        vec![
            Point3::new(0.1, 0.2, -0.5),
            Point3::new(0.5, 0.2, -0.5),
            Point3::new(0.3, 0.2, 0.5),
        ],
        vec![[0, 1, 2]],
    )
    .unwrap();
    let (a, b) = (
        Shape::mesh(Arc::new(flat)).unwrap(),
        Shape::mesh(Arc::new(upright)).unwrap(),
    );
    let id = at(0.0, 0.0, 0.0);
    let c = query::contact(&a, &id, &b, &id).unwrap().expect("crossing");
    assert_eq!(c.depth, 0.0);
    // A point of both: in the plane z = 0 and the plane y = 0.2.
    assert!(
        c.point_a.z.abs() < 1e-12 && close(c.point_a.y, 0.2, 1e-12),
        "{c:?}"
    );
    assert!((c.point_a - c.point_b).norm() < 1e-12);
    assert!(
        query::contact(&a, &id, &b, &at(0.0, 0.0, 2.0))
            .unwrap()
            .is_none()
    );
}

#[test]
fn a_closed_convex_mesh_against_primitives_matches_the_box_it_bounds() {
    let mesh = voxels(&[[0, 0, 0]], 1.0);
    let cuboid = Shape::cuboid(Vector3::new(0.5, 0.5, 0.5)).unwrap();
    let box_pose = at(0.5, 0.5, 0.5);
    let id = at(0.0, 0.0, 0.0);
    let others = [
        (Shape::sphere(0.2).unwrap(), at(0.5, 0.5, 1.1)),
        (Shape::capsule(0.1, 0.3).unwrap(), at(0.95, 0.4, 0.6)),
        (
            Shape::cuboid(Vector3::new(0.2, 0.1, 0.3)).unwrap(),
            at(-0.1, 0.5, 0.5),
        ),
    ];
    for (shape, pose) in &others {
        let from_mesh = query::contact(&mesh, &id, shape, pose).unwrap().unwrap();
        let from_box = query::contact(&cuboid, &box_pose, shape, pose)
            .unwrap()
            .unwrap();
        assert!(close(from_mesh.depth, from_box.depth, 1e-9), "{shape:?}");
        assert!(close(from_mesh.normal.dot(&from_box.normal), 1.0, 1e-9));
    }
    // The sphere above the top face: depth 0.1 by hand.
    let c = query::contact(&mesh, &id, &others[0].0, &others[0].1)
        .unwrap()
        .unwrap();
    assert!(close(c.depth, 0.1, 1e-12), "{}", c.depth);
}
