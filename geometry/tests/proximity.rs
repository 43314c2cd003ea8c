//! Mesh proximity against brute force: the hierarchy queries must equal the minimum over all
//! triangle pairs (computed here with the public triangle functions, in the world frame) on
//! random soups with slivers, touching and nested meshes, coherent sequences, and mesh against
//! primitives. The Solo-12 meshes are tested in `proximity_solo12.rs`.

mod common;

use std::f64::consts::PI;

use morsel_geometry::proximity::{
    MeshBvh, Primitive, ProximityScratch, TrianglePair, mesh_distance, mesh_distance_within,
    mesh_intersection, mesh_primitive_distance, mesh_primitive_distance_within,
    mesh_primitive_intersection, triangle_distance, triangles_intersect,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use common::{Mesh, TOL, brute_force, cube};

fn pose(rng: &mut ChaCha8Rng, spread: f64) -> Isometry3<f64> {
    let axis = Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    Isometry3::from_parts(
        Translation3::new(
            rng.random_range(-spread..spread),
            rng.random_range(-spread..spread),
            rng.random_range(-spread..spread),
        ),
        UnitQuaternion::from_scaled_axis(axis * PI),
    )
}

/// A random soup: ordinary triangles, slivers (a corner just off the opposite edge),
/// needles (collinear corners) and small triangles, sharing some vertices.
fn soup(rng: &mut ChaCha8Rng, n: usize, size: f64) -> Mesh {
    let mut vertices = Vec::new();
    let mut faces = Vec::new();
    let point = |rng: &mut ChaCha8Rng| {
        Point3::new(
            rng.random_range(-size..size),
            rng.random_range(-size..size),
            rng.random_range(-size..size),
        )
    };
    for _ in 0..n {
        let a = if !vertices.is_empty() && rng.random_bool(0.3) {
            rng.random_range(0..vertices.len())
        } else {
            vertices.push(point(rng));
            vertices.len() - 1
        };
        let pa = vertices[a];
        let pb = point(rng);
        let kind = rng.random_range(0..10);
        let pc = match kind {
            0 => pa + (pb - pa) * rng.random_range(0.0..1.0) + Vector3::new(1e-10, -1e-10, 2e-10),
            1 => pa + (pb - pa) * 0.5,
            2 => {
                pa + Vector3::new(
                    rng.random_range(-0.01..0.01),
                    rng.random_range(-0.01..0.01),
                    0.0,
                )
            }
            _ => point(rng),
        };
        let pb = if kind == 2 {
            pa + Vector3::new(0.0, rng.random_range(-0.01..0.01), 0.01)
        } else {
            pb
        };
        vertices.push(pb);
        vertices.push(pc);
        let k = vertices.len() as u32;
        faces.push([a as u32, k - 2, k - 1]);
    }
    Mesh { vertices, faces }
}

fn check_pair(
    a: &Mesh,
    pa: &Isometry3<f64>,
    b: &Mesh,
    pb: &Isometry3<f64>,
    rng: &mut ChaCha8Rng,
    scratch: &mut ProximityScratch,
) {
    let (ba, bb) = (a.bvh(), b.bvh());
    let (truth, any) = brute_force(a, pa, b, pb);
    let r = mesh_distance(&ba, pa, &bb, pb, None, scratch).expect("finite");
    assert!(
        (r.distance - truth).abs() <= TOL,
        "distance {} vs brute force {truth}",
        r.distance
    );
    assert!(((r.point_a - r.point_b).norm() - r.distance).abs() <= TOL);
    // The witnesses lie on the reported faces.
    let fa = ba.triangle(r.triangles.a).expect("face").map(|p| pa * p);
    let fb = bb.triangle(r.triangles.b).expect("face").map(|p| pb * p);
    let on = |p: &Point3<f64>, t: &[Point3<f64>; 3]| triangle_distance(&[*p, *p, *p], t).distance;
    assert!(on(&r.point_a, &fa) <= TOL && on(&r.point_b, &fb) <= TOL);
    // Warm start from any pair never changes the distance.
    let warm = TrianglePair {
        a: rng.random_range(0..a.faces.len() as u32),
        b: rng.random_range(0..b.faces.len() as u32),
    };
    let w = mesh_distance(&ba, pa, &bb, pb, Some(warm), scratch).expect("finite");
    assert!(
        (w.distance - r.distance).abs() <= TOL,
        "warm {} vs cold {}",
        w.distance,
        r.distance
    );
    let again = mesh_distance(&ba, pa, &bb, pb, Some(r.triangles), scratch).expect("finite");
    assert!((again.distance - r.distance).abs() <= TOL);
    // The bounded query answers exactly when the distance is within the bound.
    let bound = truth * rng.random_range(0.5..1.5) + rng.random_range(0.0..0.01);
    let within =
        mesh_distance_within(&ba, pa, &bb, pb, bound, Some(warm), scratch).expect("finite");
    if (truth - bound).abs() > TOL {
        assert_eq!(
            within.is_some(),
            truth <= bound,
            "bound {bound}, distance {truth}"
        );
    }
    if let Some(w) = within {
        assert!((w.distance - truth).abs() <= TOL);
    }
    // Intersection agrees with brute force, cold and warm, and reports an intersecting pair.
    for warm in [None, Some(warm), Some(r.triangles)] {
        let hit = mesh_intersection(&ba, pa, &bb, pb, warm, scratch).expect("finite");
        // Apart beyond rounding: no hit. At distance 0 the hit must be found; exactly touching
        // pairs may round either way once moved by a pose, so the distance query (same
        // arithmetic as the intersection query) decides which.
        if truth > TOL {
            assert!(hit.is_none(), "intersection {hit:?} at distance {truth}");
        } else if r.distance == 0.0 {
            assert!(hit.is_some(), "no intersection found, brute force {any}");
        }
        if let Some(pair) = hit {
            let x = ba.triangle(pair.a).expect("face").map(|p| pa * p);
            let y = bb.triangle(pair.b).expect("face").map(|p| pb * p);
            // Exactly in the world frame for generic pairs; touching pairs within rounding.
            assert!(triangles_intersect(&x, &y) || triangle_distance(&x, &y).distance <= TOL);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_soups_match_brute_force(seed in any::<u64>(), na in 1usize..60, nb in 1usize..60, spread in 0.0f64..2.0) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = soup(&mut rng, na, 1.0);
        let b = soup(&mut rng, nb, 0.7);
        let (pa, pb) = (pose(&mut rng, spread), pose(&mut rng, spread));
        check_pair(&a, &pa, &b, &pb, &mut rng, &mut ProximityScratch::new());
    }
}

#[test]
fn touching_and_nested_boxes() {
    let id = Isometry3::identity();
    let mut scratch = ProximityScratch::new();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let big = cube(Vector3::zeros(), 1.0);
    // Nested without touching: the surfaces are 0.5 apart and do not intersect.
    let small = cube(Vector3::new(0.25, 0.0, 0.0), 0.25);
    let r = mesh_distance(&big.bvh(), &id, &small.bvh(), &id, None, &mut scratch).expect("ok");
    assert!((r.distance - 0.5).abs() <= TOL, "{}", r.distance);
    assert!(
        mesh_intersection(&big.bvh(), &id, &small.bvh(), &id, None, &mut scratch)
            .expect("ok")
            .is_none()
    );
    check_pair(&big, &id, &small, &id, &mut rng, &mut scratch);
    // Face to face, exactly touching (coplanar overlapping faces).
    let beside = cube(Vector3::new(1.5, 0.25, 0.0), 0.5);
    let r = mesh_distance(&big.bvh(), &id, &beside.bvh(), &id, None, &mut scratch).expect("ok");
    assert_eq!(r.distance, 0.0);
    assert!(
        mesh_intersection(&big.bvh(), &id, &beside.bvh(), &id, None, &mut scratch)
            .expect("ok")
            .is_some()
    );
    check_pair(&big, &id, &beside, &id, &mut rng, &mut scratch);
    // Edge to edge and corner to corner contacts, and the same moved apart by 1e-9.
    for (offset, gap) in [
        (Vector3::new(1.5, 1.5, 0.0), 0.0),
        (Vector3::new(1.5, 1.5, 1.5), 0.0),
        (Vector3::new(1.5 + 1e-9, 0.0, 0.0), 1e-9),
    ] {
        let other = cube(offset, 0.5);
        let r = mesh_distance(&big.bvh(), &id, &other.bvh(), &id, None, &mut scratch).expect("ok");
        assert!((r.distance - gap).abs() <= TOL, "{} vs {gap}", r.distance);
        assert_eq!(
            mesh_intersection(&big.bvh(), &id, &other.bvh(), &id, None, &mut scratch)
                .expect("ok")
                .is_some(),
            gap == 0.0
        );
        check_pair(&big, &id, &other, &id, &mut rng, &mut scratch);
    }
    // Rotated poses around a touching configuration.
    for _ in 0..20 {
        let p = pose(&mut rng, 0.5);
        check_pair(&big, &p, &beside, &p, &mut rng, &mut scratch);
        check_pair(
            &big,
            &pose(&mut rng, 1.5),
            &small,
            &pose(&mut rng, 1.5),
            &mut rng,
            &mut scratch,
        );
    }
}

fn primitive_brute_force(
    m: &Mesh,
    pm: &Isometry3<f64>,
    prim: &Primitive,
    pp: &Isometry3<f64>,
) -> f64 {
    // Each face alone in its own hierarchy: the leaf test of every triangle.
    let mut scratch = ProximityScratch::new();
    m.faces
        .iter()
        .map(|f| {
            let one = MeshBvh::new(&m.vertices, &[*f]).expect("valid");
            mesh_primitive_distance(&one, pm, prim, pp, None, &mut scratch)
                .expect("ok")
                .distance
        })
        .fold(f64::INFINITY, f64::min)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn mesh_against_primitives_matches_brute_force(seed in any::<u64>(), n in 1usize..50, spread in 0.0f64..2.0) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let m = soup(&mut rng, n, 1.0);
        let bvh = m.bvh();
        let mut scratch = ProximityScratch::new();
        let prims = [
            Primitive::Sphere { radius: rng.random_range(0.05..0.6) },
            Primitive::Capsule { radius: rng.random_range(0.05..0.4), half_length: rng.random_range(0.05..0.8) },
            Primitive::Box { half_extents: Vector3::new(rng.random_range(0.05..0.6), rng.random_range(0.05..0.6), rng.random_range(0.05..0.6)) },
            Primitive::Cylinder { radius: rng.random_range(0.05..0.5), half_length: rng.random_range(0.05..0.6) },
            Primitive::Ellipsoid { radii: Vector3::new(rng.random_range(0.05..0.6), rng.random_range(0.05..0.6), rng.random_range(0.05..0.6)) },
        ];
        for prim in &prims {
            let (pm, pp) = (pose(&mut rng, spread), pose(&mut rng, spread));
            let truth = primitive_brute_force(&m, &pm, prim, &pp);
            let r = mesh_primitive_distance(&bvh, &pm, prim, &pp, None, &mut scratch).expect("ok");
            prop_assert!((r.distance - truth).abs() <= TOL, "{prim:?}: {} vs {truth}", r.distance);
            prop_assert!(((r.point_mesh - r.point_primitive).norm() - r.distance).abs() <= 1e-9);
            let warm = rng.random_range(0..m.faces.len() as u32);
            let w = mesh_primitive_distance(&bvh, &pm, prim, &pp, Some(warm), &mut scratch).expect("ok");
            prop_assert!((w.distance - truth).abs() <= TOL);
            let bound = truth * 1.01 + 1e-9;
            prop_assert!(mesh_primitive_distance_within(&bvh, &pm, prim, &pp, bound, None, &mut scratch).expect("ok").is_some());
            if truth > 1e-9 {
                prop_assert!(mesh_primitive_distance_within(&bvh, &pm, prim, &pp, truth * 0.99, None, &mut scratch).expect("ok").is_none());
            }
            let hit = mesh_primitive_intersection(&bvh, &pm, prim, &pp, None, &mut scratch).expect("ok");
            if truth > 1e-9 {
                prop_assert!(hit.is_none());
            } else if truth == 0.0 {
                prop_assert!(hit.is_some());
            }
        }
    }
}

#[test]
fn invalid_inputs_are_errors() {
    let v = vec![
        Point3::origin(),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
    ];
    assert!(MeshBvh::new(&v, &[]).is_err());
    assert!(MeshBvh::new(&v, &[[0, 1, 3]]).is_err());
    assert!(MeshBvh::new(&[Point3::new(f64::NAN, 0.0, 0.0), v[1], v[2]], &[[0, 1, 2]]).is_err());
    let m = MeshBvh::new(&v, &[[0, 1, 2]]).expect("valid");
    let mut s = ProximityScratch::new();
    let bad = Isometry3::translation(f64::NAN, 0.0, 0.0);
    let id = Isometry3::identity();
    assert!(mesh_distance(&m, &bad, &m, &id, None, &mut s).is_err());
    assert!(mesh_intersection(&m, &id, &m, &bad, None, &mut s).is_err());
    assert!(mesh_distance_within(&m, &id, &m, &id, f64::NAN, None, &mut s).is_err());
    assert!(
        mesh_primitive_distance(
            &m,
            &id,
            &Primitive::Sphere { radius: -1.0 },
            &id,
            None,
            &mut s
        )
        .is_err()
    );
    // An out-of-range warm start is ignored.
    let r = mesh_distance(
        &m,
        &id,
        &m,
        &Isometry3::translation(0.0, 0.0, 2.0),
        Some(TrianglePair { a: 7, b: 9 }),
        &mut s,
    )
    .expect("ok");
    assert!((r.distance - 2.0).abs() < 1e-15);
}

/// A pose a small random step away from `p`: a rotation of up to `step` radians about a random
/// axis through a random point near the origin, and a translation of up to `step`.
fn nudge(rng: &mut ChaCha8Rng, p: &Isometry3<f64>, step: f64) -> Isometry3<f64> {
    let axis = Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    );
    let pivot = Vector3::new(
        rng.random_range(-0.5..0.5),
        rng.random_range(-0.5..0.5),
        rng.random_range(-0.5..0.5),
    );
    let spin = UnitQuaternion::from_scaled_axis(axis.normalize() * rng.random_range(-step..step));
    let about = Translation3::from(pivot) * spin * Translation3::from(-pivot);
    let shift = Translation3::new(
        rng.random_range(-step..step),
        rng.random_range(-step..step),
        rng.random_range(-step..step),
    );
    shift * about * p
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Coherent sequences reuse the front of the previous query on the same pair (moved to
    /// the new placement by a bound on the motion): every answer must still be brute force,
    /// through approach, contact, sliding and separation, with both meshes moving, and with
    /// queries on another pair and big jumps in between.
    #[test]
    fn coherent_sequences_match_brute_force(seed in any::<u64>(), na in 1usize..60, nb in 1usize..60, step in 0.0f64..0.02) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = soup(&mut rng, na, 1.0);
        let b = soup(&mut rng, nb, 0.7);
        let other = soup(&mut rng, 5, 0.5);
        let (ba, bb, bo) = (a.bvh(), b.bvh(), other.bvh());
        let (mut pa, mut pb) = (pose(&mut rng, 0.2), pose(&mut rng, 2.0));
        let mut scratch = ProximityScratch::new();
        let (mut warm_d, mut warm_i) = (None, None);
        for k in 0..40 {
            match rng.random_range(0..20) {
                0 => pb = pose(&mut rng, 1.0),
                1 => {
                    mesh_distance(&ba, &pa, &bo, &pb, None, &mut scratch).expect("finite");
                    mesh_intersection(&bo, &pa, &bb, &pb, None, &mut scratch).expect("finite");
                }
                2 => pa = nudge(&mut rng, &pa, step),
                _ => {}
            }
            // Drift towards the first mesh so that sequences pass through contact.
            pb = nudge(&mut rng, &pb, step);
            let towards = (pa.translation.vector - pb.translation.vector) * 0.01;
            pb = Translation3::from(towards) * pb;
            let (truth, _) = brute_force(&a, &pa, &b, &pb);
            let r = mesh_distance(&ba, &pa, &bb, &pb, warm_d, &mut scratch).expect("finite");
            prop_assert!((r.distance - truth).abs() <= TOL, "step {k}: {} vs {truth}", r.distance);
            warm_d = Some(r.triangles);
            let bound = truth * rng.random_range(0.5..1.5) + rng.random_range(0.0..0.01);
            let within = mesh_distance_within(&ba, &pa, &bb, &pb, bound, warm_d, &mut scratch)
                .expect("finite");
            if (truth - bound).abs() > TOL {
                prop_assert_eq!(within.is_some(), truth <= bound);
            }
            if let Some(w) = within {
                prop_assert!((w.distance - truth).abs() <= TOL);
            }
            let hit = mesh_intersection(&ba, &pa, &bb, &pb, warm_i, &mut scratch).expect("finite");
            if truth > TOL {
                prop_assert!(hit.is_none(), "step {k}: hit {hit:?} at distance {truth}");
            } else if r.distance == 0.0 {
                prop_assert!(hit.is_some(), "step {k}: no hit at distance 0");
            }
            if hit.is_some() {
                warm_i = hit;
            }
        }
    }
}

