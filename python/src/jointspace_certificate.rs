//! Certificates of joint-space models from Python: `model.certify(sampler, options)` proves an
//! offset over the sampler's whole box (sound), `model.certify(map)` checks one map's samples
//! (empirical); each result says which (`certificate`). The domain logic is
//! `morsel_jointspace::model::certify`.

use std::time::Duration;

use morsel_jointspace::{
    Certificate, CertifyOptions, CollisionSampler, JointspaceModel, SoundCertificate, certify,
    certify_empirical,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::{NON_NEGATIVE_INT, Options, count_arg, seed_arg, type_name};
use crate::errors::{ToPy, type_error, value_error};
use crate::jointspace::{PySampleMap, PySampler};

/// Either form of `certify`, on the model behind `model`: a `SampleMap` (empirical) or a
/// `CollisionSampler` (sound, with `options`).
pub fn certify_any<'py>(
    py: Python<'py>,
    model: &mut JointspaceModel,
    target: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyAny>>,
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    if let Ok(map) = target.cast::<PySampleMap>() {
        if options.is_some() || kwargs.is_some_and(|k| !k.is_empty()) {
            return Err(type_error(
                "certify(map) takes no options; the options belong to certify(sampler, options)",
            ));
        }
        let m = &map.get().0;
        let c = crate::interrupt::detached(py, || certify_empirical(model, m).map_err(Box::new))?
            .map_err(|e| *e)
            .py()?;
        return empirical_dict(py, &c);
    }
    let Ok(sampler) = target.cast::<PySampler>() else {
        return Err(type_error(format!(
            "`map` of certify(): expected a SampleMap (empirical check) or a CollisionSampler (sound certificate), got {}",
            type_name(target)
        )));
    };
    let mut o = Options::new("certify", options)?.merge(kwargs)?;
    let d = CertifyOptions::default();
    let min_width = o.f64("min_width")?.unwrap_or(d.min_width);
    let max_cells = o
        .take("max_cells")
        .map(|v| count_arg(&v, "option `max_cells` of certify()", NON_NEGATIVE_INT))
        .transpose()?
        .unwrap_or(d.max_cells);
    let budget = o.f64("time_budget")?;
    let lost_samples = o
        .take("lost_samples")
        .map(|v| count_arg(&v, "option `lost_samples` of certify()", NON_NEGATIVE_INT))
        .transpose()?
        .unwrap_or(d.lost_samples);
    let seed = o
        .take("seed")
        .map(|v| seed_arg(&v, "option `seed` of certify()"))
        .transpose()?
        .unwrap_or(d.seed);
    o.finish()?;
    let time_budget = match budget {
        Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            return Err(value_error(format!(
                "option `time_budget` of certify(): expected a positive number of seconds, got {s}"
            )));
        }
        None => None,
    };
    let options = CertifyOptions {
        min_width,
        max_cells,
        time_budget,
        lost_samples,
        seed,
        ..d
    };
    let s: &CollisionSampler = sampler.get().sampler();
    let c = crate::interrupt::detached(py, || certify(model, s, &options).map_err(Box::new))?
        .map_err(|e| *e)
        .py()?;
    sound_dict(py, &c)
}

fn sound_dict<'py>(py: Python<'py>, c: &SoundCertificate) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("certificate", "sound")?;
    d.set_item("offset", c.offset)?;
    d.set_item("cells", c.cells)?;
    d.set_item("levels", c.levels)?;
    d.set_item("distance_queries", c.distance_queries)?;
    d.set_item("settled_free", c.settled_free)?;
    d.set_item("settled_below", c.settled_below)?;
    d.set_item("covered", c.covered)?;
    d.set_item("offset_before_covering", c.offset_before_covering)?;
    d.set_item("budget_exhausted", c.budget_exhausted)?;
    d.set_item("lipschitz", c.lipschitz.clone())?;
    d.set_item("lost_range_of_motion", c.lost_range_of_motion)?;
    d.set_item("lost_samples", c.lost_samples)?;
    d.set_item("lost_samples_free", c.lost_samples_free)?;
    d.set_item("sample_false_free", c.sample_false_free)?;
    d.set_item("seconds", c.seconds)?;
    Ok(d)
}

fn empirical_dict<'py>(py: Python<'py>, c: &Certificate) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("certificate", "empirical")?;
    d.set_item("samples", c.samples)?;
    d.set_item("colliding", c.colliding)?;
    d.set_item("max_error", c.max_error)?;
    d.set_item("p99_error", c.p99_error)?;
    d.set_item("rms_error", c.rms_error)?;
    d.set_item("offset", c.offset)?;
    d.set_item("false_free", c.false_free)?;
    d.set_item("lost_free", c.lost_free)?;
    d.set_item("lost_range_of_motion", c.lost_range_of_motion)?;
    Ok(d)
}
