//! Loading models from URDF (read with Morsel's own reader over roxmltree).
//!
//! Files that Pinocchio loads load here too (see `kinematics/tests/corpus`): an XML declaration
//! after blank lines; a `<limit>` with lower above upper (pybullet's "no limit": the joint is
//! unlimited, with a load warning); shapes of a `<visual>` or `<collision>` that the load does
//! not read (a kinematics-only load reads none) are not checked.
//!
//! ```
//! use morsel_kinematics::urdf::{load_file, UrdfOptions};
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/robots/panda/panda.urdf");
//! let panda = load_file(path, &UrdfOptions::default())?;
//! assert_eq!(panda.nq(), 8); // 7 arm joints and one finger joint (the other finger mimics it)
//! # Ok::<(), morsel_kinematics::KinematicsError>(())
//! ```

mod document;
mod geometry;
mod paths;
mod validate;
mod xml_declaration;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use morsel_geometry::Stop;
use morsel_geometry::stop::NEVER;
use nalgebra::{Isometry3, Matrix3, Point3, Vector3};

use crate::load_stop;
use crate::{
    Inertial, JointKind, JointLimits, JointSpec, KinematicsError, LinkSpec, Model, ModelBuilder,
    Result,
};
use document::{UrdfJoint, UrdfLink, UrdfRobot};
use geometry::{MeshCache, collider};
use morsel_geometry::FileAccess;
use paths::MeshLocator;

use crate::line_index::LineIndex;

/// How the URDF's root link is attached to the world.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RootJoint {
    /// The root link is the world frame (a fixed base).
    #[default]
    Fixed,
    /// A floating joint named `root_joint` places the root link; it hangs from an added
    /// massless link named `universe` (as Pinocchio's free-flyer). Its 7 configuration values
    /// come first.
    Floating,
}

/// Options of [`load_file`] and [`load_str`].
#[derive(Clone, Debug)]
pub struct UrdfOptions {
    /// Folders searched for `package://NAME/...` meshes: `DIR/NAME/...`, or `DIR/...` when DIR is named NAME.
    pub package_paths: Vec<PathBuf>,
    /// Folder that relative mesh paths start from. [`load_file`] uses the URDF's folder when this is `None`.
    pub base_dir: Option<PathBuf>,
    /// How the root link is attached.
    pub root_joint: RootJoint,
    /// Load `<visual>` geometry.
    pub load_visuals: bool,
    /// Load `<collision>` geometry.
    pub load_collisions: bool,
    /// Which files may be opened: the URDF file ([`load_file`]) and every mesh it names,
    /// whether written as a relative or absolute path, `file://` or `package://` URI.
    /// [`FileAccess::anywhere`] by default; a front end with a sandbox passes its folders.
    pub file_access: FileAccess,
}

impl Default for UrdfOptions {
    fn default() -> Self {
        UrdfOptions {
            package_paths: Vec::new(),
            base_dir: None,
            root_joint: RootJoint::Fixed,
            load_visuals: true,
            load_collisions: true,
            file_access: FileAccess::anywhere(),
        }
    }
}

impl UrdfOptions {
    /// Options that skip all geometry (fast loading for kinematics only).
    pub fn kinematics_only() -> Self {
        UrdfOptions {
            load_visuals: false,
            load_collisions: false,
            ..UrdfOptions::default()
        }
    }
}

/// Loads a URDF file. Relative mesh paths resolve against the file's folder.
pub fn load_file(path: impl AsRef<Path>, options: &UrdfOptions) -> Result<Model> {
    load_file_with_meshes(path, options).map(|(model, _)| model)
}

/// Loads a URDF file as [`load_file`] does, and also returns the mesh files it read
/// (canonical paths, sorted), so that callers can record every input of a model.
pub fn load_file_with_meshes(
    path: impl AsRef<Path>,
    options: &UrdfOptions,
) -> Result<(Model, Vec<PathBuf>)> {
    load_file_until(path, options, NEVER)
}

/// [`load_file_with_meshes`], asking `stop` between elements and links: when it answers
/// true, the load ends with [`KinematicsError::Stopped`].
pub fn load_file_until(
    path: impl AsRef<Path>,
    options: &UrdfOptions,
    stop: &dyn Stop,
) -> Result<(Model, Vec<PathBuf>)> {
    let path = path.as_ref();
    let text = options
        .file_access
        .read_text(path)
        .map_err(|source| KinematicsError::File {
            element: String::new(),
            source,
        })?
        .map_err(|line| KinematicsError::UrdfParse {
            source_name: path.display().to_string(),
            message: format!("line {line}: the file is not valid UTF-8"),
        })?;
    let base = options
        .base_dir
        .clone()
        .or_else(|| path.parent().map(Path::to_path_buf));
    let name = path.display().to_string();
    load_with_meshes(&text, &name, base.as_deref(), options, stop).map_err(|e| match e {
        // Name the file in element errors too (they name the element and its line).
        KinematicsError::UrdfElement {
            element,
            location,
            problem,
        } => KinematicsError::UrdfElement {
            element: format!("{name}: {element}"),
            location,
            problem,
        },
        other => other,
    })
}

