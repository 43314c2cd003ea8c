//! Fuzzing of the dynamics entry points: random MJCF trees (hinge, slide, ball and free joints,
//! massless bodies, armature, odd gravity) and random inputs (wrong lengths, NaN, infinities,
//! huge values, quaternions off the unit sphere, external wrenches on unknown or fixed links).
//! Every call must return: an answer whose values are finite when the input was finite and
//! of the right shape, or a typed error, never a panic. A panic fails the test with the model
//! and the input (proptest shrinks both).

use morsel_kinematics::dynamics::{
    aba_batch, gravity_torques_batch, mass_matrix_batch, rnea_batch,
};
use morsel_kinematics::mjcf::load_str;
use morsel_kinematics::{
    DynamicsData, LinkWrench, Model, aba, aba_derivatives, centroidal_map, centroidal_momentum,
    gravity_torques, inverse_mass_matrix, kinetic_energy, mass_matrix, nonlinear_effects,
    potential_energy, rnea, rnea_derivatives,
};
use nalgebra::Vector3;
use std::sync::atomic::{AtomicUsize, Ordering};

use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestCaseError, TestRng, TestRunner};

/// One body of a generated tree: its parent (an earlier body, or the world), joint and mass.
#[derive(Clone, Debug)]
struct BodyGen {
    parent: usize,
    joint: u8,
    mass: u8,
    armature: bool,
    pos: [i8; 3],
    axis: [i8; 3],
}

fn body() -> impl Strategy<Value = BodyGen> {
    (
        0usize..8,
        0u8..6,
        0u8..4,
        any::<bool>(),
        prop::array::uniform3(-3i8..4),
        prop::array::uniform3(-2i8..3),
    )
        .prop_map(|(parent, joint, mass, armature, pos, axis)| BodyGen {
            parent,
            joint,
            mass,
            armature,
            pos,
            axis,
        })
}

/// The MJCF text of a tree of `bodies` (each hangs from an earlier one, index modulo its
/// position; body 0 from the world), with `gravity`.
fn mjcf(bodies: &[BodyGen], gravity: [i8; 3]) -> String {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); bodies.len() + 1];
    for (k, b) in bodies.iter().enumerate() {
        let parent = if k == 0 { 0 } else { b.parent % (k + 1) };
        // Parent slot 0 is the world; body k sits in slot k + 1.
        children[parent].push(k + 1);
    }
    fn write(k: usize, bodies: &[BodyGen], children: &[Vec<usize>], out: &mut String) {
        let b = &bodies[k - 1];
        let [x, y, z] = b.pos.map(|v| f64::from(v) * 0.1);
        out.push_str(&format!("<body name='b{k}' pos='{x} {y} {z}'>"));
        let axis = if b.axis == [0, 0, 0] {
            [0, 0, 1]
        } else {
            b.axis
        };
        let arm = if b.armature { " armature='0.01'" } else { "" };
        let axis = format!("{} {} {}", axis[0], axis[1], axis[2]);
        match b.joint {
            0 => out.push_str(&format!(
                "<joint name='j{k}' type='hinge' axis='{axis}'{arm}/>"
            )),
            1 => out.push_str(&format!(
                "<joint name='j{k}' type='slide' axis='{axis}'{arm}/>"
            )),
            2 => out.push_str(&format!("<joint name='j{k}' type='ball'{arm}/>")),
            3 if k == 1 => out.push_str(&format!("<freejoint name='j{k}'/>")),
            _ => {} // welded to its parent
        }
        match b.mass {
            0 => {} // massless (and no geom): maybe nothing to move
            m => out.push_str(&format!(
                "<inertial pos='0.05 0 0' mass='{m}' diaginertia='0.01 0.02 0.03'/>"
            )),
        }
        for &c in &children[k] {
            write(c, bodies, children, out);
        }
        out.push_str("</body>");
    }
    let [gx, gy, gz] = gravity;
    let mut out = format!("<mujoco><option gravity='{gx} {gy} {gz}'/><worldbody>");
    for &c in &children[0] {
        write(c, bodies, &children, &mut out);
    }
    out.push_str("</worldbody></mujoco>");
    out
}

/// A value of a generated input: mostly ordinary, sometimes special.
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        8 => -3.0f64..3.0,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(1e300),
        1 => Just(0.0),
    ]
}

/// An input of about `n` values (sometimes one more or one less).
fn values(n: usize, wrong: i8, raw: &[f64]) -> Vec<f64> {
    let len = (n as i64 + i64::from(wrong)).max(0) as usize;
    (0..len).map(|k| raw[k % raw.len()]).collect()
}

fn all_finite(x: &[f64]) -> bool {
    x.iter().all(|v| v.is_finite())
}

/// Counts of what the generated cases reached, so that a generator that stopped producing
/// loadable models or valid inputs fails the test instead of passing it idly.
#[derive(Default)]
struct Reached {
    loaded: AtomicUsize,
    answered: AtomicUsize,
}

