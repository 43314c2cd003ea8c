"""Kinematic taxels from Python: taxels, taxel_skin, read, read_ground_truth, read_batch, reset.

Closed forms (Genesis's probe law F = k·(gain·pen)^α along the surface normal, probe radius
0.01 m) and bit-for-bit parity with the `morsel` binary on the same scene."""

import numpy as np
import pytest

import morsel
from test_rhai_parity import run_rhai


def fingertip(z=0.0):
    """A bodiless 'fingertip' at height z over a 0.1 m box whose top face is z = 0."""
    sc = morsel.scene()
    sc.add_body("fingertip", {"pose": morsel.pose([0, 0, z])})
    sc.add_body("block", {"colliders": [[morsel.box(0.1, 0.1, 0.05), morsel.pose([0, 0, -0.05])]]})
    return sc


def test_force_is_stiffness_times_depth():
    sc = fingertip()
    t = morsel.taxels({"link_name": "fingertip", "normal_stiffness": 1000.0,
                       "probe_local_pos": [[0, 0, 0], [0.005, 0, 0], [-0.005, 0, 0]]})
    assert t.num_probes == 3 and t.probes.shape == (3, 3)
    r = t.read(sc)
    # probes of radius 0.01 centred on the surface sink 0.01 m: k·0.01 = 10 N along +z
    assert r["force"].shape == (3, 3)
    np.testing.assert_allclose(r["force"], [[0, 0, 10.0]] * 3, atol=1e-9)
    assert r["raw"] is r["force"] or np.array_equal(r["raw"], r["force"])
    # torque = p × F about the link origin: (0.005, 0, 0) × (0, 0, 10) = (0, -0.05, 0)
    np.testing.assert_allclose(r["torque"][1], [0, -0.05, 0], atol=1e-12)
    sc.set_pose("fingertip", morsel.pose([0, 0, 0.004]))
    np.testing.assert_allclose(morsel.read(t, sc)["force"], [[0, 0, 6.0]] * 3, atol=1e-9)


def test_measured_branch_ground_truth_delay_and_reset():
    sc = fingertip(0.006)
    t = morsel.taxels(link_name="fingertip", probe_gain=1.5, normal_exponent=1.5)
    # measured pen = 1.5 × (0.01 − 0.006); ground truth pen = 0.004
    assert t.read(sc)["force"][0, 2] == pytest.approx(1000 * 0.006 ** 1.5, rel=1e-12)
    assert t.read_ground_truth(sc)["force"][0, 2] == pytest.approx(1000 * 0.004 ** 1.5, rel=1e-12)
    d = morsel.taxels({"link_name": "fingertip", "delay": 1, "history_length": 2})
    first = d.read(sc)["force"]
    assert first.shape == (2, 1, 3) and not first.any()       # the delay line starts empty
    second = d.read(sc)["force"]
    assert second[0, 0, 2] == pytest.approx(4.0, abs=1e-12)   # 1000 × 0.004, one step late
    d.reset()
    assert not d.read(sc)["force"].any()


def test_read_batch_has_an_env_axis():
    scenes = [fingertip(0.0), fingertip(0.004), fingertip(0.02)]
    t = morsel.taxels({"link_name": "fingertip"})
    r = morsel.read_batch(t, scenes)
    assert r["force"].shape == (3, 1, 3)
    np.testing.assert_allclose(r["force"][:, 0, 2], [10.0, 6.0, 0.0], atol=1e-9)


def test_read_batch_refuses_results_above_the_batch_limit():
    # 40 scenes × 1 probe × 2^20 history steps × 4 or 6 values of f64 = 1.25 or 1.9 GiB, above
    # the 1 GiB limit of fk_batch's: refused before anything is read, for every taxel sensor.
    opts = {"link_name": "fingertip", "probe_local_pos": [[0, 0, 0]], "history_length": 1 << 20}
    many = [fingertip()] * 40
    for make in (morsel.taxels, morsel.taxel_contacts, morsel.taxel_depths):
        with pytest.raises(ValueError, match="above the 1 GiB limit of a batch result"):
            make(opts).read_batch(many)
    assert morsel.taxels({"link_name": "fingertip"}).read_batch(many)["force"].shape == (40, 1, 3)


