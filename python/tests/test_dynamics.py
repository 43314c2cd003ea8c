"""The dynamics from Python: MuJoCo's layout in and out (qpos as it is, qvel named by
velocity_names), the numbers against real MuJoCo on MIMo v1 and on a model of every joint kind,
single calls equal to the batches, methods of Robot, and bad input as typed errors."""

import math

import mujoco
import numpy as np
import pytest

import morsel
from conftest import MIMO_V1, REPO

FEATURES = REPO / "kinematics" / "tests" / "mjcf_models" / "dynamics_features.xml"


def random_state(m, rng):
    qpos = m.qpos0.copy()
    for j in range(m.njnt):
        adr, kind = m.jnt_qposadr[j], m.jnt_type[j]
        if kind == mujoco.mjtJoint.mjJNT_FREE:
            qpos[adr:adr + 3] = rng.uniform(-0.5, 0.5, 3)
            g = rng.normal(size=4)
            qpos[adr + 3:adr + 7] = g / np.linalg.norm(g)
        elif kind == mujoco.mjtJoint.mjJNT_BALL:
            g = rng.normal(size=4)
            qpos[adr:adr + 4] = g / np.linalg.norm(g)
        else:
            lo, hi = m.jnt_range[j] if m.jnt_limited[j] else (-1.0, 1.0)
            qpos[adr] = rng.uniform(lo, hi)
    return qpos, rng.uniform(-1, 1, m.nv), rng.uniform(-1, 1, m.nv)


@pytest.mark.parametrize("path", [MIMO_V1, FEATURES], ids=["mimo_v1", "features"])
def test_dynamics_equal_mujoco_with_its_own_arrays(path):
    m = mujoco.MjModel.from_xml_path(str(path))
    d = mujoco.MjData(m)
    robot = morsel.mjcf(path)
    rng = np.random.default_rng(7)
    for _ in range(2):
        qpos, qvel, tau = random_state(m, rng)
        d.qpos[:], d.qvel[:] = qpos, qvel
        mujoco.mj_forward(m, d)
        full = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, full)
        scale = max(1.0, np.abs(full).max())
        np.testing.assert_allclose(robot.mass_matrix(qpos), full, rtol=0, atol=1e-9 * scale)
        bias = d.qfrc_bias.copy()
        np.testing.assert_allclose(morsel.nonlinear_effects(robot, qpos, qvel), bias, rtol=0,
                                   atol=1e-9 * max(1.0, np.abs(bias).max()))
        qacc = rng.uniform(-1, 1, m.nv)
        np.testing.assert_allclose(robot.rnea(qpos, qvel, qacc), full @ qacc + bias, rtol=0,
                                   atol=1e-9 * max(1.0, np.abs(full @ qacc + bias).max()))
        expected = np.linalg.solve(full, tau - bias)
        np.testing.assert_allclose(robot.aba(qpos, qvel, tau), expected, rtol=0,
                                   atol=1e-8 * max(1.0, np.abs(expected).max()))
        mujoco.mj_subtreeVel(m, d)
        h = robot.centroidal_momentum(qpos, qvel)
        np.testing.assert_allclose(h["linear"], d.subtree_linvel[0] * m.body_subtreemass[0], atol=1e-9)
        np.testing.assert_allclose(h["angular"], d.subtree_angmom[0], atol=1e-9)


def test_velocity_names_and_mujoco_qpos_as_it_is():
    """A free body turned 90 degrees about z by MuJoCo's own qpos turns about z (the layout is
    MuJoCo's: quaternion w first), and its velocity values are named J.vx .. J.wz."""
    robot = morsel.mjcf(FEATURES)
    names = morsel.velocity_names(robot)
    assert names[:9] == ["root.vx", "root.vy", "root.vz", "root.wx", "root.wy", "root.wz",
                         "neck.wx", "neck.wy", "neck.wz"]
    assert len(names) == robot.nv
    m = mujoco.MjModel.from_xml_path(str(FEATURES))
    d = mujoco.MjData(m)
    d.qpos[:] = m.qpos0
    d.qpos[3:7] = [math.cos(math.pi / 4), 0.0, 0.0, math.sin(math.pi / 4)]
    mujoco.mj_kinematics(m, d)
    pose = morsel.fk(robot, d.qpos, "arm")
    arm = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, "arm")
    np.testing.assert_allclose(pose.position, d.xpos[arm], atol=1e-12)
    assert morsel.get_joints(robot)[:7] == ["root.x", "root.y", "root.z", "root.qw", "root.qx", "root.qy", "root.qz"]
    robot.set_qpos(d.qpos)
    np.testing.assert_array_equal(robot.q, d.qpos)


def test_batches_equal_single_calls_and_are_methods():
    robot = morsel.mjcf(FEATURES)
    m = mujoco.MjModel.from_xml_path(str(FEATURES))
    rng = np.random.default_rng(3)
    rows = [random_state(m, rng) for _ in range(130)]
    Q = np.array([r[0] for r in rows])
    V = np.array([r[1] for r in rows])
    A = np.array([r[2] for r in rows])
    tau = morsel.rnea_batch(robot, Q, V, A)
    qdd = robot.aba_batch(Q, V, tau)
    M = robot.mass_matrix_batch(Q)
    g = morsel.gravity_torques_batch(robot, Q)
    assert tau.shape == (130, robot.nv) and M.shape == (130, robot.nv, robot.nv)
    for i in (0, 64, 129):
        np.testing.assert_array_equal(tau[i], morsel.rnea(robot, Q[i], V[i], A[i]))
        np.testing.assert_array_equal(M[i], morsel.mass_matrix(robot, Q[i]))
        np.testing.assert_array_equal(g[i], robot.gravity_torques(Q[i]))
        np.testing.assert_allclose(qdd[i], A[i], atol=1e-9)
    # Fortran-ordered and strided inputs read the same rows.
    np.testing.assert_array_equal(morsel.rnea_batch(robot, np.asfortranarray(Q), V, A), tau)
    np.testing.assert_array_equal(morsel.gravity_torques_batch(robot, np.repeat(Q, 2, axis=0)[::2]), g)


