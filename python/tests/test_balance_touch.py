"""BalanceMonitor(source="touch") (issue 49: a robot that feels its own balance through its own
touch sensors) on a box biped in MuJoCo: a 20 kg torso welded to two 1 kg box feet, standing on
a plane, then pushed over.

The feet's wrenches come from Morsel's touch sensors on the feet (morsel.mimo's TrimeshTouch,
and a morsel.Touch over the robot loaded with morsel.mjcf), not from mj_contactForce. Checked
against values computed here from MuJoCo itself, contact by contact:

- the touch force on each foot equals the sum of MuJoCo's contact forces on it (mj_contactForce
  per contact) to 1e-9 N at every step (spread_linear conserves each contact's force);
- standing, the total is the weight up to the robot's measured acceleration: Newton for the
  whole robot, F = M (a_com - g), with a_com from MuJoCo's qacc and the free joint's kinematics;
- the touch CoP is within the bound the sensor spacing s gives of the CoP of MuJoCo's contact
  forces: spread_linear hands each contact force f_k, applied at the contact's surface point
  (half the depth d_k along the normal from MuJoCo's midpoint), to sensors within 2 s of it, so
  the horizontal moment moves by at most sum |f_k| (2 s + d_k / 2) and the CoP by that over f_z;
- pushed over, the margin (CoM to the hull of the pressed sensors) turns negative before the
  torso falls (tilted past 45 degrees), and the times are printed.
"""

import types

import numpy as np
import pytest

import morsel
from morsel.mimo import TrimeshTouch
from morsel.mujoco import BalanceMonitor

mujoco = pytest.importorskip("mujoco")

XML = """
<mujoco model="box_biped">
  <option timestep="0.002"/>
  <worldbody>
    <geom name="floor" type="plane" size="5 5 0.1"/>
    <body name="torso" pos="0 0 0.3595">
      <freejoint name="root"/>
      <geom name="torso" type="box" size="0.08 0.14 0.3" mass="20"/>
      <body name="left_foot" pos="0.02 0.09 -0.33">
        <geom name="left_sole" type="box" size="0.12 0.05 0.03" mass="1"/>
      </body>
      <body name="right_foot" pos="0.02 -0.09 -0.33">
        <geom name="right_sole" type="box" size="0.12 0.05 0.03" mass="1"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""
FEET = ["left_foot", "right_foot"]
SPACING = 0.02
SETTLED, PUSH_START, PUSH_END, PUSH = 0.3, 0.6, 0.9, 150.0
SECONDS = 2.5
PARAMS = {"scales": {f: SPACING for f in FEET}, "touch_function": "force_vector_global",
          "response_function": "spread_linear"}


@pytest.fixture(scope="module")
def xml_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("biped") / "box_biped.xml"
    path.write_text(XML)
    return path


def model(xml_path):
    m = mujoco.MjModel.from_xml_path(str(xml_path))
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    return m, d


def mujoco_feet(m, d, point):
    """{foot: (force (3,), moment about point (3,), contact rows [(f, depth)])} from
    mj_contactForce, one contact at a time (not through morsel.mujoco)."""
    ids = {mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, f): f for f in FEET}
    out = {f: [np.zeros(3), np.zeros(3), []] for f in FEET}
    f6 = np.zeros(6)
    for i in range(d.ncon):
        c = d.contact[i]
        b1, b2 = m.geom_bodyid[c.geom1], m.geom_bodyid[c.geom2]
        mujoco.mj_contactForce(m, d, i, f6)
        on_b2 = np.asarray(c.frame).reshape(3, 3).T @ f6[:3]
        for b, f in ((b2, on_b2), (b1, -on_b2)):
            if b in ids:
                row = out[ids[b]]
                row[0] += f
                row[1] += np.cross(np.asarray(c.pos) - point, f)
                row[2].append((f, max(0.0, -c.dist)))
    return out


def cop_of(force, moment, point):
    return np.array([point[0] - moment[1] / force[2], point[1] + moment[0] / force[2]])


def com_acceleration(m, d, root):
    """The robot's CoM acceleration at the state the last mj_step started from: the free
    joint's qacc (origin, world frame; angular in the body frame) with the rigid-body terms."""
    rot = np.asarray(d.xmat[root]).reshape(3, 3)
    a_origin = np.asarray(d.qacc[0:3])
    alpha = rot @ np.asarray(d.qacc[3:6])
    omega = rot @ np.asarray(d.qvel[3:6])
    r = np.asarray(d.subtree_com[root]) - np.asarray(d.xpos[root])
    return a_origin + np.cross(alpha, r) + np.cross(omega, np.cross(omega, r))


def tilt(d, root):
    """The torso's tilt from upright (rad)."""
    return float(np.arccos(np.clip(np.asarray(d.xmat[root]).reshape(3, 3)[2, 2], -1.0, 1.0)))


