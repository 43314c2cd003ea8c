//! The `Contact` script type: a rectangular contact of morsel-stability, optionally bound to a
//! robot link so that its pose follows the robot's forward kinematics.
//!
//! Binding rule: while a contact is bound (`robot` option, `c.attach(robot, link)`, or a stance
//! built with a robot), the pose given to `contact(...)` (`pos` with `rpy`, `quat` or `pose`) is
//! its offset in the link frame. With `orientation: "world"` the attachment is translation-only:
//! the contact sits at the link's origin plus `pos` along world axes, with the given world
//! rotation (a foot on flat ground keeps its sole below the ankle and its normal up whatever the
//! knee angles). An unbound contact's pose is its world pose.

use morsel_lab::bound_contact::BoundContact;
use morsel_stability::Contact;
use morsel_stability::contact::{pose_from_pos_quaternion, pose_from_pos_rpy};
use nalgebra::{Isometry3, Point3, Vector6};
use rhai::{Array, Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::bindings::doc;
use crate::convert::{describe, from_f64s, from_point3, from_vector3, point3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

use super::{matrix_rows, robot_arg, wrench_arg};

/// A contact as scripts see it: morsel-lab's [`BoundContact`] (the crate's contact, the pose
/// the script gave, and an optional binding to a robot link).
#[derive(Clone, Debug)]
pub struct ScriptContact(pub BoundContact);

impl ScriptContact {
    /// Binds the contact to `robot`'s `link` and moves it there.
    pub fn bind(&mut self, robot: Robot, link: String) -> ScriptResult<()> {
        self.0.bind(robot, link).or_script()
    }

    /// Moves a bound contact to its link's current pose (nothing to do when unbound).
    pub fn refresh(&mut self) -> ScriptResult<()> {
        self.0.refresh().or_script()
    }

    /// The contact, at its world pose as of the last refresh.
    pub fn contact(&self) -> &Contact {
        self.0.contact()
    }
}

/// Reads the pose of `contact(#{...})`: `pose`, or `pos` with `rpy` or `quat`.
fn pose_option(o: &mut Options) -> ScriptResult<Isometry3<f64>> {
    let pose = o.value("pose");
    let pos = o.vec("pos").or_script()?;
    let rpy = o.vec("rpy").or_script()?;
    let quat = o.vec("quat").or_script()?;
    let three = |v: Option<Vec<f64>>, key: &str| -> ScriptResult<[f64; 3]> {
        match v {
            None => Ok([0.0; 3]),
            Some(v) => <[f64; 3]>::try_from(v.as_slice()).map_err(|_| {
                script_error(ShellError::argument(
                    format!("option `{key}` of contact()"),
                    "[x, y, z]",
                    format!("{} numbers", v.len()),
                ))
            }),
        }
    };
    if let Some(p) = pose {
        if pos.is_some() || rpy.is_some() || quat.is_some() {
            return Err(script_error(ShellError::argument(
                "options of contact()",
                "either `pose` or `pos` with `rpy`/`quat`",
                "both",
            )));
        }
        return p.clone().try_cast::<Isometry3<f64>>().ok_or_else(|| {
            script_error(ShellError::argument(
                "option `pose` of contact()",
                "a Pose",
                describe(&p),
            ))
        });
    }
    let pos = three(pos, "pos")?;
    match (rpy, quat) {
        (Some(_), Some(_)) => Err(script_error(ShellError::argument(
            "options of contact()",
            "either `rpy` or `quat` (not both)",
            "both",
        ))),
        (None, Some(q)) => {
            let q = <[f64; 4]>::try_from(q.as_slice()).map_err(|_| {
                script_error(ShellError::argument(
                    "option `quat` of contact()",
                    "[w, x, y, z]",
                    format!("{} numbers", q.len()),
                ))
            })?;
            pose_from_pos_quaternion(pos, q).or_script()
        }
        (rpy, None) => pose_from_pos_rpy(pos, three(rpy, "rpy")?).or_script(),
    }
}

/// `contact(#{shape, pos, rpy | quat | pose, friction, max_pressure, link, robot, orientation})`.
fn make_contact(opts: &Dynamic) -> ScriptResult<ScriptContact> {
    let mut o = Options::new("contact", opts).or_script()?;
    let shape = o.vec("shape").or_script()?;
    let shape = o.required("shape", shape).or_script()?;
    let shape = <[f64; 2]>::try_from(shape.as_slice()).map_err(|_| {
        script_error(ShellError::argument(
            "option `shape` of contact()",
            "[half_length, half_width] (m)",
            format!("{} numbers", shape.len()),
        ))
    })?;
    let given = pose_option(&mut o)?;
    let friction = o.f64("friction").or_script()?;
    let friction = o.required("friction", friction).or_script()?;
    let max_pressure = o.f64("max_pressure").or_script()?;
    let link = o.string("link").or_script()?;
    let robot = o
        .value("robot")
        .map(|r| robot_arg(&r, "option `robot` of contact()"))
        .transpose()?;
    let world_orientation = match o.string("orientation").or_script()?.as_deref() {
        None | Some("link") => false,
        Some("world") => true,
        Some(other) => {
            return Err(script_error(ShellError::argument(
                "option `orientation` of contact()",
                "\"link\" or \"world\"",
                format!("\"{other}\""),
            )));
        }
    };
    o.finish().or_script()?;
    let mut contact = Contact::new(shape, given, friction).or_script()?;
    if let Some(p) = max_pressure {
        contact = contact.with_max_pressure(p).or_script()?;
    }
    if let Some(l) = &link {
        contact = contact.with_link(l.clone());
    }
    let mut c = ScriptContact(BoundContact::new(contact, world_orientation));
    match (robot, link) {
        (Some(r), Some(l)) => c.bind(r, l)?,
        (Some(_), None) => {
            return Err(script_error(ShellError::argument(
                "options of contact()",
                "a `link` name with `robot`",
                "a robot without a link",
            )));
        }
        _ => {}
    }
    Ok(c)
}

/// Arrays `[x, y, z]` of the points given.
fn points(ps: &[Point3<f64>]) -> Array {
    ps.iter()
        .map(|p| Dynamic::from_array(from_point3(p)))
        .collect()
}

/// The contact as a map (for `save` and inspection).
pub fn contact_map(c: &BoundContact) -> Map {
    let k = c.contact();
    let mut m = Map::new();
    m.insert("shape".into(), from_f64s(&k.shape()).into());
    m.insert("position".into(), from_point3(&k.position()).into());
    m.insert("normal".into(), from_vector3(&k.normal()).into());
    let q = k.pose().rotation;
    m.insert("quat".into(), from_f64s(&[q.w, q.i, q.j, q.k]).into());
    m.insert(
        "friction".into(),
        Dynamic::from_float(k.friction() as FLOAT),
    );
    m.insert(
        "max_pressure".into(),
        k.max_pressure()
            .map_or(Dynamic::UNIT, |p| Dynamic::from_float(p as FLOAT)),
    );
    m.insert(
        "link".into(),
        k.link().map_or(Dynamic::UNIT, |l| l.to_string().into()),
    );
    m.insert("bound".into(), c.is_bound().into());
    m.insert("managed".into(), k.is_managed().into());
    m
}

fn contact_text(c: &mut ScriptContact) -> String {
    let p = c.contact().position();
    let [l, w] = c.contact().shape();
    let link = c
        .contact()
        .link()
        .map_or(String::new(), |l| format!(", link {l}"));
    format!(
        "Contact({l} x {w} at [{}, {}, {}], friction {}{link})",
        p.x,
        p.y,
        p.z,
        c.contact().friction()
    )
}

/// Runs `f` on a contact moved to its link first.
fn fresh<T>(c: &mut ScriptContact, f: impl FnOnce(&Contact) -> ScriptResult<T>) -> ScriptResult<T> {
    c.refresh()?;
    f(c.contact())
}

/// Registers `contact(#{...})`, its properties and matrices.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptContact>("Contact");
    doc(
        "contact",
        &[
            "options: #{shape: [half_length, half_width], pos: [x, y, z], rpy: [r, p, y] or quat: [w, x, y, z] or pose: Pose, friction: number, max_pressure: number, link: string, robot: Robot, orientation: \"link\" | \"world\"}",
            "Contact",
        ],
    )
    .register_into_engine(engine, |opts: Dynamic| make_contact(&opts));
    doc(
        "attach",
        &[
            "contact: Contact",
            "robot: Robot",
            "link: string",
            "Contact",
        ],
    )
    .register_into_engine(
        engine,
        |c: &mut ScriptContact,
         robot: Robot,
         link: ImmutableString|
         -> ScriptResult<ScriptContact> {
            c.0.attached(robot, link.to_string())
                .map(ScriptContact)
                .or_script()
        },
    );
    engine.register_get("position", |c: &mut ScriptContact| {
        fresh(c, |k| Ok(from_point3(&k.position())))
    });
    engine.register_get("normal", |c: &mut ScriptContact| {
        fresh(c, |k| Ok(from_vector3(&k.normal())))
    });
    engine.register_get("pose", |c: &mut ScriptContact| fresh(c, |k| Ok(*k.pose())));
    engine.register_get("shape", |c: &mut ScriptContact| {
        from_f64s(&c.contact().shape())
    });
    engine.register_get("friction", |c: &mut ScriptContact| {
        c.contact().friction() as FLOAT
    });
    engine.register_get("link", |c: &mut ScriptContact| {
        c.contact()
            .link()
            .map_or(Dynamic::UNIT, |l| l.to_string().into())
    });
    engine.register_get("managed", |c: &mut ScriptContact| c.contact().is_managed());
    doc("vertices", &["contact: Contact", "[[x, y, z]]"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            fresh(c, |k| Ok(points(&k.vertices())))
        });
    doc("force_span", &["contact: Contact", "[[number]]"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            fresh(c, |k| Ok(matrix_rows(&k.force_span())))
        });
    doc("force_inequalities", &["contact: Contact", "[[number]]"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            fresh(c, |k| Ok(matrix_rows(&k.force_inequalities())))
        });
    doc("wrench_span", &["contact: Contact", "[[number]]"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            fresh(c, |k| Ok(matrix_rows(&k.wrench_span())))
        });
    doc(
        "wrench_span",
        &["contact: Contact", "point: [x, y, z]", "[[number]]"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact, point: Dynamic| {
        let p = point3_arg(&point, "`point` of wrench_span()").or_script()?;
        fresh(c, |k| Ok(matrix_rows(&k.wrench_span_at(&p).or_script()?)))
    });
    doc("wrench_inequalities", &["contact: Contact", "[[number]]"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            fresh(c, |k| Ok(matrix_rows(&k.wrench_inequalities())))
        });
    doc(
        "local_wrench_inequalities",
        &["contact: Contact", "[[number]]"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact| {
        matrix_rows(&c.contact().local_wrench_inequalities())
    });
    doc(
        "wrench_hrep",
        &["contact: Contact", "#{F: [[number]], g: [number]}"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact| {
        fresh(c, |k| {
            let (f, g) = k.wrench_hrep();
            let mut m = Map::new();
            m.insert("F".into(), matrix_rows(&f).into());
            m.insert("g".into(), from_f64s(g.as_slice()).into());
            Ok(m)
        })
    });
    doc(
        "grasp_matrix",
        &["contact: Contact", "point: [x, y, z]", "[[number]]"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact, point: Dynamic| {
        let p = point3_arg(&point, "`point` of grasp_matrix()").or_script()?;
        fresh(c, |k| Ok(matrix_rows(&k.grasp_matrix(&p).or_script()?)))
    });
    doc(
        "set_wrench",
        &["contact: Contact", "wrench: [fx, fy, fz, tx, ty, tz]", "()"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact, w: Dynamic| {
        let w: Vector6<f64> = wrench_arg(&w, "`wrench` of set_wrench()")?;
        c.refresh()?;
        c.0.contact_mut().set_wrench(&w).or_script()
    });
    doc("unset_wrench", &["contact: Contact", "()"])
        .register_into_engine(engine, |c: &mut ScriptContact| {
            c.0.contact_mut().unset_wrench()
        });
    doc(
        "wrench_at",
        &["contact: Contact", "point: [x, y, z]", "[number] or ()"],
    )
    .register_into_engine(engine, |c: &mut ScriptContact, point: Dynamic| {
        let p = point3_arg(&point, "`point` of wrench_at()").or_script()?;
        fresh(c, |k| {
            Ok(k.wrench_at(&p)
                .or_script()?
                .map_or(Dynamic::UNIT, |w| from_f64s(w.as_slice()).into()))
        })
    });
    doc("to_map", &["contact: Contact", "Map"]).register_into_engine(
        engine,
        |c: &mut ScriptContact| {
            fresh(c, |_| Ok(()))?;
            Ok::<_, Box<rhai::EvalAltResult>>(contact_map(&c.0))
        },
    );
    engine.register_fn("to_string", contact_text);
    engine.register_fn("to_debug", contact_text);
}
