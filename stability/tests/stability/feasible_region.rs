//! The torque-limited feasible region against an independent method: one LP feasibility test
//! per CoM position of a grid, solved by HiGHS (reference data made by
//! `stability/tests/peers/highs_feasible_region.py`).

use super::*;
use morsel_stability::TorqueMap;

fn numbers(value: &serde_json::Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| match v.as_str() {
            Some("inf") => f64::INFINITY,
            _ => v.as_f64().unwrap(),
        })
        .collect()
}

fn cases() -> Vec<serde_json::Value> {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/highs_feasible_region.json")).unwrap();
    data["cases"].as_array().unwrap().clone()
}

fn case_named(name: &str) -> serde_json::Value {
    cases().into_iter().find(|c| c["name"] == name).unwrap()
}

fn stance_and_map(problem: &serde_json::Value) -> (Stance, TorqueMap) {
    let contacts = problem["contacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let shape = numbers(&c["shape"]);
            let pos = numbers(&c["pos"]);
            Contact::from_pos_rpy(
                [shape[0], shape[1]],
                [pos[0], pos[1], pos[2]],
                [0.0, 0.0, c["yaw"].as_f64().unwrap()],
                c["friction"].as_f64().unwrap(),
            )
            .unwrap()
        })
        .collect();
    let stance = Stance::new(
        Point3::new(0.0, 0.0, 0.5),
        problem["mass"].as_f64().unwrap(),
        ContactSet::new(contacts).unwrap(),
    )
    .unwrap()
    .with_gravity(problem["gravity"].as_f64().unwrap())
    .unwrap();
    let jacobians = problem["jacobians"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| {
            let rows: Vec<Vec<f64>> = j.as_array().unwrap().iter().map(numbers).collect();
            DMatrix::from_fn(rows.len(), rows[0].len(), |r, c| rows[r][c])
        })
        .collect();
    let map = TorqueMap::new(
        jacobians,
        numbers(&problem["gravity_torques"]),
        numbers(&problem["limits"]),
    )
    .unwrap();
    (stance, map)
}

/// Grid points deeper than `MARGIN` inside the region are feasible per HiGHS, points farther
/// than `MARGIN` outside are not; and both kinds occur.
#[test]
fn feasible_region_agrees_with_highs_on_a_grid() {
    const MARGIN: f64 = 1e-4;
    for case in cases() {
        let name = case["name"].as_str().unwrap();
        let (stance, map) = stance_and_map(&case["problem"]);
        let region = stance.feasible_region(&map).unwrap();
        let grid: Vec<(f64, f64, bool)> = case["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let g = g.as_array().unwrap();
                (
                    g[0].as_f64().unwrap(),
                    g[1].as_f64().unwrap(),
                    g[2].as_bool().unwrap(),
                )
            })
            .collect();
        if name == "infeasible" {
            assert_eq!(region.status(), "empty", "{region:?}");
            assert!(region.reason().unwrap().contains("limit"), "{region:?}");
            assert!(grid.iter().all(|g| !g.2));
            continue;
        }
        let polygon = bounded(&region);
        let (mut inside, mut outside) = (0, 0);
        for &(x, y, feasible) in &grid {
            let d = polygon.signed_distance([x, y]);
            if d > MARGIN {
                assert!(
                    feasible,
                    "{name}: ({x}, {y}) is {d} m inside but HiGHS says infeasible"
                );
                inside += 1;
            } else if d < -MARGIN {
                assert!(
                    !feasible,
                    "{name}: ({x}, {y}) is {} m outside but HiGHS says feasible",
                    -d
                );
                outside += 1;
            }
        }
        assert!(
            inside > 50 && outside > 300,
            "{name}: {inside} inside, {outside} outside"
        );
    }
}

