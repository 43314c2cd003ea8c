"""Contacts that follow robot links from Python: `contact(robot=..., link=...)`, `attach`,
`orientation: "world"`, `stance(robot, ...)`, and the distributor ticked by a simulation.

Expected poses are composed here with NumPy from `morsel.fk(robot, q, link)` and the offset's
own rotation matrix (roll-pitch-yaw written out below), not through the binding code."""

import numpy as np
import pytest

import morsel
from conftest import ROBOTS
from test_rhai_parity import run_rhai

SOLO12 = ROBOTS / "solo12" / "solo12.urdf"
PANDA = ROBOTS / "panda" / "panda.urdf"
FEET = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"]


def rpy_matrix(r, p, y):
    """Rz(y) Ry(p) Rx(r): rotation about x, then y, then z in the fixed frame."""
    cr, sr, cp, sp, cy, sy = np.cos(r), np.sin(r), np.cos(p), np.sin(p), np.cos(y), np.sin(y)
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    return rz @ ry @ rx


def homogeneous(rotation, translation):
    m = np.eye(4)
    m[:3, :3] = rotation
    m[:3, 3] = translation
    return m


def standing_q():
    q = {}
    for leg in ["FL", "FR", "HL", "HR"]:
        front = leg.startswith("F")
        q[f"{leg}_HFE"] = 0.8 if front else -0.8
        q[f"{leg}_KFE"] = -1.6 if front else 1.6
    return q


def test_a_contact_on_a_solo_foot_follows_fk_after_q_changes():
    solo = morsel.urdf(SOLO12)
    pos, rpy = [0.01, -0.02, -0.015], [0.3, 0.2, -0.4]
    c = morsel.contact({"shape": [0.01, 0.01], "pos": pos, "rpy": rpy, "friction": 0.8,
                        "robot": solo, "link": "FL_FOOT"})
    assert c.bound and c.link == "FL_FOOT"
    offset = homogeneous(rpy_matrix(*rpy), pos)
    for q in [{}, standing_q(), {"FL_HAA": 0.3, "FL_HFE": -0.4, "FL_KFE": 1.1}]:
        solo.set_q(q)
        expected = morsel.fk(solo, q, "FL_FOOT").matrix @ offset
        np.testing.assert_allclose(c.pose.matrix, expected, atol=1e-12)
        np.testing.assert_allclose(c.position, expected[:3, 3], atol=1e-12)
        np.testing.assert_allclose(c.normal, expected[:3, 2], atol=1e-12)


def test_attach_function_and_method_on_a_placed_panda():
    panda = morsel.urdf(PANDA)
    placement = morsel.pose([0.4, -0.2, 0.1], [0.0, 0.0, 0.6])
    morsel.place(panda, placement)
    free = morsel.contact(shape=[0.02, 0.02], pos=[0.0, 0.0, 0.05], rpy=[0.0, np.pi, 0.0],
                          friction=0.6)
    assert not free.bound
    a = morsel.attach(free, panda, "panda_link7")
    b = free.attach(panda, "panda_link7")
    assert not free.bound                       # attach returns a bound copy
    q = [0.3, -0.5, 0.2, -2.0, 0.4, 1.6, -0.7, 0.02, 0.02][: len(panda.q)]
    panda.set_q(q)
    offset = homogeneous(rpy_matrix(0.0, np.pi, 0.0), [0.0, 0.0, 0.05])
    expected = placement.matrix @ morsel.fk(panda, q, "panda_link7").matrix @ offset
    for c in (a, b):
        np.testing.assert_allclose(c.pose.matrix, expected, atol=1e-12)
        np.testing.assert_allclose(c.vertices().mean(axis=0), expected[:3, 3], atol=1e-12)


def test_world_orientation_keeps_the_given_rotation():
    panda = morsel.urdf(PANDA)
    rpy = [0.0, 0.4, 0.0]
    w = morsel.contact(shape=[0.02, 0.02], pos=[0.0, 0.0, -0.1], rpy=rpy, friction=0.7,
                       robot=panda, link="panda_link7", orientation="world")
    for q in [[0.0] * 7, [0.3, -0.5, 0.2, -2.0, 0.4, 1.6, -0.7]]:
        q = q + [0.0] * (len(panda.q) - 7)
        panda.set_q(q)
        link = morsel.fk(panda, q, "panda_link7").matrix
        np.testing.assert_allclose(w.position, link[:3, 3] + [0.0, 0.0, -0.1], atol=1e-12)
        np.testing.assert_allclose(w.pose.matrix[:3, :3], rpy_matrix(*rpy), atol=1e-12)


