//! glTF drawings of touch sensors, taxels and stances, read back with the `gltf` crate and
//! checked against their inputs: one node per sensor group, one arrow per nonzero force (tip
//! on the sensor, length proportional to the force), one rectangle and one cone per contact
//! (apex at the contact point, opening angle atan(μ)), the CoM and the polygon at its height,
//! and the legend in the scene's extras.

#![allow(clippy::unwrap_used)]

mod common;

use common::{Glb, assert_pose, node_pose, out_dir, validate};
use morsel_geometry::Shape;
use morsel_lab::gltf::glyphs::ARROW_COLOUR;
use morsel_lab::gltf::stance_view::{CONE_HEIGHT, stance_drawing};
use morsel_lab::gltf::touch_view::{ARROW_SPACINGS, LONGEST_ARROW};
use morsel_lab::gltf::{self as mgltf, Drawing};
use morsel_sensing::{
    Body, PenaltyLaw, Scene, TaxelConfig, TaxelSensor, Touch, TouchConfig, TouchFunction, TouchKind,
};
use morsel_stability::{Contact, ContactSet, PolygonMethod, Stance};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// A pad (a box, tilted and moved) and a ball pressed 0.5 mm into its top face.
fn pad_and_ball() -> Scene {
    let pad_pose = Isometry3::from_parts(
        Translation3::new(0.3, -0.2, 0.1),
        UnitQuaternion::from_axis_angle(&Vector3::x_axis(), 0.4),
    );
    let mut scene = Scene::new();
    scene
        .add_body(
            Body::new("pad")
                .with_collider(
                    Shape::cuboid(Vector3::new(0.05, 0.05, 0.01)).unwrap(),
                    Isometry3::identity(),
                )
                .unwrap()
                .with_pose(pad_pose),
        )
        .unwrap();
    scene
        .add_body(
            Body::new("ball")
                .with_collider(Shape::sphere(0.02).unwrap(), Isometry3::identity())
                .unwrap()
                .with_pose(pad_pose * Isometry3::translation(0.004, 0.003, 0.0295)),
        )
        .unwrap();
    scene
}

fn touch(scene: &Scene, kind: TouchKind) -> Touch {
    let config = TouchConfig::new(kind)
        .scale("pad", 0.01)
        .touch_function(TouchFunction::ForceVector)
        // Morsel's fixes: MIMo drops this straight press (its x component is zero).
        .mimo_quirks(false);
    let mut touch = Touch::new(scene, &config).unwrap();
    touch.observe(scene, &PenaltyLaw::default()).unwrap();
    touch
}

/// The force on each sensor in the world frame (independent of the drawing code: the group
/// frame is the pad's body frame, or its single collider's frame, the identity here).
fn world_forces(scene: &Scene, touch: &Touch) -> Vec<(Point3<f64>, Vector3<f64>)> {
    let pad = &scene.bodies()[0];
    let positions = touch.sensor_positions("pad").unwrap();
    touch
        .output()
        .chunks(3)
        .zip(positions)
        .map(|(f, p)| {
            (
                pad.pose * p,
                pad.pose.rotation * Vector3::new(f[0], f[1], f[2]),
            )
        })
        .collect()
}

