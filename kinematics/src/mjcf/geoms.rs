//! `<geom>` elements: type, MuJoCo `size`, `fromto`, placement, mass and inertia, and the
//! collider each becomes.

use std::f64::consts::PI;

use morsel_geometry::{Collider, Shape};
use nalgebra::{Isometry3, Translation3, Vector3};

use super::attrs::Attrs;
use super::compiler::Compiler;
use super::error::{MjcfError, MjcfResult};
use super::orientation::{pose, z_to};

/// A geom as compiled: everything the model and the mass computation need.
#[derive(Clone, Debug)]
pub(crate) struct GeomDef {
    /// The name as written, if any.
    pub name: Option<String>,
    /// MuJoCo's type name (`sphere`, `capsule`, ...).
    pub kind: &'static str,
    /// MuJoCo's three `size` values after `fromto`.
    pub size: [f64; 3],
    /// Pose in the body frame.
    pub body_from_geom: Isometry3<f64>,
    pub contype: u32,
    pub conaffinity: u32,
    pub group: i64,
    /// Mass (kg) and principal inertia about the geom's centre in its own axes.
    pub mass: f64,
    pub inertia: Vector3<f64>,
    /// The collider, posed in the body frame.
    pub collider: Collider,
}

const TYPES: &[&str] = &[
    "sphere",
    "capsule",
    "ellipsoid",
    "cylinder",
    "box",
    "plane",
    "mesh",
    "hfield",
    "sdf",
];

/// Reads one geom whose attributes (with its class's defaults) are `a`, inside a frame placed
/// at `body_from_frame` in its body.
pub(crate) fn read_geom(
    a: &Attrs,
    compiler: &Compiler,
    body_from_frame: &Isometry3<f64>,
) -> MjcfResult<GeomDef> {
    let at = || a.node.location();
    let kind = a.keyword("type", TYPES)?;
    if matches!(kind, "mesh" | "hfield" | "sdf") {
        return Err(MjcfError::Unsupported {
            at: at(),
            what: format!(
                "geom type \"{kind}\" (supported: sphere, capsule, ellipsoid, cylinder, box, plane)"
            ),
        });
    }
    let given = a.numbers("size")?.unwrap_or_default();
    if given.len() > 3 {
        return Err(a.invalid(
            "size",
            a.str("size").unwrap_or_default(),
            "at most 3 numbers",
        ));
    }
    let mut size = [0.0; 3];
    size[..given.len()].copy_from_slice(&given);
    let mut local = pose(a, compiler)?;
    if let Some(ft) = a.array::<6>("fromto")? {
        let text = a.str("fromto").unwrap_or_default();
        let axis_slot = match kind {
            "capsule" | "cylinder" => 1,
            "box" | "ellipsoid" => 2,
            _ => {
                return Err(MjcfError::Unsupported {
                    at: at(),
                    what: format!(
                        "fromto on a {kind} geom (capsule, cylinder, box and ellipsoid take it)"
                    ),
                });
            }
        };
        let from = Vector3::new(ft[0], ft[1], ft[2]);
        let to = Vector3::new(ft[3], ft[4], ft[5]);
        // MuJoCo points the geom's z axis from `to` towards `from`.
        let d = from - to;
        let length = d.norm();
        if length < 1e-10 {
            return Err(a.invalid(
                "fromto",
                text,
                "two different points (this fromto has zero length)",
            ));
        }
        size[axis_slot] = 0.5 * length;
        local = Isometry3::from_parts(Translation3::from(0.5 * (from + to)), z_to(&(d / length)));
    }
    let needed = match kind {
        "sphere" => 1,
        "capsule" | "cylinder" => 2,
        "plane" => 0,
        _ => 3,
    };
    let size_text = a.str("size").unwrap_or_default().to_owned();
    for (i, &s) in size.iter().enumerate() {
        if s < 0.0 || (i < needed && s <= 0.0) {
            return Err(a.invalid(
                "size",
                &size_text,
                format!("a {kind} needs {needed} positive size value(s) and none negative"),
            ));
        }
    }
    let (volume, unit_inertia) = volume_and_inertia(kind, &size);
    let mass = match a.number("mass")? {
        Some(m) if m < 0.0 => {
            return Err(a.invalid("mass", a.str("mass").unwrap_or_default(), "a mass >= 0"));
        }
        Some(m) => m,
        None => {
            let density = a.number("density")?.unwrap_or(1000.0);
            if density < 0.0 {
                return Err(a.invalid(
                    "density",
                    a.str("density").unwrap_or_default(),
                    "a density >= 0",
                ));
            }
            density * volume
        }
    };
    if a.bool("shellinertia")? == Some(true) {
        return Err(MjcfError::Unsupported {
            at: at(),
            what: "shellinertia=\"true\"".into(),
        });
    }
    let body_from_geom = body_from_frame * local;
    let shape = match kind {
        "sphere" => Shape::sphere(size[0]),
        "capsule" => Shape::capsule(size[0], size[1]),
        "cylinder" => Shape::cylinder(size[0], size[1]),
        "ellipsoid" => Shape::ellipsoid(Vector3::new(size[0], size[1], size[2])),
        "box" => Shape::cuboid(Vector3::new(size[0], size[1], size[2])),
        _ => Shape::halfspace(Vector3::z()),
    };
    let geometry = |source| MjcfError::Invalid {
        at: at(),
        problem: format!("cannot build the geom's shape: {source}"),
    };
    let collider = Collider::new(shape.map_err(geometry)?, body_from_geom).map_err(geometry)?;
    let contype = a.int("contype")?.unwrap_or(1);
    let conaffinity = a.int("conaffinity")?.unwrap_or(1);
    let bits = |name: &str, v: i64| {
        u32::try_from(v)
            .map_err(|_| a.invalid(name, &v.to_string(), "a bit mask between 0 and 2^32-1"))
    };
    Ok(GeomDef {
        name: a.node.attr("name").map(str::to_owned),
        kind,
        size,
        body_from_geom,
        contype: bits("contype", contype)?,
        conaffinity: bits("conaffinity", conaffinity)?,
        group: a.int("group")?.unwrap_or(0),
        mass,
        inertia: unit_inertia * mass,
        collider,
    })
}

