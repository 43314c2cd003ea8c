//! The `Taxels` script type: Genesis-style kinematic taxels on a scene body (a robot link).
//!
//! `taxels(#{...})` takes Genesis's option names and defaults and checks them at once; the
//! sensor is built for a scene at its first `read(scene)` (the link must be a body of that
//! scene) and rebuilt, with its history cleared, when it reads another scene.

use std::sync::{Arc, Mutex, MutexGuard};

use morsel_sensing::plot::taxel_forces_svg;
use morsel_sensing::taxel::ContactDepthQuery;
use morsel_sensing::{Scene, TaxelConfig, TaxelReading, TaxelSensor};
use nalgebra::{Point3, Vector3};
use ndarray::{ArrayD, ArrayViewD, Axis};
use rhai::{Array, Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::bindings::doc;
use crate::context::ShellContext;
use crate::convert::{
    describe, from_f64s, from_indices, from_points, from_vectors, points_arg, usize_arg,
};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::scene::ScriptScene;
use super::touch::plot_options;
use super::write_text;

#[derive(Debug)]
struct Built {
    scene: ScriptScene,
    sensor: TaxelSensor,
    /// The last force reading (measured or ground truth), for plots.
    last: Option<TaxelReading>,
}

/// A taxel configuration and, once read, its sensor.
#[derive(Clone, Debug)]
pub struct ScriptTaxels {
    config: TaxelConfig,
    built: Arc<Mutex<Option<Built>>>,
}

impl ScriptTaxels {
    /// The number of probes.
    pub fn num_probes(&self) -> usize {
        self.config.probe_local_pos.len()
    }

    /// The steps of history kept (0: none).
    pub fn history_length(&self) -> usize {
        self.config.history_length
    }

    /// Runs `f` on the configuration, the scene last read and the last reading (`None`
    /// before the first read).
    pub fn with_last<T>(
        &self,
        f: impl FnOnce(&TaxelConfig, Option<(&Scene, &TaxelReading)>) -> T,
    ) -> ScriptResult<T> {
        let built = self.lock()?;
        match built.as_ref() {
            Some(b) => {
                let s = b.scene.fresh()?;
                Ok(f(&self.config, b.last.as_ref().map(|r| (&s.scene, r))))
            }
            None => Ok(f(&self.config, None)),
        }
    }

    fn lock(&self) -> ScriptResult<MutexGuard<'_, Option<Built>>> {
        self.built.lock().map_err(|_| {
            script_error(ShellError::argument(
                "a taxel sensor",
                "a usable sensor",
                "one left broken by an earlier failure; rebuild it",
            ))
        })
    }

    /// One step of the measured branch on `scene` (the sensor is rebuilt when the scene
    /// changes).
    pub(super) fn read(&self, scene: &ScriptScene) -> ScriptResult<TaxelReading> {
        self.step(scene, false)
    }

    /// One step of the measured branch (`truth` false) or of the ground truth on `scene`.
    fn step(&self, scene: &ScriptScene, truth: bool) -> ScriptResult<TaxelReading> {
        let reading = self.with_sensor(scene, |sensor, s| {
            if truth {
                sensor.read_ground_truth(s)
            } else {
                sensor.read(s)
            }
        })?;
        if let Some(b) = self.lock()?.as_mut() {
            b.last = Some(reading.clone());
        }
        Ok(reading)
    }

    /// Draws the last reading's forces (environment 0, newest step) into `path`.
    fn plot_forces(&self, ctx: &ShellContext, path: &str, opts: &Dynamic) -> ScriptResult<()> {
        let title = format!("taxel forces on {}", self.config.link_name);
        let (options, bodies) = plot_options(opts, "plot_forces", &title)?;
        if bodies.is_some() {
            // A taxel sensor lies on one link: `bodies` is the touch plots' option only.
            return Err(script_error(ShellError::UnknownOption {
                function: "plot_forces()".into(),
                unknown: vec!["bodies".into()],
                allowed: vec!["arrows".into(), "title".into(), "views".into()],
            }));
        }
        let built = self.lock()?;
        let Some(last) = built.as_ref().and_then(|b| b.last.as_ref()) else {
            return Err(script_error(ShellError::argument(
                "plot_forces()",
                "a sensor read at least once (call read(scene) first)",
                "a sensor never read",
            )));
        };
        let svg = taxel_forces_svg(&self.config, last, 0, &options).or_script()?;
        write_text(ctx, path, &svg)
    }

    /// Runs `f` on the sensor built for `scene` (rebuilt, with its state cleared, when the
    /// scene changes).
    pub(super) fn with_sensor<T>(
        &self,
        scene: &ScriptScene,
        f: impl FnOnce(&mut TaxelSensor, &Scene) -> morsel_sensing::Result<T>,
    ) -> ScriptResult<T> {
        let mut built = self.lock()?;
        let s = scene.fresh()?;
        let stale = built.as_ref().is_none_or(|b| !b.scene.same(scene));
        if stale {
            let sensor = TaxelSensor::new(self.config.clone(), &s.scene).or_script()?;
            *built = Some(Built {
                scene: scene.clone(),
                sensor,
                last: None,
            });
        }
        match built.as_mut() {
            Some(b) => f(&mut b.sensor, &s.scene).or_script(),
            None => unreachable_sensor(),
        }
    }
}

