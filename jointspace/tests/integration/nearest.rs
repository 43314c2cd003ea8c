//! Nearest boundary points (k-d tree, periodic images) against brute force, and the
//! joint-space Jacobian against finite differences.

use std::f64::consts::{PI, TAU};

use morsel_jointspace::{
    Boundary, BoundaryOptions, Quantity, SampleMap, SampleOptions, jointspace_field,
};
use ndarray::Array2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::arm_sampler;

fn random_boundary(rng: &mut ChaCha8Rng, n: usize, k: usize, periodic: &[bool]) -> Boundary {
    let ranges = vec![[-PI, PI]; k];
    let points = Array2::from_shape_fn((n, k), |_| rng.random_range(-PI..PI));
    let periods = periodic.iter().map(|&p| p.then_some(TAU)).collect();
    Boundary::new(
        (0..k).map(|a| format!("j{a}")).collect(),
        ranges,
        points,
        periods,
        1e-9,
    )
    .unwrap()
}

/// Brute force over the points and all their periodic copies (diagonal ones included).
fn brute(boundary: &Boundary, q: &[f64]) -> f64 {
    boundary
        .extended_points()
        .rows()
        .into_iter()
        .map(|p| {
            p.iter()
                .zip(q)
                .map(|(a, b)| (a - b) * (a - b))
                .sum::<f64>()
                .sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn kd_tree_distance_equals_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for k in 1..=9 {
        for periodic in [false, true] {
            let flags: Vec<bool> = (0..k).map(|a| periodic && (k < 5 || a % 2 == 0)).collect();
            let boundary = random_boundary(&mut rng, if k > 4 { 60 } else { 300 }, k, &flags);
            let index = boundary.index().unwrap();
            for _ in 0..if k > 4 { 40 } else { 200 } {
                // Queries inside the ranges and, for periodic joints, outside them too.
                let q: Vec<f64> = (0..k)
                    .map(|_| rng.random_range(-1.5 * PI..1.5 * PI))
                    .collect();
                let q: Vec<f64> = q
                    .iter()
                    .enumerate()
                    .map(|(a, &v)| if flags[a] { v } else { v.clamp(-PI, PI) })
                    .collect();
                let nearest = index.nearest(&q).unwrap();
                let wrapped: Vec<f64> = q
                    .iter()
                    .enumerate()
                    .map(|(a, &v)| {
                        if flags[a] && !(-PI..PI).contains(&v) {
                            (v + PI).rem_euclid(TAU) - PI
                        } else {
                            v
                        }
                    })
                    .collect();
                let truth = brute(&boundary, &wrapped);
                assert!(
                    (nearest.distance - truth).abs() < 1e-12,
                    "k={k} periodic={periodic}: {} vs {truth}",
                    nearest.distance
                );
                // The reported point is at that distance from q.
                let to_point = nearest
                    .point
                    .iter()
                    .zip(&q)
                    .map(|(a, b)| (a - b) * (a - b))
                    .sum::<f64>()
                    .sqrt();
                assert!((to_point - nearest.distance).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn periodic_search_finds_diagonal_images() {
    // One boundary point near the corner (π, π); a query near (−π, −π) is closest to its
    // diagonal image, which copies along single axes miss.
    let points = Array2::from_shape_vec((1, 2), vec![PI - 0.1, PI - 0.1]).unwrap();
    let b = Boundary::new(
        vec!["a".into(), "b".into()],
        vec![[-PI, PI]; 2],
        points,
        vec![Some(TAU); 2],
        1e-9,
    )
    .unwrap();
    let nearest = b.index().unwrap().nearest(&[-PI + 0.1, -PI + 0.1]).unwrap();
    assert!((nearest.distance - 0.2 * 2f64.sqrt()).abs() < 1e-12);
    assert!((nearest.point[0] - (-PI - 0.1)).abs() < 1e-12);
    assert_eq!(b.extended_points().nrows(), 9);
}

#[test]
fn jacobian_is_unit_and_matches_finite_differences_off_the_medial_axis() {
    let sampler = arm_sampler();
    let boundary = sampler
        .boundary(&BoundaryOptions::new(600, 1e-9, 21).with_periodic(true))
        .unwrap();
    let map = sampler.grid(&[24, 24], &SampleOptions::distance()).unwrap();
    let field = jointspace_field(&map, &boundary).unwrap();
    let index = boundary.index().unwrap();
    let h = 1e-6;
    let mut checked = 0;
    for i in 0..map.len() {
        let q = [map.rows()[[i, 0]], map.rows()[[i, 1]]];
        let sign = if map.values()[i] <= 0.0 { -1.0 } else { 1.0 };
        let here = index.nearest(&q).unwrap();
        let j = [field.jacobian[[i, 2]], field.jacobian[[i, 3]]];
        assert!(((j[0] * j[0] + j[1] * j[1]).sqrt() - 1.0).abs() < 1e-12);
        if here.distance < 1e-3 {
            continue;
        }
        let mut fd = [0.0; 2];
        let mut same_nearest = true;
        for a in 0..2 {
            let (mut plus, mut minus) = (q, q);
            plus[a] += h;
            minus[a] -= h;
            let (np, nm) = (
                index.nearest(&plus).unwrap(),
                index.nearest(&minus).unwrap(),
            );
            same_nearest &=
                np.index == here.index && nm.index == here.index && np.point == here.point;
            fd[a] = sign * (np.distance - nm.distance) / (2.0 * h);
        }
        // Where the nearest point changes between the probes, q is on the medial axis.
        if !same_nearest {
            continue;
        }
        checked += 1;
        for a in 0..2 {
            assert!(
                (fd[a] - j[a]).abs() < 1e-6,
                "sample {i} axis {a}: finite difference {} vs {}",
                fd[a],
                j[a]
            );
        }
    }
    assert!(
        checked > 400,
        "only {checked} samples were away from the medial axis"
    );
}

#[test]
fn maps_reject_boundaries_of_other_joints() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let boundary = random_boundary(&mut rng, 10, 2, &[false, false]);
    let rows = Array2::zeros((1, 3));
    let map = SampleMap::new(
        vec!["x".into(), "y".into()],
        vec![[-PI, PI]; 2],
        rows,
        None,
        Quantity::Binary,
    )
    .unwrap();
    assert!(jointspace_field(&map, &boundary).is_err());
}
