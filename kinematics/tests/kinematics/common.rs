//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

use morsel_kinematics::urdf::{RootJoint, UrdfOptions, load_file};
use morsel_kinematics::{
    ChainBuilder, Inertial, JointKind, JointLimits, JointSpec, LinkSpec, Model, ModelBuilder,
};
use nalgebra::{Isometry3, Matrix3, Point3, Vector3};

/// Path of a robot in the repository's assets.
pub fn robot(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../assets/robots")
        .join(path)
}

pub fn panda() -> Model {
    load_file(robot("panda/panda.urdf"), &UrdfOptions::kinematics_only()).expect("panda loads")
}

pub fn ur5() -> Model {
    load_file(robot("ur5/ur5_robot.urdf"), &UrdfOptions::kinematics_only()).expect("ur5 loads")
}

pub fn solo12(root: RootJoint, geometry: bool) -> Model {
    let options = UrdfOptions {
        root_joint: root,
        load_visuals: geometry,
        load_collisions: geometry,
        ..UrdfOptions::default()
    };
    load_file(robot("solo12/solo12.urdf"), &options).expect("solo12 loads")
}

fn point_mass(mass: f64, com: [f64; 3]) -> Inertial {
    Inertial {
        mass,
        com: Point3::from(com),
        inertia: Matrix3::identity() * 1e-3,
    }
}

/// A tree that exercises every joint kind: a floating base, revolute, continuous and prismatic
/// joints, a mimic joint on a second branch, fixed joints and an extra frame with an offset.
pub fn mixed_tree() -> Model {
    let mut b = ModelBuilder::new("mixed");
    for (name, mass, com) in [
        ("world", 0.0, [0.0; 3]),
        ("base", 2.0, [0.05, 0.0, 0.02]),
        ("upper", 1.0, [0.0, 0.1, 0.2]),
        ("lower", 0.7, [0.1, 0.0, 0.15]),
        ("slider", 0.3, [0.0, 0.0, 0.05]),
        ("tool", 0.1, [0.02, 0.0, 0.0]),
        ("twin", 0.4, [0.0, -0.1, 0.1]),
    ] {
        b.add_link(LinkSpec::new(name).with_inertial(point_mass(mass, com)));
    }
    let pose = |xyz: [f64; 3], rpy: [f64; 3]| {
        Isometry3::new(Vector3::from(xyz), Vector3::zeros()) * rotation(rpy)
    };
    b.add_joint(JointSpec::new(
        "root",
        JointKind::Floating,
        "world",
        "base",
        Isometry3::identity(),
        Vector3::z(),
    ));
    b.add_joint(
        JointSpec::new(
            "hip",
            JointKind::Revolute,
            "base",
            "upper",
            pose([0.1, 0.0, 0.2], [0.3, 0.0, 0.0]),
            Vector3::new(0.0, 1.0, 1.0),
        )
        .with_limits(JointLimits::position(-2.0, 2.0)),
    );
    b.add_joint(JointSpec::new(
        "knee",
        JointKind::Continuous,
        "upper",
        "lower",
        pose([0.0, 0.1, 0.3], [0.0, 0.2, -0.4]),
        Vector3::x(),
    ));
    b.add_joint(
        JointSpec::new(
            "slide",
            JointKind::Prismatic,
            "lower",
            "slider",
            pose([0.2, 0.0, 0.1], [0.0, 0.0, 0.5]),
            Vector3::new(1.0, 0.0, 1.0),
        )
        .with_limits(JointLimits::position(-0.5, 0.5)),
    );
    b.add_joint(JointSpec::new(
        "tool_mount",
        JointKind::Fixed,
        "slider",
        "tool",
        pose([0.0, 0.05, 0.1], [0.1, 0.2, 0.3]),
        Vector3::z(),
    ));
    b.add_joint(
        JointSpec::new(
            "twin_hip",
            JointKind::Revolute,
            "base",
            "twin",
            pose([-0.1, 0.0, 0.2], [0.0, 0.0, 0.0]),
            Vector3::y(),
        )
        .with_limits(JointLimits::position(-3.0, 3.0))
        .with_mimic("hip", -0.5, 0.1),
    );
    b.add_frame(
        "tool_tip",
        "tool",
        pose([0.1, 0.02, -0.03], [0.0, 0.4, 0.0]),
    );
    b.build().expect("mixed tree builds")
}

pub fn rotation(rpy: [f64; 3]) -> Isometry3<f64> {
    Isometry3::from_parts(
        nalgebra::Translation3::identity(),
        morsel_kinematics::spatial::rotation_from_rpy(rpy),
    )
}

/// A planar arm in the x-y plane: revolute joints about z, links of the given lengths along x.
pub fn planar_arm(lengths: &[f64]) -> Model {
    let mut chain = ChainBuilder::new("planar");
    let mut offset = 0.0;
    for (i, &l) in lengths.iter().enumerate() {
        chain = chain.revolute(
            format!("j{i}"),
            [0.0, 0.0, 1.0],
            [offset, 0.0, 0.0],
            [-4.0, 4.0],
        );
        offset = l;
    }
    chain
        .fixed("tip", [offset, 0.0, 0.0])
        .build()
        .expect("planar arm builds")
}
