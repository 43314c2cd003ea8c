//! Resolving chains of mimic joints (a joint that follows a joint that follows another...) to
//! the joint with a value of its own at the end of each chain.
//!
//! Each joint is resolved once and its result reused by every chain that passes through it, so
//! the work is linear in the number of joints (a chain of 20,000 mimics, each following the
//! previous one, resolves in one pass instead of 20,000 walks).

use std::collections::HashMap;

use crate::joint_spec::JointSpec;
use crate::{KinematicsError, Result};

/// For each joint with a mimic, `(leader, multiplier, offset)` such that
/// `value(joint) = multiplier * value(leader) + offset`, where `leader` has a value of its own;
/// `None` for joints without a mimic. A chain naming an unknown joint, or a loop of mimics,
/// is an error.
pub(crate) fn resolve(
    joints: &[JointSpec],
    joint_by_name: &HashMap<&str, usize>,
) -> Result<Vec<Option<(usize, f64, f64)>>> {
    let n = joints.len();
    // The resolution of every joint visited so far: (leader, multiplier, offset); a joint
    // without a mimic is its own leader.
    let mut resolved: Vec<Option<(usize, f64, f64)>> = vec![None; n];
    let mut on_path = vec![false; n];
    let mut path = Vec::new();
    for start in 0..n {
        path.clear();
        let mut j = start;
        let mut end = loop {
            if let Some(done) = resolved[j] {
                break done;
            }
            let Some(mimic) = &joints[j].mimic else {
                resolved[j] = Some((j, 1.0, 0.0));
                break (j, 1.0, 0.0);
            };
            if on_path[j] {
                return Err(KinematicsError::InvalidModel(format!(
                    "joint \"{}\" is part of a loop of mimic joints",
                    joints[start].name
                )));
            }
            on_path[j] = true;
            path.push(j);
            j = *joint_by_name.get(mimic.joint.as_str()).ok_or_else(|| {
                KinematicsError::InvalidModel(format!(
                    "joint \"{}\" mimics unknown joint \"{}\"",
                    joints[j].name, mimic.joint
                ))
            })?;
        };
        // Unwind: value(p) = m_p * value(next) + o_p, and value(next) = m * value(leader) + o.
        for &p in path.iter().rev() {
            on_path[p] = false;
            if let Some(mimic) = &joints[p].mimic {
                let (leader, m, o) = end;
                end = (
                    leader,
                    mimic.multiplier * m,
                    mimic.multiplier * o + mimic.offset,
                );
            }
            resolved[p] = Some(end);
        }
    }
    Ok(joints
        .iter()
        .zip(resolved)
        .map(|(spec, r)| r.filter(|_| spec.mimic.is_some()))
        .collect())
}
