//! `velocity_names`, `rnea`, `gravity_torques`, `nonlinear_effects`, `mass_matrix`,
//! `inverse_mass_matrix`, `aba`, `centroidal_momentum`, `centroidal_map`, `kinetic_energy`,
//! `potential_energy`: the dynamics of `morsel_kinematics::dynamics`, bound.
//!
//! `q` as `fk` takes it (an array in `get_joints` order, or `#{joint: value}`); `v`, `a` and
//! `tau` arrays in `velocity_names` order; matrices as arrays of rows. Frames are the robot's
//! base frame, gravity `[0, 0, −9.81]` in it.

use morsel_kinematics::{
    DynamicsData, LinkWrench, Model, aba, aba_derivatives, centroidal_map, centroidal_momentum,
    gravity_torques, inverse_mass_matrix, kinetic_energy, mass_matrix, nonlinear_effects,
    potential_energy, rnea, rnea_derivatives,
};
use morsel_lab::simulation::Robot;
use nalgebra::DMatrix;
use rhai::{Array, Dynamic, Engine, Map};

use crate::convert::{describe, from_f64s, from_rows, string_arg, vec_arg, vector3_arg};
use crate::error::{OrScriptError, ScriptResult, ShellError, script_error};
use crate::options::Options;

use super::super::doc;
use super::super::geometry::float;
use super::algorithms::configuration_arg;

const Q: &str = "q: [number] or #{joint: value}";