/// Volume of a primitive and its principal inertia per unit mass (MuJoCo's formulas; a
/// capsule is a cylinder plus two half-balls moved out to its ends).
pub(crate) fn volume_and_inertia(kind: &str, size: &[f64; 3]) -> (f64, Vector3<f64>) {
    let [a, b, c] = *size;
    match kind {
        "sphere" => (4.0 / 3.0 * PI * a.powi(3), Vector3::repeat(0.4 * a * a)),
        "capsule" => {
            let (r, h) = (a, 2.0 * b);
            let volume = PI * r * r * h + 4.0 / 3.0 * PI * r.powi(3);
            let sphere = 4.0 * r / (4.0 * r + 3.0 * h);
            let cylinder = 1.0 - sphere;
            let mut i = Vector3::new(
                cylinder * (3.0 * r * r + h * h) / 12.0,
                cylinder * (3.0 * r * r + h * h) / 12.0,
                cylinder * r * r / 2.0,
            );
            let ball = 2.0 * sphere * r * r / 5.0;
            let shift = sphere * h * (3.0 * r + 2.0 * h) / 8.0;
            i += Vector3::new(ball + shift, ball + shift, ball);
            (volume, i)
        }
        "cylinder" => {
            let (r, h) = (a, 2.0 * b);
            (
                PI * r * r * h,
                Vector3::new(
                    (3.0 * r * r + h * h) / 12.0,
                    (3.0 * r * r + h * h) / 12.0,
                    r * r / 2.0,
                ),
            )
        }
        "ellipsoid" => (
            4.0 / 3.0 * PI * a * b * c,
            Vector3::new(
                (b * b + c * c) / 5.0,
                (a * a + c * c) / 5.0,
                (a * a + b * b) / 5.0,
            ),
        ),
        "box" => (
            8.0 * a * b * c,
            Vector3::new(
                (b * b + c * c) / 3.0,
                (a * a + c * c) / 3.0,
                (a * a + b * b) / 3.0,
            ),
        ),
        _ => (0.0, Vector3::zeros()),
    }
}
