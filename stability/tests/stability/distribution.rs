//! Wrench distribution.

use super::*;

/// Checks a solved distribution: every wrench in its contact's cone, and the sum equals the
/// target at the point (1e-6 N, 1e-6 N·m).
pub(crate) fn check_distribution(
    set: &ContactSet,
    result: &WrenchDistribution,
    target: &Vector6<f64>,
    point: &Point3<f64>,
) {
    assert!(result.is_solved(), "{:?}", result.status);
    assert_eq!(result.wrenches.len(), set.len());
    let scale = target.amax().max(1.0);
    for (i, w) in result.wrenches.iter().enumerate() {
        assert_eq!(w.index, i);
        let contact = &set.contacts()[i];
        let (faces, bounds) = contact.wrench_hrep();
        let slack = &faces * nalgebra::DVector::from_column_slice(w.world.as_slice()) - bounds;
        assert!(
            slack.max() <= 1e-7 * scale,
            "contact {i} violates its cone by {:e}",
            slack.max()
        );
        assert!(w.normal_force >= -1e-9 * scale);
        // Local and world descriptions agree.
        let r = contact.rotation();
        let f = r * w.local.fixed_rows::<3>(0);
        assert!((f - w.world.fixed_rows::<3>(0)).norm() < 1e-9 * scale);
        if let Some(cop) = w.cop {
            // The centre of pressure lies in the contact rectangle, and the wrench moved there
            // has no tilting moment about it.
            let local = contact.pose().inverse() * cop;
            let [x, y] = contact.shape();
            // Within the cone's slack, amplified by the lever of a small normal force.
            let tolerance = 1e-9 + 1e-7 * scale / w.normal_force;
            assert!(
                local.x.abs() <= x + tolerance
                    && local.y.abs() <= y + tolerance
                    && local.z.abs() < 1e-12,
                "CoP {local} of contact {i} outside its {x} × {y} rectangle"
            );
            let at_cop = transport_wrench(&w.world, &contact.position(), &cop);
            let tilt = (r.transpose() * at_cop.fixed_rows::<3>(3)).xy();
            assert!(tilt.norm() < 1e-9 * scale);
        } else {
            let largest = result
                .wrenches
                .iter()
                .map(|v| v.world.fixed_rows::<3>(0).norm())
                .fold(0.0, f64::max);
            assert!(
                w.normal_force <= 1e-6 * largest,
                "no CoP for a normal force of {}",
                w.normal_force
            );
        }
    }
    let net = result.net_wrench_at(set.contacts(), point);
    assert!(
        (net - target).amax() <= 1e-6,
        "net {net} vs target {target}"
    );
}

pub(crate) fn cost(result: &WrenchDistribution, weights: &DistributionWeights) -> f64 {
    let eps = weights.normal_force_weight();
    result
        .wrenches
        .iter()
        .map(|w| {
            let u = &w.local;
            0.5 * (weights.friction * (u[0] * u[0] + u[1] * u[1])
                + eps * u[2] * u[2]
                + weights.cop * (u[3] * u[3] + u[4] * u[4])
                + weights.yaw * u[5] * u[5])
        })
        .sum()
}

#[test]
fn distributions_satisfy_the_constraints_and_sum_to_the_target() {
    let cases = [
        (two_feet(), Point3::new(0.02, 0.03, 0.8), Vector3::zeros()),
        (
            two_feet(),
            Point3::new(0.1, 0.0, 0.8),
            Vector3::new(0.5, -0.3, 0.0),
        ),
        (
            feet_and_hands(),
            Point3::new(0.02, 0.0, 0.8),
            Vector3::zeros(),
        ),
        (
            feet_and_hands(),
            Point3::new(0.3, 0.1, 0.9),
            Vector3::new(-1.0, 0.0, 0.5),
        ),
        (tilted_feet(), Point3::new(0.0, 0.0, 0.85), Vector3::zeros()),
        (
            slab_feet(0.0534),
            Point3::new(0.0, 0.0, 0.8),
            Vector3::zeros(),
        ),
    ];
    for (set, com, acceleration) in cases {
        let mut stance = Stance::new(com, 38.0, set.clone()).unwrap();
        stance.set_com_acceleration(acceleration).unwrap();
        let result = stance.distribute().unwrap();
        check_distribution(&set, &result, &stance.gravity_wrench(), &com);
    }
}

