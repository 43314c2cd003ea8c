//! Joint-space models in scripts: `jointspace_model(samples, options)` fits one,
//! `model.distance(q)` and `model.gradient(q)` evaluate it (one configuration or an array of
//! them), `model.repulsion(q, options)` gives a controller's repulsive velocity, `certify` (in `certificate.rs`) certifies it and `save("x.h" | "x.json" | "x.npz", model)`
//! exports it. The domain logic is in `morsel_jointspace::model`.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use morsel_jointspace::model::{
    CHeaderOptions, Repulsion, c_header, lost_motion_map, predicted_map, repulsive_velocity,
    save_npz, to_json,
};
use morsel_jointspace::{FitOptions, FitReport, JointspaceModel, ModelKind, Validation, fit};
use ndarray::Array2;
use rhai::{Array, Dynamic, Engine, FLOAT, INT, ImmutableString, Map};

use crate::context::ShellContext;
use crate::convert::{describe, from_f64s, rows_arg, usize_arg, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::super::doc;
use super::maps::{Samples, ranges_value};

/// A fitted model as scripts hold it: shared, so that `certify(model, map)` stores its offset
/// in the script's model.
#[derive(Clone, Debug)]
pub struct ModelHandle {
    model: Arc<Mutex<JointspaceModel>>,
    report: Option<Arc<FitReport>>,
}

impl ModelHandle {
    pub(super) fn lock(&self) -> ScriptResult<MutexGuard<'_, JointspaceModel>> {
        self.model.lock().map_err(|_| {
            script_error(ShellError::argument(
                "model",
                "a usable model",
                "one poisoned by an earlier panic",
            ))
        })
    }
}

/// Registers the model type, `jointspace_model`, `distance`, `gradient` and `save`
/// (`certify` is in `certificate.rs`).
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ModelHandle>("JointspaceModel");
    let fit_params = [
        "samples: SampleMap",
        "options: #{kind: \"network\" | \"spline\", hidden: [INT, ...], cells: INT | [INT, ...], smoothing: number, seed: INT, epochs: INT, time_budget: number, validation: number | SampleMap}",
        "JointspaceModel",
    ];
    doc("jointspace_model", &fit_params)
        .register_into_engine(engine, |m: Samples, opts: Dynamic| new_model(&m, &opts));
    doc("jointspace_model", &[fit_params[0], fit_params[2]])
        .register_into_engine(engine, |m: Samples| new_model(&m, &Dynamic::UNIT));
    doc(
        "distance",
        &[
            "model: JointspaceModel",
            "q: [q_1 .. q_k] | [[q_1 .. q_k], ...]",
            "FLOAT | [FLOAT, ...]",
        ],
    )
    .register_into_engine(engine, |h: &mut ModelHandle, q: Dynamic| distance(h, &q));
    doc(
        "gradient",
        &[
            "model: JointspaceModel",
            "q: [q_1 .. q_k] | [[q_1 .. q_k], ...]",
            "[FLOAT, ...] | [[FLOAT, ...], ...]",
        ],
    )
    .register_into_engine(engine, |h: &mut ModelHandle, q: Dynamic| gradient(h, &q));
    doc(
        "predict",
        &["model: JointspaceModel", "map: SampleMap", "SampleMap"],
    )
    .register_into_engine(
        engine,
        |h: &mut ModelHandle, m: Samples| -> ScriptResult<Samples> {
            Ok(Arc::new(predicted_map(&*h.lock()?, &m).or_script()?))
        },
    );
    doc(
        "lost_motion",
        &["model: JointspaceModel", "map: SampleMap", "SampleMap"],
    )
    .register_into_engine(
        engine,
        |h: &mut ModelHandle, m: Samples| -> ScriptResult<Samples> {
            Ok(Arc::new(lost_motion_map(&*h.lock()?, &m).or_script()?))
        },
    );
    doc(
        "repulsion",
        &[
            "model: JointspaceModel",
            "q: [q_1 .. q_k]",
            "options: #{threshold: number, gain: number}",
            "[FLOAT, ...]",
        ],
    )
    .register_into_engine(engine, |h: &mut ModelHandle, q: Dynamic, opts: Dynamic| {
        repulsion(h, &q, &opts)
    });
    doc("to_map", &["model: JointspaceModel", "Map"])
        .register_into_engine(engine, |h: &mut ModelHandle| model_map(h));
    engine.register_get("joints", |h: &mut ModelHandle| -> ScriptResult<Array> {
        Ok(h.lock()?
            .joints()
            .iter()
            .map(|n| Dynamic::from(n.clone()))
            .collect())
    });
    engine.register_get("offset", |h: &mut ModelHandle| -> ScriptResult<FLOAT> {
        Ok(h.lock()?.offset())
    });
    engine.register_get("parameters", |h: &mut ModelHandle| -> ScriptResult<INT> {
        Ok(INT::try_from(h.lock()?.param_count()).unwrap_or(INT::MAX))
    });
    engine.register_get("report", |h: &mut ModelHandle| -> Dynamic {
        h.report
            .as_ref()
            .map_or(Dynamic::UNIT, |r| Dynamic::from_map(report_map(r)))
    });
    engine.register_fn("to_string", |h: &mut ModelHandle| model_text(h));
    engine.register_fn("to_debug", |h: &mut ModelHandle| model_text(h));
    register_save(engine, ctx);
}

