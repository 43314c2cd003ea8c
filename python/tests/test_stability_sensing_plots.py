"""The stability, sensing and plot group from Python: contact_set, set_wrench/unset_wrench,
wrench_at, wrench_distributor (set_stance, table), taxel_contacts, taxel_depths and the SVG
plots (plot_polygon, plot_map, plot_outputs, plot_sensors, plot_forces).

Numbers are checked against closed forms (the moment transfer of a wrench, a press of
spherical probes on a flat face, Newton's law on the CoM) and against the `morsel` binary on
the same inputs (the plots must be the same bytes)."""

import csv
import math

import numpy as np
import pytest

import morsel
from test_rhai_parity import SOLO12, run_rhai


def skew(v):
    return np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])


def two_feet():
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.05, 0.15, 0.0], "rpy": [0.1, 0.0, 0.2],
                           "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.02], "friction": 0.6})
    return left, right


RHAI_FEET = """
let left  = contact(#{ shape: [0.11, 0.05], pos: [0.05, 0.15, 0.0], rpy: [0.1, 0.0, 0.2], friction: 0.7 });
let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.02], friction: 0.6 });
"""


# --- wrench_at, set_wrench, unset_wrench --------------------------------------------------------

def test_wrench_at_is_the_moment_transfer_of_the_given_wrench():
    c = morsel.contact({"shape": [0.1, 0.05], "pos": [0.1, 0.2, 0.05], "rpy": [0.3, -0.2, 1.1],
                        "friction": 0.8})
    assert morsel.wrench_at(c, [0, 0, 0]) is None and not c.managed
    local = np.array([1.0, -2.0, 30.0, 0.4, -0.5, 0.6])
    morsel.set_wrench(c, local)
    assert c.managed
    # by hand: rotate force and moment into the world, then tau_q = tau_p + (p - q) x f
    R = c.pose.matrix[:3, :3]
    f, tau_p = R @ local[:3], R @ local[3:]
    p, q = np.array([0.1, 0.2, 0.05]), np.array([-0.3, 0.4, 0.9])
    expected = np.concatenate([f, tau_p + np.cross(p - q, f)])
    np.testing.assert_allclose(c.wrench_at(q), expected, atol=1e-12)
    np.testing.assert_allclose(morsel.wrench_at(c, p), np.concatenate([f, tau_p]), atol=1e-12)
    c.unset_wrench()
    assert c.wrench_at(q) is None and not c.managed


