//! Tests of the leaf routines against independent methods: an active-set enumeration for the
//! triangle–triangle distance, closed forms and cross-checks between GJK and closed forms for
//! the primitives.

use nalgebra::{Matrix4, Vector4};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::box_triangle::{box_triangle_distance, box_triangle_intersect};
use super::gjk::{GjkResult, gjk_triangle};
use super::primitive::Primitive;
use super::triangle::{PreparedTriangle, V3};
use super::triangle_distance::triangle_distance;
use super::triangle_intersection::triangles_intersect;

/// Distance between two triangles by enumerating every pair of faces (corner, edge, interior)
/// of the two triangles, minimising over their affine hulls by a linear solve and keeping the
/// minimisers that fall inside both faces. The minimum of a convex quadratic over a product
/// of simplices is the stationary point of one such pair.
fn oracle_distance(p: &[V3; 3], q: &[V3; 3]) -> f64 {
    let faces: Vec<Vec<usize>> = vec![
        vec![0],
        vec![1],
        vec![2],
        vec![0, 1],
        vec![1, 2],
        vec![0, 2],
        vec![0, 1, 2],
    ];
    let mut best = f64::INFINITY;
    for fp in &faces {
        for fq in &faces {
            // x = p0 + sum a_i (p_i - p0), y = q0 + sum b_j (q_j - q0); unknowns (a, b).
            let dirs: Vec<V3> = fp[1..]
                .iter()
                .map(|&i| p[i] - p[fp[0]])
                .chain(fq[1..].iter().map(|&j| -(q[j] - q[fq[0]])))
                .collect();
            let r0 = p[fp[0]] - q[fq[0]];
            let n = dirs.len();
            let params: Vec<f64> = if n == 0 {
                vec![]
            } else {
                let mut m = Matrix4::<f64>::identity();
                let mut rhs = Vector4::<f64>::zeros();
                for i in 0..n {
                    for j in 0..n {
                        m[(i, j)] = dirs[i].dot(&dirs[j]);
                    }
                    rhs[i] = -dirs[i].dot(&r0);
                }
                let Some(sol) = m.lu().solve(&rhs) else {
                    continue;
                };
                if !sol.iter().all(|x| x.is_finite()) {
                    continue;
                }
                (0..n).map(|i| sol[i]).collect()
            };
            let np = fp.len() - 1;
            let (pa, pb) = params.split_at(np);
            let inside =
                |w: &[f64]| w.iter().all(|&x| x >= -1e-12) && w.iter().sum::<f64>() <= 1.0 + 1e-12;
            if !inside(pa) || !inside(pb) {
                continue;
            }
            let mut r = r0;
            for (k, d) in dirs.iter().enumerate() {
                r += d * params[k];
            }
            best = best.min(r.norm());
        }
    }
    best
}

fn random_triangle(rng: &mut ChaCha8Rng, center: V3, size: f64) -> [V3; 3] {
    let mut v = [V3::zeros(); 3];
    for x in &mut v {
        *x = center
            + V3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
            ) * size;
    }
    v
}

#[test]
fn triangle_distance_matches_active_set_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut intersecting = 0;
    for _ in 0..4000 {
        let p = random_triangle(&mut rng, V3::zeros(), 1.0);
        let offset = V3::new(
            rng.random_range(-1.5..1.5),
            rng.random_range(-1.5..1.5),
            rng.random_range(-1.5..1.5),
        );
        let size = rng.random_range(0.1..1.0);
        let q = random_triangle(&mut rng, offset, size);
        let (tp, tq) = (PreparedTriangle::new(p), PreparedTriangle::new(q));
        let r = triangle_distance(&tp, &tq, f64::INFINITY).expect("no stop");
        let truth = oracle_distance(&p, &q);
        assert!(
            (r.distance - truth).abs() < 1e-12,
            "{} vs {truth} for {p:?} {q:?}",
            r.distance
        );
        // The witnesses lie on their triangles and realise the distance.
        assert!(((r.point_a - r.point_b).norm() - r.distance).abs() < 1e-12);
        assert!(
            super::closest::point_triangle(&r.point_a, &tp).metric_distance(&r.point_a) < 1e-12
        );
        assert!(
            super::closest::point_triangle(&r.point_b, &tq).metric_distance(&r.point_b) < 1e-12
        );
        // The exact intersection test agrees wherever the distance is not borderline.
        if truth > 1e-9 {
            assert!(!triangles_intersect(&tp, &tq));
        } else if truth < 1e-13 {
            intersecting += 1;
            assert!(triangles_intersect(&tp, &tq));
        }
    }
    assert!(
        intersecting > 50,
        "the sample should contain intersecting pairs, found {intersecting}"
    );
}

