//! Touch configuration: which bodies sense and at what spacing, what each sensor reports, and
//! how a contact's force reaches the sensors.

use std::fmt;
use std::str::FromStr;

use crate::error::{Result, SensingError};

/// What a sensor reports for a contact (MIMo's `touch_function`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchFunction {
    /// The normal force as a scalar, positive when pressing on the sensing body.
    Normal,
    /// The force on the sensing body, in the sensor group's frame (the geom frame for point
    /// touch, the body frame for mesh touch).
    ForceVector,
    /// The force on the sensing body, in the world frame.
    ForceVectorGlobal,
    /// The normal component of the force on the sensing body, as a vector in the sensor
    /// group's frame.
    NormalForce,
}

impl TouchFunction {
    /// Valid names, in the order of the variants.
    pub const NAMES: &'static [&'static str] = &[
        "normal",
        "force_vector",
        "force_vector_global",
        "normal_force",
    ];

    /// The function called `name`; the error lists the valid names.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name {
            "normal" => Self::Normal,
            "force_vector" => Self::ForceVector,
            "force_vector_global" => Self::ForceVectorGlobal,
            "normal_force" => Self::NormalForce,
            _ => return Err(unknown("touch function", name, Self::NAMES)),
        })
    }

    /// The name, as accepted by [`TouchFunction::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Normal => "normal",
            Self::ForceVector => "force_vector",
            Self::ForceVectorGlobal => "force_vector_global",
            Self::NormalForce => "normal_force",
        }
    }

    /// Values per sensor: 1 for `normal`, 3 otherwise.
    pub fn size(self) -> usize {
        match self {
            Self::Normal => 1,
            _ => 3,
        }
    }
}

/// How a contact's output reaches the sensors (MIMo's `response_function`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResponseFunction {
    /// All of it goes to the nearest active sensor.
    Nearest,
    /// Sensors within twice the scale `s` share it with weights
    /// `max(0, (2s − d)/(2s))` normalised by their sum, so the total is conserved exactly.
    SpreadLinear,
}

impl ResponseFunction {
    /// Valid names.
    pub const NAMES: &'static [&'static str] = &["nearest", "spread_linear"];

    /// The response called `name`; the error lists the valid names.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name {
            "nearest" => Self::Nearest,
            "spread_linear" => Self::SpreadLinear,
            _ => return Err(unknown("response function", name, Self::NAMES)),
        })
    }

    /// The name, as accepted by [`ResponseFunction::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Nearest => "nearest",
            Self::SpreadLinear => "spread_linear",
        }
    }
}

/// The sensor layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchKind {
    /// Sensor points per geom, in the geom frame (MIMo's `DiscreteTouch`).
    Points,
    /// One sensor mesh per body, in the body frame (MIMo's `TrimeshTouch`).
    Mesh,
}

impl TouchKind {
    /// Valid names.
    pub const NAMES: &'static [&'static str] = &["points", "mesh"];

    /// The kind called `name`; the error lists the valid names.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name {
            "points" => Self::Points,
            "mesh" => Self::Mesh,
            _ => return Err(unknown("touch kind", name, Self::NAMES)),
        })
    }

    /// The name, as accepted by [`TouchKind::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Points => "points",
            Self::Mesh => "mesh",
        }
    }
}

/// How mesh touch lays out a body's sensor mesh.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MeshLayout {
    /// MIMo's `TrimeshTouch` layout (the default): each geom meshed by MIMo's own rules (see
    /// `Shape::mimo_sensor_mesh`), and a vertex inactive when it lies inside or on the sensor
    /// mesh of another geom of the body. Held equal to real MIMo on its v1 and v2 bodies
    /// (`sensing/tests/mimo_reference`).
    #[default]
    Mimo,
    /// Morsel's own layout: the geom meshes join the point-touch points (`Shape::sensor_mesh`),
    /// and a vertex is inactive when the point [`FACING_STEP`](crate::touch::FACING_STEP) outside it
    /// lies inside or on another geom itself (the exact shape, not its sensor mesh). On MIMo v1
    /// it gives 5,557 active sensors where MIMo has 5,725; on v2 4,893 where MIMo has 5,299.
    Points,
}

