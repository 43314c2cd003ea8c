//! Sample maps and boundaries in scripts: properties, the joint-space distance and its
//! Jacobian, `save(path, map)` and `plot_map(path, map)`.

use std::sync::Arc;

use morsel_jointspace::{Boundary, SampleMap, plot};
use morsel_lab::gltf::Drawing;
use ndarray::{ArrayD, ArrayView2, Axis};
use ndarray_npy::WriteNpyExt;
use rhai::{Array, Dynamic, Engine, FLOAT, INT, ImmutableString, Map, NativeCallContext};

use crate::context::ShellContext;
use crate::convert::{from_f64s, from_indices, from_rows};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::sandbox::Sandbox;
use crate::save::{self, Format};
use crate::view_file;

use super::super::doc;

/// A shared [`SampleMap`], as scripts hold it.
pub type Samples = Arc<SampleMap>;
/// A shared [`Boundary`], as scripts hold it.
pub type BoundaryPoints = Arc<Boundary>;

/// Registers the map and boundary types, their properties, `to_jointspace`, `jacobian`, and
/// the `save` and `plot_map` overloads.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<Samples>("SampleMap");
    engine.register_type_with_name::<BoundaryPoints>("Boundary");
    register_map_properties(engine);
    register_boundary_properties(engine);

    doc(
        "to_jointspace",
        &["map: SampleMap", "boundary: Boundary", "SampleMap"],
    )
    .register_into_engine(
        engine,
        |m: &mut Samples, b: BoundaryPoints| -> ScriptResult<Samples> {
            Ok(Arc::new(m.to_jointspace(&b).or_script()?))
        },
    );
    doc(
        "jacobian",
        &[
            "map: SampleMap",
            "boundary: Boundary",
            "[[q_1 .. q_k, J_1 .. J_k], ...]",
        ],
    )
    .register_into_engine(
        engine,
        |m: &mut Samples, b: BoundaryPoints| -> ScriptResult<Array> {
            Ok(rows_value(m.jacobian(&b).or_script()?.view()))
        },
    );

    register_save(engine, ctx);
    register_plot(engine, ctx);
}

fn register_map_properties(engine: &mut Engine) {
    engine.register_get("joints", |m: &mut Samples| names(m.joints()));
    engine.register_get("ranges", |m: &mut Samples| ranges_value(m.ranges()));
    engine.register_get("steps", |m: &mut Samples| -> Dynamic {
        m.steps()
            .map_or(Dynamic::UNIT, |s| Dynamic::from_array(from_indices(s)))
    });
    engine.register_get("quantity", |m: &mut Samples| -> ImmutableString {
        m.quantity().label().into()
    });
    engine.register_get("rows", |m: &mut Samples| rows_value(m.rows().view()));
    engine.register_get("values", |m: &mut Samples| -> Array {
        from_f64s(&m.values().to_vec())
    });
    engine.register_get("grid", |m: &mut Samples| -> Dynamic {
        m.grid().map_or(Dynamic::UNIT, |g| nested(&g))
    });
    engine.register_get("collisions", |m: &mut Samples| -> INT {
        let n = m.values().iter().filter(|&&v| v <= 0.0).count();
        INT::try_from(n).unwrap_or(INT::MAX)
    });
    doc("len", &["map: SampleMap", "INT"]).register_into_engine(engine, |m: &mut Samples| -> INT {
        INT::try_from(m.len()).unwrap_or(INT::MAX)
    });
    doc("to_map", &["map: SampleMap", "Map"])
        .register_into_engine(engine, |m: &mut Samples| map_of(m));
    engine.register_fn("to_string", |m: &mut Samples| map_text(m));
    engine.register_fn("to_debug", |m: &mut Samples| map_text(m));
}

fn register_boundary_properties(engine: &mut Engine) {
    engine.register_get("joints", |b: &mut BoundaryPoints| names(b.joints()));
    engine.register_get("ranges", |b: &mut BoundaryPoints| ranges_value(b.ranges()));
    engine.register_get("points", |b: &mut BoundaryPoints| {
        rows_value(b.points().view())
    });
    engine.register_get("extended_points", |b: &mut BoundaryPoints| {
        rows_value(b.extended_points().view())
    });
    engine.register_get("precision", |b: &mut BoundaryPoints| -> FLOAT {
        b.precision()
    });
    engine.register_get("periodic", |b: &mut BoundaryPoints| {
        b.periods().iter().any(Option::is_some)
    });
    doc("len", &["boundary: Boundary", "INT"])
        .register_into_engine(engine, |b: &mut BoundaryPoints| -> INT {
            INT::try_from(b.len()).unwrap_or(INT::MAX)
        });
    doc("to_map", &["boundary: Boundary", "Map"])
        .register_into_engine(engine, |b: &mut BoundaryPoints| boundary_map(b));
    engine.register_fn("to_string", |b: &mut BoundaryPoints| boundary_text(b));
    engine.register_fn("to_debug", |b: &mut BoundaryPoints| boundary_text(b));
}

