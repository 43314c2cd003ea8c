//! Sensor points and sensor meshes of shapes: `shape.sensor_points(resolution)` and
//! `shape.sensor_mesh(resolution)`.
//!
//! Both are held behind an `Arc`, so passing them around a script copies nothing; the array
//! properties (`points`, `vertices`, ...) build a fresh Rhai array on each access, so read them
//! once into a variable inside loops.

use std::sync::Arc;

use morsel_geometry::{SensorMesh, SensorPoints, Shape};
use rhai::{Array, Dynamic, Engine, INT, Map};

use crate::bindings::doc;
use crate::convert::{f64_arg, from_points, from_vectors, usize_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};

/// Sensor points as scripts see them.
pub type ScriptSensorPoints = Arc<SensorPoints>;
/// A sensor mesh as scripts see it.
pub type ScriptSensorMesh = Arc<SensorMesh>;

fn resolution_arg(value: &Dynamic, function: &str) -> ScriptResult<f64> {
    f64_arg(value, &format!("`resolution` of {function}()")).or_script()
}

fn faces_array(faces: &[[u32; 3]]) -> Array {
    faces
        .iter()
        .map(|f| Dynamic::from_array(f.iter().map(|&i| Dynamic::from_int(INT::from(i))).collect()))
        .collect()
}

/// Registers `sensor_points`, `sensor_mesh` and their properties.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptSensorPoints>("SensorPoints");
    engine.register_type_with_name::<ScriptSensorMesh>("SensorMesh");

    doc(
        "sensor_points",
        &["shape: Shape", "resolution: number", "SensorPoints"],
    )
    .register_into_engine(
        engine,
        |shape: &mut Shape, resolution: Dynamic| -> ScriptResult<ScriptSensorPoints> {
            let r = resolution_arg(&resolution, "sensor_points")?;
            Ok(Arc::new(shape.sensor_points(r).or_script()?))
        },
    );
    engine.register_get("points", |s: &mut ScriptSensorPoints| {
        from_points(&s.points)
    });
    engine.register_get("normals", |s: &mut ScriptSensorPoints| {
        from_vectors(&s.normals)
    });
    doc("len", &["sensors: SensorPoints", "INT"])
        .register_into_engine(engine, |s: &mut ScriptSensorPoints| s.len() as INT);
    doc("to_map", &["sensors: SensorPoints", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptSensorPoints| {
            let mut m = Map::new();
            m.insert("points".into(), from_points(&s.points).into());
            m.insert("normals".into(), from_vectors(&s.normals).into());
            m
        },
    );
    let text = |s: &mut ScriptSensorPoints| format!("SensorPoints({} points)", s.len());
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);

    doc(
        "sensor_mesh",
        &["shape: Shape", "resolution: number", "SensorMesh"],
    )
    .register_into_engine(
        engine,
        |shape: &mut Shape, resolution: Dynamic| -> ScriptResult<ScriptSensorMesh> {
            let r = resolution_arg(&resolution, "sensor_mesh")?;
            Ok(Arc::new(shape.sensor_mesh(r).or_script()?))
        },
    );
    engine.register_get("vertices", |m: &mut ScriptSensorMesh| {
        from_points(m.vertices())
    });
    engine.register_get("normals", |m: &mut ScriptSensorMesh| {
        from_vectors(m.normals())
    });
    engine.register_get("faces", |m: &mut ScriptSensorMesh| faces_array(m.faces()));
    doc("len", &["mesh: SensorMesh", "INT"])
        .register_into_engine(engine, |m: &mut ScriptSensorMesh| m.len() as INT);
    doc("neighbours", &["mesh: SensorMesh", "i: INT", "[INT]"]).register_into_engine(
        engine,
        |m: &mut ScriptSensorMesh, i: Dynamic| -> ScriptResult<Array> {
            let index = usize_arg(&i, "`i` of neighbours()").or_script()?;
            if index >= m.len() {
                return Err(script_error(ShellError::argument(
                    "`i` of neighbours()",
                    format!("a vertex index below {}", m.len()),
                    index.to_string(),
                )));
            }
            Ok(m.neighbours(index)
                .iter()
                .map(|&j| Dynamic::from_int(INT::from(j)))
                .collect())
        },
    );
    doc("to_map", &["mesh: SensorMesh", "Map"]).register_into_engine(
        engine,
        |m: &mut ScriptSensorMesh| {
            let mut map = Map::new();
            map.insert("vertices".into(), from_points(m.vertices()).into());
            map.insert("normals".into(), from_vectors(m.normals()).into());
            map.insert("faces".into(), faces_array(m.faces()).into());
            map
        },
    );
    let text = |m: &mut ScriptSensorMesh| {
        format!(
            "SensorMesh({} vertices, {} faces)",
            m.len(),
            m.faces().len()
        )
    };
    engine.register_fn("to_string", text);
    engine.register_fn("to_debug", text);
}
