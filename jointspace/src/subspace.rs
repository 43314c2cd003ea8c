//! The sampled subspace of the configuration space: which joints, over which ranges, with
//! which values for the others.

use morsel_kinematics::{JointId, JointKind, Model};
use serde::{Deserialize, Serialize};

use crate::error::{JointspaceError, Result, check_finite, list_names};

/// A sampled joint, by name or by its index in the configuration vector (the notebook's
/// `q_ind`; with a floating base the first seven values are the base's, so Solo-12's
/// `FL_HAA` is index 7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum JointSelector {
    /// A joint name.
    Name(String),
    /// A configuration index.
    Index(usize),
}

impl From<&str> for JointSelector {
    fn from(name: &str) -> Self {
        JointSelector::Name(name.to_owned())
    }
}

impl From<String> for JointSelector {
    fn from(name: String) -> Self {
        JointSelector::Name(name)
    }
}

impl From<usize> for JointSelector {
    fn from(index: usize) -> Self {
        JointSelector::Index(index)
    }
}

/// One sampled joint of a [`Subspace`].
#[derive(Clone, Debug, PartialEq)]
pub struct SampledJoint {
    /// The joint's name.
    pub name: String,
    /// The joint in the model.
    pub joint: JointId,
    /// Its index in the configuration vector.
    pub idx_q: usize,
    /// Whether it rotates (revolute or continuous), hence may be periodic.
    pub rotational: bool,
    /// The sampled interval `[lo, hi]` (rad or m).
    pub range: [f64; 2],
}

/// The joints a sampler varies, their ranges, and the reference configuration that gives
/// every other joint its value.
#[derive(Clone, Debug, PartialEq)]
pub struct Subspace {
    joints: Vec<SampledJoint>,
    reference: Vec<f64>,
}

impl Subspace {
    /// Resolves the selectors against `model` and checks the ranges and the reference
    /// configuration (the model's neutral configuration when `None`).
    pub fn new(
        model: &Model,
        selectors: &[JointSelector],
        ranges: &[[f64; 2]],
        reference: Option<&[f64]>,
    ) -> Result<Self> {
        if selectors.is_empty() {
            return Err(JointspaceError::invalid(
                "sampled joints",
                "the list is empty; name at least one joint",
            ));
        }
        if ranges.len() != selectors.len() {
            return Err(JointspaceError::WrongLength {
                what: "ranges (one [lo, hi] per sampled joint)".into(),
                expected: selectors.len(),
                got: ranges.len(),
            });
        }
        let mut joints: Vec<SampledJoint> = Vec::with_capacity(selectors.len());
        for (selector, range) in selectors.iter().zip(ranges) {
            let joint = resolve(model, selector)?;
            let j = model.joint(joint);
            if joints.iter().any(|s| s.joint == joint) {
                return Err(JointspaceError::DuplicateJoint {
                    joint: j.name().to_owned(),
                });
            }
            check_range(j.name(), *range)?;
            joints.push(SampledJoint {
                name: j.name().to_owned(),
                joint,
                idx_q: j.idx_q(),
                rotational: j.kind().is_rotational(),
                range: *range,
            });
        }
        let reference = match reference {
            Some(r) => {
                model.check_configuration(r)?;
                r.to_vec()
            }
            None => model.neutral_configuration().as_slice().to_vec(),
        };
        Ok(Subspace { joints, reference })
    }

    /// Number of sampled joints.
    pub fn dim(&self) -> usize {
        self.joints.len()
    }
    /// The sampled joints, in the order given.
    pub fn joints(&self) -> &[SampledJoint] {
        &self.joints
    }
    /// Names of the sampled joints.
    pub fn names(&self) -> Vec<String> {
        self.joints.iter().map(|j| j.name.clone()).collect()
    }
    /// Ranges of the sampled joints.
    pub fn ranges(&self) -> Vec<[f64; 2]> {
        self.joints.iter().map(|j| j.range).collect()
    }
    /// The reference configuration (full length; its sampled entries are overwritten).
    pub fn reference(&self) -> &[f64] {
        &self.reference
    }