/// Along approaches from far away to overlap and back out, in small steps with a turn, the
/// queries resumed from the previous query's front (intersection, and distance within a cap,
/// interleaved on one scratch space) answer what brute force answers at every step.
#[test]
fn fronts_match_brute_force_along_approaches() {
    let mut skips = 0;
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a = soup(&mut rng, 40, 0.5);
        let b = soup(&mut rng, 30, 0.4);
        let (ba, bb) = (a.bvh(), b.bvh());
        let pa = pose(&mut rng, 0.1);
        let direction = Vector3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        )
        .normalize();
        let spin = UnitQuaternion::from_scaled_axis(direction * 0.01);
        let mut scratch = ProximityScratch::new();
        let cap = 0.05;
        // In from 3 m to overlap, then back out.
        let offsets = (0..60)
            .map(|k| 3.0 - 0.05 * k as f64)
            .chain((0..60).map(|k| 0.05 * k as f64));
        for (k, offset) in offsets.enumerate() {
            let pb = Isometry3::from_parts(
                Translation3::from(pa.translation.vector + direction * offset),
                spin.powf(k as f64),
            );
            let (truth, _) = brute_force(&a, &pa, &b, &pb);
            let hit = mesh_intersection(&ba, &pa, &bb, &pb, None, &mut scratch).expect("finite");
            skips += scratch.last_query_stats().front_skips;
            if truth > TOL {
                assert!(
                    hit.is_none(),
                    "seed {seed} step {k}: hit at distance {truth}"
                );
            } else if truth == 0.0 {
                assert!(hit.is_some(), "seed {seed} step {k}: no hit at distance 0");
            }
            let within =
                mesh_distance_within(&ba, &pa, &bb, &pb, cap, None, &mut scratch).expect("finite");
            if (truth - cap).abs() > TOL {
                assert_eq!(within.is_some(), truth <= cap, "seed {seed} step {k}");
            }
            if let Some(w) = &within {
                assert!((w.distance - truth).abs() <= TOL, "seed {seed} step {k}");
            }
        }
    }
    assert!(skips > 0, "the fronts were never used");
}

