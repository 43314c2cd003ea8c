//! Taxel configuration, with Genesis's field names and defaults, and the per-probe force law.

use nalgebra::{Point3, Vector3};

use crate::contact::MAX_FORCE;
use crate::direction::direction;
use crate::error::{Result, SensingError, check_param, finite3};

/// Configuration of a [`TaxelSensor`](crate::TaxelSensor): probes rigidly attached to a link.
///
/// The defaults are Genesis's (`KinematicTactileSensorCfg`); `link_name` is required.
#[derive(Debug, Clone, PartialEq)]
pub struct TaxelConfig {
    /// The body carrying the probes (required).
    pub link_name: String,
    /// Probe centres in the link frame. Default `[[0, 0, 0]]`.
    pub probe_local_pos: Vec<Point3<f64>>,
    /// Shared probe normal in the link frame (normalised on validation). Default `+z`. It names
    /// the sensing direction for readers of the output: with `+z` the force components read
    /// `(tangent_x, tangent_y, normal)`. The force law itself uses the normal of the touched
    /// surface.
    pub probe_local_normal: Vector3<f64>,
    /// Per-probe normals in the link frame (normalised on use), one per probe, overriding
    /// `probe_local_normal`; empty (the default) shares `probe_local_normal`. Skins set them to
    /// the surface's outward normals. They orient the bias and the slip's tangent frame.
    pub probe_normals: Vec<Vector3<f64>>,
    /// How depths are found in meshes. Default [`ContactDepthQuery::Sdf`].
    pub contact_depth_query: ContactDepthQuery,
    /// Probe radius `R` (m, >= 0). Default 0.01.
    pub probe_radius: f64,
    /// Radius noise amplitude (m, >= 0). When > 0 each probe's radius is redrawn every read as
    /// `max(0, R + U(−1, 1)·noise)` from the seeded generator. Default 0.
    pub probe_radius_noise: f64,
    /// Normal stiffness `k` (N/m^α, >= 0). Default 1000.
    pub normal_stiffness: f64,
    /// Normal damping `c` (>= 0). Default 1.
    pub normal_damping: f64,
    /// Penetration exponent `α` (>= 1; 1 linear, 1.5 Hertzian). Default 1.
    pub normal_exponent: f64,
    /// Shear coefficient on the tangential relative velocity (N·s/m, >= 0). Default 1.
    pub shear_scalar: f64,
    /// Twist coefficient on the normal relative angular velocity (N·m·s, >= 0). Default 1.
    pub twist_scalar: f64,
    /// Steps kept in the history ring buffer (0: current step only). Default 0.
    pub history_length: usize,
    /// Seed of the measured branch's generators (radius noise, additive noise, jitter). Each
    /// draws from its own stream, so turning one on does not change another's draws.
    /// Default 0.
    pub seed: u64,
    /// Measured branch: the penetration is multiplied by this gain before the exponent
    /// (`s = (gain·pen)^α`). Default 1 (>= 0).
    pub probe_gain: f64,
    /// Measured branch: steps by which the reading lags the scene. Default 0.
    pub delay: usize,
    /// Measured branch: extra lag drawn uniformly in `0..=jitter` steps, per step and
    /// environment (seeded). Default 0.
    pub jitter: usize,
    /// Measured branch: standard deviation of the Gaussian noise added to every force
    /// component (N, >= 0), drawn per step, probe and component (seeded). Default 0.
    pub noise: f64,
    /// Measured branch: constant force added along each probe's normal (N). Default 0.
    pub bias: f64,
    /// Measured branch: force quantum (N, >= 0): each component is rounded to the nearest
    /// multiple. 0 is off. Default 0.
    pub resolution: f64,
    /// Measured branch: indices of probes that always read zero. Default none.
    pub dead_taxels: Vec<usize>,
    /// Measured branch: fraction (in `[0, 1]`) of each neighbour's force that leaks into a
    /// probe: `F_i + crosstalk·Σ_j F_j` over the probes `j ≠ i` within `crosstalk_radius`.
    /// Default 0.
    pub crosstalk: f64,
    /// Measured branch: distance (m, link frame) within which probes are neighbours for
    /// crosstalk; must be > 0 when `crosstalk` is. Default 0.
    pub crosstalk_radius: f64,
    /// Measured branch: half-width (N, >= 0) of a play (backlash) operator applied to each
    /// force component: the output stays where it was until the input moves more than this
    /// away from it, then trails the input by this much. Default 0.
    pub hysteresis: f64,
}

/// How a probe finds its depth in a mesh (Genesis's `contact_depth_query`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ContactDepthQuery {
    /// The signed distance field of the touched shape (closed forms for primitives, the
    /// geometry crate's projection otherwise; open meshes are unsigned).
    #[default]
    Sdf,
    /// For triangle meshes and convex hulls: the nearest triangle within the probe radius,
    /// the distance signed by its face normal (so open meshes are signed too). Primitives keep
    /// their exact signed distance.
    Raycast,
}

