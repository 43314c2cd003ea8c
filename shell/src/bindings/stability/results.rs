//! Polygons and distributions as script maps, and the options they take.

use std::str::FromStr;

use morsel_stability::{
    ContactSet, ConvexPolygon, DistributionWeights, PolygonMethod, StaticPolygon,
    WrenchDistribution,
};
use nalgebra::Vector6;
use rhai::{Array, Dynamic, FLOAT, Map};

use crate::convert::{describe, from_f64s, from_point3, point3_arg, rows_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::wrench_arg;

/// Cost weights `#{friction, cop, yaw}` of the wrench distribution (pymanoid's defaults).
pub fn weights_arg(opts: &Dynamic, function: &str) -> ScriptResult<DistributionWeights> {
    let mut o = Options::new(function, opts).or_script()?;
    let d = DistributionWeights::default();
    let w = DistributionWeights {
        friction: o.f64_or("friction", d.friction).or_script()?,
        cop: o.f64_or("cop", d.cop).or_script()?,
        yaw: o.f64_or("yaw", d.yaw).or_script()?,
    };
    o.finish().or_script()?;
    w.validate().or_script()?;
    Ok(w)
}

/// A polygon method by name.
pub fn method_arg(name: &str) -> ScriptResult<PolygonMethod> {
    PolygonMethod::from_str(name).or_script()
}

/// A polygon result as a map.
pub fn polygon_map(method: PolygonMethod, p: &StaticPolygon) -> Map {
    let mut m = Map::new();
    m.insert("method".into(), method.name().into());
    m.insert("status".into(), p.status().into());
    let vertices: Array = p
        .vertices()
        .iter()
        .map(|v| Dynamic::from_array(from_f64s(v)))
        .collect();
    m.insert("vertices".into(), vertices.into());
    m.insert(
        "area".into(),
        Dynamic::from_float(p.polygon().map_or(0.0, ConvexPolygon::area) as FLOAT),
    );
    m.insert(
        "reason".into(),
        p.reason().map_or(Dynamic::UNIT, |r| r.to_string().into()),
    );
    m
}

/// The polygon of a map made by `static_polygon` (`None` when it is not bounded).
pub fn polygon_of_map(value: &Dynamic, what: &str) -> ScriptResult<Option<ConvexPolygon>> {
    let Some(map) = value.clone().try_cast::<Map>() else {
        return Err(script_error(ShellError::argument(
            what,
            "a polygon map made by static_polygon()",
            describe(value),
        )));
    };
    let vertices = map.get("vertices").cloned().ok_or_else(|| {
        script_error(ShellError::argument(
            what,
            "a polygon map with `vertices`",
            "a map without them",
        ))
    })?;
    let rows = rows_arg(&vertices, &format!("`vertices` of {what}")).or_script()?;
    let mut points = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let xy: [f64; 2] = r.as_slice().try_into().map_err(|_| {
            script_error(ShellError::argument(
                format!("`vertices` of {what}, element {i}"),
                "[x, y]",
                format!("{} numbers", r.len()),
            ))
        })?;
        points.push(xy);
    }
    Ok(ConvexPolygon::convex_hull(&points))
}

/// A distribution result as a map.
pub fn distribution_map(d: &WrenchDistribution) -> Map {
    let mut m = Map::new();
    let (status, reason) = (d.status.name(), d.status.reason().map(str::to_string));
    m.insert("status".into(), status.into());
    m.insert("reason".into(), reason.map_or(Dynamic::UNIT, Dynamic::from));
    m.insert(
        "iterations".into(),
        Dynamic::from_int(i64::from(d.iterations)),
    );
    let wrenches: Array = d
        .wrenches
        .iter()
        .map(|w| {
            let mut e = Map::new();
            e.insert("index".into(), Dynamic::from_int(w.index as i64));
            e.insert(
                "link".into(),
                w.link.clone().map_or(Dynamic::UNIT, Dynamic::from),
            );
            e.insert("managed".into(), w.managed.into());
            e.insert("world".into(), from_f64s(w.world.as_slice()).into());
            e.insert("local".into(), from_f64s(w.local.as_slice()).into());
            e.insert(
                "normal_force".into(),
                Dynamic::from_float(w.normal_force as FLOAT),
            );
            e.insert(
                "cop".into(),
                w.cop
                    .map_or(Dynamic::UNIT, |p| Dynamic::from_array(from_point3(&p))),
            );
            Dynamic::from_map(e)
        })
        .collect();
    m.insert("wrenches".into(), wrenches.into());
    m
}

/// Runs `find_supporting_wrenches` on script arguments.
pub fn supporting(
    set: &ContactSet,
    wrench: &Dynamic,
    point: &Dynamic,
    weights: &DistributionWeights,
) -> ScriptResult<Map> {
    let w: Vector6<f64> = wrench_arg(wrench, "`wrench` of find_supporting_wrenches()")?;
    let p = point3_arg(point, "`point` of find_supporting_wrenches()").or_script()?;
    let d = set.find_supporting_wrenches(&w, &p, weights).or_script()?;
    Ok(distribution_map(&d))
}