/// A planar grid of `n x n` squares (two triangles each): corner `origin`, edge vectors `u` and
/// `v`.
fn grid_patch(origin: Vector3<f64>, u: Vector3<f64>, v: Vector3<f64>, n: u32) -> Mesh {
    let mut vertices = Vec::new();
    for i in 0..=n {
        for j in 0..=n {
            let (s, t) = (i as f64 / n as f64, j as f64 / n as f64);
            vertices.push(Point3::from(origin + u * s + v * t));
        }
    }
    let at = |i: u32, j: u32| i * (n + 1) + j;
    let mut faces = Vec::new();
    for i in 0..n {
        for j in 0..n {
            faces.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            faces.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    Mesh { vertices, faces }
}

/// A channel: the floor `z = 0` over `[-1, 1]^2` and two walls `x = +-w`, `z` in `[0, 1]`.
fn channel(w: f64) -> Mesh {
    let mut mesh = Mesh {
        vertices: Vec::new(),
        faces: Vec::new(),
    };
    let (x, y, z) = (Vector3::x(), Vector3::y(), Vector3::z());
    for patch in [
        grid_patch(-x - y, 2.0 * x, 2.0 * y, 8),
        grid_patch(-w * x - y, 2.0 * y, z, 8),
        grid_patch(w * x - y, 2.0 * y, z, 8),
    ] {
        let offset = mesh.vertices.len() as u32;
        mesh.vertices.extend(patch.vertices);
        mesh.faces
            .extend(patch.faces.iter().map(|f| f.map(|k| k + offset)));
    }
    mesh
}

/// A cube sitting in a channel (a concavity: the walls stand out past the floor along the
/// closest pair's direction, so the slabs of the whole meshes prove nothing) moved along a
/// coherent path: every distance equals the closed form `min(z - 0.1, w - |x| - 0.1)` (floor
/// or wall), found by the traversal; with walls near the cube, the warm start on the floor is
/// not taken for the answer. With the walls far, no answer can be certified by the slabs, and
/// the hull bounds of the channel's nodes keep the traversal short.
#[test]
fn cube_in_a_channel_matches_the_closed_form() {
    let id = Isometry3::identity();
    let half = 0.1;
    let cube_mesh = cube(Vector3::zeros(), half);
    let small = cube_mesh.bvh();
    for (w, path) in [
        (0.5, [(-0.15, 0.15), (0.15, 0.3)]),
        // Walls nearer than the floor on part of the path.
        (0.16, [(-0.05, 0.12), (0.05, 0.2)]),
    ] {
        let walls = channel(w).bvh();
        let mut scratch = ProximityScratch::new();
        let mut warm = None;
        let mut certified = 0;
        let mut volume_tests = 0;
        let [(x0, z0), (x1, z1)] = path;
        for k in 0..=40 {
            let s = k as f64 / 40.0;
            let (x, z) = (x0 + s * (x1 - x0), z0 + s * (z1 - z0));
            let p = Isometry3::translation(x, 0.0, z);
            let r = mesh_distance(&walls, &id, &small, &p, warm, &mut scratch).expect("ok");
            warm = Some(r.triangles);
            certified += scratch.last_query_stats().certified as usize;
            volume_tests += scratch.last_query_stats().volume_tests;
            let truth = (z - half).min(w - x.abs() - half);
            assert!(
                (r.distance - truth).abs() <= TOL,
                "w {w}, ({x}, {z}): {} vs {truth}",
                r.distance
            );
        }
        assert_eq!(certified, 0, "the walls stand out past the floor's slab");
        if w > 0.4 {
            // Far walls: a few node pairs per query (60 in all when this was written).
            assert!(
                volume_tests <= 41 * 4,
                "{volume_tests} volume tests for 41 queries"
            );
        }
    }
}
