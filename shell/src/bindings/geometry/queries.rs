//! Two-shape and point queries: distance, contact, intersection, closest points, containment,
//! projection.

use morsel_geometry::Shape;
use morsel_geometry::query::{self, Contact};
use nalgebra::{Isometry3, Point3};
use rhai::{Dynamic, Engine, Map};

use super::float;
use crate::bindings::doc;
use crate::convert::{from_point3, from_vector3, point3_arg};
use crate::error::{OrScriptError, ScriptResult};

/// Parameter names of the two-shape queries, with the return type last.
fn placed_params(ret: &str) -> [&str; 5] {
    ["a: Shape", "pose_a: Pose", "b: Shape", "pose_b: Pose", ret]
}

fn contact_map(c: &Contact) -> Map {
    let mut m = Map::new();
    m.insert("depth".into(), float(c.depth));
    m.insert(
        "points".into(),
        vec![
            Dynamic::from_array(from_point3(&c.point_a)),
            Dynamic::from_array(from_point3(&c.point_b)),
        ]
        .into(),
    );
    m.insert("normal".into(), from_vector3(&c.normal).into());
    m
}

/// Registers the queries.
pub fn register(engine: &mut Engine) {
    doc("distance", &placed_params("FLOAT")).register_into_engine(
        engine,
        |a: Shape, pa: Isometry3<f64>, b: Shape, pb: Isometry3<f64>| {
            query::distance(&a, &pa, &b, &pb).or_script()
        },
    );
    doc("contact", &placed_params("Map or ()")).register_into_engine(
        engine,
        |a: Shape, pa: Isometry3<f64>, b: Shape, pb: Isometry3<f64>| -> ScriptResult<Dynamic> {
            Ok(query::contact(&a, &pa, &b, &pb)
                .or_script()?
                .map_or(Dynamic::UNIT, |c| contact_map(&c).into()))
        },
    );
    doc("intersects", &placed_params("bool")).register_into_engine(
        engine,
        |a: Shape, pa: Isometry3<f64>, b: Shape, pb: Isometry3<f64>| {
            query::intersects(&a, &pa, &b, &pb).or_script()
        },
    );
    doc("closest_points", &placed_params("Map or ()")).register_into_engine(
        engine,
        |a: Shape, pa: Isometry3<f64>, b: Shape, pb: Isometry3<f64>| -> ScriptResult<Dynamic> {
            Ok(query::closest_points(&a, &pa, &b, &pb)
                .or_script()?
                .map_or(Dynamic::UNIT, |c| {
                    let mut m = Map::new();
                    m.insert("distance".into(), float(c.distance));
                    m.insert(
                        "points".into(),
                        vec![
                            Dynamic::from_array(from_point3(&c.point_a)),
                            Dynamic::from_array(from_point3(&c.point_b)),
                        ]
                        .into(),
                    );
                    m.into()
                }))
        },
    );
    doc(
        "contains",
        &["shape: Shape", "pose: Pose", "point: [x, y, z]", "bool"],
    )
    .register_into_engine(
        engine,
        |s: Shape, pose: Isometry3<f64>, point: Dynamic| -> ScriptResult<bool> {
            let q: Point3<f64> = point3_arg(&point, "`point` of contains()").or_script()?;
            query::contains_point(&s, &pose, &q).or_script()
        },
    );
    doc(
        "project",
        &["shape: Shape", "pose: Pose", "point: [x, y, z]", "Map"],
    )
    .register_into_engine(
        engine,
        |s: Shape, pose: Isometry3<f64>, point: Dynamic| -> ScriptResult<Map> {
            let q = point3_arg(&point, "`point` of project()").or_script()?;
            let proj = query::project_point(&s, &pose, &q).or_script()?;
            let mut m = Map::new();
            m.insert("point".into(), from_point3(&proj.point).into());
            m.insert("inside".into(), proj.inside.into());
            m.insert("signed_distance".into(), float(proj.signed_distance));
            Ok(m)
        },
    );
}