impl ContactDepthQuery {
    /// The valid names.
    pub const NAMES: &'static [&'static str] = &["sdf", "raycast"];

    /// The query named `name` (`"sdf"` or `"raycast"`).
    pub fn from_name(name: &str) -> Result<Self> {
        match name {
            "sdf" => Ok(Self::Sdf),
            "raycast" => Ok(Self::Raycast),
            _ => Err(SensingError::UnknownChoice {
                what: "contact_depth_query",
                name: name.to_string(),
                valid: Self::NAMES,
            }),
        }
    }

    /// The name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sdf => "sdf",
            Self::Raycast => "raycast",
        }
    }
}

/// The largest `history_length` (or `delay + jitter`) accepted, in steps.
pub const MAX_HISTORY_STEPS: usize = 1 << 20;
/// The largest number of values one environment's history (or delay line) may hold, so that an
/// absurd length is refused before any allocation (2^27 values: 1 GiB of f64).
pub const MAX_HISTORY_VALUES: usize = 1 << 27;

impl Default for TaxelConfig {
    fn default() -> Self {
        Self {
            link_name: String::new(),
            probe_local_pos: vec![Point3::origin()],
            probe_local_normal: Vector3::z(),
            probe_normals: Vec::new(),
            contact_depth_query: ContactDepthQuery::Sdf,
            probe_radius: 0.01,
            probe_radius_noise: 0.0,
            normal_stiffness: 1000.0,
            normal_damping: 1.0,
            normal_exponent: 1.0,
            shear_scalar: 1.0,
            twist_scalar: 1.0,
            history_length: 0,
            seed: 0,
            probe_gain: 1.0,
            delay: 0,
            jitter: 0,
            noise: 0.0,
            bias: 0.0,
            resolution: 0.0,
            dead_taxels: Vec::new(),
            crosstalk: 0.0,
            crosstalk_radius: 0.0,
            hysteresis: 0.0,
        }
    }
}

/// What a probe touches, in the link frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProbeTouch {
    /// Penetration `R − sd` (> 0 for a force).
    pub penetration: f64,
    /// Unit outward normal of the touched surface, pointing towards the probe.
    pub normal: Vector3<f64>,
    /// Velocity of the touched geometry minus the probe's, at the probe.
    pub relative_velocity: Vector3<f64>,
    /// Angular velocity of the touched geometry minus the link's.
    pub relative_angular_velocity: Vector3<f64>,
}

impl TaxelConfig {
    /// A configuration for `link` with the defaults.
    pub fn new(link: impl Into<String>) -> Self {
        Self {
            link_name: link.into(),
            ..Self::default()
        }
    }

