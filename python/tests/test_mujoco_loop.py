"""Morsel's touch inside a live MuJoCo loop of MIMo v1 (issue 17's check).

Random actions, 300 steps; with the defaults of `morsel.touch` (`spread_linear`, `mimo_quirks`
false: Morsel's fixes) and `force_vector_global`, each sensing body's summed output equals the
net contact force MuJoCo reports on that body (summed from `mj_contactForce`, contact by
contact, in this test: not through morsel.mujoco), to 1e-9 N, at every step. With MIMo's quirks
(the `morsel.mimo` drop-in's default) the sums are off, which is why they are not the default.
"""

import numpy as np
import pytest

import morsel
import morsel.mujoco as mm
from conftest import MIMO_V1, mimo_v1_scales

mujoco = pytest.importorskip("mujoco")


def mujoco_net_forces(m, d):
    """{body name: net contact force (world)} from mj_contactForce, one contact at a time."""
    net = {}
    f = np.zeros(6)
    for i in range(d.ncon):
        c = d.contact[i]
        mujoco.mj_contactForce(m, d, i, f)
        world = np.asarray(c.frame).reshape(3, 3).T @ f[:3]  # force on geom2's body
        b1 = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, m.geom_bodyid[c.geom1])
        b2 = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, m.geom_bodyid[c.geom2])
        net[b1] = net.get(b1, 0.0) - world
        net[b2] = net.get(b2, 0.0) + world
    return net


def touch_loop(kind, steps, **options):
    """Steps MIMo v1 with seeded random actions; yields (step, touch, contacts, MuJoCo's net
    forces) after each observe of a touch built with `options` over MIMo's default scales."""
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(MIMO_V1)
    sc = morsel.scene()
    sc.add_robot(robot)
    touch = morsel.touch(sc, {"scales": mimo_v1_scales(), "kind": kind,
                              "touch_function": "force_vector_global", **options})
    rng = np.random.default_rng(17)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    for step in range(steps):
        d.ctrl[:] = rng.uniform(lo, hi)
        mujoco.mj_step(m, d)
        mm.sync(robot, m, d)
        c = mm.contacts(m, d)
        touch.observe(c)
        yield step, touch, c, mujoco_net_forces(m, d)


@pytest.mark.parametrize("kind", ["mesh", "points"])
def test_touch_sums_equal_mujoco_contact_forces(kind):
    # Only the touch function is chosen (the sums are compared in the world frame): the
    # response function and mimo_quirks are morsel.touch's defaults.
    body_contacts = 0
    worst = 0.0
    pressed = set()
    for step, touch, c, net in touch_loop(kind, 300):
        bodies = touch.bodies
        assert len(bodies) == 22
        for body in bodies:
            total = touch.body_output(body).sum(axis=0)
            expected = net.get(body, np.zeros(3))
            err = np.abs(total - expected).max()
            worst = max(worst, err)
            assert err <= 1e-9, f"step {step}, {body}: morsel {total}, MuJoCo {expected}"
            if np.linalg.norm(expected) > 1e-6:
                pressed.add(body)
        body_contacts += sum(
            (a in bodies) + (b in bodies) for a, b in zip(c["body_a"], c["body_b"])
        )
    print(f"{kind}: {body_contacts} body contacts in 300 steps, {len(pressed)} bodies pressed, "
          f"worst |sum - MuJoCo| {worst:.3g} N")
    assert body_contacts >= 300, body_contacts
    assert len(pressed) >= 2, pressed


def test_mimo_quirks_lose_force_which_is_why_they_are_not_the_default():
    """The same loop with MIMo's behaviour (`mimo_quirks: True`, the drop-in's default): some
    body's mesh-touch sum differs from MuJoCo's force by far more than the tolerance above
    (MIMo's spread_linear drops contacts it cannot normalise; 110 N at step 233 here)."""
    worst = 0.0
    for _, touch, _, net in touch_loop("mesh", 300, mimo_quirks=True):
        for body in touch.bodies:
            total = touch.body_output(body).sum(axis=0)
            worst = max(worst, np.abs(total - net.get(body, np.zeros(3))).max())
    assert worst > 1.0, worst


def test_sync_puts_robot_bodies_where_mujoco_has_them():
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(MIMO_V1)
    sc = morsel.scene().add_robot(robot)
    rng = np.random.default_rng(3)
    for _ in range(40):
        d.ctrl[:] = rng.uniform(m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1])
        mujoco.mj_step(m, d)
    mujoco.mj_kinematics(m, d)
    mm.sync(robot, m, d)
    for i in range(1, m.nbody):
        name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, i)
        p = sc.body_pose(name)
        np.testing.assert_allclose(p.position, d.xpos[i], atol=1e-9)
        q = p.quaternion * np.sign(p.quaternion @ d.xquat[i])
        np.testing.assert_allclose(q, d.xquat[i], atol=1e-9)


def test_contacts_batch_matches_mj_contact_force():
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    d = mujoco.MjData(m)
    for _ in range(60):
        mujoco.mj_step(m, d)
    c = mm.contacts(m, d)
    assert len(c["body_a"]) == d.ncon > 0
    f = np.zeros(6)
    for i in range(d.ncon):
        mujoco.mj_contactForce(m, d, i, f)
        frame = np.asarray(d.contact[i].frame).reshape(3, 3)
        np.testing.assert_allclose(c["force"][i], frame.T @ f[:3], atol=1e-12)
        np.testing.assert_allclose(c["position"][i], d.contact[i].pos)
        np.testing.assert_allclose(c["normal"][i], frame[0])
        assert c["depth"][i] == max(0.0, -d.contact[i].dist)


def test_pyramidal_cone_forces_match_mj_contact_force():
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    m.opt.cone = mujoco.mjtCone.mjCONE_PYRAMIDAL
    d = mujoco.MjData(m)
    for _ in range(60):
        mujoco.mj_step(m, d)
    c = mm.contacts(m, d)
    f = np.zeros(6)
    assert d.ncon > 0
    for i in range(d.ncon):
        mujoco.mj_contactForce(m, d, i, f)
        frame = np.asarray(d.contact[i].frame).reshape(3, 3)
        np.testing.assert_allclose(c["force"][i], frame.T @ f[:3], atol=1e-12)


def test_sync_and_contacts_refuse_wrong_input():
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    d = mujoco.MjData(m)
    other = morsel.urdf(
        __import__("conftest").ROBOTS / "solo12" / "solo12.urdf", {"geometry": False}
    )
    with pytest.raises(morsel.InvalidValueError):
        mm.sync(other, m, d)
    with pytest.raises(morsel.WrongTypeError):
        mm.contacts(d, m)