/// Registers the dynamics functions.
pub fn register(engine: &mut Engine) {
    doc("velocity_names", &["robot: Robot", "[string]"]).register_into_engine(
        engine,
        |r: &mut Robot| -> ScriptResult<Array> {
            let model = r.model().or_script()?;
            Ok(model
                .velocity_names()
                .into_iter()
                .map(Dynamic::from)
                .collect())
        },
    );
    doc(
        "rnea",
        &["robot: Robot", Q, "v: [number]", "a: [number]", "[number]"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, a: Dynamic| -> ScriptResult<Array> {
            inverse_dynamics(r, &q, &v, &a, &Dynamic::UNIT)
        },
    );
    doc(
        "rnea",
        &[
            "robot: Robot",
            Q,
            "v: [number]",
            "a: [number]",
            "options: #{external: [#{link: string, force: [x, y, z], torque: [x, y, z]}]}",
            "[number]",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, a: Dynamic, o: Dynamic| -> ScriptResult<Array> {
            inverse_dynamics(r, &q, &v, &a, &o)
        },
    );
    doc(
        "aba",
        &[
            "robot: Robot",
            Q,
            "v: [number]",
            "tau: [number]",
            "[number]",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, tau: Dynamic| -> ScriptResult<Array> {
            forward_dynamics(r, &q, &v, &tau, &Dynamic::UNIT)
        },
    );
    doc(
        "aba",
        &[
            "robot: Robot",
            Q,
            "v: [number]",
            "tau: [number]",
            "options: #{external: [#{link: string, force: [x, y, z], torque: [x, y, z]}]}",
            "[number]",
        ],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, tau: Dynamic, o: Dynamic| -> ScriptResult<Array> {
            forward_dynamics(r, &q, &v, &tau, &o)
        },
    );
    doc("gravity_torques", &["robot: Robot", Q, "[number]"]).register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
            let (model, q, mut data) = setup(r, &q, "gravity_torques")?;
            Ok(from_f64s(
                gravity_torques(&model, &mut data, &q).or_script()?,
            ))
        },
    );
    doc(
        "nonlinear_effects",
        &["robot: Robot", Q, "v: [number]", "[number]"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic| -> ScriptResult<Array> {
            let (model, q, mut data) = setup(r, &q, "nonlinear_effects")?;
            let v = tangent(&v, "v", "nonlinear_effects")?;
            Ok(from_f64s(
                nonlinear_effects(&model, &mut data, &q, &v).or_script()?,
            ))
        },
    );
    doc("mass_matrix", &["robot: Robot", Q, "[[number]]"]).register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
            let (model, q, mut data) = setup(r, &q, "mass_matrix")?;
            Ok(matrix_rows(mass_matrix(&model, &mut data, &q).or_script()?))
        },
    );
    doc("inverse_mass_matrix", &["robot: Robot", Q, "[[number]]"]).register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
            let (model, q, mut data) = setup(r, &q, "inverse_mass_matrix")?;
            Ok(matrix_rows(
                &inverse_mass_matrix(&model, &mut data, &q).or_script()?,
            ))
        },
    );
    doc(
        "centroidal_momentum",
        &["robot: Robot", Q, "v: [number]", "Map"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic| -> ScriptResult<Map> {
            let (model, q, mut data) = setup(r, &q, "centroidal_momentum")?;
            let v = tangent(&v, "v", "centroidal_momentum")?;
            let h = centroidal_momentum(&model, &mut data, &q, &v).or_script()?;
            let mut m = Map::new();
            m.insert("linear".into(), from_f64s(h.linear.as_slice()).into());
            m.insert("angular".into(), from_f64s(h.angular.as_slice()).into());
            m.insert("com".into(), from_f64s(h.com.as_slice()).into());
            Ok(m)
        },
    );
    doc("centroidal_map", &["robot: Robot", Q, "[[number]]"]).register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic| -> ScriptResult<Array> {
            let (model, q, mut data) = setup(r, &q, "centroidal_map")?;
            let a = centroidal_map(&model, &mut data, &q).or_script()?;
            Ok(from_rows(
                a.row_iter()
                    .map(|row| row.iter().copied().collect::<Vec<f64>>()),
            ))
        },
    );
    doc(
        "kinetic_energy",
        &["robot: Robot", Q, "v: [number]", "number"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic| -> ScriptResult<Dynamic> {
            let (model, q, mut data) = setup(r, &q, "kinetic_energy")?;
            let v = tangent(&v, "v", "kinetic_energy")?;
            Ok(float(
                kinetic_energy(&model, &mut data, &q, &v).or_script()?,
            ))
        },
    );
    doc(
        "rnea_derivatives",
        &["robot: Robot", Q, "v: [number]", "a: [number]", "Map"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, a: Dynamic| -> ScriptResult<Map> {
            let (model, q, mut data) = setup(r, &q, "rnea_derivatives")?;
            let v = tangent(&v, "v", "rnea_derivatives")?;
            let a = tangent(&a, "a", "rnea_derivatives")?;
            let d = rnea_derivatives(&model, &mut data, &q, &v, &a).or_script()?;
            let mut m = Map::new();
            m.insert("dtau_dq".into(), matrix_rows(&d.dtau_dq).into());
            m.insert("dtau_dv".into(), matrix_rows(&d.dtau_dv).into());
            m.insert("dtau_da".into(), matrix_rows(&d.dtau_da).into());
            Ok(m)
        },
    );
    doc(
        "aba_derivatives",
        &["robot: Robot", Q, "v: [number]", "tau: [number]", "Map"],
    )
    .register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic, v: Dynamic, tau: Dynamic| -> ScriptResult<Map> {
            let (model, q, mut data) = setup(r, &q, "aba_derivatives")?;
            let v = tangent(&v, "v", "aba_derivatives")?;
            let tau = tangent(&tau, "tau", "aba_derivatives")?;
            let d = aba_derivatives(&model, &mut data, &q, &v, &tau).or_script()?;
            let mut m = Map::new();
            m.insert("dqdd_dq".into(), matrix_rows(&d.dqdd_dq).into());
            m.insert("dqdd_dv".into(), matrix_rows(&d.dqdd_dv).into());
            m.insert("dqdd_dtau".into(), matrix_rows(&d.dqdd_dtau).into());
            Ok(m)
        },
    );
    doc("potential_energy", &["robot: Robot", Q, "number"]).register_into_engine(
        engine,
        |r: &mut Robot, q: Dynamic| -> ScriptResult<Dynamic> {
            let (model, q, mut data) = setup(r, &q, "potential_energy")?;
            Ok(float(potential_energy(&model, &mut data, &q).or_script()?))
        },
    );
}

