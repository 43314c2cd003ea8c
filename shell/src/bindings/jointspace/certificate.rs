//! Certificates of joint-space models in scripts: `certify(model, sampler)` and
//! `certify(model, sampler, options)` prove an offset over the sampler's whole box of joint
//! ranges (sound); `certify(model, map)` checks one map's samples (empirical). Both store the
//! offset in the model and say in their result (`certificate`) which kind they are. The
//! domain logic is `morsel_jointspace::model::certify`.

use std::time::Duration;

use morsel_jointspace::{
    Certificate, CertifyOptions, SoundCertificate, certify, certify_empirical,
};
use rhai::{Dynamic, Engine, FLOAT, INT, Map};

use crate::convert::from_f64s;
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::super::doc;
use super::Sampler;
use super::maps::Samples;
use super::model::ModelHandle;

/// Registers both forms of `certify`.
pub fn register(engine: &mut Engine) {
    doc(
        "certify",
        &["model: JointspaceModel", "map: SampleMap", "Map"],
    )
    .register_into_engine(
        engine,
        |h: &mut ModelHandle, m: Samples| -> ScriptResult<Map> {
            let c = certify_empirical(&mut *h.lock()?, &m).or_script()?;
            Ok(empirical_map(&c))
        },
    );
    doc(
        "certify",
        &["model: JointspaceModel", "sampler: CollisionSampler", "Map"],
    )
    .register_into_engine(engine, |h: &mut ModelHandle, s: Sampler| {
        sound(h, &s, &Dynamic::UNIT)
    });
    doc(
        "certify",
        &[
            "model: JointspaceModel",
            "sampler: CollisionSampler",
            "options: #{min_width: number, max_cells: INT, time_budget: number, lost_samples: INT, seed: INT}",
            "Map",
        ],
    )
    .register_into_engine(engine, |h: &mut ModelHandle, s: Sampler, o: Dynamic| {
        sound(h, &s, &o)
    });
}

fn sound(h: &ModelHandle, sampler: &Sampler, opts: &Dynamic) -> ScriptResult<Map> {
    let mut o = Options::new("certify", opts).or_script()?;
    let d = CertifyOptions::default();
    let min_width = o.f64("min_width").or_script()?.unwrap_or(d.min_width);
    let max_cells = o.int_or("max_cells", d.max_cells as INT).or_script()?;
    let budget = o.f64("time_budget").or_script()?;
    let lost = o
        .int_or("lost_samples", d.lost_samples as INT)
        .or_script()?;
    let seed = o.int_or("seed", d.seed as INT).or_script()?;
    o.finish().or_script()?;
    let count = |v: INT, key: &str| {
        usize::try_from(v).map_err(|_| {
            script_error(ShellError::argument(
                format!("`{key}` of certify()"),
                "an integer >= 0",
                format!("{v}"),
            ))
        })
    };
    let time_budget = match budget {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(script_error(ShellError::argument(
                "`time_budget` of certify()",
                "a positive number of seconds",
                format!("{s}"),
            )));
        }
        None => None,
    };
    let options = CertifyOptions {
        min_width,
        max_cells: count(max_cells, "max_cells")?,
        time_budget,
        lost_samples: count(lost, "lost_samples")?,
        seed: seed as u64,
        ..d
    };
    let c = certify(&mut *h.lock()?, sampler, &options).or_script()?;
    Ok(sound_map(&c))
}

fn int(n: usize) -> Dynamic {
    Dynamic::from_int(INT::try_from(n).unwrap_or(INT::MAX))
}

/// The sound certificate as a script map.
pub fn sound_map(c: &SoundCertificate) -> Map {
    let mut m = Map::new();
    m.insert("certificate".into(), Dynamic::from("sound".to_string()));
    m.insert("offset".into(), Dynamic::from_float(c.offset));
    m.insert("cells".into(), int(c.cells));
    m.insert("levels".into(), int(c.levels));
    m.insert("distance_queries".into(), int(c.distance_queries));
    let f = |v: f64| Dynamic::from_float(v as FLOAT);
    m.insert("settled_free".into(), f(c.settled_free));
    m.insert("settled_below".into(), f(c.settled_below));
    m.insert("covered".into(), f(c.covered));
    m.insert("offset_before_covering".into(), f(c.offset_before_covering));
    m.insert("budget_exhausted".into(), Dynamic::from(c.budget_exhausted));
    m.insert(
        "lipschitz".into(),
        Dynamic::from_array(
            c.lipschitz
                .iter()
                .map(|r| Dynamic::from_array(from_f64s(r)))
                .collect(),
        ),
    );
    m.insert("lost_range_of_motion".into(), f(c.lost_range_of_motion));
    m.insert("lost_samples".into(), int(c.lost_samples));
    m.insert("lost_samples_free".into(), int(c.lost_samples_free));
    m.insert("sample_false_free".into(), int(c.sample_false_free));
    m.insert("seconds".into(), f(c.seconds));
    m
}

/// The empirical check as a script map.
fn empirical_map(c: &Certificate) -> Map {
    let mut m = Map::new();
    m.insert("certificate".into(), Dynamic::from("empirical".to_string()));
    m.insert("samples".into(), int(c.samples));
    m.insert("colliding".into(), int(c.colliding));
    m.insert("max_error".into(), Dynamic::from_float(c.max_error));
    m.insert("p99_error".into(), Dynamic::from_float(c.p99_error));
    m.insert("rms_error".into(), Dynamic::from_float(c.rms_error));
    m.insert("offset".into(), Dynamic::from_float(c.offset));
    m.insert("false_free".into(), int(c.false_free));
    m.insert("lost_free".into(), int(c.lost_free));
    m.insert(
        "lost_range_of_motion".into(),
        Dynamic::from_float(c.lost_range_of_motion),
    );
    m
}
