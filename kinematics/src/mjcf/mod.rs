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
//!   `balanceinertia`, `settotalmass`, `fusestatic` (static bodies merged into their parents
//!   as MuJoCo merges them, see `fuse_static.rs`); `coordinate="global"` is rejected as
//!   MuJoCo 2.3.3+ does.
//! - orientations `quat`, `axisangle`, `euler`, `xyaxes`, `zaxis`, on the element or from its
//!   default class (the element's own wins, whatever the forms); `fromto` on capsules,
//!   cylinders, boxes and ellipsoids (and sites).
//! - bodies (MuJoCo's order; unnamed ones are called `body<id>`), joints `hinge`, `slide`,
//!   `ball`, `free` with `pos`, `axis`, `ref`, `range`, `limited` (several joints per body
//!   compose in order, each about its own `pos`; see [`Model::bodies`] for the body list),
//!   geoms `sphere`, `capsule`, `ellipsoid`, `cylinder`, `box`, `plane` (a half-space) and
//!   `mesh` (STL, OBJ; `scale`, `refpos`, `refquat`) with their MuJoCo `size`
//!   ([`Model::geoms`]), sites as frames on their body. A mesh is re-centred on its centre of
//!   mass and turned onto its principal axes as MuJoCo does (its geom frame is MuJoCo's).
//! - names as MuJoCo keeps them: bodies, sites, geoms and joints each in their own name space
//!   (a name repeated within one kind is an error, as in MuJoCo). Bodies and sites share the
//!   model's frame list: a body keeps its plain name, and a site named like a body is the frame
//!   `site:NAME` ([`SITE_PREFIX`]); any other site keeps its plain name.
//! - masses as MuJoCo computes them: `<inertial>`, or from the geoms (density 1000 unless
//!   set, `mass` overrides, `shellinertia`; a mesh's volume with MuJoCo's default `legacy`
//!   rule, or `exact` and `shell`).
//! - `contype`/`conaffinity` and `<contact><exclude>` as the model's
//!   [`CollisionFilter`](crate::CollisionFilter).
//! - primitives fitted to meshes (`<geom type="capsule" mesh="...">`, `fitscale`,
//!   `<compiler fitaabb>`) as MuJoCo 4 fits them; OBJ files as MuJoCo reads them (every vertex,
//!   the first object's faces, polygons split into MuJoCo's own triangles); a `<mesh file>` is
//!   looked up in `meshdir`, then beside the file that names it (an included file).
//! - height fields (`<hfield>` from `elevation`, a PNG, MuJoCo's binary format, or `nrow` and
//!   `ncol` alone) as closed solids, with MuJoCo's geom size, mass and inertia (see
//!   `hfield.rs`); their files are looked up like meshes.
//! - model composition: `<asset><model name file>` and `<attach model body prefix>` in a body,
//!   the world body or a frame; the attached subtree (or the child's whole world body) keeps
//!   the child model's compiler settings, default classes and assets, and its bodies, joints,
//!   geoms and sites take the prefix (see `attach.rs`). A child's `<contact><exclude>` naming
//!   an attached body is refused as unsupported (it is not copied yet).
//! - elements MuJoCo knows that cannot change poses, geometry or mass are read and ignored on
//!   purpose, with everything inside them ([`IGNORED_ELEMENTS`]): visual only `<visual>`,
//!   `<texture>`, `<material>`, `<layer>`, `<skin>`, `<camera>`, `<light>`; simulation,
//!   dynamics, sensing and control `<size>`, `<statistic>`, `<lengthrange>`, `<extension>`,
//!   `<plugin>`, `<deformable>`, `<pair>`, `<tendon>`, `<equality>`, `<actuator>`, `<sensor>`,
//!   `<custom>`, `<keyframe>`. A missing texture never blocks loading.
//!
//! Names are checked first against MuJoCo's MJCF schema (`schema.rs`): an element or attribute
//! MuJoCo does not know is an [`MjcfError::UnknownName`] with file, line and the closest known
//! name, as MuJoCo refuses it too.
//!
//! Not supported (a clear [`MjcfError::Unsupported`] naming file, line and element, never a
//! silent drop): `sdf` geoms, meshes given as vertex lists, mesh
//! `inertia="convex"`, `<attach frame>` and self-attachment, `<replicate>`,
//! `<flexcomp>`, `<compiler alignfree|discardvisual|strippath="true">`
//! and free joints with `align="true"` (see the list in `unsupported.rs`).
//! A mesh geom's `size` is MuJoCo's: per axis, the largest |coordinate| of its processed
//! vertices in the mesh's inertial frame.
//!
//! Files: every file the loader opens (the model, its includes, its meshes) goes through a
//! [`FileAccess`] policy. [`load_file`] and [`load_str`] allow any folder (regular files up to
//! [`DEFAULT_MAX_FILE_BYTES`](morsel_geometry::file_access::DEFAULT_MAX_FILE_BYTES));
//! [`load_file_with_access`] restricts them, e.g. to a sandbox's folders: an `<include>`,
//! `meshdir`/`assetdir` or `<mesh file>` leading outside is then an [`MjcfError::File`]. A
//! model includes at most [`MAX_INCLUDES`] files, reads at most [`MAX_MODEL_BYTES`] of XML,
//! and nests elements at most
//! [`MAX_XML_DEPTH`](morsel_geometry::xml_depth::MAX_XML_DEPTH) deep ([`MjcfError::TooLarge`]).
//!
//! Configurations are MuJoCo's `qpos` exactly (joint order, quaternions w, x, y, z), as
//! everywhere in Morsel; velocities are MuJoCo's `qvel`. [`configuration_from_qpos`] checks a
//! `qpos` and names errors in MuJoCo's indices. [`Model::reference_configuration`] is MuJoCo's
//! `qpos0`.