def test_a_managed_contact_is_subtracted_from_the_distribution():
    # flat feet; the left one pushes 170 N of the 372.78 N weight, the right one the rest
    # (its centre of pressure shifted to balance the moment)
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, 0.15, 0.0], "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.0], "friction": 0.7})
    st = morsel.stance({"com": [0.01, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    given = np.array([0.0, 0.0, 170.0, 0.0, 0.0, 0.0])
    morsel.set_wrench(st, 0, given)
    d = morsel.distribute(st)
    assert d["status"] == "solved"
    assert [w["managed"] for w in d["wrenches"]] == [True, False]
    np.testing.assert_allclose(d["wrenches"][0]["local"], given, atol=1e-12)
    # Newton-Euler by hand: the wrenches moved to the CoM sum to [m g e_z; 0]
    com = np.array([0.01, 0.0, 0.8])
    total = np.zeros(6)
    for w, c in zip(d["wrenches"], [left, right]):
        f, tau = w["world"][:3], w["world"][3:]
        total += np.concatenate([f, tau + np.cross(c.position - com, f)])
    np.testing.assert_allclose(total, [0, 0, 38.0 * 9.81, 0, 0, 0], atol=1e-6)
    st.unset_wrench(0)
    assert not any(w["managed"] for w in morsel.distribute(st)["wrenches"])
    # the stance holds copies: the contact given to it is untouched
    assert not left.managed


def test_contact_set_matches_its_contacts():
    left, right = two_feet()
    s = morsel.contact_set([left, right])
    assert len(s) == 2 and [c.friction for c in s.contacts] == [0.7, 0.6]
    p = [0.1, -0.2, 0.7]
    g = morsel.grasp_matrix(s, p)
    np.testing.assert_array_equal(g, np.hstack([morsel.grasp_matrix(left, p), morsel.grasp_matrix(right, p)]))
    assert morsel.wrench_span(s, p).shape == (6, 32)
    np.testing.assert_array_equal(morsel.wrench_span(s, p)[:, :16], morsel.wrench_span(left, p))
    F = morsel.wrench_inequalities(s, p)
    # every generator of the net cone satisfies F w <= 0
    assert (F @ morsel.wrench_span(s, p) <= 1e-9).all()
    st = morsel.stance({"com": [0, 0, 0.8], "mass": 10.0, "contacts": s})
    np.testing.assert_array_equal(morsel.static_polygon(s, "bretl")["vertices"],
                                  morsel.static_polygon(st, "bretl")["vertices"])
    d = morsel.find_supporting_wrenches(s, [0, 0, 98.1, 0, 0, 0], [0.01, 0, 0.8])
    assert d["status"] == "solved"
    assert morsel.to_map(s)["contacts"][1]["friction"] == 0.6


# --- wrench_distributor ---------------------------------------------------------------------------

def test_distributor_ticks_follow_newtons_law_and_match_the_script(tmp_path):
    rhai = run_rhai(tmp_path, RHAI_FEET + """
let st = stance(#{ com: [0.01, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
let one = stance(#{ com: [0.0, -0.15, 0.8], mass: 38.0, contacts: [right] });
let d = wrench_distributor(st, #{ com_acceleration: [0.5, 0.0, 0.0] });
let a = d.step();
let b = d.step([0.0, 0.0, 1.5]);
d.set_stance(one);
let c = d.step();
d.save("saved.csv");
save("out.json", #{ a: a, b: b, c: c, records: d.records });
""")
    left, right = two_feet()
    st = morsel.stance({"com": [0.01, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    one = morsel.stance({"com": [0.0, -0.15, 0.8], "mass": 38.0, "contacts": [right]})
    d = morsel.wrench_distributor(st, {"com_acceleration": [0.5, 0.0, 0.0]})
    a = d.step()
    b = d.step([0.0, 0.0, 1.5])
    morsel.set_stance(d, one)
    c = d.step()
    for name, py in [("a", a), ("b", b), ("c", c)]:
        assert rhai[name]["status"] == py["status"], name
        for x, y in zip(rhai[name]["wrenches"], py["wrenches"]):
            np.testing.assert_array_equal(np.array(x["world"]), y["world"], err_msg=name)
    t = morsel.table(d)
    assert list(t) == ["time", "tick", "com_x", "com_y", "com_z", "acc_x", "acc_y", "acc_z",
                       "margin", "inside", "solved", "normal_force_total"]
    with open(tmp_path / "out" / "saved.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == list(t)
    saved = np.array([[float(x) for x in r] for r in rows[1:]])
    np.testing.assert_array_equal(saved, np.column_stack(list(t.values())))
    # Python's save writes the same bytes (morsel-lab's table encoding), as a method and through
    # morsel.save; a bad path is a typed error naming it, and writes nothing
    d.save(tmp_path / "py.csv")
    assert (tmp_path / "py.csv").read_bytes() == (tmp_path / "out" / "saved.csv").read_bytes()
    morsel.save(d, str(tmp_path / "py2.csv"))
    assert (tmp_path / "py2.csv").read_bytes() == (tmp_path / "py.csv").read_bytes()
    with pytest.raises(morsel.WrongTypeError, match=r"`path` of save\(\)"):
        d.save(5)
    with pytest.raises(morsel.InvalidValueError, match="extension"):
        d.save(tmp_path / "table.txt")
    with pytest.raises(morsel.InvalidValueError, match="NaN"):
        d.save(tmp_path / "table.json")   # steps by hand have no time (NaN), which JSON cannot hold
    assert not (tmp_path / "table.txt").exists() and not (tmp_path / "table.json").exists()
    # Newton on the CoM: the contact forces sum to m (a - g) (world frame)
    for dist, acc in [(a, [0.5, 0.0, 0.0]), (b, [0.0, 0.0, 1.5])]:
        force = sum(w["world"][:3] for w in dist["wrenches"])
        np.testing.assert_allclose(force, 38.0 * (np.array(acc) + [0, 0, 9.81]), rtol=1e-9, atol=1e-9)
    for row, dist in zip(t["normal_force_total"], [a, b, c]):
        assert row == pytest.approx(sum(w["normal_force"] for w in dist["wrenches"]), rel=1e-12)
    np.testing.assert_array_equal(t["tick"], [1, 2, 3])
    assert np.isnan(t["time"]).all()          # driven by hand
    assert d.ticks == 3 and len(d.records) == 3
    for x, y in zip(rhai["records"], d.records):
        assert x["margin"] == y["margin"] and x["inside"] == y["inside"]
        assert x["polygon_area"] == y["polygon_area"]
        np.testing.assert_array_equal(np.array(x["normal_forces"]), y["normal_forces"])
    # one foot at (0, -0.15) under a CoM right above it: inside, margin = the half width 0.05
    assert d.records[2]["inside"] and d.records[2]["margin"] == pytest.approx(0.05, abs=1e-9)
    assert d.last["status"] == c["status"]


def test_distributor_bad_input():
    left, right = two_feet()
    st = morsel.stance({"com": [0, 0, 0.8], "mass": 10.0, "contacts": [left, right]})
    with pytest.raises(morsel.InvalidValueError):
        morsel.wrench_distributor(st, {"com_acceleration": "guessed"})
    with pytest.raises(morsel.UnknownNameError):
        morsel.wrench_distributor(st, {"acceleration": [0, 0, 0]})
    with pytest.raises(morsel.WrongTypeError):
        morsel.wrench_distributor(left)
    with pytest.raises(morsel.InvalidValueError):
        morsel.wrench_distributor(st, com_acceleration=[0, float("nan"), 0])
    d = st.wrench_distributor(com_acceleration="estimated")
    with pytest.raises(morsel.InvalidValueError, match="sim.add"):
        d.step()                                 # no simulation time to estimate from
    with pytest.raises(morsel.WrongTypeError):
        morsel.table(st)
    with pytest.raises(morsel.WrongTypeError):
        morsel.set_stance(d, left)


def test_wrench_bad_input():
    left, right = two_feet()
    st = morsel.stance({"com": [0, 0, 0.8], "mass": 10.0, "contacts": [left, right]})
    with pytest.raises(morsel.InvalidValueError):
        morsel.set_wrench(left, [1, 2, 3, 4, 5])
    with pytest.raises(morsel.InvalidValueError):
        morsel.set_wrench(left, [0, 0, float("nan"), 0, 0, 0])
    with pytest.raises(morsel.MorselError):
        morsel.set_wrench(st, 2, [0, 0, 1, 0, 0, 0])           # no contact 2
    with pytest.raises(morsel.WrongTypeError):
        morsel.set_wrench(st, 0.5, [0, 0, 1, 0, 0, 0])
    with pytest.raises(morsel.WrongTypeError):
        morsel.set_wrench(12, [0, 0, 1, 0, 0, 0])
    with pytest.raises(morsel.WrongTypeError):
        morsel.wrench_at(st, [0, 0, 0])
    with pytest.raises(morsel.InvalidValueError):
        left.wrench_at([0, 0])
    with pytest.raises(morsel.InvalidValueError):
        morsel.contact_set([])
    with pytest.raises(morsel.WrongTypeError):
        morsel.contact_set([left, 3])


# --- taxel_contacts, taxel_depths -----------------------------------------------------------------

def fingertip(z):
    """A bodiless 'fingertip' at height z over a 0.1 m box whose top face is z = 0."""
    sc = morsel.scene()
    sc.add_body("fingertip", {"pose": morsel.pose([0, 0, z])})
    sc.add_body("block", {"colliders": [[morsel.box(0.1, 0.1, 0.05), morsel.pose([0, 0, -0.05])]]})
    return sc


PROBES = [[0, 0, 0], [0.004, 0, 0.006], [-0.004, 0.002, 0.012]]


def test_probe_contacts_and_depths_of_a_press():
    # probes of radius 0.01 at heights z + dz over the face z = 0: depth max(0, 0.01 - height)
    contacts = morsel.taxel_contacts({"link_name": "fingertip", "probe_local_pos": PROBES})
    depths = morsel.taxel_depths(link_name="fingertip", probe_local_pos=PROBES)
    assert contacts.num_probes == depths.num_probes == 3
    for z in [0.0, 0.002, 0.005]:
        sc = fingertip(z)
        sc.set_velocity("block", [0.1, 0.2, 0.0], [0, 0, 0])
        heights = z + np.array([p[2] for p in PROBES])
        expected = np.maximum(0.0, 0.01 - heights)
        flags = morsel.read(contacts, sc)
        assert flags.dtype == bool and flags.shape == (3,)
        np.testing.assert_array_equal(flags, expected > 0)
        r = depths.read(sc)
        np.testing.assert_allclose(r["depth"], expected, atol=1e-12)
        # slip: the block's velocity minus the probe's (at rest), on t1 = x, t2 = y
        assert r["slip"].shape == (3, 2)
        np.testing.assert_allclose(r["slip"], [[0.1, 0.2] if e > 0 else [0, 0] for e in expected],
                                   atol=1e-12)
    batch = depths.read_batch([fingertip(0.0), fingertip(0.02)])
    assert batch["depth"].shape == (2, 3)
    np.testing.assert_allclose(batch["depth"][1], 0.0)
    assert contacts.read_batch([fingertip(0.0), fingertip(0.02)]).shape == (2, 3)


def test_probe_readings_match_the_script(tmp_path):
    rhai = run_rhai(tmp_path, """
let sc = scene();
sc.add_body("fingertip", #{ pose: pose([0.0, 0.0, 0.003]) });
sc.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0.0, 0.0, -0.05])]] });
sc.set_velocity("block", [0.1, 0.2, 0.0], [0.0, 0.0, 0.5]);
let o = #{ link_name: "fingertip", probe_local_pos: [[0.0, 0.0, 0.0], [0.004, 0.001, 0.0], [0.0, 0.0, 0.02]],
           history_length: 2 };
let c = taxel_contacts(o);
let d = taxel_depths(o);
let r1 = d.read(sc);
let r2 = d.read(sc);
save("out.json", #{ flags: c.read(sc), depth: r2.depth, slip: r2.slip });
""")
    sc = fingertip(0.003)
    sc.set_velocity("block", [0.1, 0.2, 0.0], [0.0, 0.0, 0.5])
    o = {"link_name": "fingertip", "probe_local_pos": [[0, 0, 0], [0.004, 0.001, 0], [0, 0, 0.02]],
         "history_length": 2}
    d = morsel.taxel_depths(o)
    d.read(sc)
    r = d.read(sc)
    assert r["depth"].shape == (2, 3) and r["slip"].shape == (2, 3, 2)
    np.testing.assert_array_equal(np.array(rhai["depth"]), r["depth"])
    np.testing.assert_array_equal(np.array(rhai["slip"]), r["slip"])
    np.testing.assert_array_equal(np.array(rhai["flags"]), morsel.taxel_contacts(o).read(sc))


def test_probe_sensors_bad_input():
    with pytest.raises(morsel.InvalidValueError):
        morsel.taxel_contacts({})                                 # no link_name
    with pytest.raises(morsel.UnknownNameError):
        morsel.taxel_depths({"link_name": "fingertip", "stiffness": 1.0})
    t = morsel.taxel_depths({"link_name": "nowhere"})
    with pytest.raises(morsel.MorselError):
        t.read(fingertip(0.0))
    with pytest.raises(morsel.InvalidValueError):
        morsel.taxel_contacts({"link_name": "fingertip"}).read_batch([])


# --- plots ----------------------------------------------------------------------------------------

PLOT_SCRIPT = RHAI_FEET + """
let st = stance(#{ com: [0.01, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
plot_polygon("polygon.svg", st);
plot_polygon("hull.svg", st, static_polygon(st, "hull"));
let solo = urdf("@model@");
let cs = collision_sampler(solo, #{ joints: ["FL_HAA", "FL_HFE"], ranges: [[-PI(), PI()], [-2.0, 2.5]],
                                    pairs: [["base_link", "FL_UPPER_LEG"]] });
let map = cs.grid([9, 7], #{ distance: true });
plot_map("map.svg", map);
plot_map("map.png", map);
plot_map("boundary.svg", cs.boundary(12, #{ seed: 2, precision: 1e-6 }));
let sc = scene();
sc.add_body("pad", box(0.05, 0.05, 0.01), pose([0.0, 0.0, 0.0]));
sc.add_body("ball", sphere(0.02), pose([0.003, -0.002, 0.0295]));
let t = touch(sc, #{ scales: #{ pad: 0.01 }, touch_function: "force_vector_global" });
t.observe();
plot_outputs(t, "outputs.svg");
plot_outputs(t, "outputs_all.svg", #{ title: "pad", views: ["top", "side"], arrows: true, bodies: ["pad"] });
plot_sensors(t, "sensors.svg", "pad");
plot_sensors(t, "sensors_top.svg", "pad", #{ views: ["top", "front"] });
let tip = scene();
tip.add_body("fingertip", #{ pose: pose([0.0, 0.0, 0.004]) });
tip.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0.0, 0.0, -0.05])]] });
let tx = taxels(#{ link_name: "fingertip", probe_local_pos: [[0.0, 0.0, 0.0], [0.004, 0.001, 0.0]] });
tx.read(tip);
plot_forces(tx, "forces.svg");
plot_forces(tx, "forces_iso.svg", #{ views: ["isometric"], arrows: true, title: "tip" });
save("out.json", #{ done: true });
"""

PLOTS = ["polygon.svg", "hull.svg", "map.svg", "map.png", "boundary.svg", "outputs.svg",
         "outputs_all.svg", "sensors.svg", "sensors_top.svg", "forces.svg", "forces_iso.svg"]


def test_plots_write_the_scripts_bytes(tmp_path, monkeypatch):
    run_rhai(tmp_path, PLOT_SCRIPT, model=SOLO12)
    py = tmp_path / "py"
    py.mkdir()
    monkeypatch.chdir(py)          # plot paths are relative to the working folder
    left, right = two_feet()
    st = morsel.stance({"com": [0.01, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    morsel.plot_polygon("polygon.svg", st)
    st.plot_polygon("hull.svg", morsel.static_polygon(st, "hull"))
    solo = morsel.urdf(SOLO12)
    cs = morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                         "ranges": [[-math.pi, math.pi], [-2.0, 2.5]],
                                         "pairs": [["base_link", "FL_UPPER_LEG"]]})
    m = morsel.grid(cs, [9, 7], {"distance": True})
    morsel.plot_map("map.svg", m)
    morsel.plot_map(py / "map.png", m)
    morsel.plot_map("boundary.svg", morsel.boundary(cs, 12, {"seed": 2, "precision": 1e-6}))
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0.0, 0.0, 0.0]))
    sc.add_body("ball", morsel.sphere(0.02), morsel.pose([0.003, -0.002, 0.0295]))
    t = morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": "force_vector_global"})
    t.observe()
    morsel.plot_outputs(t, "outputs.svg")
    t.plot_outputs("outputs_all.svg", {"title": "pad", "views": ["top", "side"], "arrows": True},
                   bodies=["pad"])
    morsel.plot_sensors(t, "sensors.svg", "pad")
    t.plot_sensors("sensors_top.svg", "pad", views=["top", "front"])
    tip = fingertip(0.004)
    tx = morsel.taxels({"link_name": "fingertip", "probe_local_pos": [[0, 0, 0], [0.004, 0.001, 0]]})
    tx.read(tip)
    morsel.plot_forces(tx, "forces.svg")
    tx.plot_forces("forces_iso.svg", {"views": ["isometric"], "arrows": True, "title": "tip"})
    for name in PLOTS:
        a = (tmp_path / "out" / name).read_bytes()
        b = (py / name).read_bytes()
        assert len(a) > 200, name
        assert a == b, name
    text = (py / "polygon.svg").read_text()
    assert text.startswith("<svg") and "static-equilibrium polygon bretl" in text
    assert (py / "map.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plots_bad_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    left, right = two_feet()
    st = morsel.stance({"com": [0, 0, 0.8], "mass": 10.0, "contacts": [left, right]})
    with pytest.raises(morsel.MissingFileError):
        morsel.plot_polygon("no/such/folder/p.svg", st)
    with pytest.raises(morsel.WrongTypeError):
        morsel.plot_polygon("p.svg", left)
    with pytest.raises(morsel.WrongTypeError):
        morsel.plot_polygon(3, st)
    with pytest.raises(morsel.WrongTypeError):
        morsel.plot_map("m.svg", st)
    sc = fingertip(0.0)
    t = morsel.touch(sc, {"scales": {"block": 0.02}, "kind": "points"})
    with pytest.raises(morsel.InvalidValueError):
        morsel.plot_outputs(t, "o.svg", {"views": ["up"]})
    with pytest.raises(morsel.WrongTypeError):
        morsel.plot_outputs(t, "o.svg", {"views": "top"})
    with pytest.raises(morsel.UnknownNameError):
        morsel.plot_outputs(t, "o.svg", {"colour": "red"})
    with pytest.raises(morsel.MorselError):
        morsel.plot_sensors(t, "s.svg", "nobody")
    tx = morsel.taxels({"link_name": "fingertip"})
    with pytest.raises(morsel.InvalidValueError, match="read"):
        morsel.plot_forces(tx, "f.svg")              # never read
    with pytest.raises(morsel.WrongTypeError):
        morsel.plot_forces(t, "f.svg")
    assert not list(tmp_path.iterdir())               # nothing was written


def test_a_distributor_added_to_a_simulation_steps_every_tick():
    """add(sim, d): the distributor runs once per tick with the simulation's clock; with a
    fixed CoM acceleration each tick's forces sum to m (a - g) (Newton on the CoM, z up)."""
    left, right = two_feet()
    mass, acc = 38.0, np.array([0.2, 0.0, 0.0])
    st = morsel.stance({"com": [0.0, 0.0, 0.8], "mass": mass, "contacts": [left, right]})
    d = morsel.wrench_distributor(st, {"com_acceleration": list(acc)})
    sim = morsel.simulation({"dt": 0.01})
    morsel.add(sim, d)
    sim.run(0.05)
    assert d.ticks == 5
    t = morsel.table(d)
    np.testing.assert_allclose(t["time"], [0.01, 0.02, 0.03, 0.04, 0.05], atol=1e-12)
    for record in d.records:
        np.testing.assert_array_equal(record["com_acceleration"], acc)
    total = sum(np.asarray(w["world"])[:3] for w in d.last["wrenches"])
    np.testing.assert_allclose(total, mass * (acc + np.array([0.0, 0.0, 9.81])), atol=1e-6)
