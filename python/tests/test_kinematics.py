"""Kinematics through Python against independent values: MuJoCo's own kinematics of MIMo, and
a planar two-link arm's closed form."""

import math

import numpy as np
import pytest

import morsel
from conftest import MIMO_V1

mujoco = pytest.importorskip("mujoco")

TWO_LINK = """<robot name="arm">
  <link name="base"/>
  <link name="upper"><inertial><mass value="2"/><origin xyz="0.5 0 0"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="fore"><inertial><mass value="1"/><origin xyz="0.3 0 0"/>
    <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="tip"/>
  <joint name="shoulder" type="revolute"><parent link="base"/><child link="upper"/>
    <axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <joint name="elbow" type="revolute"><parent link="upper"/><child link="fore"/>
    <origin xyz="1 0 0"/><axis xyz="0 0 1"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>
  <joint name="tool" type="fixed"><parent link="fore"/><child link="tip"/><origin xyz="0.6 0 0"/></joint>
</robot>"""


@pytest.fixture()
def arm(tmp_path):
    f = tmp_path / "arm.urdf"
    f.write_text(TWO_LINK)
    return morsel.urdf(f)


def test_two_link_arm_closed_form(arm):
    a, b = 0.4, -1.1
    poses = morsel.fk(arm, {"shoulder": a, "elbow": b})
    tip = poses["tip"]
    expected = [math.cos(a) + 0.6 * math.cos(a + b), math.sin(a) + 0.6 * math.sin(a + b), 0]
    np.testing.assert_allclose(tip.position, expected, atol=1e-12)
    half = (a + b) / 2
    np.testing.assert_allclose(tip.quaternion, [math.cos(half), 0, 0, math.sin(half)], atol=1e-12)
    m = tip.matrix
    assert m.shape == (4, 4)
    np.testing.assert_allclose(m[:3, 3], expected, atol=1e-12)
    np.testing.assert_allclose(m[:2, 0], [math.cos(a + b), math.sin(a + b)], atol=1e-12)
    # one frame, and a list in layout order
    np.testing.assert_allclose(morsel.fk(arm, [a, b], "tip").position, expected, atol=1e-12)
    # mass and centre of mass: (2 * 0.5 [cos a, sin a] + 1 * elbow_point + 0.3 dir) / 3
    assert morsel.mass(arm) == pytest.approx(3.0)
    elbow = np.array([math.cos(a), math.sin(a), 0])
    fore = elbow + 0.3 * np.array([math.cos(a + b), math.sin(a + b), 0])
    com = (2 * 0.5 * np.array([math.cos(a), math.sin(a), 0]) + 1 * fore) / 3
    np.testing.assert_allclose(morsel.com(arm, {"shoulder": a, "elbow": b}), com, atol=1e-12)


def test_fk_batch_rows_follow_the_closed_form(arm):
    """Enough rows that fk_batch shares them out over its threads: every row's tip is the
    closed form's, the quaternion [w, x, y, z] is the half-angle's, and the row order holds."""
    rng = np.random.default_rng(5)
    q = rng.uniform(-3.0, 3.0, size=(1500, 2))
    out = morsel.fk_batch(arm, q, ["shoulder", "elbow"])
    frames = arm.frames
    assert out.shape == (1500, len(frames), 7) and out.dtype == np.float64
    a, b = q[:, 0], q[:, 1]
    tip = out[:, frames.index("tip")]
    np.testing.assert_allclose(tip[:, 0], np.cos(a) + 0.6 * np.cos(a + b), atol=1e-12)
    np.testing.assert_allclose(tip[:, 1], np.sin(a) + 0.6 * np.sin(a + b), atol=1e-12)
    np.testing.assert_allclose(tip[:, 2], 0.0, atol=1e-12)
    # the quaternion of a rotation by a + b about z, up to its sign
    w, z = np.cos((a + b) / 2), np.sin((a + b) / 2)
    sign = np.sign(tip[:, 3] * w + tip[:, 6] * z)
    np.testing.assert_allclose(tip[:, 3:] * sign[:, None], np.stack([w, 0 * w, 0 * w, z], 1), atol=1e-12)
    assert morsel.fk_batch(arm, np.zeros((0, 2)), ["shoulder", "elbow"]).shape == (0, len(frames), 7)
    # a bad row anywhere is refused, whichever thread meets it
    q[1234, 1] = 1e12
    with pytest.raises(morsel.InvalidValueError):
        morsel.fk_batch(arm, q, ["shoulder", "elbow"])


