//! Batched forward kinematics against single-configuration forward kinematics, row by row, and
//! its refusals of bad rows and columns.

use morsel_kinematics::urdf::RootJoint;
use morsel_kinematics::{
    Data, FkBatch, JointKind, JointSpec, KinematicsError, LinkSpec, MAX_JOINT_VALUE, Model,
    ModelBuilder, POSE_FLOATS, forward_kinematics,
};
use nalgebra::{Isometry3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{mixed_tree, solo12};

/// The poses that `forward_kinematics` gives for each row (placed into `base` at the named
/// joints), laid out as `FkBatch::run` writes them.
fn row_by_row(model: &Model, names: &[&str], base: &[f64], rows: &[f64]) -> Vec<f64> {
    let width: usize = names
        .iter()
        .map(|n| model.joint(model.joint_id(n).expect("joint")).nq())
        .sum();
    let mut data = Data::new(model);
    let mut out = Vec::new();
    for row in rows.chunks_exact(width) {
        let mut q = base.to_vec();
        let mut col = 0;
        for n in names {
            let j = model.joint(model.joint_id(n).expect("joint"));
            q[j.idx_q()..j.idx_q() + j.nq()].copy_from_slice(&row[col..col + j.nq()]);
            col += j.nq();
        }
        forward_kinematics(model, &mut data, &q).expect("fk");
        for p in data.world_from_frames() {
            let t = p.translation.vector;
            let r = p.rotation.quaternion();
            out.extend_from_slice(&[t.x, t.y, t.z, r.w, r.i, r.j, r.k]);
        }
    }
    out
}

fn run(batch: &FkBatch<'_>, rows: &[f64]) -> Vec<f64> {
    let mut out = vec![f64::NAN; batch.output_len(rows.len() / batch.width()).expect("len")];
    batch.run(rows, &mut out).expect("batch runs");
    out
}

fn assert_bitwise_equal(a: &[f64], b: &[f64]) {
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        assert_eq!(x.to_bits(), y.to_bits(), "float {i}: {x} != {y}");
    }
}

/// Random Solo-12 configurations, all twelve joints in a shuffled order: the batch equals
/// `forward_kinematics` bit for bit, on one thread (few rows) and shared out (many rows).
#[test]
fn solo12_rows_equal_single_fk_bit_for_bit() {
    let model = solo12(RootJoint::Fixed, false);
    let mut names = model.scalar_joint_names();
    names.reverse();
    names.swap(0, 5);
    let batch = FkBatch::new(&model, &names).expect("plan");
    assert_eq!(batch.width(), 12);
    assert_eq!(batch.floats_per_row(), model.frames().len() * POSE_FLOATS);
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    for n in [1, 7, 5000] {
        let rows: Vec<f64> = (0..n * 12).map(|_| rng.random_range(-4.0..4.0)).collect();
        let expected = row_by_row(
            &model,
            &names,
            model.reference_configuration().as_slice(),
            &rows,
        );
        assert_bitwise_equal(&run(&batch, &rows), &expected);
    }
}

/// A floating base, a mimic joint, a fixed joint and an extra frame; a subset of the joints
/// as columns and a base configuration for the others.
#[test]
fn mixed_tree_rows_equal_single_fk_with_a_base() {
    let model = mixed_tree();
    let mut base = model.reference_configuration().as_slice().to_vec();
    let root = model.joint(model.joint_id("root").expect("root"));
    base[root.idx_q()..root.idx_q() + 7].copy_from_slice(&[0.3, -0.2, 0.5, 0.1, 0.2, 0.3, 0.9]);
    let knee = model.joint(model.joint_id("knee").expect("knee")).idx_q();
    base[knee] = 0.7;
    let names = ["slide", "hip"];
    let batch = FkBatch::new(&model, &names)
        .expect("plan")
        .with_base(&base)
        .expect("base");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let rows: Vec<f64> = (0..3000)
        .flat_map(|_| [rng.random_range(-0.5..0.5), rng.random_range(-2.0..2.0)])
        .collect();
    assert_bitwise_equal(
        &run(&batch, &rows),
        &row_by_row(&model, &names, &base, &rows),
    );
    // the floating joint as a column: seven values a row
    let names = ["root", "knee"];
    let batch = FkBatch::new(&model, &names).expect("plan");
    assert_eq!(batch.width(), 8);
    let rows: Vec<f64> = (0..40)
        .flat_map(|_| {
            let mut r: Vec<f64> = (0..8).map(|_| rng.random_range(-1.0..1.0)).collect();
            r[6] += 2.0; // keep the quaternion away from zero
            r
        })
        .collect();
    assert_bitwise_equal(
        &run(&batch, &rows),
        &row_by_row(
            &model,
            &names,
            model.reference_configuration().as_slice(),
            &rows,
        ),
    );
}

