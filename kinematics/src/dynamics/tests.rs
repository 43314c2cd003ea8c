//! Checks of the dynamics that need no peer: closed forms, identities between the algorithms
//! (RNEA, CRBA, ABA, centroidal), conservation of energy, and the typed errors.

use nalgebra::{
    DMatrix, DVector, Isometry3, Matrix3, Point3, Translation3, UnitQuaternion, Vector3,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::{
    Inertial, JointKind, JointLimits, JointSpec, KinematicsError, LinkSpec, Model, ModelBuilder,
    random_configuration,
};

fn random_inertial(rng: &mut ChaCha8Rng) -> Inertial {
    let mass = rng.random_range(0.5..3.0);
    let r = UnitQuaternion::from_euler_angles(
        rng.random_range(-3.0..3.0),
        rng.random_range(-1.5..1.5),
        rng.random_range(-3.0..3.0),
    );
    let principal = Matrix3::from_diagonal(&Vector3::new(
        rng.random_range(0.01..0.1),
        rng.random_range(0.01..0.1),
        rng.random_range(0.01..0.1),
    ));
    let rm = r.to_rotation_matrix();
    Inertial {
        mass,
        com: Point3::new(
            rng.random_range(-0.2..0.2),
            rng.random_range(-0.2..0.2),
            rng.random_range(-0.2..0.2),
        ),
        inertia: rm.matrix() * principal * rm.matrix().transpose(),
    }
}

fn random_pose(rng: &mut ChaCha8Rng) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(
            rng.random_range(-0.3..0.3),
            rng.random_range(-0.3..0.3),
            rng.random_range(-0.3..0.3),
        ),
        UnitQuaternion::from_euler_angles(
            rng.random_range(-3.0..3.0),
            rng.random_range(-1.5..1.5),
            rng.random_range(-3.0..3.0),
        ),
    )
}

fn random_axis(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    )
}

/// A floating torso with a ball-jointed head, a revolute-prismatic leg (rotated axes), a
/// fixed-then-continuous arm, and, when `mimic`, a finger that mimics the hip.
fn robot(seed: u64, floating: bool, mimic: bool) -> Model {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut b = ModelBuilder::new("robot");
    b.add_link(LinkSpec::new("world"));
    for name in [
        "torso", "head", "thigh", "shin", "arm_base", "forearm", "finger",
    ] {
        b.add_link(LinkSpec::new(name).with_inertial(random_inertial(&mut rng)));
    }
    let root_kind = if floating {
        JointKind::Floating
    } else {
        JointKind::Revolute
    };
    b.add_joint(
        JointSpec::new(
            "root",
            root_kind,
            "world",
            "torso",
            random_pose(&mut rng),
            random_axis(&mut rng),
        )
        .with_armature(0.02),
    );
    b.add_joint(JointSpec::new(
        "neck",
        JointKind::Ball,
        "torso",
        "head",
        random_pose(&mut rng),
        Vector3::z(),
    ));
    b.add_joint(
        JointSpec::new(
            "hip",
            JointKind::Revolute,
            "torso",
            "thigh",
            random_pose(&mut rng),
            random_axis(&mut rng),
        )
        .with_limits(JointLimits::position(-2.0, 2.0))
        .with_armature(0.1),
    );
    b.add_joint(
        JointSpec::new(
            "knee",
            JointKind::Prismatic,
            "thigh",
            "shin",
            random_pose(&mut rng),
            random_axis(&mut rng),
        )
        .with_limits(JointLimits::position(-0.3, 0.3)),
    );
    b.add_joint(JointSpec::new(
        "mount",
        JointKind::Fixed,
        "torso",
        "arm_base",
        random_pose(&mut rng),
        Vector3::z(),
    ));
    b.add_joint(JointSpec::new(
        "elbow",
        JointKind::Continuous,
        "arm_base",
        "forearm",
        random_pose(&mut rng),
        random_axis(&mut rng),
    ));
    let finger = JointSpec::new(
        "finger",
        JointKind::Revolute,
        "forearm",
        "finger",
        random_pose(&mut rng),
        random_axis(&mut rng),
    )
    .with_limits(JointLimits::position(-2.0, 2.0));
    b.add_joint(if mimic {
        finger.with_mimic("hip", 0.7, 0.1)
    } else {
        finger
    });
    b.build().expect("model")
}

