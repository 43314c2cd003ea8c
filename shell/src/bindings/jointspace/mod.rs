//! Script bindings of morsel-jointspace: joint-space collision sampling, the collision
//! boundary and the joint-space distance (the Solo-12 notebook's workflow).
//!
//! Script types: `CollisionSampler` (a robot, the sampled joints and the pairs), `SampleMap`
//! (sampled configurations and one value each) and `Boundary` (configurations on the collision
//! boundary). Files: `mod.rs` (the sampler and its runs), `maps.rs` (maps and boundaries:
//! properties, joint-space distance, `save`, `plot_map`), `model.rs` (fitted models),
//! `certificate.rs` (their certificates).
//!
//! ```text
//! let solo = urdf("solo12.urdf");
//! let cs = collision_sampler(solo, #{ joints: ["FL_HAA", "FL_HFE"],
//!                                     ranges: [[-PI(), PI()], [-PI(), PI()]],
//!                                     pairs: [["base_link", "FL_UPPER_LEG"]] });
//! let map = cs.grid([200, 200], #{ distance: true });
//! let boundary = cs.boundary(2000, #{ precision: 1e-9, periodic: true, seed: 1 });
//! let js = map.to_jointspace(boundary);
//! ```

use std::sync::Arc;

use morsel_jointspace::{
    BoundaryOptions, CollisionSampler, DistanceOptions, JointSelector, Measure, PairSelector,
    SampleOptions, SamplerSpec,
};
use rhai::{Dynamic, Engine, FLOAT, INT, Map};

use crate::context::ShellContext;
use crate::convert::{describe, from_indices, string_arg, usize_arg, vec_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;
use morsel_lab::simulation::Robot;

use super::doc;

mod certificate;
mod maps;
mod model;

pub use maps::BoundaryPoints;
pub use model::ModelHandle;

/// A shared [`CollisionSampler`], as scripts hold it.
pub type Sampler = Arc<CollisionSampler>;

/// Registers `collision_sampler`, its runs, maps, boundaries, `save` for them and `plot_map`.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<Sampler>("CollisionSampler");
    register_sampler(engine);
    register_runs(engine, ctx);
    maps::register(engine, ctx);
    model::register(engine, ctx);
    certificate::register(engine);
}

fn register_sampler(engine: &mut Engine) {
    doc(
        "collision_sampler",
        &[
            "robot: Robot",
            "spec: #{joints: [name or index], ranges: [[lo, hi], ...], pairs: [[a, b], ...], reference: [q...]}",
            "CollisionSampler",
        ],
    )
    .register_into_engine(engine, |robot: Robot, spec: Dynamic| {
        new_sampler(&robot, &spec)
    });
    engine.register_get("joints", |s: &mut Sampler| -> rhai::Array {
        s.subspace()
            .names()
            .into_iter()
            .map(Dynamic::from)
            .collect()
    });
    engine.register_get("pairs", |s: &mut Sampler| -> rhai::Array {
        s.pair_names()
            .into_iter()
            .map(|[a, b]| Dynamic::from_array(vec![a.into(), b.into()]))
            .collect()
    });
    doc(
        "distance",
        &["sampler: CollisionSampler", "q: [q_1 .. q_k]", "FLOAT"],
    )
    .register_into_engine(
        engine,
        |s: &mut Sampler, q: Dynamic| -> ScriptResult<FLOAT> {
            let q = vec_arg(&q, "configuration").or_script()?;
            s.evaluate(&q, &Measure::Distance(DistanceOptions::default()))
                .or_script()
        },
    );
    doc("to_map", &["sampler: CollisionSampler", "Map"])
        .register_into_engine(engine, |s: &mut Sampler| sampler_map(s));
    engine.register_fn("to_string", |s: &mut Sampler| sampler_text(s));
    engine.register_fn("to_debug", |s: &mut Sampler| sampler_text(s));
}

fn register_runs(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let grid_params = [
        "sampler: CollisionSampler",
        "steps: INT or [INT, ...]",
        "options: #{distance: bool, zero_in_collision: bool}",
        "SampleMap",
    ];
    let c = ctx.clone();
    doc("grid", &grid_params).register_into_engine(
        engine,
        move |s: &mut Sampler, steps: Dynamic, opts: Dynamic| grid(&c, s, &steps, &opts),
    );
    doc("grid", &[grid_params[0], grid_params[1], grid_params[3]]).register_into_engine(engine, {
        let c = ctx.clone();
        move |s: &mut Sampler, steps: Dynamic| grid(&c, s, &steps, &Dynamic::UNIT)
    });

    let random_params = [
        "sampler: CollisionSampler",
        "n: INT",
        "options: #{seed: INT, distance: bool, zero_in_collision: bool}",
        "SampleMap",
    ];
    let c = ctx.clone();
    doc("random", &random_params)
        .register_into_engine(engine, move |s: &mut Sampler, n: Dynamic, opts: Dynamic| {
            random(&c, s, &n, &opts)
        });
    doc(
        "random",
        &[random_params[0], random_params[1], random_params[3]],
    )
    .register_into_engine(engine, {
        let c = ctx.clone();
        move |s: &mut Sampler, n: Dynamic| random(&c, s, &n, &Dynamic::UNIT)
    });

    let boundary_params = [
        "sampler: CollisionSampler",
        "n: INT",
        "options: #{precision: number, periodic: bool, seed: INT, max_draws_per_point: INT}",
        "Boundary",
    ];
    let c = ctx.clone();
    doc("boundary", &boundary_params)
        .register_into_engine(engine, move |s: &mut Sampler, n: Dynamic, opts: Dynamic| {
            boundary(&c, s, &n, &opts)
        });
    doc(
        "boundary",
        &[boundary_params[0], boundary_params[1], boundary_params[3]],
    )
    .register_into_engine(engine, {
        let c = ctx.clone();
        move |s: &mut Sampler, n: Dynamic| boundary(&c, s, &n, &Dynamic::UNIT)
    });
}