def test_a_stance_of_attached_feet_equals_the_stance_by_hand():
    solo = morsel.urdf(SOLO12)
    q = standing_q()
    solo.set_q(q)
    sole = -0.016
    paws = [morsel.contact(shape=[0.01, 0.01], pos=[0, 0, sole], friction=0.8, link=f,
                           orientation="world") for f in FEET]
    st = morsel.stance(solo, {"contacts": paws})
    for q in [q, dict(q, FL_HFE=0.6, HR_KFE=1.2)]:
        solo.set_q(q)
        hand = [morsel.contact(shape=[0.01, 0.01], friction=0.8, link=f,
                               pos=morsel.fk(solo, q, f).position + [0, 0, sole]) for f in FEET]
        ref = morsel.stance(com=morsel.com(solo, q), mass=morsel.mass(solo), contacts=hand)
        np.testing.assert_allclose(st.com, ref.com, atol=1e-9)
        assert st.mass == pytest.approx(ref.mass, abs=1e-9)
        pa, pb = morsel.static_polygon(st), morsel.static_polygon(ref)
        assert pa["status"] == pb["status"] == "bounded"
        np.testing.assert_allclose(pa["vertices"], pb["vertices"], atol=1e-9)
        da, db = morsel.distribute(st), morsel.distribute(ref)
        assert da["status"] == db["status"] == "solved"
        for x, y in zip(da["wrenches"], db["wrenches"]):
            np.testing.assert_allclose(x["world"], y["world"], atol=1e-9)
        for c, f in zip(st.contacts, FEET):
            np.testing.assert_allclose(c.position, morsel.fk(solo, q, f).position + [0, 0, sole],
                                       atol=1e-12)


def test_a_robot_stance_through_python_equals_rhai(tmp_path):
    q = standing_q()
    rhai = run_rhai(tmp_path, """
let solo = urdf("@model@");
for j in @q@.keys() { solo.set_rotation(j, @q@[j]); }
let paws = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"].map(|f| contact(#{ shape: [0.01, 0.02],
    pos: [0.0, 0.0, -0.016], friction: 0.8, link: f, orientation: "world" }));
let tilted = contact(#{ shape: [0.01, 0.01], pos: [0.0, 0.01, 0.0], rpy: [0.2, 0.0, 0.0],
    friction: 0.5, robot: solo, link: "HR_LOWER_LEG" });
let st = stance(solo, #{ contacts: paws });
let other = stance(#{ com: solo, contacts: paws + [tilted], robot: solo });
save("out.json", #{ polygon: st.static_polygon("bretl"), com: st.com, mass: st.mass,
                    distribution: st.distribute(), other: other.distribute(),
                    contacts: st.to_map().contacts, tilted: tilted.to_map() });
""".replace("@q@", "#{" + ", ".join(f"{k}: {v}" for k, v in q.items()) + "}"), model=SOLO12)
    solo = morsel.urdf(SOLO12)
    for j, v in q.items():
        morsel.set_rotation(solo, j, v)
    paws = [morsel.contact(shape=[0.01, 0.02], pos=[0.0, 0.0, -0.016], friction=0.8, link=f,
                           orientation="world") for f in FEET]
    tilted = morsel.contact(shape=[0.01, 0.01], pos=[0.0, 0.01, 0.0], rpy=[0.2, 0.0, 0.0],
                            friction=0.5, robot=solo, link="HR_LOWER_LEG")
    st = morsel.stance(solo, contacts=paws)
    other = morsel.stance({"com": solo, "contacts": paws + [tilted], "robot": solo})
    p = morsel.static_polygon(st, "bretl")
    np.testing.assert_array_equal(np.array(rhai["polygon"]["vertices"]), p["vertices"])
    np.testing.assert_array_equal(np.array(rhai["com"]), st.com)
    assert rhai["mass"] == st.mass
    for key, d in [("distribution", morsel.distribute(st)), ("other", morsel.distribute(other))]:
        assert rhai[key]["status"] == d["status"] == "solved"
        for x, y in zip(rhai[key]["wrenches"], d["wrenches"], strict=True):
            np.testing.assert_array_equal(np.array(x["world"]), y["world"], err_msg=key)
    for x, c in zip(rhai["contacts"], st.contacts, strict=True):
        y = c.to_map()
        assert x["bound"] and y["bound"] and x["link"] == y["link"]
        np.testing.assert_array_equal(np.array(x["position"]), np.array(y["position"]))
    assert rhai["tilted"]["quat"] == tilted.to_map()["quat"]