fn random_state(model: &Model, seed: u64) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut q = vec![0.0; model.nq()];
    random_configuration(model, &mut rng, false, &mut q).expect("q");
    for joint in model.joints() {
        if joint.kind() == JointKind::Floating {
            for k in 0..3 {
                q[joint.idx_q() + k] = rng.random_range(-1.0..1.0);
            }
        }
    }
    let v = (0..model.nv())
        .map(|_| rng.random_range(-2.0..2.0))
        .collect();
    let x = (0..model.nv())
        .map(|_| rng.random_range(-2.0..2.0))
        .collect();
    (q, v, x)
}

fn close(a: &[f64], b: &[f64], tol: f64) -> bool {
    let scale = 1.0 + b.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= tol * scale)
}

#[test]
fn aba_inverts_rnea_on_every_joint_kind() {
    for (seed, floating, mimic) in [(1, true, false), (2, false, false), (3, true, true)] {
        let model = robot(seed, floating, mimic);
        let mut data = DynamicsData::new(&model);
        for s in 0..5 {
            let (q, v, tau) = random_state(&model, 100 * seed + s);
            let qdd = aba(&model, &mut data, &q, &v, &tau, &[])
                .expect("aba")
                .to_vec();
            let back = rnea(&model, &mut data, &q, &v, &qdd, &[])
                .expect("rnea")
                .to_vec();
            assert!(close(&back, &tau, 1e-10), "{seed}/{s}: {back:?} vs {tau:?}");
        }
    }
}

#[test]
fn mass_matrix_columns_are_rnea_differences() {
    for (seed, floating, mimic) in [(4, true, false), (5, true, true)] {
        let model = robot(seed, floating, mimic);
        let mut data = DynamicsData::new(&model);
        let (q, v, _) = random_state(&model, seed);
        let m = mass_matrix(&model, &mut data, &q).expect("M").clone();
        assert!((&m - m.transpose()).amax() < 1e-12 * m.amax());
        assert!(m.clone().cholesky().is_some(), "positive definite");
        let bias = nonlinear_effects(&model, &mut data, &q, &v)
            .expect("h")
            .to_vec();
        for k in 0..model.nv() {
            let mut a = vec![0.0; model.nv()];
            a[k] = 1.0;
            let tau = rnea(&model, &mut data, &q, &v, &a, &[]).expect("rnea");
            let column: Vec<f64> = tau.iter().zip(&bias).map(|(t, b)| t - b).collect();
            assert!(close(&column, m.column(k).as_slice(), 1e-12), "column {k}");
        }
        let minv = inverse_mass_matrix(&model, &mut data, &q).expect("M⁻¹");
        assert!((minv * &m - DMatrix::identity(model.nv(), model.nv())).amax() < 1e-9);
        // The kinetic energy is ½ vᵀ M v.
        let ke = kinetic_energy(&model, &mut data, &q, &v).expect("T");
        let vv = DVector::from_column_slice(&v);
        assert!((ke - 0.5 * vv.dot(&(&m * &vv))).abs() < 1e-12 * (1.0 + ke));
    }
}

