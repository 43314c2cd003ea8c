//! Links: rigid bodies with an inertia and geometry.

use nalgebra::{Matrix3, Point3};

/// Index of a link in its [`Model`](crate::Model). The root link has index 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinkId(pub(crate) usize);

impl LinkId {
    /// The position of the link in [`Model::links`](crate::Model::links).
    pub fn index(self) -> usize {
        self.0
    }
}

/// Mass properties of a link, expressed in the link frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inertial {
    /// Mass in kg (zero for massless frames such as a tool centre point).
    pub mass: f64,
    /// Centre of mass in the link frame (m).
    pub com: Point3<f64>,
    /// Rotational inertia about the centre of mass, axes of the link frame (kg·m²).
    pub inertia: Matrix3<f64>,
}

impl Inertial {
    /// A massless inertial.
    pub fn zero() -> Self {
        Inertial {
            mass: 0.0,
            com: Point3::origin(),
            inertia: Matrix3::zeros(),
        }
    }
}

impl Default for Inertial {
    fn default() -> Self {
        Inertial::zero()
    }
}

/// Description of a link given to [`ModelBuilder::add_link`](crate::ModelBuilder::add_link).
#[derive(Clone, Debug, Default)]
pub struct LinkSpec {
    /// Unique link name.
    pub name: String,
    /// Mass properties.
    pub inertial: Inertial,
    /// Geometry drawn for the link (poses in the link frame).
    pub visuals: Vec<morsel_geometry::Collider>,
    /// Geometry used for collision queries (poses in the link frame).
    pub collisions: Vec<morsel_geometry::Collider>,
}

impl LinkSpec {
    /// A massless link without geometry.
    pub fn new(name: impl Into<String>) -> Self {
        LinkSpec {
            name: name.into(),
            ..LinkSpec::default()
        }
    }

    /// The same link with mass properties.
    pub fn with_inertial(mut self, inertial: Inertial) -> Self {
        self.inertial = inertial;
        self
    }
}

/// One link of a [`Model`](crate::Model).
#[derive(Clone, Debug)]
pub struct Link {
    pub(crate) name: String,
    pub(crate) inertial: Inertial,
    pub(crate) visuals: Vec<morsel_geometry::Collider>,
    pub(crate) collisions: Vec<morsel_geometry::Collider>,
    pub(crate) parent_joint: Option<crate::JointId>,
}

impl Link {
    /// The link's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Mass properties in the link frame.
    pub fn inertial(&self) -> &Inertial {
        &self.inertial
    }
    /// Visual geometry, posed in the link frame.
    pub fn visuals(&self) -> &[morsel_geometry::Collider] {
        &self.visuals
    }
    /// Collision geometry, posed in the link frame.
    pub fn collisions(&self) -> &[morsel_geometry::Collider] {
        &self.collisions
    }
    /// The joint that places this link (`None` for the root).
    pub fn parent_joint(&self) -> Option<crate::JointId> {
        self.parent_joint
    }
}