def test_the_distributor_in_a_simulation_follows_the_robot():
    solo = morsel.urdf(SOLO12)
    q = standing_q()
    solo.set_q(q)
    paws = [morsel.contact(shape=[0.01, 0.01], pos=[0, 0, -0.016], friction=0.8, link=f,
                           orientation="world") for f in FEET]
    d = morsel.stance(solo, contacts=paws).wrench_distributor()
    sim = morsel.simulation(dt=0.05)
    morsel.add(sim, solo)
    morsel.add(sim, d)
    solo.rotate("FL_HFE", 0.5, 1.0)          # 0.8 -> 0.5 at 1 rad/s: moving for 0.3 s
    morsel.run(sim, 0.5)
    assert d.ticks == 10
    joints = {j["name"]: j["position"] for j in solo.get_configurations()["joints"]}
    final = dict(q, FL_HFE=joints["FL_HFE"])
    assert final["FL_HFE"] == pytest.approx(0.5, abs=1e-9)
    first, last = d.records[0], d.records[-1]
    np.testing.assert_allclose(last["com"], morsel.com(solo, final), atol=1e-12)
    assert np.linalg.norm(np.array(first["com"]) - last["com"]) > 1e-4
    for r in d.records:
        assert r["status"] == "solved"
        assert sum(r["normal_forces"]) == pytest.approx(morsel.mass(solo) * 9.81, rel=1e-9)


def test_bad_attachments_raise():
    solo = morsel.urdf(SOLO12)
    base = dict(shape=[0.01, 0.01], friction=0.8)
    c = morsel.contact(base)
    with pytest.raises(morsel.UnknownNameError, match="NO_SUCH_LINK"):
        morsel.attach(c, solo, "NO_SUCH_LINK")
    with pytest.raises(morsel.UnknownNameError):
        morsel.contact(base, robot=solo, link="NO_SUCH_LINK")
    with pytest.raises(morsel.UnknownNameError):
        morsel.stance(solo, contacts=[morsel.contact(base, link="nope")])
    with pytest.raises(morsel.WrongTypeError, match="Robot"):
        morsel.attach(c, "solo", "FL_FOOT")
    with pytest.raises(morsel.WrongTypeError, match="Robot"):
        c.attach(c, "FL_FOOT")
    with pytest.raises(morsel.WrongTypeError):
        morsel.contact(base, robot=42, link="FL_FOOT")
    with pytest.raises(morsel.WrongTypeError):
        morsel.attach(solo, solo, "FL_FOOT")
    with pytest.raises(morsel.InvalidValueError, match="orientation"):
        morsel.contact(base, orientation="sideways")
    with pytest.raises(morsel.WrongTypeError, match="orientation"):
        morsel.contact(base, orientation=1)
    with pytest.raises(morsel.InvalidValueError, match="link"):
        morsel.contact(base, robot=solo)
    with pytest.raises(morsel.InvalidValueError, match="mass"):
        morsel.stance(com=[0, 0, 0.3], contacts=[c])
    with pytest.raises(morsel.InvalidValueError, match="robot"):
        morsel.stance(solo, robot=solo, contacts=[c])
    with pytest.raises(morsel.WrongTypeError):
        morsel.stance([c], {"contacts": [c]})


def test_a_simulated_distributor_on_attached_feet_equals_rhai(tmp_path):
    q = standing_q()
    rhai = run_rhai(tmp_path, """
let solo = urdf("@model@");
for j in @q@.keys() { solo.set_rotation(j, @q@[j]); }
let paws = ["FL_FOOT", "FR_FOOT", "HL_FOOT", "HR_FOOT"].map(|f| contact(#{ shape: [0.01, 0.01],
    pos: [0.0, 0.0, -0.016], friction: 0.8, link: f, orientation: "world" }));
let d = wrench_distributor(stance(solo, #{ contacts: paws }), #{ com_acceleration: "estimated" });
let sim = simulation(#{ dt: 0.05 });
sim.add(solo);
sim.add(d);
solo.rotate("FL_HFE", 0.5, 1.0);
sim.run(0.5);
save("out.json", #{ records: d.records, table: d.table() });
""".replace("@q@", "#{" + ", ".join(f"{k}: {v}" for k, v in q.items()) + "}"), model=SOLO12)
    solo = morsel.urdf(SOLO12)
    for j, v in q.items():
        morsel.set_rotation(solo, j, v)
    paws = [morsel.contact(shape=[0.01, 0.01], pos=[0.0, 0.0, -0.016], friction=0.8, link=f,
                           orientation="world") for f in FEET]
    d = morsel.wrench_distributor(morsel.stance(solo, contacts=paws), com_acceleration="estimated")
    sim = morsel.simulation(dt=0.05)
    morsel.add(sim, solo)
    morsel.add(sim, d)
    solo.rotate("FL_HFE", 0.5, 1.0)
    morsel.run(sim, 0.5)
    assert len(rhai["records"]) == d.ticks == 10
    for x, y in zip(rhai["records"], d.records, strict=True):
        assert x["time"] == y["time"] and x["status"] == y["status"]
        np.testing.assert_array_equal(np.array(x["com"]), y["com"])
        np.testing.assert_array_equal(np.array(x["com_acceleration"]), y["com_acceleration"])
        np.testing.assert_array_equal(np.array(x["normal_forces"]), y["normal_forces"])
        assert x["margin"] == y["margin"]
    t = d.table()
    for k, v in rhai["table"].items():
        np.testing.assert_array_equal(np.array(v, dtype=float), t[k], err_msg=k)