#[test]
fn gravity_torques_are_rnea_at_rest_and_the_gradient_of_potential_energy() {
    let model = robot(6, false, true);
    let mut data = DynamicsData::new(&model);
    let (q, _, _) = random_state(&model, 6);
    let g = gravity_torques(&model, &mut data, &q).expect("g").to_vec();
    let zeros = vec![0.0; model.nv()];
    let r = rnea(&model, &mut data, &q, &zeros, &zeros, &[])
        .expect("rnea")
        .to_vec();
    assert!(close(&g, &r, 1e-14));
    // g = ∂V/∂q along each tangent direction (central differences through integrate).
    for k in 0..model.nv() {
        let mut dv = vec![0.0; model.nv()];
        let h = 1e-6;
        dv[k] = h;
        let mut plus = vec![0.0; model.nq()];
        crate::integrate(&model, &q, &dv, &mut plus).expect("q+");
        dv[k] = -h;
        let mut minus = vec![0.0; model.nq()];
        crate::integrate(&model, &q, &dv, &mut minus).expect("q-");
        let dvdq = (potential_energy(&model, &mut data, &plus).expect("V")
            - potential_energy(&model, &mut data, &minus).expect("V"))
            / (2.0 * h);
        assert!((dvdq - g[k]).abs() < 1e-6, "{k}: {dvdq} vs {}", g[k]);
    }
}

#[test]
fn a_free_body_falls_at_g_in_world_axes_whatever_its_orientation() {
    // MuJoCo's qvel: a free joint's linear acceleration is the rate of its world position.
    let mut b = ModelBuilder::new("ball");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    b.add_link(LinkSpec::new("world"));
    b.add_link(LinkSpec::new("body").with_inertial(random_inertial(&mut rng)));
    b.add_joint(JointSpec::new(
        "free",
        JointKind::Floating,
        "world",
        "body",
        Isometry3::identity(),
        Vector3::z(),
    ));
    let model = b.build().expect("model");
    let mut data = DynamicsData::new(&model);
    let (q, _, _) = random_state(&model, 8);
    let qdd = aba(&model, &mut data, &q, &[0.0; 6], &[0.0; 6], &[]).expect("aba");
    assert!(
        close(qdd, &[0.0, 0.0, -9.81, 0.0, 0.0, 0.0], 1e-12),
        "{qdd:?}"
    );
    // A world-frame force on it gives F/m along world axes, whatever the orientation.
    let push = LinkWrench {
        link: model.link_id("body").expect("link"),
        force: Vector3::new(3.0, 0.0, 9.81 * model.total_mass()),
        torque: Vector3::zeros(),
    };
    let qdd = aba(&model, &mut data, &q, &[0.0; 6], &[0.0; 6], &[push]).expect("aba");
    let com_accel = Vector3::new(3.0, 0.0, 0.0) / model.total_mass();
    // The body's origin accelerates as its centre of mass plus the spin the off-centre push
    // gives: check through the momentum instead (d/dt of linear momentum = F + m g).
    let _ = qdd;
    let dt = 1e-6;
    let v0 = [0.0; 6];
    let mom0 = centroidal_momentum(&model, &mut data, &q, &v0)
        .expect("h")
        .linear;
    let qdd = aba(&model, &mut data, &q, &v0, &[0.0; 6], &[push])
        .expect("aba")
        .to_vec();
    let v1: Vec<f64> = qdd.iter().map(|a| a * dt).collect();
    let mom1 = centroidal_momentum(&model, &mut data, &q, &v1)
        .expect("h")
        .linear;
    assert!(((mom1 - mom0) / dt / model.total_mass() - com_accel).norm() < 1e-9);
}

#[test]
fn closed_form_pendulum() {
    // A point mass m at distance l below a hinge about y: g(θ) = m g l sin θ, M = m l² + arm.
    let (m, l, arm) = (2.0, 0.7, 0.05);
    let mut b = ModelBuilder::new("pendulum");
    b.add_link(LinkSpec::new("world"));
    b.add_link(LinkSpec::new("bob").with_inertial(Inertial {
        mass: m,
        com: Point3::new(0.0, 0.0, -l),
        inertia: Matrix3::zeros(),
    }));
    b.add_joint(
        JointSpec::new(
            "hinge",
            JointKind::Continuous,
            "world",
            "bob",
            Isometry3::identity(),
            Vector3::y(),
        )
        .with_armature(arm),
    );
    let model = b.build().expect("model");
    let mut data = DynamicsData::new(&model);
    let theta = 0.4_f64;
    let g = gravity_torques(&model, &mut data, &[theta]).expect("g")[0];
    assert!((g - m * 9.81 * l * theta.sin()).abs() < 1e-12);
    let mass = mass_matrix(&model, &mut data, &[theta]).expect("M")[(0, 0)];
    assert!((mass - (m * l * l + arm)).abs() < 1e-12);
    let qdd = aba(&model, &mut data, &[theta], &[1.3], &[0.0], &[]).expect("aba")[0];
    assert!((qdd + m * 9.81 * l * theta.sin() / (m * l * l + arm)).abs() < 1e-12);
    // The angular momentum about the hinge's axis: h_y = m l² ω about the pivot, which is
    // m l² ω − (com × p)_y... about the CoM the point mass has none.
    let h = centroidal_momentum(&model, &mut data, &[theta], &[1.3]).expect("h");
    assert!(h.angular.norm() < 1e-12);
    assert!((h.linear.norm() - m * l * 1.3).abs() < 1e-12);
}

