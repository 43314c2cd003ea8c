//! Script bindings of morsel-geometry: shapes, poses and proximity queries.
//!
//! Types seen by scripts: `Shape` (a `morsel_geometry::Shape`), `Pose` (an `Isometry3<f64>`,
//! in `pose.rs`), `SensorPoints` and `SensorMesh` (in `sensors.rs`); the two-shape queries are in
//! `queries.rs`. Shapes are built here.

use std::sync::Arc;

use morsel_geometry::{Shape, ShapeKind, SummaryValue, TriangleMesh};
use nalgebra::Vector3;
use rhai::{Dynamic, Engine, FLOAT, ImmutableString, Map};

use crate::context::ShellContext;
use crate::convert::{f64_arg, from_point3, from_vector3, points_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};

use super::doc;

mod pose;
mod queries;
mod sensors;

/// Registers shapes, poses, queries, sensor points and sensor meshes.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    register_shapes(engine, ctx);
    pose::register(engine);
    queries::register(engine);
    sensors::register(engine);
}

fn number(value: &Dynamic, param: &str, function: &str) -> ScriptResult<f64> {
    f64_arg(value, &format!("`{param}` of {function}()")).or_script()
}

fn register_shapes(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    engine.register_type_with_name::<Shape>("Shape");

    doc("box", &["hx: number", "hy: number", "hz: number", "Shape"]).register_into_engine(
        engine,
        |hx: Dynamic, hy: Dynamic, hz: Dynamic| {
            let h = Vector3::new(
                number(&hx, "hx", "box")?,
                number(&hy, "hy", "box")?,
                number(&hz, "hz", "box")?,
            );
            Shape::cuboid(h).or_script()
        },
    );
    doc("sphere", &["r: number", "Shape"]).register_into_engine(engine, |r: Dynamic| {
        Shape::sphere(number(&r, "r", "sphere")?).or_script()
    });
    doc(
        "ellipsoid",
        &["a: number", "b: number", "c: number", "Shape"],
    )
    .register_into_engine(engine, |a: Dynamic, b: Dynamic, c: Dynamic| {
        let axes = Vector3::new(
            number(&a, "a", "ellipsoid")?,
            number(&b, "b", "ellipsoid")?,
            number(&c, "c", "ellipsoid")?,
        );
        Shape::ellipsoid(axes).or_script()
    });
    type Ctor = fn(f64, f64) -> morsel_geometry::Result<Shape>;
    let round: [(&str, Ctor); 3] = [
        ("cylinder", Shape::cylinder),
        ("capsule", Shape::capsule),
        ("pipe", Shape::pipe),
    ];
    for (name, ctor) in round {
        doc(name, &["r: number", "half_length: number", "Shape"]).register_into_engine(
            engine,
            move |r: Dynamic, half_length: Dynamic| {
                ctor(
                    number(&r, "r", name)?,
                    number(&half_length, "half_length", name)?,
                )
                .or_script()
            },
        );
    }
    doc("halfspace", &["normal: [x, y, z]", "Shape"]).register_into_engine(
        engine,
        |normal: Dynamic| {
            let n = vector3_arg(&normal, "`normal` of halfspace()").or_script()?;
            Shape::halfspace(n).or_script()
        },
    );

    let shared = Arc::clone(ctx);
    doc("mesh", &["path: string", "Shape"])
        .register_into_engine(engine, move |path: ImmutableString| {
            load_mesh(&shared, &path, Vector3::repeat(1.0))
        });
    let shared = Arc::clone(ctx);
    doc(
        "mesh",
        &["path: string", "scale: number or [sx, sy, sz]", "Shape"],
    )
    .register_into_engine(engine, move |path: ImmutableString, scale: Dynamic| {
        let what = "`scale` of mesh()";
        let s = if scale.is_array() {
            vector3_arg(&scale, what).or_script()?
        } else {
            Vector3::repeat(f64_arg(&scale, what).or_script()?)
        };
        load_mesh(&shared, &path, s)
    });
    doc(
        "convex_hull",
        &["points: [[x, y, z], ...] or a mesh Shape", "Shape"],
    )
    .register_into_engine(engine, |input: Dynamic| -> ScriptResult<Shape> {
        if let Some(shape) = input.clone().try_cast::<Shape>() {
            return match shape.kind() {
                // Ctrl-C and the time limit end a long hull (a polled flag).
                ShapeKind::Mesh(mesh) => {
                    Shape::convex_hull_of_until(mesh, &crate::interrupt::requested).or_script()
                }
                _ => Err(script_error(ShellError::argument(
                    "`points` of convex_hull()",
                    "an array of points or a mesh",
                    format!("a {}", shape.name()),
                ))),
            };
        }
        let points = points_arg(&input, "`points` of convex_hull()").or_script()?;
        Shape::convex_hull_until(&points, &crate::interrupt::requested).or_script()
    });

    engine.register_get("kind", |s: &mut Shape| -> ImmutableString {
        s.name().into()
    });
    engine.register_get("is_solid", |s: &mut Shape| s.is_solid());
    doc("to_map", &["shape: Shape", "Map"])
        .register_into_engine(engine, |s: &mut Shape| shape_map(s));
    engine.register_fn("to_string", |s: &mut Shape| shape_text(s));
    engine.register_fn("to_debug", |s: &mut Shape| shape_text(s));
}