fn check_touch(kind: TouchKind, file: &str) {
    let scene = pad_and_ball();
    let touch = touch(&scene, kind);
    let forces = world_forces(&scene, &touch);
    let nonzero: Vec<usize> = (0..forces.len())
        .filter(|&i| forces[i].1.norm() > 0.0)
        .collect();
    assert!(nonzero.len() > 1, "the ball presses several sensors");
    let largest = forces.iter().map(|f| f.1.norm()).fold(0.0, f64::max);
    let drawing = Drawing::from_touch("pad_touch", &scene, &touch).unwrap();
    let bytes = mgltf::encode(file, &drawing).unwrap();
    std::fs::write(out_dir("gltf-views").join(file), &bytes).unwrap();
    let glb = Glb::parse(&bytes);
    let names = glb.node_names();
    // Two bodies, one sensor group (the pad has one collider), one arrow per nonzero sensor.
    let group = if kind == TouchKind::Mesh {
        "pad"
    } else {
        "pad/geom0"
    };
    assert_eq!(names.len(), 2 + 1 + nonzero.len(), "{names:?}");
    assert_eq!(&names[..3], ["pad", "ball", &format!("{group} sensors")]);
    assert_eq!(glb.gltf.meshes().count(), names.len());
    // The sensor layer sits at the pad's pose and carries one colour per vertex.
    let layer = glb.node(&format!("{group} sensors"));
    assert_pose(
        "sensor layer",
        &node_pose(&layer),
        &scene.bodies()[0].pose,
        1e-6,
    );
    let primitive = layer.mesh().unwrap().primitives().next().unwrap();
    let colours = primitive.get(&gltf::Semantic::Colors(0)).expect("COLOR_0");
    let positions = primitive.get(&gltf::Semantic::Positions).unwrap();
    assert_eq!(colours.count(), positions.count());
    let expected_vertices = if kind == TouchKind::Mesh {
        touch.model().groups()[0].mesh().unwrap().len()
    } else {
        6 * forces.len()
    };
    assert_eq!(positions.count(), expected_vertices);
    // Each arrow ends on its sensor (the ball presses into the pad) and its length is
    // ARROW_SPACINGS sensor spacings (0.01 m) * |f| / largest.
    for i in nonzero {
        let node = glb.node(&format!("{group} force {i}"));
        let (point, force) = forces[i];
        let vertices = glb.world_positions(&node);
        let tip = vertices
            .iter()
            .map(|v| (Point3::from(*v) - point).norm())
            .fold(f64::INFINITY, f64::min);
        assert!(tip < 1e-6, "arrow {i}: tip {tip} m from its sensor");
        let along = force.normalize();
        let extent = vertices
            .iter()
            .map(|v| (point - Point3::from(*v)).dot(&along))
            .fold(0.0, f64::max);
        let expected = ARROW_SPACINGS * 0.01 * force.norm() / largest;
        assert!(
            (extent - expected).abs() < 1e-6,
            "arrow {i}: {extent} vs {expected}"
        );
    }
    let legend = glb.legend();
    assert!(
        legend
            .iter()
            .any(|(label, colour)| label.contains("force arrows") && *colour == ARROW_COLOUR),
        "{legend:?}"
    );
    assert!(
        legend
            .iter()
            .any(|(l, _)| l.contains(&format!("{largest:.4}"))),
        "{legend:?}"
    );
    assert_eq!(legend.len(), drawing.legend.len());
}

#[test]
fn mesh_touch_draws_its_sensor_mesh_coloured_and_an_arrow_per_pressed_sensor() {
    check_touch(TouchKind::Mesh, "touch_mesh.glb");
}

#[test]
fn point_touch_draws_a_marker_per_sensor_and_an_arrow_per_pressed_sensor() {
    check_touch(TouchKind::Points, "touch_points.glb");
}

/// A fingertip with three probes over a block whose top face is at z = 0: the probes at
/// z = 0 sink 1 cm (10 N up at the default stiffness), the one at z = 0.1 touches nothing.
fn taxel_setup() -> (Scene, TaxelConfig) {
    let mut scene = Scene::new();
    scene
        .add_body(Body::new("fingertip").with_pose(Isometry3::translation(0.1, 0.0, 0.0)))
        .unwrap();
    scene
        .add_body(
            Body::new("block")
                .with_collider(
                    Shape::cuboid(Vector3::new(0.1, 0.1, 0.05)).unwrap(),
                    Isometry3::identity(),
                )
                .unwrap()
                .with_pose(Isometry3::translation(0.1, 0.0, -0.05)),
        )
        .unwrap();
    let config = TaxelConfig {
        probe_local_pos: vec![
            Point3::new(0.0, 0.0, 0.0),
            Point3::new(0.0, 0.0, 0.1),
            Point3::new(0.02, 0.01, 0.0),
        ],
        ..TaxelConfig::new("fingertip")
    };
    (scene, config)
}