#[test]
fn energy_is_conserved_in_free_motion() {
    // RK4 on (q, v) with zero torque; total energy drifts by O(dt⁴).
    let model = robot(9, true, false);
    let mut data = DynamicsData::new(&model);
    let (q0, v0, _) = random_state(&model, 9);
    let (nq, nv) = (model.nq(), model.nv());
    let energy = |data: &mut DynamicsData, q: &[f64], v: &[f64]| {
        kinetic_energy(&model, data, q, v).expect("T")
            + potential_energy(&model, data, q).expect("V")
    };
    let e0 = energy(&mut data, &q0, &v0);
    let zero = vec![0.0; nv];
    let (mut q, mut v) = (q0.clone(), v0.clone());
    let dt = 1e-3;
    let mut tmp = vec![0.0; nq];
    for _ in 0..500 {
        let acc = |data: &mut DynamicsData, q: &[f64], v: &[f64]| -> Vec<f64> {
            aba(&model, data, q, v, &zero, &[]).expect("aba").to_vec()
        };
        let k1v = v.clone();
        let k1a = acc(&mut data, &q, &v);
        let step = |q: &[f64], d: &[f64], h: f64, out: &mut [f64]| {
            let dv: Vec<f64> = d.iter().map(|x| x * h).collect();
            crate::integrate(&model, q, &dv, out).expect("integrate");
        };
        // The tangent-space RK4 of MuJoCo: positions advance along averaged velocities.
        step(&q, &k1v, 0.5 * dt, &mut tmp);
        let k2v: Vec<f64> = v.iter().zip(&k1a).map(|(v, a)| v + 0.5 * dt * a).collect();
        let k2a = acc(&mut data, &tmp, &k2v);
        step(&q, &k2v, 0.5 * dt, &mut tmp);
        let k3v: Vec<f64> = v.iter().zip(&k2a).map(|(v, a)| v + 0.5 * dt * a).collect();
        let k3a = acc(&mut data, &tmp, &k3v);
        step(&q, &k3v, dt, &mut tmp);
        let k4v: Vec<f64> = v.iter().zip(&k3a).map(|(v, a)| v + dt * a).collect();
        let k4a = acc(&mut data, &tmp, &k4v);
        let dq: Vec<f64> = (0..nv)
            .map(|i| (k1v[i] + 2.0 * k2v[i] + 2.0 * k3v[i] + k4v[i]) / 6.0)
            .collect();
        let mut next = vec![0.0; nq];
        step(&q, &dq, dt, &mut next);
        for i in 0..nv {
            v[i] += dt * (k1a[i] + 2.0 * k2a[i] + 2.0 * k3a[i] + k4a[i]) / 6.0;
        }
        q = next;
    }
    let e1 = energy(&mut data, &q, &v);
    assert!((e1 - e0).abs() < 1e-6 * (1.0 + e0.abs()), "{e0} -> {e1}");
}

