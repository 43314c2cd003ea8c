"""morsel.mujoco.BalanceMonitor (issue 49: a robot that feels its own balance) on dm_control's
humanoid, through python/examples/humanoid_balance.py.

At every step of a pushed run the feet's wrenches and the CoP equal those computed here from
MuJoCo's own ``mj_contactForce``, contact by contact (not through morsel.mujoco), to 1e-9; the
margin agrees with ``morsel.com_margin``; a small push is recovered with the margin positive,
a large one makes the margin cross zero before the torso falls (the fall read from MuJoCo's
state: the torso's height). Bad input: unknown bodies raise, no contacts give None.
"""

import importlib.util
import pathlib

import numpy as np
import pytest

import morsel
from morsel.mujoco import BalanceMonitor

mujoco = pytest.importorskip("mujoco")
pytest.importorskip("dm_control")

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "humanoid_balance.py"


def load_example():
    spec = importlib.util.spec_from_file_location("humanoid_balance", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EX = load_example()


def mujoco_feet_wrenches(m, d, feet, point):
    """{foot: (6,) force and moment about point} summed from mj_contactForce, one contact at a
    time, for the contacts between a foot and a body that is not a foot."""
    ids = {mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_BODY, f): f for f in feet}
    out = {f: np.zeros(6) for f in feet}
    f6 = np.zeros(6)
    for i in range(d.ncon):
        c = d.contact[i]
        b1, b2 = m.geom_bodyid[c.geom1], m.geom_bodyid[c.geom2]
        if (b1 in ids) == (b2 in ids):
            continue
        mujoco.mj_contactForce(m, d, i, f6)
        on_b2 = np.asarray(c.frame).reshape(3, 3).T @ f6[:3]  # world force on geom2's body
        foot, force = (ids[b2], on_b2) if b2 in ids else (ids[b1], -on_b2)
        out[foot][:3] += force
        out[foot][3:] += np.cross(np.asarray(c.pos) - point, force)
    return out


def cop_of(wrench, point, height):
    f, tau = wrench[:3], wrench[3:]
    rz = height - point[2]
    return np.array([point[0] + (rz * f[0] - tau[1]) / f[2], point[1] + (rz * f[1] + tau[0]) / f[2]])


@pytest.fixture(scope="module")
def fall():
    """The large push, every step checked against MuJoCo's mj_contactForce sums."""
    point = np.array([0.3, -0.2, 0.1])  # an arbitrary reference point for the moments
    worst = {"wrench": 0.0, "cop": 0.0, "margin": 0.0, "cops": 0, "margins": 0}

    def check(m, d, r):
        ref = mujoco_feet_wrenches(m, d, EX.FEET, point)
        for foot in EX.FEET:
            err = np.abs(r["wrenches"][foot] - ref[foot]).max()
            worst["wrench"] = max(worst["wrench"], err)
            assert err <= 1e-9, (d.time, foot, r["wrenches"][foot], ref[foot])
        net = sum(ref.values())
        if net[2] > 1e-6:
            cop = cop_of(net, point, 0.0)
            err = np.abs(r["cop"][:2] - cop).max()
            worst["cop"] = max(worst["cop"], err)
            worst["cops"] += 1
            assert err <= 1e-9, (d.time, r["cop"], cop)
            assert r["cop"][2] == 0.0
        else:
            assert r["cop"] is None
        poly = r["polygon"]
        if poly is not None and len(poly) >= 3 and worst["margins"] < 10**6:
            # The signed distance against morsel.com_margin (Rust) over a stance at the CoM.
            stance = morsel.stance(com=list(r["com"]), mass=40.0,
                                   contacts=[morsel.contact(shape=[1e-3, 1e-3], pos=list(p), friction=1.0)
                                             for p in r["points"]])
            expected = morsel.com_margin(stance, {"vertices": poly.tolist()})
            worst["margin"] = max(worst["margin"], abs(r["margin"] - expected))
            worst["margins"] += 1
            assert abs(r["margin"] - expected) <= 1e-9, (d.time, r["margin"], expected)

    record = EX.run(150.0, 3.0, {"point": point}, callback=check)
    print(f"150 N: {len(record['time'])} steps, {worst['cops']} CoPs, worst |wrench - MuJoCo| "
          f"{worst['wrench']:.3g}, worst |CoP - MuJoCo| {worst['cop']:.3g} m, {worst['margins']} "
          f"margins, worst |margin - com_margin| {worst['margin']:.3g} m")
    assert worst["cops"] >= 300 and worst["margins"] >= 200
    return record