impl MeshLayout {
    /// Valid names.
    pub const NAMES: &'static [&'static str] = &["mimo", "points"];

    /// The layout called `name`; the error lists the valid names.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name {
            "mimo" => Self::Mimo,
            "points" => Self::Points,
            _ => return Err(unknown("mesh layout", name, Self::NAMES)),
        })
    }

    /// The name, as accepted by [`MeshLayout::from_name`].
    pub fn name(self) -> &'static str {
        match self {
            Self::Mimo => "mimo",
            Self::Points => "points",
        }
    }
}

fn unknown(what: &'static str, name: &str, valid: &'static [&'static str]) -> SensingError {
    SensingError::UnknownChoice {
        what,
        name: name.to_string(),
        valid,
    }
}

macro_rules! name_traits {
    ($t:ty) => {
        impl FromStr for $t {
            type Err = SensingError;
            fn from_str(s: &str) -> Result<Self> {
                Self::from_name(s)
            }
        }
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
name_traits!(TouchFunction);
name_traits!(ResponseFunction);
name_traits!(TouchKind);
name_traits!(MeshLayout);

/// A touch configuration, as MIMo's `touch_params`.
#[derive(Debug, Clone, PartialEq)]
pub struct TouchConfig {
    /// Sensing bodies by name, each with its sensor spacing in metres (> 0).
    pub scales: Vec<(String, f64)>,
    /// What sensors report. Default `force_vector`.
    pub touch_function: TouchFunction,
    /// How contacts reach sensors. Default `spread_linear`.
    pub response_function: ResponseFunction,
    /// Point or mesh sensors. Default `mesh`.
    pub kind: TouchKind,
    /// The sensor mesh of mesh touch. Default MIMo's ([`MeshLayout::Mimo`]).
    pub mesh_layout: MeshLayout,
    /// Follow MIMo's `TrimeshTouch` where its behaviour is a bug or an artefact (default
    /// `true`, so that outputs equal MIMo's); `false` gives Morsel's fixes. What it changes:
    ///
    /// - **Second side of a contact.** MIMo flips the contact normal in MuJoCo's data in place
    ///   when it places the contact on the first body, so when both bodies of a penetrating
    ///   contact sense, the second body gets the first body's surface point. Fixed: each body
    ///   gets its own surface point. (Recorded MIMo v1, 200 steps: 3 of 200 steps differ with
    ///   `nearest`.)
    /// - **Search radius of `spread_linear` on meshes.** MIMo walks the mesh from the nearest
    ///   vertex through vertices closer than 4.5 × the scale (its cache margin, 1.5 × its
    ///   3 × scale search) before weighting the sensors within 2 × the scale; Morsel's fix
    ///   walks only through vertices within 2 × the scale, so that a press reaches no sensor
    ///   around a corner through vertices that are themselves out of reach.
    /// - **Contacts `spread_linear` cannot place.** MIMo drops a contact when no sensor lies
    ///   within reach, and also whenever the x component of its value is zero (it normalises
    ///   by the x components). Fixed: the whole value goes to the nearest sensor when none is
    ///   within reach, and the normalisation uses the weights.
    /// - **`normal_force`** of a contact that carries its contact frame
    ///   ([`Contact::from_contact_frame`](crate::Contact::from_contact_frame), as from MuJoCo):
    ///   MIMo multiplies the normal force by the frame's first column (the x components of the
    ///   normal and the tangents) instead of the normal. Fixed: the true normal component.
    /// - **Point touch** (MIMo's `DiscreteTouch`): MIMo moves the contact point onto the geom's
    ///   surface along the normal turned by the geom's rotation instead of its inverse, and its
    ///   `normal` is negative on the first geom of a contact. Fixed: the true surface point and
    ///   a positive normal force on both sides.
    ///
    /// With `false`, over the 200 recorded steps of `sensing/tests/mimo_reference`, mesh touch
    /// with `force_vector` differs from MIMo in 3 (v1) and 1 (v2) steps with `nearest`, and in
    /// 98 (v1) and 175 (v2) steps with `spread_linear`; `normal_force` differs in every step
    /// with a sensed contact.
    pub mimo_quirks: bool,
}

impl Default for TouchConfig {
    fn default() -> Self {
        Self {
            scales: Vec::new(),
            touch_function: TouchFunction::ForceVector,
            response_function: ResponseFunction::SpreadLinear,
            kind: TouchKind::Mesh,
            mesh_layout: MeshLayout::Mimo,
            mimo_quirks: true,
        }
    }
}

impl TouchConfig {
    /// A configuration of the given kind with the default functions and no sensing body.
    pub fn new(kind: TouchKind) -> Self {
        Self {
            kind,
            ..Self::default()
        }
    }

    /// A configuration from the names scripts give: the kind (`"mesh"` when `None`) and the
    /// touch and response functions (the defaults when `None`); no sensing body yet.
    pub fn from_names(
        kind: Option<&str>,
        touch_function: Option<&str>,
        response_function: Option<&str>,
    ) -> Result<Self> {
        let kind = kind.map_or(Ok(TouchKind::Mesh), TouchKind::from_name)?;
        let mut config = Self::new(kind);
        if let Some(f) = touch_function {
            config = config.touch_function(TouchFunction::from_name(f)?);
        }
        if let Some(r) = response_function {
            config = config.response_function(ResponseFunction::from_name(r)?);
        }
        Ok(config)
    }

    /// Adds a sensing body with its sensor spacing.
    pub fn scale(mut self, body: impl Into<String>, spacing: f64) -> Self {
        self.scales.push((body.into(), spacing));
        self
    }

    /// Sets the touch function.
    pub fn touch_function(mut self, f: TouchFunction) -> Self {
        self.touch_function = f;
        self
    }

    /// Sets the response function.
    pub fn response_function(mut self, f: ResponseFunction) -> Self {
        self.response_function = f;
        self
    }

    /// Whether to follow MIMo's quirks (see [`TouchConfig::mimo_quirks`]).
    pub fn mimo_quirks(mut self, follow: bool) -> Self {
        self.mimo_quirks = follow;
        self
    }

    /// Sets the sensor mesh layout of mesh touch.
    pub fn mesh_layout(mut self, layout: MeshLayout) -> Self {
        self.mesh_layout = layout;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_errors_list_choices() {
        for name in TouchFunction::NAMES {
            assert_eq!(TouchFunction::from_name(name).unwrap().name(), *name);
        }
        for name in ResponseFunction::NAMES {
            assert_eq!(name.parse::<ResponseFunction>().unwrap().to_string(), *name);
        }
        let err = TouchFunction::from_name("force").unwrap_err().to_string();
        assert!(
            err.contains("normal, force_vector, force_vector_global, normal_force"),
            "{err}"
        );
        let err = TouchKind::from_name("trimesh").unwrap_err().to_string();
        assert!(err.contains("points, mesh"), "{err}");
    }

    #[test]
    fn configurations_from_names_default_what_is_not_named() {
        let c = TouchConfig::from_names(None, None, None).unwrap();
        assert_eq!(c.kind, TouchKind::Mesh);
        assert_eq!(c.touch_function, TouchConfig::default().touch_function);
        assert_eq!(
            c.response_function,
            TouchConfig::default().response_function
        );
        let c =
            TouchConfig::from_names(Some("points"), Some("normal_force"), Some("nearest")).unwrap();
        assert_eq!(c.kind, TouchKind::Points);
        assert_eq!(c.touch_function.name(), "normal_force");
        assert_eq!(c.response_function.name(), "nearest");
        for bad in [
            (Some("trimesh"), None, None),
            (None, Some("force"), None),
            (None, None, Some("spread")),
        ] {
            assert!(TouchConfig::from_names(bad.0, bad.1, bad.2).is_err());
        }
    }
}
