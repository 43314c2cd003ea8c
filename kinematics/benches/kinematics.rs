//! Criterion benchmarks: forward kinematics, frame Jacobian and centre of mass of the Panda.
//!
//! `cargo bench -p morsel-kinematics`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use morsel_kinematics::urdf::{UrdfOptions, load_file};
use morsel_kinematics::{
    Data, IkOptions, IkSolver, IkTarget, JacobianConvention, center_of_mass, com_jacobian,
    forward_kinematics, frame_jacobian, frame_placement,
};
use nalgebra::{Matrix3xX, Matrix6xX};

fn panda(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/panda/panda.urdf"
    );
    let model = load_file(path, &UrdfOptions::kinematics_only()).expect("panda loads");
    let mut data = Data::new(&model);
    let mut q = model.mid_configuration();
    q[0] = 0.3;
    q[2] = -0.4;
    let tcp = model.frame_id("panda_hand_tcp").expect("tcp frame");
    let mut jacobian = Matrix6xX::zeros(model.nv());
    let mut com_jac = Matrix3xX::zeros(model.nv());

    c.bench_function("panda forward_kinematics (all links and frames)", |b| {
        b.iter(|| forward_kinematics(&model, &mut data, black_box(q.as_slice())).expect("fk"))
    });
    c.bench_function("panda frame_placement (hand_tcp)", |b| {
        b.iter(|| {
            frame_placement(&model, &mut data, black_box(q.as_slice()), tcp).expect("placement")
        })
    });
    for (name, convention) in [
        ("world", JacobianConvention::World),
        ("local", JacobianConvention::Local),
        ("local_world_aligned", JacobianConvention::LocalWorldAligned),
    ] {
        c.bench_function(
            &format!("panda frame_jacobian {name} (hand_tcp, includes FK)"),
            |b| {
                b.iter(|| {
                    frame_jacobian(
                        &model,
                        &mut data,
                        black_box(q.as_slice()),
                        tcp,
                        convention,
                        &mut jacobian,
                    )
                    .expect("jacobian")
                })
            },
        );
    }
    c.bench_function("panda center_of_mass", |b| {
        b.iter(|| center_of_mass(&model, &mut data, black_box(q.as_slice())).expect("com"))
    });
    c.bench_function("panda com_jacobian", |b| {
        b.iter(|| {
            com_jacobian(&model, &mut data, black_box(q.as_slice()), &mut com_jac)
                .expect("com jacobian")
        })
    });
}

fn panda_ik(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../assets/robots/panda/panda.urdf"
    );
    let model = load_file(path, &UrdfOptions::kinematics_only()).expect("panda loads");
    let mut data = Data::new(&model);
    let mut goal_q = model.mid_configuration();
    for (i, v) in [0.4, -0.3, 0.5, -1.2, 0.3, 1.5, -0.6].iter().enumerate() {
        goal_q[i] = *v;
    }
    let tcp = model.frame_id("panda_hand_tcp").expect("tcp frame");
    let goal = frame_placement(&model, &mut data, goal_q.as_slice(), tcp).expect("goal");
    let target = [IkTarget::pose(&model, tcp, goal).expect("target")];
    let mut solver = IkSolver::new(&model);
    let options = IkOptions::default();
    let seed = model.mid_configuration();
    let iterations = solver
        .solve(&model, &target, seed.as_slice(), &options)
        .expect("solve")
        .iterations;
    c.bench_function(
        &format!("panda ik from mid seed ({iterations} iterations)"),
        |b| {
            b.iter(|| {
                solver
                    .solve(&model, black_box(&target), seed.as_slice(), &options)
                    .expect("solve")
            })
        },
    );
}

criterion_group!(benches, panda, panda_ik);
criterion_main!(benches);
