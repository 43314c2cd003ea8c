//! A hand-like set of capsule chains presses a ball: mesh and point touch, SVG plots, and
//! taxels on a fingertip.
//!
//! Run with `cargo run --release -p morsel-sensing --example hand_touch [OUT_DIR]`
//! (plots go to `out/sensing` by default).

use std::f64::consts::FRAC_PI_2;
use std::path::PathBuf;
use std::time::Instant;

use morsel_geometry::Shape;
use morsel_sensing::plot::{PlotOptions, View, save_svg};
use morsel_sensing::{
    Body, PenaltyLaw, Result, Scene, TaxelConfig, TaxelSensor, Touch, TouchConfig, TouchFunction,
    TouchKind,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// A palm (box), four fingers of three overlapping capsules each, a two-capsule thumb, and a
/// ball pressed 1 mm into the two middle fingers.
fn hand_scene() -> Result<Scene> {
    let mut scene = Scene::new();
    let along_x =
        |x: f64| Isometry3::new(Vector3::new(x, 0.0, 0.0), Vector3::new(0.0, FRAC_PI_2, 0.0));
    scene.add_body(Body::new("palm").with_collider(
        Shape::cuboid(Vector3::new(0.035, 0.045, 0.01))?,
        Isometry3::identity(),
    )?)?;
    for i in 0..4 {
        let y = -0.0315 + 0.021 * i as f64;
        let mut finger =
            Body::new(format!("finger{i}")).with_pose(Isometry3::translation(0.035, y, 0.0));
        for x in [0.013, 0.037, 0.061] {
            finger = finger.with_collider(Shape::capsule(0.009, 0.011)?, along_x(x))?;
        }
        scene.add_body(finger)?;
    }
    let thumb = Body::new("thumb")
        .with_pose(Isometry3::new(
            Vector3::new(0.0, -0.05, 0.0),
            Vector3::new(0.0, 0.0, -FRAC_PI_2),
        ))
        .with_collider(Shape::capsule(0.01, 0.012)?, along_x(0.014))?
        .with_collider(Shape::capsule(0.01, 0.012)?, along_x(0.04))?;
    scene.add_body(thumb)?;
    scene.add_body(
        Body::new("ball")
            .with_collider(Shape::sphere(0.03)?, Isometry3::identity())?
            .with_pose(Isometry3::translation(0.06, 0.0, 0.0365))
            .with_velocity(Vector3::new(0.02, 0.0, -0.01), Vector3::zeros()),
    )?;
    // Neighbouring parts of the hand overlap at their joints: only the ball makes contacts.
    for a in ["palm", "finger0", "finger1", "finger2", "finger3", "thumb"] {
        for b in ["palm", "finger0", "finger1", "finger2", "finger3", "thumb"] {
            if a < b {
                scene.ignore_pair(a, b)?;
            }
        }
    }
    Ok(scene)
}

fn main() -> Result<()> {
    let out_dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("out/sensing"), PathBuf::from);
    std::fs::create_dir_all(&out_dir).map_err(|source| morsel_sensing::SensingError::Io {
        path: out_dir.clone(),
        source,
    })?;
    let scene = hand_scene()?;
    let law = PenaltyLaw::default();
    let parts = ["palm", "finger0", "finger1", "finger2", "finger3", "thumb"];
    for kind in [TouchKind::Mesh, TouchKind::Points] {
        let mut config = TouchConfig::new(kind).touch_function(TouchFunction::ForceVector);
        for part in parts {
            config = config.scale(part, if part == "palm" { 0.0035 } else { 0.0028 });
        }
        let start = Instant::now();
        let mut touch = Touch::new(&scene, &config)?;
        let built = start.elapsed();
        touch.observe(&scene, &law)?;
        let start = Instant::now();
        for _ in 0..100 {
            touch.observe(&scene, &law)?;
        }
        let observed = start.elapsed() / 100;
        println!(
            "{} touch: {} sensors, built in {:.1} ms, one observation (contacts from geometry) in {:.1} µs on average, {} contacts",
            kind,
            touch.model().sensor_count(),
            built.as_secs_f64() * 1e3,
            observed.as_secs_f64() * 1e6,
            touch.contacts().len()
        );
        let on_ball: Vector3<f64> = touch.contacts().iter().map(|c| c.force).sum();
        println!("  force on the ball from the hand: {on_ball:.4?} N");
        for part in ["finger1", "finger2"] {
            let out = touch.body_output(part)?;
            let loaded = out
                .rows()
                .into_iter()
                .filter(|r| r.iter().any(|x| *x != 0.0))
                .count();
            let total = out.sum_axis(ndarray::Axis(0));
            println!("  {part}: {loaded} loaded sensors, sum of outputs (body frame) {total:.4}");
        }
        let options = PlotOptions::new(format!("{kind} touch: the ball on the fingers"))
            .all_views()
            .arrows(true);
        save_svg(
            out_dir.join(format!("touch_{kind}.svg")),
            &touch.plot_outputs(&scene, &parts, &options)?,
        )?;
        let options = PlotOptions::new("finger1 sensors").views(&[View::Top, View::Isometric]);
        save_svg(
            out_dir.join(format!("sensors_{kind}.svg")),
            &touch.plot_sensors("finger1", &options)?,
        )?;
    }

    // Taxels along the top of finger1, under the ball.
    let config = TaxelConfig {
        probe_local_pos: (0..5)
            .map(|k| Point3::new(0.017 + 0.004 * k as f64, 0.0025, 0.0087))
            .collect(),
        probe_radius: 0.002,
        history_length: 2,
        ..TaxelConfig::new("finger1")
    };
    let mut taxels = TaxelSensor::new(config, &scene)?;
    let reading = taxels.read(&scene)?;
    println!(
        "taxels on finger1, force (envs, history, probes, 3) = {:?}:",
        reading.force.shape()
    );
    for p in 0..5 {
        let f = (0..3)
            .map(|k| reading.force[[0, 0, p, k]])
            .collect::<Vec<_>>();
        println!("  probe {p}: {f:.4?} N");
    }
    println!("plots written to {}", out_dir.display());
    Ok(())
}
