//! Tests on the real Solo-12 model, as loaded by the notebook (free-flyer first).

use std::f64::consts::PI;

use morsel_geometry::proximity::QueryStats;
use morsel_geometry::{ShapeKind, query};
use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, DistanceOptions, InCollision, Measure, SampleOptions,
    SamplerSpec, compute_any_collision, compute_distance, update_pair_placements,
    update_placements,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{bits, shoulder, solo, with_threads};

#[test]
fn objects_are_named_as_pinocchio_names_them() {
    let sampler = shoulder();
    let c = sampler.collision_model();
    for name in [
        "base_link_0",
        "FL_SHOULDER_0",
        "FL_UPPER_LEG_0",
        "FL_LOWER_LEG_0",
        "FL_FOOT_0",
        "HR_FOOT_0",
    ] {
        assert!(c.object_id(name).is_ok(), "{name}");
    }
    assert_eq!(c.objects().len(), 17);
    assert_eq!(
        sampler.pair_names(),
        vec![["base_link_0".to_owned(), "FL_UPPER_LEG_0".to_owned()]]
    );
    // Joints by configuration index, as the notebook's q_ind = [7, 8].
    let by_index = SamplerSpec::new([7usize, 8], [[-PI, PI]; 2], [("base_link", "FL_UPPER_LEG")]);
    let by_index = CollisionSampler::new(solo(), &by_index).unwrap();
    assert_eq!(by_index.subspace().names(), vec!["FL_HAA", "FL_HFE"]);
    assert_eq!(by_index.pair_names(), sampler.pair_names());
}

#[test]
fn the_notebooks_first_row_is_a_collision() {
    let sampler = shoulder();
    let options = SampleOptions::distance().with_zero_in_collision();
    let map = sampler.grid(&[3, 2], &options).unwrap();
    let first = map.rows().row(0).to_vec();
    assert_eq!(
        first,
        vec![-PI, -PI, 0.0],
        "the notebook's grid_samples_fcl_map[0]"
    );
    assert!(sampler.collides(&[-PI, -PI]).unwrap());
    // With penetration depth, the value is strictly negative there.
    assert!(
        sampler
            .evaluate(&[-PI, -PI], &Measure::Distance(DistanceOptions::default()))
            .unwrap()
            < 0.0
    );
    // The zero configuration (legs straight down) is free.
    assert!(!sampler.collides(&[0.0, 0.0]).unwrap());
}

