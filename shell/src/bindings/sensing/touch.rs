//! The `Touch` script type: MIMo-style touch sensors over a scene's bodies.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_sensing::plot::{PlotOptions, View};
use morsel_sensing::touch::{BodyLoad, LoadOptions};
use morsel_sensing::{MeshLayout, Touch, TouchConfig};
use rhai::{Array, Dynamic, Engine, ImmutableString, Map};

use crate::bindings::doc;
use crate::context::ShellContext;
use crate::convert::{describe, f64_arg, from_f64s, from_point3, from_points, from_vector3};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::scene::{ScriptScene, contact_map, contacts_arg};
use super::write_text;

/// A touch sensor and the scene it reads.
#[derive(Clone, Debug)]
pub struct ScriptTouch {
    scene: ScriptScene,
    touch: Arc<Mutex<Touch>>,
}

impl ScriptTouch {
    /// Runs `f` on the sensor and its (refreshed) scene.
    pub fn with_scene<T>(
        &self,
        f: impl FnOnce(&morsel_sensing::Scene, &Touch) -> T,
    ) -> ScriptResult<T> {
        let touch = self.lock()?;
        let s = self.scene.fresh()?;
        Ok(f(&s.scene, &touch))
    }

    fn lock(&self) -> ScriptResult<MutexGuard<'_, Touch>> {
        self.touch.lock().map_err(|_| {
            script_error(ShellError::argument(
                "a touch sensor",
                "a usable sensor",
                "one left broken by an earlier failure; rebuild it",
            ))
        })
    }
}

fn make_touch(scene: &ScriptScene, opts: &Dynamic) -> ScriptResult<ScriptTouch> {
    let mut o = Options::new("touch", opts).or_script()?;
    let scales = o.value("scales");
    let scales = o.required("scales", scales).or_script()?;
    let kind = o.string("kind").or_script()?;
    let function = o.string("touch_function").or_script()?;
    let response = o.string("response_function").or_script()?;
    let layout = o.string("mesh_layout").or_script()?;
    let quirks = o
        .bool_or("mimo_quirks", morsel_lab::api::TOUCH_MIMO_QUIRKS)
        .or_script()?;
    o.finish().or_script()?;
    let mut config =
        TouchConfig::from_names(kind.as_deref(), function.as_deref(), response.as_deref())
            .or_script()?
            .mimo_quirks(quirks);
    if let Some(layout) = layout {
        config = config.mesh_layout(MeshLayout::from_name(&layout).or_script()?);
    }
    let map = scales.clone().try_cast::<Map>().ok_or_else(|| {
        script_error(ShellError::argument(
            "option `scales` of touch()",
            "a map #{body: sensor spacing (m)}",
            describe(&scales),
        ))
    })?;
    for (body, spacing) in &map {
        let s = f64_arg(spacing, &format!("`scales.{body}` of touch()")).or_script()?;
        config = config.scale(body.as_str(), s);
    }
    let touch = {
        let s = scene.fresh()?;
        Touch::new(&s.scene, &config).or_script()?
    };
    Ok(ScriptTouch {
        scene: scene.clone(),
        touch: Arc::new(Mutex::new(touch)),
    })
}

fn views_arg(value: &Dynamic) -> ScriptResult<Vec<View>> {
    let what = "option `views` of a touch plot";
    let items = value.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            what,
            "an array of \"top\", \"front\", \"side\", \"isometric\"",
            describe(value),
        ))
    })?;
    items
        .iter()
        .map(|v| match v.to_string().as_str() {
            "top" => Ok(View::Top),
            "front" => Ok(View::Front),
            "side" => Ok(View::Side),
            "isometric" => Ok(View::Isometric),
            other => Err(script_error(ShellError::argument(
                what,
                "\"top\", \"front\", \"side\" or \"isometric\"",
                format!("\"{other}\""),
            ))),
        })
        .collect()
}

/// Reads `#{title, views, arrows, bodies}` of the plot functions (and `per_body` of
/// plot_outputs).
pub(super) fn plot_options(
    opts: &Dynamic,
    function: &str,
    title: &str,
) -> ScriptResult<(PlotOptions, Option<Vec<String>>)> {
    let mut o = Options::new(function, opts).or_script()?;
    let mut p = PlotOptions::new(o.string("title").or_script()?.unwrap_or(title.into()));
    if let Some(v) = o.value("views") {
        p = p.views(&views_arg(&v)?);
    }
    p = p.arrows(o.bool_or("arrows", false).or_script()?);
    if function == "plot_outputs" {
        p = p.per_body(o.bool_or("per_body", false).or_script()?);
    }
    let bodies = match o.value("bodies") {
        None => None,
        Some(b) => Some(
            b.as_array_ref()
                .map_err(|_| {
                    script_error(ShellError::argument(
                        format!("option `bodies` of {function}()"),
                        "an array of body names",
                        describe(&b),
                    ))
                })?
                .iter()
                .map(|n| n.to_string())
                .collect(),
        ),
    };
    o.finish().or_script()?;
    Ok((p, bodies))
}