#[test]
fn centroidal_map_times_v_is_the_momentum() {
    let model = robot(10, true, true);
    let mut data = DynamicsData::new(&model);
    let (q, v, _) = random_state(&model, 10);
    let a = centroidal_map(&model, &mut data, &q).expect("A");
    let h = centroidal_momentum(&model, &mut data, &q, &v).expect("h");
    let av = a * DVector::from_column_slice(&v);
    let expected = [h.linear.as_slice(), h.angular.as_slice()].concat();
    assert!(close(av.as_slice(), &expected, 1e-12));
    // Linear momentum is the total mass times the centre of mass's velocity.
    let mut kdata = crate::Data::new(&model);
    let mut jc = nalgebra::Matrix3xX::zeros(model.nv());
    crate::com_jacobian(&model, &mut kdata, &q, &mut jc).expect("Jc");
    let vc = jc * DVector::from_column_slice(&v);
    assert!((h.linear - vc * model.total_mass()).norm() < 1e-10);
}

#[test]
fn bad_input_is_a_typed_error_naming_the_argument() {
    let model = robot(11, true, false);
    let mut data = DynamicsData::new(&model);
    let (q, v, a) = random_state(&model, 11);
    let message = |r: Result<&[f64], KinematicsError>| r.expect_err("error").to_string();
    assert!(message(rnea(&model, &mut data, &q[1..], &v, &a, &[])).contains("configuration q"));
    assert!(message(rnea(&model, &mut data, &q, &v[1..], &a, &[])).contains("velocity v"));
    assert!(message(rnea(&model, &mut data, &q, &v, &a[1..], &[])).contains("acceleration a"));
    assert!(message(aba(&model, &mut data, &q, &v, &a[1..], &[])).contains("torque tau"));
    let mut bad = v.clone();
    bad[2] = f64::NAN;
    assert!(message(rnea(&model, &mut data, &q, &bad, &a, &[])).contains("velocity v[2]"));
    let mut off = q.clone();
    off[3] *= 1.01;
    let e = message(rnea(&model, &mut data, &off, &v, &a, &[]));
    assert!(e.contains("q[3..7]") && e.contains("\"root\""), "{e}");
    // Other data.
    let other = robot(12, true, false);
    let mut other_data = DynamicsData::new(&other);
    assert!(message(rnea(&model, &mut other_data, &q, &v, &a, &[])).contains("another model"));
}

#[test]
fn a_massless_subtree_is_named_by_the_calls_that_need_an_inverse() {
    let mut b = ModelBuilder::new("kinematic");
    b.add_link(LinkSpec::new("world"));
    b.add_link(LinkSpec::new("upper").with_inertial(Inertial {
        mass: 1.0,
        com: Point3::new(0.3, 0.0, 0.0),
        inertia: Matrix3::identity() * 0.01,
    }));
    b.add_link(LinkSpec::new("tool"));
    b.add_joint(JointSpec::new(
        "shoulder",
        JointKind::Continuous,
        "world",
        "upper",
        Isometry3::identity(),
        Vector3::z(),
    ));
    b.add_joint(JointSpec::new(
        "wrist",
        JointKind::Continuous,
        "upper",
        "tool",
        Isometry3::translation(0.5, 0.0, 0.0),
        Vector3::z(),
    ));
    let model = b.build().expect("model");
    let mut data = DynamicsData::new(&model);
    // Inverse dynamics and the (singular) mass matrix still answer.
    assert!(rnea(&model, &mut data, &[0.1, 0.2], &[0.0; 2], &[0.0; 2], &[]).is_ok());
    assert!(mass_matrix(&model, &mut data, &[0.1, 0.2]).is_ok());
    for e in [
        aba(&model, &mut data, &[0.1, 0.2], &[0.0; 2], &[0.0; 2], &[]).map(|_| ()),
        inverse_mass_matrix(&model, &mut data, &[0.1, 0.2]).map(|_| ()),
    ] {
        let e = e.expect_err("singular");
        assert!(
            matches!(&e, KinematicsError::NothingToMove { joint, .. } if joint == "wrist"),
            "{e}"
        );
    }
}

