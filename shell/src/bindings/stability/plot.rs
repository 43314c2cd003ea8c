//! `plot_polygon(path, stance, polygon)`: a top view of the contact rectangles, the
//! static-equilibrium polygon and the CoM, as SVG (drawn by [`morsel_stability::plot`]).

use std::sync::Arc;

use morsel_stability::PolygonMethod;
use morsel_stability::plot::{polygon_svg, region_svg};
use rhai::{Dynamic, Engine, ImmutableString};

use crate::bindings::doc;
use crate::context::ShellContext;
use crate::error::{OrScriptError, ScriptResult, ShellError};

use super::ScriptStance;
use super::results::polygon_of_map;

fn write_svg(ctx: &ShellContext, path: &str, svg: &str) -> ScriptResult<()> {
    let file = ctx.sandbox.write_path(path).or_script()?;
    std::fs::write(&file, svg)
        .map_err(|source| ShellError::Io {
            action: "cannot write",
            path: file.clone(),
            source,
        })
        .or_script()
}

/// Registers `plot_polygon`.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc(
        "plot_polygon",
        &["path: string", "stance: Stance", "polygon: Map", "()"],
    )
    .register_into_engine(
        engine,
        move |path: ImmutableString, st: ScriptStance, polygon: Dynamic| -> ScriptResult<()> {
            let mut st = st;
            let stance = st.build()?;
            let p = polygon_of_map(&polygon, "`polygon` of plot_polygon()")?;
            let method = polygon
                .clone()
                .try_cast::<rhai::Map>()
                .and_then(|m| m.get("method").map(|v| v.to_string()))
                .unwrap_or_default();
            let title = format!("static-equilibrium polygon {method}");
            write_svg(
                &shared,
                &path,
                &polygon_svg(&stance, p.as_ref(), title.trim()),
            )
        },
    );
    let shared = Arc::clone(ctx);
    doc(
        "plot_polygon",
        &[
            "path: string",
            "stance: Stance",
            "polygon: Map",
            "region: Map",
            "()",
        ],
    )
    .register_into_engine(
        engine,
        move |path: ImmutableString,
              st: ScriptStance,
              polygon: Dynamic,
              region: Dynamic|
              -> ScriptResult<()> {
            let mut st = st;
            let stance = st.build()?;
            let p = polygon_of_map(&polygon, "`polygon` of plot_polygon()")?;
            let r = polygon_of_map(&region, "`region` of plot_polygon()")?;
            write_svg(
                &shared,
                &path,
                &region_svg(
                    &stance,
                    p.as_ref(),
                    r.as_ref(),
                    "torque-limited feasible region",
                    "static polygon and feasible region",
                ),
            )
        },
    );
    let shared = Arc::clone(ctx);
    doc("plot_polygon", &["path: string", "stance: Stance", "()"]).register_into_engine(
        engine,
        move |path: ImmutableString, st: ScriptStance| -> ScriptResult<()> {
            let mut st = st;
            let stance = st.build()?;
            let p = stance
                .static_equilibrium_polygon(PolygonMethod::Bretl)
                .or_script()?;
            write_svg(
                &shared,
                &path,
                &polygon_svg(&stance, p.polygon(), "static-equilibrium polygon bretl"),
            )
        },
    );
}