fn new_sampler(robot: &Robot, spec: &Dynamic) -> ScriptResult<Sampler> {
    let function = "collision_sampler";
    let mut o = Options::new(function, spec).or_script()?;
    let joints = o.value("joints");
    let joints = o.required("joints", joints).or_script()?;
    let joints = joint_selectors(&joints)?;
    let ranges = o.value("ranges");
    let ranges = ranges_arg(&o.required("ranges", ranges).or_script()?, joints.len())?;
    let pairs = o.value("pairs");
    let pairs = pair_selectors(&o.required("pairs", pairs).or_script()?)?;
    let reference = o.vec("reference").or_script()?;
    o.finish().or_script()?;
    let mut spec = SamplerSpec::new(joints, ranges, pairs);
    spec.reference = reference;
    let model = robot.model().or_script()?;
    Ok(Arc::new(CollisionSampler::new(model, &spec).or_script()?))
}

/// `joints`: an array of joint names or configuration indices.
fn joint_selectors(value: &Dynamic) -> ScriptResult<Vec<JointSelector>> {
    let what = "option `joints` of collision_sampler()";
    let list = value.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            what,
            "an array of joint names or configuration indices",
            describe(value),
        ))
    })?;
    list.iter()
        .enumerate()
        .map(|(i, item)| {
            let at = format!("{what}, element {i}");
            if item.is_int() {
                Ok(JointSelector::Index(usize_arg(item, &at).or_script()?))
            } else {
                Ok(JointSelector::Name(string_arg(item, &at).or_script()?))
            }
        })
        .collect()
}

/// `ranges`: one `[lo, hi]` per joint, or a single `[lo, hi]` for all of them.
fn ranges_arg(value: &Dynamic, joints: usize) -> ScriptResult<Vec<[f64; 2]>> {
    let what = "option `ranges` of collision_sampler()";
    let pair = |v: &Dynamic, at: &str| -> ScriptResult<[f64; 2]> {
        let v = vec_arg(v, at).or_script()?;
        match v[..] {
            [lo, hi] => Ok([lo, hi]),
            _ => Err(script_error(ShellError::argument(
                at,
                "a range [lo, hi]",
                format!("{} numbers", v.len()),
            ))),
        }
    };
    let list = value.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            what,
            "an array of [lo, hi] ranges, one per joint",
            describe(value),
        ))
    })?;
    if list.iter().all(|x| x.is_int() || x.is_float()) {
        return Ok(vec![pair(value, what)?; joints]);
    }
    list.iter()
        .enumerate()
        .map(|(i, r)| pair(r, &format!("{what}, element {i}")))
        .collect()
}

/// `pairs`: an array of `[first, second]` names (objects or links).
fn pair_selectors(value: &Dynamic) -> ScriptResult<Vec<PairSelector>> {
    let what = "option `pairs` of collision_sampler()";
    let list = value.as_array_ref().map_err(|_| {
        script_error(ShellError::argument(
            what,
            "an array of [object or link, object or link] pairs",
            describe(value),
        ))
    })?;
    list.iter()
        .enumerate()
        .map(|(i, p)| {
            let at = format!("{what}, element {i}");
            let names = p.as_array_ref().map_err(|_| {
                script_error(ShellError::argument(
                    &at,
                    "a pair [\"base_link\", \"FL_UPPER_LEG\"]",
                    describe(p),
                ))
            })?;
            match &names[..] {
                [a, b] => Ok(PairSelector::new(
                    string_arg(a, &format!("{at}, first name")).or_script()?,
                    string_arg(b, &format!("{at}, second name")).or_script()?,
                )),
                _ => Err(script_error(ShellError::argument(
                    &at,
                    "a pair of two names",
                    format!("{} elements", names.len()),
                ))),
            }
        })
        .collect()
}

/// The measure options shared by `grid` and `random`.
fn sample_options(o: &mut Options) -> ScriptResult<SampleOptions> {
    let distance = o.bool_or("distance", true).or_script()?;
    let zero = o.bool_or("zero_in_collision", false).or_script()?;
    Ok(match (distance, zero) {
        (true, false) => SampleOptions::distance(),
        (true, true) => SampleOptions::distance().with_zero_in_collision(),
        (false, _) => SampleOptions::binary(),
    })
}

