//! The fitted model in a controller: the Solo-12 front-left leg (FL_HAA, FL_HFE; the body
//! against the upper and the lower leg) driven straight at a deeply colliding configuration.
//! Morsel's exact mesh distance along the motion shows that the leg collides without the
//! model's repulsion and never collides with it.

use std::f64::consts::PI;

use morsel_jointspace::model::{Repulsion, repulsive_velocity};
use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, DistanceOptions, FitOptions, JointspaceModel, Measure,
    SampleOptions, SamplerSpec, certify_empirical, fit,
};

use crate::common::solo;

const DT: f64 = 0.01;
const STEPS: usize = 600;
const MAX_SPEED: f64 = 1.0;

fn shoulder_sampler() -> CollisionSampler {
    let spec = SamplerSpec::new(
        ["FL_HAA", "FL_HFE"],
        [[-PI, PI]; 2],
        [("base_link", "FL_UPPER_LEG"), ("base_link", "FL_LOWER_LEG")],
    );
    CollisionSampler::new(solo(), &spec).unwrap()
}

/// A certified model of the shoulder's joint-space distance, with the configurations the
/// motion starts from (the freest training sample) and aims at (the deepest colliding one).
fn model_and_task(sampler: &CollisionSampler) -> (JointspaceModel, Vec<f64>, Vec<f64>) {
    let binary = SampleOptions {
        measure: Measure::Binary,
        ..SampleOptions::default()
    };
    let boundary = sampler
        .boundary(&BoundaryOptions::new(400, 1e-9, 1).with_periodic(true))
        .unwrap();
    let train = sampler
        .grid(&[48, 48], &binary)
        .unwrap()
        .to_jointspace(&boundary)
        .unwrap();
    let options = FitOptions {
        hidden: vec![12],
        epochs: 300,
        ..FitOptions::default()
    };
    let (mut model, _) = fit(&train, &options).unwrap();
    let check = sampler
        .random(3000, 12345, &binary)
        .unwrap()
        .to_jointspace(&boundary)
        .unwrap();
    let c = certify_empirical(&mut model, &check).unwrap();
    assert_eq!(c.false_free, 0);
    let values = train.values();
    let qs = train.configurations();
    let pick = |better: &dyn Fn(f64, f64) -> bool| {
        let mut best = 0;
        for (i, &v) in values.iter().enumerate() {
            if better(v, values[best]) {
                best = i;
            }
        }
        qs.row(best).to_vec()
    };
    let start = pick(&|a, b| a > b);
    let target = pick(&|a, b| a < b);
    (model, start, target)
}

/// Runs the motion from `start` towards `target` (proportional tracking, at most MAX_SPEED
/// rad/s), with or without the repulsion; returns the smallest exact distance (m) over the
/// steps, the number of steps in collision and the number where the repulsion acted.
fn run(
    sampler: &CollisionSampler,
    model: &JointspaceModel,
    start: &[f64],
    target: &[f64],
    repulsion: Option<&Repulsion>,
) -> (f64, usize, usize) {
    let exact = Measure::Distance(DistanceOptions::default());
    let mut q = start.to_vec();
    let (mut closest, mut colliding, mut active) = (f64::INFINITY, 0, 0);
    for _ in 0..STEPS {
        let mut v: Vec<f64> = q.iter().zip(target).map(|(a, b)| 2.0 * (b - a)).collect();
        let speed = v.iter().map(|x| x * x).sum::<f64>().sqrt();
        if speed > MAX_SPEED {
            v.iter_mut().for_each(|x| *x *= MAX_SPEED / speed);
        }
        if let Some(r) = repulsion {
            let push = repulsive_velocity(model, &q, r).unwrap();
            active += usize::from(push.iter().any(|p| *p != 0.0));
            v.iter_mut().zip(&push).for_each(|(a, b)| *a += b);
        }
        q.iter_mut().zip(&v).for_each(|(a, b)| *a += DT * b);
        let d = sampler.evaluate(&q, &exact).unwrap();
        closest = closest.min(d);
        colliding += usize::from(d <= 0.0);
    }
    (closest, colliding, active)
}

#[test]
fn the_models_repulsion_keeps_the_leg_out_of_self_collision() {
    let sampler = shoulder_sampler();
    let (model, start, target) = model_and_task(&sampler);
    let exact = Measure::Distance(DistanceOptions::default());
    assert!(sampler.evaluate(&start, &exact).unwrap() > 0.0);
    assert!(sampler.evaluate(&target, &exact).unwrap() < 0.0);

    let (_, colliding, _) = run(&sampler, &model, &start, &target, None);
    assert!(
        colliding > 50,
        "without repulsion {colliding} steps collide"
    );

    let repulsion = Repulsion {
        threshold: 0.3,
        gain: 10.0,
    };
    let (closest, colliding, active) = run(&sampler, &model, &start, &target, Some(&repulsion));
    assert_eq!(colliding, 0, "with repulsion, closest {closest} m");
    assert!(closest > 0.0);
    // The leg was pushed back: it came close to the body, the repulsion acting for a while.
    assert!(active > 100, "repulsion active in {active} steps");
    assert!(closest < 0.05, "closest approach {closest} m");
}

#[test]
fn repulsion_follows_its_formula_and_rejects_bad_input() {
    use morsel_jointspace::model::{JointEncoding, Mlp};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let model = JointspaceModel::new(
        vec!["FL_HAA".into(), "FL_HFE".into()],
        vec![[-PI, PI]; 2],
        vec![JointEncoding::Periodic; 2],
        Mlp::random(4, &[4], &mut rng),
        morsel_jointspace::Quantity::JointSpaceDistance,
    )
    .unwrap();
    let q = [0.4, -1.1];
    let (d, g) = (model.distance(&q).unwrap(), model.gradient(&q).unwrap());
    let norm = g[0].hypot(g[1]);
    // Below the threshold: gain · (threshold − d) along the unit gradient.
    let below = Repulsion {
        threshold: d.abs() + 0.5,
        gain: 3.0,
    };
    let push = repulsive_velocity(&model, &q, &below).unwrap();
    for a in 0..2 {
        let expected = 3.0 * (below.threshold - d) * g[a] / norm;
        assert!((push[a] - expected).abs() <= 1e-12 * expected.abs().max(1.0));
    }
    // At or above the threshold: none.
    let above = Repulsion {
        threshold: d - 0.1,
        ..below
    };
    if above.threshold > 0.0 {
        assert_eq!(
            repulsive_velocity(&model, &q, &above).unwrap(),
            vec![0.0, 0.0]
        );
    }
    for bad in [
        Repulsion {
            threshold: 0.0,
            ..below
        },
        Repulsion {
            gain: f64::NAN,
            ..below
        },
        Repulsion {
            gain: -1.0,
            ..below
        },
    ] {
        assert!(repulsive_velocity(&model, &q, &bad).is_err());
    }
    assert!(repulsive_velocity(&model, &[0.0], &below).is_err());
    assert!(repulsive_velocity(&model, &[0.0, f64::NAN], &below).is_err());
}