fn load_mesh(ctx: &ShellContext, path: &str, scale: Vector3<f64>) -> ScriptResult<Shape> {
    let file = ctx.sandbox.read_path(path).or_script()?;
    let mesh = TriangleMesh::load_with(&file, scale, ctx.sandbox.file_access()).or_script()?;
    Shape::mesh(Arc::new(mesh)).or_script()
}

/// A number as a Rhai `FLOAT`.
pub(super) fn float(x: f64) -> Dynamic {
    Dynamic::from_float(x as FLOAT)
}

/// The kind and defining sizes of a shape.
fn shape_map(shape: &Shape) -> Map {
    let mut m = Map::new();
    m.insert("kind".into(), shape.name().into());
    for (key, value) in shape.kind().summary() {
        let value = match value {
            SummaryValue::Number(x) => float(x),
            SummaryValue::Count(n) => Dynamic::from_int(n as i64),
            SummaryValue::Flag(b) => b.into(),
            SummaryValue::Vector(v) => from_vector3(&v).into(),
            SummaryValue::Points(p) => p
                .iter()
                .map(|p| Dynamic::from(from_point3(p)))
                .collect::<rhai::Array>()
                .into(),
        };
        m.insert(key.into(), value);
    }
    m
}

fn shape_text(shape: &Shape) -> String {
    let v = |v: &Vector3<f64>| format!("{}, {}, {}", v.x, v.y, v.z);
    match shape.kind() {
        ShapeKind::Cuboid { half_extents } => format!("box({})", v(half_extents)),
        ShapeKind::Sphere { radius } => format!("sphere({radius})"),
        ShapeKind::Ellipsoid { semi_axes } => format!("ellipsoid({})", v(semi_axes)),
        ShapeKind::Cylinder {
            radius,
            half_length,
        } => format!("cylinder({radius}, {half_length})"),
        ShapeKind::Capsule {
            radius,
            half_length,
        } => format!("capsule({radius}, {half_length})"),
        ShapeKind::Pipe {
            radius,
            half_length,
        } => format!("pipe({radius}, {half_length})"),
        ShapeKind::HalfSpace { normal } => format!("halfspace([{}])", v(normal)),
        ShapeKind::Mesh(mesh) => format!(
            "mesh({} vertices, {} faces)",
            mesh.vertices().len(),
            mesh.faces().len()
        ),
        ShapeKind::ConvexHull(mesh) => format!("convex_hull({} vertices)", mesh.vertices().len()),
        _ => shape.name().to_string(),
    }
}