    /// Checks every field; the error names the field and what it must satisfy.
    pub fn validate(&self) -> Result<()> {
        if self.link_name.is_empty() {
            return Err(SensingError::InvalidParameter {
                parameter: "link_name",
                requirement: "is required: name the body that carries the probes",
                value: "an empty name".into(),
            });
        }
        if self.probe_local_pos.is_empty() {
            return Err(SensingError::InvalidParameter {
                parameter: "probe_local_pos",
                requirement: "must list at least one probe position",
                value: "an empty list".into(),
            });
        }
        for (i, p) in self.probe_local_pos.iter().enumerate() {
            finite3("probe_local_pos", p.coords.as_slice())?;
            let what = format!("probe_local_pos[{i}]");
            morsel_geometry::range::check_coordinates(&what, p.coords.as_slice())?;
        }
        finite3("probe_local_normal", self.probe_local_normal.as_slice())?;
        if direction(&self.probe_local_normal).is_none() {
            return Err(SensingError::InvalidParameter {
                parameter: "probe_local_normal",
                requirement: "must be a non-zero vector",
                value: "[0, 0, 0]".into(),
            });
        }
        if !self.probe_normals.is_empty() {
            if self.probe_normals.len() != self.probe_local_pos.len() {
                return Err(SensingError::InvalidParameter {
                    parameter: "probe_normals",
                    requirement: "must give one normal per probe (or none)",
                    value: format!(
                        "{} normals for {} probes",
                        self.probe_normals.len(),
                        self.probe_local_pos.len()
                    ),
                });
            }
            for n in &self.probe_normals {
                finite3("probe_normals", n.as_slice())?;
                if direction(n).is_none() {
                    return Err(SensingError::InvalidParameter {
                        parameter: "probe_normals",
                        requirement: "must be non-zero vectors",
                        value: "[0, 0, 0]".into(),
                    });
                }
            }
        }
        let nonneg = |name: &'static str, v: f64| {
            check_param(
                name,
                v,
                v.is_finite() && v >= 0.0,
                "must be a finite number >= 0",
            )
        };
        nonneg("probe_radius", self.probe_radius)?;
        nonneg("probe_radius_noise", self.probe_radius_noise)?;
        at_most_length("probe_radius", self.probe_radius)?;
        at_most_length("probe_radius_noise", self.probe_radius_noise)?;
        nonneg("normal_stiffness", self.normal_stiffness)?;
        nonneg("normal_damping", self.normal_damping)?;
        nonneg("shear_scalar", self.shear_scalar)?;
        nonneg("twist_scalar", self.twist_scalar)?;
        check_param(
            "normal_exponent",
            self.normal_exponent,
            self.normal_exponent.is_finite() && self.normal_exponent >= 1.0,
            "must be a finite number >= 1 (1 linear, 1.5 Hertzian)",
        )?;
        self.validate_measured()?;
        self.validate_lengths()
    }

    /// The unit normal of every probe: `probe_normals` normalised, or the shared
    /// `probe_local_normal` for each probe (call on a validated configuration; a zero or
    /// non-finite normal gives `+z`).
    pub fn unit_normals(&self) -> Vec<Vector3<f64>> {
        if self.probe_normals.is_empty() {
            vec![self.unit_normal(); self.probe_local_pos.len()]
        } else {
            self.probe_normals.iter().map(unit_or_z).collect()
        }
    }

    /// The shared probe normal `probe_local_normal`, normalised whatever its finite size
    /// (call on a validated configuration; a zero or non-finite normal gives `+z`).
    pub fn unit_normal(&self) -> Vector3<f64> {
        unit_or_z(&self.probe_local_normal)
    }

    fn validate_measured(&self) -> Result<()> {
        let nonneg = |name: &'static str, v: f64| {
            check_param(
                name,
                v,
                v.is_finite() && v >= 0.0,
                "must be a finite number >= 0",
            )
        };
        nonneg("probe_gain", self.probe_gain)?;
        nonneg("noise", self.noise)?;
        nonneg("resolution", self.resolution)?;
        nonneg("hysteresis", self.hysteresis)?;
        nonneg("crosstalk_radius", self.crosstalk_radius)?;
        check_param("bias", self.bias, self.bias.is_finite(), "must be finite")?;
        at_most_length("crosstalk_radius", self.crosstalk_radius)?;
        for (name, force) in [
            ("noise", self.noise),
            ("bias", self.bias),
            ("resolution", self.resolution),
            ("hysteresis", self.hysteresis),
        ] {
            check_param(
                name,
                force,
                force.abs() <= MAX_FORCE,
                "must be a force within ±1e20 N (MAX_FORCE)",
            )?;
        }
        check_param(
            "crosstalk",
            self.crosstalk,
            (0.0..=1.0).contains(&self.crosstalk),
            "must be a fraction in [0, 1]",
        )?;
        if self.crosstalk > 0.0 && self.crosstalk_radius == 0.0 {
            return Err(SensingError::InvalidParameter {
                parameter: "crosstalk_radius",
                requirement: "must be > 0 when crosstalk is on (it says which probes are neighbours)",
                value: "0".into(),
            });
        }
        let n = self.probe_local_pos.len();
        if let Some(&bad) = self.dead_taxels.iter().find(|&&i| i >= n) {
            return Err(SensingError::InvalidParameter {
                parameter: "dead_taxels",
                requirement: "must list probe indices below the number of probes",
                value: format!("index {bad} with {n} probes"),
            });
        }
        Ok(())
    }

    /// Refuses histories and delay lines too long to allocate, before anything is allocated.
    fn validate_lengths(&self) -> Result<()> {
        let values = self.probe_local_pos.len().saturating_mul(3);
        let check = |parameter: &'static str, steps: usize| {
            if steps > MAX_HISTORY_STEPS || steps.saturating_mul(values) > MAX_HISTORY_VALUES {
                Err(SensingError::InvalidParameter {
                    parameter,
                    requirement: "must keep at most 2^20 steps and 2^27 values (steps × probes × 3) per environment",
                    value: format!("{steps} steps of {} probes", self.probe_local_pos.len()),
                })
            } else {
                Ok(())
            }
        };
        check("history_length", self.history_length)?;
        check("delay + jitter", self.delay.saturating_add(self.jitter))
    }

    /// The probe law: force and torque on the sensor from a probe at `position` (link frame)
    /// touching as `touch` says (link frame), in the link frame.
    ///
    /// With `s = pen^α`, `v_n = (v·n)·n` and `v_t = v − v_n`:
    /// `F = k·s·n + c·s·v_n − shear·v_t` and `T = p × F − twist·(ω·n)·n`.
    /// No penetration gives no force.
    pub fn probe_law(
        &self,
        position: &Point3<f64>,
        touch: &ProbeTouch,
    ) -> (Vector3<f64>, Vector3<f64>) {
        if touch.penetration <= 0.0 {
            return (Vector3::zeros(), Vector3::zeros());
        }
        let n = touch.normal;
        let s = self.normal_scale(touch.penetration);
        let v = touch.relative_velocity;
        let v_n = n * v.dot(&n);
        let v_t = v - v_n;
        let force = n * (self.normal_stiffness * s) + v_n * (self.normal_damping * s)
            - v_t * self.shear_scalar;
        let spin = touch.relative_angular_velocity.dot(&n);
        let torque = position.coords.cross(&force) - n * (self.twist_scalar * spin);
        (force, torque)
    }

    /// The law's normal scale `s = pen^normal_exponent` (stiffness and damping multiply it),
    /// the common exponents computed without `powf`.
    pub(crate) fn normal_scale(&self, pen: f64) -> f64 {
        let a = self.normal_exponent;
        if a == 1.0 {
            pen
        } else if a == 1.5 {
            pen * pen.sqrt()
        } else if a == 2.0 {
            pen * pen
        } else {
            pen.powf(a)
        }
    }
}

