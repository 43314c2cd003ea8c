//! `mjcf(path)`, `geoms(robot, q)` and `mass(robot)`: MuJoCo models and their geoms.

use std::sync::Arc;

use morsel_kinematics::mjcf::load_file_until;
use morsel_kinematics::{Data, forward_kinematics, geom_aabb};
use rhai::{Array, Dynamic, Engine, ImmutableString, Map};

use crate::context::ShellContext;
use crate::convert::{from_f64s, from_point3};
use crate::error::{OrScriptError, ScriptResult};
use morsel_lab::simulation::Robot;

use super::super::doc;
use super::algorithms::configuration_arg;

/// Registers the MJCF loader and the geom and mass queries.
pub fn register(engine: &mut Engine, ctx: &Arc<ShellContext>) {
    let shared = Arc::clone(ctx);
    doc("mjcf", &["path: string", "Robot"]).register_into_engine(
        engine,
        move |path: ImmutableString| -> ScriptResult<Robot> {
            let file = shared.sandbox.read_path(&path).or_script()?;
            // Ctrl-C and time limits end a long load (hundreds of thousands of bodies).
            let (model, files) = load_file_until(
                &file,
                shared.sandbox.file_access(),
                &crate::interrupt::requested,
            )
            .or_script()?;
            shared.sandbox.note_reads(&files);
            let name = model.name().to_string();
            Robot::from_model(name, model).or_script()
        },
    );
    doc(
        "geoms",
        &["robot: Robot", "q: [number] or #{joint: value}", "[Map]"],
    )
    .register_into_engine(engine, |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
        let model = r.model().or_script()?;
        let q = configuration_arg(&model, &q, "geoms")?;
        let mut data = Data::new(&model);
        forward_kinematics(&model, &mut data, q.as_slice()).or_script()?;
        let mut out = Array::with_capacity(model.geoms().len());
        for g in model.geoms() {
            let world = data.world_from_link(g.link) * g.link_from_geom;
            let collider = &model.link(g.link).collisions()[g.collider];
            let aabb = match geom_aabb(g, collider, &world) {
                Some((lo, hi)) => {
                    Dynamic::from_array(vec![from_point3(&lo).into(), from_point3(&hi).into()])
                }
                None => Dynamic::UNIT,
            };
            let mut m = Map::new();
            m.insert("name".into(), g.name.clone().into());
            m.insert("body".into(), model.link(g.link).name().to_owned().into());
            m.insert("type".into(), g.kind.clone().into());
            m.insert("size".into(), from_f64s(&g.size).into());
            m.insert("pose".into(), Dynamic::from(world));
            m.insert("aabb".into(), aabb);
            out.push(m.into());
        }
        Ok(out)
    });
    doc("mass", &["robot: Robot", "number"])
        .register_into_engine(engine, |r: &mut Robot| -> ScriptResult<f64> {
            Ok(r.model().or_script()?.total_mass())
        });
}
