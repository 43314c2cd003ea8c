//! Kinematic taxels: the notes' worked examples through whole scenes, frames, batches, history,
//! noise, the broad phase against brute force, and configuration errors.

use morsel_geometry::{Shape, query};
use morsel_sensing::{Body, Scene, TaxelConfig, TaxelSensor};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{random_rotation, random_unit};

/// A link at `world` and a block whose top face lies `gap` below the link origin, the block's
/// frame origin on the vertical through `origin_x`.
pub(crate) fn fingertip_scene(world: &Isometry3<f64>, gap: f64, origin_x: f64) -> Scene {
    let mut scene = Scene::new();
    scene
        .add_body(Body::new("fingertip").with_pose(*world))
        .unwrap();
    let block = Body::new("block")
        .with_collider(
            Shape::cuboid(Vector3::new(0.05, 0.05, 0.01)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_pose(world * Isometry3::translation(origin_x, 0.0, -gap - 0.01));
    scene.add_body(block).unwrap();
    scene
}

pub(crate) fn three_probes() -> TaxelConfig {
    TaxelConfig {
        probe_local_pos: vec![
            Point3::origin(),
            Point3::new(0.005, 0.0, 0.0),
            Point3::new(-0.005, 0.0, 0.0),
        ],
        normal_stiffness: 1000.0,
        ..TaxelConfig::new("fingertip")
    }
}

#[test]
fn static_press_gives_ten_newtons_per_probe() {
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    let mut taxels = TaxelSensor::new(three_probes(), &scene).unwrap();
    let r = taxels.read(&scene).unwrap();
    assert_eq!(r.force.shape(), &[1, 3, 3]);
    for p in 0..3 {
        let x = [-0.0, 0.005, -0.005][p];
        for k in 0..3 {
            let want_f = [0.0, 0.0, 10.0][k];
            // T = p × F = (x, 0, 0) × (0, 0, 10) = (0, −10x, 0).
            let want_t = [0.0, -10.0 * x, 0.0][k];
            assert!((r.force[[0, p, k]] - want_f).abs() < 1e-12);
            assert!((r.torque[[0, p, k]] - want_t).abs() < 1e-12);
        }
    }
    assert_eq!(r.raw(), &r.force);
}

/// α = 1.5, R = 0.005, sd = 0.002, v_rel = (0.1, 0, 0.05), ω_n = 2, p = (0.01, 0, 0),
/// twist 0.01: F = [−0.1, 0, 0.16432], T = [0, −0.00164, −0.02]; also with the whole scene
/// moved rigidly (the link frame output does not change).
#[test]
fn hertzian_sliding_spinning_case() {
    let moved = Isometry3::from_parts(
        Translation3::new(-0.4, 0.9, 0.2),
        UnitQuaternion::from_euler_angles(1.2, 0.3, -2.0),
    );
    for world in [Isometry3::identity(), moved] {
        let mut scene = fingertip_scene(&world, 0.002, 0.01);
        scene
            .set_velocity(
                "block",
                world.rotation * Vector3::new(0.1, 0.0, 0.05),
                world.rotation * Vector3::new(0.0, 0.0, 2.0),
            )
            .unwrap();
        let config = TaxelConfig {
            probe_local_pos: vec![Point3::new(0.01, 0.0, 0.0)],
            probe_radius: 0.005,
            normal_exponent: 1.5,
            twist_scalar: 0.01,
            ..TaxelConfig::new("fingertip")
        };
        let mut taxels = TaxelSensor::new(config, &scene).unwrap();
        let r = taxels.read(&scene).unwrap();
        let f = [r.force[[0, 0, 0]], r.force[[0, 0, 1]], r.force[[0, 0, 2]]];
        let t = [
            r.torque[[0, 0, 0]],
            r.torque[[0, 0, 1]],
            r.torque[[0, 0, 2]],
        ];
        for (got, want) in f.iter().zip([-0.1, 0.0, 0.16432]) {
            assert!((got - want).abs() < 1e-5, "force {f:?}");
        }
        for (got, want) in t.iter().zip([0.0, -0.00164, -0.02]) {
            assert!((got - want).abs() < 1e-5, "torque {t:?}");
        }
        // Exactly, by hand: s = 0.003^1.5, F_z = 1000 s + 0.05 s.
        let s = 0.003f64.powf(1.5);
        assert!((f[2] - 1000.05 * s).abs() < 1e-9);
    }
}

#[test]
fn batches_match_single_reads() {
    let gaps: Vec<f64> = (0..8).map(|i| -0.002 + 0.002 * i as f64).collect();
    let scenes: Vec<Scene> = gaps
        .iter()
        .map(|&g| fingertip_scene(&Isometry3::identity(), g, 0.0))
        .collect();
    let mut batch = TaxelSensor::new(three_probes(), &scenes[0]).unwrap();
    let r = batch.read_batch(&scenes).unwrap();
    assert_eq!(r.force.shape(), &[8, 3, 3]);
    for (e, gap) in gaps.iter().enumerate() {
        let pen = (0.01 - gap).max(0.0);
        assert!((r.force[[e, 1, 2]] - 1000.0 * pen).abs() < 1e-9, "env {e}");
        let single = TaxelSensor::new(three_probes(), &scenes[e])
            .unwrap()
            .read(&scenes[e])
            .unwrap();
        for p in 0..3 {
            for k in 0..3 {
                assert_eq!(single.force[[0, p, k]], r.force[[e, p, k]]);
                assert_eq!(single.torque[[0, p, k]], r.torque[[e, p, k]]);
            }
        }
    }
}

#[test]
fn history_is_newest_first() {
    let config = TaxelConfig {
        history_length: 3,
        ..three_probes()
    };
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    let mut taxels = TaxelSensor::new(config, &scene).unwrap();
    let mut last = None;
    for (step, gap) in [0.008, 0.006, 0.004, 0.002].iter().enumerate() {
        let scenes = vec![fingertip_scene(&Isometry3::identity(), *gap, 0.0); 2];
        let r = taxels.read_batch(&scenes).unwrap();
        assert_eq!(r.force.shape(), &[2, 3, 3, 3]);
        assert!((r.force[[1, 0, 0, 2]] - 1000.0 * (0.01 - gap)).abs() < 1e-9);
        if step == 0 {
            assert_eq!(r.force[[0, 1, 0, 2]], 0.0, "older steps start at zero");
        }
        last = Some(r);
    }
    let r = last.unwrap();
    for (h, gap) in [0.002, 0.004, 0.006].iter().enumerate() {
        assert!((r.force[[0, h, 2, 2]] - 1000.0 * (0.01 - gap)).abs() < 1e-9);
    }
    assert!(
        taxels.read(&scene).is_err(),
        "the history holds two environments"
    );
    taxels.reset();
    assert_eq!(taxels.read(&scene).unwrap().force.shape(), &[1, 3, 3, 3]);
}

#[test]
fn radius_noise_is_seeded_and_bounded() {
    let config = TaxelConfig {
        probe_radius_noise: 0.002,
        seed: 42,
        ..three_probes()
    };
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    let read = |cfg: &TaxelConfig, n: usize| {
        let mut t = TaxelSensor::new(cfg.clone(), &scene).unwrap();
        (0..n)
            .map(|_| t.read(&scene).unwrap().force)
            .collect::<Vec<_>>()
    };
    let a = read(&config, 5);
    assert_eq!(a, read(&config, 5), "same seed, same bytes");
    assert_ne!(
        a,
        read(
            &TaxelConfig {
                seed: 43,
                ..config.clone()
            },
            5
        )
    );
    let mut distinct = std::collections::BTreeSet::new();
    for f in &a {
        for p in 0..3 {
            // pen = R ± noise with sd = 0: F_z within 1000 × [0.008, 0.012].
            let fz = f[[0, p, 2]];
            assert!((8.0 - 1e-9..=12.0 + 1e-9).contains(&fz), "{fz}");
            distinct.insert(fz.to_bits());
        }
    }
    assert!(
        distinct.len() > 10,
        "the radius is redrawn per probe and per step"
    );
}

/// Random probes among random primitives, with the link at rest and shear off: each force
/// must be `k·(R − sd)·n` for the collider of smallest signed distance, found here by brute
/// force over every collider with the geometry crate's projection (no broad phase).
#[test]
fn broad_phase_and_distances_match_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let shapes = [
        Shape::sphere(0.03).unwrap(),
        Shape::capsule(0.02, 0.03).unwrap(),
        Shape::cuboid(Vector3::new(0.03, 0.02, 0.025)).unwrap(),
        Shape::cylinder(0.025, 0.02).unwrap(),
        Shape::ellipsoid(Vector3::new(0.03, 0.02, 0.015)).unwrap(),
        Shape::halfspace(Vector3::z()).unwrap(),
    ];
    let mut scene = Scene::new();
    let link_pose =
        Isometry3::from_parts(Translation3::new(0.0, 0.0, 0.1), random_rotation(&mut rng));
    scene
        .add_body(Body::new("link").with_pose(link_pose))
        .unwrap();
    for (i, s) in shapes.iter().enumerate() {
        let pose = if i == 5 {
            Isometry3::translation(0.0, 0.0, 0.02)
        } else {
            Isometry3::from_parts(
                (random_unit(&mut rng) * 0.06 + Vector3::new(0.0, 0.0, 0.1)).into(),
                random_rotation(&mut rng),
            )
        };
        let body = Body::new(format!("obstacle{i}"))
            .with_collider(s.clone(), Isometry3::identity())
            .unwrap()
            .with_pose(pose);
        scene.add_body(body).unwrap();
    }
    let probes: Vec<Point3<f64>> = (0..3000)
        .map(|_| {
            Point3::new(
                rng.random_range(-0.12..0.12),
                rng.random_range(-0.12..0.12),
                rng.random_range(-0.12..0.12),
            )
        })
        .collect();
    let config = TaxelConfig {
        probe_local_pos: probes.clone(),
        probe_radius: 0.008,
        shear_scalar: 0.0,
        ..TaxelConfig::new("link")
    };
    let r = TaxelSensor::new(config, &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    let mut touching = 0;
    for (i, p) in probes.iter().enumerate() {
        let world = link_pose * p;
        let mut best: Option<(f64, Vector3<f64>)> = None;
        for body in &scene.bodies()[1..] {
            let c = &body.colliders[0];
            let proj = query::project_point(&c.shape, &(body.pose * c.local_pose), &world).unwrap();
            if best.is_none_or(|b| proj.signed_distance < b.0) {
                let d = world - proj.point;
                let n = if proj.inside {
                    -d.normalize()
                } else {
                    d.normalize()
                };
                best = Some((proj.signed_distance, n));
            }
        }
        let (sd, n) = best.unwrap();
        let want = if sd < 0.008 {
            link_pose.rotation.inverse() * n * (1000.0 * (0.008 - sd))
        } else {
            Vector3::zeros()
        };
        let got = Vector3::new(r.force[[0, i, 0]], r.force[[0, i, 1]], r.force[[0, i, 2]]);
        assert!(
            (got - want).norm() < 1e-6,
            "probe {i} at {world}: {got} vs {want}"
        );
        touching += usize::from(sd < 0.008);
    }
    assert!(
        touching > 200 && touching < 2900,
        "a mix of touching and free probes ({touching})"
    );
}

#[test]
fn configuration_errors() {
    let scene = fingertip_scene(&Isometry3::identity(), 0.0, 0.0);
    let err = TaxelSensor::new(TaxelConfig::new("palm"), &scene)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("palm") && err.contains("fingertip, block"),
        "{err}"
    );
    let err = TaxelSensor::new(
        TaxelConfig {
            normal_exponent: 0.9,
            ..three_probes()
        },
        &scene,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("normal_exponent") && err.contains(">= 1"),
        "{err}"
    );
    let err = TaxelSensor::new(
        TaxelConfig {
            probe_radius: -1e-3,
            ..three_probes()
        },
        &scene,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("probe_radius"), "{err}");
    let mut taxels = TaxelSensor::new(three_probes(), &scene).unwrap();
    let mut other = Scene::new();
    other.add_body(Body::new("fingertip")).unwrap();
    assert!(
        taxels.read(&other).is_err(),
        "a scene of another structure is refused"
    );
}
