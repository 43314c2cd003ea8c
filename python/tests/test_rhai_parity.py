"""Numbers through Python equal numbers through Rhai on the same inputs.

Each test runs a small script with the `morsel` binary (MORSEL_BIN, default
target/debug/morsel; skipped when it is not built), and the same calls through `import
morsel`, and compares the saved JSON with the Python results: both go through the same
domain crates, so the numbers must agree to the last bit (JSON keeps f64 exactly)."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import morsel
from conftest import MIMO_V1, REPO, ROBOTS

SOLO12 = ROBOTS / "solo12" / "solo12.urdf"


def morsel_bin():
    path = pathlib.Path(os.environ.get("MORSEL_BIN", REPO / "target" / "debug" / "morsel"))
    if not path.is_file():
        pytest.skip(f"no morsel binary at {path} (cargo build -p morsel-shell, or set MORSEL_BIN)")
    return path


def run_rhai(tmp_path, body, **paths):
    """Runs `body` (with @name@ placeholders for paths) and returns the saved out.json."""
    for k, v in paths.items():
        body = body.replace(f"@{k}@", os.path.relpath(v, tmp_path))
    script = tmp_path / "parity.rhai"
    script.write_text(body)
    out = tmp_path / "out"
    r = subprocess.run(
        [str(morsel_bin()), "run", str(script), "--out", str(out), "--root", "/"],
        capture_output=True, text=True, timeout=300,
    )
    assert r.returncode == 0, r.stderr
    return json.loads((out / "out.json").read_text())


FK_SCRIPT = """
let r = @loader@("@model@");
let f = fk(r, @q@);
let out = #{};
for k in f.keys() { out[k] = f[k].position + f[k].quaternion; }
save("out.json", #{ fk: out, com: com(r, @q@), mass: mass(r) });
"""


def python_fk(robot, q):
    return {k: np.concatenate([p.position, p.quaternion]) for k, p in morsel.fk(robot, q).items()}


def check_fk(rhai, robot, q):
    py = python_fk(robot, q)
    assert set(rhai["fk"]) == set(py)
    for k, v in rhai["fk"].items():
        np.testing.assert_array_equal(np.array(v), py[k], err_msg=k)
    np.testing.assert_array_equal(np.array(rhai["com"]), morsel.com(robot, q))
    assert rhai["mass"] == morsel.mass(robot)


def test_fk_solo12(tmp_path):
    q = {"FL_HAA": 0.1, "FL_HFE": 0.8, "FL_KFE": -1.6, "HR_HFE": -0.7, "HR_KFE": 1.4}
    rhai_q = "#{" + ", ".join(f"{k}: {v}" for k, v in q.items()) + "}"
    rhai = run_rhai(tmp_path, FK_SCRIPT.replace("@q@", rhai_q).replace("@loader@", "urdf"), model=SOLO12)
    check_fk(rhai, morsel.urdf(SOLO12), q)


def test_fk_mimo(tmp_path):
    q = {"robot:hip_lean1": 0.2, "robot:head_swivel": -0.5, "robot:right_elbow": -1.0}
    rhai_q = "#{" + ", ".join(f'"{k}": {v}' for k, v in q.items()) + "}"
    rhai = run_rhai(tmp_path, FK_SCRIPT.replace("@q@", rhai_q).replace("@loader@", "mjcf"), model=MIMO_V1)
    check_fk(rhai, morsel.mjcf(MIMO_V1), q)


def test_stance_polygon(tmp_path):
    rhai = run_rhai(tmp_path, """
let left  = contact(#{ shape: [0.11, 0.05], pos: [0.05, 0.15, 0.0], rpy: [0.1, 0.0, 0.2], friction: 0.7 });
let right = contact(#{ shape: [0.11, 0.05], pos: [0.0, -0.15, 0.02], friction: 0.6 });
let st = stance(#{ com: [0.01, 0.0, 0.8], mass: 38.0, contacts: [left, right] });
let out = #{};
for m in ["bretl", "hull", "cdd"] { out[m] = static_polygon(st, m); }
out.margin = com_margin(st);
out.distribution = distribute(st);
save("out.json", out);
""")
    left = morsel.contact({"shape": [0.11, 0.05], "pos": [0.05, 0.15, 0.0], "rpy": [0.1, 0.0, 0.2], "friction": 0.7})
    right = morsel.contact({"shape": [0.11, 0.05], "pos": [0.0, -0.15, 0.02], "friction": 0.6})
    st = morsel.stance({"com": [0.01, 0.0, 0.8], "mass": 38.0, "contacts": [left, right]})
    for m in ["bretl", "hull", "cdd"]:
        p = morsel.static_polygon(st, m)
        assert rhai[m]["status"] == p["status"] == "bounded"
        np.testing.assert_array_equal(np.array(rhai[m]["vertices"]), p["vertices"], err_msg=m)
        assert rhai[m]["area"] == p["area"]
    assert rhai["margin"] == morsel.com_margin(st)
    d = morsel.distribute(st)
    assert rhai["distribution"]["status"] == d["status"] == "solved"
    assert len(rhai["distribution"]["wrenches"]) == len(d["wrenches"]) == 2
    for a, b in zip(rhai["distribution"]["wrenches"], d["wrenches"]):
        np.testing.assert_array_equal(np.array(a["world"]), b["world"])
        assert a["normal_force"] == b["normal_force"]


def test_touch_observation(tmp_path):
    rhai = run_rhai(tmp_path, """
let sc = scene();
sc.add_body("pad", box(0.05, 0.05, 0.01), pose([0.0, 0.0, 0.0]));
sc.add_body("ball", sphere(0.02), pose([0.003, -0.002, 0.0295]));
let out = #{};
for f in ["force_vector", "force_vector_global", "normal"] {
    let t = touch(sc, #{ scales: #{ pad: 0.01 }, touch_function: f, response_function: "spread_linear", kind: "mesh", mimo_quirks: false });
    out[f] = t.observe();
}
let t = touch(sc, #{ scales: #{ pad: 0.008 }, kind: "points", response_function: "nearest" });
out.given = t.observe([#{ body_a: "ball", body_b: "pad", position: [0.01, 0.0, 0.01],
                         normal: [0.0, 0.0, -1.0], depth: 0.001, force: [0.3, -0.1, -2.0] }]);
save("out.json", out);
""")
    sc = morsel.scene()
    sc.add_body("pad", morsel.box(0.05, 0.05, 0.01), morsel.pose([0.0, 0.0, 0.0]))
    sc.add_body("ball", morsel.sphere(0.02), morsel.pose([0.003, -0.002, 0.0295]))
    for f in ["force_vector", "force_vector_global", "normal"]:
        t = morsel.touch(sc, {"scales": {"pad": 0.01}, "touch_function": f,
                              "response_function": "spread_linear", "kind": "mesh",
                              "mimo_quirks": False})
        out = t.observe()
        assert np.abs(out).sum() > 0
        np.testing.assert_array_equal(np.array(rhai[f]), out, err_msg=f)
    t = morsel.touch(sc, {"scales": {"pad": 0.008}, "kind": "points", "response_function": "nearest"})
    out = t.observe({"body_a": ["ball"], "body_b": ["pad"], "position": [[0.01, 0.0, 0.01]],
                     "normal": [[0.0, 0.0, -1.0]], "depth": [0.001], "force": [[0.3, -0.1, -2.0]]})
    np.testing.assert_array_equal(np.array(rhai["given"]), out)


def test_jointspace_grid(tmp_path):
    rhai = run_rhai(tmp_path, """
let solo = urdf("@model@");
let cs = collision_sampler(solo, #{ joints: ["FL_HAA", "FL_HFE"], ranges: [[-PI(), PI()], [-2.0, 2.5]],
                                    pairs: [["base_link", "FL_UPPER_LEG"]] });
let map = cs.grid([9, 7], #{ distance: true, zero_in_collision: true });
let rnd = cs.random(40, #{ seed: 3, distance: false });
let b = cs.boundary(12, #{ seed: 2, precision: 1e-6 });
let js = map.to_jointspace(b);
save("out.json", #{ rows: map.rows, quantity: map.quantity, random: rnd.rows, boundary: b.points,
                    jointspace: js.rows });
""", model=SOLO12)
    solo = morsel.urdf(SOLO12)
    cs = morsel.collision_sampler(solo, {"joints": ["FL_HAA", "FL_HFE"],
                                         "ranges": [[-np.pi, np.pi], [-2.0, 2.5]],
                                         "pairs": [["base_link", "FL_UPPER_LEG"]]})
    m = morsel.grid(cs, [9, 7], {"distance": True, "zero_in_collision": True})
    assert m.rows.shape == (63, 3) and len(m) == 63
    assert (m.rows[:, 2] == 0).any() and (m.rows[:, 2] > 0).any()
    np.testing.assert_array_equal(np.array(rhai["rows"]), m.rows)
    assert rhai["quantity"] == m.quantity
    rnd = morsel.random(cs, 40, {"seed": 3, "distance": False})
    np.testing.assert_array_equal(np.array(rhai["random"]), rnd.rows)
    assert set(np.unique(rnd.rows[:, 2])) <= {0.0, 1.0}
    b = morsel.boundary(cs, 12, seed=2, precision=1e-6)
    assert len(b) == 12 and b.points.shape == (12, 2)
    np.testing.assert_array_equal(np.array(rhai["boundary"]), b.points)
    js = morsel.to_jointspace(m, b)
    np.testing.assert_array_equal(np.array(rhai["jointspace"]), js.rows)
    # colliding samples get negative joint-space distances, free ones positive
    assert ((js.rows[:, 2] < 0) == (m.rows[:, 2] == 0)).all()
