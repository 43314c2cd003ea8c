//! Boundary shards and shard placeholders: any shard count merges to a single run's bytes.

use morsel_jointspace::{BoundaryOptions, BoundaryShard, CollisionSampler, SampleOptions, Shard};

use crate::common::{arm_sampler, bits};

#[test]
fn boundary_shards_merge_to_a_single_run_for_any_shard_count() {
    let sampler = arm_sampler();
    // 45 points: 6 chunks of 8 (the last one short), so 7 shards leave one shard empty.
    let options = BoundaryOptions::new(45, 1e-9, 11)
        .with_periodic(true)
        .without_progress();
    let single = sampler.boundary(&options).unwrap();
    for count in [1, 2, 3, 7] {
        let shards: Vec<BoundaryShard> = (0..count)
            .rev()
            .map(|i| {
                let s = sampler
                    .boundary_shard(&options, Shard::new(i, count).unwrap())
                    .unwrap();
                // Through JSON, as a batch job saves it.
                serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap()
            })
            .collect();
        let merged = sampler.merge_boundary_shards(&options, &shards).unwrap();
        assert_eq!(
            bits(merged.points().iter()),
            bits(single.points().iter()),
            "{count} shards"
        );
        assert_eq!(merged.periods(), single.periods());
    }
}

#[test]
fn boundary_merge_reports_missing_repeated_and_foreign_shards() {
    let sampler = arm_sampler();
    let options = BoundaryOptions::new(20, 1e-9, 2).without_progress();
    let shards: Vec<BoundaryShard> = (0..2)
        .map(|i| {
            sampler
                .boundary_shard(&options, Shard::new(i, 2).unwrap())
                .unwrap()
        })
        .collect();
    let err = sampler
        .merge_boundary_shards(&options, &shards[..1])
        .unwrap_err()
        .to_string();
    assert!(err.contains("shard 1 of 2 is missing"), "{err}");
    let twice = [shards[0].clone(), shards[0].clone()];
    assert!(sampler.merge_boundary_shards(&options, &twice).is_err());
    // A shard of a run with another seed is not this run's.
    let other_seed = BoundaryOptions::new(20, 1e-9, 3).without_progress();
    let foreign = sampler
        .boundary_shard(&other_seed, Shard::new(1, 2).unwrap())
        .unwrap();
    let err = sampler
        .merge_boundary_shards(&options, &[shards[0].clone(), foreign])
        .unwrap_err()
        .to_string();
    assert!(err.contains("another run"), "{err}");
    assert!(sampler.merge_boundary_shards(&options, &[]).is_err());
}

#[test]
fn placeholders_hold_the_shard_in_place_and_have_the_full_shape() {
    let sampler = arm_sampler();
    let options = SampleOptions::distance();
    let full = sampler.grid(&[23, 17], &options).unwrap();
    let shard = sampler
        .grid_shard(&[23, 17], &options, Shard::new(1, 3).unwrap())
        .unwrap();
    let placeholder = shard.placeholder_map().unwrap();
    assert_eq!(placeholder.len(), full.len());
    assert_eq!(placeholder.configurations(), full.configurations());
    // Every value the shard computed is at its place; the others are 0.
    let full_values: Vec<f64> = full.values().to_vec();
    let mut found = 0;
    for (p, f) in placeholder.values().iter().zip(&full_values) {
        if *p != 0.0 {
            assert_eq!(p.to_bits(), f.to_bits());
            found += 1;
        }
    }
    assert_eq!(found, shard.values.iter().filter(|v| **v != 0.0).count());

    let b_options = BoundaryOptions::new(30, 1e-9, 5).without_progress();
    let single = sampler.boundary(&b_options).unwrap();
    let b_shard = sampler
        .boundary_shard(&b_options, Shard::new(1, 2).unwrap())
        .unwrap();
    let stand_in = sampler.boundary_placeholder(&b_options, &b_shard).unwrap();
    assert_eq!(stand_in.len(), single.len());
    let k = single.dim();
    let first = b_shard.manifest.chunks[0] * 8;
    let rows = b_shard.points.len() / k;
    for r in 0..rows {
        for a in 0..k {
            assert_eq!(
                stand_in.points()[[first + r, a]].to_bits(),
                single.points()[[first + r, a]].to_bits()
            );
        }
    }
}

