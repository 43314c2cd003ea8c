//! `<geom>` elements: type, MuJoCo `size`, `fromto`, placement, mass and inertia, and the
//! collider each becomes.

use std::collections::HashMap;
use std::f64::consts::PI;
use std::sync::Arc;

use morsel_geometry::{Collider, Shape, TriangleMesh};
use nalgebra::{Isometry3, Translation3, Vector3};

use super::assets::Assets;
use super::attrs::Attrs;
use super::compiler::Compiler;
use super::error::{MjcfError, MjcfResult};
use super::mesh::{MeshAsset, Meshes};
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
    assets: &Assets,
    body_from_frame: &Isometry3<f64>,
) -> MjcfResult<GeomDef> {
    let at = || a.node.location();
    let kind = a.keyword("type", TYPES)?;
    if kind == "sdf" {
        return Err(MjcfError::Unsupported {
            at: at(),
            what: "geom type \"sdf\" (supported: sphere, capsule, ellipsoid, cylinder, box, plane, mesh, hfield)".into(),
        });
    }
    if kind == "mesh" {
        return read_mesh_geom(a, compiler, &assets.meshes, body_from_frame);
    }
    if kind == "hfield" {
        return read_height_field_geom(a, compiler, assets, body_from_frame);
    }
    let meshes = &assets.meshes;
    // A primitive with a mesh is fitted to it (MuJoCo's `fitscale`, `<compiler fitaabb>`).
    let fitted = match a.str("mesh") {
        Some(mesh) if kind != "plane" => {
            if a.node.attr("fromto").is_some() {
                return Err(MjcfError::Invalid {
                    at: at(),
                    problem: "fromto cannot be used on a geom with a mesh (MuJoCo refuses it too)"
                        .into(),
                });
            }
            let asset = meshes
                .get(mesh)
                .ok_or_else(|| MjcfError::UnknownReference {
                    at: at(),
                    kind: "mesh",
                    name: mesh.to_owned(),
                })?;
            let fitscale = a.number("fitscale")?.unwrap_or(1.0);
            Some(fit(kind, asset, compiler.fitaabb, fitscale))
        }
        _ => None,
    };
    let given = match &fitted {
        Some((size, _)) => size.to_vec(),
        None => a.numbers("size")?.unwrap_or_default(),
    };
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
    if let Some((_, mesh_frame)) = fitted {
        local *= mesh_frame;
    }
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
        if axis_slot == 2 {
            // MuJoCo gives a box or ellipsoid along fromto the same extent across it.
            size[1] = size[0];
        }
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
        if !s.is_finite() || s < 0.0 || (i < needed && s <= 0.0) {
            return Err(a.invalid(
                "size",
                &size_text,
                format!("a {kind} needs {needed} positive size value(s) and none negative"),
            ));
        }
    }
    let shell = a.bool("shellinertia")? == Some(true);
    let (volume, unit_inertia) = if shell {
        shell_area_and_inertia(kind, &size)
    } else {
        volume_and_inertia(kind, &size)
    };
    let mass = mass_of(a, volume)?;
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
    let (contype, conaffinity) = contact_bits(a)?;
    Ok(GeomDef {
        name: a.node.attr("name").map(str::to_owned),
        kind,
        size,
        body_from_geom,
        contype,
        conaffinity,
        group: a.int("group")?.unwrap_or(0),
        mass,
        inertia: unit_inertia * mass,
        collider,
    })
}

/// MuJoCo's fit of a primitive `kind` to a mesh: its size, and the frame it sits in within the
/// geom's own pose. Without `fitaabb` the size comes from the mesh's inertia box and the frame
/// is the mesh's inertial frame; with it (MuJoCo 4), the primitive is the smallest whose own
/// bounding box holds the mesh's, at the centre of that box (its coordinates in the
/// inertial frame). Every size is then multiplied by `fitscale`.
fn fit(kind: &str, asset: &MeshAsset, fitaabb: bool, fitscale: f64) -> ([f64; 3], Isometry3<f64>) {
    let mut size = [0.0; 3];
    let mut frame = asset.frame;
    if !fitaabb {
        let [x, y, z] = asset.inertia_box;
        match kind {
            "sphere" => size[0] = (x + y + z) / 3.0,
            "capsule" => {
                size[0] = (x + y) / 2.0;
                size[1] = (z - size[0] / 2.0).max(0.0);
            }
            "cylinder" => {
                size[0] = (x + y) / 2.0;
                size[1] = z;
            }
            _ => size = [x, y, z],
        }
    } else {
        // The smallest primitive whose own bounding box holds the mesh's, centred on it.
        let (lo, hi) = asset.aabb;
        let center = (lo + hi) / 2.0;
        frame *= Translation3::from(center);
        let h = hi - center;
        match kind {
            "sphere" => size[0] = h.x.max(h.y).max(h.z),
            "capsule" => {
                size[0] = h.x.max(h.y);
                size[1] = h.z - size[0];
            }
            "cylinder" => {
                size[0] = h.x.max(h.y);
                size[1] = h.z;
            }
            _ => size = [h.x, h.y, h.z],
        }
    }
    (size.map(|s| s * fitscale), frame)
}