def run(xml_path, push, check=None):
    """Stands, pushes the torso along x from PUSH_START to PUSH_END, and reads a touch monitor
    (morsel.mimo) and a MuJoCo monitor at every step; returns the record."""
    m, d = model(xml_path)
    touch = TrimeshTouch(types.SimpleNamespace(model=m, data=d), PARAMS, mimo_quirks=False)
    point = np.array([0.3, -0.2, 0.0])
    felt = BalanceMonitor(m, d, FEET, source="touch", touch=touch, point=point)
    seen = BalanceMonitor(m, d, FEET, point=point)
    root = m.body("torso").id
    record = {"time": [], "touch": [], "mujoco": [], "tilt": []}
    for _ in range(int(round(SECONDS / m.opt.timestep))):
        d.xfrc_applied[root, :] = 0.0
        if PUSH_START <= d.time < PUSH_END:
            d.xfrc_applied[root, 0] = push
        mujoco.mj_step(m, d)
        a, b = felt.read(), seen.read()
        if check is not None:
            check(m, d, a, point)
        record["time"].append(a["time"] - m.opt.timestep)
        record["touch"].append(a)
        record["mujoco"].append(b)
        record["tilt"].append(tilt(d, root))
    record["time"] = np.array(record["time"])
    record["tilt"] = np.array(record["tilt"])
    record["model"], record["data"], record["root"] = m, d, root
    return record


@pytest.fixture(scope="module")
def standing(xml_path):
    worst = {"force": 0.0, "cop": 0.0, "bound": np.inf, "cops": 0}

    def check(m, d, r, point):
        ref = mujoco_feet(m, d, point)
        for foot in FEET:
            err = np.abs(r["wrenches"][foot][:3] - ref[foot][0]).max()
            worst["force"] = max(worst["force"], err)
            assert err <= 1e-9, (d.time, foot, r["wrenches"][foot], ref[foot][0])
        force = sum(ref[f][0] for f in FEET)
        moment = sum(ref[f][1] for f in FEET)
        if force[2] > 1.0:
            rows = [row for f in FEET for row in ref[f][2]]
            bound = sum(np.linalg.norm(f) * (2.0 * SPACING + 0.5 * depth) for f, depth in rows)
            bound /= force[2]
            err = np.linalg.norm(r["cop"][:2] - cop_of(force, moment, point))
            worst["cop"] = max(worst["cop"], err)
            worst["bound"] = min(worst["bound"], bound)
            worst["cops"] += 1
            assert err <= bound, (d.time, err, bound)

    record = run(xml_path, 0.0, check)
    print(f"standing: {worst['cops']} CoPs, worst |touch - MuJoCo| force {worst['force']:.3g} N, "
          f"CoP {worst['cop']:.3g} m (bound at least {worst['bound']:.3g} m)")
    assert worst["cops"] >= 1000
    return record


def test_touch_force_is_the_weight_up_to_the_measured_acceleration(standing):
    m, d, root = standing["model"], standing["data"], standing["root"]
    mass = float(m.body_subtreemass[root])
    weight = mass * 9.81
    # Newton for the whole robot over 200 more steps of the settled run.
    touch = TrimeshTouch(types.SimpleNamespace(model=m, data=d), PARAMS, mimo_quirks=False)
    monitor = BalanceMonitor(m, d, FEET, source="touch", touch=touch)
    worst = 0.0
    for _ in range(200):
        mujoco.mj_step(m, d)
        r = monitor.read()
        expected = mass * (com_acceleration(m, d, root) - np.array(m.opt.gravity))
        err = np.abs(r["wrench"][:3] - expected).max()
        worst = max(worst, err)
        assert err <= 1e-6 * weight, (d.time, r["wrench"][:3], expected)
    gap = abs(r["wrench"][2] - weight)
    print(f"standing: |F - M (a - g)| at most {worst:.3g} N; |F_z - M g| {gap:.3g} N of {weight:.4g} N")


def test_standing_cop_is_under_the_com(standing):
    # At rest the CoP of the support is the CoM's ground projection; the touch CoP within
    # the spacing bound (2 s) plus the residual motion's share.
    t = standing["time"]
    for r, ti in zip(standing["touch"], t):
        if ti >= SETTLED:
            assert r["cop"] is not None and r["margin"] > 0.09
            assert np.linalg.norm(r["cop"][:2] - r["com"][:2]) <= 2.0 * SPACING + 1e-3


@pytest.fixture(scope="module")
def tipped(xml_path):
    return run(xml_path, PUSH)


def first(mask, t):
    i = np.nonzero(mask)[0]
    return None if len(i) == 0 else float(t[i[0]])


