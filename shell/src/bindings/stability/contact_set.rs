//! The `ContactSet` script type: an ordered set of contacts, its matrices, polygon and
//! `find_supporting_wrenches`.

use morsel_stability::{ContactSet, DistributionWeights};
use rhai::{Array, Dynamic, Engine, ImmutableString, Map};

use crate::bindings::doc;
use crate::convert::{describe, point3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use morsel_lab::bound_contact::{BoundContact, refreshed_set};

use super::results::{method_arg, polygon_map, supporting, weights_arg};
use super::{ScriptContact, matrix_rows};

/// An ordered set of script contacts (bound ones follow their links).
#[derive(Clone, Debug)]
pub struct ScriptContactSet {
    /// The contacts, in order.
    pub contacts: Vec<BoundContact>,
}

impl ScriptContactSet {
    /// A set; errors when empty.
    pub fn new(contacts: Vec<BoundContact>) -> ScriptResult<Self> {
        ContactSet::new(contacts.iter().map(|c| c.contact().clone()).collect()).or_script()?;
        Ok(Self { contacts })
    }

    /// The crate's contact set with every bound contact moved to its link.
    pub fn refreshed(&mut self) -> ScriptResult<ContactSet> {
        refreshed_set(&mut self.contacts).or_script()
    }
}

/// Contacts given as an array of `Contact` or as a `ContactSet`.
pub fn contacts_arg(value: &Dynamic, what: &str) -> ScriptResult<Vec<BoundContact>> {
    if let Some(set) = value.clone().try_cast::<ScriptContactSet>() {
        return Ok(set.contacts);
    }
    let Ok(items) = value.as_array_ref() else {
        return Err(script_error(ShellError::argument(
            what,
            "an array of Contact or a ContactSet",
            describe(value),
        )));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            item.clone()
                .try_cast::<ScriptContact>()
                .map(|c| c.0)
                .ok_or_else(|| {
                    script_error(ShellError::argument(
                        format!("{what}, element {i}"),
                        "a Contact (made by contact(#{...}))",
                        describe(item),
                    ))
                })
        })
        .collect()
}

/// Registers `contact_set` and its methods.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptContactSet>("ContactSet");
    doc("contact_set", &["contacts: [Contact]", "ContactSet"]).register_into_engine(
        engine,
        |contacts: Dynamic| {
            ScriptContactSet::new(contacts_arg(&contacts, "`contacts` of contact_set()")?)
        },
    );
    engine.register_get("len", |s: &mut ScriptContactSet| s.contacts.len() as i64);
    engine.register_get("contacts", |s: &mut ScriptContactSet| -> Array {
        s.contacts
            .iter()
            .cloned()
            .map(|c| Dynamic::from(ScriptContact(c)))
            .collect()
    });
    doc(
        "grasp_matrix",
        &["set: ContactSet", "point: [x, y, z]", "[[number]]"],
    )
    .register_into_engine(engine, |s: &mut ScriptContactSet, point: Dynamic| {
        let p = point3_arg(&point, "`point` of grasp_matrix()").or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(matrix_rows(
            &s.refreshed()?.grasp_matrix(&p).or_script()?,
        ))
    });
    doc(
        "wrench_span",
        &["set: ContactSet", "point: [x, y, z]", "[[number]]"],
    )
    .register_into_engine(engine, |s: &mut ScriptContactSet, point: Dynamic| {
        let p = point3_arg(&point, "`point` of wrench_span()").or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(matrix_rows(&s.refreshed()?.wrench_span(&p).or_script()?))
    });
    doc(
        "wrench_inequalities",
        &["set: ContactSet", "point: [x, y, z]", "[[number]]"],
    )
    .register_into_engine(engine, |s: &mut ScriptContactSet, point: Dynamic| {
        let p = point3_arg(&point, "`point` of wrench_inequalities()").or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(matrix_rows(
            &s.refreshed()?.wrench_inequalities(&p).or_script()?,
        ))
    });
    doc(
        "static_polygon",
        &[
            "set: ContactSet",
            "method: \"hull\" | \"bretl\" | \"cdd\"",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptContactSet, method: ImmutableString| {
            let m = method_arg(&method)?;
            let p = s.refreshed()?.static_equilibrium_polygon(m).or_script()?;
            Ok::<_, Box<rhai::EvalAltResult>>(polygon_map(m, &p))
        },
    );
    doc(
        "find_supporting_wrenches",
        &[
            "contacts: ContactSet",
            "wrench: [fx, fy, fz, tx, ty, tz]",
            "point: [x, y, z]",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptContactSet, wrench: Dynamic, point: Dynamic| {
            supporting(
                &s.refreshed()?,
                &wrench,
                &point,
                &DistributionWeights::default(),
            )
        },
    );
    doc(
        "find_supporting_wrenches",
        &[
            "contacts: ContactSet",
            "wrench: [number]",
            "point: [x, y, z]",
            "weights: #{friction, cop, yaw}",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptContactSet, wrench: Dynamic, point: Dynamic, weights: Dynamic| {
            let w = weights_arg(&weights, "find_supporting_wrenches")?;
            supporting(&s.refreshed()?, &wrench, &point, &w)
        },
    );
    doc(
        "find_supporting_wrenches",
        &[
            "contacts: [Contact]",
            "wrench: [number]",
            "point: [x, y, z]",
            "Map",
        ],
    )
    .register_into_engine(
        engine,
        |contacts: Array, wrench: Dynamic, point: Dynamic| {
            let mut s = ScriptContactSet::new(contacts_arg(
                &Dynamic::from_array(contacts),
                "`contacts` of find_supporting_wrenches()",
            )?)?;
            supporting(
                &s.refreshed()?,
                &wrench,
                &point,
                &DistributionWeights::default(),
            )
        },
    );
    doc("to_map", &["set: ContactSet", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptContactSet| -> ScriptResult<Map> {
            let mut m = Map::new();
            let mut list = Array::new();
            for c in &mut s.contacts {
                c.refresh().or_script()?;
                list.push(Dynamic::from_map(super::contact::contact_map(c)));
            }
            m.insert("contacts".into(), list.into());
            Ok(m)
        },
    );
    let text = |s: &mut ScriptContactSet| format!("ContactSet({} contacts)", s.contacts.len());
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}
