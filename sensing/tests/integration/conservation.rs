//! `spread_linear` conserves each contact's force exactly, for any contact.

use std::sync::OnceLock;

use morsel_sensing::touch::{TouchData, TouchModel};
use morsel_sensing::{Contact, ResponseFunction, Side, TouchConfig, TouchFunction, TouchKind};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use proptest::prelude::*;

use crate::common::pad_scene;

fn pose() -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(0.1, -0.2, 0.3),
        UnitQuaternion::from_euler_angles(0.3, -0.7, 1.1),
    )
}

/// Both bodies sense, so every contact is counted on both sides.
fn model(kind: TouchKind, f: TouchFunction) -> TouchModel {
    let config = TouchConfig::new(kind)
        .scale("pad", 0.006)
        .scale("ball", 0.005)
        .touch_function(f)
        .response_function(ResponseFunction::SpreadLinear)
        // Morsel's fixes: MIMo places a contact's second sensing side wrongly.
        .mimo_quirks(false);
    TouchModel::new(&pad_scene(pose()), &config).unwrap()
}

fn models() -> &'static [(TouchModel, TouchFunction)] {
    static MODELS: OnceLock<Vec<(TouchModel, TouchFunction)>> = OnceLock::new();
    MODELS.get_or_init(|| {
        let mut v = Vec::new();
        for kind in [TouchKind::Mesh, TouchKind::Points] {
            for f in [TouchFunction::ForceVectorGlobal, TouchFunction::Normal] {
                v.push((model(kind, f), f));
            }
        }
        v
    })
}

/// Sum of the outputs of one body's sensors.
fn body_sum(model: &TouchModel, data: &TouchData, body: &str) -> Vec<f64> {
    let m = model.values_per_sensor();
    let range = model.body_sensor_range(body).unwrap();
    let mut sum = vec![0.0; m];
    for values in data.output()[range.start * m..range.end * m].chunks(m) {
        for (total, v) in sum.iter_mut().zip(values) {
            *total += v;
        }
    }
    sum
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any contact (anywhere near or far from the sensors, any direction and force): the sum
    /// over each sensing body's sensors is the force on that body (world frame), or the
    /// scalar normal force.
    #[test]
    fn spread_linear_conserves_force(
        p in prop::array::uniform3(-0.08f64..0.08),
        n in prop::array::uniform3(-1.0f64..1.0),
        t in prop::array::uniform3(-3.0f64..3.0),
        fn_ in 0.01f64..20.0,
        depth in 0.0f64..0.003,
        with_geoms in any::<bool>(),
    ) {
        let n = Vector3::from(n);
        prop_assume!(n.norm() > 0.1);
        let n = n.normalize();
        let force = n * fn_ + (Vector3::from(t) - n * n.dot(&Vector3::from(t)));
        let scene = pad_scene(pose());
        let position = pose() * Point3::from(p);
        let mut contact = Contact::new(0, 1, position, n, depth, force).unwrap();
        if with_geoms {
            contact = contact.with_colliders(Some(1), Some(0));
        }
        for (model, f) in models() {
            let mut data = TouchData::new(model);
            model.observe(&mut data, &scene, &[contact]).unwrap();
            for (body, side) in [("pad", Side::A), ("ball", Side::B)] {
                let sum = body_sum(model, &data, body);
                let want: Vec<f64> = match f {
                    TouchFunction::Normal => vec![fn_],
                    _ => contact.force_on(side).as_slice().to_vec(),
                };
                for k in 0..want.len() {
                    prop_assert!((sum[k] - want[k]).abs() <= 1e-12 * (1.0 + want[k].abs()) * 10.0,
                        "{:?} {body}: {sum:?} vs {want:?}", model.kind());
                }
            }
        }
    }
}

/// Many contacts at once: the totals add up contact by contact.
#[test]
fn several_contacts_add_up() {
    let (model, _) = &models()[0];
    let scene = pad_scene(pose());
    let contacts: Vec<Contact> = (0..20)
        .map(|i| {
            let x = -0.04 + 0.004 * i as f64;
            let p = pose() * Point3::new(x, 0.01 * (i % 3) as f64, 0.01);
            let n = pose().rotation * Vector3::z();
            Contact::new(0, 1, p, n, 0.0005, n * (1.0 + i as f64)).unwrap()
        })
        .collect();
    let mut data = TouchData::new(model);
    model.observe(&mut data, &scene, &contacts).unwrap();
    let total: Vector3<f64> = contacts.iter().map(|c| c.force).sum();
    let sum = body_sum(model, &data, "ball");
    assert!((Vector3::from_column_slice(&sum) - total).norm() < 1e-10 * total.norm());
}