/// With every limit infinite the region is the static-equilibrium polygon; with the binding
/// limits it is a strict subset of it, much smaller.
#[test]
fn infinite_limits_give_the_static_polygon_and_finite_ones_shrink_it() {
    let (stance, map) = stance_and_map(&case_named("binding")["problem"]);
    let unlimited = stance.feasible_region(&map.unlimited()).unwrap();
    let static_polygon = stance
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .unwrap();
    let hull = stance
        .static_equilibrium_polygon(PolygonMethod::Hull)
        .unwrap();
    let distance = bounded(&unlimited).hausdorff_distance(bounded(&static_polygon));
    assert!(
        distance < 1e-12,
        "Hausdorff distance to Bretl's polygon {distance}"
    );
    let distance = bounded(&unlimited).hausdorff_distance(bounded(&hull));
    assert!(
        distance < 1e-9,
        "Hausdorff distance to the hull polygon {distance}"
    );
    let limited = stance.feasible_region(&map).unwrap();
    let (a, b) = (bounded(&limited).area(), bounded(&static_polygon).area());
    assert!(a < 0.5 * b, "limited area {a}, static {b}");
    for v in bounded(&limited).vertices() {
        assert!(bounded(&static_polygon).signed_distance(*v) > -1e-9);
    }
}

/// Bad torque maps are typed errors; a joint that gravity alone overloads, out of every contact
/// force's reach, empties the region with a reason naming it.
#[test]
fn bad_torque_maps() {
    let problem = case_named("binding")["problem"].clone();
    let (stance, map) = stance_and_map(&problem);
    let g = map.gravity_torques().to_vec();
    let limits = map.limits().to_vec();
    let jacobians = || -> Vec<DMatrix<f64>> { (0..4).map(|_| DMatrix::zeros(6, 12)).collect() };
    let mut negative = limits.clone();
    negative[2] = -1.0;
    assert!(matches!(
        TorqueMap::new(jacobians(), g.clone(), negative),
        Err(StabilityError::InvalidTorqueLimit { index: 2, .. })
    ));
    let mut nan = limits.clone();
    nan[0] = f64::NAN;
    assert!(TorqueMap::new(jacobians(), g.clone(), nan).is_err());
    assert!(TorqueMap::new(jacobians(), g.clone(), limits[..5].to_vec()).is_err());
    assert!(TorqueMap::new(vec![DMatrix::zeros(3, 12)], g.clone(), limits.clone()).is_err());
    assert!(TorqueMap::new(vec![DMatrix::zeros(6, 11)], g.clone(), limits.clone()).is_err());
    let mut bad_g = g.clone();
    bad_g[1] = f64::INFINITY;
    assert!(TorqueMap::new(jacobians(), bad_g, limits.clone()).is_err());
    // Wrong number of Jacobians for the stance.
    let two = TorqueMap::new(jacobians()[..2].to_vec(), g.clone(), limits.clone()).unwrap();
    assert!(matches!(
        stance.feasible_region(&two),
        Err(StabilityError::LengthMismatch { .. })
    ));
    // Zero Jacobians: no contact force loads a joint; g alone decides.
    let mut g_over = vec![0.0; 12];
    g_over[4] = 2.0;
    let mut tight = vec![1.0; 12];
    tight[4] = 1.5;
    let names: Vec<String> = (0..12).map(|i| format!("joint{i}")).collect();
    let map = TorqueMap::new(jacobians(), g_over, tight)
        .unwrap()
        .with_names(names)
        .unwrap();
    let region = stance.feasible_region(&map).unwrap();
    assert_eq!(region.status(), "empty");
    assert!(region.reason().unwrap().contains("joint4"), "{region:?}");
    // Zero limits everywhere with loaded joints: empty, no panic.
    let (_, map) = stance_and_map(&problem);
    let zero = TorqueMap::new(
        (0..4).map(|_| DMatrix::from_element(6, 12, 0.1)).collect(),
        map.gravity_torques().to_vec(),
        vec![0.0; 12],
    )
    .unwrap();
    assert_eq!(stance.feasible_region(&zero).unwrap().status(), "empty");
}
