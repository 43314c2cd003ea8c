//! The `Scene` script type: a shared handle on a morsel-sensing scene (bodies with colliders,
//! poses and velocities), its penalty contact law, and the robots whose links it mirrors.
//!
//! A robot added with `sc.add_robot(robot)` becomes one body per link, named after the link
//! (with an optional prefix), carrying the link's collision (or visual) geometry. Before every
//! use (contacts, touch, taxels) the link bodies are moved to the robot's current forward
//! kinematics and placement. Their velocities are zero: the kinematic simulation has no
//! velocities to report, so set them with `sc.set_velocity` when they matter. Contacts between
//! a link and its parent link are ignored (they overlap at their joint).

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_geometry::{Collider, Shape};
use morsel_sensing::{Body, Contact, PenaltyLaw, Scene};
use nalgebra::{Isometry3, Vector3};
use rhai::{Array, Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::bindings::doc;
use crate::convert::{describe, from_point3, from_vector3, point3_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

/// Link bodies mirrored from a robot: (scene body index, link name).
#[derive(Debug)]
struct RobotBodies {
    robot: Robot,
    links: Vec<(usize, String)>,
}

/// What a scene handle shares.
#[derive(Debug)]
pub struct SceneState {
    /// The bodies.
    pub scene: Scene,
    /// The penalty law that turns penetrations into forces.
    pub law: PenaltyLaw,
    robots: Vec<RobotBodies>,
}

/// A shared scene: the script variable, touch sensors and taxels see the same bodies.
#[derive(Clone, Debug)]
pub struct ScriptScene(Arc<Mutex<SceneState>>);

impl ScriptScene {
    /// The state, after moving robot links to their robots' current poses.
    pub fn fresh(&self) -> ScriptResult<MutexGuard<'_, SceneState>> {
        let mut s = self.lock()?;
        let mut moves = Vec::new();
        for r in &s.robots {
            let names: Vec<String> = r.links.iter().map(|(_, link)| link.clone()).collect();
            let poses = r.robot.frame_poses(&names).or_script()?;
            moves.extend(r.links.iter().map(|(i, _)| *i).zip(poses));
        }
        for (i, pose) in moves {
            s.scene.body_mut(i).or_script()?.pose = pose;
        }
        s.scene.validate_state().or_script()?;
        Ok(s)
    }

    fn lock(&self) -> ScriptResult<MutexGuard<'_, SceneState>> {
        self.0.lock().map_err(|_| {
            script_error(ShellError::argument(
                "a scene",
                "a usable scene",
                "one left broken by an earlier failure; rebuild it",
            ))
        })
    }

    /// Whether two handles share one scene.
    pub fn same(&self, other: &ScriptScene) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A scene body's index by name; the error lists the names.
pub fn body_index(scene: &Scene, value: &Dynamic, what: &str) -> ScriptResult<usize> {
    if let Ok(i) = value.as_int() {
        let i = usize::try_from(i).map_err(|_| {
            script_error(ShellError::argument(
                what,
                "a body name or index",
                i.to_string(),
            ))
        })?;
        scene.body(i).or_script()?;
        return Ok(i);
    }
    let name = value
        .clone()
        .into_immutable_string()
        .map_err(|_| script_error(ShellError::argument(what, "a body name", describe(value))))?;
    scene.body_index(&name).or_script()
}

/// A contact as a map, bodies by name.
pub fn contact_map(scene: &Scene, c: &Contact) -> Map {
    let name = |i: usize| -> Dynamic {
        scene
            .body(i)
            .map_or(Dynamic::from_int(i as i64), |b| b.name.clone().into())
    };
    let mut m = Map::new();
    m.insert("body_a".into(), name(c.body_a));
    m.insert("body_b".into(), name(c.body_b));
    m.insert("position".into(), from_point3(&c.position).into());
    m.insert("normal".into(), from_vector3(&c.normal).into());
    m.insert("depth".into(), Dynamic::from_float(c.depth as FLOAT));
    m.insert("force".into(), from_vector3(&c.force).into());
    m
}

/// Contacts given by the script: maps `#{body_a, body_b, position, normal, depth, force}`.
pub fn contacts_arg(scene: &Scene, value: &Dynamic, what: &str) -> ScriptResult<Vec<Contact>> {
    let Ok(items) = value.as_array_ref() else {
        return Err(script_error(ShellError::argument(
            what,
            "an array of contact maps #{body_a, body_b, position, normal, depth, force}",
            describe(value),
        )));
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let w = format!("{what}, element {i}");
        let mut o = Options::new(&w, item).or_script()?;
        let a = o.value("body_a");
        let a = o.required("body_a", a).or_script()?;
        let b = o.value("body_b");
        let b = o.required("body_b", b).or_script()?;
        let position = o.value("position");
        let position = o.required("position", position).or_script()?;
        let normal = o.vector3("normal").or_script()?;
        let normal = o.required("normal", normal).or_script()?;
        let force = o.vector3("force").or_script()?;
        let force = o.required("force", force).or_script()?;
        let depth = o.f64_or("depth", 0.0).or_script()?;
        o.finish().or_script()?;
        let a = body_index(scene, &a, &format!("`body_a` of {w}"))?;
        let b = body_index(scene, &b, &format!("`body_b` of {w}"))?;
        let p = point3_arg(&position, &format!("`position` of {w}")).or_script()?;
        let c = Contact::new(a, b, p, normal, depth, force)
            .map_err(|e| e.for_contact(i))
            .or_script()?;
        c.validate(i, scene).or_script()?;
        out.push(c);
    }
    Ok(out)
}

fn law_arg(opts: &Dynamic) -> ScriptResult<PenaltyLaw> {
    let mut o = Options::new("scene", opts).or_script()?;
    let d = PenaltyLaw::default();
    let law = PenaltyLaw {
        stiffness: o.f64_or("stiffness", d.stiffness).or_script()?,
        exponent: o.f64_or("exponent", d.exponent).or_script()?,
        damping: o.f64_or("damping", d.damping).or_script()?,
        friction: o.f64_or("friction", d.friction).or_script()?,
        slip_speed: o.f64_or("slip_speed", d.slip_speed).or_script()?,
    };
    o.finish().or_script()?;
    law.validate().or_script()?;
    Ok(law)
}

fn pose_arg(value: &Dynamic, what: &str) -> ScriptResult<Isometry3<f64>> {
    value
        .clone()
        .try_cast::<Isometry3<f64>>()
        .ok_or_else(|| script_error(ShellError::argument(what, "a Pose", describe(value))))
}

/// `#{shape | colliders, pose, velocity, angular_velocity}` of `add_body`.
fn body_from(name: &str, opts: &Dynamic) -> ScriptResult<Body> {
    let mut o = Options::new("add_body", opts).or_script()?;
    let mut body = Body::new(name);
    if let Some(s) = o.value("shape") {
        let shape = s.clone().try_cast::<Shape>().ok_or_else(|| {
            script_error(ShellError::argument(
                "option `shape` of add_body()",
                "a Shape",
                describe(&s),
            ))
        })?;
        body = body
            .with_collider(shape, Isometry3::identity())
            .or_script()?;
    }
    if let Some(list) = o.value("colliders") {
        let what = "option `colliders` of add_body()";
        let items = list.as_array_ref().map_err(|_| {
            script_error(ShellError::argument(
                what,
                "[[Shape, Pose], ...]",
                describe(&list),
            ))
        })?;
        for (i, item) in items.iter().enumerate() {
            let pair = item.as_array_ref().ok().filter(|p| p.len() == 2);
            let parsed = pair.and_then(|p| {
                Some((
                    p[0].clone().try_cast::<Shape>()?,
                    p[1].clone().try_cast::<Isometry3<f64>>()?,
                ))
            });
            let (shape, pose) = parsed.ok_or_else(|| {
                script_error(ShellError::argument(
                    format!("{what}, element {i}"),
                    "[Shape, Pose]",
                    describe(item),
                ))
            })?;
            body = body.with_collider(shape, pose).or_script()?;
        }
    }
    if let Some(p) = o.value("pose") {
        body = body.with_pose(pose_arg(&p, "option `pose` of add_body()")?);
    }
    let v = o
        .vector3("velocity")
        .or_script()?
        .unwrap_or_else(Vector3::zeros);
    let w = o
        .vector3("angular_velocity")
        .or_script()?
        .unwrap_or_else(Vector3::zeros);
    o.finish().or_script()?;
    Ok(body.with_velocity(v, w))
}

fn add_robot(sc: &ScriptScene, robot: &Robot, opts: &Dynamic) -> ScriptResult<()> {
    let mut o = Options::new("add_robot", opts).or_script()?;
    let geometry = o.string("geometry").or_script()?;
    let prefix = o.string("prefix").or_script()?.unwrap_or_default();
    o.finish().or_script()?;
    let visual = match geometry.as_deref() {
        None | Some("collision") => false,
        Some("visual") => true,
        Some(other) => {
            return Err(script_error(ShellError::argument(
                "option `geometry` of add_robot()",
                "\"collision\" or \"visual\"",
                format!("\"{other}\""),
            )));
        }
    };
    let model = robot.model().or_script()?;
    let mut s = sc.lock()?;
    let mut links = Vec::new();
    for link in model.links() {
        let colliders: &[Collider] = if visual {
            link.visuals()
        } else {
            link.collisions()
        };
        let mut body = Body::new(format!("{prefix}{}", link.name()));
        for c in colliders {
            body = body
                .with_collider(c.shape.clone(), c.local_pose)
                .or_script()?;
        }
        // MJCF geoms keep MuJoCo's contype/conaffinity (URDF geoms are (1, 1), the default).
        if !visual {
            let id = model.link_id(link.name()).ok();
            for g in model.geoms().iter().filter(|g| Some(g.link) == id) {
                body = body
                    .with_contact_bits(g.collider, g.contype, g.conaffinity)
                    .or_script()?;
            }
        }
        let index = s.scene.add_body(body).or_script()?;
        links.push((index, link.name().to_string()));
    }
    // Links joined by a joint, a body and its parent body (across MuJoCo's helper links), and
    // MJCF <contact><exclude> pairs never touch.
    for (a, b) in model.non_colliding_link_pairs() {
        let a = format!("{prefix}{}", model.link(a).name());
        let b = format!("{prefix}{}", model.link(b).name());
        s.scene.ignore_pair(&a, &b).or_script()?;
    }
    s.robots.push(RobotBodies {
        robot: robot.clone(),
        links,
    });
    drop(s);
    sc.fresh().map(|_| ())
}

/// Registers `scene(...)` and its methods.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptScene>("Scene");
    let make = |law: PenaltyLaw| {
        ScriptScene(Arc::new(Mutex::new(SceneState {
            scene: Scene::new(),
            law,
            robots: Vec::new(),
        })))
    };
    doc("scene", &["Scene"]).register_into_engine(engine, move || make(PenaltyLaw::default()));
    doc(
        "scene",
        &[
            "law: #{stiffness, exponent, damping, friction, slip_speed}",
            "Scene",
        ],
    )
    .register_into_engine(engine, move |opts: Dynamic| {
        Ok::<_, Box<rhai::EvalAltResult>>(make(law_arg(&opts)?))
    });
    doc(
        "add_body",
        &["scene: Scene", "name: string", "options: #{shape: Shape, colliders: [[Shape, Pose]], pose: Pose, velocity: [x, y, z], angular_velocity: [x, y, z]}", "Scene"],
    )
    .register_into_engine(engine, |sc: &mut ScriptScene, name: ImmutableString, opts: Dynamic| {
        let body = body_from(&name, &opts)?;
        sc.lock()?.scene.add_body(body).or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(sc.clone())
    });
    doc(
        "add_body",
        &[
            "scene: Scene",
            "name: string",
            "shape: Shape",
            "pose: Pose",
            "Scene",
        ],
    )
    .register_into_engine(
        engine,
        |sc: &mut ScriptScene, name: ImmutableString, shape: Shape, pose: Isometry3<f64>| {
            let body = Body::new(name.as_str())
                .with_collider(shape, Isometry3::identity())
                .or_script()?
                .with_pose(pose);
            sc.lock()?.scene.add_body(body).or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(sc.clone())
        },
    );
    doc("add_robot", &["scene: Scene", "robot: Robot", "Scene"]).register_into_engine(
        engine,
        |sc: &mut ScriptScene, robot: Robot| {
            add_robot(sc, &robot, &Dynamic::UNIT)?;
            Ok::<_, Box<rhai::EvalAltResult>>(sc.clone())
        },
    );
    doc(
        "add_robot",
        &[
            "scene: Scene",
            "robot: Robot",
            "options: #{geometry: \"collision\" | \"visual\", prefix: string}",
            "Scene",
        ],
    )
    .register_into_engine(
        engine,
        |sc: &mut ScriptScene, robot: Robot, opts: Dynamic| {
            add_robot(sc, &robot, &opts)?;
            Ok::<_, Box<rhai::EvalAltResult>>(sc.clone())
        },
    );
    doc(
        "set_pose",
        &["scene: Scene", "body: string", "pose: Pose", "()"],
    )
    .register_into_engine(
        engine,
        |sc: &mut ScriptScene, name: ImmutableString, pose: Isometry3<f64>| {
            sc.lock()?.scene.set_pose(&name, pose).or_script()
        },
    );
    doc(
        "set_velocity",
        &[
            "scene: Scene",
            "body: string",
            "linear: [x, y, z]",
            "angular: [x, y, z]",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        |sc: &mut ScriptScene, name: ImmutableString, v: Dynamic, w: Dynamic| {
            let v = vector3_arg(&v, "`linear` of set_velocity()").or_script()?;
            let w = vector3_arg(&w, "`angular` of set_velocity()").or_script()?;
            sc.lock()?.scene.set_velocity(&name, v, w).or_script()
        },
    );
    doc("ignore", &["scene: Scene", "a: string", "b: string", "()"]).register_into_engine(
        engine,
        |sc: &mut ScriptScene, a: ImmutableString, b: ImmutableString| {
            sc.lock()?.scene.ignore_pair(&a, &b).or_script()
        },
    );
    engine.register_get("bodies", |sc: &mut ScriptScene| -> ScriptResult<Array> {
        Ok(sc
            .lock()?
            .scene
            .body_names()
            .into_iter()
            .map(|n| Dynamic::from(n.to_string()))
            .collect())
    });
    doc("body_pose", &["scene: Scene", "body: string", "Pose"]).register_into_engine(
        engine,
        |sc: &mut ScriptScene, name: ImmutableString| {
            let s = sc.fresh()?;
            let i = s.scene.body_index(&name).or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(s.scene.body(i).or_script()?.pose)
        },
    );
    doc("contacts", &["scene: Scene", "[Map]"]).register_into_engine(
        engine,
        |sc: &mut ScriptScene| -> ScriptResult<Array> {
            let s = sc.fresh()?;
            let contacts = s.law.contacts(&s.scene).or_script()?;
            Ok(contacts
                .iter()
                .map(|c| Dynamic::from_map(contact_map(&s.scene, c)))
                .collect())
        },
    );
    let text = |sc: &mut ScriptScene| match sc.lock() {
        Ok(s) => format!("Scene({} bodies)", s.scene.len()),
        Err(_) => "Scene(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
    doc("to_map", &["scene: Scene", "Map"]).register_into_engine(
        engine,
        |sc: &mut ScriptScene| -> ScriptResult<Map> {
            let s = sc.fresh()?;
            let bodies: Array = s
                .scene
                .bodies()
                .iter()
                .map(|b| {
                    let mut m = Map::new();
                    m.insert("name".into(), b.name.clone().into());
                    m.insert(
                        "colliders".into(),
                        Dynamic::from_int(b.colliders.len() as i64),
                    );
                    m.insert("pose".into(), Dynamic::from(b.pose));
                    Dynamic::from_map(m)
                })
                .collect();
            let mut m = Map::new();
            m.insert("bodies".into(), bodies.into());
            Ok(m)
        },
    );
}