/// The same rows on a one-thread pool and on the default pool give the same bits.
#[test]
fn results_do_not_depend_on_the_thread_count() {
    let model = solo12(RootJoint::Fixed, false);
    let names = model.scalar_joint_names();
    let batch = FkBatch::new(&model, &names).expect("plan");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let rows: Vec<f64> = (0..12 * 4000)
        .map(|_| rng.random_range(-3.0..3.0))
        .collect();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool")
        .install(|| run(&batch, &rows));
    let three = rayon::ThreadPoolBuilder::new()
        .num_threads(3)
        .build()
        .expect("pool")
        .install(|| run(&batch, &rows));
    assert_bitwise_equal(&one, &three);
}

fn row_error(e: KinematicsError) -> (usize, String) {
    match e {
        KinematicsError::BatchRow { row, source } => (row, source.to_string()),
        other => panic!("expected a row error, got {other:?}"),
    }
}

#[test]
fn bad_rows_are_refused_naming_the_first_one() {
    let model = solo12(RootJoint::Fixed, false);
    let names = model.scalar_joint_names();
    let batch = FkBatch::new(&model, &names).expect("plan");
    let n = 3000;
    let mut out = vec![0.0; batch.output_len(n).expect("len")];
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let mut rows = vec![0.1; n * 12];
        rows[2001 * 12 + 4] = bad;
        rows[2500 * 12] = bad;
        let e = batch.run(&rows, &mut out).expect_err("refused");
        assert!(e.to_string().starts_with("row 2001 of the batch"), "{e}");
        let (row, msg) = row_error(e);
        assert_eq!(row, 2001);
        assert!(
            msg.contains(&format!("column 4 (joint \"{}\")", names[4])),
            "{msg}"
        );
        assert!(msg.contains("must be finite"), "{msg}");
    }
    // nothing was written before the refusal
    assert!(out.iter().all(|&x| x == 0.0));
    let mut rows = vec![0.0; n * 12];
    rows[17 * 12 + 11] = 2.0 * MAX_JOINT_VALUE;
    let (row, msg) = row_error(batch.run(&rows, &mut out).expect_err("refused"));
    assert_eq!(row, 17);
    assert!(msg.contains("outside"), "{msg}");
}

/// Two hinges, the second following the first three times over.
fn mimic_pair() -> Model {
    let mut b = ModelBuilder::new("pair");
    for name in ["base", "a", "b"] {
        b.add_link(LinkSpec::new(name));
    }
    let hinge = |name: &str, child: &str| {
        JointSpec::new(
            name,
            JointKind::Continuous,
            "base",
            child,
            Isometry3::translation(0.0, 0.0, 0.1),
            Vector3::z(),
        )
    };
    b.add_joint(hinge("lead", "a"));
    b.add_joint(hinge("follow", "b").with_mimic("lead", 3.0, 0.0));
    b.build().expect("pair builds")
}

#[test]
fn mimic_positions_and_quaternions_are_checked_per_row() {
    let model = mimic_pair();
    // a lead value within range whose follower (three times it) is not
    let batch = FkBatch::new(&model, &["lead"]).expect("plan");
    let mut out = vec![0.0; batch.output_len(3).expect("len")];
    let rows = [0.0, 0.5, 0.9 * MAX_JOINT_VALUE];
    let (row, msg) = row_error(batch.run(&rows, &mut out).expect_err("refused"));
    assert_eq!(row, 2);
    assert!(msg.contains("mimic applied"), "{msg}");
    let model = mixed_tree();
    let batch = FkBatch::new(&model, &["root"]).expect("plan");
    let mut out = vec![0.0; batch.output_len(2).expect("len")];
    let rows = [
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    ];
    let (row, msg) = row_error(batch.run(&rows, &mut out).expect_err("refused"));
    assert_eq!(row, 1);
    assert!(msg.contains("zero"), "{msg}");
}

