//! `equilibrium_robustness` and `robust_static_polygon` (morsel-stability's robustness module),
//! and the pendular sets `zmp_support_area` and `com_acceleration_cone`.

use morsel_stability::{PolygonMethod, RobustnessOptions, equilibrium_robustness};
use rhai::{Dynamic, Engine, FLOAT, Map};

use crate::bindings::doc;
use crate::convert::{f64_arg, points_arg, usize_arg};
use crate::error::{OrScriptError, ScriptResult};
use crate::options::Options;

use super::results::polygon_map;
use super::stance::ScriptStance;

/// Generators per contact point when none are given (hpp-centroidal-dynamics' usual 4).
const GENERATORS: usize = 4;

fn triples(value: &Dynamic, what: &str) -> ScriptResult<Vec<[f64; 3]>> {
    Ok(points_arg(value, what)
        .or_script()?
        .iter()
        .map(|p| [p.x, p.y, p.z])
        .collect())
}

fn options_from(opts: &Dynamic) -> ScriptResult<RobustnessOptions> {
    let mut o = Options::new("equilibrium_robustness", opts).or_script()?;
    let points = o.value("points");
    let points = o.required("points", points).or_script()?;
    let points = triples(&points, "option `points` of equilibrium_robustness()")?;
    let normals = o.value("normals");
    let normals = o.required("normals", normals).or_script()?;
    let normals = triples(&normals, "option `normals` of equilibrium_robustness()")?;
    let friction = o.f64("friction").or_script()?;
    let friction = o.required("friction", friction).or_script()?;
    let mass = o.f64("mass").or_script()?;
    let mass = o.required("mass", mass).or_script()?;
    let com = o.vector3("com").or_script()?;
    let com = o.required("com", com).or_script()?;
    let mut options =
        RobustnessOptions::new(points, normals, friction, mass, [com.x, com.y, com.z]);
    if let Some(g) = o.value("generators") {
        options.generators =
            usize_arg(&g, "option `generators` of equilibrium_robustness()").or_script()?;
    }
    if let Some(a) = o.vector3("acceleration").or_script()? {
        options.acceleration = [a.x, a.y, a.z];
    }
    options.gravity = o.f64_or("gravity", options.gravity).or_script()?;
    o.finish().or_script()?;
    Ok(options)
}

/// Registers the robustness functions.
pub fn register(engine: &mut Engine) {
    doc(
        "equilibrium_robustness",
        &[
            "options: #{points: [[x, y, z]], normals: [[x, y, z]], friction: number, mass: number, com: [x, y, z], generators: INT, acceleration: [x, y, z], gravity: number}",
            "number",
        ],
    )
    .register_into_engine(engine, |opts: Dynamic| -> ScriptResult<FLOAT> {
        let options = options_from(&opts)?;
        Ok(equilibrium_robustness(&options).or_script()? as FLOAT)
    });
    doc("equilibrium_robustness", &["stance: Stance", "number"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<FLOAT> {
            Ok(s.build()?.equilibrium_robustness(GENERATORS).or_script()? as FLOAT)
        },
    );
    doc(
        "robust_static_polygon",
        &["stance: Stance", "margin: number", "Map"],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptStance, margin: Dynamic| -> ScriptResult<Map> {
            let margin = f64_arg(&margin, "`margin` of robust_static_polygon()").or_script()?;
            let p = s
                .build()?
                .robust_static_polygon(margin, GENERATORS)
                .or_script()?;
            Ok(polygon_map(PolygonMethod::Bretl, &p))
        },
    );
}

/// Registers the pendular sets (ZMP support area, CoM acceleration cone).
pub fn register_pendular(engine: &mut Engine) {
    doc(
        "zmp_support_area",
        &["stance: Stance", "height: number", "Map"],
    )
    .register_into_engine(
        engine,
        |s: &mut ScriptStance, height: Dynamic| -> ScriptResult<Map> {
            let height = f64_arg(&height, "`height` of zmp_support_area()").or_script()?;
            let p = s.build()?.zmp_support_area(height).or_script()?;
            Ok(polygon_map(PolygonMethod::Bretl, &p))
        },
    );
    doc("com_acceleration_cone", &["stance: Stance", "Map"]).register_into_engine(
        engine,
        |s: &mut ScriptStance| -> ScriptResult<Map> {
            let cone = s.build()?.com_acceleration_cone(None).or_script()?;
            let mut m = polygon_map(PolygonMethod::Bretl, &cone.reduced);
            let vertices: rhai::Array = cone
                .vertices
                .iter()
                .map(|v| Dynamic::from_array(crate::convert::from_f64s(v)))
                .collect();
            m.insert("cone".into(), vertices.into());
            Ok(m)
        },
    );
}
