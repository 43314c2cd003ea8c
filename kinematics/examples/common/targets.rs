//! The IK benchmark targets file, shared by the `gen_ik_targets` and `ik_bench` examples.

use serde::{Deserialize, Serialize};

/// A set of IK cases for one robot chain.
#[derive(Debug, Serialize, Deserialize)]
pub struct TargetsFile {
    /// The joints the solver moves, in the order of the seeds.
    pub joint_names: Vec<String>,
    /// The link the target poses are expressed in.
    pub base_link: String,
    /// The frame that must reach the targets.
    pub tip_link: String,
    /// Middle of the joint ranges, one value per joint.
    pub seed_mid: Vec<f64>,
    /// The cases.
    pub cases: Vec<TargetCase>,
}

/// One IK case.
#[derive(Debug, Serialize, Deserialize)]
pub struct TargetCase {
    /// Target position of the tip in the base frame (m).
    pub pos: [f64; 3],
    /// Target orientation of the tip in the base frame, quaternion x, y, z, w.
    pub quat_xyzw: [f64; 4],
    /// A random configuration within limits to start from, one value per joint.
    pub seed_random: Vec<f64>,
}