#[test]
fn taxels_draw_their_probes_and_an_arrow_per_probe_with_a_force() {
    let (scene, config) = taxel_setup();
    let mut sensor = TaxelSensor::new(config.clone(), &scene).unwrap();
    let reading = sensor.read_ground_truth(&scene).unwrap();
    let drawing = Drawing::from_taxels("taxels", &scene, &config, Some(&reading)).unwrap();
    let bytes = mgltf::encode("taxels.glb", &drawing).unwrap();
    std::fs::write(out_dir("gltf-views").join("taxels.glb"), &bytes).unwrap();
    let glb = Glb::parse(&bytes);
    assert_eq!(
        glb.node_names(),
        [
            "fingertip",
            "block",
            "fingertip taxels",
            "fingertip taxel force 0",
            "fingertip taxel force 2"
        ]
    );
    // The fingertip has no geometry: meshes for the block, the probes and two arrows.
    assert_eq!(glb.gltf.meshes().count(), 4);
    let probes = glb.world_positions(&glb.node("fingertip taxels"));
    assert_eq!(probes.len(), 3 * 6);
    // Both forces are 10 N straight up: two arrows of LONGEST_ARROW ending on their probes.
    for (i, probe) in [
        (0, Point3::new(0.1, 0.0, 0.0)),
        (2, Point3::new(0.12, 0.01, 0.0)),
    ] {
        let v = glb.world_positions(&glb.node(&format!("fingertip taxel force {i}")));
        let top = v.iter().map(|p| p[2]).fold(f64::NEG_INFINITY, f64::max);
        let bottom = v.iter().map(|p| p[2]).fold(f64::INFINITY, f64::min);
        assert!(
            top.abs() < 1e-6 && (bottom + LONGEST_ARROW).abs() < 1e-6,
            "{top} {bottom}"
        );
        assert!(v.iter().any(|p| (Point3::from(*p) - probe).norm() < 1e-6));
    }
    // No reading: probes only.
    let quiet = Drawing::from_taxels("taxels", &scene, &config, None).unwrap();
    assert_eq!(quiet.parts.len(), 3);
}

fn two_feet() -> Stance {
    let left = Contact::new([0.11, 0.05], Isometry3::translation(0.0, 0.15, 0.0), 0.7).unwrap();
    let tilt = UnitQuaternion::from_axis_angle(&Vector3::x_axis(), 0.2);
    let right = Contact::new(
        [0.11, 0.05],
        Isometry3::from_parts(Translation3::new(0.05, -0.15, 0.02), tilt),
        0.5,
    )
    .unwrap();
    Stance::new(
        Point3::new(0.01, 0.02, 0.8),
        38.0,
        ContactSet::new(vec![left, right]).unwrap(),
    )
    .unwrap()
}

