//! Tests on the planar arm, whose distances, boundary and grid have closed forms.

use std::f64::consts::PI;

use morsel_jointspace::{
    BoundaryOptions, InCollision, Measure, Quantity, SampleOptions, SampleShard, Shard,
    jointspace_field, merge_shards,
};

use crate::common::{arm_sampler, arm_signed_distance, bits, with_threads};

#[test]
fn grid_rows_follow_the_documented_layout() {
    let sampler = arm_sampler();
    let (n1, n2) = (5, 4);
    let map = sampler.grid(&[n1, n2], &SampleOptions::distance()).unwrap();
    assert_eq!(map.len(), n1 * n2);
    assert_eq!(map.steps(), Some(&[n1, n2][..]));
    let grid = map.grid().unwrap();
    assert_eq!(grid.shape(), &[n1, n2]);
    for r in 0..map.len() {
        let (i1, i2) = (r % n1, r / n1);
        let row = map.rows().row(r);
        // lo + i·(hi − lo)/n, first joint fastest.
        assert!((row[0] - (-PI + 2.0 * PI * i1 as f64 / n1 as f64)).abs() < 1e-15);
        assert!((row[1] - (-PI + 2.0 * PI * i2 as f64 / n2 as f64)).abs() < 1e-15);
        assert!(
            (row[2] - arm_signed_distance(&[row[0], row[1]])).abs() < 1e-9,
            "row {r}: {row:?}"
        );
        assert_eq!(grid[[i1, i2]].to_bits(), row[2].to_bits());
    }
    // The upper end is excluded.
    let top = map
        .configurations()
        .column(0)
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    assert!((top - (PI - 2.0 * PI / n1 as f64)).abs() < 1e-15);
}

#[test]
fn values_match_closed_forms_in_every_mode() {
    let sampler = arm_sampler();
    let depth = sampler.random(400, 7, &SampleOptions::distance()).unwrap();
    let zero = sampler
        .random(400, 7, &SampleOptions::distance().with_zero_in_collision())
        .unwrap();
    let capped = sampler
        .random(400, 7, &SampleOptions::distance().with_cap(0.25))
        .unwrap();
    let binary = sampler.random(400, 7, &SampleOptions::binary()).unwrap();
    assert_eq!(depth.configurations(), binary.configurations());
    let (mut free, mut hit) = (0, 0);
    for i in 0..depth.len() {
        let q = [depth.rows()[[i, 0]], depth.rows()[[i, 1]]];
        let d = arm_signed_distance(&q);
        assert!(
            (depth.values()[i] - d).abs() < 1e-9,
            "{q:?}: {} vs {d}",
            depth.values()[i]
        );
        assert!((zero.values()[i] - d.max(0.0)).abs() < 1e-9);
        assert!((capped.values()[i] - d.min(0.25)).abs() < 1e-9);
        if d.abs() > 1e-9 {
            assert_eq!(binary.values()[i], if d > 0.0 { 1.0 } else { 0.0 });
        }
        if d > 0.0 { free += 1 } else { hit += 1 }
    }
    assert!(
        free > 0 && hit > 0,
        "the samples should see both sides ({free} free, {hit} colliding)"
    );
    assert_eq!(binary.quantity(), &Quantity::Binary);
    assert_eq!(
        *zero.quantity(),
        Quantity::from(Measure::Distance(morsel_jointspace::DistanceOptions {
            in_collision: InCollision::Zero,
            cap: None
        }))
    );
}

#[test]
fn random_samples_are_uniform_in_the_ranges_and_seeded() {
    let sampler = arm_sampler();
    let a = sampler.random(2000, 11, &SampleOptions::binary()).unwrap();
    let b = sampler.random(2000, 11, &SampleOptions::binary()).unwrap();
    let c = sampler.random(2000, 12, &SampleOptions::binary()).unwrap();
    assert_eq!(bits(a.rows().iter()), bits(b.rows().iter()));
    assert_ne!(bits(a.rows().iter()), bits(c.rows().iter()));
    for axis in 0..2 {
        let column = a.configurations().column(axis).to_vec();
        assert!(column.iter().all(|v| (-PI..=PI).contains(v)));
        // Mean of a uniform variable on [−π, π]: 0, standard error π/√(3n) ≈ 0.04.
        let mean = column.iter().sum::<f64>() / column.len() as f64;
        assert!(mean.abs() < 0.2, "mean {mean}");
    }
}

