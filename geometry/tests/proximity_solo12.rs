//! Proximity queries on the real Solo-12 shoulder (base against front-left upper leg): brute
//! force at a few cells, and coherent sequences (grid rows, interleaved rows, runs of contacts)
//! whose queries resume from earlier fronts against queries from the roots.

mod common;

use std::f64::consts::PI;

use common::{Mesh, TOL, brute_force, leg_pose, load_stl};
use morsel_geometry::proximity::{MeshBvh, ProximityScratch, mesh_distance, mesh_intersection};
use nalgebra::Isometry3;

/// The hierarchies of the Solo-12 base and front-left upper leg.
fn shoulder() -> (MeshBvh, MeshBvh) {
    let base = load_stl("solo12/solo_12_base.stl").bvh();
    let leg = load_stl("with_foot/solo_upper_leg_left_side.stl").bvh();
    (base, leg)
}

/// The Solo-12 base and front-left lower leg meshes (for brute force and hierarchies).
fn base_and_lower_leg() -> (Mesh, Mesh) {
    let base = load_stl("solo12/solo_12_base.stl");
    let lower = load_stl("with_foot/solo_lower_leg_left_side.stl");
    (base, lower)
}

/// Joint value `i` of the 200-step shoulder grid over [-pi, pi).
fn q(i: usize) -> f64 {
    -PI + i as f64 * 2.0 * PI / 200.0
}

#[test]
fn solo12_base_against_upper_leg_matches_brute_force() {
    let base = load_stl("solo12/solo_12_base.stl");
    let leg = load_stl("with_foot/solo_upper_leg_left_side.stl");
    assert_eq!((base.faces.len(), leg.faces.len()), (5472, 3114));
    let (bb, bl) = (base.bvh(), leg.bvh());
    let id = Isometry3::identity();
    let mut scratch = ProximityScratch::new();
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

/// Along grid rows of the Solo-12 shoulder (in and out of contact), the queries that start
/// from the previous query's front answer exactly what queries from the roots answer.
#[test]
fn solo12_grid_rows_with_fronts_match_queries_from_the_roots() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
    let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
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

/// Two grid rows of the Solo-12 shoulder visited in turn, cell by cell, on one scratch space:
/// with a channel per row, each query resumes from the front of the previous cell of its own
/// row, and every answer equals a query from the roots (distance to 1e-12, intersection
/// exactly). Without channels each row's front is evicted by the other's, and as successive
/// queries jump between the rows, no front is kept in the pair's library either.
#[test]
fn interleaved_channels_match_queries_from_the_roots() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
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
    for k in 0..2 {
        assert!(
            with[k] > 2 * without[k].max(100),
            "row {k}: {} front pairs skipped with channels, {} without",
            with[k],
            without[k]
        );
    }
}

/// Where a run of contacts ends, the query would have to start from the roots: its own front
/// is from before the run. Two groups of neighbouring grid rows (each row holds one run): in
/// all but the first row of a group, those queries resume from the fronts kept where the
/// previous row's run ended (or began), and every answer equals a query from the roots.
#[test]
fn contact_run_ends_resume_from_kept_fronts() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
    let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
    let (mut warm_d, mut warm_i) = (None, None);
    // Run ends in the second row, and how many resumed (distance, intersection).
    let (mut ends, mut resumed_d, mut resumed_i) = (0, 0, 0);
    for (row, counted) in [(60usize, false), (61, true), (62, true)]
        .into_iter()
        .chain([(130, false), (131, true), (132, true)])
    {
        let mut in_contact = false;
        for i in 0..200 {
            let p = leg_pose(q(i), q(row));
            fresh.forget();
            let truth = mesh_distance(&base, &id, &leg, &p, None, &mut fresh).expect("ok");
            let d = mesh_distance(&base, &id, &leg, &p, warm_d, &mut coherent).expect("ok");
            let d_skips = coherent.last_query_stats().front_skips;
            warm_d = Some(d.triangles);
            assert!(
                (d.distance - truth.distance).abs() <= TOL,
                "cell ({i}, {row}): {} vs {}",
                d.distance,
                truth.distance
            );
            let hit = mesh_intersection(&base, &id, &leg, &p, warm_i, &mut coherent).expect("ok");
            let i_skips = coherent.last_query_stats().front_skips;
            assert_eq!(hit.is_some(), truth.distance == 0.0, "cell ({i}, {row})");
            if hit.is_some() {
                warm_i = hit;
            } else if in_contact && counted {
                ends += 1;
                resumed_d += (d_skips > 0) as usize;
                resumed_i += (i_skips > 0) as usize;
            }
            in_contact = hit.is_some();
        }
    }
    assert!(
        ends >= 4,
        "{ends} runs of contacts ended in the counted rows"
    );
    assert_eq!(
        (resumed_d, resumed_i),
        (ends, ends),
        "of {ends} run ends, {resumed_d} distance and {resumed_i} intersection queries resumed"
    );
}