/// `n` normalised whatever its finite size, or `+z` when it is zero or not finite (which
/// validation refuses).
fn unit_or_z(n: &Vector3<f64>) -> Vector3<f64> {
    direction(n).unwrap_or_else(Vector3::z)
}

/// Checks that a finite, non-negative length is at most `morsel_geometry::MAX_LENGTH`.
fn at_most_length(parameter: &'static str, value: f64) -> Result<f64> {
    check_param(
        parameter,
        value,
        value <= morsel_geometry::MAX_LENGTH,
        "must be a length within [0, 1e10] m (morsel_geometry::MAX_LENGTH)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The notes' worked examples, computed by hand.
    #[test]
    fn worked_examples() {
        let cfg = TaxelConfig::new("finger");
        let still = ProbeTouch {
            penetration: 0.01,
            normal: Vector3::z(),
            relative_velocity: Vector3::zeros(),
            relative_angular_velocity: Vector3::zeros(),
        };
        let (f, t) = cfg.probe_law(&Point3::origin(), &still);
        assert!((f - Vector3::new(0.0, 0.0, 10.0)).norm() < 1e-12);
        assert_eq!(t, Vector3::zeros());

        let cfg = TaxelConfig {
            normal_exponent: 1.5,
            twist_scalar: 0.01,
            ..cfg
        };
        let moving = ProbeTouch {
            penetration: 0.005 - 0.002,
            normal: Vector3::z(),
            relative_velocity: Vector3::new(0.1, 0.0, 0.05),
            relative_angular_velocity: Vector3::new(0.0, 0.0, 2.0),
        };
        let (f, t) = cfg.probe_law(&Point3::new(0.01, 0.0, 0.0), &moving);
        // s = 0.003^1.5 = 1.6432e-4: F_z = 1000 s + 1·s·0.05, F_x = −1·0.1.
        let s = 0.003f64.powf(1.5);
        assert!((f - Vector3::new(-0.1, 0.0, 1000.0 * s + 0.05 * s)).norm() < 1e-15);
        assert!((f.z - 0.16432).abs() < 1e-5);
        assert!((t - Vector3::new(0.0, -0.01 * f.z, -0.02)).norm() < 1e-15);
        assert!((t.y + 0.00164).abs() < 1e-5);
    }

    #[test]
    fn invalid_fields_are_named() {
        let bad = |cfg: TaxelConfig, field: &str| {
            let e = cfg.validate().unwrap_err().to_string();
            assert!(e.contains(field), "{e}");
        };
        bad(TaxelConfig::default(), "link_name");
        bad(
            TaxelConfig {
                normal_exponent: 0.5,
                ..TaxelConfig::new("l")
            },
            "normal_exponent",
        );
        bad(
            TaxelConfig {
                probe_radius: -0.01,
                ..TaxelConfig::new("l")
            },
            "probe_radius",
        );
        bad(
            TaxelConfig {
                probe_radius_noise: f64::NAN,
                ..TaxelConfig::new("l")
            },
            "probe_radius_noise",
        );
        bad(
            TaxelConfig {
                probe_local_normal: Vector3::zeros(),
                ..TaxelConfig::new("l")
            },
            "probe_local_normal",
        );
        bad(
            TaxelConfig {
                probe_local_pos: vec![],
                ..TaxelConfig::new("l")
            },
            "probe_local_pos",
        );
        assert!(TaxelConfig::new("l").validate().is_ok());
    }
}