#[test]
fn the_distribution_is_optimal_against_other_feasible_distributions() {
    // Any feasible distribution (here: optimal ones for other weights, and mixes with them) costs
    // at least as much as the optimum for the default weights.
    let weights = DistributionWeights::default();
    for (set, com) in [
        (feet_and_hands(), Point3::new(0.3, 0.1, 0.9)),
        (tilted_feet(), Point3::new(0.05, 0.0, 0.85)),
        (two_feet(), Point3::new(0.1, 0.1, 0.8)),
    ] {
        let stance = Stance::new(com, 38.0, set.clone()).unwrap();
        let target = stance.gravity_wrench();
        let best = set
            .find_supporting_wrenches(&target, &com, &weights)
            .unwrap();
        let best_cost = cost(&best, &weights);
        for other_weights in [
            DistributionWeights {
                friction: 1.0,
                cop: 1.0,
                yaw: 1.0,
            },
            DistributionWeights {
                friction: 1e-3,
                cop: 10.0,
                yaw: 1e-2,
            },
        ] {
            let other = set
                .find_supporting_wrenches(&target, &com, &other_weights)
                .unwrap();
            check_distribution(&set, &other, &target, &com);
            for t in [1.0, 0.5, 0.1] {
                let mut mix = other.clone();
                for (m, b) in mix.wrenches.iter_mut().zip(&best.wrenches) {
                    m.local = m.local * t + b.local * (1.0 - t);
                }
                assert!(cost(&mix, &weights) >= best_cost * (1.0 - 1e-6) - 1e-9);
            }
        }
    }
}

#[test]
fn infeasible_targets_report_infeasible() {
    // CoM far outside the support polygon.
    let stance = Stance::new(Point3::new(0.6, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let result = stance.distribute().unwrap();
    assert!(
        matches!(result.status, DistributionStatus::Infeasible { .. }),
        "{:?}",
        result.status
    );
    // Pulling on flat feet (a target with a downward force).
    let pull = Vector6::new(0.0, 0.0, -100.0, 0.0, 0.0, 0.0);
    let result = two_feet()
        .find_supporting_wrenches(&pull, &Point3::origin(), &DistributionWeights::default())
        .unwrap();
    assert!(matches!(
        result.status,
        DistributionStatus::Infeasible { .. }
    ));
    // A single contact asked for a sideways force beyond friction.
    let one = ContactSet::new(vec![foot(0.0)]).unwrap();
    let slide = Vector6::new(100.0, 0.0, 100.0, 0.0, 0.0, 0.0);
    let result = one
        .find_supporting_wrenches(&slide, &Point3::origin(), &DistributionWeights::default())
        .unwrap();
    assert!(matches!(
        result.status,
        DistributionStatus::Infeasible { .. }
    ));
}

#[test]
fn maximum_pressure_limits_the_normal_force() {
    // CoM 5 cm towards the left foot: without a limit it carries 2/3 of 392.4 N = 261.6 N; with
    // a 250 N limit the feet shift their centres of pressure to move load to the right foot.
    let com = Point3::new(0.0, 0.05, 0.8);
    let free = Stance::new(com, 40.0, two_feet())
        .unwrap()
        .distribute()
        .unwrap();
    assert!(
        free.wrenches[0].normal_force > 255.0,
        "{}",
        free.wrenches[0].normal_force
    );
    let limited = ContactSet::new(vec![
        foot(0.15).with_max_pressure(250.0).unwrap(),
        foot(-0.15),
    ])
    .unwrap();
    let result = Stance::new(com, 40.0, limited.clone())
        .unwrap()
        .distribute()
        .unwrap();
    check_distribution(
        &limited,
        &result,
        &Vector6::new(0.0, 0.0, 40.0 * 9.81, 0.0, 0.0, 0.0),
        &com,
    );
    assert!(result.wrenches[0].normal_force <= 250.0 + 1e-6);
}