def test_tipping_over_gives_a_negative_margin_before_the_fall(tipped):
    t = tipped["time"]
    margin = np.array([np.nan if r["margin"] is None else r["margin"] for r in tipped["touch"]])
    seen = np.array([np.nan if r["margin"] is None else r["margin"] for r in tipped["mujoco"]])
    assert np.all(margin[(t >= SETTLED) & (t < PUSH_START)] > 0.09)
    fell = first(tipped["tilt"] > np.pi / 4, t)
    negative = first((t >= PUSH_START) & (margin < 0.0), t)
    seen_negative = first((t >= PUSH_START) & (seen < 0.0), t)
    print(f"push {PUSH} N: touch margin < 0 at {negative} s, MuJoCo margin < 0 at "
          f"{seen_negative} s, tilted past 45 degrees at {fell} s")
    assert fell is not None and negative is not None
    assert PUSH_START < negative < fell
    # From there until the fall the support is the toes' line: MuJoCo's hull of it has no
    # area (its margin is never positive); the sensors' hull is that line grown by the
    # spread, so the CoM passing over the toes is inside it by at most 2 s.
    after = (t >= negative) & (t < fell)
    assert np.all(np.isnan(seen[after]) | (seen[after] <= 0.0))
    assert np.all(np.isnan(margin[after]) | (margin[after] < 2.0 * SPACING))
    # The sensors' hull is the contacts' grown by at most the spread (2 s): the two sources
    # agree on the margin within it whenever both have a polygon.
    both = ~np.isnan(margin) & ~np.isnan(seen)
    assert np.all(np.abs(margin[both] - seen[both]) <= 2.0 * SPACING + 1e-9)


def test_a_morsel_touch_over_the_robot_feels_the_same(xml_path):
    m, d = model(xml_path)
    robot = morsel.mjcf(xml_path)
    sc = morsel.scene()
    sc.add_robot(robot)
    touch = morsel.touch(sc, {**PARAMS, "kind": "mesh"})
    mimo = TrimeshTouch(types.SimpleNamespace(model=m, data=d), PARAMS, mimo_quirks=False)
    a = BalanceMonitor(m, d, FEET, source="touch", touch=touch, robot=robot)
    b = BalanceMonitor(m, d, FEET, source="touch", touch=mimo)
    root = m.body("torso").id
    worst = 0.0
    for step in range(600):
        d.xfrc_applied[root, 0] = PUSH if step >= 300 else 0.0
        qpos = np.array(d.qpos)
        mujoco.mj_step(m, d)
        ra, rb = a.read(qpos=qpos), b.read()
        for foot in FEET:
            err = np.abs(ra["wrenches"][foot] - rb["wrenches"][foot]).max()
            worst = max(worst, err)
            assert err <= 1e-9, (step, foot, ra["wrenches"][foot], rb["wrenches"][foot])
        if rb["margin"] is not None:
            assert abs(ra["margin"] - rb["margin"]) <= 1e-9
    print(f"morsel.Touch vs morsel.mimo: worst wrench difference {worst:.3g}")


def test_bad_touch_options_raise(xml_path):
    m, d = model(xml_path)
    env = types.SimpleNamespace(model=m, data=d)
    mimo = TrimeshTouch(env, PARAMS, mimo_quirks=False)
    with pytest.raises(morsel.InvalidValueError, match="source"):
        BalanceMonitor(m, d, FEET, source="skin", touch=mimo)
    with pytest.raises(morsel.WrongTypeError):
        BalanceMonitor(m, d, FEET, source="touch")
    with pytest.raises(morsel.InvalidValueError, match="source=\"touch\""):
        BalanceMonitor(m, d, FEET, touch=mimo)
    with pytest.raises(morsel.InvalidValueError, match="ground"):
        BalanceMonitor(m, d, FEET, source="touch", touch=mimo, ground="world")
    with pytest.raises(morsel.InvalidValueError, match="static"):
        BalanceMonitor(m, d, FEET, source="touch", touch=mimo, polygon="static")
    one_foot = TrimeshTouch(env, {**PARAMS, "scales": {"left_foot": SPACING}}, mimo_quirks=False)
    with pytest.raises(morsel.InvalidValueError, match="right_foot"):
        BalanceMonitor(m, d, FEET, source="touch", touch=one_foot)
    robot = morsel.mjcf(xml_path)
    sc = morsel.scene()
    sc.add_robot(robot)
    touch = morsel.touch(sc, PARAMS)
    with pytest.raises(morsel.InvalidValueError, match="robot="):
        BalanceMonitor(m, d, FEET, source="touch", touch=touch)
    # MIMo's quirks (the drop-in's default) lose forces: a typed error at the first read; a
    # touch function without a force likewise.
    quirky = TrimeshTouch(env, PARAMS)
    monitor = BalanceMonitor(m, d, FEET, source="touch", touch=quirky)
    mujoco.mj_step(m, d)
    with pytest.raises(morsel.InvalidValueError, match="mimo_quirks"):
        monitor.read()
    scalar = morsel.touch(sc, {**PARAMS, "touch_function": "normal"})
    monitor = BalanceMonitor(m, d, FEET, source="touch", touch=scalar, robot=robot)
    with pytest.raises(morsel.InvalidValueError, match="normal"):
        monitor.read()