/// The counts of option `key` (`hidden` or `cells`): one integer or an array of them.
fn counts(value: Option<Dynamic>, key: &str) -> ScriptResult<Option<Vec<usize>>> {
    let what = format!("`{key}` of jointspace_model()");
    Ok(Some(match value {
        None => return Ok(None),
        Some(v) if v.is_array() => v
            .as_array_ref()
            .map_err(|_| script_error(ShellError::argument(&what, "an array", describe(&v))))?
            .iter()
            .enumerate()
            .map(|(i, w)| usize_arg(w, &format!("{what}, element {i}")))
            .collect::<Result<_, _>>()
            .or_script()?,
        Some(v) => vec![usize_arg(&v, &what).or_script()?],
    }))
}

fn new_model(map: &Samples, opts: &Dynamic) -> ScriptResult<ModelHandle> {
    let mut o = Options::new("jointspace_model", opts).or_script()?;
    let defaults = FitOptions::default();
    let hidden = counts(o.value("hidden"), "hidden")?;
    let cells = counts(o.value("cells"), "cells")?;
    let kind_name = o.string("kind").or_script()?;
    let smoothing = o.f64("smoothing").or_script()?;
    let kind = ModelKind::from_options(kind_name.as_deref(), hidden.is_some(), cells, smoothing)
        .or_script()?;
    let hidden = hidden.unwrap_or_else(|| defaults.hidden.clone());
    let seed = o.int_or("seed", 0).or_script()?;
    let epochs = o.int_or("epochs", defaults.epochs as INT).or_script()?;
    let budget = o.f64("time_budget").or_script()?;
    let validation = match o.value("validation") {
        None => defaults.validation.clone(),
        Some(v) if v.is::<Samples>() => Validation::Map((*v.cast::<Samples>()).clone()),
        Some(v) => Validation::Fraction(crate::convert::f64_arg(&v, "`validation`").or_script()?),
    };
    o.finish().or_script()?;
    let time_budget = match budget {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(script_error(ShellError::argument(
                "`time_budget` of jointspace_model()",
                "a positive number of seconds",
                format!("{s}"),
            )));
        }
        None => None,
    };
    let options = FitOptions {
        kind,
        hidden,
        seed: seed as u64,
        epochs: u64::try_from(epochs).map_err(|_| {
            script_error(ShellError::argument(
                "`epochs`",
                "a positive integer",
                format!("{epochs}"),
            ))
        })?,
        time_budget,
        validation,
        ..defaults
    };
    let (model, report) = fit(map, &options).or_script()?;
    Ok(ModelHandle {
        model: Arc::new(Mutex::new(model)),
        report: Some(Arc::new(report)),
    })
}

/// Whether `q` is an array of configurations (its first element is an array).
fn is_batch(q: &Dynamic) -> bool {
    q.as_array_ref()
        .is_ok_and(|a| a.first().is_some_and(Dynamic::is_array))
}

fn batch(q: &Dynamic, k: usize) -> ScriptResult<Array2<f64>> {
    let rows = rows_arg(q, "configurations").or_script()?;
    let n = rows.len();
    if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != k) {
        return Err(script_error(ShellError::argument(
            format!("configuration {i}"),
            format!("{k} joint values"),
            format!("{} values", r.len()),
        )));
    }
    Array2::from_shape_vec((n, k), rows.concat()).or_script()
}

fn single(q: &Dynamic) -> ScriptResult<Vec<f64>> {
    if !q.is_array() {
        return Err(script_error(ShellError::argument(
            "configuration",
            "an array of joint values or an array of such arrays",
            describe(q),
        )));
    }
    vec_arg(q, "configuration").or_script()
}

fn distance(h: &ModelHandle, q: &Dynamic) -> ScriptResult<Dynamic> {
    let model = h.lock()?;
    if is_batch(q) {
        let qs = batch(q, model.dim())?;
        return Ok(Dynamic::from_array(from_f64s(
            &model.distances(qs.view()).or_script()?,
        )));
    }
    Ok(Dynamic::from_float(
        model.distance(&single(q)?).or_script()?,
    ))
}

fn gradient(h: &ModelHandle, q: &Dynamic) -> ScriptResult<Dynamic> {
    let model = h.lock()?;
    if is_batch(q) {
        let qs = batch(q, model.dim())?;
        let g = model.gradients(qs.view()).or_script()?;
        return Ok(Dynamic::from_array(
            g.rows()
                .into_iter()
                .map(|r| Dynamic::from_array(from_f64s(&r.to_vec())))
                .collect(),
        ));
    }
    Ok(Dynamic::from_array(from_f64s(
        &model.gradient(&single(q)?).or_script()?,
    )))
}

