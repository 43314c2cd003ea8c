//! Mesh touch's within-distance search equals a brute-force graph search, and keeps a press on
//! a thin body away from its far side.

use std::collections::VecDeque;

use morsel_geometry::Shape;
use morsel_sensing::touch::{BodyMesh, TouchModel};
use morsel_sensing::{Body, PenaltyLaw, Scene, Touch, TouchConfig, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{pad_scene, random_point};

/// The rule written out naively: per geom mesh, the seed is its vertex nearest `p` (linear
/// scan); a breadth-first walk over the edges visits vertices within `r`; the active ones count.
fn brute_force(mesh: &BodyMesh, p: &Point3<f64>, r: f64) -> Vec<usize> {
    let within = |v: usize| (mesh.vertices()[v] - p).norm() <= r;
    let mut seen = vec![false; mesh.len()];
    let mut found = Vec::new();
    for c in 0..mesh.submesh_count() {
        let range = mesh.submesh(c);
        let Some(seed) = range.clone().min_by(|&a, &b| {
            (mesh.vertices()[a] - p)
                .norm()
                .total_cmp(&(mesh.vertices()[b] - p).norm())
        }) else {
            continue;
        };
        if !within(seed) {
            continue;
        }
        let mut queue = VecDeque::from([seed]);
        seen[seed] = true;
        while let Some(u) = queue.pop_front() {
            if let Some(s) = mesh.sensor_of_vertex(u) {
                found.push(s);
            }
            for &n in mesh.neighbours(u) {
                let n = n as usize;
                if !seen[n] && within(n) {
                    seen[n] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    found.sort_unstable();
    found
}

#[test]
fn within_distance_equals_brute_force_graph_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let scene = pad_scene(Isometry3::identity());
    let config = TouchConfig::new(TouchKind::Mesh).scale("pad", 0.005);
    let model = TouchModel::new(&scene, &config).unwrap();
    let mesh = model.groups()[0].mesh().unwrap();
    let mut nonempty = 0;
    for _ in 0..400 {
        let p = random_point(&mut rng, &Vector3::new(0.07, 0.06, 0.04));
        let r = rng.random_range(0.001..0.03);
        let got = model.sensors_within(0, &p, r);
        let mut ids: Vec<usize> = got.iter().map(|h| h.0).collect();
        ids.sort_unstable();
        let want = brute_force(mesh, &p, r);
        assert_eq!(ids, want, "at {p} radius {r}");
        for (s, d) in got {
            assert!((d - (model.groups()[0].positions()[s] - p).norm()).abs() < 1e-12);
        }
        nonempty += usize::from(!want.is_empty());
    }
    assert!(
        nonempty > 100,
        "the test must exercise non-empty searches ({nonempty})"
    );
}

/// A ball presses the middle of a 4 mm thick plate from above: with the path rule no sensor on
/// the bottom face reacts, although some lie within the spreading radius (they do react with
/// point touch, which has no path rule).
#[test]
fn far_side_of_a_thin_body_stays_silent() {
    let mut scene = Scene::new();
    let plate = Body::new("plate")
        .with_collider(
            Shape::cuboid(Vector3::new(0.05, 0.05, 0.002)).unwrap(),
            Isometry3::identity(),
        )
        .unwrap();
    scene.add_body(plate).unwrap();
    let ball = Body::new("ball")
        .with_collider(Shape::sphere(0.01).unwrap(), Isometry3::identity())
        .unwrap()
        .with_pose(Isometry3::translation(0.001, -0.002, 0.002 + 0.01 - 0.0005));
    scene.add_body(ball).unwrap();
    let law = PenaltyLaw::default();
    for kind in [TouchKind::Mesh, TouchKind::Points] {
        let config = TouchConfig::new(kind)
            .scale("plate", 0.005)
            .touch_function(TouchFunction::ForceVector)
            // Morsel's fixes: MIMo walks 4.5 scales, around the plate's rim.
            .mimo_quirks(false);
        let mut touch = Touch::new(&scene, &config).unwrap();
        let out = touch.observe(&scene, &law).unwrap().to_vec();
        let positions = touch.sensor_positions("plate").unwrap();
        let reach = 2.0 * 0.005;
        let contact_point = Point3::new(0.001, -0.002, 0.002);
        let bottom_in_reach = positions
            .iter()
            .filter(|p| p.z < 0.0 && (*p - contact_point).norm() < reach)
            .count();
        assert!(
            bottom_in_reach > 0,
            "bottom sensors must lie within reach for the test to mean anything"
        );
        let bottom_load: f64 = positions
            .iter()
            .zip(out.chunks(3))
            .filter(|(p, _)| p.z < 0.0)
            .map(|(_, f)| f[2].abs())
            .sum();
        let total: f64 = out.chunks(3).map(|f| f[2]).sum();
        assert!(
            (total + 5.0).abs() < 1e-6,
            "the plate is pushed down by 1e4 × 0.5 mm = 5 N, got {total}"
        );
        match kind {
            TouchKind::Mesh => assert_eq!(bottom_load, 0.0),
            TouchKind::Points => assert!(bottom_load > 0.1, "point touch leaks to the far side"),
        }
    }
}
