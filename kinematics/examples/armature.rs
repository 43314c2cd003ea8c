//! A MORSE-style armature experiment: a three-joint chain rotated, driven along a trajectory,
//! then steered by an IK target moved at speed, with an armature pose sensor recorded each tick.
//!
//! ```text
//! cargo run -p morsel-kinematics --example armature > pose.csv
//! ```
//! Prints the sensor's readings as CSV (`time` then one column per joint) and, on stderr,
//! when each motion completes.

use std::error::Error;

use morsel_kinematics::{
    Armature, ArmaturePoseSensor, ChainBuilder, IkTargetKind, Trajectory, TrajectoryPoint,
};

const DT: f64 = 0.01;

fn main() -> Result<(), Box<dyn Error>> {
    let model = ChainBuilder::new("arm")
        .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-2.9, 2.9])
        .revolute("elbow", [0.0, 1.0, 0.0], [0.0, 0.0, 0.4], [-2.0, 2.0])
        .prismatic("slide", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [0.0, 0.1])
        .build()?;
    let mut arm = Armature::new("arm", model)?;
    arm.set_property("AngleTolerance", 0.01)?;
    let mut sensor = ArmaturePoseSensor::new();

    // 1. Rotate the shoulder by 1 rad at the default 0.8 rad/s (non-blocking).
    arm.rotate("shoulder", 1.0, None)?;
    run(&mut arm, &mut sensor, 1.5)?;

    // 2. A trajectory: elbow and slide through two waypoints, with velocities (cubic Hermite).
    let point = |positions: Vec<f64>, velocities: Vec<f64>, t: f64| TrajectoryPoint {
        positions,
        velocities: Some(velocities),
        time_from_start: t,
    };
    arm.trajectory(&Trajectory {
        start_time: None,
        points: vec![
            point(vec![1.0, 0.6, 0.05], vec![0.0, 0.3, 0.0], 1.0),
            point(vec![1.0, 0.8, 0.05], vec![0.0, 0.0, 0.0], 2.0),
        ],
    })?;
    run(&mut arm, &mut sensor, 2.5)?;

    // 3. A position IK target on the tip, moved 5 cm down at 5 cm/s.
    arm.create_ik_target("slide", IkTargetKind::Position)?;
    arm.move_ik_target("slide", [0.0, 0.0, -0.05], [0.0; 3], true, Some(0.05), None)?;
    run(&mut arm, &mut sensor, 2.5)?;

    let joints = arm.get_joints();
    println!("time,{}", joints.join(","));
    for reading in sensor.readings() {
        let values: Vec<String> = reading
            .joints
            .iter()
            .map(|(_, v)| format!("{v:.6}"))
            .collect();
        println!("{:.2},{}", reading.time, values.join(","));
    }
    Ok(())
}

/// Ticks the armature for `seconds`, sampling the sensor after every tick.
fn run(
    arm: &mut Armature,
    sensor: &mut ArmaturePoseSensor,
    seconds: f64,
) -> Result<(), Box<dyn Error>> {
    let ticks = (seconds / DT).round() as usize;
    for _ in 0..ticks {
        let report = arm.tick(DT)?;
        for warning in &report.warnings {
            eprintln!("t = {:.2} s: warning: {warning}", report.time);
        }
        if let Some(kind) = report.completed {
            eprintln!("t = {:.2} s: {kind:?} motion completed", report.time);
        }
        sensor.sample(arm);
    }
    Ok(())
}