def test_skin_covers_a_box_with_outward_normals():
    sc = morsel.scene()
    sc.add_body("cube", morsel.box(0.05, 0.05, 0.05), morsel.pose([0, 0, 0]))
    t = morsel.taxel_skin(sc, {"body": "cube", "spacing": 0.02})
    m = t.to_map()
    assert m["link_name"] == "cube" and t.num_probes > 6
    p, n = m["probe_local_pos"], m["probe_normals"]
    # every probe lies on the cube's surface (max |coordinate| = 0.05) and its normal points out
    np.testing.assert_allclose(np.abs(p).max(axis=1), 0.05, atol=1e-12)
    assert (np.einsum("ij,ij->i", p, n) > 0).all()


SCRIPT = """
let sc = scene();
sc.add_body("fingertip", #{ pose: pose([0, 0, 0.003]) });
sc.add_body("block", #{ colliders: [[box(0.1, 0.1, 0.05), pose([0, 0, -0.05])]] });
sc.set_velocity("block", [0.1, 0.2, 0], [0, 0, 0.5]);
let t = taxels(#{ link_name: "fingertip", probe_local_pos: [[0, 0, 0], [0.004, 0.001, 0]],
                  normal_exponent: 1.5, noise: 0.01, seed: 7, history_length: 2 });
let a = t.read(sc);
let b = t.read(sc);
let g = t.read_ground_truth(sc);
save("out.json", #{ a: a.force, b: b.force, bt: b.torque, g: g.force });
"""


def test_numbers_equal_the_binary(tmp_path):
    rhai = run_rhai(tmp_path, SCRIPT)
    sc = fingertip(0.003)
    sc.set_velocity("block", [0.1, 0.2, 0], [0, 0, 0.5])
    t = morsel.taxels({"link_name": "fingertip", "probe_local_pos": [[0, 0, 0], [0.004, 0.001, 0]],
                       "normal_exponent": 1.5, "noise": 0.01, "seed": 7, "history_length": 2})
    a, b, g = t.read(sc), t.read(sc), t.read_ground_truth(sc)
    assert np.array_equal(np.array(rhai["a"]), a["force"])
    assert np.array_equal(np.array(rhai["b"]), b["force"])
    assert np.array_equal(np.array(rhai["bt"]), b["torque"])
    assert np.array_equal(np.array(rhai["g"]), g["force"])
    assert b["force"][0, 0, 2] != g["force"][0, 0, 2]   # the noise is really on


@pytest.mark.parametrize("options, error", [
    ({}, morsel.InvalidValueError),                                        # no link_name
    ({"link_name": "fingertip", "probe_radius": -1.0}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "normal_stiffness": float("nan")}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "probe_local_pos": [[0, 0]]}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "history_length": -1}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "delay": 1.5}, morsel.WrongTypeError),
    ({"link_name": "fingertip", "contact_depth_query": "guess"}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "stiffness": 1.0}, morsel.UnknownNameError),  # Genesis says normal_stiffness
    ({"link_name": "fingertip", "history_length": 10**7}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "history_length": 10**30}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "normal_stiffness": -1.0}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "normal_exponent": 0.9}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "noise": -0.1}, morsel.InvalidValueError),
    ({"link_name": "fingertip", "probe_radius_noise": -0.001}, morsel.InvalidValueError),
])
def test_bad_options_raise(options, error):
    with pytest.raises(error):
        morsel.taxels(options)