    /// Writes the full configuration for subspace point `point` into `out` (no checks; `out`
    /// starts as a copy of the reference).
    #[inline]
    pub(crate) fn write(&self, point: &[f64], out: &mut [f64]) {
        for (j, &v) in self.joints.iter().zip(point) {
            out[j.idx_q] = v;
        }
    }

    /// The full configuration for subspace point `point`.
    pub fn full_configuration(&self, point: &[f64]) -> Result<Vec<f64>> {
        self.check_point(point)?;
        let mut q = self.reference.clone();
        self.write(point, &mut q);
        Ok(q)
    }

    /// Checks the length and finiteness of a subspace point.
    pub fn check_point(&self, point: &[f64]) -> Result<()> {
        if point.len() != self.dim() {
            return Err(JointspaceError::WrongLength {
                what: "subspace point (one value per sampled joint)".into(),
                expected: self.dim(),
                got: point.len(),
            });
        }
        for (j, &v) in self.joints.iter().zip(point) {
            check_finite(|| format!("value of joint \"{}\"", j.name), v)?;
        }
        Ok(())
    }
}

/// The joint a selector names; it must own exactly one configuration value.
fn resolve(model: &Model, selector: &JointSelector) -> Result<JointId> {
    let samplable = || {
        list_names(
            model
                .joints()
                .iter()
                .filter(|j| j.nq() == 1)
                .map(|j| j.name()),
        )
    };
    match selector {
        JointSelector::Name(name) => {
            let id = model
                .joint_id(name)
                .map_err(|_| JointspaceError::UnknownJoint {
                    name: name.clone(),
                    known: samplable(),
                })?;
            let joint = model.joint(id);
            if joint.nq() != 1 {
                let what = if joint.mimic().is_some() {
                    "a mimic joint (it has no value of its own)"
                } else {
                    joint.kind().name()
                };
                return Err(JointspaceError::invalid(
                    format!("sampled joint \"{name}\""),
                    format!(
                        "it is {what}; sample joints that own one value: {}",
                        samplable()
                    ),
                ));
            }
            Ok(id)
        }
        JointSelector::Index(index) => {
            if *index >= model.nq() {
                return Err(JointspaceError::BadConfigurationIndex {
                    index: *index,
                    reason: format!(
                        "the model has {} configuration values (0 to {})",
                        model.nq(),
                        model.nq().saturating_sub(1)
                    ),
                });
            }
            let owner = model
                .joints()
                .iter()
                .find(|j| j.nq() > 0 && (j.idx_q()..j.idx_q() + j.nq()).contains(index));
            match owner {
                Some(j) if j.nq() == 1 => model.joint_id(j.name()).map_err(Into::into),
                Some(j) => Err(JointspaceError::BadConfigurationIndex {
                    index: *index,
                    reason: format!(
                        "it is value {} of {} joint \"{}\" (indices {} to {}); sample one-value joints such as {}",
                        index - j.idx_q(),
                        if j.kind() == JointKind::Floating {
                            "floating"
                        } else {
                            j.kind().name()
                        },
                        j.name(),
                        j.idx_q(),
                        j.idx_q() + j.nq() - 1,
                        samplable()
                    ),
                }),
                None => Err(JointspaceError::BadConfigurationIndex {
                    index: *index,
                    reason: "no joint owns it".into(),
                }),
            }
        }
    }
}

fn check_range(joint: &str, [lo, hi]: [f64; 2]) -> Result<()> {
    let bad = |reason: &str| JointspaceError::InvalidRange {
        joint: joint.to_owned(),
        lo,
        hi,
        reason: reason.to_owned(),
    };
    if !lo.is_finite() || !hi.is_finite() {
        return Err(bad("both ends must be finite numbers"));
    }
    if lo == hi {
        return Err(bad("it is empty; give lo < hi"));
    }
    if lo > hi {
        return Err(bad("it is inverted; give [lo, hi] with lo < hi"));
    }
    let limit = morsel_kinematics::MAX_JOINT_VALUE;
    if lo < -limit || hi > limit {
        return Err(bad(&format!(
            "it reaches beyond ±{limit:e}, the range of joint values Morsel accepts"
        )));
    }
    Ok(())
}
