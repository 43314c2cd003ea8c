//! The fast paths against the general ones they stand for: revolute joints about a frame axis
//! (two columns turned instead of a rotation product, the world column read off the rotation)
//! against the same bodies taken as general axes, and the mass-matrix batch (written straight
//! into its blocks) against single calls.

use std::sync::Arc;

use nalgebra::{Isometry3, Translation3, UnitQuaternion, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::{Inertial, JointKind, JointSpec, LinkSpec, Model, ModelBuilder, random_configuration};

/// A fixed-base chain of six revolute joints about ±x, ±y, ±z (one of them a mimic joint when
/// `mimic`), each at a turned and shifted origin, with random inertias.
fn aligned_chain(mimic: bool) -> Model {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let mut b = ModelBuilder::new("aligned");
    b.add_link(LinkSpec::new("base"));
    let axes = [
        Vector3::x(),
        -Vector3::y(),
        Vector3::z(),
        -Vector3::x(),
        Vector3::y(),
        -Vector3::z(),
    ];
    for (k, axis) in axes.iter().enumerate() {
        let inertial = Inertial {
            mass: rng.random_range(0.5..2.0),
            com: nalgebra::Point3::new(
                rng.random_range(-0.1..0.1),
                rng.random_range(-0.1..0.1),
                rng.random_range(-0.1..0.1),
            ),
            inertia: nalgebra::Matrix3::from_diagonal(&Vector3::new(0.02, 0.03, 0.04)),
        };
        b.add_link(LinkSpec::new(format!("l{k}")).with_inertial(inertial));
        let origin = Isometry3::from_parts(
            Translation3::new(0.1, -0.05 * k as f64, 0.2),
            UnitQuaternion::from_euler_angles(0.3 * k as f64, -0.2, 0.7),
        );
        let parent = if k == 0 {
            "base".to_string()
        } else {
            format!("l{}", k - 1)
        };
        let joint = JointSpec::new(
            format!("j{k}"),
            JointKind::Revolute,
            parent,
            format!("l{k}"),
            origin,
            *axis,
        )
        .with_armature(0.01 * k as f64);
        b.add_joint(if mimic && k == 4 {
            joint.with_mimic("j1", 1.0, 0.0)
        } else {
            joint
        });
    }
    b.build().expect("model")
}

/// The same data with every body's joint taken as a general axis.
fn general(model: &Model) -> DynamicsData {
    let mut data = DynamicsData::new(model);
    let mut tree = (*data.tree).clone();
    tree.bodies.iter_mut().for_each(|b| b.aligned = None);
    data.tree = Arc::new(tree);
    data
}

#[test]
fn aligned_axes_agree_with_general_ones() {
    for mimic in [false, true] {
        let model = aligned_chain(mimic);
        let mut fast = DynamicsData::new(&model);
        assert!(fast.tree.bodies.iter().all(|b| b.aligned.is_some()));
        let mut slow = general(&model);
        let mut rng = ChaCha8Rng::seed_from_u64(62);
        for _ in 0..20 {
            let mut q = vec![0.0; model.nq()];
            random_configuration(&model, &mut rng, false, &mut q).expect("q");
            let v: Vec<f64> = (0..model.nv())
                .map(|_| rng.random_range(-2.0..2.0))
                .collect();
            let a: Vec<f64> = (0..model.nv())
                .map(|_| rng.random_range(-2.0..2.0))
                .collect();
            let m_fast = mass_matrix(&model, &mut fast, &q).expect("M").clone();
            let m_slow = mass_matrix(&model, &mut slow, &q).expect("M").clone();
            assert!((&m_fast - &m_slow).amax() < 1e-13, "{m_fast} {m_slow}");
            let t_fast = rnea(&model, &mut fast, &q, &v, &a, &[])
                .expect("rnea")
                .to_vec();
            let t_slow = rnea(&model, &mut slow, &q, &v, &a, &[])
                .expect("rnea")
                .to_vec();
            for (x, y) in t_fast.iter().zip(&t_slow) {
                assert!(
                    (x - y).abs() < 1e-12 * (1.0 + y.abs()),
                    "{t_fast:?} {t_slow:?}"
                );
            }
        }
    }
}

#[test]
fn mass_matrix_batch_equals_single_calls_bit_for_bit() {
    for mimic in [false, true] {
        let model = aligned_chain(mimic);
        let mut rng = ChaCha8Rng::seed_from_u64(63);
        let (nq, nv, n) = (model.nq(), model.nv(), 150);
        let mut q = vec![0.0; n * nq];
        for row in q.chunks_exact_mut(nq) {
            random_configuration(&model, &mut rng, false, row).expect("q");
        }
        let mut out = vec![f64::NAN; n * nv * nv];
        mass_matrix_batch(&model, &q, &mut out).expect("batch");
        let mut data = DynamicsData::new(&model);
        for (row, block) in q.chunks_exact(nq).zip(out.chunks_exact(nv * nv)) {
            let m = mass_matrix(&model, &mut data, row).expect("M");
            assert_eq!(m.as_slice(), block);
            assert_eq!(m, &m.transpose());
        }
    }
}
