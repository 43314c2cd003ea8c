//! Mesh proximity against brute force: the hierarchy queries must equal the minimum over all
//! triangle pairs (computed here with the public triangle functions, in the world frame) on
//! random soups with slivers, touching and nested meshes, the real Solo-12 meshes, and mesh
//! against primitives.

use std::collections::HashMap;
use std::f64::consts::PI;
use std::path::PathBuf;

use morsel_geometry::proximity::{
    MeshBvh, Primitive, ProximityScratch, TrianglePair, mesh_distance, mesh_distance_within,
    mesh_intersection, mesh_primitive_distance, mesh_primitive_distance_within,
    mesh_primitive_intersection, triangle_distance, triangles_intersect,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const TOL: f64 = 1e-12;

struct Mesh {
    vertices: Vec<Point3<f64>>,
    faces: Vec<[u32; 3]>,
}

impl Mesh {
    fn bvh(&self) -> MeshBvh {
        MeshBvh::new(&self.vertices, &self.faces).expect("valid mesh")
    }

    fn world_triangles(&self, pose: &Isometry3<f64>) -> Vec<[Point3<f64>; 3]> {
        self.faces
            .iter()
            .map(|f| f.map(|k| pose * self.vertices[k as usize]))
            .collect()
    }
}

/// Brute force over all pairs: the smallest distance and whether any pair intersects (the
/// triangle distance is 0 exactly for intersecting triangles: it decides intersection with the
/// exact predicate). Pairs whose bounding spheres are already farther apart than the best
/// distance are skipped, which cannot change the minimum.
fn brute_force(a: &Mesh, pa: &Isometry3<f64>, b: &Mesh, pb: &Isometry3<f64>) -> (f64, bool) {
    let ta = a.world_triangles(pa);
    let tb = b.world_triangles(pb);
    let sphere = |t: &[Point3<f64>; 3]| {
        let c = (t[0].coords + t[1].coords + t[2].coords) / 3.0;
        let r = t.iter().map(|p| (p.coords - c).norm()).fold(0.0, f64::max);
        [c.x, c.y, c.z, r]
    };
    let sa: Vec<[f64; 4]> = ta.iter().map(sphere).collect();
    let sb: Vec<[f64; 4]> = tb.iter().map(sphere).collect();
    let mut best = f64::INFINITY;
    for (x, s) in ta.iter().zip(&sa) {
        for (y, t) in tb.iter().zip(&sb) {
            let reach = best + s[3] + t[3];
            let (dx, dy, dz) = (s[0] - t[0], s[1] - t[1], s[2] - t[2]);
            if dx * dx + dy * dy + dz * dz > reach * reach {
                continue;
            }
            best = best.min(triangle_distance(x, y).distance);
        }
    }
    (best, best == 0.0)
}

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

/// A closed axis-aligned box mesh (12 triangles, outward faces).
fn cube(center: Vector3<f64>, half: f64) -> Mesh {
    let mut vertices = Vec::new();
    for s in 0..8 {
        let sign = |bit: usize| if s & bit == 0 { -half } else { half };
        vertices.push(Point3::from(
            center + Vector3::new(sign(1), sign(2), sign(4)),
        ));
    }
    let faces = vec![
        [0, 2, 3],
        [0, 3, 1],
        [4, 5, 7],
        [4, 7, 6],
        [0, 1, 5],
        [0, 5, 4],
        [2, 6, 7],
        [2, 7, 3],
        [0, 4, 6],
        [0, 6, 2],
        [1, 3, 7],
        [1, 7, 5],
    ];
    Mesh { vertices, faces }
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

/// Reads a binary STL (84 + 50 n bytes, header starting with "solid") and welds corners with
/// identical coordinates.
fn load_stl(rel: &str) -> Mesh {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots/solo12/meshes/stl")
        .join(rel);
    let bytes = std::fs::read(&path).expect("read STL");
    let n = u32::from_le_bytes(bytes[80..84].try_into().expect("count")) as usize;
    assert_eq!(bytes.len(), 84 + 50 * n, "not a binary STL");
    let mut index: HashMap<[u32; 3], u32> = HashMap::new();
    let mut vertices = Vec::new();
    let mut faces = Vec::with_capacity(n);
    for t in 0..n {
        let rec = &bytes[84 + 50 * t..84 + 50 * (t + 1)];
        let face = std::array::from_fn(|k| {
            let bits: [u32; 3] = std::array::from_fn(|c| {
                let o = 12 + 12 * k + 4 * c;
                u32::from_le_bytes(rec[o..o + 4].try_into().expect("float"))
            });
            *index.entry(bits).or_insert_with(|| {
                vertices.push(Point3::new(
                    f32::from_bits(bits[0]) as f64,
                    f32::from_bits(bits[1]) as f64,
                    f32::from_bits(bits[2]) as f64,
                ));
                (vertices.len() - 1) as u32
            })
        });
        faces.push(face);
    }
    Mesh { vertices, faces }
}

/// FL_UPPER_LEG in the base frame: FL_HAA at (0.1946, 0.0875, 0) about x, FL_HFE at
/// (0, 0.014, 0) about y (solo12.urdf), collision origin identity.
fn leg_pose(haa: f64, hfe: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(0.1946, 0.0875, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), haa),
    ) * Isometry3::from_parts(
        Translation3::new(0.0, 0.014, 0.0),
        UnitQuaternion::from_axis_angle(&Vector3::y_axis(), hfe),
    )
}

