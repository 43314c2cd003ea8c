//! `<compiler>` settings that change how the model is compiled.

use std::path::{Path, PathBuf};

use super::attrs::Attrs;
use super::error::{MjcfError, MjcfResult};
use super::reader::Node;

/// When body inertias come from the geoms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InertiaFromGeom {
    /// Always, ignoring `<inertial>`.
    True,
    /// Never: bodies without `<inertial>` are massless.
    False,
    /// Only for bodies without `<inertial>` (MuJoCo's default).
    Auto,
}

/// The compiler settings this loader honours (MuJoCo's defaults when unset).
#[derive(Clone, Debug)]
pub(crate) struct Compiler {
    /// Angles in degrees (MuJoCo's default) rather than radians.
    pub degree: bool,
    /// The three axes of `euler`, lower case rotating with the frame, upper case fixed.
    pub eulerseq: [u8; 3],
    /// Folder of mesh files.
    pub meshdir: PathBuf,
    /// Joints with a `range` are limited unless `limited="false"`.
    pub autolimits: bool,
    pub inertiafromgeom: InertiaFromGeom,
    /// Geom groups whose geoms contribute mass, inclusive.
    pub inertiagrouprange: [i64; 2],
    pub boundmass: f64,
    pub boundinertia: f64,
    /// Total mass the body masses are scaled to (when positive).
    pub settotalmass: f64,
    pub balanceinertia: bool,
    /// Primitives fitted to meshes take the mesh's bounding box rather than its inertia box.
    pub fitaabb: bool,
}

impl Compiler {
    /// Reads every `<compiler>` directly under `<mujoco>` (later ones override earlier ones).
    pub fn from_root(root: &Node, model_dir: &Path) -> MjcfResult<Compiler> {
        let mut c = Compiler {
            degree: true,
            eulerseq: *b"xyz",
            meshdir: model_dir.to_path_buf(),
            autolimits: true,
            inertiafromgeom: InertiaFromGeom::Auto,
            inertiagrouprange: [0, 5],
            boundmass: 0.0,
            boundinertia: 0.0,
            settotalmass: -1.0,
            balanceinertia: false,
            fitaabb: false,
        };
        let mut assetdir = None;
        let mut meshdir = None;
        for node in root.children.iter().filter(|n| n.tag == "compiler") {
            let a = Attrs::new(node, None);
            if node.attr("angle").is_some() {
                c.degree = a.keyword("angle", &["degree", "radian"])? == "degree";
            }
            if let Some(seq) = a.str("eulerseq") {
                let bytes = seq.as_bytes();
                if bytes.len() != 3 || !bytes.iter().all(|b| b"xyzXYZ".contains(b)) {
                    return Err(a.invalid("eulerseq", seq, "three of x, y, z, X, Y, Z"));
                }
                c.eulerseq = [bytes[0], bytes[1], bytes[2]];
            }
            if a.keyword("coordinate", &["local", "global"])? == "global" {
                return Err(MjcfError::Unsupported {
                    at: node.location(),
                    what: "coordinate=\"global\" (MuJoCo 2.3.3 and later reject it too); use local coordinates".into(),
                });
            }
            if let Some(d) = a.str("assetdir") {
                assetdir = Some(d.to_owned());
            }
            if let Some(d) = a.str("meshdir") {
                meshdir = Some(d.to_owned());
            }
            if let Some(v) = a.bool("autolimits")? {
                c.autolimits = v;
            }
            if node.attr("inertiafromgeom").is_some() {
                c.inertiafromgeom =
                    match a.keyword("inertiafromgeom", &["auto", "true", "false"])? {
                        "true" => InertiaFromGeom::True,
                        "false" => InertiaFromGeom::False,
                        _ => InertiaFromGeom::Auto,
                    };
            }
            if let Some(r) = a.numbers("inertiagrouprange")? {
                match r.as_slice() {
                    [lo, hi] if lo.fract() == 0.0 && hi.fract() == 0.0 => {
                        c.inertiagrouprange = [*lo as i64, *hi as i64];
                    }
                    _ => {
                        let v = a.str("inertiagrouprange").unwrap_or_default();
                        return Err(a.invalid("inertiagrouprange", v, "two integers"));
                    }
                }
            }
            for (name, field) in [
                ("boundmass", &mut c.boundmass),
                ("boundinertia", &mut c.boundinertia),
                ("settotalmass", &mut c.settotalmass),
            ] {
                if let Some(v) = a.number(name)? {
                    *field = v;
                }
            }
            if let Some(v) = a.bool("balanceinertia")? {
                c.balanceinertia = v;
            }
            if let Some(v) = a.bool("fitaabb")? {
                c.fitaabb = v;
            }
        }
        // MuJoCo: meshdir wins over assetdir; both are relative to the model file's folder.
        if let Some(d) = meshdir.or(assetdir) {
            c.meshdir = model_dir.join(d);
        }
        Ok(c)
    }

    /// `value` in radians when it was written as an angle.
    pub fn angle(&self, value: f64) -> f64 {
        if self.degree {
            value.to_radians()
        } else {
            value
        }
    }
}