#[test]
fn sliver_triangles_match_the_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..2000 {
        let p = random_triangle(&mut rng, V3::zeros(), 1.0);
        // A sliver: the third corner a tiny distance off the first edge.
        let a = V3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(0.2..1.5),
        );
        let b = a + V3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let t = rng.random_range(0.0..1.0);
        let c = a + (b - a) * t + V3::new(1e-9, -2e-9, 1e-9);
        let q = [a, b, c];
        let r = triangle_distance(
            &PreparedTriangle::new(p),
            &PreparedTriangle::new(q),
            f64::INFINITY,
        )
        .expect("no stop");
        let truth = oracle_distance(&p, &q);
        // The plane of a sliver is ill-conditioned; its distance is still that of its edges
        // to within the sliver's width.
        assert!(
            (r.distance - truth).abs() < 1e-8,
            "{} vs {truth}",
            r.distance
        );
    }
}

#[test]
fn sphere_and_capsule_match_closed_forms() {
    let t = PreparedTriangle::new([
        V3::new(-1.0, -1.0, 2.0),
        V3::new(1.0, -1.0, 2.0),
        V3::new(0.0, 1.0, 2.0),
    ]);
    let (d, on_tri, on_prim) = Primitive::Sphere { radius: 0.5 }.triangle_distance(&t, 1.0);
    assert!((d - 1.5).abs() < 1e-15);
    assert!((on_tri - V3::new(0.0, 0.0, 2.0)).norm() < 1e-15);
    assert!((on_prim - V3::new(0.0, 0.0, 0.5)).norm() < 1e-15);
    let (d, _, on_prim) = Primitive::Capsule {
        radius: 0.25,
        half_length: 1.0,
    }
    .triangle_distance(&t, 1.0);
    assert!((d - 0.75).abs() < 1e-15);
    assert!((on_prim - V3::new(0.0, 0.0, 1.25)).norm() < 1e-15);
}

#[test]
fn gjk_agrees_with_closed_forms() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2000 {
        let c = V3::new(
            rng.random_range(-2.0..2.0),
            rng.random_range(-2.0..2.0),
            rng.random_range(-2.0..2.0),
        );
        let v = random_triangle(&mut rng, c, 1.0);
        let t = PreparedTriangle::new(v);
        // A sphere as an ellipsoid with equal semi-axes, against the point–triangle form.
        let r = rng.random_range(0.1..1.0);
        let sphere = Primitive::Sphere { radius: r };
        let ellipsoid = Primitive::Ellipsoid {
            radii: V3::repeat(r),
        };
        let exact = sphere.triangle_distance(&t, 4.0).0;
        let iterative = ellipsoid.triangle_distance(&t, 4.0).0;
        assert!(
            (exact - iterative).abs() < 1e-10,
            "{exact} vs {iterative} for {v:?} r {r}"
        );
        // A box by GJK on its support function against the closed form.
        let h = V3::new(
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
            rng.random_range(0.1..1.0),
        );
        let boxed = Primitive::Box { half_extents: h };
        let closed = box_triangle_distance(&h, &t).0;
        let by_gjk = match gjk_triangle(&v, |d| boxed.support(d), 1e-14) {
            GjkResult::Intersecting(_) => 0.0,
            GjkResult::Separated { distance, .. } => distance,
        };
        assert!(
            (closed - by_gjk).abs() < 1e-10,
            "{closed} vs {by_gjk} for {v:?} in {h:?}"
        );
        assert_eq!(closed == 0.0, box_triangle_intersect(&h, &t));
    }
}