@pytest.mark.parametrize("option, value", [
    ("normal_stiffness", -1.0), ("normal_exponent", 0.9), ("noise", -0.1),
    ("probe_radius_noise", -0.001), ("history_length", 10**7),
])
def test_bad_numbers_name_the_option(option, value):
    """The error names the option, for taxels() and for taxel_skin()."""
    with pytest.raises(morsel.InvalidValueError, match=option):
        morsel.taxels({"link_name": "fingertip", option: value})
    with pytest.raises(morsel.InvalidValueError, match=option):
        morsel.taxel_skin(fingertip(), {"body": "block", "spacing": 0.02, option: value})


def test_unknown_option_names_raise():
    with pytest.raises(morsel.UnknownNameError, match="stiffness"):
        morsel.taxels({"link_name": "fingertip", "stiffness": 1.0})
    with pytest.raises(morsel.UnknownNameError, match="radius"):
        morsel.taxel_skin(fingertip(), {"body": "block", "spacing": 0.02, "radius": 0.001})


def test_bad_scenes_raise():
    t = morsel.taxels({"link_name": "nowhere"})
    with pytest.raises(morsel.UnknownNameError):
        t.read(fingertip())
    with pytest.raises(morsel.WrongTypeError):
        morsel.taxels({"link_name": "fingertip"}).read("scene")
    with pytest.raises(morsel.InvalidValueError):
        morsel.taxels({"link_name": "fingertip"}).read_batch([])
    with pytest.raises(morsel.WrongTypeError):
        morsel.taxels({"link_name": "fingertip"}).read_batch([fingertip(), 3])
    with pytest.raises(morsel.UnknownNameError):
        morsel.taxel_skin(fingertip(), {"body": "nobody", "spacing": 0.01})
    with pytest.raises(morsel.InvalidValueError):
        morsel.taxel_skin(fingertip(), {"body": "block", "spacing": 0.0})


def test_a_simulation_records_the_taxels_forces(tmp_path):
    """sim.record(taxels, scene): a row now and one after every step, the time then each
    probe's force; k·depth along +z (k = 1000 N/m, probe radius 0.01 m)."""
    sc = fingertip(0.004)
    t = morsel.taxels({"link_name": "fingertip", "probe_local_pos": [[0, 0, 0], [0.005, 0, 0]]})
    sim = morsel.simulation({"dt": 0.01})
    rec = sim.record(t, sc)
    assert isinstance(rec, morsel.TaxelRecorder) and len(rec) == 1
    sc.set_pose("fingertip", morsel.pose([0, 0, 0.002]))
    sim.step()
    sc.set_pose("fingertip", morsel.pose([0, 0, 0.02]))
    morsel.step(sim)
    assert rec.columns == ["time"] + [f"probe{i}.{c}" for i in range(2) for c in ("fx", "fy", "fz")]
    np.testing.assert_allclose(rec.rows[:, 0], [0.0, 0.01, 0.02], atol=1e-12)
    np.testing.assert_allclose(rec.rows[:, 3], [6.0, 8.0, 0.0], atol=1e-9)
    np.testing.assert_allclose(rec.rows[:, 6], [6.0, 8.0, 0.0], atol=1e-9)
    np.testing.assert_array_equal(morsel.to_map(rec)["probe1.fz"], rec.rows[:, 6])
    rec.save(tmp_path / "r.csv")
    lines = (tmp_path / "r.csv").read_text().splitlines()
    assert lines[0] == ",".join(rec.columns) and len(lines) == 4
    assert repr(rec) == "TaxelRecorder(2 probes, 3 rows)"
    with pytest.raises(morsel.WrongTypeError, match="give the scene"):
        sim.record(t)
    with pytest.raises(morsel.WrongTypeError, match=r"`scene` of record\(\)"):
        sim.record(t, 5)
    with pytest.raises(morsel.WrongTypeError, match=r"`path` of save\(\)"):
        rec.save(5)
    with pytest.raises(morsel.InvalidValueError, match="extension"):
        rec.save(tmp_path / "r.txt")