/// Loads URDF text. Relative mesh paths need [`UrdfOptions::base_dir`].
///
/// ```
/// use morsel_kinematics::urdf::{UrdfOptions, load_str};
/// let urdf = r#"<robot name="pendulum">
///   <link name="base"/>
///   <link name="bob"><inertial><mass value="2"/><inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" izz="0"/></inertial>
///     <collision><origin xyz="0 0 -1"/><geometry><sphere radius="0.1"/></geometry></collision></link>
///   <joint name="swing" type="continuous"><parent link="base"/><child link="bob"/><axis xyz="0 1 0"/></joint>
/// </robot>"#;
/// let model = load_str(urdf, &UrdfOptions::default())?;
/// assert_eq!((model.nq(), model.nv()), (1, 1));
/// assert_eq!(model.link(model.link_id("bob")?).collisions().len(), 1);
/// // A malformed file names the element and its line.
/// let err = load_str("<robot name=\"r\"><joint name=\"j\" type=\"revolute\"/></robot>", &UrdfOptions::default())
///     .unwrap_err();
/// assert!(err.to_string().contains("joint \"j\""), "{err}");
/// # Ok::<(), morsel_kinematics::KinematicsError>(())
/// ```
pub fn load_str(text: &str, options: &UrdfOptions) -> Result<Model> {
    load(text, "<string>", options.base_dir.as_deref(), options)
}

fn load(
    text: &str,
    source_name: &str,
    base_dir: Option<&Path>,
    options: &UrdfOptions,
) -> Result<Model> {
    load_with_meshes(text, source_name, base_dir, options, NEVER).map(|(model, _)| model)
}

fn load_with_meshes(
    text: &str,
    source_name: &str,
    base_dir: Option<&Path>,
    options: &UrdfOptions,
    stop: &dyn Stop,
) -> Result<(Model, Vec<PathBuf>)> {
    let geometry = validate::CheckedGeometry {
        visual: options.load_visuals,
        collision: options.load_collisions,
    };
    let text = xml_declaration::after_blank_lines(text);
    let doc = validate::validate(&text, source_name, geometry, stop)?;
    let robot = document::read(&doc, geometry, stop)?;
    drop(doc);
    let mut builder = ModelBuilder::new(robot.name.clone());
    let locator = MeshLocator {
        base_dir,
        package_paths: &options.package_paths,
        access: &options.file_access,
    };
    let mut cache = MeshCache::default();
    for link in &robot.links {
        load_stop::check(stop)?;
        builder.add_link(link_spec(link, options, &locator, &mut cache)?);
    }
    let mut warnings = Vec::new();
    let joint_names: HashSet<&str> = robot.joints.iter().map(|j| j.name.as_str()).collect();
    // Line starts, indexed when the first warning names a line.
    let lines = std::cell::OnceCell::new();
    for joint in &robot.joints {
        load_stop::check(stop)?;
        let at = || {
            let line = lines
                .get_or_init(|| LineIndex::new(&text))
                .line_of(joint.offset);
            format!("{source_name}, line {line}")
        };
        builder.add_joint(joint_spec(joint, &joint_names, at, &mut warnings));
    }
    if options.root_joint == RootJoint::Floating {
        let root = root_link_name(&robot)?;
        builder.add_link(LinkSpec::new("universe"));
        builder.add_joint(JointSpec::new(
            "root_joint",
            JointKind::Floating,
            "universe",
            root,
            Isometry3::identity(),
            Vector3::z(),
        ));
    }
    let mut model = builder.build_until(stop)?;
    model.set_load_warnings(warnings);
    Ok((model, cache.files()))
}

/// The URDF link that no joint has as its child (the first one, if several).
fn root_link_name(robot: &UrdfRobot) -> Result<String> {
    let children: HashSet<&str> = robot.joints.iter().map(|j| j.child.as_str()).collect();
    robot
        .links
        .iter()
        .find(|l| !children.contains(l.name.as_str()))
        .map(|l| l.name.clone())
        .ok_or_else(|| {
            KinematicsError::InvalidModel(
                "every link has a parent joint, so the URDF has no root link".into(),
            )
        })
}

