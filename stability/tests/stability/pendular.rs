//! The ZMP support area and the CoM acceleration cone against pymanoid's own functions
//! (reference data made by `stability/tests/peers/pymanoid_pendular.py`).

use super::*;

fn numbers(value: &serde_json::Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn pairs(value: &serde_json::Value) -> Vec<[f64; 2]> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            let v = numbers(v);
            [v[0], v[1]]
        })
        .collect()
}

fn stance_of(case: &serde_json::Value) -> Stance {
    let contacts = case["contacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let shape = numbers(&c["shape"]);
            let pos = numbers(&c["pos"]);
            let rpy = numbers(&c["rpy"]);
            Contact::from_pos_rpy(
                [shape[0], shape[1]],
                [pos[0], pos[1], pos[2]],
                [rpy[0], rpy[1], rpy[2]],
                c["friction"].as_f64().unwrap(),
            )
            .unwrap()
        })
        .collect();
    let com = numbers(&case["com"]);
    Stance::new(
        Point3::new(com[0], com[1], com[2]),
        42.0,
        ContactSet::new(contacts).unwrap(),
    )
    .unwrap()
}

/// Largest distance from a vertex of `from` to the nearest vertex of `to`.
fn farthest_vertex(from: &[[f64; 2]], to: &[[f64; 2]]) -> f64 {
    from.iter()
        .map(|v| {
            to.iter()
                .map(|p| (p[0] - v[0]).hypot(p[1] - v[1]))
                .fold(f64::INFINITY, f64::min)
        })
        .fold(0.0, f64::max)
}

/// Same polygon, vertex for vertex both ways (the peer's list may repeat a vertex), and as
/// regions. Returns the largest vertex distance.
fn assert_same(morsel: &StaticPolygon, peer: &[[f64; 2]], tolerance: f64, what: &str) -> f64 {
    let Some(ours) = morsel.polygon() else {
        panic!("{what}: {morsel:?}")
    };
    let worst = farthest_vertex(ours.vertices(), peer).max(farthest_vertex(peer, ours.vertices()));
    assert!(
        worst < tolerance,
        "{what}: vertices {worst:.2e} apart: {ours:?} {peer:?}"
    );
    let hull = ConvexPolygon::convex_hull(peer).unwrap();
    assert!(ours.hausdorff_distance(&hull) < tolerance);
    worst
}

#[test]
fn pendular_sets_equal_pymanoid() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/pymanoid_pendular.json")).unwrap();
    let (mut zmp_worst, mut bretl_worst, mut cone_worst): (f64, f64, f64) = (0.0, 0.0, 0.0);
    for (i, case) in data["cases"].as_array().unwrap().iter().enumerate() {
        let stance = stance_of(case);
        let mut unbounded = false;
        for area in case["zmp_areas"].as_array().unwrap() {
            let height = area["height"].as_f64().unwrap();
            let ours = stance.zmp_support_area(height).unwrap();
            let what = format!("case {i}, ZMP area at {height}");
            let peer = pairs(&area["bretl"]);
            // pypoman's Bretl method clips the projection to a box of half-size 1e5: an area
            // reaching it is unbounded.
            if peer.iter().flatten().any(|v| v.abs() > 1e4) {
                assert!(
                    matches!(ours, StaticPolygon::Unbounded { .. }),
                    "{what}: {ours:?}"
                );
                unbounded = true;
                continue;
            }
            // pypoman's Bretl method stops on an area threshold, so its polygon is an inner
            // approximation: each of its vertices is one of Morsel's.
            let polygon = ours.polygon().unwrap();
            let inner = farthest_vertex(&peer, polygon.vertices());
            assert!(inner < 1e-9, "{what}: {inner:.2e}: {ours:?} {peer:?}");
            bretl_worst = bretl_worst.max(inner);
            // The exact area is the exact reduced cone (pymanoid's polar hull) mapped by
            // c_xy + (h − c_z) (a, b).
            let com = stance.com();
            let mapped: Vec<[f64; 2]> = pairs(&case["accel_reduced"])
                .iter()
                .map(|&[a, b]| [com.x + (height - com.z) * a, com.y + (height - com.z) * b])
                .collect();
            zmp_worst = zmp_worst.max(assert_same(&ours, &mapped, 1e-9, &what));
        }
        let cone = stance.com_acceleration_cone(None).unwrap();
        let what = format!("case {i}, reduced acceleration cone");
        if unbounded {
            // The ZMP area is the reduced cone scaled and shifted, so the cone is unbounded too;
            // pymanoid's `compute_polygon_hull` (a polar hull that assumes a bounded polygon
            // around the origin) returns a bounded polygon there, which is not the set.
            assert!(
                matches!(cone.reduced, StaticPolygon::Unbounded { .. }),
                "{what}"
            );
            assert!(cone.vertices.is_empty());
            continue;
        }
        cone_worst = cone_worst.max(assert_same(
            &cone.reduced,
            &pairs(&case["accel_reduced"]),
            1e-9,
            &what,
        ));
        let peer: Vec<Vec<f64>> = case["accel_cone"]
            .as_array()
            .unwrap()
            .iter()
            .map(numbers)
            .collect();
        // pymanoid's list may repeat a vertex (within 1e-12) or keep a collinear one: compare
        // both ways by nearest vertex.
        assert_eq!(cone.vertices[0], [0.0, 0.0, -9.81]);
        let ours: Vec<Vec<f64>> = cone.vertices.iter().map(|v| v.to_vec()).collect();
        let distance = |a: &[f64], b: &[f64]| {
            a.iter()
                .zip(b)
                .map(|(x, y)| (x - y) * (x - y))
                .sum::<f64>()
                .sqrt()
        };
        for (from, to) in [(&ours, &peer), (&peer, &ours)] {
            for v in from {
                let nearest = to
                    .iter()
                    .map(|p| distance(p, v))
                    .fold(f64::INFINITY, f64::min);
                assert!(nearest < 1e-8, "{what}: cone vertex {v:?}");
            }
        }
    }
    eprintln!(
        "largest vertex distance to pymanoid: ZMP areas {zmp_worst:.2e} m (to its Bretl vertices \
         {bretl_worst:.2e} m), reduced cones {cone_worst:.2e}"
    );
}

/// The ZMP area at the contacts' height of flat feet is their convex hull, and at the CoM's
/// height it is the CoM's point (reported empty).
#[test]
fn zmp_area_closed_forms() {
    let stance = Stance::new(Point3::new(0.01, 0.0, 0.8), 38.0, two_feet()).unwrap();
    let area = stance.zmp_support_area(0.0).unwrap();
    let hull =
        ConvexPolygon::convex_hull(&[[0.11, 0.2], [-0.11, 0.2], [-0.11, -0.2], [0.11, -0.2]])
            .unwrap();
    assert!(area.polygon().unwrap().hausdorff_distance(&hull) < 1e-12);
    assert!(matches!(
        stance.zmp_support_area(0.8).unwrap(),
        StaticPolygon::Empty { .. }
    ));
    assert!(matches!(
        stance.zmp_support_area(f64::NAN),
        Err(StabilityError::NonFinite { .. })
    ));
    assert!(matches!(
        stance.com_acceleration_cone(Some(-20.0)),
        Err(StabilityError::OutOfRange { .. })
    ));
}
