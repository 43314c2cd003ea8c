//! The `Stance` script type: polygons, wrench distribution, CoM checks.
//!
//! A stance's CoM is a point or a robot (`com: robot`, `robot: robot` or `stance(robot, ...)`):
//! then the CoM is the robot's centre of mass at its current configuration and placement, and
//! the mass defaults to the robot's total mass. Both are read again before every computation.

use morsel_lab::bound_contact::BoundContact;
use morsel_lab::live_stance::{ComSource, LiveStance};
use morsel_stability::{ConvexPolygon, DistributionWeights, PolygonMethod, Stance};
use rhai::{Array, Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::bindings::doc;
use crate::convert::{from_f64s, from_point3, point3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

use super::contact_set::{ScriptContactSet, contacts_arg};
use super::results::{
    distribution_map, method_arg, polygon_map, polygon_of_map, supporting, weights_arg,
};
use super::{robot_arg, wrench_arg};

/// A stance as scripts see it: morsel-lab's [`LiveStance`] (contacts, a CoM source, an
/// optional explicit mass, gravity), rebuilt from the robot's state on every use.
#[derive(Clone, Debug)]
pub struct ScriptStance(pub LiveStance);

impl ScriptStance {
    /// The crate's stance at the robot's current state.
    pub fn build(&mut self) -> ScriptResult<Stance> {
        self.0.build().or_script()
    }
}

fn stance_from(
    robot: Option<Robot>,
    opts: &Dynamic,
    function: &'static str,
) -> ScriptResult<ScriptStance> {
    let mut o = Options::new(function, opts).or_script()?;
    let contacts = o.value("contacts");
    let contacts = o.required("contacts", contacts).or_script()?;
    // Checked as a contact set when the stance is first built.
    let contacts = contacts_arg(&contacts, "option `contacts` of stance()")?;
    let robot = match (robot, o.value("robot")) {
        (Some(r), None) => Some(r),
        (None, Some(r)) => Some(robot_arg(&r, "option `robot` of stance()")?),
        (None, None) => None,
        (Some(_), Some(_)) => {
            return Err(script_error(ShellError::argument(
                "options of stance(robot, ...)",
                "no `robot` option (the robot is the first argument)",
                "a `robot` option",
            )));
        }
    };
    let com = match o.value("com") {
        Some(c) if c.is::<Robot>() => ComSource::Robot(robot_arg(&c, "option `com`")?),
        Some(c) => ComSource::Point(point3_arg(&c, "option `com` of stance()").or_script()?),
        None => match &robot {
            Some(r) => ComSource::Robot(r.clone()),
            None => {
                return Err(script_error(ShellError::argument(
                    "option `com` of stance()",
                    "[x, y, z] or a Robot (required without `robot`)",
                    "nothing",
                )));
            }
        },
    };
    let mass = o.f64("mass").or_script()?;
    let gravity = o
        .f64_or("gravity", morsel_stability::STANDARD_GRAVITY)
        .or_script()?;
    o.finish().or_script()?;
    LiveStance::new(contacts, robot.as_ref(), com, mass, Some(gravity))
        .map(ScriptStance)
        .or_script()
}

fn com_margin(st: &mut ScriptStance, polygon: Option<ConvexPolygon>) -> ScriptResult<Dynamic> {
    let stance = st.build()?;
    let c = stance.com();
    Ok(polygon.map_or(Dynamic::UNIT, |p| {
        Dynamic::from_float(p.signed_distance([c.x, c.y]) as FLOAT)
    }))
}

fn bretl_polygon(st: &mut ScriptStance) -> ScriptResult<Option<ConvexPolygon>> {
    let p = st
        .build()?
        .static_equilibrium_polygon(PolygonMethod::Bretl)
        .or_script()?;
    Ok(p.polygon().cloned())
}

fn stance_text(st: &mut ScriptStance) -> String {
    match st.build() {
        Ok(s) => {
            let c = s.com();
            format!(
                "Stance({} contacts, CoM [{}, {}, {}], mass {} kg)",
                s.contacts().len(),
                c.x,
                c.y,
                c.z,
                s.mass()
            )
        }
        Err(e) => format!("Stance(unusable: {e})"),
    }
}

/// Registers `stance` and its methods.
pub fn register(engine: &mut Engine) {
    register_stances(engine);
}

fn register_stances(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptStance>("Stance");
    doc(
        "stance",
        &["options: #{com: [x, y, z] or Robot, mass: number, contacts: [Contact] or ContactSet, robot: Robot, gravity: number}", "Stance"],
    )
    .register_into_engine(engine, |opts: Dynamic| stance_from(None, &opts, "stance"));
    doc(
        "stance",
        &[
            "robot: Robot",
            "options: #{contacts, mass, gravity, com}",
            "Stance",
        ],
    )
    .register_into_engine(engine, |robot: Robot, opts: Dynamic| {
        stance_from(Some(robot), &opts, "stance")
    });
    engine.register_get("com", |s: &mut ScriptStance| -> ScriptResult<Array> {
        Ok(from_point3(&s.build()?.com()))
    });
    engine.register_set(
        "com",
        |s: &mut ScriptStance, com: Dynamic| -> ScriptResult<()> {
            let com = if com.is::<Robot>() {
                ComSource::Robot(robot_arg(&com, "`com` of a stance")?)
            } else {
                ComSource::Point(point3_arg(&com, "`com` of a stance").or_script()?)
            };
            s.0.set_com(com).or_script()
        },
    );
    engine.register_get("mass", |s: &mut ScriptStance| -> ScriptResult<FLOAT> {
        Ok(s.build()?.mass() as FLOAT)
    });
    engine.register_set(
        "mass",
        |s: &mut ScriptStance, mass: Dynamic| -> ScriptResult<()> {
            let m = crate::convert::f64_arg(&mass, "`mass` of a stance").or_script()?;
            s.0.set_mass(m).or_script()
        },
    );
    engine.register_get("gravity", |s: &mut ScriptStance| s.0.gravity() as FLOAT);
    engine.register_get("contacts", |s: &mut ScriptStance| ScriptContactSet {
        contacts: s.0.contacts().to_vec(),
    });
    doc("gravity_wrench", &["stance: Stance", "[number]"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Array> {
            Ok(from_f64s(s.build()?.gravity_wrench().as_slice()))
        },
    );
    doc("static_polygon", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            let m = PolygonMethod::Bretl;
            Ok(polygon_map(
                m,
                &s.build()?.static_equilibrium_polygon(m).or_script()?,
            ))
        },
    );
    doc(
        "static_polygon",
        &[
            "stance: Stance",
            "method: \"hull\" | \"bretl\" | \"cdd\"",
            "Map",
        ],
    )
    .register_into_engine(engine, |s: &mut ScriptStance, method: ImmutableString| {
        let m = method_arg(&method)?;
        let p = s.build()?.static_equilibrium_polygon(m).or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(polygon_map(m, &p))
    });
    doc("distribute", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            Ok(distribution_map(&s.build()?.distribute().or_script()?))
        },
    );
    doc(
        "distribute",
        &["stance: Stance", "weights: #{friction, cop, yaw}", "Map"],
    )
    .register_into_engine(engine, |s: &mut ScriptStance, weights: Dynamic| {
        let w = weights_arg(&weights, "distribute")?;
        let stance = s.build()?;
        let d = stance
            .distribute_with(&w, &mut morsel_stability::DistributionWorkspace::new())
            .or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(distribution_map(&d))
    });
    doc(
        "find_supporting_wrenches",
        &[
            "stance: Stance",
            "wrench: [number]",
            "point: [x, y, z]",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptStance, wrench: Dynamic, point: Dynamic| {
            let stance = s.build()?;
            supporting(
                stance.contacts(),
                &wrench,
                &point,
                &DistributionWeights::default(),
            )
        },
    );
    doc(
        "com_margin",
        &["stance: Stance", "polygon: Map", "number or ()"],
    )
    .register_into_engine(engine, |s: &mut ScriptStance, polygon: Dynamic| {
        let p = polygon_of_map(&polygon, "`polygon` of com_margin()")?;
        com_margin(s, p)
    });
    doc("com_margin", &["stance: Stance", "number or ()"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| {
            let p = bretl_polygon(s)?;
            com_margin(s, p)
        },
    );
    doc("com_inside", &["stance: Stance", "polygon: Map", "bool"]).register_into_engine(
        engine,
        |s: &mut ScriptStance, polygon: Dynamic| {
            let p = polygon_of_map(&polygon, "`polygon` of com_inside()")?;
            Ok::<_, Box<rhai::EvalAltResult>>(com_margin(s, p)?.as_float().is_ok_and(|d| d >= 0.0))
        },
    );
    doc("com_inside", &["stance: Stance", "bool"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| {
            let p = bretl_polygon(s)?;
            Ok::<_, Box<rhai::EvalAltResult>>(com_margin(s, p)?.as_float().is_ok_and(|d| d >= 0.0))
        },
    );
    doc(
        "set_wrench",
        &["stance: Stance", "index: int", "wrench: [number]", "()"],
    )
    .register_into_engine(engine, |s: &mut ScriptStance, index: i64, w: Dynamic| {
        let w = wrench_arg(&w, "`wrench` of set_wrench()")?;
        let c = contact_at(s, index)?;
        c.refresh().or_script()?;
        c.contact_mut().set_wrench(&w).or_script()
    });
    doc("unset_wrench", &["stance: Stance", "index: int", "()"]).register_into_engine(
        engine,
        |s: &mut ScriptStance, index: i64| {
            contact_at(s, index)?.contact_mut().unset_wrench();
            Ok::<_, Box<rhai::EvalAltResult>>(())
        },
    );
    doc("to_map", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            let st = s.build()?;
            let mut m = Map::new();
            m.insert("com".into(), from_point3(&st.com()).into());
            m.insert("mass".into(), Dynamic::from_float(st.mass() as FLOAT));
            m.insert("gravity".into(), Dynamic::from_float(st.gravity() as FLOAT));
            let list: Array =
                s.0.contacts()
                    .iter()
                    .map(|c| Dynamic::from_map(super::contact::contact_map(c)))
                    .collect();
            m.insert("contacts".into(), list.into());
            Ok(m)
        },
    );
    engine.register_fn("to_string", stance_text);
    engine.register_fn("to_debug", stance_text);
}

fn contact_at(s: &mut ScriptStance, index: i64) -> ScriptResult<&mut BoundContact> {
    let len = s.0.contacts().len();
    usize::try_from(index)
        .ok()
        .and_then(|i| s.0.contacts_mut().get_mut(i))
        .ok_or_else(|| {
            script_error(ShellError::argument(
                "`index` of a stance contact",
                format!("an index from 0 to {}", len.saturating_sub(1)),
                index.to_string(),
            ))
        })
}