def test_two_link_jacobian_closed_form(arm):
    a, b = 0.3, 0.9
    j = morsel.jacobian(arm, "tip", [a, b], "local_world_aligned")
    assert j.shape == (6, 2)
    l1, l2 = 1.0, 0.6
    expected_lin = np.array(
        [
            [-l1 * math.sin(a) - l2 * math.sin(a + b), -l2 * math.sin(a + b)],
            [l1 * math.cos(a) + l2 * math.cos(a + b), l2 * math.cos(a + b)],
            [0, 0],
        ]
    )
    np.testing.assert_allclose(j[:3], expected_lin, atol=1e-12)
    np.testing.assert_allclose(j[3:], [[0, 0], [0, 0], [1, 1]], atol=1e-12)
    # Pinocchio's "world": the velocity of the body point at the world origin, z x (0 - axis)
    w = morsel.jacobian(arm, "tip", {"shoulder": a, "elbow": b}, convention="world")
    np.testing.assert_allclose(w[:3], [[0, math.sin(a)], [0, -math.cos(a)], [0, 0]], atol=1e-12)


def test_fk_batch_equals_fk_row_by_row(arm):
    rng = np.random.default_rng(1)
    q = rng.uniform(-2, 2, size=(50, 2))
    out = morsel.fk_batch(arm, q, ["shoulder", "elbow"])
    assert out.shape == (50, len(arm.frames), 7)
    tip = arm.frames.index("tip")
    for i in (0, 17, 49):
        a, b = q[i]
        p = morsel.fk(arm, {"shoulder": a, "elbow": b})["tip"]
        np.testing.assert_allclose(out[i, tip, :3], p.position, atol=1e-14)
        np.testing.assert_allclose(out[i, tip, 3:], p.quaternion, atol=1e-14)
    x = np.cos(q[:, 0]) + 0.6 * np.cos(q.sum(axis=1))
    np.testing.assert_allclose(out[:, tip, 0], x, atol=1e-12)


def test_mimo_fk_com_mass_geoms_equal_mujoco(mimo):
    m = mujoco.MjModel.from_xml_path(str(MIMO_V1))
    d = mujoco.MjData(m)
    rng = np.random.default_rng(5)
    # random hinge values within range; free joints keep qpos0
    qpos = m.qpos0.copy()
    values = {}
    for j in range(m.njnt):
        if m.jnt_type[j] == mujoco.mjtJoint.mjJNT_HINGE:
            lo, hi = m.jnt_range[j] if m.jnt_limited[j] else (-1.0, 1.0)
            x = rng.uniform(lo, hi)
            qpos[m.jnt_qposadr[j]] = x
            values[mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_JOINT, j)] = x
    d.qpos[:] = qpos
    mujoco.mj_forward(m, d)
    poses = morsel.fk(mimo, values)
    for i in range(1, m.nbody):
        name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, i)
        np.testing.assert_allclose(poses[name].position, d.xpos[i], atol=1e-9, err_msg=name)
    np.testing.assert_allclose(morsel.com(mimo, values), d.subtree_com[0], atol=1e-9)
    assert morsel.mass(mimo) == pytest.approx(m.body_mass.sum(), rel=1e-12)
    geoms = morsel.geoms(mimo, values)
    assert len(geoms) == m.ngeom
    for g in geoms[:: max(1, m.ngeom // 15)]:
        i = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_GEOM, g["name"]) if g["name"] else None
        if i is not None and i >= 0:
            np.testing.assert_allclose(g["pose"].position, d.geom_xpos[i], atol=1e-9)
    # fk_batch over two hinges against mj_kinematics
    names = [n for n in values][:2]
    q = rng.uniform(-0.3, 0.3, size=(5, 2))
    out = morsel.fk_batch(mimo, q, names)
    head = mimo.frames.index("head")
    for i in range(5):
        d.qpos[:] = m.qpos0
        for k, n in enumerate(names):
            d.qpos[m.jnt_qposadr[mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_JOINT, n)]] = q[i, k]
        mujoco.mj_kinematics(m, d)
        hid = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, "head")
        np.testing.assert_allclose(out[i, head, :3], d.xpos[hid], atol=1e-9)


def test_robot_properties(mimo):
    assert mimo.name == "MIMo"
    assert mimo.q.shape == (68,)
    layout = mimo.configuration_layout
    assert sum(e["nq"] for e in layout) == 68
    assert "robot:hip_lean1" in mimo.joints


def test_place_and_frame_pose_follow_the_current_configuration(arm):
    arm.set_q({"shoulder": 0.5, "elbow": 0.0})
    p = morsel.place(arm, morsel.pose([1.0, 2.0, 0.0], [0.0, 0.0, math.pi / 2]))
    assert p is arm
    # base turned 90 degrees: the tip (1.6 along the arm at 0.5 rad) is rotated into the scene
    tip = morsel.frame_pose(arm, "tip")
    local = 1.6 * np.array([math.cos(0.5), math.sin(0.5), 0.0])
    np.testing.assert_allclose(tip.position, [1.0 - local[1], 2.0 + local[0], 0.0], atol=1e-12)
    sc = morsel.scene().add_robot(arm)
    np.testing.assert_allclose(sc.body_pose("tip").position, tip.position, atol=1e-12)
    with pytest.raises(morsel.UnknownNameError):
        morsel.frame_pose(arm, "nope")