fn plot_outputs(
    ctx: &ShellContext,
    t: &ScriptTouch,
    path: &str,
    opts: &Dynamic,
) -> ScriptResult<()> {
    let (options, bodies) = plot_options(opts, "plot_outputs", "touch outputs")?;
    let touch = t.lock()?;
    let s = t.scene.fresh()?;
    let svg = touch
        .plot_outputs_of(&s.scene, bodies.as_deref(), &options)
        .or_script()?;
    write_text(ctx, path, &svg)
}

/// The `#{point, min_force}` options of `body_load`.
pub(super) fn load_options(opts: &Dynamic) -> ScriptResult<LoadOptions> {
    let mut o = Options::new("body_load", opts).or_script()?;
    let mut options = LoadOptions::default();
    if let Some(p) = o.vector3("point").or_script()? {
        options.point = p.into();
    }
    options.min_force = o.f64_or("min_force", options.min_force).or_script()?;
    o.finish().or_script()?;
    Ok(options)
}

/// `#{force, moment, cop}`, `cop` `()` without one.
pub(super) fn load_map(load: &BodyLoad) -> Map {
    let mut m = Map::new();
    m.insert(
        "force".into(),
        Dynamic::from_array(from_vector3(&load.force)),
    );
    m.insert(
        "moment".into(),
        Dynamic::from_array(from_vector3(&load.moment)),
    );
    m.insert(
        "cop".into(),
        load.cop
            .map_or(Dynamic::UNIT, |c| Dynamic::from_array(from_point3(&c))),
    );
    m
}

/// `body_load(touch, body, #{point, min_force})`: the load summed from the body's sensors.
fn body_load(t: &ScriptTouch, body: &str, opts: &Dynamic) -> ScriptResult<Map> {
    let options = load_options(opts)?;
    let load = t
        .with_scene(|scene, touch| touch.body_load(scene, body, &options))?
        .or_script()?;
    Ok(load_map(&load))
}