#[test]
fn grid_and_random_merges_refuse_shards_of_another_request() {
    let sampler = arm_sampler();
    let options = SampleOptions::distance();
    let shards: Vec<_> = (0..2)
        .map(|i| {
            sampler
                .grid_shard(&[9, 7], &options, Shard::new(i, 2).unwrap())
                .unwrap()
        })
        .collect();
    let merged = sampler
        .merge_grid_shards(&[9, 7], &options, &shards)
        .unwrap();
    let single = sampler.grid(&[9, 7], &options).unwrap();
    assert_eq!(bits(merged.values().iter()), bits(single.values().iter()));
    // Both know what they were sampled from, and say the same.
    let label = sampler.source_label();
    assert!(
        label.starts_with("robot \"") && label.contains("(base_0, fore_0)"),
        "{label}"
    );
    assert_eq!(merged.source(), Some(label.as_str()));
    assert_eq!(single.source(), Some(label.as_str()));
    // Other steps, or another measure, than the shards were made with.
    let err = sampler
        .merge_grid_shards(&[9, 8], &options, &shards)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("another request") && err.contains("sampling"),
        "{err}"
    );
    let err = sampler
        .merge_grid_shards(&[9, 7], &SampleOptions::binary(), &shards)
        .unwrap_err()
        .to_string();
    assert!(err.contains("measure"), "{err}");
    // Random shards: another seed or count is another request.
    let random: Vec<_> = (0..2)
        .map(|i| {
            sampler
                .random_shard(40, 3, &options, Shard::new(i, 2).unwrap())
                .unwrap()
        })
        .collect();
    sampler
        .merge_random_shards(40, 3, &options, &random)
        .unwrap();
    for (n, seed) in [(40, 4), (41, 3)] {
        let err = sampler
            .merge_random_shards(n, seed, &options, &random)
            .unwrap_err()
            .to_string();
        assert!(err.contains("sampling"), "{n} {seed}: {err}");
    }
    // Grid shards are not random ones.
    assert!(
        sampler
            .merge_random_shards(40, 3, &options, &shards)
            .is_err()
    );
}

#[test]
fn a_huge_shard_count_is_refused_before_any_allocation() {
    let sampler = arm_sampler();
    let options = SampleOptions::distance();
    let mut shard = sampler
        .grid_shard(&[5, 5], &options, Shard::new(0, 1).unwrap())
        .unwrap();
    shard.manifest.shard.count = 1_000_000_000_000_000;
    let clock = std::time::Instant::now();
    let err = morsel_jointspace::merge_shards(&[shard.clone()])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("shard 1 of 1000000000000000 is missing"),
        "{err}"
    );
    let err = sampler
        .merge_grid_shards(&[5, 5], &options, &[shard])
        .unwrap_err()
        .to_string();
    assert!(err.contains("is missing"), "{err}");
    let b_options = BoundaryOptions::new(10, 1e-9, 1).without_progress();
    let mut b = sampler
        .boundary_shard(&b_options, Shard::new(0, 1).unwrap())
        .unwrap();
    b.manifest.shard.count = usize::MAX;
    let err = sampler
        .merge_boundary_shards(&b_options, &[b])
        .unwrap_err()
        .to_string();
    assert!(err.contains("is missing"), "{err}");
    assert!(clock.elapsed() < std::time::Duration::from_secs(5));
}

/// A map's source changes with the pairs and with the reference configuration, so that a model
/// refuses maps of another slice of the robot's joint space.
#[test]
fn the_source_names_the_pairs_and_the_reference_configuration() {
    use morsel_jointspace::SamplerSpec;
    use std::f64::consts::PI;
    let base = arm_sampler().source_label();
    let spec = SamplerSpec::new(["shoulder"], [[-PI, PI]], [("base", "fore")]);
    let one = CollisionSampler::new(crate::common::planar_arm(), &spec).unwrap();
    let turned = CollisionSampler::new(
        crate::common::planar_arm(),
        &spec.clone().with_reference(vec![0.0, 1.0]),
    )
    .unwrap();
    assert_ne!(one.source_label(), turned.source_label());
    assert!(base.contains("[(base_0, fore_0)]"), "{base}");
}
