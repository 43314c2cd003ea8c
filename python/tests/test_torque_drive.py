"""Robots driven by torques against MuJoCo stepping the same MJCF model without contacts or
limits, with its RK4 integrator at a 1 ms step: a falling, unactuated chain (hinge, hinge, ball)
and a torque-controlled arm (PD plus gravity compensation: Morsel's from gravity_torques,
MuJoCo's from its own qfrc_bias at rest). Positions within 1e-6 after 1 s."""

import mujoco
import numpy as np
import pytest

import morsel

CHAIN = """<mujoco>
  <option timestep="0.001" integrator="RK4"><flag contact="disable" limit="disable"/></option>
  <worldbody>
    <body name="l1" pos="0 0 1">
      <joint name="j1" type="hinge" axis="0 1 0" armature="0.01"/>
      <geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.02" mass="1"/>
      <body name="l2" pos="0.4 0 0" euler="0 0 20">
        <joint name="j2" type="hinge" axis="0 1 1"/>
        <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="0.5"/>
        <body name="l3" pos="0.3 0 0">
          <joint name="j3" type="%s"/>
          <geom type="box" size="0.08 0.06 0.05" pos="0.05 0.01 0" mass="0.6"/>
        </body>
      </body>
    </body>
  </worldbody>
  %s
</mujoco>"""

MOTORS = """<actuator><motor joint="j1"/><motor joint="j2"/><motor joint="j3"/></actuator>"""


def models(tmp_path, last, actuators):
    path = tmp_path / "chain.xml"
    path.write_text(CHAIN % (last, actuators))
    return mujoco.MjModel.from_xml_path(str(path)), morsel.mjcf(path)


@pytest.mark.parametrize("last, tolerance", [("hinge", 1e-6), ("ball", 1e-5)])
def test_a_falling_chain_follows_mujoco_for_a_second(tmp_path, last, tolerance):
    """Three hinges agree to rounding (6e-16 measured after 1 s). With a ball joint last, the
    two start 1e-16 apart after one step, but the chain is sensitive: that difference grows to
    about 2e-6 in a second (a state's accelerations agree to 5e-14 relative)."""
    m, robot = models(tmp_path, last, "")
    d = mujoco.MjData(m)
    q0 = m.qpos0.copy()
    q0[0], q0[1] = 0.3, -0.5
    d.qpos[:] = q0
    robot.set_q(q0)
    morsel.drive_torques(robot)
    sim = morsel.simulation({"dt": 0.001})
    morsel.add(sim, robot)
    for _ in range(1000):
        mujoco.mj_step(m, d)
    assert morsel.run(sim, 1.0) == 1000
    assert np.abs(d.qpos - robot.q).max() < tolerance, (d.qpos, robot.q)
    assert np.abs(d.qvel - morsel.joint_velocities(robot)).max() < 100 * tolerance
    assert np.abs(d.qpos - q0).max() > 0.5, "it fell"


def test_a_pd_arm_with_gravity_compensation_follows_mujoco(tmp_path):
    m, robot = models(tmp_path, "hinge", MOTORS)
    d = mujoco.MjData(m)
    rest = mujoco.MjData(m)
    kp, kd = np.array([40.0, 25.0, 4.0]), np.array([4.0, 2.0, 0.3])
    target = np.array([-0.4, 0.6, 0.8])
    morsel.drive_torques(robot, kp=list(kp), kd=list(kd), target=list(target), gravity_compensation=True)
    sim = morsel.simulation({"dt": 0.001})
    morsel.add(sim, robot)
    for _ in range(1000):
        rest.qpos[:] = d.qpos
        rest.qvel[:] = 0
        mujoco.mj_forward(m, rest)
        d.ctrl[:] = kp * (target - d.qpos) - kd * d.qvel + rest.qfrc_bias
        mujoco.mj_step(m, d)
    morsel.run(sim, 1.0)
    assert np.abs(d.qpos - robot.q).max() < 1e-6, (d.qpos, robot.q)
    assert np.abs(robot.q - target).max() < 0.2, "it moved toward the target"
