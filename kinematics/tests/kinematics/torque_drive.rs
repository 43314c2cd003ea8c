//! Armatures driven by torques: a pendulum under gravity against its energy, PD control with
//! gravity compensation holding a target, and the errors.

use morsel_kinematics::mjcf::load_str;
use morsel_kinematics::{
    Armature, DynamicsData, MotionKind, TorqueLaw, kinetic_energy, potential_energy,
};

const CHAIN: &str = r#"<mujoco><worldbody>
  <body name="l1" pos="0 0 1">
    <joint name="j1" type="hinge" axis="0 1 0"/>
    <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.02" mass="1"/>
    <body name="l2" pos="0.4 0 0">
      <joint name="j2" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.5"/>
      <body name="l3" pos="0.3 0 0">
        <joint name="j3" type="ball"/>
        <geom type="box" size="0.05 0.02 0.01" pos="0.05 0 0" mass="0.2"/>
      </body>
    </body>
  </body>
</worldbody></mujoco>"#;

#[test]
fn a_falling_chain_keeps_its_energy_and_a_pd_with_gravity_compensation_holds_its_target() {
    let model = load_str(CHAIN, ".").expect("chain");
    let mut arm = Armature::new("chain", model.clone()).expect("armature");
    let mut q = arm.configuration().as_slice().to_vec();
    q[0] = 0.3;
    q[1] = -0.5;
    arm.set_configuration(&q).expect("q");
    arm.drive_torques(TorqueLaw::passive(&model), None)
        .expect("drive");
    assert_eq!(arm.current_motion(), Some(MotionKind::Torques));
    let mut data = DynamicsData::new(&model);
    let energy = |arm: &Armature, data: &mut DynamicsData| {
        let q = arm.configuration().as_slice();
        let v = arm.velocity().expect("velocity");
        kinetic_energy(&model, data, q, v).expect("T")
            + potential_energy(&model, data, q).expect("V")
    };
    let e0 = energy(&arm, &mut data);
    for _ in 0..1000 {
        arm.tick(1e-3).expect("tick");
    }
    let e1 = energy(&arm, &mut data);
    assert!((e1 - e0).abs() < 1e-6, "{e0} -> {e1}");
    assert!(
        arm.velocity().expect("v").iter().any(|x| x.abs() > 0.1),
        "it fell"
    );

    // PD toward a target with gravity compensation settles on it.
    let target: Vec<f64> = {
        let mut t = arm.configuration().as_slice().to_vec();
        t[0] = -0.2;
        t[1] = 0.4;
        t
    };
    let law = TorqueLaw {
        kp: vec![60.0, 40.0, 5.0, 5.0, 5.0],
        kd: vec![8.0, 5.0, 0.5, 0.5, 0.5],
        target: Some(target.clone()),
        gravity_compensation: true,
        ..TorqueLaw::passive(&model)
    };
    arm.drive_torques(law, None).expect("drive");
    for _ in 0..6000 {
        arm.tick(1e-3).expect("tick");
    }
    let q = arm.configuration().as_slice();
    assert!(
        (q[0] + 0.2).abs() < 1e-4 && (q[1] - 0.4).abs() < 1e-4,
        "{q:?}"
    );
}

#[test]
fn bad_torque_laws_are_errors() {
    let model = load_str(CHAIN, ".").expect("chain");
    let mut arm = Armature::new("chain", model.clone()).expect("armature");
    let mut law = TorqueLaw::passive(&model);
    law.kp.pop();
    assert!(arm.drive_torques(law, None).is_err());
    let mut law = TorqueLaw::passive(&model);
    law.feedforward[0] = f64::NAN;
    assert!(arm.drive_torques(law, None).is_err());
    assert!(
        arm.drive_torques(TorqueLaw::passive(&model), Some(vec![0.0; 2]))
            .is_err()
    );
    assert!(arm.current_motion().is_none());
}
