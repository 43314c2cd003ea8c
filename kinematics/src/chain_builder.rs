//! A builder for serial chains, the way MORSE armatures are described.

use nalgebra::{Isometry3, Translation3, Vector3};

use crate::{Inertial, JointKind, JointLimits, JointSpec, LinkSpec, Model, ModelBuilder, Result};

/// Builds a serial chain joint by joint, from the base to the tip.
///
/// The base link is named after the chain. Each joint moves a new link that has the joint's
/// name, so the link `"elbow"` is the segment that the joint `"elbow"` moves; origins are
/// given in the frame of the previous link (the base for the first joint).
///
/// ```
/// use morsel_kinematics::ChainBuilder;
/// let arm = ChainBuilder::new("arm")
///     .revolute("shoulder", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-2.9, 2.9])
///     .revolute("elbow", [0.0, 1.0, 0.0], [0.0, 0.0, 0.4], [-2.0, 2.0])
///     .prismatic("slide", [0.0, 0.0, 1.0], [0.0, 0.0, 0.3], [0.0, 0.1])
///     .build()?;
/// assert_eq!(arm.nq(), 3);
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ChainBuilder {
    builder: ModelBuilder,
    base: String,
    tip: String,
    tip_inertial: Option<Inertial>,
    pending: Vec<JointSpec>,
    links: Vec<LinkSpec>,
}

impl ChainBuilder {
    /// A chain whose base link is called `name`.
    pub fn new(name: impl Into<String>) -> Self {
        let name = name.into();
        ChainBuilder {
            builder: ModelBuilder::new(name.clone()),
            base: name.clone(),
            tip: name.clone(),
            tip_inertial: None,
            pending: Vec::new(),
            links: vec![LinkSpec::new(name)],
        }
    }

    /// The name of the base link.
    pub fn base_link(&self) -> &str {
        &self.base
    }

    /// Appends a joint of any kind with a full origin pose and optional limits.
    pub fn joint(
        mut self,
        kind: JointKind,
        name: impl Into<String>,
        origin: Isometry3<f64>,
        axis: Vector3<f64>,
        limits: Option<JointLimits>,
    ) -> Self {
        let name = name.into();
        self.finish_link();
        let mut spec = JointSpec::new(
            name.clone(),
            kind,
            self.tip.clone(),
            name.clone(),
            origin,
            axis,
        );
        spec.limits = limits;
        self.pending.push(spec);
        self.links.push(LinkSpec::new(name.clone()));
        self.tip = name;
        self
    }

    /// Appends a revolute joint about `axis`, at `origin` (a translation), with `[lower, upper]` limits (rad).
    pub fn revolute(
        self,
        name: impl Into<String>,
        axis: [f64; 3],
        origin: [f64; 3],
        limits: [f64; 2],
    ) -> Self {
        let limits = Some(JointLimits::position(limits[0], limits[1]));
        self.joint(
            JointKind::Revolute,
            name,
            translation(origin),
            Vector3::from(axis),
            limits,
        )
    }

    /// Appends a continuous (unlimited revolute) joint.
    pub fn continuous(self, name: impl Into<String>, axis: [f64; 3], origin: [f64; 3]) -> Self {
        self.joint(
            JointKind::Continuous,
            name,
            translation(origin),
            Vector3::from(axis),
            None,
        )
    }

    /// Appends a prismatic joint along `axis`, at `origin`, with `[lower, upper]` limits (m).
    pub fn prismatic(
        self,
        name: impl Into<String>,
        axis: [f64; 3],
        origin: [f64; 3],
        limits: [f64; 2],
    ) -> Self {
        let limits = Some(JointLimits::position(limits[0], limits[1]));
        self.joint(
            JointKind::Prismatic,
            name,
            translation(origin),
            Vector3::from(axis),
            limits,
        )
    }

    /// Appends a fixed joint at `origin` (for a tool point or a rigid offset).
    pub fn fixed(self, name: impl Into<String>, origin: [f64; 3]) -> Self {
        self.joint(
            JointKind::Fixed,
            name,
            translation(origin),
            Vector3::z(),
            None,
        )
    }

    /// Gives the most recently added link (the base before any joint) mass properties.
    pub fn inertial(mut self, inertial: Inertial) -> Self {
        self.tip_inertial = Some(inertial);
        self
    }

    /// Checks the chain and builds the model.
    pub fn build(mut self) -> Result<Model> {
        self.finish_link();
        for link in self.links.drain(..) {
            self.builder.add_link(link);
        }
        for joint in self.pending.drain(..) {
            self.builder.add_joint(joint);
        }
        self.builder.build()
    }

    fn finish_link(&mut self) {
        if let (Some(inertial), Some(last)) = (self.tip_inertial.take(), self.links.last_mut()) {
            last.inertial = inertial;
        }
    }
}

fn translation(origin: [f64; 3]) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(origin[0], origin[1], origin[2]),
        nalgebra::UnitQuaternion::identity(),
    )
}