#[test]
fn a_stance_draws_contacts_cones_the_com_and_the_polygon_at_com_height() {
    let stance = two_feet();
    let drawing = stance_drawing("stance", &stance).unwrap();
    let bytes = mgltf::encode("stance.glb", &drawing).unwrap();
    std::fs::write(out_dir("gltf-views").join("stance.glb"), &bytes).unwrap();
    let glb = Glb::parse(&bytes);
    assert_eq!(
        glb.node_names(),
        [
            "contact 0",
            "friction cone 0",
            "contact 1",
            "friction cone 1",
            "com",
            "static polygon"
        ]
    );
    for (i, c) in stance.contacts().contacts().iter().enumerate() {
        // The rectangle's corners are the contact's vertices.
        let corners = glb.world_positions(&glb.node(&format!("contact {i}")));
        for v in c.vertices() {
            assert!(corners.iter().any(|p| (Point3::from(*p) - v).norm() < 1e-6));
        }
        // The cone: apex at the contact point, base CONE_HEIGHT along the normal with radius
        // μ·CONE_HEIGHT.
        let cone = glb.world_positions(&glb.node(&format!("friction cone {i}")));
        let (p, n) = (c.position(), c.normal());
        assert!(cone.iter().any(|v| (Point3::from(*v) - p).norm() < 1e-6));
        let height = cone
            .iter()
            .map(|v| (Point3::from(*v) - p).dot(&n))
            .fold(0.0, f64::max);
        assert!((height - CONE_HEIGHT).abs() < 1e-6);
        let radius = cone
            .iter()
            .map(|v| {
                let d = Point3::from(*v) - p;
                (d - n * d.dot(&n)).norm()
            })
            .fold(0.0, f64::max);
        assert!(
            (radius - c.friction() * CONE_HEIGHT).abs() < 1e-6,
            "{radius}"
        );
    }
    let com = glb.node("com");
    assert_pose(
        "com",
        &node_pose(&com),
        &Isometry3::translation(0.01, 0.02, 0.8),
        1e-6,
    );
    // The polygon (computed here again, by a second method) lies at the CoM height.
    let polygon = stance
        .static_equilibrium_polygon(PolygonMethod::Hull)
        .unwrap();
    let drawn = glb.world_positions(&glb.node("static polygon"));
    assert!(drawn.iter().all(|p| (p[2] - 0.8).abs() < 1e-6));
    for v in polygon.vertices() {
        let nearest = drawn
            .iter()
            .map(|p| ((p[0] - v[0]).powi(2) + (p[1] - v[1]).powi(2)).sqrt())
            .fold(f64::INFINITY, f64::min);
        assert!(
            nearest < 1e-3,
            "hull vertex {v:?} is {nearest} m from the drawing"
        );
    }
    assert!(
        glb.legend()
            .iter()
            .any(|(l, _)| l.contains("static-equilibrium polygon"))
    );
}

#[test]
fn what_cannot_be_drawn_is_refused_with_clear_errors() {
    let scene = pad_and_ball();
    let t = touch(&scene, TouchKind::Mesh);
    let err = Drawing::from_touch("t", &Scene::new(), &t).unwrap_err();
    assert!(err.contains("body"), "{err}");
    let (scene, config) = taxel_setup();
    let other = TaxelConfig::new("nowhere");
    let err = Drawing::from_taxels("t", &scene, &other, None).unwrap_err();
    assert!(err.contains("nowhere"), "{err}");
    let mut sensor = TaxelSensor::new(config.clone(), &scene).unwrap();
    let reading = sensor.read(&scene).unwrap();
    let fewer = TaxelConfig {
        probe_local_pos: vec![Point3::origin()],
        ..config
    };
    let err = Drawing::from_taxels("t", &scene, &fewer, Some(&reading)).unwrap_err();
    assert!(err.contains("does not fit 1 probes"), "{err}");
}

#[test]
fn khronos_validator_finds_no_error_in_sensor_and_stance_views() {
    let dir = out_dir("gltf-views").join("validator");
    std::fs::create_dir_all(&dir).unwrap();
    let scene = pad_and_ball();
    let mut drawings = vec![
        (
            "touch_mesh.glb",
            Drawing::from_touch("m", &scene, &touch(&scene, TouchKind::Mesh)).unwrap(),
        ),
        (
            "touch_points.gltf",
            Drawing::from_touch("p", &scene, &touch(&scene, TouchKind::Points)).unwrap(),
        ),
        ("stance.glb", stance_drawing("stance", &two_feet()).unwrap()),
    ];
    let (scene, config) = taxel_setup();
    let reading = TaxelSensor::new(config.clone(), &scene)
        .unwrap()
        .read(&scene)
        .unwrap();
    drawings.push((
        "taxels.glb",
        Drawing::from_taxels("taxels", &scene, &config, Some(&reading)).unwrap(),
    ));
    let mut files = Vec::new();
    for (name, drawing) in &drawings {
        let path = dir.join(name);
        std::fs::write(&path, mgltf::encode(name, drawing).unwrap()).unwrap();
        files.push(path);
    }
    validate(&files);
}
