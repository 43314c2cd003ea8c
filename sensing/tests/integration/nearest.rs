//! `nearest` gives everything to the brute-force nearest active sensor; k-nearest is exact.

use morsel_sensing::touch::{TouchData, TouchModel};
use morsel_sensing::{Contact, ResponseFunction, Side, TouchConfig, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::common::{pad_scene, random_point, random_rotation, random_unit};

fn brute_nearest(points: &[Point3<f64>], q: &Point3<f64>) -> usize {
    let mut best = (f64::INFINITY, usize::MAX);
    for (i, p) in points.iter().enumerate() {
        let d = (p - q).norm();
        if d < best.0 {
            best = (d, i);
        }
    }
    best.1
}

#[test]
fn nearest_active_sensor_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for kind in [TouchKind::Mesh, TouchKind::Points] {
        let pose = Isometry3::from_parts(
            Vector3::new(0.2, 0.1, -0.3).into(),
            random_rotation(&mut rng),
        );
        let scene = pad_scene(pose);
        let config = TouchConfig::new(kind)
            .scale("pad", 0.005)
            .touch_function(TouchFunction::Normal)
            .response_function(ResponseFunction::Nearest)
            // Morsel's fixes: the true surface point and a positive normal on both sides.
            .mimo_quirks(false);
        let model = TouchModel::new(&scene, &config).unwrap();
        if kind == TouchKind::Mesh {
            let mesh = model.groups()[0].mesh().unwrap();
            let inactive = (0..mesh.len()).filter(|&i| !mesh.is_active(i)).count();
            assert!(
                inactive > 0,
                "the capsule's vertices inside the box must be inactive"
            );
            assert_eq!(model.sensor_count(), mesh.len() - inactive);
        }
        let mut data = TouchData::new(&model);
        for _ in 0..300 {
            let p = pose * random_point(&mut rng, &Vector3::new(0.07, 0.06, 0.04));
            let n = random_unit(&mut rng);
            let collider = (kind == TouchKind::Points)
                .then_some(usize::from(rand::Rng::random_bool(&mut rng, 0.5)));
            let contact = Contact::new(0, 1, p, n, 0.001, n * 2.0)
                .unwrap()
                .with_colliders(collider, None);
            model.observe(&mut data, &scene, &[contact]).unwrap();
            let loaded: Vec<usize> = (0..data.output().len())
                .filter(|&i| data.output()[i] != 0.0)
                .collect();
            assert_eq!(loaded.len(), 1);
            // The contact point on the pad's surface, in the sensing group's frame.
            let group = match collider {
                Some(c) => &model.groups()[c],
                None => &model.groups()[0],
            };
            let local = (pose * group.local_pose())
                .inverse_transform_point(&contact.surface_point(Side::A));
            let want = group.offset() + brute_nearest(group.positions(), &local);
            assert_eq!(loaded[0], want, "{kind:?}");
            assert!((data.output()[want] - 2.0).abs() < 1e-12);
        }
    }
}

#[test]
fn k_nearest_is_exact() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let scene = pad_scene(Isometry3::identity());
    let config = TouchConfig::new(TouchKind::Mesh).scale("pad", 0.004);
    let model = TouchModel::new(&scene, &config).unwrap();
    let positions = model.groups()[0].positions();
    for _ in 0..100 {
        let q = random_point(&mut rng, &Vector3::new(0.07, 0.06, 0.04));
        let got = model.k_nearest_sensors(0, &q, 9);
        let mut all: Vec<(usize, f64)> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| (i, (p - q).norm()))
            .collect();
        all.sort_by(|a, b| a.1.total_cmp(&b.1));
        assert_eq!(
            got.iter().map(|r| r.0).collect::<Vec<_>>(),
            all[..9].iter().map(|r| r.0).collect::<Vec<_>>()
        );
        for (g, w) in got.iter().zip(&all) {
            assert!((g.1 - w.1).abs() < 1e-12);
        }
        assert_eq!(model.nearest_sensor(0, &q).unwrap().0, all[0].0);
    }
}

/// Point touch with a contact that names no geom: the geom whose surface is nearest to the
/// contact point senses it (here a point on top of the capsule lying across the box).
#[test]
fn point_touch_picks_the_nearest_geom_when_none_is_named() {
    let scene = pad_scene(Isometry3::identity());
    let config = TouchConfig::new(TouchKind::Points)
        .scale("pad", 0.005)
        .touch_function(TouchFunction::Normal)
        .response_function(ResponseFunction::Nearest)
        .mimo_quirks(false);
    let model = TouchModel::new(&scene, &config).unwrap();
    let mut data = TouchData::new(&model);
    // Top of the capsule (axis along x at z = 0.01, radius 0.012), and a box face far from it.
    for (point, normal, geom) in [
        (Point3::new(0.005, 0.0, 0.022), Vector3::z(), 1),
        (Point3::new(0.0, -0.04, 0.0), -Vector3::y(), 0),
    ] {
        let contact = Contact::new(0, 1, point, normal, 0.0, normal * 3.0).unwrap();
        model.observe(&mut data, &scene, &[contact]).unwrap();
        let group = &model.groups()[geom];
        let loaded: f64 = data.output()[group.offset()..group.offset() + group.len()]
            .iter()
            .sum();
        assert!((loaded - 3.0).abs() < 1e-12, "geom {geom}");
    }
}