/// Registers `touch(...)` and its methods.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ScriptTouch>("Touch");
    doc(
        "touch",
        &[
            "scene: Scene",
            "options: #{scales: #{body: spacing}, touch_function: \"normal\" | \"force_vector\" | \"force_vector_global\" | \"normal_force\", response_function: \"nearest\" | \"spread_linear\", kind: \"points\" | \"mesh\", mesh_layout: \"mimo\" | \"points\", mimo_quirks: bool}",
            "Touch",
        ],
    )
    .register_into_engine(engine, |scene: ScriptScene, opts: Dynamic| {
        make_touch(&scene, &opts)
    });
    doc("observe", &["touch: Touch", "[number]"]).register_into_engine(
        engine,
        |t: &mut ScriptTouch| -> ScriptResult<Array> {
            let s = t.scene.fresh()?;
            let mut touch = t.lock()?;
            Ok(from_f64s(touch.observe(&s.scene, &s.law).or_script()?))
        },
    );
    doc(
        "observe",
        &[
            "touch: Touch",
            "contacts: [#{body_a, body_b, position, normal, depth, force}]",
            "[number]",
        ],
    )
    .register_into_engine(
        engine,
        |t: &mut ScriptTouch, contacts: Dynamic| -> ScriptResult<Array> {
            let s = t.scene.fresh()?;
            let list = contacts_arg(&s.scene, &contacts, "`contacts` of observe()")?;
            let mut touch = t.lock()?;
            Ok(from_f64s(
                touch.observe_contacts(&s.scene, &list).or_script()?,
            ))
        },
    );
    doc(
        "sensor_positions",
        &["touch: Touch", "body: string", "[[x, y, z]]"],
    )
    .register_into_engine(engine, |t: &mut ScriptTouch, body: ImmutableString| {
        Ok::<_, Box<rhai::EvalAltResult>>(from_points(
            &t.lock()?.sensor_positions(&body).or_script()?,
        ))
    });
    doc(
        "body_output",
        &["touch: Touch", "body: string", "[[number]]"],
    )
    .register_into_engine(engine, |t: &mut ScriptTouch, body: ImmutableString| {
        let touch = t.lock()?;
        let view = touch.body_output(&body).or_script()?;
        Ok::<_, Box<rhai::EvalAltResult>>(
            view.rows()
                .into_iter()
                .map(|r| Dynamic::from_array(from_f64s(&r.to_vec())))
                .collect::<Array>(),
        )
    });
    doc(
        "body_load",
        &["touch: Touch", "body: string", "#{force, moment, cop}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTouch, body: ImmutableString| {
        body_load(t, &body, &Dynamic::UNIT)
    });
    doc(
        "body_load",
        &[
            "touch: Touch",
            "body: string",
            "options: #{point: [x, y, z], min_force: number}",
            "#{force, moment, cop}",
        ],
    )
    .register_into_engine(
        engine,
        |t: &mut ScriptTouch, body: ImmutableString, opts: Dynamic| body_load(t, &body, &opts),
    );
    engine.register_get("output", |t: &mut ScriptTouch| -> ScriptResult<Array> {
        Ok(from_f64s(t.lock()?.output()))
    });
    engine.register_get("sensor_count", |t: &mut ScriptTouch| -> ScriptResult<i64> {
        Ok(t.lock()?.model().sensor_count() as i64)
    });
    engine.register_get(
        "values_per_sensor",
        |t: &mut ScriptTouch| -> ScriptResult<i64> {
            Ok(t.lock()?.model().values_per_sensor() as i64)
        },
    );
    engine.register_get("bodies", |t: &mut ScriptTouch| -> ScriptResult<Array> {
        Ok(t.lock()?
            .model()
            .sensing_bodies()
            .into_iter()
            .map(|n| Dynamic::from(n.to_string()))
            .collect())
    });
    doc("contacts", &["touch: Touch", "[Map]"]).register_into_engine(
        engine,
        |t: &mut ScriptTouch| -> ScriptResult<Array> {
            let touch = t.lock()?;
            let s = t.scene.fresh()?;
            Ok(touch
                .contacts()
                .iter()
                .map(|c| Dynamic::from_map(contact_map(&s.scene, c)))
                .collect())
        },
    );
    let shared = Arc::clone(ctx);
    doc(
        "plot_sensors",
        &["touch: Touch", "path: string", "body: string", "()"],
    )
    .register_into_engine(
        engine,
        move |t: &mut ScriptTouch, path: ImmutableString, body: ImmutableString| {
            let options = PlotOptions::new(format!("touch sensors of {body}"));
            let svg = t.lock()?.plot_sensors(&body, &options).or_script()?;
            write_text(&shared, &path, &svg)
        },
    );
    let shared = Arc::clone(ctx);
    doc(
        "plot_sensors",
        &[
            "touch: Touch",
            "path: string",
            "body: string",
            "options: #{title, views: [\"top\" | \"front\" | \"side\" | \"isometric\"]}",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |t: &mut ScriptTouch, path: ImmutableString, body: ImmutableString, opts: Dynamic| {
            let (options, _) =
                plot_options(&opts, "plot_sensors", &format!("touch sensors of {body}"))?;
            let svg = t.lock()?.plot_sensors(&body, &options).or_script()?;
            write_text(&shared, &path, &svg)
        },
    );
    let shared = Arc::clone(ctx);
    doc("plot_outputs", &["touch: Touch", "path: string", "()"]).register_into_engine(
        engine,
        move |t: &mut ScriptTouch, path: ImmutableString| {
            plot_outputs(&shared, t, &path, &Dynamic::UNIT)
        },
    );
    let shared = Arc::clone(ctx);
    doc(
        "plot_outputs",
        &[
            "touch: Touch",
            "path: string",
            "options: #{title, views, arrows: bool, bodies: [string], per_body: bool}",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |t: &mut ScriptTouch, path: ImmutableString, opts: Dynamic| {
            plot_outputs(&shared, t, &path, &opts)
        },
    );
    let text = |t: &mut ScriptTouch| match t.lock() {
        Ok(touch) => format!(
            "Touch({} {} sensors, {}, {})",
            touch.model().sensor_count(),
            touch.model().kind().name(),
            touch.model().touch_function().name(),
            touch.model().response_function().name()
        ),
        Err(_) => "Touch(unusable)".to_string(),
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
    doc("sensor_counts", &["touch: Touch", "Map"]).register_into_engine(
        engine,
        |t: &mut ScriptTouch| -> ScriptResult<Map> {
            let touch = t.lock()?;
            let mut out = Map::new();
            for (body, vertices, active) in touch.model().sensor_counts() {
                let mut m = Map::new();
                m.insert("vertices".into(), Dynamic::from_int(vertices as i64));
                m.insert("active".into(), Dynamic::from_int(active as i64));
                out.insert(body.into(), m.into());
            }
            Ok(out)
        },
    );
    doc("to_map", &["touch: Touch", "Map"]).register_into_engine(
        engine,
        |t: &mut ScriptTouch| -> ScriptResult<Map> {
            let touch = t.lock()?;
            let model = touch.model();
            let mut m = Map::new();
            m.insert("kind".into(), model.kind().name().into());
            m.insert(
                "touch_function".into(),
                model.touch_function().name().into(),
            );
            m.insert(
                "response_function".into(),
                model.response_function().name().into(),
            );
            let bodies: Array = model
                .sensing_bodies()
                .into_iter()
                .map(|n| Dynamic::from(n.to_string()))
                .collect();
            m.insert("bodies".into(), bodies.into());
            m.insert(
                "sensor_count".into(),
                Dynamic::from_int(model.sensor_count() as i64),
            );
            m.insert("output".into(), from_f64s(touch.output()).into());
            Ok(m)
        },
    );
}
