//! Tests of [`super`]: closed forms (cube, sphere), a brute-force hull, parry's hull volume.

use super::*;

/// A small deterministic generator (no dependency for tests of geometry).
fn lcg(seed: &mut u64) -> f64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 11) as f64 / (1u64 << 53) as f64
}

fn volume(v: &[Point3<f64>], f: &[[u32; 3]]) -> f64 {
    f.iter()
        .map(|t| {
            let (a, b, c) = (v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]);
            a.coords.dot(&b.coords.cross(&c.coords)) / 6.0
        })
        .sum()
}

/// Every point lies on the inner side of every face (within `tol`), and the surface is
/// closed: each directed edge has its reverse exactly once, and V - E + F = 2.
fn check_hull(points: &[Point3<f64>], v: &[Point3<f64>], f: &[[u32; 3]], tol: f64) {
    let mut edges = HashMap::new();
    for t in f {
        for k in 0..3 {
            *edges.entry((t[k], t[(k + 1) % 3])).or_insert(0) += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1);
        assert_eq!(edges.get(&(b, a)), Some(&1));
    }
    assert_eq!(
        v.len() as i64 - (edges.len() / 2) as i64 + f.len() as i64,
        2
    );
    for t in f {
        let (a, b, c) = (v[t[0] as usize], v[t[1] as usize], v[t[2] as usize]);
        let n = (b - a).cross(&(c - a)).normalize();
        for p in points {
            assert!(n.dot(&(p - a)) <= tol, "a point is outside a face");
        }
    }
}

#[test]
fn a_cube_with_points_inside_is_its_eight_corners() {
    let mut seed = 7;
    let mut pts: Vec<Point3<f64>> = (0..2000)
        .map(|_| Point3::new(lcg(&mut seed), lcg(&mut seed), lcg(&mut seed)) * 2.0)
        .map(|p| p - Vector3::repeat(1.0))
        .collect();
    for i in 0..8 {
        let c = |b: usize| if i & b == 0 { -1.0 } else { 1.0 };
        pts.push(Point3::new(c(1), c(2), c(4)));
    }
    let (v, f) = convex_hull(&pts, &|| false).unwrap();
    // Coplanar points on the cube's faces count as on the hull, not as vertices.
    assert_eq!(v.len(), 8);
    assert_eq!(f.len(), 12);
    assert!((volume(&v, &f) - 8.0).abs() < 1e-12);
    check_hull(&pts, &v, &f, 1e-12);
}

#[test]
fn points_on_a_sphere_are_all_vertices() {
    // The Fibonacci sphere: n points, all on the unit sphere, none coplanar with three
    // others; the hull uses every point and has 2n - 4 triangles (Euler), and its
    // volume lies below the ball's 4/3 pi by less than the cap error.
    let n = 3000;
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let pts: Vec<Point3<f64>> = (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
            let r = (1.0 - z * z).sqrt();
            let t = golden * i as f64;
            Point3::new(r * t.cos(), r * t.sin(), z)
        })
        .collect();
    let (v, f) = convex_hull(&pts, &|| false).unwrap();
    assert_eq!(v.len(), n);
    assert_eq!(f.len(), 2 * n - 4);
    let ball = 4.0 / 3.0 * std::f64::consts::PI;
    let vol = volume(&v, &f);
    assert!(vol < ball && ball - vol < 0.01, "{vol}");
    check_hull(&pts, &v, &f, 1e-12);
}

#[test]
fn random_clouds_match_parry_s_hull_volume() {
    let mut seed = 11;
    for n in [4usize, 5, 50, 5000] {
        let pts: Vec<Point3<f64>> = (0..n)
            .map(|_| Point3::new(lcg(&mut seed), lcg(&mut seed), lcg(&mut seed)))
            .collect();
        let (v, f) = convex_hull(&pts, &|| false).unwrap();
        check_hull(&pts, &v, &f, 1e-12);
        let parry_pts: Vec<_> = pts.iter().map(crate::convert::to_parry_point).collect();
        let (pv, pf) = parry3d_f64::transformation::convex_hull(&parry_pts);
        let pv: Vec<Point3<f64>> = pv
            .into_iter()
            .map(crate::convert::from_parry_point)
            .collect();
        assert!((volume(&v, &f) - volume(&pv, &pf)).abs() < 1e-12, "n = {n}");
    }
}