/// Builds the taxel configuration of `function(opts)` (`taxels`, `taxel_contacts`,
/// `taxel_depths` share the options).
pub(super) fn make_taxels(
    ctx: &ShellContext,
    function: &str,
    opts: &Dynamic,
) -> ScriptResult<ScriptTaxels> {
    let mut o = Options::new(function, opts).or_script()?;
    let d = TaxelConfig::default();
    let link = o.string("link_name").or_script()?;
    let link = o.required("link_name", link).or_script()?;
    let probes = match o.value("probe_local_pos") {
        None => d.probe_local_pos.clone(),
        Some(p) => {
            points_arg(&p, &format!("option `probe_local_pos` of {function}()")).or_script()?
        }
    };
    let normal = o
        .vector3("probe_local_normal")
        .or_script()?
        .unwrap_or(d.probe_local_normal);
    let config = TaxelConfig {
        link_name: link,
        probe_local_pos: probes,
        probe_local_normal: normal,
        ..law_options(ctx, &mut o, function)?
    };
    o.finish().or_script()?;
    built(config)
}

/// A configuration checked and wrapped for scripts.
fn built(config: TaxelConfig) -> ScriptResult<ScriptTaxels> {
    config.validate().or_script()?;
    Ok(ScriptTaxels {
        config,
        built: Arc::new(Mutex::new(None)),
    })
}

/// `taxel_skin(scene, #{ body, spacing, ... })`: probes over every collider of a body.
fn make_skin(
    ctx: &ShellContext,
    scene: &ScriptScene,
    opts: &Dynamic,
) -> ScriptResult<ScriptTaxels> {
    let function = "taxel_skin";
    let mut o = Options::new(function, opts).or_script()?;
    let body = o.string("body").or_script()?;
    let body = o.required("body", body).or_script()?;
    let spacing = o.f64("spacing").or_script()?;
    let spacing = o.required("spacing", spacing).or_script()?;
    let kind = o.string("kind").or_script()?;
    let base = law_options(ctx, &mut o, function)?;
    o.finish().or_script()?;
    let state = scene.fresh()?;
    let config = match kind.as_deref() {
        None | Some("points") => base.skin(&state.scene, &body, spacing),
        Some("mesh") => base.mesh_skin(&state.scene, &body, spacing),
        Some(other) => {
            return Err(script_error(ShellError::argument(
                "option `kind` of taxel_skin()",
                "\"points\" (MIMo's sensor points on every collider) or \"mesh\" (the active vertices of the body's sensor mesh)",
                format!("\"{other}\""),
            )));
        }
    };
    built(config.or_script()?)
}

