//! Script bindings of morsel-kinematics: robots built from URDF or with a chain builder,
//! forward kinematics, Jacobians, centre of mass, inverse kinematics, MORSE's armature services
//! and the kinematic simulation loop.
//!
//! One script type, `Robot`, is a shared handle ([`morsel_lab::simulation::Robot`]): the variable
//! in the script and the simulation that drives it see the same armature.
//!
//! # Placement versus joint motion (MORSE's Builder API, mapped)
//!
//! MORSE's Builder overloads `translate`/`rotate`: on a component they set where it sits; on
//! an armature actuator they move joints. Morsel keeps the two apart:
//!
//! | MORSE | Morsel |
//! | --- | --- |
//! | `arm.translate(x, y, z)` / `arm.rotate(r, p, y)` (Builder, placement) | `arm.place(pose([x, y, z], [r, p, y]))` |
//! | `robot.append(arm)` then `arm.translate(...)` (placement relative to the parent) | `robot.append(arm, pose(...))` or `robot.append(arm, "link", pose(...))` |
//! | actuator services `rotate`, `translate` (joint motion) | `arm.rotate(joint, angle)`, `arm.translate(joint, offset)` |
//!
//! Files: `mod.rs` (construction and registration), `algorithms.rs` (`fk`, `jacobian`, `com`,
//! `ik`), `dynamics.rs` (`rnea`, `aba`, `mass_matrix`, ...), `mjcf.rs` (`mjcf`, `geoms`, `mass`), `services.rs` (armature services), `simulation.rs` (simulation, sensors, recorders).

use std::sync::Arc;

use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file_until};
use morsel_kinematics::{ChainBuilder, JointKind};
use nalgebra::{Isometry3, Translation3, UnitQuaternion};
use rhai::{Dynamic, Engine, ImmutableString, Map};

use crate::context::ShellContext;
use crate::convert::{describe, string_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::{JointSpec, Robot};

use super::doc;

mod algorithms;
mod dynamics;
mod mjcf;
mod services;
mod simulation;
mod torque_drive;

/// Registers robots, their algorithms, armature services and the simulation.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<Robot>("Robot");
    register_construction(engine, ctx);
    algorithms::register(engine);
    dynamics::register(engine);
    torque_drive::register(engine);
    mjcf::register(engine, ctx);
    services::register(engine);
    simulation::register(engine, ctx);
}

fn register_construction(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc("urdf", &["path: string", "Robot"])
        .register_into_engine(engine, move |path: ImmutableString| {
            load_urdf(&shared, &path, &Dynamic::UNIT)
        });
    let shared = Arc::clone(ctx);
    doc(
        "urdf",
        &[
            "path: string",
            "options: #{package_dirs: [string], floating: bool, geometry: bool}",
            "Robot",
        ],
    )
    .register_into_engine(engine, move |path: ImmutableString, opts: Dynamic| {
        load_urdf(&shared, &path, &opts)
    });
    doc("armature", &["name: string", "Robot"]).register_into_engine(
        engine,
        |name: ImmutableString| -> ScriptResult<Robot> {
            Robot::building(ChainBuilder::new(name.as_str())).or_script()
        },
    );
    for (name, kind) in [
        ("revolute", JointKind::Revolute),
        ("continuous", JointKind::Continuous),
        ("prismatic", JointKind::Prismatic),
        ("fixed", JointKind::Fixed),
    ] {
        doc(
            name,
            &[
                "arm: Robot",
                "joint: string",
                "options: #{axis: [x, y, z], origin: [x, y, z] or Pose, rpy: [r, p, y], limits: [lo, hi], speed: number, mass: number, com: [x, y, z]}",
                "Robot",
            ],
        )
        .register_into_engine(
            engine,
            move |arm: &mut Robot, joint: ImmutableString, opts: Dynamic| {
                add_joint(arm, kind, &joint, &opts, name)
            },
        );
        doc(name, &["arm: Robot", "joint: string", "Robot"]).register_into_engine(
            engine,
            move |arm: &mut Robot, joint: ImmutableString| {
                add_joint(arm, kind, &joint, &Dynamic::UNIT, name)
            },
        );
    }
    doc("place", &["robot: Robot", "pose: Pose", "Robot"]).register_into_engine(
        engine,
        |r: &mut Robot, pose: Isometry3<f64>| {
            r.place(pose).or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(r.clone())
        },
    );
    doc(
        "append",
        &["parent: Robot", "child: Robot", "offset: Pose", "Robot"],
    )
    .register_into_engine(
        engine,
        |parent: &mut Robot, child: Robot, offset: Isometry3<f64>| {
            parent.append(&child, None, offset).or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(parent.clone())
        },
    );
    doc(
        "append",
        &[
            "parent: Robot",
            "child: Robot",
            "link: string",
            "offset: Pose",
            "Robot",
        ],
    )
    .register_into_engine(
        engine,
        |parent: &mut Robot, child: Robot, link: ImmutableString, offset: Isometry3<f64>| {
            parent
                .append(&child, Some(link.to_string()), offset)
                .or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(parent.clone())
        },
    );
    engine.register_get(
        "placement",
        |r: &mut Robot| -> ScriptResult<Isometry3<f64>> { r.world_placement().or_script() },
    );
    engine.register_get("name", |r: &mut Robot| -> ImmutableString {
        r.name().into()
    });
    doc("to_map", &["robot: Robot", "Map"])
        .register_into_engine(engine, |r: &mut Robot| -> ScriptResult<Map> {
            services::robot_map(r)
        });
    engine.register_fn("to_string", robot_text);
    engine.register_fn("to_debug", robot_text);
}