/// A `mesh` geom: placed at its pose times the mesh's inertial frame, with the inertia of
/// MuJoCo's equivalent inertia box.
fn read_mesh_geom(
    a: &Attrs,
    compiler: &Compiler,
    meshes: &Meshes,
    body_from_frame: &Isometry3<f64>,
) -> MjcfResult<GeomDef> {
    let asset = named_asset(a, "mesh", meshes)?;
    let body_from_geom = body_from_frame * pose(a, compiler)? * asset.frame;
    let mass = mass_of(a, asset.volume)?;
    let [bx, by, bz] = asset.inertia_box;
    let inertia =
        Vector3::new(by * by + bz * bz, bx * bx + bz * bz, bx * bx + by * by) * (mass / 3.0);
    let solid = Solid {
        kind: "mesh",
        size: asset.half_extents,
        mass,
        inertia,
    };
    solid_geom(a, solid, asset.mesh.clone(), body_from_geom)
}

/// An `hfield` geom: its solid at the geom's pose; mass and inertia of MuJoCo's box (half-sizes
/// from the height field's `size`, centred on the geom).
fn read_height_field_geom(
    a: &Attrs,
    compiler: &Compiler,
    assets: &Assets,
    body_from_frame: &Isometry3<f64>,
) -> MjcfResult<GeomDef> {
    let field = named_asset(a, "hfield", &assets.height_fields)?;
    let size = field.geom_size();
    let shell = a.bool("shellinertia")? == Some(true);
    let (volume, unit_inertia) = if shell {
        shell_area_and_inertia("box", &size)
    } else {
        volume_and_inertia("box", &size)
    };
    let mass = mass_of(a, volume)?;
    let solid = Solid {
        kind: "hfield",
        size,
        mass,
        inertia: unit_inertia * mass,
    };
    let body_from_geom = body_from_frame * pose(a, compiler)?;
    solid_geom(a, solid, field.solid.clone(), body_from_geom)
}

/// The asset a geom names with its attribute `kind` (`mesh`, `hfield`); such geoms take no
/// `fromto`.
fn named_asset<'m, T>(
    a: &Attrs,
    kind: &'static str,
    assets: &'m HashMap<String, T>,
) -> MjcfResult<&'m T> {
    let at = || a.node.location();
    let Some(name) = a.str(kind) else {
        return Err(MjcfError::Invalid {
            at: at(),
            problem: format!("a {kind} geom needs a {kind} attribute"),
        });
    };
    let asset = assets
        .get(name)
        .ok_or_else(|| MjcfError::UnknownReference {
            at: at(),
            kind,
            name: name.to_owned(),
        })?;
    if a.node.attr("fromto").is_some() {
        return Err(MjcfError::Unsupported {
            at: at(),
            what: format!("fromto on a {kind} geom"),
        });
    }
    Ok(asset)
}

/// What MuJoCo computes for a geom drawn from an asset: its type, `size`, mass and inertia.
struct Solid {
    kind: &'static str,
    size: [f64; 3],
    mass: f64,
    inertia: Vector3<f64>,
}

/// A geom whose collider is the triangle mesh `mesh`, placed at `body_from_geom`.
fn solid_geom(
    a: &Attrs,
    solid: Solid,
    mesh: Arc<TriangleMesh>,
    body_from_geom: Isometry3<f64>,
) -> MjcfResult<GeomDef> {
    let invalid = |source| MjcfError::Invalid {
        at: a.node.location(),
        problem: format!("cannot build the {} geom's shape: {source}", solid.kind),
    };
    let shape = Shape::mesh(mesh).map_err(invalid)?;
    let collider = Collider::new(shape, body_from_geom).map_err(invalid)?;
    let (contype, conaffinity) = contact_bits(a)?;
    Ok(GeomDef {
        name: a.node.attr("name").map(str::to_owned),
        kind: solid.kind,
        size: solid.size,
        body_from_geom,
        contype,
        conaffinity,
        group: a.int("group")?.unwrap_or(0),
        mass: solid.mass,
        inertia: solid.inertia,
        collider,
    })
}

