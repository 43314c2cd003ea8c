//! `Touch::body_load` against independent values: a box resting on a plane on four corner
//! contacts (closed-form weight, centre of pressure and moment), and random contacts over a
//! tilted box whose summed forces and moments are computed here from the contacts fed in.

use morsel_geometry::Shape;
use morsel_sensing::touch::LoadOptions;
use morsel_sensing::{
    Body, Contact, ResponseFunction, Scene, SensingError, Touch, TouchConfig, TouchFunction,
    TouchKind,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::random_rotation;

const HALF: [f64; 3] = [0.1, 0.06, 0.04];
const SCALE: f64 = 0.02;
const FUNCTIONS: [TouchFunction; 3] = [
    TouchFunction::ForceVectorGlobal,
    TouchFunction::ForceVector,
    TouchFunction::NormalForce,
];

/// A ground slab (body 0) and a box (body 1) at `pose`.
fn box_scene(pose: Isometry3<f64>) -> Scene {
    let mut scene = Scene::new();
    let ground = Body::new("ground")
        .with_collider(
            Shape::cuboid(Vector3::new(2.0, 2.0, 0.1)).unwrap(),
            Isometry3::translation(0.0, 0.0, -0.1),
        )
        .unwrap();
    scene.add_body(ground).unwrap();
    let b = Body::new("box")
        .with_collider(
            Shape::cuboid(Vector3::new(HALF[0], HALF[1], HALF[2])).unwrap(),
            Isometry3::identity(),
        )
        .unwrap()
        .with_pose(pose);
    scene.add_body(b).unwrap();
    scene
}

fn touch(scene: &Scene, kind: TouchKind, f: TouchFunction, r: ResponseFunction) -> Touch {
    let config = TouchConfig::new(kind)
        .scale("box", SCALE)
        .touch_function(f)
        .response_function(r)
        .mimo_quirks(false);
    Touch::new(scene, &config).unwrap()
}

/// World positions of the box's sensors.
fn sensors(t: &Touch, scene: &Scene) -> Vec<Point3<f64>> {
    let pose = scene.bodies()[1].pose;
    let local = t.sensor_positions("box").unwrap();
    local.iter().map(|p| pose * p).collect()
}

fn nearest_distance(points: &[Point3<f64>], p: &Point3<f64>) -> f64 {
    points
        .iter()
        .map(|q| (q - p).norm())
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn box_on_a_plane_weighs_its_weight_at_its_centre_of_mass() {
    // The box's CoM sits off centre at (cx, cy) in its frame; four corner forces with the
    // bilinear weights of (cx, cy) hold it: they sum to its weight and their centre is the
    // CoM's projection (bilinear weights reproduce x and y exactly).
    let (mass, g) = (2.5, 9.81);
    let weight = mass * g;
    let (cx, cy) = (0.03, -0.015);
    let pose = Isometry3::from_parts(
        Translation3::new(0.3, -0.2, HALF[2]),
        UnitQuaternion::from_euler_angles(0.0, 0.0, 0.4),
    );
    let scene = box_scene(pose);
    let mut contacts = Vec::new();
    let mut corners = Vec::new();
    for sx in [-1.0, 1.0] {
        for sy in [-1.0, 1.0] {
            let share = (0.5 + sx * cx / (2.0 * HALF[0])) * (0.5 + sy * cy / (2.0 * HALF[1]));
            let p = pose * Point3::new(sx * HALF[0], sy * HALF[1], -HALF[2]);
            let f = Vector3::z() * (weight * share);
            corners.push((p, f));
            contacts.push(Contact::new(0, 1, p, Vector3::z(), 0.0, f).unwrap());
        }
    }
    let cop = pose * Point3::new(cx, cy, -HALF[2]);
    assert!(cop.z.abs() < 1e-15);
    let o = Point3::new(0.1, 0.2, 0.0);
    let moment = (cop - o).cross(&Vector3::new(0.0, 0.0, weight));
    let options = LoadOptions {
        point: o,
        min_force: 1e-6,
    };
    for kind in [TouchKind::Points, TouchKind::Mesh] {
        for f in FUNCTIONS {
            for r in [ResponseFunction::Nearest, ResponseFunction::SpreadLinear] {
                let mut t = touch(&scene, kind, f, r);
                t.observe_contacts(&scene, &contacts).unwrap();
                let load = t.body_load(&scene, "box", &options).unwrap();
                let what = format!("{kind} {f} {r}");
                assert!(
                    (load.force - Vector3::new(0.0, 0.0, weight)).norm() < 1e-9,
                    "{what}"
                );
                // Where the response moved each corner force: to the nearest sensor, or to
                // sensors within twice the scale.
                let s = sensors(&t, &scene);
                let reach: f64 = match r {
                    ResponseFunction::Nearest => corners
                        .iter()
                        .map(|(p, f)| f.norm() * nearest_distance(&s, p))
                        .sum(),
                    ResponseFunction::SpreadLinear => 2.0 * SCALE * weight,
                };
                let c = load.cop.unwrap();
                assert!(c.z == 0.0, "{what}");
                let err = (c - cop).norm();
                assert!(err <= reach / weight + 1e-12, "{what}: CoP off by {err}");
                assert!((load.moment - moment).norm() <= reach + 1e-9, "{what}");
                if r == ResponseFunction::Nearest {
                    // The corners are sensors of both layouts: the closed form exactly.
                    assert!(reach < 1e-12, "{what}: corners {reach} from sensors");
                    assert!(err < 1e-12, "{what}: CoP off by {err}");
                }
            }
        }
    }
}

/// Random contacts on the faces of the tilted box of `scene`, pressing into it (normal from
/// the ground into the box, force with a random tangential part), some at sensor positions.
fn random_contacts(rng: &mut ChaCha8Rng, scene: &Scene, at: &[Point3<f64>]) -> Vec<Contact> {
    let pose = scene.bodies()[1].pose;
    let h = Vector3::new(HALF[0], HALF[1], HALF[2]);
    (0..12)
        .map(|_| {
            let axis = rng.random_range(0..3);
            let side = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let mut outward = Vector3::zeros();
            outward[axis] = side;
            let local = if at.is_empty() {
                let mut p = Point3::new(
                    rng.random_range(-h.x..h.x),
                    rng.random_range(-h.y..h.y),
                    rng.random_range(-h.z..h.z),
                );
                p[axis] = side * h[axis];
                p
            } else {
                // A sensor on a face (not on an edge, whose outward normal is ambiguous).
                loop {
                    let q = pose.inverse_transform_point(&at[rng.random_range(0..at.len())]);
                    let on: Vec<usize> = (0..3)
                        .filter(|&k| (q[k].abs() - h[k]).abs() < 1e-9)
                        .collect();
                    if on.len() == 1 {
                        outward = Vector3::zeros();
                        outward[on[0]] = q[on[0]].signum();
                        break q;
                    }
                }
            };
            let n = pose.rotation * -outward;
            let mut tangent = Vector3::new(rng.random(), rng.random(), rng.random());
            tangent -= n * n.dot(&tangent);
            let f = n * rng.random_range(1.0..20.0) + tangent * rng.random_range(0.0..5.0);
            Contact::new(0, 1, pose * local, n, 0.0, f).unwrap()
        })
        .collect()
}

#[test]
fn loads_equal_the_sums_of_the_contact_forces_fed_in() {
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    for trial in 0..6 {
        let pose = Isometry3::from_parts(
            Translation3::new(rng.random_range(-1.0..1.0), 0.5, 0.3),
            random_rotation(&mut rng),
        );
        let scene = box_scene(pose);
        let o = Point3::new(0.2, -0.1, 0.05);
        let options = LoadOptions {
            point: o,
            min_force: 1e-6,
        };
        for kind in [TouchKind::Points, TouchKind::Mesh] {
            for f in FUNCTIONS {
                for r in [ResponseFunction::Nearest, ResponseFunction::SpreadLinear] {
                    let mut t = touch(&scene, kind, f, r);
                    let s = sensors(&t, &scene);
                    let exact = r == ResponseFunction::Nearest;
                    let contacts = random_contacts(&mut rng, &scene, if exact { &s } else { &[] });
                    t.observe_contacts(&scene, &contacts).unwrap();
                    let load = t.body_load(&scene, "box", &options).unwrap();
                    let (mut force, mut moment, mut spread) =
                        (Vector3::zeros(), Vector3::zeros(), 0.0);
                    for c in &contacts {
                        let n = c.normal.into_inner();
                        let fc = match f {
                            TouchFunction::NormalForce => n * n.dot(&c.force),
                            _ => c.force,
                        };
                        force += fc;
                        moment += (c.position - o).cross(&fc);
                        spread += fc.norm() * 2.0 * SCALE;
                    }
                    let what = format!("trial {trial} {kind} {f} {r}");
                    assert!((load.force - force).norm() < 1e-9, "{what}");
                    let bound = if exact { 1e-9 } else { spread + 1e-9 };
                    let err = (load.moment - moment).norm();
                    assert!(err <= bound, "{what}: moment off by {err} > {bound}");
                    // The CoP from the moment, as its definition reads.
                    if let Some(c) = load.cop {
                        let about_c = load.moment - (c - o).cross(&load.force);
                        assert!(about_c.x.abs() < 1e-9 && about_c.y.abs() < 1e-9, "{what}");
                        assert!(c.z == o.z);
                    }
                }
            }
        }
    }
}

#[test]
fn a_horizontal_push_has_no_centre_of_pressure() {
    let scene = box_scene(Isometry3::translation(0.0, 0.0, HALF[2]));
    let mut t = touch(
        &scene,
        TouchKind::Points,
        TouchFunction::ForceVectorGlobal,
        ResponseFunction::SpreadLinear,
    );
    let p = Point3::new(HALF[0], 0.0, HALF[2]);
    let c = Contact::new(0, 1, p, -Vector3::x(), 0.0, -Vector3::x() * 3.0).unwrap();
    t.observe_contacts(&scene, &[c]).unwrap();
    let load = t.body_load(&scene, "box", &LoadOptions::default()).unwrap();
    assert!((load.force + Vector3::x() * 3.0).norm() < 1e-12);
    assert!(load.cop.is_none());
    // Nothing observed at all: a zero load, no CoP.
    t.observe_contacts(&scene, &[]).unwrap();
    let load = t.body_load(&scene, "box", &LoadOptions::default()).unwrap();
    assert!(load.force == Vector3::zeros() && load.moment == Vector3::zeros());
    assert!(load.cop.is_none());
}

#[test]
fn body_load_rejects_what_gives_no_force() {
    let scene = box_scene(Isometry3::translation(0.0, 0.0, HALF[2]));
    let t = touch(
        &scene,
        TouchKind::Points,
        TouchFunction::Normal,
        ResponseFunction::Nearest,
    );
    let e = t.body_load(&scene, "box", &LoadOptions::default());
    assert!(
        matches!(
            e,
            Err(SensingError::NotForce {
                function: "normal",
                ..
            })
        ),
        "{e:?}"
    );
    let config = TouchConfig::new(TouchKind::Mesh)
        .scale("box", SCALE)
        .touch_function(TouchFunction::NormalForce)
        .mimo_quirks(true);
    let t = Touch::new(&scene, &config).unwrap();
    let e = t.body_load(&scene, "box", &LoadOptions::default());
    assert!(matches!(e, Err(SensingError::MimoQuirks { .. })), "{e:?}");
    let t = touch(
        &scene,
        TouchKind::Points,
        TouchFunction::ForceVector,
        ResponseFunction::Nearest,
    );
    let e = t.body_load(&scene, "ground", &LoadOptions::default());
    assert!(matches!(e, Err(SensingError::NotSensing { .. })), "{e:?}");
    for (point, min_force) in [
        (Point3::new(f64::NAN, 0.0, 0.0), 1e-6),
        (Point3::origin(), -1.0),
        (Point3::origin(), f64::INFINITY),
    ] {
        let e = t.body_load(&scene, "box", &LoadOptions { point, min_force });
        assert!(e.is_err(), "{point:?} {min_force}");
    }
    let mut other = box_scene(Isometry3::identity());
    other
        .add_body(
            Body::new("extra")
                .with_collider(Shape::sphere(0.1).unwrap(), Isometry3::identity())
                .unwrap(),
        )
        .unwrap();
    let e = t.body_load(&other, "box", &LoadOptions::default());
    assert!(
        matches!(e, Err(SensingError::SceneMismatch { .. })),
        "{e:?}"
    );
}

#[test]
fn taxel_link_load_of_a_probe_grid_resting_on_a_block() {
    use morsel_sensing::{TaxelConfig, TaxelSensor};
    // A 3 × 3 grid of probes (radius 1 cm, 1000 N/m) 5 mm deep in a block's top face: 5 N
    // each, straight up; the grid is off the link origin and the link turned about z, so the
    // CoP (the grid's centre, world frame) and the moment exercise the frames.
    let pose = Isometry3::from_parts(
        Translation3::new(0.2, -0.1, 0.0),
        UnitQuaternion::from_euler_angles(0.0, 0.0, 0.7),
    );
    let mut scene = Scene::new();
    scene
        .add_body(Body::new("fingertip").with_pose(pose))
        .unwrap();
    scene
        .add_body(
            Body::new("block")
                .with_collider(
                    Shape::cuboid(Vector3::new(0.5, 0.5, 0.05)).unwrap(),
                    Isometry3::identity(),
                )
                .unwrap()
                .with_pose(Isometry3::translation(0.0, 0.0, -0.055)),
        )
        .unwrap();
    let centre = Point3::new(0.03, 0.01, 0.0);
    let mut config = TaxelConfig::new("fingertip");
    config.probe_local_pos = (0..9)
        .map(|i| {
            centre
                + Vector3::new(
                    0.004 * f64::from(i % 3) - 0.004,
                    0.004 * f64::from(i / 3) - 0.004,
                    0.0,
                )
        })
        .collect();
    let mut taxels = TaxelSensor::new(config, &scene).unwrap();
    let reading = taxels.read_ground_truth(&scene).unwrap();
    let o = Point3::new(-0.3, 0.4, 0.0);
    let options = LoadOptions {
        point: o,
        min_force: 1e-6,
    };
    let load = taxels.link_load(&scene, &reading, 0, &options).unwrap();
    let weight = Vector3::new(0.0, 0.0, 45.0);
    assert!((load.force - weight).norm() < 1e-9, "{:?}", load.force);
    let cop = pose * centre;
    assert!(
        (load.cop.unwrap() - cop).norm() < 1e-9,
        "{:?} vs {cop:?}",
        load.cop
    );
    assert!((load.moment - (cop - o).cross(&weight)).norm() < 1e-9);
    // The same from the probes one by one (world positions and forces).
    let mut moment = Vector3::zeros();
    for (i, p) in taxels.config().probe_local_pos.iter().enumerate() {
        let f = pose.rotation
            * Vector3::new(
                reading.force[[0, i, 0]],
                reading.force[[0, i, 1]],
                reading.force[[0, i, 2]],
            );
        moment += (pose * p - o).cross(&f);
    }
    assert!((load.moment - moment).norm() < 1e-9);
    // Bad input: an environment the reading lacks, another scene's structure.
    assert!(taxels.link_load(&scene, &reading, 1, &options).is_err());
    let e = taxels.link_load(&box_scene(Isometry3::identity()), &reading, 0, &options);
    assert!(
        matches!(e, Err(SensingError::SceneMismatch { .. })),
        "{e:?}"
    );
}
