//! The unknowns of one IK solve and the recipe of its Jacobian, prepared once per solve.

use std::ops::Range;

use nalgebra::{Isometry3, Vector3};

use super::target::IkTarget;
use crate::configuration::sampling_range;
use crate::{Joint, JointId, JointKind, KinematicsError, Model, Result};

pub(crate) const INACTIVE: usize = usize::MAX;

/// An active one-value joint: its column, configuration index, limits and sampling range.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScalarColumn {
    pub col: usize,
    pub idx_q: usize,
    pub lower: f64,
    pub upper: f64,
    pub sample: (f64, f64),
}

/// One contribution to the Jacobian of a target: the motion of `child` about or along `axis`
/// (in the child frame) adds `scale` times its effect to column `col`.
#[derive(Clone, Copy, Debug)]
struct Entry {
    child: usize,
    col: usize,
    scale: f64,
    axis: Vector3<f64>,
    rotational: bool,
}

/// Active columns and Jacobian entries of a solve.
#[derive(Clone, Debug, Default)]
pub(crate) struct Problem {
    /// Number of active columns.
    pub n: usize,
    /// Number of residual rows.
    pub m: usize,
    col_of_v: Vec<usize>,
    pub scalars: Vec<ScalarColumn>,
    /// Active floating joints: first column (6 consecutive) and first configuration index.
    pub floating: Vec<(usize, usize)>,
    /// Active ball joints: first column (3 consecutive) and first configuration index.
    pub balls: Vec<(usize, usize)>,
    entries: Vec<Entry>,
    ranges: Vec<Range<usize>>,
}

impl Problem {
    /// Chooses the active joints (the given ones, or all moving joints on the targets' paths,
    /// mimic joints standing for their leaders) and lists the Jacobian entries.
    pub fn setup(
        &mut self,
        model: &Model,
        targets: &[IkTarget],
        active: Option<&[JointId]>,
    ) -> Result<()> {
        self.n = 0;
        self.col_of_v.clear();
        self.col_of_v.resize(model.nv(), INACTIVE);
        self.scalars.clear();
        self.floating.clear();
        self.balls.clear();
        self.entries.clear();
        self.ranges.clear();
        match active {
            Some(list) => {
                for &id in list {
                    let joint = model.joints().get(id.index()).ok_or_else(|| {
                        KinematicsError::invalid(
                            "IK active joint",
                            format!("id {} is not in the model", id.index()),
                        )
                    })?;
                    if joint.mimic().is_some() {
                        return Err(KinematicsError::invalid(
                            format!("IK active joint \"{}\"", joint.name()),
                            "it mimics another joint; activate the joint it follows instead",
                        ));
                    }
                    self.activate(model, joint);
                }
            }
            None => {
                for t in targets {
                    for j in model.moving_joint_path(model.frame(t.frame).link()) {
                        let joint = model.joint(j);
                        self.activate(model, joint.mimic().map_or(joint, |m| model.joint(m.joint)));
                    }
                }
            }
        }
        for t in targets {
            let start = self.entries.len();
            for j in model.moving_joint_path(model.frame(t.frame).link()) {
                self.add_entries(model, j);
            }
            self.ranges.push(start..self.entries.len());
        }
        self.m = targets.iter().map(IkTarget::rows).sum();
        Ok(())
    }

    fn activate(&mut self, model: &Model, joint: &Joint) {
        if joint.nv() == 0 || self.col_of_v[joint.idx_v()] != INACTIVE {
            return;
        }
        let first = self.n;
        for k in 0..joint.nv() {
            self.col_of_v[joint.idx_v() + k] = self.n;
            self.n += 1;
        }
        if joint.kind() == JointKind::Floating {
            self.floating.push((first, joint.idx_q()));
        } else if joint.kind() == JointKind::Ball {
            self.balls.push((first, joint.idx_q()));
        } else {
            let iq = joint.idx_q();
            let (lower, upper) = (model.lower_limits()[iq], model.upper_limits()[iq]);
            self.scalars.push(ScalarColumn {
                col: first,
                idx_q: iq,
                lower,
                upper,
                sample: sampling_range(joint.kind(), lower, upper),
            });
        }
    }

    fn add_entries(&mut self, model: &Model, id: JointId) {
        let joint = model.joint(id);
        let child = joint.child_link().index();
        match joint.kind() {
            JointKind::Revolute | JointKind::Continuous | JointKind::Prismatic => {
                let Some(source) = joint.source else { return };
                let col = self.col_of_v[source.idx_v];
                if col != INACTIVE {
                    self.entries.push(Entry {
                        child,
                        col,
                        scale: source.multiplier,
                        axis: joint.axis().into_inner(),
                        rotational: joint.kind() != JointKind::Prismatic,
                    });
                }
            }
            JointKind::Floating => {
                let col = self.col_of_v[joint.idx_v()];
                if col != INACTIVE {
                    // The linear velocity is in the joint's origin frame, fixed to the moving
                    // link above the joint.
                    let (base, origin) = model.folded_origin(id);
                    for i in 0..3 {
                        let axis = Vector3::ith(i, 1.0);
                        self.entries.push(Entry {
                            child: *base,
                            col: col + i,
                            scale: 1.0,
                            axis: origin.rotation * axis,
                            rotational: false,
                        });
                        self.entries.push(Entry {
                            child,
                            col: col + 3 + i,
                            scale: 1.0,
                            axis,
                            rotational: true,
                        });
                    }
                }
            }
            JointKind::Ball => {
                let col = self.col_of_v[joint.idx_v()];
                if col != INACTIVE {
                    for i in 0..3 {
                        self.entries.push(Entry {
                            child,
                            col: col + i,
                            scale: 1.0,
                            axis: Vector3::ith(i, 1.0),
                            rotational: true,
                        });
                    }
                }
            }
            JointKind::Fixed => {}
        }
    }

    /// Writes the weighted Jacobian rows (row-major, `m x n`) of all targets, whose frames are
    /// at `poses`, from the link placements `world`.
    pub fn jacobian(
        &self,
        targets: &[IkTarget],
        poses: &[Isometry3<f64>],
        world: &[Isometry3<f64>],
        jac: &mut [f64],
    ) {
        let n = self.n;
        jac.fill(0.0);
        let mut row = 0;
        for ((t, pose), range) in targets.iter().zip(poses).zip(&self.ranges) {
            let point = pose.translation.vector;
            let (wp, wo) = (t.position_weight.sqrt(), t.orientation_weight.sqrt());
            let rows = t.rows();
            for e in &self.entries[range.clone()] {
                let placement = &world[e.child];
                let axis = placement.rotation * e.axis;
                let (linear, angular) = if e.rotational {
                    (axis.cross(&(point - placement.translation.vector)), axis)
                } else {
                    (axis, Vector3::zeros())
                };
                for k in 0..3 {
                    jac[(row + k) * n + e.col] += e.scale * wp * linear[k];
                }
                if rows == 6 {
                    for k in 0..3 {
                        jac[(row + 3 + k) * n + e.col] += e.scale * wo * angular[k];
                    }
                }
            }
            row += rows;
        }
    }
}