/// Largest distance from a vertex of `a`, mirrored through the plane y = 0, to the nearest
/// vertex of `b`: how far the mirrored mesh may be from the other one.
fn mirror_gap(a: &[nalgebra::Point3<f64>], b: &[nalgebra::Point3<f64>]) -> f64 {
    a.iter()
        .map(|p| {
            let m = nalgebra::Point3::new(p.x, -p.y, p.z);
            b.iter()
                .map(|q| (q - m).norm())
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0, f64::max)
}

#[test]
fn front_left_and_front_right_legs_are_mirror_images() {
    // Mirroring through the sagittal plane (y → −y) turns a rotation θ about x into −θ and
    // keeps a rotation about y: FR at (−haa, hfe) mirrors FL at (haa, hfe). The meshes are
    // mirror images up to the gap between their vertex sets, which bounds the difference.
    let fl = shoulder();
    let fr = SamplerSpec::new(
        ["FR_HAA", "FR_HFE"],
        [[-PI, PI]; 2],
        [("base_link_0", "FR_UPPER_LEG_0")],
    );
    let fr = CollisionSampler::new(solo(), &fr).unwrap();
    let vertices = |s: &CollisionSampler, name: &str| {
        let c = s.collision_model();
        match c.object(c.object_id(name).unwrap()).collider().shape.kind() {
            ShapeKind::Mesh(m) => m.vertices().to_vec(),
            _ => panic!("{name} is a mesh"),
        }
    };
    let base = vertices(&fl, "base_link_0");
    let (left, right) = (
        vertices(&fl, "FL_UPPER_LEG_0"),
        vertices(&fr, "FR_UPPER_LEG_0"),
    );
    let tolerance = mirror_gap(&base, &base).max(1e-12)
        + mirror_gap(&left, &right).max(mirror_gap(&right, &left));
    assert!(
        tolerance < 0.01,
        "the legs are mirror images to {tolerance} m"
    );
    let measure = Measure::Distance(DistanceOptions {
        in_collision: morsel_jointspace::InCollision::Zero,
        cap: None,
    });
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut worst = 0.0f64;
    for _ in 0..6 {
        let (haa, hfe) = (rng.random_range(-PI..PI), rng.random_range(-PI..PI));
        let left = fl.evaluate(&[haa, hfe], &measure).unwrap();
        let right = fr.evaluate(&[-haa, hfe], &measure).unwrap();
        assert!(
            (left - right).abs() <= tolerance,
            "({haa}, {hfe}): FL {left} vs FR {right}"
        );
        worst = worst.max((left - right).abs());
        if left.abs() > tolerance {
            assert_eq!(
                left > 0.0,
                right > 0.0,
                "({haa}, {hfe}): FL {left} vs FR {right}"
            );
        }
    }
    // The exact grid points of the notebook's map mirror onto each other too.
    for (haa, hfe) in [(-PI, -PI), (0.0, 0.0), (PI / 2.0, -PI / 2.0)] {
        assert_eq!(
            fl.collides(&[haa, hfe]).unwrap(),
            fr.collides(&[-haa, hfe]).unwrap(),
            "({haa}, {hfe})"
        );
    }
    assert!(worst <= tolerance);
}

#[test]
fn vertex_depth_matches_brute_force_projection() {
    // The bounded candidate search against a brute-force projection of every leg vertex.
    let sampler = shoulder();
    let c = sampler.collision_model();
    let (base, leg) = (
        c.object_id("base_link_0").unwrap(),
        c.object_id("FL_UPPER_LEG_0").unwrap(),
    );
    let mut data = sampler.new_data();
    let colliding: Vec<[f64; 2]> = [
        [-PI, -PI],
        [-2.0, -2.6],
        [1.2, 2.4],
        [-1.5, -2.5],
        [2.5, 2.0],
        [-2.5, 1.0],
    ]
    .into_iter()
    .filter(|p| sampler.collides(p).unwrap())
    .collect();
    assert!(colliding.len() >= 2, "{colliding:?}");
    for point in colliding {
        let q = sampler.subspace().full_configuration(&point).unwrap();
        update_placements(sampler.model(), c, &mut data, &q).unwrap();
        let ours = compute_distance(c, &mut data, 0, &DistanceOptions::default()).unwrap();
        let (pb, pl) = (
            data.world_from_objects()[base.index()],
            data.world_from_objects()[leg.index()],
        );
        let ShapeKind::Mesh(mesh) = c.object(leg).collider().shape.kind() else {
            panic!("the leg is a mesh")
        };
        let mut truth = 0.0f64;
        for v in mesh.vertices() {
            let p = query::project_point(&c.object(base).collider().shape, &pb, &(pl * v)).unwrap();
            if p.inside {
                truth = truth.max(-p.signed_distance);
            }
        }
        assert!(ours <= 0.0, "{point:?} collides");
        assert!(
            (-ours - truth).abs() < 1e-9,
            "{point:?}: depth {} vs brute force {truth}",
            -ours
        );
    }
}

#[test]
fn boundary_points_are_free_and_touching() {
    let sampler = shoulder();
    let boundary = sampler
        .boundary(&BoundaryOptions::new(6, 1e-8, 5).with_periodic(true))
        .unwrap();
    let measure = Measure::Distance(DistanceOptions::default());
    for p in boundary.points().rows() {
        let point = [p[0], p[1]];
        assert!(
            !sampler.collides(&point).unwrap(),
            "{point:?} should be on the free side"
        );
        // Within 1e-8 rad of a collision; the leg's points lie within 0.3 m of the shoulder
        // axes, so the meshes are at most about 1e-8 m apart.
        let d = sampler.evaluate(&point, &measure).unwrap();
        assert!(d > 0.0 && d < 1e-8, "{point:?}: distance {d}");
    }
}

/// The notebook's 3D sampler: FL_HAA, FL_HFE, FL_KFE over [−π, π]³, the base against both
/// front-left leg links.
fn leg() -> CollisionSampler {
    let spec = SamplerSpec::new(
        ["FL_HAA", "FL_HFE", "FL_KFE"],
        [[-PI, PI]; 3],
        [
            ("base_link_0", "FL_UPPER_LEG_0"),
            ("base_link_0", "FL_LOWER_LEG_0"),
        ],
    );
    CollisionSampler::new(solo(), &spec).expect("leg sampler")
}

#[test]
fn leg_grid_reuses_shoulder_answers_without_changing_them() {
    // Three joints, two pairs: the shoulder pair does not depend on the knee, so the knee
    // varies fastest and the shoulder answer is reused along it; the knee pair queries each
    // knee value on a proximity channel of its own, and only the queried pair's objects are
    // placed. Every cell must equal a fresh evaluation.
    let leg = leg();
    assert_eq!(leg.pair_axes(), &[vec![0, 1], vec![0, 1, 2]]);
    let map = leg.grid(&[8, 6, 5], &SampleOptions::binary()).unwrap();
    let mut colliding = 0;
    for r in 0..map.len() {
        let row = map.rows().row(r);
        let fresh = leg
            .evaluate(&[row[0], row[1], row[2]], &Measure::Binary)
            .unwrap();
        assert_eq!(row[3], fresh, "cell {r}: {row:?}");
        colliding += usize::from(fresh == 0.0);
    }
    assert!(colliding > 0 && colliding < map.len());
    // The check stops at the first colliding pair: at [−π, −π, 0] it is the shoulder pair.
    let c = leg.collision_model();
    let mut data = leg.new_data();
    let q = leg.subspace().full_configuration(&[-PI, -PI, 0.0]).unwrap();
    update_placements(leg.model(), c, &mut data, &q).unwrap();
    assert_eq!(compute_any_collision(c, &mut data).unwrap(), Some(0));
}

#[test]
fn solo_results_do_not_depend_on_the_thread_count() {
    let sampler = shoulder();
    let run = || {
        let grid = sampler
            .grid(&[9, 7], &SampleOptions::distance().with_zero_in_collision())
            .unwrap();
        let boundary = sampler.boundary(&BoundaryOptions::new(3, 1e-6, 8)).unwrap();
        (bits(grid.rows().iter()), bits(boundary.points().iter()))
    };
    assert_eq!(with_threads(1, run), with_threads(2, run));
}

/// Placing one pair's objects (forward kinematics along their links' paths only) gives the
/// placements full forward kinematics gives, at random configurations of the leg.
#[test]
fn pair_placements_equal_full_forward_kinematics() {
    let leg = leg();
    let c = leg.collision_model();
    let (mut full, mut partial) = (leg.new_data(), leg.new_data());
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for _ in 0..20 {
        let point: Vec<f64> = (0..3).map(|_| rng.random_range(-PI..PI)).collect();
        let q = leg.subspace().full_configuration(&point).unwrap();
        update_placements(leg.model(), c, &mut full, &q).unwrap();
        for (p, pair) in c.pairs().iter().enumerate() {
            update_pair_placements(leg.model(), c, &mut partial, &q, p).unwrap();
            for id in [pair.first, pair.second] {
                let (a, b) = (
                    full.world_from_objects()[id.index()],
                    partial.world_from_objects()[id.index()],
                );
                let shift = (a.translation.vector - b.translation.vector).norm();
                let turn = a.rotation.angle_to(&b.rotation);
                assert!(
                    shift < 1e-12 && turn < 1e-12,
                    "{point:?}, pair {p}: {shift} m, {turn} rad"
                );
            }
        }
    }
    let q = leg.subspace().full_configuration(&[0.0; 3]).unwrap();
    let err = update_pair_placements(leg.model(), c, &mut partial, &q, 2).unwrap_err();
    assert!(err.to_string().contains("pair index"), "{err}");
}

#[test]
fn work_counts_belong_to_the_last_query_alone() {
    // Front-left lower leg, row 147 of the notebook's 200 x 200 shoulder grid, in grid order:
    // the row crosses runs of contacts, within which the leg lies inside the body (settled by
    // the voxel look-up, with no surface query at all), and free cells right after contact
    // (an intersection test, then a distance query).
    let spec = SamplerSpec::new(
        ["FL_HAA", "FL_HFE"],
        [[-PI, PI]; 2],
        [("base_link_0", "FL_LOWER_LEG_0")],
    );
    let sampler = CollisionSampler::new(solo(), &spec).unwrap();
    let c = sampler.collision_model();
    let options = DistanceOptions {
        in_collision: InCollision::Zero,
        cap: None,
    };
    let mut data = sampler.new_data();
    let step = 2.0 * PI / 200.0;
    let (mut idle, mut free) = (0, 0);
    for i in 0..200 {
        let point = [-PI + i as f64 * step, -PI + 147.0 * step];
        let q = sampler.subspace().full_configuration(&point).unwrap();
        update_pair_placements(sampler.model(), c, &mut data, &q, 0).unwrap();
        let value = compute_distance(c, &mut data, 0, &options).unwrap();
        let work = data.last_query_stats(0).unwrap();
        if value > 0.0 {
            // A free answer rests on at least one exact triangle test.
            assert!(work.triangle_tests >= 1, "cell {i}: {work:?}");
            free += 1;
        } else if work.triangle_tests == 0 {
            // No triangle test: no surface query ran, and nothing else may be counted (the
            // counts of the cell before must not show through).
            assert_eq!(work, QueryStats::default(), "cell {i}");
            idle += 1;
        }
    }
    assert!(
        idle > 0 && free > 0,
        "{idle} cells without a query, {free} free"
    );
    assert!(data.last_query_stats(1).is_none(), "one active pair");
}