#[test]
fn solo12_base_against_upper_leg_matches_brute_force() {
    let base = load_stl("solo12/solo_12_base.stl");
    let leg = load_stl("with_foot/solo_upper_leg_left_side.stl");
    assert_eq!((base.faces.len(), leg.faces.len()), (5472, 3114));
    let (bb, bl) = (base.bvh(), leg.bvh());
    let id = Isometry3::identity();
    let mut scratch = ProximityScratch::new();
    let q = |i: usize| -PI + i as f64 * 2.0 * PI / 200.0;
    let mut warm = None;
    let mut hits = 0;
    // A cell in contact and one with a clearance of 0.13 mm (brute force is slow in debug).
    for (i, j) in [(0usize, 0usize), (50, 50)] {
        let p = leg_pose(q(i), q(j));
        let (truth, any) = brute_force(&base, &id, &leg, &p);
        let cold = mesh_distance(&bb, &id, &bl, &p, None, &mut scratch).expect("ok");
        let warmed = mesh_distance(&bb, &id, &bl, &p, warm, &mut scratch).expect("ok");
        warm = Some(cold.triangles);
        assert!(
            (cold.distance - truth).abs() <= TOL,
            "cell ({i}, {j}): {} vs {truth}",
            cold.distance
        );
        assert!((warmed.distance - truth).abs() <= TOL);
        let hit = mesh_intersection(&bb, &id, &bl, &p, None, &mut scratch).expect("ok");
        assert_eq!(hit.is_some(), any);
        hits += any as usize;
    }
    assert_eq!(hits, 1, "one cell in contact, one apart");
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

/// Along grid rows of the Solo-12 shoulder (in and out of contact), the queries that start
/// from the previous query's front answer exactly what queries from the roots answer.
#[test]
fn solo12_grid_rows_with_fronts_match_queries_from_the_roots() {
    let base = load_stl("solo12/solo_12_base.stl").bvh();
    let leg = load_stl("with_foot/solo_upper_leg_left_side.stl").bvh();
    let id = Isometry3::identity();
    let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
    let q = |i: usize| -PI + i as f64 * 2.0 * PI / 200.0;
    let (mut warm_d, mut warm_i) = (None, None);
    let (mut hits, mut skips, mut swapped_skips) = (0, 0, 0);
    for (row, cols) in [(0usize, 0usize..60), (57, 20..70), (120, 150..200)] {
        for j in cols {
            let p = leg_pose(q(row), q(j));
            fresh.forget();
            let truth = mesh_distance(&base, &id, &leg, &p, None, &mut fresh).expect("ok");
            let r = mesh_distance(&base, &id, &leg, &p, warm_d, &mut coherent).expect("ok");
            skips += coherent.last_query_stats().front_skips;
            warm_d = Some(r.triangles);
            assert!(
                (r.distance - truth.distance).abs() <= TOL,
                "cell ({row}, {j}): {} vs {}",
                r.distance,
                truth.distance
            );
            // The same pair the other way round, interleaved: a second front in the scratch.
            let swapped = mesh_distance(&leg, &p, &base, &id, None, &mut coherent).expect("ok");
            swapped_skips += coherent.last_query_stats().front_skips;
            assert!((swapped.distance - truth.distance).abs() <= TOL);
            fresh.forget();
            let expected = mesh_intersection(&base, &id, &leg, &p, None, &mut fresh).expect("ok");
            let hit = mesh_intersection(&base, &id, &leg, &p, warm_i, &mut coherent).expect("ok");
            assert_eq!(hit.is_some(), expected.is_some(), "cell ({row}, {j})");
            assert_eq!(hit.is_some(), truth.distance == 0.0, "cell ({row}, {j})");
            if hit.is_some() {
                warm_i = hit;
                hits += 1;
            }
        }
    }
    assert!(hits > 0 && hits < 160, "{hits} cells in contact");
    assert!(skips > 0 && swapped_skips > 0, "the fronts were never used");
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

/// Two grid rows of the Solo-12 shoulder visited in turn, cell by cell, on one scratch space:
/// with a channel per row, each query resumes from the front of the previous cell of its own
/// row, and every answer equals a query from the roots (distance to 1e-12, intersection
/// exactly). Without channels the rows would evict each other's fronts.
#[test]
fn interleaved_channels_match_queries_from_the_roots() {
    let base = load_stl("solo12/solo_12_base.stl").bvh();
    let leg = load_stl("with_foot/solo_upper_leg_left_side.stl").bvh();
    let id = Isometry3::identity();
    let q = |i: usize| -PI + i as f64 * 2.0 * PI / 200.0;
    let rows = [20usize, 170];
    // Returns the front pairs skipped in each row, and the cells in contact.
    let run = |channels: bool| {
        let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
        let mut warm_d = [None; 2];
        let mut warm_i = [None; 2];
        let (mut skips, mut hits) = ([0u64; 2], 0);
        for i in 0..80 {
            for (k, &row) in rows.iter().enumerate() {
                // HAA (the first joint) varies along the row, as in the notebook's grid order.
                let p = leg_pose(q(i), q(row));
                let channel = if channels { k as u64 + 1 } else { 0 };
                coherent.set_channel(channel);
                assert_eq!(coherent.channel(), channel);
                fresh.forget();
                let truth = mesh_distance(&base, &id, &leg, &p, None, &mut fresh).expect("ok");
                let r = mesh_distance(&base, &id, &leg, &p, warm_d[k], &mut coherent).expect("ok");
                skips[k] += coherent.last_query_stats().front_skips;
                warm_d[k] = Some(r.triangles);
                assert!(
                    (r.distance - truth.distance).abs() <= TOL,
                    "row {row}, cell {i}: {} vs {}",
                    r.distance,
                    truth.distance
                );
                let hit =
                    mesh_intersection(&base, &id, &leg, &p, warm_i[k], &mut coherent).expect("ok");
                assert_eq!(hit.is_some(), truth.distance == 0.0, "row {row}, cell {i}");
                if hit.is_some() {
                    warm_i[k] = hit;
                    hits += 1;
                }
            }
        }
        (skips, hits)
    };
    let (with, hits) = run(true);
    let (without, _) = run(false);
    assert!(hits > 0 && hits < 160, "{hits} cells in contact");
    // Each row resumes from its own previous cell only with channels.
    for k in 0..2 {
        assert!(
            with[k] > 2 * without[k].max(100),
            "row {k}: {} front pairs skipped with channels, {} without",
            with[k],
            without[k]
        );
    }
}
