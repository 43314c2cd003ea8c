//! Writes an IK benchmark targets file from random configurations within the joint limits.
//!
//! ```text
//! cargo run --release -p morsel-kinematics --example gen_ik_targets -- \
//!     URDF BASE_LINK TIP_LINK COUNT SEED OUT.json
//! ```
//! Each case's target is the tip pose (in the base frame) at one random configuration, and
//! its `seed_random` is another, independent random configuration.

#[path = "common/targets.rs"]
mod targets;

use std::error::Error;

use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{Data, Model, forward_kinematics};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use targets::{TargetCase, TargetsFile};

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [urdf, base, tip, count, seed, out] = args.as_slice() else {
        return Err("usage: gen_ik_targets URDF BASE_LINK TIP_LINK COUNT SEED OUT.json".into());
    };
    let model = load_file(urdf, &UrdfOptions::kinematics_only())?;
    let base_link = model.link_id(base)?;
    let tip_frame = model.frame_id(tip)?;
    let base_joints = model.moving_joint_path(base_link).to_vec();
    // The joints between base and tip that own a value.
    let joints: Vec<_> = model
        .moving_joint_path(model.frame(tip_frame).link())
        .iter()
        .filter(|j| !base_joints.contains(j))
        .map(|&j| model.joint(j))
        .filter(|j| j.nq() == 1)
        .collect();
    let joint_names: Vec<String> = joints.iter().map(|j| j.name().to_owned()).collect();
    let seed_mid: Vec<f64> = joints
        .iter()
        .map(|j| 0.5 * (j.limits().lower + j.limits().upper))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.parse()?);
    let mut data = Data::new(&model);
    let random = |rng: &mut ChaCha8Rng| -> Vec<f64> {
        joints
            .iter()
            .map(|j| rng.random_range(j.limits().lower..=j.limits().upper))
            .collect()
    };
    let mut cases = Vec::new();
    for _ in 0..count.parse::<usize>()? {
        let goal = random(&mut rng);
        let q = configuration(&model, &joint_names, &goal)?;
        forward_kinematics(&model, &mut data, q.as_slice())?;
        let base_from_tip =
            data.world_from_link(base_link).inverse() * data.world_from_frame(tip_frame);
        let t = base_from_tip.translation.vector;
        let r = base_from_tip.rotation.quaternion();
        cases.push(TargetCase {
            pos: [t.x, t.y, t.z],
            quat_xyzw: [r.i, r.j, r.k, r.w],
            seed_random: random(&mut rng),
        });
    }
    let file = TargetsFile {
        joint_names,
        base_link: base.clone(),
        tip_link: tip.clone(),
        seed_mid,
        cases,
    };
    std::fs::write(out, to_json(&file)?)?;
    println!("wrote {} cases to {out}", file.cases.len());
    Ok(())
}

fn configuration(
    model: &Model,
    names: &[String],
    values: &[f64],
) -> morsel_kinematics::Result<nalgebra::DVector<f64>> {
    let pairs: Vec<(&String, f64)> = names.iter().zip(values.iter().copied()).collect();
    model.configuration_from_names(&pairs)
}

/// The file as JSON with one case per line (compact but easy to diff).
fn to_json(file: &TargetsFile) -> Result<String, serde_json::Error> {
    let mut text = String::from("{\n");
    text += &format!(
        "  \"joint_names\": {},\n",
        serde_json::to_string(&file.joint_names)?
    );
    text += &format!(
        "  \"base_link\": {},\n",
        serde_json::to_string(&file.base_link)?
    );
    text += &format!(
        "  \"tip_link\": {},\n",
        serde_json::to_string(&file.tip_link)?
    );
    text += &format!(
        "  \"seed_mid\": {},\n",
        serde_json::to_string(&file.seed_mid)?
    );
    text += "  \"cases\": [\n";
    let cases: Vec<String> = file
        .cases
        .iter()
        .map(serde_json::to_string)
        .collect::<Result<_, _>>()?;
    text += &cases
        .iter()
        .map(|c| format!("    {c}"))
        .collect::<Vec<_>>()
        .join(",\n");
    text += "\n  ]\n}\n";
    Ok(text)
}
