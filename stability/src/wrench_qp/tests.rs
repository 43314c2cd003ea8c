//! Unit tests of the wrench-distribution QP paths.
use super::local_frame::local_cost;
use super::*;

fn cost(result: &WrenchDistribution, weights: &DistributionWeights) -> f64 {
    let local: Vec<Vector6<f64>> = result.wrenches.iter().map(|w| w.local).collect();
    local_cost(&local, weights)
}

fn two_feet(com_x: f64) -> (ContactSet, Vector6<f64>, Point3<f64>) {
    let left = Contact::from_pos_rpy([0.11, 0.05], [0.0, 0.15, 0.0], [0.0; 3], 0.7).unwrap();
    let right = Contact::from_pos_rpy([0.11, 0.05], [0.0, -0.15, 0.0], [0.0; 3], 0.7).unwrap();
    let set = ContactSet::new(vec![left, right]).unwrap();
    (
        set,
        Vector6::new(0.0, 0.0, 380.0, 0.0, 0.0, 0.0),
        Point3::new(com_x, 0.02, 0.8),
    )
}

#[test]
fn closed_form_and_interior_point_agree_when_no_inequality_is_active() {
    let (set, target, com) = two_feet(0.03);
    let weights = DistributionWeights::default();
    let mut workspace = DistributionWorkspace::new();
    let fast = distribute(&set, &target, &com, &weights, &mut workspace, true).unwrap();
    let slow = distribute(&set, &target, &com, &weights, &mut workspace, false).unwrap();
    assert_eq!(fast.iterations, 0, "the closed form should apply here");
    assert!(slow.iterations > 0);
    for (a, b) in fast.wrenches.iter().zip(&slow.wrenches) {
        assert!(
            (a.world - b.world).amax() < 1e-5 * 380.0,
            "{} vs {}",
            a.world,
            b.world
        );
    }
}

#[test]
fn screened_and_full_solves_agree_when_inequalities_bind() {
    let wall = [0.0, -std::f64::consts::FRAC_PI_2, 0.0];
    let hands = [
        Contact::from_pos_rpy([0.04, 0.04], [0.45, 0.3, 1.1], wall, 0.7).unwrap(),
        Contact::from_pos_rpy([0.04, 0.04], [0.45, -0.3, 1.1], wall, 0.7).unwrap(),
    ];
    let (feet, _, _) = two_feet(0.0);
    let mut all = feet.contacts().to_vec();
    all.extend(hands);
    let four = ContactSet::new(all).unwrap();
    let cases = [
        (
            feet,
            Vector6::new(19.0, -11.4, 372.8, 0.0, 0.0, 0.0),
            Point3::new(0.1, 0.05, 0.8),
        ),
        (
            four.clone(),
            Vector6::new(-38.0, 0.0, 391.8, 0.0, 0.0, 0.0),
            Point3::new(0.3, 0.1, 0.9),
        ),
        (
            four,
            Vector6::new(0.0, 0.0, 372.8, 0.0, 0.0, 0.0),
            Point3::new(0.0, 0.0, 0.8),
        ),
    ];
    for (set, target, point) in cases {
        let weights = DistributionWeights::default();
        let mut workspace = DistributionWorkspace::new();
        let screened = distribute(&set, &target, &point, &weights, &mut workspace, true).unwrap();
        let full = distribute(&set, &target, &point, &weights, &mut workspace, false).unwrap();
        assert!(screened.is_solved() && full.is_solved());
        // The cost is nearly flat along the yaw moment (weight 1e-4), so compare optimal
        // values rather than wrenches.
        let (a, b) = (cost(&screened, &weights), cost(&full, &weights));
        assert!((a - b).abs() <= 1e-8 * a.max(b), "{a} vs {b}");
    }
}

#[test]
fn the_closed_form_is_skipped_when_an_inequality_binds() {
    // CoM beyond the toes: the centre of pressure constraints bind (or it is infeasible).
    let (set, target, com) = two_feet(0.105);
    let result = distribute(
        &set,
        &target,
        &com,
        &DistributionWeights::default(),
        &mut DistributionWorkspace::new(),
        true,
    )
    .unwrap();
    assert!(result.iterations > 0);
    assert!(result.is_solved());
}

/// A small deterministic generator for random stances (xorshift64*).
struct Random(u64);

impl Random {
    fn uniform(&mut self, low: f64, high: f64) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let bits = self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11;
        low + (high - low) * (bits as f64 / (1u64 << 53) as f64)
    }
}

/// A random stance of two to four contacts (some tilted, some with a pressure limit) and a
/// random target: the weight of 40 kg at a random CoM with a random acceleration.
fn random_problem(random: &mut Random) -> (ContactSet, Vector6<f64>, Point3<f64>) {
    let count = 2 + (random.uniform(0.0, 3.0) as usize).min(2);
    let contacts = (0..count)
        .map(|_| {
            let shape = [random.uniform(0.03, 0.15), random.uniform(0.03, 0.1)];
            let pos = [
                random.uniform(-0.4, 0.4),
                random.uniform(-0.4, 0.4),
                random.uniform(-0.1, 0.3),
            ];
            let rpy = [
                random.uniform(-0.5, 0.5),
                random.uniform(-0.5, 0.5),
                random.uniform(-3.0, 3.0),
            ];
            let contact = Contact::from_pos_rpy(shape, pos, rpy, random.uniform(0.3, 1.0)).unwrap();
            if random.uniform(0.0, 1.0) < 0.25 {
                contact
                    .with_max_pressure(random.uniform(150.0, 400.0))
                    .unwrap()
            } else {
                contact
            }
        })
        .collect();
    let com = Point3::new(random.uniform(-0.3, 0.3), random.uniform(-0.3, 0.3), 0.9);
    let mass = 40.0;
    let acceleration = [
        random.uniform(-2.0, 2.0),
        random.uniform(-2.0, 2.0),
        random.uniform(-1.0, 1.0),
    ];
    let force = [
        mass * acceleration[0],
        mass * acceleration[1],
        mass * (acceleration[2] + 9.81),
    ];
    (
        ContactSet::new(contacts).unwrap(),
        Vector6::new(force[0], force[1], force[2], 0.0, 0.0, 0.0),
        com,
    )
}

