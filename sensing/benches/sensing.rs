//! Benchmarks of morsel-sensing.
//!
//! - `touch_observe`: one observation of a MIMo-scale scene (a hand of six bodies, about
//!   6,000 mesh sensors) with 20 given contacts; bar 50 µs with `spread_linear`.
//! - `touch_build`: building the sensors (sensor meshes, containment, k-d trees); bar 100 ms.
//! - `taxels`: probe evaluations per second on one core against primitives; bar 5 million,
//!   for the ground truth and for the measured branch with every measured option on.
//!
//! Run with `cargo bench -p morsel-sensing`.

// The benchmark scenes are fixed and valid: a failure is a bug of the benchmark itself.
#![allow(clippy::unwrap_used)]

use std::f64::consts::FRAC_PI_2;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group};
use morsel_geometry::Shape;
use morsel_sensing::{
    Body, Contact, PenaltyLaw, ResponseFunction, Scene, TaxelConfig, TaxelSensor, Touch,
    TouchConfig, TouchFunction, TouchKind,
};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PARTS: [&str; 6] = ["palm", "finger0", "finger1", "finger2", "finger3", "thumb"];

/// A palm, four three-capsule fingers, a two-capsule thumb and a ball pressing two fingers.
fn hand_scene() -> Scene {
    let mut scene = Scene::new();
    let along_x =
        |x: f64| Isometry3::new(Vector3::new(x, 0.0, 0.0), Vector3::new(0.0, FRAC_PI_2, 0.0));
    let palm = Body::new("palm")
        .with_collider(
            Shape::cuboid(Vector3::new(0.035, 0.045, 0.01)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap();
    scene.add_body(palm).unwrap();
    for i in 0..4 {
        let y = -0.0315 + 0.021 * i as f64;
        let mut finger =
            Body::new(format!("finger{i}")).with_pose(Isometry3::translation(0.035, y, 0.0));
        for x in [0.013, 0.037, 0.061] {
            finger = finger
                .with_collider(Shape::capsule(0.009, 0.011).unwrap(), along_x(x))
                .unwrap();
        }
        scene.add_body(finger).unwrap();
    }
    let thumb = Body::new("thumb")
        .with_pose(Isometry3::new(
            Vector3::new(0.0, -0.05, 0.0),
            Vector3::new(0.0, 0.0, -FRAC_PI_2),
        ))
        .with_collider(Shape::capsule(0.01, 0.012).unwrap(), along_x(0.014))
        .unwrap()
        .with_collider(Shape::capsule(0.01, 0.012).unwrap(), along_x(0.04))
        .unwrap();
    scene.add_body(thumb).unwrap();
    let ball = Body::new("ball")
        .with_collider(Shape::sphere(0.03).unwrap(), Isometry3::identity())
        .unwrap()
        .with_pose(Isometry3::translation(0.06, 0.0, 0.0365));
    scene.add_body(ball).unwrap();
    for a in PARTS {
        for b in PARTS {
            if a < b {
                scene.ignore_pair(a, b).unwrap();
            }
        }
    }
    scene
}

fn touch_config(kind: TouchKind, response: ResponseFunction) -> TouchConfig {
    let mut config = TouchConfig::new(kind)
        .touch_function(TouchFunction::ForceVector)
        .response_function(response);
    for part in PARTS {
        config = config.scale(part, if part == "palm" { 0.003 } else { 0.0025 });
    }
    config
}

/// 20 contacts at random sensors of the hand, pushing along the surface normal with some
/// friction, against the ball.
fn random_contacts(touch: &Touch, scene: &Scene) -> Vec<Contact> {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let ball = scene.body_index("ball").unwrap();
    (0..20)
        .map(|_| {
            let part = PARTS[rng.random_range(0..PARTS.len())];
            let b = scene.body_index(part).unwrap();
            let group = &touch.model().groups_of_body(b)[0];
            let i = rng.random_range(0..group.len());
            let pose = scene.bodies()[b].pose * group.local_pose();
            let surface = pose * group.positions()[i];
            let n = pose.rotation * group.normals()[i];
            let depth = 0.0005;
            let tangent = n.cross(&Vector3::new(0.3, -0.5, 0.8)).normalize();
            let force = n * rng.random_range(0.5..5.0) + tangent * rng.random_range(-1.0..1.0);
            Contact::new(b, ball, surface - n * (depth / 2.0), n, depth, force).unwrap()
        })
        .collect()
}

fn touch_benches(c: &mut Criterion) {
    let scene = hand_scene();
    let mut group = c.benchmark_group("touch_observe");
    for (name, kind, response) in [
        (
            "mesh_spread_linear_20_contacts",
            TouchKind::Mesh,
            ResponseFunction::SpreadLinear,
        ),
        (
            "points_spread_linear_20_contacts",
            TouchKind::Points,
            ResponseFunction::SpreadLinear,
        ),
        (
            "mesh_nearest_20_contacts",
            TouchKind::Mesh,
            ResponseFunction::Nearest,
        ),
    ] {
        let mut touch = Touch::new(&scene, &touch_config(kind, response)).unwrap();
        eprintln!("{name}: {} sensors", touch.model().sensor_count());
        let contacts = random_contacts(&touch, &scene);
        group.bench_function(name, |b| {
            b.iter(|| {
                black_box(
                    touch
                        .observe_contacts(&scene, black_box(&contacts))
                        .unwrap()
                        .len(),
                )
            })
        });
    }
    let mut touch = Touch::new(
        &scene,
        &touch_config(TouchKind::Mesh, ResponseFunction::SpreadLinear),
    )
    .unwrap();
    let law = PenaltyLaw::default();
    group.bench_function("mesh_spread_linear_contacts_from_geometry", |b| {
        b.iter(|| black_box(touch.observe(&scene, &law).unwrap().len()))
    });
    group.finish();

    let mut group = c.benchmark_group("touch_build");
    group.sample_size(20);
    for (name, kind) in [("mesh", TouchKind::Mesh), ("points", TouchKind::Points)] {
        let config = touch_config(kind, ResponseFunction::SpreadLinear);
        group.bench_function(name, |b| {
            b.iter(|| black_box(Touch::new(&scene, &config).unwrap()))
        });
    }
    group.finish();
}

/// A pad link with a 100 × 100 grid of probes (1 mm apart) and primitives pressing parts of it.
fn taxel_scene(all_touching: bool) -> (Scene, TaxelConfig) {
    let mut scene = Scene::new();
    // The pad's own collider (top face at z = 0, under the probe grid) is not a target of its
    // own probes; the skin benches lay probes over it.
    let pad = Body::new("pad")
        .with_collider(
            Shape::cuboid(Vector3::new(0.05, 0.05, 0.004)).unwrap(),
            Isometry3::translation(0.0, 0.0, -0.004),
        )
        .unwrap();
    scene.add_body(pad).unwrap();
    let mut add = |name: &str, shape: Shape, pose: Isometry3<f64>| {
        let body = Body::new(name)
            .with_collider(shape, Isometry3::identity())
            .unwrap()
            .with_pose(pose)
            .with_velocity(Vector3::new(0.01, 0.0, -0.02), Vector3::new(0.0, 0.0, 0.5));
        scene.add_body(body).unwrap();
    };
    add(
        "ball",
        Shape::sphere(0.015).unwrap(),
        Isometry3::translation(-0.025, -0.025, 0.012),
    );
    add(
        "capsule",
        Shape::capsule(0.008, 0.02).unwrap(),
        Isometry3::new(
            Vector3::new(0.02, 0.02, 0.006),
            Vector3::new(FRAC_PI_2, 0.0, 0.0),
        ),
    );
    add(
        "box",
        Shape::cuboid(Vector3::new(0.01, 0.01, 0.01)).unwrap(),
        Isometry3::translation(0.025, -0.025, 0.008),
    );
    add(
        "cylinder",
        Shape::cylinder(0.01, 0.01).unwrap(),
        Isometry3::new(
            Vector3::new(-0.025, 0.025, 0.008),
            Vector3::new(0.0, FRAC_PI_2, 0.0),
        ),
    );
    add(
        "far",
        Shape::sphere(0.05).unwrap(),
        Isometry3::translation(0.5, 0.5, 0.5),
    );
    add(
        "floor",
        Shape::halfspace(Vector3::z()).unwrap(),
        Isometry3::translation(0.0, 0.0, -0.05),
    );
    if all_touching {
        add(
            "slab",
            Shape::cuboid(Vector3::new(0.06, 0.06, 0.01)).unwrap(),
            Isometry3::translation(0.0, 0.0, -0.015),
        );
    }
    let probes = (0..100)
        .flat_map(|i| {
            (0..100).map(move |j| {
                Point3::new(-0.0495 + 0.001 * i as f64, -0.0495 + 0.001 * j as f64, 0.0)
            })
        })
        .collect();
    let config = TaxelConfig {
        probe_local_pos: probes,
        probe_radius: 0.005,
        ..TaxelConfig::new("pad")
    };
    (scene, config)
}

/// The mixed scene's probes with every measured option on: radius noise, gain, crosstalk with
/// the four grid neighbours (1.1 mm), hysteresis, delay 2 and jitter 1, noise, bias, resolution
/// and 1 % dead taxels.
fn measured_config(config: TaxelConfig) -> TaxelConfig {
    TaxelConfig {
        probe_radius_noise: 0.0005,
        probe_gain: 1.2,
        crosstalk: 0.05,
        crosstalk_radius: 0.0011,
        hysteresis: 0.01,
        delay: 2,
        jitter: 1,
        noise: 0.02,
        bias: 0.01,
        resolution: 0.001,
        dead_taxels: (0..10_000).step_by(100).collect(),
        seed: 1,
        ..config
    }
}

/// A skin over the pad at 1.1 mm (MIMo's points: 10,000 and more), with every measured option
/// on (`measured`) or none.
fn skin(scene: &Scene, measured: bool) -> TaxelConfig {
    let base = TaxelConfig {
        probe_radius: 0.005,
        ..TaxelConfig::default()
    };
    let skin = base.skin(scene, "pad", 0.0011).unwrap();
    if !measured {
        return skin;
    }
    let n = skin.probe_local_pos.len();
    TaxelConfig {
        dead_taxels: (0..n).step_by(100).collect(),
        crosstalk_radius: 0.0012,
        ..measured_config(skin)
    }
}

fn taxel_benches(c: &mut Criterion) {
    let one_core = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("taxels");
    for (name, all) in [
        ("mixed_10k_probes_one_core", false),
        ("all_touching_10k_probes_one_core", true),
    ] {
        let (scene, config) = taxel_scene(all);
        let mut taxels = TaxelSensor::new(config, &scene).unwrap();
        let reading = taxels.read(&scene).unwrap();
        let touching = reading
            .force
            .iter()
            .step_by(3)
            .zip(reading.force.iter().skip(2).step_by(3))
            .filter(|(x, z)| **x != 0.0 || **z != 0.0)
            .count();
        eprintln!("{name}: {touching} of 10000 probes touching");
        group.throughput(Throughput::Elements(10_000));
        group.bench_function(name, |b| {
            b.iter(|| one_core.install(|| black_box(taxels.read(&scene).unwrap())))
        });
    }
    let (scene, config) = taxel_scene(false);
    let mut taxels = TaxelSensor::new(config.clone(), &scene).unwrap();
    group.bench_function("mixed_ground_truth_10k_probes_one_core", |b| {
        b.iter(|| one_core.install(|| black_box(taxels.read_ground_truth(&scene).unwrap())))
    });
    let mut taxels = TaxelSensor::new(measured_config(config.clone()), &scene).unwrap();
    group.bench_function("mixed_measured_all_options_10k_probes_one_core", |b| {
        b.iter(|| one_core.install(|| black_box(taxels.read(&scene).unwrap())))
    });
    for (name, measured) in [
        ("skin_ground_truth_one_core", false),
        ("skin_measured_all_options_one_core", true),
    ] {
        let config = skin(&scene, measured);
        let n = config.probe_local_pos.len();
        eprintln!("{name}: {n} probes");
        let mut taxels = TaxelSensor::new(config, &scene).unwrap();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                one_core.install(|| {
                    black_box(if measured {
                        taxels.read(&scene).unwrap()
                    } else {
                        taxels.read_ground_truth(&scene).unwrap()
                    })
                })
            })
        });
    }
    let scenes = vec![scene; 16];
    let mut taxels = TaxelSensor::new(config, &scenes[0]).unwrap();
    group.throughput(Throughput::Elements(16 * 10_000));
    group.bench_function("mixed_16_envs_all_cores", |b| {
        b.iter(|| black_box(taxels.read_batch(&scenes).unwrap()))
    });
    group.finish();
}