#[test]
fn flat_and_tiny_sets_are_refused_and_stop_stops() {
    let flat: Vec<Point3<f64>> = (0..20)
        .map(|i| Point3::new(i as f64, (i * i % 7) as f64, 0.0))
        .collect();
    assert!(matches!(
        convex_hull(&flat, &|| false),
        Err(HullError::Degenerate(_))
    ));
    let line: Vec<Point3<f64>> = (0..20).map(|i| Point3::new(i as f64, 0.0, 0.0)).collect();
    assert!(matches!(
        convex_hull(&line, &|| false),
        Err(HullError::Degenerate(_))
    ));
    assert!(matches!(
        convex_hull(&line[..3], &|| false),
        Err(HullError::Degenerate(_))
    ));
    let mut seed = 3;
    let cloud: Vec<Point3<f64>> = (0..20000)
        .map(|_| {
            let v = Vector3::new(
                lcg(&mut seed) - 0.5,
                lcg(&mut seed) - 0.5,
                lcg(&mut seed) - 0.5,
            );
            Point3::from(v.normalize())
        })
        .collect();
    assert_eq!(convex_hull(&cloud, &|| true), Err(HullError::Stopped));
    // A stop that asks only on its third question ends the work midway, not at its start.
    let asked = std::sync::atomic::AtomicUsize::new(0);
    let later = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 2;
    assert_eq!(convex_hull(&cloud, &later), Err(HullError::Stopped));
    assert_eq!(asked.load(std::sync::atomic::Ordering::Relaxed), 3);
}

/// The hull by brute force (O(n^4)): a triangle (i, j, k) of points in general position
/// is a hull face when every other point lies strictly on one side of its plane.
fn brute_force_faces(points: &[Point3<f64>]) -> Vec<[usize; 3]> {
    let n = points.len();
    let mut faces = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b, c) = (points[i], points[j], points[k]);
                let normal = (b - a).cross(&(c - a));
                let sides: Vec<f64> = (0..n)
                    .filter(|&m| m != i && m != j && m != k)
                    .map(|m| normal.dot(&(points[m] - a)))
                    .collect();
                if sides.iter().all(|&d| d < 0.0) || sides.iter().all(|&d| d > 0.0) {
                    faces.push([i, j, k]);
                }
            }
        }
    }
    faces
}

#[test]
fn small_random_sets_match_the_brute_force_hull() {
    let mut seed = 5;
    for trial in 0..40 {
        let n = 4 + trial % 20;
        let pts: Vec<Point3<f64>> = (0..n)
            .map(|_| Point3::new(lcg(&mut seed), lcg(&mut seed), lcg(&mut seed)))
            .collect();
        let brute = brute_force_faces(&pts);
        let (v, f) = convex_hull(&pts, &|| false).unwrap();
        check_hull(&pts, &v, &f, 1e-12);
        assert_eq!(f.len(), brute.len(), "trial {trial}: face count");
        // The same triangles, as sets of input points.
        let index_of = |p: &Point3<f64>| pts.iter().position(|q| q == p).unwrap();
        let mut ours: Vec<[usize; 3]> = f
            .iter()
            .map(|t| {
                let mut k = t.map(|i| index_of(&v[i as usize]));
                k.sort_unstable();
                k
            })
            .collect();
        ours.sort_unstable();
        let mut theirs = brute.clone();
        theirs.sort_unstable();
        assert_eq!(ours, theirs, "trial {trial}");
    }
}

#[test]
fn cube_corners_alone_are_the_hull() {
    let pts: Vec<Point3<f64>> = (0..8)
        .map(|i| {
            let c = |b: usize| if i & b == 0 { 0.0 } else { 2.5 };
            Point3::new(c(1), c(2), c(4))
        })
        .collect();
    let (v, f) = convex_hull(&pts, &|| false).unwrap();
    assert_eq!((v.len(), f.len()), (8, 12));
    assert!((volume(&v, &f) - 2.5f64.powi(3)).abs() < 1e-12);
    check_hull(&pts, &v, &f, 1e-12);
}