#[test]
fn cylinder_matches_closed_forms() {
    let cyl = Primitive::Cylinder {
        radius: 0.5,
        half_length: 1.0,
    };
    // A horizontal triangle above the top cap, overlapping the axis: distance to the cap.
    let t = PreparedTriangle::new([
        V3::new(-1.0, -1.0, 1.7),
        V3::new(1.0, -1.0, 1.7),
        V3::new(0.0, 1.0, 1.7),
    ]);
    let (d, _, on) = cyl.triangle_distance(&t, 2.0);
    assert!((d - 0.7).abs() < 1e-12, "{d}");
    assert!((on.z - 1.0).abs() < 1e-12 && on.xy().norm() <= 0.5 + 1e-12);
    // A vertical triangle beside the side wall, facing the axis at distance 2.
    let t = PreparedTriangle::new([
        V3::new(2.0, -1.0, -0.5),
        V3::new(2.0, 1.0, -0.5),
        V3::new(2.0, 0.0, 0.5),
    ]);
    let (d, _, on) = cyl.triangle_distance(&t, 2.0);
    assert!((d - 1.5).abs() < 1e-12, "{d}");
    assert!((on - V3::new(0.5, 0.0, on.z)).norm() < 1e-9);
    // Beyond the rim, diagonally: distance from the rim circle to a point.
    let t = PreparedTriangle::new([
        V3::new(1.5, 0.0, 2.0),
        V3::new(3.0, 0.0, 2.0),
        V3::new(3.0, 0.0, 3.0),
    ]);
    let (d, _, _) = cyl.triangle_distance(&t, 4.0);
    assert!((d - 2f64.sqrt()).abs() < 1e-12, "{d}");
    // Crossing the cylinder.
    let t = PreparedTriangle::new([
        V3::new(-3.0, 0.0, 0.2),
        V3::new(3.0, -1.0, 0.2),
        V3::new(3.0, 1.0, 0.2),
    ]);
    assert_eq!(cyl.triangle_distance(&t, 4.0).0, 0.0);
    assert!(cyl.triangle_intersects(&t, 4.0));
}

#[test]
fn ellipsoid_distance_is_bracketed_by_sampling() {
    let radii = V3::new(0.3, 0.6, 1.1);
    let e = Primitive::Ellipsoid { radii };
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let center = V3::new(
            rng.random_range(-3.0..3.0),
            rng.random_range(-3.0..3.0),
            rng.random_range(-3.0..3.0),
        );
        let t = PreparedTriangle::new(random_triangle(&mut rng, center, 0.5));
        let (d, on_tri, on_e) = e.triangle_distance(&t, 4.0);
        if d == 0.0 {
            continue;
        }
        // The reported points are on their shapes and realise the distance.
        let level = on_e.component_div(&radii).norm();
        assert!((level - 1.0).abs() < 1e-9, "{level}");
        assert!(((on_tri - on_e).norm() - d).abs() < 1e-12);
        // No sampled pair of surface points is closer.
        let mut sampled = f64::INFINITY;
        for i in 0..60 {
            for j in 0..30 {
                let (th, ph) = (
                    i as f64 / 60.0 * std::f64::consts::TAU,
                    (j as f64 + 0.5) / 30.0 * std::f64::consts::PI,
                );
                let x = V3::new(
                    radii.x * ph.sin() * th.cos(),
                    radii.y * ph.sin() * th.sin(),
                    radii.z * ph.cos(),
                );
                sampled = sampled.min(super::closest::point_triangle(&x, &t).metric_distance(&x));
            }
        }
        assert!(d <= sampled + 1e-12, "{d} above sampled {sampled}");
    }
}