#[test]
fn dynamics_entry_points_answer_or_refuse() {
    let reached = Reached::default();
    let config = ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
    let strategy = (
        prop::collection::vec(body(), 1..7),
        prop::array::uniform3(-10i8..11),
        prop::collection::vec(value(), 1..40),
        prop_oneof![6 => Just(0i8), 1 => Just(-1i8), 1 => Just(1i8)],
        0usize..10,
        prop_oneof![3 => Just(true), 1 => Just(false)],
    );
    let result = runner.run(&strategy, |(bodies, gravity, raw, wrong, link, unit)| {
        one_case(&reached, &bodies, gravity, &raw, wrong, link, unit)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let loaded = reached.loaded.load(Ordering::Relaxed);
    let answered = reached.answered.load(Ordering::Relaxed);
    eprintln!(
        "dynamics fuzz: {loaded} of 300 models loaded, {answered} answered aba on finite input"
    );
    assert!(
        loaded >= 150,
        "only {loaded} of 300 generated models loaded"
    );
    assert!(
        answered >= 30,
        "only {answered} cases reached an answer of aba on finite input"
    );
}

#[allow(clippy::too_many_arguments)]
fn one_case(
    reached: &Reached,
    bodies: &[BodyGen],
    gravity: [i8; 3],
    raw: &[f64],
    wrong: i8,
    link: usize,
    unit: bool,
) -> Result<(), TestCaseError> {
    let text = mjcf(bodies, gravity);
    let Ok(model) = load_str(&text, std::env::temp_dir()) else {
        return Ok(()); // the loader's own fuzzing holds its errors
    };
    reached.loaded.fetch_add(1, Ordering::Relaxed);
    let (nq, nv) = (model.nq(), model.nv());
    let mut q = values(nq, wrong, raw);
    if unit && wrong == 0 {
        // Mostly unit quaternions, so that calls get past the configuration check.
        normalise_quaternions(&model, &mut q);
    }
    let v = values(nv, 0, &raw[raw.len() / 2..]);
    let a = values(nv, 0, &raw[raw.len() / 3..]);
    let finite = wrong == 0
        && all_finite(&q)
        && all_finite(&v)
        && all_finite(&a)
        && q.iter().chain(&v).chain(&a).all(|x| x.abs() < 1e3);
    let mut data = DynamicsData::new(&model);
    // A wrench on a body of the tree (perhaps one welded to the world), when it exists.
    let external: Vec<LinkWrench> = model
        .link_id(&format!("b{link}"))
        .ok()
        .map(|id| LinkWrench {
            link: id,
            force: Vector3::new(raw[0], 1.0, -2.0),
            torque: Vector3::new(0.5, raw[raw.len() - 1], 0.0),
        })
        .into_iter()
        .collect();
    let check = |name: &str, out: Option<&[f64]>| {
        if let Some(x) = out {
            prop_assert!(
                !finite || all_finite(x),
                "{name} gave non-finite values\n{text}"
            );
        }
        Ok(())
    };
    check("rnea", rnea(&model, &mut data, &q, &v, &a, &[]).ok())?;
    let _ = rnea(&model, &mut data, &q, &v, &a, &external);
    check(
        "gravity_torques",
        gravity_torques(&model, &mut data, &q).ok(),
    )?;
    check(
        "nonlinear_effects",
        nonlinear_effects(&model, &mut data, &q, &v).ok(),
    )?;
    check(
        "mass_matrix",
        mass_matrix(&model, &mut data, &q)
            .ok()
            .map(|m| m.as_slice()),
    )?;
    let _ = inverse_mass_matrix(&model, &mut data, &q);
    let answer = aba(&model, &mut data, &q, &v, &a, &[]).ok();
    if finite && answer.is_some() {
        reached.answered.fetch_add(1, Ordering::Relaxed);
    }
    check("aba", answer)?;
    let _ = aba(&model, &mut data, &q, &v, &a, &external);
    let _ = centroidal_momentum(&model, &mut data, &q, &v);
    let _ = centroidal_map(&model, &mut data, &q);
    let _ = kinetic_energy(&model, &mut data, &q, &v);
    let _ = potential_energy(&model, &mut data, &q);
    let _ = rnea_derivatives(&model, &mut data, &q, &v, &a);
    let _ = aba_derivatives(&model, &mut data, &q, &v, &a);
    // Batches of two rows, with output buffers of the right and of a wrong size.
    let q2: Vec<f64> = q.iter().chain(&q).copied().collect();
    let v2: Vec<f64> = v.iter().chain(&v).copied().collect();
    let a2: Vec<f64> = a.iter().chain(&a).copied().collect();
    let mut out = vec![0.0; 2 * nv];
    let _ = rnea_batch(&model, &q2, &v2, &a2, &mut out);
    let _ = aba_batch(&model, &q2, &v2, &a2, &mut out);
    let _ = gravity_torques_batch(&model, &q2, &mut out);
    let mut square = vec![0.0; 2 * nv * nv];
    let _ = mass_matrix_batch(&model, &q2, &mut square);
    let _ = mass_matrix_batch(&model, &q2, &mut out[..nv.min(1)]);
    Ok(())
}

/// Scales each quaternion of `q` to unit length (a zero one becomes the identity).
fn normalise_quaternions(model: &Model, q: &mut [f64]) {
    for joint in model.joints() {
        if let Some(w) = joint.quaternion_w_index() {
            let quat = &mut q[w..w + 4];
            let norm = quat.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm.is_finite() && norm > 0.0 {
                quat.iter_mut().for_each(|x| *x /= norm);
            } else {
                quat.copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
            }
        }
    }
}