fn grid(
    ctx: &ShellContext,
    s: &Sampler,
    steps: &Dynamic,
    opts: &Dynamic,
) -> ScriptResult<maps::Samples> {
    let what = "`steps` of grid()";
    let dim = s.subspace().dim();
    let steps = if steps.is_array() {
        let list = steps
            .as_array_ref()
            .map_err(|_| script_error(ShellError::argument(what, "an array", describe(steps))))?;
        list.iter()
            .enumerate()
            .map(|(i, n)| usize_arg(n, &format!("{what}, element {i}")))
            .collect::<Result<Vec<_>, _>>()
            .or_script()?
    } else {
        vec![usize_arg(steps, what).or_script()?; dim]
    };
    let mut o = Options::new("grid", opts).or_script()?;
    let options = sample_options(&mut o)?;
    o.finish().or_script()?;
    let map = ctx
        .shards
        .workload(
            "grid",
            || Ok(s.grid(&steps, &options)?),
            |shard| {
                let part = s.grid_shard(&steps, &options, shard)?;
                let stand_in = part.placeholder_map()?;
                Ok((part, stand_in))
            },
            |parts| Ok(s.merge_grid_shards(&steps, &options, &parts)?),
        )
        .or_script()?;
    Ok(Arc::new(map))
}

fn random(
    ctx: &ShellContext,
    s: &Sampler,
    n: &Dynamic,
    opts: &Dynamic,
) -> ScriptResult<maps::Samples> {
    let n = usize_arg(n, "`n` of random()").or_script()?;
    let mut o = Options::new("random", opts).or_script()?;
    let seed = seed_option(&mut o, ctx.seed)?;
    let options = sample_options(&mut o)?;
    o.finish().or_script()?;
    let map = ctx
        .shards
        .workload(
            "random",
            || Ok(s.random(n, seed, &options)?),
            |shard| {
                let part = s.random_shard(n, seed, &options, shard)?;
                let stand_in = part.placeholder_map()?;
                Ok((part, stand_in))
            },
            |parts| Ok(s.merge_random_shards(n, seed, &options, &parts)?),
        )
        .or_script()?;
    Ok(Arc::new(map))
}

fn boundary(
    ctx: &ShellContext,
    s: &Sampler,
    n: &Dynamic,
    opts: &Dynamic,
) -> ScriptResult<maps::BoundaryPoints> {
    let n = usize_arg(n, "`n` of boundary()").or_script()?;
    let mut o = Options::new("boundary", opts).or_script()?;
    let precision = o.f64_or("precision", 1e-9).or_script()?;
    let periodic = o.bool("periodic").or_script()?;
    let seed = seed_option(&mut o, ctx.seed)?;
    let max_draws = o.int("max_draws_per_point").or_script()?;
    o.finish().or_script()?;
    let mut options = BoundaryOptions::new(n, precision, seed);
    options.periodic = periodic;
    if let Some(draws) = max_draws {
        options.max_draws_per_point = u64::try_from(draws).map_err(|_| {
            script_error(ShellError::argument(
                "option `max_draws_per_point` of boundary()",
                "a count >= 2",
                draws.to_string(),
            ))
        })?;
    }
    let points = ctx
        .shards
        .workload(
            "boundary",
            || Ok(s.boundary(&options)?),
            |shard| {
                let part = s.boundary_shard(&options, shard)?;
                let stand_in = s.boundary_placeholder(&options, &part)?;
                Ok((part, stand_in))
            },
            |parts| Ok(s.merge_boundary_shards(&options, &parts)?),
        )
        .or_script()?;
    Ok(Arc::new(points))
}

/// The `seed` option (an integer; its bits are kept, so negative seeds are distinct).
fn seed_option(o: &mut Options, default: u64) -> ScriptResult<u64> {
    Ok(o.int("seed")
        .or_script()?
        .map_or(default, |s: INT| s as u64))
}

fn sampler_map(s: &CollisionSampler) -> Map {
    let sub = s.subspace();
    let mut m = Map::new();
    m.insert(
        "joints".into(),
        Dynamic::from_array(sub.names().into_iter().map(Dynamic::from).collect()),
    );
    m.insert("ranges".into(), maps::ranges_value(&sub.ranges()));
    let indices: Vec<usize> = sub.joints().iter().map(|j| j.idx_q).collect();
    m.insert(
        "q_indices".into(),
        Dynamic::from_array(from_indices(&indices)),
    );
    m.insert(
        "pairs".into(),
        Dynamic::from_array(
            s.pair_names()
                .into_iter()
                .map(|[a, b]| Dynamic::from_array(vec![a.into(), b.into()]))
                .collect(),
        ),
    );
    m
}

fn sampler_text(s: &CollisionSampler) -> String {
    let pairs: Vec<String> = s
        .pair_names()
        .into_iter()
        .map(|[a, b]| format!("{a}/{b}"))
        .collect();
    format!(
        "collision_sampler(joints {:?}, pairs [{}])",
        s.subspace().names(),
        pairs.join(", ")
    )
}