#[test]
fn bad_columns_and_shapes_are_refused() {
    let model = mixed_tree();
    assert!(matches!(
        FkBatch::new(&model, &["hip", "nope"]),
        Err(KinematicsError::UnknownName { .. })
    ));
    let e = FkBatch::new(&model, &["hip", "knee", "hip"]).expect_err("twice");
    assert_eq!(
        e.to_string(),
        "joint \"hip\" is named twice; each column must hold a different joint"
    );
    let e = FkBatch::new(&model, &["tool_mount"]).expect_err("fixed");
    assert!(e.to_string().contains("is fixed"), "{e}");
    let e = FkBatch::new(&model, &["twin_hip"]).expect_err("mimic");
    assert!(e.to_string().contains("mimics \"hip\""), "{e}");
    let none: [&str; 0] = [];
    assert!(FkBatch::new(&model, &none).is_err());
    let batch = FkBatch::new(&model, &["hip", "knee"]).expect("plan");
    let mut out = vec![0.0; batch.output_len(2).expect("len")];
    // three values are not whole rows of two
    assert!(matches!(
        batch.run(&[0.0; 3], &mut out),
        Err(KinematicsError::WrongLength { .. })
    ));
    // an output sized for another number of rows
    assert!(matches!(
        batch.run(&[0.0; 6], &mut out),
        Err(KinematicsError::WrongLength { .. })
    ));
    assert!(batch.output_len(usize::MAX / 2).is_err());
    // a base configuration of the wrong length
    assert!(
        FkBatch::new(&model, &["hip"])
            .expect("plan")
            .with_base(&[0.0])
            .is_err()
    );
    // no rows: nothing to do
    batch.run(&[], &mut []).expect("empty batch");
}

/// A chain of revolute joints about each coordinate axis (both signs) and about slanted axes,
/// with origins that rotate and origins that do not, and fixed joints of both kinds: the poses
/// of forward kinematics (whose short paths drop zero terms and skip identity rotations) and of
/// a batch against the same chain composed with nalgebra's general products and the library's
/// sine and cosine.
#[test]
fn short_paths_match_general_products() {
    let axes = [
        Vector3::x(),
        -Vector3::y(),
        Vector3::z(),
        -Vector3::x(),
        Vector3::y(),
        -Vector3::z(),
        Vector3::new(0.3, -0.5, 0.8),
        Vector3::new(0.0, 0.6, 0.8),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut b = ModelBuilder::new("axes");
    b.add_link(LinkSpec::new("l0"));
    let mut origins = Vec::new();
    for (i, axis) in axes.iter().enumerate() {
        let xyz = Vector3::from_fn(|_, _| rng.random_range(-0.3..0.3));
        let rotated = i % 2 == 1;
        let rpy = if rotated {
            Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0))
        } else {
            Vector3::zeros()
        };
        let origin = Isometry3::new(xyz, rpy);
        let kind = if i == 3 || i == 6 {
            JointKind::Fixed
        } else {
            JointKind::Revolute
        };
        b.add_link(LinkSpec::new(format!("l{}", i + 1)));
        b.add_joint(JointSpec::new(
            format!("j{i}"),
            kind,
            format!("l{i}"),
            format!("l{}", i + 1),
            origin,
            *axis,
        ));
        origins.push((kind, origin, nalgebra::Unit::new_normalize(*axis)));
    }
    let model = b.build().expect("model");
    let names = model.scalar_joint_names();
    let mut data = Data::new(&model);
    for _ in 0..200 {
        let q: Vec<f64> = (0..names.len())
            .map(|_| rng.random_range(-7.0..7.0))
            .collect();
        forward_kinematics(&model, &mut data, &q).expect("fk");
        let mut expected = Isometry3::identity();
        let mut values = q.iter();
        for (i, (kind, origin, axis)) in origins.iter().enumerate() {
            let motion = match kind {
                JointKind::Fixed => Isometry3::identity(),
                _ => {
                    let angle = *values.next().expect("value");
                    let (s, c) = (0.5 * angle).sin_cos();
                    let r = nalgebra::Quaternion::from_parts(c, axis.into_inner() * s);
                    Isometry3::from_parts(
                        nalgebra::Translation3::identity(),
                        nalgebra::UnitQuaternion::new_unchecked(r),
                    )
                }
            };
            expected = expected * origin * motion;
            let got = data.world_from_link(model.link_id(&format!("l{}", i + 1)).expect("link"));
            let dt = (got.translation.vector - expected.translation.vector).norm();
            let dr = (got.rotation.quaternion() - expected.rotation.quaternion()).norm();
            assert!(dt < 1e-14 && dr < 1e-14, "link {}: {dt:e} {dr:e}", i + 1);
        }
    }
    let rows: Vec<f64> = (0..5 * names.len())
        .map(|_| rng.random_range(-7.0..7.0))
        .collect();
    let base = model.reference_configuration().as_slice().to_vec();
    let batch = FkBatch::new(&model, &names).expect("plan");
    assert_bitwise_equal(
        &run(&batch, &rows),
        &row_by_row(&model, &names, &base, &rows),
    );
}