/// The options every taxel function shares: the law, the history, the measured branch and
/// the seed (the link and the probes are left at their defaults).
fn law_options(ctx: &ShellContext, o: &mut Options, function: &str) -> ScriptResult<TaxelConfig> {
    let d = TaxelConfig::default();
    let history = count(o, function, "history_length")?;
    let delay = count(o, function, "delay")?;
    let jitter = count(o, function, "jitter")?;
    let dead_taxels = match o.value("dead_taxels") {
        None => Vec::new(),
        Some(v) => indices_arg(&v, &format!("option `dead_taxels` of {function}()")).or_script()?,
    };
    let seed = o.int("seed").or_script()?.map_or(ctx.seed, |s| s as u64);
    let query = match o.string("contact_depth_query").or_script()? {
        None => d.contact_depth_query,
        Some(name) => ContactDepthQuery::from_name(&name).or_script()?,
    };
    Ok(TaxelConfig {
        contact_depth_query: query,
        probe_radius: o.f64_or("probe_radius", d.probe_radius).or_script()?,
        probe_radius_noise: o
            .f64_or("probe_radius_noise", d.probe_radius_noise)
            .or_script()?,
        normal_stiffness: o
            .f64_or("normal_stiffness", d.normal_stiffness)
            .or_script()?,
        normal_damping: o.f64_or("normal_damping", d.normal_damping).or_script()?,
        normal_exponent: o.f64_or("normal_exponent", d.normal_exponent).or_script()?,
        shear_scalar: o.f64_or("shear_scalar", d.shear_scalar).or_script()?,
        twist_scalar: o.f64_or("twist_scalar", d.twist_scalar).or_script()?,
        history_length: history,
        seed,
        probe_gain: o.f64_or("probe_gain", d.probe_gain).or_script()?,
        delay,
        jitter,
        noise: o.f64_or("noise", d.noise).or_script()?,
        bias: o.f64_or("bias", d.bias).or_script()?,
        resolution: o.f64_or("resolution", d.resolution).or_script()?,
        dead_taxels,
        crosstalk: o.f64_or("crosstalk", d.crosstalk).or_script()?,
        crosstalk_radius: o
            .f64_or("crosstalk_radius", d.crosstalk_radius)
            .or_script()?,
        hysteresis: o.f64_or("hysteresis", d.hysteresis).or_script()?,
        ..d
    })
}

/// A count option (>= 0), 0 when absent.
fn count(o: &mut Options, function: &str, key: &'static str) -> ScriptResult<usize> {
    let n = o.int_or(key, 0).or_script()?;
    usize::try_from(n).map_err(|_| {
        script_error(ShellError::argument(
            format!("option `{key}` of {function}()"),
            "a count >= 0",
            n.to_string(),
        ))
    })
}

/// A numeric array as nested Rhai arrays.
pub(super) fn nested(a: &ArrayViewD<'_, f64>) -> Dynamic {
    if a.ndim() <= 1 {
        return Dynamic::from_array(from_f64s(&a.iter().copied().collect::<Vec<_>>()));
    }
    let items: Array = a.outer_iter().map(|sub| nested(&sub)).collect();
    Dynamic::from_array(items)
}

fn reading_map(r: &TaxelReading, drop_env: bool) -> Map {
    let shape = |a: &ArrayD<f64>| -> Dynamic {
        if drop_env && a.shape().first() == Some(&1) {
            nested(&a.index_axis(Axis(0), 0))
        } else {
            nested(&a.view())
        }
    };
    let mut m = Map::new();
    let force = shape(&r.force);
    m.insert("raw".into(), force.clone());
    m.insert("force".into(), force);
    m.insert("torque".into(), shape(&r.torque));
    m
}

/// An array of probe indices.
fn indices_arg(value: &Dynamic, what: &str) -> Result<Vec<usize>, ShellError> {
    let items = value
        .as_array_ref()
        .map_err(|_| ShellError::argument(what, "an array of probe indices", describe(value)))?;
    items
        .iter()
        .enumerate()
        .map(|(i, v)| usize_arg(v, &format!("{what}, element {i}")))
        .collect()
}

pub(super) fn scenes_arg(value: &Dynamic) -> ScriptResult<Vec<ScriptScene>> {
    let what = "`scenes` of read_batch()";
    let items = value.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            what,
            "an array of Scene",
            describe(value),
        ))
    })?;
    items
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.clone().try_cast::<ScriptScene>().ok_or_else(|| {
                script_error(ShellError::argument(
                    format!("{what}, element {i}"),
                    "a Scene",
                    describe(s),
                ))
            })
        })
        .collect()
}