/// Process CPU time (user + system) in seconds, from `/proc/self/stat` (Linux, 100 ticks/s).
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 2..)?
        .split_whitespace()
        .collect();
    let ticks = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Runs `f` for about three seconds and reports the CPU time per call, which a shared machine
/// does not inflate the way it inflates wall time.
fn cpu_time_per_call(name: &str, per_call_items: f64, item: &str, mut f: impl FnMut()) {
    let Some(cpu0) = process_cpu_seconds() else {
        return;
    };
    let wall = std::time::Instant::now();
    let mut calls = 0u64;
    while wall.elapsed().as_secs_f64() < 3.0 {
        f();
        calls += 1;
    }
    let Some(cpu1) = process_cpu_seconds() else {
        return;
    };
    let per_call = (cpu1 - cpu0) / calls as f64;
    eprintln!(
        "CPU time {name}: {:.2} µs per call, {:.1} ns per {item} ({:.2} million {item}s per CPU-second); wall {:.2} µs per call",
        per_call * 1e6,
        per_call * 1e9 / per_call_items,
        per_call_items / per_call / 1e6,
        wall.elapsed().as_secs_f64() / calls as f64 * 1e6,
    );
}

/// The headline figures measured in CPU time.
fn cpu_time_report() {
    let scene = hand_scene();
    let mut touch = Touch::new(
        &scene,
        &touch_config(TouchKind::Mesh, ResponseFunction::SpreadLinear),
    )
    .unwrap();
    let contacts = random_contacts(&touch, &scene);
    cpu_time_per_call(
        "touch observe, mesh, spread_linear, 20 contacts",
        1.0,
        "observation",
        || {
            black_box(touch.observe_contacts(&scene, &contacts).unwrap().len());
        },
    );
    let config = touch_config(TouchKind::Mesh, ResponseFunction::SpreadLinear);
    cpu_time_per_call("touch build, mesh", 1.0, "build", || {
        black_box(Touch::new(&scene, &config).unwrap());
    });
    let one_core = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for (name, all) in [
        ("taxels mixed, one core", false),
        ("taxels all touching, one core", true),
    ] {
        let (scene, config) = taxel_scene(all);
        let mut taxels = TaxelSensor::new(config, &scene).unwrap();
        cpu_time_per_call(name, 10_000.0, "probe", || {
            one_core.install(|| black_box(taxels.read(&scene).unwrap()));
        });
    }
    let (scene, config) = taxel_scene(false);
    let mut taxels = TaxelSensor::new(config.clone(), &scene).unwrap();
    cpu_time_per_call(
        "taxels mixed, ground truth, one core",
        10_000.0,
        "probe",
        || {
            one_core.install(|| black_box(taxels.read_ground_truth(&scene).unwrap()));
        },
    );
    let mut taxels = TaxelSensor::new(measured_config(config), &scene).unwrap();
    cpu_time_per_call(
        "taxels mixed, measured with every option, one core",
        10_000.0,
        "probe",
        || {
            one_core.install(|| black_box(taxels.read(&scene).unwrap()));
        },
    );
    for measured in [false, true] {
        let config = skin(&scene, measured);
        let n = config.probe_local_pos.len() as f64;
        let mut taxels = TaxelSensor::new(config, &scene).unwrap();
        if measured {
            cpu_time_per_call(
                "taxel skin, measured with every option, one core",
                n,
                "probe",
                || {
                    one_core.install(|| black_box(taxels.read(&scene).unwrap()));
                },
            );
        } else {
            cpu_time_per_call("taxel skin, ground truth, one core", n, "probe", || {
                one_core.install(|| black_box(taxels.read_ground_truth(&scene).unwrap()));
            });
        }
    }
}

criterion_group!(benches, touch_benches, taxel_benches);

fn main() {
    benches();
    if std::env::args().any(|a| a == "--bench") && !std::env::args().any(|a| a == "--profile-time")
    {
        cpu_time_report();
    }
    Criterion::default().configure_from_args().final_summary();
}