fn robot_text(r: &mut Robot) -> String {
    match r.with(|a| Ok(a.get_joints().len())) {
        Ok(n) => format!("Robot({}, {n} joints)", r.name()),
        Err(_) => format!("Robot({})", r.name()),
    }
}

fn load_urdf(ctx: &ShellContext, path: &str, opts: &Dynamic) -> ScriptResult<Robot> {
    let mut o = Options::new("urdf", opts).or_script()?;
    let mut options = UrdfOptions {
        file_access: ctx.sandbox.file_access().clone(),
        ..UrdfOptions::default()
    };
    if let Some(dirs) = o.value("package_dirs") {
        let what = "option `package_dirs` of urdf()";
        let list = dirs
            .as_array_ref()
            .map_err(|_| {
                script_error(ShellError::argument(
                    what,
                    "an array of folder names",
                    describe(&dirs),
                ))
            })?
            .clone();
        for (i, dir) in list.iter().enumerate() {
            let dir = string_arg(dir, &format!("{what}, element {i}")).or_script()?;
            options.package_paths.push(package_dir(ctx, &dir)?);
        }
    }
    if o.bool_or("floating", false).or_script()? {
        options.root_joint = RootJoint::Floating;
    }
    let geometry = o.bool_or("geometry", true).or_script()?;
    options.load_visuals = geometry;
    options.load_collisions = geometry;
    o.finish().or_script()?;
    let file = ctx.sandbox.read_path(path).or_script()?;
    // Ctrl-C and time limits end a long load (a chain of many thousand links).
    let (model, meshes) =
        load_file_until(&file, &options, &crate::interrupt::requested).or_script()?;
    ctx.sandbox.note_reads(&meshes);
    for warning in model.load_warnings() {
        eprintln!("morsel: warning: {warning}");
    }
    let name = model.name().to_string();
    Robot::from_model(name, model).or_script()
}

/// Reads a joint's options and appends it to an armature under construction (the defaults are
/// [`JointSpec`]'s).
fn add_joint(
    arm: &mut Robot,
    kind: JointKind,
    joint: &str,
    opts: &Dynamic,
    function: &str,
) -> ScriptResult<Robot> {
    let mut o = Options::new(function, opts).or_script()?;
    let axis = o.vector3("axis").or_script()?;
    let origin = match o.value("origin") {
        None => None,
        Some(v) => Some(origin_arg(&v, function)?),
    };
    let spec = JointSpec {
        axis,
        origin,
        rpy: o.vector3("rpy").or_script()?,
        limits: o.vec("limits").or_script()?,
        speed: o.f64("speed").or_script()?,
        mass: o.f64("mass").or_script()?,
        com: o.vector3("com").or_script()?,
    };
    o.finish().or_script()?;
    arm.add_joint_spec(kind, joint, &spec, function)
        .or_script()?;
    Ok(arm.clone())
}

/// An origin given as `[x, y, z]` or as a `Pose`.
fn origin_arg(value: &Dynamic, function: &str) -> ScriptResult<Isometry3<f64>> {
    if let Some(pose) = value.clone().try_cast::<Isometry3<f64>>() {
        return Ok(pose);
    }
    let what = format!("option `origin` of {function}()");
    if value.is_array() {
        let t = vector3_arg(value, &what).or_script()?;
        return Ok(Isometry3::from_parts(
            Translation3::from(t),
            UnitQuaternion::identity(),
        ));
    }
    Err(script_error(ShellError::argument(
        what,
        "[x, y, z] or a Pose",
        describe(value),
    )))
}

/// A `package_dirs` folder, relative to the script and inside the sandbox's read root.
fn package_dir(ctx: &ShellContext, dir: &str) -> ScriptResult<std::path::PathBuf> {
    let joined = ctx.sandbox.read_base().join(dir);
    let refuse = |why: &str| {
        script_error(ShellError::argument(
            "option `package_dirs` of urdf()",
            "folders inside the script's folder tree",
            format!("\"{dir}\", which {why}"),
        ))
    };
    let canonical = std::fs::canonicalize(&joined).map_err(|_| refuse("does not exist"))?;
    let root = std::fs::canonicalize(ctx.sandbox.read_root())
        .unwrap_or_else(|_| ctx.sandbox.read_root().to_path_buf());
    if !canonical.starts_with(&root) {
        return Err(refuse("is outside the readable folders"));
    }
    if !canonical.is_dir() {
        return Err(refuse("is not a folder"));
    }
    Ok(canonical)
}