/// The model, the configuration argument in its layout and fresh dynamics buffers.
fn setup(
    r: &Robot,
    q: &Dynamic,
    function: &str,
) -> ScriptResult<(std::sync::Arc<Model>, Vec<f64>, DynamicsData)> {
    let model = r.model().or_script()?;
    let q = configuration_arg(&model, q, function)?;
    let data = DynamicsData::new(&model);
    Ok((model, q.as_slice().to_vec(), data))
}

/// A velocity-layout array argument (its length is checked by the algorithm, which names it).
fn tangent(value: &Dynamic, name: &str, function: &str) -> ScriptResult<Vec<f64>> {
    vec_arg(value, &format!("`{name}` of {function}()")).or_script()
}

fn inverse_dynamics(
    r: &Robot,
    q: &Dynamic,
    v: &Dynamic,
    a: &Dynamic,
    opts: &Dynamic,
) -> ScriptResult<Array> {
    let (model, q, mut data) = setup(r, q, "rnea")?;
    let v = tangent(v, "v", "rnea")?;
    let a = tangent(a, "a", "rnea")?;
    let external = external_option(&model, opts, "rnea")?;
    Ok(from_f64s(
        rnea(&model, &mut data, &q, &v, &a, &external).or_script()?,
    ))
}

fn forward_dynamics(
    r: &Robot,
    q: &Dynamic,
    v: &Dynamic,
    tau: &Dynamic,
    opts: &Dynamic,
) -> ScriptResult<Array> {
    let (model, q, mut data) = setup(r, q, "aba")?;
    let v = tangent(v, "v", "aba")?;
    let tau = tangent(tau, "tau", "aba")?;
    let external = external_option(&model, opts, "aba")?;
    Ok(from_f64s(
        aba(&model, &mut data, &q, &v, &tau, &external).or_script()?,
    ))
}

/// The `external` option: `[#{link, force, torque}]`, world axes, torque about the link origin.
fn external_option(model: &Model, opts: &Dynamic, function: &str) -> ScriptResult<Vec<LinkWrench>> {
    let mut o = Options::new(function, opts).or_script()?;
    let list = o.value("external");
    o.finish().or_script()?;
    let Some(list) = list else {
        return Ok(Vec::new());
    };
    let what = format!("option `external` of {function}()");
    let Ok(items) = list.as_array_ref() else {
        return Err(script_error(ShellError::argument(
            what,
            "an array of #{link, force, torque} maps",
            describe(&list),
        )));
    };
    let mut out = Vec::with_capacity(items.len());
    for (k, item) in items.iter().enumerate() {
        let what = format!("{what}[{k}]");
        let Ok(m) = item.as_map_ref() else {
            return Err(script_error(ShellError::argument(
                what,
                "a map #{link, force, torque}",
                describe(item),
            )));
        };
        if let Some(key) = m
            .keys()
            .find(|k| !matches!(k.as_str(), "link" | "force" | "torque"))
        {
            return Err(script_error(ShellError::argument(
                format!("{what}.{key}"),
                "one of the keys link, force, torque",
                key.to_string(),
            )));
        }
        let link = m.get("link").ok_or_else(|| {
            script_error(ShellError::argument(
                format!("{what}.link"),
                "a link name",
                "nothing",
            ))
        })?;
        let link = model
            .link_id(
                string_arg(link, &format!("{what}.link"))
                    .or_script()?
                    .as_str(),
            )
            .or_script()?;
        let vector = |key: &str| -> ScriptResult<nalgebra::Vector3<f64>> {
            match m.get(key) {
                Some(v) => vector3_arg(v, &format!("{what}.{key}")).or_script(),
                None => Ok(nalgebra::Vector3::zeros()),
            }
        };
        out.push(LinkWrench {
            link,
            force: vector("force")?,
            torque: vector("torque")?,
        });
    }
    Ok(out)
}

fn matrix_rows(m: &DMatrix<f64>) -> Array {
    from_rows(
        m.row_iter()
            .map(|row| row.iter().copied().collect::<Vec<f64>>()),
    )
}