mod assets;
mod attach;
mod attrs;
mod bodies;
mod build;
mod compiler;
mod defaults;
mod eig3;
pub(crate) mod error;
mod fuse_static;
mod geoms;
mod hfield;
mod inertia;
mod inertial_element;
mod joints;
mod mesh;
mod option;
mod orientation;
mod qpos;
mod reader;
mod schema;
mod schema_row;
mod schema_table;
mod unsupported;

use std::path::{Path, PathBuf};

pub use build::SITE_PREFIX;
pub use error::{Location, MjcfError, MjcfResult, NameKind};
pub use qpos::{configuration_from_joint_values, configuration_from_qpos, qpos_from_configuration};
pub use schema::IGNORED_ELEMENTS;

use crate::Model;
use crate::load_stop;
use build::Exclude;
use morsel_geometry::stop::NEVER;
use morsel_geometry::{FileAccess, Stop};
use reader::Node;

/// The most `<include>`s one model may expand (each counted, also repeats of a file).
pub const MAX_INCLUDES: usize = 1000;

/// The most bytes of XML one model may read, its includes counted each time: 256 MiB.
pub const MAX_MODEL_BYTES: u64 = 256 << 20;

/// Loads the MJCF file at `path` (and the files it includes).
pub fn load_file(path: impl AsRef<Path>) -> MjcfResult<Model> {
    load_file_with_files(path).map(|(model, _)| model)
}

/// [`load_file`], also returning every file read (the model file, included files, meshes).
pub fn load_file_with_files(path: impl AsRef<Path>) -> MjcfResult<(Model, Vec<PathBuf>)> {
    load_file_with_access(path, &FileAccess::anywhere())
}

/// [`load_file_with_files`], opening every file (the model, includes, meshes) through
/// `access`.
pub fn load_file_with_access(
    path: impl AsRef<Path>,
    access: &FileAccess,
) -> MjcfResult<(Model, Vec<PathBuf>)> {
    load_file_until(path, access, NEVER)
}

/// [`load_file_with_access`], asking `stop` between elements and bodies: when it answers
/// true, the load ends with [`KinematicsError::Stopped`](crate::KinematicsError::Stopped)
/// (as [`MjcfError::Model`]).
pub fn load_file_until(
    path: impl AsRef<Path>,
    access: &FileAccess,
    stop: &dyn Stop,
) -> MjcfResult<(Model, Vec<PathBuf>)> {
    let path = path.as_ref();
    let root = reader::read_model(path, access, stop)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let fallback = path
        .file_stem()
        .map_or_else(|| "mjcf".to_owned(), |s| s.to_string_lossy().into_owned());
    let mut files = Vec::new();
    collect_files(&root, &mut files);
    let model = match compile(&root, dir, &fallback, &mut files, access, stop) {
        Ok(model) => model,
        Err(e) => {
            if matches!(&e, MjcfError::Model(k) if load_stop::is_stop(k)) {
                load_stop::discard(root);
            }
            return Err(e);
        }
    };
    files.sort();
    files.dedup();
    Ok((model, files))
}

fn collect_files(node: &Node, files: &mut Vec<PathBuf>) {
    if files.last().is_none_or(|f| f.as_path() != &*node.file) {
        files.push(node.file.to_path_buf());
    }
    for child in &node.children {
        collect_files(child, files);
    }
}

/// Loads MJCF text; includes and mesh files are looked up relative to `base_dir`.
pub fn load_str(text: &str, base_dir: impl AsRef<Path>) -> MjcfResult<Model> {
    load_str_with_access(text, base_dir, &FileAccess::anywhere())
}

/// [`load_str`], opening includes and meshes through `access`.
pub fn load_str_with_access(
    text: &str,
    base_dir: impl AsRef<Path>,
    access: &FileAccess,
) -> MjcfResult<Model> {
    let base_dir = base_dir.as_ref();
    let name = base_dir.join("<string>");
    let root = reader::read_text(text, &name, base_dir, access)?;
    compile(&root, base_dir, "mjcf", &mut Vec::new(), access, NEVER)
}

/// Compiles the element tree; files read on the way (meshes) are added to `files`.
fn compile(
    root: &Node,
    dir: &Path,
    fallback_name: &str,
    files: &mut Vec<PathBuf>,
    access: &FileAccess,
    stop: &dyn Stop,
) -> MjcfResult<Model> {
    schema::check(root)?;
    unsupported::check(root)?;
    let compiler = compiler::Compiler::from_root(root, dir)?;
    let defaults = defaults::Defaults::from_root(root)?;
    load_stop::check(stop)?;
    let assets = assets::Assets {
        meshes: mesh::read_meshes(root, &defaults, &compiler, files, access)?,
        height_fields: hfield::read_height_fields(root, &compiler, files, access)?,
    };
    let models = attach::read_models(root, &compiler, files, access, stop)?;
    load_stop::check(stop)?;
    let bodies = bodies::read_bodies(root, &defaults, &compiler, &assets, &models, stop)?;
    let inertials = inertia::body_inertials(&bodies, &compiler);
    let (bodies, mut inertials) = if fuse_static::enabled(root)? {
        fuse_static::fuse(root, bodies, inertials)?
    } else {
        (bodies, inertials)
    };
    inertia::set_total_mass(&mut inertials, &compiler);
    let excludes = read_excludes(root)?;
    let name = root.attr("model").unwrap_or(fallback_name);
    let gravity = option::gravity(root)?;
    let built = build::build_model(name, &bodies, &inertials, &excludes, stop).map(|mut m| {
        m.set_gravity(gravity);
        m
    });
    if matches!(&built, Err(MjcfError::Model(k)) if load_stop::is_stop(k)) {
        load_stop::discard((bodies, inertials));
    }
    built
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
