//! Stance and distributor.

use super::*;
use crate::distribution::{check_distribution, cost};

#[test]
fn gravity_wrench_follows_newton() {
    let mut stance = Stance::new(Point3::new(0.1, 0.2, 0.8), 10.0, two_feet()).unwrap();
    assert!((stance.gravity_wrench() - Vector6::new(0.0, 0.0, 98.1, 0.0, 0.0, 0.0)).amax() < 1e-12);
    stance
        .set_com_acceleration(Vector3::new(1.0, 0.0, -9.81))
        .unwrap();
    // Free fall along z: only the horizontal acceleration needs a force.
    assert!((stance.gravity_wrench() - Vector6::new(10.0, 0.0, 0.0, 0.0, 0.0, 0.0)).amax() < 1e-12);
    // At the origin: τ = c × f.
    let at_origin = stance.gravity_wrench_at(&Point3::origin()).unwrap();
    let expected = Vector3::new(0.1, 0.2, 0.8).cross(&Vector3::new(10.0, 0.0, 0.0));
    assert!((at_origin.fixed_rows::<3>(3) - expected).norm() < 1e-12);
}

#[test]
fn the_distributor_tracks_the_com_and_stores_the_wrenches() {
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let mut distributor = WrenchDistributor::new(stance);
    for tick in 0..20 {
        let t = tick as f64 * 0.05;
        let com = Point3::new(0.05 * t.sin(), 0.1 * t.cos(), 0.8);
        let acceleration = Vector3::new(-0.05 * t.sin(), -0.1 * t.cos(), 0.0);
        let result = distributor.step(&com, &acceleration).unwrap().clone();
        let target = Vector6::new(
            38.0 * acceleration.x,
            38.0 * acceleration.y,
            38.0 * 9.81,
            0.0,
            0.0,
            0.0,
        );
        check_distribution(distributor.stance().contacts(), &result, &target, &com);
        for (contact, w) in distributor
            .stance()
            .contacts()
            .contacts()
            .iter()
            .zip(&result.wrenches)
        {
            assert_eq!(contact.wrench(), Some(w.world));
        }
    }
    // An infeasible tick clears the stored wrenches.
    let result = distributor
        .step(&Point3::new(1.0, 0.0, 0.8), &Vector3::zeros())
        .unwrap();
    assert!(!result.is_solved());
    assert!(
        distributor
            .stance()
            .contacts()
            .contacts()
            .iter()
            .all(|c| c.wrench().is_none())
    );
    assert!(distributor.last().is_some());
}

#[test]
fn warm_started_ticks_match_clarabel_along_a_trajectory() {
    // Feet and hands, the CoM swaying towards the wall and back: the active set changes from
    // tick to tick (hands loaded or not, CoP constraints binding or not). Every warm-started
    // active-set tick must satisfy the constraints, sum to the target and reach clarabel's
    // optimal cost; where clarabel finds no solution, neither may the distributor.
    let weights = DistributionWeights::default();
    let stance = Stance::new(Point3::new(0.0, 0.0, 0.9), 38.0, feet_and_hands()).unwrap();
    let mut distributor = WrenchDistributor::new(stance.clone());
    let mut reference = DistributionWorkspace::with_solver(QpSolver::InteriorPoint);
    let (mut solved, mut active) = (0, 0);
    for tick in 0..80 {
        let t = tick as f64 * 0.08;
        let com = Point3::new(0.05 + 0.3 * t.sin(), 0.12 * (1.3 * t).cos(), 0.9);
        let acceleration = Vector3::new(-1.5 * t.sin(), 0.4 * (0.7 * t).sin(), 0.3 * t.cos());
        let result = distributor.step(&com, &acceleration).unwrap().clone();
        let mut check = stance.clone();
        check.set_com(com).unwrap();
        check.set_com_acceleration(acceleration).unwrap();
        let target = check.gravity_wrench();
        let clarabel = check
            .contacts()
            .find_supporting_wrenches_with(&target, &com, &weights, &mut reference)
            .unwrap();
        assert_eq!(result.is_solved(), clarabel.is_solved(), "tick {tick}");
        if result.is_solved() {
            solved += 1;
            active += usize::from(result.iterations > 0);
            check_distribution(check.contacts(), &result, &target, &com);
            let (a, b) = (cost(&result, &weights), cost(&clarabel, &weights));
            assert!((a - b).abs() <= 1e-6 * b, "tick {tick}: cost {a} vs {b}");
        }
    }
    assert!(
        solved > 40 && active > 20,
        "{solved} solved, {active} with active constraints"
    );
}

#[test]
fn the_active_set_solver_certifies_infeasible_targets() {
    // A pull upwards (negative weight) cannot be exerted by unilateral contacts; neither can a
    // CoM far outside the feet. Both solvers must agree, without a failure status.
    let set = feet_and_hands();
    let point = Point3::new(0.0, 0.0, 0.9);
    for target in [
        Vector6::new(0.0, 0.0, -372.8, 0.0, 0.0, 0.0),
        Vector6::new(0.0, 0.0, 372.8, 0.0, -372.8 * 2.0, 0.0),
        Vector6::new(0.0, 0.0, 372.8, 0.0, 0.0, 300.0),
    ] {
        for solver in [QpSolver::ActiveSet, QpSolver::InteriorPoint] {
            let result = set
                .find_supporting_wrenches_with(
                    &target,
                    &point,
                    &DistributionWeights::default(),
                    &mut DistributionWorkspace::with_solver(solver),
                )
                .unwrap();
            assert!(
                matches!(result.status, DistributionStatus::Infeasible { .. }),
                "{solver:?}: {:?}",
                result.status
            );
            assert!(result.wrenches.is_empty());
        }
    }
}

#[test]
fn moving_a_contact_moves_its_cone() {
    let mut stance = Stance::new(Point3::new(0.0, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let before = stance
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    let pose = Isometry3::translation(0.2, 0.15, 0.0);
    stance
        .contacts_mut()
        .contact_mut(0)
        .unwrap()
        .set_pose(pose)
        .unwrap();
    let after = stance
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    assert!((bounded(&after).area() - bounded(&before).area()).abs() > 1e-3);
    let max_x = bounded(&after)
        .vertices()
        .iter()
        .map(|v| v[0])
        .fold(f64::MIN, f64::max);
    assert!((max_x - 0.31).abs() < 1e-9);
}
