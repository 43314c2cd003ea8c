//! The `Pose` type: a position and an orientation (`Isometry3<f64>`).

use nalgebra::{Isometry3, Translation3, UnitQuaternion};
use rhai::{Dynamic, Engine, Map};

use crate::bindings::doc;
use crate::convert::{from_f64s, from_point3, from_vector3, point3_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult};

/// `[r, p, y]`: rotation about x, then y, then z, in the fixed frame (R = Rz·Ry·Rx).
fn rpy_of(pose: &Isometry3<f64>) -> [f64; 3] {
    let (r, p, y) = pose.rotation.euler_angles();
    [r, p, y]
}

/// Registers `pose(...)`, its properties, composition and inverse.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<Isometry3<f64>>("Pose");
    doc(
        "pose",
        &["pos: [x, y, z]", "rpy: [roll, pitch, yaw]", "Pose"],
    )
    .register_into_engine(
        engine,
        |pos: Dynamic, rpy: Dynamic| -> ScriptResult<Isometry3<f64>> {
            let p = vector3_arg(&pos, "`pos` of pose()").or_script()?;
            let a = vector3_arg(&rpy, "`rpy` of pose()").or_script()?;
            Ok(Isometry3::from_parts(
                Translation3::from(p),
                UnitQuaternion::from_euler_angles(a.x, a.y, a.z),
            ))
        },
    );
    doc("pose", &["pos: [x, y, z]", "Pose"]).register_into_engine(
        engine,
        |pos: Dynamic| -> ScriptResult<Isometry3<f64>> {
            let p = vector3_arg(&pos, "`pos` of pose()").or_script()?;
            Ok(Isometry3::from_parts(
                Translation3::from(p),
                UnitQuaternion::identity(),
            ))
        },
    );
    doc("pose", &["Pose"]).register_into_engine(engine, Isometry3::<f64>::identity);

    engine.register_get("position", |p: &mut Isometry3<f64>| {
        from_vector3(&p.translation.vector)
    });
    engine.register_get("rpy", |p: &mut Isometry3<f64>| from_f64s(&rpy_of(p)));
    engine.register_get("quaternion", |p: &mut Isometry3<f64>| {
        let q = p.rotation;
        from_f64s(&[q.w, q.i, q.j, q.k])
    });
    doc("*", &["a: Pose", "b: Pose", "Pose"])
        .register_into_engine(engine, |a: Isometry3<f64>, b: Isometry3<f64>| a * b);
    doc("inverse", &["pose: Pose", "Pose"])
        .register_into_engine(engine, |p: &mut Isometry3<f64>| p.inverse());
    doc(
        "transform_point",
        &["pose: Pose", "point: [x, y, z]", "[x, y, z]"],
    )
    .register_into_engine(
        engine,
        |p: &mut Isometry3<f64>, point: Dynamic| -> ScriptResult<rhai::Array> {
            let q = point3_arg(&point, "`point` of transform_point()").or_script()?;
            Ok(from_point3(&(*p * q)))
        },
    );
    doc("to_map", &["pose: Pose", "Map"])
        .register_into_engine(engine, |p: &mut Isometry3<f64>| pose_map(p));
    engine.register_fn("to_string", |p: &mut Isometry3<f64>| pose_text(p));
    engine.register_fn("to_debug", |p: &mut Isometry3<f64>| pose_text(p));
}

fn pose_map(p: &Isometry3<f64>) -> Map {
    let q = p.rotation;
    let mut m = Map::new();
    m.insert(
        "position".into(),
        from_vector3(&p.translation.vector).into(),
    );
    m.insert("rpy".into(), from_f64s(&rpy_of(p)).into());
    m.insert("quaternion".into(), from_f64s(&[q.w, q.i, q.j, q.k]).into());
    m
}

fn pose_text(p: &Isometry3<f64>) -> String {
    let t = p.translation.vector;
    let [r, pi, y] = rpy_of(p);
    format!("pose([{}, {}, {}], [{r}, {pi}, {y}])", t.x, t.y, t.z)
}