#[test]
fn boundary_points_are_free_and_within_precision_of_collision() {
    let sampler = arm_sampler();
    let precision = 1e-7;
    let boundary = sampler
        .boundary(&BoundaryOptions::new(64, precision, 3).without_progress())
        .unwrap();
    assert_eq!(boundary.len(), 64);
    for p in boundary.points().rows() {
        let d = arm_signed_distance(&[p[0], p[1]]);
        // Free side, and the colliding end lies within `precision` in joint space: the ball
        // centre moves at most (UPPER + FORE) per radian of the shoulder and FORE per radian
        // of the elbow, so the distance is at most 2·precision.
        assert!(d > 0.0, "boundary point {p:?} is in collision ({d})");
        assert!(
            d < 2.0 * precision,
            "boundary point {p:?} is {d} from contact"
        );
    }
}

#[test]
fn thread_count_does_not_change_any_byte() {
    let sampler = arm_sampler();
    let run = || {
        let grid = sampler.grid(&[37, 29], &SampleOptions::distance()).unwrap();
        let random = sampler.random(3000, 5, &SampleOptions::binary()).unwrap();
        let boundary = sampler
            .boundary(&BoundaryOptions::new(40, 1e-9, 9).with_periodic(true))
            .unwrap();
        let field = jointspace_field(&grid, &boundary).unwrap();
        (
            bits(grid.rows().iter()),
            bits(random.rows().iter()),
            bits(boundary.points().iter()),
            bits(field.jacobian.iter()),
        )
    };
    let one = with_threads(1, run);
    let two = with_threads(2, run);
    let three = with_threads(3, run);
    assert!(one == two && two == three);
}

#[test]
fn merged_shards_equal_a_single_run() {
    let sampler = arm_sampler();
    let options = SampleOptions::distance();
    let full = sampler.grid(&[61, 40], &options).unwrap();
    let shards: Vec<SampleShard> = (0..3)
        .map(|i| {
            let shard = sampler
                .grid_shard(&[61, 40], &options, Shard::new(i, 3).unwrap())
                .unwrap();
            // Through JSON, as a batch job would save it.
            SampleShard::from_json(&shard.to_json().unwrap()).unwrap()
        })
        .collect();
    let merged = merge_shards(&[shards[2].clone(), shards[0].clone(), shards[1].clone()]).unwrap();
    assert_eq!(bits(merged.rows().iter()), bits(full.rows().iter()));
    assert_eq!(merged.steps(), full.steps());
    assert!(
        merge_shards(&shards[..2]).is_err(),
        "a missing shard must be reported"
    );
    assert!(merge_shards(&[shards[0].clone(), shards[0].clone(), shards[1].clone()]).is_err());
    let other = sampler
        .grid_shard(&[61, 41], &options, Shard::new(1, 3).unwrap())
        .unwrap();
    assert!(merge_shards(&[shards[0].clone(), other, shards[2].clone()]).is_err());

    let random = sampler.random(2500, 4, &options).unwrap();
    let parts: Vec<SampleShard> = (0..2)
        .map(|i| {
            sampler
                .random_shard(2500, 4, &options, Shard::new(i, 2).unwrap())
                .unwrap()
        })
        .collect();
    assert_eq!(
        bits(merge_shards(&parts).unwrap().rows().iter()),
        bits(random.rows().iter())
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shard.json");
    parts[0].write_json(&path).unwrap();
    assert_eq!(SampleShard::read_json(&path).unwrap(), parts[0]);
}

#[test]
fn jointspace_distance_of_the_arm_is_signed_and_its_jacobian_unit() {
    let sampler = arm_sampler();
    let map = sampler.grid(&[40, 40], &SampleOptions::distance()).unwrap();
    let boundary = sampler
        .boundary(&BoundaryOptions::new(400, 1e-9, 2).with_periodic(true))
        .unwrap();
    let field = jointspace_field(&map, &boundary).unwrap();
    assert_eq!(field.jacobian.shape(), &[1600, 4]);
    for i in 0..map.len() {
        let d = field.distance.values()[i];
        assert_eq!(
            d < 0.0,
            map.values()[i] <= 0.0 && d != 0.0,
            "sign of sample {i}"
        );
        let j = field.jacobian.row(i);
        let norm = (j[2] * j[2] + j[3] * j[3]).sqrt();
        assert!(
            (norm - 1.0).abs() < 1e-12,
            "Jacobian of sample {i} has norm {norm}"
        );
    }
}
