//! A tour of the algorithms on the Franka Panda: forward kinematics, a Jacobian in each
//! convention, the centre of mass, and inverse kinematics back to a pose.
//!
//! ```text
//! cargo run --release -p morsel-kinematics --example panda_tour
//! ```

use std::error::Error;

use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{
    Data, IkOptions, IkSolver, IkTarget, JacobianConvention, center_of_mass, forward_kinematics,
    frame_jacobian,
};
use nalgebra::Matrix6xX;

fn main() -> Result<(), Box<dyn Error>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/panda/panda.urdf"
    );
    let model = load_file(path, &UrdfOptions::default())?;
    println!(
        "{}: {} links, {} joints, nq = {}, nv = {}",
        model.name(),
        model.links().len(),
        model.joints().len(),
        model.nq(),
        model.nv()
    );
    for entry in model.configuration_layout() {
        println!(
            "  q[{}] {} ({})",
            entry.idx_q,
            entry.joint,
            entry.kind.name()
        );
    }

    let mut data = Data::new(&model);
    let q = model.configuration_from_names(&[
        ("panda_joint2", 0.3),
        ("panda_joint4", -1.8),
        ("panda_joint6", 2.0),
    ])?;
    forward_kinematics(&model, &mut data, q.as_slice())?;
    let tcp = model.frame_id("panda_hand_tcp")?;
    let pose = *data.world_from_frame(tcp);
    println!("TCP at {:.4?}", pose.translation.vector.as_slice());

    let mut jacobian = Matrix6xX::zeros(model.nv());
    for convention in [
        JacobianConvention::World,
        JacobianConvention::Local,
        JacobianConvention::LocalWorldAligned,
    ] {
        frame_jacobian(
            &model,
            &mut data,
            q.as_slice(),
            tcp,
            convention,
            &mut jacobian,
        )?;
        println!(
            "{convention:?} Jacobian, column of panda_joint1: {:.4?}",
            jacobian.column(0).as_slice()
        );
    }
    let com = center_of_mass(&model, &mut data, q.as_slice())?;
    println!(
        "centre of mass {:.4?} ({:.3} kg)",
        com.coords.as_slice(),
        model.total_mass()
    );

    let mut solver = IkSolver::new(&model);
    let target = IkTarget::pose(&model, tcp, pose)?;
    let result = solver.solve(
        &model,
        &[target],
        model.mid_configuration().as_slice(),
        &IkOptions::default(),
    )?;
    println!(
        "IK from the mid configuration: {} in {} iterations ({} restarts, {:.1} us), errors {:.1e} m, {:.1e} rad",
        result.status.name(),
        result.iterations,
        result.restarts,
        result.elapsed.as_secs_f64() * 1e6,
        result.max_position_error(),
        result.max_orientation_error()
    );
    Ok(())
}