def test_energies_centroidal_map_and_external_wrenches():
    robot = morsel.mjcf(FEATURES)
    m = mujoco.MjModel.from_xml_path(str(FEATURES))
    qpos, qvel, _ = random_state(m, np.random.default_rng(11))
    M = robot.mass_matrix(qpos)
    assert robot.kinetic_energy(qpos, qvel) == pytest.approx(0.5 * qvel @ M @ qvel, rel=1e-12)
    A = robot.centroidal_map(qpos)
    h = robot.centroidal_momentum(qpos, qvel)
    np.testing.assert_allclose(A @ qvel, np.concatenate([h["linear"], h["angular"]]), atol=1e-12)
    np.testing.assert_allclose(robot.inverse_mass_matrix(qpos) @ M, np.eye(robot.nv), atol=1e-9)
    assert isinstance(robot.potential_energy(qpos), float)
    # A pure force on the torso's origin: rnea subtracts Jᵀ f, the free joint's linear rows
    # taking f itself (world axes).
    f = np.array([1.0, -2.0, 3.0])
    zero = np.zeros(robot.nv)
    base = robot.rnea(qpos, zero, zero)
    pushed = robot.rnea(qpos, zero, zero, external=[{"link": "torso", "force": f}])
    np.testing.assert_allclose(base[:3] - pushed[:3], f, atol=1e-12)


def test_bad_input_is_a_typed_error():
    robot = morsel.mjcf(FEATURES)
    nq, nv = robot.nq, robot.nv
    q = robot.q
    with pytest.raises(morsel.InvalidValueError, match="velocity v"):
        morsel.rnea(robot, q, np.zeros(nv - 1), np.zeros(nv))
    with pytest.raises(morsel.InvalidValueError, match=r"torque tau\[1\]"):
        morsel.aba(robot, q, np.zeros(nv), [0.0, float("nan")] + [0.0] * (nv - 2))
    bad = q.copy()
    bad[3] = 2.0
    with pytest.raises(morsel.InvalidValueError, match=r"q\[3\.\.7\].*\"root\""):
        morsel.gravity_torques(robot, bad)
    with pytest.raises(morsel.InvalidValueError, match="expected %d columns" % nq):
        morsel.mass_matrix_batch(robot, np.zeros((3, nq + 1)))
    with pytest.raises(morsel.InvalidValueError, match="rows"):
        morsel.rnea_batch(robot, np.tile(q, (3, 1)), np.zeros((2, nv)), np.zeros((3, nv)))
    rows = np.tile(q, (4, 1))
    rows[2, 3] = 0.5
    with pytest.raises(morsel.InvalidValueError, match="row 2 of the batch"):
        morsel.gravity_torques_batch(robot, rows)
    with pytest.raises(morsel.UnknownNameError):
        morsel.rnea(robot, q, np.zeros(nv), np.zeros(nv), external=[{"link": "nope"}])
    with pytest.raises(morsel.InvalidValueError, match="unknown key"):
        morsel.rnea(robot, q, np.zeros(nv), np.zeros(nv), external=[{"link": "torso", "forse": [0, 0, 1]}])
    with pytest.raises(morsel.WrongTypeError):
        morsel.rnea_batch(robot, "rows", np.zeros((1, nv)), np.zeros((1, nv)))


def test_stance_torques_of_the_ant_against_mujoco_and_the_jacobians():
    """stance_torques on gymnasium's MuJoCo ant standing on its four feet: the free joint's six
    values vanish (the distribution balances the robot's own weight), the gravity torques are
    MuJoCo's qfrc_bias at rest, and the leg torques equal g − Σ Jᵀ f from the feet's Jacobians."""
    path = REPO / "assets" / "robots" / "gymnasium" / "ant.xml"
    ant = morsel.mjcf(path)
    feet = ["body4", "body7", "body10", "body13"]
    contacts = [morsel.contact({"shape": [0.02, 0.02], "friction": 0.7, "link": f,
                                "orientation": "world"}) for f in feet]
    st = morsel.stance(ant, {"contacts": contacts})
    t = st.stance_torques()
    assert t["names"] == morsel.velocity_names(ant)
    weight = st.mass * 9.81
    assert np.abs(t["torques"][:6]).max() < 1e-6 * weight
    m = mujoco.MjModel.from_xml_path(str(path))
    d = mujoco.MjData(m)
    d.qpos[:] = ant.q
    mujoco.mj_forward(m, d)
    assert np.allclose(t["gravity_torques"], d.qfrc_bias, rtol=1e-9, atol=1e-9)
    tau = np.array(t["gravity_torques"])
    for w in t["distribution"]["wrenches"]:
        j = np.asarray(morsel.jacobian(ant, feet[w["index"]], ant.q, "local_world_aligned"))
        tau -= j.T @ np.asarray(w["world"])
    assert np.abs(tau[6:] - t["torques"][6:]).max() < 1e-9
    assert t["within_limits"] and math.isinf(t["limits"][0])
    loose = morsel.contact({"shape": [0.02, 0.02], "friction": 0.7, "pos": [0, 0, 0]})
    with pytest.raises(ValueError, match="contact 0 is not bound"):
        morsel.stance_torques(morsel.stance({"contacts": [loose], "com": [0, 0, 0.5],
                                             "mass": 1.0}))
    with pytest.raises(TypeError, match="Stance"):
        morsel.stance_torques(ant)