/// `save(path, map)`: `.npy` writes the rows `[q_1 .. q_k, value]` as an `n × (k + 1)` array
/// (the notebook's layout), `.csv` the same rows, `.json` the map's `to_map()`. `save(path,
/// boundary)` does the same with the points; `.glb`, `.gltf` and `.html` draw them
/// ([`crate::save_gltf`]).
fn register_save(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc("save", &["path: string", "map: SampleMap", "()"]).register_into_engine(
        engine,
        move |context: NativeCallContext, path: ImmutableString, m: Samples| {
            let map = Dynamic::from_map(map_of(&m));
            save_rows(&context, &shared.sandbox, &path, m.rows().view(), map)
        },
    );
    let shared = Arc::clone(ctx);
    doc("save", &["path: string", "boundary: Boundary", "()"]).register_into_engine(
        engine,
        move |context: NativeCallContext, path: ImmutableString, b: BoundaryPoints| {
            if view_file::is_view_path(&path) {
                let drawing = Drawing::from_boundary(&view_file::drawing_name(&path), &b)
                    .map_err(|reason| view_file::refused(&path, reason))?;
                return view_file::write(&shared.sandbox, &path, &drawing).map(|_| ());
            }
            let map = Dynamic::from_map(boundary_map(&b));
            save_rows(&context, &shared.sandbox, &path, b.points().view(), map)
        },
    );
}

fn save_rows(
    context: &NativeCallContext,
    sandbox: &Sandbox,
    path: &str,
    rows: ArrayView2<'_, f64>,
    map: Dynamic,
) -> ScriptResult<()> {
    match Format::from_path(path).map_err(script_error)? {
        Format::Npy => {
            let mut bytes = Vec::new();
            rows.write_npy(&mut bytes).map_err(|e| {
                script_error(ShellError::Save {
                    path: path.to_string(),
                    reason: e.to_string(),
                })
            })?;
            let target = sandbox.write_path(path).or_script()?;
            std::fs::write(&target, bytes).map_err(|source| {
                script_error(ShellError::Io {
                    action: "cannot write",
                    path: target.clone(),
                    source,
                })
            })
        }
        Format::Csv => save::save_data(
            context,
            sandbox,
            path,
            Dynamic::from_array(rows_value(rows)),
        ),
        Format::Json => save::save_data(context, sandbox, path, map),
    }
}

fn register_plot(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc("plot_map", &["path: string", "map: SampleMap", "()"]).register_into_engine(
        engine,
        move |path: ImmutableString, m: Samples| {
            let target = shared.sandbox.write_path(&path).or_script()?;
            plot::plot_map_file(&target, &m).or_script()
        },
    );
    let shared = Arc::clone(ctx);
    doc("plot_map", &["path: string", "boundary: Boundary", "()"]).register_into_engine(
        engine,
        move |path: ImmutableString, b: BoundaryPoints| {
            if is_png(&path) {
                return Err(script_error(ShellError::Save {
                    path: path.to_string(),
                    reason: "boundaries are drawn as SVG only; use a .svg path".into(),
                }));
            }
            let target = shared.sandbox.write_path(&path).or_script()?;
            plot::boundary_svg(&target, &b).or_script()
        },
    );
}

fn is_png(path: &str) -> bool {
    std::path::Path::new(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"))
}

fn names(list: &[String]) -> Array {
    list.iter().map(|n| Dynamic::from(n.clone())).collect()
}

/// Ranges as `[[lo, hi], ...]`.
pub(super) fn ranges_value(ranges: &[[f64; 2]]) -> Dynamic {
    Dynamic::from_array(from_rows(ranges.iter()))
}

fn rows_value(rows: ArrayView2<'_, f64>) -> Array {
    rows.rows()
        .into_iter()
        .map(|r| Dynamic::from_array(from_f64s(&r.to_vec())))
        .collect()
}

/// An N-d array as nested arrays, `value[i_1][i_2]..` = `array[[i_1, i_2, ..]]`.
fn nested(array: &ArrayD<f64>) -> Dynamic {
    if array.ndim() == 0 {
        return Dynamic::from_float(array.iter().next().copied().unwrap_or(0.0));
    }
    Dynamic::from_array(
        array
            .axis_iter(Axis(0))
            .map(|sub| nested(&sub.to_owned()))
            .collect(),
    )
}

fn map_of(m: &SampleMap) -> Map {
    let mut out = Map::new();
    out.insert("joints".into(), Dynamic::from_array(names(m.joints())));
    out.insert("ranges".into(), ranges_value(m.ranges()));
    if let Some(steps) = m.steps() {
        out.insert("steps".into(), Dynamic::from_array(from_indices(steps)));
    }
    out.insert("quantity".into(), m.quantity().label().into());
    out.insert(
        "rows".into(),
        Dynamic::from_array(rows_value(m.rows().view())),
    );
    out
}

fn boundary_map(b: &Boundary) -> Map {
    let mut out = Map::new();
    out.insert("joints".into(), Dynamic::from_array(names(b.joints())));
    out.insert("ranges".into(), ranges_value(b.ranges()));
    out.insert("precision".into(), Dynamic::from_float(b.precision()));
    out.insert(
        "periodic".into(),
        b.periods().iter().any(Option::is_some).into(),
    );
    out.insert(
        "points".into(),
        Dynamic::from_array(rows_value(b.points().view())),
    );
    out
}

fn map_text(m: &SampleMap) -> String {
    let shape = m.steps().map_or_else(
        || format!("{} random samples", m.len()),
        |s| {
            let dims: Vec<String> = s.iter().map(ToString::to_string).collect();
            format!("{} grid", dims.join(" x "))
        },
    );
    format!(
        "SampleMap({shape} over {:?}, {})",
        m.joints(),
        m.quantity().label()
    )
}

fn boundary_text(b: &Boundary) -> String {
    format!(
        "Boundary({} points over {:?}, precision {})",
        b.len(),
        b.joints(),
        b.precision()
    )
}