/// Central differences of `f` along each tangent direction of `q` (through `integrate`).
fn tangent_differences(
    model: &Model,
    q: &[f64],
    mut f: impl FnMut(&[f64]) -> Vec<f64>,
) -> DMatrix<f64> {
    let nv = model.nv();
    let h = 1e-6;
    let mut out = DMatrix::zeros(nv, nv);
    for k in 0..nv {
        let mut dv = vec![0.0; nv];
        dv[k] = h;
        let mut plus = vec![0.0; model.nq()];
        crate::integrate(model, q, &dv, &mut plus).expect("q+");
        dv[k] = -h;
        let mut minus = vec![0.0; model.nq()];
        crate::integrate(model, q, &dv, &mut minus).expect("q-");
        let (fp, fm) = (f(&plus), f(&minus));
        for r in 0..nv {
            out[(r, k)] = (fp[r] - fm[r]) / (2.0 * h);
        }
    }
    out
}

fn velocity_differences(
    nv: usize,
    v: &[f64],
    mut f: impl FnMut(&[f64]) -> Vec<f64>,
) -> DMatrix<f64> {
    let h = 1e-6;
    let mut out = DMatrix::zeros(nv, nv);
    for k in 0..nv {
        let (mut plus, mut minus) = (v.to_vec(), v.to_vec());
        plus[k] += h;
        minus[k] -= h;
        let (fp, fm) = (f(&plus), f(&minus));
        for r in 0..nv {
            out[(r, k)] = (fp[r] - fm[r]) / (2.0 * h);
        }
    }
    out
}

#[test]
fn rnea_and_aba_derivatives_equal_central_differences() {
    for (seed, floating, mimic) in [(13, true, false), (14, false, true), (15, true, true)] {
        let model = robot(seed, floating, mimic);
        let mut data = DynamicsData::new(&model);
        let (q, v, a) = random_state(&model, seed);
        let d = rnea_derivatives(&model, &mut data, &q, &v, &a).expect("derivatives");
        let mut scratch = DynamicsData::new(&model);
        let fd_q = tangent_differences(&model, &q, |q| {
            rnea(&model, &mut scratch, q, &v, &a, &[])
                .expect("rnea")
                .to_vec()
        });
        let fd_v = velocity_differences(model.nv(), &v, |v| {
            rnea(&model, &mut scratch, &q, v, &a, &[])
                .expect("rnea")
                .to_vec()
        });
        let scale = 1.0 + fd_q.amax();
        let diff = &d.dtau_dq - &fd_q;
        let bad: Vec<(usize, usize, f64)> = (0..model.nv())
            .flat_map(|r| (0..model.nv()).map(move |c| (r, c)))
            .filter(|&(r, c)| diff[(r, c)].abs() > 1e-6 * scale)
            .map(|(r, c)| (r, c, diff[(r, c)]))
            .collect();
        assert!(bad.is_empty(), "{seed} dq: {bad:?}");
        assert!(
            (&d.dtau_dv - &fd_v).amax() < 1e-6 * (1.0 + fd_v.amax()),
            "{seed} dv"
        );
        let m = mass_matrix(&model, &mut scratch, &q).expect("M").clone();
        assert!((&d.dtau_da - &m).amax() < 1e-12 * m.amax());
        // ABA's derivatives against its own central differences.
        let tau = a.clone();
        let ad = aba_derivatives(&model, &mut data, &q, &v, &tau).expect("aba derivatives");
        let fd_q = tangent_differences(&model, &q, |q| {
            aba(&model, &mut scratch, q, &v, &tau, &[])
                .expect("aba")
                .to_vec()
        });
        let fd_v = velocity_differences(model.nv(), &v, |v| {
            aba(&model, &mut scratch, &q, v, &tau, &[])
                .expect("aba")
                .to_vec()
        });
        assert!(
            (&ad.dqdd_dq - &fd_q).amax() < 1e-5 * (1.0 + fd_q.amax()),
            "{seed} aba dq"
        );
        assert!(
            (&ad.dqdd_dv - &fd_v).amax() < 1e-5 * (1.0 + fd_v.amax()),
            "{seed} aba dv"
        );
        let minv = inverse_mass_matrix(&model, &mut scratch, &q).expect("M⁻¹");
        assert!((&ad.dqdd_dtau - minv).amax() < 1e-9);
    }
}