/// Within a run of contacts, the next contact is the last one or lies next to it: most
/// intersection tests in a run end after the warm pair and the triangles around it, with no
/// bounding-volume test.
#[test]
fn contacts_are_found_next_to_the_last_one() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
    let mut scratch = ProximityScratch::new();
    let (mut warm, mut after_hit, mut local) = (None, 0, 0);
    for row in [0usize, 60, 120] {
        let mut last_hit = false;
        for i in 0..200 {
            let p = leg_pose(q(i), q(row));
            let hit = mesh_intersection(&base, &id, &leg, &p, warm, &mut scratch).expect("ok");
            let stats = scratch.last_query_stats();
            if hit.is_some() && last_hit {
                after_hit += 1;
                local += (stats.volume_tests == 0) as usize;
            }
            if hit.is_some() {
                warm = hit;
            }
            last_hit = hit.is_some();
        }
    }
    assert!(
        after_hit > 100,
        "{after_hit} contacts right after a contact"
    );
    assert!(
        10 * local >= 8 * after_hit,
        "{local} of {after_hit} contacts found next to the last one"
    );
}

/// Base against the front-left lower leg (knee at zero), the pair that is far apart over most
/// of the shoulder grid: along grid rows, warm-started queries run in order; those proved
/// closest by the slabs of the whole meshes (without a traversal) equal brute force.
#[test]
fn solo12_base_against_lower_leg_certified_answers_match_brute_force() {
    let (base, lower) = base_and_lower_leg();
    let (bb, bl) = (base.bvh(), lower.bvh());
    let id = Isometry3::identity();
    let mut checked = 0;
    for j in (0..200).step_by(20) {
        let mut scratch = ProximityScratch::new();
        let mut warm = None;
        for i in 0..200 {
            let p = lower_leg_pose(i, j);
            let r = mesh_distance(&bb, &id, &bl, &p, warm, &mut scratch).expect("ok");
            warm = Some(r.triangles);
            // Brute force (slow in debug) on a few certified answers.
            if checked < 6 && scratch.last_query_stats().certified && (i + j) % 25 == 0 {
                let (truth, any) = brute_force(&base, &id, &lower, &p);
                assert!(!any);
                assert!(
                    (r.distance - truth).abs() <= TOL,
                    "cell ({i}, {j}): {} vs brute force {truth}",
                    r.distance
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 3, "only {checked} certified answers checked");
}

/// Base against the front-left lower leg at cells where the answer is not on the meshes'
/// hulls (the traversal has to prove it, pruning by the hulls of small nodes and ties among
/// many equally distant triangle pairs): cold and warm-started queries equal brute force.
#[test]
fn solo12_base_against_lower_leg_traversed_answers_match_brute_force() {
    let (base, lower) = base_and_lower_leg();
    let (bb, bl) = (base.bvh(), lower.bvh());
    let id = Isometry3::identity();
    let mut traversed = 0;
    // Rows and cells where the benchmark's slowest far queries were (shoulder grid).
    for (j, cells) in [
        (20usize, [190usize, 191]),
        (112, [105, 172]),
        (188, [27, 28]),
    ] {
        let mut scratch = ProximityScratch::new();
        let mut warm = None;
        for i in 0..200 {
            let p = lower_leg_pose(i, j);
            let r = mesh_distance(&bb, &id, &bl, &p, warm, &mut scratch).expect("ok");
            warm = Some(r.triangles);
            if !cells.contains(&i) {
                continue;
            }
            traversed += usize::from(!scratch.last_query_stats().certified);
            let (truth, any) = brute_force(&base, &id, &lower, &p);
            let cold =
                mesh_distance(&bb, &id, &bl, &p, None, &mut ProximityScratch::new()).expect("ok");
            assert_eq!(any, truth <= 0.0);
            for (what, d) in [("warm", r.distance), ("cold", cold.distance)] {
                assert!(
                    (d - truth).abs() <= TOL,
                    "cell ({i}, {j}), {what}: {d} vs brute force {truth}"
                );
            }
        }
    }
    assert!(
        traversed >= 2,
        "only {traversed} of the cells needed a traversal"
    );
}

/// The front-left lower leg's pose (knee at zero) at cell (i, j) of the 200 x 200 shoulder grid
/// (HAA index i, HFE index j, each `-pi + k 2 pi / 200`).
fn lower_leg_pose(i: usize, j: usize) -> Isometry3<f64> {
    let knee = Isometry3::from_parts(
        nalgebra::Translation3::new(0.0, 0.03745, -0.16),
        Default::default(),
    );
    leg_pose(q(i), q(j)) * knee
}

/// Where a run of contacts ends, a caller that knows the meshes touched tests intersection
/// first and asks for the distance only when they are apart (as the joint-space sampler does):
/// that distance query resumes from the front the intersection test just left at the same
/// placement, which reaches down to the near-touching leaves, and answers what a query from
/// the roots answers with a fraction of its bounding-volume tests.
#[test]
fn distance_after_an_intersection_test_resumes_from_its_front() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
    let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
    let (mut warm, mut touching) = (None, false);
    let (mut ends, mut resumed_tests, mut fresh_tests) = (0, 0, 0);
    for row in [31usize, 32, 60, 61, 130] {
        for i in 0..200 {
            let p = leg_pose(q(i), q(row));
            fresh.forget();
            let truth = mesh_distance(&base, &id, &leg, &p, None, &mut fresh).expect("ok");
            let hit = if touching {
                mesh_intersection(&base, &id, &leg, &p, warm, &mut coherent).expect("ok")
            } else {
                None
            };
            assert_eq!(hit.is_some(), touching && truth.distance == 0.0);
            if hit.is_some() {
                warm = hit;
                continue;
            }
            let d = mesh_distance(&base, &id, &leg, &p, warm, &mut coherent).expect("ok");
            assert!(
                (d.distance - truth.distance).abs() <= TOL,
                "cell ({i}, {row}): {} vs {}",
                d.distance,
                truth.distance
            );
            if touching && d.distance > 0.0 {
                ends += 1;
                resumed_tests += coherent.last_query_stats().volume_tests;
                fresh_tests += fresh.last_query_stats().volume_tests;
            }
            warm = Some(d.triangles);
            touching = d.distance == 0.0;
        }
    }
    assert!(ends >= 5, "{ends} runs of contacts ended");
    assert!(
        4 * resumed_tests < fresh_tests,
        "{resumed_tests} volume tests where runs ended, against {fresh_tests} from the roots"
    );
}

/// A contact found by a distance query counts as the last contact for the intersection test
/// that follows on the pair: that test looks next to the warm pair first, with no
/// bounding-volume test when the contact is still there, exactly as after a contact it found
/// itself (here on a fresh scratch space each time, so that nothing else is known).
#[test]
fn a_contact_found_by_distance_is_looked_for_next_to_it() {
    let (base, leg) = shoulder();
    let id = Isometry3::identity();
    // Per first query kind: the next contacts found without a bounding-volume test.
    let mut local = [0, 0];
    let mut followed = 0;
    for row in [0usize, 60, 120] {
        for i in 0..199 {
            let (p, next) = (leg_pose(q(i), q(row)), leg_pose(q(i + 1), q(row)));
            let mut scratch = ProximityScratch::new();
            let d = mesh_distance(&base, &id, &leg, &p, None, &mut scratch).expect("ok");
            let mut own = ProximityScratch::new();
            let hit = mesh_intersection(&base, &id, &leg, &p, None, &mut own).expect("ok");
            assert_eq!(hit.is_some(), d.distance == 0.0);
            let Some(hit) = hit else { continue };
            for (k, (s, warm)) in [(&mut scratch, d.triangles), (&mut own, hit)]
                .into_iter()
                .enumerate()
            {
                if mesh_intersection(&base, &id, &leg, &next, Some(warm), s)
                    .expect("ok")
                    .is_some()
                {
                    followed += usize::from(k == 0);
                    local[k] += usize::from(s.last_query_stats().volume_tests == 0);
                }
            }
        }
    }
    assert!(followed > 100, "{followed} contacts after a contact");
    assert!(
        10 * local[0] >= 8 * followed,
        "{local:?} of {followed} found next to the last one"
    );
    assert!(
        local[0] + 3 >= local[1],
        "{local:?} of {followed} found next to the last one"
    );
}

/// A leg mesh, its hierarchy, its pose at grid cell `(i, j)`, and cells `(i, j)` to check.
type Case<'a> = (
    &'a Mesh,
    &'a MeshBvh,
    &'a dyn Fn(usize, usize) -> Isometry3<f64>,
    &'a [(usize, usize)],
);

/// The cells where the pairs benchmark's slowest queries were: ties at the shared corner of a
/// fan of long triangles on the base, the lower leg nested in the base's recess (hull bounds
/// of boxes that overlap), free cells a few micrometres from contact, and the upper leg's
/// near-contact cells. Queries warm-started along each cell's grid row and queries from
/// scratch equal brute force.
#[test]
fn solo12_slowest_cells_match_brute_force() {
    let (base, lower) = base_and_lower_leg();
    let upper = load_stl("with_foot/solo_upper_leg_left_side.stl");
    let (bb, bl, bu) = (base.bvh(), lower.bvh(), upper.bvh());
    let id = Isometry3::identity();
    let upper_pose = |i: usize, j: usize| leg_pose(q(i), q(j));
    // (leg, its pose at cell (i, j), the cells (HAA index i, HFE index j)).
    let lower_cells = [
        (26, 94),
        (155, 167),
        (156, 167),
        (197, 149),
        (174, 7),
        (142, 11),
        (165, 2),
    ];
    let upper_cells = [(32, 27), (34, 36), (30, 152), (139, 177)];
    let cases: [Case; 2] = [
        (&lower, &bl, &lower_leg_pose, &lower_cells),
        (&upper, &bu, &upper_pose, &upper_cells),
    ];
    let mut checked = 0;
    for (leg, bvh, pose, cells) in cases {
        for &(cell_i, j) in cells {
            let mut scratch = ProximityScratch::new();
            let mut warm = None;
            for i in 0..=cell_i {
                let p = pose(i, j);
                let r = mesh_distance(&bb, &id, bvh, &p, warm, &mut scratch).expect("ok");
                warm = Some(r.triangles);
                if i < cell_i {
                    continue;
                }
                let (truth, _) = brute_force(&base, &id, leg, &p);
                let cold = mesh_distance(&bb, &id, bvh, &p, None, &mut ProximityScratch::new())
                    .expect("ok");
                for (what, d) in [("warm", r.distance), ("cold", cold.distance)] {
                    assert!(
                        (d - truth).abs() <= TOL,
                        "cell ({i}, {j}), {what}: {d} vs brute force {truth}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 11);
}

/// A leg's hierarchy, its pose at grid cell (HAA index, HFE index) and the grid rows to sweep.
type LegRows<'a> = (
    &'a MeshBvh,
    &'a dyn Fn(usize, usize) -> Isometry3<f64>,
    &'a [usize],
);

/// The sampler's order after contact: an intersection test first, then, when it finds the
/// meshes apart, a distance query at the same placement, which resumes from the intersection
/// test's front (going through its pairs nearest first). Grid rows of both legs that cross
/// runs of contacts: every such distance equals a query from the roots, and contact agrees.
#[test]
fn distance_right_after_contact_matches_a_fresh_query() {
    let (base, upper) = shoulder();
    let lower = base_and_lower_leg().1.bvh();
    let id = Isometry3::identity();
    let upper_pose = |i: usize, j: usize| leg_pose(q(i), q(j));
    let legs: [LegRows; 2] = [
        (&upper, &upper_pose, &[60, 130]),
        (&lower, &lower_leg_pose, &[2, 3]),
    ];
    let mut after_contact = 0;
    for (leg, pose, rows) in legs {
        for &row in rows {
            let (mut coherent, mut fresh) = (ProximityScratch::new(), ProximityScratch::new());
            let (mut warm, mut touching) = (None, false);
            for i in 0..200 {
                let p = pose(i, row);
                fresh.forget();
                let truth = mesh_distance(&base, &id, leg, &p, None, &mut fresh).expect("ok");
                let hit = if touching {
                    mesh_intersection(&base, &id, leg, &p, warm, &mut coherent).expect("ok")
                } else {
                    None
                };
                let distance = match hit {
                    Some(t) => {
                        warm = Some(t);
                        0.0
                    }
                    None => {
                        let d = mesh_distance(&base, &id, leg, &p, warm, &mut coherent);
                        let d = d.expect("ok");
                        warm = Some(d.triangles);
                        after_contact += (touching && d.distance > 0.0) as usize;
                        d.distance
                    }
                };
                assert!(
                    (distance - truth.distance).abs() <= TOL,
                    "cell ({i}, {row}): {distance} vs {}",
                    truth.distance
                );
                touching = distance == 0.0;
            }
        }
    }
    assert!(
        after_contact >= 4,
        "{after_contact} free cells after contact"
    );
}
