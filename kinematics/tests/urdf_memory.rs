//! Memory of a loaded model grows with the model's size, not with the square of its depth.
//!
//! A test binary of its own with a single test, so that the process's peak resident memory
//! (`VmHWM`) is this test's: a 20,000-link URDF chain (about 5 MB of text) is loaded and
//! evaluated. Storing every link's path from the root, as Morsel once did, took about 3.4 GB
//! on this chain.

use morsel_kinematics::urdf::{UrdfOptions, load_str};
use morsel_kinematics::{Data, JacobianConvention, forward_kinematics, frame_jacobian};

/// The process's peak resident memory in bytes (Linux `VmHWM`), `None` elsewhere.
fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// A serial chain of `n` revolute joints, each link with an inertial, as plain URDF text.
fn chain_urdf(n: usize) -> String {
    let mut s = String::from("<?xml version=\"1.0\"?>\n<robot name=\"chain\">\n");
    for i in 0..=n {
        s.push_str(&format!(
            "<link name=\"l{i}\"><inertial><origin xyz=\"0 0 0.05\"/><mass value=\"0.1\"/>\
             <inertia ixx=\"1e-4\" ixy=\"0\" ixz=\"0\" iyy=\"1e-4\" iyz=\"0\" izz=\"1e-4\"/>\
             </inertial></link>\n"
        ));
    }
    for i in 0..n {
        s.push_str(&format!(
            "<joint name=\"j{i}\" type=\"revolute\"><parent link=\"l{i}\"/><child link=\"l{}\"/>\
             <origin xyz=\"0 0 0.1\" rpy=\"0 0 0\"/><axis xyz=\"0 1 0\"/>\
             <limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/></joint>\n",
            i + 1
        ));
    }
    s.push_str("</robot>\n");
    s
}

#[test]
fn a_20000_link_chain_loads_in_memory_proportional_to_its_size() {
    let n = 20_000;
    let text = chain_urdf(n);
    assert!(text.len() > 4_000_000, "{} bytes", text.len());
    let start = std::time::Instant::now();
    let model = load_str(&text, &UrdfOptions::kinematics_only()).expect("chain loads");
    let mut data = Data::new(&model);
    let q = vec![0.01; model.nq()];
    forward_kinematics(&model, &mut data, &q).expect("fk");
    let tip = model.frame_id(format!("l{n}").as_str()).expect("tip");
    let mut jacobian = nalgebra::Matrix6xX::zeros(model.nv());
    frame_jacobian(
        &model,
        &mut data,
        &q,
        tip,
        JacobianConvention::World,
        &mut jacobian,
    )
    .expect("jacobian");
    let elapsed = start.elapsed();
    assert_eq!(model.nq(), n);
    assert_eq!(jacobian.ncols(), n);
    // Every joint bends the chain by 0.01 rad about y: the tip's height is a sum of cosines.
    let z: f64 = (1..=n).map(|k| 0.1 * (0.01 * (k - 1) as f64).cos()).sum();
    let tip_z = data.world_from_frame(tip).translation.z;
    assert!((tip_z - z).abs() < 1e-9 * n as f64, "{tip_z} vs {z}");
    let Some(peak) = peak_resident_bytes() else {
        eprintln!("no /proc/self/status here: peak memory not measured");
        return;
    };
    eprintln!(
        "20,000-link chain: {} bytes of URDF, loaded and evaluated in {:.2?}, peak resident \
         memory of the test process {:.1} MB",
        text.len(),
        elapsed,
        peak as f64 / 1e6
    );
    // The text itself is 5 MB; the model takes a few hundred bytes per link.
    assert!(
        peak < 100_000_000,
        "peak resident memory {} MB",
        peak / 1_000_000
    );
}