fn repulsion(h: &ModelHandle, q: &Dynamic, opts: &Dynamic) -> ScriptResult<Array> {
    let mut o = Options::new("repulsion", opts).or_script()?;
    let threshold = o.f64("threshold").or_script()?;
    let gain = o.f64("gain").or_script()?;
    o.finish().or_script()?;
    let r = Repulsion {
        threshold: threshold.unwrap_or(0.2),
        gain: gain.unwrap_or(10.0),
    };
    Ok(from_f64s(
        &repulsive_velocity(&*h.lock()?, &single(q)?, &r).or_script()?,
    ))
}

fn report_map(r: &FitReport) -> Map {
    let int = |n: u64| Dynamic::from_int(INT::try_from(n).unwrap_or(INT::MAX));
    let mut m = Map::new();
    m.insert("train_samples".into(), int(r.train_samples as u64));
    m.insert(
        "validation_samples".into(),
        int(r.validation_samples as u64),
    );
    m.insert("iterations".into(), int(r.iterations));
    m.insert("seconds".into(), Dynamic::from_float(r.seconds));
    m.insert("train_rmse".into(), Dynamic::from_float(r.train_rmse));
    m.insert(
        "validation_rmse".into(),
        Dynamic::from_float(r.validation_rmse),
    );
    m.insert(
        "validation_max".into(),
        Dynamic::from_float(r.validation_max),
    );
    m.insert("stopped_by".into(), Dynamic::from(r.stopped_by.clone()));
    m
}

fn model_map(h: &ModelHandle) -> ScriptResult<Map> {
    let model = h.lock()?;
    let mut m = Map::new();
    m.insert(
        "joints".into(),
        Dynamic::from_array(
            model
                .joints()
                .iter()
                .map(|n| Dynamic::from(n.clone()))
                .collect(),
        ),
    );
    m.insert("ranges".into(), ranges_value(model.ranges()));
    let ints = |v: Vec<usize>| -> Dynamic {
        Dynamic::from_array(v.into_iter().map(|w| Dynamic::from_int(w as INT)).collect())
    };
    m.insert("kind".into(), Dynamic::from(model.kind().to_string()));
    m.insert("hidden".into(), ints(model.hidden()));
    m.insert("cells".into(), ints(model.cells()));
    m.insert(
        "parameters".into(),
        Dynamic::from_int(INT::try_from(model.param_count()).unwrap_or(INT::MAX)),
    );
    m.insert("offset".into(), Dynamic::from_float(model.offset()));
    m.insert(
        "certificate".into(),
        Dynamic::from(
            model
                .certification()
                .map_or("none", |c| c.kind())
                .to_string(),
        ),
    );
    m.insert("quantity".into(), Dynamic::from(model.quantity().label()));
    Ok(m)
}

fn model_text(h: &ModelHandle) -> String {
    match h.model.lock() {
        Ok(m) => m.to_string(),
        Err(_) => "JointspaceModel(poisoned)".into(),
    }
}

/// `save(path, model)` and `save(path, model, #{prefix})`: `.h` a C99 header (names prefixed by
/// the file stem or `prefix`), `.json` the weights and encoding, `.npz` the same as arrays.
fn register_save(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc("save", &["path: string", "model: JointspaceModel", "()"])
        .register_into_engine(engine, move |path: ImmutableString, h: ModelHandle| {
            save_model(&shared, &path, &h, &Dynamic::UNIT)
        });
    let shared = Arc::clone(ctx);
    doc(
        "save",
        &[
            "path: string",
            "model: JointspaceModel",
            "options: #{prefix: string}",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |path: ImmutableString, h: ModelHandle, opts: Dynamic| {
            save_model(&shared, &path, &h, &opts)
        },
    );
}

fn save_model(ctx: &ShellContext, path: &str, h: &ModelHandle, opts: &Dynamic) -> ScriptResult<()> {
    let mut o = Options::new("save", opts).or_script()?;
    let prefix = o.string("prefix").or_script()?;
    o.finish().or_script()?;
    let p = std::path::Path::new(path);
    let extension = p
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let refuse = |reason: &str| {
        script_error(ShellError::Save {
            path: path.to_string(),
            reason: reason.into(),
        })
    };
    if prefix.is_some() && extension != "h" {
        return Err(refuse("the prefix option applies to C headers (.h) only"));
    }
    let model = h.lock()?;
    let target = ctx.sandbox.write_path(path).or_script()?;
    let write = |text: String| {
        std::fs::write(&target, text).map_err(|source| {
            script_error(ShellError::Io {
                action: "cannot write",
                path: target.clone(),
                source,
            })
        })
    };
    match extension.as_str() {
        "h" => {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("model");
            let prefix = prefix.unwrap_or_else(|| stem.to_string());
            write(c_header(&model, &CHeaderOptions { prefix }))
        }
        "json" => write(to_json(&model).or_script()?),
        "npz" => save_npz(&model, &target).or_script(),
        _ => Err(refuse(
            "a joint-space model is saved as .h (C99 header), .json or .npz",
        )),
    }
}