/// `body_load(taxels, #{point, min_force})`: the link's load from the last reading
/// (environment 0, newest step), at the link's pose in the scene last read.
fn taxel_load(t: &ScriptTaxels, opts: &Dynamic) -> ScriptResult<Map> {
    let options = super::touch::load_options(opts)?;
    let load = t.with_last(|config, last| {
        let Some((scene, reading)) = last else {
            return Err(script_error(ShellError::argument(
                "body_load()",
                "taxels that were read",
                "taxels not read yet: call read(taxels, scene) first",
            )));
        };
        reading
            .link_load_in(scene, &config.link_name, 0, &options)
            .or_script()
    })??;
    Ok(super::touch::load_map(&load))
}

/// Registers `taxels(...)` and its methods.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<ScriptTaxels>("Taxels");
    let shared = Arc::clone(ctx);
    doc(
        "taxels",
        &[
            "options: #{link_name, probe_local_pos: [[x, y, z]], probe_local_normal, contact_depth_query: \"sdf\"|\"raycast\", probe_radius, probe_radius_noise, normal_stiffness, normal_damping, normal_exponent, shear_scalar, twist_scalar, history_length, probe_gain, delay, jitter, noise, bias, resolution, dead_taxels: [i], crosstalk, crosstalk_radius, hysteresis, seed}",
            "Taxels",
        ],
    )
    .register_into_engine(engine, move |opts: Dynamic| make_taxels(&shared, "taxels", &opts));
    let shared = Arc::clone(ctx);
    doc(
        "taxel_skin",
        &[
            "scene: Scene",
            "options: #{body, spacing, kind: \"points\" | \"mesh\", ...}",
            "Taxels",
        ],
    )
    .register_into_engine(engine, move |scene: ScriptScene, opts: Dynamic| {
        make_skin(&shared, &scene, &opts)
    });
    doc(
        "read",
        &["taxels: Taxels", "scene: Scene", "#{force, torque, raw}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxels, scene: ScriptScene| {
        Ok::<_, Box<rhai::EvalAltResult>>(reading_map(&t.step(&scene, false)?, true))
    });
    doc("body_load", &["taxels: Taxels", "#{force, moment, cop}"])
        .register_into_engine(engine, |t: &mut ScriptTaxels| taxel_load(t, &Dynamic::UNIT));
    doc(
        "body_load",
        &[
            "taxels: Taxels",
            "options: #{point: [x, y, z], min_force: number}",
            "#{force, moment, cop}",
        ],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxels, opts: Dynamic| {
        taxel_load(t, &opts)
    });
    doc(
        "read_ground_truth",
        &["taxels: Taxels", "scene: Scene", "#{force, torque, raw}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxels, scene: ScriptScene| {
        Ok::<_, Box<rhai::EvalAltResult>>(reading_map(&t.step(&scene, true)?, true))
    });
    doc(
        "read_batch",
        &["taxels: Taxels", "scenes: [Scene]", "#{force, torque, raw}"],
    )
    .register_into_engine(engine, |t: &mut ScriptTaxels, scenes: Dynamic| {
        let list = scenes_arg(&scenes)?;
        morsel_lab::__private::batch_limit::check_taxel_batch(
            "read_batch()",
            list.len(),
            t.config.probe_local_pos.len(),
            t.config.history_length,
            6,
        )
        .or_script()?;
        let first = list.first().ok_or_else(|| {
            script_error(ShellError::argument(
                "`scenes` of read_batch()",
                "at least one Scene",
                "an empty array",
            ))
        })?;
        let mut copies = Vec::with_capacity(list.len());
        for s in &list {
            let state = s.fresh()?;
            copies.push(state.scene.clone());
        }
        let mut built = t.lock()?;
        let stale = built.as_ref().is_none_or(|b| !b.scene.same(first));
        if stale {
            let sensor = TaxelSensor::new(t.config.clone(), &copies[0]).or_script()?;
            *built = Some(Built {
                scene: first.clone(),
                sensor,
                last: None,
            });
        }
        let reading = match built.as_mut() {
            Some(b) => {
                let r = b.sensor.read_batch(&copies).or_script()?;
                b.last = Some(r.clone());
                r
            }
            None => unreachable_sensor()?,
        };
        Ok::<_, Box<rhai::EvalAltResult>>(reading_map(&reading, false))
    });
    doc("reset", &["taxels: Taxels", "()"]).register_into_engine(
        engine,
        |t: &mut ScriptTaxels| -> ScriptResult<()> {
            if let Some(b) = t.lock()?.as_mut() {
                b.sensor.reset();
            }
            Ok(())
        },
    );
    let shared = Arc::clone(ctx);
    doc("plot_forces", &["taxels: Taxels", "path: string", "()"]).register_into_engine(
        engine,
        move |t: &mut ScriptTaxels, path: ImmutableString| {
            t.plot_forces(&shared, &path, &Dynamic::UNIT)
        },
    );
    let shared = Arc::clone(ctx);
    doc(
        "plot_forces",
        &[
            "taxels: Taxels",
            "path: string",
            "options: #{title, views, arrows: bool}",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |t: &mut ScriptTaxels, path: ImmutableString, opts: Dynamic| {
            t.plot_forces(&shared, &path, &opts)
        },
    );
    engine.register_get("num_probes", |t: &mut ScriptTaxels| {
        t.config.probe_local_pos.len() as i64
    });
    engine.register_get("probes", |t: &mut ScriptTaxels| {
        from_points(&t.config.probe_local_pos)
    });
    doc("to_map", &["taxels: Taxels", "Map"])
        .register_into_engine(engine, |t: &mut ScriptTaxels| config_map(&t.config));
    let text = |t: &mut ScriptTaxels| {
        format!(
            "Taxels({} probes on {}, stiffness {})",
            t.config.probe_local_pos.len(),
            t.config.link_name,
            t.config.normal_stiffness
        )
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}

fn unreachable_sensor<T>() -> ScriptResult<T> {
    Err(script_error(ShellError::argument(
        "a taxel sensor",
        "a built sensor",
        "none",
    )))
}

fn config_map(c: &TaxelConfig) -> Map {
    let f = |x: f64| Dynamic::from_float(x as FLOAT);
    let v = |x: &Vector3<f64>| Dynamic::from_array(from_f64s(x.as_slice()));
    let mut m = Map::new();
    m.insert("link_name".into(), c.link_name.clone().into());
    let probes: Vec<Point3<f64>> = c.probe_local_pos.clone();
    m.insert("probe_local_pos".into(), from_points(&probes).into());
    m.insert("probe_local_normal".into(), v(&c.probe_local_normal));
    m.insert(
        "probe_normals".into(),
        from_vectors(&c.probe_normals).into(),
    );
    m.insert(
        "contact_depth_query".into(),
        c.contact_depth_query.name().into(),
    );
    m.insert("probe_radius".into(), f(c.probe_radius));
    m.insert("probe_radius_noise".into(), f(c.probe_radius_noise));
    m.insert("normal_stiffness".into(), f(c.normal_stiffness));
    m.insert("normal_damping".into(), f(c.normal_damping));
    m.insert("normal_exponent".into(), f(c.normal_exponent));
    m.insert("shear_scalar".into(), f(c.shear_scalar));
    m.insert("twist_scalar".into(), f(c.twist_scalar));
    m.insert(
        "history_length".into(),
        Dynamic::from_int(c.history_length as i64),
    );
    m.insert("seed".into(), Dynamic::from_int(c.seed as i64));
    m.insert("probe_gain".into(), f(c.probe_gain));
    m.insert("delay".into(), Dynamic::from_int(c.delay as i64));
    m.insert("jitter".into(), Dynamic::from_int(c.jitter as i64));
    m.insert("noise".into(), f(c.noise));
    m.insert("bias".into(), f(c.bias));
    m.insert("resolution".into(), f(c.resolution));
    m.insert(
        "dead_taxels".into(),
        Dynamic::from_array(from_indices(&c.dead_taxels)),
    );
    m.insert("crosstalk".into(), f(c.crosstalk));
    m.insert("crosstalk_radius".into(), f(c.crosstalk_radius));
    m.insert("hysteresis".into(), f(c.hysteresis));
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::IxDyn;

    #[test]
    fn arrays_nest_by_their_shape() {
        let a = ArrayD::from_shape_fn(IxDyn(&[2, 3]), |i| (i[0] * 10 + i[1]) as f64);
        let nested = nested(&a.view()).into_array().expect("array");
        assert_eq!(nested.len(), 2);
        let row = nested[1].clone().into_typed_array::<f64>().expect("row");
        assert_eq!(row, vec![10.0, 11.0, 12.0]);
    }
}