def test_cop_and_wrenches_equal_mujoco_contact_force_sums(fall):
    # The checks run inside the fixture, at every step; here: the run had support throughout
    # the standing phase.
    t = fall["time"]
    standing = [r for r, ti in zip(fall["readings"], t) if ti < EX.PUSH_START]
    assert all(r["cop"] is not None for r in standing)


def test_margin_crosses_zero_before_the_fall(fall):
    t, margin = fall["time"], fall["margin"]
    settled = (t >= EX.SETTLED) & (t < EX.PUSH_START)
    assert np.all(margin[settled] > 0.05), margin[settled].min()
    fell, crossed = EX.fall_time(fall), EX.crossing_time(fall)
    first = EX.first_negative_time(fall)
    print(f"150 N: margin first < 0 at {first:.3f} s, < 0 for good from {crossed:.3f} s, torso "
          f"below {EX.FALLEN} m at {fell:.3f} s")
    assert fell is not None and crossed is not None
    assert EX.PUSH_START <= first <= crossed < fell - 0.5
    # From the crossing on the CoM stays outside the support (negative margin or no support),
    # and it is past the support's front edge: a forward fall.
    after = t >= crossed
    assert np.all(np.isnan(margin[after]) | (margin[after] < 0.0))
    i = int(np.nonzero(t == crossed)[0][0])
    r = fall["readings"][i]
    assert r["com"][0] > r["polygon"][:, 0].max()
    # Just before it, the margin was positive: zero was crossed, not jumped over from no support.
    assert fall["margin"][i - 1] > 0.0


def test_small_push_is_recovered_with_a_positive_margin():
    record = EX.run(50.0, 2.0)
    t, margin = record["time"], record["margin"]
    assert EX.fall_time(record) is None
    assert np.all(margin[t >= EX.SETTLED] > 0.05), np.nanmin(margin[t >= EX.SETTLED])


def test_static_polygon_and_cop_margin():
    m, d = EX.humanoid()
    controller = EX.Standing(m, d)
    hull = BalanceMonitor(m, d, EX.FEET)
    static = BalanceMonitor(m, d, EX.FEET, polygon="static")
    cop = BalanceMonitor(m, d, EX.FEET, of="cop")
    for _ in range(100):
        controller.control(d)
        mujoco.mj_step(m, d)
    a, b, c = hull.read(), static.read(), cop.read()
    # Flat ground: Bretl's polygon of the contacts' 1 mm patches is the hull grown by them.
    assert b["polygon"] is not None and len(b["polygon"]) >= 4
    assert abs(b["margin"] - a["margin"]) <= 1.5e-3, (a["margin"], b["margin"])
    ref = BalanceMonitor(m, d, EX.FEET)._margin(c["cop"][:2], c["polygon"])
    assert c["margin"] == ref and 0.0 < c["margin"] < 0.2


def test_unknown_feet_and_bad_options_raise():
    m, d = EX.humanoid()
    with pytest.raises(morsel.InvalidValueError, match="unknown foot 'right_fot'"):
        BalanceMonitor(m, d, ["right_fot", "left_foot"])
    with pytest.raises(morsel.InvalidValueError, match="unknown ground body"):
        BalanceMonitor(m, d, EX.FEET, ground=["floor_body"])
    with pytest.raises(morsel.InvalidValueError, match="non-empty list"):
        BalanceMonitor(m, d, [])
    with pytest.raises(morsel.InvalidValueError, match="non-empty list"):
        BalanceMonitor(m, d, "right_foot")
    with pytest.raises(morsel.InvalidValueError, match="repeat"):
        BalanceMonitor(m, d, ["left_foot", "left_foot"])
    with pytest.raises(morsel.InvalidValueError, match="polygon"):
        BalanceMonitor(m, d, EX.FEET, polygon="bretl")
    with pytest.raises(morsel.WrongTypeError):
        BalanceMonitor(d, m, EX.FEET)


def test_no_contacts_read_as_none():
    m, d = EX.humanoid()
    d.qpos[2] += 1.0  # in the air
    monitor = BalanceMonitor(m, d, EX.FEET, ground="world")
    r = monitor.step()
    assert d.ncon == 0
    assert r["cop"] is None and r["polygon"] is None and r["margin"] is None
    assert r["points"].shape == (0, 3)
    assert all(np.all(w == 0.0) for w in r["wrenches"].values())
    assert np.allclose(r["com"], d.subtree_com[1])


def test_example_writes_the_margin_plot(tmp_path, capsys):
    assert EX.main(["--out", str(tmp_path), "--push", "50", "--seconds", "1.5"]) == 0
    text = capsys.readouterr().out
    assert "push 50 N:" in text and "fell at never" in text
    svg = (tmp_path / "humanoid_balance.svg").read_text()
    assert svg.startswith("<?xml") and "<svg" in svg
