//! Loading MuJoCo MJCF files into a [`Model`], following MuJoCo's compiler.
//!
//! ```no_run
//! let model = morsel_kinematics::mjcf::load_file("assets/robots/mimo/benchmark_scene.xml")?;
//! println!("{} bodies, {} kg", model.bodies().len(), model.total_mass());
//! # Ok::<(), morsel_kinematics::mjcf::MjcfError>(())
//! ```
//!
//! What is read, as MuJoCo compiles it:
//! - `<include>` (relative to the including file, then to the main file; cycles are an
//!   error), `<default>` classes with nesting, `class` and `childclass`, `<frame>`.
//! - `<compiler>`: `angle` (degrees by default), `eulerseq`, `meshdir`/`assetdir`,
//!   `autolimits`, `inertiafromgeom`, `inertiagrouprange`, `boundmass`, `boundinertia`,
//!   `balanceinertia`, `settotalmass`; `coordinate="global"` is rejected as MuJoCo 2.3.3+ does.
//! - orientations `quat`, `axisangle`, `euler`, `xyaxes`, `zaxis`; `fromto` on capsules,
//!   cylinders, boxes and ellipsoids (and sites).
//! - bodies (MuJoCo's order; unnamed ones are called `body<id>`), joints `hinge`, `slide`,
//!   `ball`, `free` with `pos`, `axis`, `ref`, `range`, `limited` (several joints per body
//!   compose in order, each about its own `pos`; see [`Model::bodies`] for the body list),
//!   geoms `sphere`, `capsule`, `ellipsoid`, `cylinder`, `box`, `plane` (a half-space) with
//!   their MuJoCo `size` ([`Model::geoms`]), sites as frames on their body.
//! - masses as MuJoCo computes them: `<inertial>`, or from the geoms (density 1000 unless
//!   set, `mass` overrides).
//! - `contype`/`conaffinity` and `<contact><exclude>` as the model's
//!   [`CollisionFilter`](crate::CollisionFilter).
//! - everything else (actuators, tendons, equalities, sensors, keyframes, visual assets,
//!   cameras, lights) is ignored, never an error; a missing texture never blocks loading.
//!
//! Not supported (a clear [`MjcfError::Unsupported`] naming the element): `mesh`, `hfield`
//! and `sdf` geoms, `shellinertia`.
//!
//! Configurations hold MuJoCo's joint values in MuJoCo's order, except that quaternions are
//! written x, y, z, w as everywhere in Morsel; [`configuration_from_qpos`] and
//! [`qpos_from_configuration`] convert. [`Model::reference_configuration`] is MuJoCo's `qpos0`.

mod attrs;
mod bodies;
mod build;
mod compiler;
mod defaults;
mod error;
mod geoms;
mod inertia;
mod joints;
mod orientation;
mod qpos;
mod reader;

use std::path::Path;

pub use error::{Location, MjcfError, MjcfResult};
pub use qpos::{configuration_from_joint_values, configuration_from_qpos, qpos_from_configuration};

use crate::Model;
use build::Exclude;
use reader::Node;

/// Loads the MJCF file at `path` (and the files it includes).
pub fn load_file(path: impl AsRef<Path>) -> MjcfResult<Model> {
    let path = path.as_ref();
    let root = reader::read_model(path)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let fallback = path
        .file_stem()
        .map_or_else(|| "mjcf".to_owned(), |s| s.to_string_lossy().into_owned());
    compile(&root, dir, &fallback)
}

/// Loads MJCF text; includes and mesh files are looked up relative to `base_dir`.
pub fn load_str(text: &str, base_dir: impl AsRef<Path>) -> MjcfResult<Model> {
    let base_dir = base_dir.as_ref();
    let name = base_dir.join("<string>");
    let root = reader::read_text(text, &name, base_dir)?;
    compile(&root, base_dir, "mjcf")
}

fn compile(root: &Node, dir: &Path, fallback_name: &str) -> MjcfResult<Model> {
    let compiler = compiler::Compiler::from_root(root, dir)?;
    let defaults = defaults::Defaults::from_root(root)?;
    let bodies = bodies::read_bodies(root, &defaults, &compiler)?;
    let inertials = inertia::body_inertials(&bodies, &compiler);
    let excludes = read_excludes(root)?;
    let name = root.attr("model").unwrap_or(fallback_name);
    build::build_model(name, &bodies, &inertials, &excludes)
}

fn read_excludes(root: &Node) -> MjcfResult<Vec<Exclude>> {
    let mut out = Vec::new();
    for contact in root.children.iter().filter(|n| n.tag == "contact") {
        for e in contact.children.iter().filter(|n| n.tag == "exclude") {
            let body = |attr: &str| {
                e.attr(attr)
                    .map(str::to_owned)
                    .ok_or_else(|| MjcfError::Invalid {
                        at: e.location(),
                        problem: format!("<exclude> needs {attr}"),
                    })
            };
            out.push(Exclude {
                body1: body("body1")?,
                body2: body("body2")?,
                at: e.location(),
            });
        }
    }
    Ok(out)
}