/// The geom's `mass`, else `density` (1000 by default) times `volume`.
fn mass_of(a: &Attrs, volume: f64) -> MjcfResult<f64> {
    match a.number("mass")? {
        Some(m) if m < 0.0 => {
            Err(a.invalid("mass", a.str("mass").unwrap_or_default(), "a mass >= 0"))
        }
        Some(m) => Ok(m),
        None => {
            let density = a.number("density")?.unwrap_or(1000.0);
            if density < 0.0 {
                return Err(a.invalid(
                    "density",
                    a.str("density").unwrap_or_default(),
                    "a density >= 0",
                ));
            }
            Ok(density * volume)
        }
    }
}

/// `contype` and `conaffinity` (1 by default).
fn contact_bits(a: &Attrs) -> MjcfResult<(u32, u32)> {
    let bits = |name: &str| -> MjcfResult<u32> {
        let v = a.int(name)?.unwrap_or(1);
        u32::try_from(v)
            .map_err(|_| a.invalid(name, &v.to_string(), "a bit mask between 0 and 2^32-1"))
    };
    Ok((bits("contype")?, bits("conaffinity")?))
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

/// Surface area of a primitive and its principal inertia per unit mass when the mass sits on
/// the surface (`shellinertia`; MuJoCo's formulas: thin cylinder walls, disks, box faces, an
/// ellipsoid by difference with a slightly larger one and Thomsen's area approximation).
pub(crate) fn shell_area_and_inertia(kind: &str, size: &[f64; 3]) -> (f64, Vector3<f64>) {
    let [a, b, c] = *size;
    match kind {
        "sphere" => (4.0 * PI * a * a, Vector3::repeat(2.0 * a * a / 3.0)),
        "capsule" => {
            let (r, h) = (a, 2.0 * b);
            let sphere_area = 4.0 * PI * r * r;
            let area = sphere_area + 2.0 * PI * r * h;
            let sphere = sphere_area / area;
            let cylinder = 1.0 - sphere;
            let side = cylinder * (6.0 * r * r + h * h) / 12.0;
            let ball = 2.0 * sphere * r * r / 3.0;
            let (com, at) = (r / 2.0, b + r / 2.0);
            let shift = sphere * (at * at - com * com);
            (
                area,
                Vector3::new(
                    side + ball + shift,
                    side + ball + shift,
                    cylinder * r * r + ball,
                ),
            )
        }
        "cylinder" => {
            let (r, h) = (a, 2.0 * b);
            let disk_area = PI * r * r;
            let area = 2.0 * disk_area + 2.0 * PI * r * h;
            let disk = disk_area / area;
            let wall = 1.0 - 2.0 * disk;
            let disk_x = disk * r * r / 4.0 + disk * b * b;
            let disk_z = disk * r * r / 2.0;
            let side = wall * (6.0 * r * r + h * h) / 12.0 + 2.0 * disk_x;
            (area, Vector3::new(side, side, wall * r * r + 2.0 * disk_z))
        }
        "ellipsoid" => {
            let p = 1.6075;
            let t = (a * b).powf(p) + (b * c).powf(p) + (c * a).powf(p);
            let area = 4.0 * PI * (t / 3.0).powf(1.0 / p);
            let eps = 1e-6;
            let inner = 4.0 * PI * a * b * c / 3.0;
            let (ae, be, ce) = (a + eps, b + eps, c + eps);
            let outer = 4.0 * PI * ae * be * ce / 3.0;
            let density = 1.0 / (outer - inner);
            let (ma, mb) = (inner * density, outer * density);
            let i = Vector3::new(
                mb * (be * be + ce * ce) / 5.0 - ma * (b * b + c * c) / 5.0,
                mb * (ae * ae + ce * ce) / 5.0 - ma * (a * a + c * c) / 5.0,
                mb * (ae * ae + be * be) / 5.0 - ma * (a * a + b * b) / 5.0,
            );
            (area, i)
        }
        "box" => {
            let (lx, ly, lz) = (2.0 * a, 2.0 * b, 2.0 * c);
            let (a0, a1, a2) = (lx * ly, ly * lz, lz * lx);
            let total = 2.0 * (a0 + a1 + a2);
            let (m0, m1, m2) = (a0 / total, a1 / total, a2 / total);
            let ix = m0 * ly * ly / 12.0 + m1 * (ly * ly + lz * lz) / 12.0 + m2 * lz * lz / 12.0;
            let iy = m0 * lx * lx / 12.0 + m1 * lz * lz / 12.0 + m2 * (lx * lx + lz * lz) / 12.0;
            let iz = m0 * (lx * lx + ly * ly) / 12.0 + m1 * ly * ly / 12.0 + m2 * lx * lx / 12.0;
            (
                total,
                Vector3::new(
                    2.0 * (m0 * c * c + m2 * b * b + ix),
                    2.0 * (m0 * c * c + m1 * a * a + iy),
                    2.0 * (m1 * a * a + m2 * b * b + iz),
                ),
            )
        }
        _ => (0.0, Vector3::zeros()),
    }
}