/// Runs the active-set method alone on the problem `distribute` would build.
fn active_set_only(
    set: &ContactSet,
    target: &Vector6<f64>,
    point: &Point3<f64>,
    state: &mut ActiveSetState,
) -> (Option<Vec<Vector6<f64>>>, bool) {
    let contacts = set.contacts();
    let supporting = set.supporting_indices();
    let reference = Point3::from(
        supporting
            .iter()
            .map(|&i| contacts[i].position().coords)
            .sum::<nalgebra::Vector3<f64>>()
            / supporting.len() as f64,
    );
    let t = transport_wrench(target, point, &reference);
    let scale = t.amax();
    let maps: Vec<Matrix6<f64>> = supporting
        .iter()
        .map(|&i| local_to_reference(&contacts[i], &reference))
        .collect();
    let weights = DistributionWeights::default();
    match state.solve(contacts, &supporting, &maps, &(t / scale), scale, &weights) {
        ActiveSetResult::Optimal(local, _) => {
            let mut local = local.to_vec();
            correct_sum(&mut local, &maps, &(t / scale));
            let ok = supporting
                .iter()
                .zip(&local)
                .all(|(&i, u)| satisfies_local(&contacts[i], u, scale));
            assert!(ok, "the active-set optimum violates a constraint");
            (Some(local.iter().map(|u| u * scale).collect()), true)
        }
        ActiveSetResult::Infeasible(_) => (None, true),
        ActiveSetResult::Failed => (None, false),
    }
}

#[test]
fn active_set_agrees_with_clarabel_on_random_stances() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let weights = DistributionWeights::default();
    let (mut solved, mut infeasible) = (0, 0);
    let mut state = ActiveSetState::default();
    for case in 0..250 {
        let (set, target, point) = random_problem(&mut random);
        let (local, finished) = active_set_only(&set, &target, &point, &mut state);
        assert!(finished, "case {case}: the active-set method gave up");
        let mut reference = DistributionWorkspace::with_solver(QpSolver::InteriorPoint);
        let clarabel = distribute(&set, &target, &point, &weights, &mut reference, false).unwrap();
        match local {
            Some(local) => {
                assert!(
                    clarabel.is_solved(),
                    "case {case}: clarabel says {:?}",
                    clarabel.status
                );
                solved += 1;
                // Same optimal value, and the same wrenches to the interior-point method's
                // accuracy. The cost is nearly flat along the normal forces (weight ε = 1e-7)
                // and the yaw moments, where a cost within 1e-6 of the optimum still allows
                // differences of a few 1e-6 of the target: the exact optimum (active set) must
                // not cost more than clarabel's, and the forces agree to 1e-5 of the target.
                let a = local_cost(&local, &weights);
                let b = cost(&clarabel, &weights);
                assert!(a <= b * (1.0 + 1e-6) + 1e-9, "case {case}: {a} vs {b}");
                assert!(
                    (a - b).abs() <= 1e-6 * b.max(1e-9),
                    "case {case}: {a} vs {b}"
                );
                for (u, w) in local.iter().zip(&clarabel.wrenches) {
                    let force = (u.fixed_rows::<3>(0) - w.local.fixed_rows::<3>(0)).amax();
                    assert!(force <= 1e-5 * target.amax(), "case {case}: {force}");
                }
            }
            None => {
                assert!(
                    matches!(clarabel.status, DistributionStatus::Infeasible { .. }),
                    "case {case}: certified infeasible but clarabel says {:?}",
                    clarabel.status
                );
                infeasible += 1;
            }
        }
    }
    assert!(
        solved > 40 && infeasible > 40,
        "{solved} solved, {infeasible} infeasible"
    );
}

#[test]
fn warm_and_cold_starts_reach_the_same_optimum() {
    let mut random = Random(42);
    let mut warm = ActiveSetState::default();
    for _ in 0..200 {
        let (set, target, point) = random_problem(&mut random);
        // Warm: the previous problem (same structure) left its active set behind.
        let (a, finished_a) = active_set_only(&set, &target, &point, &mut warm);
        let (b, finished_b) =
            active_set_only(&set, &target, &point, &mut ActiveSetState::default());
        // Re-solve the same problem: the warm start holds the optimal active set.
        let (c, finished_c) = active_set_only(&set, &target, &point, &mut warm);
        assert!(finished_a && finished_b && finished_c);
        assert_eq!(a.is_some(), b.is_some());
        assert_eq!(a.is_some(), c.is_some());
        if let (Some(a), Some(b), Some(c)) = (a, b, c) {
            for ((u, v), w) in a.iter().zip(&b).zip(&c) {
                assert!((u - v).amax() <= 1e-7 * (1.0 + v.amax()), "{u} vs {v}");
                assert!((w - v).amax() <= 1e-7 * (1.0 + v.amax()), "{w} vs {v}");
            }
        }
    }
}