fn link_spec(
    link: &UrdfLink,
    options: &UrdfOptions,
    locator: &MeshLocator,
    cache: &mut MeshCache,
) -> Result<LinkSpec> {
    let element = format!("link \"{}\"", link.name);
    let frame = link.inertial_origin;
    let [ixx, ixy, ixz, iyy, iyz, izz] = link.inertia;
    let principal = Matrix3::new(
        ixx, ixy, ixz, //
        ixy, iyy, iyz, //
        ixz, iyz, izz,
    );
    let rotation = frame.rotation.to_rotation_matrix();
    let inertial = Inertial {
        mass: link.mass,
        com: Point3::from(frame.translation.vector),
        inertia: rotation.matrix() * principal * rotation.matrix().transpose(),
    };
    if inertial.mass < 0.0 {
        return Err(KinematicsError::UrdfElement {
            element: format!("{element} > inertial > mass"),
            location: String::new(),
            problem: format!("mass {} is negative", inertial.mass),
        });
    }
    let mut spec = LinkSpec::new(link.name.clone()).with_inertial(inertial);
    if options.load_visuals {
        for (k, (origin, geometry)) in link.visuals.iter().enumerate() {
            let element = format!("{element} > visual #{} > geometry", k + 1);
            spec.visuals
                .push(collider(geometry, *origin, &element, locator, cache)?);
        }
    }
    if options.load_collisions {
        for (k, (origin, geometry)) in link.collisions.iter().enumerate() {
            let element = format!("{element} > collision #{} > geometry", k + 1);
            spec.collisions
                .push(collider(geometry, *origin, &element, locator, cache)?);
        }
    }
    Ok(spec)
}

/// The joint's description. A `<mimic>` that Pinocchio ignores is ignored here too, with a
/// warning: one on a fixed joint, and one that names no joint of the file. A `<limit>` whose
/// lower value is above its upper one leaves the joint unlimited, with a warning: pybullet's
/// convention for "no limit" (its `cube_no_rotation.urdf` uses it); Pinocchio loads such a file.
fn joint_spec(
    joint: &UrdfJoint,
    joint_names: &HashSet<&str>,
    at: impl Fn() -> String,
    warnings: &mut Vec<String>,
) -> JointSpec {
    let kind = match joint.kind.as_str() {
        "revolute" => JointKind::Revolute,
        "continuous" => JointKind::Continuous,
        "prismatic" => JointKind::Prismatic,
        "floating" => JointKind::Floating,
        // Planar and spherical joints are rejected by the validation pass.
        _ => JointKind::Fixed,
    };
    let [mut lower, mut upper, effort, velocity] = joint.limit;
    if lower > upper && matches!(kind, JointKind::Revolute | JointKind::Prismatic) {
        warnings.push(format!(
            "{}: joint \"{}\" has its lower limit {lower} above its upper limit {upper}; it is taken as unlimited (pybullet's convention)",
            at(),
            joint.name
        ));
        (lower, upper) = (f64::NEG_INFINITY, f64::INFINITY);
    }
    let positive_or_inf = |v: f64| if v > 0.0 { v } else { f64::INFINITY };
    let limits = match kind {
        JointKind::Revolute | JointKind::Prismatic => Some(JointLimits {
            lower,
            upper,
            velocity: positive_or_inf(velocity),
            effort: positive_or_inf(effort),
        }),
        JointKind::Continuous => Some(JointLimits {
            velocity: positive_or_inf(velocity),
            effort: positive_or_inf(effort),
            ..JointLimits::unlimited()
        }),
        _ => None,
    };
    let mut spec = JointSpec::new(
        joint.name.clone(),
        kind,
        joint.parent.clone(),
        joint.child.clone(),
        joint.origin,
        document::axis(joint),
    );
    spec.limits = limits;
    if let Some((followed, multiplier, offset)) = &joint.mimic {
        if kind == JointKind::Fixed {
            warnings.push(format!(
                "{}: joint \"{}\" is fixed; its <mimic> of \"{followed}\" is ignored (as Pinocchio does)",
                at(),
                joint.name
            ));
        } else if !joint_names.contains(followed.as_str()) {
            warnings.push(format!(
                "{}: joint \"{}\" mimics \"{followed}\", which is no joint of the file; the <mimic> is ignored and the joint moves on its own (as in Pinocchio)",
                at(),
                joint.name
            ));
        } else {
            spec = spec.with_mimic(followed.clone(), *multiplier, *offset);
        }
    }
    spec
}
